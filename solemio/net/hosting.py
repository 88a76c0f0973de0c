"""Hosting and joining a table from a window: the steps between the menus and a NetSession.

A hosting window starts the table server in-process (``background.BackgroundServer``,
listening on every network so friends on the local one can come in), opens one table
on it, takes the seats of the people at its own screen like any joining window would,
and advertises the table on the local network (zeroconf).  A joining window connects to
an address (or finds a table code on the local network), joins one seat per person at
its screen, or watches.  Each seat's token is kept in the per-user folder
(``seat_tokens``), so a restarted game rejoins its tables.  Nothing here imports pygame;
every failure is one ``HostingError`` with a reason code the window words.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs
from solemio.net import seat_tokens
from solemio.net.background import BackgroundServer
from solemio.net.client import ConnectionLost, Refused, RemoteTable, TableClient
from solemio.net.protocol import valid_code
from solemio.net.server import Limits
from solemio.net.session import NetSession, default_name

log = logging.getLogger("solemio.net.hosting")

DEFAULT_PORT = 8765
#: What a seat of a hosted table may be: a friend elsewhere, a person at this screen, or
#: a computer of a level.
SEAT_KINDS = ("friend", "here", "easy", "normal", "hard")


class HostingError(Exception):
    """Hosting or joining failed: ``reason`` is ``unreachable``, ``refused``, ``no-table``,
    ``bad-token`` (rejoining: the table no longer knows the seat kept), ``table-full``,
    ``bad-address``, ``bad-code``, ``not-found`` or ``cannot-serve`` (``detail`` is the
    server's or the system's words, for the log)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class SeatPlan:
    """One seat as the host sets it up: its kind (``SEAT_KINDS``), colour and name."""

    kind: str
    colour: str
    name: str = ""


def hosted_folder() -> Path:
    """Where a hosting window's server keeps its tables (the per-user data folder)."""
    return userdirs.data_dir() / "hosted-tables"


def lan_addresses() -> list[str]:
    """This computer's addresses friends on the local network can reach (IPv4, loopback
    last: it is always there, for a second window on this computer)."""
    found: list[str] = []
    try:  # the address the system would use to go out (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    except OSError:
        pass
    found = [a for a in found if not a.startswith("127.")]
    return found + ["127.0.0.1"]


def server_url(address: str) -> str:
    """``ws://host:port`` from what a player typed (``host``, ``host:port``, a ``ws://``
    or ``wss://`` address); HostingError ``bad-address`` for anything else."""
    text = address.strip()
    if not text:
        raise HostingError("bad-address")
    scheme = "ws"
    for prefix in ("ws://", "wss://"):
        if text.lower().startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix):]
    text = text.rstrip("/")
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [v6]:port
        end = text.find("]")
        host, rest = text[: end + 1], text[end + 1:]
        if rest.startswith(":"):
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, p = text.split(":")
        port = _port(p)
    if not host or any(c.isspace() or c in "/?#@" for c in host):
        raise HostingError("bad-address", address)
    return f"{scheme}://{host}:{port}"


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise HostingError("bad-address", text)
    return int(text)


def _connect(url: str, client_name: str) -> TableClient:
    try:
        return TableClient(url, client_name, timeout=5.0)
    except ConnectionLost as exc:
        raise HostingError("unreachable", str(exc)) from None
    except Refused as exc:
        raise HostingError("refused", str(exc)) from None


def _take_seats(client: TableClient, code: str, names: list[str],
                seats: list[int] | None = None, keep: bool = True) -> dict[int, RemoteTable]:
    tables: dict[int, RemoteTable] = {}
    try:
        for i, name in enumerate(names):
            t = client.join(code, name or None, seats[i] if seats else None)
            assert t.viewer is not None
            tables[t.viewer] = t
            if not keep:
                continue
            try:
                seat_tokens.remember(client.url, code, t.viewer, t.token or "")
            except OSError as exc:
                log.warning("the seat token could not be kept: %s", exc)
    except Refused as exc:
        client.close()
        raise HostingError(exc.reason if exc.reason in ("no-table", "table-full")
                           else "refused", str(exc)) from None
    except ConnectionLost as exc:
        client.close()
        raise HostingError("unreachable", str(exc)) from None
    return tables


def _wait_seats(client: TableClient, code: str) -> None:
    """The seating arrives just after the answer to joining: wait a moment for it."""
    import time

    end = time.monotonic() + 2.0
    while code not in client.seats_info and time.monotonic() < end:
        time.sleep(0.01)


class HostedTable:
    """A table this window hosts: its server, the table, and the zeroconf advert."""

    def __init__(self, plans: list[SeatPlan], edition: str, port: int | None = DEFAULT_PORT,
                 listen: str = "0.0.0.0", data: Path | None = None, advertise: bool = True,
                 host_name: str = "", client_name: str = "solemio",
                 name_for: Callable[[dict[str, Any]], str] = default_name,
                 seed: int | None = None, keep: bool = True) -> None:
        self.plans = plans
        self.server = self._serve(listen, port, data if data is not None else hosted_folder())
        self.port = self.server.port
        self.local_url = f"ws://127.0.0.1:{self.port}"
        self.advertiser: Any = None
        try:
            client = _connect(self.local_url, client_name)
            seats = ["person" if p.kind in ("friend", "here") else p.kind for p in plans]
            colours = [p.colour for p in plans]
            msg: dict[str, Any] = {"type": "create", "edition": edition, "seats": seats,
                                   "colours": colours}
            if seed is not None:
                msg["seed"] = seed
            answer = client.request(msg)
            self.code, self.host_token = answer["table"], answer["host"]
            here = [i for i, p in enumerate(plans) if p.kind == "here"]
            tables = _take_seats(client, self.code, [plans[i].name for i in here], here, keep)
            spectator = client.spectate(self.code) if len(here) != 1 else None
            _wait_seats(client, self.code)
            self.session = NetSession(client, tables, spectator, name_for, self.host_token)
        except Exception:
            self.server.stop()
            raise
        if advertise:
            self._advertise(edition, host_name)

    @classmethod
    def again(cls, server: str, code: str, client_name: str = "solemio",
              name_for: Callable[[dict[str, Any]], str] = default_name,
              advertise: bool = True) -> HostedTable:
        """Host again a table this window hosted before a restart: its server is started
        on its folder (which reads the table back), and the kept seats are resumed."""
        import json

        path = hosted_folder() / f"{code}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            net = data["extra"]["net"]
            host_token = str(net["host"])
            edition = str((data.get("cardset") or {}).get("id", "sole-mio"))
            plans = [SeatPlan("friend" if s["kind"] == "person" else str(s["level"]),
                              "blue") for s in net["seats"]]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise HostingError("no-table", f"{path}: {exc}") from None
        port = int(server.rsplit(":", 1)[1])
        self = cls.__new__(cls)
        self.plans = plans
        self.server = cls._serve("0.0.0.0", port, hosted_folder())
        self.port = self.server.port
        self.local_url = f"ws://127.0.0.1:{self.port}"
        self.advertiser = None
        self.code, self.host_token = code, host_token
        try:
            self.session = rejoin(server, code, client_name, name_for, self.local_url,
                                  host_token)
        except Exception:
            self.server.stop()
            raise
        if advertise:
            self._advertise(edition, "")
        return self

    @staticmethod
    def _serve(listen: str, port: int | None, data: Path) -> BackgroundServer:
        """The server on ``port`` (the usual one, so friends can type the address without
        it), or on any free port when that one is taken."""
        limits = Limits(per_address=32)
        for p in ([port] if port else []) + [0]:
            server = BackgroundServer(data, limits, host=listen, port=p)
            try:
                server.start()
                return server
            except OSError as exc:
                log.info("cannot serve on %s:%s (%s)", listen, p, exc)
                server.stop()
        raise HostingError("cannot-serve", f"{listen}")

    def _advertise(self, edition: str, host_name: str) -> None:
        try:
            from solemio.net.discovery import Advertiser, table_info

            addresses = [a for a in lan_addresses() if not a.startswith("127.")]
            if not addresses:
                return
            self.advertiser = Advertiser()
            free = sum(1 for p in self.plans if p.kind == "friend")
            self.advertiser.advertise(table_info(self.code, self.port, addresses, edition,
                                                 host_name, free))
        except Exception as exc:  # noqa: BLE001 - no advert means typing the address
            log.warning("the table cannot be advertised on the local network: %s", exc)
            self.advertiser = None

    def addresses(self) -> list[str]:
        """What to tell friends: ``host:port`` per address of this computer."""
        return [f"{a}:{self.port}" for a in lan_addresses()]

    def close(self) -> None:
        """Stop advertising and serving (the server writes the table: a restart resumes)."""
        self.session.leave()
        if self.advertiser is not None:
            try:
                self.advertiser.close()
            except Exception as exc:  # noqa: BLE001
                log.warning("withdrawing the advert failed: %s", exc)
        self.server.stop()


def join_table(address: str, code: str, names: list[str], client_name: str = "solemio",
               name_for: Callable[[dict[str, Any]], str] = default_name,
               watch: bool = False, keep: bool = True) -> NetSession:
    """Join table ``code`` at ``address`` with one seat per name (people sharing this
    window), or ``watch`` it; HostingError says why not."""
    code = code.strip().upper()
    if not valid_code(code):
        raise HostingError("bad-code", code)
    url = server_url(address)
    client = _connect(url, client_name)
    if watch:
        try:
            spectator = client.spectate(code)
        except Refused as exc:
            client.close()
            raise HostingError(exc.reason if exc.reason == "no-table" else "refused",
                               str(exc)) from None
        _wait_seats(client, code)
        return NetSession(client, {}, spectator, name_for)
    tables = _take_seats(client, code, names or [""], keep=keep)
    spectator = client.spectate(code) if len(tables) > 1 else None
    _wait_seats(client, code)
    return NetSession(client, tables, spectator, name_for)


def rejoin(server: str, code: str, client_name: str = "solemio",
           name_for: Callable[[dict[str, Any]], str] = default_name,
           connect_to: str | None = None, host_token: str | None = None) -> NetSession:
    """Take back the seats kept for ``code`` on ``server`` (a restarted game); a table the
    server no longer has is forgotten.  ``connect_to``: where that server listens now (a
    table this window hosted, served again on another port)."""
    kept = seat_tokens.recall(server, code)
    if not kept:
        raise HostingError("no-table", code)
    client = _connect(connect_to or server, client_name)
    tables: dict[int, RemoteTable] = {}
    try:
        for _seat, token in sorted(kept.items()):
            t = client.resume(code, token)
            if t.viewer is not None:
                tables[t.viewer] = t
    except Refused as exc:
        client.close()
        if exc.reason in ("no-table", "bad-token"):
            seat_tokens.forget(server, code)
        raise HostingError(exc.reason if exc.reason in ("no-table", "bad-token")
                           else "refused", str(exc)) from None
    except ConnectionLost as exc:
        client.close()
        raise HostingError("unreachable", str(exc)) from None
    spectator = client.spectate(code) if len(tables) > 1 else None
    _wait_seats(client, code)
    session = NetSession(client, tables, spectator, name_for, host_token)
    session.tokens_at = server
    return session


def hosted_here(server: str, code: str) -> bool:
    """Whether ``code`` on ``server`` is a table this window hosted (its server was this
    computer's, and its file is in the hosted tables' folder)."""
    return server.startswith("ws://127.0.0.1:") and (hosted_folder() / f"{code}.json").is_file()


def rejoin_or_rehost(server: str, code: str, client_name: str = "solemio",
                     name_for: Callable[[dict[str, Any]], str] = default_name,
                     advertise: bool = True) -> tuple[NetSession, HostedTable | None]:
    """Take back the seats kept for ``code``; a table this window hosted whose server is
    gone (the game was restarted) is served again first, from its file, on the same port
    when free.  The session, and the HostedTable when this window hosts it again."""
    try:
        return rejoin(server, code, client_name, name_for), None
    except HostingError as exc:
        if exc.reason != "unreachable" or not hosted_here(server, code):
            raise
    hosted = HostedTable.again(server, code, client_name, name_for, advertise)
    return hosted.session, hosted


def find_on_lan(code: str, timeout: float = 3.0) -> str:
    """The address of table ``code`` advertised on the local network (``host:port``);
    HostingError ``not-found`` when no window advertises it."""
    code = code.strip().upper()
    if not valid_code(code):
        raise HostingError("bad-code", code)
    try:
        from solemio.net.discovery import Browser

        browser = Browser()
    except Exception as exc:  # noqa: BLE001 - no multicast here: the address is needed
        raise HostingError("not-found", str(exc)) from None
    try:
        found = browser.wait_for(code, timeout)
    finally:
        browser.close()
    if found is None:
        raise HostingError("not-found", code)
    return f"{found.address}:{found.port}"
