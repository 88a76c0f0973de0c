"""The game's own random generator: the same games on every Python version.

Python promises only that ``random.random()`` keeps its sequence; ``shuffle``
and ``randrange`` may change how they draw, and a seeded game (a save is a
seed plus choices) would then deal other cards.  So the engine draws from
SplitMix64 (Steele, Lea and Flood 2014; Vigna's reference ``splitmix64.c``):
one 64-bit state, a few integer operations per draw, a published test vector
(``tests/test_rng.py``).  Computer players keep using ``random.Random`` for
their own decisions; only what the game deals goes through this.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB


class GameRandom:
    """SplitMix64.  A seed is any int (taken modulo 2**64); the state is one int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        """The next 64-bit output (the reference algorithm, step for step)."""
        self.state = z = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * MUL1) & MASK
        z = ((z ^ (z >> 27)) * MUL2) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``: the high bits of ``next64() * n`` (bias below n/2**64)."""
        return (self.next64() * n) >> 64

    def shuffle(self, x: list) -> None:
        """Fisher-Yates from the end, one ``below(i + 1)`` per place (inlined: set-up,
        round ends and re-deals shuffle often)."""
        s = self.state
        for i in range(len(x) - 1, 0, -1):
            s = (s + GOLDEN) & MASK
            z = ((s ^ (s >> 30)) * MUL1) & MASK
            z = ((z ^ (z >> 27)) * MUL2) & MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            x[i], x[j] = x[j], x[i]
        self.state = s

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state & MASK

    def copy(self) -> GameRandom:
        g = GameRandom.__new__(GameRandom)
        g.state = self.state
        return g
