"""Hard: perfect memory, rules of thumb, and Monte Carlo search over re-dealt hidden cards.

For the decisions where looking ahead pays (whether and which order to put
on the oven, where to draw from, whether to help, how to ask for help) the
hard seat asks its ``Searcher`` for re-dealt copies of the game (everything
it cannot see dealt again at random, consistently with its view), applies
each candidate to the *same* copy (common random numbers: the candidates
are compared on identical deals, which removes most of the noise) and plays
the copy out to the end of the current round: its own seat by the rules of
thumb, the opponents by a fast policy with normal's habits, whose dice are
keyed to the point of the game they are thrown at (``KeyedRandom``), or in
Grande, and in Sole Mio! from half a second on, by the rules of thumb
themselves (``playout.opponents_for``).  The
value of a play-out is the seat's filled orders minus its opponents'
average, each counting what its hand is still worth for the rounds to come
(``HAND_VALUE``, fitted from simulated games), plus a bonus for leading at
the end of the game.

Search is a referee over the rules of thumb, not a replacement: the
candidates come from the heuristic, which is also the default, and another
candidate is chosen only when it beats the default by more than one
standard error of the paired differences (and a small margin).  With very
few play-outs the seat therefore plays like a perfect-memory normal seat
instead of collapsing, which is the failure mode of plain iteration-limited
search; with the 10-20 play-outs 100 ms buys it overturns the default about
twice as often as the old two-standard-error bar did, which a long search's
verdict favours (measured: docs/ai.md).

Play-outs stop on a time budget (default 1 s) or an iteration budget
(reproducible); both are checked together with the cancel flag.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from solemio.ai.base import Cancelled, Searcher
from solemio.ai.collector import collector_paused
from solemio.ai.evaluate import hand_vectors
from solemio.ai.heuristic import NORMAL, HeuristicAgent, Style
from solemio.ai.memory import Entry, MemoryStyle
from solemio.ai.playout import entries_from_history, iteration_row, opponents_for
from solemio.engine import Game, SeatView

# it forgets nothing, and times its orders as boldly as normal (threshold 0.5, a one-unit
# miss without help worth 0.75), for its default choice and its own seat in the play-outs:
# against strong players the old, careful timing (0.7; 0.6 in Sole Mio!) lost clearly
# (docs/measurements/issue-26, "Hard with bold order timing")
HARD = replace(NORMAL, memory=MemoryStyle("perfect"), noise=0.0, lost_trust=1.0)
# the timing hard had before (the recorded play-outs of tests/ai/test_playout_answers.py)
CAREFUL_HARD = replace(HARD, threshold=0.7, kept_threshold=0.6, near_miss_value=0.0,
                       near_miss2_value=0.0)
SEARCHED = frozenset(("order", "draw", "help", "fill"))
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.monotonic, "cpu": time.thread_time}
"""What a time budget counts: wall time (the window), or the searching thread's CPU time."""


MARGIN = 0.05  # an alternative must beat the default by this much (in filled orders)
PICK_SE = 1.0  # ... and by this many standard errors of the paired differences (docs/ai.md)
SETTLE_MIN = 48  # play-outs before the search may stop early


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b."""
    n = len(b)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(diffs) / n
    var = sum((x - m) ** 2 for x in diffs) / (n - 1)
    return m, math.sqrt(var / n) if var > 0 else 0.0


def _settled(values: list[list[float]], di: int) -> bool:
    """True once no alternative can plausibly beat the default any more.

    A person waits for the hard seat; spending the whole budget on a decision
    that is already clear buys nothing, so the search stops when every
    alternative sits more than three standard errors below the bar.
    """
    d0 = values[di]
    for i, v in enumerate(values):
        if i == di:
            continue
        m, se = _paired(v, d0)
        if m + 3.0 * se >= MARGIN:
            return False
    return True


class HardAgent(HeuristicAgent):
    """Perfect memory + determinized Monte Carlo on the decisions where it pays."""

    level = "hard"
    wants_searcher = True

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        budget_ms: float = 1000.0,
        iterations: int | None = None,
        style: Style | None = None,
        workers: int = 1,
        clock: str = "wall",
        **options: Any,
    ) -> None:
        super().__init__(seat, seed, style=style or HARD, **options)
        self.budget_ms = float(budget_ms)
        self.iterations = iterations
        self.workers = max(1, int(workers))  # play-out processes (1: search in this process)
        if clock not in CLOCKS:
            raise ValueError(f"unknown budget clock {clock!r}; use {' or '.join(CLOCKS)}")
        if clock == "cpu" and self.workers > 1:
            raise ValueError("the cpu budget clock counts this thread's time: use it with one worker")
        # "wall": the budget is time a person waits; "cpu": this thread's CPU time, so a
        # measurement on a loaded machine buys the search a quiet core would (arena only)
        self.clock = clock
        if self.workers > 1:
            from solemio.ai.workers import shared_pool

            shared_pool(self.workers)  # start the workers now: they warm up while the game begins
        self.playouts = 0  # total iterations so far (for measurements)
        self.searches = 0  # searched decisions so far

    # the hard seat remembers everything: its picture of the oven is the public history
    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        self.memory.observe(new_events)
        if not self.memory.colours:
            self.memory.colours = [s.colour for s in view.seats]
        if self.ev is None:
            HeuristicAgent.choose(self, view, [], Searcher(None, self.seat))  # sets ev and style
        self.memory.entries = self._entries(view.history)
        handler = getattr(self, "_d_" + view.decision_kind.replace("-", "_"))
        default = handler(view, dict(view.context))
        if default not in view.choices:
            default = view.choices[0]
        if view.decision_kind not in SEARCHED or not searcher.available:
            return default
        cands = self._candidates(view, default)
        if len(cands) < 2:
            return default
        try:
            with collector_paused():
                return self._search(view, cands, default, searcher)
        except Cancelled:
            return default

    _history: tuple = ()  # the last decision's history and its entries (``_entries``)
    _history_entries: list[Entry] = []  # noqa: RUF012 - replaced, never changed in place

    def _entries(self, history: tuple) -> list[Entry]:
        """``entries_from_history(history)``, the last decision's entries extended when the
        history only grew since (a perfect memory changes no entry, so they are shared):
        a decision late in a round met the whole oven again."""
        old = self._history
        n = len(old)
        if self.memory.style.mode == "perfect" and n <= len(history) and history[:n] == old:
            entries = self._history_entries + entries_from_history(history[n:])
        else:
            entries = entries_from_history(history)
        self._history, self._history_entries = history, entries
        return list(entries)  # the memory's own list: its events append to it

    # ------------------------------------------------------------------ candidates

    def _candidates(self, view: SeatView, default: tuple) -> list[tuple]:
        kind = view.decision_kind
        ch = view.choices
        out = [default]
        if kind == "order":
            hu, hd, orders = hand_vectors(view.hand)
            cu, cd, _ = self._project(view, hu, hd)
            scored = sorted(
                ((self.order_value(view, o, cu, cd, hu, hd, orders), o) for o in set(orders)),
                reverse=True,
            )
            for _v, o in scored[:3]:
                out.append(("order", o))
            out.append(("no-order",))
        elif kind == "draw":
            out.extend(ch)
        elif kind == "help":
            helps = [c for c in ch if c[0] == "help"]
            out.append(("decline",))
            if helps:
                out.append(min(helps, key=lambda c: (self._cards_cost(c[1]), c)))
        elif kind == "fill":
            direct = [c for c in ch if c[0] == "fill" and c[2] is None]
            if direct:
                return [default]  # filling at once is never worse than asking
            asks = [c for c in ch if c[0] == "fill"]
            asks.sort(key=lambda c: (len(c[2]), self._cards_cost(c[1]), c))
            out.extend(asks[:2])
            out.append(("give-up",))
        seen = []
        for c in out:
            if c in ch and c not in seen:
                seen.append(c)
        return seen

    # ------------------------------------------------------------------ search

    def _search(self, view: SeatView, cands: list[tuple], default: tuple, searcher: Searcher) -> tuple:
        now = CLOCKS[self.clock]
        start = now()
        timed = self.iterations is None
        deadline = start + self.budget_ms / 1000.0 * 0.85 if timed else None
        # a play-out still running at the budget's end is abandoned (and its
        # iteration dropped), so a slow round cannot push a decision past it
        stop = start + self.budget_ms / 1000.0 * 0.95 if timed else None
        limit = self.iterations
        base_seed = self.rng.getrandbits(48)
        spec = {
            "seat": self.seat, "style": self.style, "colours": tuple(self.memory.colours),
            "first": self.memory.first, "cands": tuple(cands), "base_seed": base_seed,
            "round": view.round, "stop": stop,
            "opponents": opponents_for(self.ev.cs.id, self.budget_ms, self.iterations),
        }
        di = cands.index(default)
        self.searches += 1

        def sample(it: int) -> Game:
            return searcher.sample(random.Random(base_seed + it))

        from solemio.ai.workers import shared_pool

        pool = shared_pool(self.workers) if self.workers > 1 else None
        if pool is not None and pool.ready():
            prefix = [0, 0]  # unbroken prefix of iterations seen, where it settled (0: not)

            def on_row(rows: dict[int, list[float]]) -> bool:
                # the settled test runs on the unbroken prefix of iterations, at the
                # same counts as on one core, so an iteration budget stays exact
                while prefix[0] in rows:
                    prefix[0] += 1
                    n = prefix[0]
                    if n >= SETTLE_MIN and n % 8 == 0 and _settled(
                        [list(col) for col in zip(*(rows[i] for i in range(n)), strict=True)], di
                    ):
                        prefix[1] = n
                        return True
                return False

            try:
                got = pool.run(spec, sample, limit, deadline, searcher.cancelled, on_row)
            except Cancelled:
                raise
            except Exception as exc:  # noqa: BLE001 - a broken pool: search here instead
                import logging

                logging.getLogger(__name__).warning("play-out workers failed (%s); one core", exc)
                got = None
            if got is not None:
                if limit is not None:
                    keep = range(prefix[1] or limit)
                    rows = [got[i] for i in keep]
                else:
                    rows = [got[i] for i in sorted(got)]
                self.playouts += len(rows)
                return self._pick(rows, cands, default)
        rows = []
        it = 0
        while True:
            if limit is not None:
                if it >= limit:
                    break
            elif now() >= deadline and it >= 1:
                break
            searcher.check()
            row = iteration_row(sample(it), spec, it, lambda: stop is not None and now() > stop)
            if row is None:
                break
            rows.append(row)
            it += 1
            self.playouts += 1
            if it >= SETTLE_MIN and it % 8 == 0 and _settled(
                [list(col) for col in zip(*rows, strict=True)], di
            ):
                break
        return self._pick(rows, cands, default)

    @staticmethod
    def _pick(rows: list[list[float]], cands: list[tuple], default: tuple, bar: float | None = None) -> tuple:
        """The default, unless another candidate beats it by ``bar`` standard errors and the margin."""
        if bar is None:
            bar = PICK_SE
        if len(rows) < 2:
            return default
        values = [list(col) for col in zip(*rows, strict=True)]
        d0 = values[cands.index(default)]
        best, pick = 0.0, default
        for i, c in enumerate(cands):
            if c == default:
                continue
            m, se = _paired(values[i], d0)
            if m > bar * se + MARGIN and m > best:
                best, pick = m, c
        return pick
