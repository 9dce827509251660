"""The profiles screen: create, rename, merge and delete players, with the store's refusals
shown.

Names are typed in a ``NameDialog`` (fed by TEXTINPUT events); a merge picks its target
and is confirmed in a ``MergeDialog``. Both are modal scenes handing back a name.

A renamed or merged player keeps their seat, under the new name, at the tables this copy of
the game keeps (the game saved for Continue, the Quick game table). Another copy open at the
same time keeps the saved game and cannot be reached: its table goes on under the old name,
whose rounds the statistics send on to the renamed or merged player. The screen says so
before and after, and refuses what would seat one player twice at that table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from game.store import OVERALL, Profile, Store
from game.store.background import StoreJob
from game.store.files import MAX_SAVE_JSON, read_json_object
from game.store.lock import ANOTHER_COPY
from game.store.models import name_key
from game.store.paths import StoreUnavailable, where
from game.store.records import MAX_NAME_LENGTH, clean_name
from game.store.saves import SAVE_NAME
from game.ui import theme
from game.ui.charts import Picker, content_top, draw_backdrop, draw_message
from game.ui.confirm import ConfirmDialog
from game.ui.controls import fit_apart
from game.ui.layout import Scaled
from game.ui.scene import Modal, Scene
from game.ui.setup import (
    SeatSpec,
    TableSetup,
    as_spoken,
    duplicate_name,
    rename_clashing_bots,
    you_misnamed,
)
from game.ui.widgets import Button, TextInput, WidgetGroup

if TYPE_CHECKING:
    from game.ui.resume import SavedGame

__all__ = [
    "MergeDialog",
    "NameDialog",
    "ProfilesScene",
    "other_window_note",
    "other_window_table",
    "reseated",
    "seated_person",
]

ROW_H = 40

OTHER_WINDOW = "the game open in another Macau window"


def other_window_note(name: str, goes_to: str) -> str:
    """What a rename or merge of ``name`` does to a game another copy of Macau has open."""
    return (
        f"Macau is open in another window, where a game may seat {name}: it goes on calling "
        f"them {name}, and their rounds there go to {goes_to}."
    )


@dataclasses.dataclass(frozen=True)
class _Table:
    """A table a profile's name sits at before its next round is recorded."""

    where: str  # in words, for the screen's messages
    setup: TableSetup
    saved: SavedGame | None = None  # the save it came from, rewritten after a rename
    ours: bool = True  # False: another running copy's, read here but never written


def other_window_table() -> TableSetup | None:
    """Who sits at the game another running copy of Macau keeps saved; None when it keeps
    none or it cannot be read. Only read: the file is that copy's live round, never written
    or set aside here, and a damaged one is that copy's to deal with."""
    try:
        envelope = read_json_object(where("state") / SAVE_NAME, MAX_SAVE_JSON)
        return None if envelope is None else TableSetup.from_dict(envelope["game"]["setup"])
    except (OSError, ValueError, KeyError, TypeError, StoreUnavailable):
        return None


def seated_person(setup: TableSetup, name: str) -> bool:
    """True when a person sits at ``setup`` under ``name`` (in any letter case and spacing:
    the statistics record both as one profile)."""
    key = name_key(name)
    return any(seat.human and name_key(seat.name) == key for seat in setup.seats)


def reseated(setup: TableSetup, old: str, new: str) -> TableSetup:
    """``setup`` with the person seated as ``old`` seated as ``new``; a bot with a stock name
    that is now theirs takes a free one, as on the New game screen. ValueError ("Ben
    already sits") when another seat keeps that name, or when "You" would name one of
    several people (the table would speak to everyone as that seat, as New game refuses).
    "you" in any letter case sits as "You"."""
    new = as_spoken(new)
    key = name_key(old)
    seats = tuple(
        SeatSpec(new, seat.level) if seat.human and name_key(seat.name) == key else seat
        for seat in setup.seats
    )
    if seats == setup.seats:
        return setup
    seats = rename_clashing_bots(seats)
    clash = duplicate_name([seat.name for seat in seats])
    if clash is not None:
        # Named as the seat that was there before: the other one is the renamed person.
        others = (s.name for s, was in zip(seats, setup.seats, strict=True) if s == was)
        there = next((n for n in others if name_key(n) == name_key(clash)), clash)
        raise ValueError(f"{there} already sits")
    if you_misnamed(seats) is not None:
        raise ValueError('"You" is for a lone player, and other people sit')
    return dataclasses.replace(setup, seats=seats)


class _Dialog(Scaled, Modal[object]):
    """A centred panel with a title, some lines of text and a row of buttons."""

    def __init__(self, title: str, lines: Sequence[str] = (), name: str = "") -> None:
        super().__init__()
        self.title = title
        self.title_name = name  # the name within the title: what is cut short if need be
        self.lines = list(lines)
        self.note = ""  # said after the lines, in the colour of the screen's messages
        self._window: tuple[int, int] | None = None  # the size last laid out for
        self._error = ""
        self.widgets = WidgetGroup()
        self.panel_size = (560, 250)  # at scale 1
        self.panel = pygame.Rect((0, 0), self.panel_size)
        self.buttons: list[Button] = []

    def _place_buttons(self) -> None:
        px = self.px
        x = self.panel.right - px(28)
        for button in reversed(self.buttons):
            width = button.preferred_width()
            button.rect = pygame.Rect(x - width, self.panel.bottom - px(70), width, px(46))
            x -= width + px(14)

    @property
    def error(self) -> str:
        """Why the last answer was refused ("" when there is nothing to say)."""
        return self._error

    @error.setter
    def error(self, text: str) -> None:
        changed = text != self._error
        self._error = text
        if changed and self._window is not None:
            self.resize(self._window)  # a refusal of several lines makes the panel taller

    def _error_lines(self) -> list[str]:
        if not self._error:
            return []
        width = self.px(self.panel_size[0]) - self.px(56)
        return theme.wrap_long_words(self._error, self.px(15), width, True)

    def _error_line_h(self) -> int:
        return theme.text_size("Ag", self.px(15), True)[1] + 1

    def _text_lines(self) -> list[tuple[str, theme.Colour]]:
        """The lines and the note, wrapped to the panel, each with its colour."""
        width = self.px(self.panel_size[0]) - self.px(56)
        wrapped = [
            (part, theme.TEXT)
            for line in self.lines
            for part in theme.wrap_long_words(line, self.px(16), width)
        ]
        if self.note:
            notes = theme.wrap_long_words(self.note, self.px(16), width)
            wrapped += [(part, theme.ACCENT) for part in notes]
        return wrapped

    def _grow(self, rows: int, gap: int = 0) -> int:
        """Make the panel taller by ``rows`` lines of text and ``gap`` pixels (kept
        centred); the height added."""
        extra = max(0, rows) * self.px(22) + gap
        if extra:
            centre = self.panel.center
            self.panel.h += extra
            self.panel.center = centre
            self._place_buttons()
        return extra

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel (grown with a large window, as the screen under it)."""
        self._window = size
        self.ui = self.widgets.scale_to(size)
        extra = max(0, len(self._error_lines()) - 1) * self._error_line_h()
        self.panel = pygame.Rect(
            0, 0, self.px(self.panel_size[0]), self.px(self.panel_size[1]) + extra
        )
        self.panel.center = (size[0] // 2, size[1] // 2)
        self._place_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, title, text, error and buttons."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 10, 5, 150))
        surface.blit(veil, (0, 0))
        theme.blit_panel(surface, self.panel, (*theme.PANEL, 248), (*theme.ACCENT, 230), 18)
        px = self.px
        left = self.panel.x + px(28)
        surface.blit(self._title_image(), (left, self.panel.y + px(22)))
        y = self.panel.y + px(66)
        for part, colour in self._text_lines():
            surface.blit(theme.text(part, px(16), colour), (left, y))
            y += px(22)
        lines = self._error_lines()
        y = self.panel.bottom - px(100) - (len(lines) - 1) * self._error_line_h()
        for line in lines:
            surface.blit(theme.text(line, px(15), (255, 150, 140), True), (left, y))
            y += self._error_line_h()
        self.widgets.draw(surface)

    def _title_image(self) -> pygame.Surface:
        """The title inside the panel: smaller for a long name, then the name cut short."""
        px = self.px
        room = self.panel.w - px(56)
        size = theme.fit_size(self.title, px(26), room, True, smallest=px(20))
        words = self.title
        if self.title_name and self.title_name in words:
            around = theme.text_size(words.replace(self.title_name, "", 1), size, True)[0]
            short = theme.fit(self.title_name, size, room - around, True)
            words = words.replace(self.title_name, short, 1)
        return theme.text(theme.fit(words, size, room, True), size, theme.ACCENT, True)

    def update(self, dt: float) -> None:
        """Widgets (the caret blinks)."""
        self.widgets.update(dt)


class NameDialog(_Dialog):
    """Ask for a profile name. ``submit(name)`` returns an error to show, or None to close
    the dialog with that name."""

    def __init__(
        self,
        title: str,
        submit: Callable[[str], str | None],
        text: str = "",
        on_result: Callable[[object | None], None] | None = None,
        opened_by: str = "",
        note: str = "",
    ) -> None:
        super().__init__(
            title, [f"Any name of up to {MAX_NAME_LENGTH} characters; letter case is kept."]
        )
        self.note = note
        self.on_result = on_result
        self.submit = submit
        # The text of the key press that opened the dialog ("n" for N): its TEXTINPUT comes
        # after the dialog is open and must not become the name's first letter.
        self.opened_by = opened_by
        self.field = TextInput(text, max_length=MAX_NAME_LENGTH, on_submit=lambda _: self.accept())
        self.buttons = [
            Button("Cancel", self.cancel, hint="Esc"),
            Button("OK", self.accept, primary=True),
        ]
        self.widgets.add(self.field, *self.buttons)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre the panel, the field under the text (the panel grows with a note)."""
        super().resize(size)
        px = self.px
        extra = self._grow(len(self._text_lines()) - 1)
        self.field.rect = pygame.Rect(
            self.panel.x + px(28), self.panel.y + px(100) + extra, self.panel.w - px(56), px(42)
        )

    def startup(self) -> None:
        """Type straight away: over the old name, selected whole (a name to change is more
        often replaced than edited; an arrow key keeps it to edit)."""
        self.field.focus(True)
        self.field.select_all()

    def shutdown(self) -> None:
        """Stop the platform text input with the dialog."""
        self.field.focus(False)

    def accept(self) -> None:
        """Try the name; stay open with the reason if it is refused."""
        problem = self.submit(self.field.text)
        if problem is None:
            self.finish(self.field.text)
        else:
            self.error = problem

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc cancels; the field takes typing and Enter."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.TEXTINPUT:
            opening, self.opened_by = self.opened_by, ""
            if opening and event.text == opening:
                return True  # the key that opened the dialog, not a letter of the name
            self.error = ""
        elif event.type == pygame.KEYDOWN:
            self.opened_by = ""  # a key pressed in the dialog: its text is typed
        used = self.widgets.handle_event(event)
        if not used and event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.accept()
        return True


class MergeDialog(_Dialog):
    """Merge one profile into another: pick the target with the arrows, then confirm.
    Returns the target's name, or None when cancelled."""

    def __init__(
        self,
        source: str,
        targets: Sequence[str],
        on_result: Callable[[object | None], None] | None = None,
        note: str = "",
    ) -> None:
        lines = [
            f"Every round {source} played moves to the profile chosen below, and all ratings "
            "are worked out again. This cannot be undone.",
        ]
        super().__init__(f"Merge {source} into…", lines, name=source)
        self.note = note
        self.on_result = on_result
        self.panel_size = (560, 306)
        self.panel.h = 306
        self.target = Picker("Keeps the rounds  ← →", targets)
        self.target.focused = True
        self.buttons = [
            Button("Cancel", self.cancel, hint="Esc"),
            Button("Merge", self.confirm, hint="Enter", primary=True),
        ]
        self.widgets.add(self.target, *self.buttons)

    @property
    def chosen(self) -> str:
        """The profile that will keep the games."""
        return self.target.options[self.target.index]

    def confirm(self) -> None:
        """Close with the chosen target."""
        self.finish(self.chosen)

    def resize(self, size: tuple[int, int]) -> None:
        """The picker under the warning (the panel grows when a long name makes the
        warning take more lines)."""
        super().resize(size)
        px = self.px
        # A note is set apart from the picker's label under it.
        extra = self._grow(len(self._text_lines()) - 3, px(14) if self.note else 0)
        # (its label above it, set apart from the warning as the Statistics screen's is)
        self.target.rect = pygame.Rect(
            self.panel.x + px(28), self.panel.y + px(166) + extra, px(300), px(42)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left/Right pick, Enter merges (or presses the button it is on), Esc cancels."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # A merge cannot be undone: Enter on Cancel must cancel.
            pressed = next((b for b in self.buttons if b.focused), None)
            if pressed is not None:
                pressed.click()
            else:
                self.confirm()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.target.step(-1 if event.key == pygame.K_LEFT else 1)
        else:
            self.widgets.handle_event(event)
        return True


class ProfilesScene(Scaled, Scene):
    """Every profile with its rated games; New, Rename, Merge and Delete for human players."""

    def __init__(self, store: Store, on_moved: Callable[[str, str], None] | None = None) -> None:
        super().__init__()
        self.store = store
        # Told each rename and merge made here (the old name, the name that has its games
        # now): the Statistics screen below follows the player it shows.
        self.on_moved = on_moved
        self.size = (1280, 800)
        self.profiles: list[Profile] = []
        self.games: dict[str, int] = {}
        self.selected = 0
        self.first = 0  # the first profile in view: the list scrolls in a small window
        self.message = ""
        self.message_is_error = False
        self.new_button = Button("New profile", self.ask_create, hint="N", primary=True)
        self.rename_button = Button("Rename", self.ask_rename, hint="F2")
        self.merge_button = Button("Merge into…", self.ask_merge, hint="M")
        self.delete_button = Button("Delete", self.ask_delete, hint="Del")
        self.back = Button("Back", self.close, hint="Esc")
        self.actions = [self.new_button, self.rename_button, self.merge_button, self.delete_button]
        self.widgets = WidgetGroup([*self.actions, self.back])
        # A merge works out every rating again, seconds on a long history: it runs on a
        # thread of its own while this screen says so. Back waits for it (and then closes):
        # the screens below read the profiles it is changing.
        self.merging: StoreJob[Profile] | None = None
        self._merge_names = ("", "")
        self._close_when_merged = False
        self.reload()

    # --- data ------------------------------------------------------------------------------
    def reload(self, select: str | None = None) -> None:
        """Read the profiles again, keeping (or moving to) the selected one."""
        keep = select or (self.current.name if self.current else None)
        try:
            self.profiles = self.store.profiles()
            self.games = {row.profile: row.games for row in self.store.leaderboard(OVERALL)}
        except Exception as exc:  # a damaged file must not take the screen down with it
            self._say(f"The profiles could not be read ({exc}).", error=True)
            self.profiles, self.games = [], {}
        names = [p.name for p in self.profiles]
        self.selected = names.index(keep) if keep in names else 0
        self._keep_in_view()
        self._update_buttons()

    @property
    def current(self) -> Profile | None:
        """The highlighted profile."""
        return self.profiles[self.selected] if 0 <= self.selected < len(self.profiles) else None

    def _humans(self) -> list[str]:
        return [p.name for p in self.profiles if not p.is_bot]

    def _update_buttons(self) -> None:
        human = self.current is not None and not self.current.is_bot
        # No other change while a merge writes: it would wait for the merge's lock.
        writable = not self.store.read_only and self.merging is None
        self.new_button.enabled = writable
        self.rename_button.enabled = writable and human
        self.merge_button.enabled = writable and human and len(self._humans()) > 1
        # Only a player who never played can go; the store says so for one who did.
        self.delete_button.enabled = writable and human

    def _refused(self, button: Button) -> bool:
        """Whether ``button``'s action cannot be taken now; if so, the reason is said (a key
        pressed for it gets the answer the greyed-out button gives the mouse)."""
        if button.enabled:
            return False
        current = self.current
        if self.merging is not None:
            why = "Wait for the merge to finish."
        elif self.store.read_only:
            why = self.store.problem or "The statistics are only read here."
        elif current is None:
            why = ""
        elif current.is_bot:
            why = f"{current.name} is a bot level: only people's profiles change."
        else:
            why = "There is no other person's profile to merge into."
        if why:
            self._say(why, error=True)
        return True

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error

    def _attempt(self, work: Callable[[], object]) -> str | None:
        """Run a store change; the store's reason as a sentence if it refuses."""
        try:
            work()
        except (ValueError, OSError) as exc:
            return str(exc)
        return None

    # --- actions ---------------------------------------------------------------------------
    def _push(self, dialog: Scene) -> None:
        if self.stack is not None:
            self.stack.push(dialog)

    def ask_create(self, opened_by: str = "") -> None:
        """Ask for a new player's name (``opened_by``: the text of the key that asked)."""
        if not self.new_button.enabled:
            return

        kept_for = ""  # whose earlier name the new profile took, if it took one

        def submit(typed: str) -> str | None:
            nonlocal kept_for
            kept_for = self._kept_for(typed)
            return self._attempt(lambda: self.store.create_profile(typed))

        def done(name: object | None) -> None:
            if isinstance(name, str):
                # As the store keeps it: typed decomposed ("Zoe" and a combining diaeresis)
                # or with a stray invisible character, it is still the profile just made.
                self.reload(select=clean_name(name))
                made = self.current.name if self.current else name
                more = (
                    f" Rounds recorded as {made} go to this profile now, not to {kept_for}."
                    if kept_for
                    else ""
                )
                self._say(f"Created profile {made}.{more}")

        self._push(NameDialog("New profile", submit, on_result=done, opened_by=opened_by))

    def _kept_for(self, name: str) -> str:
        """The player whose earlier (renamed or merged-away) name ``name`` is; "" if none."""
        try:
            found = self.store.profile(clean_name(name))
        except Exception:  # a bad name or a damaged file: the store's answer says why
            return ""
        if found is None or name_key(found.name) == name_key(name):
            return ""
        return found.name

    def ask_rename(self) -> None:
        """Ask for the highlighted player's new name."""
        old = self.current
        if old is None or self._refused(self.rename_button):
            return

        def submit(typed: str) -> str | None:
            try:
                new = clean_name(typed)
            except ValueError as exc:
                return str(exc)
            if new == old.name:
                return None  # kept as it was: nothing to change, nor to follow
            # Refused before the store changes: a saved game seating two people under
            # one name could be neither played on nor recorded.
            problem = self._seating_problem(old.name, new)
            if problem is not None:
                return problem
            return self._attempt(lambda: self.store.rename_profile(old.name, typed))

        def done(name: object | None) -> None:
            if isinstance(name, str) and clean_name(name) == old.name:
                self._say(f"{old.name} is already called that: nothing changed.")
            elif isinstance(name, str):
                self.reload(select=clean_name(name))
                new = self.current.name if self.current else clean_name(name)
                more, trouble = self._follow_rename(old.name, new)
                if self.on_moved is not None:
                    self.on_moved(old.name, new)
                self._say(f"Renamed {old.name} to {new}.{more}", error=trouble)

        _, elsewhere = self._tables()
        note = other_window_note(old.name, "the new name") if elsewhere else ""
        self._push(
            NameDialog(f"Rename {old.name}", submit, text=old.name, on_result=done, note=note)
        )

    def _tables(self) -> tuple[list[_Table], bool]:
        """The tables a profile's name sits at before its next round is recorded: the game
        saved for Continue and the one Quick game deals; and whether another running copy
        of the game keeps the saved game instead, with its table (if it has one saved),
        which is read but left alone."""
        from game.ui.launch import settings_of
        from game.ui.resume import read_saved_game, saved_setup
        from game.ui.setup import quick_setup

        tables: list[_Table] = []
        saved = read_saved_game()
        elsewhere = saved.problem == ANOTHER_COPY
        setup = other_window_table() if elsewhere else saved_setup(saved)
        if setup is not None and elsewhere:
            tables.append(_Table(OTHER_WINDOW, setup, ours=False))
        elif setup is not None:
            tables.append(_Table("the table saved for Continue", setup, saved))
        last = settings_of(self).last_setup
        if last:
            tables.append(_Table("the Quick game table", quick_setup(last)))
        return tables, elsewhere

    def _seated(self, setup: TableSetup, name: str) -> bool:
        """True when the player called ``name`` sits at ``setup``: under that name, or under
        another that the statistics send to the same profile (one they had before, or one
        merged into theirs, since another copy of the game may still seat it)."""
        if seated_person(setup, name):
            return True
        try:
            wanted = self.store.profile(name)
            if wanted is None:
                return False
            seated = (self.store.profile(seat.name) for seat in setup.seats if seat.human)
            return any(found is not None and found.id == wanted.id for found in seated)
        except Exception:  # a damaged file: the store refuses what it cannot do
            return False

    def _seated_as(self, setup: TableSetup, old: str, new: str) -> list[str]:
        """The names the player just renamed (or merged) from ``old`` to ``new`` sits under
        at ``setup``: ``old``, and any earlier name of theirs, which another copy of the
        game may have left seated there when it renamed them."""
        names = [old]
        try:
            wanted = self.store.profile(new)
            for seat in setup.seats:
                if not seat.human or name_key(seat.name) in (name_key(old), name_key(new)):
                    continue
                found = self.store.profile(seat.name)
                if wanted is not None and found is not None and found.id == wanted.id:
                    names.append(seat.name)
        except Exception:  # a damaged file: the store refuses what it cannot do
            pass
        return names

    def _seating_problem(self, old: str, new: str, merging: bool = False) -> str | None:
        """Why ``old`` cannot sit as ``new`` at a table it sits at (None when it can): the
        name is another seat's there, or, for a merge, both sit there, two players."""
        for table in self._tables()[0]:
            if merging and self._seated(table.setup, old) and self._seated(table.setup, new):
                return (
                    f"{old} and {new} sit at {table.where}: they are two players, so they "
                    "cannot be merged."
                )
            if (
                not merging
                and name_key(old) != name_key(new)
                and seated_person(table.setup, new)
                and not seated_person(table.setup, old)
                and self.store.profile(new) is None
            ):
                # Another person, with no rounds recorded yet: a rename to the name would
                # record their rounds as old's, a merge nobody asked for.
                return (
                    f"Another player called {new} sits at {table.where}: renamed {new}, "
                    f"{old} would be given their rounds."
                )
            try:
                reseated(table.setup, old, new)
            except ValueError as exc:
                return f"{exc} at {table.where}, so {old} cannot be seated there as {new}."
        return None

    def _follow_rename(self, old: str, new: str) -> tuple[str, bool]:
        """A person seated under the old name, in the saved game and at the Quick game table,
        takes the new one, so their next rounds and their match go on in the renamed (or
        merged) profile rather than in a new profile of the old name. The game another
        copy of Macau has open cannot be reseated: it goes on under the old name, which
        the statistics keep for the renamed (or merged) player. Returns a sentence to add
        to the screen's message, and whether it tells of trouble."""
        from game.ui.launch import change_settings
        from game.ui.resume import rename_saved_seats

        said = ""
        tables, elsewhere = self._tables()
        for table in tables:
            if not table.ours:
                continue
            try:
                moved = table.setup
                for name in self._seated_as(table.setup, old, new):
                    moved = reseated(moved, name, new)
            except ValueError:
                continue  # checked before the store changed: not expected here
            if moved == table.setup:
                continue
            if table.saved is None:
                change_settings(self, last_setup=moved.to_dict())
                continue
            try:
                rename_saved_seats(table.saved, moved.names)
            except (StoreUnavailable, OSError) as exc:
                return f" The saved game could not be changed ({exc}): it still seats {old}.", True
            said = f" The saved game goes on with {new}."
        if elsewhere:
            said += " " + other_window_note(old, new)
        return said, False

    def ask_merge(self) -> None:
        """Pick the profile to merge the highlighted one into, and confirm."""
        source = self.current
        if source is None or self._refused(self.merge_button):
            return
        targets = [name for name in self._humans() if name != source.name]

        def merge(target: object | None) -> None:
            if not isinstance(target, str) or self.merging is not None:
                return
            problem = self._seating_problem(source.name, target, merging=True)
            if problem is not None:
                self._say(problem, error=True)
                return
            self.merging = StoreJob(
                self.store, lambda store: store.merge_profiles(source.name, target)
            )
            self._merge_names = (source.name, target)
            self._say(f"Merging {source.name} into {target}…")
            self._update_buttons()

        _, elsewhere = self._tables()
        note = other_window_note(source.name, "the profile chosen") if elsewhere else ""
        self._push(MergeDialog(source.name, targets, merge, note=note))

    def ask_delete(self) -> None:
        """Ask before deleting the highlighted player, who must never have played and must
        not sit at a table whose next round would make the profile again."""
        victim = self.current
        if victim is None or self._refused(self.delete_button):
            return
        name = victim.name
        for table in self._tables()[0]:
            if self._seated(table.setup, name):
                self._say(
                    f"{name} sits at {table.where}: a round recorded there would make the "
                    "profile again, so it stays.",
                    error=True,
                )
                return
        try:
            played = name in self.store.played()
        except Exception:  # a damaged file: the store's own answer below says why
            played = False
        if played:
            # Nothing to ask: the store refuses, saying why and what to do instead.
            self._say(self._attempt(lambda: self.store.delete_profile(name)) or "", error=True)
            return

        def done(sure: bool | None) -> None:
            if not sure:
                return
            problem = self._attempt(lambda: self.store.delete_profile(name))
            self.reload()
            if problem is not None:
                self._say(problem, error=True)
            else:
                self._say(f"Deleted profile {name}.")

        detail = f"{name} has no rounds recorded; the name is free for a new player afterwards."
        self._push(ConfirmDialog(f"Delete {name}?", detail, "Delete", "Keep", done))

    def _merge_ended(self, job: StoreJob[Profile]) -> None:
        """Show the merged list and say so, or why the store refused."""
        source, target = self._merge_names
        self.merging = None
        problem = self._attempt(job.result)
        if problem is not None:
            self.reload()
            self._say(problem, error=True)
            return
        self.reload(select=target)
        more, trouble = self._follow_rename(source, target)
        if self.on_moved is not None:
            self.on_moved(source, target)
        self._say(f"Merged {source} into {target}.{more}", error=trouble)

    def close(self) -> None:
        """Leave the screen; during a merge, once it is done."""
        if self.merging is not None:
            self._close_when_merged = True
            source, target = self._merge_names
            self._say(f"Merging {source} into {target}… the screen closes when it is done.")
            return
        super().close()

    # --- frame -----------------------------------------------------------------------------
    def _list_box(self) -> pygame.Rect:
        w, h = self.size
        px = self.px
        top = content_top(self.store.problem, w, self.ui)
        # Wider on a large window, so that long names show whole (the buttons stay beside it).
        return pygame.Rect(40, top, min(px(1000), w - px(380)), h - px(96) - top)

    def visible_rows(self) -> int:
        """How many profiles the list shows at once."""
        return max(1, (self._list_box().h - self.px(84) - 8) // self.px(ROW_H))

    def in_view(self) -> range:
        """The indices of the profiles in view."""
        return range(self.first, min(len(self.profiles), self.first + self.visible_rows()))

    def row_rect(self, i: int) -> pygame.Rect:
        """Where profile ``i`` is listed (while it is in view)."""
        box = self._list_box()
        px = self.px
        y = box.y + px(84) + (i - self.first) * px(ROW_H)
        return pygame.Rect(box.x + px(16), y, box.w - px(32), px(ROW_H) - px(4))

    def scroll_by(self, rows: int) -> None:
        """Scroll the list, never past its ends."""
        most = max(0, len(self.profiles) - self.visible_rows())
        self.first = max(0, min(most, self.first + rows))

    def _keep_in_view(self) -> None:
        """Scroll just enough that the highlighted profile is in view."""
        shown = self.visible_rows()
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + shown:
            self.first = self.selected - shown + 1
        self.scroll_by(0)

    def resize(self, size: tuple[int, int]) -> None:
        """List on the left, actions on the right."""
        self.size = size
        self.ui = self.widgets.scale_to(size)
        px = self.px
        box = self._list_box()
        for i, button in enumerate(self.actions):
            button.rect = pygame.Rect(box.right + px(30), box.y + px(40 + i * 62), px(240), px(46))
        width = self.back.preferred_width()
        self.back.rect = pygame.Rect(size[0] - 40 - width, size[1] - px(76), width, px(46))
        self._keep_in_view()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Up/Down, PageUp/PageDown and Home/End select; N, F2, M, Delete and Esc; clicks on
        rows and buttons; the wheel scrolls, the highlight staying in view."""
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close,
                pygame.K_n: lambda: self.ask_create(getattr(event, "unicode", "") or ""),
                pygame.K_F2: self.ask_rename,
                pygame.K_m: self.ask_merge,
                pygame.K_DELETE: self.ask_delete,
                pygame.K_UP: lambda: self.select(self.selected - 1),
                pygame.K_DOWN: lambda: self.select(self.selected + 1),
                pygame.K_PAGEUP: lambda: self.select(self.selected - self.visible_rows()),
                pygame.K_PAGEDOWN: lambda: self.select(self.selected + self.visible_rows()),
                pygame.K_HOME: lambda: self.select(0),
                pygame.K_END: lambda: self.select(len(self.profiles) - 1),
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in self.in_view():
                if self.row_rect(i).collidepoint(event.pos):
                    self.select(i)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            # The highlight goes along at the edge of the view: the buttons and keys act on
            # the profile highlighted, which must be one the player can see.
            self.scroll_by(-event.y)
            shown = self.in_view()
            if shown and self.selected not in shown:
                self.select(min(max(self.selected, shown.start), shown.stop - 1))
            return True
        self.widgets.handle_event(event)
        return True

    def select(self, index: int) -> None:
        """Highlight profile ``index`` (clamped to the list)."""
        if self.profiles:
            self.selected = max(0, min(len(self.profiles) - 1, index))
            self._keep_in_view()
        self._update_buttons()

    def update(self, dt: float) -> None:
        """Widgets, and the end of a running merge."""
        if self.merging is not None and self.merging.poll():
            self._merge_ended(self.merging)
            if self._close_when_merged:
                self.close()
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, the list, the action buttons and the last message."""
        draw_backdrop(surface, "Profiles", self.store.problem, self.ui)
        px = self.px
        box = self._list_box()
        theme.blit_panel(surface, box, radius=16)
        heading = theme.text("Players and bot levels", px(20), theme.TEXT, True)
        surface.blit(heading, (box.x + px(20), box.y + px(16)))
        # Columns in proportion; in a narrow window (an 800×600 screen) without the date.
        wide = box.w >= px(430)
        kind_x = box.x + round(box.w * (0.43 if wide else 0.5))
        since_x = box.x + round(box.w * 0.57)
        heads = (
            ("Name", box.x + px(34), "topleft"),
            ("Kind", kind_x, "topleft"),
            *((("Since", since_x, "topleft"),) if wide else ()),
            ("Rated games" if wide else "Games", box.right - px(34), "topright"),
        )
        for text, x, anchor in heads:
            img = theme.text(text, px(14), theme.MUTED, True)
            surface.blit(img, img.get_rect(**{anchor: (x, box.y + px(56))}))
        shown = self.in_view()
        if len(shown) < len(self.profiles):
            more = f"{shown.start + 1}–{shown.stop} of {len(self.profiles)} · ↑ ↓ or the wheel"
            img = theme.text(more, px(12), theme.MUTED)
            surface.blit(img, img.get_rect(bottomright=(box.right - px(20), box.bottom - 4)))
        names = [p.name for p in self.profiles]  # a name cut short keeps what tells it apart
        for i in shown:
            profile = self.profiles[i]
            row = self.row_rect(i)
            chosen = i == self.selected
            if chosen:
                theme.blit_panel(surface, row, (*theme.ACCENT, 255), None, 8, False)
            ink = theme.INK if chosen else (theme.MUTED if profile.is_bot else theme.TEXT)
            width = kind_x - px(12) - (row.x + px(18))
            name = fit_apart(profile.name, px(18), width, True, names)
            since = datetime.fromtimestamp(profile.created).strftime("%d %b %Y")
            cells = (
                (name, row.x + px(18), "midleft", True),
                ("bot level" if profile.is_bot else "player", kind_x, "midleft", False),
                *(((since, since_x, "midleft", False),) if wide else ()),
                (f"{self.games.get(profile.name, 0):,}", row.right - px(18), "midright", False),
            )
            for text, x, anchor, bold in cells:
                img = theme.text(text, px(18) if bold else px(16), ink, bold)
                surface.blit(img, img.get_rect(**{anchor: (x, row.centery)}))
        help_lines = [
            "Bot levels keep their names.",
            "Merging moves every game of one",
            "player to another, then works",
            "out all ratings again.",
            "Delete removes a player who",
            "never played.",
        ]
        y = self.actions[-1].rect.bottom + px(24)
        for line in help_lines:
            surface.blit(theme.text(line, px(14), theme.MUTED), (self.actions[0].rect.x, y))
            y += px(20)
        if self.message:
            colour = (255, 150, 140) if self.message_is_error else theme.ACCENT
            # Wrapped beside Back, from under the list to the window's foot.
            room = pygame.Rect(40, box.bottom + px(4), self.back.rect.x - px(16) - 40, 0)
            room.h = self.size[1] - px(4) - room.y
            draw_message(surface, self.message, room, colour, self.ui)
        self.widgets.draw(surface)
