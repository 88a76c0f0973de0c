"""How to play: the rules in our own words, scrollable with arrows, wheel or page keys."""

from __future__ import annotations

import pygame

from solemio.i18n import _
from solemio.ui import theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button


def rules_sections() -> list[tuple[str, str]]:
    """Headings and paragraphs; written for this game, translated like every string."""
    return [
        (_("The idea"), _(
            "Everyone plays ingredients onto one shared oven: a face-up stack of which only "
            "the top card can be seen, and nobody may look through it. When the round ends "
            "the oven is turned over and its cards come out one by one: ingredients land in "
            "five columns, and each "
            "order card played in between is filled from what lies there at that moment. "
            "Remember what went in, and play your orders when the oven can pay them.")),
        (_("Your turn"), _(
            "1. Play one or more ingredient cards of one kind onto the oven. The table "
            "hears what you played: “3 pineapples, including 1 double”. "
            "2. You may add one order card from your hand. "
            "3. Refill your hand to 7 cards, either from the supply or from your own "
            "order stack, never both. A player without ingredient cards passes.")),
        (_("The scorer card"), _(
            "Hidden in the supply is the scorer card. Whoever draws it keeps it in front of "
            "them and draws a replacement. When the last supply card is drawn the round "
            "ends and the scorer reveals the oven.")),
        (_("The reveal"), _(
            "Cards come out oldest first. When an order appears, its owner fills it from the "
            "columns; doubles are taken first. If the columns fall short the owner may add "
            "cards from hand and, in Sole Mio! and Grande, ask the others for help: the first "
            "opponent who accepts gives the cards and takes a reward from their own order "
            "stack. Filled orders are kept; the rest go back under their stack. "
            "Ingredients left in the columns stay in the oven for the next round.")),
        (_("Special orders"), _(
            "Block: all of your own kind in its column; the others may stop it if they "
            "together hold as many. Show: an opponent shows you a card, and you must match "
            "its kind. None of mine: your own kind's column must be empty. Four of a kind "
            "orders can be revealed as a series needing 4, 3, 2 and 1. Bombastica takes "
            "15 units; Minimale and Monotoni let you pick kinds. Hover an order in your "
            "hand to read exactly what it needs.")),
        (_("Winning"), _(
            "After the last round, whoever holds the most filled orders wins. A tie goes to "
            "the most ingredient units in hand (a double counts 2); if still tied, the win "
            "is shared.")),
        (_("Playing here"), _(
            "Click cards or use the arrows and Enter to select them, then confirm. "
            "Escape opens the menu; F11 switches full screen. With several people at one "
            "screen, the game asks you to pass it on before showing anyone's hand.")),
    ]


class RulesScene(WidgetScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        bw, bh = int(max(180, w * 0.16)), int(max(36, h * 0.06))
        self.focus.set([Button("back", _("Back"), self.on_escape,
                               pygame.Rect(w // 2 - bw // 2, h - bh - int(h * 0.03), bw, bh))])
        self.focus.focus = 0
        self.panel = pygame.Rect(int(w * 0.12), int(h * 0.17), int(w * 0.76),
                                 h - int(h * 0.17) - bh - int(h * 0.06))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        step = max(20, self.size[1] // 20)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * step)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += step * (4 if event.key == pygame.K_PAGEDOWN else 1)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - step * (4 if event.key == pygame.K_PAGEUP else 1))
            return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("How to play"), (w // 2, int(h * 0.085)), int(h * 0.085))
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 240))
        inner = self.panel.inflate(-int(w * 0.04), -int(h * 0.04))
        content = pygame.Surface((inner.w, 4000), pygame.SRCALPHA)
        px = max(13, int(h * 0.026))
        y = 0
        for head, body in rules_sections():
            t = theme.text(head, int(px * 1.35), theme.TOMATO_DARK, bold=True)
            content.blit(t, (0, y))
            y += int(t.get_height() * 1.1)
            y += theme.draw_wrapped(content, body, pygame.Rect(0, y, inner.w, 3000), px,
                                    theme.INK)
            y += px
        # While more text lies below, its hint gets a strip of its own under the text.
        more = theme.fit_text(_("More below: scroll with the arrows or the wheel"),
                              max(11, px - 2), inner.w, theme.TOMATO_DARK, bold=True)
        view = pygame.Rect(inner)
        if y > inner.h:
            view.h = inner.h - more.get_height() - px // 3
        self.scroll = min(self.scroll, max(0, y - view.h))
        surface.blit(content, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        self.text_rect = view
        self.more_rect: pygame.Rect | None = None
        if self.scroll < y - view.h:
            self.more_rect = more.get_rect(bottomright=(inner.right, inner.bottom))
            surface.blit(more, self.more_rect)
        self.focus.draw(surface)
