"""Which cards from a hand cover a requirement, with no superfluous card.

Used for the owner's hand top-up and for a helper's answer: both may give
doubles, neither may give a card whose removal would still cover the need.
"""

from __future__ import annotations

from functools import cache
from itertools import product


@cache
def unit_covers(m: int, singles: int, doubles: int) -> tuple[tuple[int, int], ...]:
    """Minimal (singles, doubles) giving at least ``m`` units of one kind."""
    if m <= 0:
        return ((0, 0),)
    out = []
    for b in range(0, min(doubles, (m + 1) // 2) + 1):
        a = max(0, m - 2 * b)
        if a > singles:
            continue
        if b > 0 and a + 2 * (b - 1) >= m:
            continue
        out.append((a, b))
    return tuple(out)


@cache
def any_covers(m: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Minimal sub-multisets of a hand giving at least ``m`` units of any kinds.

    ``counts`` holds, per kind, singles then doubles: (s0..s4, d0..d4).  A cover
    is minimal when dropping its smallest card leaves fewer than ``m`` units.
    """
    if m <= 0:
        return ((0,) * 10,)
    out = []
    for pick in product(*(range(c + 1) for c in counts)):
        total = sum(pick[:5]) + 2 * sum(pick[5:])
        if total < m:
            continue
        smallest = 1 if any(pick[:5]) else 2
        if total - smallest >= m:
            continue
        out.append(pick)
    return tuple(out)
