"""The guided first game: what the guide says at each decision and what it points at (no pygame).

A first game of Sole Mio! against two easy computer players from a fixed deal.
At each decision of the person the guide says briefly what is asked and why it
matters, and names what to click as *targets* the window turns into
rectangles: ``("hand", kind)`` the hand's ingredient cards of a kind,
``("order", order_id)`` an order card in the hand, ``("widget", name)`` a
button by its name, ``("area", name)`` a region of the table ("choices", the
reveal's answers). Some events get a word too ("You drew the Sole Mio! card:
you will reveal the oven at the end of this round").

The guide reads only what the person's own seat may know (their view: hand,
this round's announcements, the decision's choices), so it never hints at
hidden cards. Its suggestions are rules of thumb a beginner can follow, not
the best move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solemio.i18n import _

KINDS = ("olive", "pepper", "mushroom", "salami", "pineapple")
COLOUR_KIND = dict(zip(("blue", "green", "brown", "red", "yellow"), KINDS, strict=True))

#: The guided game: the edition, the deal and the table (you, then two easy players).
EDITION = "sole-mio"
SEED = 20
SEATS = (("blue", None), ("green", "easy"), ("brown", "easy"))

Target = tuple[str, str]


@dataclass(frozen=True)
class Tip:
    """What the guide says now and what it points at."""

    text: str
    targets: tuple[Target, ...] = ()


def announced(history: Sequence[Sequence[Any]]) -> dict[str, int]:
    """Units of each kind that went into the oven this round, as announced (the view's
    history: ``("play", seat, kind, singles, doubles)``, carried-over cards included)."""
    units = dict.fromkeys(KINDS, 0)
    for entry in history:
        if entry and entry[0] == "play" and len(entry) >= 5 and entry[2] in units:
            units[entry[2]] += int(entry[3]) + 2 * int(entry[4])
    return units


def order_needs(cardset: Any, order_id: str, own_kind: str) -> dict[str, int] | None:
    """Units per kind an order with fixed needs asks for (None for orders whose needs
    depend on choices or on the columns: block, show, staircase, ...)."""
    try:
        spec = cardset.order(order_id)
    except (KeyError, AttributeError):
        return None
    p = spec.params
    if spec.type == "fixed":
        return {own_kind if k == "own" else k: int(n) for k, n in p["needs"].items()}
    if spec.type == "each-kind":
        return {k: int(p["units"]) for k in KINDS if p.get("own") or k != own_kind}
    return None


def _kind_units(hand: Sequence[Sequence[Any]]) -> dict[str, int]:
    units = dict.fromkeys(KINDS, 0)
    for face in hand:
        if face[0] in units:
            units[face[0]] += int(face[1])
    return units


def _orders(hand: Sequence[Sequence[Any]]) -> list[str]:
    return [str(f[1]) for f in hand if f[0] not in KINDS]


def _name(cardset: Any, order_id: str) -> str:
    from solemio.ui.texts import order_name  # words only: texts.py imports no pygame

    return order_name(cardset, order_id)


def _plural(kind: str) -> str:
    from solemio.ui.texts import kind_plural

    return kind_plural(kind)


def covered_order(hand: Sequence[tuple], oven: dict[str, int], cardset: Any,
                  own_kind: str) -> str | None:
    """An order in hand whose needs the oven holds (by the announcements), if any."""
    for oid in _orders(hand):
        needs = order_needs(cardset, oid, own_kind)
        if needs and all(oven.get(k, 0) >= n for k, n in needs.items()):
            return oid
    return None


def play_tip(choices: Sequence[tuple], hand: Sequence[tuple],
             history: Sequence[Sequence[Any]], cardset: Any, own_kind: str) -> Tip:
    """Which kind to play: one an order in hand needs (it goes into the oven for it),
    else the kind held most; and an order to add when the oven will then hold its needs."""
    if any(c[0] == "pass" for c in choices) and not any(c[0] == "play" for c in choices):
        return Tip(_("You hold no ingredient card, so you must pass this turn."),
                   (("area", "actions"),))
    held = _kind_units(hand)
    playable = {c[1] for c in choices if c[0] == "play"}
    kind, text = None, ""
    for oid in _orders(hand):
        needs = order_needs(cardset, oid, own_kind) or {}
        for k in sorted(needs, key=lambda k: -held.get(k, 0)):
            if k in playable and held.get(k, 0):
                kind = k
                text = _(
                    "Your turn: play cards of one kind into the oven. Your order {name} needs "
                    "{kinds}: play yours now and they will be there when it is revealed.",
                    name=_name(cardset, oid), kinds=_plural(k))
                break
        if kind:
            break
    if kind is None:
        kind = max(sorted(playable), key=lambda k: held.get(k, 0))
        text = _(
            "Your turn: play cards of one kind into the oven, then press Play. Everyone hears "
            "what you play, so remember what the others say too.")
    targets: list[Target] = [("hand", kind)]
    oven = announced(history)
    oven[kind] += held.get(kind, 0)
    oid = covered_order(hand, oven, cardset, own_kind)
    if oid is not None:
        text += " " + _("Select {name} too: the oven will then hold what it needs.",
                        name=_name(cardset, oid))
        targets.append(("order", oid))
    return Tip(text, (*targets, ("widget", "confirm")))


def order_tip(hand: Sequence[tuple], history: Sequence[Sequence[Any]], cardset: Any,
              own_kind: str) -> Tip:
    """Whether to add an order now: one whose needs the oven already holds, by the
    announcements of this round."""
    oid = covered_order(hand, announced(history), cardset, own_kind)
    if oid is not None:
        return Tip(_(
            "You may add one order. The oven already holds what {name} needs, and an "
            "order is filled from the cards played before it: play it now.",
            name=_name(cardset, oid)), (("order", oid), ("widget", "confirm")))
    return Tip(_(
        "You may add one order. None of yours is covered by what went into the oven yet, "
        "and an order only uses cards played before it: keep them for later."),
        (("widget", "no-order"),))


def draw_tip(hand: Sequence[tuple]) -> Tip:
    """From where to refill: new orders when the hand holds none, else the supply."""
    if not _orders(hand):
        return Tip(_(
            "Refill your hand to 7. You hold no order: take new ones from your order stack."),
            (("widget", "draw-stack"),))
    return Tip(_(
        "Refill your hand to 7: from the supply for ingredients (the scorer card may be in "
        "it), or from your order stack for new orders."), (("widget", "draw-supply"),))


def decision_tip(kind: str, choices: Sequence[tuple], hand: Sequence[tuple],
                 history: Sequence[Sequence[Any]], cardset: Any, colour: str) -> Tip:
    """What the guide says for a decision of the person (``kind`` is the engine's phase)."""
    own = COLOUR_KIND.get(colour, "olive")
    if kind == "play":
        return play_tip(choices, hand, history, cardset, own)
    if kind == "order":
        return order_tip(hand, history, cardset, own)
    if kind == "draw":
        return draw_tip(hand)
    area = (("area", "choices"),)
    if kind == "series":
        return Tip(_(
            "Your four-of-a-kind order came out. Join others from your hand into a series: "
            "they then ask for 4, 3, 2 and 1, so each one is cheaper."), area)
    if kind == "variant":
        return Tip(_(
            "This order lets you choose its kinds. Choose the ones the columns already "
            "cover: the picker marks them."), area)
    if kind == "fill":
        return Tip(_(
            "Your order came out. The columns are used first; what they lack you may add "
            "from your hand or ask the others for. Confirm the way the picker suggests."),
            area)
    if kind == "help":
        return Tip(_(
            "Someone asks you for help. Helping fills their order, but you score too: the "
            "top card of your order stack joins your filled orders."), area)
    if kind == "block":
        return Tip(_(
            "Your Block order came out. Cards of your kind added from your hand make it "
            "harder to block, but if it is blocked they stay in the column."), area)
    if kind == "show-ask":
        return Tip(_("Your Show order came out. Choose whom to ask to show you a card."), area)
    if kind == "show-card":
        return Tip(_(
            "You must show one ingredient card. Show a kind the asker is unlikely to hold."),
            area)
    if kind == "show-play":
        return Tip(_("Play a card of the kind shown, and your order is filled."), area)
    return Tip("")


def event_tip(ev: dict, seat: int, scorer_name: str) -> str:
    """A word on an event of the person's own game, or "" (most events speak for themselves)."""
    t = ev.get("type")
    if t == "scorer-drawn" and ev.get("seat") == seat:
        return _("You drew the {card} card: you will reveal the oven at the end of this "
                 "round.", card=scorer_name)
    if t == "round-end":
        return _("The supply is empty: the oven is revealed, one card at a time.")
    if t == "reward" and ev.get("seat") == seat:
        return _("You helped, and the top card of your order stack joined your filled "
                 "orders.")
    if t == "filled" and ev.get("owner", ev.get("seat")) == seat:
        return _("Your order is filled: it counts at the end of the game.")
    if t == "failed" and ev.get("owner", ev.get("seat")) == seat:
        return _("Your order could not be filled: the oven did not hold what it needed "
                 "when it came out.")
    return ""
