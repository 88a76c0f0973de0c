"""Every event type the engine emits, named once, with the fields each one carries.

The engine records what happens as plain dicts (``{"type": ..., ...}``, see
``Game.emit`` and ``Game.events_for``): plain strings and lists, so events go
into saves, records and worker processes as they are.  This module is the
one place that spells their types (as boardgame.io's ``action-types.ts`` and
its ``ActionShape`` union): everything else compares ``ev["type"]`` with these
constants, so a misspelt type is a NameError instead of an event nobody
answers, and ``tests/test_structure.py`` fails on a type written out
elsewhere.  The ``TypedDict`` of each type lists its fields for the reader and
the type checker (``docs/engine-api.md``, "Events", says what they mean).
"""

from __future__ import annotations

from typing import Literal, TypedDict

# ---------------------------------------------------------------- the turns
SETUP = "setup"  # the game starts
DEAL = "deal"  # a seat's starting hand (its cards only for that seat)
TURN = "turn"  # a seat's turn begins
PLAY = "play"  # ingredient cards into the oven
PASS = "pass"  # no ingredient cards
ORDER = "order"  # an order card into the oven
DRAW = "draw"  # cards from the supply or the seat's order stack
SCORER_DRAWN = "scorer-drawn"  # the scorer card came off the supply
ROUND_END = "round-end"  # the round is over: the oven is turned over

# ---------------------------------------------------------------- the reveal
REVEAL = "reveal"  # one card of the oven turned face up
SERIES = "series"  # a four-of-a-kind's owner names its series
VARIANT = "variant"  # a choice order's owner names the kinds
HELP_ASKED = "help-asked"  # an owner asks an opponent for help
HELP_DECLINED = "help-declined"
HELP_GIVEN = "help-given"
REWARD = "reward"  # the helper's reward: the top order of their stack (or none)
BLOCK = "block"  # a block order: what the owner added, what the others hold
SHOW = "show"  # a show order: the asked opponent shows a card
FILLED = "filled"  # an order is filled
FAILED = "failed"  # an order is not filled
SCORER_MOVED = "scorer-moved"  # an order's owner takes the scorer card
NEW_ROUND = "new-round"
GAME_OVER = "game-over"

TURN_EVENTS: tuple[str, ...] = (SETUP, DEAL, TURN, PLAY, PASS, ORDER, DRAW, SCORER_DRAWN,
                                ROUND_END)
REVEAL_EVENTS: tuple[str, ...] = (REVEAL, SERIES, VARIANT, HELP_ASKED, HELP_DECLINED,
                                  HELP_GIVEN, REWARD, BLOCK, SHOW, FILLED, FAILED,
                                  SCORER_MOVED, NEW_ROUND, GAME_OVER)
# Every event type, in the order a game meets them first.
ALL: tuple[str, ...] = TURN_EVENTS + REVEAL_EVENTS
ALL_TYPES: frozenset[str] = frozenset(ALL)

# The reasons a round ends (``RoundEnd.reason``).
SUPPLY_EMPTY = "supply-empty"
STALL = "stall"

Face = list  # [kind, units], [colour, order id] or ["scorer"] (lists: events are JSON-like)


class Setup(TypedDict):
    type: Literal["setup"]
    round: int
    first: int
    seats: list[str]  # the seats' colours


class Deal(TypedDict, total=False):
    type: Literal["deal"]
    seat: int
    count: int
    cards: list[Face]  # only in the dealt seat's own events


class Turn(TypedDict):
    type: Literal["turn"]
    seat: int
    round: int


class Play(TypedDict):
    type: Literal["play"]
    seat: int
    kind: str
    singles: int
    doubles: int
    units: int


class Pass(TypedDict):
    type: Literal["pass"]
    seat: int


class Order(TypedDict):
    type: Literal["order"]
    seat: int
    order: Face


class Draw(TypedDict, total=False):
    type: Literal["draw"]
    seat: int
    source: str  # "supply" or "stack"
    count: int
    cards: list[Face]  # only in the drawing seat's own events


class ScorerDrawn(TypedDict):
    type: Literal["scorer-drawn"]
    seat: int


class RoundEnd(TypedDict):
    type: Literal["round-end"]
    round: int
    reason: str  # SUPPLY_EMPTY or STALL
    scorer: int  # the seat turning the oven over


class Reveal(TypedDict, total=False):
    type: Literal["reveal"]
    card: Face
    index: int  # its place in the turned-over oven
    owner: int  # for an order card only


class Series(TypedDict):
    type: Literal["series"]
    seat: int
    orders: list[list]  # [order id, units], the revealed order first


class Variant(TypedDict):
    type: Literal["variant"]
    seat: int
    order: str  # order id
    kinds: list[str]


class HelpAsked(TypedDict):
    type: Literal["help-asked"]
    seat: int
    request: list[list]  # [kind, units] or ["double-" + kind, n]
    offered: list[list]  # [kind, singles, doubles] from the owner's hand


class HelpDeclined(TypedDict):
    type: Literal["help-declined"]
    seat: int
    helper: int


class HelpGiven(TypedDict):
    type: Literal["help-given"]
    seat: int
    helper: int
    cards: list[Face]


class Reward(TypedDict):
    type: Literal["reward"]
    seat: int  # the helper
    order: Face | None  # None: their stack was empty


class Block(TypedDict):
    type: Literal["block"]
    seat: int
    added: list  # [kind, singles, doubles] from the owner's hand
    needed: int
    revealed: dict[str, list[Face]]  # seat (as a string) -> the faces it showed
    blocked: bool


class Show(TypedDict):
    type: Literal["show"]
    seat: int
    asked: int
    shown: list  # [kind, units]


class Filled(TypedDict):
    type: Literal["filled"]
    seat: int
    order: Face
    used: list[Face]
    offered: list[Face]
    given: list[Face]


class Failed(TypedDict):
    type: Literal["failed"]
    seat: int
    order: Face
    reason: str  # why (the reveal words each reason)


class ScorerMoved(TypedDict):
    type: Literal["scorer-moved"]
    seat: int


class NewRound(TypedDict):
    type: Literal["new-round"]
    round: int
    first: int
    oven: list[Face]  # carried over


class GameOver(TypedDict):
    type: Literal["game-over"]
    filled: list[int]  # per seat
    winners: list[int]
    tie_break: str | None  # None, "shared" or "hand-units"
    hand_units: list[int]


# Any event, as the union boardgame.io calls ActionShape.
Event = (Setup | Deal | Turn | Play | Pass | Order | Draw | ScorerDrawn | RoundEnd | Reveal
         | Series | Variant | HelpAsked | HelpDeclined | HelpGiven | Reward | Block | Show
         | Filled | Failed | ScorerMoved | NewRound | GameOver)

# Each type's fields (its TypedDict), keyed by the type: the tests hold the engine to them.
SHAPES: dict[str, type] = {
    SETUP: Setup, DEAL: Deal, TURN: Turn, PLAY: Play, PASS: Pass, ORDER: Order, DRAW: Draw,
    SCORER_DRAWN: ScorerDrawn, ROUND_END: RoundEnd, REVEAL: Reveal, SERIES: Series,
    VARIANT: Variant, HELP_ASKED: HelpAsked, HELP_DECLINED: HelpDeclined, HELP_GIVEN: HelpGiven,
    REWARD: Reward, BLOCK: Block, SHOW: Show, FILLED: Filled, FAILED: Failed,
    SCORER_MOVED: ScorerMoved, NEW_ROUND: NewRound, GAME_OVER: GameOver,
}
