"""Memory training in the window: the oven's estimate before a reveal, the comparison after.

``EstimateScene`` opens over the reveal before the oven is turned over (Settings:
Memory training, off by default).  Each person at the table in turn estimates
the units of each kind in the oven with five tiles (the kind's picture, the
number, - and +; the keyboard: arrows move, Up/Down or +/- change, digits type,
Enter is done) or skips.  With several people a pass screen comes first for
each of them: nothing of anybody's hand is on screen, and nobody sees another
person's estimate being made.  ``EstimateResultScene`` opens when the reveal is
over: every estimate against what the reveal turned over, kind by kind, and
counts it in the statistics once, under the person's name (each person at a
hot-seat table has their own accuracy: beside each estimate with several
people, below them with one).  The state lives in solemio/show/memory.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.formats import number, percent
from solemio.i18n import _, ngettext
from solemio.show.memory import KINDS, EstimateModel, oven_truth
from solemio.texts import kind_plural, kind_units
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.table import seats
from solemio.ui.widgets import Button, Widget

DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(10)} | {
    getattr(pygame, f"K_KP{i}"): i for i in range(10)}
PLUS = (pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
MINUS = (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS)

GRADE_FILL = {"exact": (214, 236, 200), "close": (250, 232, 180), "far": (246, 206, 196)}
GRADE_EDGE = {"exact": theme.BASIL, "close": theme.CRUST, "far": theme.TOMATO}


class EstimateTile(Widget):
    """One kind's number: Up/Down or +/- change it, digits type it, Enter is done."""

    def __init__(self, scene: EstimateScene, index: int, rect: pygame.Rect) -> None:
        super().__init__(f"estimate-{KINDS[index]}", rect)
        self.scene = scene
        self.index = index

    def activate(self) -> None:
        self.scene.done()

    def click(self, pos: tuple[int, int]) -> None:
        pass  # a click only takes the focus; the - and + buttons change the number

    def spoken(self) -> str:
        return kind_units(KINDS[self.index], self.scene.model.units[self.index])

    def key(self, event: pygame.event.Event) -> bool:
        m = self.scene.model
        k = event.key
        if k in PLUS:
            m.change(self.index, 1)
        elif k in MINUS:
            m.change(self.index, -1)
        elif k in DIGITS:
            m.type_digit(self.index, DIGITS[k])
        elif k == pygame.K_BACKSPACE:
            m.set(self.index, m.units[self.index] // 10)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        r = self.rect
        kind = KINDS[self.index]
        theme.rounded_panel(surface, r, (255, 250, 236), radius=max(6, r.w // 10),
                            border=theme.GOLD if focused else theme.CRUST,
                            border_w=4 if focused else 2)
        icon = self.scene.app.cards.kind_icon(kind, int(min(r.w * 0.5, r.h * 0.36)))
        surface.blit(icon, icon.get_rect(midtop=(r.centerx, r.y + int(r.h * 0.06))))
        num = theme.fit_text(str(self.scene.model.units[self.index]), int(r.h * 0.3),
                             r.w - 8, theme.INK, bold=True)
        surface.blit(num, num.get_rect(center=(r.centerx, r.y + int(r.h * 0.64))))
        name = theme.fit_text(kind_plural(kind), int(r.h * 0.1), r.w - 8, theme.WALNUT_MID)
        surface.blit(name, name.get_rect(midbottom=(r.centerx, r.bottom - int(r.h * 0.04))))


def _small_button(name: str, label: str, action: Any, rect: pygame.Rect) -> Button:
    b = Button(name, label, action, rect, style="secondary")
    b.focusable = False  # the keyboard changes the number on its tile
    return b


class EstimateScene(WidgetScene):
    """Before the reveal: each person's estimate of the oven (or a skip)."""

    def __init__(self, app: Any, session: Any, round_no: int) -> None:
        super().__init__(app)
        self.session = session
        self.round = round_no
        rv = session.show.reveal  # at the round's end the oven is already turned over
        self.oven = rv.total if rv is not None else session.show.oven
        self.waiting = list(session.persons)  # the people still to estimate, in seat order
        self.shared = len(self.waiting) > 1
        self.passing = self.shared  # with several people, the pass screen first
        self.model = EstimateModel()
        self.tiles: list[pygame.Rect] = []

    @property
    def seat(self) -> int:
        return self.waiting[0]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        name = self.session.names[self.seat]
        if self.passing:
            ready, skip = layout.menu_column(size, 2, top_frac=0.6, width_frac=0.34)
            self.focus.set([
                Button("ready", _("I am {name}: estimate the oven", name=name), self.ready,
                       ready, style="good"),
                Button("skip", _("Skip the estimate"), self.skip, skip, style="secondary"),
            ])
            self.focus.focus = 0
            return
        row = pygame.Rect(int(w * 0.08), int(h * 0.33), int(w * 0.84), int(h * 0.36))
        gap = max(8, row.w // 40)
        tw = min((row.w - 4 * gap) // 5, int(row.h * 0.8))
        x0 = row.centerx - (5 * tw + 4 * gap) // 2
        bh = max(28, int(h * 0.05))
        tile_h = row.h - bh - gap // 2
        widgets: list[Widget] = []
        self.tiles = []
        for i in range(len(KINDS)):
            r = pygame.Rect(x0 + i * (tw + gap), row.y, tw, tile_h)
            self.tiles.append(r)
            widgets.append(EstimateTile(self, i, r))
            minus, plus = layout.split_h(pygame.Rect(r.x, r.bottom + gap // 2, r.w, bh), 2,
                                         max(4, gap // 2))
            widgets.append(_small_button(f"minus-{KINDS[i]}", "–",
                                         lambda i=i: self.model.change(i, -1), minus))
            widgets.append(_small_button(f"plus-{KINDS[i]}", "+",
                                         lambda i=i: self.model.change(i, 1), plus))
        bw = int(max(180, min(w * 0.22, 380)))
        by = row.bottom + int(h * 0.06)
        widgets.append(Button("done", _("Done"), self.done,
                              pygame.Rect(w // 2 - bw - gap // 2, by, bw, bh + 6), style="good"))
        widgets.append(Button("skip", _("Skip the estimate"), self.skip,
                              pygame.Rect(w // 2 + gap // 2, by, bw, bh + 6),
                              style="secondary"))
        self.focus.set(widgets)
        self.focus.focus_name(f"estimate-{KINDS[self.model.focus]}")

    # --- actions ------------------------------------------------------------------------
    def ready(self) -> None:
        self.passing = False
        self.layout(self.size)

    def done(self) -> None:
        self.session.memory.record(self.round, self.seat, self.model.estimate())
        if self.app.settings.learner_aid:
            self.session.memory.aided.add(self.round)
        self.next_person()

    def skip(self) -> None:
        self.next_person()

    def next_person(self) -> None:
        # Kept in the autosave at once: a game continued from it in the middle of the
        # reveal still gives this estimate's result.
        self.session.autosave(background=True)
        self.waiting.pop(0)
        if not self.waiting:
            self.app.manager.pop(self)
            return
        self.model = EstimateModel()
        self.passing = True
        self.layout(self.size)

    def on_escape(self) -> None:
        self.app.manager.open("pause", self.session)

    # --- painting -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        name = self.session.names[self.seat]
        if self.passing:
            colour = self.session.seats[self.seat].colour
            seats.seat_token(self.app, surface, colour, (w // 2, int(h * 0.22)), int(h * 0.08))
            title_text(surface, _("Pass to {name}", name=name), (w // 2, int(h * 0.38)),
                       int(h * 0.09))
            theme.draw_wrapped(surface, _(
                "Memory training: {name} estimates what lies in the oven before it is "
                "turned over. Everyone else, please look away.", name=name),
                pygame.Rect(int(w * 0.2), int(h * 0.46), int(w * 0.6), int(h * 0.11)),
                max(12, int(h * 0.03)), theme.CREAM_DARK, centre=True)
            self.focus.draw(surface)
            return
        head = _("What is in the oven?")
        title_text(surface, head, (w // 2, int(h * 0.1)), int(h * 0.08))
        who = _("Your estimate") if self.session.you(self.seat) else \
            _("{name}'s estimate", name=name)
        text = _("{who}: how many units of each kind went into the oven this round, the "
                 "cards left over from the last round included? It holds {n} cards, orders "
                 "included (a double counts 2 units).", who=who, n=self.oven)
        theme.draw_wrapped(surface, text, pygame.Rect(int(w * 0.12), int(h * 0.17),
                                                      int(w * 0.76), int(h * 0.12)),
                           max(12, int(h * 0.028)), theme.CREAM, centre=True)
        hint = _("Arrows: choose a kind · Up / Down or + / –: change · digits: type · "
                 "Enter: done")
        t = theme.fit_text(hint, max(11, int(h * 0.022)), int(w * 0.9), theme.CREAM_DARK)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.94))))
        self.focus.draw(surface)


class EstimateResultScene(WidgetScene):
    """After the reveal: each estimate against the oven as it was turned over."""

    def __init__(self, app: Any, session: Any, round_no: int) -> None:
        super().__init__(app)
        self.session = session
        self.round = round_no
        truth = oven_truth(session.game.events_for(None), round_no) or (0,) * len(KINDS)
        self.truth = truth
        self.results = session.memory.comparisons(round_no, truth)
        session.memory.shown.add(round_no)
        from solemio import stats

        counted = None
        if session.memory.to_count(round_no):
            counted = stats.add_estimates(session.cardset.id, round_no,
                                          [(session.names[c.seat], c.exact, c.off, c.total)
                                           for c in self.results])
        self.so_far = counted or stats.load()  # every estimate so far (the statistics)

    def accuracy(self, seat: int) -> Any:
        """The statistics of the person at ``seat`` (their estimates so far, by name)."""
        return self.so_far.of(self.session.names[seat])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        r = pygame.Rect(0, 0, int(max(200, min(w * 0.24, 400))), int(max(36, h * 0.065)))
        r.midbottom = (w // 2, h - int(h * 0.05))
        self.focus.set([Button("continue", _("Continue"), self.close, r, style="good")])
        self.focus.focus = 0

    def close(self) -> None:
        self.app.manager.pop(self)

    def on_escape(self) -> None:
        self.close()

    def rows(self) -> list[pygame.Rect]:
        w, h = self.size
        n = max(1, len(self.results))
        area = pygame.Rect(int(w * 0.05), int(h * 0.2), int(w * 0.9), int(h * 0.62))
        gap = max(6, int(h * 0.015))
        rh = min(int(h * 0.22), (area.h - (n - 1) * gap) // n)
        return [pygame.Rect(area.x, area.y + i * (rh + gap), area.w, rh) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Your memory of the oven") if len(self.session.persons) <= 1
                   else _("Memory of the oven"), (w // 2, int(h * 0.08)), int(h * 0.075))
        t = theme.fit_text(_("Each kind: the estimate, and what the oven held"),
                           max(12, int(h * 0.028)), int(w * 0.9), theme.CREAM_DARK)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.155))))
        rows = self.rows()
        for comp, row in zip(self.results, rows, strict=False):
            self.draw_row(surface, comp, row)
        st = self.accuracy(self.results[0].seat) if len(self.results) == 1 else None
        if self.round in self.session.memory.aided and rows:
            t = theme.fit_text(_("Not counted in the statistics: the learner's aid showed "
                                 "the oven's tally."), max(12, int(h * 0.028)), int(w * 0.9),
                               theme.CREAM)
            y = rows[min(len(rows), len(self.results)) - 1].bottom + int(h * 0.04)
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
        elif st is not None and st.estimates and rows:
            # how this person's memory has done over all their estimates so far
            words = _("Kinds estimated exactly: {pct}", pct=percent(st.exact_share)) + \
                "   ·   " + _("Units off per estimate: {x} (the last 5: {y})",
                              x=number(st.off_per_estimate(), 1),
                              y=number(st.off_per_estimate(last=5), 1))
            t = theme.fit_text(words, max(12, int(h * 0.028)), int(w * 0.9), theme.CREAM)
            y = rows[min(len(rows), len(self.results)) - 1].bottom + int(h * 0.04)
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
        self.focus.draw(surface)

    def draw_row(self, surface: pygame.Surface, comp: Any, row: pygame.Rect) -> None:
        theme.rounded_panel(surface, row, (250, 241, 220, 235), radius=max(6, row.h // 10))
        pad = max(6, row.h // 12)
        name_w = int(row.w * 0.2)
        px = max(11, min(int(row.h * 0.16), int(self.size[1] * 0.03)))
        who = _("You") if self.session.you(comp.seat) else self.session.names[comp.seat]
        head = theme.fit_text(who, px, name_w - pad, theme.INK, bold=True)
        surface.blit(head, (row.x + pad, row.y + pad))
        small = max(10, int(px * 0.8))
        own = None  # with several people: this person's accuracy so far, beside the estimate
        if len(self.results) > 1 and self.round not in self.session.memory.aided:
            st = self.accuracy(comp.seat)
            if st.estimates:
                own = theme.fit_text(_("Kinds exact so far: {pct}",
                                       pct=percent(st.exact_share)),
                                     small, name_w - pad, theme.INK)
        below = own.get_height() + pad // 2 if own is not None else 0
        theme.draw_wrapped(surface, ngettext(
            "{n} kind exact, {off} units off", "{n} kinds exact, {off} units off", comp.exact,
            off=comp.off), pygame.Rect(row.x + pad, row.y + pad + int(px * 1.5), name_w - pad,
                                       row.h - 2 * pad - int(px * 1.5) - below),
            small, theme.WALNUT_MID)
        if own is not None:
            surface.blit(own, own.get_rect(bottomleft=(row.x + pad, row.bottom - pad)))
        cells = layout.split_h(pygame.Rect(row.x + name_w, row.y + pad, row.w - name_w - pad,
                                           row.h - 2 * pad), len(KINDS), pad)
        for k, cell in zip(comp.kinds, cells, strict=True):
            theme.rounded_panel(surface, cell, GRADE_FILL[k.grade], radius=max(4, cell.h // 8),
                                border=GRADE_EDGE[k.grade], border_w=2, shadow=False)
            icon = self.app.cards.kind_icon(k.kind, int(min(cell.h * 0.5, cell.w * 0.32)))
            surface.blit(icon, icon.get_rect(midleft=(cell.x + pad // 2, cell.centery)))
            tx = cell.x + icon.get_width() + pad
            tw = cell.right - tx - pad // 2
            lpx = max(10, min(int(cell.h * 0.22), px))
            a = theme.fit_text(_("estimate {n}", n=k.guess), lpx, tw, theme.INK)
            b = theme.fit_text(_("oven {n}", n=k.truth), lpx, tw, theme.INK, bold=True)
            total = a.get_height() + b.get_height()
            y = cell.centery - total // 2
            surface.blit(a, (tx, y))
            surface.blit(b, (tx, y + a.get_height()))
