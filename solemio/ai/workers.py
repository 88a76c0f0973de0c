"""Play-outs on every core: warm worker processes for hard's search.

Hard's search is a loop of independent iterations (one re-dealt sample, every
candidate played out on it), so it spreads over processes without changing
what it computes.  A ``PlayoutPool`` starts its workers once (the spawn
start method, the one every platform and a frozen binary support) and keeps
them warm for the whole session; each search hands them iterations and
gathers the rows back by iteration number, so a search with an iteration
budget gives exactly the same answer on one core or sixteen.

What crosses to a worker is only what the hard seat may know: re-dealt
samples (``Searcher.sample``, made in the deciding process) and the search's
own settings.  The card set and the game's fixed card table are sent once
per worker, and every sample refers to them by key, so an iteration costs a
few kilobytes.

Cancellation: a shared generation counter.  A search that ends (answered,
out of time or withdrawn) moves it on; workers drop queued iterations of
older generations and abandon a play-out in progress at its next check.
Where processes cannot start (a sandbox, a frozen binary built without
``multiprocessing.freeze_support``), ``shared_pool`` answers None once and
hard searches on one core.
"""

from __future__ import annotations

import io
import logging
import os
import pickle
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from solemio.ai.collector import collector_paused

log = logging.getLogger(__name__)

POLL_S = 0.004  # how often a waiting search looks at the cancel flag
AHEAD = 2  # iterations queued per worker, so none waits for the next


class _Pickler(pickle.Pickler):
    """Pickles a sample with its card set and card table replaced by a key."""

    def __init__(self, file: io.BytesIO, statics: dict[int, Any]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.statics = statics

    def persistent_id(self, obj: Any) -> Any:
        return self.statics.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, statics: dict[Any, Any]) -> None:
        super().__init__(file)
        self.statics = statics

    def persistent_load(self, pid: Any) -> Any:
        return self.statics[pid]


def _static_key(game: Any) -> tuple:
    return (game.cs.id, tuple(game.colours))


def _worker_imports() -> Any:
    """What a worker imports: the play-outs alone (``solemio.ai.playout``), not the search."""
    from solemio.ai.playout import iteration_row

    return iteration_row


def _worker_main(tasks: Any, results: Any, generation: Any, ready: Any, wid: int) -> None:
    """A worker's loop: iterations in, rows of play-out values out, until None."""
    iteration_row = _worker_imports()
    from solemio.engine.cardset import in_play

    try:
        os.nice(5)  # the window's own process keeps priority over play-outs
    except (AttributeError, OSError):
        pass
    with ready.get_lock():
        ready.value += 1  # imported and waiting: searches may use this pool now
    import multiprocessing as mp

    parent = mp.parent_process()
    statics: dict[Any, Any] = {}
    while True:
        try:
            msg = tasks.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the game's process ended without closing the pool (killed, crashed)
            continue
        if msg is None:
            return
        if msg[0] == "static":
            _tag, key, blob = msg
            cs, cards = pickle.loads(blob)
            in_play(cs)  # its play-outs' heuristics, given the id only, use these rules
            statics[("cs", key)] = cs
            statics[("cards", key)] = cards
            continue
        _tag, gen, idx, spec, blob = msg
        if generation.value != gen:
            continue  # the search that asked has ended

        def stale(gen: int = gen, stop: float | None = spec["stop"]) -> bool:
            return generation.value != gen or (stop is not None and time.monotonic() > stop)

        try:
            sample = _Unpickler(io.BytesIO(blob), statics).load()
            with collector_paused():
                row = iteration_row(sample, spec, idx, stale)
        except Exception:  # noqa: BLE001 - a broken iteration is dropped, the search goes on
            log.exception("play-out worker %d failed", wid)
            row = None
        results.put((gen, idx, wid, row))


class PlayoutPool:
    """Worker processes that stay warm between searches (see the module docstring)."""

    def __init__(self, processes: int) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.size = processes
        self._generation = ctx.Value("q", 0, lock=False)
        self._ready = ctx.Value("i", 0)
        self._results = ctx.Queue()
        self._tasks = [ctx.Queue() for _ in range(processes)]
        self._sent: list[set] = [set() for _ in range(processes)]
        self._procs = []
        self._lock = threading.Lock()  # one search at a time
        self._gen = 0
        for wid in range(processes):
            p = ctx.Process(target=_worker_main, name=f"solemio-playout-{wid}",
                            args=(self._tasks[wid], self._results, self._generation, self._ready, wid),
                            daemon=True)
            p.start()
            self._procs.append(p)

    def alive(self) -> bool:
        return all(p.is_alive() for p in self._procs)

    def ready(self) -> bool:
        """Every worker has started and imported its code (until then, search on one core)."""
        return self._ready.value >= self.size

    def wait_ready(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while not self.ready() and time.monotonic() < end and self.alive():
            time.sleep(0.02)
        return self.ready()

    def close(self) -> None:
        self._generation.value = -1
        for q in self._tasks:
            try:
                q.put(None)
            except Exception:  # noqa: BLE001 - closing at exit, nothing to report
                pass
        for p in self._procs:
            p.join(timeout=1.0)
            if p.is_alive():
                p.terminate()
        self._procs = []

    def run(
        self,
        spec: dict,
        sample: Callable[[int], Any],
        limit: int | None,
        deadline: float | None,
        cancelled: Callable[[], bool],
        on_row: Callable[[dict[int, list[float]]], bool],
    ) -> dict[int, list[float]]:
        """Rows of play-out values per iteration number.

        ``sample(i)`` makes iteration i's re-deal (in this process, from the
        seat's searcher); iterations go to the workers round about, at most
        ``AHEAD`` queued per worker.  Stops after ``limit`` iterations, at
        ``deadline`` (``time.monotonic``), or when ``on_row`` (called after
        each new row) says the question is settled.  Raises ``Cancelled``
        when ``cancelled()`` turns true.
        """
        from solemio.ai.base import Cancelled

        with self._lock:
            self._gen += 1
            gen = self._gen
            self._generation.value = gen
            rows: dict[int, list[float]] = {}
            inflight = [0] * self.size
            nxt = 0
            try:
                def submit(w: int) -> None:
                    nonlocal nxt
                    g = sample(nxt)
                    key = _static_key(g)
                    if key not in self._sent[w]:
                        self._tasks[w].put(("static", key, pickle.dumps((g.cs, g.cards), protocol=5)))
                        self._sent[w].add(key)
                    buf = io.BytesIO()
                    _Pickler(buf, {id(g.cs): ("cs", key), id(g.cards): ("cards", key)}).dump(g)
                    self._tasks[w].put(("task", gen, nxt, spec, buf.getvalue()))
                    inflight[w] += 1
                    nxt += 1

                def more() -> bool:
                    return limit is None or nxt < limit

                for _ in range(AHEAD):
                    for w in range(self.size):
                        if more():
                            submit(w)
                while any(inflight):
                    if cancelled():
                        raise Cancelled()
                    now = time.monotonic()
                    if deadline is not None and now >= deadline:
                        break
                    wait = POLL_S if deadline is None else max(0.0005, min(POLL_S, deadline - now))
                    try:
                        r_gen, idx, w, row = self._results.get(timeout=wait)
                    except queue.Empty:
                        if not self.alive():
                            raise RuntimeError("a play-out worker died") from None
                        continue
                    if r_gen != gen:
                        continue  # a late answer to an earlier search
                    inflight[w] -= 1
                    if row is None:
                        if limit is None:
                            break  # out of time: the budget is spent
                        raise RuntimeError("a play-out worker dropped an iteration")
                    rows[idx] = row
                    if on_row(rows):
                        break
                    if more() and (deadline is None or time.monotonic() < deadline):
                        submit(w)
            finally:
                self._generation.value = gen + 1  # workers drop what is left of this search
                self._gen = gen + 1
        return rows


_POOL: PlayoutPool | None = None
_POOL_FAILED = False
_POOL_LOCK = threading.Lock()


MAX_WORKERS = 8
"""At most this many play-out processes, however many cores: the deciding process makes
and pickles every sample itself, each worker holds its own copy of the code (tens of MB),
and a search that settles after 48 play-outs gains little from more than 8 at once; the
rest of a 16-core machine stays free for the window and everything else."""


def default_workers() -> int:
    """Every core the process may use, at most ``MAX_WORKERS``."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cores))


def shared_pool(processes: int) -> PlayoutPool | None:
    """The session's pool of ``processes`` workers, started on first use.

    A hard seat asks for it when it is created, so the workers import their
    code while the game begins; a search uses the pool only once it is
    ``ready()`` and searches on one core until then (with an iteration budget
    the answer is the same either way).  None when ``processes`` is 1 or
    processes cannot be started here (the failure is logged once).
    """
    global _POOL, _POOL_FAILED
    if processes <= 1 or _POOL_FAILED:
        return None
    with _POOL_LOCK:
        if _POOL is not None and _POOL.size == processes and _POOL.alive():
            return _POOL
        if _POOL is not None:
            _POOL.close()
            _POOL = None
        try:
            _POOL = PlayoutPool(processes)
        except Exception as exc:  # noqa: BLE001 - no processes here: search on one core
            log.warning("hard searches on one core: worker processes unavailable (%s)", exc)
            _POOL_FAILED = True
            return None
        import atexit

        atexit.register(_close_shared)
        return _POOL


def _close_shared() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.close()
        _POOL = None
