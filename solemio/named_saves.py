"""Named saves: a game in progress kept under a name the player chose.

Each is the engine's save (the one format: see :mod:`solemio.engine.saves`)
in ``saves/`` in the per-user data folder, with the seats' people, the name
and the time in ``extra``, and a small PNG picture of the table beside it
(written by the window).  Listing validates every save fully (a replay of a
few milliseconds each); one that cannot be used is set aside and reported
like the autosave.  Nothing here imports pygame.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs

log = logging.getLogger("solemio.saves")

MAX_NAME = 40  # characters of a save's name (the field takes no more)
STEM_CHARS = 40  # of them in the file name, before the hash


def saves_dir() -> Path:
    path = userdirs.data_dir() / "saves"
    return userdirs.ensure(path)


def file_stem(name: str) -> str:
    """A file name for a save's name: a readable part (letters, digits, '-' and '_') and a
    short hash of the exact name, so that two distinct names never share a file ("Game 1",
    "Game: 1" and "Game/1" read alike but keep three files).  The name itself is kept
    inside the save: the file name only has to be unique, it never decides which game
    survives (see :func:`save_named`)."""
    readable = re.sub(r"[^\w-]+", "-", name.strip(), flags=re.UNICODE).strip("-_")[:STEM_CHARS]
    tag = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{readable or 'save'}-{tag}"


def clean_name(name: str) -> str:
    """The name a save is kept under: trimmed, at most MAX_NAME characters (the field
    that asks for it takes no more)."""
    return str(name).strip()[:MAX_NAME].strip()


class NameTaken(Exception):
    """A save of that exact name exists; the player is asked before it is replaced."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


def find_named(name: str) -> list[Path]:
    """The save files whose stored name is exactly ``name`` (normally one at most; a save
    written before names were hashed into the file name is found by its stored name)."""
    name = clean_name(name)
    return sorted(p for p in saves_dir().glob("*.json") if _extra(p).get("name") == name)


def unused_name(name: str) -> str:
    """``name``, or ``name (2)``, ``name (3)``... the first no save holds yet: two saves
    made with the default name in the same minute never meet."""
    name = clean_name(name) or "save"
    taken = {_extra(p).get("name") for p in saves_dir().glob("*.json")}
    if name not in taken:
        return name
    for n in range(2, 10_000):
        tail = f" ({n})"
        candidate = name[:MAX_NAME - len(tail)].rstrip() + tail
        if candidate not in taken:
            return candidate
    return name


def _free_path(name: str) -> Path:
    """A file for ``name`` that holds no other game: the stem of the name, and if a file
    of another name has it (a hash collision, a file put there by hand), a number more."""
    folder = saves_dir()
    stem = file_stem(name)
    for n in range(1, 10_000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        if not os.path.lexists(path) or _extra(path).get("name") == name:
            return path
    raise OSError(f"no free file name for the save {name!r}")


def save_named(session: Any, name: str, picture_png: bytes | None = None,
               replace: bool = False) -> Path:
    """Keep ``session``'s game under ``name``.  A save of exactly that name is replaced
    only with ``replace`` (else :class:`NameTaken`); a save of any other name is never
    touched, whatever file name the two names would once have shared."""
    import json
    from dataclasses import asdict

    from solemio import filelock
    from solemio.atomic import write_atomic
    from solemio.engine.saves import game_to_dict

    name = clean_name(name) or "save"
    extra = {"kind": "save", "name": name, "seats": [asdict(s) for s in session.seats],
             "saved": time.strftime("%Y-%m-%d %H:%M")}
    text = json.dumps(game_to_dict(session.game, extra), indent=1)
    with filelock.locked(saves_dir() / ".saves.lock"):  # another process finds it whole
        same = find_named(name)
        if same and not replace:
            raise NameTaken(same[0])
        path = _free_path(name)
        write_atomic(path, text)
    pic = path.with_suffix(".png")
    if picture_png:
        tmp = pic.with_name(f".{pic.name}.tmp")
        tmp.write_bytes(picture_png)
        os.replace(tmp, pic)
    elif pic.exists():
        pic.unlink()
    for old in same:  # the replaced save of the same name, kept under an older file name
        if old != path:
            delete_save(old)
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One line of the load scene."""

    path: Path
    name: str
    edition: str  # the card set's name
    seats: int
    round: int
    rounds: int
    saved: str
    picture: Path | None
    newer: bool = False  # made by a newer version: listed, left in place, not loadable here


def list_saves() -> list[SaveInfo]:
    """Every named save, newest first.  One made by a newer version of the game stays where
    it is and is listed as such (after an upgrade it simply loads); any other that cannot
    be used is set aside and reported.  A save set aside before (by a version that moved
    newer saves aside) that this version can load is brought back first."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import refuse
    from solemio.show.host import session_from_save

    _recover()
    out = []
    for path in saves_dir().glob("*.json"):
        extra = _extra(path)
        name = clean_name(str(extra.get("name", path.stem))) or path.stem[:MAX_NAME]
        pic = path.with_suffix(".png")
        picture = pic if pic.is_file() else None
        saved = str(extra.get("saved", ""))[:40]
        try:
            sess = session_from_save(path)
        except SaveError as exc:
            if exc.problem == "newer":
                out.append(SaveInfo(path, name, "", 0, 0, 0, saved, picture, newer=True))
            else:
                refuse(path, "save", name, exc.problem)
            continue
        game = sess.game
        out.append(SaveInfo(path, name, game.cs.name, len(game.colours), game.round,
                            game.cs.rounds, saved, picture))
    return sorted(out, key=lambda s: (s.saved, s.name), reverse=True)


def _recover() -> list[Path]:
    """Named saves an older version set aside that this version loads: back among the
    saves (under a name no other save holds), so a downgrade never hides a game for good."""
    import json

    from solemio.atomic import write_atomic
    from solemio.engine.saves import SaveError
    from solemio.show.host import session_from_save

    back = []
    for old in set_aside_saves_of_kind():
        try:
            session_from_save(old)
        except SaveError:
            continue  # still unusable: it stays set aside, as reported when it was moved
        try:
            from solemio.savefiles import read_json

            data = read_json(old)
            name = unused_name(str(data["extra"].get("name", "")) or old.stem)
            data["extra"]["name"] = name
            path = _free_path(name)
            write_atomic(path, json.dumps(data, indent=1))
            old.unlink()
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("could not bring the save %s back: %s", old, exc)
            continue
        log.info("brought the set-aside save %s back as %s", old, path)
        back.append(path)
    return back


def set_aside_saves_of_kind() -> list[Path]:
    """The named saves (``extra.kind == "save"``) of this format version in set-aside/."""
    from solemio.savefiles import set_aside_saves

    return set_aside_saves(lambda _path, data: isinstance(data.get("extra"), dict)
                           and data["extra"].get("kind") == "save")


def _extra(path: Path) -> dict:
    """A save's ``extra`` (the name, the seats, the time), or {} for anything unusable."""
    from solemio.savefiles import read_json

    try:
        data = read_json(path)
        extra = data.get("extra", {}) if isinstance(data, dict) else {}
        return extra if isinstance(extra, dict) else {}
    except (OSError, ValueError, RecursionError):
        return {}


def delete_save(path: Path) -> None:
    """Delete a save the player chose to delete (and its picture)."""
    for p in (path, path.with_suffix(".png")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
