"""The two-step series picker of the oven reveal.

When a four-of-a-kind order is revealed and its owner holds more of them, the
engine offers every subset of those orders combined with every assignment of
the amounts 4, 3, 2, 1: up to 49 choices, far too many to read as buttons.
This picker asks the same question the way a player thinks about it:

1. *Which orders join the series?*  The revealed order is fixed; the series
   orders in hand are shown as cards that toggle in and out.
2. *Which order gets which amount?*  The chosen orders sit in amount slots
   4 / 3 / 2 / 1 (best covered kind first by default); the player swaps them
   with clicks or the keyboard and sees at once whether the columns cover each.

:class:`~solemio.show.pickers.series.SeriesModel` is the rules side (no pygame,
in the show layer): it only ever produces a tuple taken from the decision's own
choices, and says in words why an arrangement cannot be confirmed.
:class:`SeriesPicker` turns it into widgets for the reveal scene; its drawing
reads the model and never changes anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solemio.engine.kinds import KINDS
from solemio.i18n import _, ngettext
from solemio.show.pickers.series import Choice, SeriesModel
from solemio.texts import order_name
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.widgets import Button, Widget


# --- widgets ------------------------------------------------------------------------
def draw_mark(surface: pygame.Surface, center: tuple[int, int], radius: int, ok: bool) -> None:
    """A round tick (covered) or cross (not covered) badge, drawn with lines so it never
    depends on a font having the glyph."""
    radius = max(5, radius)
    cx, cy = center
    pygame.draw.circle(surface, theme.BASIL if ok else theme.TOMATO, center, radius)
    pygame.draw.circle(surface, theme.CREAM, center, radius, max(1, radius // 6))
    w = max(2, radius // 3)
    a = radius * 0.5
    if ok:
        pts = [(cx - a, cy + a * 0.05), (cx - a * 0.25, cy + a * 0.7), (cx + a * 0.85, cy - a * 0.6)]
        pygame.draw.lines(surface, theme.CREAM, False, pts, w)
    else:
        pygame.draw.line(surface, theme.CREAM, (cx - a, cy - a), (cx + a, cy + a), w)
        pygame.draw.line(surface, theme.CREAM, (cx - a, cy + a), (cx + a, cy - a), w)


class RevealedCard(Widget):
    """The revealed order at the head of the series: always in, so it takes no focus."""

    focusable = False

    def __init__(self, picker: SeriesPicker, rect: pygame.Rect, card: pygame.Rect) -> None:
        super().__init__("series-revealed", rect)
        self.picker = picker
        self.card = pygame.Rect(card)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        p = self.picker
        r = self.card.move(0, -p.lift(self.card))
        shadowed(surface, p.card_image(p.model.revealed, r.size), r.topleft, lifted=True)
        pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=max(3, r.w // 30),
                         border_radius=max(4, int(r.w * 0.08)))
        p.draw_tag(surface, r, _("revealed"), theme.GOLD, theme.INK)


class JoinCard(Widget):
    """A series order from the hand: click, Enter or Space puts it in or out of the series."""

    def __init__(self, picker: SeriesPicker, index: int, oid: str, rect: pygame.Rect,
                 card: pygame.Rect) -> None:
        super().__init__(f"choice-join{index}", rect)
        self.picker = picker
        self.oid = oid
        self.card = pygame.Rect(card)

    def activate(self) -> None:
        self.picker.toggle(self.oid, self.name)

    def spoken(self) -> str:
        p = self.picker
        state = _("joins") if self.oid in p.model.joined else _("add")
        return _("{label}: {value}", label=order_name(p.cardset, self.oid), value=state)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        p = self.picker
        joined = self.oid in p.model.joined
        r = pygame.Rect(self.card)
        if joined:
            r.y -= p.lift(r)
        elif focused or hovered:
            r.y -= p.lift(r) // 4
        shadowed(surface, p.card_image(self.oid, r.size), r.topleft, lifted=joined)
        rad = max(4, int(r.w * 0.08))
        if joined:
            pygame.draw.rect(surface, theme.BASIL, r.inflate(6, 6), width=max(3, r.w // 30),
                             border_radius=rad)
            p.draw_tag(surface, r, _("joins"), theme.BASIL_DARK, theme.CREAM, mark=True)
        else:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (20, 10, 0, 95), veil.get_rect(), border_radius=rad)
            surface.blit(veil, r.topleft)
            p.draw_tag(surface, r, _("add"), theme.CREAM, theme.INK)
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(12, 12), width=max(2, r.w // 36),
                             border_radius=rad + 2)


class AmountSlot(Widget):
    """Amount slot ``amount`` (4, 3, 2, 1) with the order it holds, if any.

    Click or Enter picks the order up, a second click or Enter puts it down
    (swapping); while it is held, Left/Right carry it along the slots.
    """

    def __init__(self, picker: SeriesPicker, index: int, rect: pygame.Rect,
                 card: pygame.Rect) -> None:
        super().__init__(f"choice-slot{picker.model.amounts[index]}", rect)
        self.picker = picker
        self.index = index
        self.card = pygame.Rect(card)

    def activate(self) -> None:
        self.picker.activate_slot(self.index)

    def spoken(self) -> str:
        p = self.picker
        m = p.model
        oid = m.slots[self.index] if self.index < len(m.slots) else None
        amount = str(m.amounts[self.index])
        return _("{label}: {value}", label=amount,
                 value=order_name(p.cardset, oid) if oid else _("nothing"))

    def key(self, event: pygame.event.Event) -> bool:
        if self.picker.model.selected != self.index:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.picker.move_selected(-1 if event.key == pygame.K_LEFT else 1)
            return True  # at either end the order stays put rather than the focus wandering
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        p = self.picker
        m = p.model
        amount = m.amounts[self.index]
        oid = m.slots[self.index]
        n = len(m.joined) + 1
        in_use = self.index < n
        r = pygame.Rect(self.card)
        radius = max(4, int(r.w * 0.08))
        selected = m.selected == self.index
        wrong = m.current_choice() is None  # an arrangement the rules refuse: show where
        if oid is None:
            colour = (250, 241, 220, 150 if in_use else 60)
            if in_use and wrong:
                colour = (*theme.TOMATO, 230)
            outline = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(outline, (20, 12, 6, 60 if in_use else 30), outline.get_rect(),
                             border_radius=radius)
            pygame.draw.rect(outline, colour, outline.get_rect(), width=max(2, r.w // 40),
                             border_radius=radius)
            surface.blit(outline, r.topleft)
            if m.selected is not None:
                hint = theme.fit_text(_("move here"), max(10, r.w // 7), r.w - 6, theme.CREAM,
                                      bold=True)
                surface.blit(hint, hint.get_rect(center=r.center))
        else:
            if selected:
                r.y -= p.lift(r)
            shadowed(surface, p.card_image(oid, r.size), r.topleft, lifted=selected)
            p.draw_amount_pill(surface, r, oid, amount)
            if selected:
                pygame.draw.rect(surface, theme.GOLD, r.inflate(8, 8), width=max(3, r.w // 24),
                                 border_radius=radius + 2)
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(14, 14), width=max(2, r.w // 36),
                             border_radius=radius + 3)
        # The amount badge in the card's top corner, over the owner's emblem (the same on
        # every card here), like the index of a playing card; drawn last, never hidden.
        rad = max(8, int(r.h * 0.125))
        b = pygame.Rect(0, 0, 2 * rad, 2 * rad)
        b.center = (r.x + max(rad - 2, int(r.w * 0.16)), r.y + int(r.h * 0.13))
        fill = theme.CRUST_LIGHT if in_use else (120, 104, 84)
        fg = theme.INK if in_use else theme.CREAM_DARK
        if not in_use and oid is not None:
            fill, fg = theme.TOMATO, theme.CREAM  # an amount this series cannot use
        pygame.draw.circle(surface, fill, b.center, rad)
        pygame.draw.circle(surface, theme.WALNUT if in_use else (90, 76, 60), b.center, rad,
                           max(1, rad // 8))
        num = theme.text(str(amount), int(rad * 1.45), fg, bold=True)
        surface.blit(num, num.get_rect(center=b.center))


class SeriesPicker:
    """Widgets for one series decision; the state lives in ``model`` across rebuilds.

    ``apply`` hands a legal choice to the scene, ``rebuild`` asks the scene to
    rebuild its widgets (and prompt) and focus the named widget.
    """

    def __init__(self, key: tuple, d: Any, cardset: Any, colour: str, own_kind: str,
                 column_units: Sequence[int], cards: Callable[[], Any],
                 apply: Callable[[Choice], None], rebuild: Callable[[str | None], None]) -> None:
        from solemio.texts import order_kind

        ctx = d.context or {}
        self.key = key
        self.cardset = cardset
        self.colour = colour
        self.cards = cards  # a getter: the app swaps its CardImages with the painter
        self._apply = apply
        self._rebuild = rebuild
        revealed = ctx.get("order") or next(
            (c[1][0][0] for c in d.choices if c[0] == "series" and len(c[1]) == 1), "")
        self.model = SeriesModel(d.choices, revealed, ctx.get("candidates", []), column_units,
                                 lambda oid: order_kind(cardset, oid, own_kind))

    # --- actions ------------------------------------------------------------------
    def toggle(self, oid: str, focus: str) -> None:
        self.model.toggle(oid)
        self._rebuild(focus)

    def next(self) -> None:
        if self.model.go_next():
            self._rebuild("choice-confirm")
        else:
            self._rebuild("choice-next")

    def back(self) -> None:
        self.model.back()
        self._rebuild("choice-join0" if self.model.candidates else "choice-next")

    def alone(self) -> None:
        choice = self.model.alone_choice()
        if choice is not None:
            self._apply(choice)

    def activate_slot(self, i: int) -> None:
        self.model.activate_slot(i)
        self._rebuild(f"choice-slot{self.model.amounts[i]}")

    def move_selected(self, d: int) -> None:
        j = self.model.move_selected(d)
        if j is not None:
            self._rebuild(f"choice-slot{self.model.amounts[j]}")

    def confirm(self) -> None:
        choice = self.model.confirm()
        if choice is None:
            self._rebuild("choice-confirm")
            return
        self._apply(choice)

    # --- words --------------------------------------------------------------------
    def prompt(self) -> str:
        """What is asked now, and what is wrong or how well the columns pay for it."""
        m = self.model
        if m.notice:
            return m.notice  # a refusal stands alone, so it stays readable in a small window
        if m.step == 1:
            head = _("{order} is revealed. Which four-of-a-kind orders from your hand join "
                     "it as a series?", order=order_name(self.cardset, m.revealed))
            n = len(m.joined)
            if n:
                return head + " " + ngettext("{n} order joins; then Next.",
                                             "{n} orders join; then Next.", n)
            return head
        head = _("Give each order its amount: pick an order up, then the amount it moves to.")
        problem = m.problem()
        if problem:
            return problem
        members = m.assignment()
        ok = sum(1 for oid, u in members if m.covered(oid, u))
        return head + " " + ngettext("The columns already cover {ok} of {n} order.",
                                     "The columns already cover {ok} of {n} orders.",
                                     len(members), ok=ok)

    # --- geometry -----------------------------------------------------------------
    def widgets(self, area: pygame.Rect, window: tuple[int, int]) -> list[Widget]:
        """The widgets for ``area`` (the choice area under the prompt)."""
        gap = max(6, int(min(area.w, area.h) * 0.05))
        # A larger text size: taller and wider buttons ("Play it alone" at the chosen
        # size, a longer label on two lines); the cards give way (as in fill.py).
        bh = int(min((area.h - gap) / 2, max(30, window[1] * 0.06) * layout.text_grow(1.4)))
        bw = int(min(max(area.w * 0.27, bh * 3.2), area.w * 0.36 * layout.text_grow(1.15)))
        buttons = pygame.Rect(area.right - bw, area.y, bw, area.h)
        row = pygame.Rect(area.x, area.y, area.w - bw - 2 * gap, area.h)
        top = buttons.centery - bh - gap // 2
        upper = pygame.Rect(buttons.x, top, bw, bh)
        lower = pygame.Rect(buttons.x, top + bh + gap, bw, bh)
        m = self.model
        out: list[Widget] = []
        if m.step == 1:
            *joins, revealed = self._join_widgets(row)
            out += joins
            out.append(Button("choice-next", _("Next"), self.next, upper, style="good"))
            alone = Button("choice-alone", _("Play it alone"), self.alone, lower,
                           style="secondary")
            alone.visible = m.alone_choice() is not None
            out += [alone, revealed]
        else:
            out += self._slot_widgets(row)
            ok = m.current_choice() is not None
            out.append(Button("choice-confirm", _("Confirm"), self.confirm, upper,
                              style="good" if ok else "secondary"))
            out.append(Button("choice-back", _("Back"), self.back, lower, style="secondary"))
        return out

    def _cells(self, row: pygame.Rect, n: int, top_room: float) -> tuple[list[pygame.Rect], int]:
        """``n`` equal cells in ``row`` with a card each, ``top_room`` card heights free above."""
        gap = max(6, int(row.h * 0.07))
        cw, ch = layout.card_fit((row.w - (n - 1) * gap) / max(1, n), row.h / (1 + top_room))
        total = n * cw + (n - 1) * gap
        x0 = row.x + (row.w - total) // 2
        cells = [pygame.Rect(x0 + i * (cw + gap), row.y, cw, row.h) for i in range(n)]
        return cells, ch

    def _join_widgets(self, row: pygame.Rect) -> list[Widget]:
        m = self.model
        cells, ch = self._cells(row, 1 + len(m.candidates), 0.16)
        out: list[Widget] = []
        for i, cell in enumerate(cells):
            card = pygame.Rect(cell.x, cell.bottom - ch, cell.w, ch)
            if i == 0:
                # Last in the list: the scene gives the first widget the focus, and the
                # revealed order cannot take it.
                revealed = RevealedCard(self, cell, card)
            else:
                out.append(JoinCard(self, i - 1, m.candidates[i - 1], cell, card))
        return out + [revealed]

    def _slot_widgets(self, row: pygame.Rect) -> list[Widget]:
        m = self.model
        cells, ch = self._cells(row, len(m.amounts), 0.12)
        out: list[Widget] = []
        for i, cell in enumerate(cells):
            card = pygame.Rect(cell.x, cell.bottom - ch, cell.w, ch)
            out.append(AmountSlot(self, i, cell, card))
        return out

    # --- painting helpers (read-only) ------------------------------------------------
    @staticmethod
    def lift(card: pygame.Rect) -> int:
        return int(card.h * 0.1)

    def card_image(self, oid: str, size: tuple[int, int]) -> pygame.Surface:
        return self.cards().face((self.colour, oid), self.cardset, size)

    @staticmethod
    def draw_tag(surface: pygame.Surface, card: pygame.Rect, label: str,
                 fill: tuple[int, int, int], fg: tuple[int, int, int], mark: bool = False) -> None:
        """A small label across the card's lower edge (with a tick when ``mark``)."""
        px = max(10, int(card.w * 0.15))
        mr = int(px * 0.5) if mark else 0
        t = theme.fit_text(label, px, card.w - 12 - 2 * mr, fg, bold=True)
        box = pygame.Rect(0, 0, t.get_width() + (2 * mr + 4 if mr else 0) + 10, t.get_height() + 4)
        box.midbottom = (card.centerx, card.bottom - card.h // 20)
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        x = box.x + 5
        if mr:
            draw_mark(surface, (x + mr, box.centery), mr, True)
            x += 2 * mr + 4
        surface.blit(t, (x, box.centery - t.get_height() // 2))

    def draw_amount_pill(self, surface: pygame.Surface, card: pygame.Rect, oid: str,
                         amount: int) -> None:
        """What the order now needs (it replaces the ×4 printed on the card) and whether
        the columns already hold that much: green with a tick, or red with a cross."""
        m = self.model
        ok = m.covered(oid, amount)
        kind = m.kind_of(oid)
        h = max(16, int(card.h * 0.25))
        box = pygame.Rect(0, 0, card.w - max(4, card.w // 12), h)
        box.center = (card.centerx, card.y + int(card.h * 0.47))  # over the printed ×4
        fill = theme.BASIL_DARK if ok else (theme.TOMATO_DARK if ok is False else theme.WALNUT)
        pygame.draw.rect(surface, fill, box, border_radius=h // 2)
        pygame.draw.rect(surface, theme.CREAM, box, width=max(1, h // 12), border_radius=h // 2)
        label = _("×{n}", n=amount)
        parts: list[pygame.Surface] = []
        if kind in KINDS:
            parts.append(self.cards().kind_icon(kind, int(h * 0.78)))
        parts.append(theme.text(label, int(h * 0.7), theme.CREAM, bold=True))
        mark_r = int(h * 0.36) if ok is not None else 0
        gap = max(3, h // 8)
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
        width += (2 * mark_r + gap) if mark_r else 0
        x = box.centerx - width // 2
        for part in parts:
            surface.blit(part, (x, box.centery - part.get_height() // 2))
            x += part.get_width() + gap
        if mark_r:
            draw_mark(surface, (x + mark_r, box.centery), mark_r, bool(ok))
