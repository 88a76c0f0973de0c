"""The set phrases of a networked table, to say one from the game screens.

Opened by the table's, the reveal's or the game-over screen's "Say…" button: a short
column that hangs under the button, at the top right, over the other seats' panels and
never over the hand or a picker.  Choosing a phrase sends it and closes the list; Escape
or a click beside it closes it.  Keyboard and controller move through it as through any
list of buttons."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.net.phrases import phrases
from solemio.ui import theme
from solemio.ui.scenes.base import WidgetScene
from solemio.ui.widgets import Button


class PhrasesScene(WidgetScene):
    overlay = True

    def __init__(self, app: Any, anchor: pygame.Rect, session: Any) -> None:
        super().__init__(app)
        self.anchor = pygame.Rect(anchor)  # the button it opened from
        self.opened_at = tuple(app.size)  # (a resize moves the button: the list follows)
        self.session = session  # the networked table's (net/session.py)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.keep_clear = self.panel

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        ow, oh = self.opened_at
        a = self.anchor
        anchor = pygame.Rect(a.x * w // ow, a.y * h // oh, a.w * w // ow, a.h * h // oh)
        said = phrases()
        gap = max(4, anchor.h // 6)
        row_h = max(32, min(int(anchor.h * 1.15), int(h * 0.055)))
        px = int(row_h * 0.45)
        widest = max(theme.text(words, px, theme.INK, bold=True).get_width()
                     for _p, words in said)
        width = min(w - 4 * gap, max(anchor.w, int(widest * 1.1) + row_h))
        x = max(2 * gap, min(anchor.right - width, w - 2 * gap - width))
        y = anchor.bottom + gap * 2
        widgets = []
        for pid, words in said:
            widgets.append(Button(f"say-{pid}", words, lambda pid=pid: self.say(pid),
                                  pygame.Rect(x, y, width, row_h), style="secondary"))
            y += row_h + gap
        widgets.append(Button("close", _("Close"), self.on_escape,
                              pygame.Rect(x, y + gap, width, row_h), style="quiet"))
        self.panel = widgets[0].rect.union(widgets[-1].rect).inflate(gap * 3, gap * 3)
        self.keep_clear = self.panel  # the phrases said are drawn left of it (NetPlay)
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus = 0

    def say(self, phrase: str) -> None:
        self.app.manager.pop(self)
        try:
            self.session.chat(phrase)
        except Exception as exc:  # noqa: BLE001 - a lost connection is said in the band
            import logging

            logging.getLogger("solemio.ui.net").info("a set phrase was not sent: %s", exc)

    def on_escape(self) -> None:
        self.app.manager.pop(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                not self.panel.collidepoint(event.pos):
            self.on_escape()  # a click beside the list closes it
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.rounded_panel(surface, self.panel, (70, 44, 24, 235), border=theme.CRUST,
                            border_w=2)
        self.focus.draw(surface)
