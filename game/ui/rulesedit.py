"""The custom rules editor: every option of ``Rules``, starting from any preset.

A combination the engine refuses is shown with the engine's own ``RulesError`` message
and cannot be used or saved until it is mended. Turning the jokers down takes the roles of
the missing jokers away with them (and turning them up again gives those back), so a
preset's jokers go off in one step; in the same way, jokers turned from drawing to standing
in for cards leave the roles only a drawing joker plays (attack card, suit changer, wild).
The Hungarian rules' easier/harder switches sit at the end of the list; one that cannot do what
it says for these rules is greyed out with the engine's reason.
Rule sets are saved and loaded by name.
Up/Down (or Tab) walk through every control, scrolling the list; Left/Right change it.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.engine import HOUSE_SWITCHES, PRESETS, Rules, RulesError, apply_switch
from game.engine.explain import PRESET_TITLES
from game.engine.explain_words import _join
from game.engine.house import (
    JOKER_OPTIONS,
    JOKER_TOKENS,
    drop_idle_jokers,
    drop_missing_jokers,
    jokers_raised,
    restore_jokers,
    switch_refusal,
    wild_jokers,
)
from game.engine.rules import RANK_TOKENS, SET_OPTIONS, rank_jobs
from game.store.models import name_key, normal_name, sort_key
from game.store.paths import StoreUnavailable
from game.store.saves import (
    delete_rule_set,
    read_rule_sets,
    rule_sets_stamp,
    same_rule_set_name,
    save_rule_set,
)
from game.ui import theme
from game.ui.confirm import ConfirmDialog
from game.ui.controls import Chips, Choice
from game.ui.ruleoptions import (
    OptionSpec,
    friendly,
    make_control,
    option_specs,
    show_value,
    word,
)
from game.ui.scene import Scene
from game.ui.screen import MenuScreen, Scroll, button_row, draw_paragraph
from game.ui.widgets import Button, TextInput, Widget, next_focus

log = logging.getLogger(__name__)

# A saved rule set's name: the lists that show it cut a long one in the middle.
NAME_LIMIT = 40
FULL_NAME = f"A rule set's name has at most {NAME_LIMIT} characters."
# Seconds between looks at the saved rule sets file while the editor is shown.
SETS_LOOKED_AT_EVERY = 1.0

__all__ = ["RulesEditor"]

ROW_H = 46
HEAD_H = 44
SWITCHES_HEAD = "Easier or harder"
_NOT_HERE = "Not here: "
_IDLE = "No effect here: "


def nearest_preset(rules: Rules) -> str:
    """The preset whose options ``rules`` share the most of (on a tie the one it is named
    after, then polish): where a rule set of unknown origin most likely came from."""
    names = [f.name for f in dataclasses.fields(Rules) if f.name != "name"]
    return min(
        PRESETS,
        key=lambda k: (
            sum(getattr(rules, n) != getattr(PRESETS[k], n) for n in names),
            k != rules.name,
            k != "polish",
        ),
    )


class RulesEditor(MenuScreen):
    """Edit every option; hands the rules to ``on_result`` (None when cancelled).

    ``base`` is the preset the rules were started from ("Start from" shows it; by default the
    preset ``start`` is, or the one it comes nearest); ``label`` the name ``start`` was saved
    under. ``rules_label`` names the rules handed on while they are a saved set unchanged."""

    title = "Custom rules"

    def __init__(
        self,
        start: Rules,
        on_result: Callable[[Rules | None], None],
        *,
        base: str | None = None,
        label: str | None = None,
    ) -> None:
        super().__init__(on_back=self.cancel)
        self.on_result = on_result
        self.specs: list[OptionSpec] = option_specs(start)
        self.values: dict[str, Any] = {}
        # The options as last started, loaded or saved: edits beyond them are asked about
        # before anything throws them away.
        self.baseline: dict[str, Any] = {}
        self.rules: Rules | None = start
        self.label = label  # the name the options as last started, loaded or saved go by
        self.error = ""
        self.note = ""  # (a failure is told through ``_fail``, in the clashes' red)
        if base is None or base not in PRESETS:
            base = start.name if start.name in PRESETS else nearest_preset(start)
        # The preset the rules were started from (or come nearest, once loaded): what "Start
        # from" shows, also when a change of it is kept back.
        self.baseline_preset = base
        self.start_from: Choice[str] = Choice(
            list(PRESETS), base, self.load_preset, show=lambda k: PRESET_TITLES.get(k, k)
        )
        # Saved names may differ only at their end ("… v2"): a long one is cut in the middle.
        self.saved: Choice[str] = Choice([""], "", show=lambda n: n or "(none saved)", cut="middle")
        self.saved_caption = True  # "Saved" beside it (not in a narrow window)
        self.load_button = Button("Load", self.load_saved, size=17)
        self.delete_button = Button("Delete", self.delete_saved, size=17)
        self.name_field = TextInput(
            "",
            max_length=NAME_LIMIT,
            size=18,
            placeholder="Name this rule set",
            on_submit=lambda _t: self.save_set(),
        )
        self.save_button = Button("Save", self.save_set, size=17)
        self.howto_button = Button("How to play", self.show_rules, size=18)
        self.cancel_button = Button("Cancel", self.cancel, hint="Esc", size=18)
        self.use_button = Button("Use these rules", self.use, primary=True, size=18)
        self.controls: dict[str, Widget] = {}
        # The easier/harder house switches, and why each greyed-out one cannot be used here.
        self.switches = {
            key: Button(label, partial(self.use_switch, key), size=16)
            for key, (label, _) in HOUSE_SWITCHES.items()
        }
        self.switch_why: dict[str, str] = {}
        # The options that change nothing in these rules (a match target where no points are
        # kept), and why: their rows say so under the control, their labels muted.
        self.idle_why: dict[str, str] = {}
        # The jokers' roles before the jokers went down, to give back when they come back.
        self.joker_roles: dict[str, Any] | None = None
        self.joker_roles_for = 0
        # The draw-wild jokers' roles before the jokers turned to stand-ins, to give back.
        self.wild_roles: dict[str, Any] | None = None
        # Whether the stand-in jokers played on anything before the jokers took another role:
        # turned back to standing in, they do again (or do not), whichever way they went.
        self.stand_in_wild: bool | None = None
        self.content_y: dict[str, int] = {}
        self.heads: list[tuple[str, int]] = []
        self.scroll = Scroll()
        self.view = pygame.Rect(0, 0, 0, 0)
        # The saved sets file as last read, and seconds since it was last looked at: another
        # copy of the game may save or delete a set while this one shows the list.
        self._sets_stamp: tuple[int, int] | None = None
        self._sets_waited = 0.0
        self._refresh_saved()
        held = same_rule_set_name(label, self.sets) if label is not None else None
        if held is not None:
            # The set in force shown as such: Load, Delete and Save act on it at once, by
            # the name as it is spelt now.
            self.saved.set(held)
            self.name_field.text = self.label = held
        # The name as last loaded or saved: one typed since is asked about before it is lost.
        self.name_kept = self.name_field.text
        self._show(start)

    # --- values --------------------------------------------------------------------------------
    def _show(self, rules: Rules) -> None:
        self.values = {s.name: getattr(rules, s.name) for s in self.specs}
        self.baseline = dict(self.values)
        # The ranks a jack may ask as last chosen (or loaded): one another option makes a
        # power card leaves the list, and comes back once that option lets it go again.
        self.asked: tuple[str, ...] = tuple(self.values.get("request_ranks") or ())
        # Of those, the ranks that were power cards when picked by hand: the player chose
        # them knowing (the clash is told), so no other change takes them out.
        self.power_picked: frozenset[str] = frozenset()
        self.controls = {
            s.name: make_control(s, self.values[s.name], self.changed) for s in self.specs
        }
        self.joker_roles = None
        self.wild_roles = None
        self.stand_in_wild = None
        top = [self.start_from, self.saved, self.load_button, self.delete_button]
        bottom = [
            self.name_field,
            self.save_button,
            self.howto_button,
            self.cancel_button,
            self.use_button,
        ]
        rows = [*self.controls.values(), *self.switches.values()]
        self.order: list[Widget] = [*top, *rows, *bottom]
        self.widgets.widgets = list(self.order)
        for control in self.controls.values():  # new ones, drawn at the window's scale
            control.rescale(self.ui)
        self._validate()
        self.layout(self.size)

    def changed(self, name: str, value: Any) -> None:
        """One option was edited: keep it and ask the engine whether the rules still work."""
        before = self.values.get(name)
        self.values[name] = value
        self.note = ""
        if name == "request_ranks":
            self.asked = tuple(value or ())
            jobs = self._request_jobs()
            # (While another option clashes the powers cannot be told: every rank picked
            # then counts as picked knowingly, so the fix of that clash takes none out.)
            self.power_picked = frozenset(t for t in self.asked if jobs is None or t in jobs)
        if name == "jokers" and isinstance(before, int):
            self._fit_jokers(before, value)
        elif name in JOKER_OPTIONS:
            self.joker_roles = None  # a joker's role set by hand: nothing to give back later
            if name == "joker_role" and before != value:
                self._fit_joker_role(str(before), str(value))
            else:
                self.wild_roles = None
                self.stand_in_wild = None
        self._fit_request_ranks(name)
        self._fit_usual_players(name)
        self._validate()

    def _fit_usual_players(self, name: str) -> None:
        """ "Usual players" moves along with "Fewest players" or "Most players" set past it
        (5 fewest at a usual 4 makes the usual 5), as long as the two leave room for it."""
        if name not in ("min_seats", "max_seats"):
            return
        lo, hi, usual = (self.values.get(k) for k in ("min_seats", "max_seats", "default_seats"))
        if not (isinstance(lo, int) and isinstance(hi, int) and isinstance(usual, int)):
            return
        if lo > hi or lo <= usual <= hi:
            return  # fits, or fewest and most clash: that is told as it is
        fitted = min(max(usual, lo), hi)
        self._set("default_seats", fitted)
        usual_label, lo_label, hi_label = (
            self._label(key) for key in ("default_seats", "min_seats", "max_seats")
        )
        moved = f"“{usual_label}” is now {fitted}, between “{lo_label}” and “{hi_label}”."
        self.note = f"{self.note} {moved}".strip()

    def _fit_request_ranks(self, name: str) -> None:
        """Keep the ranks a jack may ask plain: a rank another option just gave a power leaves
        them, and jack requests switched on with none to ask, or with every rank asked made a
        power card while they were off, get the plain ranks of 5 to 10 (all of those power
        cards, the ranks left plain). (Ranks picked by hand as power cards are left as
        picked: the clash is told.)"""
        values = self.values
        if not values.get("jack_requests") or name == "request_ranks":
            return
        jobs = self._request_jobs()
        if jobs is None:
            return  # another clash first: it is told as it is
        label = self._label("request_ranks")
        ranks = tuple(values.get("request_ranks") or ())
        mine = self.power_picked
        kept = tuple(t for t in self.asked or ranks if t not in jobs or t in mine) if ranks else ()
        said = ""
        if not kept and ranks and name != "jack_requests":
            return  # every rank asked a power card, as picked: the clash is told
        if not kept:  # none to ask, or jacks back on with every rank asked a power card
            kept = tuple(t for t in ("5", "6", "7", "8", "9", "10") if t not in jobs)
            which = "the plain ranks from 5 to 10"
            if not kept:
                kept = tuple(t for t in RANK_TOKENS if t not in jobs and t != "J")
                which = "the ranks left plain"
            if not kept:
                return  # no plain rank at all: the clash is told
            self.asked = kept
            said = f"“{label}” are now {', '.join(kept)}, {which}."
        if kept == ranks:
            return
        gone = [t for t in ranks if t not in kept]
        back = [] if said else [t for t in kept if t not in ranks]
        self._set("request_ranks", kept)
        told: list[str] = []
        if gone:
            power = "it is a power card" if len(gone) == 1 else "they are power cards"
            told.append(f"{', '.join(gone)} left “{label}”: {power} now.")
        if back:
            plain = "it is a plain card" if len(back) == 1 else "they are plain cards"
            told.append(f"{', '.join(back)} came back to “{label}”: {plain} again.")
        self.note = " ".join([self.note, *told, said]).strip()

    def _request_jobs(self) -> dict[str, list[str]] | None:
        """The power ranks of the rules as set, which a jack may not ask (None: the rules
        clash elsewhere, so there is nothing to go by)."""
        try:
            base = Rules(
                **{
                    **self.values,
                    "jack_requests": False,
                    "jack_must_hold": False,
                    "request_ranks": (),
                    "name": "custom",
                }
            )
        except (RulesError, TypeError, ValueError):
            return None
        return rank_jobs(base)

    def _set(self, name: str, value: Any) -> None:
        """Change an option along with another one, showing it in its control."""
        self.values[name] = value
        show_value(self.controls[name], value)

    def _fit_jokers(self, before: int, now: int) -> None:
        """Take away the roles of the jokers the pack no longer holds, or give back the roles
        taken away when the jokers return, and say which options changed with them."""
        values = self.values
        restored = self.joker_roles is not None and now > before
        if self.joker_roles is not None and now > before:
            fitted = restore_jokers(values, self.joker_roles)
        else:
            fitted = drop_missing_jokers(values)
        if now > 0 and fitted["joker_role"] == "none":
            # Jokers added to a pack without them, with no role to give back: they stand in
            # for any card, which asks nothing of the other options (a draw-wild joker must
            # be listed among the cards that play on anything).
            fitted["joker_role"] = "any_card"
        elif now > before and not restored:
            fitted = jokers_raised(fitted, before)
        elif restored and now > self.joker_roles_for:
            # Past the count the roles were kept for: the jokers beyond it are added anew.
            fitted = jokers_raised(fitted, self.joker_roles_for)
        self._stand_ins_as_before(fitted)
        moved = [k for k in JOKER_OPTIONS if fitted[k] != values[k]]
        left, joined = self._joker_moves(moved, fitted)
        if now < before and self.joker_roles is None:
            # The roles as they were, to give back as the jokers come back: also where none
            # moved now, so a joker left out of a role by hand stays out on the way back up.
            self.joker_roles = {k: values[k] for k in JOKER_OPTIONS}
            self.joker_roles_for = before
        if self.joker_roles is not None and now >= self.joker_roles_for:
            self.joker_roles = None
        for k in moved:
            self._set(k, fitted[k])
        if not moved:
            return
        said = []
        if "joker_role" in moved:
            said.append(f"“{self._label('joker_role')}” is “{word(fitted['joker_role'])}”")
        if left:
            said.append(f"the {'missing ' if now < before else ''}jokers left {_join(left)}")
        if joined:
            back = restored and not left
            said.append(f"{'jokers are back in' if back else 'the jokers joined'} {_join(joined)}")
        self.note = f"With {now} joker{'' if now == 1 else 's'} per deck, {' and '.join(said)}."

    def _fit_joker_role(self, before: str, now: str) -> None:
        """Jokers that stop drawing (they stand in for cards, or have no role) leave the roles
        only a draw-wild joker plays; turned back to drawing, they take those roles back.
        Stand-in jokers turned to another role and back play on anything again only if they
        did before."""
        values = self.values
        if before == "any_card":
            self.stand_in_wild = "joker" in values["plays_on_anything"]
        back = now == "draw_wild" and self.wild_roles is not None
        if self.wild_roles is not None and back:
            fitted = restore_jokers(values, self.wild_roles)
            self.wild_roles = None
        elif now == "draw_wild":
            fitted = wild_jokers(values)  # nothing to give back: the roles RULES §3.6 gives
        else:
            fitted = drop_idle_jokers(values)
        self._stand_ins_as_before(fitted)
        moved = [k for k in JOKER_OPTIONS if k != "joker_role" and fitted[k] != values[k]]
        if not moved:
            return
        left, joined = self._joker_moves(moved, fitted)
        if before == "draw_wild":
            self.wild_roles = {k: values[k] for k in JOKER_OPTIONS}
        for k in moved:
            self._set(k, fitted[k])
        rows = _join([f"“{self._label(k)}”" for k in moved])
        role = f"“{self._label('joker_role')}” set to “{word(now)}”"
        if back:
            self.note = f"With {role}, the jokers are back in {rows}."
        elif now == "draw_wild":
            self.note = f"With {role}, the jokers joined {rows}: they play on anything, name "
            self.note += "the suit and make the next player draw."
        else:
            said = [f"the jokers left {_join(left)}"] if left else []
            if joined:
                said.append(f"{'joined' if left else 'the jokers joined'} {_join(joined)}")
            self.note = f"With {role}, {' and '.join(said)}"
            # The roles only a drawing joker has (a stand-in may still play on anything).
            only_drawing = left and "plays_on_anything" not in moved
            self.note += ": only jokers that draw act alone." if only_drawing else "."

    def _joker_moves(self, moved: list[str], fitted: dict[str, Any]) -> tuple[list[str], list[str]]:
        """The labels of the card-set options among ``moved`` that the jokers leave, and of
        those they join, from the values now to ``fitted``."""
        values = self.values
        rows = [k for k in moved if k in SET_OPTIONS]
        left = [f"“{self._label(k)}”" for k in rows if JOKER_TOKENS & (values[k] - fitted[k])]
        joined = [f"“{self._label(k)}”" for k in rows if JOKER_TOKENS & (fitted[k] - values[k])]
        return left, joined

    def _stand_ins_as_before(self, fitted: dict[str, Any]) -> None:
        """Jokers that stand in for cards again, in a pack that holds some, play on anything
        again only if they did before they took another role (``stand_in_wild``)."""
        if fitted["joker_role"] != "any_card" or self.stand_in_wild is None or not fitted["jokers"]:
            return
        wild = {"joker"} if self.stand_in_wild else set()
        fitted["plays_on_anything"] = frozenset(fitted["plays_on_anything"]) - {"joker"} | wild
        self.stand_in_wild = None

    def _label(self, name: str) -> str:
        return next((s.label for s in self.specs if s.name == name), name)

    def use_switch(self, key: str) -> None:
        """Apply one of the Hungarian rules' easier/harder switches to the rules on screen."""
        if self.rules is None:
            return
        try:
            rules = apply_switch(self.rules, key)
        except RulesError as exc:  # the button is greyed out first; this is a safety net
            self.note = friendly(str(exc))
            return
        moved = [k for k in HOUSE_SWITCHES[key][1] if getattr(rules, k) != self.values[k]]
        for k in moved:
            self._set(k, getattr(rules, k))
        self.joker_roles = None
        self._validate()
        changed = _join([f"“{self._label(k)}”" for k in moved])
        self.note = f"{HOUSE_SWITCHES[key][0]} (changed {changed})."
        used = self.switches[key]
        if used.focused and not used.enabled:
            # Greyed out once used: a ring on it would offer an Enter that does nothing, so
            # the focus goes on to the next control (Up still reaches the one before).
            self.move_focus(1)

    def _validate(self) -> None:
        try:
            self.rules = Rules(**{**self.values, "name": "custom"})
            self.error = ""
        except RulesError as exc:
            self.rules, self.error = None, friendly(str(exc))
        except (TypeError, ValueError) as exc:
            self.rules, self.error = None, friendly(str(exc))
        for button in (self.use_button, self.save_button, self.howto_button):
            button.enabled = self.rules is not None
        notes = (dict(self.switch_why), self.idle_why)
        for key, button in self.switches.items():
            why = "mend the clash first" if self.rules is None else switch_refusal(self.rules, key)
            button.enabled = why is None
            self.switch_why[key] = friendly(why or "")
        idle = {} if self.rules is None else self.rules.idle_options
        self.idle_why = {k: friendly(why) for k, why in idle.items() if k in self.controls}
        if (self.switch_why, self.idle_why) != notes and self.view.w:
            self.layout(self.size)  # a note may have moved under its switch, come or gone

    @property
    def rules_label(self) -> str | None:
        """The name of the saved set these rules are, unchanged since loaded or saved."""
        return self.label if self.label and not self.edited else None

    @property
    def edited(self) -> bool:
        """Whether the options differ from those last started from, loaded or saved."""
        return self.values != self.baseline

    @property
    def name_typed(self) -> bool:
        """Whether a name was typed since the set was last loaded or saved (and not saved)."""
        typed = normal_name(self.name_field.text)
        return bool(name_key(typed)) and typed != normal_name(self.name_kept)

    def _unless_kept(
        self,
        question: str,
        then: Callable[[], None],
        undo: Callable[[], None],
        yes: str = "Discard changes",
        name_lost: bool = False,
    ) -> ConfirmDialog | None:
        """Run ``then`` at once if nothing edited would be lost, else once the player agrees
        to lose the edits (``undo`` puts back what the asking control showed otherwise).
        ``name_lost``: ``then`` also throws away a name typed and not saved. Returns the
        question when one is asked."""
        named = name_lost and self.name_typed
        if not (self.edited or named) or self.stack is None:
            then()
            return None

        def answered(discard: bool | None) -> None:
            (then if discard else undo)()

        if self.edited:
            detail = "The options you changed here are not saved and would be lost."
        else:
            detail = f"The name “{normal_name(self.name_field.text)}” is not saved: Save keeps "
            detail += "these rules under it."
        dialog = ConfirmDialog(question, detail, yes, "Keep editing", answered)
        self.stack.push(dialog)
        return dialog

    def load_preset(self, key: str) -> None:
        """Start again from a preset (asking first if that throws edits away)."""
        before = self.baseline_preset

        def start() -> None:
            self.baseline_preset = key
            self.label = None
            self._show(self._seated(PRESETS[key]))
            self.note = f"Started from {PRESET_TITLES.get(key, key)}."

        title = PRESET_TITLES.get(key, key)
        self._unless_kept(f"Start again from {title}?", start, lambda: self.start_from.set(before))

    def _seated(self, preset: Rules) -> Rules:
        """``preset`` with the usual players and target shown now (the table New game chose,
        unless changed here), where it seats that many: they are the table's, not the rules'."""
        seats, target = self.values.get("default_seats"), self.values.get("target")
        kept = preset
        try:
            if isinstance(seats, int) and preset.min_seats <= seats <= preset.max_seats:
                kept = kept.replace(default_seats=seats, name=preset.name)
            if isinstance(target, int) and target > 0:
                kept = kept.replace(target=target, name=preset.name)
        except RulesError:
            pass  # (a value these rules refuse: theirs, then)
        return kept

    # --- saved rule sets -----------------------------------------------------------------------
    def _refresh_saved(self) -> None:
        """Read the saved sets again; the one picked in the list stays picked if it is
        still there."""
        self._sets_stamp = rule_sets_stamp()  # (before reading: a change meanwhile is seen)
        self._sets_waited = 0.0
        found = read_rule_sets()
        self.sets = found.rule_sets
        if found.problem:
            # The file was set aside or could not be read: say so where notes appear.
            log.warning("rule sets: %s", found.problem)
            self._fail(found.problem)
        picked = self.saved.value
        names = sorted(self.sets, key=sort_key) or [""]  # in a reader's order, not by code
        self.saved.values = names
        if picked in names:
            self.saved.set(picked)
        else:
            self.saved.index = min(self.saved.index, len(names) - 1)
        self.load_button.enabled = self.delete_button.enabled = bool(self.sets)

    def update(self, dt: float) -> None:
        """As any screen; the list of saved sets follows what another copy of the game
        saves or deletes meanwhile (looked at once a second)."""
        super().update(dt)
        self._sets_waited += dt
        if self._sets_waited >= SETS_LOOKED_AT_EVERY:
            self._sets_waited = 0.0
            if rule_sets_stamp() != self._sets_stamp:
                self._refresh_saved()

    def load_saved(self) -> None:
        """Load the rule set picked in the list (asking first if that throws edits away)."""
        name = self.saved.value
        if not name:
            return
        self._refresh_saved()  # as saved now: another copy may have changed it
        if name not in self.sets:
            self.note = f"“{name}” is no longer among the saved rule sets."
            return
        try:
            rules = Rules.from_text(self.sets[name])
        except RulesError as exc:  # written by hand, or by a version with other options
            self._fail(f"“{name}” could not be loaded. {friendly(str(exc))}")
            return

        def load() -> None:
            self.name_field.text = self.name_kept = name
            self.baseline_preset = nearest_preset(rules)
            self.start_from.set(self.baseline_preset)
            self._show(rules)
            self.label = name
            self.note = f"Loaded {name}."

        self._unless_kept(f"Load “{name}”?", load, lambda: None, name_lost=True)

    def delete_saved(self) -> None:
        """Forget the rule set picked in the list, once the player confirms."""
        name = self.saved.value
        if not name:
            return

        def delete(sure: bool | None) -> None:
            if not sure:
                return
            try:
                deleted = delete_rule_set(name)
            except (StoreUnavailable, OSError, ValueError) as exc:
                self._fail(f"“{name}” was not deleted: {exc}")
                return
            self._refresh_saved()
            if not deleted:  # deleted meanwhile, in another window
                self.note = f"“{name}” is no longer among the saved rule sets."
                return
            if self.label is not None and same_rule_set_name(self.label, (name,)):
                self.label = None  # the rules stay, without a saved set of that name
                self.name_kept = self.name_field.text  # nor one to ask about keeping
            self.note = f"Deleted {name}."
            if self.delete_button.focused and not self.delete_button.enabled:
                self.move_focus(1)  # the last set gone: Delete can do nothing more

        if self.stack is None:
            delete(True)
            return
        detail = "It is removed from your saved rule sets for good."
        self.stack.push(ConfirmDialog(f"Delete “{name}”?", detail, "Delete", "Keep it", delete))

    def save_set(self) -> None:
        """Save the rules under the typed name (only rules that work)."""
        if self.rules is None:
            self.note = "Mend the rules first: these cannot be played."
            return
        name = normal_name(self.name_field.text)  # as the set is saved and its rounds kept
        if not name_key(name):
            self.note = "Type a name for the rule set first."
            self.focus(self.name_field)
            return
        text = self.rules.to_text()
        self._refresh_saved()  # as saved now: another copy may have saved one of this name
        # "home" and "Home" name one rule set: saving under either replaces the other.
        saved = same_rule_set_name(name, self.sets)
        if saved is None or (saved == name and self.sets[saved] == text) or self.stack is None:
            self._save_as(name, text)  # new, or the same rules under the same name
            return
        asked = self.sets[saved]

        def replace(sure: bool | None) -> None:
            if not sure:
                return
            self._refresh_saved()
            if same_rule_set_name(name, self.sets) != saved or self.sets.get(saved) != asked:
                self.save_set()  # changed meanwhile (another copy): asked about anew
                return
            self._save_as(name, text)

        if saved == name:
            detail = "The rules saved under that name are replaced by these."
        else:
            detail = f"The rules saved as “{saved}” are replaced by these, saved as “{name}”."
        self.stack.push(
            ConfirmDialog(f"Replace “{saved}”?", detail, "Replace", "Keep the saved one", replace)
        )

    def _save_as(self, name: str, text: str) -> None:
        try:
            save_rule_set(name, text)
        except (StoreUnavailable, OSError, ValueError) as exc:
            self._fail(f"“{name}” was not saved: {exc}")
            return
        self._refresh_saved()
        self.saved.set(name)
        self.baseline = dict(self.values)
        self.label = self.name_kept = name
        self.note = f"Saved as {name}."

    # --- leaving -------------------------------------------------------------------------------
    def use(self) -> None:
        """Play with these rules."""
        if self.rules is not None:
            rules = self.rules
            self.close()
            self.on_result(rules)

    def cancel(self) -> None:
        """Leave without changing the rules (asking first if that throws edits away)."""

        def leave() -> None:
            self.close()
            self.on_result(None)

        self._unless_kept("Leave without these rules?", leave, lambda: None, name_lost=True)

    def ask_before_closing(self) -> Scene | None:
        """Closing the window with options changed and not saved asks first, as Back does."""
        if not (self.edited or self.name_typed):
            return None

        def close() -> None:
            if self.app is not None:
                self.app.quit()

        return self._unless_kept(
            "Quit without these rules?", close, lambda: None, "Discard and quit", name_lost=True
        )

    def show_rules(self) -> None:
        """How to play these rules."""
        from game.ui.howto import HowToScreen

        if self.rules is not None and self.stack is not None:
            self.stack.push(
                HowToScreen(
                    rules=self.rules, label="The rules edited here", rules_label=self.rules_label
                )
            )

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Up/Down/Tab walk the controls (scrolling to them); the wheel scrolls."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            back = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            self.move_focus(-1 if back else 1)
            return True
        # Home and End take the caret along the name being typed; elsewhere they scroll.
        caret = self.name_field.editing and event.type == pygame.KEYDOWN
        caret = caret and event.key in (pygame.K_HOME, pygame.K_END)
        if not caret and self.scroll.handle_event(event, self.view):
            self.layout(self.size)
            if event.type == pygame.KEYDOWN:
                self._focus_in_view()  # PageDown and the like: the focus goes along
            return True
        if event.type == pygame.KEYDOWN:
            self._reveal_focus()  # a key for the focused option: show it first
        refusals = self.name_field.refusals
        used = super().handle_event(event)
        if self.name_field.refusals != refusals and not self.failed:
            # Typing has just met the limit: what was left out is not lost unseen. (Said as it
            # happens; what a later key does, a save, has its own say; a failure told in red
            # stays.)
            self.note = FULL_NAME
        return used

    def resize(self, size: tuple[int, int]) -> None:
        """As any screen; the focused option stays in view (a resize keeps the list's
        scroll in pixels, which may leave it out of sight)."""
        super().resize(size)
        self._reveal_focus()

    def _rows(self) -> dict[str, Widget]:
        """Every option's control and every switch of the list, by name."""
        return {**self.controls, **self.switches}

    def _focused_row(self) -> str | None:
        """The option or switch with the keyboard focus, if one has it."""
        return next((n for n, w in self._rows().items() if w.focused), None)

    def _scroll_to(self, name: str) -> None:
        """Scroll the list just enough to show the row ``name``."""
        y = self.content_y[name]
        if y < self.scroll.offset:
            self.scroll.offset = max(0.0, y - self.px(HEAD_H))
        elif y + self._height(name) > self.scroll.offset + self.scroll.view:
            self.scroll.offset = y + self._height(name) - self.scroll.view + 8
        self.scroll.by(0)
        self.layout(self.size)

    def _reveal_focus(self) -> None:
        """Bring the focused row back into view, if the list was scrolled off it."""
        name = self._focused_row()
        if name is not None and not self._rows()[name].visible:
            self._scroll_to(name)

    def _focus_in_view(self) -> None:
        """After the list was scrolled by a key, a focused row out of view hands the focus to
        the first row in view that can take it."""
        name = self._focused_row()
        rows = self._rows()
        if name is None or rows[name].visible:
            return
        shown = [w for w in rows.values() if w.visible and getattr(w, "enabled", True)]
        if shown:
            self.focus(shown[0])

    def move_focus(self, step: int) -> None:
        """Focus the next control that can take it, scrolling the list to show it."""
        target = next_focus(self.order, step, lambda w: getattr(w, "enabled", True))
        if target is None:
            return
        name = next((n for n, w in self._rows().items() if w is target), None)
        if name is not None:
            self._scroll_to(name)
        self.focus(target)

    # --- layout and drawing --------------------------------------------------------------------
    def _height(self, name: str) -> int:
        control = self.controls.get(name)
        if name in self.switches:
            return self._switch_place(name)[2]
        if isinstance(control, Chips):
            height = control.height_for(self._control_w()) + self.px(14)
        else:
            height = self.px(ROW_H)
        return height + self._idle_lines(name) * self._note_line_h()

    def _note_line_h(self) -> int:
        return theme.text_size("Ag", self.px(14))[1] + 1

    def _idle_lines(self, name: str) -> int:
        """How many lines the "No effect here" note under an idle option's control takes."""
        why = self.idle_why.get(name)
        if not why:
            return 0
        return len(theme.wrap(_IDLE + why, self.px(14), self._control_w()))

    def _switch_place(self, key: str) -> tuple[int, bool, int]:
        """A switch's button width, whether its "Not here" note goes below the button (when
        it would be squeezed beside it), and the row's height. The button takes the width
        its whole label needs, up to the list's."""
        px = self.px
        button = self.switches[key]
        button.label = HOUSE_SWITCHES[key][0]
        full = self.view.w - px(44 + 24)
        width = min(button.preferred_width(), full)
        why = self.switch_why.get(key)
        if not why:
            return width, False, px(ROW_H)
        line_h = theme.text_size("Ag", px(14))[1] + 1
        beside = full - width - px(14)
        lines = len(theme.wrap(_NOT_HERE + why, px(14), beside)) if beside > 0 else 99
        if beside >= px(200) and lines * line_h <= px(ROW_H) - px(10):
            return width, False, px(ROW_H)
        below = len(theme.wrap(_NOT_HERE + why, px(14), full))
        return width, True, px(ROW_H) + below * line_h

    def _control_w(self) -> int:
        """The width each option's control is given (a row of chips wraps within it, so its
        row's height is measured at this width too)."""
        return max(self.px(260), self.view.w - self.px(340)) - self.px(20)

    def layout(self, size: tuple[int, int]) -> None:
        """Top bar, status, the scrolled list of options, and the bottom bar."""
        w, h = size
        px = self.px
        x0 = max(30, (w - px(1100)) // 2)
        right = w - x0
        top, bar_h = px(76), px(38)
        # Wide enough for every preset's title whole: cut short, "Romanian Macao" and
        # "Romanian Macao #2" would read alike.
        words = self.start_from.size
        widest = max(theme.text_size(title, words, True)[0] for title in PRESET_TITLES.values())
        arrows = bar_h + theme.text_size("›", words + px(8), True)[0] + px(6)
        self.start_from.rect = pygame.Rect(x0 + px(110), top, max(px(230), widest + arrows), bar_h)
        # The saved names get the room between "Start from" and Load, to show long ones.
        caption = theme.text_size("Saved", px(18), True)[0] + px(12)
        saved_x = self.start_from.rect.right + px(24) + caption
        saved_w = min(px(480), right - px(180 + 12) - saved_x)
        # A narrow window (an 800×600 screen): the picker, which says what it holds, goes
        # without its caption, and Load and Delete are narrower, rather than show only the
        # first letter of a name.
        self.saved_caption = saved_w >= px(170)
        load_w, delete_w = (px(84), px(88)) if self.saved_caption else (px(70), px(76))
        buttons_w = load_w + delete_w + px(8)
        if not self.saved_caption:
            saved_w = right - buttons_w - px(12) - (self.start_from.rect.right + px(12))
        self.saved.rect = pygame.Rect(right - buttons_w - px(12) - saved_w, top, saved_w, bar_h)
        self.load_button.rect = pygame.Rect(right - buttons_w, top, load_w, bar_h)
        self.delete_button.rect = pygame.Rect(right - delete_w, top, delete_w, bar_h)
        # The verdict's box grows with a long clash (three lines or more), pushing the list down.
        self.status = pygame.Rect(x0, px(124), right - x0, self._status_height(right - x0))
        list_top = self.status.bottom + px(10)
        self.view = pygame.Rect(x0, list_top, right - x0, h - list_top - px(80))
        y = 0
        self.heads = []
        group = ""
        for spec in self.specs:
            if spec.group != group:
                group = spec.group
                self.heads.append((group, y))
                y += self.px(HEAD_H)
            self.content_y[spec.name] = y
            y += self._height(spec.name)
        self.heads.append((SWITCHES_HEAD, y))
        y += self.px(HEAD_H)
        for key in self.switches:
            self.content_y[key] = y
            y += self._height(key)
        self.scroll.view, self.scroll.content = self.view.h - 16, y
        self.scroll.by(0)
        for spec in self.specs:
            control = self.controls[spec.name]
            top = self.view.y + 8 + self.content_y[spec.name] - round(self.scroll.offset)
            note_h = self._idle_lines(spec.name) * self._note_line_h()
            height = self._height(spec.name) - 10
            control.rect = pygame.Rect(
                self.view.x + px(320), top, self._control_w(), height - note_h
            )
            if isinstance(control, Choice):
                control.rect.w = px(260)
            control.visible = self.view.y + 4 <= top and top + height <= self.view.bottom - 4
        for key, button in self.switches.items():
            top = self.view.y + 8 + self.content_y[key] - round(self.scroll.offset)
            width, _, height = self._switch_place(key)
            if button.preferred_width() > width:  # narrower than any window: cut short
                button.label = theme.fit(button.label, button.size, width - px(36), True)
            button.rect = pygame.Rect(self.view.x + px(44), top, width, px(ROW_H) - px(10))
            button.visible = self.view.y + 4 <= top and top + height <= self.view.bottom - 4
        foot, foot_h = h - px(64), px(44)
        row = [self.howto_button, self.cancel_button, self.use_button]
        # A narrow window (an 800×600 screen): smaller labels, so the name still has room.
        for label in (18, 16, 15):
            for button in row:
                button.size = px(label)
            button_row(row, (x0 + px(360) + right) // 2 + px(40), foot, px(14), foot_h)
            overrun = row[-1].rect.right - right  # the row ends at the panel's edge
            if overrun > 0:
                for button in row:
                    button.rect.x -= overrun
            if row[0].rect.x - px(10 + 84 + 26) - x0 >= px(200):
                break
        # The name field takes what the buttons leave, so more of a long name shows (at least
        # 240 px, but never under the buttons: in an 800×600 window it is narrower).
        room = row[0].rect.x - px(10 + 84 + 26) - x0
        name_w = max(min(px(240), room), min(px(360), room))
        self.name_field.rect = pygame.Rect(x0, foot, name_w, foot_h)
        self.save_button.rect = pygame.Rect(x0 + name_w + px(10), foot, px(84), foot_h)

    @property
    def note(self) -> str:
        """What the last thing done did, under the verdict ("Saved as Home.")."""
        return self._note

    @note.setter
    def note(self, words: str) -> None:
        self._note, self.failed = words, False

    def _fail(self, words: str) -> None:
        """A note that something asked for was not done (a save the folder refused, a set
        that cannot be read): told in the clashes' red, not as news that the rules work."""
        self.note, self.failed = words, True

    def _status_text(self) -> tuple[str, int, int]:
        """The verdict above the list: its text, font size and padding."""
        px = self.px
        if self.error:  # a note (a refused save, what changed) follows, in the same box
            clash = "These options clash: " + self.error
            return (f"{clash}\n{self.note}" if self.note else clash), px(15), px(7)
        note = self.note or "These rules work. Change any option; clashes are explained here."
        return note, px(16), px(7)

    def _status_lines(self, width: int) -> tuple[list[str], int, int]:
        """The verdict's lines in a box ``width`` wide, its font size and padding. However
        many options clash, the box takes at most a fifth of the window (the list below must
        show some options to mend them with): lines beyond end the last one shown with "…"."""
        text, size, pad = self._status_text()
        lines = theme.wrap(text, size, width - self.px(28))
        line_h = theme.text_size("Ag", size)[1] + 2
        most = max(2, (self.size[1] // 5 - 2 * pad) // line_h)
        if len(lines) > most:  # (fit ends a line it cuts with "…" too)
            lines = [
                *lines[: most - 1],
                theme.fit(lines[most - 1] + " …", size, width - self.px(28)),
            ]
        return lines, size, pad

    def _status_height(self, width: int) -> int:
        """The verdict's box: as tall as its text (two lines fit the least height)."""
        lines, size, pad = self._status_lines(width)
        return max(self.px(54), 2 * pad + len(lines) * (theme.text_size("Ag", size)[1] + 2))

    def draw_body(self, surface: pygame.Surface) -> None:
        """Labels, group headings, the engine's verdict, the list panel."""
        px = self.px
        if self._status_height(self.status.w) != self.status.h:
            self.layout(self.size)  # a longer or shorter verdict than the box was made for
        captions = [("Start from", self.start_from)]
        if self.saved_caption:
            captions.append(("Saved", self.saved))
        for caption, widget in captions:
            label = theme.text(caption, px(18), theme.TEXT, True)
            at = (widget.rect.x - px(12), widget.rect.centery)
            surface.blit(label, label.get_rect(midright=at))
        s = self.status
        lines, size, pad = self._status_lines(s.w)
        if self.error or self.failed:
            theme.blit_panel(surface, s, (110, 28, 26, 235), (*theme.DANGER, 255), radius=12)
        else:
            theme.blit_panel(surface, s, (24, 70, 44, 235), (*theme.PANEL_EDGE, 255), radius=12)
        line_h = theme.text_size("Ag", size)[1] + 2
        y = s.y + max(pad, (s.h - len(lines) * line_h) // 2)
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT), (s.x + px(14), y))
            y += line_h
        v = self.view
        theme.blit_panel(surface, v, (*theme.PANEL, 225), (*theme.PANEL_EDGE, 200), radius=16)
        clip = surface.get_clip()
        surface.set_clip(v.inflate(-4, -8))
        offset = round(self.scroll.offset)
        for group, y in self.heads:
            image = theme.text(group, px(21), theme.ACCENT, True)
            surface.blit(image, (v.x + px(24), v.y + 8 + y - offset + px(10)))
        for spec in self.specs:
            control = self.controls[spec.name]
            y = v.y + 8 + self.content_y[spec.name] - offset
            if not control.visible:
                continue  # a row half out of the list shows neither its label nor its control
            why = self.idle_why.get(spec.name)
            ink = theme.ACCENT if control.focused else theme.MUTED if why else theme.TEXT
            image = theme.text(spec.label, px(18), ink)
            mid = y + min(px(ROW_H), self._height(spec.name)) // 2 - px(4)
            surface.blit(image, image.get_rect(midleft=(v.x + px(44), mid)))
            if why:
                at = (control.rect.x, control.rect.bottom + px(3))
                room = self._control_w()  # as measured by ``_idle_lines``
                draw_paragraph(surface, _IDLE + why, at, room, px(14), theme.MUTED, spacing=1)
        for key, button in self.switches.items():
            if self.switch_why.get(key) and button.visible:
                why = _NOT_HERE + self.switch_why[key]
                if self._switch_place(key)[1]:  # under the button, across the list
                    at = (button.rect.x, button.rect.bottom + px(3))
                    room = v.right - button.rect.x - px(24)
                else:
                    at = (button.rect.right + px(14), button.rect.y)
                    room = v.right - at[0] - px(24)
                draw_paragraph(surface, why, at, room, px(14), theme.MUTED, spacing=1)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, v, self.ui)

    def resume(self) -> None:
        """Focus the first option."""
        if self.focused() is None:
            self.focus(self.start_from)
