"""The guided first game: its designed deal, what the guide says at each decision and what
it points at (no pygame).

A first game of Sole Mio! against two easy computer players from a designed deal
(``deal``: hand-picked cards placed through the engine's public set-up hook).
At each decision of the person the guide says briefly what is asked and why it
matters, and names what to click as *targets* the window turns into
rectangles: ``("hand", kind)`` the hand's ingredient cards of a kind,
``("order", order_id)`` an order card in the hand, ``("widget", name)`` a
button by its name; in the reveal the exact answer: ``("choice", choice)`` the
button of the choice it suggests (``suggestion``), ``("picker", kind)`` the
picker's next step (the series' orders to join, Next, Confirm; a fill picker's
Confirm on its default way). Some events get a word too ("You drew the Sole
Mio! card: you will reveal the oven at the end of this round").

The guide reads only what the person's own seat may know (their view: hand,
this round's announcements, the decision's choices), so it never hints at
hidden cards. Its suggestions are rules of thumb a beginner can follow, not
the best move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solemio.announce import order_full_name
from solemio.engine import events as E
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import _
from solemio.texts import kind_plural, order_name

#: The guided game: the edition, the table (you, then two easy players) and the seed of
#: the computer players (the cards come from the designed deal below, not from the seed).
EDITION = "sole-mio"
SEED = 10
SEATS = (("blue", None), ("green", "easy"), ("brown", "easy"))

# The designed deal.  Hand-picked so that a first game, played as the guide suggests,
# meets the key moments in its first round: cards played before an order fill it from
# the columns; you draw the Sole Mio! card at once and reveal the oven yourself; your
# revealed four-of-a-kind order takes a second one from your hand as a series; that
# series needs one card more than the columns and your hand hold, so you ask for help
# and the helper takes its reward.  tests/show/test_guide_deal.py plays it through.
P1, P2 = ("pepper", 1), ("pepper", 2)
O1, O2 = ("olive", 1), ("olive", 2)
M1, M2 = ("mushroom", 1), ("mushroom", 2)
S1, S2 = ("salami", 1), ("salami", 2)
A1, A2 = ("pineapple", 1), ("pineapple", 2)
#: each seat's hand: five ingredients and two orders
DEAL_HANDS: tuple[tuple[tuple, ...], ...] = (
    (P1, P1, P1, P1, S1, ("blue", "four-pepper"), ("blue", "four-salami")),
    (S1, S1, A1, A1, M1, ("green", "four-pineapple"), ("green", "two-each")),
    (O1, O1, A1, S1, M2, ("brown", "four-olive"), ("brown", "block")),
)
#: the top of each seat's order stack (the rest of its orders below, in the card set's order)
DEAL_STACKS: tuple[tuple[str, ...], ...] = (
    ("two-doubles", "four-mushroom", "block"),
    ("four-salami", "block", "four-olive"),
    ("four-pepper", "two-each", "four-salami"),
)
#: the top of the supply, drawn first ("scorer": the Sole Mio! card); the other
#: ingredients lie below in a fixed order (shuffled once from SEED)
DEAL_SUPPLY: tuple[Any, ...] = (O1, "scorer", S1, O1, A1, M1, O2, A1, M1, P1)


def deal(cardset: Any, colours: Sequence[str] = tuple(c for c, _l in SEATS)) -> Any:
    """The guided game, arranged from the designed deal through the engine's public set-up
    hook (``Game.arrange``): the same cards every time, and saved with its position."""
    from solemio.engine.game import Game, Position
    from solemio.engine.rng import GameRandom

    g = Game(cardset, list(colours), SEED, first=0, deal=False)
    cards = g.cards
    free = sorted(set(range(cards.n_ingredients)) - set(cards.removed))

    def take(face: tuple) -> int:
        for cid in free:
            if cards.face[cid] == tuple(face):
                free.remove(cid)
                return cid
        raise ValueError(f"the designed deal uses more {face} than the game holds")

    hands = [[take(f) if f[0] in KINDS else cards.order_cid[s][f[1]] for f in hand]
             for s, hand in enumerate(DEAL_HANDS)]
    stacks = []
    for s, top in enumerate(DEAL_STACKS):
        in_hand = {f[1] for f in DEAL_HANDS[s] if f[0] not in KINDS}
        rest = [c for c in cards.seat_orders[s]
                if cards.face[c][1] not in in_hand and cards.face[c][1] not in top]
        stacks.append(rest[::-1] + [cards.order_cid[s][o] for o in reversed(top)])
    top_first = [cards.scorer if f == "scorer" else take(f) for f in DEAL_SUPPLY]
    rest = list(free)
    GameRandom(SEED).shuffle(rest)
    supply = rest + top_first[::-1]  # bottom first: the last card is drawn first
    g.arrange(Position(hands=hands, stacks=stacks, filled=[[] for _ in colours],
                       columns=[], oven=[], supply=supply, box=list(cards.removed),
                       start="turn", turn=0, round_starter=0))
    return g

Target = tuple[str, Any]


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


def _name(cardset: Any, order_id: str, own_kind: str = "") -> str:
    """An order as its card reads, with its kind when it has one ("Four of a kind
    (4 peppers)"): two four-of-a-kind orders in a hand are told apart."""
    colour = {k: c for c, k in COLOUR_KIND.items()}.get(own_kind)
    if colour is None:
        return order_name(cardset, order_id)
    return order_full_name(cardset, (colour, order_id))


def _plural(kind: str) -> str:
    return kind_plural(kind)


def _is_series(cardset: Any, order_id: str) -> bool:
    try:
        return bool(cardset.order(order_id).series)
    except (KeyError, AttributeError):
        return False


def kept_for_series(hand: Sequence[tuple], history: Sequence[Sequence[Any]], cardset: Any,
                    seat: int | None) -> list[str]:
    """The four-of-a-kind orders in hand to keep for a series: one of the seat's own is in
    the oven this round, and when it comes out these may join it (each then needs less,
    made up from the columns and the hand, so their cards are kept too)."""
    if seat is None or not any(h and h[0] == "order" and h[1] == seat
                               and _is_series(cardset, str(h[2])) for h in history):
        return []
    return [oid for oid in _orders(hand) if _is_series(cardset, oid)]


def covered_order(hand: Sequence[tuple], oven: dict[str, int], cardset: Any,
                  own_kind: str, keep: Sequence[str] = ()) -> str | None:
    """An order in hand whose needs the oven holds (by the announcements), if any (not one
    kept for a series)."""
    for oid in _orders(hand):
        if oid in keep:
            continue
        needs = order_needs(cardset, oid, own_kind)
        if needs and all(oven.get(k, 0) >= n for k, n in needs.items()):
            return oid
    return None


def play_tip(choices: Sequence[tuple], hand: Sequence[tuple],
             history: Sequence[Sequence[Any]], cardset: Any, own_kind: str,
             seat: int | None = None) -> Tip:
    """Which kind to play: one an order in hand needs (it goes into the oven for it),
    else the kind held most; and an order to add when the oven will then hold its needs.
    Orders kept for a series, and their cards, stay in the hand."""
    if any(c[0] == "pass" for c in choices) and not any(c[0] == "play" for c in choices):
        return Tip(_("You hold no ingredient card, so you must pass this turn."),
                   (("area", "actions"),))
    held = _kind_units(hand)
    playable = {c[1] for c in choices if c[0] == "play"}
    keep = kept_for_series(hand, history, cardset, seat)
    kept_kinds = {k for oid in keep for k in order_needs(cardset, oid, own_kind) or {}}
    kind, text = None, ""
    for oid in _orders(hand):
        if oid in keep:
            continue
        needs = order_needs(cardset, oid, own_kind) or {}
        for k in sorted(needs, key=lambda k: -held.get(k, 0)):
            if k in playable and held.get(k, 0):
                kind = k
                text = _(
                    "Your turn: play cards of one kind into the oven. Your order {name} needs "
                    "{kinds}: play yours now and they will be there when it is revealed.",
                    name=_name(cardset, oid, own_kind), kinds=_plural(k))
                break
        if kind:
            break
    if kind is None:
        kind = max(sorted(playable), key=lambda k: (k not in kept_kinds, held.get(k, 0)))
        text = _(
            "Your turn: play cards of one kind into the oven, then press Play. Everyone hears "
            "what you play, so remember what the others say too.")
    if keep:
        text += " " + _(
            "Keep {name} and its cards in your hand: when your four-of-a-kind order in the "
            "oven comes out, it can join it as a series and then needs less.",
            name=_name(cardset, keep[0], own_kind))
    targets: list[Target] = [("hand", kind)]
    oven = announced(history)
    oven[kind] += held.get(kind, 0)
    oid = covered_order(hand, oven, cardset, own_kind, keep)
    if oid is not None:
        text += " " + _("Select {name} too: the oven will then hold what it needs.",
                        name=_name(cardset, oid, own_kind))
        targets.append(("order", oid))
    return Tip(text, (*targets, ("widget", "confirm")))


def order_tip(hand: Sequence[tuple], history: Sequence[Sequence[Any]], cardset: Any,
              own_kind: str, seat: int | None = None) -> Tip:
    """Whether to add an order now: one whose needs the oven already holds, by the
    announcements of this round (not one kept for a series)."""
    keep = kept_for_series(hand, history, cardset, seat)
    oid = covered_order(hand, announced(history), cardset, own_kind, keep)
    if oid is not None:
        return Tip(_(
            "You may add one order. The oven already holds what {name} needs, and an "
            "order is filled from the cards played before it: play it now.",
            name=_name(cardset, oid, own_kind)), (("order", oid), ("widget", "confirm")))
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
                 history: Sequence[Sequence[Any]], cardset: Any, colour: str,
                 seat: int | None = None) -> Tip:
    """What the guide says for a decision of the person (``kind`` is the engine's phase;
    ``seat`` theirs, to recognise their own orders in the oven)."""
    own = COLOUR_KIND.get(colour, "olive")
    if kind == "play":
        return play_tip(choices, hand, history, cardset, own, seat)
    if kind == "order":
        return order_tip(hand, history, cardset, own, seat)
    if kind == "draw":
        return draw_tip(hand)
    # In the reveal the guide points at the exact answer: a picker's next step, or the
    # button of the answer it suggests.
    picker = (("picker", kind),)
    pick = suggestion(kind, choices, hand, history, cardset, colour, seat)
    answer = (("choice", pick),) if pick is not None else (("area", "choices"),)
    if kind == "series" and len(choices) <= 1:
        return Tip(_("Your four-of-a-kind order came out. You hold no other one to join it, "
                     "so it is revealed alone."))
    if kind == "help" and not any(c[0] == "help" for c in choices):
        return Tip(_("Someone asks you for help, but your hand cannot cover the request: "
                     "you decline."))
    if kind == "series":
        return Tip(_(
            "Your four-of-a-kind order came out. Join others from your hand into a series: "
            "they then ask for 4, 3, 2 and 1, so each one is cheaper."), picker)
    if kind == "variant":
        return Tip(_(
            "This order lets you choose its kinds. Choose the ones the columns already "
            "cover: the picker marks them."), picker)
    if kind == "fill":
        return Tip(_(
            "Your order came out. The columns are used first; what they lack you may add "
            "from your hand or ask the others for. Confirm the way the picker suggests."),
            picker)
    if kind == "help":
        return Tip(_(
            "Someone asks you for help. Helping fills their order, but you score too: the "
            "top card of your order stack joins your filled orders."), answer)
    if kind == "block":
        return Tip(_(
            "Your Block order came out. Cards of your kind added from your hand make it "
            "harder to block, but if it is blocked they stay in the column."), answer)
    if kind == "show-ask":
        return Tip(_("Your Show order came out. Choose whom to ask to show you a card."),
                   answer)
    if kind == "show-card":
        return Tip(_(
            "You must show one ingredient card. Show a kind the asker is unlikely to hold."),
            answer)
    if kind == "show-play":
        return Tip(_("Play a card of the kind shown, and your order is filled."), answer)
    return Tip("")


def _units(cards: Sequence[Sequence[Any]]) -> int:
    return sum(int(c[1]) + 2 * int(c[2]) for c in cards)


def suggestion(kind: str, choices: Sequence[tuple], hand: Sequence[tuple],
               history: Sequence[Sequence[Any]], cardset: Any, colour: str,
               seat: int | None = None) -> tuple | None:
    """The choice the guide suggests, one of ``choices``; None where a picker suggests it
    (a series, an order's kinds, the cards that fill an order: the picker's default)."""
    legal = list(choices)
    if not legal or kind in ("series", "variant", "fill"):
        return None
    own = COLOUR_KIND.get(colour, "olive")
    if kind == "play":
        tip = play_tip(legal, hand, history, cardset, own, seat)
        want = next((t[1] for t in tip.targets if t[0] == "hand"), None)
        plays = [c for c in legal if c[0] == "play" and c[1] == want]
        if plays:
            return max(plays, key=lambda c: (int(c[2]) + 2 * int(c[3]), c[2]))
        return legal[0]
    if kind == "order":
        keep = kept_for_series(hand, history, cardset, seat)
        oid = covered_order(hand, announced(history), cardset, own, keep)
        return ("order", oid) if ("order", oid) in legal else ("no-order",)
    if kind == "draw":
        target = draw_tip(hand).targets[0][1]
        pick = ("draw", "stack" if target == "draw-stack" else "supply")
        return pick if pick in legal else legal[0]
    if kind == "help":
        helps = [c for c in legal if c[0] == "help"]
        return min(helps, key=lambda c: (_units(c[1]), c)) if helps else ("decline",)
    if kind == "block":
        blocks = [c for c in legal if c[0] == "block"]
        return max(blocks, key=lambda c: (int(c[1]) + 2 * int(c[2]), c)) if blocks \
            else legal[0]
    return legal[0]


def event_tip(ev: dict, seat: int, scorer_name: str, names: Sequence[str] = (),
              colours: Sequence[str] = ()) -> str:
    """A word on an event of the person's own game, or "" (most events speak for
    themselves).  ``names`` and ``colours``: the seats', for an opponent's Block order."""
    t = ev.get("type")
    owner = ev.get("seat")
    if t == E.BLOCK and owner != seat and isinstance(owner, int) and \
            owner < min(len(names), len(colours)):
        kind = COLOUR_KIND.get(colours[owner], "olive")
        if ev.get("blocked"):
            return _("{name}'s Block order came out: the others showed the {kinds} in "
                     "their hands. Together they held at least the {n} units in its "
                     "column, so it is blocked and fails.", name=names[owner],
                     kinds=_plural(kind), n=int(ev.get("needed", 0)))
        return _("{name}'s Block order came out: the others showed the {kinds} in their "
                 "hands. Together they held fewer than the {n} units in its column, so "
                 "it is not blocked.", name=names[owner], kinds=_plural(kind),
                 n=int(ev.get("needed", 0)))
    if t == E.SCORER_DRAWN and ev.get("seat") == seat:
        return _("You drew the {card} card: you will reveal the oven at the end of this "
                 "round.", card=scorer_name)
    if t == E.ROUND_END:
        return _("The supply is empty: the oven is revealed, one card at a time.")
    if t == E.REWARD and ev.get("seat") == seat:
        return _("You helped, and the top card of your order stack joined your filled "
                 "orders.")
    if t == E.FILLED and ev.get("owner", ev.get("seat")) == seat:
        return _("Your order is filled: it counts at the end of the game.")
    if t == E.FAILED and ev.get("owner", ev.get("seat")) == seat:
        return _("Your order could not be filled: the oven did not hold what it needed "
                 "when it came out.")
    return ""
