"""A turn: play ingredients (or pass), perhaps an order, draw up to 7; and when a round ends.

RULES.md, "A turn".  Each ``on_*`` function applies one legal choice of the
turn's player (``decide.py`` lists them) and sets the phase that follows; the
game's ``apply`` dispatches on the choice's first word (``HANDLERS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solemio.engine import events as E
from solemio.engine import memo, reveal
from solemio.engine.cardset import MAX_HAND
from solemio.engine.kinds import KIND_INDEX
from solemio.engine.state import (
    DRAW,
    DRAW_STACK,
    DRAW_SUPPLY,
    ORDER,
    PLAY,
    Choice,
)

if TYPE_CHECKING:
    from solemio.engine.game import Game

def begin_turn(g: Game) -> None:
    g.phase = PLAY
    g.turns += 1
    g.played_this_turn = False
    if g.events is not None:
        g.emit({"type": E.TURN, "seat": g.turn, "round": g.round})


def on_pass(g: Game, ch: Choice) -> None:
    """No ingredient card in hand: nothing is played, not even an order."""
    if g.events is not None:
        g.emit({"type": E.PASS, "seat": g.turn})
    to_draw(g)


def on_play(g: Game, ch: Choice) -> None:
    """``("play", kind, singles, doubles)``: those cards onto the oven, announced."""
    _, kind, s, d = ch
    seat = g.turn
    hand = g.hands[seat]
    k = KIND_INDEX[kind]
    if s + d == 1:  # one card (most plays): the hand's first card of that face, taken out
        slot = g.cards.slot  # in place (the hand's order kept, as the other ways keep it)
        t = k if s else k + 5
        i = 0
        for cid in hand:
            if slot[cid] == t:
                break
            i += 1
        del hand[i]
        g.oven.append(cid)
        g.hand_keys[seat] -= memo.SLOT_WEIGHT[t]
        if g.known[seat]:
            g.forget_known(seat, (kind, 1 if s else 2))
    else:
        oven = g.oven
        if memo.kind_counts(g, seat, k) == (s, d):
            ckind = g.cards.kind  # every card of the kind (the hand's key counts them)
            oven += [cid for cid in hand if ckind[cid] == k]
            keep = [cid for cid in hand if ckind[cid] != k]
        else:
            ckind, cunits = g.cards.kind, g.cards.units
            want = [0, s, d]
            keep = []
            for cid in hand:
                if ckind[cid] == k and want[u := cunits[cid]]:
                    want[u] -= 1
                    oven.append(cid)
                else:
                    keep.append(cid)
        g.hands[seat] = keep
        g.hand_keys[seat] -= s * memo.SLOT_WEIGHT[k] + d * memo.SLOT_WEIGHT[k + 5]
        if g.known[seat]:
            for _ in range(s):
                g.forget_known(seat, (kind, 1))
            for _ in range(d):
                g.forget_known(seat, (kind, 2))
    g.played_this_turn = True
    g.history.append(("play", seat, kind, s, d))
    if g.events is not None:
        g.emit({"type": E.PLAY, "seat": seat, "kind": kind, "singles": s, "doubles": d,
                "units": s + 2 * d})
    g.phase = ORDER
    if not g.order_keys[seat]:  # no order in hand
        to_draw(g)


def on_order(g: Game, ch: Choice) -> None:
    """``("order", id)``: that order card face up onto the oven."""
    seat = g.turn
    cid = g.take_order(seat, ch[1])
    g.oven.append(cid)
    g.history.append(("order", seat, ch[1]))
    if g.events is not None:
        g.emit({"type": E.ORDER, "seat": seat, E.ORDER: list(g.cards.face[cid])})
    to_draw(g)


def on_no_order(g: Game, ch: Choice) -> None:
    to_draw(g)


def to_draw(g: Game) -> None:
    """Refill to 7 from the supply or the own order stack: asked only when both have cards
    (**[ruling]** never an empty pile while the other has cards)."""
    seat = g.turn
    if len(g.hands[seat]) >= MAX_HAND:
        end_turn(g, drew=False)
        return
    if g.supply:
        if g.stacks[seat]:
            g.phase = DRAW
            return
        on_draw(g, DRAW_SUPPLY)  # publicly forced
    elif g.stacks[seat]:
        on_draw(g, DRAW_STACK)
    else:
        end_turn(g, drew=False)


def on_draw(g: Game, ch: Choice) -> None:
    """``("draw", "supply" | "stack")``.  The scorer card, drawn, is laid out and replaced;
    the last supply card drawn ends the round."""
    seat = g.turn
    hand = g.hands[seat]
    start = len(hand)  # the cards drawn join the hand's end: ``hand[start:]``
    round_over = False
    if ch[1] == "supply":  # ingredients (and the scorer card): the hand's key grows
        supply = g.supply
        scorer = g.cards.scorer
        weight = g.cards.memo.slot_weight
        key = 0
        room = MAX_HAND - len(hand)
        while room > 0 and supply:
            cid = supply.pop()
            if cid == scorer:
                g.scorer_holder = seat
                if g.events is not None:
                    g.emit({"type": E.SCORER_DRAWN, "seat": seat})
            else:
                hand.append(cid)
                key += weight[cid]
                room -= 1
        if key:  # an ingredient drawn (each weighs at least 1)
            g.exhausted[seat] = 0
            g.hand_keys[seat] += key
        round_over = not supply
    else:  # orders: the orders' key grows
        stack = g.stacks[seat]
        bit = g.cards.memo.order_bit
        key = 0
        while len(hand) < MAX_HAND and stack:
            cid = stack.pop()
            hand.append(cid)
            key += bit[cid]
        g.order_keys[seat] += key
        if g.stack_known[seat] > len(stack):
            g.stack_known[seat] = len(stack)
    if g.events is not None:
        got = hand[start:]
        g.emit_private(
            {"type": E.DRAW, "seat": seat, "source": ch[1], "count": len(got)},
            seat,
            {"cards": [g.cards.face[c] for c in got]},
        )
    if round_over:
        reveal.end_round(g, "supply-empty")
        return
    end_turn(g, drew=True)


def end_turn(g: Game, drew: bool) -> None:
    """The left neighbour plays next; a full circle of idle turns ends the round (a stall)."""
    if drew or g.played_this_turn:
        g.idle = 0
    else:
        g.idle += 1
        if g.idle >= g.n:
            reveal.end_round(g, "stall")
            return
    g.turn = (g.turn + 1) % g.n
    begin_turn(g)


HANDLERS = {
    "pass": on_pass,
    "play": on_play,
    "order": on_order,
    "no-order": on_no_order,
    "draw": on_draw,
}
