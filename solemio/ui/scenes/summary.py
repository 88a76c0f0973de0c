"""Between rounds: what each seat filled, who starts next, what stays in the oven."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.i18n import _, data_text, ngettext
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.table import seats
from solemio.ui.widgets import Button


class RoundSummaryScene(WidgetScene):
    def __init__(self, app: Any, session: Any, ev: dict, before: list[int]) -> None:
        super().__init__(app)
        self.session = session
        self.ev = ev
        self.before = before  # filled orders per seat when the round started

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        r = layout.menu_column(size, 1, top_frac=0.86, width_frac=0.22)[0]
        self.focus.set([Button("continue", _("On to round {n}", n=self.ev["round"]),
                               self.next_round, r, style="good")])
        self.focus.focus = 0

    def next_round(self) -> None:
        self.app.manager.pop(self)

    def on_escape(self) -> None:
        """Escape opens the menu here too, as everywhere in a game."""
        self.app.manager.open("pause", self.session)

    def spoken_prompt(self) -> str:
        """The screen in words, for speech (ui/narrator.py): the title, each seat's orders
        this round and in all, who starts the next round."""
        s = self.session
        parts = [_("Round {n} scored", n=self.ev["round"] - 1) + "."]
        for seat in range(len(s.seats)):
            filled = len(s.show.seats[seat].filled)
            new = ngettext("+{n} this round", "+{n} this round", filled - self.before[seat])
            total = ngettext("{n} filled order", "{n} filled orders", filled)
            parts.append(_("{name}: {what}", name=s.names[seat], what=f"{new}, {total}") + ".")
        first = self.ev.get("first", 0)
        card = data_text(s.cardset.scorer_name)
        parts.append(_("You hold the {card} card and start round {r}.", card=card,
                       r=self.ev["round"]) if s.you(first) else
                     _("{name} holds the {card} card and starts round {r}.",
                       name=s.names[first], card=card, r=self.ev["round"]))
        return " ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        s = self.session
        view = s.show  # the piles as the show left them (no hand is drawn here)
        title_text(surface, _("Round {n} scored", n=self.ev["round"] - 1), (w // 2, int(h * 0.09)),
                   int(h * 0.085))
        n = len(s.seats)
        area = pygame.Rect(int(w * 0.08), int(h * 0.18), int(w * 0.84), int(h * 0.56))
        rows = layout.split_v(area, n, max(4, h // 90))
        for seat, row in enumerate(rows):
            theme.rounded_panel(surface, row, (250, 241, 220, 235), radius=row.h // 5)
            rad = int(row.h * 0.32)
            seats.seat_token(self.app, surface, s.seats[seat].colour,
                             (row.x + rad + row.h // 5, row.centery), rad)
            name = theme.fit_text(s.names[seat], int(row.h * 0.36), int(row.w * 0.2), theme.INK,
                                  bold=True)
            surface.blit(name, (row.x + 2 * rad + row.h // 2, row.centery - name.get_height() // 2))
            filled = view.seats[seat].filled
            new = len(filled) - self.before[seat]
            txt = ngettext("+{n} this round", "+{n} this round", new)
            cw, ch = layout.card_size(row.h * 0.84)
            x = row.x + int(row.w * 0.46)
            tx = row.x + int(row.w * 0.3)
            # Up to the first card, whatever the language's length.
            t = theme.fit_text(txt, int(row.h * 0.3), x - tx - row.h // 8,
                               theme.BASIL_DARK if new else theme.MUTED, bold=True)
            surface.blit(t, (tx, row.centery - t.get_height() // 2))
            step = min(cw + 4, (row.right - x - cw - row.h) // max(1, len(filled) - 1)
                       if len(filled) > 1 else cw)
            for i, face in enumerate(filled):
                img = self.app.cards.face(face, s.cardset, (cw, ch), s.cardset.scorer_name)
                shadowed(surface, img, (x + i * step, row.y + (row.h - ch) // 2))
            tot = theme.text(str(len(filled)), int(row.h * 0.5), theme.INK, bold=True)
            surface.blit(tot, tot.get_rect(midright=(row.right - row.h // 4, row.centery)))
        first = self.ev.get("first", 0)
        carried = len(self.ev.get("oven", []))
        card = data_text(s.cardset.scorer_name)
        line = (_("You hold the {card} card and start round {r}.", card=card, r=self.ev["round"])
                if s.you(first) else
                _("{name} holds the {card} card and starts round {r}.", name=s.names[first],
                  card=card, r=self.ev["round"])) + "  " + ngettext(
            "{n} card stays in the oven.", "{n} cards stay in the oven.", carried)
        t = theme.fit_text(line, int(h * 0.03), int(w * 0.9), theme.CREAM, bold=True)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.79))))
        self.focus.draw(surface)
