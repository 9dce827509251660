"""Front doors: the game window by default, and headless commands.

python main.py [--preset P] [--seats N] [--bots medium,hard,...]   the table
python main.py simulate --preset polish --seats 4 --games 1000 --seed 1 [--check]
python main.py text [--preset P] [--seats N] [--seed S]            play in the terminal
python main.py rules --preset hungarian | --rules-file FILE        how to play, from the options
python main.py tournament --preset polish --seats 2 --bots hard,medium --games 2000
python main.py stats --export PATH                                 statistics to CSV or JSON
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import __version__
from .plainout import OutputFailed, Parser, plain_where_needed


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen command; returns the exit code."""
    try:
        return _run(argv)
    except OutputFailed as failed:
        if isinstance(failed.error, BrokenPipeError):
            _drop_output()  # (a reader that has already quit: let go quietly)
            raise SystemExit(0) from None
        raise SystemExit(_output_failed(_command(argv), failed.error)) from None
    except SystemExit:
        # Help, the version and usage errors are written out here, while a reader that has
        # already quit can still be let go quietly and a full disk told in a line.
        try:
            if sys.stdout is not None:
                sys.stdout.flush()
        except BrokenPipeError:
            _drop_output()
        except OSError as exc:
            raise SystemExit(_output_failed(_command(argv), exc)) from None
        try:
            if sys.stderr is not None:
                sys.stderr.flush()
        except OSError:
            _drop_output(sys.stderr)  # (the usage error's exit code stays)
        raise


def _command(argv: Sequence[str] | None) -> str:
    """The command named on the command line ("" for none)."""
    args = sys.argv[1:] if argv is None else argv
    return args[0] if args and not args[0].startswith("-") else ""


def _run(argv: Sequence[str] | None) -> int:
    plain_where_needed()
    args = list(sys.argv[1:] if argv is None else argv)
    commands = {
        "simulate": cmd_simulate,
        "text": cmd_text,
        "rules": cmd_rules,
        "tournament": cmd_tournament,
        "stats": cmd_stats,
    }
    if args and args[0] == "play":
        return cmd_play(args[1:], named=True)  # the window by name, as with no command at all
    if args and args[0] in commands:
        if sys.stderr is None:
            if sys.stdout is None:
                # An app built without a console (Windows, macOS) has nowhere to write: the
                # headless commands are for a terminal and the source tree; say nothing, fail.
                return 2
            # Only the error stream closed by the shell (``2>&-``): the output still goes
            # where it was sent, and what would have been said on the errors goes nowhere.
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (kept for the run)
        if sys.stdout is None:
            # Standard output closed by the shell (``>&-``), the error stream still open: a
            # game cannot be shown, but what a command writes to files is still written.
            if args[0] == "text":
                print(
                    "macau text: standard output is closed: nowhere to show the game",
                    file=sys.stderr,
                )
                return 2
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (kept for the run)
        try:
            code = commands[args[0]](args[1:])
            # Written out here, while a failure can still be told: left to the interpreter's
            # exit, a full disk would be an "Exception ignored" and exit code 120.
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            try:
                sys.stderr.flush()
            except OSError:
                # A message to an error stream whose reader has quit: it could not be told.
                _drop_output(sys.stderr)
                return 1
            # Output piped into a pager or `head` that closed early: nothing went wrong.
            _drop_output()
            return 0
        except KeyboardInterrupt:
            # Ctrl-C is how a long run is stopped: say so in one line, as the shell expects.
            print(f"\nmacau {args[0]}: stopped", file=sys.stderr)
            return 130
        except OSError as exc:
            return _output_failed(args[0], exc)
        except Exception:
            if args[0] != "text":
                raise  # a tool's own failure is for whoever runs it: shown in full
            # The terminal game is played: like the window, it shows no traceback.
            from . import failures

            return failures.report_unexpected(args[0])
    return cmd_play(args)


def _drop_output(stream: Any = None) -> None:
    """Send the standard output (or ``stream``) to nowhere: what is still buffered would fail
    again as the interpreter exits ("Exception ignored" and exit code 120) once its reader
    is gone or its disk is full."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, (sys.stdout if stream is None else stream).fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): nothing is flushed at exit


def _output_failed(command: str, exc: OSError) -> int:
    """One line on stderr for a command whose output could not be written (a full disk, a
    file system gone), and a failing exit code, where the shell would show a traceback.

    The commands report the files they are given themselves; an error without a file name is
    a write to the standard output.
    """
    name = f"macau {command}" if command else "macau"
    if exc.filename is None:
        line = f"{name}: cannot write the output ({exc.strerror or exc})"
    else:
        line = f"{name}: {exc}"
    _drop_output()
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except OSError:
        pass  # stderr is just as full: the exit code alone says it
    return 1


def _complain(p: argparse.ArgumentParser, words: str) -> None:
    """A refusal or a note on stderr, signed by the command (``macau simulate: …``) as
    argparse signs its own."""
    print(f"{p.prog}: {words}", file=sys.stderr)


def program() -> str:
    """How the player starts Macau from a terminal: the app by its name, or from the source."""
    from .resources import is_frozen

    return "macau" if is_frozen() else "python main.py"


# ----- the window ---------------------------------------------------------------------------
COMMANDS_HELP = """commands (each has its own --help):
  play         open the game window (the same as no command)
  simulate     play random games fast, optionally checking every rule invariant
  text         play in the terminal
  rules        how to play a preset or a custom rule set, generated from its options
  tournament   bots against each other, with win rates and decision times
  stats        export the statistics to CSV or JSON
"""


def cmd_play(argv: list[str], named: bool = False) -> int:
    """Start the game window (or the text game where the window cannot be built).

    Every failure from here on is a short message and a log file, never a traceback:
    see ``game.failures``. ``--smoke`` runs the headless self-test in ``game.smoke``.
    ``named``: started as ``macau play``, whose help is about the window alone.
    """
    if named:
        parser = Parser(
            prog="macau play",
            description="Open the game window. With --preset, --seats, --bots or --seed it "
            "starts a table at once (of polish unless --preset names another), you against "
            "bots; with none of them, it opens the main menu.",
        )
    else:
        parser = Parser(
            prog="macau",
            description="Macau, the card game. With no command it opens the game window.",
            epilog=COMMANDS_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    parser.add_argument("--version", action="version", version=f"Macau {__version__}")
    from .engine import PRESETS

    parser.add_argument(
        "--preset", default=None, help=f"start a table on this preset ({', '.join(PRESETS)})"
    )
    parser.add_argument("--seats", type=_whole, default=None, help="players at that table")
    parser.add_argument(
        "--bots", default=None, help="bot levels of the other seats (random, easy, medium, hard)"
    )
    parser.add_argument("--seed", type=_seed, default=None, help="deal the same cards again")
    parser.add_argument("--smoke", action="store_true", help="headless self-test, then exit")
    parser.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    problem = _table_flags_problem(args, rest)
    if problem:
        print(f"{parser.prog}: {problem}", file=sys.stderr)
        return 2
    from . import failures

    if args.smoke:
        from .smoke import run_smoke

        return failures.run_guarded(lambda: run_smoke(args), dialogs=False)
    return failures.run_guarded(lambda: _open_window(args, rest))


def _table_flags_problem(args: argparse.Namespace, rest: list[str]) -> str:
    """What is wrong with the window's command line, or "" (checked before any window opens)."""
    from .bots import levels_problem
    from .engine import PRESETS

    # Anything else is refused (a mistyped command would otherwise open the window), except
    # the process number macOS adds to an app opened from the Finder (-psn_...).
    stray = [a for a in rest if not a.startswith("-psn_")]
    commands = ("simulate", "text", "rules", "tournament", "stats")
    if stray and stray[0] in commands:
        return (
            f"the command comes first: {program()} {stray[0]} {' '.join(_table_flags(args))} ..."
        ).replace("  ", " ")
    if stray and not stray[0].startswith("-"):
        return (
            f"unknown command {stray[0]!r}; commands: play, simulate, text, rules, tournament, "
            "stats (play, or none, opens the game window)"
        )
    if stray:
        return f"unknown option {stray[0]!r}; see {program()} --help"
    if args.preset is not None and args.preset not in PRESETS:
        return f"unknown preset {args.preset!r}; choose from {', '.join(PRESETS)}"
    rules = PRESETS[args.preset or "polish"]
    if args.seats is not None and not rules.min_seats <= args.seats <= rules.max_seats:
        return (
            f"{rules.name} is played by {rules.min_seats} to {rules.max_seats} seats, "
            f"not {args.seats}"
        )
    if args.bots is not None:
        return levels_problem(args.bots, rules, args.seats)
    return ""


def _open_window(args: argparse.Namespace, rest: list[str]) -> int:
    from .failures import check_player_folders, require_display

    try:
        from .ui import app
    except ModuleNotFoundError as exc:
        # Only a missing pygame means "no window here"; any other missing module is a broken
        # install, which must be reported rather than hidden behind the terminal game.
        if exc.name != "pygame":
            raise
        app = None  # type: ignore[assignment]
    if app is None or not hasattr(app, "run"):
        return cmd_text(rest + _table_flags(args))
    require_display()
    # Before the window: an unwritable data folder is worth one message, then play goes on.
    check_player_folders()
    result: int = app.run(args)
    return result


def _table_flags(args: argparse.Namespace) -> list[str]:
    flags: list[str] = []
    if args.preset:
        flags += ["--preset", args.preset]
    if args.seats:
        flags += ["--seats", str(args.seats)]
    if args.seed is not None:
        flags += ["--seed", str(args.seed)]
    return flags


# ----- simulate -----------------------------------------------------------------------------
def _simulate_chunk(job: tuple[str, int | None, int, int, bool, str]) -> dict[str, Any]:
    from .engine import LISTING_LIMIT, PRESETS, Game, Rules
    from .engine.actions import Reshuffled
    from .engine.invariants import check_invariants

    preset, seats_opt, start, count, check, rules_text = job
    rules = Rules.from_text(rules_text) if rules_text else PRESETS[preset]
    span = rules.max_seats - rules.min_seats + 1
    out: dict[str, Any] = {
        "games": 0,
        "actions": 0,
        "wins": {},
        "penalty_cards": 0,
        "reshuffles": 0,
        "blocked": 0,
        "longest": 0,
        "seconds": 0.0,
    }
    t0 = time.perf_counter()
    for i in range(start, start + count):
        seats = seats_opt or rules.min_seats + i % span
        g = Game.new(rules, seats=seats, seed=i)
        rng = random.Random(i)
        n = 0
        limit = 200_000
        while not g.over:
            # Listed as the tournament and the terminal game list: with stand-in jokers a
            # hand grown long by penalties can be laid in millions of ways.
            legal, _ = g.legal_actions_capped(LISTING_LIMIT)
            for e in g.apply(rng.choice(legal)):
                if isinstance(e, Reshuffled):
                    out["reshuffles"] += 1
            n += 1
            if check:
                check_invariants(g)
            if n > limit:
                raise RuntimeError(f"{preset} game {i} did not end within {limit} actions")
        if check and i % 10 == 0:
            # Replaying is as dear as playing: every tenth game proves the seed replays.
            g2 = Game.new(rules, seats=seats, seed=i)
            _replay_matches(g, g2, random.Random(i))
        out["games"] += 1
        out["actions"] += n
        out["longest"] = max(out["longest"], n)
        winner = g.placings[0]
        key = f"{seats}:{winner}"
        out["wins"][key] = out["wins"].get(key, 0) + 1
        out["penalty_cards"] += sum(g.tally(s)["penalty_cards"] for s in range(seats))
        out["blocked"] += int(g.blocked)
    out["seconds"] = time.perf_counter() - t0
    return out


def _replay_matches(done: Any, fresh: Any, rng: random.Random) -> None:
    """Replaying the same seed with the same choices gives the same game."""
    from .engine import LISTING_LIMIT

    while not fresh.over:
        fresh.apply(rng.choice(fresh.legal_actions_capped(LISTING_LIMIT)[0]))
    if fresh.to_dict() != done.to_dict():
        raise AssertionError("the same seed and actions gave a different game")


def _whole(text: str) -> int:
    """``text`` as a whole number, or the argparse error saying it is none."""
    try:
        return int(text)
    except ValueError as exc:
        body = text.strip()
        body = body[1:] if body[:1] in ("+", "-") else body
        digits = body.replace("_", "")
        if "Exceeds the limit" in str(exc) and digits.isdigit():
            # Python reads at most so many digits (sys.get_int_max_str_digits): the number
            # is well written, only too long. (It says so before reading past the digits.)
            raise argparse.ArgumentTypeError(
                f"a number of {len(digits):,} digits is too long: give a shorter one"
            ) from None
        shown = text if len(text) <= 40 else text[:39] + "…"
        raise argparse.ArgumentTypeError(f"expected a whole number, not {shown!r}") from None


def _at_least_one(text: str) -> int:
    """An argparse type: a whole number of at least 1 (a count of games, jobs or seats)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 up (-7 would deal what 7 does)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 up, not {value} (it would deal what {-value} does)"
        )
    return value


def cmd_simulate(argv: list[str]) -> int:
    """Play random games headless and print what happened (``--check``: assert invariants)."""
    from .engine import PRESETS, Rules, RulesError

    p = Parser(
        prog="macau simulate",
        description="Play random games headless and print what happened: wins by seat, "
        "game length, penalties, reshuffles and speed.",
    )
    p.add_argument(
        "--preset",
        default=None,
        help=f"a preset ({', '.join(PRESETS)}), several with commas, or 'all' (default polish)",
    )
    p.add_argument(
        "--seats",
        type=_whole,
        default=None,
        help="seats at each table (default: every count allowed)",
    )
    p.add_argument("--games", type=_at_least_one, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=_seed, default=1, help="which deals (default 1)")
    p.add_argument("--check", action="store_true", help="assert invariants after every action")
    p.add_argument(
        "--jobs",
        type=_at_least_one,
        default=1,
        help="processes playing in parallel (default 1; at most four per core)",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    _add_rules_options(p, "play a custom rule set (rules text form) instead of a preset")
    args = p.parse_args(argv)
    if args.rules_file is not None and args.preset is not None:
        _complain(p, "--rules-file plays its own rule set: leave out --preset")
        return 2
    # Only a missing --preset means polish: an empty one is refused by name, as elsewhere.
    asked = "polish" if args.preset is None else args.preset
    names = list(PRESETS) if asked == "all" else [x.strip() for x in asked.split(",")]
    presets = list(dict.fromkeys(names))  # each once
    for name in presets:
        if name not in PRESETS:
            _complain(p, f"unknown preset {name!r}; choose from {', '.join(PRESETS)}")
            return 2
    custom: dict[str, str] = {}  # preset -> the rules text of its custom version
    labels = {name: name for name in presets}  # what the figures are reported under
    if args.rules_file is not None or args.set:
        name = presets[0]
        try:
            for name in presets:
                rules, labels[name] = told_rules(name, args.rules_file, args.set, p.prog)
                custom[name] = rules.to_text()
        except (OSError, UnicodeDecodeError, RulesError) as exc:
            # Several presets: say which one these changes do not fit, unless they fit none
            # (a misspelt option, a bad value).
            which = ""
            if any(_fits(other, args.rules_file, args.set) for other in presets if other != name):
                which = f" on {name}"
            _complain(p, f"cannot use these rules{which}: {exc}")
            return 2
    if args.seats is not None:
        fits = []
        for name in presets:
            r = Rules.from_text(custom[name]) if name in custom else PRESETS[name]
            if r.min_seats <= args.seats <= r.max_seats:
                fits.append(name)
            elif asked != "all":
                _complain(
                    p, f"{labels[name]} takes {r.min_seats}-{r.max_seats} seats, not {args.seats}"
                )
                return 2
        if not fits:
            _complain(p, f"no preset is played by {args.seats} seats")
            return 2
        if len(fits) < len(presets):
            left = ", ".join(x for x in presets if x not in fits)
            _complain(p, f"note: {left} left out (not played by {args.seats} seats)")
        presets = fits
    report: dict[str, Any] = {}
    from .workers import pool_size

    processes = pool_size(args.jobs, args.games)
    for name in presets:
        chunks = processes * 4
        size = -(-args.games // chunks)
        jobs = []
        for k in range(chunks):
            start = args.seed * 1_000_003 + k * size
            count = min(size, args.games - k * size)
            if count > 0:
                jobs.append((name, args.seats, start, count, args.check, custom.get(name, "")))
        if processes > 1:
            from .workers import worker_pool

            with worker_pool(processes) as pool:
                parts = pool.map(_simulate_chunk, jobs)
        else:
            parts = [_simulate_chunk(j) for j in jobs]
        total = _merge(parts)
        if not args.json:
            _print_sim(labels[name], total, args.check)
        elif name in custom:
            total["rules"] = custom[name]
        report[labels[name]] = total  # (as printed: "polish with target=100")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {"wins": {}}
    for part in parts:
        for k, v in part.items():
            if k == "wins":
                for w, c in v.items():
                    total["wins"][w] = total["wins"].get(w, 0) + c
            elif k == "longest":
                total[k] = max(total.get(k, 0), v)
            else:
                total[k] = total.get(k, 0) + v
    return total


def _print_sim(name: str, t: dict[str, Any], check: bool) -> None:
    from .textwords import count_words

    g = max(1, t["games"])
    print(
        f"{name}: {count_words(t['games'], 'game')}, {count_words(t['actions'], 'action')}"
        + (", invariants checked" if check else "")
    )
    print(f"  average length {t['actions'] / g:.1f} actions (longest {t['longest']})")
    by_seats: dict[int, dict[int, int]] = {}
    for key, count in t["wins"].items():
        seats, winner = (int(x) for x in key.split(":"))
        by_seats.setdefault(seats, {})[winner] = count
    for seats in sorted(by_seats):
        wins = by_seats[seats]
        games = sum(wins.values())
        row = " ".join(f"{s}:{100 * wins.get(s, 0) / games:4.1f}%" for s in range(seats))
        print(f"  {seats} seats, wins by seat ({count_words(games, 'game')}): {row}")
    print(
        f"  penalty cards {t['penalty_cards'] / g:.1f}/game, reshuffles {t['reshuffles'] / g:.2f}"
        f"/game, blocked rounds {t['blocked']}, {t['actions'] / max(t['seconds'], 1e-9):.0f} "
        f"actions/s"
    )


# ----- text game ----------------------------------------------------------------------------
def cmd_text(argv: list[str]) -> int:
    """Play in the terminal as seat 0 against computer players."""
    from .bots import BOT_LEVELS
    from .bots.tournament import MAX_ITERATIONS
    from .engine import PRESETS, RulesError
    from .textgame import run_text_game

    p = Parser(
        prog="macau text",
        description="Play in the terminal: you are seat 0, the other seats are bots. Type "
        "moves in card notation (7H, AS/H, draw, pass); 'help' lists those the preset allows "
        "and '?' shows your legal moves. A points preset is played as a match to its target. "
        "Terminal games are practice: they are neither recorded in the statistics nor saved.",
    )
    p.add_argument("--preset", default=None, help=f"{', '.join(PRESETS)} (default polish)")
    p.add_argument(
        "--seats", type=_whole, default=None, help="seats at the table (default: the preset's)"
    )
    _add_rules_options(p, "play a custom rule set (rules text form) instead of a preset")
    p.add_argument("--seed", type=_seed, default=None, help="deal the same cards again")
    p.add_argument(
        "--bots",
        default=None,
        help=f"levels of the other seats, comma-separated and cycled ({', '.join(BOT_LEVELS)}; "
        "default medium)",
    )
    p.add_argument(
        "--iterations",
        type=_whole,
        default=None,
        help="hard bots search this many times a move instead of thinking 0.3 s, so that a "
        "seed and the same moves play out the same way on any machine",
    )
    args = p.parse_args(argv)
    preset = "polish" if args.preset is None else args.preset  # "" is refused, not polish
    custom = None
    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        _complain(
            p,
            f"--iterations must be from 1 to {MAX_ITERATIONS:,} (about a minute a move), "
            f"not {args.iterations}",
        )
        return 2
    if args.rules_file is not None and args.preset is not None:
        _complain(p, "--rules-file plays its own rule set: leave out --preset")
        return 2
    if args.rules_file is not None or args.set:
        if args.rules_file is None and preset not in PRESETS:
            _complain(p, f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}")
            return 2
        try:
            # (named as simulate names it: what it was made from, and how)
            custom, preset = told_rules(preset, args.rules_file, args.set, p.prog)
        except (OSError, UnicodeDecodeError, RulesError) as exc:
            _complain(p, f"cannot use these rules: {exc}")
            return 2
    if sys.stdin is None or sys.stdin.closed:
        # Started with no input at all (stdin closed, or an app without a console).
        _complain(p, "the terminal game reads your moves: run it in a terminal")
        return 2
    return run_text_game(
        preset, args.seats, args.seed, args.bots, rules=custom, iterations=args.iterations
    )


# ----- rules --------------------------------------------------------------------------------
def cmd_rules(argv: list[str]) -> int:
    """Print how to play a preset or a saved custom rule set."""
    from .engine import PRESETS, RulesError
    from .engine.explain import explain

    p = Parser(
        prog="macau rules",
        description="Print how to play a preset, or a custom rule set built from one.",
        epilog="Option names and values are those of the rules text form "
        f"({program()} rules --preset polish --text shows them all): yes/no switches, "
        "numbers, card tokens separated by spaces, and - for none. "
        "Example: --preset hungarian --set counter_rule=pool --set runs=no",
    )
    p.add_argument("--preset", default=None, help=f"one of: {', '.join(PRESETS)} (default polish)")
    _add_rules_options(p, "a rule set in the rules text form")
    p.add_argument(
        "--text", action="store_true", help="print the rules text form instead of the explanation"
    )
    args = p.parse_args(argv)
    if args.rules_file is not None and args.preset is not None:
        _complain(p, "--rules-file explains its own rule set: leave out --preset")
        return 2
    preset = "polish" if args.preset is None else args.preset  # "" is refused, not polish
    if args.rules_file is None and preset not in PRESETS:
        _complain(p, f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}")
        return 2
    try:
        rules, _told = told_rules(preset, args.rules_file, args.set, p.prog)
    except (OSError, UnicodeDecodeError, RulesError) as exc:
        _complain(p, f"cannot use these rules: {exc}")
        return 2
    print(rules.to_text() if args.text else explain(rules), end="" if args.text else "\n")
    return 0


def _add_rules_options(p: argparse.ArgumentParser, file_help: str) -> None:
    """``--rules-file`` and ``--set``, shared by the commands that take a custom rule set."""
    p.add_argument("--rules-file", default=None, help=file_help)
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change one option (may be given several times)",
    )


def told_rules(
    preset: str, rules_file: str | None, sets: list[str], prog: str = "macau"
) -> tuple[Any, str]:
    """The rules of ``_rules_for`` and what a command calls them: the preset, or the name
    the file gives its rules (marked "(custom)" where a preset's name is on other rules, so
    figures of a changed set never pass for the preset's), then "with" the ``sets``
    ("polish with skip_rank=Q"). A note on a set that changes nothing begins with ``prog``,
    the command told it."""
    from .engine import PRESETS, Rules

    if rules_file is None:
        rules, told = _rules_for(preset, None, sets), preset
    else:  # (the file's own rule set: the commands refuse --preset with it)
        from_file = Rules.from_text(_read_rules_file(rules_file))
        rules = _with_sets(from_file, sets)
        told = from_file.name or "custom rules"
        same = PRESETS.get(told)
        if same is not None and from_file.fingerprint != same.fingerprint:
            told += " (custom)"
    tell_idle_sets(rules, sets, told, prog)  # (in the rules as they were: the set changed nothing)
    told = f"{told} with {', '.join(x.strip() for x in sets)}" if sets else told
    return rules, told


def tell_idle_sets(rules: Any, sets: list[str], told: str, prog: str = "macau") -> None:
    """A note on stderr for each ``--set`` that changes nothing in ``rules`` (``target`` where
    no points are kept): accepted, since the rules are valid, but not quietly. The rules it
    changes nothing in are named with the other sets, which may be what makes it idle
    (``macau_penalty=3`` with ``macau_call=auto``)."""
    idle = rules.idle_options
    for i, item in enumerate(sets):
        key = item.partition("=")[0].strip()
        if key in idle:
            others = [x.strip() for j, x in enumerate(sets) if j != i]
            where = f"{told} with {', '.join(others)}" if others else told
            print(
                f"{prog}: note: {item.strip()} changes nothing in {where}: {idle[key]}",
                file=sys.stderr,
            )


def _fits(preset: str, rules_file: str | None, sets: list[str]) -> bool:
    """Whether ``_rules_for`` gives rules for these arguments (rather than refusing them)."""
    from .engine import RulesError

    try:
        _rules_for(preset, rules_file, sets)
    except (OSError, UnicodeDecodeError, RulesError):
        return False
    return True


def _rules_for(preset: str, rules_file: str | None, sets: list[str]) -> Any:
    """The preset, or the rules file, with ``sets`` applied (``RulesError`` if they clash;
    ``OSError`` or ``UnicodeDecodeError`` if the file cannot be read)."""
    from .engine import PRESETS, Rules

    if rules_file is not None:
        rules = Rules.from_text(_read_rules_file(rules_file))
    else:
        rules = PRESETS[preset]
    return _with_sets(rules, sets)


RULES_FILE_MAX = 64 * 1024  # a rules text is about 1.5 KB; anything this big is not one


def _read_rules_file(name: str) -> str:
    """The text of a rules file, or ``RulesError`` saying in words why it cannot be read."""
    from .engine import RulesError

    if not name:
        raise RulesError("--rules-file needs a file name")
    try:
        with open(name, "rb") as fh:
            data = fh.read(RULES_FILE_MAX + 1)
    except FileNotFoundError:
        raise RulesError(f"{name} does not exist") from None
    except IsADirectoryError:
        raise RulesError(f"{name} is a folder, not a rules file") from None
    except PermissionError:
        raise RulesError(f"{name} cannot be read (permission denied)") from None
    except OSError as exc:
        raise RulesError(f"{name} cannot be read ({exc.strerror or exc})") from None
    if len(data) > RULES_FILE_MAX:
        raise RulesError(f"{name} is not a rules file (over {RULES_FILE_MAX // 1024} KB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError(f"{name} is not a rules file (not UTF-8 text)") from None


def _with_sets(rules: Any, sets: list[str]) -> Any:
    """``rules`` with each ``OPTION=VALUE`` of ``sets`` applied (values as in the text form)."""
    from .engine import Rules, RulesError

    if not sets:
        return rules
    text = rules.to_text()
    lines = dict(line.split(" = ", 1) for line in text.splitlines()[1:])
    named = False
    given: set[str] = set()
    for item in sets:
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise RulesError(f"--set wants OPTION=VALUE, not {item!r}")
        if key.strip() in given:  # (as a rules file may set an option once)
            raise RulesError(f"--set {key.strip()} is given twice: give each option once")
        given.add(key.strip())
        if "\n" in item or "\r" in item:
            raise RulesError(f"--set takes one line, not {item!r}")
        if key.strip() == "name" and not value.strip():
            raise RulesError("--set name= needs a name for the rule set")
        if key.strip() not in lines:
            raise RulesError(_unknown_option(key.strip()))
        lines[key.strip()] = value.strip()
        named = named or key.strip() == "name"
    if not named:
        lines["name"] = "custom"
    return Rules.from_text("macau-rules 1\n" + "\n".join(f"{k} = {v}" for k, v in lines.items()))


def _unknown_option(key: str) -> str:
    """Why ``--set KEY=...`` names no option, with the nearest names."""
    import difflib

    from .engine import Rules

    names = [f.name for f in dataclasses.fields(Rules)]
    if key == "queen_wild":
        return (
            "--set queen_wild: not an option of its own: a wild queen is Q in plays_on_anything "
            "(it goes on anything) and in anything_on (anything goes on it)"
        )
    near = difflib.get_close_matches(key, names, n=3)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return f"--set {key}: no such option{hint} (rules --text lists them all)"


# ----- tournament and stats -------------------------------------------------------------------
def cmd_tournament(argv: list[str]) -> int:
    """Bots against bots with seats rotated (see game.bots.tournament)."""
    from .bots.tournament import cli_main

    result: int = cli_main(argv)
    return result


def cmd_stats(argv: list[str]) -> int:
    """Export statistics and history."""
    p = Parser(
        prog="macau stats",
        description="Export every recorded round, every points match and every player's "
        "statistics.",
    )
    p.add_argument(
        "--export",
        required=True,
        metavar="PATH",
        help="a .json file (one document), or a .csv file of the rounds, with the players' "
        "statistics beside it in NAME_stats.csv and the points matches (each seat's final "
        "total, place and win; a round's match_id names its match) in NAME_matches.csv",
    )
    args = p.parse_args(argv)
    from .failures import setup_logging
    from .store.export_cli import run_export

    # The store's own notes (a damaged file set aside) go to the log, as in the window: the
    # export tells them once itself, where Python's fallback printed them a second time.
    setup_logging()
    return run_export(args.export)
