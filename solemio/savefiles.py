"""The player's files in the engine's one save format, and what happens when one is bad.

The autosave, named saves and game records are all the engine's save
(:mod:`solemio.engine.saves`: a format version, the card set embedded, the
seed, the choice log and a digest of the final position).  A file that cannot
be used (damaged, hand-edited, from a newer version, its card set no longer
valid, unreadable, a folder in its place) is never deleted and never crashes
the game: it is moved aside into ``set-aside/`` in the per-user data folder
and a :class:`Notice` says so in one sentence the next time the title screen
shows.  Nothing here imports pygame.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs
from solemio.i18n import _

log = logging.getLogger("solemio.savefiles")

SET_ASIDE = "set-aside"


@dataclass(frozen=True)
class Notice:
    """A file that could not be used: what it was, why, and where it went."""

    what: str  # "autosave", "save", "record", "statistics", "settings" or "setup"
    name: str  # the file's name as the player knows it
    problem: str  # SaveError.problem (missing, unreadable, empty, corrupt, ...)
    moved_to: Path | None  # None: it could not even be moved (it stays where it was)

    def sentence(self) -> str:
        """The notice in one sentence, in the player's language."""
        return describe(self)


def problem_text(problem: str) -> str:
    """What is wrong with a file, as a clause a player understands."""
    texts = {
        "missing": _("the file is missing"),
        "unreadable": _("the file cannot be read"),
        "empty": _("the file is empty"),
        "corrupt": _("the file is damaged"),
        "not-a-save": _("it is not a Sole Mio! save"),
        "newer": _("it was saved by a newer version of the game"),
        "older": _("it was saved by an older version of the game whose rules differ"),
        "unsupported": _("its save version cannot be read by this version"),
        "incomplete": _("parts of it are missing or wrong"),
        "cardset": _("its card set is no longer valid"),
        "altered": _("it was changed by hand or damaged"),
        "unfinished": _("it is not a finished game"),
    }
    return texts.get(problem, texts["corrupt"])


def describe(n: Notice) -> str:
    what = {
        "autosave": _("Your saved game"),
        "save": _("The save “{name}”", name=n.name),
        "record": _("The game record “{name}”", name=n.name),
        "statistics": _("Your statistics"),
        "settings": _("Your settings"),
        "setup": _("Your last table set-up"),
    }.get(n.what, n.name)
    if n.what == "autosave" and n.problem == "newer" and n.moved_to is not None:
        return _("{what} could not be opened: {why}; it was kept as {file} and comes back "
                 "by itself when you update.", what=what, why=problem_text(n.problem),
                 file=f"{SET_ASIDE}/{n.moved_to.name}")
    if n.moved_to is None:
        return _("{what} could not be opened: {why}.", what=what, why=problem_text(n.problem))
    return _("{what} could not be opened: {why}; it was kept as {file}.", what=what,
             why=problem_text(n.problem), file=f"{SET_ASIDE}/{n.moved_to.name}")


# --- notices waiting for the title screen -------------------------------------------------------

_lock = threading.Lock()
_notices: list[Notice] = []


def report(notice: Notice) -> None:
    with _lock:
        _notices.append(notice)
    log.warning("%s %s set aside (%s) -> %s", notice.what, notice.name, notice.problem,
                notice.moved_to)


def pending() -> list[Notice]:
    """The notices not yet dismissed (the title screen shows them)."""
    with _lock:
        return list(_notices)


def dismiss() -> None:
    with _lock:
        _notices.clear()


# --- reading and setting aside -------------------------------------------------------------------

def read_game(path: Path, record_events: bool = True) -> tuple[Any, dict]:
    """Load a save or record; raises SaveError (with ``problem``) and nothing else."""
    from solemio.engine.saves import SaveError, load_game

    try:
        return load_game(path, record_events)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(f"{path}: nested too deeply", "corrupt") from None
    except Exception as exc:  # noqa: BLE001 - a bad file must never crash the game
        log.exception("unexpected error reading %s", path)
        raise SaveError(f"{path}: {type(exc).__name__}: {exc}", "corrupt") from None


def set_aside(path: Path) -> Path | None:
    """Move ``path`` (a file, or whatever stands in its place) into set-aside/, under a
    name no earlier file has; None if it cannot be moved (it then stays untouched).
    A name already taken is never overwritten: past the numbered names of one second,
    a random one is used."""
    try:
        folder = userdirs.data_dir() / SET_ASIDE
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = None
        for i in range(1000):
            tail = f"-{i}" if i else ""
            candidate = folder / f"{path.stem}-{stamp}{tail}{path.suffix}"
            if not os.path.lexists(candidate):
                target = candidate
                break
        while target is None or os.path.lexists(target):
            target = folder / f"{path.stem}-{stamp}-{secrets.token_hex(6)}{path.suffix}"
        os.rename(path, target)
        return target
    except OSError as exc:
        log.error("cannot set %s aside: %s", path, exc)
        return None


#: A player's JSON file (save, record, statistics, settings) larger than this is not read:
#: a real one is a few hundred kilobytes at most, and reading a huge one would stall the game.
MAX_JSON_BYTES = 32 * 1024 * 1024


def read_json(path: Path) -> Any:
    """The JSON in a player's file.  Only a regular file is read (a FIFO or a device in a
    player's folder would block forever), and only up to MAX_JSON_BYTES; OSError when it
    cannot be read, ValueError when it is not JSON (deep nesting included)."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"{path}: not a regular file")
    if st.st_size > MAX_JSON_BYTES:
        raise ValueError(f"{path}: {st.st_size} bytes, more than a game's file ever holds")
    with open(path, "rb") as fh:
        raw = fh.read(MAX_JSON_BYTES + 1)
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"{path}: {type(exc).__name__}") from None


def set_aside_saves(pick: Callable[[Path, dict], bool]) -> list[Path]:
    """Files in set-aside/ that are saves of this very format version and that ``pick``
    wants (by name and content): the ones an older version moved aside as "made by a
    newer version", which this version may be able to load again."""
    from solemio.engine.saves import FORMAT, VERSION

    folder = userdirs.data_dir() / SET_ASIDE
    out = []
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return []
    for path in paths:
        try:
            data = read_json(path)
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("format") == FORMAT and \
                data.get("version") == VERSION and pick(path, data):
            out.append(path)
    return out


def refuse(path: Path, what: str, name: str, problem: str) -> Notice:
    """A file that cannot be used: set aside, reported, and the notice returned."""
    notice = Notice(what, name, problem, set_aside(path))
    report(notice)
    return notice
