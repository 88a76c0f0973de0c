"""Game records: every finished game kept in the per-user folder, in the one save format.

A record is the engine's save of a finished game (:mod:`solemio.engine.saves`),
with the seats' names, people and levels and the time it ended in ``extra``.
Records are what the replay opens; they can be exported to a file and opened
again (``solemio replay FILE``).  A record that cannot be used is set aside
like any save (see :mod:`solemio.savefiles`).  Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs

log = logging.getLogger("solemio.records")

KIND = "record"

#: How many finished-game records the records folder keeps: the most recent ones (by the
#: time they were written there).  Older ones are removed when a new record is kept, and
#: each removal is logged.  Exported copies live elsewhere (``exports_dir``) and are never
#: touched; a folder given by hand (``solemio simulate --record DIR``) is never pruned.
KEEP_RECORDS = 500


def records_dir() -> Path:
    path = userdirs.data_dir() / "records"
    return userdirs.ensure(path)


def exports_dir() -> Path:
    """Where "Export" puts a record: a folder a person finds (SOLEMIO_HOME in tests)."""
    import os

    home = os.environ.get("SOLEMIO_HOME")
    if home:
        path = Path(home) / "exports"
    else:
        from platformdirs import user_documents_dir

        path = Path(user_documents_dir()) / "Sole Mio records"
    return userdirs.ensure(path)


def seats_extra(seats: list[Any]) -> list[dict]:
    """The seats (SeatConfig-like objects or dicts) as a record keeps them."""
    out = []
    for s in seats:
        if isinstance(s, dict):
            out.append(dict(s))
        else:
            out.append({"name": s.name, "colour": s.colour, "person": bool(s.person),
                        "level": s.level})
    return out


def file_name(game: Any, when: float) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"{stamp}-{game.cs.id}-{len(game.colours)}p-{game.seed}.json"


def save_record(game: Any, seats: list[Any], folder: Path | None = None,
                when: float | None = None) -> Path:
    """Keep a finished game as a record (atomically); its path."""
    from solemio.engine.saves import save_game

    if not game.is_over():
        raise ValueError("a record is kept only of a finished game")
    when = time.time() if when is None else when
    folder = records_dir() if folder is None else Path(folder)
    path = folder / file_name(game, when)
    n = 1
    while path.exists():
        path = folder / f"{path.stem.rsplit('~', 1)[0]}~{n}.json"
        n += 1
    save_game(game, path, {"kind": KIND, "seats": seats_extra(seats),
                           "winners": list(game.view(None).winners),
                           "finished": time.strftime("%Y-%m-%d %H:%M", time.localtime(when))})
    if folder == records_dir():
        prune_records(folder, KEEP_RECORDS, keep=path)
    return path


def prune_records(folder: Path | None = None, limit: int = KEEP_RECORDS,
                  keep: Path | None = None) -> list[Path]:
    """Remove all but the ``limit`` most recent records of the records folder (newest by
    modification time, then by name); ``keep`` (the record just written) always stays.
    Only ``*.json`` files directly in the folder count: set-aside files, exports and
    anything else are left alone.  A file that cannot be removed is logged and kept.
    The paths removed, oldest first."""
    folder = records_dir() if folder is None else Path(folder)
    found = []
    for path in folder.glob("*.json"):
        try:
            if path.is_file():
                found.append((path.stat().st_mtime, path.name, path))
        except OSError:
            continue
    if len(found) <= limit:
        return []
    found.sort(reverse=True)
    kept = 0
    removed = []
    for _mtime, _name, path in found:
        if kept < limit or (keep is not None and path == keep):
            kept += 1
            continue
        try:
            path.unlink()
        except OSError as exc:
            log.warning("records: could not remove the old record %s (%s)", path, exc)
            continue
        log.info("records: removed the old record %s (the folder keeps the %d most recent)",
                 path.name, limit)
        removed.append(path)
    removed.reverse()
    return removed


def open_record(path: Path, record_events: bool = True) -> tuple[Any, list[dict], dict]:
    """The finished game of a record, its seats and its extra; SaveError if it cannot be used."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import read_game

    path = Path(path)
    game, extra = read_game(path, record_events)
    if not game.is_over():
        raise SaveError(f"{path}: not a finished game", "unfinished")
    seats = extra.get("seats")
    if not (isinstance(seats, list) and len(seats) == len(game.colours) and all(
            isinstance(s, dict) and s.get("colour") == c for s, c in zip(seats, game.colours,
                                                                          strict=True))):
        # A record from elsewhere (another tool) may not name its seats: use the colours.
        seats = [{"name": c.capitalize(), "colour": c, "person": False, "level": "?"}
                 for c in game.colours]
    return game, seats, extra


@dataclass(frozen=True)
class RecordInfo:
    """One line of the records list, read without replaying the game."""

    path: Path
    edition: str  # the card set's name
    names: tuple[str, ...]
    winners: tuple[int, ...]
    finished: str
    choices: int


#: A name as a record's list shows it: records come from other people (a dropped file), so
#: a name of ten million characters is cut where it enters, like the name fields' own limit.
MAX_NAME = 40
MAX_SEATS = 5


def field_text(value: Any, limit: int) -> str:
    """A field of a record as text, whatever it holds, never longer than ``limit``."""
    if isinstance(value, str):
        return value[:limit]
    if isinstance(value, bool | float) or (isinstance(value, int) and abs(value) < 10**40):
        return str(value)[:limit]
    return "?"  # a mapping, a list, a 4,000-digit number: nothing a name can be


def record_info(path: Path, data: Any) -> RecordInfo:
    """One line of the records list from a record's JSON, every field treated as hostile:
    names cut to MAX_NAME, at most MAX_SEATS seats, winners only seat numbers;
    ValueError when it is not a record at all."""
    if not isinstance(data, dict) or not isinstance(data.get("cardset"), dict) or \
            not isinstance(data.get("choices"), list):
        raise ValueError("not a record")
    extra = data.get("extra")
    extra = extra if isinstance(extra, dict) else {}
    seats = extra.get("seats")
    seats = seats[:MAX_SEATS] if isinstance(seats, list) else []
    names = tuple(field_text(s.get("name", "?"), MAX_NAME) if isinstance(s, dict) else "?"
                  for s in seats)
    winners = extra.get("winners")
    winners = tuple(w for w in winners[:MAX_SEATS] if isinstance(w, int) and
                    not isinstance(w, bool) and 0 <= w < MAX_SEATS) \
        if isinstance(winners, list) else ()
    return RecordInfo(path, field_text(data["cardset"].get("name", "?"), 80), names, winners,
                      field_text(extra.get("finished", ""), 40), len(data["choices"]))


def list_records(folder: Path | None = None) -> list[RecordInfo]:
    """The records, newest first; a file that is not even a record (not JSON, nested too
    deep, too large, not a regular file) is set aside and reported."""
    from solemio.savefiles import read_json, refuse

    folder = records_dir() if folder is None else folder
    out = []
    for path in sorted(folder.glob("*.json"), reverse=True):
        try:
            out.append(record_info(path, read_json(path)))
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            refuse(path, "record", path.name[:MAX_NAME * 2], "corrupt")
    return out


def export_record(path: Path, dest: Path | None = None) -> Path:
    """A copy of the record where a person finds it (the same bytes; never moved)."""
    dest = exports_dir() / path.name if dest is None else Path(dest)
    if dest.is_dir():
        dest = dest / path.name
    tmp = dest.with_name(f".{dest.name}.tmp")
    shutil.copyfile(path, tmp)
    tmp.replace(dest)
    return dest


def import_record(path: Path) -> Path:
    """Open a record file from elsewhere and keep a copy among the records (SaveError if
    it cannot be used; the file itself is left where it is)."""
    open_record(path, record_events=False)
    dest = records_dir() / Path(path).name
    if dest.resolve() == Path(path).resolve():
        return dest
    return export_record(Path(path), dest)
