"""The replay's board: a finished game's moment painted with every card face up.

Each seat's hand face up in its row, the oven's cards in the order they went
in (the reveal's columns once the oven is turned over), the supply, the top
line and the caption under the table; and the slider that is the game's
timeline (``slider.py``).  The replay scene (``ui/scenes/replay.py``) holds a
:class:`ReplayBoard` and a :class:`solemio.show.replay.ReplayCursor` and only
tells the board what to paint: the cursor's moment and position.

The still frame is painted part by part (:meth:`ReplayBoard.parts`): a part
is painted again only when what it shows changes, so a step repaints the rows,
the oven and the lines it touched.  A record opened cold (no card picture made
yet: a whole game's worth, some 140) must not wait for all of them: a frame
renders at most ``NEW_PICTURES`` new pictures, the others stand in plainly and
their parts are painted again next frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import event_line
from solemio.engine.kinds import KINDS
from solemio.i18n import _, data_text, ngettext
from solemio.show.replay import Moment, ReplayShow, oven_cards
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.table import flights, seats
from solemio.ui.warm import NotReady

# New card pictures one frame of the replay may render; the rest stand in until the next
# frames (a record opened cold needs some 140, about 1.5 ms each).
NEW_PICTURES = 12


class ReplayBoard:
    """Every rectangle of the replay's screen, and the painting of a moment on it."""

    def __init__(self, app: Any, replay: ReplayShow, names: list[str], seat_info: list[dict],
                 heading: str) -> None:
        self.app = app
        self.replay = replay
        self.cardset = replay.game.cs
        self.names = names
        self.seat_info = seat_info
        persons = [i for i, s in enumerate(seat_info) if s.get("person") is True]
        self.you_seat = persons[0] if len(persons) == 1 else None  # spoken to as "you"
        self.heading = heading
        self.frame: pygame.Surface | None = None
        self.frame_key: tuple | None = None
        self.part_keys: dict[str, tuple | None] = {}
        self.warm_key: tuple | None = None
        self.new_pictures = NEW_PICTURES
        self.unfinished = False
        self.coach_rect: pygame.Rect | None = None

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int], coach: bool) -> None:
        """Every rectangle for a window of ``size``; ``coach``: the coach's list on the right
        (``coach_rect``), the board beside it."""
        self.size = size
        w, h = size
        n = len(self.names)
        pad = max(6, min(w // 120, h // 70))
        self.top = pygame.Rect(pad, pad, w - 2 * pad, int(h * 0.06))
        full_w = w
        self.coach_rect = None
        if coach:
            panel_w = max(260, int(w * 0.3))
            self.coach_rect = pygame.Rect(w - pad - panel_w, self.top.bottom + pad, panel_w,
                                          h - self.top.bottom - 2 * pad)
            w = w - panel_w - pad
        # The table takes 70% of the height, less when a wide, low window (1920x480) would
        # push the buttons out of it: the caption, the slider and a row of buttons stay.
        below = 4 * pad + int(h * 0.05) + int(h * 0.045) + max(24, int(h * 0.06))
        # A larger text size (Settings): the buttons in two rows (the replay's scene puts
        # the steps in one, Play, Coach and Close in the other), so their words keep the
        # chosen size; the table gives way.
        main_h = min(int(h * 0.70), h - self.top.bottom - pad - below)
        one_row = max(24, h - (self.top.bottom + 5 * pad + main_h + int(h * 0.05) +
                               int(h * 0.045)))
        # (a wide, low window such as 1920x480 keeps one row: its nine buttons have room for
        # "« Round", its seats' rows none to give)
        self.button_rows = 2 if layout.text_grow() > 1 and h >= 0.45 * full_w else 1
        if self.button_rows > 1:  # each row as tall as the one row at 100 %
            main_h -= one_row + pad
        # ... and the caption's pill ("Anna fills Four of a kind") taller, its words at the
        # chosen size, where the window is tall enough (under 900 px the seats' rows keep
        # that room for their counts: "6 orders in stack" came down to 80 % at 1024x640)
        taller = self.button_rows > 1 and h >= 900
        cap_h = int(h * 0.05 * (layout.text_grow(1.35) if taller else 1))
        main_h -= cap_h - int(h * 0.05)
        main = pygame.Rect(pad, self.top.bottom + pad, w - 2 * pad, main_h)
        left_w = int(main.w * 0.62)
        self.rows = layout.split_v(pygame.Rect(main.x, main.y, left_w, main.h), n,
                                   max(3, h // 160))
        right = pygame.Rect(main.x + left_w + pad, main.y, main.w - left_w - pad, main.h)
        self.oven_box = pygame.Rect(right.x, right.y, right.w, int(right.h * 0.74))
        cw, ch = layout.card_size(max(20, int(right.h * 0.2)))
        self.supply_rect = pygame.Rect(right.x + pad, right.bottom - ch - pad, cw, ch)
        self.info = pygame.Rect(right.x + cw + 3 * pad, right.bottom - ch, right.w - cw - 4 * pad,
                                ch)
        self.caption = pygame.Rect(pad, main.bottom + pad, w - 2 * pad, cap_h)
        self.slider_rect = pygame.Rect(int(w * 0.05), self.caption.bottom + pad, int(w * 0.9),
                                       int(h * 0.045))
        self.buttons_row = pygame.Rect(pad, self.slider_rect.bottom + pad, w - 2 * pad,
                                       max(24, h - self.slider_rect.bottom - 2 * pad))
        if self.coach_rect is not None:  # the buttons run under the coach's list too
            self.buttons_row.w = full_w - 2 * pad
            self.coach_rect.h = self.buttons_row.y - pad - self.coach_rect.y
        self.small = layout.card_size(max(20, int(self.oven_box.h * 0.2)))
        self.frame = None  # the still frame is painted again at the new size
        # A few card sizes per layout, whatever the hands hold: each face is painted once
        # per size (warmed ahead, see warm_ahead), so a step never paints a new picture.
        row_h = self.rows[0].h - 4 if self.rows else 40
        self.hand_card = layout.card_size(row_h)
        self.filled_card = layout.card_size(row_h * 0.9)
        px = max(11, int(self.oven_box.h * 0.05))
        self.reveal_inner = pygame.Rect(self.oven_box.x + 6, self.oven_box.y + px + 10,
                                        int(self.oven_box.w * 0.66), self.oven_box.h - px - 16)
        col_w = layout.split_h(self.reveal_inner, 5, 4)[0].w
        self.column_card = layout.card_fit(col_w, self.reveal_inner.h * 0.4)
        spot_w = self.oven_box.right - self.reveal_inner.right - 14
        # The order on show at the hands' size (already painted ahead) when it fits.
        fit = layout.card_fit(spot_w, self.reveal_inner.h * 0.7)
        self.current_card = self.hand_card if self.hand_card[0] <= fit[0] and \
            self.hand_card[1] <= fit[1] else fit
        self.warm_key = None

    def hand_area(self, row: pygame.Rect) -> pygame.Rect:
        info = info_share()
        return pygame.Rect(row.x + int(row.w * info), row.y + 2, int(row.w * (0.76 - info)),
                           row.h - 4)

    def filled_area(self, row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.x + int(row.w * 0.77), row.y + 2, int(row.w * 0.22), row.h - 4)

    def oven_rects(self, n: int) -> list[pygame.Rect]:
        box = self.oven_box.inflate(-12, -int(self.oven_box.h * 0.16))
        box.y = self.oven_box.y + int(self.oven_box.h * 0.12)
        cw, ch = self.small
        cols = max(1, (box.w - cw) // max(4, cw // 2) + 1)
        rows = max(1, -(-n // cols))
        step_y = min(ch * 0.55, (box.h - ch) / max(1, rows - 1)) if rows > 1 else 0
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            out.append(pygame.Rect(box.x + c * max(4, cw // 2), box.y + int(r * step_y), cw, ch))
        return out

    def last_oven_rect(self, moment: Moment) -> pygame.Rect:
        rects = self.oven_rects(max(1, len(oven_cards(moment.show))))
        return rects[-1] if rects else pygame.Rect(self.oven_box.topleft, self.small)

    def spots(self, moment: Moment) -> flights.Spots:
        """Where the replay's cards fly: from a seat's row to the last card of the oven,
        drawn cards from the supply to the row at full size, the oven's cards from its
        corner to its middle (not turning over: the replay has no column to land in)."""
        rows = self.rows

        def hand(seat: int) -> pygame.Rect | None:
            return self.hand_area(rows[seat]) if seat < len(rows) else None

        middle = pygame.Rect((0, 0), self.small)
        middle.center = self.oven_box.center
        return flights.Spots(
            played_from=hand, oven=self.last_oven_rect(moment), drawn_to=hand,
            supply=self.supply_rect, stack=lambda seat: self.supply_rect,
            colour=lambda seat: self.seat_info[seat]["colour"],
            oven_turned=pygame.Rect(self.oven_box.topleft, self.small),
            revealed_at=lambda face: middle)

    # --- pictures ------------------------------------------------------------------------------
    def face_img(self, face: tuple, size: tuple[int, int]) -> pygame.Surface:
        return self.app.cards.face(tuple(face), self.cardset, size, self.cardset.scorer_name)

    def image_for(self, key: tuple, size: tuple[int, int]) -> pygame.Surface | None:
        return flights.image_for(self.app.cards, self.cardset, key, size)

    def warm_ahead(self) -> None:
        """Every card of the game at every size the replay shows, painted ahead a bounded
        amount per frame (as the table warms its coming pictures; see warm.py)."""
        key = (self.size, id(self.app.cards.painter))
        if key == self.warm_key:
            return
        self.warm_key = key
        faces = sorted({tuple(f) for f in self.replay.game.cards.face}, key=str)
        ingredients = [f for f in faces if f[0] in KINDS]
        orders = [f for f in faces if f[0] not in KINDS]
        # Within the picture cache's budget: the order on show in a reveal (the largest
        # picture, one at a time) is painted when it comes.
        plan = [(f, self.hand_card) for f in faces] + [(f, self.small) for f in faces] + \
            [(f, self.filled_card) for f in orders] + [(f, self.column_card)
                                                      for f in ingredients]
        self.app.warmer.add("replay", [lambda f=f, z=z: self.face_img(f, z) for f, z in plan])

    def pictures_pending(self) -> bool:
        """Whether a part of the still frame still shows a stand-in (see put_card)."""
        return any(key is None for key in self.part_keys.values())

    def put_card(self, surface: pygame.Surface, face: tuple, size: tuple[int, int],
                 pos: tuple[int, int]) -> None:
        """A card of the still frame; while the frame may render no more new pictures (a
        record opened cold: see draw), a plain stand-in in its colour, painted over in the
        next frames."""
        cards = self.app.cards
        cards.allowance = self.new_pictures
        try:
            img = self.face_img(face, size)
        except NotReady:
            self.unfinished = True
            stand_in(surface, tuple(face), pygame.Rect(pos, size))
            return
        finally:
            self.new_pictures = cards.allowance or 0
            cards.allowance = None
        shadowed(surface, img, pos)

    # --- the still frame -----------------------------------------------------------------------
    def parts(self, moment: Moment, position: int) -> list[tuple]:
        """The still parts of the frame: (name, region, key, painter).  Regions never
        overlap; a part is painted again only when its key changes (see draw)."""
        show, hands = moment.show, moment.hands
        out = [("top", self.top.inflate(4, 4), (position, show.round),
                lambda surf: self.draw_top(surf, moment, position))]
        for seat, row in enumerate(self.rows):
            nxt = self.rows[seat + 1].y if seat + 1 < len(self.rows) else self.caption.y
            region = pygame.Rect(row.x - 2, row.y, row.w + 4, nxt - row.y)
            turn = show.phase == "turns" and show.turn == seat
            won = show.phase == "over" and seat in show.winners
            key = (hands[seat], show.seats[seat], turn, won)
            out.append((f"row{seat}", region, key,
                        lambda surf, seat=seat, row=row: self.draw_row(
                            surf, seat, row, show, hands[seat])))
        out.append(("oven", self.oven_box.inflate(2, 2), (show.history, show.reveal),
                    lambda surf: self.draw_oven(surf, show)))
        info = self.supply_rect.union(self.info).inflate(12, 8)
        out.append(("supply", info, (show.supply, show.scorer_holder),
                    lambda surf: self.draw_supply(surf, show)))
        out.append(("caption", self.caption, (position, self.replay.end),
                    lambda surf: self.draw_caption(surf, position)))
        return out

    def draw(self, surface: pygame.Surface, moment: Moment, position: int) -> None:
        """The still frame onto ``surface`` (parts painted again only when they change)."""
        from solemio import i18n

        size = surface.get_size()
        frame_key = (size, i18n.language(), id(self.app.cards.painter))
        if self.frame is None or self.frame_key != frame_key:
            self.frame_key = frame_key
            self.frame = pygame.Surface(size)
            paint_backdrop(self.app, self.frame)
            self.part_keys = {}
        frame = self.frame
        table = self.app.cards.table(size)
        self.new_pictures = NEW_PICTURES
        for name, region, key, paint in self.parts(moment, position):
            if self.part_keys.get(name) == key:
                continue
            self.part_keys[name] = key
            self.unfinished = False
            frame.set_clip(region)
            frame.blit(table, region, region)
            paint(frame)
            frame.set_clip(None)
            if self.unfinished:
                self.part_keys[name] = None
        surface.blit(frame, (0, 0))

    def draw_top(self, surface: pygame.Surface, moment: Moment, position: int) -> None:
        theme.rounded_panel(surface, self.top, (40, 24, 12, 200), radius=self.top.h // 3,
                            shadow=False)
        head = self.heading or _("Replay · {edition}", edition=data_text(self.cardset.name))
        where = "  ·  ".join(self.where(moment, position))
        t = theme.fit_text(head, int(self.top.h * 0.5), int(self.top.w * 0.55), theme.CREAM,
                           bold=True)
        surface.blit(t, t.get_rect(midleft=(self.top.x + self.top.h // 2, self.top.centery)))
        t = theme.fit_text(where, int(self.top.h * 0.45), int(self.top.w * 0.42), theme.CREAM)
        surface.blit(t, t.get_rect(midright=(self.top.right - self.top.h // 2,
                                             self.top.centery)))

    def where(self, moment: Moment, position: int) -> tuple[str, str]:
        """Where the replay stands: the round, and the event among all (the top line, and
        what speech says of the slider)."""
        show, rp = moment.show, self.replay
        return (_("Round {r} of {n}", r=show.round, n=show.rounds),
                _("event {i} of {n}", i=position - rp.start, n=rp.end - rp.start))

    def draw_supply(self, surface: pygame.Surface, show: Any) -> None:
        seats.pile(self.app, surface, self.app.cards.ingredient_back(self.supply_rect.size),
                   self.supply_rect, show.supply, max_layers=3)
        lab = theme.text(ngettext("Supply · {n} card", "Supply · {n} cards", show.supply),
                         max(11, self.info.h // 6), theme.CREAM, bold=True)
        surface.blit(lab, lab.get_rect(topleft=(self.info.x, self.info.y)))
        if show.scorer_holder >= 0:
            t = theme.fit_text(_("{card} card: {name}", card=data_text(self.cardset.scorer_name),
                                 name=self.names[show.scorer_holder]),
                               max(11, self.info.h // 6), self.info.w, theme.GOLD, bold=True)
            surface.blit(t, (self.info.x, self.info.y + int(self.info.h * 0.3)))

    def draw_row(self, surface: pygame.Surface, seat: int, row: pygame.Rect, show: Any,
                 hand: tuple) -> None:
        turn = show.phase == "turns" and show.turn == seat
        won = show.phase == "over" and seat in show.winners
        theme.rounded_panel(surface, row, (250, 241, 220, 225) if not won else
                            (255, 236, 170, 245), radius=max(4, row.h // 6),
                            border=theme.GOLD if (turn or won) else None, border_w=3)
        rad = max(8, min(int(row.h * 0.22), row.w // 30))
        seats.seat_token(self.app, surface, self.seat_info[seat]["colour"],
                         (row.x + rad + 6, row.y + rad + 6), rad)
        tx = row.x + 2 * rad + 12
        name = theme.fit_text(self.names[seat], max(11, int(row.h * 0.2)),
                              int(row.w * info_share()) - (tx - row.x), theme.INK, bold=True)
        surface.blit(name, (tx, row.y + rad + 6 - name.get_height() // 2))
        ss = show.seats[seat]
        lines = [ngettext("{n} filled order", "{n} filled orders", len(ss.filled)),
                 ngettext("{n} order in stack", "{n} orders in stack", ss.stack)]
        self._row_lines(surface, row, lines, row.y + 2 * rad + 10)
        area = self.hand_area(row)
        cw, ch = self.hand_card
        step = min(cw + max(3, cw // 16), (area.w - cw) / max(1, len(hand) - 1))
        for i, face in enumerate(hand):
            self.put_card(surface, face, (cw, ch),
                          (area.x + int(i * step), area.y + (area.h - ch) // 2))
        fa = self.filled_area(row)
        if ss.filled:
            cw, ch = self.filled_card
            step = min(cw + 3, (fa.w - cw) // max(1, len(ss.filled) - 1)) \
                if len(ss.filled) > 1 else cw
            for i, face in enumerate(ss.filled):
                self.put_card(surface, face, (cw, ch), (fa.x + i * step, fa.y + (fa.h - ch) // 2))

    @staticmethod
    def _row_lines(surface: pygame.Surface, row: pygame.Rect, lines: list[str], y: int) -> None:
        """A seat's counts under its name: a narrow row (the coach beside the replay) puts a
        line's words on two lines; smaller when a longer language needs more lines than the
        row has room for."""
        px = max(10, int(row.h * 0.14))
        width = int(row.w * (info_share() - 0.02))
        while True:
            parts = [part for line in lines for part in
                     ([line] if theme.text(line, px).get_width() <= width
                      else theme.wrap(line, px, width))]
            if (y + sum(theme.text(p, px).get_height() for p in parts) <= row.bottom
                    or px <= theme.smallest_px()):
                break
            px -= 1
        for part in parts:
            t = theme.fit_text(part, px, width, theme.WALNUT_MID)
            if y + t.get_height() > row.bottom:
                theme.note_overflow("replay seat", part)
                break
            surface.blit(t, (row.x + 8, y))
            y += t.get_height()

    def draw_oven(self, surface: pygame.Surface, show: Any) -> None:
        box = self.oven_box
        theme.rounded_panel(surface, box, (40, 24, 12, 150), radius=max(6, box.w // 30),
                            shadow=False)
        px = max(11, int(box.h * 0.05))
        r = show.reveal
        if r is None:
            cards = oven_cards(show)
            label = ngettext("Oven · {n} card", "Oven · {n} cards", len(cards))
            t = theme.fit_text(label, px, box.w - 12, theme.CREAM, bold=True)
            surface.blit(t, (box.x + 8, box.y + 4))
            for face, rect in zip(cards, self.oven_rects(len(cards)), strict=False):
                self.put_card(surface, face, rect.size, rect.topleft)
            return
        # The oven turned over: the five columns, and the order on show.
        label = ngettext("The oven turned over: {n} card to reveal",
                         "The oven turned over: {n} cards to reveal", r.left)
        t = theme.fit_text(label, px, box.w - 12, theme.CREAM, bold=True)
        surface.blit(t, (box.x + 8, box.y + 4))
        inner = self.reveal_inner
        cw, ch = self.column_card
        for col, faces in zip(layout.split_h(inner, 5, 4), r.columns, strict=True):
            step = min(ch * 0.3, (col.h - ch) / max(1, len(faces) - 1)) if len(faces) > 1 else 0
            for i, face in enumerate(faces):
                self.put_card(surface, face, (cw, ch),
                              (col.x + (col.w - cw) // 2, col.y + int(i * step)))
        if r.current is not None:
            spot = pygame.Rect(inner.right + 8, inner.y, box.right - inner.right - 14,
                               inner.h)
            ow, oh = self.current_card
            self.put_card(surface, r.current.face, (ow, oh), (spot.centerx - ow // 2, spot.y))
            status = {"filled": _("Filled!"), "failed": _("Not filled")}.get(
                r.current.status or "", "")
            if status:
                t = theme.fit_text(status, px, spot.w, theme.GOLD if r.current.status ==
                                   "filled" else (255, 190, 170), bold=True)
                surface.blit(t, t.get_rect(midtop=(spot.centerx, spot.y + oh + 4)))

    def caption_text(self, position: int) -> str:
        """The event that brought the table here, in words (the start: the deal)."""
        return event_line(self.replay.event_before(position), self.names, self.cardset,
                          self.you)

    def you(self, seat: int | None) -> bool:
        """Whether the caption speaks to ``seat`` as "you": the one person of a solo game
        ("Your turn", not "You's turn")."""
        return seat is not None and seat == self.you_seat

    def draw_caption(self, surface: pygame.Surface, position: int) -> None:
        text = self.caption_text(position)
        if not text:
            return
        r = self.caption
        t = theme.fit_text(text, int(r.h * 0.5), r.w - r.h, theme.CREAM, bold=True,
                           max_h=int(r.h * 0.8))
        box = t.get_rect(center=r.center).inflate(r.h, r.h // 4).clip(r)
        theme.rounded_panel(surface, box, (30, 18, 10, 170), radius=box.h // 2, shadow=False)
        surface.blit(t, t.get_rect(center=r.center))


def info_share() -> float:
    """The share of a seat's row its name and counts take: a larger text size widens
    it (the hand's cards close up), so "6 orders in stack" needs fewer lines."""
    return 0.24 * layout.text_grow(1.45)


def paint_backdrop(app: Any, surface: pygame.Surface) -> None:
    """The table's felt over the whole surface (the replay's frame starts from it)."""
    surface.blit(app.cards.table(surface.get_size()), (0, 0))


def stand_in(surface: pygame.Surface, face: tuple, rect: pygame.Rect) -> None:
    """A card whose picture is not made yet: a plain card edged in its colour (an order's
    colour, an ingredient's kind), drawn directly (no picture to make)."""
    edge = theme.SEAT_RGB.get(face[0]) or theme.KIND_RGB.get(face[0]) or theme.GOLD
    radius = max(2, rect.w // 10)
    pygame.draw.rect(surface, theme.CREAM, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=max(2, rect.w // 12), border_radius=radius)
