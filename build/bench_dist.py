"""Size and start-up time of the built app (``make bench`` runs it through game.bench).

Start-up is measured from outside: the clock starts just before the process is launched
and stops at the wall time the app writes to ``MACAU_FIRST_FRAME_MARK`` after its first
frame (see game.ui.app), so a one-file build's unpacking is included. Each launch opens the
main menu, as a double-click does, headless with its own empty ``MACAU_HOME``, and quits
after that frame.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["LAUNCHES", "bench_dist", "executable", "first_frame_seconds"]

ROOT = Path(__file__).resolve().parent.parent
LAUNCHES = 5
TIMEOUT = 60.0


def executable() -> Path:
    """Where ``build/build.py`` puts the program the player starts."""
    dist = ROOT / "dist"
    if sys.platform == "win32":
        return dist / "macau.exe"
    if sys.platform == "darwin":
        return dist / "Macau.app" / "Contents" / "MacOS" / "macau"
    return dist / "macau"


def _size_mb(target: Path) -> float:
    if sys.platform == "darwin":
        app = ROOT / "dist" / "Macau.app"
        return sum(p.stat().st_size for p in app.rglob("*") if p.is_file()) / 1e6
    return target.stat().st_size / 1e6


def first_frame_seconds(target: Path) -> float:
    """Seconds from launching ``target`` to its first drawn frame (one launch)."""
    with tempfile.TemporaryDirectory(prefix="macau-bench-") as home:
        mark = Path(home) / "first-frame"
        env = dict(os.environ)
        env.update(
            MACAU_HOME=home,
            MACAU_FIRST_FRAME_MARK=str(mark),
            SDL_VIDEODRIVER=env.get("SDL_VIDEODRIVER", "dummy"),
            SDL_AUDIODRIVER=env.get("SDL_AUDIODRIVER", "dummy"),
        )
        started = time.time()
        done = subprocess.run(
            [str(target), "--frames", "1"],
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        if not mark.exists():
            raise RuntimeError(
                f"{target.name} exited with {done.returncode} before its first frame: "
                f"{done.stderr.strip()[-300:]}"
            )
        return float(mark.read_text(encoding="utf-8")) - started


def bench_dist() -> dict[str, float]:
    """The executable's size in MB and its median launch-to-first-frame time in seconds.

    Empty when nothing has been built yet (``make dist``).
    """
    target = executable()
    if not target.exists():
        print(f"  no {target.relative_to(ROOT)}: run `make dist` first")
        return {}
    times = sorted(first_frame_seconds(target) for _ in range(LAUNCHES))
    return {
        "size_mb": round(_size_mb(target), 1),
        "first_frame_median_s": round(statistics.median(times), 3),
        "first_frame_max_s": round(times[-1], 3),
    }


if __name__ == "__main__":
    for key, value in bench_dist().items():
        print(f"{key}: {value}")
