"""The command line answers every mistake in one line, and Ctrl-C stops a run cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.engine import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[1]


def test_a_command_after_the_window_flags_is_told_to_come_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--preset", "polish", "simulate", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "the command comes first: python main.py simulate --preset polish" in err
    assert "unknown command" not in err


def test_the_app_names_itself_in_its_advice_not_python_main_py(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Someone who downloaded the app has no main.py: its messages name the program.
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(ROOT), raising=False)
    assert main(["--preset", "polish", "simulate", "--games", "2"]) == 2
    assert "the command comes first: macau simulate --preset polish" in capsys.readouterr().err
    assert main(["--bogus"]) == 2
    assert "unknown option '--bogus'; see macau --help" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    out = capsys.readouterr().out
    assert "macau rules --preset polish --text" in " ".join(out.split())
    assert "python main.py" not in out


def test_simulate_reports_a_rules_file_under_its_own_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.rules"
    path.write_text(PRESETS["hungarian"].to_text(), encoding="utf-8")
    assert main(["simulate", "--rules-file", str(path), "--games", "2", "--seats", "9"]) == 0
    assert capsys.readouterr().out.startswith("hungarian: 2 games")
    assert main(["simulate", "--rules-file", str(path), "--preset", "classic"]) == 2
    assert "--rules-file plays its own rule set: leave out --preset" in capsys.readouterr().err


def test_simulate_marks_a_changed_preset_in_a_rules_file_as_custom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A file named after a preset but with other options: its figures must not pass for
    # the preset's.
    path = tmp_path / "house.rules"
    changed = PRESETS["hungarian"].replace(runs=False, name="hungarian")
    path.write_text(changed.to_text(), encoding="utf-8")
    assert main(["simulate", "--rules-file", str(path), "--games", "2", "--seats", "2"]) == 0
    assert capsys.readouterr().out.startswith("hungarian (custom): 2 games")
    args = ["simulate", "--rules-file", str(path), "--set", "macau_penalty=3", "--games", "2"]
    assert main(args) == 0
    assert capsys.readouterr().out.startswith("hungarian (custom) with macau_penalty=3: 2 games")


def test_simulate_of_several_presets_says_which_one_refuses_a_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--preset", "hungarian,polish", "--set", "jokers=1", "--games", "1"]
    assert main(args) == 2
    assert "cannot use these rules on polish: the pack holds jokers" in capsys.readouterr().err
    # A change no preset takes is not blamed on the first of them.
    args = ["simulate", "--preset", "all", "--set", "foo=bar", "--games", "1"]
    assert main(args) == 2
    assert "cannot use these rules: --set foo: no such option" in capsys.readouterr().err


def test_simulate_reports_a_nameless_rules_file_as_custom_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.rules"
    path.write_text(PRESETS["polish"].replace(name="").to_text(), encoding="utf-8")
    assert main(["simulate", "--rules-file", str(path), "--games", "2"]) == 0
    assert capsys.readouterr().out.startswith("custom rules: 2 games")


def test_simulate_of_every_preset_leaves_out_those_that_cannot_seat_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--preset", "all", "--seats", "5", "--games", "1", "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert "quick" not in report and set(report) == set(PRESETS) - {"quick"}
    assert "quick left out (not played by 5 seats)" in captured.err


def test_simulate_json_gives_the_rules_played_beside_an_option_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Figures are keyed as the run names them ("polish with target=100"); where an option
    # changed a preset, the rules text played is given with them.
    args = ["simulate", "--preset", "polish,quick", "--games", "1", "--json"]
    assert main([*args, "--set", "target=100"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"polish with target=100", "quick with target=100"}
    assert Rules.from_text(report["polish with target=100"]["rules"]).target == 100
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert set(plain) == {"polish", "quick"} and all("rules" not in f for f in plain.values())
    path = tmp_path / "house.rules"
    path.write_text(PRESETS["polish"].replace(name="mine").to_text(), encoding="utf-8")
    assert main(["simulate", "--rules-file", str(path), "--games", "1", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"mine"}


def test_simulate_plays_a_preset_named_twice_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--preset", "polish,polish", "--games", "1"]) == 0
    assert capsys.readouterr().out.count("polish: 1 game,") == 1


def test_a_rule_set_keeps_the_name_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--set", "name=mine", "--set", "runs=yes", "--text"]) == 0
    assert "\nname = mine\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("seven_cut=yes", "--set seven_cut: no such option; did you mean seven_cuts"),
        ("queen_wild=no", "a wild queen is Q in plays_on_anything"),
        ("foo=1", "--set foo: no such option (rules --text lists them all)"),
    ],
)
def test_an_unknown_option_is_named_with_the_nearest_ones(
    option: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--set", option]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "1000000", "--seats", "2", "--jobs", "2"],
        ["tournament", "--games", "100000", "--bots", "medium,easy"],
    ],
)
def test_ctrl_c_stops_a_long_run_in_one_line(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "MACAU_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives it
    )
    time.sleep(3.0)  # past the imports, into the games (and the workers started)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().endswith("stopped")


# A Ctrl-C that reaches the processes as the workers start: each worker sends itself one
# the moment it is forked (before its initializer can ignore it), and the parent sends
# itself one while the pool is being made.
STARTING_WORKERS = """
import os, signal, sys
from game.workers import worker_pool

os.register_at_fork(after_in_child=lambda: os.kill(os.getpid(), signal.SIGINT))
with worker_pool(2) as pool:
    print(sum(pool.map(abs, range(-10, 10))), flush=True)
os.register_at_fork(after_in_child=lambda: None)
real_fork = os.fork


def fork_then_interrupt():
    pid = real_fork()
    if pid:
        os.kill(os.getpid(), signal.SIGINT)  # the parent, between two workers' starts
    return pid


os.fork = fork_then_interrupt
try:
    with worker_pool(2) as pool:
        print("not reached", flush=True)
except KeyboardInterrupt:
    print("stopped", flush=True)
"""


def test_ctrl_c_as_workers_start_is_answered_by_the_parent_alone(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", STARTING_WORKERS],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == ["100", "stopped"]
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert done.returncode == 0


def test_ctrl_c_while_the_game_is_still_loading_ends_it_quietly(tmp_path: Path) -> None:
    # Ctrl-C as the game's modules are imported, before any command can answer it.
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\n"
        "class Interrupted:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'game.cli':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupted())\n"
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "simulate", "--games", "1"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")


def test_play_names_the_window_and_takes_its_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as shown:
        main(["play", "--help"])
    assert shown.value.code == 0
    shown_help = capsys.readouterr().out
    assert shown_help.startswith("usage: macau play")  # its own help, not the program's
    assert "--preset" in shown_help and "tournament" not in shown_help  # the window's flags
    assert main(["play", "--preset", "nowhere"]) == 2
    assert "unknown preset 'nowhere'" in capsys.readouterr().err
    assert main(["plya"]) == 2
    assert "unknown command 'plya'; commands: play, simulate" in capsys.readouterr().err


def test_a_huge_jobs_count_starts_no_more_processes_than_can_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.workers
    from game.workers import pool_size

    assert pool_size(999_999, 2) == 2 and pool_size(1, 50) == 1
    assert pool_size(999_999, 10**6) == 4 * (os.cpu_count() or 1)
    started: list[int] = []

    class Recorder:
        def __init__(self, processes: int, initializer: object = None) -> None:
            started.append(processes)

        def __enter__(self) -> Recorder:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def map(self, work: Any, jobs: list[Any]) -> list[Any]:
            return [work(j) for j in jobs]

    monkeypatch.setattr(game.workers, "Pool", Recorder)
    assert main(["simulate", "--jobs", "999999", "--games", "3"]) == 0
    assert started == [3]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["rules", "--rules-file", ""], "--rules-file needs a file name"),
        (["rules", "--rules-file", "{tmp}"], "is a folder, not a rules file"),
        (["rules", "--rules-file", "{tmp}/none.rules"], "none.rules does not exist"),
        (["rules", "--rules-file", "{tmp}/big.rules"], "is not a rules file (over 64 KB)"),
        (["rules", "--rules-file", "{tmp}/bin.rules"], "is not a rules file (not UTF-8 text)"),
        (["rules", "--rules-file", "{tmp}/ok.rules", "--preset", "nope"], "leave out --preset"),
        (["rules", "--set", "noequals"], "--set wants OPTION=VALUE, not 'noequals'"),
        (["rules", "--set", "runs=no\nruns=yes"], "--set takes one line"),
        (
            ["simulate", "--set", "target=100", "--set", " target=200"],
            "--set target is given twice: give each option once",
        ),
        (["simulate", "--set", "name="], "--set name= needs a name"),
        (["text", "--set", "skip_rank=A"], "skip_rank A is also a suit changer"),
        (["text", "--rules-file", "{tmp}/missing.rules"], "missing.rules does not exist"),
        (["text", "--rules-file", "{tmp}/ok.rules", "--preset", "polish"], "leave out --preset"),
        (["text", "--set", "name=Fam", "--seats", "9"], "Fam is played by 2 to 8 seats, not 9"),
        (["text", "--iterations", "0"], "--iterations must be from 1 to 100,000"),
        (["text", "--iterations", "100001"], "(about a minute a move), not 100001"),
        (["tournament", "--set", "skip_rank=A"], "skip_rank A is also a suit changer"),
        (["tournament", "--rules-file", "{tmp}/bin.rules"], "(not UTF-8 text)"),
        (["tournament", "--rules-file", "{tmp}/ok.rules", "--preset", "quick"], "leave out"),
        (["tournament", "--merge", "{tmp}/ok.rules", "--set", "runs=yes"], "leave out --set"),
        (["play", "--preset", "bogus"], "unknown preset 'bogus'; choose from polish"),
        (["stats", "--export", "{tmp}/x.txt"], "the file name must end in .csv or .json"),
        (["stats", "--export", "{tmp}/no/x.csv"], "/no does not exist"),
    ],
)
def test_a_rules_file_or_option_that_cannot_be_used_is_told_in_words(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "big.rules").write_bytes(b"macau-rules 1\n" + b"#" * 70_000)
    (tmp_path / "bin.rules").write_bytes(b"\xa7\xff\x00")
    (tmp_path / "ok.rules").write_text(PRESETS["polish"].to_text(), encoding="utf-8")
    assert main([a.replace("{tmp}", str(tmp_path)) for a in args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Errno" not in err and "codec" not in err
    assert err.startswith(f"macau {args[0]}: "), err  # every command names itself alike


def run_main(argv: list[str], home: Path, encoding: str, typed: str = "") -> tuple[int, str, str]:
    """``main.py`` run as a program whose output is written in ``encoding``: its exit code,
    and what it wrote (decoded from that encoding)."""
    env = {**os.environ, "MACAU_HOME": str(home), "PYTHONIOENCODING": encoding}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=home,
        env=env,
        input=typed.encode(encoding),
        capture_output=True,
        timeout=120,
    )
    return proc.returncode, proc.stdout.decode(encoding), proc.stderr.decode(encoding)


@pytest.mark.parametrize(
    "argv", [["rules", "--preset", "hungarian"], ["text", "--preset", "classic", "--seed", "1"]]
)
@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_output_without_the_suit_symbols_shows_the_suits_as_letters(
    argv: list[str], encoding: str, tmp_path: Path
) -> None:
    from game.plainout import PLAIN_ERRORS

    # A Windows console writes a file in its code page; an old locale may be ASCII only.
    code, out, err = run_main(argv, tmp_path, encoding, typed="?\nq\n")
    assert code == 0 and err == ""
    _, full, _ = run_main(argv, tmp_path, "utf-8", typed="?\nq\n")
    assert "♥" in full and "♥" not in out
    assert out == full.encode(encoding, PLAIN_ERRORS).decode(encoding)


def test_what_cannot_be_written_is_written_plain() -> None:
    from game.plainout import PLAIN_ERRORS

    text = "10♥ A♠ K♦ 2♣ “free suit” … Ż·ółw 🂡"
    assert text.encode("ascii", PLAIN_ERRORS) == b'10H AS KD 2C "free suit" ... Z.olw ?'
    # What the code page holds (“ ” … · ó) is kept as it is.
    kept = text.encode("cp1252", PLAIN_ERRORS).decode("cp1252")
    assert kept == "10H AS KD 2C “free suit” … Z·ólw ?"
    # In a path, a look-alike would name a folder that does not exist: Python's escapes do.
    spaced = "Exported 3 rounds to /tmp/My Łódź Stats/out.csv, 10♥ laid"
    assert spaced.encode("ascii", PLAIN_ERRORS) == (
        b"Exported 3 rounds to /tmp/My \\u0141\\xf3d\\u017a Stats/out.csv, 10H laid"
    )
    where = "kept in /home/Łukasz Żółć/♠ 日本/data, 10♥ laid"
    assert where.encode("ascii", PLAIN_ERRORS) == (
        b"kept in /home/\\u0141ukasz \\u017b\\xf3\\u0142\\u0107/\\u2660 "
        b"\\u65e5\\u672c/data, 10H laid"
    )


def test_the_terminal_game_without_any_input_says_so_in_one_line(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "main.py", "text", "--seed", "1"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "MACAU_HOME": str(tmp_path)},
        preexec_fn=lambda: os.close(0),
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "macau text: the terminal game reads your moves: run it in a terminal"
    )
    assert "Traceback" not in done.stdout + done.stderr


def test_a_command_with_nowhere_to_write_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    # A windowed app (no console) has no standard streams: no traceback, a failing code.
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["rules", "--preset", "polish"]) == 2


def test_a_command_with_its_error_stream_closed_still_writes_its_output() -> None:
    # ``2>&-`` closes the error stream only: the rules are still printed, with exit code 0,
    # where the command took itself for an app with no console and printed nothing.
    done = subprocess.run(
        [sys.executable, "main.py", "rules", "--preset", "polish"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        pass_fds=(),
        preexec_fn=lambda: os.close(2),
    )
    assert done.returncode == 0
    assert done.stdout.startswith("How to play: Polish Makao\n")


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["play", "--help"], ["--version"], ["simulate", "--games", "3"], ["rules"]],
)
def test_output_piped_to_a_reader_that_has_quit_ends_quietly(
    argv: list[str], tmp_path: Path
) -> None:
    # ``macau --help | true``: the reader is gone before anything is written. Output is
    # buffered as a packaged game's always is, so the last of it is written at exit.
    read, write = os.pipe()
    os.close(read)
    try:
        done = _buffered(argv, tmp_path, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a device that is always full")
@pytest.mark.parametrize(
    "argv", [["--help"], ["--version"], ["simulate", "--help"], ["tournament", "--help"]]
)
@pytest.mark.parametrize("unbuffered", [False, True])
def test_help_to_a_full_disk_is_told_in_one_line(
    argv: list[str], unbuffered: bool, tmp_path: Path
) -> None:
    # Unbuffered (PYTHONUNBUFFERED, usual in containers), the write fails inside argparse,
    # which drops the error and exits 0 unless told otherwise.
    with open("/dev/full", "w") as full:
        done = _buffered(argv, tmp_path, stdout=full, stderr=subprocess.PIPE, unbuffered=unbuffered)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"{' '.join(['macau', *argv[:-1]])}: cannot write the output (No space left on device)"
    ]


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["simulate", "--games", "x"], 2),  # a usage error keeps its exit code
        # A command's own error could not be told: it fails, not 0 nor the interpreter's 120.
        (["rules", "--preset", "nope"], 1),
    ],
)
def test_an_error_told_to_a_reader_that_has_quit_still_fails(
    argv: list[str], code: int, tmp_path: Path
) -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        done = _buffered(argv, tmp_path, stdout=None, stderr=write)
    finally:
        os.close(write)
    assert done.returncode == code


def _buffered(
    argv: list[str], home: Path, stdout: Any, stderr: Any, unbuffered: bool = False
) -> Any:
    """``main.py`` run with its output buffered, as a packaged game's always is (so the last
    of it is written at exit), or ``unbuffered``; its streams as given."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run(
        [sys.executable, "main.py", *argv],
        cwd=ROOT,
        env={**env, "MACAU_HOME": str(home)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL if stdout is None else stdout,
        stderr=stderr,
        text=True,
        timeout=60,
    )


def test_a_command_with_its_output_closed_still_writes_its_files(tmp_path: Path) -> None:
    # ``>&-`` closes standard output only: an export is still written, and the terminal
    # game, which has nowhere to show itself, says so on the error stream.
    env = {**os.environ, "MACAU_HOME": str(tmp_path)}
    target = tmp_path / "stats.json"
    for argv, code in ((["stats", "--export", str(target)], 0), (["text", "--seed", "1"], 2)):
        done = subprocess.run(
            [sys.executable, "main.py", *argv],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            preexec_fn=lambda: os.close(1),  # a closed stream, as >&- leaves it
        )
        assert done.returncode == code, done.stderr
        assert "Traceback" not in done.stderr
    assert json.loads(target.read_text(encoding="utf-8"))
    assert "standard output is closed" in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a device that is always full")
@pytest.mark.parametrize("buffered", [True, False])
@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "--preset", "hungarian"],
        ["simulate", "--games", "2"],
        ["tournament", "--games", "2", "--bots", "random"],
        ["text", "--seed", "1"],
        ["stats", "--export", "{tmp}/stats.json"],
    ],
)
def test_output_that_cannot_be_written_is_told_in_one_line(
    argv: list[str], buffered: bool, tmp_path: Path
) -> None:
    env = {**os.environ, "MACAU_HOME": str(tmp_path)}
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:  # a disk with no space left
        done = subprocess.run(
            [
                sys.executable,
                str(ROOT / "main.py"),
                *(a.replace("{tmp}", str(tmp_path)) for a in argv),
            ],
            cwd=tmp_path,
            env=env,
            input="q\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert done.stderr == f"macau {argv[0]}: cannot write the output (No space left on device)\n"


@pytest.mark.parametrize("command", ["play", "rules", "simulate", "text", "tournament"])
def test_an_empty_preset_is_refused_by_every_command(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Left out, --preset means polish; given empty, it names no preset and says so.
    assert main([command, "--preset", ""]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "unknown preset ''" in err


def test_the_terminal_game_plays_a_custom_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Queens skip here: the game says what it plays, and its help tells the queen's power.
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "text", "--set", "skip_rank=Q", "--seed", "3"],
        cwd=tmp_path,
        input="q\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Macau (polish with skip_rank=Q), 4 seats."), done.stdout[:80]
    # A rules file keeps its own name, changed or not.
    rules = tmp_path / "family.rules"
    rules.write_text(PRESETS["quick"].replace(name="Family").to_text(), encoding="utf-8")
    argv = ["text", "--rules-file", str(rules), "--set", "hand_size=6", "--seats", "2"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        cwd=tmp_path,
        input="q\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.startswith("Macau (Family with hand_size=6), 2 seats."), done.stdout[:80]


def test_a_tournament_plays_a_custom_rule_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["tournament", "--preset", "hungarian", "--set", "runs=no", "--games", "2", "--json"]
    assert main([*argv, "--bots", "random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["preset"] == "hungarian with runs=no" and summary["played"] == 2
    # The machine-readable summary carries the rules played, to run them again.
    played = Rules.from_text(summary["rules"])
    assert played.runs is False and played.fingerprint != PRESETS["hungarian"].fingerprint
    # A set that seats no two plays at its usual count unless --seats says otherwise.
    argv = ["tournament", "--set", "min_seats=3", "--set", "default_seats=4", "--games", "4"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == 4
    # A value typed with spaces round it is read as the rules read it.
    argv = ["tournament", "--set", "skip_rank=Q ", "--games", "2", "--bots", "random", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["preset"] == "polish with skip_rank=Q"
    # A preset's own rules in a file are that preset.
    (tmp_path / "quick.rules").write_text(PRESETS["quick"].to_text(), encoding="utf-8")
    argv = ["tournament", "--rules-file", str(tmp_path / "quick.rules"), "--games", "2"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["preset"] == "quick" and summary["rules"] == ""
    # Shards of a custom set merged: the figures keep their rules and never pass for a
    # preset's.
    for k in (0, 1):
        argv = ["tournament", "--set", "skip_rank=Q", "--games", "4", "--bots", "random"]
        assert main([*argv, "--shard", f"{k}/2", "--results", str(tmp_path / f"r{k}")]) == 0
    capsys.readouterr()
    shards = [str(tmp_path / "r0"), str(tmp_path / "r1")]
    assert main(["tournament", "--merge", *shards, "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["preset"] == "custom" and merged["played"] == 4
    assert Rules.from_text(merged["rules"]).skip_rank == "Q"
    # A file that keeps a preset's name on other rules is told apart from the preset.
    named = PRESETS["polish"].to_text().replace("skip_rank = 4", "skip_rank = Q")
    (tmp_path / "named.rules").write_text(named, encoding="utf-8")
    argv = ["tournament", "--rules-file", str(tmp_path / "named.rules"), "--games", "2"]
    assert main([*argv, "--results", str(tmp_path / "r2"), "--bots", "random"]) == 0
    capsys.readouterr()
    assert main(["tournament", "--merge", str(tmp_path / "r2"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["preset"] == "polish (custom)"


def test_simulate_lists_a_long_joker_hand_as_the_other_tools_do(tmp_path: Path) -> None:
    """Penalties of 40 cards grow hands that, with two stand-in jokers, can be laid in
    millions of ways: listed whole, one random game took gigabytes and never ended. The
    random players pick among at most ``LISTING_LIMIT`` plays, as the tournament's do."""
    import resource

    def cap_memory() -> None:
        limit = 1_500_000_000
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    argv = ["simulate", "--preset", "hungarian", "--set", "macau_penalty=40", "--seats", "3"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv, "--games", "1", "--seed", "1", "--check"],
        cwd=tmp_path,
        env={**os.environ, "MACAU_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=cap_memory,
    )
    assert done.returncode == 0, done.stderr
    assert "1 game," in done.stdout and "invariants checked" in done.stdout


def test_an_option_set_where_it_changes_nothing_is_told_not_taken_quietly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--preset", "polish", "--set", "target=100"]) == 0
    err = capsys.readouterr().err
    assert "macau rules: note: target=100 changes nothing in polish: it counts only" in err
    assert "it counts only where scoring is points" in err
    assert main(["rules", "--preset", "tel_aviv", "--set", "target=100"]) == 0
    assert "note" not in capsys.readouterr().err  # a points preset plays to it
    sets = ["--set", "macau_call=auto", "--set", "macau_penalty=3"]
    assert main(["simulate", "--preset", "polish", "--games", "2", "--seats", "2", *sets]) == 0
    err = capsys.readouterr().err
    assert err.count("note:") == 1
    # Idle only beside the other set: the rules named are the preset with that one.
    assert "macau_penalty=3 changes nothing in polish with macau_call=auto: nobody" in err


@pytest.mark.parametrize("command", ["text", "play", "simulate"])
def test_a_negative_seed_is_refused_as_it_would_deal_what_its_opposite_does(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--seed", "-7"])
    assert stopped.value.code == 2
    assert "a seed is a whole number from 0 up, not -7 (it would deal what 7 does)" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize("command", ["text", "simulate", "tournament"])
def test_a_seed_too_long_to_read_is_called_too_long_not_malformed(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--seed", "9" * 5000])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "a number of 5,000 digits is too long: give a shorter one" in err
    assert len(err) < 1000  # not echoed in full


@pytest.mark.parametrize(
    "typed",
    ["1__0", "_5", "+-3", "1_", "²", "-+" + "1" * 5000, "1" * 5000 + "x", "1" * 5000 + ".5"],
)
def test_a_mistyped_short_number_is_not_called_too_long(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", f"--games={typed}"])
    err = capsys.readouterr().err
    assert "expected a whole number, not " in err and "too long" not in err


def test_a_long_number_in_groups_or_other_digits_is_called_too_long(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for typed in ("_".join(["1111111111"] * 500), "١" * 5000):  # (Arabic-Indic ones)
        with pytest.raises(SystemExit):
            main(["simulate", "--games", typed])
        assert "a number of 5,000 digits is too long" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "text", "simulate"])
def test_a_seat_count_too_long_to_read_is_called_too_long(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--seats", "1" * 5000])
    err = capsys.readouterr().err
    assert "a number of 5,000 digits is too long" in err and len(err) < 1000


def test_a_long_word_given_as_a_number_is_shown_cut(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "x" * 5000])
    err = capsys.readouterr().err
    assert "expected a whole number, not 'xxxx" in err and len(err) < 1000


def test_the_terminal_game_shows_no_traceback_when_it_fails_unexpectedly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from game import textgame

    monkeypatch.setenv("MACAU_HOME", str(tmp_path))

    def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("a card fell off the table")

    monkeypatch.setattr(textgame, "run_text_game", broken)
    assert main(["text"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("macau text: Macau stopped because of an unexpected problem.")
    log = next(tmp_path.rglob("macau.log")).read_text(encoding="utf-8")
    assert "a card fell off the table" in log


def test_an_export_from_a_damaged_file_tells_it_once(tmp_path: Path) -> None:
    """The file set aside was told twice: by Python's fallback printing of the store's log
    record, then by the export itself. The record goes to the log, as in the window."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "macau.sqlite3").write_bytes(bytes(range(256)) * 20)
    done = subprocess.run(
        [sys.executable, "main.py", "stats", "--export", str(tmp_path / "out.json")],
        cwd=ROOT,
        env={**os.environ, "MACAU_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert done.returncode == 1
    assert done.stderr.count("The statistics file was damaged") == 1, done.stderr
    assert done.stderr.startswith("macau stats: Nothing exported: The statistics file was damaged")
