"""Computer seats think on a worker thread so the window never freezes.

The window hands a *copy* of the game to the worker (the live game is never
touched off the window thread) and polls the future each frame.  A request is
keyed by the position, so a stale answer (after a load or a new game) is
ignored, and pending work is cancelled when the table closes.
"""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future
from typing import Any


class RandomAgent:
    """Stand-in opponent until the computer levels exist: any legal choice."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, seat: int) -> tuple:
        return self.rng.choice(game.decision().choices)


def make_agent(level: str, seed: int) -> Any:
    """The computer opponent of ``level`` from solemio.ai, or a random one if none exists yet."""
    try:
        from solemio import ai

        factory = getattr(ai, "make_agent", None) or getattr(ai, "agent_for", None)
        if factory is not None:
            return factory(level, seed=seed)
    except Exception:  # an unfinished AI must not stop people from playing
        pass
    return RandomAgent(seed)


def _think(agent: Any, game: Any, seat: int) -> tuple:
    if hasattr(agent, "choose"):
        return agent.choose(game, seat)
    return agent(game, seat)


class Thinker:
    """One pending computer decision at a time, computed off the window thread."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.future: Future | None = None
        self.key: tuple | None = None

    def poll(self, game: Any, agent: Any, seat: int) -> tuple | None:
        """Start thinking about the current decision, or return the choice once ready."""
        d = game.decision()
        key = (id(game), len(game.choices_log), seat, d.kind)
        if key != self.key:
            self.cancel()
            self.key = key
            snapshot = game.clone()
            self.future = self.executor.submit(_think, agent, snapshot, seat)
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
        if self.future is not None:
            self.future.cancel()
        self.future = None
        self.key = None
