"""Computer seats think on a worker thread so the window never freezes.

The window hands a *copy* of the game to the worker (the live game is never
touched off the window thread) and polls the future each frame.  A request is
keyed by the position, so a stale answer (after a load or a new game) is
ignored, and pending work is cancelled when the table closes.
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import Executor, Future
from typing import Any


class RandomAgent:
    """Fallback opponent if solemio.ai cannot provide one: any legal choice."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, game: Any, cancel: threading.Event | None = None) -> tuple:
        return self.rng.choice(game.decision().choices)


def make_agent(level: str, seat: int, seed: int, **options: Any) -> Any:
    """The computer opponent of ``level`` (solemio.ai.make_agent), or a random one."""
    try:
        from solemio.ai import make_agent as ai_make_agent
    except Exception:  # no AI package at all: people can still play
        return RandomAgent(seed * 31 + seat)
    for lv, opts in ((level, options), ("normal", {})):
        try:
            return ai_make_agent(lv, seat=seat, seed=seed, **opts)
        except Exception:  # a level not built yet falls back to "normal", then to random
            continue
    return RandomAgent(seed * 31 + seat)


def _think(agent: Any, game: Any, cancel: threading.Event) -> tuple:
    return agent.decide(game, cancel=cancel)


class Thinker:
    """One pending computer decision at a time, computed off the window thread."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.future: Future | None = None
        self.key: tuple | None = None
        self.cancel_flag = threading.Event()

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
        try:
            choice = fut.result()
        except Exception:
            choice = None
        if choice not in d.choices:
            # A faulty agent must not stall the table: fall back to a legal choice.
            choice = random.Random(len(game.choices_log)).choice(d.choices)
        self.future = None
        self.key = None
        return choice

    def wait(self, timeout: float | None = None) -> None:
        """Block until the pending answer is ready (tests and the benchmark only)."""
        if self.future is not None:
            try:
                self.future.result(timeout=timeout)
            except Exception:
                pass

    def cancel(self) -> None:
        """Withdraw the question: the search stops early and its answer is ignored."""
        self.cancel_flag.set()
        if self.future is not None:
            self.future.cancel()
        self.future = None
        self.key = None
