"""The game's randomness: the same games on every Python version.

Python promises only that ``random.Random(seed).random()`` keeps its sequence
(the seeding and ``random()`` itself); ``shuffle``, ``randrange`` and
``getrandbits``-based draws may change between versions, and a seeded game (a
save is a seed plus choices) would then deal other cards.  So the engine draws
every number from ``random()`` alone, and turns it into an index with IEEE
arithmetic, which every platform computes alike: ``int(random() * n)``.  The
shuffle is Fisher-Yates from the end with that draw; ``tests/test_rng.py`` pins
its output.  (``random()`` runs in C: cheaper than any generator written in
Python, which matters when the hard opponent deals thousands of games.)

*Copies are lazy.*  A game draws from its generator only at the set-up and at
each round's end, but the hard opponent's search copies a re-dealt game for
every candidate of every play-out, and a copy of a ``random.Random`` (a fresh
generator seeded from the system, then its 625-word state read and written)
cost more than the rest of the game's copy.  So a generator may be *pending*:
it holds the seed or the state it will start from and builds the real
generator only when it first draws (or is asked for its state).  A copy of a
pending generator shares that seed or state (both immutable); a copy of a
started one reads its state once.  What it draws is the same either way
(``tests/test_rng.py``).
"""

from __future__ import annotations

import random
from math import floor


class GameRandom:
    """A seeded source of indexes and shuffles built on ``random.Random.random`` only."""

    __slots__ = ("_r", "_random", "_pending")

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self._random = self._r.random
        self._pending: int | tuple | None = None  # a seed or a state to start from, later

    @classmethod
    def seeded_later(cls, seed: int) -> GameRandom:
        """``GameRandom(seed)``, its generator built only when it first draws."""
        g = cls.__new__(cls)
        g._r = None
        g._random = None
        g._pending = seed
        return g

    def _start(self) -> random.Random:
        """Build the pending generator (from its seed or its state) and return it."""
        p = self._pending
        if type(p) is int:
            r = random.Random(p)
        else:
            r = random.Random.__new__(random.Random)  # no seeding from the system: set below
            r.setstate(p)
        self._r = r
        self._random = r.random
        self._pending = None
        return r

    def below(self, n: int) -> int:
        """A number in ``range(n)``: ``int(random() * n)`` (``floor`` is the same for these
        non-negative numbers, and a cheaper call)."""
        if self._pending is not None:
            self._start()
        return floor(self._random() * n)

    def shuffle(self, x: list) -> None:
        """Fisher-Yates from the end: place i takes the card at ``below(i + 1)``."""
        if self._pending is not None:
            self._start()
        rnd = self._random
        for i in range(len(x) - 1, 0, -1):
            j = floor(rnd() * (i + 1))
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple:
        p = self._pending
        if p is None:
            return self._r.getstate()
        if type(p) is int:
            return self._start().getstate()
        return p

    def setstate(self, state: tuple) -> None:
        self._pending = tuple(state)
        self._start()

    def copy(self) -> GameRandom:
        """An independent generator in the same state (pending: built when it first draws)."""
        g = GameRandom.__new__(GameRandom)
        g._r = None
        g._random = None
        p = self._pending
        g._pending = p if p is not None else self._r.getstate()
        return g
