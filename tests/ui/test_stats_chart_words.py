"""The Statistics charts' words agree with what they show: the win-rate legend says how many
games are drawn and what N does next (more, or back to fewer), and N never steps to a span
that shows the same games; a rating axis across midnight says the day of each time."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest

from game.store import GameRecord, SeatResult, Store
from game.ui import stats_scene, theme
from game.ui.charts import Axis, Series, render_line_chart
from game.ui.stats_scene import StatsScene
from tests.ui.menukit import Screen


def _rounds(games: int, apart: float = 600.0, start: float = 1_780_000_000) -> None:
    with Store.open() as store:
        for n in range(games):
            at = start + n * apart
            seats = (
                SeatResult(0, "Ewa", False, None, 1 + n % 2),
                SeatResult(1, "", True, "easy", 2 - n % 2),
            )
            store.record_game(GameRecord("polish", "p", at, at + 300, seats))


@pytest.mark.parametrize(
    ("games", "legends"),
    [
        (12, ["every round (12)", "every round (12)"]),
        (120, ["last 50 rounds · N shows more", "all 120 rounds · N shows fewer"]),
        (
            1200,
            [
                "last 50 rounds · N shows more",
                "last 200 rounds · N shows more",
                "last 1,000 rounds · N shows fewer",
            ],
        ),
    ],
)
def test_the_win_rate_legend_says_what_n_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, games: int, legends: list[str]
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(games)
    with Store.open() as store:
        scene = StatsScene(store, "Ewa")
        screen = Screen(scene, (1280, 800))
        scene.span = stats_scene.SPANS[0]
        said = []
        for _ in legends:
            said.append(scene._span_legend())
            screen.key(pygame.K_n, "n")
        assert said == legends
        assert scene.span == stats_scene.SPANS[0]  # and round again from the fewest


def _axis_labels(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rating chart's time labels, as Statistics draws them for Ewa at 960x600."""
    labels: list[list[str]] = []
    real = stats_scene.render_line_chart

    def recording(size, series, x_axis, *a, **k):  # type: ignore[no-untyped-def]
        labels.append([x_axis.fmt(t) for t in x_axis.ticks])
        return real(size, series, x_axis, *a, **k)

    monkeypatch.setattr(stats_scene, "render_line_chart", recording)
    with Store.open() as store:
        Screen(StatsScene(store, "Ewa"), (960, 600))
    return labels[-1]


def test_a_rating_axis_across_midnight_names_the_days(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(12, apart=4 * 3600)  # 44 hours
    rating = _axis_labels(monkeypatch)
    assert len(rating) == 5 and all(len(words.split()) == 2 for words in rating), rating
    assert len({words.split()[0] for words in rating}) >= 2  # the days it crosses


def test_a_rating_axis_over_years_names_the_years(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(12, apart=100 * 86400)  # three years and more
    rating = _axis_labels(monkeypatch)
    years = [int(words.split()[-1]) for words in rating]
    assert years == sorted(years) and len(set(years)) >= 3, rating


def test_a_rating_axis_of_seconds_keeps_its_short_labels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    # Three minutes across midnight: seconds apart, too narrow for a day's name too.
    _rounds(6, apart=30, start=datetime(2026, 5, 28, 23, 54).timestamp())
    rating = _axis_labels(monkeypatch)
    assert all(len(words) == len("23:59:55") for words in rating), rating


@pytest.mark.parametrize(("games", "apart"), [(2, 1.0), (3, 1.0), (4, 0.9), (2, 0.25)])
def test_rounds_seconds_apart_mark_each_second_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, games: int, apart: float
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(games, apart=apart, start=1_780_000_000.5)
    rating = _axis_labels(monkeypatch)
    assert rating and len(set(rating)) == len(rating), rating
    assert rating == sorted(rating), rating


@pytest.mark.parametrize(
    ("start", "days"),
    [
        (datetime(2026, 12, 30, 12), 3),  # across new year, days apart
        (datetime(2026, 12, 20, 12), 16),
        (datetime(2026, 6, 1, 12), 2.5),  # a little over two days
        (datetime(2026, 6, 1, 12), 5),
        (datetime(2026, 6, 1, 12), 9),
        (datetime(2025, 3, 1, 12), 400),
        (datetime(2026, 10, 20, 12), 100),  # months across new year, a month apart
        (datetime(2026, 9, 1, 12), 190),
        (datetime(2026, 8, 1, 12), 210),
    ],
)
def test_the_five_ticks_of_a_rating_axis_read_apart(start: datetime, days: float) -> None:
    t0 = start.timestamp()
    t1 = t0 + days * 86400
    fmt = stats_scene._time_format(t0, t1)
    labels = [datetime.fromtimestamp(t0 + (t1 - t0) * i / 4).strftime(fmt) for i in range(5)]
    assert len(set(labels)) == 5, (fmt, labels)


def test_rounds_stamped_by_a_clock_set_back_since_stay_on_the_rating_axis(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The first rounds were stamped two days ahead (a clock since corrected): rated in the
    # order they were played, they come first though their times are the latest.
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(5, start=1_780_000_000 + 2 * 86400)
    _rounds(5, start=1_780_000_000)
    spans: list[tuple[float, float, list[float]]] = []
    real = stats_scene.render_line_chart

    def recording(size, series, x_axis, *a, **k):  # type: ignore[no-untyped-def]
        spans.append((x_axis.lo, x_axis.hi, [x for x, _ in series[0].points]))
        return real(size, series, x_axis, *a, **k)

    monkeypatch.setattr(stats_scene, "render_line_chart", recording)
    with Store.open() as store:
        Screen(StatsScene(store, "Ewa"), (960, 600))
    lo, hi, times = spans[-1]
    assert times[0] > times[-1]  # in the order they were rated
    assert lo <= min(times) and max(times) <= hi


def test_a_point_off_the_axes_is_not_drawn_beside_the_plot() -> None:
    # A line to a time past the axis's end stops at the plot's edge, clear of the reference
    # lines' labels on its right.
    colour = (255, 0, 255)
    size = (400, 200)

    def rightmost(last_x: float) -> int:
        chart = stats_scene.render_line_chart(
            size,
            [stats_scene.Series([(0.0, 5.0), (last_x, 5.0)], colour, 2)],
            stats_scene.Axis(0.0, 10.0),
            stats_scene.Axis(0.0, 10.0),
            refs=[stats_scene.RefLine(8.0, "hard 26.3")],
        )
        w, h = size
        return max(x for x in range(w) for y in range(h) if chart.get_at((x, y))[:3] == colour)

    edge = rightmost(10.0)  # a line to the axis's end: the plot's right edge and its dot
    assert edge < size[0] - 40  # the labels' column lies beyond it
    assert rightmost(13.0) <= edge + 1


def _thickness(ui: float) -> int:
    """How many pixels thick a level line of the chart is drawn at scale ``ui``."""
    pygame.display.init()
    colour = (250, 60, 60)
    series = [Series([(0.0, 5.0), (10.0, 5.0)], colour)]
    axis = Axis(0.0, 10.0, [0.0, 10.0])
    chart = render_line_chart((600, 300), series, axis, axis, ui=ui)
    column = [chart.get_at((300, y)) for y in range(300)]
    return sum(1 for c in column if c.a > 0 and c.r > 200 and c.g < 120)


def test_the_chart_lines_grow_with_its_words() -> None:
    assert _thickness(1.0) in (2, 3)
    assert _thickness(2.0) >= 2 * _thickness(1.0) - 1


def test_a_narrow_window_says_the_span_in_short_and_fits_a_long_rule_set_title(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    _rounds(1200)
    with Store.open() as store:
        scene = StatsScene(store, "Ewa")
        Screen(scene, (960, 600))
        scene.span = stats_scene.SPANS[0]
        assert scene._chart_head(
            460,
            "Win rate · rolling 20 rounds",
            (scene._span_legend(), scene._span_legend(short=True)),
        ) == ("Win rate · rolling 20 rounds", "last 50 · N: more")
        title = "Rating over time · Custom: Grandma's Sunday rules"
        words, legend = scene._chart_head(460, title, ("shade ± σ", "± σ"))
        assert legend == "" and words.endswith("…")
        assert theme.text_size(words, scene.px(18), True)[0] <= 460


def test_reference_labels_stack_apart_and_stay_above_the_time_axis() -> None:
    from game.ui.charts import stacked_tops

    # Apart where they are apart; nudged down where they meet.
    assert stacked_tops([10, 50], 15, 200) == [10, 50]
    assert stacked_tops([10, 12, 14], 15, 200) == [10, 25, 40]
    # Four levels rated alike at the foot of the chart: lifted, still apart, none below it.
    assert stacked_tops([90, 92, 94, 96], 15, 110) == [50, 65, 80, 95]


def test_ticks_across_the_clocks_going_back_read_apart_with_their_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # New York's summer time ends at 02:00 on 1 November 2026: the hour from 01:00 is lived
    # twice, and ticks half an hour apart read 00:30, 01:00, 01:30, 01:00, 01:30.
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        t0 = datetime(2026, 11, 1, 4, 30, tzinfo=UTC).timestamp()
        ticks = [t0 + 1800 * i for i in range(5)]
        fmt = stats_scene._time_format(ticks[0], ticks[-1])
        labels = [stats_scene._tick_label(fmt, ticks)(t) for t in ticks]
        assert labels == ["00:30 EDT", "01:00 EDT", "01:30 EDT", "01:00 EST", "01:30 EST"]
        # A day without the change reads as before, without the zone.
        calm = [t + 7 * 86400 for t in ticks]
        assert [stats_scene._tick_label(fmt, calm)(t) for t in calm[:2]] == ["23:30", "00:00"]
    finally:
        monkeypatch.undo()  # (the zone as it was, for the tests after)
        time.tzset()
