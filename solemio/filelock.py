"""Locks between processes on a lock file: the operating system releases them when the
process holding one ends, however it ends (a crash, ``kill -9``), so a lock is never left
behind.  ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows.  Nothing here imports
pygame."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def _open(path: Path) -> IO[bytes]:
    path.parent.mkdir(parents=True, exist_ok=True)
    fh = open(path, "a+b")  # noqa: SIM115 - held open for as long as the lock is held
    if fcntl is None and os.fstat(fh.fileno()).st_size == 0:
        fh.write(b"\0")  # msvcrt locks bytes: there must be one to lock
        fh.flush()
    return fh


def try_lock(path: Path) -> IO[bytes] | None:
    """The lock on ``path`` taken without waiting, as an open file to keep (closing it, or
    the process ending, releases the lock); None when another process holds it.  OSError
    when the lock file cannot be made at all."""
    fh = _open(path)
    try:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        fh.close()
        return None
    return fh


def release(fh: IO[bytes]) -> None:
    """Give a lock from :func:`try_lock` back."""
    try:
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
        else:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
    except OSError:
        pass
    fh.close()


@contextlib.contextmanager
def locked(path: Path, timeout: float = 30.0) -> Iterator[None]:
    """Hold the lock on ``path`` for the ``with`` block, waiting up to ``timeout`` seconds
    for another process to finish its turn (a read-add-write of a few milliseconds).
    Past the timeout, or when the lock file cannot be made, the block runs unlocked: a
    finished game must never fail because a lock could not be had (it is logged)."""
    import logging

    fh = None
    try:
        deadline = time.monotonic() + timeout
        while (fh := try_lock(path)) is None and time.monotonic() < deadline:
            time.sleep(0.005)
        if fh is None:
            logging.getLogger("solemio.filelock").warning("%s: still locked after %.0f s",
                                                          path, timeout)
    except OSError as exc:
        logging.getLogger("solemio.filelock").warning("%s: cannot lock (%s)", path, exc)
    try:
        yield
    finally:
        if fh is not None:
            release(fh)
