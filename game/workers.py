"""What every worker process of a parallel run (``simulate --jobs``, ``tournament --jobs``)
starts with."""

from __future__ import annotations

import signal


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C reaches the whole process group, and only the
    parent should answer it (leaving the pool stops the workers), not every worker with a
    traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
