"""Computer seats think on a worker thread so the window never freezes.

The host (``solemio.show.host``) hands a *copy* of the game to the worker (the
live game is never touched off the window thread) and the conductor polls the
future each frame.  A request is
keyed by the position, so a stale answer (after a load or a new game) is
ignored, and pending work is cancelled when the table closes.

Agents come from the one factory, :func:`solemio.ai.make_agent`.  A computer
player that fails (raises, or answers with an illegal choice) is logged and
reported (:attr:`Thinker.failure`); its move is then made by the normal level,
which the table says aloud: never a silent random move.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Executor, Future
from typing import Any

from solemio.ai import make_agent

log = logging.getLogger(__name__)

FALLBACK_LEVEL = "normal"


def _think(agent: Any, game: Any, cancel: threading.Event) -> tuple:
    return agent.decide(game, cancel=cancel)


class Thinker:
    """One pending computer decision at a time, computed off the window thread."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.future: Future | None = None
        self.key: tuple | None = None
        self.cancel_flag = threading.Event()
        self.failure: tuple[int, str] | None = None  # (seat, what went wrong), latest

    def poll(self, game: Any, agent: Any, seat: int) -> tuple | None:
        """Start thinking about the current decision, or return the choice once ready."""
        d = game.decision()
        key = (id(game), len(game.choices_log), seat, d.kind)
        if key != self.key:
            self.cancel()
            self.key = key
            # The worker gets its own copy (with the event log the agent reads).
            snapshot = game.clone(record_events=True)
            self.cancel_flag = threading.Event()
            self.future = self.executor.submit(_think, agent, snapshot, self.cancel_flag)
            return None
        fut = self.future
        if fut is None or not fut.done():
            return None
        self.future = None
        self.key = None
        try:
            choice = fut.result()
            why = None if choice in d.choices else f"an illegal choice {choice!r}"
        except Exception as exc:  # noqa: BLE001 - any fault in an agent is reported, not fatal
            log.exception("computer player of seat %d failed", seat)
            why = f"{type(exc).__name__}: {exc}"
        if why is None:
            return choice
        log.error("computer player of seat %d (%s) failed: %s; the %s level moves instead",
                  seat, getattr(agent, "level", type(agent).__name__), why, FALLBACK_LEVEL)
        self.failure = (seat, why)
        stand_in = make_agent(FALLBACK_LEVEL, seat=seat, seed=len(game.choices_log))
        return stand_in.decide(game.clone(record_events=True))

    def wait(self, timeout: float | None = None) -> None:
        """Block until the pending answer is ready (tests and the benchmark only)."""
        if self.future is not None:
            try:
                self.future.result(timeout=timeout)
            except Exception:  # noqa: BLE001 - poll reports it
                pass

    def cancel(self) -> None:
        """Withdraw the question: the search stops early and its answer is ignored."""
        self.cancel_flag.set()
        if self.future is not None:
            self.future.cancel()
        self.future = None
        self.key = None
