"""The table server: many networked tables, one authority, each connection told only its own.

An asyncio server on ``websockets``.  It holds every table's ``Game``; a client sends a
move ``{table, token, index, choice}`` and the server checks it (the token must be one
this connection joined with, the seat must decide, the index must be the table's move
count, the choice must be legal) before applying it.  After every change each connection
gets, per seat it holds, exactly ``events_for(seat)`` from where it was and
``view(seat)``; a spectator gets ``events_for(None)`` and ``view(None)``.  Computer seats
think in a thread pool, never on the event loop, and a computer that fails stops only its
own table's seat (logged, and told to that table).  Tables are kept under ``data`` in the
save format, written atomically off the loop, and read back at start.

Caps protect the tables from one bad client: ``max_size`` on frames (websockets closes
the connection), connections per address, and a token bucket of messages per connection
(a flood is refused, then disconnected).  Nothing one connection sends reaches another,
except a legal move's events and set phrases.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from solemio.atomic import write_atomic
from solemio.engine import IllegalChoice
from solemio.engine.saves import SaveError
from solemio.net import protocol as P
from solemio.net.bucket import Bucket
from solemio.net.protocol import ProtocolError, refused
from solemio.net.tables import EDITIONS, NetTable, new_code, new_token

log = logging.getLogger("solemio.net.server")


@dataclass
class Limits:
    """The caps; the defaults suit a small public server."""

    max_frame: int = P.MAX_FRAME
    per_address: int = 16  # connections from one address
    rate: float = P.RATE  # messages per second, sustained, per connection
    burst: float = P.BURST  # ... and at once
    strikes: int = 50  # refused messages at once before the connection is closed ...
    strike_rate: float = 0.1  # ... forgiven at this many a second (a long calm session
    # that meets the cap now and then is not closed for it; rubbish sent fast still is)
    queue: int = 2000  # frames waiting for a slow reader before it is dropped
    tables: int = 2000
    misses: float = 20.0  # table codes or tokens an address may get wrong at once ...
    miss_rate: float = 0.2  # ... and per second after that (guessing codes is slow)
    behind_proxy: bool = False  # count addresses from X-Forwarded-For (a local proxy)
    creates: float | None = None  # tables an address may open at once (None: as many as
    # connections it may hold, at least 10) ...
    create_rate: float = 1 / 60  # ... and per second after that
    linger: float = 3600.0  # seconds a finished table nobody watches stays loaded
    idle: float = 6 * 3600.0  # ... and an unfinished one (then it waits on disk only)


@dataclass(eq=False)
class Conn:
    """One client connection: its seats, what each was sent, and its outgoing queue."""

    ws: ServerConnection
    address: str
    bucket: Bucket
    strikes: Bucket  # refusals still allowed (closed when empty)
    hello: bool = False
    name: str = "?"
    # (table code, seat or None for a spectator) -> events sent so far
    subs: dict[tuple[str, int | None], int] = field(default_factory=dict)
    out: asyncio.Queue = field(default_factory=asyncio.Queue)
    closing: bool = False

    def push(self, msg: dict[str, Any]) -> None:
        if self.closing:
            return
        self.out.put_nowait(P.encode(msg))

    def close_after(self, code: int, why: str) -> None:
        """Close once what is queued is sent (the refusal that explains why, first)."""
        if not self.closing:
            self.out.put_nowait((code, why))
            self.closing = True


class TableServer:
    """Every table of one server process, and the connections to them."""

    def __init__(self, data: Path | None = None, limits: Limits | None = None,
                 agent_factory: Any = None, think_threads: int = 2,
                 hard_budget_ms: int = 1000, save_delay: float = 0.5) -> None:
        self.data = data
        self.limits = limits or Limits()
        self.tables: dict[str, NetTable] = {}
        self.watchers: dict[str, set[Conn]] = defaultdict(set)
        self.per_address: dict[str, int] = defaultdict(int)
        self.misses: dict[str, Bucket] = {}  # per address: wrong codes and tokens allowed
        self.creates: dict[str, Bucket] = {}  # per address: tables it may still open
        self.idle_since: dict[str, float] = {}  # tables nobody is at: since when
        self.unloading: dict[str, concurrent.futures.Future] = {}  # code: its last write
        self.sweeper: asyncio.Task | None = None
        self.agents: dict[tuple[str, int], Any] = {}
        self.thinking: dict[str, asyncio.Task] = {}
        self.pool = concurrent.futures.ThreadPoolExecutor(think_threads, "think")
        self.writer = concurrent.futures.ThreadPoolExecutor(1, "save")
        self.saving: dict[str, asyncio.TimerHandle] = {}  # code: its write is due
        # a stop under way: nothing new goes to the workers (they are being shut down);
        # the tables changed meanwhile are written by the stop itself (``late``), and
        # after it, at once
        self.stopping = False
        self.stopped = False
        self.late: set[str] = set()
        self.save_delay = save_delay
        self.agent_factory = agent_factory or self._make_agent
        self.hard_budget_ms = hard_budget_ms
        self.server: Any = None
        self.started = time.monotonic()

    # -------------------------------------------------------------- start and stop

    def load_tables(self) -> list[str]:
        """Read back every table kept under ``data``; a damaged file is logged, set aside
        (renamed ``.damaged``) and skipped."""
        if self.data is None:
            return []
        self.data.mkdir(parents=True, exist_ok=True)
        loaded = []
        for path in sorted(self.data.glob("*.json")):
            try:
                t = NetTable.load(path)
            except SaveError as exc:
                log.error("table file skipped: %s", exc)
                with contextlib.suppress(OSError):
                    path.rename(path.with_suffix(".damaged"))
                continue
            self.tables[t.code] = t
            loaded.append(t.code)
        return loaded

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen; returns the port (0 asks the system for a free one)."""
        self.load_tables()
        self.server = await serve(self.handle, host, port, max_size=self.limits.max_frame,
                                  compression=None, max_queue=4, ping_interval=20,
                                  ping_timeout=20, server_header=None)
        for code in self.tables:
            self.kick(code)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_every(60.0))
        return self.server.sockets[0].getsockname()[1]

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            self.sweep()

    def sweep(self, now: float | None = None) -> list[str]:
        """Unload the tables nobody has been at for a while, so abandoned ones never fill
        the server's memory: a finished table after ``linger`` seconds (its file moves to
        ``DIR/finished/``, a record of the game), an unfinished one after ``idle`` seconds
        (its file stays in ``DIR`` and is read back when a player returns)."""
        now = time.monotonic() if now is None else now
        gone: list[str] = []
        if self.stopping:
            return gone
        for code, t in list(self.tables.items()):
            over = t.game.is_over()
            if self.watchers.get(code) or (not over and (
                    self.data is None or code in self.thinking)):
                self.idle_since.pop(code, None)
                continue
            wait = self.limits.linger if over else self.limits.idle
            if now - self.idle_since.setdefault(code, now) < wait:
                continue
            handle = self.saving.pop(code, None)
            if handle is not None:
                handle.cancel()
            del self.tables[code]
            self.idle_since.pop(code, None)
            for key in [k for k in self.agents if k[0] == code]:
                del self.agents[key]
            gone.append(code)
            if self.data is not None and over:
                self.writer.submit(self._retire, code, t)
            elif self.data is not None:
                # an unfinished table nobody is at: on disk only, read back when somebody
                # resumes, joins or watches it (``_table``)
                self.unloading[code] = self.writer.submit(
                    write_atomic, self._path(code), P.encode(t.to_save()))
                log.info("table %s unloaded after %.0f s with nobody at it", code, wait)
        return gone

    def _retire(self, code: str, t: NetTable) -> None:
        """(On the writer thread, after the table's queued writes.)"""
        assert self.data is not None
        try:
            write_atomic(self.data / "finished" / f"{code}.json", P.encode(t.to_save()))
            self._path(code).unlink(missing_ok=True)
        except OSError as exc:
            log.error("finished table %s could not be moved: %s", code, exc)

    async def stop(self) -> None:
        """Close every connection and write every table (nothing acknowledged is lost).
        A change the loop still runs meanwhile (a computer's answer, a message read before
        the connection closed) starts no thinking and no write on the workers being shut
        down: its table is written here, or at once after (``_save``)."""
        if self.stopping:
            return
        self.stopping = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for task in list(self.thinking.values()):
            task.cancel()
        await asyncio.gather(*self.thinking.values(), return_exceptions=True)
        due = set(self.saving)
        for handle in self.saving.values():
            handle.cancel()
        self.saving.clear()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.writer, lambda: None)  # the writes queued so far
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.writer.shutdown(wait=True)
        self.stopped = True
        for code in sorted(due | self.late):
            self._write(code)
        self.late.clear()

    # -------------------------------------------------------------- a connection

    def _address(self, ws: ServerConnection) -> str:
        """Who is connecting: the peer, or behind a reverse proxy on this machine the last
        address of its ``X-Forwarded-For`` (which the proxy sets; a client cannot)."""
        peer = str((ws.remote_address or ("?",))[0])
        if self.limits.behind_proxy and peer in ("127.0.0.1", "::1"):
            request = getattr(ws, "request", None)
            forwarded = request.headers.get("X-Forwarded-For") if request is not None else None
            if forwarded:
                return forwarded.split(",")[-1].strip()[:64]
        return peer

    async def handle(self, ws: ServerConnection) -> None:
        address = self._address(ws)
        if self.per_address[address] >= self.limits.per_address:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(P.encode(refused("too-many-connections")))
                await ws.close(1008, "too many connections")
            return
        self.per_address[address] += 1
        conn = Conn(ws, address, Bucket(self.limits.rate, self.limits.burst),
                    Bucket(self.limits.strike_rate, self.limits.strikes))
        writer = asyncio.create_task(self._write_loop(conn))
        try:
            async for frame in ws:
                self._receive(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            self._detach(conn)
            conn.closing = True
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer

    async def _write_loop(self, conn: Conn) -> None:
        try:
            while True:
                item = await conn.out.get()
                if isinstance(item, tuple):
                    await conn.ws.close(*item)
                    return
                await conn.ws.send(item)
        except ConnectionClosed:
            pass

    def _receive(self, conn: Conn, frame: str | bytes) -> None:
        """Answer one frame (a connection refused for good reads on until it is closed,
        answering nothing: websockets stops reading a connection whose frames wait)."""
        if conn.closing:
            return
        ref = None
        try:
            msg = P.decode(frame)  # first, so that even a flood refusal names its request
            ref = msg.get("ref") if isinstance(msg.get("ref"), int | str) else None
            if not conn.bucket.take():
                raise ProtocolError("flood")
            if not conn.hello and msg["type"] != "hello":
                raise ProtocolError("hello-first")
            answer = self.dispatch(conn, msg)
            if answer is not None:
                if ref is not None:
                    answer["ref"] = ref
                conn.push(answer)
        except ProtocolError as exc:
            conn.strikes.take()
            if exc.reason in ("no-table", "bad-token", "not-host") and not self._may_miss(conn):
                exc = ProtocolError("flood", "too many wrong table codes or tokens from this "
                                             "address; wait a minute")
                conn.strikes.level = 0.0
            conn.push(refused(exc.reason, exc.message, **({"ref": ref} if ref is not None else {})))
            if exc.reason == "version" or conn.strikes.level < 1.0:
                conn.close_after(1008, exc.reason)  # what it sends meanwhile is dropped
        except Exception:  # noqa: BLE001 - one bad request never takes the server down
            log.exception("a request failed")
            conn.push(refused("server-error", **({"ref": ref} if ref is not None else {})))

    def _may_miss(self, conn: Conn) -> bool:
        """Whether the address may get one more code or token wrong: a few at once, then
        one every few seconds, across all its connections (reconnecting does not help)."""
        bucket = self.misses.get(conn.address)
        if bucket is None:
            if len(self.misses) > 10000:  # forget the oldest addresses, never grow unbounded
                for key in list(self.misses)[:5000]:
                    del self.misses[key]
            bucket = self.misses[conn.address] = Bucket(self.limits.miss_rate,
                                                        self.limits.misses)
        return bucket.take()

    def _detach(self, conn: Conn) -> None:
        touched = set()
        for code, _seat in conn.subs:
            self.watchers[code].discard(conn)
            if not self.watchers[code]:
                del self.watchers[code]
            touched.add(code)
        conn.subs.clear()
        for code in touched:
            self._presence(code)

    # -------------------------------------------------------------- the messages

    def dispatch(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg["type"]
        handler = getattr(self, "on_" + kind.replace("-", "_"), None)
        if handler is None or kind not in P.CLIENT_MESSAGES:
            raise ProtocolError("unknown-type", f"no such message type: {kind[:40]!r}")
        return handler(conn, msg)

    def on_hello(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        v = msg.get("v")
        if v != P.VERSION:
            raise ProtocolError("version", f"this server speaks protocol version {P.VERSION}; "
                                           f"use a game that speaks version {P.VERSION}")
        conn.hello = True
        conn.name = P.short_text(msg, "client", 60) or "?"
        from solemio import version
        return {"type": "welcome", "v": P.VERSION, "server": f"solemio {version()}",
                "editions": list(EDITIONS), "phrases": list(P.PHRASES),
                "rate": self.limits.rate, "burst": self.limits.burst}

    def _table(self, msg: dict[str, Any]) -> NetTable:
        code = P.field(msg, "table", str).upper()
        t = self.tables.get(code)
        if t is None:
            t = self._reload(code)
        if t is None:
            raise ProtocolError("no-table")
        return t

    def _reload(self, code: str) -> NetTable | None:
        """An unfinished table unloaded while nobody was at it (``sweep``), read back from
        its file; None when there is none."""
        if self.data is None or not P.valid_code(code) or len(self.tables) >= self.limits.tables:
            return None
        pending = self.unloading.pop(code, None)
        if pending is not None:
            with contextlib.suppress(Exception):
                pending.result(10)  # its last write first (a moment, on the writer thread)
        path = self._path(code)
        if not path.is_file():
            return None
        try:
            t = NetTable.load(path)
        except SaveError as exc:
            log.error("table file skipped: %s", exc)
            return None
        if t.code != code:
            return None
        self.tables[code] = t
        log.info("table %s read back", code)
        self.kick(code)
        return t

    def on_create(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        if len(self.tables) >= self.limits.tables:
            raise ProtocolError("too-many-tables")
        bucket = self.creates.get(conn.address)
        if bucket is None:
            if len(self.creates) > 10000:
                for key in list(self.creates)[:5000]:
                    del self.creates[key]
            burst = self.limits.creates
            if burst is None:
                burst = max(10.0, float(self.limits.per_address))
            bucket = self.creates[conn.address] = Bucket(self.limits.create_rate, burst)
        if not bucket.take():
            raise ProtocolError("too-many-tables", "this address opened tables too fast; "
                                                   "wait a minute")
        seed = P.field(msg, "seed", int, optional=True)
        colours = msg.get("colours")
        t = NetTable.create(new_code(self.tables), P.field(msg, "edition", str),
                            msg.get("seats"), seed, colours)
        self.tables[t.code] = t
        self._save(t.code)
        self.kick(t.code)
        log.info("table %s created (%s, %d seats)", t.code, t.game.cs.id, t.game.n)
        return {"type": "created", "table": t.code, "host": t.host,
                "seats": t.public_seats(set())}

    def on_join(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        t = self._table(msg)
        seat = t.free_seat(P.field(msg, "seat", int, optional=True))
        t.seats[seat].name = P.short_text(msg, "name") or None
        t.seats[seat].token = new_token()
        self._save(t.code)
        return self._attach(conn, t, seat, P.field(msg, "since", int, optional=True) or 0,
                            msg, joined=True)

    def on_resume(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        t = self._table(msg)
        seat = t.seat_of(P.field(msg, "token", str))
        if seat is None:
            raise ProtocolError("bad-token")
        return self._attach(conn, t, seat, P.field(msg, "since", int, optional=True) or 0, msg)

    def on_spectate(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        t = self._table(msg)
        return self._attach(conn, t, None, P.field(msg, "since", int, optional=True) or 0, msg)

    def _attach(self, conn: Conn, t: NetTable, seat: int | None, since: int,
                msg: dict[str, Any], joined: bool = False) -> None:
        """Give ``conn`` the seat (or the spectator's place): the answer, then the events
        from ``since`` on and the view.  A seat resumed elsewhere leaves its old connection
        (which is told: ``replaced``)."""
        code = t.code
        if seat is not None:
            for other in list(self.watchers.get(code, ())):
                if other is not conn and (code, seat) in other.subs:
                    del other.subs[(code, seat)]
                    other.push({"type": "replaced", "table": code, "seat": seat})
                    if not any(c == code for c, _ in other.subs):
                        self.watchers[code].discard(other)
            if t.seats[seat].stand_in is not None and t.seats[seat].kind == "person":
                t.seats[seat].stand_in = None  # the person is back
                self.agents.pop((code, seat), None)
        since = max(0, min(since, t.game.event_count()))
        conn.subs[(code, seat)] = since
        self.watchers[code].add(conn)
        answer: dict[str, Any] = {"type": "joined" if seat is not None else "watching",
                                  "table": code, "seat": seat, "edition": t.game.cs.id,
                                  "colours": t.game.colours}
        if seat is not None:
            answer["token"] = t.seats[seat].token
        if isinstance(msg.get("ref"), int | str):
            answer["ref"] = msg["ref"]
        conn.push(answer)
        self._send_update(conn, t, seat)
        for failed in t.failed:
            conn.push(self._problem(t, failed))
        self._presence(code)
        if joined:
            log.info("table %s: seat %d joined", code, seat)
        return None

    def _held(self, conn: Conn, t: NetTable, token: str) -> int:
        """The seat ``token`` holds on this connection, or ProtocolError."""
        seat = t.seat_of(token)
        if seat is None:
            raise ProtocolError("bad-token")
        if (t.code, seat) not in conn.subs:
            raise ProtocolError("not-your-seat")
        return seat

    def on_move(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        t = self._table(msg)
        seat = self._held(conn, t, P.field(msg, "token", str))
        index = P.field(msg, "index", int)
        choice = P.choice_from_wire(msg.get("choice"))
        game = t.game
        if game.is_over():
            raise ProtocolError("over")
        if index != len(game.choices_log):
            raise ProtocolError("stale-move", f"move index {index} is not the table's "
                                              f"({len(game.choices_log)})")
        d = game.decision()
        if d is None or d.seat != seat or t.computer_level(seat) is not None:
            raise ProtocolError("not-your-turn")
        try:
            game.apply(choice, seat)
        except IllegalChoice as exc:
            raise ProtocolError("illegal", f"that choice is not legal now: {exc.reason}") from None
        self._changed(t)
        return {"type": "moved", "table": t.code, "index": index}

    def on_chat(self, conn: Conn, msg: dict[str, Any]) -> None:
        t = self._table(msg)
        seat = self._held(conn, t, P.field(msg, "token", str))
        phrase = P.field(msg, "phrase", str)
        if phrase not in P.PHRASES:
            raise ProtocolError("bad-message", "phrase: one of " + ", ".join(P.PHRASES))
        out = {"type": "chat", "table": t.code, "seat": seat, "name": t.seats[seat].name,
               "phrase": phrase}
        for c in self.watchers.get(t.code, ()):
            c.push(out)
        return None

    def on_stand_in(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        """The host lets a computer play a person's seat (``level``) or takes it back
        (``level`` null); the person's return (a resume) also takes it back."""
        t = self._table(msg)
        if not t.is_host(P.field(msg, "host", str)):
            raise ProtocolError("not-host")
        seat = P.field(msg, "seat", int)
        level = P.field(msg, "level", (str, type(None)))
        if not 0 <= seat < len(t.seats):
            raise ProtocolError("no-seat")
        if level is not None and level not in ("easy", "normal", "hard"):
            raise ProtocolError("bad-message", "level: easy, normal, hard or null")
        s = t.seats[seat]
        if s.kind == "person":
            s.stand_in = level
        elif level is not None:
            s.level = level  # a failed computer replaced
        else:
            raise ProtocolError("no-seat")
        self.agents.pop((t.code, seat), None)
        t.failed.pop(seat, None)
        self._save(t.code)
        self._presence(t.code)
        self.kick(t.code)
        return {"type": "stood-in", "table": t.code, "seat": seat, "level": level}

    def on_preview(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        """What each of the deciding seat's ``choices`` would bring it (its first events,
        and who decides next), for the window's work done ahead.  Computed on a copy of
        the game where everything the seat cannot see is dealt again (``Game.redeal``,
        canonical: it depends only on what the seat knows) with a generator of its own,
        so an outcome tells the seat nothing it does not know: a draw shows some card,
        not the card it would draw."""
        import random

        from solemio.engine.rng import GameRandom

        t = self._table(msg)
        seat = self._held(conn, t, P.field(msg, "token", str))
        index = P.field(msg, "index", int)
        raw = msg.get("choices")
        if not isinstance(raw, list) or not 0 < len(raw) <= P.MAX_PREVIEWS:
            raise ProtocolError("bad-message", f"choices: 1 to {P.MAX_PREVIEWS} choices")
        choices = [P.choice_from_wire(c) for c in raw]
        game = t.game
        if index != len(game.choices_log):
            raise ProtocolError("stale-move")
        d = game.decision()
        if d is None or d.seat != seat:
            raise ProtocolError("not-your-turn")
        base = game.redeal(seat, random.Random(index))
        base.rng = GameRandom(index)
        base.events = []  # only what the choice brings is read
        outcomes: list[dict[str, Any] | None] = []
        for choice in choices:
            copy = base.clone(record_events=True)
            try:
                copy.apply(choice, seat)
            except IllegalChoice:
                outcomes.append(None)
                continue
            nd = copy.decision()
            outcomes.append({"events": copy.events_for(seat)[: P.PREVIEW_EVENTS],
                             "deciding": nd.seat if nd is not None else None})
        return {"type": "preview", "table": t.code, "seat": seat, "index": index,
                "outcomes": outcomes}

    def on_record(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        """The whole game of a finished table (the save format without the seating: no
        token leaves the server), for the records, statistics and coach of each window.
        Every card is known once the game is over; before, ``not-over``."""
        t = self._table(msg)
        if not any(code == t.code for code, _ in conn.subs):
            raise ProtocolError("not-your-seat", "join or watch the table first")
        if not t.game.is_over():
            raise ProtocolError("not-over")
        from solemio.engine.saves import game_to_dict

        return {"type": "record", "table": t.code, "save": game_to_dict(t.game)}

    def on_ping(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        return {"type": "pong"}

    # -------------------------------------------------------------- pushing what changed

    def _send_update(self, conn: Conn, t: NetTable, seat: int | None) -> None:
        key = (t.code, seat)
        start = conn.subs.get(key)
        if start is None:
            return
        g = t.game
        count = g.event_count()
        conn.subs[key] = count
        conn.push({"type": "update", "table": t.code, "seat": seat, "start": start,
                   "events": g.events_for(seat, start), "view": P.view_to_json(g.view(seat)),
                   "moves": len(g.choices_log), "over": g.is_over()})
        if conn.out.qsize() > self.limits.queue:
            log.warning("a connection from %s reads too slowly: closed", conn.address)
            conn.closing = True
            conn.out = asyncio.Queue()  # what it has not read is dropped with it
            conn.out.put_nowait((1008, "too slow"))

    @staticmethod
    def _problem(t: NetTable, seat: int) -> dict[str, Any]:
        return {"type": "problem", "table": t.code, "seat": seat, "reason": "computer-failed",
                "message": P.REASONS["computer-failed"]}

    def _changed(self, t: NetTable, kick: bool = True) -> None:
        """Tell every connection at the table what its seats may see of the change, write
        the table, and let a computer that decides now think."""
        for conn in list(self.watchers.get(t.code, ())):
            for code, seat in list(conn.subs):
                if code == t.code:
                    self._send_update(conn, t, seat)
        self._save(t.code)
        if kick:
            self.kick(t.code)

    def _presence(self, code: str) -> None:
        t = self.tables.get(code)
        if t is None:
            return
        connected = {seat for c in self.watchers.get(code, ()) for tc, seat in c.subs
                     if tc == code and seat is not None}
        out = {"type": "seats", "table": code, "seats": t.public_seats(connected)}
        for c in self.watchers.get(code, ()):
            c.push(out)

    # -------------------------------------------------------------- computer seats

    def _make_agent(self, level: str, seat: int, seed: int) -> Any:
        from solemio.ai import make_agent

        options = {"budget_ms": self.hard_budget_ms, "workers": 1} if level == "hard" else {}
        return make_agent(level, seat, seed, **options)

    def kick(self, code: str) -> None:
        """Start the table's computer thinking when a computer decides and none thinks."""
        t = self.tables.get(code)
        if t is None or code in self.thinking or self.stopping:
            return
        d = t.game.decision()
        if d is None or t.computer_level(d.seat) is None or d.seat in t.failed:
            return
        self.thinking[code] = asyncio.get_running_loop().create_task(self._think(t))

    async def _think(self, t: NetTable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (d := t.game.decision()) is not None:
                level = t.computer_level(d.seat)
                if level is None or d.seat in t.failed:
                    return
                agent = self.agents.get((t.code, d.seat))
                if agent is None or agent.level != level:
                    agent = self.agents[(t.code, d.seat)] = self.agent_factory(
                        level, d.seat, t.game.seed)
                before = len(t.game.choices_log)
                copy = t.game.clone(record_events=True)
                try:
                    choice = await loop.run_in_executor(self.pool, agent.decide, copy)
                    if len(t.game.choices_log) != before:
                        continue  # the table moved meanwhile (a stand-in taken back)
                    if t.computer_level(d.seat) is None:
                        return
                    t.game.apply(choice, d.seat)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - isolate the table, keep serving
                    log.exception("table %s: the computer at seat %d failed", t.code, d.seat)
                    t.failed[d.seat] = type(exc).__name__
                    self.agents.pop((t.code, d.seat), None)
                    msg = self._problem(t, d.seat)
                    for c in self.watchers.get(t.code, ()):
                        c.push(msg)
                    self._presence(t.code)
                    return
                self._changed(t, kick=False)
        finally:
            self.thinking.pop(t.code, None)

    # -------------------------------------------------------------- the files

    def _path(self, code: str) -> Path:
        assert self.data is not None
        return self.data / f"{code}.json"

    def _write(self, code: str) -> None:
        t = self.tables.get(code)
        if t is None or self.data is None:
            return
        write_atomic(self._path(code), P.encode(t.to_save()))

    def _save(self, code: str) -> None:
        """Write the table soon (``save_delay``), off the loop: the moves of that moment
        are written together.  A clean stop writes every table at once, so only a crash
        can lose the last ``save_delay`` seconds of a table."""
        if self.data is None or code in self.saving:
            return
        if self.stopped:  # after the stop (its writer is gone): written at once
            self._write(code)
            return
        if self.stopping:  # the stop writes it, after the writes already queued
            self.late.add(code)
            return
        self.saving[code] = asyncio.get_running_loop().call_later(
            self.save_delay, self._flush, code)

    def _flush(self, code: str) -> None:
        self.saving.pop(code, None)
        t = self.tables.get(code)
        if t is None:
            return
        if self.stopping:
            self._save(code)  # written by the stop, or at once after it
            return
        text = P.encode(t.to_save())  # on the loop: the game does not change under it
        future = asyncio.get_running_loop().run_in_executor(
            self.writer, write_atomic, self._path(code), text)  # one writer: in order

        def done(f: asyncio.Future) -> None:
            if f.exception() is not None:
                log.error("table %s could not be written: %s", code, f.exception())

        future.add_done_callback(done)


async def run(host: str, port: int, data: Path | None, limits: Limits | None = None,
              ready: Any = None) -> None:
    """``solemio serve``: serve until cancelled (Ctrl+C, SIGTERM), then write every table."""
    import signal

    server = TableServer(data, limits)
    bound = await server.start(host, port)
    log.info("serving on %s:%d with %d tables from %s", host, bound, len(server.tables), data)
    if ready is not None:
        ready(bound, len(server.tables))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
