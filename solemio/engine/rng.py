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
"""

from __future__ import annotations

import random
from math import floor


class GameRandom:
    """A seeded source of indexes and shuffles built on ``random.Random.random`` only."""

    __slots__ = ("_r", "_random")

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self._random = self._r.random

    def below(self, n: int) -> int:
        """A number in ``range(n)``: ``int(random() * n)`` (``floor`` is the same for these
        non-negative numbers, and a cheaper call)."""
        return floor(self._random() * n)

    def shuffle(self, x: list) -> None:
        """Fisher-Yates from the end: place i takes the card at ``below(i + 1)``."""
        rnd = self._random
        for i in range(len(x) - 1, 0, -1):
            j = floor(rnd() * (i + 1))
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple:
        return self._r.getstate()

    def setstate(self, state: tuple) -> None:
        self._r.setstate(state)

    def copy(self) -> GameRandom:
        g = GameRandom.__new__(GameRandom)
        g._r = random.Random()
        g._r.setstate(self._r.getstate())
        g._random = g._r.random
        return g
