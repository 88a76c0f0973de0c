"""Named saves: a game in progress kept under a name the player chose.

Each is the engine's save (the one format: see :mod:`solemio.engine.saves`)
in ``saves/`` in the per-user data folder, with the seats' people, the name
and the time in ``extra``, and a small PNG picture of the table beside it
(written by the window).  Listing validates every save fully (a replay of a
few milliseconds each); one that cannot be used is set aside and reported
like the autosave.  Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs

log = logging.getLogger("solemio.saves")

MAX_NAME = 40


def saves_dir() -> Path:
    path = userdirs.data_dir() / "saves"
    return userdirs.ensure(path)


def file_stem(name: str) -> str:
    """A file name for a save's name: letters, digits, '-' and '_' only."""
    stem = re.sub(r"[^\w-]+", "-", name.strip(), flags=re.UNICODE).strip("-_")[:MAX_NAME]
    return stem or "save"


def save_named(session: Any, name: str, picture_png: bytes | None = None) -> Path:
    """Keep ``session``'s game under ``name`` (a save of that name is replaced)."""
    import json
    from dataclasses import asdict

    from solemio.atomic import write_atomic
    from solemio.engine.saves import game_to_dict

    name = name.strip()[:MAX_NAME] or "save"
    path = saves_dir() / f"{file_stem(name)}.json"
    extra = {"kind": "save", "name": name, "seats": [asdict(s) for s in session.seats],
             "saved": time.strftime("%Y-%m-%d %H:%M")}
    write_atomic(path, json.dumps(game_to_dict(session.game, extra), indent=1))
    pic = path.with_suffix(".png")
    if picture_png:
        tmp = pic.with_name(f".{pic.name}.tmp")
        tmp.write_bytes(picture_png)
        os.replace(tmp, pic)
    elif pic.exists():
        pic.unlink()
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


def list_saves() -> list[SaveInfo]:
    """Every usable named save, newest first (the others are set aside and reported)."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import refuse
    from solemio.show.host import session_from_save

    out = []
    for path in saves_dir().glob("*.json"):
        try:
            sess = session_from_save(path)
        except SaveError as exc:
            refuse(path, "save", path.stem, exc.problem)
            continue
        game = sess.game
        extra = _extra(path)
        pic = path.with_suffix(".png")
        out.append(SaveInfo(path, str(extra.get("name", path.stem)), game.cs.name,
                            len(game.colours), game.round, game.cs.rounds,
                            str(extra.get("saved", "")), pic if pic.is_file() else None))
    return sorted(out, key=lambda s: (s.saved, s.name), reverse=True)


def _extra(path: Path) -> dict:
    import json

    try:
        extra = json.loads(path.read_text(encoding="utf-8")).get("extra", {})
        return extra if isinstance(extra, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def delete_save(path: Path) -> None:
    """Delete a save the player chose to delete (and its picture)."""
    for p in (path, path.with_suffix(".png")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
