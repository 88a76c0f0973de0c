"""The end: filled orders per player, the winner, the tie-break explained, play again."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.engine import events as E
from solemio.i18n import _, ngettext
from solemio.texts import and_list
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.scene import make_scene
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.table import seats
from solemio.ui.widgets import Button


def tie_break_text(ev: dict, names: list[str], you: int | None = None) -> str:
    """Why the winner won, in words, when filled orders alone did not decide."""
    winners = ev.get("winners", [])
    tb = ev.get("tie_break")
    units = ev.get("hand_units") or []
    if tb == "hand-units" and winners:
        w = winners[0]
        if w == you:
            return _("Tied on filled orders: you win with the most ingredient units in hand "
                     "({n}; a double counts 2).", n=units[w] if units else "?")
        return _("Tied on filled orders: {name} wins with the most ingredient units in hand "
                 "({n}; a double counts 2).", name=names[w], n=units[w] if units else "?")
    if tb == "shared":
        return _("Tied on filled orders and on ingredient units in hand: the win is shared.")
    return ""


class GameOverScene(WidgetScene):
    def __init__(self, app: Any, session: Any, ev: dict | None = None) -> None:
        super().__init__(app)
        self.session = session
        if ev is None:
            evs = [e for e in session.table.events() if e["type"] == E.GAME_OVER]
            ev = evs[-1] if evs else {"filled": session.table.scores(),
                                      "winners": list(session.show.winners), "tie_break": None}
        self.ev = ev
        from solemio.show.host import clear_autosave

        clear_autosave()
        if hasattr(session, "game_finished"):
            session.game_finished()  # its record kept, counted in the statistics
        app.sound.play("filled")

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        rects = layout.split_h(pygame.Rect(w // 2 - int(w * 0.42), int(h * 0.86), int(w * 0.84),
                                           int(max(40, h * 0.07))), 4, int(w * 0.02))
        self.focus.set([
            Button("again", _("Play again"), self.again, rects[0], style="good"),
            Button("replay", _("Watch the replay"), self.watch, rects[1], style="secondary"),
            Button("coach", _("Coach"), self.coach, rects[2], style="secondary",
                   tooltip=_("Why your orders failed, and what would have worked")),
            Button("title", _("Title screen"), self.to_title, rects[3], style="secondary"),
        ])
        # a networked table is over for everybody: a new one is hosted again
        self.focus.widgets[0].enabled = getattr(self.session, "client", None) is None
        # the replay and the coach need the whole game: a networked table's server hands
        # it out at the end (net/session.py), unless the connection is gone by then
        whole = getattr(self.session, "whole_game", None)
        for w in self.focus.widgets[1:3]:
            w.enabled = whole is None or whole() is not None
        self.focus.focus = next(i for i, w in enumerate(self.focus.widgets) if w.enabled)
        from solemio.ui.netplay import can_say, say_button

        if can_say(self.session):  # "Well played!": where Menu is at the table
            spot = layout.table_layout(size, len(self.session.seats)).menu_button
            self.focus.widgets.append(say_button(self.app, spot, self.session))

    def again(self) -> None:
        from solemio.show.host import GameSession

        s = self.session
        sess = GameSession(s.cardset, s.seats, s.seed + 1, None)
        self.app.manager.swap("table", sess)

    def watch(self, coach: bool = False) -> None:
        from solemio.records import seats_extra

        path = self.session.keep_record() if hasattr(self.session, "keep_record") else None
        self.app.manager.open("replay", self.session.game, seats_extra(self.session.seats),
                              coach=coach, path=path)

    def coach(self) -> None:
        """The replay with the coach's findings beside it."""
        self.watch(coach=True)

    def to_title(self) -> None:
        self.app.leave_network()
        self.app.manager.reset(make_scene("title", self.app))

    def on_escape(self) -> None:
        self.to_title()

    def headline(self) -> str:
        """Who won: the screen's title, and the first words said of it."""
        s = self.session
        winners = self.ev.get("winners", [])
        if len(winners) == 1:
            return _("You win!") if s.you(winners[0]) else _("{name} wins!",
                                                              name=s.names[winners[0]])
        return _("Shared win: {names}", names=and_list([s.names[i] for i in winners]))

    def spoken_prompt(self) -> str:
        """The screen in words, for speech (ui/narrator.py): who won, each seat's orders."""
        s = self.session
        names = s.names
        head = self.headline()
        parts = [head if head.endswith("!") else head + "."]
        tb = tie_break_text(self.ev, names, next((i for i in s.persons if s.you(i)), None))
        if tb:
            parts.append(tb)
        for seat in range(len(s.seats)):
            n = len(s.show.seats[seat].filled)
            parts.append(_("{name}: {what}", name=names[seat],
                           what=ngettext("{n} filled order", "{n} filled orders", n)) + ".")
        return " ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        s = self.session
        names = s.names
        winners = self.ev.get("winners", [])
        title_text(surface, self.headline(), (w // 2, int(h * 0.09)), int(h * 0.09))
        tb = tie_break_text(self.ev, names, next((i for i in s.persons if s.you(i)), None))
        if tb:
            t = theme.fit_text(tb, int(h * 0.028), int(w * 0.9), theme.CREAM, bold=True,
                               max_h=int(h * 0.05))
            surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.175))))
        view = s.show
        n = len(s.seats)
        order = sorted(range(n), key=lambda i: (-len(view.seats[i].filled), i))
        area = pygame.Rect(int(w * 0.08), int(h * 0.22), int(w * 0.84), int(h * 0.6))
        rows = layout.split_v(area, n, max(4, h // 90))
        units = self.ev.get("hand_units") or []
        for row, seat in zip(rows, order, strict=True):
            win = seat in winners
            theme.rounded_panel(surface, row, (255, 236, 170, 245) if win else
                                (250, 241, 220, 230), radius=row.h // 5,
                                border=theme.GOLD if win else None, border_w=3)
            rad = int(row.h * 0.32)
            seats.seat_token(self.app, surface, s.seats[seat].colour,
                             (row.x + rad + row.h // 5, row.centery), rad)
            # At a large text size the words stay in their half of the row (theme.capped_px).
            name = theme.fit_text(names[seat], int(row.h * 0.36), int(row.w * 0.2), theme.INK,
                                  bold=True, max_h=int(row.h * 0.48))
            surface.blit(name, (row.x + 2 * rad + row.h // 2, row.centery - name.get_height()))
            filled = view.seats[seat].filled
            sub = ngettext("{n} filled order", "{n} filled orders", len(filled))
            if units:
                sub += "  ·  " + ngettext("{n} unit in hand", "{n} units in hand", units[seat])
            tx = row.x + 2 * rad + row.h // 2
            # The filled cards start after the words: a third of the row, more (up to half)
            # when the line with the units in hand needs it (Dutch, two-digit counts).
            size = theme.capped_px(int(row.h * 0.24), int(row.h * 0.44))
            x = row.x + int(row.w * 0.36)
            x = min(row.x + row.w // 2,
                    max(x, tx + theme.text(sub, size, theme.WALNUT_MID).get_width() + 8))
            t = theme.fit_text(sub, size, x - tx - 8, theme.WALNUT_MID)
            surface.blit(t, (tx, row.centery + 2))
            cw, ch = layout.card_size(row.h * 0.84)
            avail = row.right - x - cw - row.h
            step = min(cw + 4, avail // max(1, len(filled) - 1)) if len(filled) > 1 else cw
            for i, face in enumerate(filled):
                img = self.app.cards.face(face, s.cardset, (cw, ch), s.cardset.scorer_name)
                shadowed(surface, img, (x + i * step, row.y + (row.h - ch) // 2))
            tot = theme.text(str(len(filled)), theme.capped_px(int(row.h * 0.5), row.h, True),
                             theme.INK, bold=True)
            surface.blit(tot, tot.get_rect(midright=(row.right - row.h // 4, row.centery)))
        self.focus.draw(surface)
