"""Long names (up to 32 characters), shared places and long messages fit where they are
drawn on the statistics screens: cut short with "…" or wrapped, never over another text
(a column, a button, a picker's arrows) nor off the window, at the smallest window and a
large one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult, Store
from game.ui import launch
from game.ui.history_scene import HistoryScene
from game.ui.options import SettingsScreen
from game.ui.profiles_scene import MergeDialog, ProfilesScene
from game.ui.rankings_scene import RankingsScene
from game.ui.scene import Scene, SceneStack
from game.ui.stats_scene import StatsScene, clear_cache
from tests.ui.textkit import drawn_texts, outside, overlaps

SIZES = [(960, 600), (1920, 1080)]
LONG = ["Wojciech Szczęsny-Brzęczyszczyk", "Jean-Baptiste Émile Lefèvre", "W" * 32]


def _round(n: int, preset: str, *seats: SeatResult) -> GameRecord:
    start = 1_800_000_000 + n * 3600
    return GameRecord(preset, "t", start, start + 60 + n, seats, preset == "classic")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    launch._fallback.clear()
    clear_cache()
    opened = Store.open()
    for n in range(24):
        people = (LONG[n % 3], LONG[(n + 1) % 3])
        places = (1 + n % 3, 1 + (n + 1) % 3, 1 + (n + 2) % 3)
        opened.record_game(
            _round(
                n,
                "polish",
                SeatResult(0, people[0], False, None, places[0]),
                SeatResult(1, people[1], False, None, places[1]),
                SeatResult(2, "", True, "medium", places[2], seat_name="Cleo"),
            )
        )
    # Zoë shares 2nd place, once of four and once (last) of ten; Ana has a provisional rating.
    bots = [SeatResult(s, "", True, "easy", p, seat_name="Ada") for s, p in ((1, 1), (2, 2))]
    zoe, ana = SeatResult(0, "Zoë", False, None, 2), SeatResult(3, "Ana", False, None, 4)
    opened.record_game(_round(30, "classic", zoe, *bots, ana))
    ten = [
        SeatResult(s, "", True, "hard", 10 if s == 9 else s, seat_name="Ben") for s in range(1, 10)
    ]
    opened.record_game(_round(31, "classic", SeatResult(0, "Zoë", False, None, 10), *ten))
    # Two Tel Aviv matches of the long names: one played to 500, one given up.
    for n, status, totals in ((40, "finished", (120, 505, 35)), (41, "abandoned", (60, 0, 25))):
        people = [SeatResult(s, LONG[s], False, None, 1 + s) for s in range(3)]
        seats = tuple(
            MatchSeat(s, LONG[s], False, None, t, 1 + sum(o < t for o in totals), t == 35)
            for s, t in enumerate(totals)
        )
        start = 1_800_000_000 + n * 3600
        match = MatchRecord(f"m{n}", "tel_aviv", "t", 500, start, start + 60, 4, seats, status)
        opened.record_game(replace(_round(n, "tel_aviv", *people), is_match=True, match=match))
    yield opened
    opened.close()


def _texts_fit(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], *scenes: Scene
) -> list[tuple[str, pygame.Rect]]:
    """The words of the top scene of ``scenes`` (a dialog over a screen), checked to fit."""
    stack = SceneStack(None, size)
    for scene in scenes:
        stack.push(scene)
    stack.update(1 / 60)
    drawn = drawn_texts(monkeypatch, stack, size, top_only=True)
    assert overlaps(drawn) == []
    assert outside(drawn, size) == []
    return drawn


SCREENS: dict[str, Callable[[Store], Scene]] = {
    "rankings": lambda store: RankingsScene(store),
    "profiles": lambda store: ProfilesScene(store),
    "history": lambda store: HistoryScene(store, LONG[2]),
    "history of shared places": lambda store: HistoryScene(store, "Zoë"),
    "statistics": lambda store: StatsScene(store, LONG[2]),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_long_names_never_run_over_other_words(
    store: Store, monkeypatch: pytest.MonkeyPatch, screen: str, size: tuple[int, int]
) -> None:
    pygame.display.init()
    drawn = _texts_fit(monkeypatch, size, SCREENS[screen](store))
    if screen == "history of shared places":
        words = [w for w, _ in drawn]
        assert "2nd of 4" in words or "2nd (shared) of 4" in words
        assert "10th of 10" in words or "10th (shared) of 10" in words


@pytest.mark.parametrize("size", SIZES)
def test_panel_titles_stay_inside_their_panels(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    pygame.display.init()
    scene = RankingsScene(store)
    drawn = _texts_fit(monkeypatch, size, scene)
    board, fast = scene._boxes()
    titles = [(w, r) for w, r in drawn if w.startswith(("Leaderboard", "Fastest wins"))]
    assert len(titles) == 2
    for words, rect in titles:
        assert (board if words.startswith("Leaderboard") else fast).contains(rect)


@pytest.mark.parametrize("size", SIZES)
def test_the_merge_dialog_and_its_refusal_fit(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    pygame.display.init()
    profiles = ProfilesScene(store)
    dialog = MergeDialog(LONG[2], [LONG[0], LONG[1]])
    drawn = _texts_fit(monkeypatch, size, profiles, dialog)
    assert any(w.startswith("Merge W") and w.endswith("into…") for w, _ in drawn)
    problem = profiles._attempt(lambda: store.merge_profiles(LONG[2], LONG[0]))
    assert problem is not None and "cannot be merged" in problem
    profiles._say(problem, error=True)
    drawn = _texts_fit(monkeypatch, size, profiles)
    said = " ".join(w for w, r in drawn if r.top >= profiles._list_box().bottom)
    assert "cannot be merged" in said  # all of it, wrapped, beside Back


@pytest.mark.parametrize("size", SIZES)
def test_an_export_names_every_file_in_full(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], tmp_path: Path
) -> None:
    pygame.display.init()
    folder = tmp_path / "a folder with a rather long name" / "and_another_one_inside_it_too"
    folder.mkdir(parents=True)
    scene = StatsScene(store, LONG[0], export_dir=folder)
    assert scene.export(".csv")
    job = scene.export_job
    assert job is not None
    job.wait()
    scene.update(0)
    written = scene.exported
    assert len(written) == 3
    drawn = _texts_fit(monkeypatch, size, scene)
    said = "".join(w for w, r in drawn if r.top >= scene._layout()[2].bottom)
    for path in written:
        assert path.name in said.replace(" ", "")


@pytest.mark.parametrize("size", SIZES)
def test_a_settings_problem_with_a_long_folder_fits_in_the_panel(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], tmp_path: Path
) -> None:
    from game.store.paths import StoreUnavailable

    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    launch._fallback.clear()
    folder = "/home/Użytkownik Łukasz/.config/Macau/" + "a_long_folder_name/" * 6

    def refuse(*_: object, **__: object) -> None:
        raise StoreUnavailable(f"Macau could not save settings.json in {folder} (read-only).")

    monkeypatch.setattr("game.store.settings.Settings.save", refuse)
    pygame.display.init()
    settings = SettingsScreen()
    settings.set(volume=0.5)  # refused; the sentence says why
    assert "(read-only): this change lasts until you quit." in settings.problem
    drawn = _texts_fit(monkeypatch, size, settings)
    said = " ".join(w for w, r in drawn if settings.panel.contains(r))
    assert "(read-only):" in said and "this change lasts until you quit." in said


@pytest.mark.parametrize("size", SIZES)
def test_a_name_merged_away_is_explained_inside_the_rename_dialog(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    from game.ui.profiles_scene import NameDialog

    pygame.display.init()
    store.create_profile("Zoe")
    store.merge_profiles("Zoe", "Zoë")
    profiles = ProfilesScene(store)
    dialog = NameDialog(
        f"Rename {LONG[0]}",
        lambda n: profiles._attempt(lambda: store.rename_profile(LONG[0], n)),
        text="Zoe",
    )
    dialog.accept()
    drawn = _texts_fit(monkeypatch, size, profiles, dialog)
    said = " ".join(w for w, r in drawn if dialog.panel.contains(r))
    assert "Zoe is an earlier name of Zoë" in said and "a new profile can take the name." in said


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (2560, 1440)])
def test_a_long_figure_stays_inside_its_tile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    # Custom rules played most: "Custom rules" is the favourite, the widest figure a tile has.
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    clear_cache()
    with Store.open() as store:
        for n in range(3):
            seats = (
                SeatResult(0, "Ania", False, None, 1 + n % 2),
                SeatResult(1, "", True, "easy", 2 - n % 2, seat_name="Ada"),
            )
            store.record_game(_round(n, "custom", *seats))
        pygame.display.init()
        scene = StatsScene(store, "Ania")
        drawn = _texts_fit(monkeypatch, size, scene)
        box = scene._layout()[0]
        # (The tile's figure, the largest words so named: a smaller line names it too.)
        favourite = max(
            (r for w, r in drawn if w.startswith("Custom rules") and box.collidepoint(r.topleft)),
            key=lambda r: r.h,
        )
        assert box.contains(favourite), (favourite, box)


def test_a_large_window_shows_long_names_whole_in_the_profiles_list(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.display.init()
    # (Thirty-two Ws, the widest letter, are still cut: the list keeps room for its columns.)
    words = {w for w, _ in _texts_fit(monkeypatch, (1920, 1080), ProfilesScene(store))}
    assert set(LONG[:2]) <= words


@pytest.mark.parametrize(
    "twins",
    [
        ["Maximilian Wolfgang Oberhammer A", "Maximilian Wolfgang Oberhammer B"],  # the end
        ["Anna Maria Konstantynopolitańska", "Anna Zofia Konstantynopolitańska"],  # the middle
    ],
)
def test_two_long_names_that_differ_at_one_end_are_told_apart_when_cut(
    store: Store, monkeypatch: pytest.MonkeyPatch, twins: list[str]
) -> None:
    # Cut alike they read alike, and the merge the picker chooses for cannot be undone.
    for n, (first, second) in enumerate((twins, twins[::-1])):
        seats = (
            SeatResult(0, first, False, None, 1),
            SeatResult(1, second, False, None, 2),
            SeatResult(2, "Dora", False, None, 3),
        )
        store.record_game(_round(50 + n, "polish", *seats))
    pygame.display.init()
    size = (960, 600)

    def shown(*scenes: Scene) -> list[str]:
        drawn = [w for w, _ in _texts_fit(monkeypatch, size, *scenes)]
        return [w for w in drawn if w[:3] == twins[0][:3]]

    listed = shown(ProfilesScene(store))
    assert len(listed) == 2 and len(set(listed)) == 2
    dialog = MergeDialog("Dora", twins)
    picked = shown(ProfilesScene(store), dialog)
    dialog.target.step(1)
    picked += shown(ProfilesScene(store), dialog)
    assert len(set(picked)) == 2
    ranked = shown(RankingsScene(store))
    assert len(ranked) >= 2 and len(set(ranked)) == len(ranked)


@pytest.mark.parametrize("size", SIZES)
def test_the_rankings_scope_names_a_saved_rule_set_whole(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    # The picker was 250 pixels wide whatever it held: "Custom: Wakacje 2024" read
    # "Custom: Wakacje 20…", as "Wakacje 2025" would, with room beside it.
    people = [SeatResult(s, LONG[s], False, None, 1 + s) for s in range(2)]
    for n, label in enumerate(("Wakacje 2024", "Wakacje 2025")):
        rec = replace(_round(50 + n, "polish", *people), rules_label=label)
        store.record_game(replace(rec, preset="custom"))
    pygame.display.init()
    scene = RankingsScene(store)
    scene.scope_picker.index = scene.scopes.index(("custom", "Wakacje 2024"))
    scene.refresh()
    drawn = _texts_fit(monkeypatch, size, scene)
    shown = [w for w, r in drawn if scene.scope_picker.rect.contains(r)]
    assert "Custom: Wakacje 2024" in shown
