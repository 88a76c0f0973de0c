"""The seats this user holds at networked tables, kept so that a restarted game rejoins.

A seat token is the only key to a seat: whoever presents it plays it.  It lives in the
per-user data folder (``userdirs.data_dir()``), written atomically, one entry per server
address and table code; a damaged file is set aside and read as empty (the seats can be
joined again by code), never a crash.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from solemio import userdirs
from solemio.atomic import write_atomic

FILE = "network-seats.json"
#: The key of the table the window was last seated at (not a "server table" key: it has
#: no space), so the next start goes back to it (``last``).
LAST = "last"
log = logging.getLogger("solemio.net.seat_tokens")


def _path() -> Path:
    return userdirs.data_dir() / FILE


def _read() -> dict[str, Any]:
    path = _path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("the network seats file %s cannot be read (%s): set aside", path, exc)
        try:
            path.rename(path.with_suffix(".damaged"))
        except OSError:
            pass
        return {}
    return data if isinstance(data, dict) else {}


def _key(server: str, table: str) -> str:
    return f"{server} {table.upper()}"


def remember(server: str, table: str, seat: int, token: str) -> None:
    """Keep the token of ``seat`` at ``table`` on ``server`` (an address such as
    ``ws://host:port``); OSError when the folder cannot be written."""
    data = _read()
    seats = data.setdefault(_key(server, table), {})
    seats[str(seat)] = token
    write_atomic(_path(), json.dumps(data, indent=1, sort_keys=True))


def recall(server: str, table: str) -> dict[int, str]:
    """The seats kept for ``table`` on ``server``: seat number to token."""
    seats = _read().get(_key(server, table))
    if not isinstance(seats, dict):
        return {}
    return {int(s): t for s, t in seats.items() if s.isdigit() and isinstance(t, str)}


def tables() -> list[tuple[str, str]]:
    """Every (server, table) this user holds a seat at, to offer rejoining them."""
    out = []
    for key in _read():
        if key == LAST:
            continue
        server, _, table = key.rpartition(" ")
        if server:
            out.append((server, table))
    return sorted(out)


def forget(server: str, table: str) -> None:
    """Drop a table's seats (the game is over, or the server no longer has it)."""
    data = _read()
    dropped = data.pop(_key(server, table), None) is not None
    if _is_last(data, server, table):
        del data[LAST]
        dropped = True
    if dropped:
        write_atomic(_path(), json.dumps(data, indent=1, sort_keys=True))


def _is_last(data: dict[str, Any], server: str, table: str) -> bool:
    last = data.get(LAST)
    return isinstance(last, dict) and last.get("server") == server and \
        str(last.get("table", "")).upper() == table.upper()


def seated(server: str, table: str) -> None:
    """The window sits at ``table`` now: if the game stops before the player leaves the
    table, the next start goes back to it.  OSError when the folder cannot be written."""
    data = _read()
    if _is_last(data, server, table):
        return
    data[LAST] = {"server": server, "table": table.upper()}
    write_atomic(_path(), json.dumps(data, indent=1, sort_keys=True))


def left(server: str, table: str) -> None:
    """The player left ``table`` on purpose: the next start stays at the title (the seats
    are kept, to rejoin from "Your tables")."""
    data = _read()
    if _is_last(data, server, table):
        del data[LAST]
        write_atomic(_path(), json.dumps(data, indent=1, sort_keys=True))


def last() -> tuple[str, str] | None:
    """The table the window sat at when the game stopped (server, code), if this user
    still holds a seat there; else None."""
    data = _read()
    info = data.get(LAST)
    if not isinstance(info, dict):
        return None
    server, table = str(info.get("server", "")), str(info.get("table", ""))
    if not server or not table or not recall(server, table):
        return None
    return server, table
