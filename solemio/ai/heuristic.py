"""Easy and normal: a rule-based player built on the seat's own memory of the oven.

Each decision is scored with the estimates of ``evaluate``: a turn is
planned as (ingredients to play, order to put on top), an order is played
when what will lie below it, after the earlier orders took their share,
fills it or nearly does, and the thresholds relax as the round nears its
end.  The levels differ in memory (see ``memory``), in how much noise they
add to their scores (a beginner picks among *good* moves, not the best), and
in a few habits (planning series, withholding help from the leader).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from operator import add, gt
from typing import Any

from solemio.ai.base import Agent, Searcher
from solemio.ai.evaluate import Evaluator, hand_vectors, miss_spent, miss_spent_sparse, project_oven
from solemio.ai.memory import KIDX, MemoryStyle, OvenMemory
from solemio.engine import COLOUR_KIND, SeatView
from solemio.engine.cardset import cardset_for
from solemio.engine.enumerate import AnyFillChoices, kind_requests
from solemio.engine.state import GIVE_UP

_EVALUATORS: dict[str, Evaluator] = {}


def evaluator_for(cardset_id: str) -> Evaluator:
    """The evaluator for the rules the game with this card-set id is played by (a house
    variant edited between two games, or a save's embedded rules, gets a new one)."""
    cs = cardset_for(cardset_id)
    ev = _EVALUATORS.get(cardset_id)
    if ev is None or ev.cs is not cs:
        ev = _EVALUATORS[cardset_id] = Evaluator(cs)
    return ev


@dataclass
class Style:
    """The knobs that make a level."""

    memory: MemoryStyle = field(default_factory=MemoryStyle)
    noise: float = 0.0  # std-dev of the noise added to plan scores
    opp_topup: float = 1.0  # units an opponent is assumed to add to their own order
    threshold: float = 0.7  # play an order when its value reaches this
    plan_series: bool = True
    help_leader: bool = False  # help an opponent who leads
    keep_weight: float = 0.0  # cost of playing a unit my orders still need from hand
    draw_target: int = 3  # orders wanted in hand
    no_help_draw_target: int = 4  # without help (Mamma Mia!) more orders in hand pay
    no_help_topup: float = 0.0  # and opponents' orders rarely get topped up
    # where a failed order only goes back under its stack (Sole Mio!), more orders
    # in hand and an earlier play pay (measured: docs/ai.md)
    kept_draw_target: int = 4
    kept_threshold: float = 0.6
    help_rule: str = "free"  # "free": whenever it costs my orders little; "old": not the leader, <= 5 units
    final_dump: bool = False  # on the last lap of the game, any order beats one left in hand
    help_slack: float = 1.0  # "free": units my own orders need that a help may give away
    # what a forgotten oven card counts for (1: its expected units; 0, not counting on what
    # was forgotten, was measured for normal and did not win more: docs/measurements/issue-26)
    lost_trust: float = 1.0
    # without help (Mamma Mia!), what an order is worth that the columns and hand miss by
    # at most one unit (the estimate is the seat's memory, often a unit off either way)
    near_miss_value: float = 0.0
    near_miss2_value: float = 0.0  # the same for two units


EASY = Style(
    memory=MemoryStyle("window", window=4),
    noise=0.35,
    opp_topup=0.0,
    threshold=0.55,
    plan_series=False,
    help_leader=True,
    keep_weight=0.0,
    draw_target=2,
    no_help_draw_target=2,
)
# normal puts orders on the oven more boldly than the defaults: a failed order only goes
# back under its stack in Sole Mio! and Mamma Mia!, and its memory's estimate is often a
# unit off either way (measured against the outside player: docs/measurements/issue-26)
NORMAL = Style(memory=MemoryStyle("fading", fade=0.025, muddle=0.02), final_dump=True,
               threshold=0.5, kept_threshold=0.5, near_miss_value=0.75)
PERFECT = Style(memory=MemoryStyle("perfect"), noise=0.0)


_REQUEST_UNITS: dict[tuple, int] = {}
_NONE_HELD = (0, 0, 0, 0, 0)  # a hand's units per kind compared with these: the kinds held
# ``HeuristicAgent._d_fill``'s answers per tuple of choices: id -> (the tuple, help, answer)
_FILL_PICKS: dict[int, tuple] = {}
# ``HeuristicAgent._candidate_plays`` per tuple of choices: id -> [the tuple, the plays,
# ``_plan_plays``' rows of them or None until asked]
_CANDIDATES: dict[int, list] = {}

# how the turn plan values an order in hand (``_plan_how``): a one-variant "fill" plan,
# a "fill" plan of several variants, another plan (series, show), no plan (``order_value``)
_FILL, _FILL_VARIANTS, _PLANNED, _VALUE = range(4)


def _plan_how(plan: tuple | None) -> int:
    """Which of ``_d_play``'s ways values an order with this ``_value_plan``."""
    if plan is None:
        return _VALUE
    if plan[0] == "fill":
        return _FILL_VARIANTS if len(plan[2]) > 1 else _FILL
    return _PLANNED


def _request_units(request: tuple) -> int:
    """Units a help request asks for (a double counts two); the same requests recur, so remembered."""
    n = _REQUEST_UNITS.get(request)
    if n is None:
        if len(_REQUEST_UNITS) > 50_000:
            _REQUEST_UNITS.clear()
        n = _REQUEST_UNITS[request] = sum(2 * k if what.startswith("double-") else k for what, k in request)
    return n


class HeuristicAgent(Agent):
    """A seat that plays by rules of thumb over its own (imperfect) memory."""

    level = "normal"

    def __init__(self, seat: int, seed: int = 0, style: Style | None = None, **options: Any) -> None:
        super().__init__(seat, seed, **options)
        self.style = style or NORMAL
        self.memory = OvenMemory(seat, self.style.memory, random.Random(self.rng.getrandbits(32)))
        self.ev: Evaluator | None = None

    # ------------------------------------------------------------------ plumbing

    def observe(self, new_events: list[dict]) -> None:
        self.memory.observe(new_events)

    def choose(self, view: SeatView, new_events: list[dict], searcher: Searcher) -> tuple:
        self.memory.observe(new_events)
        if not self.memory.colours:
            self.memory.colours = [s.colour for s in view.seats]
        if self.ev is None:
            self.ev = evaluator_for(view.cardset)
            if not self.ev.cs.help:
                # measured: without help, holding more orders and assuming fewer
                # top-ups wins clearly more often (see docs/ai.md)
                self.style = replace(
                    self.style,
                    draw_target=max(self.style.draw_target, self.style.no_help_draw_target),
                    opp_topup=min(self.style.opp_topup, self.style.no_help_topup),
                )
            elif self.ev.cs.unfilled != "out-of-game" and self.style.noise == 0.0:
                self.style = replace(
                    self.style,
                    draw_target=max(self.style.draw_target, self.style.kept_draw_target),
                    threshold=min(self.style.threshold, self.style.kept_threshold),
                )
        handler = getattr(self, "_d_" + view.decision_kind.replace("-", "_"))
        choice = handler(view, dict(view.context))
        if choice not in view.choices:  # a rule of thumb must never stall a table
            choice = view.choices[0]
        return choice

    def kind_of(self, seat: int) -> int:
        return KIDX[COLOUR_KIND[self.memory.colours[seat]]]

    def _scorer_kind(self, view: SeatView) -> int:
        if view.scorer >= 0:
            return self.kind_of(view.scorer)
        holder = view.scorer_holder if view.scorer_holder >= 0 else self.memory.first
        return self.kind_of(holder)

    def _vectors(self, view: SeatView) -> tuple[list[int], list[int], list[str]]:
        """``hand_vectors(view.hand)``: units and doubles per kind and the order ids of the
        seat's hand (the play-outs' policy finds them by the hand's keys).  Read them, never
        change them: the lists may be shared."""
        return hand_vectors(view.hand)

    def _noise(self) -> float:
        return self.rng.gauss(0.0, self.style.noise) if self.style.noise else 0.0

    # ------------------------------------------------------------------ order values

    def _project(self, view: SeatView, hu: list[int], hd: list[int]):
        extra = max(0, view.oven - self.memory.oven_cards())
        return project_oven(
            self.ev, self.memory.entries, extra, view.seat, self.kind_of,
            self._scorer_kind(view), hu, hd, self.style.opp_topup, lost_trust=self.style.lost_trust,
        )

    def order_value(
        self, view: SeatView, oid: str, cu: list[float], cd: list[float],
        hu: list[int], hd: list[int], orders: list[str],
    ) -> float:
        """Expected filled orders if ``oid`` is put on the oven now."""
        me = view.seat
        own = self.kind_of(me)
        spec = self.ev.spec(oid)
        special = spec.otype.special
        if special == "block":
            n = cu[own] + hu[own]
            if n < spec.params["min_units"]:
                return 0.0
            e = self._opp_expect(view, own, hu)
            return 0.85 if n > e + 2 else (0.5 if n > e else 0.1)
        if special == "show":
            held = sum(map(gt, hu, _NONE_HELD))  # the kinds held: ``hu[k] > 0`` counted, in C
            return 0.15 * held - 0.05
        if spec.series and self.style.plan_series:
            mates = [o for o in orders if o != oid and self.ev.spec(o).series]
            if mates:
                return self._series_value(oid, mates, own, cu, hu)
        miss, spent = self.ev.fill_miss_spent(oid, own, self._scorer_kind(view), cu, cd, hu, hd)
        return self._fill_worth(miss, spent, self.ev.cs.help and spec.help)

    def _fill_worth(self, miss: float, spent: float, helped: bool) -> float:
        """An ordinary order's value from what the columns and hand miss and spend."""
        if miss <= 0.05:
            return 1.0 - 0.03 * spent
        if helped:
            if miss <= 1.05:
                return 0.55
            if miss <= 2.05:
                return 0.35
        elif miss <= 1.05:
            return self.style.near_miss_value
        elif miss <= 2.05:
            return self.style.near_miss2_value
        return 0.0

    def _value_plan(self, oid: str, own: int, scorer: int, orders: list[str]) -> tuple | None:
        """What ``order_value`` reads for ``oid`` besides the columns and hand, read once.

        ("series", id, kinds, amounts) for a series order with mates, ("show", id)
        for a show order, ("fill", id, variants, kind that must be absent or -1,
        help) for an order whose variants do not depend on the columns; None for
        the rest (block, staircase, variants read from the columns), which
        ``order_value`` values as it is.  ``_planned_value`` computes the
        same value from it with the same operations in the same order.
        """
        spec = self.ev.spec(oid)
        ot = spec.otype
        if ot.special == "show":
            return ("show", oid)
        if ot.special:
            return None
        if spec.series and self.style.plan_series:
            mates = [o for o in orders if o != oid and self.ev.spec(o).series]
            if mates:
                members = [oid] + mates[:3]
                kinds = [KIDX[next(iter(self.ev.spec(o).params["needs"]))] for o in members]
                return ("series", oid, kinds, list(range(4, 4 - len(members), -1)))
        sparse = self.ev.sparse_fill(oid, own, scorer)
        if sparse is None:
            return None
        variants = sparse[0]
        kinds = tuple(frozenset(k for k, _a, _d in items) for _v, items, _m in variants)
        return ("fill", oid, *sparse, self.ev.cs.help and spec.help, kinds)

    def _planned_value(self, plan: tuple, cu: list[float], cd: list[float],
                       hu: list[int], hd: list[int]) -> float:
        """``order_value`` from a ``_value_plan`` (the turn plan's many candidate plays)."""
        tag = plan[0]
        if tag == "series":
            return self._series_on(plan[2], plan[3], cu, hu)
        if tag == "show":  # order_value's show order: the kinds held
            held = sum(map(gt, hu, _NONE_HELD))  # the kinds held: ``hu[k] > 0`` counted, in C
            return 0.15 * held - 0.05
        return self._planned_fill(plan, cu, cd, hu, hd)

    def _planned_fill(self, plan: tuple, cu: list[float], cd: list[float],
                      hu: list[int], hd: list[int]) -> float:
        """``_planned_value`` of a "fill" plan (the turn plan calls it at once: most plans are)."""
        _f, _oid, variants, absent, helped, _kinds = plan
        if absent >= 0 and cu[absent] > 0.5:
            return self._fill_worth(99.0, 0.0, helped)
        bm, bs = 99.0, 0.0  # Evaluator.fill_miss_spent's loop
        for _v, items, many in variants:
            m, s = miss_spent_sparse(items, many, cu, cd, hu, hd)
            if m < bm or (m == bm and s < bs):
                bm, bs = m, s
                if not m and not s:
                    break  # nothing missing, nothing spent: no later one is less
        return self._fill_worth(bm, bs, helped)

    def _fill_after_play(self, plan: tuple, k: int, base: list, before: tuple,
                         cu: list[float], cd: list[float], hu: list[int], hd: list[int]) -> float:
        """``_planned_value`` of a "fill" plan after a candidate play of kind ``k``: a
        variant that names no kind ``k`` and no units of any kind reads nothing the play
        changed, so it keeps its (missing, spent) without the play (``base``, per variant,
        costed on ``before``'s columns and hand when first read: the same numbers); the
        others are costed on ``cu``, ``cd``, ``hu``, ``hd``, in the same order."""
        _f, _oid, variants, absent, helped, kinds = plan
        if absent >= 0 and cu[absent] > 0.5:
            return self._fill_worth(99.0, 0.0, helped)
        bm, bs = 99.0, 0.0  # Evaluator.fill_miss_spent's loop
        for j, (_v, items, many) in enumerate(variants):
            if many or k in kinds[j]:
                m, s = miss_spent_sparse(items, many, cu, cd, hu, hd)
            else:
                got = base[j]
                if got is None:
                    got = base[j] = miss_spent_sparse(items, many, *before)
                m, s = got
            if m < bm or (m == bm and s < bs):
                bm, bs = m, s
                if not m and not s:
                    break  # nothing missing, nothing spent: no later one is less
        return self._fill_worth(bm, bs, helped)

    def _value_deps(self, oid: str, own: int, scorer: int, orders: list[str]) -> frozenset[int] | None:
        """The kinds of columns and hand ``order_value`` reads for ``oid`` (None: every kind)."""
        spec = self.ev.spec(oid)
        special = spec.otype.special
        if special == "block":
            return frozenset((own,))
        if special == "show":
            return None
        if spec.series and self.style.plan_series:
            mates = [o for o in orders if o != oid and self.ev.spec(o).series]
            if mates:
                return frozenset(KIDX[next(iter(self.ev.spec(o).params["needs"]))]
                                 for o in [oid] + mates[:3])
        return self.ev.fill_deps(oid, own, scorer)

    def _series_value(self, oid: str, mates: list[str], own: int, cu, hu) -> float:
        """Best count of series members that columns plus hand fill (4, 3, 2, 1 assigned greedily)."""
        members = [oid] + mates[:3]
        kinds = [KIDX[next(iter(self.ev.spec(o).params["needs"]))] for o in members]
        return self._series_on(kinds, list(range(4, 4 - len(members), -1)), cu, hu)

    def _series_on(self, kinds: list[int], amounts: list[int], cu, hu) -> float:
        """``_series_value`` for the members' kinds and the amounts they are given."""
        left = list(map(add, cu, hu))  # ``cu[k] + hu[k]`` per kind, in C
        # small search over assignments: members sorted by availability get the big amounts
        # (the most first, equals in their order: a stable sort by the negated key's order)
        order = sorted(range(len(kinds)), key=list(map(left.__getitem__, kinds)).__getitem__, reverse=True)
        helped = self.ev.cs.help
        got = 0.0
        for a, i in zip(amounts, order, strict=False):
            k = kinds[i]
            if left[k] >= a - 0.05:
                left[k] -= a
                got += 1.0
            elif left[k] >= a - 1.05 and helped:
                got += 0.4
        return got * 0.9  # never below 0: the best of 0.0 and it

    def _opp_expect(self, view: SeatView, kind: int, hu: list[int]) -> float:
        """Units of ``kind`` the opponents are expected to hold."""
        s, d = self.ev.cs.deck_counts(len(view.seats))
        total = s + 2 * d
        col = sum(f[1] for f in view.columns[kind]) if view.columns else 0
        unseen = max(0.0, total - hu[kind] - max(self.memory.seen_played[kind], col))
        opp = sum(si.ingredients for i, si in enumerate(view.seats) if i != view.seat)
        pool = opp + view.supply
        return unseen * (opp / pool if pool else 1.0)

    def threshold(self, view: SeatView, orders: list[str]) -> float:
        n = len(view.seats)
        t = self.style.threshold
        near = view.supply <= 2 * n
        if near:
            t = 0.45 if self.ev.cs.unfilled == "out-of-game" else 0.3
            if view.round >= view.rounds:
                t = 0.05
                if self.style.final_dump and view.supply <= n:
                    t = -0.5  # an order left in hand at the end scores nothing
        if len(orders) >= 4:
            t -= 0.15
        return t

    def best_order(self, view, cu, cd, hu, hd, orders) -> tuple[float, str | None]:
        best, which = -1.0, None
        own, sk = self.kind_of(view.seat), self._scorer_kind(view)
        _s, _b, uniq, _deps, plans, _rows = self._plan_setup(orders, own, sk)
        for oid, vp in zip(uniq, plans, strict=True):  # sorted(set(orders)), each valued once
            if vp is None:
                v = self.order_value(view, oid, cu, cd, hu, hd, orders)
            else:
                v = self._planned_value(vp, cu, cd, hu, hd)
            if v > best:
                best, which = v, oid
        return best, which

    # ------------------------------------------------------------------ a turn

    def _demand(self, view, cu, cd, hu, hd, orders) -> list[float]:
        """Units per kind my hand orders would take from my hand."""
        dem = [0.0] * 5
        own = self.kind_of(view.seat)
        sk = self._scorer_kind(view)
        for oid in orders:
            miss, spent, _v, _t, hand = self.ev.best_fill(oid, own, sk, cu, cd, hu, hd)
            if miss < 3:
                for k in range(5):
                    dem[k] += hand[k]
        return dem

    # the last turn plan: (the play picked, its best order's value and id as ``best_order``
    # finds them on the columns and hand after that play, the threshold, whether the hand
    # holds a block order, the seat's kind, the columns valued for the play: units and
    # doubles); the play-outs' policy answers the order decision that follows from it
    # where that is the same computation (``playout._SampleSelf._d_play``)
    planned: tuple | None = None

    def _d_play(self, view: SeatView, ctx: dict) -> tuple:
        hu, hd, orders = self._vectors(view)
        cu0, cd0, _mine = self._project(view, hu, hd)
        t = self.threshold(view, orders)
        keep = self.style.keep_weight  # 0 for every level: then the demand is never read
        dem = self._demand(view, cu0, cd0, hu, hd, orders) if keep else None
        own = self.kind_of(view.seat)
        sk = self._scorer_kind(view)
        own_sensitive, has_block, uniq, _deps, _plans, rows = self._plan_setup(orders, own, sk)
        # a play of kind k changes only kind k's column and hand: the orders that read
        # no kind k keep the value they have without the play (computed once, the same
        # number), and only the others are costed again per candidate
        still: list[float | None] = [None] * len(uniq)
        # likewise a "fill" plan's variants that name no kind k keep their (missing, spent)
        # without the play: per order with several variants, each made when first read
        base: list[list | None] = [None] * len(uniq)
        before = (cu0, cd0, hu, hd)
        noisy = bool(self.style.noise)
        best, pick = -1e9, view.choices[0]
        pick_v, pick_oid, pick_cu, pick_cd = -1.0, None, cu0, cd0  # the pick's (``planned``)
        for ch, k, d, units, penalty in self._plan_plays(view.choices):
            cu = [*cu0]
            cu[k] += units
            h2u = [*hu]
            h2u[k] -= units
            if d:
                cd = [*cd0]
                cd[k] += d
                h2d = [*hd]
                h2d[k] -= d
            else:  # no double played: the doubles as they are (read, never changed)
                cd, h2d = cd0, hd
            score = 0.0
            if orders:
                v = -1.0  # best_order's value, the same orders in the same order
                which = None
                for i, (oid, dep, vp, how) in enumerate(rows):
                    fresh = dep is None or k in dep
                    if fresh or (w := still[i]) is None:
                        if how == _FILL:
                            w = self._planned_fill(vp, cu, cd, h2u, h2d)
                        elif how == _FILL_VARIANTS:
                            b = base[i]
                            if b is None:
                                b = base[i] = [None] * len(vp[2])
                            w = self._fill_after_play(vp, k, b, before, cu, cd, h2u, h2d)
                        elif how == _PLANNED:
                            w = self._planned_value(vp, cu, cd, h2u, h2d)
                        else:
                            w = self.order_value(view, oid, cu, cd, h2u, h2d, orders)
                        if not fresh:
                            still[i] = w
                    if w > v:
                        v, which = w, oid
                if v >= t:
                    score += v
            if keep:
                score -= keep * min(units, dem[k])
            score -= penalty
            if k == own and own_sensitive:
                score -= 0.15 * units
            if k == own and has_block:
                score -= 0.06 * units
            if noisy:  # without noise it adds 0.0: the score as it is
                score += self._noise()
            if score > best:
                best, pick = score, ch
                if orders:
                    pick_v, pick_oid, pick_cu, pick_cd = v, which, cu, cd
        self.planned = (pick, pick_v, pick_oid, t, has_block, own, pick_cu, pick_cd)
        return pick

    def _plan_setup(self, orders: list[str], own: int, sk: int) -> tuple:
        """The turn plan's reading of the orders in hand: (an order of "none of mine",
        a block order, the distinct orders sorted, the kinds each reads, each one's
        ``_value_plan``, and per order (id, kinds read, plan, how ``_d_play`` values
        it: ``_plan_how``)); a pure function of the orders, the kinds, the card set and
        whether series are planned, kept by the evaluator for every seat (a play-out's
        policies and a level's seats meet the same hands)."""
        setups = self.ev.plan_setups
        key = (self.style.plan_series, own, sk, *orders)
        got = setups.get(key)
        if got is None:
            if len(setups) > 20_000:
                setups.clear()
            spec = self.ev.spec
            uniq = sorted(set(orders))
            parts = [self._order_setup(oid, own, sk, orders) for oid in uniq]
            got = setups[key] = (
                any(spec(o).otype.name == "none-of-mine" for o in orders),
                any(spec(o).otype.special == "block" for o in orders),
                uniq,
                [p[0] for p in parts],
                [p[1] for p in parts],
                [(oid, p[0], p[1], _plan_how(p[1])) for oid, p in zip(uniq, parts, strict=True)],
            )
        return got

    def _order_setup(self, oid: str, own: int, sk: int, orders: list[str]) -> tuple:
        """(``_value_deps``, ``_value_plan``) of one order in hand.  Only a series order
        whose series are planned reads the other orders in hand; every other order's pair
        is the same in every hand, so the evaluator keeps it (a new hand is met often)."""
        if self.style.plan_series and self.ev.spec(oid).series:
            return self._value_deps(oid, own, sk, orders), self._value_plan(oid, own, sk, orders)
        key = (oid, own, sk)
        got = self.ev.order_setups.get(key)
        if got is None:
            got = self.ev.order_setups[key] = (self._value_deps(oid, own, sk, orders),
                                               self._value_plan(oid, own, sk, orders))
        return got

    @staticmethod
    def _candidate_plays(choices: tuple) -> list[tuple]:
        """Per kind: one single, all singles, one double, everything (keeps planning cheap).

        Remembered per tuple of choices, found by its identity (the engine keeps
        one per hand's ingredients); the list is shared: read it, never change it.
        """
        got = _CANDIDATES.get(id(choices))
        if got is not None and got[0] is choices:
            return got[1]
        out = HeuristicAgent._plays_of(choices)
        if len(_CANDIDATES) > 20_000:
            _CANDIDATES.clear()
        _CANDIDATES[id(choices)] = [choices, out, None]  # holds the tuple: its id stays its own
        return out

    @staticmethod
    def _plan_plays(choices: tuple) -> list[tuple]:
        """``_candidate_plays`` as the turn plan reads each: (the play, its kind's index,
        doubles, units, the score's cost of its cards ``0.03 * (s + d - 1) + 0.05 * d``),
        remembered with them (the same numbers each time: the same operations)."""
        got = _CANDIDATES.get(id(choices))
        if got is None or got[0] is not choices:
            HeuristicAgent._candidate_plays(choices)
            got = _CANDIDATES[id(choices)]
        rows = got[2]
        if rows is None:
            rows = got[2] = [(ch, KIDX[kind], d, s + 2 * d, 0.03 * (s + d - 1) + 0.05 * d)
                             for ch in got[1] for _p, kind, s, d in (ch,)]
        return rows

    @staticmethod
    def _plays_of(choices: tuple) -> list[tuple]:
        """``_candidate_plays`` computed."""
        top: dict[str, tuple[int, int]] = {}
        for ch in choices:
            if ch[0] != "play":
                return [ch] if ch[0] == "pass" else []
            s, d = top.get(ch[1], (0, 0))
            top[ch[1]] = (max(s, ch[2]), max(d, ch[3]))
        out = []
        for kind, (s, d) in top.items():
            for c in {(1, 0), (s, 0), (0, 1), (s, d), (0, d)}:
                if (c[0] or c[1]) and c[0] <= s and c[1] <= d:
                    out.append(("play", kind, c[0], c[1]))
        return sorted(out)

    def _d_pass(self, view, ctx):  # never posed (single choice), kept for symmetry
        return view.choices[0]

    def _d_order(self, view: SeatView, ctx: dict) -> tuple:
        hu, hd, orders = self._vectors(view)
        cu, cd, _ = self._project(view, hu, hd)
        return self._order_on(view, cu, cd, hu, hd, orders)

    def _order_on(self, view: SeatView, cu: list[float], cd: list[float],
                  hu: list[int], hd: list[int], orders: list[str]) -> tuple:
        """The order decision on these projected columns and this hand."""
        v, oid = self.best_order(view, cu, cd, hu, hd, orders)
        if oid is not None and v + self._noise() * 0.5 >= self.threshold(view, orders):
            return ("order", oid)
        return ("no-order",)

    def _d_draw(self, view: SeatView, ctx: dict) -> tuple:
        options = {c[1] for c in view.choices}
        _hu, _hd, orders = self._vectors(view)
        room = 7 - len(view.hand)
        n_orders = len(orders)
        ingredients = len(view.hand) - n_orders
        want_stack = n_orders == 0 or (n_orders + room <= self.style.draw_target and ingredients >= 3)
        if view.round >= view.rounds and view.supply <= 3 * len(view.seats):
            # last round: a leader hurries the end, a trailer slows it
            mine = len(view.seats[view.seat].filled)
            best_other = max((len(s.filled) for i, s in enumerate(view.seats) if i != view.seat), default=0)
            want_stack = mine < best_other
        if self.style.noise > 0.2 and self.rng.random() < 0.25:
            want_stack = not want_stack
        if want_stack and "stack" in options:
            return ("draw", "stack")
        return ("draw", "supply") if "supply" in options else view.choices[0]

    # ------------------------------------------------------------------ the reveal

    def _columns(self, view: SeatView) -> tuple[list[float], list[float]]:
        cu = [0.0] * 5
        cd = [0.0] * 5
        for k, col in enumerate(view.columns):
            for f in col:
                cu[k] += f[1]
                if f[1] == 2:
                    cd[k] += 1
        return cu, cd

    @staticmethod
    def _cards_cost(cards: tuple) -> float:
        return sum(s + 2.5 * d for _k, s, d in cards)

    def _d_fill(self, view: SeatView, ctx: dict) -> tuple:
        """Fill at once with the cheapest cards, else ask for the fewest units, else give up.

        The answer is a pure function of the choices and whether the card set
        has help; the engine keeps one tuple of choices per hand and need of
        one kind (Grande's run to thousands of requests), so the answer is
        remembered per tuple, found by its identity.
        """
        ch = view.choices
        help_ok = bool(self.ev.cs.help)
        got = _FILL_PICKS.get(id(ch))
        if got is not None and got[0] is ch and got[1] is help_ok:
            return got[2]
        pick = self._fill_pick(ch, help_ok)
        if len(_FILL_PICKS) > 20_000:
            _FILL_PICKS.clear()
        _FILL_PICKS[id(ch)] = (ch, help_ok, pick)  # holds the tuple: its id stays its own
        return pick

    def _fill_pick(self, choices: tuple, help_ok: bool) -> tuple:
        """``_d_fill``'s rule on these choices."""
        if isinstance(choices, AnyFillChoices):
            return self._any_fill_pick(choices, help_ok)
        direct = [c for c in choices if c[0] == "fill" and c[2] is None]
        if direct:
            return min(direct, key=lambda c: (self._cards_cost(c[1]), c))
        asks = [c for c in choices if c[0] == "fill"]
        if asks and help_ok:
            # the fewest units asked for, then the cheapest cards: Grande's fills can
            # offer thousands of requests, so the cards are costed only for the fewest
            units = [_request_units(c[2]) for c in asks]
            fewest = min(units)
            return min((c for c, u in zip(asks, units, strict=True) if u == fewest),
                       key=lambda c: (self._cards_cost(c[1]), c))
        return ("give-up",)

    def _any_fill_pick(self, choices: AnyFillChoices, help_ok: bool) -> tuple:
        """``_fill_pick``'s answer for an order of any kinds, from its hand parts alone.

        Such a decision lists every split of each part's missing units among the kinds
        (tens of thousands of choices in Grande), and every request of a part asks for
        exactly its ``r`` units.  So the rule's pick is the part with the fewest units
        missing (none: a direct fill), then the cheapest cards, then the least part, with
        the least of its requests: the same choice the listing's ``min`` finds, without
        listing (``tests/ai/test_fill_pick.py`` compares the two).
        """
        parts = choices.parts
        if not parts:
            return GIVE_UP
        fewest = min(r for _part, r in parts)
        if fewest and not help_ok:
            return GIVE_UP
        cost = self._cards_cost
        part = min((p for p, r in parts if r == fewest), key=lambda p: (cost(p), p))
        return ("fill", part, min(kind_requests(fewest)) or None)

    def _d_variant(self, view: SeatView, ctx: dict) -> tuple:
        oid = ctx["order"]
        own = self.kind_of(view.seat)
        cu, cd = self._columns(view)
        hu, hd, _ = self._vectors(view)
        sk = self._scorer_kind(view)
        if not self.style.noise:
            # without noise the first choice of the cheapest need wins: each distinct need
            # (a few, over hundreds of choices) is costed once, in first-appearance order
            best, pick = None, view.choices[0]
            for need, ch in self._variant_needs(oid, view.choices, own, sk):
                key = miss_spent(*need, cu, cd, hu, hd)
                if best is None or key < best:
                    best, pick = key, ch
            return pick
        best, pick = None, view.choices[0]
        for ch in view.choices:
            v = tuple(KIDX[k] for k in ch[1])
            units, dbl, many = self.ev.variant_need(oid, v, own, sk)
            miss, spent = miss_spent(units, dbl, many, cu, cd, hu, hd)
            key = (miss, spent + self._noise())
            if best is None or key < best:
                best, pick = key, ch
        return pick

    def _variant_needs(self, oid: str, choices: tuple, own: int, sk: int) -> list[tuple]:
        """(need, first choice with it) per distinct need of a variant decision, remembered.

        The engine keeps one tuple of choices per order card and kinds while no
        column narrows them: such a tuple is found by its identity first
        (hashing a hundred choices cost more than costing them).
        """
        by_id = self.ev.variant_firsts_by_id
        hit = by_id.get(id(choices))
        if hit is not None and hit[0] is choices and hit[1] == oid and hit[2] == own and hit[3] == sk:
            return hit[4]
        key = (oid, own, sk, choices)
        memo = self.ev.variant_firsts
        got = memo.get(key)
        if got is None:
            if len(memo) > 20_000:
                memo.clear()
            firsts: dict[tuple, tuple] = {}
            for ch in choices:
                need = self.ev.variant_need(oid, tuple(KIDX[k] for k in ch[1]), own, sk)
                if need not in firsts:
                    firsts[need] = ch
            got = memo[key] = list(firsts.items())
        if len(by_id) > 20_000:
            by_id.clear()
        by_id[id(choices)] = (choices, oid, own, sk, got)  # holds the tuple: its id stays its own
        return got

    def _d_series(self, view: SeatView, ctx: dict) -> tuple:
        cu, cd = self._columns(view)
        hu, hd, _ = self._vectors(view)
        best, pick = None, view.choices[0]
        help_ok = self.ev.cs.help
        noisy = bool(self.style.noise)  # without noise the score adds 0.0: left out
        for ch, members in zip(view.choices, self._series_members(view.choices), strict=True):
            left = [*cu]
            hand = [*hu]
            score = 0.0
            for k, units in members:
                have = left[k]
                take = have if have < units else units  # ``min(units, left[k])``
                left[k] -= take
                m = units - take
                h = hand[k] if hand[k] < m else m  # ``min(m, hand[k])``
                hand[k] -= h
                m -= h
                if m <= 0:
                    score += 1.0 - 0.02 * h
                elif m <= 2 and help_ok:
                    score += 0.3
                else:
                    score -= 0.35  # a member that fails only costs tempo (or the card)
            if noisy:
                score += self._noise() * 0.3
            if best is None or score > best:
                best, pick = score, ch
        return pick

    def _series_members(self, choices: tuple) -> list[list[tuple[int, int]]]:
        """Per choice of a series decision, its members as (kind, units), the most units
        first (a stable sort): the engine keeps one tuple of choices per hand and order,
        so they are remembered by its identity."""
        table = self.ev.series_members
        got = table.get(id(choices))
        if got is not None and got[0] is choices:
            return got[1]
        spec = self.ev.spec
        members = [[(KIDX[next(iter(spec(oid).params["needs"]))], units)
                    for oid, units in sorted(ch[1], key=lambda m: -m[1])] for ch in choices]
        if len(table) > 20_000:
            table.clear()
        table[id(choices)] = (choices, members)  # holds the tuple: its id stays its own
        return members

    def _d_help(self, view: SeatView, ctx: dict) -> tuple:
        me = view.seat
        helps = [c for c in view.choices if c[0] == "help"]
        if not helps or view.seats[me].stack == 0:
            return ("decline",)
        noisy = self.style.noise > 0.2
        if not noisy and self.style.help_rule == "free":  # hard's rule reads none of the below
            return self._free_help(view, helps)
        asker = ctx["asker"]
        mine = len(view.seats[me].filled)
        theirs = len(view.seats[asker].filled)
        others = max((len(s.filled) for i, s in enumerate(view.seats) if i not in (me, asker)), default=0)
        cheapest = min(helps, key=lambda c: (self._cards_cost(c[1]), c))
        cost = self._cards_cost(cheapest[1])
        if noisy:
            return cheapest if self.rng.random() < 0.5 and cost <= 3 else ("decline",)
        if not self.style.help_leader and theirs >= mine + 1 and theirs >= others:
            return ("decline",)
        if view.round >= view.rounds and theirs >= mine:
            return ("decline",)
        return cheapest if cost <= 5 else ("decline",)

    def _free_help(self, view: SeatView, helps: list[tuple]) -> tuple:
        """Help with the cards my own orders miss least.

        Helping is never a loss against the asker (both gain a filled order)
        and a gain against everyone else, and declining only hands the reward
        to the next opponent asked; so the one cost is the cards, counted as
        the units my hand's orders would have needed from them.
        """
        hu, hd, orders = self._vectors(view)
        used = {KIDX[kind] for c in helps for kind, _s, _d in c[1]}
        if self._demand_misses(view, orders, used):
            # no order in hand reads a kind any answer gives: each answer loses nothing
            # (``lost`` is 0.0 for every one), so the oven need not be projected
            dem = None
        else:
            cu, cd, _ = self._project(view, hu, hd)
            dem = self._demand(view, cu, cd, hu, hd, orders)
        best, pick = None, ("decline",)
        for c in helps:
            if dem is None:
                lost = 0.0
            else:
                left = list(hu)
                for kind, s, d in c[1]:
                    left[KIDX[kind]] -= s + 2 * d
                lost = sum(max(0.0, min(dem[k], hu[k]) - max(0, left[k])) for k in range(5))
            key = (lost, self._cards_cost(c[1]), c)
            if best is None or key < best:
                best, pick = key, c
        if best is not None and best[0] <= self.style.help_slack:
            return pick
        return ("decline",)

    def _demand_misses(self, view: SeatView, orders: list[str], kinds: set[int]) -> bool:
        """Whether ``_demand`` is 0 in each of ``kinds`` whatever the columns: every order in
        hand reads a known set of kinds (``Evaluator.fill_deps``) without them, and an
        order's hand share (``best_fill``) lies only in the kinds its variants name."""
        if not orders:
            return True
        own, sk = self.kind_of(view.seat), self._scorer_kind(view)
        deps = self.ev.fill_deps
        for oid in orders:
            d = deps(oid, own, sk)
            if d is None or not kinds.isdisjoint(d):
                return False
        return True

    def _d_block(self, view: SeatView, ctx: dict) -> tuple:
        own = self.kind_of(view.seat)
        hu, _hd, _ = self._vectors(view)
        e = self._opp_expect(view, own, hu)
        col = ctx.get("column", 0)
        blocks = [c for c in view.choices if c[0] == "block"]
        safe = [c for c in blocks if col + c[1] + 2 * c[2] >= e + 1.5]
        if safe:
            return min(safe, key=lambda c: (c[1] + 2.5 * c[2], c))
        if blocks:
            top = max(blocks, key=lambda c: (c[1] + 2 * c[2], -c[2]))
            if col + top[1] + 2 * top[2] >= e + 0.5:
                return top
        return ("give-up",)

    def _unseen(self, view: SeatView) -> list[float]:
        hu, _hd, _ = self._vectors(view)
        s, d = self.ev.cs.deck_counts(len(view.seats))
        total = s + 2 * d
        return [max(0.0, total - hu[k] - self.memory.seen_played[k]) for k in range(5)]

    def _d_show_ask(self, view: SeatView, ctx: dict) -> tuple:
        hu, _hd, _ = self._vectors(view)
        unseen = self._unseen(view)
        tot = sum(unseen) or 1.0
        covered = sum(unseen[k] for k in range(5) if hu[k] > 0) / tot
        best, pick = None, view.choices[0]
        for ch in view.choices:
            n = view.seats[ch[1]].ingredients
            p = covered ** max(1, n)
            for k in self.memory.asked_shown.get(ch[1], []):
                if hu[k] == 0:
                    p *= 0.7
            key = p + self._noise() * 0.2
            if best is None or key > best:
                best, pick = key, ch
        return pick

    def _d_show_card(self, view: SeatView, ctx: dict) -> tuple:
        unseen = self._unseen(view)
        return min(view.choices, key=lambda c: (unseen[KIDX[c[1]]] + self._noise(), c[2], c))

    def _d_show_play(self, view: SeatView, ctx: dict) -> tuple:
        return min(view.choices, key=lambda c: c[1])
