"""A player's name is kept one way wherever it enters, and spellings that look alike (or
are one name by Unicode's caseless matching) are one player."""

from __future__ import annotations

import sqlite3
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.store import Store
from game.store.models import name_key, normal_name
from game.store.records import MAX_NAME_LENGTH, clean_name
from game.ui.setup import tidy_name
from tests.store.conftest import game, human

ZWSP, ZWNJ, ZWJ, RLM, BOM, SHY = "\u200b", "\u200c", "\u200d", "\u200f", "\ufeff", "\u00ad"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        (f"Zoë{ZWSP}", "Zoë"),
        (f"{BOM}Łucja", "Łucja"),
        (f"{RLM}דוד", "דוד"),
        (f"Anna{SHY}Maria", "AnnaMaria"),
        (" Anna \u00a0 Maria\t", "Anna Maria"),
        (unicodedata.normalize("NFD", "Ștefan Zoë"), "Ștefan Zoë"),
        # The joiners are spelling inside a word: a Persian name, an emoji sequence.
        (f"علی{ZWNJ}رضا", f"علی{ZWNJ}رضا"),
        (f"Tata 👨{ZWJ}👩{ZWJ}👧", f"Tata 👨{ZWJ}👩{ZWJ}👧"),
        # At a word's edge or doubled they are nothing.
        (f"{ZWNJ}Ali{ZWJ} Reza{ZWNJ}", "Ali Reza"),
        (f"Ali{ZWNJ}{ZWJ}Reza", "AliReza"),
        # A region's flag keeps its tags; a stray tag goes.
        ("Jan 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", None),
        ("Jan\U000e0067", "Jan"),
        ("Anna\x00\x07Maria", "AnnaMaria"),
        # What draws nothing, though Unicode files it as no space nor format: a filler, the
        # blank braille pattern, a mark with nothing to mark, a variation selector after a
        # letter. After a symbol (an emoji) the selector picks how it is drawn, and stays.
        ("Anna\u3164", "Anna"),
        ("\u3164", ""),
        ("Anna\u2800Maria", "Anna Maria"),
        ("Anna\u034f", "Anna"),
        ("Anna\u17b4", "Anna"),
        ("Anna\ufe0f", "Anna"),
        ("\u2764\ufe0f Anna", None),
        ("Team 1\ufe0f\u20e3 \u203c\ufe0f \u2139\ufe0f", None),
        ("Anna 1\ufe0f", "Anna 1"),
        # Weighed once composed: ⫝̸ comes apart into ⫝ and a mark, and the mark selects nothing.
        ("Jan \u2adc\ufe0f", "Jan \u2add\u0338"),
        ("Anna\ud800\ufffe", "Anna"),
    ],
)
def test_a_name_is_kept_composed_on_one_line_without_stray_invisible_characters(
    typed: str, kept: str | None
) -> None:
    assert normal_name(typed) == (typed if kept is None else kept)


def test_a_name_cut_to_its_length_keeps_or_leaves_out_a_character_whole() -> None:
    # 👩‍💻 cut after 👩 (or after its joiner) would be another emoji, a flag cut in two a
    # lone letter, an accent cut off another letter: each goes whole.
    assert normal_name(f"{'a' * 31}👩{ZWJ}💻", 33) == "a" * 31
    assert normal_name(f"{'a' * 31}👩{ZWJ}💻", 32) == "a" * 31
    assert normal_name(f"{'a' * 30}👩{ZWJ}💻", 33) == f"{'a' * 30}👩{ZWJ}💻"
    assert normal_name(f"{'a' * 31}🇵🇱", 32) == "a" * 31
    assert normal_name(f"{'a' * 31}🇵🇱🇩🇪", 34) == f"{'a' * 31}🇵🇱"
    assert normal_name(f"{'a' * 31}👍🏽", 32) == "a" * 31
    assert normal_name(f"{'a' * 31}g\u0303\u0301", 33) == "a" * 31


@given(st.text(max_size=60))
def test_every_name_the_new_game_screen_seats_the_statistics_take_as_it_is(typed: str) -> None:
    seated = tidy_name(typed, 0)
    assert clean_name(seated) == seated
    assert name_key(seated) == name_key(name_key(seated))


@given(st.text(max_size=40))
def test_a_name_is_tidied_once_and_for_all(typed: str) -> None:
    once = normal_name(typed)
    assert normal_name(once) == once
    assert len(normal_name(typed, MAX_NAME_LENGTH)) <= MAX_NAME_LENGTH


def test_names_that_look_alike_are_one_name() -> None:
    assert name_key("Anna") == name_key(f"Anna{ZWSP}") == name_key(f"{RLM}anna")
    assert name_key(f"علی{ZWNJ}رضا") == name_key("علیرضا")
    # Romanian comma below and cedilla, as older keyboards and phones type them
    assert name_key("Ștefan Țurcanu") == name_key("Ştefan Ţurcanu") == name_key("ŞTEFAN ŢURCANU")
    # Unicode's caseless matching: ß is ss (WEISS is either name in capitals)
    assert name_key("Weiß") == name_key("Weiss")
    assert name_key("Anna") != name_key("Ana")
    assert name_key("Anna") == name_key("Anna\u3164") == name_key("Anna\u034f")
    assert name_key("\u2764\ufe0f Anna") == name_key("\u2764 Anna")  # drawn in colour or not


def test_a_name_taken_under_another_spelling_is_refused_in_the_spelling_typed(
    store: Store,
) -> None:
    store.create_profile("Weiß")
    with pytest.raises(ValueError) as refused:
        store.create_profile("Weiss")
    assert str(refused.value) == (
        "A profile called 'Weiß' already exists, and 'Weiss' counts as the same name."
    )
    with pytest.raises(ValueError, match=r"^A profile called 'Weiß' already exists\.$"):
        store.create_profile(" Weiß ")


@pytest.mark.parametrize(
    "name",
    [
        f"مهدی{ZWNJ}زاده",
        f"Kasia 👩{ZWJ}💻",
        f"Kasia 🏳️{ZWJ}🌈",
        "Jan 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "Tim \uf8ff",  # the Apple logo, Option+Shift+K on a Mac: a private-use character
    ],
)
def test_a_round_of_a_player_spelt_with_a_joiner_is_recorded(store: Store, name: str) -> None:
    assert store.record_game(game(1, "polish", human(0, name, 1), human(1, "Ada", 2)))
    assert {p.name for p in store.profiles() if not p.is_bot} == {name, "Ada"}
    assert store.profile(name) is not None


def test_one_person_typed_with_stray_invisible_characters_is_one_player(store: Store) -> None:
    store.record_game(game(1, "polish", human(0, "Anna", 1), human(1, "Ada", 2)))
    store.record_game(game(2, "polish", human(0, f"Anna{ZWSP}", 1), human(1, f"{BOM}Ada", 2)))
    store.record_game(game(3, "polish", human(0, "Şerban", 1), human(1, "Ada", 2)))
    store.record_game(game(4, "polish", human(0, "Șerban", 1), human(1, "Ada", 2)))
    assert sorted(p.name for p in store.profiles() if not p.is_bot) == ["Ada", "Anna", "Şerban"]
    assert store.profile_stats("Anna").games == 2
    assert store.profile_stats("Șerban").games == 2


def test_a_profile_stored_under_an_older_key_is_found_under_the_new_one(
    home: Path, store: Store
) -> None:
    store.record_game(game(1, "polish", human(0, "Ştefan", 1), human(1, "Ada", 2)))
    path = store.path
    store.close()
    assert path is not None
    conn = sqlite3.connect(str(path))
    with conn:  # as a version that told ş (cedilla) from ș (comma below) left it
        conn.execute("UPDATE profiles SET name_key = 'ştefan' WHERE name = 'Ştefan'")
    conn.close()
    with Store.open() as reopened:
        reopened.record_game(game(2, "polish", human(0, "Ștefan", 1), human(1, "Ada", 2)))
        assert [p.name for p in reopened.profiles() if not p.is_bot] == ["Ada", "Ştefan"]
        assert reopened.profile_stats("Ştefan").games == 2


def _with_an_older_second_person(store: Store, first: str, second: str, key: str) -> None:
    """``first`` plays a round; then ``second`` is a profile of its own under ``key``, as an
    older version that told the two names apart made it; the store is closed."""
    store.record_game(game(1, "polish", human(0, first, 1), human(1, "Ada", 2)))
    path = store.path
    store.close()
    assert path is not None
    conn = sqlite3.connect(str(path))
    with conn:
        conn.execute(
            "INSERT INTO profiles (name, kind, created, name_key) VALUES (?, 'human', 0, ?)",
            (second, key),
        )
    conn.close()


def test_two_people_an_older_version_told_apart_keep_their_own_rounds(store: Store) -> None:
    """An older version kept "Ştefan" (cedilla) and "Ștefan" (comma below) as two people.
    Now their keys are one, yet "ȘTEFAN" still goes to the one spelt with its letters."""
    _with_an_older_second_person(store, "Ştefan", "Ștefan", "ștefan")
    with Store.open() as reopened:
        reopened.record_game(game(2, "polish", human(0, "ȘTEFAN", 1), human(1, "Ada", 2)))
        assert reopened.profile_stats("Ștefan").games == 1
        assert reopened.profile_stats("Ştefan").games == 1


def test_two_people_whose_names_now_tidy_alike_stay_two(store: Store) -> None:
    """An older version kept "Anna" and "Anna" with a Hangul filler as two people. Names now
    drop the filler, yet each stored profile is reached, renamed and seated by its name."""
    filler = "Anna\u3164"
    _with_an_older_second_person(store, "Anna", filler, "anna\u3164")
    with Store.open() as reopened:
        reopened.record_game(game(2, "polish", human(0, filler, 1), human(1, "Anna", 2)))
        assert reopened.profile_stats(filler).games == 1
        assert reopened.profile_stats(filler).wins == 1
        assert reopened.profile_stats("Anna").games == 2
        reopened.rename_profile(filler, "Berta")
        assert reopened.profile_stats("Berta").games == 1
        assert reopened.profile_stats("Anna").games == 2


def test_a_name_respelt_beside_a_look_alike_an_older_version_kept_is_taken(store: Store) -> None:
    """A change of letter case alone is allowed, also where an older version kept a
    look-alike of the name as another person: it changes nothing between the two."""
    filler = "Anna\u3164"
    _with_an_older_second_person(store, "Anna", filler, "anna\u3164")
    with Store.open() as reopened:
        reopened.rename_profile("Anna", "anna")
        assert reopened.profile_stats("anna").games == 1
        assert reopened.profile_stats(filler).games == 0
        with pytest.raises(ValueError, match="already exists"):
            reopened.create_profile("ANNA")


def test_romanian_letters_of_either_spelling_are_listed_with_their_plain_letters(
    store: Store,
) -> None:
    for name in ("Tudor", "Ştefan", "Sara", "Țurcanu", "Şerban", "Tamara", "Zoë", "Ștefania"):
        store.create_profile(name)
    humans = [p.name for p in store.profiles() if not p.is_bot]
    assert humans == ["Sara", "Şerban", "Ştefan", "Ștefania", "Tamara", "Tudor", "Țurcanu", "Zoë"]
