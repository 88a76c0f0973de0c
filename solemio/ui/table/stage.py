"""Where a show state is painted: the parts the table and the reveal share.

A :class:`Stage` is what painting needs besides the show state itself: the app
(pictures, caches), the session (names, seats, card set), the layout, and who
sits at the bottom of the screen.  The scenes paint through it, and so does the
work done ahead (``ui/table/reveal/rehearsal.py``), which paints *future* show states with the
very same functions onto a scratch surface: nothing here reads a scene.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame

from solemio.i18n import _, data_text
from solemio.ui import layout, theme
from solemio.ui.table import flights, seats
from solemio.ui.table.piles import Piles
from solemio.ui.widgets import Button

Part = tuple  # (name, rectangle, key, paint): a still-frame part (theme.StaticFrame)


@dataclass
class Stage:
    """The window's arrangement for one session, and the painters of the shared parts."""

    app: Any
    session: Any
    L: layout.TableLayout
    size: tuple[int, int]
    bottom_seat: int | None  # the seat at the bottom of the screen (None: a spectator)

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is on screen (None: nobody's)."""
        return self.session.viewer

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Where each seat's panel is: the one at the screen at the bottom, the rest clockwise."""
        n = len(self.session.seats)
        b = self.bottom_seat
        out: dict[int, pygame.Rect] = {}
        if b is None:
            for i, r in enumerate(self.L.opponents):
                out[i] = r
            return out
        out[b] = self.L.me
        for i, r in enumerate(self.L.opponents):
            out[(b + 1 + i) % n] = r
        return out

    def spots(self) -> flights.Spots:
        """Where the turns' cards fly on the table: from a seat's hand pile (the person at
        the screen's: their panel) to the oven; drawn cards from the supply or the seat's
        stack pile to its hand's piles, or into the hand at the screen, at half the size.
        A panel's piles, never the whole panel: a card the panel's size covered its name
        and words."""
        rects = self.seat_rects()
        L = self.L
        viewer = self.viewer
        configs = self.session.seats

        def panel(seat: int) -> pygame.Rect:
            return rects.get(seat, L.me)

        def pile(seat: int, what: str) -> pygame.Rect:
            """A pile's small card in the seat's panel (its name and words stay clear)."""
            spot = seats.pile_spot(panel(seat), what, seat != viewer,
                                       self.session.show.scorer_holder == seat)
            return spot if spot is not None else panel(seat)

        def drawn_to(seat: int, what: str) -> pygame.Rect:
            return L.hand if seat == viewer else pile(seat, what)

        return flights.Spots(
            played_from=lambda seat: panel(seat) if seat == viewer else pile(seat, "ing"),
            oven=L.oven, supply=L.supply,
            stack=lambda seat: pile(seat, "stack"), drawn_scale=0.5,
            drawn_to=lambda seat: drawn_to(seat, "ing"),
            orders_drawn_to=lambda seat: drawn_to(seat, "ord"),
            colour=lambda seat: configs[seat].colour)

    def table_part(self) -> Part:
        """The table under everything, as the first part of a still frame."""
        app = self.app
        return ("table", pygame.Rect((0, 0), self.size), (),
                lambda surf: surf.blit(app.cards.table(surf.get_size()), (0, 0)))

    def seat_parts(self, view: Any, active: int | None) -> list[Part]:
        """One still-frame part per seat panel (its cached layer's rectangle), showing
        ``view`` (the view as far as the show has got: :func:`shown_view`)."""
        s = self.session
        out = []
        for seat, r in self.seat_rects().items():
            m = max(8, r.h // 12)  # the panel's layer margin (seats.seat_panel)
            info = view.seats[seat]
            cfg = s.seats[seat]
            key = (tuple(r), info, cfg.name, seats.seat_tag(s, seat), cfg.person, cfg.level,
                   active == seat, view.scorer_holder == seat, seat != s.viewer,
                   s.cardset.scorer_name)

            def paint(surf: pygame.Surface, seat: int = seat, r: pygame.Rect = r) -> None:
                seats.seat_panel(self.app, surf, r, view, seat, s, active == seat,
                                 show_hand_backs=(seat != s.viewer))

            out.append((f"seat{seat}", r.inflate(2 * m, 2 * m), key, paint))
        return out

    def bar_limit(self) -> int:
        """Where the top bar's words end: before the buttons in the bar."""
        L = self.L
        return min(L.skip_button.x, L.menu_button.x) - L.top_bar.h // 2

    def top_bar_part(self, title: str) -> Part:
        bar = self.L.top_bar
        limit = self.bar_limit()
        rect = pygame.Rect(0, bar.y - bar.h, max(1, limit), bar.h * 3)
        return ("top-bar", rect, (title, data_text(self.session.cardset.name)),
                lambda surf: self.draw_top_bar(surf, title))

    def draw_top_bar(self, surface: pygame.Surface, title: str) -> None:
        L = self.L
        bar = L.top_bar
        # The bar grew with the text size (layout.table_layout); the edition's name is the
        # bar's logo and keeps its size, leaving the room to the words of the round.
        base_h = bar.h / layout.text_grow(1.25)
        px = int(base_h * 0.5)
        t = theme.text(data_text(self.session.cardset.name), theme.unscaled(int(base_h * 0.7)),
                       theme.CREAM, display=True)
        surface.blit(t, (bar.x, bar.centery - t.get_height() // 2))
        x = bar.x + t.get_width() + bar.h // 2
        limit = self.bar_limit()
        sub = theme.fit_text(title, px, max(10, limit - x), theme.CREAM_DARK, bold=True)
        surface.blit(sub, (x, bar.centery - sub.get_height() // 2))

    def draw_banner(self, surface: pygame.Surface, b: dict | None, crosses: Any = None) -> None:
        """An announcement's bubble (``b``: seat, lines, t, dur, icon) by its seat's panel;
        ``crosses(area, tail)``: whether a tail would cross what must stay in view."""
        if not b:
            return
        t, dur = b["t"], b["dur"]
        alpha = min(1.0, t / 0.12, (dur - t) / 0.25 if dur > 0 else 1.0)
        tail = None
        rects = self.seat_rects()
        area = self.L.announce
        if b["seat"] is not None and b["seat"] in rects:
            r = rects[b["seat"]]
            if b["seat"] == self.bottom_seat and self.L.me_announce.w > 0:
                # The person at the screen speaks just above their own hand, left of the
                # oven's label (at a large text size it is wider than the oven's card).
                area = self.L.me_announce
                if layout.text_grow() > 1:
                    lab = Piles(self.app, self.session.cardset, self.L).oven_label_rect(99)
                    left = lab.x - self.L.margin
                    if left < area.right and lab.bottom > area.y and lab.y < area.bottom:
                        area = pygame.Rect(area.x, area.y, max(area.w // 2, left - area.x),
                                           area.h)
                tail = (r.right - r.w // 4, r.top + 4)
            else:
                tail = (r.centerx, r.bottom - 4) if r.centery < area.centery else (
                    r.centerx, r.top + 4)
        if tail is not None and crosses is not None and crosses(area, tail):
            tail = None  # the first line names the speaker anyway
        icon = None
        if b.get("icon"):
            icon = self.app.cards.kind_icon(b["icon"], int(area.h * 0.6))
        seats.bubble(surface, area, b["lines"], tail, alpha, icon)


def menu_button(L: layout.TableLayout, action: Any) -> Button:
    """The Menu button of the table and the reveal."""
    return Button("menu", _("Menu"), action, L.menu_button, style="secondary")


def shown_view(view: Any, show: Any) -> Any:
    """``view`` (the engine's, for the viewer) as far as the show has got: the seats'
    piles, filled orders, the scorer card, the supply and the hand come from the show
    state, so no panel gives away what the show has not reached."""
    infos = tuple(dataclasses.replace(si, ingredients=ss.ingredients, orders=ss.orders,
                                      stack=ss.stack, filled=ss.filled)
                  for si, ss in zip(view.seats, show.seats, strict=True))
    return dataclasses.replace(view, seats=infos, scorer_holder=show.scorer_holder,
                               supply=show.supply, hand=show.hand)


def without_leaving(view: Any, leaving: tuple, failed_to_stack: bool) -> Any:
    """``view`` less the orders still flying to their owners (``leaving``: (seat, face,
    filled) each): a flying card is not also drawn where it lands (the filled pile, or
    the stack it goes under)."""
    if not leaving:
        return view
    infos = list(view.seats)
    for seat, face, filled in leaving:
        si = infos[seat]
        if filled and face in si.filled:
            pile = list(si.filled)
            del pile[len(pile) - 1 - pile[::-1].index(face)]
            si = dataclasses.replace(si, filled=type(si.filled)(pile))
        elif not filled and failed_to_stack and si.stack > 0:
            si = dataclasses.replace(si, stack=si.stack - 1)
        infos[seat] = si
    return dataclasses.replace(view, seats=tuple(infos))
