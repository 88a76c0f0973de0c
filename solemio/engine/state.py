"""The words the rules are written in: phases, decisions, choices, the pending reveal step.

Everything here is plain data.  ``game.py`` holds a position (``Game``) and its
set-up; ``turn.py`` and ``reveal.py`` hold the rules that change it; ``decide.py``
derives from it who decides now and among what.  Read this module first.

A *choice* is a tuple whose first item names it (``("play", "olive", 2, 0)``,
``("give-up",)``; the full list is in docs/engine-api.md).  Cards are ints
inside the engine (see ``Cards``) and *faces* outside it (``("olive", 2)``,
``("green", "four-olive")``, ``("scorer",)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from solemio.engine.cardset import CardSet, OrderSpec
from solemio.engine.kinds import KINDS
from solemio.engine.orders import Need

Choice = tuple
Face = tuple


class Phase(StrEnum):
    """What the game waits for.  A str, so views, events and saves read plain words."""

    PLAY = "play"  # the turn's player plays ingredients (or passes)
    ORDER = "order"  # ... may play an order
    DRAW = "draw"  # ... chooses the pile to draw from
    SERIES = "series"  # the owner of a revealed four-of-a-kind: alone or with partners
    VARIANT = "variant"  # the owner of a choice order: which kinds
    FILL = "fill"  # the owner: cards from hand, a help request, or give up
    HELP = "help"  # an opponent asked for help: which cards, or decline
    BLOCK = "block"  # the owner of a block order: how many to add from hand
    SHOW_ASK = "show-ask"  # the owner of a show order: whom to ask
    SHOW_CARD = "show-card"  # the asked opponent: which card to show
    SHOW_PLAY = "show-play"  # the owner: which card of the shown kind to play
    OVER = "over"  # the game has ended


# The phases again as module constants, for the rules (``g.phase = ORDER``): the same
# members.  On Python 3.11 reading ``Phase.PLAY`` goes through the enum metaclass's
# ``__getattr__`` hook, several times slower than a global, and the rules set and read a
# phase a few times in every decision.
PLAY = Phase.PLAY
ORDER = Phase.ORDER
DRAW = Phase.DRAW
SERIES = Phase.SERIES
VARIANT = Phase.VARIANT
FILL = Phase.FILL
HELP = Phase.HELP
BLOCK = Phase.BLOCK
SHOW_ASK = Phase.SHOW_ASK
SHOW_CARD = Phase.SHOW_CARD
SHOW_PLAY = Phase.SHOW_PLAY
OVER = Phase.OVER

TURN_PHASES = frozenset((Phase.PLAY, Phase.ORDER, Phase.DRAW))
REVEAL_PHASES = frozenset(Phase) - TURN_PHASES - {Phase.OVER}

# Single-choice decisions the engine answers itself: only those everybody can see are
# forced (hand, stack and supply sizes are public; so are the columns).  Others are still
# posed, so that how fast a seat answers never reveals its hand.
PUBLICLY_FORCED = frozenset((Phase.PLAY, Phase.ORDER, Phase.DRAW, Phase.VARIANT, Phase.SHOW_ASK))

GIVE_UP: Choice = ("give-up",)
DECLINE: Choice = ("decline",)
NO_ORDER: Choice = ("no-order",)
PASS: Choice = ("pass",)
DRAW_SUPPLY: Choice = ("draw", "supply")
DRAW_STACK: Choice = ("draw", "stack")
NO_CONTEXT: dict[str, Any] = {}


class IllegalChoice(Exception):
    """A choice the rules refuse; the game is unchanged and ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Decision(NamedTuple):
    """Who decides now, what about (a ``Phase``), the legal choices, and what the deciding
    seat is told besides (the order concerned, what is missing, who asks...)."""

    seat: int
    kind: str
    choices: tuple[Choice, ...]
    context: dict[str, Any]


# ---------------------------------------------------------------- the reveal in flight
# ``Resolving`` is the one record the reveal changes as it goes (a series' members, its
# helper).  The step records below are immutable: each is replaced by the next (clones
# share them).  They are typed NamedTuples, and the rules build them with
# ``record(FillStep, (take, need, missing))``: ``tuple.__new__`` makes one in C, where
# calling the class runs a Python-level ``__new__`` (a dataclass: ``__init__``) in a nested
# interpreter loop.  A reveal builds one for nearly every decision it poses; reading a
# field costs a little more than a slot, and still 200 Sole Mio! games ran about 1 % fewer
# instructions than with slotted dataclasses.

record = tuple.__new__


@dataclass(slots=True)
class Resolving:
    """The revealed order being resolved (and, for a series, the members still to go)."""

    card: int  # the order card resolved now (a series member once the series is chosen)
    owner: int
    members: list[tuple[int, int]]  # a series' (card, units) still to go
    helper: int = -1  # the one opponent who helped this order or series
    rewarded: bool = False  # a series rewards its helper once


class SeriesStep(NamedTuple):
    """The owner says which series orders from hand join the revealed one, and their amounts."""

    units: int  # what the revealed order asks for alone (4)


class VariantStep(NamedTuple):
    """The owner picks the kinds of a choice order (only those the columns fill, if any)."""

    variants: tuple[tuple[int, ...], ...]
    choices: tuple[Choice, ...]


class FillStep(NamedTuple):
    """The columns fall short: the owner adds from hand, asks for help, or gives up."""

    take: tuple[int, ...]  # what the columns give (doubles first)
    need: Need
    missing: Need


class HelpStep(NamedTuple):
    """One opponent at a time is asked to cover ``request``; the owner offers ``offered``."""

    fill: FillStep
    offered: tuple  # the owner's cards, as (kind, singles, doubles)
    request: tuple  # (kind, units) or ("double-<kind>", count) items
    asking: int  # the opponent asked now
    queue: tuple[int, ...]  # those asked after, clockwise


class BlockStep(NamedTuple):
    """The owner of a block order adds own-kind cards from hand to the column."""


class ShowAskStep(NamedTuple):
    """The owner of a show order picks an opponent who holds an ingredient card."""

    targets: tuple[int, ...]


class ShowCardStep(NamedTuple):
    """The asked opponent shows one ingredient card of their choice."""

    asked: int


class ShowPlayStep(NamedTuple):
    """The owner holds the shown kind and plays one card of it (single or double)."""

    asked: int
    kind: str
    units: int


Step = (SeriesStep | VariantStep | FillStep | HelpStep | BlockStep | ShowAskStep | ShowCardStep
        | ShowPlayStep)


# ---------------------------------------------------------------- the cards of a game


class Cards:
    """The fixed facts about every card of one game (shared by clones and re-deals).

    Card ids: the ingredients kind by kind (singles, then doubles), the scorer card,
    then each seat's orders.  So sorting ids groups equal faces, and ``id > scorer``
    means "an order".
    """

    def __init__(self, cs: CardSet, colours: list[str]) -> None:
        self.cs = cs
        self.kind: list[int] = []  # ingredient kind index, -1 otherwise
        self.units: list[int] = []  # 1 or 2 for ingredients, 0 otherwise
        self.order: list[OrderSpec | None] = []
        self.owner: list[int] = []  # seat owning an order card, -1 otherwise
        self.face: list[Face] = []
        singles, doubles = cs.deck_counts(len(colours))
        removed_s, removed_d = cs.singles - singles, cs.doubles - doubles
        self.removed: list[int] = []  # out of the box for this many players
        for k in range(5):
            for i in range(cs.singles):
                if i < removed_s:
                    self.removed.append(len(self.kind))
                self._add(k, 1, None, -1, (KINDS[k], 1))
            for i in range(cs.doubles):
                if i < removed_d:
                    self.removed.append(len(self.kind))
                self._add(k, 2, None, -1, (KINDS[k], 2))
        self.n_ingredients = len(self.kind)
        self.scorer = len(self.kind)
        self._add(-1, 0, None, -1, ("scorer",))
        self.seat_orders: list[list[int]] = []
        for seat, colour in enumerate(colours):
            ids = []
            for oid in cs.orders_for(colour):
                ids.append(len(self.kind))
                self._add(-1, 0, cs.order(oid), seat, (colour, oid))
            self.seat_orders.append(ids)
        self.total = len(self.kind)
        # counting slot of a card: singles 0-4, doubles 5-9, anything else 10
        self.slot = [
            (k if u == 1 else k + 5) if k >= 0 else 10
            for k, u in zip(self.kind, self.units, strict=True)
        ]
        self.order_cid = [{self.face[c][1]: c for c in ids} for ids in self.seat_orders]
        n = len(colours)
        # per seat: the other seats clockwise from its left neighbour (asked in that order)
        self.others = [tuple((s + i) % n for i in range(1, n)) for s in range(n)]
        self.memo: Any = None  # the memo tables' per-card-set part (memo.CardMemo), set by memo

    def _add(self, kind: int, units: int, spec: OrderSpec | None, owner: int, face: Face) -> None:
        self.kind.append(kind)
        self.units.append(units)
        self.order.append(spec)
        self.owner.append(owner)
        self.face.append(face)

    def hand_counts(self, hand: list[int]) -> list[int]:
        """(s0..s4, d0..d4): a hand's single and double ingredient cards per kind."""
        c = [0] * 11  # slot 10 collects the orders and is dropped
        slot = self.slot
        for cid in hand:
            c[slot[cid]] += 1
        del c[10]
        return c
