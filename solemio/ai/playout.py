"""Hard's play-outs: a re-dealt sample played to the end of the round, and what it is worth.

Everything a play-out needs and nothing of the search around it, so a
play-out worker process (``solemio.ai.workers``) imports this module alone:
the hard seat's own policy inside a play-out (``_SampleSelf``, the rules of
thumb with perfect memory, reading the sample through ``_LiveView``), the
opponents' fast stand-in (``light_policy`` with dice keyed to the point of
the game, ``KeyedRandom``) or, in Grande, the rules of thumb for them too
(``OPPONENTS_BY_CARDSET``), the value of a play-out (``playout``,
``HAND_VALUE``) and one search iteration (``iteration_row``: every candidate
played out on the same sample).  ``solemio.ai.search`` decides what to play
out and judges the rows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import call, itemgetter

from solemio.ai.evaluate import (
    _ZERO,
    Evaluator,
    _many_gap,
    best_sparse,
    fold_slot,
    hand_vectors,
    opp_order_pick,
    own_order_pick,
    projection_start,
    sparse_items,
)
from solemio.ai.heuristic import HeuristicAgent, Style
from solemio.ai.memory import KIDX, Entry
from solemio.engine import COLOUR_KIND, Game, SeatView, memo
from solemio.engine.game import HANDLERS
from solemio.engine.kinds import KINDS
from solemio.engine.state import DRAW, DRAW_STACK, DRAW_SUPPLY, FILL, HELP, ORDER, PLAY, Decision
from solemio.engine.views import SeatInfo, _freeze, build_view


def entries_from_history(history: tuple) -> list[Entry]:
    """The exact oven of this round, from the public history (a perfect memory)."""
    out = []
    for h in history:
        if h[0] == "play":
            out.append(Entry("ing", h[1], KIDX[h[2]], h[3], h[4], cards=h[3] + h[4]))
        elif h[0] == "order":
            out.append(Entry("order", h[1], order=h[2]))
        else:  # carried over
            out.append(Entry("ing", -1, KIDX[h[1]], 1 if h[2] == 1 else 0, 1 if h[2] == 2 else 0))
    return out


def _seen(entries: list[Entry], seen: list[float]) -> list[float]:
    seen = list(seen)
    for e in entries:
        if e.tag == "ing":
            seen[e.kind] += e.singles + 2 * e.doubles
    return seen


def _first_own_order(entries: list[Entry], me: int, start: int = 0) -> int:
    """Index of the seat's first own order in ``entries[start:]`` (its length if none)."""
    for i in range(start, len(entries)):
        e = entries[i]
        if e.tag == "order" and e.seat == me:
            return i
    return len(entries)


def _cards(entries: list[Entry]) -> int:
    return sum(e.cards for e in entries)


class _Fold(dict):
    """One state of the oven projection's fold (the columns ``cu``, ``cd``), met once.

    The fold (``evaluate.project_from``) is a chain of pure steps: the state
    after an oven slot is a function of the state before it and of the slot
    (and, at the seat's own orders, of the part of its hand the order reads).
    So each state remembers where each step leads (the dict itself: the step's
    key from ``_slot_key``, or ``_SampleSelf._own_key``, to the next state),
    and the states after an order are shared by their values
    (``_FoldGraph.intern``: orders that take what they need from different
    columns often leave the same ones): a decision walks the oven one dict
    look-up per slot instead of re-costing it.  The arithmetic of a step is
    ``evaluate``'s own (``fold_slot``), run once per state and slot.
    """

    __slots__ = ("cu", "cd")


def _fold(cu: tuple, cd: tuple) -> _Fold:
    """A state with these columns and no step yet."""
    st = _Fold()
    st.cu = cu
    st.cd = cd
    return st


class _FoldGraph:
    """The fold's states for one seat, scorer's kind and opponents' top-up."""

    __slots__ = ("states", "roots", "size", "programs")
    LIMIT = 100_000  # states kept before the graph starts over (a long session)

    def __init__(self) -> None:
        self.states: dict[tuple, _Fold] = {}
        self.roots: dict[int, _Fold] = {}
        self.size = 0  # every state made, shared by value or not
        # per step number (not an own order's): what the step does, read once (``_program``)
        self.programs: dict[int, tuple] = {}

    def intern(self, cu: list[float], cd: list[float]) -> _Fold:
        key = (*cu, *cd)
        st = self.states.get(key)
        if st is None:
            st = self.states[key] = self.new(cu, cd)
        return st

    def new(self, cu: list[float], cd: list[float]) -> _Fold:
        """A state of its own (after an ingredient slot: two paths hardly ever meet there)."""
        self.size += 1
        return _fold(tuple(cu), tuple(cd))

    def root(self, extra: int) -> _Fold:
        """The state before the first slot: ``projection_start(extra)``."""
        st = self.roots.get(extra)
        if st is None:
            st = self.roots[extra] = self.intern(*projection_start(extra))
        return st


def _taken(graph: _FoldGraph, st: _Fold, take: list[float] | None) -> _Fold:
    """The state after an order's ``take`` (None: it takes nothing) from ``st``'s columns:
    the units taken, a kind's doubles no more than half its units left."""
    if take is None:
        return st
    cu = [*st.cu]
    cd = [*st.cd]
    for kind in range(5):
        t = take[kind]
        if t:  # ``max(0.0, ...)`` and ``min(cd, ...)`` written out: the builtins cost more
            left = cu[kind] - t
            left = cu[kind] = left if left > 0.0 else 0.0
            half = left / 2
            if half < cd[kind]:
                cd[kind] = half
    return graph.intern(cu, cd)


# per need (``Evaluator.needs``' (variant, units, doubles, any), held), by its identity: the
# kinds it takes from with their units and doubles asked, (kind, units, doubles) (``_taken_by``)
_TAKE_KINDS: dict[int, tuple[tuple, tuple]] = {}


def _taken_by(graph: _FoldGraph, st: _Fold, need: tuple | None) -> _Fold:
    """``_taken(graph, st, evaluate._take(*need[1:], st.cu, st.cd))`` (None: nothing taken):
    the take of each kind the need names made where it is applied, the others' zeros
    skipped; the same operations per kind (each kind's take reads its columns before it
    is applied), so the same state."""
    if need is None:
        return st
    if need[3]:  # units of any kind: ``_take`` takes every column
        return _taken(graph, st, list(st.cu))
    got = _TAKE_KINDS.get(id(need))
    if got is None or got[0] is not need:
        if len(_TAKE_KINDS) > 20_000:
            _TAKE_KINDS.clear()
        units, dbl = need[1], need[2]
        got = _TAKE_KINDS[id(need)] = (need, tuple((k, units[k], dbl[k]) for k in range(5)
                                                   if units[k] or dbl[k]))  # holds the need
    cu = [*st.cu]
    cd = [*st.cd]
    for kind, u, dn in got[1]:
        if u:  # ``_take``: ``take[k] = min(u, cu[k])``, then ``+= 2 * min(dn, cd[k])``
            have = cu[kind]
            t = u if have >= u else have
            if dn:
                have = cd[kind]
                t += 2 * (dn if have >= dn else have)
        else:
            have = cd[kind]
            t = 0.0
            t += 2 * (dn if have >= dn else have)
        if t:  # ``_taken``
            left = cu[kind] - t
            left = cu[kind] = left if left > 0.0 else 0.0
            half = left / 2
            if half < cd[kind]:
                cd[kind] = half
    return graph.intern(cu, cd)


# a fold step's description -> its number, the key of the step in a ``_Fold``: a small
# int hashes at once where a tuple is hashed anew at every look-up.  An own order's number
# is negative: its step also reads the hand, so ``_SampleSelf._walk`` keys it with the
# hand's counts of the kinds it reads.  Never cleared: the graphs hold these numbers, and
# there are only as many as kinds x counts and seats x order cards.
_SLOT_IDS: dict[tuple, int] = {}


def _slot_key(e: Entry, me: int) -> int:
    """The number of what a fold step depends on besides the state (negative: an own order)."""
    if e.tag == "ing":
        desc: tuple = ("ing", e.kind, e.singles, e.doubles)
    elif e.tag == "lost":
        desc = ("lost", e.cards)
    else:
        desc = ("own" if e.seat == me else "order", e.seat, e.order)
    n = _SLOT_IDS.get(desc)
    if n is None:
        n = _SLOT_IDS[desc] = len(_SLOT_IDS) + 1
    return -n if desc[0] == "own" else n


# an own order's step key (``_SampleSelf._own_key``): its step number (negative) times this,
# less the hand key's digits its step reads: below every slot's number, one range per own order
_OWN_KEYS = 1 << 30
_ALL_DIGITS = _OWN_KEYS - 1  # every digit of a hand's key (ten octal digits)


def _hand_key(hu: Sequence[int], hd: Sequence[int]) -> int:
    """``Game.hand_keys``' key of a hand with these units and doubles per kind."""
    key = 0
    for k in range(5):
        key += (hu[k] - 2 * hd[k]) << 3 * k | hd[k] << 3 * (k + 5)
    return key


# a history item's (oven entry, fold step key, kind and units seen played or -1 and 0, cards),
# per seat and item: play-outs append the same few items again and again (an entry is never
# changed inside a play-out: the policy's memory observes no events)
_SLOTS: dict[int, dict[tuple, tuple[Entry, int, int, int, int]]] = {}


# a variant decision's distinct needs (``HeuristicAgent._variant_needs``'s list, found by its
# identity and held) read once (``_variant_items``): id -> (the list, amounts, needs)
_VARIANT_ITEMS: dict[int, tuple] = {}

# a need's (missing, spent) as one whole number, ``missing * _SPENT_ROOM + spent``: on whole
# units (a variant decision's columns are the live game's cards, a hand holds whole cards and
# an order type's amounts are whole) both are whole and a need spends far fewer than this many
# units, so these numbers compare as the (missing, spent) pairs do, and add exactly
_SPENT_ROOM = 1 << 16


def _variant_items(firsts: list[tuple]) -> tuple[list[tuple], tuple[list, list[tuple[int, int]], list]]:
    """A variant decision's distinct needs (``HeuristicAgent._variant_needs``) read once: the
    distinct non-zero amounts (kind, amount, is a double) of all of them in ``sparse_items``'
    order, and the needs as (per need a getter of its amounts' costs from ``_least_need``'s
    list, the needs' (index, units of any kind) of those that have some, their first choices).

    A getter picks the need's amounts' costs and the list's last cost, always 0 (a getter
    of one item would give the item, not a tuple)."""
    amounts: list[tuple] = []
    where: dict[tuple, int] = {}
    idxs = []
    manys = []
    chs = []
    for n, (need, ch) in enumerate(firsts):
        idx = []
        for item in sparse_items(need[0], need[1]):
            i = where.get(item)
            if i is None:
                i = where[item] = len(amounts)
                amounts.append(item)
            idx.append(i)
        idxs.append(idx)
        if need[2]:
            manys.append((n, need[2]))
        chs.append(ch)
    zero = len(amounts)
    getters = [itemgetter(*idx, zero) if idx else itemgetter(zero, zero) for idx in idxs]
    return amounts, (getters, manys, chs)


def _least_need(amounts: list[tuple], needs: tuple, cu: list[float], cd: list[float],
                hu: Sequence[int], hd: Sequence[int], default: tuple) -> tuple:
    """The first choice of the need with the least (missing, spent) (``_variant_items``'
    amounts and needs; ``default`` if there is none), as ``miss_spent_sparse`` costs each,
    on whole units (a variant decision's: ``_SPENT_ROOM``).

    Each distinct amount's (missing, spent) on these columns and hand is made once, as one
    whole number; a need's is their sum (whole numbers add exactly in any order), taken by
    its getter in C, and the first need of the least sum is the pick.
    """
    getters, manys, chs = needs
    if not chs:
        return default
    room = _SPENT_ROOM
    costs = []
    for k, a, dbl in amounts:
        if dbl:
            have = cd[k]
            if have < a:
                m = a - have
                held = hd[k]
                h = held if held < m else m
                costs.append((m - h) * room + 2 * h)
            else:
                costs.append(0)
        else:
            have = cu[k]
            if have < a:
                m = a - have
                held = hu[k]
                h = held if held < m else m
                costs.append((m - h) * room + h)
            else:
                costs.append(0)
    costs.append(0)  # the getters' last item
    totals = list(map(sum, map(call, getters, repeat(costs))))  # ``sum(get(costs))`` per need, in C
    for n, many in manys:
        m, h = _many_gap(many, cu, hu)
        totals[n] += m * room + h
    return chs[totals.index(min(totals))]


# per card memo (shared by a game's copies and re-deals; held, so its id stays its own):
# the order ids of a seat's hand, sorted, per (seat, key of its orders: ``Game.order_keys``),
# and a hand's units and doubles per kind per key of its ingredients (``Game.hand_keys``):
# every policy finds them (``_SampleSelf._vectors``; shared, so tuples: never changed)
_ORDERS_BY_KEY: dict[int, tuple[object, dict[tuple[int, int], tuple[str, ...]], dict[int, tuple]]] = {}


class _SampleSelf(HeuristicAgent):
    """The hard seat's own policy inside a play-out: the heuristic on the sample's history.

    What it computes is the heuristic's, exactly; what it saves is rebuilding.
    The searched position's oven is read once per search (``prepare``), a
    play-out only appends to it; and the projection of the oven
    (``evaluate.project_oven``) walks a graph of the fold's states
    (``_Fold``), each step computed once per state and slot, from the state
    before the seat's first own order (which reads no hand: kept per
    play-out and per search).  Before, every decision folded the whole oven
    again, a third of a Grande play-out.
    """

    _base: tuple[int, int, list[Entry], list[float]] = (-1, 0, [], [0.0] * 5)
    prepared_for: int | None = None  # the search whose position was prepared
    # the searched position's oven and the play-out's slots after it, with their step keys
    # (``restart`` goes back to the searched position's)
    _all: list[Entry]
    _keys: list[int]
    _own_at: list[int]
    _tail_seen: list[float]
    _base_free = 0  # entries of the base before the seat's first own order
    _base_cards = 0
    _free = 0  # entries of base + tail before the seat's first own order
    _oven_cards = 0  # cards in base + tail (the memory's count of the oven)
    _exact = False  # memory.entries is base + tail (False: rebuilt from a history)
    _fold_ev: Evaluator | None = None  # the evaluator the fold's graphs belong to
    # the last projection's walk from ``_free``: (graph, (extra, scorer, top-up), its first
    # slot, its end, the hand's key, its own orders' steps), for ``_same_walk``
    _last_walk: tuple | None = None
    _graphs: dict

    def prepare(self, history: tuple, round_no: int) -> None:
        """Remember the searched position's oven once: play-outs only append to it."""
        entries = entries_from_history(history)
        self._base = (round_no, len(history), entries, _seen(entries, [0.0] * 5))
        self._base_keys = [_slot_key(e, self.seat) for e in entries]
        self._base_own = [j for j, k in enumerate(self._base_keys) if k < 0]
        self._base_free = _first_own_order(entries, self.seat)
        self._base_cards = _cards(entries)
        self._base_at_free: dict[tuple, _Fold] = {}  # fold states at _base_free, by key
        self._own_reads = {}
        self._own_masks = {}
        self.restart()

    def seat_colours(self, colours: Sequence[str]) -> None:
        """The table's colours, for the policy's life (its key holds them): each seat's kind
        then read by ``kind_of`` in C, a tuple's item (the fold asks it at every slot)."""
        self.memory.colours = list(colours)
        self.kind_of = tuple(KIDX[COLOUR_KIND[c]] for c in colours).__getitem__  # type: ignore[method-assign]

    def restart(self) -> None:
        """A new play-out begins from the searched position: forget the last one's tail."""
        self._all = list(self._base[2])
        self._keys = list(self._base_keys)
        self._own_at = list(self._base_own)  # the slots of the seat's own orders (``_unread``)
        self._tail_seen = self._base[3]  # replaced, never changed in place
        self._free = self._base_free
        self._oven_cards = self._base_cards
        self._at_free: dict[tuple, tuple[int, _Fold]] = {}  # this play-out's, by key
        self._runs: dict[int, tuple] = {}  # this play-out's runs without own orders (``_walk``)
        self._next_order = None
        self._last_walk = None

    def sync(self, view: SeatView) -> None:
        round_no, n, entries, _seen0 = self._base
        have = n + len(self._all) - len(entries)
        history = view.history
        if view.round == round_no and len(history) >= have:
            if len(history) > have:
                me = self.seat
                all_ = self._all
                keys = self._keys
                start = len(all_)
                seen = None
                cards = 0
                slots = _SLOTS.get(me)
                if slots is None or len(slots) > 50_000:
                    slots = _SLOTS[me] = {}
                for h in history[have:]:  # each item's entry, step key and counts, made once
                    got = slots.get(h)
                    if got is None:
                        e = entries_from_history((h,))[0]
                        ing = e.tag == "ing"
                        got = slots[h] = (e, _slot_key(e, me), e.kind if ing else -1,
                                          e.singles + 2 * e.doubles if ing else 0, e.cards)
                    e, k, kind, units, c = got
                    all_.append(e)
                    if k < 0:  # an own order's slot
                        self._own_at.append(len(keys))
                    keys.append(k)
                    if kind >= 0:  # ``_seen``: the units seen played, in the same order
                        if seen is None:
                            seen = list(self._tail_seen)
                        seen[kind] += units
                    cards += c
                if seen is not None:
                    self._tail_seen = seen  # replaced, never changed in place
                self._oven_cards += cards
                if self._free == start:  # ``_first_own_order``: own orders have negative keys
                    end = len(keys)
                    f = start
                    while f < end and keys[f] >= 0:
                        f += 1
                    self._free = f
            self.memory.entries = self._all
            self.memory.seen_played = list(self._tail_seen)
            self._exact = True
        else:
            self.memory.entries = entries_from_history(history)
            self.memory.seen_played = _seen(self.memory.entries, [0.0] * 5)
            self._exact = False

    def _project(self, view: SeatView, hu: list[int], hd: list[int]):
        """``evaluate.project_oven``'s columns, walked on the fold graph and resumed.

        The part of the oven before the seat's first own order reads no hand: its
        state is kept per play-out (and per search for the searched position's
        oven); from there each own order's step is found by the hand's counts it
        reads (``_own_key``).  The chances of the seat's own orders, which no rule
        of thumb reads, are not folded here (the third value is empty).
        """
        if not self._exact:
            return HeuristicAgent._project(self, view, hu, hd)
        extra = view.oven - self._oven_cards
        if extra < 0:  # ``max(0, ...)``
            extra = 0
        scorer = self._scorer_kind(view)
        topup = self.style.opp_topup
        if self._fold_ev is not self.ev:  # the fold's states, remembered for this card set
            self._fold_ev, self._graphs = self.ev, {}
        gkey = (scorer, topup)
        graph = self._graphs.get(gkey)
        if graph is None or graph.size > _FoldGraph.LIMIT:
            graph = self._graphs[gkey] = _FoldGraph()
        key = (extra, scorer, topup)
        free = self._free
        got = self._at_free.get(key)
        if got is not None and got[0] <= free:
            m, st = got
        elif free >= self._base_free and key in self._base_at_free:
            m, st = self._base_free, self._base_at_free[key]
        else:
            m, st = 0, graph.root(extra)
        if hu is self._vec_hu and hd is self._vec_hd:  # ``_vectors``' hand: its key
            hkey = self._vec_key
        else:
            hkey = _hand_key(hu, hd)
        if m < free:  # the part no own order reads the hand in: kept for the next decision
            st = self._walk(graph, st, m, free, hu, hd, hkey, scorer, topup)
            self._at_free[key] = (free, st)
            if free == self._base_free:
                self._base_at_free[key] = st
        path: list[tuple] = []
        end = len(self._all)
        st = self._walk(graph, st, free, end, hu, hd, hkey, scorer, topup, path)
        self._last_walk = (graph, key, free, end, hkey, path)
        return [*st.cu], [*st.cd], {}

    def _walk(self, graph: _FoldGraph, st: _Fold, i: int, end: int, hu: list[int], hd: list[int],
              hkey: int, scorer: int, topup: float, path: list | None = None) -> _Fold:
        """The fold from slot ``i`` to ``end``: each step looked up, computed on its first visit.

        Between two own orders the steps read no hand: from a state at a slot,
        the state a run of such slots leads to is the same at every decision of
        a play-out, so it is kept (``_runs``, by the state's identity, with its
        slot) and the next walk from that state jumps to where the last one got
        and goes on from there.  ``hkey`` is the hand's key (``Game.hand_keys``:
        the counts ``hu``, ``hd`` as octal digits), which keys the own orders'
        steps (``_own_key``).  ``path``, when given, gets each own order's slot, state
        before, step number, digits read and state after (``_same_walk``).
        """
        keys = self._keys
        runs = self._runs
        masks = self._own_masks
        programs = graph.programs
        j = i
        while j < end:
            st0, j0 = st, j
            r = id(st)
            got = runs.get(r)
            if got is not None and got[0] == j and got[1] is st and got[2] <= end:
                j, st = got[2], got[3]
            while j < end:
                k = keys[j]
                if k < 0:
                    break
                # a state with no step yet (one just made: every later step of the run is
                # new too) is not looked in
                nxt = st.get(k) if st else None
                if nxt is None:  # the step made: an ingredient's here (most are), the rest by ``_step``
                    prog = programs.get(k)
                    if prog is None:
                        prog = programs[k] = self._program(self._all[j], scorer)
                    if prog[0] == "ing":  # a state of its own: two paths hardly ever meet after one
                        _t, kind, units, doubles = prog
                        cu = [*st.cu]
                        cu[kind] += units
                        graph.size += 1
                        if doubles:
                            cd = [*st.cd]
                            cd[kind] += doubles
                            nxt = st[k] = _fold(tuple(cu), tuple(cd))
                        else:
                            nxt = st[k] = _fold(tuple(cu), st.cd)
                    else:
                        nxt = st[k] = self._step(graph, st, prog, j, scorer, topup)
                st = nxt
                j += 1
            if j > j0:
                runs[r] = (j0, st0, j, st)  # holds the state: its id stays its own
            if j < end:  # an own order reads the hand: its counts of the kinds read join the key
                k = keys[j]
                m = masks.get(k * 8 + scorer)
                if m is None:
                    m = self._own_mask(k, j, scorer)
                ko = k * _OWN_KEYS - (hkey & m)  # ``_own_key``
                nxt = st.get(ko)
                if nxt is None:
                    nxt = st[ko] = self._own_step(graph, st, k, self._all[j], hu, hd, scorer, topup)
                if path is not None:
                    path.append((j, st, k, m, nxt))
                st = nxt
                j += 1
        return st

    # per (own order's step number, scorer's kind): the kinds of the hand its step reads
    # (None: every kind), and per ``k * 8 + scorer`` the hand key's digits of those kinds
    _own_reads: dict[tuple[int, int], tuple[int, ...] | None]
    _own_masks: dict[int, int]

    def _own_mask(self, k: int, j: int, scorer: int) -> int:
        """The bits of the hand's key (``Game.hand_keys``: an octal digit per kind's singles,
        then per kind's doubles) that an own order's step reads: its kinds' digits (a block
        order's chance reads its own kind's units, a show order's nothing, an ordinary
        order's ``Evaluator.fill_deps``; the rest every kind), kept in ``_own_masks``."""
        reads = self._own_reads.get((k, scorer), False)
        if reads is False:
            own = self.kind_of(self.seat)
            oid = self._all[j].order
            special = self.ev.spec(oid).otype.special
            if special == "block":
                reads = (own,)
            elif special == "show":
                reads = ()
            else:
                deps = self.ev.fill_deps(oid, own, scorer)
                reads = None if deps is None else tuple(sorted(deps))
            self._own_reads[(k, scorer)] = reads
        mask = _ALL_DIGITS if reads is None else sum(7 << 3 * x | 7 << 3 * (x + 5) for x in reads)
        self._own_masks[k * 8 + scorer] = mask
        return mask

    def _own_key(self, k: int, j: int, hkey: int, scorer: int) -> int:
        """An own order's step key: a number of its own below every slot's (``_OWN_KEYS``
        per own order), less the hand key's digits of the kinds its step reads, so a
        change of hand elsewhere finds the step already made (``_walk`` computes it in
        line)."""
        m = self._own_masks.get(k * 8 + scorer)
        if m is None:
            m = self._own_mask(k, j, scorer)
        return k * _OWN_KEYS - (hkey & m)

    def _program(self, e: Entry, scorer: int) -> tuple:
        """What a step of an ingredient or an opponent's slot does, read once per graph:
        ("ing", kind, units, doubles); ("keep",) for a show order (the columns stay);
        ("block", kind); ("fill", the order's needs as ``Evaluator.sparse_needs``, the
        kind that must be absent or -1) for an order whose variants do not read the
        columns; ("slot",) for the rest, folded by ``fold_slot`` itself."""
        if e.tag == "ing":
            return ("ing", e.kind, e.singles + 2 * e.doubles, e.doubles)
        if e.tag != "order":
            return ("slot",)
        own = self.kind_of(e.seat)
        special = self.ev.spec(e.order).otype.special
        if special == "show":
            return ("keep",)
        if special == "block":
            return ("block", own)
        sparse = self.ev.sparse_fill(e.order, own, scorer)
        return ("slot",) if sparse is None else ("fill", *sparse)

    def _step(self, graph: _FoldGraph, st: _Fold, prog: tuple, j: int, scorer: int, topup: float) -> _Fold:
        """One slot of ``evaluate.project_from``'s fold (an opponent's or a lost slot; ``_walk``
        steps an ingredient's itself), by its ``_program``, with its arithmetic (lost trust
        1): ``fold_slot``'s, an opponent's order costed on an empty hand as
        ``evaluate.opp_order_pick`` picks its need (``_taken_by`` takes it)."""
        tag = prog[0]
        if tag == "keep":
            return st
        if tag == "fill":
            return _taken_by(graph, st, opp_order_pick(prog[1], prog[2], st.cu, st.cd, topup))
        cu = [*st.cu]
        cd = [*st.cd]
        if tag == "block":
            kind = prog[1]
            cu[kind] *= 0.4
            cd[kind] *= 0.4
        else:
            fold_slot(self.ev, self._all[j], cu, cd, self.seat, self.kind_of, scorer, _ZERO, _ZERO, topup)
        return graph.intern(cu, cd)

    def _own_step(self, graph: _FoldGraph, st: _Fold, k: int, e: Entry, hu: list[int], hd: list[int],
                  scorer: int, topup: float) -> _Fold:
        """One own order's slot of the fold (its chance unread): an ordinary order whose
        variants do not read the columns as ``evaluate.own_order_pick`` costs it (``_taken_by``; its
        needs read once per graph), the rest by ``fold_slot`` on the hand."""
        prog = graph.programs.get(k)
        if prog is None:
            sparse = self.ev.sparse_fill(e.order, self.kind_of(self.seat), scorer)
            prog = graph.programs[k] = ("slot",) if sparse is None else (
                "fill", *sparse, bool(self.ev.spec(e.order).help and self.ev.cs.help))
        if prog[0] == "fill":
            return _taken_by(graph, st, own_order_pick(prog[1], prog[2], prog[3], st.cu, st.cd, hu, hd))
        cu = [*st.cu]
        cd = [*st.cd]
        fold_slot(self.ev, e, cu, cd, self.seat, self.kind_of, scorer, hu, hd, topup)
        return graph.intern(cu, cd)

    # the order decision right after the seat's own turn plan, answered from that plan:
    # (the game, its history's length after the play, the play, the plan), or None
    _next_order: tuple | None = None

    def _d_play(self, view: SeatView, ctx: dict) -> tuple:
        """The heuristic's turn plan; what it found for the order decision that follows, kept.

        The order decision right after the play (``_d_order``) values every
        order in hand on the oven's projection with the play on top and on
        the hand after the play: what the plan valued for the picked play,
        whenever that projection gives the plan's columns plus the play (the
        fold reads the hand only at the seat's own orders, each only its counts
        of the kinds it needs: when none reads the kind played, always; else
        the projection is made and compared), the seat draws no noise, and the play is not of its
        own kind while it holds a block order (a block order's value reads
        the units of its kind seen played, which the play changes).  Then the
        plan's best order and threshold answer that decision
        (``tests/ai/test_playout_shortcuts.py`` compares with the plain
        decision at every such point of whole games).
        """
        pick = HeuristicAgent._d_play(self, view, ctx)
        self._next_order = None
        planned = self.planned
        if (type(view) is _LiveView and self._exact and not self.style.noise
                and planned is not None and planned[0] is pick and pick[0] == "play"
                and planned[2] is not None and not (planned[4] and KIDX[pick[1]] == planned[5])):
            g = view._g  # noqa: SLF001 - the live view's own game
            self._next_order = (g, len(g.history) + 1, ("play", self.seat, *pick[1:]), planned,
                                self._last_walk)
        return pick

    def _d_order(self, view: SeatView, ctx: dict) -> tuple:
        nxt = self._next_order
        self._next_order = None
        if nxt is not None and type(view) is _LiveView:
            g = view._g  # noqa: SLF001 - the live view's own game
            if nxt[0] is g and nxt[1] == len(g.history) and g.history[-1] == nxt[2]:
                pick, v, oid, t, _b, _o, pcu, pcd = nxt[3]
                if self._unread(KIDX[pick[1]], self._scorer_kind(view)):  # the plan's columns
                    return ("order", oid) if v >= t else ("no-order",)
                hu, hd, orders = self._vectors(view)
                if self._same_walk(view, nxt[4], hu, hd):  # the plan's columns
                    return ("order", oid) if v >= t else ("no-order",)
                cu, cd, _ = self._project(view, hu, hd)
                if cu == pcu and cd == pcd:
                    return ("order", oid) if v >= t else ("no-order",)
                return self._order_on(view, cu, cd, hu, hd, orders)
        return HeuristicAgent._d_order(self, view, ctx)

    def _same_walk(self, view: SeatView, walk: tuple | None, hu: Sequence[int], hd: Sequence[int]) -> bool:
        """Whether the projection with the seat's play on top, on the hand after the play,
        is the plan's (``walk``: the turn plan's projection, ``_project``'s record of it).

        The oven is the plan's and the play: its slot on top adds what the plan added to
        the plan's columns (the same arithmetic).  Below it, only the own orders' steps
        read the hand: each whose digits of the hand's key the play changed is found (or
        made) again from the state the plan's walk had before it, and must lead to the
        state that walk had after it (states after an order are shared by value), in
        order; then every later step is the plan's too.  Any other change: False.
        """
        if walk is None:
            return False
        graph, key, free, end, hkey0, path = walk
        all_ = self._all
        if free != self._free or len(all_) != end + 1 or self._keys[end] < 0:
            return False
        scorer = self._scorer_kind(view)
        topup = self.style.opp_topup
        extra = view.oven - self._oven_cards
        if extra < 0:  # ``max(0, ...)``
            extra = 0
        if key != (extra, scorer, topup) or self._graphs.get((scorer, topup)) is not graph:
            return False
        if hu is self._vec_hu and hd is self._vec_hd:  # ``_vectors``' hand: its key
            hkey = self._vec_key
        else:
            hkey = _hand_key(hu, hd)
        changed = hkey ^ hkey0  # the digits (kinds' singles and doubles) the play changed
        for j, st, k, m, after in path:
            if changed & m:
                ko = k * _OWN_KEYS - (hkey & m)  # ``_own_key``
                nxt = st.get(ko)
                if nxt is None:
                    nxt = st[ko] = self._own_step(graph, st, k, all_[j], hu, hd, scorer, topup)
                if nxt is not after:
                    return False
        return True

    def _unread(self, kind: int, scorer: int) -> bool:
        """Whether no own order in the oven reads the hand's counts of ``kind`` in its fold
        step (``_own_key``), so a play of that kind changes no step of the projection
        but its own slot on top.  Asked right after a projection, which knew them all."""
        keys = self._keys
        reads = self._own_reads
        free = self._free
        for j in self._own_at:  # the slots of negative keys, in order: the others read no hand
            if j >= free:
                r = reads.get((keys[j], scorer))
                if r is None or kind in r:
                    return False
        return True

    def _d_draw(self, view: SeatView, ctx: dict) -> tuple:
        """The heuristic's draw rule, its counts read from the live view's game.

        The plain rule sorts the hand's faces to count its orders and builds
        every seat's public info to count filled orders; the counts are the
        same read from the cards (the same comparisons in the same order).
        """
        if type(view) is not _LiveView or self.style.noise:
            return HeuristicAgent._d_draw(self, view, ctx)
        g = view._g  # noqa: SLF001 - the live view's own game
        me = self.seat
        hand = g.hands[me]
        n_orders = g.order_keys[me].bit_count()  # one bit per order card in the hand
        room = 7 - len(hand)
        ingredients = len(hand) - n_orders
        want_stack = n_orders == 0 or (n_orders + room <= self.style.draw_target and ingredients >= 3)
        if g.round >= g.cs.rounds and len(g.supply) <= 3 * g.n:
            filled = g.filled
            mine = len(filled[me])
            best_other = max((len(f) for i, f in enumerate(filled) if i != me), default=0)
            want_stack = mine < best_other
        choices = view.choices  # the rule's options: the piles offered
        if want_stack:
            for c in choices:
                if c[1] == "stack":
                    return ("draw", "stack")
        for c in choices:
            if c[1] == "supply":
                return ("draw", "supply")
        return choices[0]

    def _d_variant(self, view: SeatView, ctx: dict) -> tuple:
        """The heuristic's variant decision, each distinct need costed from the (missing,
        spent) of its non-zero amounts, each amount costed once per decision (the numbers
        ``miss_spent_sparse`` adds, in the same order), on the columns read from the live
        view's game.

        A variant decision offers dozens of distinct needs (Sole Mio!'s 4-3-2-1 order
        about fifty, over a score of distinct amounts), each costed over every kind by the
        plain rule.
        """
        if type(view) is not _LiveView or self.style.noise:
            return HeuristicAgent._d_variant(self, view, ctx)
        own = self.kind_of(self.seat)
        cu, cd = self._columns(view)
        hu, hd, _ = self._vectors(view)
        firsts = self._variant_needs(ctx["order"], view.choices, own, self._scorer_kind(view))
        got = _VARIANT_ITEMS.get(id(firsts))
        if got is None or got[0] is not firsts:
            if len(_VARIANT_ITEMS) > 20_000:
                _VARIANT_ITEMS.clear()
            got = _VARIANT_ITEMS[id(firsts)] = (firsts, *_variant_items(firsts))
        return _least_need(got[1], got[2], cu, cd, hu, hd, view.choices[0])

    def _columns(self, view: SeatView) -> tuple[list[float], list[float]]:
        """``HeuristicAgent._columns`` from the live view's game: the engine keeps each
        column's units (``Game.cu``), and its doubles are its units less its cards (the
        same whole numbers, as floats)."""
        if type(view) is not _LiveView:
            return HeuristicAgent._columns(self, view)
        g = view._g  # noqa: SLF001 - the live view's own game
        cu, cols = g.cu, g.cols
        return ([cu[0] + 0.0, cu[1] + 0.0, cu[2] + 0.0, cu[3] + 0.0, cu[4] + 0.0],
                [cu[0] - len(cols[0]) + 0.0, cu[1] - len(cols[1]) + 0.0, cu[2] - len(cols[2]) + 0.0,
                 cu[3] - len(cols[3]) + 0.0, cu[4] - len(cols[4]) + 0.0])

    def _demand(self, view: SeatView, cu, cd, hu, hd, orders) -> list[float]:
        """The heuristic's units per kind the hand's orders would take from the hand (a
        help decision's cost), each order's best variant found as ``best_fill`` finds it
        (the same order of comparison) from the variants' non-zero amounts
        (``miss_spent_sparse``), its hand's share built for that variant alone."""
        if type(view) is not _LiveView:
            return HeuristicAgent._demand(self, view, cu, cd, hu, hd, orders)
        ev = self.ev
        own = self.kind_of(view.seat)
        sk = self._scorer_kind(view)
        dem = [0.0] * 5
        for oid in orders:
            sparse = ev.sparse_fill(oid, own, sk)
            if sparse is None:
                miss, _spent, _v, _take, hand = ev.best_fill(oid, own, sk, cu, cd, hu, hd)
                if not miss < 3:
                    continue
            else:
                variants, absent = sparse
                if absent >= 0 and cu[absent] > 0.5:
                    continue  # ``best_fill``: missing 99
                bm, _bs, bv = best_sparse(variants, cu, cd, hu, hd)
                if bv is None or not bm < 3:
                    continue
                hand = Evaluator._cost(bv[0], bv[1], bv[2], bv[3], cu, cd, hu, hd)[4]
            for k in range(5):
                dem[k] += hand[k]
        return dem

    def _opp_expect(self, view: SeatView, kind: int, hu: list[int]) -> float:
        """The heuristic's, its parts that do not read the hand kept per live view.

        A turn plan asks it for every candidate play of the seat's own kind
        while it holds a block order; the deck's units, the columns, what was
        seen played and the opponents' share of the unseen cards are the same
        for the whole decision (the same operations in the same order).
        """
        if type(view) is not _LiveView:
            return HeuristicAgent._opp_expect(self, view, kind, hu)
        oe = view.oe
        if oe is None:
            oe = view.oe = {}
        got = oe.get(kind)
        if got is None:  # the view's columns, seats and supply, read from its game
            g = view._g  # noqa: SLF001 - the live view's own game
            s, d = self.ev.cs.deck_counts(g.n)
            units = g.cards.units
            col = sum(units[c] for c in g.cols[kind])
            opp = 0
            order_keys = g.order_keys
            for i, hand in enumerate(g.hands):
                if i != view.seat:  # the ingredients: a hand's orders are one bit each of its key
                    opp += len(hand) - order_keys[i].bit_count()
            pool = opp + len(g.supply)
            got = oe[kind] = (s + 2 * d, max(self.memory.seen_played[kind], col),
                              opp / pool if pool else 1.0)
        total, seen, share = got
        unseen = max(0.0, total - hu[kind] - seen)
        return unseen * share

    _vector_tables: tuple | None = None  # ``_ORDERS_BY_KEY``'s entry for the last card memo
    # the last hand ``_vectors`` read from a live view: its units and doubles and its key
    _vec_hu: Sequence[int] | None = None
    _vec_hd: Sequence[int] | None = None
    _vec_key = 0

    def _vectors(self, view: SeatView) -> tuple[Sequence[int], Sequence[int], Sequence[str]]:
        """``hand_vectors(view.hand)`` read from the hand's keys without sorting its faces:
        the units and doubles per kind from the ingredients' key (``Game.hand_keys``: one
        octal digit per kind's singles, then per kind's doubles), the order ids per key of
        the orders (a hand holds its own seat's orders: a few keys, met again and again)."""
        if type(view) is not _LiveView:
            return hand_vectors(view.hand)
        g = view._g  # noqa: SLF001 - the live view's own game
        seat = view.seat
        memo = g.cards.memo
        tables = self._vector_tables
        if tables is None or tables[0] is not memo:
            tables = _ORDERS_BY_KEY.get(id(memo))
            if tables is None or tables[0] is not memo:
                if len(_ORDERS_BY_KEY) > 64:
                    _ORDERS_BY_KEY.clear()
                tables = _ORDERS_BY_KEY[id(memo)] = (memo, {}, {})
            self._vector_tables = tables
        key = g.hand_keys[seat]
        got = tables[2].get(key)
        if got is None:
            if len(tables[2]) > 50_000:
                tables[2].clear()
            d0, d1, d2, d3, d4 = ((key >> 15) & 7, (key >> 18) & 7, (key >> 21) & 7,
                                  (key >> 24) & 7, key >> 27)
            got = tables[2][key] = (  # tuples: shared by every policy, so never changed
                ((key & 7) + 2 * d0, ((key >> 3) & 7) + 2 * d1, ((key >> 6) & 7) + 2 * d2,
                 ((key >> 9) & 7) + 2 * d3, ((key >> 12) & 7) + 2 * d4), (d0, d1, d2, d3, d4))
        okey = (seat, g.order_keys[seat])
        orders = tables[1].get(okey)
        if orders is None:
            orders = tables[1][okey] = tuple(hand_vectors(view.hand)[2])
        self._vec_hu, self._vec_hd, self._vec_key = got[0], got[1], key  # ``_project``'s key
        return got[0], got[1], orders

    def _scorer_kind(self, view: SeatView) -> int:
        """The heuristic's, asked a dozen times a decision: the live view keeps it."""
        if type(view) is not _LiveView:
            return HeuristicAgent._scorer_kind(self, view)
        sk = view.sk
        if sk < 0:
            sk = view.sk = HeuristicAgent._scorer_kind(self, view)
        return sk

    def act(self, view: SeatView) -> tuple:
        live = type(view) is _LiveView
        d = view._d if live else None  # noqa: SLF001 - a live view's decision, read at once
        kind = d.kind if live else view.decision_kind
        if kind not in _NO_MEMORY:  # the next decision's sync reads what this one skipped
            self.sync(view)
        name = _HANDLERS.get(kind)
        if name is None:
            name = _HANDLERS[kind] = "_d_" + kind.replace("-", "_")
        handler = getattr(self, name)
        # the handlers read only plain values of the context (an order id, a seat, a
        # count), which freezing leaves as they are: the live view's dict as it is
        choice = handler(view, d.context if live else dict(view.context))
        choices = d.choices if live else view.choices
        return choice if choice in choices else choices[0]


_HANDLERS: dict[str, str] = {}  # a decision kind's handler's name (``_SampleSelf.act``)
# decisions whose rules read the hand, the table or the choices, never the oven's memory:
# ``_SampleSelf.act`` leaves the memory's sync to the next decision
_NO_MEMORY = frozenset(("draw", "fill", "variant", "series", "show-play"))


# the kinds named by each mask of exhausted kinds (``Game.exhausted``: a bit per kind)
_EXHAUSTED = tuple(tuple(KINDS[k] for k in range(5) if mask >> k & 1) for mask in range(32))


class _LiveSeats:
    """``view.seats`` of a play-out: its length at once, each seat's info built when read."""

    __slots__ = ("_g", "_infos")

    def __init__(self, g: Game) -> None:
        self._g = g
        self._infos: list[SeatInfo | None] = [None] * g.n

    def __len__(self) -> int:
        return self._g.n

    def __getitem__(self, s: int) -> SeatInfo:
        info = self._infos[s]
        if info is None:
            g = self._g
            face = g.cards.face
            hand, stack = g.hands[s], g.stacks[s]
            n_ing = len(hand) - g.order_keys[s].bit_count()  # a hand's orders: one bit each
            info = self._infos[s] = SeatInfo(
                colour=g.colours[s], ingredients=n_ing, orders=len(hand) - n_ing,
                stack=len(stack), stack_bottom=tuple(face[c] for c in stack[: g.stack_known[s]]),
                filled=tuple(face[c] for c in g.filled[s]), known=tuple(sorted(g.known[s])),
                exhausted=_EXHAUSTED[g.exhausted[s]],
            )
        return info

    def __iter__(self):  # noqa: ANN204 - a plain iterator over SeatInfo
        return (self[s] for s in range(self._g.n))


class _LiveView:
    """The seat's view inside a play-out, each field read from the sample when asked.

    It answers what ``sample.view(seat)`` would (the sample is the seat's own
    re-deal: every field is public or its own), but builds only what the policy
    reads: a whole frozen view per decision cost a quarter of a play-out.  A
    field without a shortcut comes from the full view, built once on demand.
    The fields read at nearly every decision are plain slots, set when the view
    is made; no ``__getattr__`` (a class with one pays a hook on every attribute
    read, slots included).
    """

    __slots__ = ("_g", "_d", "seat", "choices", "history", "round", "_full", "_hand", "_context",
                 "_seats", "_columns", "sk", "oe")

    def __init__(self, g: Game, seat: int) -> None:
        self._g = g
        d = self._d = g.decision()
        self.seat = seat
        self.choices: tuple = d.choices
        self.history: list = g.history
        self.round: int = g.round
        self._full: SeatView | None = None
        self._hand: tuple | None = None
        self._context: tuple | None = None
        self._seats: _LiveSeats | None = None
        self._columns: tuple | None = None
        self.sk = -1  # the scorer's kind, once the policy asked (``_SampleSelf._scorer_kind``)
        self.oe: dict | None = None  # ``_SampleSelf._opp_expect``'s parts per kind

    def _view(self) -> SeatView:
        if self._full is None:
            self._full = build_view(self._g, self.seat)
        return self._full

    @property
    def decision_kind(self) -> str:
        return self._d.kind

    @property
    def seats(self) -> _LiveSeats:
        if self._seats is None:
            self._seats = _LiveSeats(self._g)
        return self._seats

    @property
    def columns(self) -> tuple:
        if self._columns is None:
            face = self._g.cards.face
            self._columns = tuple(tuple(sorted(face[c] for c in col)) for col in self._g.cols)
        return self._columns

    @property
    def raw_context(self) -> dict:
        """The decision's context as the engine made it (read it, never change it)."""
        return self._d.context

    @property
    def context(self) -> tuple:
        if self._context is None:
            self._context = _freeze(self._d.context)
        return self._context

    @property
    def hand(self) -> tuple:
        if self._hand is None:
            face = self._g.cards.face
            self._hand = tuple(sorted(face[c] for c in self._g.hands[self.seat]))
        return self._hand

    @property
    def rounds(self) -> int:
        return self._g.cs.rounds

    @property
    def supply(self) -> int:
        return len(self._g.supply)

    @property
    def oven(self) -> int:
        return len(self._g.oven)

    @property
    def scorer_holder(self) -> int:
        return self._g.scorer_holder

    @property
    def scorer(self) -> int:
        return self._g.scorer_seat if self._g.reveal_queue else -1

    @property
    def cardset(self) -> str:
        return self._g.cs.id

    # the fields without a shortcut: the full view's
    phase = property(lambda self: self._view().phase)
    turn = property(lambda self: self._view().turn)
    deciding = property(lambda self: self._view().deciding)
    used = property(lambda self: self._view().used)
    oven_top = property(lambda self: self._view().oven_top)
    revealed = property(lambda self: self._view().revealed)
    winners = property(lambda self: self._view().winners)


_M64 = (1 << 64) - 1
_KIND_NO = {k: i for i, k in enumerate(
    ("play", "order", "draw", "series", "variant", "fill", "help", "block",
     "show-ask", "show-card", "show-play", "pass"))}
_PLAY_NO, _ORDER_NO = _KIND_NO["play"], _KIND_NO["order"]  # ``KeyedRandom.at``'s, set in line


class KeyedRandom:
    """The opponents' dice in a play-out, keyed by where in the game they are thrown.

    Every candidate of an iteration is played out with the same seed; with one
    running generator, a single extra decision early in one candidate's play-out
    shifts every later throw, and the candidates' play-outs drift apart for
    reasons that have nothing to do with the candidates.  Here the numbers an
    opponent gets depend only on (seed, turn, reveal step, seat, decision kind,
    how many it drew there), so the same opponent at the same point of the round
    decides alike in every candidate's play-out whenever it sees the same cards:
    the paired differences the search compares get smaller, and a real
    difference shows after fewer play-outs (splitmix64 over the key).
    """

    __slots__ = ("seed", "_s", "_at", "_n", "_throws")

    def __init__(self, seed: int) -> None:
        self.seed = seed & _M64
        # the key's seed term, ``seed * 1_000_003 * 1009 * 8 * 16``, reduced once
        self._s = self.seed * 1_000_003 * 129_152 & _M64
        self._at = self.seed - self._s  # the key's other terms (``at``): the seed itself at first
        self._n = 0
        # the numbers thrown with this seed, per key's other terms and throw (shared by every
        # generator of the seed: an iteration's candidates throw the same dice at the same points)
        throws = _THROWS.get(self.seed)
        if throws is None:
            if len(_THROWS) > 64:
                _THROWS.clear()
            throws = _THROWS[self.seed] = {}
        self._throws = throws

    @property
    def _base(self) -> int:
        """The key of the current decision's throws (``at``)."""
        return (self._s + self._at) & _M64

    def at(self, g: Game, seat: int, kind: str) -> None:
        """Key the next throws to this decision: ``((((seed * 1_000_003 + turns) * 1009 + reveal
        step) * 8 + seat) * 16 + kind's number)`` modulo 2**64, written out as a sum whose
        seed term is reduced once (``_base``; the products of small numbers and their sum,
        kept here, stay small ints)."""
        self._at = g.turns * 129_152 + g.ri * 128 + seat * 16 + _KIND_NO.get(kind, 15)
        self._n = 0

    def random(self) -> float:
        """splitmix64 over the key and the throw's number, each number made once per seed
        (its arithmetic is on 64-bit ints, several times a list look-up in Python)."""
        n = self._n = self._n + 1
        if n < 64:
            key = self._at * 64 + n
            got = self._throws.get(key)
            if got is None:
                got = self._throws[key] = _splitmix(self._s + self._at, n)
            return got
        return _splitmix(self._s + self._at, n)


_THROWS: dict[int, dict[int, float]] = {}  # ``KeyedRandom``'s numbers per seed


def _splitmix(base: int, n: int) -> float:
    """The ``n``-th number of splitmix64 keyed by ``base`` (modulo 2**64), in [0, 1)."""
    x = (base + n * 0x9E3779B97F4A7C15) & _M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
    return ((x ^ (x >> 31)) >> 11) * (1.0 / 9007199254740992.0)


# the light policy's reading of a play decision's choices, per choices tuple (the engine
# keeps one tuple per hand's ingredients: ``engine.memo.play_decision``), keyed by its id
# and holding the tuple itself, so an id reused after the engine's table started over misses
_LIGHT_PLAYS: dict[int, tuple] = {}
# the same readings per key of the hand's ingredients (``Game.hand_keys``, whose play choices
# they are), for ``light_turn``: an int looked up, no ``id()`` called nor identity checked
# (``tests/test_fast_playout.py`` holds it to ``light_policy``, which reads ``_LIGHT_PLAYS``)
_LIGHT_PLAYS_BY_KEY: dict[int, tuple] = {}


def _light_reading(ch: tuple) -> tuple:
    """(the choices, the kinds played in sorted order, per kind its one-card plays, the first play)."""
    plays = [c for c in ch if c[0] == "play"]
    kinds = sorted({c[1] for c in plays})
    mines = [[c for c in plays if c[1] == k and c[2] + c[3] == 1] for k in kinds]
    return ch, kinds, mines, plays[0] if plays else None


def _light_plays(ch: tuple) -> tuple:
    """``_light_reading`` of ``ch``, kept in ``_LIGHT_PLAYS``."""
    if len(_LIGHT_PLAYS) > 20_000:
        _LIGHT_PLAYS.clear()
    got = _LIGHT_PLAYS[id(ch)] = _light_reading(ch)
    return got


def _light_plays_by_key(key: int, ch: tuple) -> tuple:
    """``_light_reading`` of ``ch``, the play choices of hands with key ``key``, kept per key."""
    if len(_LIGHT_PLAYS_BY_KEY) > 20_000:
        _LIGHT_PLAYS_BY_KEY.clear()
    got = _LIGHT_PLAYS_BY_KEY[key] = _light_reading(ch)
    return got


# decisions the light policy answers without dice: its throws there need no key
_NO_DICE = frozenset(("draw", "fill"))
_DRAW_BOTH = (DRAW_SUPPLY, DRAW_STACK)  # a draw decision's choices (``decide._draw``)


def _light_order(g: Game, rng: random.Random | KeyedRandom, ch: tuple) -> tuple:
    """The light policy's order decision among ``ch`` (no order, then the orders in hand)."""
    n = g.n
    supply = len(g.supply)
    if g.round >= g.cs.rounds and supply <= n:
        p = 1.0  # an order left in hand at the game's end scores nothing
    elif supply <= 2 * n:
        p = 0.9
    else:
        p = 0.45
    if rng.random() < p:
        n = len(ch) - 1
        if n == 1 and type(rng) is KeyedRandom:
            rng._n += 1  # noqa: SLF001 - a die among one way, thrown unmixed (as for a play)
            return ch[1]
        return ch[1 + int(rng.random() * n)]
    return ch[0]


def _light_draw(g: Game, seat: int, ch: tuple) -> tuple:
    """The light policy's draw decision among ``ch`` (no dice)."""
    hand = g.hands[seat]
    n_orders = g.order_keys[seat].bit_count()  # one bit per order card in the hand
    room = 7 - len(hand)
    target = 3 if g.cs.help and g.cs.unfilled == "out-of-game" else 4
    want_stack = n_orders == 0 or (n_orders + room <= target and len(hand) - n_orders >= 3)
    if g.round >= g.cs.rounds and len(g.supply) <= 3 * g.n:
        filled = g.filled
        mine = len(filled[seat])
        want_stack = mine < max(len(f) for i, f in enumerate(filled) if i != seat)
    want = "stack" if want_stack else "supply"
    for c in ch:
        if c[1] == want:
            return c
    return ch[0]


def light_turn(g: Game, d: Decision, rng: KeyedRandom, round_no: int) -> None:
    """An opponent's whole turn by the light stand-in, from its play decision ``d`` (of
    at least two choices): the play, the order decision and the draw decision that follow
    it in the same turn, each answered as ``playout``'s loop answers it (``light_policy``'s
    rules, its dice keyed the same way: ``KeyedRandom.at``'s key set here in line) and
    applied by the rules' own handlers, then the next decision derived
    (``Game.apply_playout``, single choices of ``round_no`` applied).

    The loop would pose each of those decisions and apply each choice on its own (a
    turn of a play-out's light opponent is three decisions in Sole Mio!); the position
    and the dice that follow are the same (``tests/test_fast_playout.py`` compares them
    with the loop's way at every opponent's turn of whole games).
    """
    seat = d.seat
    ch = d.choices
    # ``rng.at(g, seat, "play")`` and ``light_policy``'s play, in line
    at = rng._at = g.turns * 129_152 + g.ri * 128 + seat * 16 + _PLAY_NO  # noqa: SLF001
    key = g.hand_keys[seat]  # ``d`` is the seat's play decision: its choices are the key's
    got = _LIGHT_PLAYS_BY_KEY.get(key)
    if got is None:
        got = _light_plays_by_key(key, ch)
    _ch, kinds, mines, play = got
    if kinds:
        throws = rng._throws  # noqa: SLF001 - ``KeyedRandom.random``'s first throws, in line
        n = len(kinds)
        if n == 1:  # a die among one way, thrown unmixed (``light_policy``)
            thrown = 1
            mine = mines[0]
        else:
            thrown = 1
            r = throws.get(at * 64 + 1)
            if r is None:
                r = throws[at * 64 + 1] = _splitmix(rng._s + at, 1)  # noqa: SLF001
            mine = mines[int(r * n)]
        if mine:
            n = len(mine)
            thrown = 2
            if n == 1:
                play = mine[0]
            else:
                r = throws.get(at * 64 + 2)
                if r is None:
                    r = throws[at * 64 + 2] = _splitmix(rng._s + at, 2)  # noqa: SLF001
                play = mine[int(r * n)]
        rng._n = thrown  # noqa: SLF001
    else:
        rng._n = 0  # noqa: SLF001
        play = ch[0]
    handlers = HANDLERS
    handlers[play[0]](g, play)
    phase = g.phase
    if phase is ORDER:  # ``memo.order_decision``'s choices: no order, the orders in hand
        ch = g.cards.memo.order_choices[seat].get(g.order_keys[seat])
        if ch is None:
            ch = memo.order_decision(g).choices
        # ``rng.at(g, seat, "order")`` and ``_light_order``, in line
        at = rng._at = g.turns * 129_152 + g.ri * 128 + seat * 16 + _ORDER_NO  # noqa: SLF001
        n = g.n
        supply = len(g.supply)
        if g.round >= g.cs.rounds and supply <= n:
            p = 1.0  # an order left in hand at the game's end scores nothing
        elif supply <= 2 * n:
            p = 0.9
        else:
            p = 0.45
        throws = rng._throws  # noqa: SLF001
        r = throws.get(at * 64 + 1)
        if r is None:
            r = throws[at * 64 + 1] = _splitmix(rng._s + at, 1)  # noqa: SLF001
        if r < p:
            rng._n = 2  # noqa: SLF001
            n = len(ch) - 1
            if n == 1:  # a die among one way, thrown unmixed
                o = ch[1]
            else:
                r = throws.get(at * 64 + 2)
                if r is None:
                    r = throws[at * 64 + 2] = _splitmix(rng._s + at, 2)  # noqa: SLF001
                o = ch[1 + int(r * n)]
        else:
            rng._n = 1  # noqa: SLF001
            o = ch[0]
        handlers[o[0]](g, o)
        phase = g.phase
    if phase is DRAW:  # posed only while both piles have cards: both offered (``_light_draw``)
        hand = g.hands[seat]
        n_orders = g.order_keys[seat].bit_count()  # one bit per order card in the hand
        cs = g.cs
        target = 3 if cs.help and cs.unfilled == "out-of-game" else 4
        want_stack = n_orders == 0 or (n_orders + 7 - len(hand) <= target and len(hand) - n_orders >= 3)
        if g.round >= cs.rounds and len(g.supply) <= 3 * g.n:
            filled = g.filled
            mine = len(filled[seat])
            want_stack = mine < max(len(f) for i, f in enumerate(filled) if i != seat)
        g.apply_playout(DRAW_STACK if want_stack else DRAW_SUPPLY, round_no)
    else:
        g.apply_playout(None, round_no)


# the light policy's fill decision per choices tuple (the engine keeps one per hand key, what
# is missing and whether help may be asked: ``memo.fill_choices``), keyed by its id and holding
# the tuple itself, as ``_LIGHT_PLAYS``
_LIGHT_FILLS: dict[int, tuple[tuple, tuple]] = {}


def _light_fill(ch: tuple) -> tuple:
    """``light_policy``'s fill decision among ``ch`` (no dice), remembered per choices tuple.

    Two choices are one way to fill (from hand, or asking for help) and giving up, last
    (``enumerate.fill_choices``): the rule picks that way, looked up in no table."""
    if len(ch) == 2:
        return ch[0]
    got = _LIGHT_FILLS.get(id(ch))
    if got is not None and got[0] is ch:
        return got[1]
    direct = [c for c in ch if c[0] == "fill" and c[2] is None]
    if direct:
        pick = min(direct, key=lambda c: sum(s + 2 * dd for _k, s, dd in c[1]))
    else:
        asks = [c for c in ch if c[0] == "fill"]
        pick = asks[0] if asks else ch[-1]
    if len(_LIGHT_FILLS) > 20_000:
        _LIGHT_FILLS.clear()
    _LIGHT_FILLS[id(ch)] = (ch, pick)
    return pick


def light_run(g: Game, d: Decision, rng: KeyedRandom, me: int, start_round: int, auto: int) -> int:
    """The light opponents' decisions from ``d`` on (``playout``'s loop without rule-of-thumb
    opponents), until the seat ``me`` decides, a decision has a single choice, the round
    ``start_round`` ends or the game: each answered as the loop answers it (``light_policy``
    with ``KeyedRandom.at``'s dice; a play by ``light_turn``), applied by
    ``Game.apply_playout(choice, auto)``.  Returns the loop's steps it took.

    In the reveal the opponents are asked for help one after another, and fill, choose
    variants and series; the loop would take one turn, a policy call and a dice key per
    decision.  Here each kind is answered in line, the dice' key and first throw too,
    and a fill's answer (no dice) is remembered per choices tuple (``_light_fill``).  The
    positions and the dice that follow are the loop's (``tests/test_fast_playout.py``).
    """
    steps = 0
    throws = rng._throws  # noqa: SLF001 - ``KeyedRandom.random``'s first throws, in line
    kind_no = _KIND_NO
    while True:
        kind = d.kind
        if kind is PLAY:
            light_turn(g, d, rng, auto)
        else:
            seat = d.seat
            ch = d.choices
            if kind is FILL:
                choice = _light_fill(ch)
            elif kind is DRAW:
                choice = _light_draw(g, seat, ch)
            else:
                at = rng._at = (g.turns * 129_152 + g.ri * 128 + seat * 16  # noqa: SLF001 - ``at``
                                + kind_no.get(kind, 15))
                rng._n = 0  # noqa: SLF001
                if kind is ORDER:
                    choice = _light_order(g, rng, ch)
                else:  # one throw: help accepted at 0.6, else a uniform choice
                    r = throws.get(at * 64 + 1)
                    if r is None:
                        r = throws[at * 64 + 1] = _splitmix(rng._s + at, 1)  # noqa: SLF001
                    rng._n = 1  # noqa: SLF001
                    if kind is HELP:
                        choice = ch[1] if r < 0.6 and len(ch) > 1 else ch[0]
                    else:
                        choice = ch[int(r * len(ch))]
            g.apply_playout(choice, auto)
        steps += 1
        d = g._decision  # noqa: SLF001 - ``decision()``
        if d is None or d.seat == me or len(d.choices) == 1 or g.round != start_round:
            return steps


def light_policy(g: Game, rng: random.Random | KeyedRandom) -> tuple:
    """A fast stand-in for an opponent: sensible, cheap, a little random.

    Its habits follow what ``normal`` does (measured over normal-vs-normal
    games, see docs/ai.md): one card a turn; an order on the oven at about
    every other chance, nearly always once the round's end is near; the
    order stack drawn from as normal's rule does (it keeps a few orders in
    hand), which sets how fast the supply runs out and so when the round
    ends; help accepted a little more often than not.
    """
    d = g.decision()
    kind = d.kind
    ch = d.choices
    if kind == "play":
        got = _LIGHT_PLAYS.get(id(ch))
        if got is None or got[0] is not ch:
            got = _light_plays(ch)
        _ch, kinds, mines, first = got
        if not kinds:
            return ch[0]
        # a die among one way is 0 whatever it shows: keyed dice count it thrown unmixed
        # (the next throw's number is the same; ``KeyedRandom.random``)
        keyed = type(rng) is KeyedRandom
        n = len(kinds)
        if n == 1 and keyed:
            rng._n += 1  # noqa: SLF001 - the die thrown, its number unread
            mine = mines[0]
        else:
            mine = mines[int(rng.random() * n)]
        if not mine:
            return first
        n = len(mine)
        if n == 1 and keyed:
            rng._n += 1  # noqa: SLF001 - the die thrown, its number unread
            return mine[0]
        return mine[int(rng.random() * n)]
    if kind == "order":
        return _light_order(g, rng, ch)
    if kind == "draw":
        return _light_draw(g, d.seat, ch)
    if kind == "fill":
        direct = [c for c in ch if c[0] == "fill" and c[2] is None]
        if direct:
            return min(direct, key=lambda c: sum(s + 2 * dd for _k, s, dd in c[1]))
        asks = [c for c in ch if c[0] == "fill"]
        return asks[0] if asks else ch[-1]
    if kind == "help":
        if rng.random() < 0.6 and len(ch) > 1:
            return ch[1]
        return ch[0]
    return ch[int(rng.random() * len(ch))]


OPPONENTS = "light"  # how a play-out's opponents decide: "light" (``light_policy``) or "rules"
# Grande's play-outs with the light stand-in favoured an early order the table did not bear
# out; its opponents decide by the rules of thumb with perfect memory (docs/ai.md), except
# which ingredients they play, where the rules' plans would halve the play-outs a budget buys
OPPONENTS_BY_CARDSET = {"grande": "rules"}
# Sole Mio!: the light stand-in is a model of the table that a longer search converges on,
# so from a budget where the model matters more than the count (ms of a timed search, or
# play-outs of a counted one) the opponents decide by the rules of thumb: at an equal CPU
# of about 1 s they won clearly more against the outside player, at 20 play-outs no more
# at twice the cost (docs/measurements/issue-26, "the play-outs' opponents")
RULES_FROM: dict[str, tuple[float, int]] = {"sole-mio": (500.0, 40)}
LIGHT_ALWAYS = frozenset(("play",))  # decisions the opponents answer lightly even under "rules"


def opponents_for(cardset: str, budget_ms: float, iterations: int | None) -> str:
    """How the play-outs of a search in ``cardset`` decide for the opponents, at its budget
    (``iterations``, when given, counts instead of the time)."""
    by = OPPONENTS_BY_CARDSET.get(cardset)
    if by is not None:
        return by
    start = RULES_FROM.get(cardset)
    if start is not None and (budget_ms >= start[0] if iterations is None else iterations >= start[1]):
        return "rules"
    return OPPONENTS


class _OutOfTime(Exception):
    """A play-out ran past the budget (or its search ended): its iteration is dropped."""


_POLICIES: dict[tuple, _SampleSelf] = {}
_EVALUATORS: dict[int, Evaluator] = {}
# A policy per seat and round's first player: a table of five hard seats keeps 25 a round.
# Older ones (earlier rounds, earlier games) go first.
POLICY_LIMIT = 32
# The fold states every policy's graphs may hold between two searches (each about 400
# bytes with its steps): past it, every graph starts over, its states unlinked
# (``_drop_graphs``, about a microsecond a state).  Kept without bound they grew a long
# session by about 25 MB a game; a round of Grande, whose opponents decide by the rules
# of thumb, builds a few hundred thousand, and at 150,000 its searches spent 5 % of their
# CPU starting over (400,000: 3.13 times the play-outs a CPU second of ``862e49f``, where
# 150,000 gave 2.93; a 14-game Grande session 289 MB against 214,
# docs/measurements/issue-26).
FOLD_BUDGET = 400_000
_STYLE_KEYS: dict[int, tuple] = {}  # ``repr`` of a style, by its identity (with the style)


def fold_states() -> int:
    """The fold states every kept policy's graphs hold (what ``FOLD_BUDGET`` bounds)."""
    policies = list(_POLICIES.values())  # a copy: another thread's search may add one
    return sum(g.size for p in policies for g in list(p.__dict__.get("_graphs", {}).values()))


def _bound_folds() -> None:
    """Start every policy's fold graphs over once together they exceed ``FOLD_BUDGET``."""
    if fold_states() > FOLD_BUDGET:
        for p in list(_POLICIES.values()):
            _drop_graphs(p)


def _drop_graphs(pol: _SampleSelf) -> None:
    """A policy's fold graphs started over (at its next projection), the old ones unlinked.

    A graph has cycles (a show order's step leads a state to itself; states shared by
    value can lead back to one met before), and the cycle collector walks a search's
    survivors only in its rare full collections (``solemio.ai.collector``): so each
    state of a dropped graph has its steps cleared, and reference counting frees it.
    A search of another thread still walking it finds no step and makes it again, the
    same (the steps are pure)."""
    graphs = list(pol.__dict__.get("_graphs", {}).values())
    pol._fold_ev = None  # ``_project`` then starts its graphs over  # noqa: SLF001
    stack: list[_Fold] = []
    for g in graphs:
        stack.extend(g.roots.values())
        stack.extend(g.states.values())
    while stack:
        st = stack.pop()
        if st:  # a state cleared already has no steps
            stack.extend(st.values())
            st.clear()


def _style_key(style: Style) -> str:
    got = _STYLE_KEYS.get(id(style))
    if got is None or got[0] is not style:
        if len(_STYLE_KEYS) > 64:
            _STYLE_KEYS.clear()
        got = _STYLE_KEYS[id(style)] = (style, repr(style))
    return got[1]


def _policy_for(spec: dict, sample: Game, seat: int | None = None) -> _SampleSelf:
    """A seat's rule-of-thumb play-out policy for this search (made once per process and seat).

    ``seat`` None: the hard seat's own; another seat: an opponent played by the
    same perfect-memory rules of thumb (``OPPONENTS_BY_CARDSET``: "rules").
    """
    if seat is None:
        seat = spec["seat"]
    key = (seat, spec["seat"], _style_key(spec["style"]), tuple(spec["colours"]), spec["first"])
    pol = _POLICIES.get(key)
    if pol is None:
        for old in list(_POLICIES)[: max(0, len(_POLICIES) - POLICY_LIMIT + 1)]:  # the oldest
            gone = _POLICIES.pop(old, None)
            if gone is not None:
                _drop_graphs(gone)
        pol = _POLICIES[key] = _SampleSelf(seat, 0, style=spec["style"])
        pol.seat_colours(spec["colours"])
        pol.memory.first = spec["first"]
    ev = _EVALUATORS.get(id(sample.cs))
    if ev is None or ev.cs is not sample.cs:
        ev = _EVALUATORS[id(sample.cs)] = Evaluator(sample.cs)
    pol.ev = ev
    if pol.prepared_for != spec["base_seed"]:  # a new search
        _bound_folds()
        pol.prepare(sample.history, spec["round"])
        pol.prepared_for = spec["base_seed"]
    return pol


def iteration_row(sample: Game, spec: dict, it: int, stale: Callable[[], bool]) -> list[float] | None:
    """One iteration: every candidate played out on the same re-deal (None: out of time).

    The same function runs in the deciding process and in a worker process
    (``solemio.ai.workers``), so a search with an iteration budget gives the
    same rows on any number of cores.
    """
    pol = _policy_for(spec, sample)
    opps = None
    if spec.get("opponents") == "rules":
        opps = {s: _policy_for(spec, sample, s) for s in range(sample.n) if s != spec["seat"]}
    seed = spec["base_seed"] * 31 + it
    row = []
    try:
        for c in spec["cands"]:
            g = sample.clone(log=False)
            g.apply(c)
            row.append(playout(g, spec["seat"], spec["round"], KeyedRandom(seed), pol, stale, opps))
    except _OutOfTime:
        return None
    return row


# What a seat's hand is worth at the end of a round that is not the game's last,
# in orders it will still fill: per card set and rounds still to come, (per
# order in hand, per ingredient unit in hand).  Fitted by least squares over
# games between perfect-memory rule-of-thumb seats (``build/fit_hand_value.py``,
# 1,000 games per edition, seeds from 7,000,000); only the slopes matter, since
# a play-out's value is the seat's score minus its opponents' mean.
HAND_VALUE: dict[str, dict[int, tuple[float, float]]] = {
    "sole-mio": {1: (0.145, 0.047)},
    "grande": {1: (0.0, 0.043), 2: (0.149, 0.061)},  # 1: fitted -0.095 per order, taken as 0
    "mamma-mia": {1: (0.260, 0.038), 2: (0.265, 0.122)},
}
HAND_VALUE_OTHER = (0.15, 0.05)  # a card set of its own: about Sole Mio!'s


def hand_worth(g: Game, seat: int) -> float:
    """Orders the seat's hand is expected to fill after the round just ended (0 at the game's end)."""
    to_come = g.cs.rounds - g.round + 1
    if g.is_over() or to_come < 1:
        return 0.0
    per_order, per_unit = HAND_VALUE.get(g.cs.id, {}).get(to_come, HAND_VALUE_OTHER)
    kind = g.cards.kind
    hand = g.hands[seat]
    orders = sum(1 for c in hand if kind[c] < 0)
    return per_order * orders + per_unit * g.hand_units(seat)


# a hand's ingredient units per key of its ingredients (``Game.hand_keys``: an octal digit per
# kind's singles, then per kind's doubles; order cards weigh nothing there and have no units)
_KEY_UNITS: dict[int, int] = {}


def _key_units(key: int) -> int:
    """``Game.hand_units`` of a hand with this key of its ingredients, remembered."""
    units = _KEY_UNITS.get(key)
    if units is None:
        if len(_KEY_UNITS) > 50_000:
            _KEY_UNITS.clear()
        units = _KEY_UNITS[key] = (sum(key >> 3 * s & 7 for s in range(5))
                                   + 2 * sum(key >> 3 * s & 7 for s in range(5, 10)))
    return units


def worths(g: Game) -> list[float]:
    """Every seat's score plus ``hand_worth``, as ``playout`` values the round's end: the same
    arithmetic, the hand's order cards and units read from its keys (one bit per order card
    in ``Game.order_keys``, the units from ``Game.hand_keys``: ``_key_units``) instead of
    from its cards (``tests/ai/test_playout_value.py`` compares the two)."""
    cs = g.cs
    to_come = cs.rounds - g.round + 1
    filled = g.filled
    if g.is_over() or to_come < 1:
        return [len(f) + 0.0 for f in filled]
    per_order, per_unit = HAND_VALUE.get(cs.id, {}).get(to_come, HAND_VALUE_OTHER)
    hand_keys, order_keys = g.hand_keys, g.order_keys
    return [len(f) + (per_order * order_keys[i].bit_count() + per_unit * _key_units(hand_keys[i]))
            for i, f in enumerate(filled)]


def playout(g: Game, me: int, start_round: int, rng: KeyedRandom, pol: _SampleSelf,
            stale: Callable[[], bool], opps: dict[int, _SampleSelf] | None = None) -> float:
    """Play ``g`` to the end of the round: own seat by the rules of thumb, opponents light.

    With ``opps`` (a rule-of-thumb policy per opponent seat) the opponents
    decide by those rules, except the kinds in ``LIGHT_ALWAYS``.

    Value: own filled orders minus the opponents' mean, each counting what
    its hand is worth for the rounds still to come (``hand_worth``: an order
    kept in hand is not worthless, and an order lost by failing is lost), and
    +1.5 for a win at the game's end.  ``stale()`` is asked every few steps;
    True abandons the play-out (raises ``_OutOfTime``).
    """
    steps = 0
    pol.restart()
    if opps:
        for o in opps.values():
            o.restart()
    apply = g.apply_playout  # every choice below is one of the decision's own
    # a single choice (a helper who can only decline, an owner who can only give up):
    # every policy answers it so, and asking one changes nothing (the rules of thumb draw
    # no dice without noise; the light policy's are keyed per decision), so the engine
    # applies it itself until the round ends; a rule-of-thumb seat with noise draws dice
    # even for a single choice (hard has none): then each is asked
    quiet = pol.style.noise == 0.0
    auto = start_round if quiet else -1
    due = 7  # ``stale()`` asked once every 8 steps or so
    while True:
        d = g._decision  # noqa: SLF001 - ``decision()``; None once the game is over
        if d is None:
            break
        if steps >= due:
            due = steps + 8
            if stale():
                raise _OutOfTime()
        if g.round != start_round:
            break
        choices = d.choices
        if len(choices) == 1 and quiet:  # only the candidate's own decision gets here
            choice = choices[0]
        elif d.seat == me:
            choice = pol.act(_LiveView(g, me))  # type: ignore[arg-type]
        elif opps is None:  # light opponents, until the seat decides (``light_run``)
            steps += light_run(g, d, rng, me, start_round, auto)
            continue
        elif d.kind not in LIGHT_ALWAYS:
            choice = opps[d.seat].act(_LiveView(g, d.seat))  # type: ignore[arg-type]
        else:
            kind = d.kind
            if kind not in _NO_DICE:
                rng.at(g, d.seat, kind)
            choice = light_policy(g, rng)
        apply(choice, auto)
        steps += 1
    worth = worths(g)  # ``[s + hand_worth(g, i) for i, s in enumerate(g.scores())]``
    mine = worth[me]
    others = [w for i, w in enumerate(worth) if i != me]
    value = mine - sum(others) / len(others)
    if g.is_over():
        if g.winners and me in g.winners:
            value += 1.5 / len(g.winners)
    return value
