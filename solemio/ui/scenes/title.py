"""The title screen: new game, continue, rules, settings, quit."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext, source_error_text
from solemio.ui import access, anim, layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button


class TitleScene(WidgetScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.t = 0.0
        self.can_continue = self._can_continue()
        from solemio.engine.cardset import broken_house_variants

        self.broken_variants = broken_house_variants()

    def _can_continue(self) -> bool:
        from solemio.show import host as session

        # A save that cannot be used is set aside here, and said in one sentence below.
        return session.check_autosave()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        foot = theme.font(max(11, int(size[1] * 0.02))).get_linesize()  # the hints
        rows = layout.menu_column(size, 5, top_frac=0.53, height_frac=0.062, bottom=foot)
        # New game and Continue on the first row, Join a table alone on the second; the
        # rest in pairs, a little wider (within the window: larger text makes them wide).
        gap = max(8, rows[0].h // 4)
        pair_w = min(rows[0].w * 3 // 2, int(size[0] * 0.96)) - rows[0].w
        pairs = [layout.split_h(r.inflate(pair_w, 0), 2, gap) for r in rows[2:]]
        first = layout.split_h(rows[0].inflate(pair_w, 0), 2, gap)
        self.buttons_top = rows[0].y  # the picture and the subtitle stay above them
        rects = first + rows[1:2] + [r for pair in pairs for r in pair]
        items = [
            ("new", _("New game"), self.new_game, "primary"),
            ("continue", _("Continue"), self.resume, "secondary"),
            ("join", _("Join a table"), self.join_table, "secondary"),
            ("load", _("Load a game"), self.load_game, "secondary"),
            ("records", _("Game records"), self.records, "secondary"),
            ("stats", _("Statistics"), self.statistics, "secondary"),
            ("rules", _("How to play"), self.rules, "secondary"),
            ("settings", _("Settings"), self.open_settings, "secondary"),
            ("quit", _("Quit"), self.app.quit, "secondary"),
        ]
        buttons = []
        for (name, label, action, style), r in zip(items, rects, strict=True):
            b = Button(name, label, action, r, style=style)
            buttons.append(b)
        buttons[1].enabled = self.can_continue
        self.focus.set(buttons)
        if self.focus.focus < 0:
            self.focus.focus_name("new")

    def on_enter(self) -> None:
        # A new player (first start) is offered a guided first game, once.
        if not self.app.settings.guide_offered:
            self.app.manager.open("guide-offer")

    # --- going back to the networked table the game stopped at (net/comeback.py) -------
    def look_for_comeback(self) -> None:
        """At the start of the game (``App.start``, once): if the window sat at a
        networked table when the game stopped, go back to it in the background (the
        title stays usable)."""
        app = self.app
        if app.comeback_looked:
            return
        app.comeback_looked = True
        from solemio.net.comeback import Comeback
        from solemio.net.hosting import rejoin_or_rehost
        from solemio.ui.netplay import client_name, seat_name

        client, advertise = client_name(), self.advertise

        def attempt(server: str, code: str):  # type: ignore[no-untyped-def]
            return rejoin_or_rehost(server, code, client, seat_name, advertise)

        app.comeback = Comeback.of_last_table(attempt=attempt)
        if app.comeback is not None:
            app.comeback.start()

    advertise = True  # a table hosted again is listed on the local network

    def comeback_text(self) -> str:
        """What the title says of the table it goes back to ("" when nothing to say)."""
        cb = self.app.comeback
        if cb is None:
            return ""
        code = cb.code
        return {
            "trying": _("Going back to table {code}…", code=code),
            "retrying": _("Going back to table {code}: its server does not answer yet, "
                          "trying again. You may choose anything else meanwhile.", code=code),
            "gone": _("Table {code} is no longer on its server: it is forgotten.", code=code),
            "seat-gone": _("Table {code} no longer knows your seat: it is forgotten.",
                           code=code),
            "over": _("The game at table {code} is over: it is forgotten.", code=code),
            "refused": _("Table {code} could not be taken back: its server refused (it may "
                         "speak another version of the game).", code=code),
        }.get(cb.state, "")

    def stop_comeback(self) -> None:
        """The player chose something else: the table is not gone back to (its seats stay
        theirs, under Join a table's "Your tables")."""
        cb = self.app.comeback
        if cb is not None:
            cb.cancel()

    def back_at_table(self, session, hosted) -> None:  # type: ignore[no-untyped-def]
        from solemio.ui.netplay import NetPlay

        app = self.app
        app.comeback = None
        app.leave_network()
        app.network = NetPlay(session, hosted, notice=_(
            "Back at table {code}: the game goes on where it is.", code=session.code))
        app.narrator.say(app.network.notice)
        app.manager.open("table", session)

    def on_resume(self) -> None:
        self.can_continue = self._can_continue()
        self.layout(self.app.size)

    #: Escape here quits the game: a controller's B or Start must not (ui/controller.py).
    escape_quits = True

    def on_escape(self) -> None:
        self.app.quit()

    def new_game(self) -> None:
        from solemio.savefiles import dismiss

        dismiss()
        self.stop_comeback()
        self.app.manager.open("new-game")

    def resume(self) -> None:
        from solemio.savefiles import dismiss
        from solemio.show import host as session

        dismiss()
        self.stop_comeback()
        sess = session.load_autosave()
        if sess is None:
            self.can_continue = False
            self.layout(self.size)
            return
        self.app.manager.open("table", sess)

    def join_table(self) -> None:
        from solemio.savefiles import dismiss

        dismiss()
        self.stop_comeback()
        self.app.manager.open("join")

    def records(self) -> None:
        self.stop_comeback()
        self.app.manager.open("records")

    def load_game(self) -> None:
        self.stop_comeback()
        self.app.manager.open("saves")

    def statistics(self) -> None:
        self.app.manager.open("stats")

    def rules(self) -> None:
        self.app.manager.open("rules")

    def open_settings(self) -> None:
        self.app.manager.open("settings")

    def update(self, dt: float) -> None:
        self.t += dt
        cb = self.app.comeback
        if cb is not None and cb.state == "done":
            found = cb.take()
            if found is not None:
                self.back_at_table(*found)
                return
        said = self.comeback_text()
        if said != getattr(self, "_comeback_said", ""):
            self._comeback_said = said
            self.app.narrator.say(said)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        # A fan of the five ingredients behind the title: the game at a glance, between
        # the title and the subtitle above the buttons (larger text: taller buttons, a
        # smaller fan).
        sub = theme.fit_text(_("a pizza card game of memory and nerve"), int(h * 0.03),
                             int(w * 0.94), theme.CREAM_DARK)
        top = getattr(self, "buttons_top", int(h * 0.53))
        sub_y = min(int(h * 0.48), top - sub.get_height() // 2 - max(4, h // 80))
        room = sub_y - sub.get_height() // 2 - int(h * 0.17)
        ch = max(int(h * 0.06), min(int(h * 0.2), int(room * 0.85)))
        cw, ch = layout.card_size(ch)
        kinds = KINDS
        cx = w // 2
        base_y = min(int(h * 0.295), int(h * 0.17) + room // 2)
        for i, kind in enumerate(kinds):
            angle = (i - 2) * 11
            card = self.app.cards.ingredient(kind, 2 if i == 2 else 1, (cw, ch))
            rot = pygame.transform.rotozoom(card, -angle, 1.0)
            bob = 0.0 if anim.REDUCED else math.sin(self.t * 1.3 + i) * h * 0.004
            x = cx + (i - 2) * cw * 0.78
            y = base_y + abs(i - 2) * ch * 0.05 + bob
            surface.blit(rot, rot.get_rect(center=(int(x), int(y))))
        title_text(surface, "Sole Mio!", (w // 2, int(h * 0.1)), int(h * 0.115))
        surface.blit(sub, sub.get_rect(center=(w // 2, sub_y)))
        self.focus.draw(surface)
        self.draw_notices(surface)
        foot = theme.fit_text(access.hints(self.app), max(11, int(h * 0.02)), int(w * 0.96),
                              theme.CREAM_DARK)
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - int(h * 0.012))))

    def draw_notices(self, surface: pygame.Surface) -> None:
        """Saves that could not be used and house variants that cannot be offered, one
        sentence each (see solemio.savefiles; a variant's error names its file and line)."""
        from solemio.savefiles import pending

        notices = pending()
        comeback = self.comeback_text()
        if not notices and not self.broken_variants and not comeback:
            return
        w, h = self.size
        px = max(11, int(h * 0.022))
        lines = [comeback] if comeback else []
        lines += [n.sentence() for n in notices[:2]]
        if len(notices) > 2:
            lines.append(ngettext("… and {n} more file set aside.",
                                  "… and {n} more files set aside.", len(notices) - 2))
        for fault in self.broken_variants[:2]:
            lines.append(_("This house variant cannot be played: {error}",
                           error=source_error_text(fault, file=Path(fault.file).name)))
        if len(self.broken_variants) > 2:
            lines.append(ngettext("… and {n} more house variant that cannot be played.",
                                  "… and {n} more house variants that cannot be played.",
                                  len(self.broken_variants) - 2))
        # A band along the top, above the title: never over a button.
        surfs = [theme.fit_text(line, px, int(w * 0.94), theme.GOLD, bold=True)
                 for line in lines]
        line_h = int(px * 1.35)
        band = pygame.Rect(0, 0, w, line_h * len(surfs) + px // 2)
        theme.rounded_panel(surface, band, (30, 18, 10, 200), radius=0, shadow=False)
        y = px // 4
        for t in surfs:
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += line_h
