"""Rectangles computed from the window size, for 1024x640 up to 3840x2160 and 2..5 seats.

Pixel positions live here, never in the rules or in event handlers, so the
whole table can be recomputed on every resize and tested for overlaps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

CARD_RATIO = 5 / 7  # width / height, like real playing cards


def card_size(height: float | None = None, *, width: float | None = None) -> tuple[int, int]:
    """A card's (width, height) at the 5:7 ratio, from its height or from its width: the
    one card-size function (the painter's ``art.card_size`` is this one by width)."""
    if width is not None:
        return (max(10, int(width)), max(14, round(int(width) / CARD_RATIO)))
    h = max(14, int(height or 0))
    return (max(10, int(h * CARD_RATIO)), h)


def card_fit(w: float, h: float) -> tuple[int, int]:
    """The largest card that fits a w x h box."""
    if w / max(1, h) > CARD_RATIO:
        return card_size(h)
    return card_size(width=w)


def split_h(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """``n`` equal rectangles side by side with ``gap`` between them."""
    if n <= 0:
        return []
    w = (rect.w - gap * (n - 1)) / n
    return [pygame.Rect(round(rect.x + i * (w + gap)), rect.y, int(w), rect.h) for i in range(n)]


def split_v(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    if n <= 0:
        return []
    h = (rect.h - gap * (n - 1)) / n
    return [pygame.Rect(rect.x, round(rect.y + i * (h + gap)), rect.w, int(h)) for i in range(n)]


def grid(rect: pygame.Rect, n: int, cols: int, row_h: int, gap: int) -> list[pygame.Rect]:
    """Up to ``n`` cells of height ``row_h`` filling ``rect`` row by row."""
    cols = max(1, cols)
    cells = []
    w = (rect.w - gap * (cols - 1)) / cols
    for i in range(n):
        r, c = divmod(i, cols)
        y = rect.y + r * (row_h + gap)
        if y + row_h > rect.bottom + 1:
            break
        cells.append(pygame.Rect(round(rect.x + c * (w + gap)), y, int(w), row_h))
    return cells


def row_of_cards(area: pygame.Rect, n: int, max_h: int, gap_frac: float = 0.08,
                 arc: float = 0.0) -> list[pygame.Rect]:
    """``n`` cards side by side, centred in ``area``, never overlapping.

    Shrinks the cards when they would not fit, and lifts the middle ones by
    ``arc`` card heights for a fanned look without overlapping hit boxes.
    """
    if n <= 0:
        return []
    cw, ch = card_size(min(max_h, area.h - int(max_h * arc)))
    gap = max(3, int(cw * gap_frac))
    total = n * cw + (n - 1) * gap
    if total > area.w:
        cw = int((area.w - (n - 1) * gap) / n)
        cw, ch = card_fit(cw, ch)
        total = n * cw + (n - 1) * gap
    x0 = area.centerx - total // 2
    rects = []
    mid = (n - 1) / 2
    for i in range(n):
        t = (i - mid) / max(1.0, mid) if n > 1 else 0.0
        lift = int(arc * ch * (1 - t * t))
        y = area.bottom - ch - int(arc * ch) + (int(arc * ch) - lift)
        rects.append(pygame.Rect(x0 + i * (cw + gap), y, cw, ch))
    return rects


def fan_of_cards(area: pygame.Rect, n: int, max_h: int, min_step: float = 0.5,
                 arc: float = 0.05, whole: Sequence[bool] = ()
                 ) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """A hand fanned like real cards: (where to draw, where it can be clicked) per card.

    Cards overlap when space is short, but the clickable parts never do: each
    card's hit box is the strip left visible by its right-hand neighbour.  A card
    marked in ``whole`` (an order: its title and needs must be read) is never
    overlapped while the others can close up; only when even that does not fit do
    all the cards get smaller.
    """
    if n <= 0:
        return []
    lift_room = int(max_h * arc)
    cw, ch = card_size(min(max_h, area.h - lift_room))
    gap_frac = 0.06
    gap = max(3, int(cw * gap_frac))
    kept = [i < n - 1 and i < len(whole) and bool(whole[i]) for i in range(n)]
    n_kept = sum(kept)
    n_free = n - 1 - n_kept
    steps = [float(cw + gap)] * max(0, n - 1)
    if n > 1 and cw + (n - 1) * (cw + gap) > area.w:
        free = (area.w - cw - n_kept * (cw + gap)) / n_free if n_free else -1.0
        if free >= cw * min_step:
            steps = [float(cw + gap) if kept[i] else free for i in range(n - 1)]
        elif n_kept and n_free >= 0:
            # Smaller cards: the whole ones side by side, the others at the closest.
            cw = int(area.w / (1 + n_kept * (1 + gap_frac) + n_free * min_step))
            cw, ch = card_fit(cw, ch)
            gap = max(3, int(cw * gap_frac))
            steps = [float(cw + gap) if kept[i] else cw * min_step for i in range(n - 1)]
        else:
            step = (area.w - cw) / (n - 1)
            if step < cw * min_step:
                # Even overlapped they do not fit: shrink the cards.
                cw = int(area.w / (1 + (n - 1) * min_step))
                cw, ch = card_fit(cw, ch)
                step = cw * min_step
            steps = [step] * (n - 1)
    total = cw + sum(steps)
    x0 = area.centerx - total / 2
    xs = [x0]
    for st in steps:
        xs.append(xs[-1] + st)
    out = []
    mid = (n - 1) / 2
    for i in range(n):
        t = (i - mid) / max(1.0, mid) if n > 1 else 0.0
        y = area.bottom - ch - int(lift_room * (1 - t * t))
        draw = pygame.Rect(round(xs[i]), y, cw, ch)
        hit = pygame.Rect(draw)
        if i < n - 1:
            nxt = round(xs[i + 1])
            hit.w = max(1, min(cw, nxt - draw.x - (1 if steps[i] < cw else 0)))
        out.append((draw, hit))
    return out


def text_grow(limit: float = 2.0) -> float:
    """How much a box grows with the player's text size (Settings, ``theme.TEXT_SCALE``),
    at most ``limit``: a box that grows with its words shows them at the chosen size
    instead of fitting them back down (docs/accessibility.md)."""
    from solemio.ui import theme

    return max(1.0, min(theme.TEXT_SCALE, limit))


def menu_column(size: tuple[int, int], n: int, top_frac: float = 0.42,
                width_frac: float = 0.26, height_frac: float = 0.075,
                bottom: int = 0) -> list[pygame.Rect]:
    """Buttons of a title or pause menu, stacked and centred.  They grow with the text
    size: wider as far as the window allows (a label's words need width), taller by up to
    40 % (two lines fit where one does not)."""
    w, h = size
    bw = int(min(max(260, min(w * width_frac, 560)) * text_grow(), w * 0.9))
    bh = int(max(36, min(h * height_frac, 96)) * text_grow(1.4))
    gap = int(bh * 0.3)
    total = n * bh + (n - 1) * gap
    y0 = int(h * top_frac)
    if y0 + total > h - gap - bottom:  # ``bottom``: kept free (a line of hints)
        y0 = max(gap, h - gap - bottom - total)
    return [pygame.Rect(w // 2 - bw // 2, y0 + i * (bh + gap), bw, bh) for i in range(n)]


@dataclass
class TableLayout:
    """Every region of the table for one window size and seat count."""

    size: tuple[int, int]
    n_seats: int
    margin: int
    top_bar: pygame.Rect
    menu_button: pygame.Rect
    speed_button: pygame.Rect
    skip_button: pygame.Rect
    opponents: list[pygame.Rect]
    middle: pygame.Rect
    oven: pygame.Rect
    supply: pygame.Rect
    announce: pygame.Rect
    message: pygame.Rect
    me: pygame.Rect
    hand: pygame.Rect
    actions: pygame.Rect
    action_buttons: list[pygame.Rect]
    columns: list[pygame.Rect] = field(default_factory=list)
    reveal_order: pygame.Rect = field(default_factory=pygame.Rect)
    reveal_oven: pygame.Rect = field(default_factory=pygame.Rect)
    choices: pygame.Rect = field(default_factory=pygame.Rect)
    me_announce: pygame.Rect = field(default_factory=pygame.Rect)
    hand_card_h: int = 0
    unit: float = 1.0
    # a networked table's "Say…" in the reveal's bar, left of Skip (the table puts it
    # where Speed is in the reveal, beside Menu)
    say_button: pygame.Rect = field(default_factory=pygame.Rect)


def table_layout(size: tuple[int, int], n_seats: int, spectator: bool = False) -> TableLayout:
    """Compute the table for ``n_seats`` (the viewer at the bottom unless ``spectator``)."""
    w, h = size
    unit = max(0.6, min(w / 1280, h / 720))
    m = max(6, int(min(w, h) * 0.014))
    # The boxes that hold words grow with the text size (Settings; ``text_grow``), each as
    # far as the table still has room for its cards: the top bar, the panels, the message
    # row and the piles' labels, the buttons and the bubbles.
    tb_h = int(max(30, int(h * 0.055)) * text_grow(1.25))
    top_bar = pygame.Rect(m, m // 2, w - 2 * m, tb_h)
    btn_h = int(tb_h * 0.82)
    menu_w = max(90, int(btn_h * 3.2))
    menu_button = pygame.Rect(top_bar.right - menu_w, top_bar.centery - btn_h // 2, menu_w, btn_h)
    speed_button = pygame.Rect(menu_button.x - m - int(menu_w * 1.3),
                               menu_button.y, int(menu_w * 1.3), btn_h)
    # Larger text: the reveal's Skip says "Skip" (its whole text in its tooltip and in
    # speech: ui/table/reveal/paint.bar_buttons), leaving the room to the round's words.
    skip_w = int(menu_w * (1.5 if text_grow() >= 1.3 else 2.0))
    skip_button = pygame.Rect(speed_button.x - m - skip_w, menu_button.y, skip_w, btn_h)
    say_button = pygame.Rect(skip_button.x - m - menu_w, menu_button.y, menu_w, btn_h)

    k = n_seats if spectator else n_seats - 1
    opp_h = int(h * 0.19 * text_grow(1.25))
    opp_area = pygame.Rect(m, top_bar.bottom + m, w - 2 * m, opp_h)
    max_panel_w = int(opp_area.w * 0.34)
    panels = split_h(opp_area, k, m)
    if panels and panels[0].w > max_panel_w:
        total = k * max_panel_w + (k - 1) * m
        opp_area2 = pygame.Rect(w // 2 - total // 2, opp_area.y, total, opp_h)
        panels = split_h(opp_area2, k, m)

    # Bottom: my panel | hand | action buttons.
    # Larger text: smaller hand cards, so the piles between keep a readable size.
    full_card_h = int(min(h * 0.27, w * 0.105 / 0.714 * 1.0))
    hand_card_h = int(full_card_h / text_grow(1.3))
    lift = int(hand_card_h * 0.16)
    bottom_h = hand_card_h + lift + m
    # The reveal's choices keep the height the hand had at 100 % (its columns give way).
    choices_up = full_card_h + int(full_card_h * 0.16) + m - bottom_h
    bottom = pygame.Rect(m, h - m - bottom_h, w - 2 * m, bottom_h)
    side_w = int(w * 0.155)
    # Larger text: the person's panel and the buttons take the hand's lift too (the
    # panel's labels need rows, the buttons' words two lines).
    me_lift = 0 if text_grow() >= 1.3 else lift
    me = pygame.Rect(bottom.x, bottom.y + me_lift, side_w, bottom.h - me_lift)
    # ... and the buttons' column is wider ("Mes commandes (9)" on two lines, not fitted).
    act_w = int(side_w * (1.35 if me_lift == 0 else 1.0))
    actions = pygame.Rect(bottom.right - act_w, bottom.y + me_lift, act_w, bottom.h - me_lift)
    hand = pygame.Rect(me.right + m, bottom.y, actions.x - me.right - 2 * m, bottom.h)
    if spectator:
        hand = pygame.Rect(0, 0, 0, 0)
    # The turn's two buttons (Play and Clear; Supply and My orders) are the lower two of
    # three places; a larger text size gives them the whole column, the third none.
    large = text_grow() >= 1.3
    abh = int(min(actions.h / (2 if large else 3) - m,
                  max(34, h * 0.062) * text_grow(1.6 if large else 1.4)))
    action_buttons = [pygame.Rect(actions.x, actions.bottom - (i + 1) * abh - i * m,
                                  actions.w, abh) for i in range(3)][::-1]
    if large:
        action_buttons[0] = pygame.Rect(actions.x, actions.y, actions.w, 0)

    msg_h = int(max(22, int(h * 0.04)) * text_grow(1.7))
    middle = pygame.Rect(m, opp_area.bottom + m, w - 2 * m, bottom.y - opp_area.bottom - 2 * m)
    message = pygame.Rect(middle.x + side_w, middle.bottom - msg_h, middle.w - 2 * side_w, msg_h)
    # Larger text: a long message takes two lines, its pill rising above the strip
    # (ui/table/overlays.message_line); the piles' labels keep clear of it.
    rise = int(msg_h * 0.7) if text_grow() > 1 else 0
    play = pygame.Rect(middle.x, middle.y, middle.w, middle.h - msg_h - m // 2 - rise)
    label_h = int(max(18, int(h * 0.042)) * text_grow(1.4))  # (its words: piles.label_px)
    bubble_h = int(max(44, int(h * 0.09)) * text_grow(1.25))
    band = bubble_h + m // 2
    # A band at the top of the middle is kept for the announcement bubbles, under the
    # panels (never over their labels) and above the piles (never over the oven's top
    # card).
    piles = pygame.Rect(play.x, play.y + band, play.w, play.h - band)
    pile_h = int(min(piles.h - label_h - m // 2, h * 0.3))
    cw, ch = card_size(pile_h)
    top = piles.y + max(0, (piles.h - label_h - ch) // 2)
    # The piles' labels ("Supply · 34 cards") grow with the text size: the piles part so
    # the two labels never meet.
    apart = max(int(cw * 0.7), int(w * 0.13 * (text_grow() - 1)) - cw // 2)
    oven = pygame.Rect(w // 2 - cw - apart, top, cw, ch)
    supply = pygame.Rect(w // 2 + apart, top, cw, ch)
    announce = pygame.Rect(middle.x, play.y, middle.w, bubble_h)
    # The person at the screen speaks left of the oven, just above the message row: the
    # next prompt ("Draw 3 cards") must stay readable under what they just announced.
    me_y = max(announce.bottom + m // 4, message.y - m // 4 - bubble_h)
    me_announce = pygame.Rect(middle.x, me_y, max(0, oven.x - middle.x - m), bubble_h)

    # Reveal: the oven at the left, five columns, the order being filled at the right.
    rv_card_h = int(min(play.h * 0.55, h * 0.2))
    rcw, rch = card_size(rv_card_h)
    reveal_oven = pygame.Rect(middle.x + m, play.y + m, rcw, rch)
    order_w = int(max(rcw * 1.6, w * 0.16 * text_grow(1.4)))
    reveal_order = pygame.Rect(middle.right - order_w, play.y, order_w, play.h)
    col_area = pygame.Rect(reveal_oven.right + 2 * m, play.y,
                           reveal_order.x - reveal_oven.right - 4 * m,
                           play.h + msg_h + rise - choices_up)
    columns = split_h(col_area, 5, m)
    choices = pygame.Rect(hand.x, bottom.y - choices_up, hand.w + m + actions.w,
                          bottom.h + choices_up)

    return TableLayout(
        size=size, n_seats=n_seats, margin=m, top_bar=top_bar, menu_button=menu_button,
        speed_button=speed_button, skip_button=skip_button, opponents=panels, middle=middle,
        oven=oven, supply=supply, announce=announce, message=message, me=me, hand=hand,
        actions=actions, action_buttons=action_buttons, columns=columns,
        reveal_order=reveal_order, reveal_oven=reveal_oven, choices=choices,
        hand_card_h=hand_card_h, unit=unit, me_announce=me_announce, say_button=say_button,
    )


def overlaps(rects: list[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    """Pairs of named rectangles that overlap (the layout tests want none)."""
    bad = []
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            if rects[i][1].colliderect(rects[j][1]):
                bad.append((rects[i][0], rects[j][0]))
    return bad
