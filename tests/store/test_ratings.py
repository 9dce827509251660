"""Ratings are exactly what openskill's Plackett-Luce model gives for the same orders."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce

from game.store import OVERALL, GameRecord, Store
from tests.store.conftest import bot, game, human

ROUNDS = [
    game(1, "classic", human(0, "Anna", 1), human(1, "Bartek", 2), bot(2, "easy", 3)),
    game(2, "classic", human(0, "Anna", 3), human(1, "Bartek", 1), bot(2, "hard", 2)),
    game(3, "polish", human(0, "Anna", 1), human(1, "Csilla", 2), human(2, "Bartek", 2)),
    game(4, "polish", human(0, "Anna", 2), human(1, "Csilla", 1), abandoned=True),
    game(5, "classic", bot(0, "hard", 1), human(1, "Csilla", 2), human(2, "Anna", 3)),
    game(6, "polish", human(0, "Bartek", 1), bot(1, "medium", 2), human(2, "Anna", 2)),
]


def _name(seat: Any) -> str:
    return f"Bot · {seat.bot_level}" if seat.is_bot else str(seat.profile)


def _expected(rounds: list[GameRecord]) -> dict[tuple[str, str], tuple[float, float]]:
    model = PlackettLuce()
    table: dict[tuple[str, str], Any] = {}
    for rec in rounds:
        if rec.abandoned:
            continue
        for scope in (OVERALL, rec.preset):
            names = [_name(seat) for seat in rec.results]
            teams = [[table.get((name, scope), model.rating(name=name))] for name in names]
            rated = model.rate(teams, ranks=[seat.place for seat in rec.results])
            for name, team in zip(names, rated, strict=True):
                table[(name, scope)] = team[0]
    return {key: (r.mu, r.sigma) for key, r in table.items()}


def test_ratings_match_the_library_for_each_scope(store: Store) -> None:
    for rec in ROUNDS:
        store.record_game(rec)
    expected = _expected(ROUNDS)
    for scope in (OVERALL, "classic", "polish"):
        board = {row.profile: (row.mu, row.sigma) for row in store.leaderboard(scope)}
        wanted = {name: value for (name, s), value in expected.items() if s == scope}
        assert board.keys() == wanted.keys()
        for name, (mu, sigma) in wanted.items():
            assert board[name] == pytest.approx((mu, sigma), rel=1e-12)


def test_an_abandoned_round_changes_no_rating(store: Store) -> None:
    store.record_game(ROUNDS[0])
    before = store.leaderboard()
    store.record_game(
        game(9, "classic", human(0, "Anna", 2), human(1, "Bartek", 1), abandoned=True)
    )
    assert store.leaderboard() == before


def test_a_bot_level_in_several_seats_moves_once_by_the_mean(store: Store) -> None:
    store.record_game(game(1, "classic", human(0, "Anna", 1), bot(1, "easy", 2), bot(2, "easy", 3)))
    model = PlackettLuce()
    rated = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    board = {row.profile: row for row in store.leaderboard()}
    easy = board["Bot · easy"]
    assert easy.games == 1
    assert easy.mu == pytest.approx((rated[1][0].mu + rated[2][0].mu) / 2)
    assert easy.sigma == pytest.approx((rated[1][0].sigma + rated[2][0].sigma) / 2)
    assert board["Anna"].mu == pytest.approx(rated[0][0].mu)


def test_the_leaderboard_sorts_by_conservative_rating(store: Store) -> None:
    for rec in ROUNDS:
        store.record_game(rec)
    board = store.leaderboard()
    keys = [row.conservative for row in board]
    assert keys == sorted(keys, reverse=True)
    assert [row.rank for row in board] == list(range(1, len(board) + 1))
    assert any(row.is_bot for row in board)
    assert all(row.conservative == row.mu - 3 * row.sigma for row in board)


def _tied(store: Store) -> None:
    """Zed beats the easy bot and Amy the hard one: the first win rates each alike (27.6 ±
    8.1), and the two bots they beat alike too."""
    store.record_game(game(1, "polish", human(0, "Zed", 1), bot(1, "easy", 2)))
    store.record_game(game(2, "polish", human(0, "Amy", 1), bot(1, "hard", 2)))


def _nudge(store: Store, name: str, by: float) -> None:
    """Move ``name``'s overall mu by ``by``, as a long history leaves two ratings a hair
    apart (no short run of rounds does it)."""
    store._conn.execute(
        "UPDATE ratings SET mu = mu + ? WHERE scope = ? "
        "AND profile_id = (SELECT id FROM profiles WHERE name = ?)",
        (by, OVERALL, name),
    )


def test_equal_ratings_share_a_rank_and_the_next_rank_skips_it(store: Store) -> None:
    _tied(store)
    board = [(row.rank, row.profile) for row in store.leaderboard()]
    assert board == [(1, "Amy"), (1, "Zed"), (3, "Bot · easy"), (3, "Bot · hard")]
    assert [row.rank for row in store.leaderboard("polish")] == [1, 1, 3, 3]


def test_ratings_that_read_the_same_share_a_rank(store: Store) -> None:
    _tied(store)
    _nudge(store, "Zed", 0.004)
    board = store.leaderboard()
    assert [f"{row.mu:.1f} ± {row.sigma:.1f}" for row in board[:2]] == ["27.6 ± 8.1"] * 2
    assert [(row.rank, row.profile) for row in board[:2]] == [(1, "Amy"), (1, "Zed")]
    _nudge(store, "Zed", 0.1)  # now 27.7: ahead on the screen, so ahead in the ranking
    board = store.leaderboard()
    assert [(row.rank, row.profile) for row in board[:3]] == [
        (1, "Zed"),
        (2, "Amy"),
        (3, "Bot · easy"),
    ]


def test_of_equal_bars_the_higher_mean_ranks_first(store: Store) -> None:
    _tied(store)
    for name, mu, sigma in (("Zed", 30.0, 5.0), ("Amy", 33.0, 6.0)):  # both 15 at the bar
        store._conn.execute(
            "UPDATE ratings SET mu = ?, sigma = ? WHERE scope = ? "
            "AND profile_id = (SELECT id FROM profiles WHERE name = ?)",
            (mu, sigma, OVERALL, name),
        )
    board = store.leaderboard()
    assert [(row.profile, row.mu) for row in board[:2]] == [("Amy", 33.0), ("Zed", 30.0)]
