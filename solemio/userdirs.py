"""Per-user folders: the only places the game ever writes to.

Each function makes its folder when it can, and returns the path even when it
cannot (a read-only, missing or broken home): asking where a file lives never
fails, so nothing can stop the game from starting.  Reading from such a folder
finds nothing; writing into it raises ``OSError`` where the write happens, and
every writer catches that and logs it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from platformdirs import PlatformDirs

_DIRS = PlatformDirs(appname="solemio", appauthor=False)
log = logging.getLogger("solemio.userdirs")
_warned: set[Path] = set()


def _override(name: str) -> Path | None:
    # Tests and portable installs point the game at another folder.
    value = os.environ.get("SOLEMIO_HOME")
    return Path(value) / name if value else None


def ensure(path: Path) -> Path:
    """Make ``path`` (a per-user folder or one inside it) when possible; return it either way."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if path not in _warned:  # once per folder, not at every autosave
            _warned.add(path)
            log.warning("cannot make the folder %s (%s): nothing can be stored there", path, exc)
    return path


def writable(path: Path) -> bool:
    """Whether ``path`` is a folder this user can write into now."""
    return path.is_dir() and os.access(path, os.W_OK)


def data_dir() -> Path:
    """Saves, statistics and replays."""
    return ensure(_override("data") or Path(_DIRS.user_data_dir))


def config_dir() -> Path:
    """Settings."""
    return ensure(_override("config") or Path(_DIRS.user_config_dir))


def state_dir() -> Path:
    """What only a running game uses: the lock that keeps one window per user."""
    return ensure(_override("state") or Path(_DIRS.user_state_dir))


def log_dir() -> Path:
    """The rotating log file (``logs.py``): what a windowed build cannot print."""
    return ensure(_override("logs") or Path(_DIRS.user_log_dir))


def user_cardsets_dir() -> Path:
    """House variants a player adds: listed beside the shipped editions."""
    return ensure(data_dir() / "cardsets")
