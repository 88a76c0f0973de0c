"""Settings: pace of computer plays, the learner's aids (the oven's tally, memory
training, the full log), language; and accessibility: text size, sound and its volume,
reduced motion, speech, colour-blind mode."""

from __future__ import annotations

import pygame

from solemio.formats import short_number
from solemio.i18n import _
from solemio.ui import theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.settings import PACES, REVEAL_SPEEDS, TEXT_SIZES, VOLUMES
from solemio.ui.widgets import Button, Selector

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "nl": "Nederlands", "fr": "Français"}


def _onoff(v: bool) -> str:
    return _("On") if v else _("Off")


def _percent(v: int) -> str:
    return _("{n}%", n=v)


class SettingsScene(WidgetScene):
    """Two pages: the game's settings and accessibility's (text size, sound, motion,
    speech, colour-blind mode).  Rows grow with the text size, the page keeps them all
    on screen (docs/accessibility.md)."""

    overlay = False
    page = 0  # 0: the game, 1: accessibility

    def rows(self) -> list[tuple]:
        s = self.app.settings
        if self.page == 1:
            return [
                ("text_size", _("Text size"), list(TEXT_SIZES), s.text_size, _percent),
                ("sound", _("Sound effects"), [True, False], s.sound, _onoff),
                ("volume", _("Volume of the effects"), list(VOLUMES), s.volume, _percent),
                ("reduced_motion", _("Reduced motion (no shaking or sliding)"),
                 [False, True], s.reduced_motion, _onoff),
                ("speech", _("Speech (screen reader)"), [False, True], s.speech, _onoff),
                ("colour_blind", _("Colour-blind mode (letters and patterns)"), [False, True],
                 s.colour_blind, _onoff),
            ]
        return [
            ("pace", _("Pace of computer plays"), list(PACES), s.pace,
             lambda v: _("{n} s each", n=short_number(v))),
            ("reveal_speed", _("Speed of the oven reveal"), list(REVEAL_SPEEDS), s.reveal_speed,
             lambda v: _("× {n}", n=short_number(v))),
            ("learner_aid", _("Learner's aid (tally of the oven)"), [False, True],
             s.learner_aid, _onoff),
            ("memory_training", _("Memory training (estimate the oven)"), [False, True],
             s.memory_training, _onoff),
            ("full_log", _("Full log of the announcements"), [False, True], s.full_log,
             _onoff),
            ("language", _("Language"), list(LANGUAGE_NAMES), s.language,
             lambda v: LANGUAGE_NAMES[v]),
        ]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        rows = self.rows()
        panel_w = int(min(w * 0.8, 1200))
        top = int(h * 0.17)
        # Speech switched on but not heard (no voice, a speech server not answering): said
        # in words on the accessibility page, in a row of its own above Back.
        self.note = self.app.narrator.problem() if self.page == 1 else ""
        n = len(rows) + 2 + (2 if self.note else 0)  # the tabs, the rows, the note, Back
        # Rows grow with the text size, as far as every row, the tabs and Back still fit
        # under the title.
        want = theme.scaled(max(28, min(h * 0.065, 80)))
        gap_frac = 0.3 if theme.TEXT_SCALE <= 1.3 else 0.18  # larger text: rows closer
        row_h = int(max(28, min(want, (h * 0.97 - top) / (n * (1 + gap_frac)))))
        gap = int(row_h * gap_frac)
        x0 = w // 2 - panel_w // 2
        self.labels: list[tuple[str, pygame.Rect]] = []
        widgets: list = []
        tab_w = (panel_w - gap) // 2
        for i, (name, label) in enumerate((("page-game", _("Game")),
                                           ("page-access", _("Accessibility")))):
            b = Button(name, label, lambda i=i: self.show_page(i),
                       pygame.Rect(x0 + i * (tab_w + gap), top, tab_w, row_h),
                       style="secondary")
            b.selected = i == self.page
            widgets.append(b)
        for i, (name, label, options, value, fmt) in enumerate(rows):
            y = top + (i + 1) * (row_h + gap)
            lab = pygame.Rect(x0, y, int(panel_w * (0.58 if theme.TEXT_SCALE <= 1.3 else 0.64)), row_h)
            sel = pygame.Rect(lab.right + gap, y, panel_w - lab.w - gap, row_h)
            idx = options.index(value) if value in options else 0
            widgets.append(Selector(name, label, options, idx, fmt,
                                    lambda v, n=name: self.change(n, v), sel))
            self.labels.append((label, lab))
        bw = int(max(200, min(w * 0.2, 400)))
        y = top + (len(rows) + 1) * (row_h + gap)
        self.note_rect = pygame.Rect(x0, y, panel_w, (2 * row_h + gap) if self.note else 0)
        if self.note:
            y += self.note_rect.h + gap
        back = Button("back", _("Back"), self.on_escape,
                      pygame.Rect(w // 2 - bw // 2, y + gap, bw, row_h))
        widgets.append(back)
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus = 0
        self.panel = pygame.Rect(x0 - gap * 2, top - gap * 2, panel_w + gap * 4,
                                 back.rect.bottom - top + gap * 4)

    def show_page(self, page: int) -> None:
        self.page = page
        self.layout(self.size)
        self.focus.focus_name("page-access" if page else "page-game")

    def change(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.settings_changed()

    def draw(self, surface: pygame.Surface) -> None:
        if self.page == 1 and self.app.narrator.problem() != self.note:
            self.layout(self.size)  # speech found not to work while the page is open
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Settings"), (w // 2, int(h * 0.075)), int(h * 0.08))
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 235))
        for label, r in self.labels:
            # The row grew with the text size already: its words are 40 % (larger text: 58 %)
            # of its height
            # (not scaled twice), on two lines where one is too narrow for them.
            px = max(1, round(r.h * (0.4 if theme.TEXT_SCALE <= 1.3 else 0.58) / theme.TEXT_SCALE))
            if theme.font(px, True).size(label)[0] <= r.w:
                t = theme.fit_text(label, px, r.w, theme.INK, bold=True)
                surface.blit(t, (r.x, r.centery - t.get_height() // 2))
            else:
                # (larger text: two lines reach into the gaps between the rows, a little
                # closer together, rather than shrink: they were drawn at 82 %)
                big = theme.TEXT_SCALE > 1.3
                theme.draw_wrapped(surface, label, r.inflate(0, int(r.h * 0.16) if big else 4),
                                   px, theme.INK, bold=True, middle=True,
                                   line_gap=0.95 if big else 1.0)
        if self.note:
            theme.draw_wrapped(surface, self.note, self.note_rect,
                               max(1, int(self.note_rect.h * 0.17 / theme.TEXT_SCALE)),
                               theme.TOMATO_DARK, bold=True, middle=True)
        self.focus.draw(surface)
