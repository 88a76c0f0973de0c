"""The play-outs' shortcuts answer what the plain rules of thumb answer, at every decision.

Hard's play-out policy (``playout._SampleSelf``) answers some decisions
from work it did already (the order decision from the turn plan just made)
or with a cheaper computation of the same rule.  Here whole games are
played with every seat decided by that policy on a live view of the game,
as inside a play-out (the oven's memory prepared at each round's start and
at random points, as a search does), and at every decision each shortcut is
checked against the plain computation of the rule (``HeuristicAgent``'s
methods on the same seat, memory and position).  Each shortcut must also
fire often, or these checks would prove nothing.  The opponents' light
policy, which reads a play decision's choices once per tuple of choices,
is compared the same way with the plain reading written out here.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solemio.ai.base import Searcher
from solemio.ai.evaluate import Evaluator, fold_slot, hand_vectors, sparse_items
from solemio.ai.heuristic import HeuristicAgent
from solemio.ai.memory import KIDX
from solemio.ai.playout import (
    _NO_MEMORY,
    KeyedRandom,
    _cards,
    _Fold,
    _hand_key,
    _LiveView,
    _SampleSelf,
    _seen,
    entries_from_history,
    light_policy,
)
from solemio.ai.search import HardAgent
from solemio.engine import load_cardset, new_game
from solemio.engine.views import build_view

EDITIONS = ("sole-mio", "mamma-mia", "grande")
COLOURS4 = ["blue", "green", "brown", "red"]


class _Unreadable:
    """Stands for a memory a decision must not read: any reading fails."""

    def __getitem__(self, *_args):  # noqa: ANN002, ANN204 - fails whatever it is asked
        raise AssertionError("the oven's memory read by a decision that does not sync it")

    __iter__ = __len__ = __getitem__


class _Checked(_SampleSelf):
    """The play-out policy, each shortcut's answer compared with the plain rule's."""

    fired: Counter

    def _d_order(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        nxt = self._next_order
        self._plan_checked = nxt
        fast = _SampleSelf._d_order(self, view, ctx)
        plain = HeuristicAgent._d_order(self, view, ctx)
        assert fast == plain, (view.hand, view.history[-3:])
        if nxt is not None and nxt[0] is view._g and nxt[1] == len(view.history):  # noqa: SLF001
            self.fired["order after plan"] += 1
        return fast

    def act(self, view):  # noqa: ANN001, ANN202 - the policy's signature
        self._deciding = view
        if view.decision_kind == "play":  # the remembered candidate plays, as computed
            assert self._candidate_plays(view.choices) == self._plays_of(view.choices)
            self.fired["candidate plays"] += 1
        if type(view) is _LiveView:  # every seat's info read from the keys, as the full view's
            assert tuple(view.seats) == build_view(view._g, view.seat).seats  # noqa: SLF001
            self.fired["seat infos"] += 1
        if view.decision_kind not in _NO_MEMORY:
            return _SampleSelf.act(self, view)
        # a decision that leaves the oven's memory unsynced must read none of it
        mem = self.memory
        saved = mem.entries, mem.seen_played, self._all, self._keys, self._oven_cards
        mem.entries = mem.seen_played = self._all = self._keys = _Unreadable()
        self._oven_cards = None
        try:
            choice = _SampleSelf.act(self, view)
        finally:
            mem.entries, mem.seen_played, self._all, self._keys, self._oven_cards = saved
        self.fired["memory unsynced: " + view.decision_kind] += 1
        return choice

    def _d_play(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        """The turn plan (its remembered plays, values kept per kind, doubles shared when
        none is played) against every candidate valued afresh by ``order_value``."""
        fast = _SampleSelf._d_play(self, view, ctx)
        pick, plan = plain_turn_plan(self, view)
        assert fast == pick, (view.hand, view.choices)
        if plan is not None:
            assert self.planned[1:3] == plan[:2] and self.planned[6:8] == plan[2:], (self.planned, plan)
        self.fired["turn plan"] += 1
        return fast

    def _planned_fill(self, plan, cu, cd, hu, hd):  # noqa: ANN001, ANN202 - the heuristic's
        fast = _SampleSelf._planned_fill(self, plan, cu, cd, hu, hd)
        _h, _d, orders = hand_vectors(self._deciding.hand)
        assert fast == self.order_value(self._deciding, plan[1], cu, cd, hu, hd, orders)
        self.fired["prepared order value: fill"] += 1
        return fast

    def _series_on(self, kinds, amounts, cu, hu):  # noqa: ANN001, ANN202 - the heuristic's
        fast = _SampleSelf._series_on(self, kinds, amounts, cu, hu)
        assert fast == plain_series_on(bool(self.ev.cs.help), kinds, amounts, cu, hu), (kinds, cu, hu)
        self.fired["series value"] += 1
        return fast

    def _planned_value(self, plan, cu, cd, hu, hd):  # noqa: ANN001, ANN202 - the heuristic's
        fast = _SampleSelf._planned_value(self, plan, cu, cd, hu, hd)
        _h, _d, orders = hand_vectors(self._deciding.hand)
        assert fast == self.order_value(self._deciding, plan[1], cu, cd, hu, hd, orders)
        if plan[0] == "show":  # the kinds held, counted as first written
            assert fast == 0.15 * sum(1 for k in range(5) if hu[k] > 0) - 0.05, hu
        if plan[0] != "fill":  # a fill plan's: counted by ``_planned_fill``
            self.fired["prepared order value: " + plan[0]] += 1
        return fast

    def _fill_after_play(self, plan, k, base, before, cu, cd, hu, hd):  # noqa: ANN001, ANN202 - its own
        fast = _SampleSelf._fill_after_play(self, plan, k, base, before, cu, cd, hu, hd)
        _h, _d, orders = hand_vectors(self._deciding.hand)
        assert fast == self.order_value(self._deciding, plan[1], cu, cd, hu, hd, orders)
        self.fired["variants kept after a play"] += 1
        return fast

    def sync(self, view):  # noqa: ANN001, ANN202 - the policy's signature
        """The oven's memory extended item by item (counts added as one number a item)
        against the round's history read whole."""
        _SampleSelf.sync(self, view)
        if self._exact:
            entries = entries_from_history(view.history)
            assert self.memory.entries == entries
            assert self.memory.seen_played == _seen(entries, [0.0] * 5)
            assert self._oven_cards == _cards(entries)
            assert self._own_at == [j for j, k in enumerate(self._keys) if k < 0]
            self.fired["memory extended"] += 1

    def _unread(self, kind, scorer):  # noqa: ANN001, ANN202 - its own
        """The own orders' slots kept as they come, against every slot of the oven scanned."""
        fast = _SampleSelf._unread(self, kind, scorer)
        plain = True
        for j in range(self._free, len(self._keys)):
            k = self._keys[j]
            if k < 0:
                r = self._own_reads.get((k, scorer))
                plain = plain and not (r is None or kind in r)
        assert fast == plain, (kind, self._keys[self._free:])
        self.fired["unread: " + str(fast)] += 1
        return fast

    def _d_draw(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        fast = _SampleSelf._d_draw(self, view, ctx)
        assert fast == HeuristicAgent._d_draw(self, view, ctx)
        self.fired["draw"] += 1
        return fast

    def _d_variant(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        fast = _SampleSelf._d_variant(self, view, ctx)
        self.ev.variant_firsts_by_id.clear()  # the plain one: found by its value
        assert fast == HeuristicAgent._d_variant(self, view, ctx)
        self.fired["variant"] += 1
        return fast

    def _d_fill(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        fast = _SampleSelf._d_fill(self, view, ctx)
        assert fast == self._fill_pick(view.choices, bool(self.ev.cs.help))
        assert fast == plain_fill(view.choices, bool(self.ev.cs.help))
        self.fired["fill"] += 1
        return fast

    def _project(self, view, hu, hd):  # noqa: ANN001, ANN202 - the heuristic's signature
        fast = _SampleSelf._project(self, view, hu, hd)
        if self._exact:  # the fold graph against the plain fold over the same oven (its
            # columns: the own orders' chances, which no rule reads, are not folded there)
            assert fast[:2] == HeuristicAgent._project(self, view, hu, hd)[:2]
            self.fired["projection"] += 1
        return fast

    def _same_walk(self, view, walk, hu, hd):  # noqa: ANN001, ANN202 - its own
        """The plan's columns kept only when the plain projection after the play is theirs."""
        fast = _SampleSelf._same_walk(self, view, walk, hu, hd)
        if fast:
            pcu, pcd = self._plan_checked[3][6:8]
            assert HeuristicAgent._project(self, view, hu, hd)[:2] == (pcu, pcd), (hu, hd)
            self.fired["order after plan: walk kept"] += 1
        return fast

    def _walk(self, graph, st, i, end, hu, hd, hkey, scorer, topup, path=None):  # noqa: ANN001, ANN202
        """Every step of the fold graph walked, found or made, against ``fold_slot`` on its state."""
        assert hkey == _hand_key(hu, hd) == self._deciding._g.hand_keys[self.seat], (hu, hd)  # noqa: SLF001
        out = _SampleSelf._walk(self, graph, st, i, end, hu, hd, hkey, scorer, topup, path)
        for j in range(i, end):
            k = self._keys[j]
            if k < 0:
                k = self._own_key(k, j, hkey, scorer)
            cu, cd = list(st.cu), list(st.cd)
            e = self._all[j]
            fold_slot(self.ev, e, cu, cd, self.seat, self.kind_of, scorer, hu, hd, topup)
            st = st[k]
            assert (list(st.cu), list(st.cd)) == (cu, cd), (e, hu, hd)
            tag = "own order" if e.tag == "order" and e.seat == self.seat else e.tag
            self.fired["fold step: " + tag] += 1
        assert st is out
        return out

    def _demand(self, view, cu, cd, hu, hd, orders):  # noqa: ANN001, ANN202 - the heuristic's
        fast = _SampleSelf._demand(self, view, cu, cd, hu, hd, orders)
        assert fast == HeuristicAgent._demand(self, view, cu, cd, hu, hd, orders), (orders, hu, hd)
        self.fired["demand"] += 1
        return fast

    def _free_help(self, view, helps):  # noqa: ANN001, ANN202 - the heuristic's signature
        """A help answer given without projecting the oven, against the answer costed in full."""
        fast = _SampleSelf._free_help(self, view, helps)
        used = {KIDX[kind] for c in helps for kind, _s, _d in c[1]}
        if self._demand_misses(view, self._vectors(view)[2], used):
            self._demand_misses = lambda *_a: False  # the plain rule: always projected
            try:
                assert fast == HeuristicAgent._free_help(self, view, helps), (view.hand, helps)
            finally:
                del self._demand_misses
            self.fired["help without projection"] += 1
        return fast

    def _columns(self, view):  # noqa: ANN001, ANN202 - the heuristic's signature
        fast = _SampleSelf._columns(self, view)
        plain = HeuristicAgent._columns(self, view)
        assert fast == plain and all(type(x) is float for x in fast[0] + fast[1]), (fast, plain)
        self.fired["columns"] += 1
        return fast

    def _d_series(self, view, ctx):  # noqa: ANN001, ANN202 - the handler's signature
        fast = _SampleSelf._d_series(self, view, ctx)
        assert fast == plain_series(self, view), view.choices
        self.fired["series"] += 1
        return fast

    def _vectors(self, view):  # noqa: ANN001, ANN202 - the heuristic's signature
        fast = _SampleSelf._vectors(self, view)
        assert tuple(map(tuple, fast)) == tuple(map(tuple, hand_vectors(view.hand))), view.hand
        assert all(type(v) is tuple for v in fast) or type(view).__name__ != "_LiveView"
        self.fired["hand vectors"] += 1
        return fast

    def _opp_expect(self, view, kind, hu):  # noqa: ANN001, ANN202 - the heuristic's signature
        fast = _SampleSelf._opp_expect(self, view, kind, hu)
        assert fast == HeuristicAgent._opp_expect(self, view, kind, hu)
        self.fired["opponents' expected units"] += 1
        return fast


def plain_turn_plan(pol: HeuristicAgent, view) -> tuple:  # noqa: ANN001 - a view of either kind
    """The turn plan as the heuristic first wrote it (no noise, no keep weight: hard's):
    every candidate play's best order valued afresh by ``order_value`` on the columns and
    hand after it; the pick and, with orders in hand, its (value, order, columns)."""
    hu, hd, orders = hand_vectors(view.hand)
    cu0, cd0, _mine = HeuristicAgent._project(pol, view, hu, hd)
    t = pol.threshold(view, orders)
    own = pol.kind_of(view.seat)
    spec = pol.ev.spec
    own_sensitive = any(spec(o).otype.name == "none-of-mine" for o in orders)
    has_block = any(spec(o).otype.special == "block" for o in orders)
    best, pick, plan = -1e9, view.choices[0], None
    for ch in pol._plays_of(view.choices):
        k, s, d = KIDX[ch[1]], ch[2], ch[3]
        units = s + 2 * d
        cu, cd, h2u, h2d = list(cu0), list(cd0), list(hu), list(hd)
        cu[k] += units
        cd[k] += d
        h2u[k] -= units
        h2d[k] -= d
        score = 0.0
        v, which = -1.0, None
        for oid in sorted(set(orders)):
            w = HeuristicAgent.order_value(pol, view, oid, cu, cd, h2u, h2d, orders)
            if w > v:
                v, which = w, oid
        if orders and v >= t:
            score += v
        score -= 0.03 * (s + d - 1) + 0.05 * d
        if k == own and own_sensitive:
            score -= 0.15 * units
        if k == own and has_block:
            score -= 0.06 * units
        if score > best:
            best, pick = score, ch
            plan = (v, which, cu, cd) if orders else None
    return pick, plan


def plain_series_on(help_ok: bool, kinds: list[int], amounts: list[int], cu, hu) -> float:  # noqa: ANN001
    """``HeuristicAgent._series_on`` as first written."""
    avail = [cu[k] + hu[k] for k in range(5)]
    best = 0.0
    order = sorted(range(len(kinds)), key=lambda i: -avail[kinds[i]])
    left = list(avail)
    got = 0.0
    for a, i in zip(amounts, order, strict=False):
        k = kinds[i]
        if left[k] >= a - 0.05:
            left[k] -= a
            got += 1.0
        elif left[k] >= a - 1.05 and help_ok:
            got += 0.4
    best = max(best, got)
    return best * 0.9


def plain_series(pol: HeuristicAgent, view) -> tuple:  # noqa: ANN001 - a view of either kind
    """The series rule as the heuristic first wrote it (no noise: hard's)."""
    cu, cd = HeuristicAgent._columns(pol, view)
    hu = list(hand_vectors(view.hand)[0])
    best, pick = None, view.choices[0]
    for ch in view.choices:
        left, hand, score = list(cu), list(hu), 0.0
        for oid, units in sorted(ch[1], key=lambda m: -m[1]):
            k = KIDX[next(iter(pol.ev.spec(oid).params["needs"]))]
            take = min(units, left[k])
            left[k] -= take
            m = units - take
            h = min(m, hand[k])
            hand[k] -= h
            m -= h
            if m <= 0:
                score += 1.0 - 0.02 * h
            elif m <= 2 and pol.ev.cs.help:
                score += 0.3
            else:
                score -= 0.35
        score += 0.0 * 0.3
        if best is None or score > best:
            best, pick = score, ch
    return pick


def plain_fill(choices: tuple, help_ok: bool) -> tuple:
    """The fill rule as the heuristic wrote it before its answers were remembered."""
    direct = [c for c in choices if c[0] == "fill" and c[2] is None]
    if direct:
        return min(direct, key=lambda c: (HeuristicAgent._cards_cost(c[1]), c))
    asks = [c for c in choices if c[0] == "fill"]
    if asks and help_ok:
        units = [sum(2 * k if what.startswith("double-") else k for what, k in c[2]) for c in asks]
        fewest = min(units)
        return min((c for c, u in zip(asks, units, strict=True) if u == fewest),
                   key=lambda c: (HeuristicAgent._cards_cost(c[1]), c))
    return ("give-up",)


def _check_take(monkeypatch: pytest.MonkeyPatch, fired: Counter) -> None:
    """Every ``Evaluator.fill_miss_take`` compared with the (missing, take) of ``best_fill``."""
    def against_best_fill(real, second: int, label: str):  # noqa: ANN001, ANN202
        """``real`` checked against (missing, best_fill's item ``second``)."""

        def both(ev, oid, own, scorer, cu, cd, hu, hd):  # noqa: ANN001, ANN202 - its signature
            fast = real(ev, oid, own, scorer, cu, cd, hu, hd)
            plain = ev.best_fill(oid, own, scorer, cu, cd, hu, hd)
            assert fast == (plain[0], plain[second]), (oid, cu, cd, hu, hd)
            fired[label] += 1
            return fast

        return both

    both = against_best_fill(Evaluator.fill_miss_take, 3, "fill miss and take")
    both_spent = against_best_fill(Evaluator.fill_miss_spent, 1, "fill miss and spent")

    real_columns = Evaluator.column_needs

    def columns(ev, oid, own, scorer, cu):  # noqa: ANN001, ANN202 - its signature
        """The needs remembered per rounded columns against the order type's own, made now."""
        fast = real_columns(ev, oid, own, scorer, cu)
        spec = ev.spec(oid)
        ot = spec.otype
        plain = []
        for v in ot.variants(spec.params, own, [int(round(x)) for x in cu]):
            units, dbl, many = ot.need(spec.params, v, own, scorer)
            plain.append((v, units, dbl, many, sparse_items(units, dbl)))
        assert fast == plain, (oid, own, scorer, cu)
        fired["column needs"] += 1
        return fast

    monkeypatch.setattr(Evaluator, "fill_miss_take", both)
    monkeypatch.setattr(Evaluator, "fill_miss_spent", both_spent)
    monkeypatch.setattr(Evaluator, "column_needs", columns)


def _check_steps_made_once(monkeypatch: pytest.MonkeyPatch, fired: Counter) -> None:
    """A fold state's step is made only where the state has none for that slot (the walk
    looks in every state that has steps, and in none that has no step yet)."""
    def made(st, key, nxt):  # noqa: ANN001, ANN202 - ``dict.__setitem__``'s signature
        assert key not in st, key
        fired["fold step made" + (" in a state with steps" if st else "")] += 1
        dict.__setitem__(st, key, nxt)

    monkeypatch.setattr(_Fold, "__setitem__", made)


def play(edition: str, seed: int, fired: Counter) -> int:
    """One whole game of four checked play-out policies; the decisions it took."""
    cs = load_cardset(edition)
    g = new_game(cs, COLOURS4, seed=seed)
    rng = random.Random(seed)
    pols: dict[int, _Checked] = {}
    first = g.current_seat()
    at_round = g.round
    decisions = 0
    while not g.is_over():
        seat = g.current_seat()
        if g.round != at_round:
            at_round, first = g.round, seat
        pol = pols.get(seat)
        if pol is None:
            hard = HardAgent(seat, seed, iterations=1)
            HeuristicAgent.choose(hard, g.view(seat), [], Searcher(None, seat))  # its style and ev
            pol = pols[seat] = _Checked(seat, 0, style=hard.style)
            pol.ev = hard.ev
            pol.seat_colours(COLOURS4)
            pol.fired = fired
        pol.memory.first = first
        if pol._base[0] != g.round or rng.random() < 0.1:  # noqa: SLF001 - a search's start
            pol.prepare(g.history, g.round)
        g.apply(pol.act(_LiveView(g, seat)))
        decisions += 1
    return decisions


def has_rarest(edition: str) -> bool:
    return any(not spec.otype.static_variants for spec in load_cardset(edition).specs.values())


def has_block(edition: str) -> bool:
    return any(spec.otype.special == "block" for spec in load_cardset(edition).specs.values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_shortcuts_answer_as_the_plain_rules(edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fired: Counter = Counter()
    _check_take(monkeypatch, fired)
    _check_steps_made_once(monkeypatch, fired)
    decisions = sum(play(edition, seed, fired) for seed in (7, 8))
    assert decisions > 300
    assert fired["order after plan"] >= 20 and fired["order after plan: walk kept"] >= 10, fired
    assert fired["prepared order value: fill"] >= 100, fired
    assert fired["draw"] >= 100 and fired["variant"] >= 5, fired
    assert fired["projection"] >= 200 and fired["fill miss and take"] >= 200, fired
    assert fired["fold step: own order"] >= 200 and fired["fold step: order"] >= 200, fired
    assert fired["fill"] >= 50 and fired["candidate plays"] >= 100, fired
    assert fired["turn plan"] >= 100 and fired["seat infos"] >= 300, fired
    assert fired["unread: True"] >= 10 and fired["unread: False"] >= 10, fired
    assert fired["memory extended"] >= 300, fired
    assert fired["fold step made"] >= 200 and fired["fold step made in a state with steps"] >= 50, fired
    assert fired["memory unsynced: draw"] >= 100 and fired["memory unsynced: variant"] >= 5, fired
    assert fired["hand vectors"] >= 300, fired
    if edition != "mamma-mia":  # series orders and their columns (Mamma Mia! has no series)
        assert fired["series"] >= 10 and fired["columns"] >= 10 and fired["series value"] >= 50, fired
    assert fired["variants kept after a play"] >= 100, fired
    if load_cardset(edition).help:  # a help decision's cost reads the demand (Mamma Mia! has no help)
        assert fired["demand"] >= 5 and fired["help without projection"] >= 5, fired
    if has_block(edition):  # a block order's value is the one reader (Mamma Mia! has none)
        assert fired["opponents' expected units"] >= 20, fired
    if has_rarest(edition):  # an order whose variants read the columns
        assert fired["column needs"] >= 100 and fired["fill miss and spent"] >= 100, fired


@pytest.mark.slow
@pytest.mark.parametrize("edition", EDITIONS)
def test_shortcuts_answer_as_the_plain_rules_many_games(edition: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    fired: Counter = Counter()
    _check_take(monkeypatch, fired)
    for seed in range(100, 130):
        play(edition, seed, fired)
    assert fired["order after plan"] >= 300, fired
    assert fired["prepared order value: fill"] >= 1000, fired
    if edition != "mamma-mia":
        assert fired["prepared order value: series"] >= 100, fired
    if edition == "sole-mio":
        assert fired["prepared order value: show"] >= 100, fired
    if has_block(edition):
        assert fired["opponents' expected units"] >= 300, fired


def plain_light_play(ch: tuple, rng: KeyedRandom) -> tuple:
    """The light policy's play decision as it read the choices at every decision."""
    plays = [c for c in ch if c[0] == "play"]
    if not plays:
        return ch[0]
    kinds = sorted({c[1] for c in plays})
    k = kinds[int(rng.random() * len(kinds))]
    mine = [c for c in plays if c[1] == k and c[2] + c[3] == 1]
    return mine[int(rng.random() * len(mine))] if mine else plays[0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_light_policy_plays_as_the_plain_reading(edition: str) -> None:
    checked = 0
    for seed in range(20):
        g = new_game(load_cardset(edition), COLOURS4, seed=seed)
        fast, plain = KeyedRandom(seed), KeyedRandom(seed)
        while not g.is_over():
            d = g.decision()
            fast.at(g, d.seat, d.kind)
            choice = light_policy(g, fast)
            if d.kind == "play":
                plain.at(g, d.seat, d.kind)
                assert choice == plain_light_play(d.choices, plain)
                assert fast._n == plain._n  # noqa: SLF001 - the same dice thrown
                checked += 1
            g.apply(choice)
    assert checked > 1000


def test_keyed_dice_are_keyed_as_written() -> None:
    """``KeyedRandom.at``'s key, written out as a sum with its seed term reduced once, is the
    key as first written (so a play-out's opponents throw the same dice)."""
    rng = random.Random(4)
    g = new_game(load_cardset("sole-mio"), COLOURS4, seed=4)
    for _ in range(300):
        seed = rng.choice((0, 1, rng.getrandbits(31), rng.getrandbits(64), -rng.getrandbits(40)))
        g.turns, g.ri = rng.randrange(0, 400), rng.randrange(-1, 40)
        seat, kind = rng.randrange(5), rng.choice(("play", "order", "help", "pass", "other"))
        keyed = KeyedRandom(seed)
        keyed.at(g, seat, kind)
        s = (seed & (2**64 - 1)) * 1_000_003
        number = {"play": 0, "order": 1, "help": 6, "pass": 11}.get(kind, 15)
        assert keyed._base == (((s + g.turns) * 1009 + g.ri) * 8 + seat) * 16 + number & (2**64 - 1)  # noqa: SLF001


def plain_throw(seed: int, turns: int, ri: int, seat: int, kind: str, n: int) -> float:
    """The ``n``-th number a keyed die throws at this decision, as first written."""
    m = 2**64 - 1
    number = {"play": 0, "order": 1, "help": 6, "pass": 11}.get(kind, 15)
    x = ((((((seed & m) * 1_000_003 + turns) * 1009 + ri) * 8 + seat) * 16 + number & m)
         + n * 0x9E3779B97F4A7C15) & m
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & m
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & m
    return ((x ^ (x >> 31)) >> 11) * (1.0 / 9007199254740992.0)


def test_keyed_dice_remembered_per_seed_throw_as_written() -> None:
    """``KeyedRandom`` remembers each number per seed, key and throw (an iteration's
    candidates throw the same dice): generators of a few seeds, interleaved at random
    points of the game, each throw the numbers as first written."""
    rng = random.Random(26)
    g = new_game(load_cardset("sole-mio"), COLOURS4, seed=4)
    seeds = [rng.getrandbits(64) for _ in range(3)] + [7]
    dice = [KeyedRandom(s) for s in seeds for _ in range(2)]
    remembered = 0
    for _ in range(4000):
        i = rng.randrange(len(dice))
        keyed = dice[i]
        g.turns, g.ri = rng.randrange(0, 30), rng.randrange(-1, 6)
        seat, kind = rng.randrange(4), rng.choice(("play", "order", "help", "other"))
        keyed.at(g, seat, kind)
        for n in range(1, rng.randrange(2, 5)):
            remembered += (keyed._at * 64 + n) in keyed._throws  # noqa: SLF001
            assert keyed.random() == plain_throw(seeds[i // 2], g.turns, g.ri, seat, kind, n)
    assert remembered > 500


def test_least_need_is_the_plain_least() -> None:
    """A variant decision's pick from its amounts costed once each as one whole number
    (``playout._least_need``) is the first need of least ``miss_spent_sparse`` key, on random
    whole columns (a variant decision's: the live game's cards), hands and needs with
    singles, doubles and units of any kind, ties included."""
    from solemio.ai.evaluate import miss_spent_sparse
    from solemio.ai.playout import _least_need, _variant_items

    rng = random.Random(26)
    differ = ties = 0
    for _ in range(3000):
        firsts = []
        for n in range(rng.randrange(1, 12)):
            units = tuple(rng.choice((0, 0, 1, 2, 3, 4, 9)) for _ in range(5))
            dbl = tuple(rng.choice((0, 0, 0, 1, 2, 4)) for _ in range(5))
            firsts.append(((units, dbl, rng.choice((0, 0, 0, 3, 6, 20))), ("variant", n)))
        cu = [float(rng.choice((0, 1, 2, 3, 5))) for _ in range(5)]
        cd = [float(min(rng.choice((0, 1, 2)), c // 2)) for c in cu]
        hu = [rng.randrange(0, 9) for _ in range(5)]
        hd = [rng.randrange(0, 1 + h // 2) for h in hu]
        plain_best, plain, keys = None, ("none",), []
        for (units, dbl, many), ch in firsts:
            key = miss_spent_sparse(sparse_items(units, dbl), many, cu, cd, hu, hd)
            keys.append(key)
            if plain_best is None or key < plain_best:
                plain_best, plain = key, ch
        amounts, needs = _variant_items(firsts)
        assert _least_need(amounts, needs, cu, cd, hu, hd, ("none",)) == plain, (firsts, cu, cd, hu, hd)
        differ += plain != firsts[0][1]
        ties += keys.count(plain_best) > 1
    assert ties > 40  # the first of equal needs is picked
    assert differ > 500  # the pick is often not the first need


@pytest.mark.parametrize("edition", EDITIONS)
def test_hard_memory_extended_is_the_history_read_whole(edition: str) -> None:
    """Hard's picture of the oven at each decision, extended from the last decision's
    (``HardAgent._entries``), is the whole history read again (``entries_from_history``)."""
    g = new_game(load_cardset(edition), COLOURS4, seed=77)
    agents = [HardAgent(s, 77 + s, iterations=1) for s in range(4)]
    extended = 0
    while not g.is_over():
        seat = g.current_seat()
        agent = agents[seat]
        before = len(agent._history)  # noqa: SLF001
        g.apply(agent.decide(g))
        extended += 0 < before <= len(agent._history)  # noqa: SLF001
        assert agent.memory.entries == entries_from_history(agent._history)  # noqa: SLF001
    assert extended > 50


def test_taken_by_a_need_is_its_take_taken() -> None:
    """A fold step's take applied kind by kind as the need names them (``playout._taken_by``)
    is ``evaluate._take``'s list applied by ``_taken``: the same state, on random columns
    with fractions (forgotten cards, earlier takes), needs of singles, doubles, both in one
    kind and units of any kind."""
    from solemio.ai.evaluate import _take
    from solemio.ai.playout import _FoldGraph, _taken, _taken_by

    rng = random.Random(17)
    graph = _FoldGraph()
    moved = 0
    for _ in range(4000):
        cu = [rng.choice((0.0, 0.22, 0.88, 1.0, 1.5, 2.0, 3.4, 6.0)) for _ in range(5)]
        cd = [rng.choice((0.0, 0.02, c / 2, min(1.0, c / 2))) for c in cu]
        st = graph.new(cu, cd)
        units = tuple(rng.choice((0, 0, 1, 2, 3)) for _ in range(5))
        dbl = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in range(5))
        need = (("variant",), units, dbl, rng.choice((0, 0, 0, 0, 4)))
        plain = _taken(graph, st, _take(need[1], need[2], need[3], st.cu, st.cd))
        assert _taken_by(graph, st, need) is plain, (cu, cd, need)
        moved += plain.cu != st.cu
    assert _taken_by(graph, st, None) is st
    assert moved > 2000


def test_staircase_need_is_the_plain_sort() -> None:
    """A staircase order's kinds ordered by a descending stable sort of the columns and hand
    (``evaluate._staircase_need``) as ``best_fill`` first ordered them (ascending by the
    negated sum), ties and fractions included."""
    from solemio.ai.evaluate import _staircase_need

    rng = random.Random(5)
    ties = 0
    for _ in range(3000):
        cu = [rng.choice((0.0, 0.22, 1.0, 1.22, 2.0, 3.0)) for _ in range(5)]
        hu = [rng.randrange(0, 4) for _ in range(5)]
        own, allowed = rng.randrange(5), rng.random() < 0.5
        amounts = tuple(rng.sample((1, 2, 3, 4), rng.randrange(1, 5)))
        v = ("staircase", amounts, allowed)
        kinds = [k for k in range(5) if allowed or k != own]
        kinds.sort(key=lambda k: -(cu[k] + hu[k]))
        units = [0] * 5
        for a, k in zip(sorted(amounts, reverse=True), kinds, strict=False):
            units[k] = a
        assert _staircase_need(v, own, cu, hu) == (tuple(kinds[: len(amounts)]), units), (v, own, cu, hu)
        sums = [cu[k] + hu[k] for k in kinds]
        ties += len(set(sums)) < len(sums)
    assert ties > 1000
