"""A question over the scene beneath: two buttons, the safe one focused; Escape says no."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene
from solemio.ui.widgets import Button


class ConfirmScene(WidgetScene):
    overlay = True

    def __init__(self, app: Any, question: str, yes: str, no: str,
                 on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.yes_label = yes
        self.no_label = no
        self.on_yes = on_yes

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        rects = layout.menu_column(size, 2, top_frac=0.5, width_frac=0.34)
        self.focus.set([Button("no", self.no_label, self.on_escape, rects[0], style="good"),
                        Button("yes", self.yes_label, self.yes, rects[1],
                               style="secondary")])
        if self.focus.focus < 0:
            self.focus.focus = 0  # the safe answer
        self.panel = rects[0].union(rects[1]).inflate(int(rects[0].h * 1.2),
                                                      int(rects[0].h * 4.2))
        self.panel.y -= int(rects[0].h * 1.4)

    def yes(self) -> None:
        self.app.manager.pop(self)
        self.on_yes()

    def on_escape(self) -> None:
        self.app.manager.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 160)
        theme.rounded_panel(surface, self.panel, (70, 44, 24, 240), border=theme.CRUST,
                            border_w=3)
        h = self.focus.widgets[0].rect.h
        box = pygame.Rect(self.panel.x + h // 2, self.panel.y + h // 3, self.panel.w - h,
                          int(h * 2.2))
        theme.draw_wrapped(surface, self.question, box, int(h * 0.42), theme.CREAM, bold=True,
                           middle=True)
        self.focus.draw(surface)
