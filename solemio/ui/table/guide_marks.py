"""The guide's pointer: what the guided first game rings, drawn unlike the keyboard focus.

The keyboard focus is a steady gold line around one widget (``widgets.Button.draw``).
The guide points with a tomato-red dashed ring whose dashes march round the target, on
a cream halo that keeps it readable on the felt and on cream panels alike, and a small
arrow bobbing just outside it: several targets at once (the cards to play, then Play)
read as "click these", and a focused widget that is also a target shows both marks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from solemio.ui import anim, theme

#: the pointer's colour (the focus ring is theme.GOLD)
POINTER = theme.TOMATO
HALO = theme.CREAM


def _perimeter(r: pygame.Rect) -> list[tuple[int, int]]:
    return [r.topleft, (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom), r.topleft]


def _dashes(r: pygame.Rect, dash: int, gap: int, offset: float
            ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The dashes along ``r``'s edge, clockwise, shifted ``offset`` pixels along it."""
    pts = _perimeter(r)
    edges = list(zip(pts, pts[1:], strict=False))
    lengths = [math.dist(a, b) for a, b in edges]
    total = sum(lengths)
    period = dash + gap
    out = []
    s = -(offset % period)
    while s < total:
        a, b = max(0.0, s), min(total, s + dash)
        if b > a:
            out += _segment(edges, lengths, a, b)
        s += period
    return out


def _segment(edges: list, lengths: list[float], a: float, b: float) -> list:
    """The part of the edge path between arc lengths ``a`` and ``b`` (round a corner: two)."""
    out = []
    start = 0.0
    for (p, q), n in zip(edges, lengths, strict=True):
        end = start + n
        lo, hi = max(a, start), min(b, end)
        if hi > lo and n > 0:
            f0, f1 = (lo - start) / n, (hi - start) / n
            out.append(((p[0] + (q[0] - p[0]) * f0, p[1] + (q[1] - p[1]) * f0),
                        (p[0] + (q[0] - p[0]) * f1, p[1] + (q[1] - p[1]) * f1)))
        start = end
    return out


def pointer(surface: pygame.Surface, target: pygame.Rect, t: float, arrow: bool = True,
            avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Ring ``target`` as the guide's pointer at time ``t`` (seconds); returns the area
    painted.  The dashes march (about a dash a second) and the arrow bobs, on the side of
    the ring where it covers none of ``avoid`` (the other buttons: in a stack of answers
    an arrow from above sat on the words of the answer above)."""
    scale = max(1.0, surface.get_height() / 720)
    width = max(3, int(3 * scale))
    ring = target.inflate(2 * width + 6, 2 * width + 6)
    dash, gap = int(14 * scale), int(8 * scale)
    pygame.draw.rect(surface, HALO, ring, width + 2)
    for p, q in _dashes(ring, dash, gap, 0.0 if anim.REDUCED else t * (dash + gap)):
        pygame.draw.line(surface, POINTER, p, q, width)
    painted = ring.inflate(4, 4)
    if arrow:
        painted = painted.union(_arrow(surface, ring, t, scale, avoid))
    return painted


def _arrow(surface: pygame.Surface, ring: pygame.Rect, t: float, scale: float,
           avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small arrow pointing at the ring, bobbing: from above if there is room and it
    covers nothing in ``avoid``, else from below, the left or the right (the first side that
    is free; above when none is)."""
    size = int(12 * scale)
    bob = 0 if anim.REDUCED else int(3 * scale * (1 + math.sin(t * 5)))
    cx, cy = ring.center
    sides = {
        "above": [(cx, ring.top - 2 - bob), (cx - size, ring.top - 2 - bob - size),
                  (cx + size, ring.top - 2 - bob - size)],
        "below": [(cx, ring.bottom + 2 + bob), (cx - size, ring.bottom + 2 + bob + size),
                  (cx + size, ring.bottom + 2 + bob + size)],
        "left": [(ring.left - 2 - bob, cy), (ring.left - 2 - bob - size, cy - size),
                 (ring.left - 2 - bob - size, cy + size)],
        "right": [(ring.right + 2 + bob, cy), (ring.right + 2 + bob + size, cy - size),
                  (ring.right + 2 + bob + size, cy + size)],
    }
    window = surface.get_rect()
    reach = int(2 * size + 6 * scale)  # the arrow's box at the top of its bob
    room = {"above": ring.top - reach >= 0, "left": ring.left - reach >= 0,
            "below": ring.bottom + reach <= window.h, "right": ring.right + reach <= window.w}

    def box(pts: list[tuple[int, int]]) -> pygame.Rect:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 4,
                           max(ys) - min(ys) + 4)

    # Free sides are judged at the bob's far end, so the arrow never swings onto a button.
    far = {side: box(pts).inflate(2 * int(6 * scale), 2 * int(6 * scale)) for side, pts in
           sides.items()}
    free = [side for side in sides if room[side]
            and not any(far[side].colliderect(r) for r in avoid)]
    side = free[0] if free else ("above" if room["above"] else "below")
    pts = sides[side]
    pygame.draw.polygon(surface, POINTER, pts)
    pygame.draw.polygon(surface, HALO, pts, max(2, int(2 * scale)))
    return box(pts)
