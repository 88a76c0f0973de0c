"""The guide's pointer is not the keyboard focus: another colour, dashed, marching, with an
arrow (solemio/ui/guide_marks.py)."""

from __future__ import annotations

import pygame

from solemio.ui import theme
from solemio.ui.table import guide_marks
from solemio.ui.widgets import Button


def _colours(surface: pygame.Surface, area: pygame.Rect) -> set[tuple[int, int, int]]:
    area = area.clip(surface.get_rect())
    return {tuple(surface.get_at((x, y)))[:3] for x in range(area.left, area.right)
            for y in range(area.top, area.bottom)}


def _felt(size=(400, 300)) -> pygame.Surface:
    s = pygame.Surface(size)
    s.fill(theme.FELT)
    return s


def test_the_pointer_is_red_and_dashed_where_the_focus_is_a_gold_line():
    target = pygame.Rect(150, 120, 100, 60)
    guide = _felt()
    painted = guide_marks.pointer(guide, target, 0.0)
    seen = _colours(guide, painted)
    assert guide_marks.POINTER in seen and theme.GOLD not in seen
    # Dashed: along the ring's top edge the pointer's colour comes and goes.
    y = target.top - 3 - 2  # the middle of the ring's line, 3 pixels wide
    edge = [tuple(guide.get_at((x, y)))[:3] == guide_marks.POINTER
            for x in range(target.left, target.right)]
    assert any(edge) and not all(edge)
    # The keyboard's focus on a button: a steady gold line, no pointer colour.
    focus = _felt()
    b = Button("x", "Play", lambda: None, pygame.Rect(target), style="secondary")
    b.draw(focus, True, False)
    outer = target.inflate(8, 8)
    ring = {tuple(focus.get_at((x, y)))[:3] for x in range(outer.left, outer.right)
            for y in range(outer.top, outer.bottom) if not target.collidepoint(x, y)}
    assert theme.GOLD in ring and guide_marks.POINTER not in ring


def test_the_pointer_moves_and_points_from_below_near_the_top():
    target = pygame.Rect(150, 120, 100, 60)
    a, b = _felt(), _felt()
    guide_marks.pointer(a, target, 0.0)
    guide_marks.pointer(b, target, 0.3)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")  # it marches
    top = _felt()
    near = pygame.Rect(150, 2, 100, 60)
    painted = guide_marks.pointer(top, near, 0.0)
    assert painted.bottom > near.bottom + 8  # the arrow went below: no room above
    assert top.get_rect().contains(painted.clip(top.get_rect()))


def test_the_arrow_keeps_off_the_other_buttons():
    """In a stack of answers the arrow from above sat on the words of the answer above
    (seen in French at 1024x640): it now comes from a free side, at every point of its bob."""
    above = pygame.Rect(150, 100, 200, 40)
    target = pygame.Rect(150, 150, 200, 40)
    below = pygame.Rect(150, 200, 200, 40)
    for t in (0.0, 0.1, 0.2, 0.3, 0.5):
        surf = _felt()
        guide_marks.pointer(surf, target, t, avoid=[above, below])
        for r in (above, below):
            assert guide_marks.POINTER not in _colours(surf, r.inflate(-4, -4)), (t, r)
        ring = target.inflate(30, 30)
        left = pygame.Rect(0, target.top, ring.left, target.h)
        assert guide_marks.POINTER in _colours(surf, left)  # it points from the left
