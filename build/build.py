"""Build the double-click app with PyInstaller from build/macau.spec.

    python build/build.py      # dist/macau (Linux), dist/macau.exe (Windows), dist/Macau.app

Before building it checks what would make a broken bundle: a compiled engine older than
its sources (it would ship stale rules) and missing assets. Work files go to build/work/.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "macau.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "work"
# What the game cannot start without or looks wrong without (see game.resources).
REQUIRED_ASSETS = (
    "sprites/icon/macau.ico",
    "sprites/icon/macau.icns",
    "sprites/icon/macau_64.png",
    "sounds/deal.wav",
    "sprites/fonts/DejaVuSans.ttf",
    "sprites/fonts/DejaVuSans-Bold.ttf",
)


def executable() -> Path:
    """Where the build puts the program the player starts."""
    if sys.platform == "win32":
        return DIST / "macau.exe"
    if sys.platform == "darwin":
        return DIST / "Macau.app" / "Contents" / "MacOS" / "macau"
    return DIST / "macau"


def check_compiled_engine() -> str:
    """'compiled', 'pure Python', or SystemExit when the compiled modules are stale.

    In the source tree a stale build is skipped at import time, but a frozen app has no
    sources to compare with (game.engine._native skips the check), so it must not ship.
    """
    sys.path.insert(0, str(ROOT))
    from game.engine import _native

    present = [_native._compiled_path(name) for name in _native.MODULES]
    if not any(present):
        return "pure Python"
    if not _native.compiled_is_fresh():
        raise SystemExit(
            "The compiled engine is incomplete or older than its sources. Run `make native` (or "
            "`python build/native.py`), or remove it with `python build/native.py --clean`."
        )
    return "compiled"


def check_assets() -> None:
    """SystemExit naming every required asset that is missing."""
    missing = [name for name in REQUIRED_ASSETS if not (ROOT / name).is_file()]
    if missing:
        raise SystemExit(
            "Missing assets: " + ", ".join(missing) + ". Run sprites/make_icon.py and "
            "sounds/generate.py."
        )


def build() -> Path:
    """Run PyInstaller on the spec; returns the executable's path."""
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK),
        str(SPEC),
    ]
    subprocess.run(cmd, cwd=ROOT, check=True)
    target = executable()
    if not target.exists():
        raise SystemExit(f"PyInstaller finished but {target} is not there")
    check_no_install_record(target)
    return target


def check_no_install_record(target: Path) -> None:
    """SystemExit if the one-file app carries the game's install record (its
    ``direct_url.json`` would name the folder it was built in on every player's machine)."""
    if not target.is_file():
        return  # the macOS app folder: nothing archived to read
    from PyInstaller.archive.readers import CArchiveReader

    toc = CArchiveReader(str(target)).toc
    # (macau-<version>.dist-info from a wheel, macau.egg-info from an editable install)
    found = sorted(name for name in toc if name.startswith(("macau-", "macau.egg-info")))
    if found:
        raise SystemExit(f"The app carries the game's install record: {', '.join(found)}")


def main() -> int:
    """Check, build, and print what was built."""
    if sys.platform.startswith("linux") and shutil.which("objdump") is None:
        # PyInstaller reads the shared libraries' headers with it, and fails obscurely without.
        print(
            "make dist needs objdump (from binutils) on Linux: install it first, "
            "for example: sudo apt-get install binutils",
            file=sys.stderr,
        )
        return 1
    engine = check_compiled_engine()
    check_assets()
    started = time.perf_counter()
    target = build()
    took = time.perf_counter() - started
    size = target.stat().st_size if target.is_file() else 0
    if sys.platform == "darwin":
        size = sum(p.stat().st_size for p in (DIST / "Macau.app").rglob("*") if p.is_file())
    print(f"built {target.relative_to(ROOT)}: {size / 1e6:.1f} MB, engine {engine}, {took:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
