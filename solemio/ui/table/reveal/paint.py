"""The reveal's drawing: a show state painted as the oven reveal.

Everything here paints a given :class:`~solemio.show.state.ShowState` (the
columns, the order on show with its notes, the oven, the hand, the seat panels)
plus a :class:`Screen`, what only the screen knows (the cards still in flight).
The reveal scene paints the show as it stands; the work done ahead
(``ui/table/reveal/rehearsal.py``) paints future show states with the same functions onto a
scratch surface, so the caches fill with exactly the keys the real frames use.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame

from solemio.announce import order_log, reveal_title
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.formats import short_number
from solemio.i18n import _, ngettext, pgettext
from solemio.show.missing import panel_lines
from solemio.show.state import OrderShow
from solemio.texts import spec_explain
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.netplay import can_say
from solemio.ui.table import flights, seats
from solemio.ui.table.stage import Part, Stage, without_leaving
from solemio.ui.widgets import Button


@dataclass(frozen=True)
class Screen:
    """What the screen shows besides the show state: cards on their way."""

    flying: tuple[int, ...] = (0, 0, 0, 0, 0)  # per column: its latest cards still flying in
    order_away: bool = False  # the order card flying in, or gone back to its owner
    leaving: tuple[tuple, ...] = ()  # (seat, face, filled): orders flying to their owners


STILL = Screen()


def screen_of(flying: list, cur: Any, left_at: tuple | None, t: float, skip: bool) -> Screen:
    """What the screen shows besides the show state, from the flights under way: each
    column's cards still flying in, whether the order on show (``cur``) is away (its
    card flying in, or gone to its owner once ``left_at`` = (face, moment) has passed,
    or skipped past), and the orders flying to their owners."""
    tags = Counter(f.tag for f in flying if isinstance(f.tag, int))
    away = cur is not None and any(f.image_key == ("face", cur.face) and f.started
                                   for f in flying)
    if cur is not None and left_at is not None and left_at[0] == cur.face and t >= left_at[1]:
        away = True  # the card has left for its owner: only the outcome stays
    if cur is not None and skip and cur.status is not None and cur.queue:
        away = True  # skipping ahead: no card flies, a series' next member shows at once
    leaving = tuple(f.tag[1:] for f in flying if isinstance(f.tag, tuple) and f.tag[0] == "leaves")
    return Screen(tuple(tags.get(k, 0) for k in range(5)), away, leaving)


def order_on_show(show: Any, away: bool) -> tuple[Any, bool]:
    """The order the panel shows and whether its card is away: the order on show, or,
    once a series' member has left with its stamp, the series' next member (the show
    state moves on to it only at its first event, and that may wait for a decision about
    it: the cards that fill it, help asked for it)."""
    cur = show.reveal.current if show.reveal is not None else None
    if cur is not None and away and cur.status is not None and cur.queue:
        return OrderShow(face=cur.queue[0], owner=cur.owner, series=cur.series), False
    return cur, away


#: In the guided game the opponents' panels are at most this share of the row wide each
#: (about as wide as with four opponents), packed to the right: the guide speaks at the left.
GUIDED_PANEL_SHARE = 0.27


HAND_SHARE = 0.44  # of the bottom band at most: the hand (the choices take the rest)
HAND_SHARE_MIN = 0.36  # ... at least
CHOICE_MIN_W = 520  # pixels the choices keep beside the hand (a picker's tiles and words)
CHOICE_MIN_SHARE = 0.42  # ... and this share of the window's width
LARGE_FROM = 1.3  # from this text size on (layout.text_grow) ...
LARGE_BAND = 1.2  # ... the bottom band is this much taller ...
HAND_SHARE_LARGE = 0.3  # ... and the hand may take this little of it


def reveal_layout(size: tuple[int, int], n_seats: int, bottom_seat: int | None,
                  guide: bool = False) -> tuple[layout.TableLayout, pygame.Rect, pygame.Rect]:
    """The reveal's arrangement (the layout, the hand's area, the choices' area): wide
    columns, the hand and the choices below.  With ``guide`` (the guided first game) the
    opponents' panels are packed to the right of their row, leaving its left part free
    for the guide's words (``guide_room``)."""
    L = layout.table_layout(size, n_seats, spectator=bottom_seat is None)
    w, h = size
    m = L.margin
    if guide and L.opponents:
        k = len(L.opponents)
        row = pygame.Rect(m, L.opponents[0].y, w - 2 * m, L.opponents[0].h)
        pw = min(L.opponents[0].w, int(row.w * GUIDED_PANEL_SHARE))
        total = k * pw + (k - 1) * m
        L.opponents = layout.split_h(pygame.Rect(row.right - total, row.y, total, row.h), k, m)
    # A large text size: the band of the hand and the choices grows, the hand gives the
    # choices some of its width (the question and the answers keep the chosen size; the
    # columns above have room to spare).
    large = layout.text_grow() >= LARGE_FROM
    band_h = int(h * 0.29 * (LARGE_BAND if large else 1.0))
    band = pygame.Rect(m, h - m - band_h, w - 2 * m, band_h)
    side_w = L.me.w
    if bottom_seat is None:
        hand_area = pygame.Rect(0, 0, 0, 0)
        choice_area = pygame.Rect(band.x + side_w + m, band.y, band.w - 2 * side_w - 2 * m,
                                  band.h)
    else:
        L.me = pygame.Rect(band.x, band.y, side_w, band.h)
        # The hand as wide as its orders need (HAND_SHARE), as long as the choices keep
        # the room their pickers need (a small window keeps the older, narrower hand).
        room = band.w - side_w - 3 * m - max(CHOICE_MIN_W, int(w * CHOICE_MIN_SHARE))
        least = HAND_SHARE_LARGE if large else HAND_SHARE_MIN
        hw = int(max(band.w * least, min(band.w * HAND_SHARE, room)))
        hand_area = pygame.Rect(L.me.right + m, band.y, hw, band.h)
        choice_area = pygame.Rect(hand_area.right + 2 * m, band.y,
                                  band.right - hand_area.right - 2 * m, band.h)
        if large:
            # The question spans the hand's width too (RevealStage.prompt_box), the hand
            # below it: the question's words keep the chosen size on fewer lines.
            ph = int(band.h * RevealStage.prompt_share())
            hand_area = pygame.Rect(hand_area.x, band.y + ph, hw, band.h - ph)
    top = L.opponents[0].bottom + m if L.opponents else L.top_bar.bottom + m
    mid = pygame.Rect(m, top, w - 2 * m, band.y - top - m)
    # The order panel grows with the text size (its head, "Commande de Sofia", and its
    # explanation keep their size); the columns give way.
    ow = int(max(w * 0.17, 150) * layout.text_grow(1.6))
    L.reveal_order = pygame.Rect(mid.right - ow, mid.y, ow, mid.h)
    rcw, rch = layout.card_fit(w * 0.08, mid.h * 0.5)
    L.reveal_oven = pygame.Rect(mid.x, mid.y + m, rcw, rch)
    col_area = pygame.Rect(L.reveal_oven.right + 2 * m, mid.y,
                           L.reveal_order.x - L.reveal_oven.right - 4 * m, mid.h)
    # Speech bubbles get a strip of their own above the columns: they never cover
    # what the reveal is about (the opponents' panels speak down into it, the person
    # at the screen up into it).
    talk_h = max(34, int(h * 0.085))
    L.announce = pygame.Rect(col_area.x, col_area.y, col_area.w, talk_h)
    col_area = pygame.Rect(col_area.x, col_area.y + talk_h + m // 2, col_area.w,
                           col_area.h - talk_h - m // 2)
    L.columns = layout.split_h(col_area, 5, m)
    L.me_announce = pygame.Rect(0, 0, 0, 0)
    return L, hand_area, choice_area


def shared_size(fit: tuple[int, int], table: tuple[int, int],
                slack: float = 0.03) -> tuple[int, int]:
    """The table's oven card size instead of ``fit`` when they differ by at most ``slack``
    (a pixel or two): the orders on show are then the very pictures the table painted,
    not a second set one pixel apart (at 1920x1080 with five seats: 142x200 against
    143x201, some 13 MB of pictures and shadows kept twice)."""
    if all(abs(a - b) <= max(1.0, b * slack) for a, b in zip(fit, table, strict=True)):
        return table
    return fit


def guide_room(L: layout.TableLayout) -> pygame.Rect:
    """Where the guide speaks in the reveal: the opponents' row left of their panels (the
    columns, the order, the hand and the answers stay in view)."""
    m = L.margin
    top = L.top_bar.bottom + m
    if not L.opponents:
        return pygame.Rect(m, top, int(L.size[0] * 0.42), L.reveal_order.y - top - m)
    right = min(r.x for r in L.opponents) - m
    return pygame.Rect(m, L.opponents[0].y, max(0, right - m), L.opponents[0].h)


@dataclass
class RevealStage(Stage):
    """The reveal's stage: the shared parts plus the columns, the order panel, the oven,
    the hand and the prompt."""

    hand_area: pygame.Rect = field(default_factory=pygame.Rect)
    choice_area: pygame.Rect = field(default_factory=pygame.Rect)

    def bar_limit(self) -> int:
        limit = super().bar_limit()
        if can_say(self.session):  # the reveal's "Say…" sits left of Skip
            limit = min(limit, self.L.say_button.x - self.L.top_bar.h // 2)
        return limit

    # --- geometry -------------------------------------------------------------
    def column_slot(self, cols: tuple, k: int, i: int) -> pygame.Rect:
        col = self.L.columns[k]
        head = int(col.h * 0.16)
        cw, ch = layout.card_fit(col.w * 0.8, col.h * 0.5)
        n = max(len(cols[k]), i + 1)
        room = col.h - head - ch
        step = min(int(ch * 0.24), room // max(1, n - 1)) if n > 1 else 0
        return pygame.Rect(col.centerx - cw // 2, col.y + head + i * step, cw, ch)

    def order_rect(self) -> pygame.Rect:
        r = self.L.reveal_order
        # Larger text: a smaller card, so the order's words below keep their size.
        cw, ch = shared_size(layout.card_fit(r.w * 0.6, r.h * 0.46 / layout.text_grow(1.5)),
                             self.L.oven.size)
        return pygame.Rect(r.centerx - cw // 2, r.y + int(r.h * 0.06), cw, ch)

    def spots(self, cols: tuple = ((),) * 5, pace: Any = None) -> flights.Spots:
        """Where the reveal's cards fly: the oven's cards turned over on their way to
        their column or to the order panel, the ingredients used gathering on the order,
        the order leaving to its owner's panel; ``cols``: the columns now, ``pace``: the
        seconds at the speed chosen."""
        rects = self.seat_rects()
        order = self.order_rect()
        cardset = self.session.cardset

        def revealed_at(face: tuple) -> pygame.Rect:
            if face[0] in KINDS:
                k = KINDS.index(face[0])
                return self.column_slot(cols, k, len(cols[k]) - 1)
            return order

        def is_show_order(face: tuple) -> bool:
            try:
                return cardset.order(face[1]).otype.special == "show"
            except (AttributeError, KeyError):
                return False

        return flights.Spots(
            oven_turned=self.L.reveal_oven, revealed_at=revealed_at, turn_over=True,
            column_slot=lambda k, i: self.column_slot(cols, k, i),
            columns=tuple(len(c) for c in cols), order_on_show=order,
            owner_panel=rects.get, order_home=lambda seat, filled: seats.pile_spot(
                rects[seat], "filled" if filled else "stack", seat != self.viewer,
                self.session.show.scorer_holder == seat) if seat in rects else None,
            pace=pace or (lambda seconds: seconds),
            is_show_order=is_show_order)

    def tail_crosses(self, area: pygame.Rect, tail: tuple[int, int]) -> bool:
        """A bubble's tail never crosses the columns."""
        return any(col.clipline(area.center, tail) for col in self.L.columns)

    # --- the still parts --------------------------------------------------------
    def static_parts(self, show: Any, view: Any, screen: Screen, active: int | None,
                     hand_start: tuple[int, int] | None) -> list[Part]:
        """The reveal's still parts for ``show`` (``view``: the viewer's, merged with the
        show by ``stage.shown_view``), each with a key of everything it shows; the
        table first."""
        L = self.L
        r = show.reveal
        scorer = r.scorer if r is not None else max(0, view.scorer)
        round_no = r.round if r is not None else view.round
        parts = [self.table_part(), self.top_bar_part(reveal_title(self.session, scorer, round_no))]
        parts += self.seat_parts(without_leaving(view, screen.leaving, show.failed_to_stack),
                                 active)
        left = max(0, r.total - r.revealed) if r is not None else 0
        parts.append(("oven", self.oven_rect(left), (left,),
                      lambda surf: self.draw_oven(surf, left)))
        cols = r.columns if r is not None else ((),) * 5
        for k, (shown, n, units) in enumerate(columns_key(cols, screen.flying)):
            parts.append((f"column{k}", L.columns[k], (shown, n, units),
                          lambda surf, k=k, shown=shown, n=n, u=units: self.draw_column(
                              surf, cols, k, shown, n, u)))
        order_key = self.order_key(show, screen.order_away)
        parts.append(("order", L.reveal_order, order_key,
                      lambda surf: self.draw_order(surf, show, order_key)))
        if self.viewer is not None and self.hand_area.w > 0:
            hand = hand_faces(show)
            start = hand_start if hand_start is not None else hand_counts(hand)
            parts.append(("hand", self.hand_area, (hand, start),
                          lambda surf: self.draw_hand(surf, hand, start)))
        return parts

    # --- the oven -----------------------------------------------------------------
    def oven_label(self, left: int) -> pygame.Surface:
        r = self.L.reveal_oven
        px = max(11, int(r.h * 0.1))
        # Centred under the pile: never wider than the room left of the window's edge.
        return theme.fit_lines(ngettext("{n} card left", "{n} cards left", left), px,
                               2 * r.centerx - 4, theme.CREAM, bold=True)

    def oven_rect(self, left: int) -> pygame.Rect:
        """Where the oven pile and its label paint (the pile's edges go right and down)."""
        r = self.L.reveal_oven
        t = self.oven_label(left)
        px = max(11, int(r.h * 0.1))
        label = t.get_rect(midtop=(r.centerx, r.bottom + px // 2))
        return r.inflate(r.w // 2, r.h // 4).union(label.inflate(4, 4))

    def draw_oven(self, surface: pygame.Surface, left: int) -> None:
        r = self.L.reveal_oven
        seats.pile(self.app, surface, self.app.cards.ingredient_back(r.size), r, left)
        px = max(11, int(r.h * 0.1))
        t = self.oven_label(left)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.bottom + px // 2)))

    # --- the columns ----------------------------------------------------------------
    def draw_column(self, surface: pygame.Surface, cols: tuple, k: int, shown: tuple, n: int,
                    units: int) -> None:
        col = self.L.columns[k]
        # The header counts every card of the kind, flying ones too: ``units`` is in the key.
        key = ("column", k, col.size, shown, n, units, id(self.app.cards.painter))
        surf = theme.layer(key, col.size, lambda s: self._paint_column(s, cols, k, shown))
        surface.blit(surf, col.topleft)

    def _paint_column(self, surface: pygame.Surface, cols: tuple, k: int, cards: tuple) -> None:
        """One kind's column in local coordinates: header with units, cascaded cards."""
        col = self.L.columns[k]
        kind = KINDS[k]
        local = pygame.Rect(0, 0, col.w, col.h)
        theme.rounded_panel(surface, local, (20, 12, 6, 70), radius=col.w // 10, shadow=False)
        head = int(col.h * 0.16)
        units = sum(f[1] for f in cols[k])
        icon = self.app.cards.kind_icon(kind, int(head * 0.7))
        total = theme.text(str(units), int(head * 0.62), theme.CREAM, bold=True)
        wdt = icon.get_width() + 6 + total.get_width()
        x = local.centerx - wdt // 2
        surface.blit(icon, (x, (head - icon.get_height()) // 2))
        surface.blit(total, (x + icon.get_width() + 6, (head - total.get_height()) // 2))
        for i, face in enumerate(cards):
            r = self.column_slot(cols, k, i).move(-col.x, -col.y)
            img = self.app.cards.ingredient(face[0], face[1], r.size)
            shadowed(surface, img, r.topleft)

    # --- the order on show ----------------------------------------------------------
    def order_key(self, show: Any, away: bool) -> tuple:
        """What the order panel shows (``order_on_show``): the order, its outcome, the
        notes, whether the card is away (flying in, or gone back to its owner); last, the
        screen's ``away`` it was drawn for."""
        cur, shown_away = order_on_show(show, away)
        head: tuple[str, ...] = ()
        if cur is not None and show.reveal is not None:
            head = tuple(panel_lines(self.session.cardset, cur, show.reveal.columns,
                                     self.explanation(cur)))
        return (self.L.reveal_order.size, cur.face if cur else None,
                cur.status if cur else None, cur.owner if cur else None,
                tuple(order_log(self.session, cur)), head, shown_away, away)

    def explanation(self, cur: Any) -> str:
        """The order card's own explanation ("Needs 4 salamis.")."""
        try:
            spec = self.session.cardset.order(cur.face[1])
            return spec_explain(spec, COLOUR_KIND[cur.face[0]])
        except (KeyError, AttributeError):
            return ""

    def draw_order(self, surface: pygame.Surface, show: Any, key: tuple) -> None:
        box = self.L.reveal_order
        cur, away = order_on_show(show, key[-1])
        surf = theme.layer(("order-panel", id(self.app.cards.painter)) + key, box.size,
                           lambda s: self._paint_order(s, cur, list(key[4]), list(key[5]),
                                                       away))
        surface.blit(surf, box.topleft)

    def _paint_order(self, surface: pygame.Surface, cur: Any, log: list[str],
                     head: list[str], in_flight: bool) -> None:
        box = pygame.Rect(0, 0, *self.L.reveal_order.size)
        off = self.L.reveal_order.topleft
        theme.rounded_panel(surface, box, (250, 241, 220, 225), radius=box.w // 12)
        r = self.order_rect().move(-off[0], -off[1])
        px = max(12, int(min(box.h * 0.06, box.w * 0.085)))
        if cur is None:
            t = theme.fit_text(_("Orders appear here"), px, box.w - 10, theme.MUTED)
            surface.blit(t, t.get_rect(center=r.center))
            return
        if not in_flight:
            img = self.app.cards.face(cur.face, self.session.cardset, r.size)
            shadowed(surface, img, r.topleft)
        if cur.status and not in_flight:
            # The stamp sits on its own order only, and leaves with it.
            ok = cur.status == "filled"
            stamp = theme.text(_("FILLED") if ok else _("NOT FILLED"), int(r.h * 0.16),
                               theme.CREAM, bold=True)
            sr = stamp.get_rect(center=r.center).inflate(int(r.h * 0.08), int(r.h * 0.03))
            rot = pygame.Surface(sr.size, pygame.SRCALPHA)
            pygame.draw.rect(rot, (*(theme.BASIL if ok else theme.TOMATO), 230), rot.get_rect(),
                             border_radius=sr.h // 4)
            rot.blit(stamp, stamp.get_rect(center=(sr.w // 2, sr.h // 2)))
            rot = pygame.transform.rotate(rot, 12)
            surface.blit(rot, rot.get_rect(center=r.center))
        owner = cur.owner
        y = r.bottom + px // 2
        whose = _("Your order") if self.session.you(owner) else _(
            "{name}'s order", name=self.session.names[owner])
        # A larger text size: the head keeps its size (the panel is shorter, its px less),
        # fitted to the panel's width; the log below gives way first.
        name = theme.fit_text(whose, int(px * layout.text_grow(1.45)), box.w - px, theme.INK,
                              bold=True)
        surface.blit(name, (box.x + px // 2, y))
        y += name.get_height()
        text_box = pygame.Rect(box.x + px // 2, y, box.w - px, box.bottom - y - px // 2)
        log = log[-3:]
        # The oldest line of the log gives way when a longer language needs the room.
        while log and not theme.wrapped_fits("\n".join(head + log), text_box, int(px * 0.85)):
            log = log[1:]
        # Then the card's explanation (hovering the card says it), before what is missing.
        while len(head) > 1 and not theme.wrapped_fits("\n".join(head + log), text_box,
                                                       int(px * 0.85)):
            head = head[1:]
        theme.draw_wrapped(surface, "\n".join(head + log), text_box, int(px * 0.85),
                           theme.WALNUT)

    # --- the hand, the prompt, the cards shown ---------------------------------------
    def draw_hand(self, surface: pygame.Surface, hand: tuple, start: tuple[int, int]) -> None:
        """The viewer's hand; the cards keep the size they had when the reveal began
        (``start``: its counts; a hand only shrinks during a reveal), so no card is
        rendered at a new size when one leaves the hand."""
        s = self.session
        if s.viewer is None or self.hand_area.w <= 0:
            return
        area = self.hand_area
        key = ("reveal-hand", area.size, hand, start, id(self.app.cards.painter))

        def paint(surf: pygame.Surface) -> None:
            rects = reveal_hand_rects(area.size, hand, start)
            for face, r in zip(hand, rects, strict=True):
                img = self.app.cards.face(face, s.cardset, r.size, s.cardset.scorer_name)
                shadowed(surf, img, r.topleft)

        surface.blit(theme.layer(key, area.size, paint), area.topleft)

    @staticmethod
    def prompt_share() -> float:
        """The prompt's share of the choice area: 30 %, up to 39 % with a larger text
        size (the question is read first; the choices give way)."""
        return 0.3 * layout.text_grow(1.3)

    def prompt_box(self) -> pygame.Rect:
        """The question's panel: above the choices, and above the hand too at a large
        text size (reveal_layout left it room there)."""
        area = self.choice_area
        h = int(area.h * self.prompt_share()) - 6
        if layout.text_grow() >= LARGE_FROM and 0 < self.hand_area.w and \
                self.hand_area.y > area.y:
            x = self.hand_area.x
            return pygame.Rect(x, area.y, area.right - x, h)
        return pygame.Rect(area.x, area.y, area.w, h)

    def choice_grid(self) -> pygame.Rect:
        """Where a decision's widgets go: the choice area under its prompt."""
        area = self.choice_area
        ph = int(area.h * self.prompt_share())
        return pygame.Rect(area.x, area.y + ph, area.w, area.h - ph)

    def draw_prompt(self, surface: pygame.Surface, prompt: str) -> None:
        """The question above the choices, on its panel."""
        box = self.prompt_box()

        def paint(surf: pygame.Surface) -> None:
            local = pygame.Rect(0, 0, box.w, box.h)
            theme.rounded_panel(surf, local, (250, 241, 220, 235), radius=box.h // 5,
                                shadow=False)
            pad = int(box.h / layout.text_grow(1.3))  # the margins of the 100 % box
            theme.draw_wrapped(surf, prompt, local.inflate(-pad // 3, -pad // 6),
                               int(pad * 0.3), theme.INK, bold=True)
        surface.blit(theme.layer(("prompt", box.size, prompt), box.size, paint), box.topleft)

    def draw_deciding(self, surface: pygame.Surface, text: str) -> None:
        """Where the question would be: who is deciding while the show waits for them."""
        box = self.prompt_box()
        t = theme.fit_text(text, int(box.h * 0.4), box.w, theme.CREAM, bold=True)
        surface.blit(t, t.get_rect(center=box.center))

    def draw_shown_cards(self, surface: pygame.Surface, shown: dict[int, list[tuple]]) -> None:
        """Cards a seat must show (a block's count, a show order) appear by its panel."""
        rects = self.seat_rects()
        for seat, faces in shown.items():
            r = rects.get(seat)
            if r is None:
                continue
            cw, ch = layout.card_size(int(self.size[1] * 0.12))
            step = min(cw + 4, max(8, (r.w - cw) // max(1, len(faces) - 1))) \
                if len(faces) > 1 else cw
            total = cw + step * (len(faces) - 1) if faces else 0
            x = r.centerx - total // 2
            y = r.bottom - ch // 3 if r.centery < self.size[1] // 2 else r.top - ch * 2 // 3
            if not faces:
                t = theme.text(_("none"), int(ch * 0.2), theme.CREAM, bold=True)
                if r.centery < self.size[1] // 2:
                    box = t.get_rect(midtop=(r.centerx, r.bottom + 4)).inflate(12, 6)
                else:
                    box = t.get_rect(midbottom=(r.centerx, r.top - 4)).inflate(12, 6)
                theme.rounded_panel(surface, box, (30, 18, 10, 200), radius=box.h // 2,
                                    shadow=False)
                surface.blit(t, t.get_rect(center=box.center))
                continue
            for i, face in enumerate(faces):
                img = self.app.cards.ingredient(face[0], face[1], (cw, ch))
                shadowed(surface, img, (x + i * step, y), lifted=True)


#: From this text size on (``layout.text_grow``) the reveal's Skip button says "Skip".
SHORT_BAR_FROM = 1.3


def bar_buttons(L: layout.TableLayout, speed: float, persons: bool, deciding: bool,
                on_speed: Any, on_skip: Any) -> list[Button]:
    """The reveal's Speed and Skip buttons (Skip is grey while a person decides)."""
    label = _("Skip to my next decision") if persons else _("Skip to the end")
    if layout.text_grow() >= SHORT_BAR_FROM:
        # A large text size: the words would shrink to fit the bar; a short label at the
        # chosen size, the whole one in its tooltip and in speech.
        skip = Button("skip", pgettext("short button", "Skip"), on_skip,
                      L.skip_button, style="secondary", tooltip=label)
        skip.short = True
    else:
        skip = Button("skip", label, on_skip, L.skip_button, style="secondary")
    skip.enabled = not deciding
    return [Button("speed", _("Speed × {n}", n=short_number(speed)), on_speed, L.speed_button,
                   style="secondary"), skip]


def reveal_stage(app: Any, session: Any, size: tuple[int, int],
                 bottom_seat: int | None) -> RevealStage:
    """The reveal's stage for a window of ``size`` (as the reveal scene lays it out)."""
    L, hand_area, choice_area = reveal_layout(size, len(session.seats), bottom_seat,
                                              bool(getattr(session, "guide", False)))
    return RevealStage(app, session, L, size, bottom_seat, hand_area, choice_area)


def columns_key(cols: tuple, flying: tuple[int, ...]) -> tuple:
    """Per column: the cards lying there (not those still flying in), how many there are
    with the flying ones, and their units."""
    return tuple((tuple(cols[k][: len(cols[k]) - flying[k]]), len(cols[k]),
                  sum(f[1] for f in cols[k])) for k in range(5))


def shown_cards(show: Any) -> dict[int, list[tuple]]:
    """The cards seats show now (a block's count, a show order)."""
    r = show.reveal
    return {seat: list(faces) for seat, faces in r.shown} if r is not None else {}


def hand_faces(show: Any) -> tuple:
    """The viewer's hand as the reveal lays it out: ingredients first, then orders."""
    return tuple(sorted(show.hand, key=lambda f: (f[0] not in KINDS, str(f[0]), f[1])))


def hand_counts(hand: tuple) -> tuple[int, int]:
    """(ingredient cards, order cards) in ``hand``."""
    n_i = sum(1 for f in hand if f[0] in KINDS)
    return n_i, len(hand) - n_i


def hand_order_spots(area: pygame.Rect, hand: tuple, start: tuple[int, int]
                     ) -> list[tuple[pygame.Rect, tuple]]:
    """The reveal's hand's order cards (painted, not widgets) as (visible part, face), for
    F1 and the right-click that explain them."""
    rects = reveal_hand_rects(area.size, hand, start)
    spots = []
    for i, (face, r) in enumerate(zip(hand, rects, strict=True)):
        if face[0] in COLOUR_KIND:
            r = r.move(area.topleft)
            if i + 1 < len(rects):
                r.w = max(1, rects[i + 1].x - rects[i].x)
            spots.append((r, tuple(face)))
    return spots


ORDER_STEP = 1.03  # an order card's step in the reveal's hand: side by side, each whole
INGREDIENT_STEP_MIN = 0.34  # an ingredient's step at the closest: its corner shows


def reveal_hand_rects(size: tuple[int, int], hand: tuple,
                      start: tuple[int, int] | None = None) -> list[pygame.Rect]:
    """The hand during a reveal: ingredients first, overlapping as much as they must
    (each keeps its corner: number and kind), then the orders side by side, each whole,
    so their titles and needs can be read while deciding whether to help (an order
    tucked behind the next showed a third of its face).  The cards are sized for the
    hand the reveal began with (``start``: its counts), smaller only if this hand
    needs it."""
    w, h = size
    cw, ch = layout.card_size(int(h * 0.92))
    n_i, n_o = hand_counts(hand)
    if start is not None and start != (n_i, n_o):
        # The hand the reveal began with, laid out as it was: ingredients, then orders.
        s_i, s_o = start
        cw, ch = _fit_hand(w, cw, ch, s_i if s_o else max(0, s_i - 1), max(0, s_o - 1))[:2]
    # The steps this hand takes: each card's own, but the last one's.
    gaps_i = sum(1 for face in hand[:-1] if face[0] in KINDS)
    cw, ch, step_i, step_o = _fit_hand(w, cw, ch, gaps_i, max(0, len(hand) - 1 - gaps_i))
    rects = []
    x = 0.0
    for face in hand:
        rects.append(pygame.Rect(int(x), h - ch, cw, ch))
        x += step_i if face[0] in KINDS else step_o
    return rects


def _fit_hand(w: int, cw: int, ch: int, gaps_i: int, gaps_o: int
              ) -> tuple[int, int, float, float]:
    """From a (cw, ch) card down: the card size and the steps after ingredient cards and
    after order cards (``gaps_i``, ``gaps_o`` of them: every card's but the last's) that
    let the hand fit ``w``.  Ingredients close up first (down to a third of a card, their
    corner still showing); orders never overlap (ORDER_STEP); then the cards get
    smaller."""
    step_i = cw * 1.06
    for _attempt in range(80):
        step_o = cw * ORDER_STEP
        total = cw + gaps_i * step_i + gaps_o * step_o
        if total <= w:
            break
        if step_i > cw * INGREDIENT_STEP_MIN:
            step_i = max(cw * INGREDIENT_STEP_MIN, step_i * 0.9)
        else:
            cw, ch = int(cw * 0.95), int(ch * 0.95)
            step_i = cw * INGREDIENT_STEP_MIN
    return cw, ch, step_i, cw * ORDER_STEP
