"""Cheap estimates shared by every level: what an order will find, what it costs.

Columns are modelled as units per kind (``cu``) and doubles per kind
(``cd``), as floats, because a forgotten oven slot contributes only an
expected amount.  Everything here is a pure function of what the seat
believes, so it is safe to use on a view.
"""

from __future__ import annotations

from operator import add
from typing import Any

from solemio.ai.memory import Entry
from solemio.engine import KINDS, CardSet

# a forgotten card: about 1.1 units spread over five kinds
LOST_UNITS = 0.22
LOST_DOUBLES = 0.02
_NONE = (99.0, 0.0, (), [0.0] * 5, [0.0] * 5)
_ZERO = (0, 0, 0, 0, 0)  # an opponent's hand, as far as the projection counts it


class Evaluator:
    """Order arithmetic for one card set (cached per order and owner kind)."""

    def __init__(self, cs: CardSet) -> None:
        self.cs = cs
        self._needs: dict[tuple[str, int, int], list[tuple]] = {}
        self._variant_needs: dict[tuple, tuple] = {}  # a few hundred at most: orders x variants
        self._column_needs: dict[tuple, list[tuple]] = {}  # ``column_needs``, per rounded columns
        # a variant decision's distinct needs with the first choice of each (heuristic._d_variant)
        self.variant_firsts: dict[tuple, list[tuple]] = {}
        self.variant_firsts_by_id: dict[int, tuple] = {}  # the same, found by the choices' identity
        # a turn plan's reading of the orders in hand (heuristic._plan_setup), per hand's orders
        self.plan_setups: dict[tuple, tuple] = {}
        # one order's part of it (its kinds read, its plan) when it reads no other order
        self.order_setups: dict[tuple, tuple] = {}
        # a series decision's members per choice (heuristic._series_members), by the choices' id
        self.series_members: dict[int, tuple] = {}

    def spec(self, order_id: str):
        return self.cs.order(order_id)

    def variant_need(self, order_id: str, variant: tuple, own: int, scorer: int) -> tuple:
        """(units, doubles, any) the order asks for in ``variant``: a pure function, remembered."""
        key = (order_id, variant, own, scorer)
        got = self._variant_needs.get(key)
        if got is None:
            spec = self.cs.order(order_id)
            got = self._variant_needs[key] = spec.otype.need(spec.params, variant, own, scorer)
        return got

    def needs(self, order_id: str, own: int, scorer: int, cu: list[float]) -> list[tuple]:
        """(variant, units[5], doubles[5], any) for each way the order may be met."""
        spec = self.cs.order(order_id)
        ot = spec.otype
        if not ot.static_variants:
            return [n[:4] for n in self.column_needs(order_id, own, scorer, cu)]
        key = (order_id, own, scorer if ot.takes_scorer else -1)
        got = self._needs.get(key)
        if got is None:
            if ot.name == "staircase":
                got = [("staircase", tuple(spec.params["amounts"]), spec.params.get("own_allowed", True))]
            else:
                variants = ot.variants(spec.params, own, [0, 0, 0, 0, 0])
                got = [(v, *ot.need(spec.params, v, own, scorer)) for v in variants]
            self._needs[key] = got
        return got

    def column_needs(self, order_id: str, own: int, scorer: int, cu: list[float]) -> list[tuple]:
        """``needs`` of an order whose variants read the columns (a rarest-kind order), each
        as (variant, units, doubles, any, items) with ``sparse_items``' items: a pure
        function of the columns rounded to whole units, remembered per rounding (a play-out
        costs the same few orders on the same few columns again and again).  The list is
        shared: read it, never change it."""
        cols = (round(cu[0]), round(cu[1]), round(cu[2]), round(cu[3]), round(cu[4]))
        key = (order_id, own, scorer, cols)
        got = self._column_needs.get(key)
        if got is None:
            if len(self._column_needs) > 20_000:
                self._column_needs.clear()
            spec = self.cs.order(order_id)
            ot = spec.otype
            got = []
            for v in ot.variants(spec.params, own, list(cols)):
                units, dbl, many = ot.need(spec.params, v, own, scorer)
                got.append((v, units, dbl, many, sparse_items(units, dbl)))
            self._column_needs[key] = got
        return got

    def sparse_needs(self, order_id: str, own: int, scorer: int) -> list[tuple]:
        """``needs`` of an order whose variants do not read the columns, each as (variant,
        items, any): ``items`` the non-zero (kind, amount, is a double) in ``miss_spent``'s
        order, for ``miss_spent_sparse``; remembered."""
        key = ("sparse", order_id, own, scorer)
        got = self._variant_needs.get(key)
        if got is None:
            got = [(v, sparse_items(v[1], v[2]), v[3])
                   for v in self.needs(order_id, own, scorer, [0.0] * 5)]
            self._variant_needs[key] = got
        return got

    def sparse_fill(self, order_id: str, own: int, scorer: int) -> tuple[list[tuple], int] | None:
        """For an ordinary order whose variants do not read the columns: its
        ``sparse_needs`` and the kind a "none of mine" order must not find (-1: none);
        None for the rest (special orders, staircases, variants read from the columns),
        which are costed by the plain rules."""
        ot = self.cs.order(order_id).otype
        if ot.special or not ot.static_variants or ot.name == "staircase":
            return None
        return self.sparse_needs(order_id, own, scorer), own if ot.name == "none-of-mine" else -1

    def best_fill(
        self,
        order_id: str,
        own: int,
        scorer: int,
        cu: list[float],
        cd: list[float],
        hu: list[int],
        hd: list[int],
    ) -> tuple[float, float, tuple, list[float], list[float]]:
        """(missing after columns and hand, hand units spent, variant, take, from_hand).

        ``take`` is what the columns give and ``from_hand`` what the hand
        adds (units per kind), so a reveal simulation can remove them.  A
        missing of 99 means the order cannot be met.
        """
        spec = self.cs.order(order_id)
        ot = spec.otype
        if ot.special:
            return _NONE
        if ot.name == "none-of-mine" and cu[own] > 0.5:
            return _NONE
        best: tuple = _NONE
        for v in self.needs(order_id, own, scorer, cu):
            if v[0] == "staircase":
                kinds, units = _staircase_need(v, own, cu, hu)
                cand = self._cost(kinds, units, _NO_UNITS, 0, cu, cd, hu, hd)
            else:
                cand = self._cost(v[0], v[1], v[2], v[3], cu, cd, hu, hd)
            if (cand[0], cand[1]) < (best[0], best[1]):
                best = cand
        return best

    def fill_deps(self, order_id: str, own: int, scorer: int) -> frozenset[int] | None:
        """The kinds whose columns and hand ``best_fill`` reads for this order (None: every kind).

        A play of one kind changes only that kind's column and hand, so an
        order that reads no other kinds keeps its value (the turn plan of
        ``heuristic`` re-costs only the orders a candidate play touches).
        """
        key = ("deps", order_id, own, scorer)
        got = self._variant_needs.get(key, False)
        if got is not False:
            return got
        spec = self.cs.order(order_id)
        ot = spec.otype
        deps: frozenset[int] | None
        if ot.special:
            deps = frozenset()
        elif not ot.static_variants or ot.name == "staircase":
            deps = None
        else:
            kinds: set[int] = {own} if ot.name == "none-of-mine" else set()
            for v in self.needs(order_id, own, scorer, [0.0] * 5):
                if v[3]:
                    kinds = None  # type: ignore[assignment]
                    break
                kinds.update(k for k in range(5) if v[1][k] or v[2][k])
            deps = None if kinds is None else frozenset(kinds)
        self._variant_needs[key] = deps
        return deps

    def fill_miss_spent(
        self, order_id: str, own: int, scorer: int,
        cu: list[float], cd: list[float], hu: list[int], hd: list[int],
    ) -> tuple[float, float]:
        """``best_fill``'s (missing, hand units spent) alone: the same arithmetic, no lists built."""
        spec = self.cs.order(order_id)
        ot = spec.otype
        if ot.special:
            return 99.0, 0.0
        if ot.name == "none-of-mine" and cu[own] > 0.5:
            return 99.0, 0.0
        bm, bs = 99.0, 0.0
        if not ot.static_variants:  # the variants read the columns: their items remembered
            for v in self.column_needs(order_id, own, scorer, cu):
                m, s = miss_spent_sparse(v[4], v[3], cu, cd, hu, hd)
                if m < bm or (m == bm and s < bs):
                    bm, bs = m, s
                    if not m and not s:
                        break  # nothing missing, nothing spent: no later one is less
            return bm, bs
        for v in self.needs(order_id, own, scorer, cu):
            if v[0] == "staircase":  # a staircase's one need: ``best_fill``'s (missing, spent)
                m, s = miss_spent(_staircase_need(v, own, cu, hu)[1], _NO_UNITS, 0, cu, cd, hu, hd)
                return (m, s) if (m, s) < (99.0, 0.0) else (99.0, 0.0)
            m, s = miss_spent(v[1], v[2], v[3], cu, cd, hu, hd)
            if m < bm or (m == bm and s < bs):
                bm, bs = m, s
        return bm, bs

    def fill_miss_take(
        self, order_id: str, own: int, scorer: int,
        cu: list[float], cd: list[float], hu: list[int], hd: list[int],
    ) -> tuple[float, list[float]]:
        """``best_fill``'s (missing, take): each variant costed by ``miss_spent`` (the same
        arithmetic, no lists), the columns' take built for the best one alone."""
        spec = self.cs.order(order_id)
        ot = spec.otype
        if ot.special or (ot.name == "none-of-mine" and cu[own] > 0.5):
            return 99.0, _NONE[3]
        bm, bs, bv = 99.0, 0.0, None
        if ot.static_variants and ot.name != "staircase":
            for v, items, many in self.sparse_needs(order_id, own, scorer):
                m, s = miss_spent_sparse(items, many, cu, cd, hu, hd)
                if m < bm or (m == bm and s < bs):
                    bm, bs, bv = m, s, v
                    if not m and not s:
                        break  # nothing missing, nothing spent: no later one is less
        elif not ot.static_variants:  # the variants read the columns: their items remembered
            for v in self.column_needs(order_id, own, scorer, cu):
                m, s = miss_spent_sparse(v[4], v[3], cu, cd, hu, hd)
                if m < bm or (m == bm and s < bs):
                    bm, bs, bv = m, s, v
                    if not m and not s:
                        break  # nothing missing, nothing spent: no later one is less
        else:
            for v in self.needs(order_id, own, scorer, cu):
                if v[0] == "staircase":
                    cand = self.best_fill(order_id, own, scorer, cu, cd, hu, hd)
                    return cand[0], cand[3]
                m, s = miss_spent(v[1], v[2], v[3], cu, cd, hu, hd)
                if m < bm or (m == bm and s < bs):
                    bm, bs, bv = m, s, v
        if bv is None:
            return 99.0, _NONE[3]
        return bm, _take(bv[1], bv[2], bv[3], cu, cd)

    @staticmethod
    def _cost(variant, units, dbl, many, cu, cd, hu, hd):
        miss = 0.0
        spent = 0.0
        take = [0.0] * 5
        hand = [0.0] * 5
        for k in range(5):
            u = units[k]
            if u:
                have = cu[k]
                t = u if have >= u else have
                take[k] = t
                m = u - t
                if m > 0:
                    h = hu[k] if hu[k] < m else m
                    spent += h
                    hand[k] += h
                    miss += m - h
            dn = dbl[k]
            if dn:
                have = cd[k]
                t = dn if have >= dn else have
                take[k] += 2 * t
                m = dn - t
                if m > 0:
                    h = hd[k] if hd[k] < m else m
                    spent += 2 * h
                    hand[k] += 2 * h
                    miss += m - h
        if many:
            total = sum(cu)
            take = list(cu)
            m = many - total
            if m > 0:
                h = min(m, sum(hu))
                spent += h
                miss += m - h
        return miss, spent, variant, take, hand


_NO_UNITS = (0, 0, 0, 0, 0)


def _staircase_need(v: tuple, own: int, cu, hu) -> tuple[tuple[int, ...], list[int]]:
    """A staircase order's need on these columns and hand (``best_fill``'s): its amounts,
    the most first, given to the kinds it may use, the most held in columns and hand first
    (equals in kind order: a stable sort, descending); (the kinds given one, units per kind)."""
    amounts = sorted(v[1], reverse=True)
    held = list(map(add, cu, hu))  # ``cu[k] + hu[k]`` per kind, in C
    kinds = [k for k in range(5) if v[2] or k != own]
    kinds.sort(key=held.__getitem__, reverse=True)
    units = [0] * 5
    for a, k in zip(amounts, kinds, strict=False):
        units[k] = a
    return tuple(kinds[: len(amounts)]), units


def _take(units, dbl, many, cu, cd) -> list[float]:
    """``Evaluator._cost``'s take (what the columns give), with the same operations."""
    if many:
        return list(cu)
    take = [0.0] * 5
    for k in range(5):
        u = units[k]
        if u:
            have = cu[k]
            take[k] = u if have >= u else have
        dn = dbl[k]
        if dn:
            have = cd[k]
            take[k] += 2 * (dn if have >= dn else have)
    return take


def _many_gap(many: int, cu, hu) -> tuple[int, int]:
    """A "this many units of any kind" need: (units still missing, hand units spent)."""
    m = many - sum(cu)
    if m <= 0:
        return 0, 0
    h = sum(hu)
    if not h < m:  # ``min(m, h)``
        h = m
    return m - h, h


def sparse_items(units, dbl) -> tuple:
    """A need's non-zero amounts as (kind, amount, is a double), in ``miss_spent``'s order."""
    items = []
    for k in range(5):
        if units[k]:
            items.append((k, units[k], False))
        if dbl[k]:
            items.append((k, dbl[k], True))
    return tuple(items)


def best_sparse(variants: list[tuple], cu, cd, hu, hd) -> tuple[float, float, tuple | None]:
    """(missing, hand spent, variant) of the variant ``best_fill`` picks among
    ``sparse_needs``: the least missing, then the least spent, the first of equals."""
    bm, bs, bv = 99.0, 0.0, None
    for v, items, many in variants:
        m, s = miss_spent_sparse(items, many, cu, cd, hu, hd)
        if m < bm or (m == bm and s < bs):
            bm, bs, bv = m, s, v
            if not m and not s:
                break  # nothing missing, nothing spent: no later one is less
    return bm, bs, bv


def miss_spent_sparse(items, many, cu, cd, hu, hd) -> tuple[float, float]:
    """``miss_spent`` over a need's non-zero amounts only (``Evaluator.sparse_needs``):
    the same operations in the same order, the zero amounts' tests skipped."""
    miss = 0.0
    spent = 0.0
    for k, a, dbl in items:
        # ``m = a - min(a, have)`` is positive exactly when ``have < a``, and then ``a - have``
        if dbl:
            have = cd[k]
            if have < a:
                m = a - have
                held = hd[k]
                h = held if held < m else m
                spent += 2 * h
                miss += m - h
        else:
            have = cu[k]
            if have < a:
                m = a - have
                held = hu[k]
                h = held if held < m else m
                spent += h
                miss += m - h
    if many:
        m, h = _many_gap(many, cu, hu)
        spent += h
        miss += m
    return miss, spent


def miss_spent(units, dbl, many, cu, cd, hu, hd) -> tuple[float, float]:
    """``Evaluator._cost``'s (missing, spent), with the same operations in the same order."""
    miss = 0.0
    spent = 0.0
    for k in range(5):
        u = units[k]
        if u:
            have = cu[k]
            m = u - (u if have >= u else have)
            if m > 0:
                h = hu[k] if hu[k] < m else m
                spent += h
                miss += m - h
        dn = dbl[k]
        if dn:
            have = cd[k]
            m = dn - (dn if have >= dn else have)
            if m > 0:
                h = hd[k] if hd[k] < m else m
                spent += 2 * h
                miss += m - h
    if many:
        m, h = _many_gap(many, cu, hu)
        spent += h
        miss += m
    return miss, spent


_KIDX = {k: i for i, k in enumerate(KINDS)}


def hand_vectors(hand: tuple) -> tuple[list[int], list[int], list[str]]:
    """Units per kind, doubles per kind and order ids of a hand of faces."""
    hu = [0] * 5
    hd = [0] * 5
    orders: list[str] = []
    kidx = _KIDX
    for f in hand:
        if len(f) == 2 and f[0] in kidx:
            k = kidx[f[0]]
            hu[k] += f[1]
            if f[1] == 2:
                hd[k] += 1
        elif len(f) == 2:
            orders.append(f[1])
    return hu, hd, orders


def project_oven(
    ev: Evaluator,
    entries: list[Entry],
    extra_lost: int,
    me: int,
    kind_of,
    scorer: int,
    hu: list[int],
    hd: list[int],
    opp_topup: float,
    lost_trust: float = 1.0,
) -> tuple[list[float], list[float], dict[int, float]]:
    """Columns an order played now would find at its reveal, per the seat's memory.

    Earlier orders are assumed to take what they need when the columns (plus
    a small top-up for opponents, the seat's own hand for its own orders)
    fill them.  Also returns, per index of the seat's own orders in
    ``entries``, the estimated chance that it will be filled.
    """
    cu, cd = projection_start(extra_lost, lost_trust)
    return project_from(ev, entries, 0, len(entries), cu, cd, {}, me, kind_of, scorer, hu, hd, opp_topup,
                        lost_trust=lost_trust)


def projection_start(extra_lost: int, lost_trust: float = 1.0) -> tuple[list[float], list[float]]:
    """The columns before the first remembered slot: the cards of unknown slots, spread.

    ``lost_trust`` scales what a forgotten card is counted as (1: its expected
    units; less: a seat that does not count on what it cannot recall).
    """
    lu, ld = _lost(lost_trust)
    return [extra_lost * lu] * 5, [extra_lost * ld] * 5


def _lost(trust: float) -> tuple[float, float]:
    """(units, doubles) per kind a forgotten card counts for, at this trust (1: exactly the constants)."""
    return (LOST_UNITS, LOST_DOUBLES) if trust == 1.0 else (LOST_UNITS * trust, LOST_DOUBLES * trust)


def project_from(
    ev: Evaluator,
    entries: list[Entry],
    start: int,
    end: int,
    cu: list[float],
    cd: list[float],
    mine: dict[int, float],
    me: int,
    kind_of,
    scorer: int,
    hu: list[int],
    hd: list[int],
    opp_topup: float,
    memo: dict | None = None,
    lost_trust: float = 1.0,
) -> tuple[list[float], list[float], dict[int, float]]:
    """``project_oven`` resumed: ``entries[start:end]`` folded into a state (copied, not changed).

    The fold reads the hand only at the seat's own orders, so the state before
    the seat's first own order can be kept and resumed (``playout._SampleSelf``
    does, with the same arithmetic in the same order: the same answers).

    ``memo`` (for one seat, its kinds and ``opp_topup``): each order's step of
    the fold remembered by the order, its owner, the scorer's kind, the
    columns before it and, for the seat's own orders, the hand.  The step is a
    pure function of these, so a remembered step gives the same numbers; a
    play-out's decisions fold the same oven again and again, mostly through
    the same states.
    """
    if memo is not None and lost_trust == 1.0:
        return _project_memo(ev, entries, start, end, cu, cd, mine, me, kind_of, scorer, hu, hd,
                             opp_topup, memo)
    cu = list(cu)
    cd = list(cd)
    mine = dict(mine)
    lu, ld = _lost(lost_trust)
    for i in range(start, end):
        mv = fold_slot(ev, entries[i], cu, cd, me, kind_of, scorer, hu, hd, opp_topup, lu, ld)
        if mv is not None:
            mine[i] = mv
    return cu, cd, mine


def fold_slot(ev: Evaluator, e: Entry, cu: list[float], cd: list[float], me: int, kind_of: Any,
              scorer: int, hu: list[int], hd: list[int], opp_topup: float,
              lu: float = LOST_UNITS, ld: float = LOST_DOUBLES) -> float | None:
    """One slot of the fold, ``cu`` and ``cd`` changed in place (the plain projection's and
    the play-outs' fold graph's one arithmetic).

    Returns the chance for the seat's own order (None for anything else).
    """
    if e.tag == "ing":
        cu[e.kind] += e.singles + 2 * e.doubles
        cd[e.kind] += e.doubles
        return None
    if e.tag == "lost":
        for k in range(5):
            cu[k] += e.cards * lu
            cd[k] += e.cards * ld
        return None
    own = kind_of(e.seat)
    special = ev.spec(e.order).otype.special
    if special == "block":
        mv = (0.6 if cu[own] + hu[own] >= 2 else 0.0) if e.seat == me else None
        cu[own] *= 0.4
        cd[own] *= 0.4
        return mv
    if special == "show":
        return 0.5 if e.seat == me else None
    return _order_step(ev, e, cu, cd, me, own, scorer, hu, hd, opp_topup)


def _order_step(ev: Evaluator, e: Entry, cu: list[float], cd: list[float], me: int, own: int,
                scorer: int, hu: list[int], hd: list[int], opp_topup: float) -> float | None:
    """One ordinary order's step of the fold, ``cu`` and ``cd`` changed in place.

    Returns the chance for the seat's own order (None for an opponent's).
    """
    spec = ev.spec(e.order)
    mv = None
    if e.seat == me:
        miss, take = ev.fill_miss_take(e.order, own, scorer, cu, cd, hu, hd)
        ok = miss <= 0.01
        mv = 1.0 if ok else (0.35 if miss <= 2 and spec.help and ev.cs.help else 0.0)
    else:
        miss, take = ev.fill_miss_take(e.order, own, scorer, cu, cd, _ZERO, _ZERO)
        ok = miss <= opp_topup
    if ok or (mv is not None and mv > 0.3):
        for k in range(5):
            t = take[k]
            if t:
                left = cu[k] - t  # ``max(0.0, ...)``, ``min(cd, ...)``: the builtins cost more
                left = cu[k] = left if left > 0.0 else 0.0
                half = left / 2
                if half < cd[k]:
                    cd[k] = half
    return mv


def opp_order_pick(variants: list[tuple], absent: int, cu, cd, opp_topup: float) -> tuple | None:
    """The need (``needs``' (variant, units, doubles, any)) whose take (``_take``) is an
    opponent's ordinary order's step of the fold, or None when it takes nothing
    (``_order_step`` for an order of another seat, whose variants do not read the columns).

    ``variants`` is ``Evaluator.sparse_needs``; ``absent`` the kind a "none of mine"
    order must not find (-1: none).  The same arithmetic as ``fill_miss_take`` on an
    empty hand: nothing is spent, so the first variant that misses least wins, and its
    missing units are the sum, in the same order, of what each need lacks.
    """
    if absent >= 0 and cu[absent] > 0.5:
        return None  # ``fill_miss_take``: missing 99, nothing taken
    bm, bv = 99.0, None
    for v, items, many in variants:
        miss = 0.0
        for k, a, dbl in items:
            have = cd[k] if dbl else cu[k]
            if have < a:  # ``a - min(a, have)`` when it is positive
                miss += a - have
        if many:
            m = many - sum(cu)
            if m > 0:
                miss += m
        if miss < bm:
            bm, bv = miss, v
            if not miss:
                break  # nothing missing: no later one is less
    if bv is None or not bm <= opp_topup:
        return None
    return bv


def own_order_pick(variants: list[tuple], absent: int, helped: bool, cu, cd, hu, hd) -> tuple | None:
    """The need whose take (``_take``) is the seat's own ordinary order's step of the fold, or None
    when it takes nothing (``_order_step`` for an own order whose variants do not read
    the columns: ``fill_miss_take``'s arithmetic on the hand, the take when the columns
    and hand fill it or, with help, miss at most 2 units)."""
    if absent >= 0 and cu[absent] > 0.5:
        return None  # ``fill_miss_take``: missing 99, nothing taken
    bm, _bs, bv = best_sparse(variants, cu, cd, hu, hd)
    if bv is None or not (bm <= 0.01 or (bm <= 2 and helped)):
        return None
    return bv


def _project_memo(ev, entries, start, end, cu, cd, mine, me, kind_of, scorer, hu, hd, opp_topup,
                  memo: dict) -> tuple[list[float], list[float], dict[int, float]]:
    """``project_from`` with its order steps remembered in ``memo`` (the same arithmetic)."""
    cu = list(cu)
    cd = list(cd)
    mine = dict(mine)
    hand = (*hu, *hd)
    if len(memo) > 200_000:
        memo.clear()
    for i in range(start, end):
        e = entries[i]
        tag = e.tag
        if tag == "ing":
            cu[e.kind] += e.singles + 2 * e.doubles
            cd[e.kind] += e.doubles
        elif tag == "lost":
            for k in range(5):
                cu[k] += e.cards * LOST_UNITS
                cd[k] += e.cards * LOST_DOUBLES
        else:
            own = kind_of(e.seat)
            special = ev.spec(e.order).otype.special
            if special == "block":
                if e.seat == me:
                    mine[i] = 0.6 if cu[own] + hu[own] >= 2 else 0.0
                cu[own] *= 0.4
                cd[own] *= 0.4
                continue
            if special == "show":
                if e.seat == me:
                    mine[i] = 0.5
                continue
            key = (e.order, e.seat, scorer, opp_topup, *cu, *cd, *(hand if e.seat == me else ()))
            got = memo.get(key)
            if got is None:
                mv = _order_step(ev, e, cu, cd, me, own, scorer, hu, hd, opp_topup)
                memo[key] = (mv, tuple(cu), tuple(cd))
            else:
                mv = got[0]
                cu = list(got[1])
                cd = list(got[2])
            if mv is not None:
                mine[i] = mv
    return cu, cd, mine
