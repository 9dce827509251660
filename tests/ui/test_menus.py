"""The menus through real key and mouse events: every screen opens and comes back, settings
stick, a damaged save is set aside, custom rule sets round-trip, a match keeps score."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pygame
import pytest

from game.engine import PRESETS, Rules, explain
from game.engine.explain import PRESET_TITLES
from game.store.db import Store
from game.store.saves import delete_rule_set, has_saved_game, load_rule_sets, save_rule_set
from game.store.settings import Settings
from game.ui import launch, theme
from game.ui.handoff import HandoffScreen
from game.ui.howto import HowToScreen
from game.ui.matchtable import MatchTable
from game.ui.menu import MainMenu
from game.ui.newgame import NewGameScreen
from game.ui.options import SettingsScreen
from game.ui.roundend import GamePause
from game.ui.rulesedit import RulesEditor
from game.ui.scene import Scene
from game.ui.scoreboard import ScoreboardOverlay, score_lines
from game.ui.setup import (
    BOT_NAMES,
    SeatSpec,
    TableSetup,
    duplicate_name,
    rename_clashing_bots,
    startable,
)
from tests.ui.menukit import Screen, play_to_match_end


def _press(screen: Screen, label: str) -> None:
    """Walk the focus down to the button called ``label`` and press Enter."""
    for _ in range(40):
        focused = getattr(screen.top, "focused", lambda: None)()
        if getattr(focused, "label", None) == label:
            screen.key(pygame.K_RETURN)
            return
        screen.key(pygame.K_DOWN)
    raise AssertionError(f"no button {label!r} on {type(screen.top).__name__}")


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("New game", NewGameScreen),
        ("Statistics", Scene),
        ("Rankings", Scene),
        ("How to play", HowToScreen),
        ("Settings", SettingsScreen),
    ],
)
def test_each_menu_item_opens_its_screen_and_esc_comes_back(label: str, kind: type) -> None:
    screen = Screen(MainMenu())
    _press(screen, label)
    assert isinstance(screen.top, kind) and not isinstance(screen.top, MainMenu)
    screen.frame(3)
    screen.key(pygame.K_ESCAPE)
    assert isinstance(screen.top, MainMenu)


def _how_to_play_over_a_quick_game_of(setup: TableSetup) -> HowToScreen:
    """How to play opened from the menu, with ``setup`` remembered as the quick game."""
    Settings().save()
    dataclasses.replace(Settings.load().settings, last_setup=setup.to_dict()).save()
    launch._fallback.clear()
    screen = Screen(MainMenu())
    _press(screen, "How to play")
    howto = screen.top
    assert isinstance(howto, HowToScreen)
    return howto


def test_how_to_play_from_the_menu_opens_on_the_quick_games_custom_rules() -> None:

    custom = PRESETS["polish"].replace(hand_size=6)
    setup = TableSetup("custom", (SeatSpec("You"), SeatSpec("Ada", "easy")), custom.to_text())
    howto = _how_to_play_over_a_quick_game_of(setup)
    assert howto.rules == custom and howto.seats == 2
    assert howto.picker.show(howto.picker.value) == "Quick game (custom)"


@pytest.mark.parametrize(("target", "told"), [(1000, "1000"), (500, None)])
def test_how_to_play_from_the_menu_tells_the_target_the_quick_game_plays_to(
    target: int, told: str | None
) -> None:

    setup = TableSetup("classic", (SeatSpec("You"), SeatSpec("Ada", "easy")), target=target)
    howto = _how_to_play_over_a_quick_game_of(setup)
    if told is None:  # the preset as it is: its own page
        assert howto.rules == PRESETS["classic"] and howto.picker.value == "classic"
    else:
        assert howto.rules == PRESETS["classic"].replace(target=target, name="classic")
        assert told in explain(howto.rules)
        # The preset's title: the target is the table's choice, and the text tells it.
        assert howto.picker.show(howto.picker.value) == "Quick game: Classic Macao"


@pytest.mark.parametrize("four", [True, False])
def test_how_to_play_draws_the_suits_in_its_words_as_the_cards_show_them(
    four: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import howto, theme

    pygame.font.init()
    calls: list[tuple[str, bool]] = []
    original = theme.text

    def recording(content: str, size: int, *args: object, **kw: object) -> pygame.Surface:
        flag = kw.get("four_colour", args[2] if len(args) > 2 else False)
        calls.append((content, bool(flag)))
        return original(content, size, *args, **kw)  # type: ignore[arg-type]

    def measuring(content: str, size: int, bold: bool = False) -> tuple[int, int]:
        return original(content, size, theme.TEXT, bold).get_size()  # not drawn: not counted

    monkeypatch.setattr(theme, "text", recording)
    monkeypatch.setattr(theme, "text_size", measuring)
    howto.render_page(PRESETS["polish"], 900, four_colour=four)
    with_suits = [flag for content, flag in calls if set(content) & set("♠♥♦♣")]
    assert len(with_suits) > 10 and all(flag == four for flag in with_suits)


def test_quick_game_by_mouse_then_pause_menu_items_and_quit_to_menu_with_continue() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    assert not menu.continue_button.visible
    screen.click(menu.quick_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and table.setup.humans == (0,)
    screen.key(pygame.K_t, "t")
    assert isinstance(screen.top, ScoreboardOverlay)
    screen.key(pygame.K_ESCAPE)
    for answer, kind in (("howto", HowToScreen), ("settings", SettingsScreen)):
        screen.key(pygame.K_ESCAPE)
        pause = screen.top
        assert isinstance(pause, GamePause)
        pause.finish(answer)
        assert isinstance(screen.top, kind)
        screen.key(pygame.K_ESCAPE)
        assert screen.top is table
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_s, "s")  # the pause menu's key for Settings
    assert isinstance(screen.top, SettingsScreen)
    screen.key(pygame.K_ESCAPE)  # back to the pause menu it was opened from
    assert isinstance(screen.top, GamePause)
    screen.key(pygame.K_q, "q")
    assert screen.top is menu and has_saved_game() and menu.continue_button.visible
    screen.key(pygame.K_RETURN)  # Continue is focused first
    resumed = screen.top
    assert isinstance(resumed, MatchTable)
    assert resumed.game.to_dict() == table.game.to_dict()


def test_settings_change_at_once_and_are_kept() -> None:
    screen = Screen(MainMenu())
    _press(screen, "Settings")
    options = screen.top
    assert isinstance(options, SettingsScreen)
    for _ in range(2):  # Volume, Mute
        screen.key(pygame.K_DOWN)
    screen.key(pygame.K_RIGHT)  # animation speed: normal -> fast
    screen.key(pygame.K_DOWN)
    screen.key(pygame.K_RIGHT)  # card back: blue -> red
    kept = Settings.load().settings
    assert (kept.animation_speed, kept.card_back) == ("fast", "red")
    # The bots' pace is a scale: from Normal one way is Fast, the other Slow, and it stops
    # there (it stepped Normal, Fast, Slow, round and round).
    pace = options._choice("bot_pace", kept)
    assert pace.value == "normal"
    pace.step(1)
    pace.step(1)
    assert pace.value == "fast"
    for _ in range(3):
        pace.step(-1)
    assert pace.value == "slow"


def test_a_damaged_save_is_set_aside_and_the_menu_still_works(_home: Path) -> None:
    state = _home / "state"
    state.mkdir(parents=True)
    (state / "current_game.json").write_text('{"format": "macau-save", "version": 1, "ga')
    menu = MainMenu()
    screen = Screen(menu)
    assert "damaged" in menu.problem and not menu.continue_button.visible
    assert any(p.name.startswith("current_game.corrupt") for p in state.iterdir())
    # a readable envelope around a game that is not a table is set aside too
    envelope = {"format": "macau-save", "version": 1, "saved_at": 0, "game": {"kind": "x"}}
    (state / "current_game.json").write_text(json.dumps(envelope))
    menu.refresh()
    assert "could not be read" in menu.problem and not has_saved_game()
    _press(screen, "New game")
    assert isinstance(screen.top, NewGameScreen)


def _new_game(screen: Screen, preset: str, seats: int) -> NewGameScreen:
    """Open New game from the menu, pick ``preset`` and step the table to ``seats``."""
    _press(screen, "New game")
    new = screen.top
    assert isinstance(new, NewGameScreen)
    screen.click(new.preset_buttons[preset].rect.center)
    while new.count.value > seats:
        screen.click((new.count.rect.x + 4, new.count.rect.centery))
    while new.count.value < seats:
        screen.click((new.count.rect.right - 4, new.count.rect.centery))
    return new


def _retype(screen: Screen, field: object, text: str) -> None:
    """Click a name field, erase it and type ``text``."""
    screen.click(field.rect.center)  # type: ignore[attr-defined]
    screen.key(pygame.K_END)  # the click put the caret where it landed, maybe mid-name
    for _ in range(len(field.text)):  # type: ignore[attr-defined]
        screen.key(pygame.K_BACKSPACE)
    screen.type(text)


def _make_person(screen: Screen, row: object) -> None:
    """Step a seat's kind chooser until the seat is a person."""
    kind = row.kind  # type: ignore[attr-defined]
    while kind.value != "":
        screen.click((kind.rect.right - 4, kind.rect.centery))


def test_new_game_second_person_renames_you_and_the_only_person_gets_it_back() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    rows = new.rows
    assert rows[0].name.text == "You" and rows[0].spec().human
    _make_person(screen, rows[2])
    # "You" would mean whoever looks at the screen: with two people both get player names
    assert [rows[0].name.text, rows[2].name.text] == ["Player 1", "Player 3"]
    while rows[2].kind.value == "":  # back to a bot
        screen.click((rows[2].kind.rect.right - 4, rows[2].kind.rect.centery))
    assert rows[0].name.text == "You" and rows[2].name.text in BOT_NAMES
    # a typed name is never replaced
    _retype(screen, rows[0].name, "Zofia")
    _make_person(screen, rows[1])
    assert [rows[0].name.text, rows[1].name.text] == ["Zofia", "Player 2"]


def test_esc_while_typing_a_name_leaves_the_field_not_the_screen() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    name = new.rows[1].name
    _retype(screen, name, "Zofia")
    screen.click(name.rect.center)
    assert name.editing
    screen.key(pygame.K_ESCAPE)
    assert screen.top is new and not name.editing and name.text == "Zofia"
    screen.key(pygame.K_ESCAPE)  # a second Esc, with no field being typed in, goes back
    assert isinstance(screen.top, MainMenu)


def test_esc_in_a_name_field_ends_typing_but_the_keys_carry_on_from_that_field() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    name = new.rows[1].name
    while new.focused() is not name:  # the keyboard only, from the top of the form
        screen.key(pygame.K_DOWN)
    typed = name.text + "a"
    screen.type("a")
    screen.key(pygame.K_ESCAPE)
    # Still the field the keys work from, drawn ringed, with no caret; typing no longer lands.
    assert new.focused() is name
    assert not name.editing
    screen.type("b")
    assert name.text == typed
    screen.key(pygame.K_DOWN)  # on to the next control, not back to the top of the form
    assert new.focused() is new.rows[2].kind
    screen.key(pygame.K_UP)
    assert new.focused() is name and name.editing  # as arriving by the arrows always did
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_RETURN)  # Enter edits the focused field again
    assert name.editing and screen.top is new
    screen.type("c")
    assert name.text == typed + "c"
    screen.key(pygame.K_ESCAPE)
    screen.key(pygame.K_ESCAPE)
    assert isinstance(screen.top, MainMenu)


def test_new_game_refuses_two_seats_with_one_name() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 2)
    row = new.rows[1]
    _retype(screen, row.name, " you ")
    screen.click(new.start_button.rect.center)
    assert screen.top is new
    assert new.message == "Two seats are called You: give each seat its own name."
    screen.click(row.name.rect.center)
    screen.key(pygame.K_BACKSPACE)  # " you " -> " you": the same name, still refused
    assert new.message
    screen.key(pygame.K_BACKSPACE)  # " you" -> " yo": the refusal no longer applies
    assert new.message == ""
    assert duplicate_name(["Ada", "Ben"]) is None
    assert duplicate_name(["Ada", "Ben", "ben"]) == "ben"
    assert duplicate_name(["Cleo  Ann", "cleo ann"]) == "cleo ann"


@pytest.mark.parametrize("typed", ["Bot · hard", "bot · HARD", " Bot  ·  hard "])
def test_new_game_refuses_a_person_named_like_a_bot_level(typed: str, _home: Path) -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 2)
    _retype(screen, new.rows[0].name, typed)
    screen.click(new.start_button.rect.center)
    assert screen.top is new  # not started: no round of this person could be recorded
    assert new.message == (
        f"{' '.join(typed.split())} is what the statistics call every hard bot: "
        "give this person another name."
    )
    assert not (_home / "state" / "current_game.json").exists()


def test_new_game_keeps_you_for_the_only_person_at_the_table(_home: Path) -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    _make_person(screen, new.rows[1])  # "You" becomes "Player 1" as a second person sits
    assert [r.name.text for r in new.rows[:2]] == ["Player 1", "Player 2"]
    _retype(screen, new.rows[0].name, "You")  # typed back: the table would say "you" to all
    screen.click(new.start_button.rect.center)
    assert screen.top is new
    assert new.message == (
        'With several people at the table, "You" would mean whoever is looking at the '
        "screen: give this person their own name."
    )
    assert not (_home / "state" / "current_game.json").exists()
    _retype(screen, new.rows[2].name, "you")  # the bot: the refusal names the first "you"
    _retype(screen, new.rows[0].name, "Ola")
    screen.click(new.start_button.rect.center)
    assert screen.top is new
    assert new.message == '"You" is the person at the screen: give this bot another name.'
    with pytest.raises(ValueError, match="give this bot another name"):
        startable(TableSetup("polish", (SeatSpec("Ola"), SeatSpec("you", "easy"))))
    _retype(screen, new.rows[2].name, "Cleo")
    screen.click(new.start_button.rect.center)
    assert isinstance(screen.top, MatchTable)
    assert screen.top.names == ["Ola", "Player 2", "Cleo"]
    # One person alone keeps "You", as typed or in any letter case.
    assert startable(TableSetup("polish", (SeatSpec("You"), SeatSpec("Ada", "easy"))))
    alone = startable(TableSetup("polish", (SeatSpec("Ada", "easy"), SeatSpec(" yOU "))))
    assert alone.names == ["Ada", "You"]  # as the table speaks to it: "You lay", not "yOU lays"


def test_bots_with_a_stock_name_someone_else_has_take_a_free_one() -> None:
    seats = (
        SeatSpec("Ben"),
        SeatSpec("Ada", "easy"),
        SeatSpec("Ben", "hard"),
        SeatSpec("ada", "x"),
    )
    assert rename_clashing_bots(seats) == (
        SeatSpec("Ben"),
        SeatSpec("Ada", "easy"),
        SeatSpec("Cleo", "hard"),
        SeatSpec("Dan", "x"),
    )
    # people are never renamed, nor bots with typed names: those clashes are refused instead
    people = (SeatSpec("Ben"), SeatSpec("ben"), SeatSpec("Zed", "easy"), SeatSpec("Zed", "hard"))
    assert rename_clashing_bots(people) == people


def test_a_person_typed_with_a_bots_name_moves_the_bot_to_another_at_once() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    _make_person(screen, new.rows[1])
    bot = new.rows[2]
    taken = bot.name.text
    assert bot.spec().level and taken
    _retype(screen, new.rows[1].name, taken)
    screen.frame()
    # The screen shows what Start will use: the bot takes a free stock name, not after Start.
    assert new.rows[1].name.text == taken and bot.name.text not in (taken, "")
    shown = [r.spec().name for r in new.rows[:3]]
    screen.click(new.start_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and table.names == shown


def test_a_typed_name_like_the_stock_one_stays_when_the_seat_becomes_a_bot_and_back() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    row = new.rows[1]
    _make_person(screen, row)
    assert row.name.text == "Player 2"  # the seat's own stock name, which names no one
    screen.click((row.kind.rect.right - 4, row.kind.rect.centery))  # a bot again
    assert not row.spec().human and row.name.text in BOT_NAMES
    for typed in ("Player Tom", "Player 9"):
        _make_person(screen, row)
        _retype(screen, row.name, typed)
        screen.click((row.kind.rect.right - 4, row.kind.rect.centery))
        assert not row.spec().human and row.name.text == typed
        _make_person(screen, row)
        assert row.spec() == SeatSpec(typed)


def test_a_restored_stock_name_is_replaced_and_a_restored_typed_one_kept() -> None:
    # The last table: "Player 2" (the screen's name for a second person, though seated
    # first) and a guest typed as "Player Tom".
    seats = (SeatSpec("Player 2"), SeatSpec("Ada", "medium"), SeatSpec("Player Tom"))
    Settings(last_setup=TableSetup("polish", seats).to_dict()).save()
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    assert [r.name.text for r in new.rows[:3]] == ["Player 2", "Ada", "Player Tom"]
    for row in (new.rows[0], new.rows[2]):
        screen.click((row.kind.rect.right - 4, row.kind.rect.centery))  # a bot now
    assert new.rows[0].name.text in BOT_NAMES and new.rows[2].name.text == "Player Tom"


def test_a_restored_stock_name_another_seat_takes_gives_way_to_its_own() -> None:
    seats = (SeatSpec("Player 3"), SeatSpec("Ada", "medium"), SeatSpec("Ben", "medium"))
    Settings(last_setup=TableSetup("polish", seats).to_dict()).save()
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    _make_person(screen, new.rows[2])  # named "Player 3", as its seat is
    assert [r.name.text for r in new.rows[:3]] == ["Player 1", "Ada", "Player 3"]
    screen.click(new.start_button.rect.center)
    assert isinstance(screen.top, MatchTable)


def test_a_restored_stock_name_whose_own_is_taken_too_takes_the_first_free() -> None:
    seats = (SeatSpec("Ada", "easy"), SeatSpec("Player 1"), SeatSpec("Player 2"))
    Settings(last_setup=TableSetup("romanian", seats).to_dict()).save()
    screen = Screen(NewGameScreen())
    new = screen.top
    assert isinstance(new, NewGameScreen)
    _make_person(screen, new.rows[0])
    assert [r.name.text for r in new.rows[:3]] == ["Player 1", "Player 3", "Player 2"]
    screen.click(new.start_button.rect.center)
    assert isinstance(screen.top, MatchTable)


def test_new_game_offers_the_players_the_statistics_know_as_a_person_is_named() -> None:
    with Store.open() as store:
        for name in ("Alice", "Albert", "Zofia", "You", "Straße"):
            store.create_profile(name)
    menu = MainMenu()
    screen = Screen(menu)
    menu.store()  # (the store the menu opens as it is shown, waited for)
    new = _new_game(screen, "polish", 3)
    rows = new.rows
    _retype(screen, rows[0].name, "al")
    assert rows[0].name.completion() == "bert"  # the first in the list's order
    screen.key(pygame.K_RIGHT)  # takes it, in its own spelling
    assert rows[0].name.text == "Albert" and rows[0].name.typed
    _make_person(screen, rows[2])
    _retype(screen, rows[2].name, "AL")
    assert rows[2].name.completion() == "ice"  # Albert sits in the first seat
    screen.key(pygame.K_LEFT)  # the caret off the end: nothing offered
    assert rows[2].name.completion() == "" and rows[2].name.text == "AL"
    screen.key(pygame.K_END)
    assert rows[2].name.completion() == "ice"
    screen.key(pygame.K_END)
    assert rows[2].name.text == "Alice"
    _retype(screen, rows[2].name, "Zofia")  # typed whole: nothing more offered
    assert rows[2].name.completion() == ""
    _retype(screen, rows[2].name, "Zo ")
    assert rows[2].name.completion() == ""  # (a space typed: a name of its own)
    _retype(screen, rows[2].name, "STRASS")  # as two spellings of one name compare
    assert rows[2].name.completion() == "e"
    screen.key(pygame.K_END)
    assert rows[2].name.text == "Straße"
    _retype(screen, rows[2].name, "y")  # "You" is for the only person at the table
    assert rows[2].name.completion() == ""
    _retype(screen, rows[0].name, "y")
    assert rows[0].name.completion() == ""
    while rows[2].kind.value == "":
        screen.click((rows[2].kind.rect.right - 4, rows[2].kind.rect.centery))
    _retype(screen, rows[0].name, "y")
    assert rows[0].name.completion() == "ou"
    _retype(screen, rows[1].name, "Zo")  # a bot's seat is offered no player
    assert not rows[1].spec().human and rows[1].name.completion() == ""
    screen.key(pygame.K_RIGHT)
    assert rows[1].name.text == "Zo"


def test_the_names_on_the_new_game_screen_are_the_names_the_table_uses() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "hungarian", 10)
    rows = new.rows[:10]
    names = [r.name.text for r in rows]
    assert len({n.casefold() for n in names}) == 10, names  # nine stock names, no repeats
    _make_person(screen, rows[4])
    screen.click((rows[0].kind.rect.right - 4, rows[0].kind.rect.centery))  # "You" -> a bot
    assert not rows[0].spec().human
    after = [r.name.text for r in rows]
    assert after[1:4] == names[1:4] and after[5:] == names[5:]  # no other bot renamed
    assert after[0] in BOT_NAMES and after[0].casefold() not in {n.casefold() for n in after[1:]}
    assert [s.name for s in new.setup().seats] == after


def test_new_game_two_people_and_a_bot_with_typed_names_hands_over_the_screen() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "quick", 3)
    rows = new.rows
    screen.click(rows[1].kind.rect.move(-rows[1].kind.rect.w // 2 + 4, 0).center)  # medium->easy
    while rows[1].kind.value != "":
        screen.click((rows[1].kind.rect.right - 4, rows[1].kind.rect.centery))
    for row, name in ((rows[0], "Anna"), (rows[1], "Ben")):
        _retype(screen, row.name, name)
    screen.click(new.start_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable), new.message
    assert table.names[:2] == ["Anna", "Ben"]
    # the bot that carried the stock name "Ben" took a free one
    assert (
        table.names[2] in BOT_NAMES
        and table.names[2] not in ("Anna", "Ben")
        and table.humans == (0, 1)
    )
    assert Settings.load().settings.last_setup == table.setup.to_dict()
    for _ in range(600):
        if isinstance(screen.top, HandoffScreen):
            break
        screen.frame()
    handoff = screen.top
    assert isinstance(handoff, HandoffScreen) and not table.director.reveal
    screen.click(handoff.panel.center)
    assert screen.top is table and table.director.reveal
    assert table.viewer == handoff.seat == table.game.current


def test_a_custom_rule_set_round_trips_through_the_editor() -> None:
    results: list[Rules | None] = []
    editor = RulesEditor(PRESETS["classic"], results.append)
    screen = Screen(editor)
    penalty = editor.controls["macau_penalty"]
    while editor.focused() is not penalty:  # the keyboard scrolls the list down to it
        screen.key(pygame.K_DOWN)
    assert penalty.visible
    screen.key(pygame.K_RIGHT)  # 5 -> 6 (a stepper)
    while not editor.controls["jokers"].visible:
        screen.key(pygame.K_UP)
    joker = editor.controls["jokers"]
    screen.click((joker.rect.x + 4, joker.rect.centery))  # 2 -> 1 joker per deck
    assert editor.rules is not None and editor.rules.macau_penalty == 6
    screen.click(editor.name_field.rect.center)
    screen.type("Family")
    screen.key(pygame.K_RETURN)
    saved = Rules.from_text(load_rule_sets()["Family"])
    assert saved == editor.rules
    role = editor.controls["joker_role"]
    for _ in range(60):
        if editor.focused() is role:
            break
        screen.key(pygame.K_DOWN)
    screen.key(pygame.K_LEFT)  # draw wild -> stand for any card: the jokers stop attacking
    assert not editor.error and "the jokers left “Attack cards”" in editor.note
    editor.changed("attack_cards", editor.values["attack_cards"] | {"RJ"})  # by hand: a clash
    assert "red joker" in editor.error and not editor.use_button.enabled
    other = RulesEditor(PRESETS["polish"], results.append)
    screen.stack.push(other)
    other.saved.set("Family")
    screen.click(other.load_button.rect.center)
    screen.click(other.use_button.rect.center)
    assert results[-1] == saved and results[-1].jokers == 1


def _edited_editor() -> tuple[Screen, RulesEditor, list[Rules | None]]:
    results: list[Rules | None] = []
    editor = RulesEditor(PRESETS["polish"], results.append)
    screen = Screen(editor)
    dealt = editor.controls["hand_size"]
    while editor.focused() is not dealt:
        screen.key(pygame.K_DOWN)
    screen.key(pygame.K_RIGHT)  # 5 -> 6 cards dealt
    assert editor.edited and editor.values["hand_size"] == 6
    return screen, editor, results


def test_edits_in_the_rules_editor_are_not_thrown_away_without_asking() -> None:
    from game.ui.confirm import ConfirmDialog

    screen, editor, results = _edited_editor()
    screen.key(pygame.K_ESCAPE)  # leave: asked first, and Enter keeps editing
    assert isinstance(screen.top, ConfirmDialog)
    screen.key(pygame.K_RETURN)
    assert screen.top is editor and editor.values["hand_size"] == 6 and results == []
    # "Start from" stepped by a wheel notch: asked; kept, the control shows Polish again
    start = editor.start_from
    screen.send(pygame.MOUSEMOTION, pos=start.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    screen.send(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and "Start again from" in dialog.question
    screen.key(pygame.K_ESCAPE)
    assert start.value == "polish" and editor.values["hand_size"] == 6
    # agreed to: the edits go
    screen.click((start.rect.right - 4, start.rect.centery))
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog)
    screen.click(dialog.yes_button.rect.center)
    assert screen.top is editor and not editor.edited
    assert editor.values["hand_size"] == PRESETS[start.value].hand_size
    screen.click(editor.cancel_button.rect.center)  # nothing edited: leaves at once
    assert results == [None] and screen.top is not editor


def test_saved_rule_sets_are_deleted_or_replaced_only_once_confirmed() -> None:
    from game.ui.confirm import ConfirmDialog

    screen, editor, _ = _edited_editor()
    screen.click(editor.name_field.rect.center)
    screen.type("Home")
    screen.key(pygame.K_RETURN)  # a new name: saved at once
    assert "Home" in load_rule_sets() and not editor.edited
    screen.key(pygame.K_ESCAPE)  # out of the name field
    dealt = editor.controls["hand_size"]
    screen.click((dealt.rect.right - 4, dealt.rect.centery))  # 6 -> 7
    screen.click(editor.save_button.rect.center)  # the same name, other rules: asked
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Replace “Home”?"
    screen.key(pygame.K_RETURN)  # the safe answer keeps the saved set
    assert Rules.from_text(load_rule_sets()["Home"]).hand_size == 6
    screen.click(editor.save_button.rect.center)
    screen.click(screen.top.yes_button.rect.center)  # type: ignore[attr-defined]
    assert Rules.from_text(load_rule_sets()["Home"]).hand_size == 7
    screen.click(editor.delete_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Delete “Home”?"
    screen.key(pygame.K_ESCAPE)
    assert "Home" in load_rule_sets()
    screen.click(editor.delete_button.rect.center)
    screen.click(screen.top.yes_button.rect.center)  # type: ignore[attr-defined]
    assert "Home" not in load_rule_sets() and editor.note == "Deleted Home."


def test_a_rule_set_deleted_in_another_window_meanwhile_is_not_reported_deleted() -> None:
    from game.store.saves import delete_rule_set, save_rule_set

    save_rule_set("Home", PRESETS["polish"].to_text())
    save_rule_set("Quick", PRESETS["polish"].to_text())
    screen, editor, _ = _edited_editor()
    editor.saved.set("Home")
    delete_rule_set("Home")  # by the other window, while this one shows it
    screen.click(editor.delete_button.rect.center)
    screen.click(screen.top.yes_button.rect.center)  # type: ignore[attr-defined]
    assert editor.note == "“Home” is no longer among the saved rule sets."
    assert editor.saved.values == ["Quick"] and load_rule_sets() == {
        "Quick": PRESETS["polish"].to_text()
    }


@pytest.mark.parametrize("size", [(960, 600), (1024, 640), (1920, 1080)])
def test_the_editors_foot_fits_and_a_refused_save_is_told_in_the_clash_box(
    size: tuple[int, int],
) -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _r: None)
    screen = Screen(editor, size)
    editor.changed("skip_rank", "A")  # aces already change the suit
    screen.frame()
    assert editor.error
    screen.click(editor.name_field.rect.center)
    screen.type("Broken")
    screen.key(pygame.K_RETURN)
    assert editor.note == "Mend the rules first: these cannot be played."
    text, _, _ = editor._status_text()
    assert text.endswith("\n" + editor.note)  # drawn in the red box, over no button
    foot = [editor.name_field, editor.save_button, editor.howto_button]
    foot += [editor.cancel_button, editor.use_button]
    for a, b in itertools.pairwise(foot):
        assert a.rect.right <= b.rect.x, (a, b)
    assert foot[-1].rect.right <= editor.view.right <= size[0]


def test_a_classic_match_runs_to_its_target_with_the_scoreboard_right() -> None:
    seats = tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo"))
    setup = TableSetup("classic", seats, target=150)
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, setup.new_game(seed=3), settings=off, seed=3)
    screen = Screen(table, (960, 600))
    play_to_match_end(screen)
    g = table.game
    assert g.match_over and max(g.scores) >= 150 and not has_saved_game()
    rows, totals, _ = score_lines(table)
    assert len(rows) == len(g.round_charges) == len(table.rounds)
    assert totals == [str(sum(c[s] for c in g.round_charges)) for s in range(3)]
    assert totals == [str(s) for s in g.scores]
    assert screen.top.headline().startswith(
        "Drawn" if len(g.winners) > 1 else table.names[g.winners[0]]
    )
    screen.frame()


def test_rule_clashes_are_told_with_the_editors_own_labels() -> None:
    from game.ui.ruleoptions import friendly

    text = friendly("default_seats must lie between min_seats and max_seats")
    assert text == "“Usual players” must lie between “Fewest players” and “Most players”."
    assert friendly("two jokers per deck") == "Two jokers per deck."  # plain words left alone
    # The joker count and the groups, which plain words name, where a value goes with them
    assert friendly("needs jokers in the pack, but jokers is 0 (set joker_role none)") == (
        "Needs jokers in the pack, but “Jokers per deck” is 0 (set “Jokers” to “None”)."
    )
    assert friendly("five_again needs groups none") == (
        "“A five plays again” needs “Lay several cards” set to “None”."
    )


def test_the_editor_keeps_the_ranks_a_jack_asks_for_plain() -> None:
    polish = RulesEditor(PRESETS["polish"], lambda _r: None)
    polish.changed("seven_cuts", True)  # the 7 becomes a power card: it leaves the requests
    assert not polish.error and polish.rules is not None
    assert polish.rules.request_ranks == ("5", "6", "8", "9", "10")
    assert "7 left “Ranks a jack may ask”: it is a power card now." in polish.note
    classic = RulesEditor(PRESETS["classic"], lambda _r: None)
    classic.changed("jack_requests", True)  # none to ask for: the plain ranks of 5 to 10
    assert not classic.error and classic.rules is not None
    assert classic.rules.request_ranks == ("5", "6", "8", "9", "10")  # classic's 7 has a power
    assert "the plain ranks from 5 to 10" in classic.note
    classic.changed("request_ranks", ("6", "8"))
    classic.changed("skip_rank", "8")  # the 8 becomes the skip card: it leaves the requests
    assert classic.rules is not None and classic.rules.request_ranks == ("6",)
    classic.changed("request_ranks", ("6", "8"))  # picked by hand: the clash is told
    assert "8 is a power card (“Skip card”)" in classic.error


def test_jacks_switched_back_on_with_every_rank_asked_a_power_card_ask_the_plain_ones() -> None:
    # Jacks off, 5 to 10 all given powers, jacks on again: the ranks kept from before are all
    # power cards, and the clash told pointed only at ranks that clash too. 4 is plain.
    editor = RulesEditor(PRESETS["polish"], lambda _r: None)
    editor.changed("jack_requests", False)
    editor.changed("suit_changers", frozenset({"A", "5", "6", "8", "9", "10"}))
    editor.changed("skip_rank", "7")
    editor.changed("jack_requests", True)
    assert not editor.error and editor.rules is not None
    assert editor.rules.request_ranks == ("4",)
    assert "“Ranks a jack may ask” are now 4, the ranks left plain." in editor.note
    # A power card picked by hand stays picked, its clash told, through any other change,
    # and is asked once the options that give it its power are taken away.
    polish = RulesEditor(PRESETS["polish"], lambda _r: None)
    polish.changed("request_ranks", ("Q",))
    assert "Q is a power card" in polish.error
    polish.changed("macau_penalty", 3)
    polish.changed("plays_on_anything", frozenset())
    assert polish.values["request_ranks"] == ("Q",) and "Q is a power card" in polish.error
    polish.changed("anything_on", frozenset())
    assert not polish.error and polish.rules is not None
    assert polish.rules.request_ranks == ("Q",)
    # Picked beside a plain rank, or with jacks switched off and on, it stays too, and no
    # note says it became a power card.
    for steps in ((("macau_penalty", 3),), (("jack_requests", False), ("jack_requests", True))):
        editor = RulesEditor(PRESETS["polish"], lambda _r: None)
        editor.changed("request_ranks", ("Q", "7"))
        for option, value in steps:
            editor.changed(option, value)
        assert editor.values["request_ranks"] == ("Q", "7") and "Q left" not in editor.note
    # Picked while another option clashed (the powers cannot be told then): kept all the same.
    editor = RulesEditor(PRESETS["polish"], lambda _r: None)
    attack = PRESETS["polish"].attack_cards
    editor.changed("attack_cards", attack | {"RJ"})  # no joker in the pack: a clash
    editor.changed("request_ranks", ("Q", "7"))
    editor.changed("attack_cards", attack)
    assert editor.values["request_ranks"] == ("Q", "7") and "Q left" not in editor.note


def test_an_all_bot_table_is_explained_before_start_is_pressed() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 2)
    first = new.rows[0]
    screen.click((first.kind.rect.right - 4, first.kind.rect.centery))  # the person -> a bot
    assert new.message == "At least one seat must be a person."
    assert not new.start_button.primary
    screen.click(new.start_button.rect.center)
    assert screen.top is new  # still refused
    while first.kind.value != "":  # round the kinds back to a person
        screen.click((first.kind.rect.right - 4, first.kind.rect.centery))
    assert new.message == "" and new.start_button.primary


def test_the_scoreboard_shows_the_places_already_taken_in_the_round() -> None:
    from game.engine import Game

    seats = tuple(SeatSpec(n) for n in ("Ada", "Ben", "Cleo"))
    setup = TableSetup("polish", seats)
    game = Game.from_position(
        PRESETS["polish"], hands=["5H", "9C 10C", "9D 10D"], pile="6H", stock="2S 3S 4S 7S 8S"
    )
    off = Settings(animation_speed="off", bot_pace="fast")
    table = MatchTable(setup, game, settings=off, seed=3)
    game.apply("5H")  # Ada goes out first; the round plays on for second place
    rows, _, _ = score_lines(table)
    assert rows[-1] == ("Round 1", ["1st", "playing", "playing"])


def test_enter_after_clicking_a_preset_keeps_the_preset_clicked() -> None:
    screen = Screen(NewGameScreen())
    scene = screen.top
    assert isinstance(scene, NewGameScreen)
    polish = scene.preset_buttons["polish"]
    hungarian = scene.preset_buttons["hungarian"]
    scene.widgets.clear_focus()
    polish.focused = True  # the keyboard was on Polish
    screen.click(hungarian.rect.center)
    assert scene.preset == "hungarian"
    assert hungarian.focused and not polish.focused
    screen.key(pygame.K_RETURN)  # Enter presses what was clicked, not Polish
    assert scene.preset == "hungarian"


@pytest.mark.parametrize(("hand", "backs"), [("7S QC 2H", 3), ("2C 4D 9S KD 5C 6C 8D 9D", 7)])
def test_the_hand_off_fans_as_many_backs_as_the_player_holds(
    hand: str, backs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine import Game
    from game.ui import handoff

    setup = TableSetup("polish", (SeatSpec("Ania"), SeatSpec("Bartek")))
    game = Game.from_position(PRESETS["polish"], [hand, "9H 10H"], "5H 7H", "9C KC 4S 8S")
    table = MatchTable(setup, game, settings=Settings(animation_speed="fast"), seed=1)
    screen = Screen(table)
    turned: list[float] = []
    real = pygame.transform.rotozoom

    def rotozoom(image: pygame.Surface, angle: float, scale: float) -> pygame.Surface:
        turned.append(angle)
        return real(image, angle, scale)

    monkeypatch.setattr(handoff.pygame.transform, "rotozoom", rotozoom)
    screen.stack.push(HandoffScreen(table, 0))
    turned.clear()
    screen.frame()
    assert len(turned) == backs  # up to seven, one for each card held
    assert turned == sorted(turned, reverse=True) and turned[0] == -turned[-1]  # a fan


def test_a_short_window_gives_the_rules_summary_the_room_the_seats_leave() -> None:
    scene = NewGameScreen()
    screen = Screen(scene, (960, 600))
    assert scene.preset == "polish" and scene.count.value == 4
    # Not cut shorter than the most seats need: three lines, kept at every count so that
    # the Players stepper does not move under the pointer.
    assert len(scene.summary_lines) >= 3
    rows = [r for r in scene.rows[: scene.count.value]]
    assert all(r.kind.rect.h >= 30 for r in rows)
    assert rows[-1].name.rect.bottom < scene.dealer.rect.top  # nothing runs into the dealer
    assert scene.summary_rect.bottom < scene.count.rect.top
    del screen


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_no_seat_row_runs_into_another_control_at_any_table_size(size: tuple[int, int]) -> None:
    scene = NewGameScreen()
    screen = Screen(scene, size)
    for preset, rules in PRESETS.items():
        scene.pick(preset)
        for n in range(rules.min_seats, rules.max_seats + 1):
            scene.count.set(n)
            scene._count_changed(n)
            rects = [r for row in scene.rows[:n] for r in (row.kind.rect, row.name.rect)]
            others = [scene.count.rect, scene.dealer.rect]
            if scene.target.visible:
                others.append(scene.target.rect)
            where = f"{preset} at {n} seats, {size[0]}x{size[1]}"
            for i, a in enumerate(rects):
                assert scene.panel.contains(a), where
                assert a.h >= 26, where
                assert not any(a.colliderect(b) for b in rects[i + 1 :] + others), where
    del screen


def test_ten_seats_on_a_small_window_leave_the_names_room_to_be_read() -> None:
    scene = NewGameScreen()
    screen = Screen(scene, (960, 600))
    scene.pick("hungarian")
    scene.count.set(10)
    scene._count_changed(10)
    rows = scene.rows[:10]
    # The kinds drop "Bot ·" so that a name of eight letters shows whole beside them.
    assert [r.kind.shown() for r in rows[:2]] == ["Person", "Medium"]
    eight = theme.text_size("Marianna", rows[0].name.size)[0]
    assert all(r.name.rect.w >= eight + 16 for r in rows)
    # With room to spare the kinds say what they are in full.
    scene.count.set(4)
    scene._count_changed(4)
    assert scene.rows[1].kind.shown() == "Bot · medium"
    screen.stack.resize((1280, 800))
    scene.count.set(10)
    scene._count_changed(10)
    assert scene.rows[1].kind.shown() == "Bot · medium"
    del screen


def test_bots_seated_on_the_new_game_screen_get_the_stock_names_in_order() -> None:
    scene = NewGameScreen()
    screen = Screen(scene)
    scene.pick("hungarian")
    scene.count.set(10)
    scene._count_changed(10)
    names = [row.name.text for row in scene.rows]
    assert names == ["You", *BOT_NAMES]  # Dan fourth, as on a table named on the command line
    del screen


def test_quit_says_a_saved_game_stays_only_where_there_is_one() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    assert menu.descriptions[menu.quit_button] == "Close Macau"  # nothing is kept
    setup = TableSetup("polish", (SeatSpec("You", ""), SeatSpec("Ada", "easy")))
    table = MatchTable(setup, setup.new_game(seed=1), settings=Settings(animation_speed="off"))
    table.save()
    menu.refresh()
    assert menu.descriptions[menu.quit_button] == "Your saved game stays for Continue"
    del screen


def test_starting_another_table_says_beforehand_that_it_replaces_the_saved_game() -> None:
    menu = MainMenu()
    screen = Screen(menu)
    assert "replaces" not in menu.descriptions[menu.quick_button]
    assert not NewGameScreen().replaces_save
    setup = TableSetup("polish", (SeatSpec("You", ""), SeatSpec("Ada", "easy")))
    table = MatchTable(setup, setup.new_game(seed=1), settings=Settings(animation_speed="off"))
    table.save()
    menu.refresh()
    menu.refresh()  # said once, however often the menu comes back
    for button in (menu.quick_button, menu.new_button):
        assert menu.descriptions[button].count("\nIt replaces the saved game.") == 1
    assert NewGameScreen().replaces_save
    del screen


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_saved_rule_sets_with_long_names_are_told_apart_in_the_picker(
    size: tuple[int, int],
) -> None:
    editor = RulesEditor(PRESETS["polish"], lambda _r: None)
    screen = Screen(editor, size)
    for name, dealt in (("Grandma's Sunday rules", 6), ("Grandma's Sunday rules v2", 7)):
        editor.changed("hand_size", dealt)
        editor.name_field.text = name
        editor.save_set()
    shown = []
    for name in ("Grandma's Sunday rules", "Grandma's Sunday rules v2"):
        editor.saved.set(name)
        screen.frame()
        shown.append(editor.saved.shown())
    assert shown[0] != shown[1], shown
    assert shown[1].endswith("v2")  # a name cut short keeps its end
    if size[0] >= 1280:
        assert shown == ["Grandma's Sunday rules", "Grandma's Sunday rules v2"]  # room for all
    # The picker takes the room up to Load without running into "Start from".
    assert editor.saved.rect.right < editor.load_button.rect.x
    assert editor.saved.rect.x > editor.start_from.rect.right + 60


def test_names_differing_only_in_letter_case_are_one_rule_set() -> None:
    from game.ui.confirm import ConfirmDialog

    screen, editor, _ = _edited_editor()
    screen.click(editor.name_field.rect.center)
    screen.type("home")
    screen.key(pygame.K_RETURN)
    assert list(load_rule_sets()) == ["home"]
    screen.key(pygame.K_ESCAPE)  # out of the name field
    editor.changed("hand_size", 7)
    editor.name_field.text = "Home"
    screen.click(editor.save_button.rect.center)
    dialog = screen.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Replace “home”?"
    screen.key(pygame.K_RETURN)  # kept: nothing changes
    assert list(load_rule_sets()) == ["home"]
    assert Rules.from_text(load_rule_sets()["home"]).hand_size == 6
    screen.click(editor.save_button.rect.center)
    screen.click(screen.top.yes_button.rect.center)  # type: ignore[attr-defined]
    assert list(load_rule_sets()) == ["Home"]  # one set, under the spelling given now
    assert Rules.from_text(load_rule_sets()["Home"]).hand_size == 7
    assert editor.saved.values == ["Home"]


def _open_editor(screen: Screen, new: NewGameScreen) -> RulesEditor:
    screen.click(new.custom_button.rect.center)
    editor = screen.top
    assert isinstance(editor, RulesEditor)
    return editor


def _step_to(screen: Screen, choice: object, value: object) -> None:
    """Click an arrow of a cycler until it shows ``value`` (left for a smaller number)."""
    rect = choice.rect  # type: ignore[attr-defined]
    current = choice.value  # type: ignore[attr-defined]
    back = isinstance(value, int) and isinstance(current, int) and value < current
    for _ in range(80):
        if choice.value == value:  # type: ignore[attr-defined]
            return
        screen.click((rect.x + 4 if back else rect.right - 4, rect.centery))
    raise AssertionError(f"{value!r} never came up")


def test_reopening_the_editor_keeps_the_target_and_the_preset_the_rules_came_from() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    editor = _open_editor(screen, new)
    _step_to(screen, editor.start_from, "tel_aviv")
    editor.changed("hand_size", 4)
    screen.click(editor.use_button.rect.center)
    assert screen.top is new and new.preset == "custom" and new.target.value == 500
    _step_to(screen, new.target, 700)
    again = _open_editor(screen, new)
    # The editor shows the target chosen on New game and the preset the rules came from.
    assert again.start_from.value == "tel_aviv" and again.values["target"] == 700
    assert not again.edited
    screen.click(again.use_button.rect.center)
    assert new.target.value == 700
    setup = new.setup()
    assert setup.target == 700 and setup.rules().target == 700 and setup.rules_base == "tel_aviv"
    # Kept with the setup: the next New game opens the editor on Tel Aviv again.
    launch.change_settings(new, last_setup=setup.to_dict())
    later = NewGameScreen()
    screen.stack.push(later)
    assert _open_editor(screen, later).start_from.value == "tel_aviv"


def test_a_loaded_rule_set_shows_the_preset_it_comes_nearest_under_start_from() -> None:
    from game.store.saves import save_rule_set

    save_rule_set("Romanian, eight cards", PRESETS["romanian"].replace(hand_size=8).to_text())
    editor = RulesEditor(PRESETS["polish"], lambda _r: None)
    screen = Screen(editor)
    screen.click(editor.load_button.rect.center)
    assert editor.values["hand_size"] == 8
    assert editor.start_from.value == editor.baseline_preset == "romanian"


def test_custom_rules_seat_their_usual_players_as_chosen_in_the_editor() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 4)
    editor = _open_editor(screen, new)
    editor.changed("hand_size", 6)  # rules of their own (Polish at six seats is still Polish)
    _step_to(screen, editor.controls["default_seats"], 6)
    screen.click(editor.use_button.rect.center)
    assert new.preset == "custom" and new.count.value == 6
    assert all(row.visible for row in new.rows[:6]) and not new.rows[6].visible
    assert len(new.setup().seats) == 6
    # Players changed here afterwards stay when the same rules come back from the editor.
    screen.click((new.count.rect.x + 4, new.count.rect.centery))
    assert new.count.value == 5
    screen.click(_open_editor(screen, new).use_button.rect.center)
    assert new.count.value == 5
    # ... and a new "Usual players" seats that many again.
    editor = _open_editor(screen, new)
    _step_to(screen, editor.controls["default_seats"], 3)
    screen.click(editor.use_button.rect.center)
    assert new.count.value == 3


@pytest.mark.parametrize(("preset", "target"), [("polish", None), ("classic", 700)])
def test_rules_left_as_a_preset_has_them_keep_that_preset(preset: str, target: int | None) -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, preset, 3)
    if target is not None:
        _step_to(screen, new.target, target)
    editor = _open_editor(screen, new)
    screen.click(editor.use_button.rect.center)  # nothing changed
    setup = new.setup()
    assert new.preset == preset and setup.preset == preset and setup.rules_text is None
    assert setup.title().startswith(PRESET_TITLES[preset])
    assert setup.rules() == PRESETS[preset].replace(
        target=target or PRESETS[preset].target, name=preset
    )
    assert new.preset_buttons[preset].on and not new.custom_button.on
    # Options set back by hand to another preset's: that preset.
    editor = _open_editor(screen, new)
    _step_to(screen, editor.start_from, "hungarian")
    editor.changed("hand_size", 6)
    editor.changed("hand_size", 5)
    screen.click(editor.use_button.rect.center)
    assert new.preset == "hungarian" and new.setup().rules_text is None


def test_the_name_of_a_saved_rule_set_travels_with_the_table() -> None:
    from game.ui.howto import IN_FORCE
    from game.ui.resume import describe, read_saved_game, restore

    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    editor = _open_editor(screen, new)
    _step_to(screen, editor.start_from, "tel_aviv")
    editor.changed("hand_size", 4)
    assert editor.rules_label is None
    screen.click(editor.name_field.rect.center)
    screen.type("Family Tel Aviv")
    screen.key(pygame.K_RETURN)
    assert editor.rules_label == "Family Tel Aviv"
    screen.key(pygame.K_ESCAPE)  # out of the name field
    screen.click(editor.use_button.rect.center)
    setup = new.setup()
    assert setup.rules_label == "Family Tel Aviv"
    # The table's three players, kept through "Start from" as its usual players.
    assert setup.title() == "Family Tel Aviv (custom rules) · 3 players"
    screen.click(new.howto_button.rect.center)
    howto = screen.top
    assert isinstance(howto, HowToScreen)
    assert howto._name(IN_FORCE) == "Rules of this table: Family Tel Aviv (custom)"
    screen.key(pygame.K_ESCAPE)
    screen.click(new.start_button.rect.center)
    table = screen.top
    assert isinstance(table, MatchTable) and table.setup.rules_label == "Family Tel Aviv"
    table.open_pause()
    screen.key(pygame.K_h)  # How to play from the pause menu
    howto = screen.top
    assert isinstance(howto, HowToScreen)
    assert howto._name(IN_FORCE) == "Rules in force: Family Tel Aviv (custom)"
    # Continue says it, and a resumed table keeps it.
    saved = read_saved_game()
    assert describe(saved).startswith("Family Tel Aviv (custom rules) · 3 players")
    assert saved.data is not None and restore(saved.data).setup.rules_label == "Family Tel Aviv"
    menu = MainMenu()
    menu.refresh()
    assert menu.descriptions[menu.quick_button].startswith("Family Tel Aviv (custom rules)")
    assert menu.descriptions[menu.continue_button].startswith("Family Tel Aviv (custom rules)")
    # The set saved anew with other rules, or deleted, no longer names the table dealt
    # before: Continue, the resumed table and its rounds call them custom rules.
    for change in ("replace", "delete"):
        if change == "replace":
            text = PRESETS["tel_aviv"].replace(hand_size=6).to_text()
            save_rule_set("Family Tel Aviv", text)
        else:
            assert delete_rule_set("Family Tel Aviv")
        saved = read_saved_game()
        assert describe(saved).startswith("Custom rules · 3 players"), change
        assert saved.data is not None and restore(saved.data).setup.rules_label is None
        menu.refresh()
        assert menu.descriptions[menu.continue_button].startswith("Custom rules"), change
    # Saved again as they were dealt: named again.
    save_rule_set("Family Tel Aviv", saved.data["setup"]["rules_text"])
    assert describe(read_saved_game()).startswith("Family Tel Aviv (custom rules)")
    # Deleted, then the table given up for a new one: its round is filed unnamed too.
    assert delete_rule_set("Family Tel Aviv")
    launch.record_abandoned_save()
    with Store.open() as store:
        [entry] = store.history("You")
    assert entry.abandoned and entry.rules_label is None


def test_edited_or_unnamed_custom_rules_stay_custom_rules() -> None:
    screen = Screen(MainMenu())
    new = _new_game(screen, "polish", 3)
    editor = _open_editor(screen, new)
    editor.changed("hand_size", 4)
    editor.name_field.text = "Small hands"
    editor.save_set()
    editor.changed("hand_size", 3)  # changed since: no longer the saved set
    assert editor.rules_label is None
    screen.click(editor.use_button.rect.center)
    assert new.setup().rules_label is None
    assert new.setup().title() == "Custom rules · 3 players"  # the players chosen stay
    # Loaded by name and used unchanged: named again; reopened unchanged, still named.
    editor = _open_editor(screen, new)
    editor.saved.set("Small hands")
    screen.click(editor.load_button.rect.center)  # nothing edited here yet: no question
    assert editor.rules_label == "Small hands"
    screen.click(editor.use_button.rect.center)
    assert new.setup().rules_label == "Small hands"
    screen.click(_open_editor(screen, new).use_button.rect.center)
    assert new.setup().rules_label == "Small hands"


def test_a_round_on_a_saved_rule_set_is_recorded_under_its_name() -> None:
    from game.engine import Game, parse_action
    from game.store.db import Store

    rules = PRESETS["polish"].replace(hand_size=4)
    setup = TableSetup(
        "custom",
        (SeatSpec("Ada"), SeatSpec("Ben", "easy")),
        rules_text=rules.to_text(),
        rules_label="Family",
    )
    game = Game.from_position(rules, hands=["5H", "9C 10C"], pile="6H", stock="2S 3S 4S 7S 8S")
    table = MatchTable(setup, game, settings=Settings(animation_speed="off"), seed=1)
    Screen(table)
    assert table.apply(parse_action("5H"))
    assert table.game.over
    with Store.open() as store:
        [entry] = store.history("Ada")
    assert (entry.preset, entry.rules_label) == ("custom", "Family")


@pytest.mark.parametrize(("preset", "summed"), [("romanian", "Wins"), ("classic", "Total")])
def test_the_scoreboard_counts_wins_where_no_points_are_kept(
    preset: str, summed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Romanian keeps places only: its bottom row counts rounds won, and says so.
    from tests.ui.textkit import _Recorder, text_spy

    seats = tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo"))
    setup = TableSetup(preset, seats)
    table = MatchTable(setup, setup.new_game(seed=3), settings=Settings(), seed=3)
    surface = _Recorder((960, 600), text_spy(monkeypatch))
    board = ScoreboardOverlay(table)
    board.resize((960, 600))
    board.draw(surface)
    drawn = {words for words, _ in surface.drawn}
    assert summed in drawn and ({"Wins", "Total"} - {summed}).isdisjoint(drawn)


def test_a_last_table_that_cannot_be_dealt_again_is_told_on_the_quick_game_button() -> None:
    # (a bot level of a newer version, say)
    last = {"preset": "hungarian", "seats": [{"name": "Anna"}, {"name": "Bob", "level": "expert"}]}
    dataclasses.replace(Settings.load().settings, last_setup=last).save()
    launch._fallback.clear()
    menu = MainMenu()
    screen = Screen(menu)
    told = menu.descriptions[menu.quick_button]
    assert told.startswith("Polish Makao")
    assert "\nYour last table cannot be dealt again here (unknown bot level 'expert')" in told
    dataclasses.replace(Settings.load().settings, last_setup=None).save()
    launch._fallback.clear()
    menu.refresh()
    assert "cannot be dealt again" not in menu.descriptions[menu.quick_button]
    del screen


def test_how_to_play_names_changed_rules_as_its_text_does() -> None:
    from game.ui.howto import IN_FORCE

    # A rules file named after a preset whose options differ is not that preset.
    edited = PRESETS["tel_aviv"].replace(hand_size=4, name="tel_aviv")
    assert explain(edited).startswith("How to play: Tel-Aviv Macau (custom)")
    howto = HowToScreen(rules=edited)
    assert howto._name(IN_FORCE) == "Rules in force: Tel-Aviv Macau (custom)"
    named = HowToScreen(rules=edited, rules_label="Family")
    assert named._name(IN_FORCE) == "Rules in force: Family (custom)"
    # The preset as it is, or played to another target: its title.
    assert HowToScreen(rules=PRESETS["tel_aviv"])._name(IN_FORCE) == (
        "Rules in force: Tel-Aviv Macau"
    )
    longer = PRESETS["tel_aviv"].replace(target=1000, name="tel_aviv")
    assert HowToScreen(rules=longer)._name(IN_FORCE) == "Rules in force: Tel-Aviv Macau"
