"""What every worker process of a parallel run (``simulate --jobs``, ``tournament --jobs``)
starts with."""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C reaches the whole process group, and only the
    parent should answer it (leaving the pool stops the workers), not every worker with a
    traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back by ``worker_pool`` until now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def worker_pool(processes: int) -> Iterator[PoolType]:
    """A pool of ``processes`` workers that ignore Ctrl-C, left (and its workers stopped)
    when the block ends.

    A worker starts with the parent's signal mask, so Ctrl-C is held back while the
    workers start: one reached before its ``ignore_interrupts`` ran would otherwise print
    a traceback of its own. The parent answers it as soon as the workers are up."""
    masking = hasattr(signal, "pthread_sigmask")  # (not on Windows, where Ctrl-C differs)
    if masking:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = Pool(processes, initializer=ignore_interrupts)
    except BaseException:
        if masking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        raise
    with pool:  # a Ctrl-C held back comes here, as the pool is left: its workers stop
        if masking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        yield pool


def pool_size(jobs: int, tasks: int) -> int:
    """How many worker processes to start for ``jobs`` asked and ``tasks`` to share: never
    more than there are tasks, nor more than four per core (beyond that they only queue for
    the cores, and a mistyped ``--jobs 999999`` must not fork the machine to a halt)."""
    return max(1, min(jobs, tasks, 4 * (os.cpu_count() or 1)))
