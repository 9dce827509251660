"""The statistics file deleted or replaced while the game has it open (a clean-up tool, a
sync client, the player): the rounds played since are recorded in the file now at its
place, made anew if there is none, and the player is told; where none can be made, the
player is told that too. Written on, the old file would take every round with it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from game.store import Store
from tests.store.conftest import bot, game, human


def _round(n: int) -> object:
    return game(n, "polish", human(0, "Ada", 1), bot(1, "easy", 2))


def test_rounds_played_after_the_folder_is_deleted_are_kept_in_a_new_file(
    store: Store, home: Path
) -> None:
    assert store.record_game(_round(1)) is not None
    shutil.rmtree(home)
    assert store.record_game(_round(2)) is not None
    assert store.problem is not None and "deleted while Macau was running" in store.problem
    assert "recorded in a new one" in store.problem
    assert store.profile_stats("Ada").games == 1  # what the new file holds, read anew
    store.close()
    with Store.open() as again:
        assert again.profile_stats("Ada").games == 1 and again.problem is None


def test_rounds_go_to_a_file_put_in_the_old_ones_place(store: Store, home: Path) -> None:
    assert store.path is not None
    store.record_game(_round(1))
    other = Store.open(home / "elsewhere.sqlite3")
    for n in (7, 8):
        other.record_game(_round(n))
    backup = home / "backup.sqlite3"  # a whole file, as a backup is
    other._conn.execute("VACUUM INTO ?", (str(backup),))
    other.close()
    os.replace(backup, store.path)  # put back in place of the file in use
    store.record_game(_round(3))
    assert store.problem is not None and "replaced" in store.problem
    assert store.profile_stats("Ada").games == 3  # the backup's two and this one
    store.close()
    with Store.open() as again:
        assert again.profile_stats("Ada").games == 3


def test_a_folder_that_cannot_be_made_again_is_told(store: Store, home: Path) -> None:
    store.record_game(_round(1))
    shutil.rmtree(home / "data")
    (home / "data").write_text("not a folder")
    assert store.record_game(_round(2)) is None
    assert store.read_only and store.problem is not None
    assert store.problem.startswith("The statistics file was deleted while Macau was running.")
    assert "not recorded" in store.problem


def test_a_file_replaced_before_the_game_closes_is_found_whole_next_time(
    store: Store, home: Path
) -> None:
    # SQLite leaves the old file's write-ahead log behind when the file has gone; read as
    # the new file's own, it would show (and write) the old file's pages in the backup.
    assert store.path is not None
    store.record_game(_round(1))
    backup = home / "backup.sqlite3"
    with Store.open(home / "elsewhere.sqlite3") as other:
        for n in (7, 8):
            other.record_game(_round(n))
        other._conn.execute("VACUUM INTO ?", (str(backup),))
    os.replace(backup, store.path)
    store.close()  # no round recorded since: the replacement is found as the game closes
    assert not Path(f"{store.path}-wal").exists()
    with Store.open() as again:
        assert again.problem is None
        assert [e.ended_at for e in again.history("Ada")] == [
            e.ended_at for e in reversed([_round(7), _round(8)])
        ]


def test_two_stores_of_one_file_both_follow_it_and_lose_nothing(store: Store, home: Path) -> None:
    # Two copies of the game (or two windows of one) on one file: the second to notice
    # finds the first one's new file, and leaves its log alone.
    assert store.path is not None
    other = Store.open()
    store.record_game(_round(1))
    other.record_game(_round(2))
    store.path.unlink()
    store.record_game(_round(3))  # makes the new file
    other.record_game(_round(4))  # follows into it
    assert other.problem is not None and "deleted or replaced" in other.problem
    store.record_game(_round(5))
    other.close()
    store.close()
    with Store.open() as again:
        assert again.profile_stats("Ada").games == 3
        assert again._conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_log_left_without_its_file_is_not_read_as_the_new_files(store: Store, home: Path) -> None:
    # The menu's store keeps the file open (Statistics was visited) while the file is
    # deleted between two tables: the next table's store makes the file anew beside the log
    # and index the menu's connection keeps, and read as the new file's they showed the old
    # file's pages in it ("no such table").
    assert store.path is not None
    store.record_game(_round(1))
    store.path.unlink()
    with Store.open() as table:
        assert table.problem is None
        for n in (2, 3):
            assert table.record_game(_round(n)) is not None
    store.follow()  # what the menu asks before a screen reads: the file is followed
    assert store.profile_stats("Ada").games == 2
    store.close()
    with Store.open() as again:
        assert again.profile_stats("Ada").games == 2
        assert again._conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_full_disk_met_after_following_does_not_hide_that_the_file_went(
    store: Store, home: Path
) -> None:
    assert store.path is not None
    store.record_game(_round(1))
    store.path.unlink()
    assert store.record_game(_round(2)) is not None  # followed into a new file
    told = store.problem
    assert told is not None and "deleted" in told
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk fills up
    played = next(n for n in range(3, 1000) if store.record_game(_round(n)) is None)
    assert store.problem is not None and store.problem.startswith(told)
    assert store.problem != told  # and the full disk is told after it
    store._conn.execute("PRAGMA max_page_count = 1073741823")  # room again
    assert store.record_game(_round(played + 1)) is not None
    assert store.problem == told
    assert store.profile_stats("Ada").games == played  # every round since the deletion
