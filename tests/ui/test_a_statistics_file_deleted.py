"""The statistics file deleted while the game runs, and another copy of the game made a new
one meanwhile: the statistics screen opened from the menu shows the new file, its players
and their figures alike, and says the old one went."""

from __future__ import annotations

from game.store import Store
from game.ui.menu import MainMenu
from game.ui.stats_scene import StatsScene, clear_cache
from tests.store.conftest import bot, game, human
from tests.ui.menukit import Screen


def test_the_statistics_screen_shows_the_file_now_in_place() -> None:
    menu = MainMenu()
    Screen(menu)
    store = menu.store()
    for n in (1, 2, 3):
        store.record_game(game(n, "polish", human(0, "Ada", 1), bot(1, "easy", 2)))
    StatsScene(store, "Ada")  # read once: the menu's store keeps the file open
    assert store.path is not None
    store.path.unlink()
    with Store.open() as other:  # another copy of the game, started since
        other.record_game(game(10, "polish", human(0, "Bob", 1), bot(1, "easy", 2)))
    clear_cache()
    stats = StatsScene(menu.store())
    assert "Ada" not in stats.names and stats.profile == "Bob"
    assert stats.stats is not None and stats.stats.games == 1
    assert not stats.message_is_error
    assert menu.store().problem is not None and "deleted" in menu.store().problem
    menu.shutdown()
