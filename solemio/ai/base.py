"""The agent interface: a seat's view and its redacted events in, one legal choice out.

An agent never receives the ``Game``.  ``decide`` (the convenience used by
the arena and the window) builds the three things an agent may see from the
game and hands over only those:

* ``view``: ``game.view(seat)``, a frozen ``SeatView``;
* ``new_events``: ``game.events_for(seat, since)``, redacted for the seat;
* ``searcher``: a ``Searcher``, whose only power is to produce re-dealt
  copies (everything the seat cannot see dealt again at random) to play out.

Because the real hidden state is reachable only through a closure inside
the ``Searcher``, and the searcher hands out nothing but re-dealt copies
(``Game.redeal`` is canonical: it sorts every hidden group before shuffling
it), an agent's choice is a function of view, memory and seed.
``tests/ai/test_hidden_information.py`` proves it.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

from solemio.engine import Game, SeatView


class Cancelled(Exception):
    """Raised inside a search when the caller withdrew the question."""


class Searcher:
    """The narrow handle a searching agent gets: re-deal and play out, nothing else."""

    __slots__ = ("_redeal", "_cancel", "seat", "deadline")

    def __init__(self, game: Game | None, seat: int, cancel: threading.Event | None = None) -> None:
        self.seat = seat
        self._cancel = cancel
        self.deadline: float | None = None
        if game is None:
            self._redeal: Callable[[random.Random], Game] | None = None
            return
        def redeal(rng: random.Random) -> Game:
            return game.redeal(seat, rng)

        self._redeal = redeal

    @property
    def available(self) -> bool:
        return self._redeal is not None

    def sample(self, rng: random.Random) -> Game:
        """A copy of the game with all the seat cannot see dealt again from ``rng``."""
        if self._redeal is None:
            raise RuntimeError("this searcher has no game to sample")
        return self._redeal(rng)

    def cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.is_set()

    def check(self) -> None:
        """Raise Cancelled if the caller withdrew the question."""
        if self._cancel is not None and self._cancel.is_set():
            raise Cancelled()


class Agent:
    """Base class: one seat, its own memory and generator.

    Subclasses implement ``choose``; ``decide`` is the glue for callers that
    hold a ``Game`` (arena, window).  ``decide`` must be fed every decision of
    this seat in game order so the agent sees every event once.
    """

    level = "base"

    def __init__(self, seat: int, seed: int = 0, **options: Any) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed * 7919 + seat)
        self.options = options
        self.since = 0
        self.last_ms = 0.0

    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        raise NotImplementedError

    def observe(self, new_events: list[dict]) -> None:
        """Take note of events without deciding (agents with memory override)."""

    def decide(self, game: Game, cancel: threading.Event | None = None) -> tuple:
        """Answer the game's current decision for this seat.

        The game must record events (``clone(record_events=True)`` for a copy
        handed to a worker thread).  Thinking stops early when ``cancel`` is set.
        """
        d = game.decision()
        if d is None or d.seat != self.seat:
            raise ValueError(f"seat {self.seat} does not decide now")
        t0 = time.perf_counter()
        events = game.events_for(self.seat, self.since)
        self.since += len(events)
        searcher = Searcher(game if self.wants_searcher else None, self.seat, cancel)
        choice = self.choose(game.view(self.seat), events, searcher)
        self.last_ms = (time.perf_counter() - t0) * 1000.0
        return choice

    wants_searcher = False


class RandomAgent(Agent):
    """Uniformly random legal choices: the baseline for tests and measurement."""

    level = "random"

    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        return self.rng.choice(view.choices)
