"""Save, kill, resume: a table saving after every action is killed (SIGKILL) at random
moments; each time the save on disk is the last completed action or the one in progress,
and Continue rebuilds exactly that game, with the bots' random streams."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.engine import Game
from game.store import lock
from game.store.saves import load_game
from game.store.settings import Settings
from game.ui.resume import restore

# The child: a table of bots on the real MatchTable, printing around each save.
CHILD = textwrap.dedent(
    """
    import hashlib, json, os, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from game.store.settings import Settings
    from game.ui.matchtable import MatchTable
    from game.ui.resume import read_saved_game, restore, snapshot
    from game.ui.scene import SceneStack
    from game.ui.setup import SeatSpec, TableSetup

    def digest(game):
        return hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()[:16]

    count = 0
    original = MatchTable.save

    def save(self):
        global count
        count += 1
        # one write a line: unbuffered (PYTHONUNBUFFERED), print writes each piece on its own
        sys.stdout.write(f"pre {count} {digest(snapshot(self)['game'])}\\n")
        sys.stdout.flush()
        original(self)
        sys.stdout.write(f"post {count}\\n")
        sys.stdout.flush()

    MatchTable.save = save
    off = Settings(animation_speed="off", bot_pace="fast")
    pygame.display.init()
    pygame.display.set_mode((960, 600))
    stack = SceneStack(None, (960, 600))
    saved = read_saved_game()
    if saved.data is not None:
        table = restore(saved.data, off)
    else:
        seats = tuple(SeatSpec(n, "easy") for n in ("Ada", "Ben", "Cleo", "Dan"))
        setup = TableSetup("classic", seats, target=3000)
        table = MatchTable(setup, setup.new_game(seed=9), settings=off, seed=9)
    stack.push(table)
    while True:
        stack.update(1 / 60)
        top = stack.top
        if top is not table and hasattr(top, "finish"):
            top.finish("next")
    """
)


def _digest(game: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()[:16]


def test_killed_at_random_moments_the_save_resumes_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    env = {**os.environ, "MACAU_HOME": str(tmp_path)}
    root = Path(__file__).resolve().parents[2]
    rng = random.Random(4)
    seen: list[str] = []
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD], cwd=root, env=env,
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert child.stdout is not None
        lines: list[list[str]] = []
        wanted = rng.randint(5, 40)
        deadline = time.monotonic() + 30
        while sum(1 for ln in lines if ln[0] == "post") < wanted and time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line.endswith("\n"):
                break  # the end of the output, or a line cut short
            lines.append(line.split())
        time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        # Read the rest through the same buffered pipe: communicate() reads the raw pipe and
        # would skip whatever readline() had already buffered (a save's "pre" line, say).
        rest = child.stdout.read()
        child.wait(timeout=10)
        # the kill may cut the last line short: keep only whole lines
        lines += [ln.split() for ln in rest.split("\n")[:-1] if ln.strip()]
        done = [ln for ln in lines if ln[0] == "post"]
        assert done, "the child never saved"
        pre = {int(ln[1]): ln[2] for ln in lines if ln[0] == "pre"}
        last = int(done[-1][1])
        loaded = load_game()
        assert loaded.problem is None and loaded.data is not None
        # At most the action in progress is lost: the save is the last completed one,
        # or the next one if the kill came after writing it but before saying so.
        assert _digest(loaded.data["game"]) in {pre[last], pre.get(last + 1)}
        seen.append(_digest(loaded.data["game"]))
        table = restore(loaded.data, Settings(animation_speed="off"))
        expected = Game.from_dict(loaded.data["game"])
        if expected.over and not expected.match_over:
            expected.next_round()  # saved between two rounds: it resumes with the next deal
        assert table.game.to_dict() == expected.to_dict()
        for seat, state in loaded.data["bots"].items():
            version, internal, gauss = table.bots[int(seat)].rng.getstate()
            assert [version, list(internal), gauss] == state
        table.worker.close()
        lock.release()  # this copy is done with the save: the next child's to keep
    assert len(set(seen)) == len(seen), "each run went on from where the last one stopped"
