"""Memo tables: where the engine's speed tricks live, and the only place that knows hand keys.

Random play-outs (the benchmark, the hard opponent's search) meet the same few
hands and orders again and again, so the choices that are pure functions of a
few small numbers are computed once (by ``enumerate.py``, whose slow twins the
tests compare them with) and looked up after that.

*Hand keys.*  A hand's ingredients are keyed by one int: a card weighs
``8**slot`` (slot: singles of kind k are slot k, doubles slot k + 5).  A hand
holds at most 7 cards, so every slot is one octal digit of the sum and equal
sums mean equal faces.  A hand's orders are keyed by one bit per order card of
their owner.  Nothing outside this module builds or reads such a key.

Tables stop growing at ``MEMO_LIMIT`` entries (then start over): a long session
must not grow forever.
"""

from __future__ import annotations

from typing import Any

from solemio.engine import enumerate as en
from solemio.engine.kinds import KINDS
from solemio.engine.orders import Need
from solemio.engine.state import NO_ORDER, Cards, Choice

MEMO_LIMIT = 200_000


def memo(table: dict, key: Any, make: Any, *args: Any) -> Any:
    """Store and return ``make(*args)`` as ``table[key]`` (after a miss); a full table starts over."""
    if len(table) >= MEMO_LIMIT:
        table.clear()
    value = table[key] = make(*args)
    return value


class CardMemo:
    """The memo tables that belong to one card set and seating (shared by clones)."""

    def __init__(self, cards: Cards) -> None:
        self.slot_weight = [8**s if s < 10 else 0 for s in cards.slot]
        self.order_bit = [0] * cards.total
        for ids in cards.seat_orders:
            for i, cid in enumerate(ids):
                self.order_bit[cid] = 1 << i
        # per seat: the order decision's choices per key of the orders held
        self.order_choices: list[dict[int, tuple]] = [{} for _ in cards.seat_orders]
        # per order card: its static variants and their choices; its need per (variant, scorer)
        self.variants: dict[int, tuple[list, tuple]] = {}
        self.needs: dict[tuple[int, tuple[int, ...], int], Need] = {}


def card_memo(cards: Cards) -> CardMemo:
    m = cards.memo
    if m is None:
        m = cards.memo = CardMemo(cards)
    return m


# Shared by every game: pure functions of their keys.
_PLAYS: dict[int, tuple] = {}
_SERIES: dict[tuple, tuple] = {}
_REQUEST_ITEMS: dict[Need, tuple] = {}


def _plays_of_key(key: int) -> tuple[Choice, ...]:
    return en.plays([(key >> 3 * s) & 7 for s in range(10)])


def play_choices(cards: Cards, hand: list[int]) -> tuple[Choice, ...]:
    """The play decision's choices for ``hand`` (``enumerate.plays`` of its counts)."""
    key = sum(map(cards.memo.slot_weight.__getitem__, hand))
    choices = _PLAYS.get(key)
    if choices is None:
        choices = memo(_PLAYS, key, _plays_of_key, key)
    return choices


def order_choices(cards: Cards, seat: int, hand: list[int]) -> tuple[Choice, ...]:
    """No order, or one of the orders in ``hand`` (a hand holds only its seat's orders)."""
    m = cards.memo
    key = sum(map(m.order_bit.__getitem__, hand))
    table = m.order_choices[seat]
    choices = table.get(key)
    if choices is None:
        ids = sorted(cards.face[c][1] for c in hand if m.order_bit[c])
        choices = table[key] = (NO_ORDER, *[("order", o) for o in ids])
    return choices


def series_choices(rev: str, mates: list[str], units: int) -> tuple[Choice, ...]:
    key = (rev, tuple(mates), units)
    choices = _SERIES.get(key)
    if choices is None:
        choices = memo(_SERIES, key, en.series_choices, rev, mates, units)
    return choices


def static_variants(cards: Cards, cid: int, own: int, col_units: list[int]) -> tuple[list, tuple]:
    """An order card's variants and their choices; cached when they depend on its owner only."""
    spec = cards.order[cid]
    otype = spec.otype
    if not otype.static_variants:
        vs = otype.variants(spec.params, own, col_units)
        return vs, tuple(("variant", tuple(KINDS[k] for k in v)) for v in vs)
    table = cards.memo.variants
    cached = table.get(cid)
    if cached is None:
        vs = otype.variants(spec.params, own, col_units)
        cached = table[cid] = (vs, tuple(("variant", tuple(KINDS[k] for k in v)) for v in vs))
    return cached


def need(cards: Cards, cid: int, variant: tuple[int, ...], own: int, scorer: int) -> Need:
    """What order ``cid`` needs in ``variant`` (a pure function of card, variant and scorer)."""
    key = (cid, variant, scorer)
    table = cards.memo.needs
    found = table.get(key)
    if found is None:
        spec = cards.order[cid]
        found = memo(table, key, spec.otype.need, spec.params, variant, own, scorer)
    return found


def request_items(missing: Need) -> tuple[tuple[str, int], ...]:
    """What is missing as request items (the fill decision's context)."""
    items = _REQUEST_ITEMS.get(missing)
    if items is None:
        items = memo(_REQUEST_ITEMS, missing, en.request_items, missing)
    return items
