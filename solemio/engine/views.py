"""What one seat may know, and re-dealing everything else.

A ``SeatView`` is built only from public facts and the seat's own hand, so a
computer seat handed a view cannot cheat.  ``redeal`` makes a copy of the
game in which all that the seat cannot see is dealt again at random,
consistently with its view: ``redeal(g, s, rng).view(s) == g.view(s)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solemio.engine import memo
from solemio.engine.kinds import KINDS
from solemio.engine.rng import GameRandom
from solemio.engine.shuffle import shuffle

if TYPE_CHECKING:
    from solemio.engine.game import Face, Game


@dataclass(frozen=True)
class SeatInfo:
    """The public facts about one seat."""

    colour: str
    ingredients: int  # cards in hand (backs tell)
    orders: int
    stack: int
    stack_bottom: tuple[Face, ...]  # orders publicly put under the stack, bottom first
    filled: tuple[Face, ...]
    known: tuple[Face, ...]  # hand cards everyone has seen (block, show, offered help)
    exhausted: tuple[str, ...] = ()  # kinds it holds none of beyond ``known`` (a block revealed all)


@dataclass(frozen=True)
class SeatView:
    seat: int | None
    cardset: str
    round: int
    rounds: int
    phase: str
    turn: int
    deciding: int
    decision_kind: str | None
    choices: tuple  # the legal choices, only when this seat decides
    context: tuple  # the decision's context as sorted items, only when this seat decides
    hand: tuple[Face, ...]
    seats: tuple[SeatInfo, ...]
    supply: int
    used: int  # cards spent on filled orders this round, face up: back to the supply next round
    oven: int
    oven_top: Face | None
    history: tuple[tuple, ...]  # this round's public plays, carried-over oven first
    columns: tuple[tuple[Face, ...], ...]
    revealed: int  # how many oven cards the current scoring has turned
    scorer_holder: int  # -1: the scorer card is in the supply
    scorer: int  # the seat scoring now (-1 outside a scoring)
    winners: tuple[int, ...]


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def build_view(g: Game, seat: int | None) -> SeatView:
    face = g.cards.face
    kind = g.cards.kind
    infos = []
    for s in range(g.n):
        hand = g.hands[s]
        n_ing = sum(1 for c in hand if kind[c] >= 0)
        stack = g.stacks[s]
        infos.append(
            SeatInfo(
                colour=g.colours[s],
                ingredients=n_ing,
                orders=len(hand) - n_ing,
                stack=len(stack),
                stack_bottom=tuple(face[c] for c in stack[: g.stack_known[s]]),
                filled=tuple(face[c] for c in g.filled[s]),
                known=tuple(sorted(g.known[s])),
                exhausted=tuple(KINDS[k] for k in range(5) if g.exhausted[s] >> k & 1),
            )
        )
    d = g.decision()
    mine = d is not None and seat is not None and d.seat == seat
    return SeatView(
        seat=seat,
        cardset=g.cs.id,
        round=g.round,
        rounds=g.cs.rounds,
        phase=g.phase,
        turn=g.turn,
        deciding=d.seat if d else -1,
        decision_kind=d.kind if d else None,
        choices=d.choices if mine else (),
        context=_freeze(d.context) if mine else (),
        hand=tuple(sorted(face[c] for c in g.hands[seat])) if seat is not None else (),
        seats=tuple(infos),
        supply=len(g.supply),
        used=len(g.used),
        oven=len(g.oven),
        oven_top=face[g.oven[-1]] if g.oven else None,
        history=tuple(g.history),
        columns=tuple(tuple(sorted(face[c] for c in col)) for col in g.cols),
        revealed=g.ri,
        scorer_holder=g.scorer_holder,
        scorer=g.scorer_seat if g.reveal_queue else -1,
        winners=tuple(g.winners),
    )


def redeal(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy where everything ``seat`` cannot see is shuffled anew.

    Canonical: every hidden group is sorted before it is shuffled, so two
    positions the seat cannot tell apart give the same sample for the same
    generator state.  Card ids are numbered face by face, so sorting by id
    groups equal faces and the sample depends only on what the seat knows.
    """
    # no choice log (no replay leads to a re-deal) and no copy of the generator: it gets
    # its own below (a copy of a started generator reads its whole state)
    h = g._copy(False, False, None)  # noqa: SLF001 - the engine's own copy
    cards = h.cards
    kind = cards.kind
    face = cards.face
    pool: list[int] = [c for c in h.supply if c != cards.scorer]
    scorer_in_supply = len(pool) != len(h.supply)
    slots: dict[int, int] = {}
    for s in range(h.n):
        if s == seat:
            continue
        keep: list[int] = []
        need_known = list(h.known[s])
        orders: list[int] = []
        for c in h.hands[s]:
            if kind[c] < 0:
                orders.append(c)
            elif face[c] in need_known:
                need_known.remove(face[c])
                keep.append(c)
            else:
                pool.append(c)
        slots[s] = len(h.hands[s]) - len(keep) - len(orders)
        # orders: the hand's orders and the unknown part of the stack are shuffled together
        stack = h.stacks[s]
        fixed = stack[: h.stack_known[s]]
        loose = stack[h.stack_known[s] :] + orders
        loose.sort()
        shuffle(rng, loose)
        new_hand_orders = loose[: len(orders)]
        h.stacks[s] = fixed + loose[len(orders) :]
        keep.sort()
        h.hands[s] = keep + new_hand_orders
    own_stack = h.stacks[seat]
    loose = sorted(own_stack[h.stack_known[seat] :])
    shuffle(rng, loose)
    h.stacks[seat] = own_stack[: h.stack_known[seat]] + loose
    pool.sort()
    shuffle(rng, pool)
    # seats known to hold no more of some kind are dealt first, from the cards
    # they may hold; the others take the rest in the shuffled order
    for s in sorted(slots, key=lambda s: h.exhausted[s] == 0):
        count = slots[s]
        banned = h.exhausted[s]
        if banned:
            pick: list[int] = []
            rest: list[int] = []
            for c in pool:
                if len(pick) < count and not banned >> kind[c] & 1:
                    pick.append(c)
                else:
                    rest.append(c)
            if len(pick) < count:  # cannot happen from a real position; stay sound anyway
                rest, pick = rest[count - len(pick):], pick + rest[: count - len(pick)]
            h.hands[s].extend(pick)
            pool = rest
        else:
            h.hands[s].extend(pool[:count])
            del pool[:count]
    if scorer_in_supply:
        pool.append(cards.scorer)
        shuffle(rng, pool)
    h.supply = pool
    memo.rekey(h)
    # the game's own generator must not carry what this seat could not know
    h.rng = GameRandom.seeded_later(rng.getrandbits(64))
    return h
