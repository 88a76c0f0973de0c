"""``solemio netbench``: how many tables one server process holds, measured on loopback.

The server runs as ``solemio serve`` in a process of its own (so its memory and CPU are
its own); this process opens N tables of four remote seats, one websocket per seat as
four windows would, and plays every seat with a computer player at a brisk pace (each
decision after ``pace`` seconds, 0.5 to 1.5 times that at random).  It reports:

* ``answer_ms_*``: from sending a move to receiving the server's ``moved`` (the server
  has checked it, applied it, pushed every seat's update and written nothing yet);
* ``seen_ms_*``: from sending a move to another seat's window receiving its update (a
  move made at one window shown at another);
* ``moves``, ``lost_moves`` (sent and never accepted), ``duplicated_moves`` (accepted
  twice, or more accepted than the server's tables hold);
* ``server_mb`` (resident memory at the end), ``server_mb_idle`` and ``kb_per_table``,
  ``server_cpu_percent`` over the measured window; the load average before the run.

Both processes share the machine: on two cores the clients' own work (800 sockets,
decoding every update) competes with the server's, so the figures are an upper bound
on what the server alone would answer.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from solemio.net import protocol as P


@dataclass
class Stats:
    sent: int = 0
    accepted: int = 0
    refused: int = 0
    duplicated: int = 0
    answer_ms: list[float] = field(default_factory=list)
    seen_ms: list[float] = field(default_factory=list)
    measuring: bool = False


@dataclass
class _Table:
    code: str
    sent_at: dict[int, float] = field(default_factory=dict)  # move index: when sent
    accepted: set[int] = field(default_factory=set)
    server_moves: int = 0


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return round(s[min(len(s) - 1, int(q * len(s)))], 2)


def _server_command(port: int, data: Path, per_address: int) -> list[str]:
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
            "--max-per-address", str(per_address)]
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, "-m", "solemio", *args]


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class _Seat:
    """One remote seat: a websocket, a random computer player, and the timing."""

    def __init__(self, bench: _Bench, table: _Table, seat: int, rng: random.Random) -> None:
        self.bench, self.table, self.seat, self.rng = bench, table, seat, rng
        self.ws: Any = None
        self.token = ""
        self.pending: int | None = None  # the index of the move sent and not answered
        self.refs: dict[int, tuple[int, float]] = {}
        self.next_ref = 1
        self.over = False
        self.last: tuple[int, dict] | None = None  # the latest update: moves, view

    async def open(self, url: str) -> None:
        self.ws = await connect(url, compression=None, max_size=4 * 1024 * 1024,
                                open_timeout=60, close_timeout=2)
        await self.ws.send(P.encode({"type": "hello", "v": P.VERSION, "client": "netbench"}))
        json.loads(await self.ws.recv())

    async def ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        await self.ws.send(P.encode({**msg, "ref": 0}))
        while True:
            answer = json.loads(await self.ws.recv())
            if answer.get("ref") == 0:
                if answer["type"] == "refused":
                    raise RuntimeError(answer["message"])
                return answer
            self.receive(answer)

    def receive(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        now = time.perf_counter()
        stats = self.bench.stats
        if kind == "update":
            moves = msg["moves"]
            t = self.table
            t.server_moves = max(t.server_moves, moves)
            if moves and stats.measuring and self.pending is None:
                sent = t.sent_at.get(moves - 1)
                if sent is not None and t.sent_at.get(-moves) != self.seat:
                    stats.seen_ms.append((now - sent) * 1000)
            self.over = msg["over"]
            self.last = (moves, msg["view"])
            self.maybe_move()
        elif kind in ("moved", "refused"):
            ref = msg.get("ref")
            if ref in self.refs:
                index, sent = self.refs.pop(ref)
                self.pending = None
                if kind == "moved":
                    if index in self.table.accepted:
                        stats.duplicated += 1
                    self.table.accepted.add(index)
                    stats.accepted += 1
                    stats.answer_ms.append((now - sent) * 1000)
                else:
                    stats.refused += 1
                self.maybe_move()  # the update came first: the seat may decide again

    def maybe_move(self) -> None:
        """Answer the seat's decision, unless a move of its own waits for its answer."""
        if self.last is None or self.over or self.pending is not None or self.bench.stopping:
            return
        moves, view = self.last
        if view["deciding"] == self.seat:
            self.pending = moves
            self.last = None
            task = asyncio.get_running_loop().create_task(self.move(moves, view["choices"]))
            self.bench.tasks.add(task)
            task.add_done_callback(self.bench.tasks.discard)

    async def move(self, index: int, choices_json: Any) -> None:
        await asyncio.sleep(self.bench.pace * self.rng.uniform(0.5, 1.5))
        if self.bench.stopping:
            self.pending = None
            return
        choices = P.choices_from_json(choices_json)
        choice = choices[self.rng.randrange(len(choices))]
        ref = self.next_ref
        self.next_ref += 1
        sent = time.perf_counter()
        self.refs[ref] = (index, sent)
        self.table.sent_at[index] = sent
        self.table.sent_at[-(index + 1)] = self.seat  # who moved: not counted as seeing it
        self.bench.stats.sent += 1
        try:
            await self.ws.send(P.encode({"type": "move", "table": self.table.code,
                                         "token": self.token, "index": index,
                                         "choice": choice, "ref": ref}))
        except ConnectionClosed:
            pass

    async def listen(self) -> None:
        try:
            async for frame in self.ws:
                self.receive(json.loads(frame))
        except ConnectionClosed:
            pass


class _Bench:
    def __init__(self, pace: float) -> None:
        self.pace = pace
        self.stats = Stats()
        self.stopping = False
        self.tasks: set[asyncio.Task] = set()


async def _open_table(bench: _Bench, url: str, i: int) -> list[_Seat]:
    rng = random.Random(i)
    first = _Seat(bench, _Table(""), 0, rng)
    await first.open(url)
    created = await first.ask({"type": "create", "edition": "sole-mio",
                               "seats": ["person"] * 4, "seed": i})
    table = _Table(created["table"])
    first.table = table
    seats = [first] + [_Seat(bench, table, s, random.Random(i * 10 + s)) for s in (1, 2, 3)]
    for s in seats[1:]:
        await s.open(url)
    for s in seats:
        joined = await s.ask({"type": "join", "table": table.code, "seat": s.seat})
        s.token = joined["token"]
    return seats


async def _measure(url: str, tables: int, seconds: float, pace: float, pid: int,
                   progress: Any) -> dict[str, Any]:
    bench = _Bench(pace)
    seats: list[_Seat] = []
    batch = 25
    t0 = time.perf_counter()
    for start in range(0, tables, batch):
        opened = await asyncio.gather(*[_open_table(bench, url, i)
                                        for i in range(start, min(tables, start + batch))])
        for group in opened:
            seats.extend(group)
        progress(min(tables, start + batch))  # how many tables are open
    connect_s = time.perf_counter() - t0
    listeners = [asyncio.get_running_loop().create_task(s.listen()) for s in seats]
    await asyncio.sleep(min(5.0, pace * 3))  # the first moves: let every table get going
    cpu0, w0 = _cpu_seconds(pid), time.perf_counter()
    bench.stats = Stats(measuring=True)
    await asyncio.sleep(seconds)
    bench.stopping = True
    cpu1, w1 = _cpu_seconds(pid), time.perf_counter()
    stats = bench.stats
    deadline = time.perf_counter() + 10
    while any(s.refs for s in seats) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    unanswered = sum(len(s.refs) for s in seats)
    mb = _rss_mb(pid)
    by_table = {s.table.code: s.table for s in seats}
    # every accepted move is in the server's table once: more accepted than the table
    # holds would be a move counted twice
    over_count = sum(max(0, len(t.accepted) - t.server_moves) for t in by_table.values())
    for task in [*bench.tasks, *listeners]:
        task.cancel()
    await asyncio.gather(*bench.tasks, *listeners, return_exceptions=True)
    for s in seats:
        await s.ws.close()
    return {
        "tables": tables, "connections": len(seats), "seconds": round(w1 - w0, 1),
        "pace_s": pace, "moves": stats.accepted,
        "moves_per_second": round(stats.accepted / max(1e-9, w1 - w0), 1),
        "lost_moves": stats.refused + unanswered, "duplicated_moves": stats.duplicated + over_count,
        "answer_ms_p50": _percentile(stats.answer_ms, 0.5),
        "answer_ms_p95": _percentile(stats.answer_ms, 0.95),
        "answer_ms_p99": _percentile(stats.answer_ms, 0.99),
        "answer_ms_max": round(max(stats.answer_ms, default=0.0), 2),
        "seen_ms_p50": _percentile(stats.seen_ms, 0.5),
        "seen_ms_p95": _percentile(stats.seen_ms, 0.95),
        "server_mb": mb, "connect_s": round(connect_s, 1),
        "server_cpu_percent": (round(100 * (cpu1 - cpu0) / (w1 - w0), 1)
                               if cpu0 is not None and cpu1 is not None else None),
    }


def run(tables: int, seconds: float = 30.0, pace: float = 1.0,
        progress: Any = None) -> dict[str, Any]:
    """Start a server process, measure ``tables`` tables for ``seconds``, stop it."""
    progress = progress or (lambda opened: None)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    with tempfile.TemporaryDirectory(prefix="solemio-netbench-") as tmp:
        env = {**os.environ, "LANGUAGE": "en"}
        proc = subprocess.Popen(_server_command(0, Path(tmp) / "tables", tables * 4 + 16),
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env=env)
        try:
            line = proc.stdout.readline() if proc.stdout else ""
            m = re.search(r"ws://[\w.]+:\d+", line)
            if not m:
                raise RuntimeError(f"the server did not start: {line.strip() or proc.poll()}")
            time.sleep(0.5)
            idle = _rss_mb(proc.pid)
            figures = asyncio.run(_measure(m.group(0), tables, seconds, pace, proc.pid,
                                           progress))
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    figures["server_mb_idle"] = idle
    if figures["server_mb"] is not None and idle is not None:
        figures["kb_per_table"] = round((figures["server_mb"] - idle) * 1024 / tables, 1)
    figures["load_1min_before"] = round(load, 2) if load is not None else None
    figures["cores"] = os.cpu_count()
    return figures
