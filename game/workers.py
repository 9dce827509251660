"""What every worker process of a parallel run (``simulate --jobs``, ``tournament --jobs``)
starts with."""

from __future__ import annotations

import os
import signal


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C reaches the whole process group, and only the
    parent should answer it (leaving the pool stops the workers), not every worker with a
    traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool_size(jobs: int, tasks: int) -> int:
    """How many worker processes to start for ``jobs`` asked and ``tasks`` to share: never
    more than there are tasks, nor more than four per core (beyond that they only queue for
    the cores, and a mistyped ``--jobs 999999`` must not fork the machine to a halt)."""
    return max(1, min(jobs, tasks, 4 * (os.cpu_count() or 1)))
