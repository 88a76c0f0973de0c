"""The hand at the table: its cards as widgets, the clickable supply, and the still part.

A card is a widget (click or Enter toggles its selection) whose picture is most of
the time still: :func:`hand_part` makes the hand one part of the still frame, keyed by
each card's face, place, selection, focus, hover and whether it can be chosen.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import spoken
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import _, ngettext
from solemio.texts import announcement, order_name, spec_explain, spec_name
from solemio.ui import layout, theme
from solemio.ui.cards import shadowed
from solemio.ui.widgets import Button, Widget


def sort_hand(hand: tuple) -> list[tuple]:
    """Ingredients by kind then singles before doubles, then orders: a stable, readable fan."""
    def key(face: tuple) -> tuple:
        if face[0] in KINDS:
            return (0, KINDS.index(face[0]), face[1], "")
        return (1, 0, 0, str(face[1]))
    return sorted(hand, key=key)


class HandCard(Widget):
    """One card of the hand: click or Enter toggles its selection (``owner.toggle``; the
    owner, the table scene, holds ``selected``, ``app`` and ``session``)."""

    def __init__(self, owner: Any, index: int, face: tuple, rect: pygame.Rect,
                 tooltip: str, draw_rect: pygame.Rect | None = None) -> None:
        super().__init__(f"hand{index}", rect, tooltip)
        self.draw_rect = pygame.Rect(draw_rect or rect)
        self.owner = owner
        self.index = index
        self.face = face

    def activate(self) -> None:
        self.owner.toggle(self.index)

    def spoken(self) -> str:
        sc = self.owner
        text = spoken.hand_card(self.face, sc.session.cardset, sc.session.show.hand,
                                self.index in sc.selected)
        return text if self.enabled else _("{label}, unavailable", label=text)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        sc = self.owner
        selected = self.index in sc.selected
        r = pygame.Rect(self.draw_rect)
        lift = int(r.h * 0.14) if selected else (int(r.h * 0.04) if (focused or hovered) else 0)
        r.y -= lift
        img = sc.app.cards.face(self.face, sc.session.cardset, r.size,
                                sc.session.cardset.scorer_name)
        shadowed(surface, img, r.topleft, lifted=selected)
        if not self.enabled:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (20, 10, 0, 70), veil.get_rect(),
                             border_radius=max(2, int(r.w * 0.06)))
            surface.blit(veil, r.topleft)
        if selected:
            pygame.draw.rect(surface, theme.BASIL, r.inflate(6, 6), width=max(3, r.w // 30),
                             border_radius=max(4, int(r.w * 0.08)))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, r.w // 40),
                             border_radius=max(4, int(r.w * 0.09)))


class PileTarget(Widget):
    """A pile that can be clicked (the supply while drawing); the buttons stay the
    keyboard's way, so this takes no focus."""

    focusable = False

    def __init__(self, name: str, rect: pygame.Rect, action, tooltip: str) -> None:
        super().__init__(name, rect, "")
        self.action = action

    def activate(self) -> None:
        self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        r = self.rect.inflate(10, 10)
        pygame.draw.rect(surface, theme.GOLD if hovered else theme.BASIL, r,
                         width=max(3, r.w // 30), border_radius=max(6, r.w // 12))


def drag_across_hand(owner: Any, event: Any) -> None:
    """Press on an ingredient card and drag across others: each card passed over takes the
    state the first one took (selected or not), as a hand of cards is swept in real life.
    ``owner.drag`` holds that state while the button is down (None otherwise)."""
    focus = owner.focus

    def card_at(pos: tuple[int, int]) -> HandCard | None:
        i = focus.at(pos)
        w = focus.widgets[i] if i >= 0 else None
        return w if isinstance(w, HandCard) and w.face[0] in KINDS else None

    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        card = card_at(event.pos)
        owner.drag = None if card is None else card.index not in owner.selected
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        owner.drag = None
    elif event.type == pygame.MOUSEMOTION and owner.drag is not None:
        if not (event.buttons and event.buttons[0]):
            owner.drag = None
            return
        card = card_at(event.pos)
        if card is not None and card.enabled and (card.index in owner.selected) != owner.drag:
            owner.toggle(card.index)


def hand_cards(owner: Any, session: Any, L: Any, d: Any) -> list[Widget]:
    """The hand's cards as widgets, fanned in the layout's hand area (orders whole, the
    ingredients closing up first); each order card's tooltip explains it.  While an order
    is being chosen, the ingredient cards cannot be."""
    hand = owner.hand
    rects = layout.fan_of_cards(L.hand, len(hand), L.hand_card_h, arc=0.05,
                                whole=[f[0] not in KINDS for f in hand])
    viewer = session.viewer
    own_kind = COLOUR_KIND[session.seats[viewer].colour] if viewer is not None else "olive"
    cards: list[Widget] = []
    for i, (face, (dr, r)) in enumerate(zip(hand, rects, strict=True)):
        tip = ""
        if face[0] not in KINDS:
            spec = session.cardset.order(face[1])
            tip = _("{name}: {explanation}", name=spec_name(spec),
                    explanation=spec_explain(spec, own_kind))
        card = HandCard(owner, i, face, r, tip, dr)
        card.enabled = not (d is not None and d.kind == "order" and face[0] in KINDS)
        cards.append(card)
    return cards


def take_back_button(owner: Any, session: Any, L: Any) -> Button | None:
    """"Take back" (solemio/show/takeback.py): only for the one person alone against
    computers, outside the guided game; greyed while there is nothing to take back."""
    can = getattr(session, "can_take_back", None)
    if can is None or len(session.persons) != 1 or session.guide:
        return None
    undo = Button("take-back", _("Take back"), owner.take_back, L.speed_button,
                  style="secondary",
                  tooltip=_("Take back your last turn (Ctrl+Z or Backspace): the "
                            "computers then play as they did."))
    undo.enabled = can()
    undo.refused = owner.take_back
    return undo


def hand_part(focus: Any, selected: set[int]) -> tuple | None:
    """The hand's cards (widgets, but still most of the time): a still-frame part whose key
    holds each card's face, place, selection, focus, hover and whether it can be chosen."""
    fg = focus
    cards = [(i, w) for i, w in enumerate(fg.widgets)
             if isinstance(w, HandCard) and w.visible]
    if not cards:
        return None
    states = tuple((i == fg.focus, i == fg.hover) for i, _w in cards)
    key = tuple((w.face, tuple(w.draw_rect), w.index in selected, w.enabled) + st
                for (_i, w), st in zip(cards, states, strict=True))
    area = None
    for _i, w in cards:
        r = w.draw_rect
        # Lifted when selected, its shadow right and down, the rings around it.
        box = pygame.Rect(r.x - 6, r.y - int(r.h * 0.14) - 6,
                          r.w + max(2, r.h // 14) + 12,
                          r.h + int(r.h * 0.14) + max(2, r.h // 14) + 12)
        area = box if area is None else area.union(box)

    def paint(surf: pygame.Surface) -> None:
        for (_i, w), (focused, hovered) in zip(cards, states, strict=True):
            w.draw(surf, focused, hovered)
    return ("hand", area, key, paint)


def turn_buttons(owner: Any, d: Any, view: Any, L: Any) -> tuple[list[Widget], str]:
    """The buttons of the person's decision at the table ``d`` (None: nobody's), and its
    words for the message line.  ``owner``, the table scene, answers them (confirm, clear,
    no_order, draw_from) and says why Play is grey (play_refusal, check_selection)."""
    ab = L.action_buttons
    message = ""
    out: list[Widget] = []
    if d is not None and d.kind == "play":
        ing, order = owner.pick.split()
        why = owner.check_selection()
        play = Button("confirm", _("Play"), owner.confirm, ab[1], style="good")
        play.enabled = why is None
        play.refused = lambda: setattr(owner.screen_parts, "error", owner.play_refusal())
        out += [play, Button("clear", _("Clear"), owner.clear, ab[2], style="secondary")]
        if not ing and order is not None:
            message = owner.play_refusal()
        elif not ing:
            message = _("Your turn: select ingredient cards of one kind, and an order "
                        "if you like, then Play.")
        elif why is None:
            message = _("You will announce: {what}",
                        what=announcement(*_choice_of(ing)[1:]))
            if order is not None:
                message += "  +  " + _("order: {name}",
                                       name=order_name(owner.session.cardset, order[1]))
        else:
            message = why
    elif d is not None and d.kind == "order":
        ing, order = owner.pick.split()
        b = Button("confirm", _("Play this order"), owner.confirm, ab[1], style="good")
        b.enabled = order is not None
        out += [b, Button("no-order", _("No order"), owner.no_order, ab[2],
                          style="secondary")]
        message = _("Add one of your orders to the oven, or none.")
    elif d is not None and d.kind == "draw":
        info = view.seats[owner.session.viewer]
        for i, ch in enumerate(d.choices):
            if ch[1] == "supply":
                label = _("Supply ({n})", n=view.supply)
            else:
                label = _("My orders ({n})", n=info.stack)
            out.append(Button("draw-" + ch[1], label,
                              lambda src=ch[1]: owner.draw_from(src), ab[1 + i],
                              style="good" if i == 0 else "primary"))
            if ch[1] == "supply":
                # The pile itself can be clicked too, as at a real table.
                out.append(PileTarget("pile-supply", L.supply,
                                      lambda: owner.draw_from("supply"), label))
        message = ngettext("Draw {n} card: from the supply or from your order stack.",
                           "Draw {n} cards: from the supply or from your order stack.",
                           7 - len(view.hand))
    return out, message


def _choice_of(ing: list[tuple]) -> tuple:
    kind = ing[0][0]
    return ("play", kind, sum(1 for f in ing if f[1] == 1), sum(1 for f in ing if f[1] == 2))
