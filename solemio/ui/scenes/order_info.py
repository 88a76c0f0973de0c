"""One order card explained in full, over whatever lies beneath (a game, How to play).

Opened by F1 or a right-click on an order card in a game, or a click on one in
How to play; hovering keeps the short reminder. The game beneath is frozen
while this is open (only the top scene gets time), so reading costs nothing.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.engine.kinds import COLOUR_KIND
from solemio.i18n import _
from solemio.texts import colour_name, order_details, spec_name
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene
from solemio.ui.widgets import Button


class OrderInfoScene(WidgetScene):
    overlay = True

    def __init__(self, app: Any, face: tuple, cardset: Any) -> None:
        super().__init__(app)
        self.face = tuple(face)
        self.cardset = cardset
        self.spec = cardset.order(self.face[1])
        self.own_kind = COLOUR_KIND[self.face[0]]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        # A larger text size (Settings): the panel nearly the whole window, the card
        # narrower, so the explanation keeps the chosen size instead of shrinking.
        grow = layout.text_grow()
        self.panel = pygame.Rect(0, 0, int(min(w * 0.8, h * 1.7) * min(grow, 1.2)),
                                 int(h * min(0.74 * grow, 0.92)))
        self.panel.center = (w // 2, h // 2)
        bw, bh = int(max(160, w * 0.13)), int(max(34, h * 0.06))
        close = pygame.Rect(0, 0, bw, bh)
        close.midbottom = (self.panel.centerx, self.panel.bottom - int(h * 0.03))
        self.focus.set([Button("close", _("Close"), self.on_escape, close, style="good")])
        self.focus.focus = 0
        pad = int(h * 0.04)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        inner.h -= bh + pad // 2
        self.card_rect = pygame.Rect(inner.topleft, layout.card_fit(
            inner.w * 0.34 / layout.text_grow(1.7), inner.h))
        self.card_rect.centery = inner.centery
        self.text_rect = pygame.Rect(self.card_rect.right + pad, inner.y,
                                     inner.right - self.card_rect.right - pad, inner.h)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_RETURN,
                                                           pygame.K_KP_ENTER):
            self.on_escape()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and not self.panel.collidepoint(event.pos):
            self.on_escape()  # a click beside the panel closes it, as the eye expects
            return None
        return super().handle_event(event)

    def paragraphs(self) -> list[str]:
        return order_details(self.spec, self.own_kind, self.cardset)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.dim(surface, 170)
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 250), border=theme.CRUST,
                            border_w=3)
        card = self.app.cards.order(self.face[0], self.face[1], self.cardset,
                                    self.card_rect.size)
        surface.blit(card, self.card_rect)
        px = max(13, int(h * 0.028))
        r = pygame.Rect(self.text_rect)
        head = theme.fit_text(spec_name(self.spec), int(px * 1.5), r.w, theme.TOMATO_DARK,
                              bold=True)
        surface.blit(head, r.topleft)
        r.y += int(head.get_height() * 1.1)
        who = theme.fit_text(_("An order of the {colour} player", colour=colour_name(
            self.face[0])), px, r.w, theme.WALNUT)
        surface.blit(who, r.topleft)
        r.y += int(who.get_height() * 1.5)
        r.h = self.text_rect.bottom - r.y
        theme.draw_wrapped(surface, "\n\n".join(self.paragraphs()), r, px, theme.INK)
        self.focus.draw(surface)
