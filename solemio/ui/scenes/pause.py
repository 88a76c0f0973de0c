"""The menu over a game: resume, how to play, settings, leave (the game is autosaved)."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _
from solemio.ui import access, layout, theme
from solemio.ui.scene import make_scene
from solemio.ui.scenes.base import WidgetScene, title_text
from solemio.ui.widgets import Button


class PauseScene(WidgetScene):
    overlay = True

    def __init__(self, app: Any, session: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.notice = ""
        # The table as everybody may see it, for a named save's picture (the menu is not
        # drawn yet; in hot-seat play without the hand: solemio.ui.pictures).
        from solemio.ui.pictures import public_picture

        self.picture = public_picture(app, session)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        items = [
            ("resume", _("Resume"), self.on_escape, "good"),
            ("save", _("Save the game"), self.save_game, "secondary"),
            ("rules", _("How to play"), self.rules, "secondary"),
            ("settings", _("Settings"), self.settings, "secondary"),
            ("title", _("Leave to the title (saved)"), self.to_title, "secondary"),
            ("quit", _("Quit the game"), self.app.quit, "secondary"),
        ]
        if getattr(self.session, "client", None) is not None:
            # a networked table: the server keeps it; its own page instead of saving
            items[1] = ("lobby", _("Table and players"), self.lobby, "secondary")
            items[4] = ("title", _("Leave the table"), self.leave_table, "secondary")
        if self.session is not None and self.app.settings.full_log:
            # the learner's fuller log (Settings; off by default)
            items.insert(1, ("log", _("Everything announced"), self.log, "secondary"))
        # The panel (its title above the buttons) and the hints under it stay in the
        # window: with a larger text size the buttons grow, as far as they fit.
        foot = theme.font(max(11, int(size[1] * 0.02))).get_linesize() + size[1] // 80
        frac = 0.075
        for _try in range(12):
            rects = layout.menu_column(size, len(items), top_frac=0.28, height_frac=frac,
                                       bottom=foot)
            bh = rects[0].h
            if rects[0].y - 2.5 * bh >= 0 and rects[-1].bottom + 0.7 * bh <= size[1] - foot:
                break
            frac *= 0.9
        self.focus.set([Button(n, label, act, r, style=st)
                        for (n, label, act, st), r in zip(items, rects, strict=True)])
        if self.focus.focus < 0:
            self.focus.focus = 0
        self.panel = rects[0].union(rects[-1]).inflate(int(rects[0].h * 1.2),
                                                       int(rects[0].h * 3.2))
        self.panel.y -= int(rects[0].h * 0.9)

    def save_game(self) -> None:
        if self.session is not None and not self.session.table.is_over():
            self.app.manager.open("save-game", self.session, self.picture, self.show_notice)

    def show_notice(self, text: str) -> None:
        """A sentence under the menu (the save's name, once saved)."""
        self.notice = text

    def lobby(self) -> None:
        self.app.manager.swap("lobby")

    def leave_table(self) -> None:
        """Leave the networked table (its seats stay this player's to rejoin; a hosted
        table's server stops and keeps it)."""
        from solemio.ui.netplay import leave

        leave(self.app)

    def log(self) -> None:
        self.app.manager.open("log", self.session)

    def rules(self) -> None:
        self.app.manager.open("rules")

    def settings(self) -> None:
        self.app.manager.open("settings")

    def to_title(self) -> None:
        if self.session is not None and not self.session.table.is_over():
            try:
                self.session.autosave()
            except OSError:
                pass
        self.app.manager.reset(make_scene("title", self.app))

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 160)
        theme.rounded_panel(surface, self.panel, (70, 44, 24, 240), border=theme.CRUST,
                            border_w=3)
        title_text(surface, _("Paused"), (self.panel.centerx,
                                          self.panel.y + int(self.focus.widgets[0].rect.h * 0.9)),
                   int(self.focus.widgets[0].rect.h * 0.9))
        self.focus.draw(surface)
        if self.notice:
            h = self.focus.widgets[0].rect.h
            t = theme.fit_text(self.notice, max(11, int(h * 0.4)), self.panel.w - 20,
                               theme.GOLD, bold=True)
            surface.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.bottom + 8)))
        # How to play from here: the controller's buttons (a Steam Deck has no keyboard to
        # read them from), or the keys.
        w, h = self.size
        foot = theme.fit_text(access.game_hints(self.app), max(11, int(h * 0.02)),
                              int(w * 0.96), theme.CREAM_DARK)
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - int(h * 0.012))))
