"""Settings: pace of computer plays, sound, the learner's aids (the oven's tally, memory
training, the full log), colour-blind mode, language."""

from __future__ import annotations

import pygame

from solemio.formats import short_number
from solemio.i18n import _
from solemio.ui import theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.settings import PACES, REVEAL_SPEEDS
from solemio.ui.widgets import Button, Selector

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "nl": "Nederlands", "fr": "Français"}


def _onoff(v: bool) -> str:
    return _("On") if v else _("Off")


class SettingsScene(WidgetScene):
    overlay = False

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.app.settings
        w, h = size
        rows = [
            ("pace", _("Pace of computer plays"), list(PACES), s.pace,
             lambda v: _("{n} s each", n=short_number(v))),
            ("reveal_speed", _("Speed of the oven reveal"), list(REVEAL_SPEEDS), s.reveal_speed,
             lambda v: _("× {n}", n=short_number(v))),
            ("sound", _("Sound effects"), [True, False], s.sound, _onoff),
            ("learner_aid", _("Learner's aid (tally of the oven)"), [False, True],
             s.learner_aid, _onoff),
            ("memory_training", _("Memory training (estimate the oven)"), [False, True],
             s.memory_training, _onoff),
            ("full_log", _("Full log of the announcements"), [False, True], s.full_log,
             _onoff),
            ("colour_blind", _("Colour-blind mode (letters and patterns)"), [False, True],
             s.colour_blind, _onoff),
            ("language", _("Language"), list(LANGUAGE_NAMES), s.language,
             lambda v: LANGUAGE_NAMES[v]),
        ]
        panel_w = int(min(w * 0.7, 1100))
        top = int(h * 0.2)
        # every row and Back fit under the title, whatever the window's height
        row_h = int(max(28, min(h * 0.07, 90, (h * 0.95 - top) / ((len(rows) + 1) * 1.35))))
        gap = int(row_h * 0.35)
        x0 = w // 2 - panel_w // 2
        self.labels: list[tuple[str, pygame.Rect]] = []
        widgets = []
        for i, (name, label, options, value, fmt) in enumerate(rows):
            y = top + i * (row_h + gap)
            lab = pygame.Rect(x0, y, int(panel_w * 0.55), row_h)
            sel = pygame.Rect(lab.right + gap, y, panel_w - lab.w - gap, row_h)
            idx = options.index(value) if value in options else 0
            widgets.append(Selector(name, label, options, idx, fmt,
                                    lambda v, n=name: self.change(n, v), sel))
            self.labels.append((label, lab))
        bw = int(max(200, min(w * 0.2, 400)))
        back = Button("back", _("Back"), self.on_escape,
                      pygame.Rect(w // 2 - bw // 2, top + len(rows) * (row_h + gap) + gap,
                                  bw, row_h))
        widgets.append(back)
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus = 0
        self.panel = pygame.Rect(x0 - gap * 2, top - gap * 2, panel_w + gap * 4,
                                 back.rect.bottom - top + gap * 4)

    def change(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.settings_changed()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Settings"), (w // 2, int(h * 0.1)), int(h * 0.09))
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 235))
        for label, r in self.labels:
            t = theme.fit_text(label, int(r.h * 0.4), r.w, theme.INK, bold=True)
            surface.blit(t, (r.x, r.centery - t.get_height() // 2))
        self.focus.draw(surface)
