"""A terminal game: you are seat 0 against computer players. Type actions in notation.

``run_text_game`` checks the command line and deals; ``play`` runs a prepared game (a new deal
or a position from notation) to the end of its round, or of its match where the rules score
points. The words it prints for your seat come from ``textwords``.
"""

from __future__ import annotations

import os
import random
import re
import sys
import textwrap
import unicodedata
from collections import Counter
from typing import TextIO

from .bots import CATCH_CHANCE, bot_levels, bot_stream, levels_problem, make_bot
from .bots.base import ALONE_LIMIT, Bot, stopped_words
from .engine import (
    LISTING_LIMIT,
    PRESETS,
    Action,
    Game,
    IllegalMove,
    NotationError,
    Play,
    Rules,
    Stop,
    View,
    parse_action,
)
from .engine.actions import (
    SUFFIXES,
    Event,
    RoundOver,
)
from .engine.cards import parse_rank
from .textwords import (
    LINE_WIDTH,
    PHASE_WORDS,
    cards_left,
    count_words,
    deal_words,
    help_entries,
    help_text,
    legal_moves,
    narrate,
    number,
    personal,
    says,
    seat_name,
    status,
    times,
)


def _readable(line: str) -> str:
    """``line`` with each byte that is not UTF-8 (a terminal set to another encoding) as "�",
    not as the escapes Python keeps them in (lone surrogates), which were echoed back; and
    without the characters that show nothing (a zero-width space pasted with a card), which
    the player cannot see to take out."""
    return "".join(
        "\ufffd" if "\ud800" <= ch <= "\udfff" else ch
        for ch in line
        if unicodedata.category(ch) != "Cf"
    )


ECHOED = 40  # the longest word of a move a refusal quotes back whole


def _line_editing(stdin: TextIO, stdout: TextIO) -> bool:
    """Whether lines are read with editing (the arrow keys, the moves typed before): at a
    terminal where Python has its readline module, which ``input`` then uses. Elsewhere a
    line is read as it comes, and an arrow key's escape sequence is refused in words."""
    if stdin is not sys.stdin or stdout is not sys.stdout:
        return False
    if not (stdin.isatty() and stdout.isatty()):
        return False
    try:
        import readline  # noqa: F401  (loading it is what gives input() its editing)
    except ImportError:
        return False
    return True


class _Refused(IllegalMove):
    """A move refused by the text game itself, already in its player's words."""


MAX_MOVE = 1000  # the longest line read as a move (a group of every card held fits)


def _typed_move(g: Game, line: str, me: int) -> Action:
    """The move typed on ``line`` (``NotationError`` if it is not notation). Mistakes the engine
    would answer in words meant for a program (two moves on one line, a seat that is not at
    the table, a card typed twice) are refused here first (``_Refused``), in a player's words."""
    words = line.lower().replace(",", " ").split()  # (a comma parts them too: "3S,draw")
    if len(words) > 1 and any(w in ("draw", "pass") for w in words):
        raise _Refused("type one move at a time")
    # "RJ = 9D" and "JC / 8" mean what "RJ=9D" and "JC/8" do: notation joins them, a player
    # may well not.
    line = _JOINED.sub(r"\1", line)
    try:
        action = parse_action(line)
    except NotationError:
        _refuse_as_typed(g, line)
        raise
    if isinstance(action, Stop):
        if g.rules.macau_call != "required":
            raise _Refused("Macau is called automatically in these rules: nobody forgets it")
        if not 0 <= action.target < g.seats:
            raise _Refused(f"there is no seat {action.target} (seats 0–{g.seats - 1})")
    if isinstance(action, Play):
        held = Counter(g.hand(me))
        for card, typed in Counter(action.cards).items():
            if typed > held[card] > 0:
                raise _Refused(
                    f"{card.named} is listed {times(typed)} but you hold {number(held[card])}"
                )
    return _only_completion(g, action, me)


_JOINED = re.compile(r"\s*([=/])\s*")


def _refuse_as_typed(g: Game, line: str) -> None:
    """``_Refused`` in a player's words for a line that is not notation in a way the engine
    would explain badly: cards parted by commas, a word that is not a move (it reads "take"
    as the rank "tak", and "play" in "play 7H" as a card), a "=" with no card on one side
    (it reads the missing card as ``''``) or twice, a "!" doubled, inside the move or after
    draw or pass, a "/" with no card before it, or a rank without its suit (it reads "10" as
    the rank "1" of the suit "0")."""
    if "\x1b" in line:
        raise _Refused(
            "the arrow and editing keys do nothing here: type the move, then press Enter"
        )
    # A word longer than any card or move word (junk just short of ``MAX_MOVE`` filled the
    # screen when quoted back whole): quoted cut short.
    long = next((t for t in line.split() if len(t) > ECHOED), None)
    if long is not None:
        raise _Refused(
            f"'{long[: ECHOED - 1]}…' is not a card or a move: type help for the moves, or ? "
            "for yours"
        )
    if line.lower().startswith("stop"):
        return  # the engine says how a catch is written
    if "," in line:  # as "?" lists the moves: "7H, 7S" for one of them
        cards = " ".join(line.replace(",", " ").split())
        raise _Refused(f"separate the cards of a move with spaces, not commas: {cards}")
    if line.rstrip("!").strip().lower() in ("draw", "pass") and line.strip().endswith("!"):
        raise _Refused("'!' calls Macau with the cards you lay, such as 7H!, never alone")
    if line.rstrip("!").strip().lower() in ("macau", "makao", "macao"):
        if g.rules.macau_call != "required":
            raise _Refused("Macau is called automatically in these rules")
        raise _Refused(
            "Macau is called with the cards that leave you one: '!' after them, such as 7H!"
        )
    tokens = line.split()
    if len(tokens) == 1 and line.isalpha() and len(line) > 2:
        raise _Refused(f"{line!r} is not a move: type help for the moves, or ? for yours")
    # Words among cards: "play 7H", "7H and 7S" (two letters may be a card mistyped, "KX").
    words = [t for t in tokens if t.isalpha() and len(t) > 2]
    if words:
        rest = " ".join(t for t in tokens if t not in words)
        try:
            parse_action(rest)
        except NotationError:
            example = help_entries(g.rules)[0][0]  # the first move help teaches
            raise _Refused(
                f"{words[0]!r} is not a card: type the cards themselves, such as {example}"
            ) from None
        raise _Refused(f"{words[0]!r} is not a card: type the cards alone, {rest}")
    for token in tokens:
        if token.count("!") > 1 or "!" in token.rstrip("!"):
            raise _Refused("'!' calls Macau once, at the very end of the move, such as 7H!")
        if token.startswith("/"):
            raise _Refused(f"{token!r}: a card goes before '/', such as AH/S")
        card, eq, stands = token.rstrip("!").partition("=")
        if eq and not (card and stands and "=" not in stands):
            if g.rules.jokers and g.rules.joker_role == "any_card":
                raise _Refused(
                    "'=' goes once between a joker and the card it stands for, such as RJ=KH"
                )
            raise _Refused("'=' lays a joker standing in for a card: these rules do not allow it")
    # The cards of each token: "RJ=10!" lays RJ standing for 10 (what follows "/" is a choice).
    for card in (c.upper() for t in line.split() for c in t.split("/")[0].rstrip("!").split("=")):
        try:
            parse_rank(card)
        except NotationError:
            continue
        # A lone q quit the game once: who typed it to leave is told how now.
        leave = " (to leave the game, type quit)" if line.strip().lower() == "q" else ""
        raise _Refused(f"{card!r} needs a suit: {card}S, {card}H, {card}D or {card}C{leave}")


def _only_completion(g: Game, action: Action, seat: int) -> Action:
    """A play typed without the suit or rank its last card must name, where only one is
    allowed (a queen that names its own suit, an ace with one suit left to name): that play.
    Anything else comes back as typed, for the engine to accept or refuse."""
    if not isinstance(action, Play) or action.choice is not None or g.is_legal(action, seat):
        return action
    # Each suffix asked of the engine (listing every play could take long on a wide hand).
    same = [
        play
        for choice in SUFFIXES
        if g.is_legal(play := Play(action.cards, action.declared, choice, action.call), seat)
    ]
    return same[0] if len(same) == 1 else action


def _catch_problem(g: Game, answer: str, target: int) -> str:
    """Why ``answer`` to the question whether to catch ``target`` is not a catch, in a
    player's words, or ``""`` for a catch ("s", "stop N" or "stopN" naming ``target``).
    RULES §3.8: only the seat that forgot can be caught, and the question is asked between
    moves, so a move typed here is refused rather than played or taken for "no"."""
    if answer.lower() == "s":
        return ""
    let_go = f'type "stop {target}" to catch Seat {target}, or press Enter to let it go'
    if len(answer) > MAX_MOVE:
        return let_go
    try:
        action = parse_action(answer)
    except NotationError:
        if answer.lower().startswith("stop"):
            return f"write the seat number: {let_go}"
        return f"{answer!r} is not an answer here: {let_go}"
    if not isinstance(action, Stop):
        return f"this asks about the catch, not for a move: {let_go}"
    if action.target == target:
        return ""
    if not 0 <= action.target < g.seats:
        return f"there is no seat {action.target}: {let_go}"
    return f"only Seat {target} forgot to call Macau, so only it can be caught: {let_go}"


QUIT_WORDS = ("q", "quit", "exit")
# At a move prompt a lone "q" is the queen's rank typed without its suit ("K" and "A" are
# asked for theirs): it must not end a match of many rounds without a word.
MOVE_QUIT_WORDS = ("quit", "exit")


class BotSeat:
    """A computer player at the table: a level's bot and its own seeded random stream, so that
    a game dealt with the same seed plays out the same way every time, given the same moves
    (a hard bot thinks for a time, 0.3 s, so its search, and so its move, depends on the
    machine's speed: with ``iterations`` it searches that many times a move instead)."""

    def __init__(self, level: str, rng: random.Random, iterations: int | None = None) -> None:
        self.level = level
        self.bot: Bot = (
            make_bot(level, iterations=iterations) if level == "hard" else make_bot(level)
        )
        self.rng = rng

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The bot's move among ``legal``."""
        return self.bot.choose(view, legal, self.rng)

    def wants_to_catch(self, view: View, target: int) -> bool:
        """Whether this bot calls "stop Macau" on ``target``: its own ``catch``, else the
        odds of its level."""
        ask = getattr(self.bot, "catch", None)
        if callable(ask):
            return bool(ask(view, target, self.rng))
        return self.rng.random() < CATCH_CHANCE.get(self.level, 0.7)


def _refusal(preset: str, seats: int | None, spec: str | None, custom: Rules | None = None) -> str:
    """Why the text game cannot seat this table, or ``""`` when it can."""
    if custom is None and preset not in PRESETS:
        return f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}"
    rules = PRESETS[preset] if custom is None else custom
    if seats is not None and not rules.min_seats <= seats <= rules.max_seats:
        return f"{preset} is played by {rules.min_seats} to {rules.max_seats} seats, not {seats}"
    if spec is not None:
        return levels_problem(spec, rules, seats)
    return ""


def run_text_game(
    preset: str,
    seats: int | None,
    seed: int | None,
    bots_spec: str | None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    stderr: TextIO | None = None,
    rules: Rules | None = None,
    iterations: int | None = None,
) -> int:
    """Deal and play in the terminal as seat 0; returns the exit code (2, with the reason on
    ``stderr``, for a table it cannot seat). ``rules``: a custom rule set played instead of a
    preset, ``preset`` then saying what it is ("polish with skip_rank=Q"); ``iterations``: a
    hard bot's search a move, instead of its time (see ``BotSeat``)."""
    out = stdout if stdout is not None else sys.stdout
    problem = _refusal(preset, seats, bots_spec, rules)
    if problem:
        print(f"macau text: {problem}", file=stderr if stderr is not None else sys.stderr)
        return 2
    g = Game.new(PRESETS[preset] if rules is None else rules, seats=seats, seed=seed)
    levels = bot_levels(bots_spec or "medium")
    # Each bot's stream follows from the deal's seed (the same seed plays out the same way)
    # but is never the deal's own stream, which would tell a bot every hand.
    table = seed if seed is not None else random.SystemRandom().getrandbits(64)
    bots = {
        s: BotSeat(levels[(s - 1) % len(levels)], bot_stream("text", table, s), iterations)
        for s in range(1, g.seats)
    }
    match = (
        f" A match to {count_words(g.rules.target, 'point')}."
        if g.rules.scoring == "points"
        else ""
    )
    opening = f"Macau ({preset}), {g.seats} seats. You are seat 0.{match} Type ? for your moves."
    deal = deal_words(g, 0)
    for text in (
        opening,
        help_text(g.rules, _width(out)),
        f"Round 1: {deal}." if match else f"{deal}.",
    ):
        print(_fitted(text, out), file=out)
    return play(g, bots, stdin if stdin is not None else sys.stdin, out)


def _columns(out: TextIO) -> int | None:
    """How many characters wide ``out`` is: ``COLUMNS`` where it is set (0 is not set, as
    for a terminal that says 0), else the terminal's; None for a file or a pipe, which no
    line is too long for."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(20, int(columns))
    try:
        size = os.get_terminal_size(out.fileno()).columns
    except (AttributeError, OSError, ValueError):  # (io.UnsupportedOperation too)
        return None
    # A terminal that has not been given a size (a fresh pty, a serial console) says 0.
    return max(20, size) if size > 0 else None


def _width(out: TextIO) -> int:
    """The width laid-out text (the help's two columns) keeps to in ``out``."""
    columns = _columns(out)
    return LINE_WIDTH if columns is None else min(LINE_WIDTH, columns - 1)


def _fitted(text: str, out: TextIO) -> str:
    """``text`` with each line longer than ``out`` is wide broken between words, its
    continuation indented as the line was: a narrow terminal would break it in mid-word."""
    columns = _columns(out)
    if columns is None:
        return text
    width = columns - 1
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = " " * min(len(line) - len(line.lstrip(" ")) + 2, width // 2)
        lines += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(lines)


class _Quit(Exception):
    """The player left: typed quit or exit (or q where no move is asked for), or closed the
    input (Ctrl-D)."""


def play(g: Game, bots: dict[int, BotSeat], stdin: TextIO, stdout: TextIO, me: int = 0) -> int:
    """Play ``g`` to its end, ``me`` typing moves and ``bots`` moving for every other seat;
    returns the exit code. A game made by ``Game.from_position`` plays as well as a new deal."""
    table = _Table(g, bots, stdin, stdout, me)
    try:
        table.run()
    except _Quit:
        table.say_left()
    return 0


class _Table:
    """One game in the terminal: whose turn it is decides who is asked for a move."""

    def __init__(
        self, g: Game, bots: dict[int, BotSeat], stdin: TextIO, stdout: TextIO, me: int
    ) -> None:
        self.g = g
        self.bots = bots
        self.inp = stdin
        self.out = stdout
        self.me = me
        self.editing = _line_editing(stdin, stdout)

    def say(self, text: str = "") -> None:
        print(_fitted(text, self.out), file=self.out)

    def ask(self, prompt: str, quits: tuple[str, ...] = QUIT_WORDS) -> str:
        """The next line typed, stripped; ``_Quit`` for one of ``quits`` or the end of the
        input."""
        text = prompt.rstrip(" ")  # broken like every other line, the space before input kept
        shown = _fitted(text, self.out) + prompt[len(text) :]
        if self.editing:
            try:
                # With the arrow keys and the moves typed before; an empty line is "", as a
                # key readline leaves out gives (PageUp): only Ctrl-D ends the input.
                line = input(shown) + "\n"
            except EOFError:
                line = ""
        else:
            self.out.write(shown)
            self.out.flush()
            line = self.inp.readline()
        if not line:
            # Ctrl-D: end the prompt's line, or the shell's prompt lands on it.
            self.out.write("\n")
            raise _Quit
        line = _readable(line).strip()
        if line.lower() in quits:
            raise _Quit
        return line

    def tell(self, events: list[Event]) -> None:
        for text in narrate(events, self.me, self.g.rules.macau_penalty):
            self.say("  " + text)

    def run(self) -> None:
        """Play the round; where the rules score points, play rounds until the match is over."""
        g, me = self.g, self.me
        while True:
            alone = 0  # the bots' moves since you went out
            while not g.over:
                if g.current == me:
                    self.your_turn()
                elif me in g.placings and alone >= ALONE_LIMIT:
                    self.say(f"  {stopped_words(ALONE_LIMIT)}.")
                    # Told as stopped: "blocked" would say nobody could move.
                    self.tell([e for e in g.stop_round() if not isinstance(e, RoundOver)])
                    self.say("  the round is over (stopped)")
                    break
                else:
                    alone += me in g.placings
                    self.bot_turn()
                self.catch_forgotten_macau()
            if g.rules.scoring != "points":
                self.say_places()
                return
            self.say_points()
            if g.match_over:
                self.say_standings()
                return
            self.ask("Press Enter for the next round (q to quit)> ")
            g.next_round()
            self.say(f"\nRound {g.round_no}: {deal_words(g, me)}.")

    def say_places(self) -> None:
        """How a round without points ended. Played out, its finishing order. Ended by the
        first seat out (or blocked): who won, then every seat's place with the cards it was
        left holding, since those are what placed it (equal counts share a place)."""
        g, me = self.g, self.me
        if g.rules.end == "places" and not g.blocked:
            order = ", ".join(seat_name(s, me) for s in g.placings)
            self.say(f"\nFinishing order: {order}")
            return
        first = [s for s in range(g.seats) if g.places[s] == 1]
        if len(first) > 1:
            self.say(f"\n{' and '.join(seat_name(s, me) for s in first)} share first place.")
        else:
            fewest = " with the fewest cards left" if g.hand(first[0]) else ""
            self.say("\n" + says(first[0], me, "win", "wins") + f" the round{fewest}.")
        self.say("Places by cards left (a tie shares a place):")
        for s in sorted(range(g.seats), key=lambda s: (g.places[s], s)):
            self.say(cards_left(f"  {g.places[s]}. {seat_name(s, me):<8} ", g.hand(s)))

    def say_points(self) -> None:
        """The points each seat was charged this round, for the cards it was left holding
        (shown, so that every charge can be checked), and the totals so far."""
        g = self.g
        charges = g.round_charges[-1]
        self.say(
            f"\nPoints charged in round {g.round_no} (the match ends when a total reaches "
            f"{g.rules.target}):"
        )
        for s in range(g.seats):
            line = f"  {seat_name(s, self.me):<8} {charges[s]:>4}   total {g.scores[s]:>4}   "
            self.say(cards_left(line, g.hand(s)))

    def say_left(self) -> None:
        """Leaving a points match between rounds or in one: the totals it stood at, lowest
        first, so that many rounds played are not left without a word; leaving a round in
        play, a word that it was left so (the input may have ended unseen: a list of moves
        piped in that ran out, Ctrl-D)."""
        g, me = self.g, self.me
        if g.rules.scoring != "points" or not g.round_charges or g.match_over:
            if not g.over:
                self.say("You left the game with its round unfinished.")
            return
        rounds = count_words(len(g.round_charges), "round")
        unfinished = "" if g.over else f", round {g.round_no} unfinished"
        self.say(
            f"\nYou left the match after {rounds}{unfinished}. Totals so far (the lowest "
            "total wins):"
        )
        for s in sorted(range(g.seats), key=lambda s: (g.scores[s], s)):
            place = 1 + sum(1 for t in g.scores if t < g.scores[s])
            self.say(f"  {place}. {seat_name(s, me):<8} {g.scores[s]:>4}")

    def say_standings(self) -> None:
        """The final totals, lowest first, the seats whose total reached the target (which
        ends the match), and the winner: the lowest total wins the match."""
        g, me = self.g, self.me
        self.say("\nFinal standings (the lowest total wins):")
        for s in sorted(range(g.seats), key=lambda s: (g.scores[s], s)):
            place = 1 + sum(1 for t in g.scores if t < g.scores[s])
            self.say(f"  {place}. {seat_name(s, me):<8} {g.scores[s]:>4}")
        reached = [s for s in range(g.seats) if g.scores[s] >= g.rules.target]
        if reached:
            who = " and ".join(f"{seat_name(s, me)} ({g.scores[s]})" for s in reached)
            target = count_words(g.rules.target, "point")
            self.say(f"{who} reached the target of {target}: the match is over.")
        names = [seat_name(s, me) for s in g.winners]
        if len(names) > 1:
            self.say(f"A drawn match: {' and '.join(names)} share the lowest total.")
        else:
            self.say(says(g.winners[0], me, "win", "wins") + " the match.")

    def bot_turn(self) -> None:
        g = self.g
        seat = g.current
        # As in the window, a catch still open is among the moves of the bot to act (the
        # others had their chance in catch_forgotten_macau). Naming the seat makes the engine
        # check the bot's answer like a person's.
        legal, _complete = g.legal_actions_capped(LISTING_LIMIT, seat)
        self.tell(g.apply(self.bots[seat].choose(g.view(seat), legal), seat))

    def catch_forgotten_macau(self) -> None:
        """RULES §3.8: until the next action any other seat may call "stop Macau" on a seat
        that forgot. You are asked first (a person reacts slower than a bot, and the window
        gives a person the first chance too), then each bot not to act, in seat order after
        the seat that forgot, at its level's odds. A bot to act finds the catch among its
        moves (``bot_turn``)."""
        g, me = self.g, self.me
        target = g.macau_catchable
        if target < 0:
            return
        catch = Stop(target)
        if g.is_legal(catch, me):
            while answer := self.ask(
                f'Seat {target} forgot to call Macau: type "stop {target}" to catch them, '
                "or press Enter> "
            ):
                problem = _catch_problem(g, answer, target)
                if not problem:
                    self.tell(g.apply(catch, me))
                    return
                # Asked again rather than read as "no catch": a slip of the keys would
                # otherwise cost the catch without a word.
                self.say(f"  not allowed: {problem}")
        for k in range(1, g.seats):
            seat = (target + k) % g.seats
            bot = self.bots.get(seat)
            if bot is None or seat == g.current or not g.is_legal(catch, seat):
                continue
            if bot.wants_to_catch(g.view(seat), target):
                self.tell(g.apply(catch, seat))
                return

    def your_turn(self) -> None:
        g, me = self.g, self.me
        self.say()
        self.say(status(g, me))
        self.say(
            "Your hand: " + " ".join(c.code for c in sorted(g.hand(me), key=lambda c: c.order))
        )
        while True:
            line = self.ask(
                f"[{PHASE_WORDS.get(g.phase, g.phase.value)}] your move> ", MOVE_QUIT_WORDS
            )
            if not line:
                continue
            if line.lower() == "help":
                self.say(help_text(g.rules, _width(self.out)))
                continue
            if line in ("?", "??"):
                legal, complete = g.legal_actions_capped(LISTING_LIMIT)
                every = line == "??"
                self.say(legal_moves(legal, every, complete, _width(self.out)))
                continue
            if len(line) > MAX_MOVE:  # not echoed back: a move is a few words
                self.say(f"  not allowed: a move is a few words, not {len(line):,} characters")
                continue
            try:
                events = g.apply(_typed_move(g, line, me), me)
            except _Refused as exc:
                self.say(f"  not allowed: {exc}")
                continue
            except (IllegalMove, NotationError) as exc:
                self.say(f"  not allowed: {personal(str(exc), me)}")
                continue
            self.tell(events)
            return
