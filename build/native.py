"""Compile the engine's hot modules to C with mypyc, next to their sources.

Optional: without a C compiler the pure-Python engine runs unchanged. ``game.engine`` ignores
compiled modules older than their source, so an edit never runs stale code.

    python build/native.py          # build in place
    python build/native.py --clean  # remove the compiled modules
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["cards", "actions", "compiled", "legal", "listing", "transitions", "state"]
GROUP = "macau_engine_native"


def clean() -> None:
    """Remove compiled engine modules and the shared support library."""
    for path in [*ROOT.joinpath("game", "engine").glob("*.so"), *ROOT.glob(f"{GROUP}*.so")]:
        path.unlink()
    for path in [*ROOT.joinpath("game", "engine").glob("*.pyd"), *ROOT.glob(f"{GROUP}*.pyd")]:
        path.unlink()


def build() -> None:
    """Compile (the build directory is .native/), then install next to the sources."""
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(ROOT)
    paths = [f"game/engine/{m}.py" for m in MODULES]
    setup(
        name="macau-engine-native",
        ext_modules=mypycify(paths, opt_level="3", target_dir=".native/c", group_name=GROUP),
        script_args=["build_ext", "--build-temp", ".native/tmp", "--build-lib", ".native/lib"],
    )
    install()


def install() -> None:
    """Put each built module in place by renaming a fresh copy over the old file.

    A running process (a long simulation, a game) keeps the library it mapped; writing into
    that file instead would change the code under its feet and crash it.
    """
    lib = ROOT / ".native" / "lib"
    wanted = (*(f"game/engine/{m}." for m in MODULES), f"{GROUP}__mypyc.")
    for built in [*lib.rglob("*.so"), *lib.rglob("*.pyd")]:
        rel = built.relative_to(lib).as_posix()
        if not rel.startswith(wanted):
            continue  # left over from an older module list
        target = ROOT / rel
        tmp = target.with_name(target.name + ".tmp")
        shutil.copy(built, tmp)
        os.replace(tmp, target)


def stamp() -> None:
    """Mark the compiled modules as built now (setuptools copies keep older build times)."""
    for path in ROOT.joinpath("game", "engine").glob("*.so"):
        os.utime(path)
    for path in ROOT.glob(f"{GROUP}*.so"):
        os.utime(path)


if __name__ == "__main__":
    if "--clean" in sys.argv:
        clean()
    else:
        build()
        stamp()
