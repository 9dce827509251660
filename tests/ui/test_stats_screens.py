"""The statistics, rankings and profiles screens on a seeded database, driven by real
pygame events and drawn headless."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game.store import Store
from game.ui.history_scene import HistoryScene
from game.ui.profiles_scene import MergeDialog, NameDialog, ProfilesScene
from game.ui.rankings_scene import PROVISIONAL_GAMES, RankingsScene
from game.ui.records import format_duration
from game.ui.scene import SceneStack
from game.ui.stats_scene import StatsScene, clear_cache, export_folder
from tests.ui.statskit import SIZE, play_matches, seed
from tests.ui.textkit import drawn_texts, outside, overlaps


def key(stack: SceneStack, k: int, unicode: str = "") -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode))


def click(stack: SceneStack, pos: tuple[int, int]) -> None:
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def type_text(stack: SceneStack, text: str) -> None:
    stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def frame(stack: SceneStack, screen: pygame.Surface) -> None:
    stack.update(1 / 60)
    stack.draw(screen)


def until_exported(stack: SceneStack, scene: StatsScene, screen: pygame.Surface) -> None:
    """Frames until the running export has ended and the screen said so."""
    job = scene.export_job
    assert job is not None
    job.wait()
    frame(stack, screen)
    assert scene.export_job is None


def until_merged(stack: SceneStack, scene: ProfilesScene, screen: pygame.Surface) -> None:
    """Frames until the running merge has ended and the screen said so."""
    if scene.merging is not None:
        scene.merging.wait()
    frame(stack, screen)
    assert scene.merging is None


def tiles(scene: StatsScene) -> dict[str, str]:
    return {t.label: t.value for t in scene.tiles}


def test_statistics_show_the_profile_figures(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania"))
    frame(stack, screen)
    stats = store.profile_stats("Ania")
    shown = tiles(scene)
    assert shown["Rounds"] == "60" and shown["Wins"] == str(stats.wins)
    assert shown["Win rate"] == f"{stats.win_rate:.1%}"
    assert shown["Average place"] == f"{stats.avg_place:.2f}"
    assert stats.fastest_win is not None
    assert shown["Fastest win"] == format_duration(stats.fastest_win.duration_s)
    assert shown["Longest win streak"] == str(stats.longest_win_streak)
    assert shown["Biggest stack taken"] == f"{stats.biggest_stack} cards"
    assert shown["Points per round"] == f"{stats.points_per_round:.1f}"
    assert set(scene.bot_ratings) == {"easy", "hard"}  # the reference lines
    win_chart, rating_chart = scene.charts()
    assert win_chart.get_width() > 300 and rating_chart.get_height() > 100


def test_statistics_filter_by_preset_and_player(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania"))
    key(stack, pygame.K_DOWN)  # All presets -> polish
    frame(stack, screen)
    assert scene.preset == "polish"
    polish = store.profile_stats("Ania", "polish")
    assert tiles(scene)["Rounds"] == str(polish.games) == "20"
    assert tiles(scene)["Points per round"] == "—"
    click(stack, (scene.player.rect.right - 10, scene.player.rect.centery))
    frame(stack, screen)
    assert scene.profile == "Béla"
    assert tiles(scene)["Rounds"] == str(store.profile_stats("Béla", "polish").games)


def test_screens_survive_a_restart(store: Store, screen: pygame.Surface, tmp_path: Path) -> None:
    before = tiles(StatsScene(store, "Béla"))
    board = [(r.profile, r.mu) for r in store.leaderboard()]
    store.close()
    clear_cache()
    with Store.open() as again:
        stack = SceneStack(None, SIZE)
        stats = stack.push(StatsScene(again, "Béla"))
        frame(stack, screen)
        assert tiles(stats) == before
        rankings = stack.push(RankingsScene(again))
        frame(stack, screen)
        assert [(r.profile, r.mu) for r in rankings.rows] == board


def test_rankings_sort_by_conservative_rating_and_mark_the_provisional(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(RankingsScene(store))
    frame(stack, screen)
    names = [r.profile for r in scene.rows]
    assert set(names) == {"Ania", "Béla", "Csilla", "Bot · easy", "Bot · hard"}
    values = [r.conservative for r in scene.rows]
    assert values == sorted(values, reverse=True)
    csilla = next(r for r in scene.rows if r.profile == "Csilla")
    assert csilla.games < PROVISIONAL_GAMES and scene.provisional(csilla)
    durations = [w.duration_s for w in scene.fastest]
    assert durations == sorted(durations) and len(durations) == 10
    key(stack, pygame.K_RIGHT)  # Overall -> polish
    frame(stack, screen)
    assert scene.scope == "polish"
    assert {w.preset for w in scene.fastest} == {"polish"}
    assert [r.profile for r in scene.rows] == [r.profile for r in store.leaderboard("polish")]


def test_the_readme_says_where_the_screens_exports_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    documents = tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.delenv("MACAU_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(documents))
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    assert export_folder() == documents
    documents.rmdir()
    assert export_folder() == tmp_path  # no Documents folder: the home folder
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "portable"))
    assert export_folder() == tmp_path / "portable" / "data"
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text("utf-8").split())
    told = readme[readme.index("Export JSON (J) on the statistics screen") :].split("Rankings")[0]
    assert "your Documents folder" in told and "your home folder where there is none" in told
    assert "with `MACAU_HOME` set, its `data` folder" in told


def test_export_writes_csv_and_json(store: Store, screen: pygame.Surface, tmp_path: Path) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path))
    key(stack, pygame.K_c)
    assert scene.message.startswith("Exporting macau-statistics_")
    until_exported(stack, scene, screen)
    written = sorted(tmp_path.glob("macau-statistics_*.csv"))
    assert len(written) == 3  # the rounds, the players' statistics and the points matches
    rounds, matches, stats = (p.name for p in written)  # (sorted by name)
    assert scene.message == f"Exported {rounds}, {stats} and {matches} to {tmp_path}"
    click(stack, scene.buttons[1].rect.center)  # Export JSON
    until_exported(stack, scene, screen)
    assert len(list(tmp_path.glob("macau-statistics_*.json"))) == 1
    frame(stack, screen)
    assert not scene.message_is_error


def test_a_store_problem_is_shown_in_words(store: Store, screen: pygame.Surface) -> None:
    store.read_only = True
    store.problem = "Macau cannot record games any more (disk full)."
    stack = SceneStack(None, SIZE)
    stack.push(StatsScene(store, "Ania"))
    frame(stack, screen)
    profiles = stack.push(ProfilesScene(store))
    frame(stack, screen)
    assert not profiles.new_button.enabled


def _merge(
    stack: SceneStack, scene: ProfilesScene, source: str, target: str, screen: pygame.Surface
) -> None:
    """Pick ``source`` in the list, M, arrows to ``target``, Enter."""
    click(stack, scene.row_rect([p.name for p in scene.profiles].index(source)).center)
    key(stack, pygame.K_m, "m")
    merge = stack.top
    assert isinstance(merge, MergeDialog)
    while merge.chosen != target:
        key(stack, pygame.K_RIGHT)
    frame(stack, screen)
    key(stack, pygame.K_RETURN)
    until_merged(stack, scene, screen)


def test_profiles_create_rename_and_merge_through_events(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania"))
    key(stack, pygame.K_p)
    scene = stack.top
    assert isinstance(scene, ProfilesScene)
    key(stack, pygame.K_n, "n")
    assert isinstance(stack.top, NameDialog)
    type_text(stack, "Zofia")
    key(stack, pygame.K_RETURN)
    assert store.profile("Zofia") is not None and scene.current.name == "Zofia"
    # Renaming to a taken name keeps the dialog open with the store's reason.
    key(stack, pygame.K_F2)
    for _ in "Zofia":
        key(stack, pygame.K_BACKSPACE)
    type_text(stack, "Ania")
    key(stack, pygame.K_RETURN)
    dialog = stack.top
    assert isinstance(dialog, NameDialog) and "already exists" in dialog.error
    frame(stack, screen)
    for _ in "Ania":
        key(stack, pygame.K_BACKSPACE)
    type_text(stack, "Zosia")
    click(stack, dialog.buttons[1].rect.center)  # OK
    assert stack.top is scene and store.profile("Zosia") is not None
    # Béla played at Ania's table: two people, so merging them is refused with the reason.
    _merge(stack, scene, "Béla", "Ania", screen)
    assert stack.top is scene and "played at the same table in 57 rounds" in scene.message
    assert "Béla" in [p.name for p in store.profiles()]
    games = store.profile_stats("Ania").games
    # Zosia (no rounds yet, another name of Ania's) merges into Ania: pick, confirm with Enter.
    _merge(stack, scene, "Zosia", "Ania", screen)
    assert stack.top is scene and "Merged Zosia into Ania" in scene.message
    assert store.profile_stats("Ania").games == games  # Zosia brought no rounds
    assert "Zosia" not in [p.name for p in store.profiles()]
    key(stack, pygame.K_ESCAPE)
    assert stack.top is stats and "Zosia" not in stats.names and "Béla" in stats.names


def test_bot_profiles_cannot_be_renamed(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(ProfilesScene(store))
    scene.select([p.name for p in scene.profiles].index("Bot · easy"))
    assert not scene.rename_button.enabled and not scene.merge_button.enabled
    key(stack, pygame.K_F2)
    assert stack.top is scene
    frame(stack, screen)


def test_before_any_round_the_screen_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: pygame.Surface
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    clear_cache()
    with Store.open() as fresh:  # only the bots' profiles exist yet
        stack = SceneStack(None, SIZE)
        scene = stack.push(StatsScene(fresh))
        frame(stack, screen)
        assert "No rounds of yours yet" in scene.message and not scene.message_is_error
        assert scene.names == [] and scene.profile is None  # not "Bot · easy" as if it were you
        assert scene.tiles == []
    with Store.open() as played:
        seed(played, rounds=3)
        clear_cache()
        assert StatsScene(played).message == ""


def test_statistics_that_could_not_be_read_are_not_taken_for_no_games(
    screen: pygame.Surface,
) -> None:
    from game.store import opening

    unread = "Your statistics could not be read, so none are shown. The folder is read-only."
    stand_in = opening.memory_database(unread)
    with Store(stand_in.conn, None, True, stand_in.problem, stand_in.stand_in) as store:
        stack = SceneStack(None, SIZE)
        scene = stack.push(StatsScene(store))
        frame(stack, screen)
        assert scene.message == ""  # not "No rounds of yours yet"
        assert store.problem == unread  # shown in the band at the top


def test_fastest_wins_never_overlap_in_a_small_window(store: Store, screen: pygame.Surface) -> None:
    big = SceneStack(None, SIZE)
    wide = big.push(RankingsScene(store))
    frame(big, screen)
    assert len(wide.fastest) == 10 and wide.fastest_fitting() == 10
    small = SceneStack(None, (960, 600))
    narrow = small.push(RankingsScene(store))
    frame(small, pygame.display.set_mode((960, 600)))
    _, box = narrow._boxes()
    shown = narrow.fastest_fitting()
    assert 1 <= shown < 10
    assert shown * 40 <= box.bottom - 16 - (box.y + 88)  # two lines each, none over the next


def test_a_long_profile_list_scrolls_to_keep_the_highlight_in_view(store: Store) -> None:
    for n in range(12):
        store.create_profile(f"Player {n:02d}")
    stack = SceneStack(None, (960, 600))
    scene = stack.push(ProfilesScene(store))
    frame(stack, pygame.display.set_mode((960, 600)))
    box = scene._list_box()
    shown = scene.visible_rows()
    assert len(scene.profiles) > shown  # more than fit at once
    for _ in range(len(scene.profiles) + 2):
        key(stack, pygame.K_DOWN)
        assert scene.first <= scene.selected < scene.first + shown
        assert box.collidepoint(scene.row_rect(scene.selected).center)
    assert scene.selected == len(scene.profiles) - 1
    assert scene.first == len(scene.profiles) - shown
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert scene.first == len(scene.profiles) - shown - 3
    # a click picks the profile drawn under the pointer, not the one that row held unscrolled
    target = scene.first + 1
    click(stack, scene.row_rect(target).center)
    assert scene.selected == target
    frame(stack, pygame.display.get_surface())


def test_a_time_axis_never_repeats_a_label(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game.ui import charts, theme

    pygame.font.init()
    written: list[str] = []
    real = theme.text

    def recording(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        written.append(content)
        return real(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(charts.theme, "text", recording)
    points = [(float(t), float(t)) for t in range(5)]
    charts.render_line_chart(
        (400, 200),
        [charts.Series(points, (140, 200, 255), 2)],
        charts.Axis(0, 4, [0, 1, 2, 3, 4], lambda v: "19:52" if v < 3 else "19:53", ""),
        charts.Axis(0, 4, [0, 2, 4]),
    )
    assert written.count("19:52") == 1 and written.count("19:53") == 1


def test_an_empty_charts_words_are_not_struck_through_by_a_reference_line() -> None:
    # A bot's rating as a dashed line at the middle height, where "No rated rounds yet" sits.
    from game.ui import charts

    pygame.font.init()
    red = (255, 0, 0)
    surf = charts.render_line_chart(
        (400, 200),
        [],
        charts.Axis(0, 4, [0, 2, 4]),
        charts.Axis(0, 4, [0, 2, 4]),
        refs=[charts.RefLine(2, "hard 22.4", red)],
        empty_text="No rated rounds yet",
    )

    def reds(y: int, xs: range) -> int:
        return sum(1 for x in xs if surf.get_at((x, y))[:3] == red)

    line_y = max(range(200), key=lambda y: reds(y, range(400)))  # the dashed line's row
    assert reds(line_y, range(40, 150)) > 20  # drawn up to the words,
    assert reds(line_y, range(170, 230)) == 0  # not through them


def test_one_game_sits_in_the_middle_of_both_charts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store import GameRecord, SeatResult
    from game.ui import stats_scene

    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "one"))
    clear_cache()
    axes: list[object] = []
    real = stats_scene.render_line_chart

    def recording(size: tuple[int, int], series: object, x_axis: object, *a: object, **k: object):  # type: ignore[no-untyped-def]
        axes.append(x_axis)
        return real(size, series, x_axis, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(stats_scene, "render_line_chart", recording)
    with Store.open() as one:
        seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
        one.record_game(GameRecord("polish", "p", 1_800_000_000, 1_800_000_090, seats))
        scene = StatsScene(one, "Ania")
        stack = SceneStack(None, SIZE)
        stack.push(scene)
        frame(stack, pygame.display.set_mode(SIZE))
    wins, rating = axes[-2:]
    assert (wins.lo, wins.hi, list(wins.ticks)) == (0.5, 1.5, [1.0])  # type: ignore[attr-defined]
    at = rating.ticks[0]  # type: ignore[attr-defined]
    assert len(rating.ticks) == 1 and rating.lo < at < rating.hi  # type: ignore[attr-defined]
    assert rating.hi - rating.lo == 3600  # type: ignore[attr-defined]


def test_the_latest_games_of_a_long_history_are_charted_every_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """3,000 games, a loss every third: the last 50, 200 and 1,000 are each drawn game by
    game (the chart itself thins only what has more points than pixels)."""
    from game.store import GameRecord, SeatResult
    from game.ui import stats_scene

    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "long"))
    clear_cache()
    charted: list[list[tuple[float, float]]] = []
    real = stats_scene.render_line_chart

    def recording(size: tuple[int, int], series: list[object], *a: object, **k: object):  # type: ignore[no-untyped-def]
        charted.append(list(series[0].points))  # type: ignore[attr-defined]
        return real(size, series, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(stats_scene, "render_line_chart", recording)
    games = 3000
    with Store.open() as long:
        for n in range(games):
            won = n % 3 != 2
            seats = (
                SeatResult(0, "Ania", False, None, 1 if won else 2),
                SeatResult(1, "", True, "easy", 2 if won else 1),
            )
            long.record_game(
                GameRecord("polish", "p", 1_700_000_000 + n * 600, 1_700_000_300 + n * 600, seats)
            )
        scene = StatsScene(long, "Ania")
        stack = SceneStack(None, SIZE)
        stack.push(scene)
        screen = pygame.display.set_mode(SIZE)
        for span in (1000, 50, 200):  # N from the first, 200
            key(stack, pygame.K_n)
            frame(stack, screen)
            assert scene.span == span
            line = charted[-2]  # the win-rate chart, drawn before the rating chart
            assert [x for x, _ in line] == list(range(games - span + 1, games + 1))
            # Over any 20 games in a row, 6 or 7 were lost.
            assert {round(y, 1) for _, y in line} <= {65.0, 70.0}


def _renaming_ania(store: Store) -> tuple[SceneStack, ProfilesScene]:
    """Profiles open on Ania, who played the last quick game, her name being retyped (F2,
    the old name rubbed out)."""
    from game.ui import launch
    from game.ui.launch import change_settings
    from game.ui.setup import SeatSpec, TableSetup

    launch._fallback.clear()
    stack = SceneStack(None, SIZE)
    scene = stack.push(ProfilesScene(store))
    seats = (SeatSpec("Ania", ""), SeatSpec("Ada", "easy"))
    change_settings(scene, last_setup=TableSetup("polish", seats).to_dict())
    scene.select([p.name for p in scene.profiles].index("Ania"))
    key(stack, pygame.K_F2)
    for _ in "Ania":
        key(stack, pygame.K_BACKSPACE)
    return stack, scene


def test_a_renamed_player_is_seated_under_the_new_name_next_time(store: Store) -> None:
    from game.ui.launch import settings_of
    from game.ui.setup import quick_setup

    stack, scene = _renaming_ania(store)
    type_text(stack, "Zofia")
    key(stack, pygame.K_RETURN)
    assert store.profile("Zofia") is not None
    names = [s.name for s in quick_setup(settings_of(scene).last_setup).seats]
    assert names == ["Zofia", "Ada"]  # Quick game goes on in the renamed profile


def test_a_profile_renamed_to_the_longest_name_keeps_its_rounds(store: Store) -> None:
    from game.engine import Game
    from game.store.records import MAX_NAME_LENGTH
    from game.ui.launch import settings_of
    from game.ui.newgame import NewGameScreen
    from game.ui.records import SeatInfo, record_round
    from game.ui.setup import quick_setup

    stack, scene = _renaming_ania(store)
    long_name = "Alexandra Konstantinopolska-Wyż"
    assert len(long_name) < MAX_NAME_LENGTH
    type_text(stack, long_name)
    key(stack, pygame.K_RETURN)
    before = store.profile_stats(long_name).games

    quick = quick_setup(settings_of(scene).last_setup)
    assert quick.seats[0].name == long_name
    assert NewGameScreen().rows[0].spec().name == long_name  # the New game screen too
    game = Game.new(quick.rules(), seats=2, seed=1)
    infos = [SeatInfo(s.name, not s.human, s.level or None) for s in quick.seats]
    record_round(store, game, infos, 1_800_000_000, abandoned=True)
    assert store.profile_stats(long_name).abandoned == 1  # the round went to the profile
    assert store.profile_stats(long_name).games == before
    assert [p.name for p in store.profiles() if not p.is_bot] == [long_name, "Béla", "Csilla"]


def test_statistics_follow_the_player_shown_through_a_rename_and_a_merge(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Béla"))
    key(stack, pygame.K_p)
    profiles = stack.top
    assert isinstance(profiles, ProfilesScene)
    profiles.select([p.name for p in profiles.profiles].index("Béla"))
    key(stack, pygame.K_F2)
    key(stack, pygame.K_END)  # the name opens selected whole: End keeps it, to add to
    type_text(stack, " Kowalska")
    key(stack, pygame.K_RETURN)
    key(stack, pygame.K_ESCAPE)
    assert stack.top is stats and stats.profile == "Béla Kowalska"
    assert tiles(stats)["Rounds"] == str(store.profile_stats("Béla Kowalska").games)

    stats.player.index = stats.names.index("Csilla")
    stats.refresh()
    key(stack, pygame.K_p)
    profiles = stack.top
    assert isinstance(profiles, ProfilesScene)
    _merge(stack, profiles, "Csilla", "Béla Kowalska", screen)  # never at one table
    assert "Merged Csilla" in profiles.message
    # A new player takes the name merged away: the games shown are still Béla's.
    key(stack, pygame.K_n, "n")
    type_text(stack, "Csilla")
    key(stack, pygame.K_RETURN)
    assert "Csilla" in [p.name for p in profiles.profiles]
    key(stack, pygame.K_ESCAPE)
    assert stack.top is stats and stats.profile == "Béla Kowalska"


def test_statistics_follow_a_rename_made_in_another_window(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania"))
    rating = tiles(stats)["Rating"]
    assert rating != "—"
    store.rename_profile("Ania", "Anna")  # as another copy of the game does, on the same file
    stats.refresh()  # a filter changed here reads the figures again
    assert stats.profile == "Anna" and "Ania" not in stats.names
    assert tiles(stats)["Rating"] == rating and tiles(stats)["Rounds"] == "60"
    # The history opened under the old name shows the player by the name now theirs.
    history = HistoryScene(store, "Ania")
    assert history.profile == "Anna" and "Ania" not in history.names and history.entries


def test_n_opens_an_empty_new_profile_dialog(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SIZE)
    stack.push(ProfilesScene(store))
    key(stack, pygame.K_n, "n")
    type_text(stack, "n")  # the same key press's text, delivered after the dialog opened
    dialog = stack.top
    assert isinstance(dialog, NameDialog) and dialog.field.text == ""
    key(stack, pygame.K_n, "n")  # an n typed in the dialog is a letter of the name
    type_text(stack, "n")
    type_text(stack, "ina")
    assert dialog.field.text == "nina"


def test_points_matches_are_counted_for_a_player_who_has_played_them(
    store: Store, screen: pygame.Surface
) -> None:
    play_matches(2, target=150)
    stack = SceneStack(None, SIZE)
    you = stack.push(StatsScene(store, "You"))
    frame(stack, screen)
    # Won alone: a tie at the lowest total is a drawn match, counted apart.
    won = sum(
        any(s.won and s.profile == "You" for s in m.seats) and sum(s.won for s in m.seats) == 1
        for m in store.matches()
    )
    assert tiles(you)["Matches won"] == f"{won} of 2"
    key(stack, pygame.K_DOWN)  # All presets -> polish: no match there
    assert "Matches won" not in tiles(you)
    # A player without a points match is not shown an empty figure.
    assert "Matches won" not in tiles(StatsScene(store, "Ania"))
    bots = StatsScene(store, "Bot · easy")
    assert tiles(bots)["Matches won"] == f"{2 - won} of 2"


def _match_round(store: Store, status: str, rounds: int = 1) -> None:
    """A Tel Aviv match of You and an easy bot as it stands after its first round (whose
    round is recorded with it while the match is played), or given up after it."""
    from game.store import GameRecord, MatchRecord, MatchSeat, SeatResult

    start = 1_800_000_000.0
    match = MatchRecord(
        "m1", "tel_aviv", "t", 400, start, start + 600, rounds,
        (MatchSeat(0, "You", False, None, 10, 1), MatchSeat(1, "", True, "easy", 30, 2)),
        status,
    )  # fmt: skip
    if status == "playing":
        seats = (SeatResult(0, "You", False, None, 1), SeatResult(1, "", True, "easy", 2))
        record = GameRecord("tel_aviv", "t", start, start + 600, seats, True, match=match)
        assert store.record_game(record) is not None
    else:
        assert store.record_match(match) is not None


def test_a_match_given_up_between_rounds_shows_at_once(store: Store) -> None:
    _match_round(store, "playing")
    assert "Matches won" not in tiles(StatsScene(store, "You"))  # in play: nothing to count
    _match_round(store, "abandoned")  # New game replaced its save: no round is recorded
    given_up = {t.label: (t.value, t.note) for t in StatsScene(store, "You").tiles}
    assert given_up["Matches won"] == ("—", "1 match given up")


def test_a_small_window_puts_a_tile_note_beside_its_value(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 960×600 a tile has no room under its value: "—" for matches won keeps its reason
    beside it, rather than be left unexplained."""
    _match_round(store, "abandoned")
    size = (960, 600)
    pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    scene = stack.push(StatsScene(store, "You"))
    drawn = drawn_texts(monkeypatch, stack, size)
    note = next(rect for words, rect in drawn if words == "1 match given up")
    value = min((r for w, r in drawn if w == "—"), key=lambda r: abs(r.bottom - note.bottom))
    assert note.left > value.right and abs(note.bottom - value.bottom) < value.h // 2
    assert not outside(drawn, size)
    assert not overlaps([(w, r) for w, r in drawn if scene._layout()[0].contains(r)])


def test_what_another_copy_of_the_game_records_shows_at_once(store: Store) -> None:
    before = tiles(StatsScene(store, "Ania"))["Rounds"]
    path = store.path
    assert path is not None
    with Store.open(path) as other:  # another copy of the game, or a worker thread
        seed(other, rounds=3)
    assert int(tiles(StatsScene(store, "Ania"))["Rounds"]) == int(before) + 3


def test_a_damaged_file_nothing_was_recovered_from_is_not_taken_for_no_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: pygame.Surface
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path / "damaged"))
    data = tmp_path / "damaged" / "data"
    data.mkdir(parents=True)
    (data / "macau.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\xff" * 8000)
    clear_cache()
    with Store.open() as store:
        stack = SceneStack(None, SIZE)
        scene = stack.push(StatsScene(store))
        frame(stack, screen)
        assert scene.message == ""  # not "No rounds of yours yet"
        assert store.problem is not None and "nothing in it could be read" in store.problem
        assert str(data) in store.problem  # the folder the damaged file is kept in


def test_a_long_problem_is_shown_whole_above_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged file's report names the folder and the file kept; in a deep data folder it
    takes three lines at 960×600, and its last words (the file's name) must still show."""
    from game.ui import charts
    from tests.ui.textkit import _Recorder, text_spy

    folder = "/home/someone with a rather long name/and a deeper folder for games/data"
    problem = (
        "The statistics file was damaged: 211 of at least 300 rounds were recovered. The "
        f"damaged file is kept in {folder} as macau.sqlite3.corrupt-20261203-170028."
    )
    surface = _Recorder((960, 600), text_spy(monkeypatch))
    top = charts.draw_backdrop(surface, "Statistics", problem)
    band = [words for words, _ in surface.drawn if words != "Statistics"]
    assert len(band) == 3 and band[-1].endswith("170028.")
    assert top == charts.content_top(problem, 960) and top > charts.content_top("short", 960)


def test_only_the_bot_levels_that_played_are_offered(store: Store) -> None:
    from game.ui.stats_scene import shown_profiles

    store.create_profile("Dora")  # a person's profile is offered as soon as it is made
    shown = shown_profiles(store)
    assert {"Ania", "Béla", "Csilla", "Dora"} <= set(shown)
    bots = [name for name in shown if store.profile(name).is_bot]  # type: ignore[union-attr]
    assert bots == ["Bot · easy", "Bot · hard"]  # medium and random never sat at a table
    assert all(store.profile_stats(name).games for name in bots)


def _stop_the_clock(monkeypatch: pytest.MonkeyPatch, when: datetime) -> None:
    """Every export begins at ``when``, to the second."""
    import game.ui.stats_scene as stats_scene

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: object = None) -> Frozen:
            return cls(*when.timetuple()[:6])

    monkeypatch.setattr(stats_scene, "datetime", Frozen)


def test_two_exports_in_one_second_keep_both(
    store: Store, screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stop_the_clock(monkeypatch, datetime(2026, 12, 5, 6, 29, 52))  # every export in one second
    tmp_path = tmp_path / "exports"
    tmp_path.mkdir()
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path))
    for k in (pygame.K_c, pygame.K_c, pygame.K_j, pygame.K_j):
        key(stack, k)
        until_exported(stack, scene, screen)
    names = sorted(p.name for p in tmp_path.iterdir())
    stem = "macau-statistics_2026-12-05_062952"
    assert names == sorted(
        [f"{stem}{n}{part}.csv" for n in ("", "-2") for part in ("", "_stats", "_matches")]
        + [f"{stem}.json", f"{stem}-2.json"]
    )


def test_an_export_folder_that_cannot_be_looked_into_is_told_not_crashed(
    store: Store, screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def denied(self: Path) -> bool:
        raise PermissionError(13, "Permission denied", str(self))

    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=tmp_path / "locked"))
    monkeypatch.setattr(Path, "exists", denied)
    key(stack, pygame.K_c)  # (before, the name's check raised out of the key press)
    monkeypatch.undo()
    until_exported(stack, scene, screen)
    assert scene.message.startswith("Export failed") and scene.message_is_error


def test_what_an_export_stopped_mid_write_left_is_cleared_by_the_next(
    store: Store, screen: pygame.Surface, tmp_path: Path
) -> None:
    import os
    import time

    from game.store.files import STALE_TEMPORARY_S

    folder = tmp_path / "exports"
    folder.mkdir()
    old = folder / ".macau-statistics_2026-01-02_030405.csv.abcd1234.tmp"
    fresh = folder / ".macau-statistics_2026-01-02_030406.csv.efgh5678.tmp"  # another copy's
    mine = folder / ".my-notes.csv.ijkl.tmp"
    for leftover in (old, fresh, mine):
        leftover.write_text("half an export", encoding="utf-8")
    long_ago = time.time() - STALE_TEMPORARY_S - 60
    os.utime(old, (long_ago, long_ago))
    os.utime(mine, (long_ago, long_ago))
    stack = SceneStack(None, SIZE)
    scene = stack.push(StatsScene(store, "Ania", export_dir=folder))
    key(stack, pygame.K_j)
    until_exported(stack, scene, screen)
    assert not old.exists() and fresh.exists() and mine.exists()


def test_an_export_claims_its_name_as_it_begins(
    store: Store, screen: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy of the game exporting in the same second, before this export's files
    exist, takes the next name; a failed export gives its name back."""
    import game.ui.stats_scene as stats_scene

    _stop_the_clock(monkeypatch, datetime(2026, 12, 5, 7, 33, 49))
    folder = tmp_path / "exports"
    folder.mkdir()
    stem = "macau-statistics_2026-12-05_073349"
    first = SceneStack(None, SIZE)
    scene_a = first.push(StatsScene(store, "Ania", export_dir=folder))
    target, claimed = stats_scene._claim(folder, stem, ".json")  # the other copy, first
    assert claimed and target.name == f"{stem}.json" and target.stat().st_size == 0
    key(first, pygame.K_j)
    assert scene_a.message == f"Exporting {stem}-2.json…"
    until_exported(first, scene_a, screen)
    assert (folder / f"{stem}-2.json").stat().st_size > 0
    # A failed export leaves no empty file behind under the name it claimed.
    monkeypatch.setattr(Store, "export_counted", lambda self, path: 1 / 0)
    key(first, pygame.K_j)
    until_exported(first, scene_a, screen)
    assert scene_a.message_is_error and not (folder / f"{stem}-3.json").exists()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_saved_rule_set_names_and_fastest_wins_are_read_whole(
    store: Store, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    from dataclasses import replace

    from game.store import GameRecord, SeatResult
    from tests.ui.textkit import drawn_texts

    seats = (
        SeatResult(0, "Ania", False, None, 1, out_after_s=61.0),
        SeatResult(1, "", True, "medium", 2),
    )
    for n, label in enumerate(["Family Tel Aviv", None]):
        start = 1_800_000_000 + n * 3600
        record = GameRecord("custom" if label else "romanian2", "h", start, start + 60, seats)
        store.record_game(replace(record, rules_label=label))
    surface = pygame.display.set_mode(size)
    stack = SceneStack(None, size)
    stats = stack.push(StatsScene(store, "Ania"))
    wanted = [i for i, f in enumerate(stats.filters) if f == ("custom", "Family Tel Aviv")]
    stats.preset_picker.index = wanted[0]
    stats.preset_picker.on_change(wanted[0])  # type: ignore[misc]
    frame(stack, surface)
    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, size)]
    assert "Custom: Family Tel Aviv" in drawn
    stack.clear()
    stack.push(RankingsScene(store))
    frame(stack, surface)
    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, size)]
    # The narrow panel drops the scope the picker names, then the year, rather than cut.
    assert ("Fastest wins · every preset" if size[0] > 800 else "Fastest wins") in drawn
    details = [w for w in drawn if w.startswith(("Custom rules · ", "Romanian 2 · "))]
    assert len(details) == 2 and not any("…" in w for w in details), drawn


@pytest.mark.parametrize("width", [800, 1024, 1280])
def test_a_long_rule_set_name_leaves_the_player_picker_its_usual_width(width: int) -> None:
    from game.ui import theme
    from game.ui.charts import Picker
    from game.ui.stats_scene import place_pickers

    player = Picker("Player", ["Maximiliana Wiśniewska", "Ola"])
    preset = Picker("Preset", ["All presets", "Custom: Family Tel Aviv with jokers everywhere"])
    place_pickers(width, player, preset, 1.0, "Statistics")
    # As wide as before any rule set was saved: 280, or up to the title in a small window.
    title_end = 40 + theme.text_size("Statistics", 34, True)[0] + 20
    assert player.rect.w == min(280, width - 40 - 230 - 24 - title_end)
    assert preset.rect.w >= 230 and preset.rect.right == width - 40
    assert player.rect.right + 24 == preset.rect.x
    if width >= 1280:  # room for both: the rule set's name whole
        assert preset.rect.w >= theme.text_size(preset.options[1], 19, True)[0] + 72
