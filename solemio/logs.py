"""Where the game writes down what went wrong: a rotating log file in the per-user folder.

A windowed build has no terminal, so a failed start or a crash would otherwise
leave no trace at all.  Everything goes through the standard ``logging`` module
under the ``solemio`` logger; this module only decides where the file lives and
catches what nobody else caught.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import tempfile
import threading
from pathlib import Path

LOG_NAME = "solemio.log"
MAX_BYTES = 512 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

log = logging.getLogger("solemio")
_state: dict[str, Path | None] = {"path": None}


def _candidate_dirs() -> list[Path]:
    from solemio import userdirs

    dirs = [userdirs.log_dir()]
    # A read-only or missing home still gets a log, in the system's temporary folder.
    dirs.append(Path(tempfile.gettempdir()) / f"solemio-logs-{_user_tag()}")
    return dirs


def _user_tag() -> str:
    getuid = getattr(os, "getuid", None)
    return str(getuid()) if getuid else (os.environ.get("USERNAME") or "user")


def _ensure_streams() -> None:
    """A windowed build on Windows starts with ``sys.stdout`` and ``sys.stderr`` set to None:
    any ``print`` (argparse's --version among them) would raise.  Started from a terminal,
    borrow that terminal (so ``solemio.exe --version`` answers there); otherwise point
    them at the void."""
    if sys.stdout is None and sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):  # type: ignore[attr-defined]
                sys.stdout = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
                sys.stderr = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
        except (OSError, AttributeError):
            pass
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def setup(level: int = logging.INFO) -> Path | None:
    """Send the ``solemio`` logger to the rotating log file; returns its path, or None when
    no folder at all can be written (the game then runs without a log, it still runs)."""
    _ensure_streams()
    if _state["path"] is not None:
        return _state["path"]
    for folder in _candidate_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / LOG_NAME
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        except OSError:
            continue
        handler.setFormatter(logging.Formatter(FORMAT))
        log.addHandler(handler)
        log.setLevel(level)
        _state["path"] = path
        break
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_thread_uncaught
    return _state["path"]


def log_path() -> Path | None:
    """The file being written, for messages that tell the player where to look."""
    return _state["path"]


def reset() -> None:
    """Detach the file handler (tests point the log at a new folder)."""
    for handler in list(log.handlers):
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            log.removeHandler(handler)
            handler.close()
    _state["path"] = None


def _log_uncaught(exc_type, exc, tb) -> None:  # type: ignore[no-untyped-def]
    if not issubclass(exc_type, KeyboardInterrupt):
        log.critical("uncaught exception", exc_info=(exc_type, exc, tb))
    sys.__excepthook__(exc_type, exc, tb)


def _log_thread_uncaught(args: threading.ExceptHookArgs) -> None:
    log.error("uncaught exception in thread %s", getattr(args.thread, "name", "?"),
              exc_info=(args.exc_type, args.exc_value, args.exc_traceback))  # type: ignore[arg-type]
