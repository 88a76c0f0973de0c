"""Memo tables: where the engine's speed tricks live, and the only place that knows hand keys.

Random play-outs (the benchmark, the hard opponent's search) meet the same few
hands and orders again and again, so the choices that are pure functions of a
few small numbers are computed once (by ``enumerate.py``, whose slow twins the
tests compare them with) and looked up after that.

*Hand keys.*  A hand's ingredients are keyed by one int: a card weighs
``8**slot`` (slot: singles of kind k are slot k, doubles slot k + 5).  A hand
holds at most 7 cards, so every slot is one octal digit of the sum and equal
sums mean equal faces.  A hand's orders are keyed by one bit per order card of
their owner.  The game keeps every seat's two keys (``Game.hand_keys``,
``Game.order_keys``), updated as cards enter and leave hands (``rekey``); only
this module and those updates read them.

Tables stop growing at ``MEMO_LIMIT`` entries (then start over): a long session
must not grow forever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solemio.engine import enumerate as en
from solemio.engine.kinds import KIND_INDEX, KINDS
from solemio.engine.orders import ZERO5, Need
from solemio.engine.state import (
    NO_CONTEXT,
    NO_ORDER,
    ORDER,
    PLAY,
    Cards,
    Choice,
    Decision,
)

if TYPE_CHECKING:
    from solemio.engine.game import Game

_new = tuple.__new__  # a Decision without the NamedTuple's Python-level __new__

MEMO_LIMIT = 200_000


def memo(table: dict, key: Any, make: Any, *args: Any) -> Any:
    """Store and return ``make(*args)`` as ``table[key]`` (after a miss); a full table starts over."""
    if len(table) >= MEMO_LIMIT:
        table.clear()
    value = table[key] = make(*args)
    return value


SLOT_WEIGHT = tuple(8**slot for slot in range(10))  # a card's weight in its hand's key, by slot


class CardMemo:
    """The memo tables that belong to one card set and seating (shared by clones)."""

    def __init__(self, cards: Cards) -> None:
        self.slot_weight = [SLOT_WEIGHT[s] if s < 10 else 0 for s in cards.slot]
        self.order_bit = [0] * cards.total
        for ids in cards.seat_orders:
            for i, cid in enumerate(ids):
                self.order_bit[cid] = 1 << i
        # per seat: the order decision's choices per key of the orders held
        self.order_choices: list[dict[int, tuple]] = [{} for _ in cards.seat_orders]
        self.order_decisions: list[dict[int, Decision]] = [{} for _ in cards.seat_orders]  # theirs
        # per order card: its static variants and their choices; its need per (variant, scorer)
        self.variants: dict[int, tuple[list, tuple]] = {}
        self.needs: dict[tuple[int, tuple[int, ...], int], Need] = {}
        # per (order card with one static variant, scorer kind): its need (reveal.start_order)
        self.one_need: dict[tuple[int, int], Need] = {}
        # per (series order card, units): its need as a series member
        self.series_needs: dict[tuple[int, int], Need] = {}
        # per (owner, order key, revealed order id, units): a series decision's choices, mates
        self.series_parts: dict[tuple, tuple] = {}
        # per (order card, scorer kind): its static variants' needs, prepared for the columns
        self.variant_needs: dict[tuple[int, int], tuple] = {}


def card_memo(cards: Cards) -> CardMemo:
    m = cards.memo
    if m is None:
        m = cards.memo = CardMemo(cards)
    return m


# Shared by every game: pure functions of their keys.
_PLAYS: dict[int, tuple] = {}
_SERIES: dict[tuple, tuple] = {}
# Tables keyed by a request or by what is missing, then by a hand key: a tuple key is hashed
# (and compared) element by element at every look-up, so a request asked of three helpers, or
# what is missing met by a fill decision and its context, is hashed once, the hands' int keys
# after that.
# And a helper's or an owner's choices read only the hand's counts of the kinds the request
# (what is missing) names, so the hand's key is masked to those kinds' digits first: the
# hands that differ in other kinds share one entry (fewer, smaller tables, fewer misses;
# ``tests/test_hand_keys.py`` compares every such decision with the plain enumeration).
# per request: the mask of its kinds' digits, and per masked hand key a helper's choices
HELPS: dict[tuple, tuple[int, dict[int, tuple]]] = {}
# per what is missing: its request items (the fill decision's context), the mask of its
# kinds' digits (every digit for units of any kinds), and per masked hand key and whether
# help may be asked (``2 * key + help``) the owner's choices
_BY_MISSING: dict[Need, tuple[tuple, int, dict[int, tuple]]] = {}
_ALL_DIGITS = 8**10 - 1  # every slot's digit of a hand key


_COUNTS: dict[int, tuple[int, ...]] = {}  # hand key: its counts (a tuple: shared, never changed)


def _counts_of_key(key: int) -> tuple[int, ...]:
    """(s0..s4, d0..d4) of the hand with this key: ``Cards.hand_counts``.

    Remembered per key: a play-out's helpers and owners meet a few hundred hands, each
    with many requests and needs (a miss of the help and fill tables decoded its hand's
    key every time, a twentieth of the engine's bytecodes in a Sole Mio! play-out)."""
    got = _COUNTS.get(key)
    if got is None:
        got = memo(_COUNTS, key, _decode, key)
    return got


def _decode(key: int) -> tuple[int, ...]:
    return tuple([(key >> 3 * s) & 7 for s in range(10)])


def _plays_of_key(key: int) -> tuple[Choice, ...]:
    return en.plays(_counts_of_key(key))


def hand_key(cards: Cards, hand: list[int]) -> int:
    """The key of a hand's ingredients (see the module docstring)."""
    weight = cards.memo.slot_weight
    key = 0
    for cid in hand:  # a plain loop: cheaper than sum(map(...)) for 7 cards
        key += weight[cid]
    return key


def orders_key(cards: Cards, hand: list[int]) -> int:
    """The key of a hand's orders: a bit per order card of its owner."""
    bit = cards.memo.order_bit
    key = 0
    for cid in hand:
        key += bit[cid]
    return key


def rekey(g: Game) -> None:
    """Key every seat's hand afresh (after a deal, an arrangement or a re-deal).

    Between those the rules keep ``g.hand_keys`` and ``g.order_keys`` in step with
    every card that enters or leaves a hand (``Game.take_face``, ``turn.on_play``,
    ``turn.on_order``, ``turn.on_draw``), so a decision reads its hand's key instead
    of adding up the hand's cards; ``tests/test_hand_keys.py`` checks them against
    this at every decision of whole games."""
    cards = g.cards
    g.hand_keys = [hand_key(cards, h) for h in g.hands]
    g.order_keys = [orders_key(cards, h) for h in g.hands]


def _kind_digits(k: int) -> int:
    """The digits of a hand key holding kind ``k``'s singles and doubles."""
    return 7 << 3 * k | 7 << 3 * (k + 5)


def _request_entry(request: tuple) -> tuple[int, dict[int, tuple]]:
    """A request's mask (``enumerate.help_choices`` reads a named kind's singles and
    doubles, a double's only its doubles) and its empty table."""
    mask = 0
    for what, _n in request:
        if what.startswith("double-"):
            mask |= 7 << 3 * (KIND_INDEX[what[7:]] + 5)
        else:
            mask |= _kind_digits(KIND_INDEX[what])
    return mask, {}


def helps_for(request: tuple) -> tuple[int, dict[int, tuple]]:
    """The mask of ``request``'s kinds and the helpers' choices met so far for it, per
    masked hand key (``help_choices`` fills it): a play-out asks one opponent after
    another with the same request, most holding the same few hands."""
    got = HELPS.get(request)
    if got is None:
        got = memo(HELPS, request, _request_entry, request)
    return got


def help_choices(g: Game, seat: int, request: tuple) -> tuple[Choice, ...]:
    """``enumerate.help_choices`` for the seat's hand, looked up by the request and the
    hand's key masked to the request's kinds."""
    mask, by_key = helps_for(request)
    key = g.hand_keys[seat] & mask
    got = by_key.get(key)
    if got is None:
        got = memo(by_key, key, en.help_choices, _counts_of_key(key), request)
    return got


def _missing_entry(missing: Need) -> tuple[tuple, int, dict[int, tuple]]:
    """What is missing as request items, its mask (``enumerate.fill_choices`` reads the
    singles and doubles of a kind missing units, the doubles of one missing doubles, and
    every count for units of any kinds) and its empty table."""
    units, doubles, many = missing
    mask = _ALL_DIGITS if many else 0
    for k in range(5):
        if units[k]:
            mask |= _kind_digits(k)
        if doubles[k]:
            mask |= 7 << 3 * (k + 5)
    return en.request_items(missing), mask, {}


def fill_parts(g: Game, seat: int, missing: Need, help_ok: bool) -> tuple[tuple, tuple]:
    """``enumerate.fill_choices`` for the seat's hand (looked up by what is missing, the
    hand's key masked to its kinds and whether help may be asked), and what is missing as
    request items."""
    entry = _BY_MISSING.get(missing)
    if entry is None:
        entry = memo(_BY_MISSING, missing, _missing_entry, missing)
    items, mask, by_key = entry
    key = g.hand_keys[seat] & mask
    k = 2 * key + 1 if help_ok else 2 * key
    got = by_key.get(k)
    if got is None:
        got = memo(by_key, k, en.fill_choices, _counts_of_key(key), missing, help_ok)
    return got, items


def fill_choices(g: Game, seat: int, missing: Need, help_ok: bool) -> tuple[Choice, ...]:
    """``enumerate.fill_choices`` for the seat's hand (``fill_parts``' choices)."""
    return fill_parts(g, seat, missing, help_ok)[0]


_SHOWS: dict[int, tuple] = {}  # per hand key: a show-card decision's choices


def show_choices(key: int) -> tuple[Choice, ...]:
    """The faces a hand with this key may show, one choice each, sorted (``decide._show_card``:
    the hand's distinct ingredient faces)."""
    got = _SHOWS.get(key)
    if got is None:
        got = memo(_SHOWS, key, _show_choices, key)
    return got


def _show_choices(key: int) -> tuple[Choice, ...]:
    faces = sorted([(KINDS[s % 5], 1 if s < 5 else 2) for s in range(10) if key >> 3 * s & 7])
    return tuple([("show", kind, units) for kind, units in faces])


def kind_counts(g: Game, seat: int, k: int) -> tuple[int, int]:
    """The seat's single and double cards of kind ``k``, read from its hand's key."""
    key = g.hand_keys[seat]
    return (key >> 3 * k) & 7, (key >> 3 * (k + 5)) & 7


# per seat: per hand key, its play decision (a decision is immutable: one made per seat and
# hand serves every turn with that hand, as ``decide._DRAW`` serves every draw; a turn of a
# play-out's opponent no longer builds one)
_PLAY_DECISIONS: tuple[dict[int, Decision], ...] = tuple({} for _ in range(5))


def play_decision(g: Game) -> Decision:
    """The play decision of the turn's player (decide.py's entry for Phase.PLAY: built here,
    where the hand keys are, because it is the commonest decision of all)."""
    seat = g.turn
    key = g.hand_keys[seat]
    table = _PLAY_DECISIONS[seat]
    d = table.get(key)
    if d is None:
        choices = _PLAYS.get(key)
        if choices is None:
            choices = memo(_PLAYS, key, _plays_of_key, key)
        d = memo(table, key, _new, Decision, (seat, PLAY, choices, NO_CONTEXT))
    return d


def order_decision(g: Game) -> Decision:
    """No order, or one of the orders in hand (decide.py's entry for Phase.ORDER); keyed by
    the orders' bits (a hand holds only its own seat's orders), one decision kept per key."""
    seat = g.turn
    key = g.order_keys[seat]
    m = g.cards.memo
    decisions = m.order_decisions[seat]
    d = decisions.get(key)
    if d is None:
        table = m.order_choices[seat]
        choices = table.get(key)
        if choices is None:
            cards = g.cards
            ids = sorted([cards.face[c][1] for c in g.hands[seat] if m.order_bit[c]])
            choices = table[key] = (NO_ORDER, *[("order", o) for o in ids])
        d = decisions[key] = _new(Decision, (seat, ORDER, choices, NO_CONTEXT))
    return d


def series_choices(rev: str, mates: list[str], units: int) -> tuple[Choice, ...]:
    key = (rev, tuple(mates), units)
    choices = _SERIES.get(key)
    if choices is None:
        choices = memo(_SERIES, key, en.series_choices, rev, mates, units)
    return choices


def series_parts(g: Game, owner: int, rev: str, units: int) -> tuple[tuple, tuple[str, ...]]:
    """A series decision's choices and the series orders in hand that may join (their ids,
    sorted), looked up by the owner's order key."""
    key = (owner, g.order_keys[owner], rev, units)
    table = g.cards.memo.series_parts
    got = table.get(key)
    if got is None:
        cards = g.cards
        mates = sorted({cards.face[c][1] for c in g.hands[owner]
                        if (s := cards.order[c]) is not None and s.series})
        got = memo(table, key, lambda: (series_choices(rev, mates, units), tuple(mates)))
    return got


def series_need(cards: Cards, cid: int, units: int) -> Need:
    """What a series member needs: ``units`` of its kind (the amount the owner gave it)."""
    key = (cid, units)
    table = cards.memo.series_needs
    got = table.get(key)
    if got is None:
        u = [0, 0, 0, 0, 0]
        u[KIND_INDEX[next(iter(cards.order[cid].params["needs"]))]] = units
        got = table[key] = (tuple(u), ZERO5, 0)
    return got


def static_variants(cards: Cards, cid: int, own: int, col_units: list[int]) -> tuple[list, tuple]:
    """An order card's variants and their choices; cached when they depend on its owner only."""
    spec = cards.order[cid]
    otype = spec.otype
    if not otype.static_variants:
        # the variants read the columns, but a few lists of them recur: their choices are kept
        # per list (one tuple each, so a seat's tables keyed by the choices' identity hit too)
        vs = otype.variants(spec.params, own, col_units)
        key = tuple(vs)
        choices = _VARIANT_CHOICES.get(key)
        if choices is None:
            choices = memo(_VARIANT_CHOICES, key, _variant_choices, vs)
        return vs, choices
    table = cards.memo.variants
    cached = table.get(cid)
    if cached is None:
        vs = otype.variants(spec.params, own, col_units)
        cached = table[cid] = (vs, _variant_choices(vs))
    return cached


_VARIANT_CHOICES: dict[tuple, tuple] = {}  # per list of variants (as a tuple): their choices


def _variant_choices(vs: list[tuple[int, ...]]) -> tuple[Choice, ...]:
    """The variant decision's choices: per variant, its kinds' names."""
    return tuple([("variant", tuple([KINDS[k] for k in v])) for v in vs])


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
    entry = _BY_MISSING.get(missing)
    if entry is None:
        entry = memo(_BY_MISSING, missing, _missing_entry, missing)
    return entry[0]


def variants_the_columns_fill(cards: Cards, cid: int, variants: list, own: int, scorer: int,
                              cu: list[int], cols: list[list[int]]) -> list[int]:
    """The indexes of the variants the columns alone fill.

    The same as ``[i for i, v in enumerate(variants) if reveal.columns_fill(g, need(v))]``
    (``tests/test_enumerate.py`` compares them), made quick for 4-3-2-1's 120 variants
    with bit sets prepared once per card: for each kind and each number of units (and
    of doubles) a column may hold, the set of variants that column can carry.  The
    columns' answer is the intersection of five of them.
    """
    if not cards.order[cid].otype.static_variants:  # Minimale's ties: few, column-made
        return _fill_by_columns([need(cards, cid, v, own, scorer) for v in variants], cu, cols)
    key = (cid, scorer)
    prepared = cards.memo.variant_needs.get(key)
    if prepared is None:
        prepared = memo(cards.memo.variant_needs, key, _carry_sets,
                        [need(cards, cid, v, own, scorer) for v in variants])
    needs, by_units, by_doubles = prepared
    if by_units is None:  # an order of any kinds: only the columns' total counts
        return _fill_by_columns(needs, cu, cols)
    bits = -1
    try:  # the sets reach _CARRY_PAD units (more than a card set's kind has): no bound checked
        for k in range(5):
            c = cu[k]
            bits &= by_units[k][c]
            if by_doubles is not None:
                bits &= by_doubles[k][c - len(cols[k])]  # the column's doubles
            if not bits:
                return []
    except IndexError:  # a column beyond them: the plain test
        return _fill_by_columns(needs, cu, cols)
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


_CARRY_PAD = 48  # ``_carry_sets``' lists' length: a column's units index them unchecked


def _carry_sets(needs: list[Need]) -> tuple:
    """Per kind, per units t (0 up to ``_CARRY_PAD``): the bit set of variants needing at
    most t units of that kind; the same for double cards if any are needed."""
    if any([m for _u, _d, m in needs]):
        return needs, None, None

    def sets(amounts: list[tuple[int, ...]]) -> list[list[int]]:
        top = max([max(a) for a in amounts])
        out = []
        for k in range(5):
            exactly = [0] * (top + 1)  # per t: the variants needing exactly t
            for i, a in enumerate(amounts):
                exactly[a[k]] |= 1 << i
            at_most = []
            bits = 0
            for variants in exactly:
                bits |= variants
                at_most.append(bits)
            at_most += [bits] * (_CARRY_PAD - len(at_most))  # every variant, from ``top`` on
            out.append(at_most)
        return out

    by_doubles = sets([d for _u, d, _m in needs]) if any([any(d) for _u, d, _m in needs]) else None
    return needs, sets([u for u, _d, _m in needs]), by_doubles


def _fill_by_columns(needs: list[Need], cu: list[int], cols: list[list[int]]) -> list[int]:
    """The indexes of the needs the columns meet (``reveal.columns_fill`` of each), in plain
    loops: a rarest-kind order asks this at every reveal, for two or three needs."""
    total = -1  # the columns' units, summed only for a need of any kinds
    out = []
    i = 0
    for u, d, m in needs:
        if m:
            if total < 0:
                total = sum(cu)
            if m > total:
                i += 1
                continue
        for k in range(5):
            if u[k] > cu[k] or (d[k] and d[k] > cu[k] - len(cols[k])):
                break
        else:
            out.append(i)
        i += 1
    return out
