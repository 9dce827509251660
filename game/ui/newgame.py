"""The New game screen: the rules (a preset with its summary, or custom rules), the seats
(each a person with a typed name or a bot of a level), the target score for points
presets and the first dealer. Start remembers the setup as ``settings.last_setup``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from functools import partial

import pygame

from game.engine import PRESETS, Rules
from game.engine.explain import PRESET_TITLES, summary, summary_sentences
from game.store.lock import owns_saved_game
from game.store.models import name_key, normal_name
from game.store.saves import has_saved_game, peek_rule_sets
from game.ui import theme
from game.ui.confirm import ConfirmDialog
from game.ui.controls import Choice, fit_middle, stepper_values
from game.ui.launch import OtherCopyWatch, settings_of, start_match_asking
from game.ui.scene import Scene
from game.ui.screen import MenuScreen, button_row
from game.ui.setup import (
    BOT_LEVELS,
    BOT_NAMES,
    MAX_NAME,
    SeatSpec,
    TableSetup,
    duplicate_name,
    held_as,
    label_held,
    person_named_like_a_bot,
    quick_setup,
    rename_clashing_bots,
    rules_held,
    rules_title,
    tidy_name,
    you_misnamed,
)
from game.ui.widgets import Button, Completion, TextInput

__all__ = ["NewGameScreen"]

# Room under the seats: the first dealer's row (and the target's above it, when stacked).
_BELOW_ROWS = {False: 72, True: 110}

CUSTOM = "custom"
MAX_SEATS = 10
# The target scores the stepper offers (a remembered one in between is added to them).
TARGETS = tuple(stepper_values(100, 3000, 50))
_KINDS = ("", *BOT_LEVELS)  # "" is a person
# The name the screen gives a person's seat while a second person sits ("Player 2").
_STOCK_PERSON = re.compile(r"Player [1-9][0-9]*")
# Said when typing or a paste meets the longest name a seat may have.
FULL_NAME = f"A player's name has at most {MAX_NAME} characters."
# Said at once while every seat is a bot, rather than when Start is pressed.
NOBODY = "At least one seat must be a person."


def _kind_word(kind: str, compact: bool = False) -> str:
    """A seat's kind as its chooser shows it: "Bot · medium", or "Medium" in a narrow row."""
    if not kind:
        return "Person"
    return kind.capitalize() if compact else f"Bot · {kind}"


def preset_playing(rules: Rules, base: str | None = None) -> str | None:
    """The preset whose game ``rules`` are (``base`` tried first), the target and the usual
    players aside (New game chooses both for any preset); None for rules of their own."""
    for key in dict.fromkeys([base or "polish", *PRESETS]):
        preset = PRESETS.get(key)
        if preset is None or not rules.min_seats <= preset.default_seats <= rules.max_seats:
            continue  # another range of seats: another game
        usual = rules.replace(target=preset.target, default_seats=preset.default_seats, name=key)
        if usual.fingerprint == preset.fingerprint:
            return key
    return None


class _SeatRow:
    """The widgets of one seat: person or bot level, and the name."""

    def __init__(self, index: int, on_kind: Callable[[], None] | None = None) -> None:
        self.index = index
        # In a narrow row (ten seats on a small window) the kinds drop "Bot ·", so that the
        # name beside them stays readable.
        self.compact = False
        self.kind: Choice[str] = Choice(
            _KINDS,
            "medium",
            lambda v: self.kind_changed(v),
            show=lambda v: _kind_word(v, self.compact),
        )
        # On the screen a bot's stock name is given when its seat is shown: the first one no
        # other seat uses, in order (Ada, Ben, Cleo, Dan, …), as a table named on the command
        # line gets them.
        self.name = TextInput(
            "" if on_kind is not None else BOT_NAMES[index % len(BOT_NAMES)],
            max_length=MAX_NAME,
            size=19,
            placeholder=f"Player {index + 1}",
        )
        self.on_kind = on_kind

    def kind_changed(self, kind: str) -> None:
        """A person gets a player's name, a bot a bot's name, unless one was typed (a
        person may well be called Ada or Dan, or a guest "Player Tom": a stock name typed is
        kept too, but for the seat's own "Player N" and "You", which name no one)."""
        text = self.name.text
        default_bot = not text or (text in BOT_NAMES and not self.name.typed)
        default_person = text in ("You", f"Player {self.index + 1}") or (
            text.startswith("Player ") and not self.name.typed
        )
        if kind and default_person:
            # The screen gives it a stock name nobody at the table uses (see _people_changed).
            self.name.text = (
                "" if self.on_kind is not None else BOT_NAMES[self.index % len(BOT_NAMES)]
            )
        elif not kind and default_bot:
            self.name.text = f"Player {self.index + 1}"
        if self.on_kind is not None:
            self.on_kind()

    def set(self, spec: SeatSpec) -> None:
        """Show ``spec``: a name other than a stock one counts as typed (the player named
        that seat so). A person's stock names are the screen's "You" and "Player N"."""
        self.kind.set(spec.level)
        self.name.text = spec.name
        if spec.human:
            self.name.typed = not (spec.name == "You" or _STOCK_PERSON.fullmatch(spec.name))
        else:
            self.name.typed = spec.name not in BOT_NAMES

    def spec(self) -> SeatSpec:
        """The seat as chosen, its name tidied as the statistics keep it (``tidy_name``; an
        empty name becomes the placeholder)."""
        return SeatSpec(tidy_name(self.name.text, self.index), self.kind.value)

    @property
    def visible(self) -> bool:
        return self.kind.visible

    @visible.setter
    def visible(self, on: bool) -> None:
        self.kind.visible = self.name.visible = on


class NewGameScreen(MenuScreen):
    """Pick the rules and the table, then start."""

    title = "New game"

    def __init__(self, known: Sequence[str] = ()) -> None:
        """``known``: the players the statistics know (profiles' names, in their order),
        offered as a person's name is typed (``_suggest``)."""
        super().__init__()
        self.known = [(name, name_key(name)) for name in known]
        last = quick_setup(settings_of(self).last_setup)
        self.custom_rules: Rules | None = (
            Rules.from_text(last.rules_text) if last.rules_text else None
        )
        self.custom_base = last.rules_base  # the preset the custom rules were started from
        self.custom_label = last.rules_label  # the name they were saved under, if unchanged
        # The custom rules Start kept (Quick game plays them): leaving does not lose those.
        self.custom_kept = self.custom_rules.to_text() if self.custom_rules else None
        self.preset = CUSTOM if last.rules_text else last.preset
        self.preset_buttons: dict[str, Button] = {}
        for key in PRESETS:
            self.preset_buttons[key] = Button(
                PRESET_TITLES.get(key, key), partial(self.pick, key), toggle=False, size=18
            )
        self.custom_button = Button("Custom rules…", self.edit_custom, size=18)
        self.count: Choice[int] = Choice([2], 2, self._count_changed, wrap=False, show=str)
        self.rows = [_SeatRow(i, self._people_changed) for i in range(MAX_SEATS)]
        for row in self.rows:  # Enter after typing a name starts the table, as Start does
            row.name.on_submit = lambda _typed: self.start()
            row.name.suggest = partial(self._suggest, row)
        self.target: Choice[int] = Choice(TARGETS, 500, self._target_changed, wrap=False)
        self.dealer: Choice[int] = Choice([-1], -1, show=self._dealer_word)
        self.howto_button = Button("How to play", self.show_rules, size=18)
        self.back_button = Button("Back", self.back, hint="Esc", size=18)
        self.start_button = Button("Start game", self.start, primary=True, size=20)
        self.widgets.add(*self.preset_buttons.values(), self.custom_button, self.count)
        for row in self.rows:
            self.widgets.add(row.kind, row.name)
        self.widgets.add(
            self.target, self.dealer, self.howto_button, self.back_button, self.start_button
        )
        self.message = ""
        # Said under the buttons, unless another copy of the game running keeps the save; said
        # once that copy closes while this screen is shown.
        saved = has_saved_game()
        self.save_kept_elsewhere = saved and not owns_saved_game()
        self.replaces_save = saved and not self.save_kept_elsewhere
        self.other_copy = OtherCopyWatch()
        self.refused: TableSetup | None = None  # the table the message refused
        self.summary_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._load(last)

    def update(self, dt: float) -> None:
        """As any menu; once the other window keeping the saved game closes, Start game
        replaces that game, and the line under the buttons says so."""
        super().update(dt)
        on_top = self.stack is not None and self.stack.top is self
        if on_top and self.save_kept_elsewhere and self.other_copy.closed(dt):
            self.save_kept_elsewhere = False
            self.replaces_save = has_saved_game()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """As any menu; a name typed (or a field left) moves a bot it clashes with at once."""
        refusals = [row.name.refusals for row in self.rows]
        handled = super().handle_event(event)
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN):
            self._bots_apart(typing=True)
        if any(row.name.refusals != n for row, n in zip(self.rows, refusals, strict=True)):
            # Typing or a paste has just met the limit: what was left out is not lost
            # unseen. Said until the seats change (the name shortened, say).
            self.message = FULL_NAME
            self.refused = self.setup()
        return handled

    # --- state ---------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The rules chosen (custom ones when picked)."""
        if self.preset == CUSTOM and self.custom_rules is not None:
            return self.custom_rules
        return PRESETS[self.preset if self.preset in PRESETS else "polish"]

    @property
    def table_rules(self) -> Rules:
        """The rules Start plays: those chosen, to the target score shown (as
        ``TableSetup.rules`` makes them), for the summary and How to play to tell."""
        rules = self.rules
        if rules.scoring == "points" and rules.target != self.target.value:
            rules = rules.replace(target=self.target.value, name=rules.name)
        return rules

    def _load(self, setup: TableSetup) -> None:
        for row, spec in zip(self.rows, setup.seats, strict=False):
            row.set(spec)
        self._rules_changed(len(setup.seats), setup.target)
        self.dealer.set(setup.dealer if setup.dealer is not None else -1)

    def show_target(self, target: int) -> None:
        """Show ``target`` as the target score, joined to the usual steps if it is not one
        of them (a remembered setup written by hand): Start plays to the target shown, as
        Quick game does to the one remembered."""
        self.target.values = sorted({*TARGETS, target}) if target > 0 else list(TARGETS)
        self.target.set(target)

    def _rules_changed(self, seats: int | None = None, target: int | None = None) -> None:
        """Show the rules chosen, at ``seats`` players (else those shown, as far as the rules
        seat them) and to ``target`` (else the rules' own target score)."""
        r = self.rules
        n = max(r.min_seats, min(r.max_seats, seats or self.count.value))
        self.count.values = list(range(r.min_seats, r.max_seats + 1))
        self.count.set(n)
        self.show_target(target or r.target)
        for key, button in self.preset_buttons.items():
            button.on = key == self.preset
        self.custom_button.on = self.preset == CUSTOM
        self._count_changed(n)

    def _target_changed(self, _target: int) -> None:
        """The summary names the target score, and its lines may wrap otherwise."""
        self.layout(self.size)

    def _count_changed(self, n: int) -> None:
        for i, row in enumerate(self.rows):
            row.visible = i < n
        self.dealer.values = [-1, *range(n)]
        if self.dealer.index >= len(self.dealer.values):
            self.dealer.index = 0
        self._people_changed()
        self.target.visible = self.rules.scoring == "points"
        self.layout(self.size)

    def _people_changed(self) -> None:
        """At a pass-and-play table "You" would name one person for everyone looking at the
        screen, so a seat still called "You" becomes "Player N" once a second person sits down,
        and the only person left gets "You" back (typed names are kept)."""
        shown = self.rows[: self.count.value]
        people = [row for row in shown if row.spec().human]
        # Say at once why an all-bot table cannot start, rather than when Start is pressed.
        self.start_button.primary = bool(people)
        if not people:
            self.message = NOBODY
        elif self.message == NOBODY:
            self.message = ""
        for row in people:
            default = f"Player {row.index + 1}"
            if len(people) > 1 and row.name.text == "You":
                row.name.text = default
            elif len(people) == 1 and row.name.text == default:
                row.name.text = "You"
        # A stock name brought back from the last table for another seat ("Player 3" in the
        # first) that a person just seated there also got: the first takes its own, or the
        # first "Player N" free where that is taken too.
        taken = [name_key(r.name.text) for r in shown]
        for row in people:
            default = f"Player {row.index + 1}"
            text = row.name.text
            if row.name.typed or text == default or taken.count(name_key(text)) < 2:
                continue
            names = itertools.chain((default,), (f"Player {k}" for k in itertools.count(1)))
            free = next(n for n in names if name_key(n) not in taken)
            row.name.text = free
            taken[shown.index(row)] = name_key(free)
        # What the screen shows is what the table will use: a bot just seated gets a free
        # stock name, and a stock-named bot that clashes with an earlier seat takes another.
        used = {name_key(r.name.text) for r in shown}
        for row in shown:
            if not row.spec().human and not normal_name(row.name.text):
                free = next((n for n in BOT_NAMES if name_key(n) not in used), "")
                row.name.text = free
                used.add(name_key(free))
        self._bots_apart()

    def _suggest(self, row: _SeatRow, typed: str) -> Iterator[Completion]:
        """The known players whose names begin as ``typed`` does (as two spellings of one
        name compare: "STRASS" begins "Straße"), in the statistics' order, offered for a
        person's seat (a typo would record a new player). Nothing for a bot, for a known name
        typed whole, nor a name the table would refuse: one another seat uses, or "You" among
        several people."""
        if not row.spec().human:
            return
        want = name_key(typed)
        if not want or any(key == want for _, key in self.known):
            return  # (a known player typed whole: "Ann" is not taken for "Anna")
        shown = self.rows[: self.count.value]
        taken = {name_key(r.name.text) for r in shown if r is not row}
        if sum(r.spec().human for r in shown) > 1:
            taken.add(name_key("You"))
        for name, key in self.known:
            if not key.startswith(want) or key in taken:
                continue
            # The rest after the shortest start of the name that reads as typed.
            cut = next(i for i in range(len(name) + 1) if name_key(name[:i]).startswith(want))
            if name[cut:]:  # (nothing to add to "STRAS" for "Straß")
                yield Completion(name, name[cut:])

    def _bots_apart(self, typing: bool = False) -> None:
        """A stock-named bot whose name another seat uses (a person typed "Ben") takes a
        free stock name at once, as Start would give it, so the screen never shows two
        seats of one name that the table would tell apart. With ``typing``, a name still
        being typed in its own field is left to finish."""
        shown = self.rows[: self.count.value]
        specs = rename_clashing_bots([r.spec() for r in shown], [r.name.typed for r in shown])
        for row, spec in zip(shown, specs, strict=True):
            if spec.name != row.spec().name and not (typing and row.name.focused):
                row.name.text = spec.name

    def _dealer_word(self, seat: int) -> str:
        return "Random" if seat < 0 else self.rows[seat].spec().name

    def pick(self, key: str) -> None:
        """Choose a preset (or the custom rules). Custom rules made here and kept nowhere
        cannot be shown again once a preset is (Custom rules… starts from the preset shown),
        so choosing one asks first, as Back does."""

        def choose() -> None:
            self.preset = key
            self.message = ""
            self._rules_changed()

        title = PRESET_TITLES.get(key, key)
        self._unless_rules_kept(f"Play {title} instead of these rules?", "Discard them", choose)

    def edit_custom(self) -> None:
        """The custom rules editor, starting from the rules shown now with the table chosen
        here: its target score, and its players as "Usual players" (so that the players come
        back as they went, unless changed there). "Start from" shows the preset the rules
        came from."""
        from game.ui.rulesedit import RulesEditor

        start, custom = self.table_rules, self.preset == CUSTOM
        if start.default_seats != self.count.value:
            start = start.replace(default_seats=self.count.value, name=start.name)

        def done(rules: Rules | None) -> None:
            if rules is not None:
                self.use_rules(rules, editor.baseline_preset, editor.rules_label)
            elif custom and self.custom_label is not None and self.custom_rules is not None:
                # The set these rules were saved as was deleted or changed there: the rules
                # stay, under no name (Start would otherwise record them under a name that
                # no set holds any more, or that now means other rules). One saved again
                # in other letters goes by its new spelling.
                held = held_as(self.custom_label, self.custom_rules, editor.sets)
                if held != self.custom_label:
                    self.custom_label = held
                    self.layout(self.size)

        editor = RulesEditor(
            start,
            done,
            base=self.custom_base if custom else self.preset,
            label=self.custom_label if custom else None,
        )
        if self.stack is not None:
            self.stack.push(editor)

    def custom_unsaved(self) -> bool:
        """Whether leaving now loses custom rules: those chosen are neither the ones Start
        kept nor saved under the name they carry."""
        rules = self.custom_rules
        if self.preset != CUSTOM or rules is None or rules.to_text() == self.custom_kept:
            return False
        if self.custom_label is None:
            return True
        sets = peek_rule_sets()
        return sets is None or not rules_held(self.custom_label, rules, sets)

    def _unless_rules_kept(self, question: str, yes: str, then: Callable[[], None]) -> Scene | None:
        """Run ``then`` at once unless it would lose custom rules made here, else once the
        player agrees (the rules editor asks so before its edits are thrown away). Returns
        the question when one is asked."""
        if not self.custom_unsaved() or self.stack is None:
            then()
            return None
        detail = (
            "The custom rules chosen here are not saved and would be lost. Start a game with "
            "them, or save them by name in Custom rules…, to keep them."
        )
        dialog = ConfirmDialog(
            question, detail, yes, "Stay", lambda leave: then() if leave else None
        )
        self.stack.push(dialog)
        return dialog

    def back(self) -> None:
        """Back (Esc): leave, asking first if that loses custom rules made here."""
        self._unless_rules_kept("Leave without these rules?", "Discard them", super().back)

    def ask_before_closing(self) -> Scene | None:
        """Closing the window with custom rules made here and kept nowhere asks first."""

        def close() -> None:
            if self.app is not None:
                self.app.quit()

        if not self.custom_unsaved():
            return None
        return self._unless_rules_kept("Quit without these rules?", "Discard and quit", close)

    def use_rules(self, rules: Rules, base: str, label: str | None = None) -> None:
        """Play ``rules`` from the editor: as the preset whose game they are (titled,
        recorded and rated as it), else as custom rules started from ``base`` and saved as
        ``label``. The table seats their usual players, which the editor opened on the
        players chosen here: the seats set stay as they were (kinds and names too) unless
        "Usual players" was changed there."""
        same = preset_playing(rules, base)
        if same is None:
            self.custom_rules, self.custom_base, self.custom_label = rules, base, label
        self.preset = same or CUSTOM
        self.message = ""
        self._rules_changed(rules.default_seats, rules.target)

    def show_rules(self) -> None:
        """How to play the table chosen: its rules, to its target score, at its seats. No game
        is in force yet, so the picker names them as this table's."""
        from game.ui.howto import HowToScreen

        if self.stack is not None:
            label = self.custom_label if self.preset == CUSTOM else None
            self.stack.push(
                HowToScreen(
                    rules=self.table_rules,
                    seats=self.count.value,
                    label="Rules of this table",
                    rules_label=label,
                )
            )

    def setup(self) -> TableSetup:
        """The table as chosen on the screen."""
        n = self.count.value
        rules = self.rules
        custom = self.preset == CUSTOM and self.custom_rules is not None
        dealer = self.dealer.value
        return TableSetup(
            preset=CUSTOM if custom else self.preset,
            seats=tuple(row.spec() for row in self.rows[:n]),
            rules_text=rules.to_text() if custom else None,
            target=self.target.value if rules.scoring == "points" else None,
            dealer=dealer if dealer >= 0 else None,
            rules_base=self.custom_base if custom else None,
            rules_label=self.custom_label if custom else None,
        )

    def start(self) -> None:
        """Start the table (at least one seat must be a person)."""
        setup = self.setup()
        if not setup.humans:
            self.message = NOBODY
            self.refused = setup
            return
        seats = rename_clashing_bots(setup.seats, [row.name.typed for row in self.rows])
        if seats != setup.seats:
            for row, spec in zip(self.rows, seats, strict=False):
                row.name.text = spec.name
            setup = self.setup()
        clash = duplicate_name(setup.names)
        if clash is not None:
            # Both named as typed where they are spelt apart: "Weiß" and "Weiss" are one name.
            first = next(n for n in setup.names if name_key(n) == name_key(clash))
            same = (
                f"Two seats are called {clash}"
                if first.lower() == clash.lower()
                else f"{first} and {clash} count as one name"
            )
            self.message = f"{same}: give each seat its own name."
            self.refused = setup
            return
        bot_named = person_named_like_a_bot(setup.seats)
        if bot_named is not None:
            name, level = bot_named
            self.message = (
                f"{name} is what the statistics call every {level} bot: give this person "
                "another name."
            )
            self.refused = setup
            return
        misnamed = you_misnamed(setup.seats)
        if misnamed is not None:
            self.message = misnamed
            self.refused = setup
            return
        if self.stack is not None:
            # The set's name as saved now: another window may have saved it again in other
            # letters, changed or deleted it since this screen took it.
            setup = label_held(setup)
            # A saved game is replaced only once the player agrees; keeping it leaves this
            # screen as it was. The screen closes as the table starts.
            start_match_asking(self.stack, self, setup, before=self.close)

    # --- layout and drawing --------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Preset list on the left; summary, seats and options on the right; buttons below."""
        w, h = size
        px = self.px
        left_w = px(270) if w >= 960 else 220  # (an 800×600 screen: the seats need room)
        x0 = max(24, (w - px(1180)) // 2)
        y = px(92)
        bh = px(40) if h >= 760 else 34
        for button in [*self.preset_buttons.values(), self.custom_button]:
            button.rect = pygame.Rect(x0, y, left_w, bh)
            y += bh + px(8)
        pad = px(24)
        panel_w = min(w - x0 * 2 - left_w - pad, px(886))
        self.panel = pygame.Rect(x0 + left_w + pad, px(86), panel_w, h - px(176))
        p = self.panel
        # The summary is as tall as its wrapped lines; where the seats need the room it keeps
        # what fits above them (the whole text is one click away, under "How to play").
        self.summary_size = px(16) if h >= 760 else 15
        said = summary(self.table_rules, self.count.value)
        lines = theme.wrap(said, self.summary_size, p.w - 2 * pad)
        line_h = theme.text_size("Ag", self.summary_size)[1] + 3
        # On a narrow panel the target score gets a row of its own above the first dealer.
        stacked = self.rules.scoring == "points" and p.w < px(760)
        room = p.h - px(18 + 36 + 12 + 48 + _BELOW_ROWS[stacked])  # for the summary and seats
        least = min(3, len(lines)) * line_h  # the summary at a readable length

        def rows(n: int) -> tuple[int, int, int]:
            """How ``n`` seats are set out: columns, rows in a column, least row height."""
            min_row = 34 if h < 760 else 38  # the least height of a seat's row, at ease
            # One column where the seats fit in it at their full height, so long names are
            # shown whole; else two, each row's name field then half as wide.
            cols = 1 if n <= 5 or least + n * px(46) <= room else 2
            if cols == 1 and least + n * min_row > room:
                cols = 2  # five seats and a target score: one column would run into it
            per_col = -(-n // cols)
            if least + per_col * min_row > room:
                # Ten seats and a target score on the smallest window: the rows give up the
                # space between them (their boxes keep their height), then the summary its
                # lines, down to one.
                min_row = px(30)
            return cols, per_col, min_row

        n = self.count.value
        cols, per_col, min_row = rows(n)
        # The summary keeps as many lines as the most seats these rules allow leave it, so
        # the Players stepper stays where it is while its arrows are clicked.
        r = self.rules
        keep = min(
            max(1, (room - most * least_row) // line_h)
            for _cols, most, least_row in map(rows, range(r.min_seats, r.max_seats + 1))
        )
        if len(lines) > keep:
            lines = self._short_summary(keep, p.w - 2 * pad)
        self.summary_lines = lines
        # As tall as the summary is at any number of seats (two end it shorter: nobody plays
        # on for places), so the stepper stays put there too.
        tallest = len(theme.wrap(summary(self.table_rules), self.summary_size, p.w - 2 * pad))
        shown = max(len(lines), min(keep, tallest))
        self.summary_rect = pygame.Rect(
            p.x + pad, p.y + px(18), p.w - 2 * pad, px(36) + shown * line_h
        )
        y = self.summary_rect.bottom + px(12)
        self.count.rect = pygame.Rect(p.x + px(170), y, px(130), px(36))
        y += px(48)
        col_w = (p.w - 2 * pad - pad * (cols - 1)) // cols
        bottom = p.bottom - px(_BELOW_ROWS[stacked])
        row_h = min(px(46), max(min_row, (bottom - y) // per_col))
        box_h = row_h - max(px(4), min(px(8), row_h - px(26)))  # 8 px apart, 4 when pressed
        for i, row in enumerate(self.rows[:n]):
            cx = p.x + pad + (i // per_col) * (col_w + pad) + px(34)
            ry = y + (i % per_col) * row_h
            # Room for "Bot · medium" and its arrows, but always some for the name too.
            widest = max(px(160), col_w // 2 - px(10))
            kind_w = max(60, min(px(204), widest, col_w - px(34 + 10 + 70)))
            row.kind.size = px(18) if kind_w >= px(180) else px(15)
            row.compact = col_w - px(34) - kind_w - px(10) < px(110)
            if row.compact:  # "Medium": the name gets what "Bot · " took
                arrow_w = theme.text_size("›", row.kind.size + px(8), True)[0]
                words = max(
                    theme.text_size(_kind_word(k, True), row.kind.size, True)[0] for k in _KINDS
                )
                kind_w = min(kind_w, words + box_h + arrow_w + px(6))
            row.kind.rect = pygame.Rect(cx, ry, kind_w, box_h)
            row.name.rect = pygame.Rect(
                cx + kind_w + px(10), ry, max(40, col_w - px(34) - kind_w - px(10)), box_h
            )
        y = p.bottom - px(56)
        self.target.rect = pygame.Rect(p.x + px(170), y - px(48) if stacked else y, px(150), px(38))
        self.dealer.rect = pygame.Rect(p.right - pad - px(220), y, px(220), px(38))
        buttons = [self.howto_button, self.back_button, self.start_button]
        # (a little above the window's foot: the line under them needs a margin of its own)
        button_row(buttons, w // 2, h - px(76), px(14), px(46))

    def _short_summary(self, keep: int, width: int) -> list[str]:
        """The summary in ``keep`` lines of ``width``: how the round is won, then the deal
        and as many of the sentences between as fit, in their order (How to play tells the
        rest); cut short only when the end alone does not fit."""
        size = self.summary_size
        sentences = summary_sentences(self.table_rules, self.count.value)
        chosen = {len(sentences) - 1}
        for i in range(len(sentences) - 1):
            tried = chosen | {i}
            if len(theme.wrap(" ".join(sentences[k] for k in sorted(tried)), size, width)) <= keep:
                chosen = tried
        lines = theme.wrap(" ".join(sentences[k] for k in sorted(chosen)), size, width)
        return theme.at_most(lines, keep, size, width)

    def _heading(self, width: int) -> str:
        """The rules' title over their summary: a saved set's long name is cut in its middle
        to keep "(custom rules)" (and its own end) in view."""
        label = self.custom_label if self.preset == CUSTOM else None
        name, size = rules_title(self.preset, label), self.px(24)
        if not label or theme.text_size(name, size, True)[0] <= width:
            return theme.fit(name, size, width, True)
        note = name[len(label) :]
        return fit_middle(label, size, width - theme.text_size(note, size, True)[0], True) + note

    def draw_body(self, surface: pygame.Surface) -> None:
        """The rules' summary, the labels of each row, and any message."""
        p = self.panel
        theme.blit_panel(surface, p, (*theme.PANEL, 225), (*theme.PANEL_EDGE, 200), radius=18)
        r = self.rules
        s, px = self.summary_rect, self.px
        heading = theme.text(self._heading(s.w), px(24), theme.ACCENT, True)
        surface.blit(heading, s.topleft)
        y = s.y + px(36)
        for line in self.summary_lines:
            image = theme.text(line, self.summary_size, theme.TEXT)
            surface.blit(image, (s.x, y))
            y += image.get_height() + 3
        label = theme.text("Players", px(19), theme.TEXT, True)
        surface.blit(label, label.get_rect(midleft=(p.x + px(24), self.count.rect.centery)))
        at = (self.count.rect.right + px(14), self.count.rect.centery)
        room = p.right - px(12) - at[0]
        for seats in (
            f"{r.min_seats} to {r.max_seats} at this table",
            f"{r.min_seats} to {r.max_seats}",
        ):
            note = theme.text(seats, px(15), theme.MUTED)
            if note.get_width() <= room:  # (the short form in a narrow window)
                surface.blit(note, note.get_rect(midleft=at))
                break
        for i, row in enumerate(self.rows[: self.count.value]):
            badge = pygame.Rect(0, 0, px(26), px(26))
            badge.center = (row.kind.rect.x - px(20), row.kind.rect.centery)
            fill = (*theme.ACCENT, 255) if row.spec().human else (*theme.PANEL_EDGE, 255)
            theme.blit_panel(surface, badge, fill, None, radius=badge.h // 2, shadow=False)
            size = theme.fit_size(str(i + 1), px(15), badge.w - px(8), True, px(11))  # "10"
            digit = theme.text(str(i + 1), size, theme.INK, True)
            surface.blit(digit, digit.get_rect(center=badge.center))
        if self.target.visible:
            label = theme.text("Target score", px(19), theme.TEXT, True)
            at = (p.x + px(24), self.target.rect.centery)
            surface.blit(label, label.get_rect(midleft=at))
        label = theme.text("First dealer", px(19), theme.TEXT, True)
        at = (self.dealer.rect.x - px(14), self.dealer.rect.centery)
        surface.blit(label, label.get_rect(midright=at))
        if self.message and self.refused is not None and self.setup() != self.refused:
            # The seats changed since: the refusal no longer applies (what still does, a
            # table of bots alone, is said again).
            self.message = "" if self.setup().humans else NOBODY
            self.refused = None
        # Under the buttons, across the window: the one place a refusal naming a long name
        # fits at every size, clear of the seats. It says more than the note it replaces.
        if self.message:
            words, ink, bold = self.message, (255, 150, 140), True
        elif self.replaces_save:
            words, ink, bold = "Start game replaces the game saved for Continue", theme.MUTED, False
        else:
            return
        w = surface.get_width()
        size = theme.fit_size(words, px(15), w - 80, bold)
        image = theme.text(theme.fit(words, size, w - 80, bold), size, ink, bold)
        surface.blit(image, image.get_rect(midbottom=(w // 2, self.size[1] - px(7))))
