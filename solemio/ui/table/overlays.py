"""What the game screens paint over everything else: the guide's box, the message line and
a widget's tooltip (the thinking badge is drawn on a seat panel: ``seats.thinking_badge``).

Each painter is given the rectangle and the words and paints them; none reads a scene,
the session or the game, so the table, the reveal and the replay paint them alike.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.engine.kinds import COLOURS
from solemio.i18n import _
from solemio.texts import sentence
from solemio.ui import layout, theme


def is_order_face(face: Any) -> bool:
    """An order card's face: (colour, order id)."""
    return (isinstance(face, tuple | list) and len(face) == 2
            and face[0] in COLOURS)


def guide_pad(box: pygame.Rect) -> int:
    """The guide box's inner margin."""
    return max(6, min(box.w, box.h) // 18)


def guide_leave_rect(box: pygame.Rect, window_h: int) -> pygame.Rect:
    """The guide's "Leave" button, on its heading's line at the right of ``box``."""
    pad = guide_pad(box)
    h = max(26, int(window_h * 0.04))
    w = min(box.w // 2, max(120, int(box.w * 0.45)))
    return pygame.Rect(box.right - w - pad, box.y + pad, w, h)


def guide_box(surface: pygame.Surface, box: pygame.Rect, window_h: int,
              words: list[str]) -> None:
    """The guide's words in their box, under the heading "Your guide" (the "Leave"
    button, a widget, is drawn again over it by the scene)."""
    theme.rounded_panel(surface, box, (255, 248, 225, 240), radius=max(6, box.w // 24),
                        border=theme.GOLD, border_w=3)
    pad = guide_pad(box)
    px = max(12, int(window_h * 0.024))
    leave = guide_leave_rect(box, window_h)
    head = theme.fit_text(_("Your guide"), px, leave.x - box.x - 2 * pad, theme.TOMATO_DARK,
                          bold=True)
    surface.blit(head, head.get_rect(midleft=(box.x + pad, leave.centery)))
    text = pygame.Rect(box.x + pad, leave.bottom + pad // 2, box.w - 2 * pad, 0)
    text.h = box.bottom - pad // 2 - text.y
    if not words:
        words = [_("Watch the others play; the guide speaks when it is your move.")]
    theme.draw_wrapped(surface, "\n".join(words), text, px, theme.INK)


def message_line(surface: pygame.Surface, r: pygame.Rect, text: str, error: bool) -> None:
    """One sentence on a dark pill in the message strip ``r`` (an error: bold, on red)."""
    text = sentence(text)
    colour = theme.CREAM if not error else (255, 214, 190)
    # The strip grew with the text size (layout.table_layout): a sentence too long for
    # one line at (nearly) the chosen size takes two, its pill growing over the room kept
    # above the strip, rather than being fitted down to a fraction of it.
    grow = layout.text_grow(1.7)
    px = int(r.h * 0.62 / grow * 0.88)
    wide = min(surface.get_width() - 2 * r.h, int(r.w * 1.5)) - r.h  # over the sides too
    if grow > 1 and theme.font(px, error).size(text)[0] > r.w - r.h:
        lines = theme.wrap(text, px, wide, error)
        lh = theme.font(px, error).get_linesize()
        if len(lines) == 2 and 2 * lh <= r.h * 1.7:
            surf = pygame.Surface((max(theme.font(px, error).size(t)[0] for t in lines),
                                   2 * lh), pygame.SRCALPHA)
            for i, line in enumerate(lines):
                t = theme.fit_text(line, px, surf.get_width(), colour, bold=error)
                surf.blit(t, t.get_rect(midtop=(surf.get_width() // 2, i * lh)))
            box = surf.get_rect(midbottom=r.midbottom).inflate(r.h // 2, r.h // 8)
            box.bottom = r.bottom
            theme.rounded_panel(surface, box, (30, 18, 10, 170) if not error
                                else (120, 26, 20, 220), radius=box.h // 3, shadow=False)
            surface.blit(surf, surf.get_rect(center=box.center))
            return
    surf = theme.fit_text(text, int(r.h * 0.62), r.w, colour, bold=error)
    box = surf.get_rect(center=r.center).inflate(r.h, r.h // 3)
    theme.rounded_panel(surface, box, (30, 18, 10, 170) if not error
                        else (120, 26, 20, 220), radius=box.h // 2, shadow=False)
    surface.blit(surf, surf.get_rect(center=r.center))


def tooltip(surface: pygame.Surface, w: Any, L: layout.TableLayout,
            size: tuple[int, int]) -> None:
    """The focused widget ``w``'s tooltip: above it, or for a hand card beside the supply
    (clear of the message and the oven); an order card adds how to read all of it."""
    px = max(12, int(size[1] * 0.022))
    width = int(min(size[0] * 0.32, 520))
    side = None
    if w.name.startswith("hand"):
        x = L.supply.right + 3 * L.margin
        room = L.middle.right - x
        if room >= 220:
            width = min(width, room)
            side = x
    tip = w.tooltip
    if is_order_face(getattr(w, "face", None)):
        tip += "\n" + _("F1 or right-click: the whole explanation")
    wrapped = theme.wrap(tip, px, width - px)
    lh = theme.font(px).get_linesize()
    box = pygame.Rect(0, 0, width, lh * len(wrapped) + px)
    if side is not None:
        box.midleft = (side, L.supply.centery)
    else:
        box.midbottom = (w.rect.centerx, w.rect.top - 8)
    box.clamp_ip(surface.get_rect())
    theme.rounded_panel(surface, box, (255, 250, 236), radius=px // 2,
                        border=theme.CRUST, border_w=2)
    y = box.y + px // 2
    for line in wrapped:
        surface.blit(theme.text(line, px, theme.INK), (box.x + px // 2, y))
        y += lh
