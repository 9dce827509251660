"""The double-click app: spec, bundle layout, version, self-test and friendly failures.

Nothing here runs PyInstaller (``make test`` builds the app and runs ``dist/macau --smoke``
after pytest). Failures are run in a child process so that what the player would see on
stderr is exactly what is checked.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import resources

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "macau.spec"
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"
]


def _headless_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MACAU_HOME=str(home))
    env.pop("MACAU_FIRST_FRAME_MARK", None)
    env.update(extra)
    return env


def _run(
    args: list[str], env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _run_patched(
    patch: str, argv: list[str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """``main(argv)`` in a child process after running ``patch`` (a few lines of Python)."""
    script = "\n".join(
        ["import sys", patch, "from game.cli import main", f"sys.exit(main({argv!r}))"]
    )
    return _run(["-c", script], env)


# ----- the spec -------------------------------------------------------------------------------
def _spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def test_spec_has_no_absolute_paths() -> None:
    absolute = re.compile(r"^(/|~|[A-Za-z]:[\\/]|\\\\)")
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert not absolute.match(node.value), f"absolute path in the spec: {node.value}"
    assert "SPECPATH" in SPEC.read_text(encoding="utf-8")


def test_spec_bundles_the_asset_folders_and_the_version() -> None:
    folders: tuple[str, ...] = ()
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "ASSET_FOLDERS" for t in node.targets
        ):
            folders = ast.literal_eval(node.value)
    assert set(folders) >= {"sprites", "sounds"}
    for folder in folders:
        assert (ROOT / folder).is_dir()
    text = SPEC.read_text(encoding="utf-8")
    assert '"pyproject.toml"' in text  # read by game.__version__ inside the bundle
    assert "macau.ico" in text and "macau.icns" in text
    assert "BUNDLE(" in text and 'sys.platform == "darwin"' in text
    assert "macau_engine_native__mypyc" in text


def test_spec_leaves_out_heavy_and_build_only_modules() -> None:
    excludes: list[str] = []
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "excludes" for t in node.targets
        ):
            excludes = ast.literal_eval(node.value)
    assert {"tkinter", "numpy", "mypy", "mypyc", "pytest"} <= set(excludes)


def test_spec_leaves_out_the_install_record_of_a_wheel_and_of_an_editable_install() -> None:
    records = None
    for node in ast.walk(_spec_tree()):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "OWN_RECORD" for t in node.targets
        ):
            records = ast.literal_eval(node.value)
    assert records is not None
    assert "macau-1.0.0.dist-info/METADATA".startswith(records)
    assert "macau.egg-info/PKG-INFO".startswith(records)  # `make dist` installs editable
    assert not "macau_data/x".startswith(records) and not "game/x".startswith(records)


# ----- the bundle layout ----------------------------------------------------------------------
@pytest.fixture
def frozen_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the assets laid out as PyInstaller unpacks them, with sys marked frozen."""
    bundle = tmp_path / "_MEI12345"
    for folder in ("sprites", "sounds"):
        shutil.copytree(ROOT / folder, bundle / folder, ignore=shutil.ignore_patterns("*.py"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (bundle / "pyproject.toml").write_text(
        text.replace(f'version = "{PYPROJECT_VERSION}"', 'version = "9.8.7"'), encoding="utf-8"
    )
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    return bundle


def test_resources_resolve_inside_a_frozen_bundle(frozen_bundle: Path) -> None:
    assert resources.is_frozen()
    assert resources.asset_root() == frozen_bundle
    assert resources.sound_path("deal") == frozen_bundle / "sounds" / "deal.wav"
    assert resources.icon_path(64) == frozen_bundle / "sprites" / "icon" / "macau_64.png"
    assert resources.sprite_path("icon", "macau.ico").is_file()
    # The fonts travel with the game: the text looks the same where DejaVu is not installed.
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert resources.font_path(name) == frozen_bundle / "sprites" / "fonts" / name


def test_a_file_missing_from_the_bundle_is_named(frozen_bundle: Path) -> None:
    (frozen_bundle / "sounds" / "deal.wav").unlink()
    with pytest.raises(resources.MissingAsset) as caught:
        resources.sound_path("deal")
    assert caught.value.path == frozen_bundle / "sounds" / "deal.wav"


def test_the_bundle_reads_its_version_from_its_own_pyproject(frozen_bundle: Path) -> None:
    assert game._read_version() == "9.8.7"


# ----- version and self-test ------------------------------------------------------------------
def test_version_prints_the_pyproject_version(tmp_path: Path) -> None:
    done = _run(["main.py", "--version"], _headless_env(tmp_path))
    assert done.returncode == 0
    assert done.stdout.strip() == f"Macau {PYPROJECT_VERSION}"
    assert game.__version__ == PYPROJECT_VERSION


def test_smoke_runs_a_bot_game_and_the_store_headless(tmp_path: Path) -> None:
    env = _headless_env(tmp_path)
    done = _run(["main.py", "--smoke"], env)
    assert done.returncode == 0, done.stderr
    assert "macau smoke: ok" in done.stdout
    frames = int(re.search(r"(\d+) frames", done.stdout).group(1))  # type: ignore[union-attr]
    assert frames >= 300
    assert "read it back" in done.stdout
    # The self-test keeps its records in a throwaway home, never the player's, and leaves
    # the player's settings (the window's size among them) as they were.
    assert not (tmp_path / "data").exists()
    assert not list(tmp_path.rglob("settings.json"))


def test_a_failing_self_test_exits_non_zero_with_the_reason(tmp_path: Path) -> None:
    patch = (
        "import game.smoke as s\n"
        "from game.failures import SelfTestFailed\n"
        "def broken():\n"
        "    raise SelfTestFailed('the statistics store is read-only')\n"
        "s.check_store = broken"
    )
    done = _run_patched(patch, ["--smoke"], _headless_env(tmp_path))
    assert done.returncode == 1
    assert "self-test failed: the statistics store is read-only" in done.stderr
    assert "Traceback" not in done.stderr


# ----- friendly failures ----------------------------------------------------------------------
def _log_text(home: Path) -> str:
    return (home / "log" / "macau.log").read_text(encoding="utf-8")


def test_no_display_says_so_and_logs(tmp_path: Path) -> None:
    patch = (
        "import pygame\n"
        "def no_display(*a, **k):\n"
        "    raise pygame.error('No available video device')\n"
        "pygame.display.set_mode = no_display"
    )
    done = _run_patched(patch, ["--seed", "1"], _headless_env(tmp_path))
    assert done.returncode == 3
    assert "Macau needs a graphical display" in done.stderr
    assert "Traceback" not in done.stderr
    log = _log_text(tmp_path)
    assert "No available video device" in log and "Traceback" in log


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland absence")
def test_no_x11_or_wayland_is_no_display_rather_than_an_unseen_window(tmp_path: Path) -> None:
    env = _headless_env(tmp_path)
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    # SDL picks its driver itself here. Only a console display a person can see (a Linux
    # console's KMS or frame buffer) may let the game start: asked in the same surroundings,
    # SDL names the driver it falls back to, and any other must be refused.
    probe = "import pygame\npygame.display.init()\nprint(pygame.display.get_driver())"
    said = _run(["-c", probe], env, timeout=60).stdout.split()  # pygame's greeting first
    picked = said[-1] if said else ""
    if picked in ("kmsdrm", "fbcon", "directfb"):
        pytest.skip(f"this machine has a console display SDL can open ({picked})")
    done = _run(["main.py", "--frames", "1", "--seed", "1"], env, timeout=60)
    assert done.returncode == 3, (picked, done.stderr)
    assert "Macau needs a graphical display" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_unwritable_data_folder_warns_and_plays_on(tmp_path: Path) -> None:
    home = tmp_path / "home-is-a-file"
    home.write_text("not a folder", encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    done = _run(["main.py", "--frames", "3", "--seed", "1"], _headless_env(home, TMPDIR=str(temp)))
    assert done.returncode == 0, done.stderr
    assert "cannot write to the folder" in done.stderr
    assert "games will not be recorded or saved" in done.stderr
    assert "Traceback" not in done.stderr
    # The log folder lives under the same unwritable home, so the log goes to a temp folder.
    logs = list(temp.glob("macau-log-*/macau.log"))
    assert logs and "cannot save" in logs[0].read_text(encoding="utf-8")


def test_a_missing_asset_names_the_file_and_suggests_reinstalling(tmp_path: Path) -> None:
    patch = (
        "from pathlib import Path\n"
        "import game.ui.app as app\n"
        "from game.resources import MissingAsset, asset_root\n"
        "def run(args):\n"
        "    raise MissingAsset(asset_root() / 'sounds' / 'deal.wav', asset_root())\n"
        "app.run = run"
    )
    done = _run_patched(patch, [], _headless_env(tmp_path))
    assert done.returncode == 4
    assert "A game file is missing: sounds/deal.wav. Please reinstall Macau." in done.stderr
    assert "Traceback" not in done.stderr
    assert "deal.wav" in _log_text(tmp_path)


def test_an_unexpected_error_points_to_the_log_and_hides_the_traceback(tmp_path: Path) -> None:
    patch = (
        "import game.ui.app as app\n"
        "def run(args):\n"
        "    raise ZeroDivisionError('a bug deep in the table')\n"
        "app.run = run"
    )
    done = _run_patched(patch, [], _headless_env(tmp_path))
    assert done.returncode == 1
    assert "unexpected problem" in done.stderr
    assert str(tmp_path / "log" / "macau.log") in done.stderr
    assert "Traceback" not in done.stderr and "ZeroDivisionError" not in done.stderr
    log = _log_text(tmp_path)
    assert "Traceback" in log and "ZeroDivisionError: a bug deep in the table" in log


# ----- desktop entry --------------------------------------------------------------------------
def test_desktop_entry_starts_macau_with_its_icon() -> None:
    entry = (ROOT / "build" / "macau.desktop").read_text(encoding="utf-8").splitlines()
    assert entry[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in entry[1:] if "=" in line)
    assert keys["Type"] == "Application"
    assert keys["Name"] == "Macau"
    assert keys["Exec"].split()[0] == "macau"
    assert keys["Icon"] == "macau"
    assert keys["Categories"].endswith(";")
