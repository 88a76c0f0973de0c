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

*Copies pending on a seed share one tape.*  Every candidate of an iteration of the
hard seat's search plays out a copy of the same re-dealt sample, whose generator is
pending on its seed, and each play-out's round end shuffles the next supply: each
copy seeded its own generator (Mersenne Twister's seeding, about as costly as a
hundred draws), to draw the same numbers.  So the numbers ``random.Random(seed)``
draws are kept, in order, per seed (``_Tape``): the first copy to draw seeds one
generator and keeps what it draws, the others read the numbers kept and draw only
past them.  Each copy reads from its own place on the tape, so it draws exactly
what its own generator would.
"""

from __future__ import annotations

import random
from math import floor


class _Tape:
    """The numbers ``random.Random(seed).random()`` draws, in order, for every generator of
    that seed (the one generator drawing them: ``source``)."""

    __slots__ = ("seed", "values", "source")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.values: list[float] = []
        self.source = random.Random(seed)

    def reach(self, end: int) -> list[float]:
        """The values, at least ``end`` of them."""
        values = self.values
        rnd = self.source.random
        for _ in range(end - len(values)):
            values.append(rnd())
        return values


_TAPES: dict[int, _Tape] = {}  # per seed: its tape (a few dozen seeds: an iteration's samples)


def _tape(seed: int) -> _Tape:
    tape = _TAPES.get(seed)
    if tape is None:
        if len(_TAPES) >= 64:
            _TAPES.clear()
        tape = _TAPES[seed] = _Tape(seed)
    return tape


class GameRandom:
    """A seeded source of indexes and shuffles built on ``random.Random.random`` only."""

    __slots__ = ("_r", "_random", "_pending", "_tape", "_pos")

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self._random = self._r.random
        self._pending: int | tuple | None = None  # a seed or a state to start from, later
        self._tape: _Tape | None = None  # started on a seed's tape: read from place ``_pos``
        self._pos = 0

    @classmethod
    def seeded_later(cls, seed: int) -> GameRandom:
        """``GameRandom(seed)``, its generator built only when it first draws (on the seed's
        tape: copies draw the same numbers from one generator)."""
        g = cls.__new__(cls)
        g._r = None
        g._random = None
        g._pending = seed
        g._tape = None
        g._pos = 0
        return g

    def _start(self) -> None:
        """Start the pending generator: on its seed's tape, or built from its state."""
        p = self._pending
        self._pending = None
        if type(p) is int:
            self._tape = _tape(p)
            self._pos = 0
            return
        r = random.Random.__new__(random.Random)  # no seeding from the system: set below
        r.setstate(p)
        self._r = r
        self._random = r.random

    def below(self, n: int) -> int:
        """A number in ``range(n)``: ``int(random() * n)`` (``floor`` is the same for these
        non-negative numbers, and a cheaper call)."""
        if self._pending is not None:
            self._start()
        tape = self._tape
        if tape is not None:
            pos = self._pos
            self._pos = pos + 1
            return floor(tape.reach(pos + 1)[pos] * n)
        return floor(self._random() * n)

    def shuffle(self, x: list) -> None:
        """Fisher-Yates from the end: place i takes the card at ``below(i + 1)``."""
        if self._pending is not None:
            self._start()
        tape = self._tape
        if tape is not None:  # the same draws, read from the tape
            pos = self._pos
            i = len(x) - 1
            end = self._pos = pos + max(i, 0)
            for r in tape.reach(end)[pos:end]:
                j = floor(r * (i + 1))
                x[i], x[j] = x[j], x[i]
                i -= 1
            return
        rnd = self._random
        for i in range(len(x) - 1, 0, -1):
            j = floor(rnd() * (i + 1))
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> tuple:
        p = self._pending
        if p is not None and type(p) is not int:
            return p
        if p is not None:
            self._start()
        tape = self._tape
        if tape is not None:  # the state of the seed's generator after this one's draws
            r = random.Random(tape.seed)
            for _ in range(self._pos):
                r.random()
            return r.getstate()
        return self._r.getstate()

    def setstate(self, state: tuple) -> None:
        self._pending = tuple(state)
        self._tape = None
        self._start()

    def copy(self) -> GameRandom:
        """An independent generator in the same state (pending: built when it first draws;
        on a tape: at the same place of it)."""
        g = GameRandom.__new__(GameRandom)
        g._r = None
        g._random = None
        g._tape = tape = self._tape
        g._pos = self._pos
        p = self._pending
        g._pending = p if p is not None or tape is not None else self._r.getstate()
        return g
