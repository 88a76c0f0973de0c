"""One running window per user: the autosave, the settings and the window's place are
each one file, so a second window would silently replace the first one's game.

The first window holds an exclusive lock on ``running.lock`` in the per-user state
folder for its whole life (:mod:`solemio.filelock`); the operating system drops it when
the process ends, even by a crash or ``kill -9``, so a stale lock never keeps the game
from starting.  A second start finds the lock held, says the game is already running
and exits.  The command-line tools (``arena``, ``simulate``, ``validate``, ``review``,
``bench``, ``screenshots``, ``--selftest``) open no window and take no lock: none of them
writes the player's autosave, settings or statistics (see docs/players-files.md).
Nothing here imports pygame.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import IO

from solemio import filelock, userdirs

log = logging.getLogger("solemio.instance")

_held: IO[bytes] | None = None


def lock_path() -> Path:
    return userdirs.state_dir() / "running.lock"


def claim() -> bool:
    """Take the one-window lock for the life of this process; False when another running
    copy of the game holds it.  A folder where no lock can be made lets the game run (it
    is logged): a lock must never be what stops the game."""
    global _held
    if _held is not None:
        return True
    try:
        fh = filelock.try_lock(lock_path())
    except OSError as exc:
        log.warning("cannot make the lock %s (%s): not checking for another window",
                    lock_path(), exc)
        return True
    if fh is None:
        return False
    _held = fh
    return True


def release() -> None:
    """Give the lock back (the window closed); the process ending does it too."""
    global _held
    if _held is not None:
        filelock.release(_held)
        _held = None
