"""What each seat said on its latest turn, kept readable beside its panel.

The announcement bubble shows words as they are said; these stay until the seat
plays again (``ShowState.said``), worded by ``solemio.announce.said``.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import said
from solemio.ui import theme


def draw_said(surface: pygame.Surface, session: Any, seat_rects: dict, size: tuple[int, int],
              speaking: int | None) -> None:
    """Each seat's words on its latest turn stay readable beside its panel until it
    plays again (the bubble shows them as they are said)."""
    s = session
    show = s.show
    mid = size[1] // 2
    for seat, r in seat_rects.items():
        if seat == speaking or seat >= len(show.said) or not show.said[seat]:
            continue
        text = " · ".join(filter(None, (said(dict(e), s.cardset, s.you(seat))
                                        for e in show.said[seat])))
        if not text:
            continue
        px = max(12, int(size[1] * 0.019))
        width = max(r.w, int(size[0] * 0.18)) - px
        lines = theme.wrap(text, px, width)
        # Two lines at most (three with a larger text size); the last one shrinks to fit.
        most = 2 if theme.TEXT_SCALE <= 1.3 else 3
        if len(lines) > most:
            lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
        surfs = [theme.fit_text(line, px, width, theme.CREAM) for line in lines]
        lh = theme.font(px).get_linesize()
        box = pygame.Rect(0, 0, max(t.get_width() for t in surfs) + px,
                          lh * len(surfs) + px // 2)
        if r.centery < mid:
            box.midtop = (r.centerx, r.bottom + px // 2)
        else:
            box.bottomleft = (r.x, r.top - px // 2)
        box.clamp_ip(surface.get_rect())
        theme.rounded_panel(surface, box, (30, 18, 10, 170), radius=px // 2, shadow=False)
        y = box.y + px // 4
        for t in surfs:
            surface.blit(t, (box.x + px // 2, y))
            y += lh

