"""How soon a joined window shows a move made at another window (``solemio netbench
--windows``): the issue's "within 100 ms on loopback (p95)".

Two windows as the game runs them, without pygame: one hosts a table (its server in the
process, as "Play with friends" starts it) and holds one person's seat, the other joins
the second person's seat through the network; each is a ``NetSession`` run by a
``Conductor`` on a thread of its own, one frame every 1/60 s, as a window's loop runs
it.  A window whose person decides picks a random legal choice and sends it after
``think`` seconds (a brisk person: the server caps a connection at 20 messages a
second, and a move also brings a preview request); the figure
is the time from that send to the frame at which the *other* window's show takes the
move's first event (its EVENT beat: what it would draw that frame).  The show's pacing is
set to nothing, so the figure is the network, the server and the frame loop, not the
holds the table's animations add on purpose.
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from solemio.net.hosting import HostedTable, SeatPlan, join_table
from solemio.show.conductor import EVENT, Conductor
from solemio.show.pacing import Pace

FRAME = 1 / 60


class _Window(threading.Thread):
    """One window's loop: follow the conductor each frame, answer its own decisions."""

    def __init__(self, session: Any, seed: int, sent: dict[int, float],
                 seen: dict[int, float], stop: threading.Event, moves: int,
                 think: float) -> None:
        super().__init__(name="window", daemon=True)
        self.session = session
        self.rng = random.Random(seed)
        self.sent, self.seen, self.stop, self.moves = sent, seen, stop, moves
        self.mine: set[int] = set()  # event positions this window's own moves began at
        self.error: BaseException | None = None
        self.think = think  # seconds a person looks at a decision before answering
        self.asked_at: float | None = None
        self.conductor = Conductor(session, ThreadPoolExecutor(1),
                                   lambda: Pace(pace=0.0, reveal_speed=1000.0, skip=True))

    def run(self) -> None:
        try:
            self._loop()
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            self.error = exc
            self.stop.set()

    def _loop(self) -> None:
        s, c = self.session, self.conductor
        next_frame = time.perf_counter()
        while not self.stop.is_set() and not s.table.is_over():
            now = time.perf_counter()
            for beat in c.update(FRAME):
                if beat.what == EVENT:
                    pos = s.show.position - 1
                    if pos in self.sent and pos not in self.mine and pos not in self.seen:
                        self.seen[pos] = now
            c.release()
            d = c.my_decision()
            if d is None:
                self.asked_at = None
            elif self.asked_at is None:
                self.asked_at = now
            if d is not None and now - self.asked_at >= self.think:
                self.asked_at = None
                choices = list(d.choices)
                start = s.table.event_count()
                self.mine.add(start)
                self.sent[start] = time.perf_counter()
                c.dispatch(self.rng.choice(choices))
                if len(self.sent) >= self.moves:
                    self.stop.set()
            next_frame += FRAME
            time.sleep(max(0.0, next_frame - time.perf_counter()))


def _one_game(moves: int, seed: int, edition: str, think: float,
              timeout: float) -> tuple[dict[int, float], dict[int, float]]:
    """One table, two windows, until the game ends or ``moves`` were sent: (when each
    move was sent, when the other window showed it), by the move's first event."""
    import tempfile
    from pathlib import Path

    sent: dict[int, float] = {}
    seen: dict[int, float] = {}
    stop = threading.Event()
    with tempfile.TemporaryDirectory(prefix="solemio-latency-") as folder:
        hosted = HostedTable([SeatPlan("here", "blue", "A"), SeatPlan("friend", "green")],
                             edition, port=0, listen="127.0.0.1", data=Path(folder),
                             advertise=False, keep=False, seed=seed)
        guest = join_table(f"127.0.0.1:{hosted.port}", hosted.session.code, ["B"],
                           keep=False)
        windows = [_Window(hosted.session, seed, sent, seen, stop, moves, think),
                   _Window(guest, seed + 1, sent, seen, stop, moves, think)]
        try:
            for w in windows:
                w.start()
            end = time.monotonic() + timeout
            while not stop.is_set() and time.monotonic() < end and \
                    not hosted.session.table.is_over():
                time.sleep(0.05)
            time.sleep(0.3)  # the last moves reach the other window
            stop.set()
            for w in windows:
                w.join(10)
        finally:
            guest.leave()
            hosted.close()
        for w in windows:
            if w.error is not None:
                raise RuntimeError(f"a window failed: {w.error!r}") from w.error
    return sent, seen


def run(moves: int = 300, seed: int = 1, edition: str = "sole-mio", think: float = 0.2,
        timeout: float = 600.0) -> dict[str, Any]:
    """Two windows play until ``moves`` moves were sent, each person answering ``think``
    seconds after their decision shows; the figures (milliseconds)."""
    lats: list[float] = []
    sent_total = missed = games = 0
    t0 = time.perf_counter()
    end = time.monotonic() + timeout
    while sent_total < moves and time.monotonic() < end:
        sent, seen = _one_game(moves - sent_total, seed + games, edition, think,
                               end - time.monotonic())
        games += 1
        sent_total += len(sent)
        lats += [(seen[p] - sent[p]) * 1000 for p in seen]
        missed += sum(1 for p in sent if p not in seen)
    lat = sorted(lats)
    if not lat:
        raise RuntimeError("no move was seen at the other window")

    def pct(q: float) -> float:
        return round(lat[min(len(lat) - 1, int(q * len(lat)))], 2)

    return {"games": games, "moves": sent_total, "seen": len(lat), "not_seen": missed,
            "shown_ms_p50": round(statistics.median(lat), 2), "shown_ms_p95": pct(0.95),
            "shown_ms_p99": pct(0.99), "shown_ms_max": round(lat[-1], 2),
            "frame_ms": round(FRAME * 1000, 2), "think_s": think,
            "seconds": round(time.perf_counter() - t0, 1)}
