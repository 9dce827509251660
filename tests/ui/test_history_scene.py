"""The match history: a player's recorded rounds, newest first, from the statistics screen."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.store import (
    GameRecord,
    HistoryEntry,
    HistorySeat,
    MatchEntry,
    MatchEntrySeat,
    SeatResult,
    Store,
)
from game.ui import theme
from game.ui.history_scene import (
    HistoryScene,
    match_note,
    match_result_words,
    merge_rows,
    ordinal,
    result_words,
    seat_label,
    seat_summary,
    seats_in_order,
)
from game.ui.scene import SceneStack
from game.ui.stats_scene import StatsScene
from tests.ui.statskit import SIZE, play_matches
from tests.ui.test_stats_screens import click, frame, key
from tests.ui.textkit import drawn_texts


def _entry(places: list[int], *, abandoned: bool = False) -> HistoryEntry:
    names = ["Ania", "Bot · hard", "Béla", "Bot · easy"]
    seats = tuple(
        HistorySeat(s, names[s], names[s].startswith("Bot"), None, p, p == 1, 0, 0, 0, 0, 0)
        for s, p in enumerate(places)
    )
    return HistoryEntry(1, "polish", "f", 0.0, 60.0, 60.0, False, abandoned, False, 1, seats)


def test_places_read_as_ordinals() -> None:
    words = [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)]
    assert words == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
        "101st", "111th", "112th",
    ]  # fmt: skip


def test_a_round_says_how_the_player_finished() -> None:
    assert result_words(_entry([1, 2, 3, 4]), "Ania") == "Won"
    assert result_words(_entry([3, 1, 2, 4]), "Ania") == "3rd of 4"
    assert result_words(_entry([2, 1, 2, 4]), "Ania") == "2nd (shared) of 4"
    assert result_words(_entry([1, 1, 3, 4]), "Ania") == "Shared win"
    assert result_words(_entry([2, 1, 3, 4], abandoned=True), "Ania") == "Unfinished"
    assert result_words(_entry([1, 2, 3, 4]), "Nobody") == "–"


def test_a_seat_says_only_the_tallies_it_has() -> None:
    quiet = HistorySeat(0, "Ania", False, None, 1, True, 0, 0, 0, 0, 0)
    assert seat_summary(quiet) == ""
    one = HistorySeat(0, "Ania", False, None, 2, False, 0, 1, 0, 1, 0)
    assert seat_summary(one) == "1 penalty card · 1 turn missed"
    busy = HistorySeat(0, "Ania", False, None, 2, False, 45, 7, 5, 2, 1)
    assert seat_summary(busy) == (
        "45 points · 7 penalty cards · biggest stack 5 · 2 turns missed · forgot Macau once"
    )


def test_a_bot_is_named_as_at_the_table_with_its_level_beside() -> None:
    named = HistorySeat(1, "Bot · hard", True, "hard", 1, True, 0, 0, 0, 0, 0, seat_name="Olek")
    assert seat_label(named) == ("Olek", "hard bot")
    older = HistorySeat(1, "Bot · hard", True, "hard", 1, True, 0, 0, 0, 0, 0)
    assert seat_label(older) == ("Bot · hard", "")
    person = HistorySeat(0, "Ania", False, None, 2, False, 0, 0, 0, 0, 0, seat_name="Ania")
    assert seat_label(person) == ("Ania", "")


def test_history_opens_from_statistics_on_the_player_and_preset_shown(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania"))
    key(stack, pygame.K_h)
    frame(stack, screen)
    history = stack.top
    assert isinstance(history, HistoryScene)
    assert history.profile == "Ania" and history.preset is None
    everything = store.history("Ania")
    assert [e.game_id for e in history.entries] == [e.game_id for e in everything]
    ended = [e.ended_at for e in history.entries]
    assert ended == sorted(ended, reverse=True)  # newest first
    key(stack, pygame.K_ESCAPE)
    assert stack.top is stats
    # on one preset, with the button
    key(stack, pygame.K_DOWN)  # All presets -> polish
    button = next(b for b in stats.buttons if b.label == "History")
    click(stack, button.rect.center)
    frame(stack, screen)
    history = stack.top
    assert isinstance(history, HistoryScene) and history.preset == "polish"
    assert history.entries and {e.preset for e in history.entries} == {"polish"}
    assert len(history.entries) == store.profile_stats("Ania", "polish").games


def test_only_rounds_the_player_sat_in_are_listed(store: Store, screen: pygame.Surface) -> None:
    start = 1_800_000_000
    others = (SeatResult(0, "Dora", False, None, 1), SeatResult(1, "", True, "easy", 2))
    store.record_game(GameRecord("polish", "p", start, start + 60, others))
    scene = HistoryScene(store, "Ania")
    assert all(any(s.profile == "Ania" for s in e.seats) for e in scene.entries)
    assert HistoryScene(store, "Dora").entries[0].ended_at == start + 60


def test_the_list_scrolls_within_its_ends(store: Store, screen: pygame.Surface) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(HistoryScene(store, "Ania"))
    frame(stack, screen)
    page = scene.visible_rows()
    assert len(scene.entries) > page  # more rounds than fit
    key(stack, pygame.K_PAGEUP)
    assert scene.scroll == 0
    key(stack, pygame.K_PAGEDOWN)
    assert scene.scroll == page
    key(stack, pygame.K_END)
    assert scene.scroll == len(scene.entries) - page
    key(stack, pygame.K_PAGEDOWN)
    assert scene.scroll == len(scene.entries) - page
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    assert scene.scroll == len(scene.entries) - page - 2
    key(stack, pygame.K_HOME)
    assert scene.scroll == 0
    frame(stack, screen)


def test_nobody_yet_and_an_unreadable_history_are_said_in_words(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stack = SceneStack(None, SIZE)
    with Store.open(tmp_path / "empty.sqlite3") as nothing:
        empty = stack.push(HistoryScene(nothing, None))
        frame(stack, screen)
        assert empty.entries == [] and not empty.error  # only the bot levels, no rounds yet
        assert empty.names == []  # and no bot level offered as the player
        stack.pop()

    def broken(*_: object, **__: object) -> list[HistoryEntry]:
        raise OSError("disk I/O error")

    monkeypatch.setattr(store, "history", broken)
    scene = stack.push(HistoryScene(store, "Ania"))
    frame(stack, screen)
    assert scene.entries == [] and "could not be read (disk I/O error)" in scene.error


def test_the_statistics_buttons_fit_beside_back_in_the_smallest_window(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, (960, 600))
    scene = stack.push(StatsScene(store, "Ania"))
    frame(stack, pygame.display.set_mode((960, 600)))
    rects = [b.rect for b in scene.buttons]
    for a, b in pairwise(rects):
        assert a.right < b.left  # in a row, none over the next
    assert rects[-1].right <= 960 - 40


def test_the_player_and_the_preset_can_be_changed_in_the_history(
    store: Store, screen: pygame.Surface
) -> None:
    stack = SceneStack(None, SIZE)
    scene = stack.push(HistoryScene(store, "Ania"))
    frame(stack, screen)
    key(stack, pygame.K_END)
    key(stack, pygame.K_DOWN)  # All presets -> polish
    assert scene.preset == "polish" and scene.scroll == 0  # a new list starts at the top
    assert {e.preset for e in scene.entries} == {"polish"}
    click(stack, (scene.player.rect.right - 10, scene.player.rect.centery))
    frame(stack, screen)
    assert scene.profile == "Béla"
    assert all(any(s.profile == "Béla" for s in e.seats) for e in scene.entries)
    assert len(scene.entries) == store.profile_stats("Béla", "polish").games
    key(stack, pygame.K_LEFT)
    assert scene.profile == "Ania"
    key(stack, pygame.K_UP)
    assert scene.preset is None and len(scene.entries) == len(store.history("Ania"))


def test_an_unfinished_rounds_seats_go_round_the_table_unnumbered() -> None:
    done = seats_in_order(_entry([2, 1, 3, 4]))
    assert [(mark, s.place) for mark, s in done] == [("1.", 1), ("2.", 2), ("3.", 3), ("4.", 4)]
    left = seats_in_order(_entry([2, 1, 3, 4], abandoned=True))
    assert [mark for mark, _ in left] == ["–"] * 4
    assert [s.seat for _, s in left] == sorted(s.seat for _, s in left)


def test_a_preset_lists_its_own_latest_rounds_however_many_others_came_after(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import history_scene

    monkeypatch.setattr(history_scene, "HISTORY_LIMIT", 5)
    for n in range(6):  # more Polish rounds than the list reads, all after the Classic ones
        start = 1_800_000_000 + n * 3600
        seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
        store.record_game(GameRecord("polish", "t", start, start + 60, seats))
    stack = SceneStack(None, SIZE)
    scene = stack.push(HistoryScene(store, "Ania", "classic"))
    frame(stack, screen)
    assert store.profile_stats("Ania", "classic").games > 5
    classic = [e.game_id for e in store.history("Ania") if e.preset == "classic"]
    assert [e.game_id for e in scene.entries] == classic[:5]


def test_each_named_custom_rule_set_can_be_picked_on_the_statistics_and_the_history(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
    for n, label in enumerate(["Family", "Pub", "Family", None]):
        start = 1_800_000_000 + n * 3600
        record = GameRecord("custom", "house", start, start + 60, seats)
        store.record_game(replace(record, rules_label=label))
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania", "custom"))
    frame(stack, screen)
    options = stats.preset_picker.options
    assert options[options.index("Custom rules") + 1 :][:2] == ["Custom: Family", "Custom: Pub"]
    assert stats.stats is not None and stats.stats.games == 4
    key(stack, pygame.K_DOWN)
    assert (stats.preset, stats.rules_label) == ("custom", "Family")
    assert stats.stats is not None and stats.stats.games == 2
    assert "Custom: Family" in [w for w, _ in drawn_texts(monkeypatch, stack, SIZE)]
    # A long rule-set name is cut at its end, not as a person's ("Custom: A." for "… Aviv").
    from game.ui.controls import fit_apart

    long = ["Custom: Family Tel Aviv", "Custom: Family Kraków"]
    assert not stats.preset_picker.people
    assert fit_apart(long[0], 15, 150, True, long[:1], False).startswith("Custom: Famil")
    apart = [fit_apart(n, 15, 150, True, long, False) for n in long]  # alike at the end
    assert apart[0] != apart[1] and all(n.startswith("Custom:") for n in apart)
    # The history opens on the same rule set, and reads only its rounds.
    stats.open_history()
    history = stack.top
    assert isinstance(history, HistoryScene) and history.rules_label == "Family"
    assert len(history.entries) == 2
    assert {e.rules_label for e in history.entries if isinstance(e, HistoryEntry)} == {"Family"}
    key(stack, pygame.K_DOWN)
    assert history.rules_label == "Pub" and len(history.entries) == 1


def test_the_rankings_rank_each_named_custom_rule_set_on_its_own_rounds(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from game.ui.rankings_scene import RankingsScene

    def seated(*names: str) -> tuple[SeatResult, ...]:
        return tuple(SeatResult(i, name, False, None, i + 1) for i, name in enumerate(names))

    for n, (label, names) in enumerate(
        [("Family", ("Ania", "Bolek")), ("Pub", ("Cyryl", "Ania")), ("Family", ("Bolek", "Ania"))]
    ):
        start = 1_800_000_000 + n * 3600
        record = GameRecord("custom", "house", start, start + 60, seated(*names))
        store.record_game(replace(record, rules_label=label))
    stack = SceneStack(None, SIZE)
    stats = stack.push(StatsScene(store, "Ania", "custom", rules_label="Family"))
    frame(stack, screen)
    shown = [w for w, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert "Rating over time · Custom: Family" in shown  # the name's own rating
    stats.open_rankings()
    rankings = stack.top
    assert isinstance(rankings, RankingsScene)
    assert (rankings.scope, rankings.rules_label) == ("custom", "Family")
    assert {row.profile: row.games for row in rankings.rows} == {"Ania": 2, "Bolek": 2}
    assert [win.profile for win in rankings.fastest] == ["Ania", "Bolek"]
    assert "Leaderboard · Custom: Family" in [w for w, _ in drawn_texts(monkeypatch, stack, SIZE)]
    key(stack, pygame.K_RIGHT)
    assert rankings.rules_label == "Pub"
    assert {row.profile: row.games for row in rankings.rows} == {"Ania": 1, "Cyryl": 1}
    key(stack, pygame.K_LEFT)
    key(stack, pygame.K_LEFT)
    assert (rankings.scope, rankings.rules_label) == ("custom", None)  # every custom set
    assert {row.profile: row.games for row in rankings.rows} == {"Ania": 3, "Bolek": 2, "Cyryl": 1}


def test_rounds_on_custom_rules_can_be_picked_everywhere_and_read_as_such(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.rankings_scene import RankingsScene
    from tests.ui.textkit import drawn_texts

    seats = (SeatResult(0, "Ania", False, None, 1), SeatResult(1, "", True, "easy", 2))
    for n in range(2):
        start = 1_800_000_000 + n * 3600
        store.record_game(GameRecord("custom", "house", start, start + 60, seats))
    stack = SceneStack(None, SIZE)
    history = stack.push(HistoryScene(store, "Ania"))
    frame(stack, screen)
    assert "Custom rules" in [w for w, _ in drawn_texts(monkeypatch, stack, SIZE)]
    while history.preset != "custom":
        key(stack, pygame.K_DOWN)
    assert len(history.entries) == 2 and history.preset_picker.options[-1] == "Custom rules"
    stats = stack.push(StatsScene(store, "Ania", "custom"))
    assert stats.preset == "custom" and stats.stats is not None and stats.stats.games == 2
    rankings = stack.push(RankingsScene(store, scope="custom"))
    assert rankings.scope == "custom"
    assert [row.profile for row in rankings.rows] == ["Ania", "Bot · easy"]


def test_rounds_name_their_match_and_each_match_result_stands_above_its_rounds(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_matches(2, target=150)
    stack = SceneStack(None, SIZE)
    history = stack.push(HistoryScene(store, "You"))
    first, second = sorted(store.matches(), key=lambda m: m.match_id)
    assert first.finished and second.finished
    rows = history.entries
    # Newest first: the second match's result, its rounds, then the first match's.
    assert isinstance(rows[0], MatchEntry) and rows[0].match_id == second.match_id
    ids = [r.match_id for r in rows]
    assert ids == sorted(ids, reverse=True)
    rounds = [r for r in rows if isinstance(r, HistoryEntry)]
    assert len(rounds) == first.rounds + second.rounds
    assert {r.match_id for r in rounds} == {first.match_id, second.match_id}

    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert f"Tel Aviv · match {second.match_id} · result" in drawn
    assert f"Tel Aviv · match {second.match_id} · round {second.rounds}" in drawn
    reached = next(s for s in second.seats if s.total >= 150)
    name = "You" if reached.profile == "You" else reached.seat_name
    assert f"{_count_rounds(second.rounds)} · {name} reached 150" in drawn
    mine = next(s for s in second.seats if s.profile == "You")
    assert match_result_words(second, "You") in drawn
    assert str(mine.total) in drawn  # every seat's final total beside its name
    key(stack, pygame.K_END)  # the oldest: the first match's first round
    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert f"Tel Aviv · match {first.match_id} · round 1" in drawn
    # The preset filter keeps its meaning: no Tel Aviv match among the Polish rounds.
    assert HistoryScene(store, "Ania", "polish").entries
    assert not any(isinstance(r, MatchEntry) for r in HistoryScene(store, "You", "polish").entries)


def _count_rounds(n: int) -> str:
    return f"{n} round" if n == 1 else f"{n} rounds"


def test_a_match_reads_won_shared_placed_or_given_up() -> None:
    def entry(totals: list[int], status: str = "finished") -> MatchEntry:
        low = min(totals)
        seats = tuple(
            MatchEntrySeat(s, name, False, None, t, 1 + sum(o < t for o in totals),
                           status == "finished" and t == low)
            for s, (name, t) in enumerate(zip(("Ania", "Béla", "Csilla"), totals, strict=True))
        )  # fmt: skip
        return MatchEntry(1, "tel_aviv", "f", 500, 0.0, 60.0, 60.0, 6, status, seats)

    assert match_result_words(entry([20, 510, 90]), "Ania") == "Match won"
    assert match_result_words(entry([20, 20, 505]), "Ania") == "Match drawn"
    assert match_result_words(entry([90, 510, 20]), "Ania") == "2nd of 3"
    assert match_result_words(entry([90, 20, 20], "abandoned"), "Ania") == "Given up"
    assert match_note(entry([90, 510, 520])) == "6 rounds · Béla and Csilla reached 500"
    assert match_note(entry([90, 20, 20], "abandoned")) == (
        "given up after 6 rounds · totals so far · to 500"
    )


def test_a_match_note_shortens_long_names_and_still_says_the_target() -> None:
    pygame.font.init()
    wide = "M" * 32
    seats = (
        MatchEntrySeat(0, "Ania", False, None, 90, 1, True),
        MatchEntrySeat(1, wide, False, None, 510, 2, False),
        MatchEntrySeat(2, "Csilla Kovács-Horváth", False, None, 520, 3, False),
    )
    match = MatchEntry(1, "tel_aviv", "f", 500, 0.0, 60.0, 60.0, 6, "finished", seats)
    whole = match_note(match)
    assert whole == f"6 rounds · {wide} and Csilla Kovács-Horváth reached 500"
    room = theme.text_size(whole, 13)[0] // 2
    short = match_note(match, room, 13, 40)
    assert short.startswith("6 rounds · M") and short.endswith(" reached 500"), short
    assert theme.text_size(short, 13)[0] <= room
    # No room to say who: counted.
    assert match_note(match, 200, 13, 40) == "6 rounds · 2 players reached 500"


def _matches_of_three_rounds(store: Store, count: int) -> None:
    """``count`` Tel Aviv matches of Ania and an easy bot, three rounds each, one after
    another (as ``history_limit`` players have by the thousand)."""
    from game.store import MatchRecord, MatchSeat

    at = 1_900_000_000.0
    for m in range(count):
        for r in range(1, 4):
            at += 300
            over = r == 3
            seats = (
                MatchSeat(0, "Ania", False, None, 10 * r, 1, over),
                MatchSeat(1, "", True, "easy", 20 * r, 2, seat_name="Ada"),
            )
            match = MatchRecord(f"m{m}", "tel_aviv", "t", 60, at - 900, at, r, seats,
                                "finished" if over else "playing")  # fmt: skip
            results = (
                SeatResult(0, "Ania", False, None, 1, points=10),
                SeatResult(1, "", True, "easy", 2, points=20, seat_name="Ada"),
            )
            key = f"m{m}r{r}"
            record = GameRecord("tel_aviv", "t", at - 200, at, results, True, round_no=r,
                                round_key=key, match=match)  # fmt: skip
            store.record_game(record)


def test_a_long_history_lists_no_match_below_the_oldest_round_it_reads(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import history_scene

    monkeypatch.setattr(history_scene, "HISTORY_LIMIT", 9)
    _matches_of_three_rounds(store, 6)  # 18 rounds, 6 results: more than the list reads
    stack = SceneStack(None, SIZE)
    scene = stack.push(HistoryScene(store, "Ania", "tel_aviv"))
    rows = scene.entries
    rounds = [r for r in rows if isinstance(r, HistoryEntry)]
    results = [r for r in rows if isinstance(r, MatchEntry)]
    assert len(rounds) == 9 and len(results) == 3  # the latest three matches, whole
    assert isinstance(rows[-1], HistoryEntry)  # not a result with none of its rounds
    assert {r.match_id for r in rounds} == {r.match_id for r in results}
    assert scene.cut
    words = "of 12 rows: the latest 9 rounds and 3 match results · older ones are in the export"
    assert scene.counter(1, 8) == f"1–8 {words}"
    drawn = [w for w, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert f"1–{scene.visible_rows()} {words}" in drawn
    # All of a shorter history is listed, and said as it is.
    monkeypatch.setattr(history_scene, "HISTORY_LIMIT", 1000)
    whole = HistoryScene(store, "Ania", "tel_aviv")
    assert not whole.cut and len(whole.entries) == 24
    assert whole.counter(1, 8) == "1–8 of 24 rows: 18 rounds and 6 match results"
    assert HistoryScene(store, "Béla").counter(1, 8) == "1–8 of 57 rounds"


def test_a_bot_level_with_several_seats_reads_as_its_best_placed_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.store import MatchRecord, MatchSeat
    from game.ui import theme

    at = 1_900_000_000.0
    # Two medium bots: Ada finishes 3rd, Ben wins. The statistics count the level's win.
    round_seats = (
        SeatResult(0, "Ola", False, None, 2),
        SeatResult(1, "", True, "medium", 3, penalty_cards=4, seat_name="Ada"),
        SeatResult(2, "", True, "medium", 1, turns_missed=2, seat_name="Ben"),
    )
    match_seats = (
        MatchSeat(0, "Ola", False, None, 90, 2),
        MatchSeat(1, "", True, "medium", 510, 3, seat_name="Ada"),
        MatchSeat(2, "", True, "medium", 20, 1, True, seat_name="Ben"),
    )
    match = MatchRecord("m", "tel_aviv", "t", 500, at - 900, at, 1, match_seats, "finished")
    with Store.open() as store:
        store.record_game(GameRecord("quick", "t", at - 2000, at - 1000, round_seats))
        store.record_game(GameRecord("tel_aviv", "t", at - 300, at, round_seats, True, match=match))
        stats = store.profile_stats("Bot · medium")
        assert (stats.games, stats.wins, stats.avg_place, stats.matches_won) == (2, 2, 1.0, 1)
        [result, final, single] = HistoryScene(store, "Bot · medium").entries
        assert isinstance(result, MatchEntry)
        assert isinstance(final, HistoryEntry) and isinstance(single, HistoryEntry)
        assert result_words(single, "Bot · medium") == "Won"
        assert result_words(final, "Bot · medium") == "Won"
        assert match_result_words(result, "Bot · medium") == "Match won"

        inks: list[tuple[str, tuple[int, ...]]] = []
        render = theme.text

        def text(
            content: str, size: int, colour: theme.Colour = theme.TEXT, *rest: bool
        ) -> pygame.Surface:
            inks.append((content, tuple(colour)))
            return render(content, size, colour, *rest)

        monkeypatch.setattr(theme, "text", text)
        stack = SceneStack(None, SIZE)
        stack.push(HistoryScene(store, "Bot · medium"))
        stack.draw(pygame.Surface(SIZE))
    # Both the round and the match read as won, in gold, with the winning seat's tallies.
    assert inks.count(("Won", theme.GOLD)) == 2
    assert ("Match won", theme.GOLD) in inks
    drawn = [words for words, _ in inks]
    assert "2 turns missed" in drawn and "4 penalty cards" not in drawn


def test_a_blocked_round_says_so_beside_the_points_it_charged(
    store: Store, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A blocked round charges every seat, the winner too; the rules line under the date is
    # cut to its column, so the word goes with the seats, where there is room.
    results = tuple(
        SeatResult(s, name, s > 0, "medium" if s else None, s + 1, points=10 * (s + 1))
        for s, name in enumerate(("You", "", ""))
    )
    start = 1_700_000_000
    store.record_game(
        GameRecord("tel_aviv", "t", start, start + 90, results, True, blocked=True, round_no=10)
    )
    stack = SceneStack(None, SIZE)
    stack.push(HistoryScene(store, "You"))
    drawn = [words for words, _ in drawn_texts(monkeypatch, stack, SIZE)]
    assert "Blocked round · 10 points" in drawn
    assert "Tel Aviv · round 10" in drawn


def _at(game_id: int, ended_at: float, match_id: int | None = None) -> HistoryEntry:
    """A round recorded as ``game_id``, ended at ``ended_at``, of match ``match_id``."""
    seats = _entry([1, 2]).seats
    return HistoryEntry(
        game_id, "tel_aviv", "f", ended_at - 60, ended_at, 60.0, False, False, False, 1, seats,
        match_id=match_id,
    )  # fmt: skip


def _match(started_at: float, ended_at: float, status: str = "finished") -> MatchEntry:
    seats = tuple(MatchEntrySeat(s, n, False, None, 0, 1, False) for s, n in enumerate("AB"))
    return MatchEntry(7, "tel_aviv", "f", 200, started_at, ended_at, 180.0, 3, status, seats)


def test_a_match_result_stands_above_its_rounds_though_the_clock_went_back() -> None:
    # Round 1, then the machine's clock put back a day for rounds 2 and 3: the result,
    # dated never before its start, was listed between round 1 and the others.
    day = 86_400.0
    start = 1_790_000_000.0
    one, two, three = (
        _at(11, start + 15, 7),
        _at(12, start + 20 - day, 7),
        _at(13, start + 25 - day, 7),
    )
    result = _match(start, start)
    rows = merge_rows([one, three, two], [result])
    assert rows == [result, one, three, two]
    # Given up between two rounds, a match keeps its own later time.
    given_up = _match(start, start + 40, "abandoned")
    later = _at(14, start + 30)
    assert merge_rows([later, one], [given_up]) == [given_up, later, one]
