"""The reveal's fill picker: the widgets over :mod:`solemio.show.pickers.fill`.

Two steps a choice order's owner meets, each a row of tiles and a column of
buttons beside it (the series picker's shape):

* *kinds* (the ``variant`` decision): one tile per kind, the first ones in the
  amount slots (4 / 3 / 2 / 1 ...), the rest left out; pick a kind up and put it
  down on another tile to swap.  Each slot says what covers it: the columns
  (green tick), your hand (gold, "+1 from hand"), help (amber, "ask 2") or
  nothing (red cross).
* *cards* (the ``fill`` decision): one tile per missing item, showing the
  cards the hand adds and what is asked for; a click (Enter, Up/Down) cycles
  that item's ways.

When no way can fill the order the picker is one sentence and one button.
Drawing reads the model and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext, pgettext
from solemio.show.pickers.fill import (
    ASK,
    CANNOT,
    COLUMNS,
    HAND,
    HELP,
    CardsModel,
    Cover,
    KindsModel,
    cards_model,
    kinds_model,
)
from solemio.texts import (
    cards_text,
    double_units,
    kind_name,
    kind_units,
    order_name,
    request_text,
)
from solemio.ui import layout, theme
from solemio.ui.table.pickers.series import draw_mark
from solemio.ui.widgets import Button, Widget

Choice = tuple

STATUS_FILL = {COLUMNS: theme.BASIL_DARK, HAND: (176, 124, 30), HELP: (196, 110, 36),
               CANNOT: theme.TOMATO_DARK}


def _need_text(units: int, double: bool, kind: str) -> str:
    if double:
        return double_units(kind, units)
    return kind_units(kind, units)


def cover_words(c: Cover) -> str:
    """A slot's mark in words: what the columns give and what is left to whom."""
    if c.status == COLUMNS:
        return _("columns")
    if c.status == HAND:
        return _("+{n} hand", n=c.hand)
    if c.status == HELP:
        return _("ask {n}", n=c.missing)
    return _("{n} missing", n=c.missing)


class KindTile(Widget):
    """Tile ``index`` of the kinds step: a kind in an amount slot, or left out."""

    def __init__(self, picker: FillPicker, index: int, rect: pygame.Rect) -> None:
        super().__init__(f"fill-kind{index}", rect)
        self.picker = picker
        self.index = index

    def activate(self) -> None:
        self.picker.activate_slot(self.index)

    def spoken(self) -> str:
        """The words the tile shows: the kind and its amount, and what covers it."""
        m = self.picker.kinds
        if m is None or self.index >= len(m.arrangement):
            return ""
        kind = m.arrangement[self.index]
        if not m.in_use(self.index):
            return _("{label}: {value}", label=kind_name(kind), value=_("not used"))
        units, double = m.reqs[self.index]
        cov = m.slot_cover(self.index)
        need = _need_text(units, double, kind)
        return need if cov is None else _("{label}: {value}", label=need,
                                          value=cover_words(cov))

    def key(self, event: pygame.event.Event) -> bool:
        m = self.picker.kinds
        if m is None or m.selected != self.index:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.picker.move_selected(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        m = self.picker.kinds
        if m is None or self.index >= len(m.arrangement):
            return
        kind = m.arrangement[self.index]
        r = pygame.Rect(self.rect)
        selected = m.selected == self.index
        if selected:
            r.y -= max(2, r.h // 12)
        in_use = m.in_use(self.index)
        cov = m.slot_cover(self.index)
        fill = theme.CREAM if in_use else theme.CREAM_DARK
        radius = max(6, r.w // 8)
        theme.rounded_panel(surface, r, fill, radius=radius,
                            border=theme.GOLD if selected else theme.WALNUT,
                            border_w=max(2, r.w // (20 if selected else 40)))
        pad = max(3, r.w // 14)
        # The amount badge at the top left, like a playing card's index.
        if in_use:
            units, double = m.reqs[self.index]
            label = pgettext("badge of a double card", "D") if double else str(units)
            rad = max(8, int(min(r.w, r.h) * 0.14))
            c = (r.x + pad + rad, r.y + pad + rad)
            pygame.draw.circle(surface, theme.CRUST_LIGHT, c, rad)
            pygame.draw.circle(surface, theme.WALNUT, c, rad, max(1, rad // 8))
            num = theme.fit_text(label, int(rad * 1.4), 2 * rad - 2, theme.INK, bold=True)
            surface.blit(num, num.get_rect(center=c))
        # The kind's picture in the middle, its name under it.
        pill_h = max(14, int(r.h * 0.22))
        name_px = max(10, int(r.h * 0.12))
        icon_box = r.h - 2 * pad - pill_h - name_px - pad
        isz = max(10, min(int(r.w * 0.55), icon_box))
        icon = self.picker.cards().kind_icon(kind, isz)
        if not in_use:
            icon = icon.copy()
            icon.set_alpha(120)
        iy = r.y + pad + max(0, (icon_box - isz) // 2)
        surface.blit(icon, icon.get_rect(midtop=(r.centerx, iy)))
        name = kind_name(kind)
        if in_use:
            units, double = m.reqs[self.index]
            full = _need_text(units, double, kind)
            if theme.font(max(9, int(name_px * 0.8)), True).size(full)[0] <= r.w - 2 * pad:
                name = full  # else the badge says the amount and the name the kind
        t = theme.fit_text(name, name_px, r.w - 2 * pad, theme.INK if in_use else theme.MUTED,
                           bold=in_use)
        surface.blit(t, t.get_rect(midtop=(r.centerx, iy + isz + max(1, pad // 3))))
        pill = pygame.Rect(r.x + pad, r.bottom - pad - pill_h, r.w - 2 * pad, pill_h)
        if cov is not None:
            _status_pill(surface, pill, cov.status, cover_words(cov), short_words(cov))
        else:
            t = theme.fit_text(_("not used"), int(pill_h * 0.62), pill.w, theme.MUTED, bold=True)
            surface.blit(t, t.get_rect(center=pill.center))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, r.w // 36),
                             border_radius=radius + 3)


class FixedTile(Widget):
    """What the order needs whatever is chosen (Monotoni's 1 of your own kind)."""

    focusable = False

    def __init__(self, picker: FillPicker, index: int, rect: pygame.Rect) -> None:
        super().__init__(f"fill-fixed{index}", rect)
        self.picker = picker
        self.index = index

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        m = self.picker.kinds
        if m is None:
            return
        kind, units = m.fixed[self.index]
        cov = m.covers_of(m.chosen())[len(m.reqs) + self.index]
        r = self.rect
        theme.rounded_panel(surface, r, theme.CREAM_DARK, radius=max(6, r.w // 8),
                            border=theme.WALNUT, border_w=max(1, r.w // 40))
        pad = max(3, r.w // 14)
        pill_h = max(14, int(r.h * 0.22))
        name_px = max(10, int(r.h * 0.12))
        icon_box = r.h - 2 * pad - pill_h - name_px - pad
        isz = max(10, min(int(r.w * 0.55), icon_box))
        iy = r.y + pad + max(0, (icon_box - isz) // 2)
        icon = self.picker.cards().kind_icon(kind, isz)
        surface.blit(icon, icon.get_rect(midtop=(r.centerx, iy)))
        t = theme.fit_text(kind_units(kind, units), name_px, r.w - 2 * pad, theme.INK, bold=True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, iy + isz + max(1, pad // 3))))
        pill = pygame.Rect(r.x + pad, r.bottom - pad - pill_h, r.w - 2 * pad, pill_h)
        _status_pill(surface, pill, cov.status, cover_words(cov), short_words(cov))


class ItemTile(Widget):
    """One missing item of the cards step; a click, Enter, Up or Down cycles its ways."""

    def __init__(self, picker: FillPicker, index: int, rect: pygame.Rect) -> None:
        super().__init__(f"fill-item{index}", rect)
        self.picker = picker
        self.index = index

    def activate(self) -> None:
        self.picker.cycle(self.index, 1)

    def spoken(self) -> str:
        """The words the tile shows: what is missing, how it is filled, its ways."""
        m = self.picker.cards_m
        if m is None or not m.fills:
            return ""
        what, n = m.items[self.index]
        hand, req = m.part(self.index)
        if what == ASK:
            parts = [_("Ask for help")]
        else:
            parts = [_("missing: {what}", what=request_text([(what, n)]))
                     if what != "any" or n else _("missing")]
        if any(s or d for _k, s, d in hand):
            parts.append(_("hand: {cards}", cards=cards_text(hand)))
        if req:
            parts.append(_("ask: {req}", req=request_text(req)))
        ways = m.ways(self.index)
        if len(ways) > 1:
            at = ways.index(m.pick[self.index]) + 1 if m.pick[self.index] in ways else 1
            parts.append(_("{i} of {n}", i=at, n=len(ways)))
        return ", ".join(parts)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.picker.cycle(self.index, -1 if event.key == pygame.K_UP else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        m = self.picker.cards_m
        if m is None or not m.fills:
            return
        what, n = m.items[self.index]
        hand, req = m.part(self.index)
        r = self.rect
        radius = max(6, r.w // 10)
        theme.rounded_panel(surface, r, theme.CREAM, radius=radius, border=theme.WALNUT,
                            border_w=max(1, r.w // 40))
        pad = max(3, min(r.w, r.h) // 16)
        gap = max(2, pad // 2)
        head_px = max(10, int(r.h * 0.13))
        pill_h = max(14, int(r.h * 0.16))
        lines = []  # (words, status, the words without their lead-in when they do not fit)
        if any(s or d for _k, s, d in hand):
            n_cards = sum(s + d for _k, s, d in hand)
            # Several kinds (Bombastica) may not fit a pill: then how many cards it takes.
            short = cards_text(hand) if len(hand) == 1 else ngettext(
                "{n} ingredient", "{n} ingredients", n_cards)
            lines.append((_("hand: {cards}", cards=cards_text(hand)), HAND, short))
        if req:
            lines.append((_("ask: {req}", req=request_text(req)), HELP, request_text(req)))
        # From the bottom up: the hint (if the item has other ways), the ways' pills;
        # from the top: the kind's picture (what is left of the room) and the heading.
        if what == ASK and not lines:
            lines.append((_("nothing"), HAND, ""))  # the hand fills it: nothing to ask
        bottom = r.bottom - pad
        ways = m.ways(self.index)
        count = len(ways)
        at = ways.index(m.pick[self.index]) + 1 if m.pick[self.index] in ways else 1
        if count > 1:
            words = _("{i} of {n}: click for another way", i=at, n=count)
            hint_px = max(9, int(r.h * 0.1))
            # Two lines when a narrow tile (or a longer language) needs them.
            hint_lines = theme.wrap(words, hint_px, r.w - 2 * pad)
            if len(hint_lines) > 2:  # a tile too narrow even for two lines: the count alone
                hint_lines = [_("{i} of {n}", i=at, n=count)]
            for line in reversed(hint_lines):
                hint = theme.fit_text(line, hint_px, r.w - 2 * pad, theme.MUTED)
                surface.blit(hint, hint.get_rect(midbottom=(r.centerx, bottom)))
                bottom -= hint.get_height()
            bottom -= gap
        y = bottom - len(lines) * (pill_h + gap) + gap
        for words, status, short in lines:
            _status_pill(surface, pygame.Rect(r.x + pad, y, r.w - 2 * pad, pill_h), status, words,
                         short)
            y += pill_h + gap
        pills_top = bottom - len(lines) * (pill_h + gap)
        head = _("missing: {what}", what=request_text([(what, n)])) if what != "any" or n \
            else _("missing")
        if what == ASK:
            head = _("Ask for help")
        elif theme.font(9, True).size(head)[0] > r.w - 2 * pad and (what != "any" or n):
            head = request_text([(what, n)])  # a narrow tile: the amount alone says it
        # A larger text size: the heading on two lines ("7 ingrédients de" / "n'importe
        # quel type") rather than one fitted down to the tile's width.
        t = theme.fit_lines(head, head_px, r.w - 2 * pad, theme.INK, bold=True,
                            max_lines=2 if layout.text_grow() >= 1.3 else 1)
        top = r.y + pad
        room = pills_top - top - t.get_height() - 2 * gap
        kind = what[7:] if what.startswith("double-") else what
        if kind in self.picker.kind_names and room >= 10:
            isz = min(room, int(r.h * 0.3))
            icon = self.picker.cards().kind_icon(kind, isz)
            surface.blit(icon, icon.get_rect(midtop=(r.centerx, top + (room - isz) // 2)))
            top += room + gap
        surface.blit(t, t.get_rect(midtop=(r.centerx, top)))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, r.w // 36),
                             border_radius=radius + 3)


def _status_pill(surface: pygame.Surface, pill: pygame.Rect, status: str, words: str,
                 short: str = "") -> None:
    """A coloured pill with a tick (columns, hand), a cross (cannot) or nothing (help).
    Text that would not fit whole gives way to ``short`` (or to the mark alone): a
    label is never cut."""
    fill = STATUS_FILL[status]
    pygame.draw.rect(surface, fill, pill, border_radius=pill.h // 2)
    mr = int(pill.h * 0.34)
    mark = status in (COLUMNS, HAND, CANNOT)
    px = int(pill.h * 0.62)
    room = pill.w - 8 - ((2 * mr + 4) if mark else 0)
    smallest = 9
    for label in (words, short):
        if label and theme.font(smallest, True).size(label)[0] <= room:
            break
    else:
        label = ""
    if not label and not mark:
        label = short or words  # nothing else can say it: fit_text shrinks it
    t = theme.fit_text(label, px, max(10, room), theme.CREAM, bold=True) if label else None
    total = (t.get_width() if t else 0) + ((2 * mr + (4 if t else 0)) if mark else 0)
    x = pill.centerx - total // 2
    if mark:
        draw_mark(surface, (x + mr, pill.centery), mr, status != CANNOT)
        x += 2 * mr + 4
    if t is not None:
        surface.blit(t, (x, pill.centery - t.get_height() // 2))


def short_words(c: Cover) -> str:
    """The mark's few characters when the words do not fit: "+2", "?2", "-2"."""
    if c.status == COLUMNS:
        return ""
    if c.status == HAND:
        return f"+{c.hand}"
    return f"?{c.missing}" if c.status == HELP else f"-{c.missing}"


class FillPicker:
    """Widgets for one ``variant`` or ``fill`` decision; the state lives in the model.

    ``apply`` hands a legal choice to the scene; ``rebuild`` asks it to rebuild its
    widgets and focus the named one.  ``help_ok`` says whether this edition lets
    opponents help (Mamma Mia! never mentions help).
    """

    kind_names = frozenset(KINDS)

    def __init__(self, key: tuple, d: Any, cardset: Any, own_kind: str, columns: Any,
                 hand: Any, cards: Callable[[], Any], apply: Callable[[Choice], None],
                 rebuild: Callable[[str | None], None],
                 decision: Callable[[], Any] = lambda: None) -> None:
        self.key = key
        self.decision = decision  # the decision after ours (to follow a forced give-up)
        self.kind = d.kind
        self.cardset = cardset
        self.cards = cards
        self._apply = apply
        self._rebuild = rebuild
        ctx = d.context or {}
        self.order = order_name(cardset, ctx["order"]) if ctx.get("order") else ""
        self.help_ok = bool(getattr(cardset, "help", False))
        self.kinds: KindsModel | None = None
        self.cards_m: CardsModel | None = None
        if d.kind == "variant":
            self.kinds = kinds_model(d, cardset, columns, hand, own_kind)
        else:
            self.cards_m = cards_model(d)
            self.missing = request_text([tuple(x) for x in ctx.get("missing", ())])

    # --- state -------------------------------------------------------------------
    def no_way(self) -> bool:
        if self.kinds is not None:
            return self.kinds.no_way()
        return self.cards_m is not None and self.cards_m.no_way()

    def default_focus(self) -> str:
        """The widget that holds the focus first: Confirm (on the cheapest way)."""
        return "fill-go" if self.no_way() else "fill-confirm"

    # --- actions -------------------------------------------------------------------
    def activate_slot(self, i: int) -> None:
        assert self.kinds is not None
        self.kinds.activate_slot(i)
        self._rebuild(f"fill-kind{i}")

    def move_selected(self, d: int) -> None:
        assert self.kinds is not None
        j = self.kinds.move_selected(d)
        if j is not None:
            self._rebuild(f"fill-kind{j}")

    def cycle(self, i: int, d: int) -> None:
        assert self.cards_m is not None
        self.cards_m.cycle(i, d)
        self._rebuild(f"fill-item{i}")

    def confirm(self) -> None:
        model = self.kinds if self.kinds is not None else self.cards_m
        assert model is not None
        choice = model.confirm()
        if choice is None:
            self._rebuild("fill-confirm")
            return
        self._apply(choice)

    def give_up(self) -> None:
        if self.cards_m is not None and self.cards_m.give_up is not None:
            self._apply(self.cards_m.give_up)

    def go_on(self) -> None:
        """The one button when nothing can fill the order."""
        if self.kinds is None:
            self.give_up()
            return
        seat = self.key[1] if len(self.key) > 1 else None
        self._apply(self.kinds.default())
        # Whichever kinds, the cards step can only give up: one button covers both.
        nxt = self.decision()
        if nxt is not None and nxt.kind == "fill" and nxt.seat == seat and \
                all(c[0] == "give-up" for c in nxt.choices):
            self._apply(nxt.choices[0])

    # --- words ---------------------------------------------------------------------
    def prompt(self) -> str:
        if self.no_way():
            return self._no_way_text()
        if self.kinds is not None:
            m = self.kinds
            if m.notice:
                return m.notice
            if len(set(m.reqs)) > 1:
                head = _("{order}: which kind gets which amount? Pick a kind up, then the "
                         "place it moves to.", order=self.order)
            else:  # equal slots (2 + 2, two doubles, Monotoni's 6): only the kinds matter
                head = ngettext("{order}: which kind? Pick a kind up, then the place it "
                                "moves to.",
                                "{order}: which kinds? Pick a kind up, then the place it "
                                "moves to.", len(m.reqs), order=self.order)
            problem = m.problem()
            return head + " " + (problem or self._status_text(m))
        m2 = self.cards_m
        assert m2 is not None
        if m2.notice:
            return m2.notice
        head = _("{order}: the columns still lack {missing}.", order=self.order,
                 missing=self.missing)
        c = m2.current_choice()
        if c is None:
            return head
        if c[2]:
            if m2.can_fill_alone():
                return head + " " + _("Your hand can fill it without help; asking gives the "
                                      "helper a reward.")
            return head + " " + _("Your hand cannot make it all up: ask for {req}.",
                                  req=request_text(c[2]))
        return head + " " + _("Your hand fills it with {cards}.", cards=cards_text(c[1]))

    def _status_text(self, m: KindsModel) -> str:
        status = m.current_status()
        covers = m.covers_of(m.chosen())
        if status == COLUMNS:
            return _("The columns fill it.")
        if status == HAND:
            return ngettext("The columns and {n} unit from your hand fill it.",
                            "The columns and {n} units from your hand fill it.",
                            sum(c.hand for c in covers))
        if status == HELP:
            return _("Your hand cannot make it all up: you would ask for help.")
        return _("These kinds cannot fill it.")

    def _no_way_text(self) -> str:
        if self.kinds is not None:
            if self.help_ok:
                return _("{order} cannot be filled: neither the columns nor your hand hold what "
                         "it needs.", order=self.order)
            return _("{order} cannot be filled: the columns and your hand do not hold what it "
                     "needs.", order=self.order)
        return _("{order} cannot be filled: your hand cannot make up {missing}.",
                 order=self.order, missing=self.missing)

    # --- geometry --------------------------------------------------------------------
    def widgets(self, area: pygame.Rect, window: tuple[int, int]) -> list[Widget]:
        gap = max(6, int(min(area.w, area.h) * 0.05))
        # A larger text size: taller and wider buttons ("Give up this order" on two lines
        # at the chosen size); the tiles give way.
        bh = int(min((area.h - gap) / 2, max(30, window[1] * 0.06) * layout.text_grow(1.4)))
        bw = int(min(max(area.w * 0.27, bh * 3.2), area.w * 0.36 * layout.text_grow(1.15)))
        buttons = pygame.Rect(area.right - bw, area.y, bw, area.h)
        top = buttons.centery - bh - gap // 2
        upper = pygame.Rect(buttons.x, top, bw, bh)
        lower = pygame.Rect(buttons.x, top + bh + gap, bw, bh)
        if self.no_way():
            one = pygame.Rect(0, 0, bw, bh)
            one.center = (area.centerx, area.y + min(area.h // 2, bh))
            return [Button("fill-go", _("Go on"), self.go_on, one, style="good")]
        row = pygame.Rect(area.x, area.y, area.w - bw - 2 * gap, area.h)
        out: list[Widget] = []
        if self.kinds is not None:
            m = self.kinds
            n_fixed = len(m.fixed)
            cells = _cells(row, n_fixed + m.slot_count(), gap)
            for i, cell in enumerate(cells[:n_fixed]):
                out.append(FixedTile(self, i, cell))
            out += [KindTile(self, i, cell) for i, cell in enumerate(cells[n_fixed:])]
            ok = m.current_choice() is not None
            middle = pygame.Rect(buttons.x, buttons.centery - bh // 2, bw, bh)
            good = ok and m.current_status() != CANNOT
            out.append(Button("fill-confirm", _("Confirm"), self.confirm, middle,
                              style="good" if good else "secondary"))
            return out
        m2 = self.cards_m
        assert m2 is not None
        cells = _cells(row, len(m2.items), gap, wide=True)
        out += [ItemTile(self, i, cell) for i, cell in enumerate(cells)]
        label = _("Ask for help") if m2.asks_help() else _("Fill it")
        out.append(Button("fill-confirm", label, self.confirm, upper, style="good"))
        out.append(Button("fill-give-up", _("Give up this order"), self.give_up, lower,
                          style="secondary"))
        return out


def _cells(row: pygame.Rect, n: int, gap: int, wide: bool = False) -> list[pygame.Rect]:
    """``n`` tiles side by side in ``row``, as tall as it is and never wider than
    ``row.h`` (``wide``: 1.4 ``row.h``), centred."""
    if n <= 0:
        return []
    gap = max(4, min(gap, row.w // (4 * n)))
    w = min((row.w - (n - 1) * gap) / n, row.h * (1.5 if wide else 1.0))
    total = n * w + (n - 1) * gap
    x0 = row.x + (row.w - total) / 2
    return [pygame.Rect(round(x0 + i * (w + gap)), row.y, int(w), row.h) for i in range(n)]
