"""Drawing of the seat panels, piles and banners shared by the table and the reveal.

Pure painting from a SeatView and the session: nothing here changes state.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from solemio.engine.kinds import COLOUR_KIND
from solemio.i18n import _, ngettext
from solemio.show.host import REMOTE
from solemio.texts import level_name
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed


def badge(surface: pygame.Surface, centre: tuple[int, int], n: int | str, px: int,
          fill: tuple[int, int, int] = theme.TOMATO) -> None:
    """A round count badge (cards in hand, stack size) readable on any card; its digits
    keep their size at any text size (the badge is drawn to fit its card)."""
    px = theme.unscaled(px)
    t = theme.text(str(n), px, theme.CREAM, bold=True)
    r = badge_radius(n, px)
    pygame.draw.circle(surface, (30, 18, 10), (centre[0] + 1, centre[1] + 2), r)
    pygame.draw.circle(surface, fill, centre, r)
    pygame.draw.circle(surface, theme.CREAM, centre, r, max(1, px // 10))
    surface.blit(t, t.get_rect(center=centre))


def badge_radius(n: int | str, px: int) -> int:
    """The radius :func:`badge` draws ``n`` at, for placing it before drawing."""
    px = theme.unscaled(px)
    t = theme.text(str(n), px, theme.CREAM, bold=True)
    return max(t.get_width(), t.get_height()) // 2 + max(3, px // 4)


def seat_token(app: Any, surface: pygame.Surface, colour: str, centre: tuple[int, int],
               radius: int) -> None:
    """The seat's colour disc with its personal ingredient: never colour alone."""
    pygame.draw.circle(surface, (30, 18, 10), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surface, theme.SEAT_RGB[colour], centre, radius)
    pygame.draw.circle(surface, theme.CREAM, centre, radius, max(2, radius // 7))
    icon = app.cards.kind_icon(COLOUR_KIND[colour], int(radius * 1.3))
    surface.blit(icon, icon.get_rect(center=centre))


def pile(app: Any, surface: pygame.Surface, card: pygame.Surface, rect: pygame.Rect,
         count: int, max_layers: int = 10) -> None:
    """A stack of cards whose thickness shows its height; only the top card is visible."""
    layers = min(max_layers, max(0, (count + 3) // 4)) if count > 1 else 0
    step = max(1, rect.h // 90)
    edge = pygame.Rect(0, 0, rect.w, rect.h)
    for i in range(layers, 0, -1):
        edge.topleft = (rect.x + i * step // 2, rect.y + i * step)
        pygame.draw.rect(surface, (225, 210, 180), edge, border_radius=max(2, rect.w // 16))
        pygame.draw.rect(surface, (120, 90, 60), edge, 1, border_radius=max(2, rect.w // 16))
    if count > 0:
        shadowed(surface, card, rect.topleft)
    else:
        pygame.draw.rect(surface, (255, 255, 255, 40), rect, max(1, rect.w // 40),
                         border_radius=max(2, rect.w // 16))


def seat_tag(session: Any, seat: int) -> str:
    """The words under a seat's name: a computer and its level; a person at another
    screen, or at a networked table, waiting for their player to join, or away
    (``NetSession.presence``); nothing for a person at this screen."""
    cfg = session.seats[seat]
    if cfg.person:
        return ""
    if cfg.level != REMOTE:
        return _("computer · {level}", level=level_name(cfg.level))
    presence = getattr(session, "presence", None)
    state = presence(seat) if presence is not None else ""
    if state == "waiting":
        return _("waiting to join")
    if state == "away":
        return _("away")
    return _("at another screen")


def seat_panel(app: Any, surface: pygame.Surface, rect: pygame.Rect, view: Any, seat: int,
               session: Any, active: bool, show_hand_backs: bool = True) -> None:
    """One seat: name, colour + ingredient, hand backs, order stack, filled orders, scorer.

    Painted once per change of what it shows (cached layer), then one blit a frame.
    """
    info = view.seats[seat]
    cfg = session.seats[seat]
    m = max(8, rect.h // 12)
    tag = seat_tag(session, seat)
    key = ("seat", rect.size, info, cfg.name, tag, cfg.person, cfg.level, active,
           view.scorer_holder == seat, show_hand_backs, session.cardset.scorer_name,
           id(app.cards.painter))
    local = pygame.Rect(m, m, rect.w, rect.h)
    surf = theme.layer(key, (rect.w + 2 * m, rect.h + 2 * m),
                       lambda s: _paint_seat_panel(app, s, local, view, seat, session, active,
                                                   show_hand_backs))
    surface.blit(surf, (rect.x - m, rect.y - m))


def _paint_seat_panel(app: Any, surface: pygame.Surface, rect: pygame.Rect, view: Any,
                      seat: int, session: Any, active: bool, show_hand_backs: bool) -> None:
    info = view.seats[seat]
    cfg = session.seats[seat]
    colour = info.colour
    fill = (250, 241, 220, 238)
    theme.rounded_panel(surface, rect, fill, radius=max(8, rect.h // 10))
    # A band of the seat's colour along the top.
    band = pygame.Rect(rect.x, rect.y, rect.w, max(6, rect.h // 18))
    pygame.draw.rect(surface, theme.SEAT_RGB[colour], band,
                     border_top_left_radius=max(8, rect.h // 10),
                     border_top_right_radius=max(8, rect.h // 10))
    if active:
        pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=max(3, rect.h // 40),
                         border_radius=max(8, rect.h // 10) + 3)
    pad = max(4, rect.h // 16)
    head_h = head_height(rect)
    rad = head_h // 2 - 1
    if side_labels() and rect.w < rect.h * 1.5:
        rad = min(rad, int(rect.w * 0.12))  # a narrow panel: the name needs the width
    cy = band.bottom + pad // 2 + head_h // 2
    seat_token(app, surface, colour, (rect.x + pad + rad, cy), rad)
    name_x = rect.x + pad * 2 + rad * 2
    tag = seat_tag(session, seat)
    name_w = rect.right - pad - name_x
    name_px = int(head_h * 0.52)
    name = theme.fit_text(cfg.name, name_px, name_w, theme.INK, bold=True,
                          max_h=int(head_h * (0.62 if tag else 1.0)))
    if tag:
        surface.blit(name, (name_x, cy - name.get_height() + 2))
        t = theme.fit_text(tag, int(head_h * 0.36), name_w, theme.MUTED,
                           max_h=int(head_h * 0.5))
        surface.blit(t, (name_x, cy + 1))
    else:
        surface.blit(name, (name_x, cy - name.get_height() // 2))

    # The body: mini cards with counts, labelled.
    counts = {"ing": info.ingredients, "ord": info.orders, "stack": info.stack,
              "filled": len(info.filled), "scorer": None}
    labels = {"ing": _("hand"), "ord": _("orders"), "stack": _("stack"),
              "filled": _("filled"), "scorer": _("scorer")}
    slots = [(what, labels[what], counts[what])
             for what in panel_slots(show_hand_backs, view.scorer_holder == seat)]
    body, label_px, cells, (cw, ch) = _panel_body(rect, len(slots))
    # The labels under the piles are drawn to their cells, like the badges: at 100 %, a
    # little larger with a larger text size (as far as their cell allows).
    label_px = theme.unscaled(label_px * layout.text_grow(1.4))
    edition = session.cardset.scorer_name
    places = slot_places(rect, slots)
    for (what, _label, n), (r, centre, px, label_r, lt) in zip(slots, places, strict=True):
        if what == "ing":
            img = app.cards.ingredient_back((cw, ch))
        elif what in ("ord", "stack"):
            img = app.cards.order_back(colour, (cw, ch))
        elif what == "filled":
            img = (app.cards.face(info.filled[-1], session.cardset, (cw, ch))
                   if info.filled else None)
        else:
            img = app.cards.scorer(edition, (cw, ch))
        if img is not None and (n is None or n > 0):
            if what in ("ing", "ord") and n and n > 1:
                # A small fan tells "several cards" at a glance.
                shadowed(surface, img, (r.x - cw // 8, r.y + 1))
            shadowed(surface, img, r.topleft)
        else:
            pygame.draw.rect(surface, theme.CREAM_DARK, r, max(1, cw // 20),
                             border_radius=max(2, cw // 12))
        if n is not None:
            badge(surface, centre, n, px,
                  fill=theme.BASIL_DARK if what == "filled" else theme.TOMATO)
        surface.blit(lt, label_r)


def thinking_badge(surface: pygame.Surface, rect: pygame.Rect, t: float) -> pygame.Rect:
    """Three dots pulsing in turn in a pill on the top edge of a seat panel: this computer
    seat is thinking.  Returns the rectangle painted."""
    h = max(14, min(rect.h // 4, 40))
    w = int(h * 2.2)
    box = pygame.Rect(0, 0, w, h)
    box.center = (rect.right - w // 2 - max(6, rect.h // 10), rect.top)
    theme.rounded_panel(surface, box, (30, 18, 10, 215), radius=h // 2, shadow=False)
    r = max(2, h // 7)
    for i in range(3):
        lift = 0.5 + 0.5 * math.sin(2 * math.pi * (t * 1.5 - i / 3))
        colour = theme.GOLD if lift > 0.7 else theme.CREAM
        cx = box.x + w // 2 + (i - 1) * int(h * 0.55)
        pygame.draw.circle(surface, colour, (cx, box.centery - int(lift * h * 0.12)), r)
    return box


def panel_slots(show_hand_backs: bool, holds_scorer: bool) -> list[str]:
    """The piles a seat panel shows, in order: the hand's backs (ingredients, orders)
    unless it is the hand at the screen, the order stack, the filled orders, the scorer."""
    return (["ing", "ord"] if show_hand_backs else []) + ["stack", "filled"] + \
        (["scorer"] if holds_scorer else [])


def pile_spot(rect: pygame.Rect, what: str, show_hand_backs: bool = True,
              holds_scorer: bool = False) -> pygame.Rect | None:
    """Where a seat panel of ``rect`` shows its pile ``what`` ("ing", "ord", "stack",
    "filled"): the small card a flight leaves from or lands on, so a flight to or from a
    panel covers a pile, never the panel's name or labels (None: no such pile)."""
    whats = panel_slots(show_hand_backs, holds_scorer)
    if what not in whats:
        return None
    _body, _label_px, cells, (cw, ch) = _panel_body(rect, len(whats))
    return _card_rect(cells[whats.index(what)], cw, ch, side_labels())


def slot_places(rect: pygame.Rect, slots: list[tuple[str, str, int | None]]
                ) -> list[tuple[pygame.Rect, tuple[int, int], int, pygame.Rect, pygame.Surface]]:
    """Where each slot of a seat panel goes: its card, its count badge's centre and text
    size, its label's rectangle and picture.  The badge stays inside the card's height:
    the label under the card keeps its whole width, so a longer word in another
    language is never covered (the layout tests check it at every window size).  All
    labels of a panel share one text size, the largest at which the longest word of
    this language fits its cell ("bestellingen", "commandes").

    At a large text size (:func:`side_labels`) each label goes beside its card instead
    of under it, the cells on rows of two (one in a narrow panel): a word under a card
    has the card's width, one beside it most of the cell's."""
    body, label_px, cells, (cw, ch) = _panel_body(rect, len(slots))
    side = side_labels()
    if side:
        # The label fills most of its row's height (its card's).
        label_px = theme.unscaled(ch * SIDE_LABEL_SHARE)
    else:
        # The labels under the piles are drawn to their cells, like the badges: at
        # 100 %, a little larger with a larger text size (as far as their cell allows).
        label_px = theme.unscaled(label_px * layout.text_grow(1.4))
    px = max(12, int(ch * 0.36)) if side else max(10, int(ch * 0.24))
    badges = [badge_radius(n if n is not None else 0, px) for _w, _l, n in slots]
    room = [_label_room(cell, cw, r, side) for cell, r in zip(cells, badges, strict=False)]
    px_label = min((_label_size(label, label_px, w)
                    for (_w, label, _n), w in zip(slots, room, strict=False)), default=label_px)
    out = []
    for (_what, label, n), cell, rad, w in zip(slots, cells, badges, room, strict=True):
        r = _card_rect(cell, cw, ch, side)
        centre = (r.right - 2, r.bottom - badge_radius(n if n is not None else 0, px) - 1)
        lt = theme.fit_text(label, px_label, w, theme.WALNUT_MID,
                            min_px=min(px_label, LABEL_MIN_PX) / layout.text_grow(1.4))
        if side:
            where = lt.get_rect(midleft=(r.right - 2 + rad + max(3, rad // 2), r.centery))
        else:
            where = lt.get_rect(midtop=(cell.centerx, r.bottom + 1))
        out.append((r, centre, px, where, lt))
    return out


#: From this text size on (``layout.text_grow``) a seat panel's labels go beside its
#: piles' cards (:func:`slot_places`).
SIDE_FROM = 1.3
#: Two or three cells a row: each column's share of the width.  The slots go row by row
#: (hand, orders / stack, filled; or hand, orders, stack / filled, scorer): the longer
#: words are the orders' and the filled ones'.
SIDE_SHARES = {2: (0.42, 0.58), 3: (0.36, 0.38, 0.26)}
#: A label beside its card: this share of the card's height.
SIDE_LABEL_SHARE = 0.78


def side_labels() -> bool:
    """Whether the panels put their piles' labels beside the cards (a large text size)."""
    return layout.text_grow() >= SIDE_FROM


def _card_rect(cell: pygame.Rect, cw: int, ch: int, side: bool) -> pygame.Rect:
    """A pile's small card in its cell: at the cell's top centre, or (labels beside the
    cards) at its left, the cell's height."""
    r = pygame.Rect(0, 0, cw, ch)
    if side:
        r.midleft = (cell.x + max(2, cw // 8), cell.centery)
    else:
        r.midtop = (cell.centerx, cell.y)
    return r


def _label_room(cell: pygame.Rect, cw: int, badge_r: int, side: bool) -> int:
    """The width a pile's label has: its cell's, or what the card and badge leave."""
    if not side:
        return cell.w
    return max(1, cell.right - (cell.x + max(2, cw // 8) + cw - 2 + badge_r
                                + max(3, badge_r // 2)))


#: The smallest text a label under a panel's pile is drawn at.
LABEL_MIN_PX = 8


def _label_size(label: str, px: int, max_w: int) -> int:
    """The text size :func:`theme.fit_text` would draw ``label`` at in ``max_w``."""
    size = px
    while size > LABEL_MIN_PX and theme.text(label, size, theme.WALNUT_MID).get_width() > max_w:
        size = max(LABEL_MIN_PX, int(size * 0.9))
    return size


def head_height(rect: pygame.Rect) -> int:
    """A seat panel's head (the token, the name, the level): a quarter of the panel, up to
    a third with a larger text size (the name grows; the piles below give way)."""
    return int(rect.h * 0.27 * layout.text_grow(1.45))


def _panel_body(rect: pygame.Rect, n_slots: int) -> tuple[pygame.Rect, int, list[pygame.Rect],
                                                        tuple[int, int]]:
    """A seat panel's body: its rectangle, label size, one cell per slot and the card size.

    A panel about as tall as it is wide (the person's own panel beside the hand, when
    the screen is shared and it shows the hand's backs too) puts its slots on two rows:
    one row of four or five gave each label a cell narrower than "commandes".  With the
    labels beside the cards (:func:`side_labels`), rows of two or three cells, or one
    in a narrow panel (the person's own, beside the hand), each card its row's height.
    """
    pad = max(4, rect.h // 16)
    head_h = head_height(rect)
    band_bottom = rect.y + max(6, rect.h // 18)
    cy = band_bottom + pad // 2 + head_h // 2
    body = pygame.Rect(rect.x + pad, cy + head_h // 2 + pad // 2, rect.w - 2 * pad,
                       rect.bottom - (cy + head_h // 2) - pad)
    gap = max(2, pad // 2)
    if side_labels():
        # Labels beside the cards: rows of two cells (one in a narrow panel), the cards
        # as tall as their row.
        narrow = rect.w < rect.h * 1.5  # the person's own panel beside the hand
        cols = 1 if narrow and n_slots < 4 else min(n_slots, 2 if n_slots <= 4 else 3)
        rows = max(1, -(-n_slots // cols))
        row_h = (body.h - gap * (rows - 1)) // rows
        label_px = 10  # (unused: slot_places sizes the labels to their rows)
        cells = layout.grid(body, n_slots, cols, row_h, gap)
        if cols > 1:
            # The columns' widths follow their words: "main" and "pile" are short,
            # "commandes" and "réalisées" long (SIDE_SHARES).
            shares = SIDE_SHARES[cols]
            widths = [int((body.w - gap * (cols - 1)) * f) for f in shares]
            xs = [body.x + sum(widths[:k]) + gap * k for k in range(cols)]
            cells = [pygame.Rect(xs[i % cols], c.y, widths[i % cols], c.h)
                     for i, c in enumerate(cells)]
        cw = min(c.w for c in cells) if cells else 1
        return body, label_px, cells, layout.card_fit(max(cw * 0.3, body.w * 0.12), row_h)
    rows = 2 if n_slots >= 4 and rect.w < rect.h * 1.2 else 1
    cols = -(-n_slots // rows)
    row_h = (body.h - gap * (rows - 1)) // rows
    label_px = max(10, int(row_h * 0.15))
    card_h = row_h - int(label_px * 1.25)
    cells = layout.grid(body, n_slots, cols, row_h, gap)
    return body, label_px, cells, layout.card_fit(min(c.w for c in cells) * 0.78, card_h)


def panel_card_sizes(rect: pygame.Rect, show_hand_backs: bool) -> list[tuple[int, int]]:
    """The sizes a seat panel of ``rect``'s size shows its cards at: without the scorer
    card, and with it (warm-up: a filled order lands there)."""
    n = 4 if show_hand_backs else 2
    return [_panel_body(rect, n)[3], _panel_body(rect, n + 1)[3]]


def bubble(surface: pygame.Surface, rect: pygame.Rect, text_lines: list[str],
           tail_to: tuple[int, int] | None, alpha: float = 1.0,
           icon: pygame.Surface | None = None) -> pygame.Rect:
    """The speech bubble of an announcement, with a tail toward the speaker."""
    a = int(255 * max(0.0, min(1.0, alpha)))
    if a <= 0:
        return rect
    # Two lines: who speaks (small), then what they said (large: the thing to remember).
    sizes = [int(rect.h * 0.42)] if len(text_lines) == 1 else [int(rect.h * 0.27),
                                                                 int(rect.h * 0.4)]
    avail = rect.w - rect.h // 2 - (icon.get_width() + rect.h // 8 if icon else 0)
    share = [0.9] if len(text_lines) == 1 else [0.36, 0.56]
    surfs = [theme.fit_text(line, sizes[min(i, len(sizes) - 1)], avail,
                            theme.WALNUT_MID if (i == 0 and len(text_lines) > 1) else theme.INK,
                            bold=True, max_h=int(rect.h * share[min(i, len(share) - 1)]))
             for i, line in enumerate(text_lines)]
    content_w = max(s.get_width() for s in surfs) + (icon.get_width() + rect.h // 8 if icon else 0)
    w = min(rect.w, content_w + rect.h // 2)
    box = pygame.Rect(0, 0, w, rect.h)
    box.center = rect.center
    if tail_to is not None:
        box.centerx = max(rect.x + w // 2, min(rect.right - w // 2, tail_to[0]))
    area = box.inflate(8, 12)
    if tail_to is not None:
        area = area.union(pygame.Rect(tail_to[0] - 2, tail_to[1] - 2, 4, 4))
    key = ("bubble", tuple(text_lines), box.topleft, box.size, tail_to, area.topleft,
           area.size, id(icon) if icon is not None else None)
    layer = theme.layer(key, area.size,
                        lambda s: _paint_bubble(s, area, box, tail_to, surfs, content_w,
                                                icon, rect))
    layer.set_alpha(a)
    surface.blit(layer, area.topleft)
    return box


def _paint_bubble(layer: pygame.Surface, area: pygame.Rect, box: pygame.Rect,
                  tail_to: tuple[int, int] | None, surfs: list[pygame.Surface], content_w: int,
                  icon: pygame.Surface | None, rect: pygame.Rect) -> None:
    ox, oy = -area.x, -area.y
    lbox = box.move(ox, oy)
    if tail_to is not None:
        bx = max(box.x + box.h // 3, min(box.right - box.h // 3, tail_to[0]))
        by = box.top if tail_to[1] < box.top else box.bottom
        tw = max(8, box.h // 5)
        pygame.draw.polygon(layer, (255, 250, 236, 245),
                            [(bx - tw + ox, by + oy), (bx + tw + ox, by + oy),
                             (tail_to[0] + ox, tail_to[1] + oy)])
    pygame.draw.rect(layer, (30, 18, 10, 90), lbox.move(3, 5), border_radius=box.h // 3)
    pygame.draw.rect(layer, (255, 250, 236, 245), lbox, border_radius=box.h // 3)
    pygame.draw.rect(layer, theme.CRUST, lbox, max(2, box.h // 25), border_radius=box.h // 3)
    x = lbox.centerx - content_w // 2
    if icon is not None:
        layer.blit(icon, (x, lbox.centery - icon.get_height() // 2))
        x += icon.get_width() + rect.h // 8
    total_h = sum(s.get_height() for s in surfs)
    y = lbox.centery - total_h // 2
    for s in surfs:
        layer.blit(s, (x, y))
        y += s.get_height()


def tally_text(view: Any) -> dict[str, int]:
    """The learner's aid: units of each kind that went into the oven this round."""
    units = {k: 0 for k in COLOUR_KIND.values()}
    for h in view.history:
        if h[0] == "play":
            units[h[2]] += h[3] + 2 * h[4]
        elif h[0] == "carried":
            units[h[1]] += h[2]
    return units


def cards_in_hand_text(n_ing: int, n_ord: int) -> str:
    return ngettext("{n} ingredient", "{n} ingredients", n_ing) + ", " + ngettext(
        "{n} order", "{n} orders", n_ord)
