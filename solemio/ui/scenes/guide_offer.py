"""The offer of a guided first game, shown once on the first start."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, title_text
from solemio.ui.widgets import Button


class GuideOfferScene(WidgetScene):
    overlay = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        # Offered once: answered or not, it is not asked again.
        app.settings.guide_offered = True
        app.settings_changed()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        rects = layout.menu_column(size, 2, top_frac=0.55)
        self.focus.set([
            Button("guide-start", _("Play a guided first game"), self.start, rects[0],
                   style="primary"),
            Button("guide-later", _("Not now"), self.on_escape, rects[1], style="secondary"),
        ])
        self.focus.focus = 0
        w, h = size
        self.panel = pygame.Rect(0, 0, int(min(w * 0.7, h * 1.3)), 0)
        self.panel.top = int(h * 0.18)
        self.panel.h = rects[1].bottom + int(h * 0.04) - self.panel.top
        self.panel.centerx = w // 2

    def start(self) -> None:
        from solemio.ui.scenes.base import start_guided_game

        start_guided_game(self.app)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        theme.dim(surface, 170)
        theme.rounded_panel(surface, self.panel, (70, 44, 24, 245), border=theme.CRUST,
                            border_w=3)
        title_text(surface, _("Welcome!"), (w // 2, self.panel.y + int(h * 0.07)),
                   int(h * 0.075))
        text = pygame.Rect(self.panel.x + int(h * 0.05), self.panel.y + int(h * 0.14),
                           self.panel.w - int(h * 0.1),
                           self.focus.widgets[0].rect.y - self.panel.y - int(h * 0.16))
        theme.draw_wrapped(surface, _(
            "New to the game? Play a first game with a guide: against two easy players, it "
            "says at each step what is asked and why it matters, and points at what to "
            "click. You can leave the guide at any moment."), text, max(14, int(h * 0.03)),
            theme.CREAM, centre=True, middle=True)
        self.focus.draw(surface)
