"""``random.Random.shuffle``, the same permutation for the same generator state, faster.

The engine shuffles the supply at every set-up and round end, and the hard
opponent's re-deals shuffle thousands of times a second.  The library's
shuffle calls a Python-level ``_randbelow`` per card; this one inlines it.
Its output is the library's, draw for draw (``tests/test_shuffle.py``), so
seeded games and saves replay exactly as before.
"""

from __future__ import annotations

import random


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    if type(rng) is not random.Random:  # a subclass may draw differently: let it
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
