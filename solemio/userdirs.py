"""Per-user folders: the only places the game ever writes to."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import PlatformDirs

_DIRS = PlatformDirs(appname="solemio", appauthor=False)


def _override(name: str) -> Path | None:
    # Tests and portable installs point the game at another folder.
    value = os.environ.get("SOLEMIO_HOME")
    return Path(value) / name if value else None


def data_dir() -> Path:
    """Saves, statistics and replays."""
    path = _override("data") or Path(_DIRS.user_data_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Settings."""
    path = _override("config") or Path(_DIRS.user_config_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    """The rotating log file (``logs.py``): what a windowed build cannot print."""
    path = _override("logs") or Path(_DIRS.user_log_dir)
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_cardsets_dir() -> Path:
    """House variants a player adds: listed beside the shipped editions."""
    path = data_dir() / "cardsets"
    path.mkdir(parents=True, exist_ok=True)
    return path
