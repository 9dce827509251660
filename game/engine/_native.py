"""Use the mypyc-compiled engine modules only while they are newer than their sources.

``build/native.py`` compiles the hot modules in place. If a source file was edited after
that (or with ``MACAU_PURE_ENGINE=1``), every compiled module is bypassed (they import one
another, so it is all or nothing) and the sources run instead: a stale build never decides
a rule.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

MODULES = (
    "cards",
    "actions",
    "compiled",
    "legal",
    "listing",
    "transitions",
    "state",
)  # dependency order
# Sources the compiled modules were built against (their types are baked in).
DEPENDS = (*MODULES, "cards", "rules", "phase", "view", "serial")
_HERE = Path(__file__).resolve().parent


def _compiled_path(name: str) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = _HERE / f"{name}{suffix}"
        if path.exists():
            return path
    return None


def compiled_is_fresh() -> bool:
    """Whether every hot module has a compiled build at least as new as its source."""
    built_at = []
    for name in MODULES:
        built = _compiled_path(name)
        if built is None:
            return False
        built_at.append(built.stat().st_mtime)
    oldest = min(built_at)
    for name in DEPENDS:
        src = _HERE / f"{name}.py"
        if src.exists() and src.stat().st_mtime > oldest:
            return False
    return True


def prefer_fresh_modules() -> None:
    """Load the sources of the hot modules when a compiled build exists but is stale."""
    if getattr(sys, "frozen", False):
        return
    if all(_compiled_path(n) is None for n in MODULES):
        return
    if compiled_is_fresh() and not os.environ.get("MACAU_PURE_ENGINE"):
        # The compiled modules share a support library built beside the package.
        root = str(_HERE.parent.parent)
        if root not in sys.path:
            sys.path.append(root)
        return
    package = __name__.rpartition(".")[0]
    for name in MODULES:
        full = f"{package}.{name}"
        if full in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(full, _HERE / f"{name}.py")
        if spec is None or spec.loader is None:
            return
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        spec.loader.exec_module(module)


def engine_is_compiled() -> bool:
    """Whether the running engine is the compiled one."""
    module = sys.modules.get(__name__.rpartition(".")[0] + ".state")
    return module is not None and not str(getattr(module, "__file__", "")).endswith(".py")
