"""The learner's fuller log: every announcement of the game so far, round by round.

A learner's aid, off by default (Settings: Full log of the announcements); when
on, the in-game menu offers it, and L opens it at the table and in the reveal.
It lists what everyone at the table heard or saw, as far as the show has got
(never what the engine has done but the screen has not shown yet), in the words
of the pass screen's recap (solemio/announce.py, ``log_line``).  It reads
only the public events (a spectator's: an opponent's draw is a count, no card of
anybody's hand is named), so it is safe on a shared screen too.  Scrolled with
the wheel, Up/Down, Page Up/Down, Home/End or the Earlier/Later buttons; it
opens at the latest line.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import log_entries as announce_log
from solemio.i18n import _
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button


def log_entries(session: Any) -> list[tuple[str, bool]]:
    """(text, heading) of every announcement the show has reached, round by round (the
    words: solemio/announce, ``log_entries``; the setup, the first event, heads it)."""
    shown = max(1, session.show.position)
    return announce_log(session.game.events_for(None)[:shown], session.names, session.cardset,
                         session.you)


class LogScene(WidgetScene):
    """The fuller log, scrollable; Escape or Close goes back to the game."""

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app)
        self.session = session
        self.entries = log_entries(session)
        self.rows: list[tuple[str, bool]] = []
        self.top = 0  # the first row shown
        self.per_page = 1
        self.px = 14
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.1), int(h * 0.15), int(w * 0.8), int(h * 0.66))
        self.px = max(12, min(int(h * 0.027), 30))
        inner = self.box.w - 4 * self.px
        rows: list[tuple[str, bool]] = []
        for text, heading in self.entries:
            for part in theme.wrap(text, self.px, inner, bold=heading):
                rows.append((part, heading))
        at_end = not self.rows or self.top >= len(self.rows) - self.per_page
        self.rows = rows
        self.per_page = max(1, (self.box.h - 2 * self.px) // self.line_h())
        if at_end:
            self.top = max(0, len(rows) - self.per_page)
        self.top = max(0, min(self.top, len(rows) - self.per_page))
        bottom = pygame.Rect(self.box.x, self.box.bottom + int(h * 0.03), self.box.w,
                             int(max(36, h * 0.065)))
        earlier, close, later = layout.split_h(bottom, 3, int(w * 0.02))
        self.focus.set([
            Button("earlier", _("Earlier"), lambda: self.scroll(-self.per_page), earlier,
                   style="secondary"),
            Button("close", _("Back to the game"), self.on_escape, close, style="good"),
            Button("later", _("Later"), lambda: self.scroll(self.per_page), later,
                   style="secondary"),
        ])
        self.focus.focus_name("close")
        self.update_buttons()

    def line_h(self) -> int:
        return int(theme.font(self.px).get_linesize() * 1.15)

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.rows) - self.per_page))
        self.update_buttons()

    def update_buttons(self) -> None:
        for w in self.focus.widgets:
            if w.name == "earlier":
                w.enabled = self.top > 0
            elif w.name == "later":
                w.enabled = self.top + self.per_page < len(self.rows)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * int(event.y))
            return None
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.per_page,
                     pygame.K_PAGEDOWN: self.per_page, pygame.K_HOME: -len(self.rows),
                     pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
                return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Everything announced"), (w // 2, int(h * 0.075)), int(h * 0.07))
        theme.rounded_panel(surface, self.box, (250, 241, 220, 240),
                            radius=max(8, self.box.h // 30))
        y = self.box.y + self.px
        lh = self.line_h()
        for text, heading in self.rows[self.top:self.top + self.per_page]:
            t = theme.text(text, self.px, theme.TOMATO_DARK if heading else theme.INK,
                           bold=heading)
            surface.blit(t, (self.box.x + (1 if heading else 2) * self.px, y))
            y += lh
        if len(self.rows) > self.per_page:
            # where the page is in the whole log
            track = pygame.Rect(self.box.right - self.px, self.box.y + self.px // 2,
                                max(4, self.px // 3), self.box.h - self.px)
            pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=track.w // 2)
            knob_h = max(track.w * 2, track.h * self.per_page // len(self.rows))
            knob_y = track.y + (track.h - knob_h) * self.top // max(
                1, len(self.rows) - self.per_page)
            pygame.draw.rect(surface, theme.WALNUT_MID,
                             pygame.Rect(track.x, knob_y, track.w, knob_h),
                             border_radius=track.w // 2)
        self.focus.draw(surface)
