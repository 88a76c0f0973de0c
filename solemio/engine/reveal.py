"""Scoring the oven: the reveal, card by card, and the resolving of every order in it.

RULES.md, "Scoring the oven" and the order lists.  The oven is turned over
oldest card first; ingredients join their columns, and each order is resolved
by its owner: filled from the columns (doubles first), topped up from hand,
helped by one opponent, or failed.  While an order waits for a decision the
game holds ``g.resolving`` (the order, its series, its helper) and ``g.step``
(a record from ``state.py`` saying what is asked); ``decide.py`` derives the
choices from them.  Each ``on_*`` function applies one choice.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from solemio.engine import events as E
from solemio.engine import memo, turn
from solemio.engine.kinds import KIND_INDEX, KINDS
from solemio.engine.orders import ZERO5, Need
from solemio.engine.state import (
    BLOCK,
    FILL,
    HELP,
    OVER,
    SERIES,
    SHOW_ASK,
    SHOW_CARD,
    SHOW_PLAY,
    VARIANT,
    BlockStep,
    Choice,
    Face,
    FillStep,
    HelpStep,
    Phase,
    Resolving,
    SeriesStep,
    ShowAskStep,
    ShowCardStep,
    ShowPlayStep,
    VariantStep,
    record,
)

if TYPE_CHECKING:
    from solemio.engine.game import Game

NOTHING_MISSING: Need = (ZERO5, ZERO5, 0)


# ---------------------------------------------------------------- the oven, card by card


def end_round(g: Game, reason: str) -> None:
    """The holder of the scorer card (else the round's starter) turns the oven over."""
    scorer = g.scorer_holder if g.scorer_holder >= 0 else g.round_starter
    g.scorer_seat = scorer
    if g.events is not None:
        g.emit({"type": E.ROUND_END, "round": g.round, "reason": reason, "scorer": scorer})
    g.reveal_queue = g.oven
    g.oven = []
    g.ri = 0
    next_reveal(g)


def next_reveal(g: Game) -> None:
    """Reveal cards until an order needs a decision or the oven is empty."""
    cards = g.cards
    kind_of, units_of = cards.kind, cards.units
    cols, cu, events = g.cols, g.cu, g.events
    queue = g.reveal_queue
    # a for loop over the indexes: a Sole Mio! play-out reveals a few dozen ingredient
    # cards, each a handful of bytecodes cheaper than with a counter kept by hand; an
    # ingredient's event is recorded with the next order's (nothing comes between them),
    # so the loop over the ingredients does not ask whether events are recorded
    run = g.ri  # the first ingredient revealed since the last event
    for ri in range(run, len(queue)):
        cid = queue[ri]
        k = kind_of[cid]
        if k >= 0:
            cols[k].append(cid)
            cu[k] += units_of[cid]
            continue
        g.ri = ri + 1  # start_order never reveals: the loop goes on from here if it asks nothing
        if events is not None:
            _reveal_events(g, run, ri)
            g.emit({"type": E.REVEAL, "card": list(cards.face[cid]), "index": ri,
                    "owner": cards.owner[cid]})
            run = ri + 1
        if start_order(g, cid):
            return
    if events is not None:
        _reveal_events(g, run, len(queue))
    g.ri = len(queue)
    finish_scoring(g)


def _reveal_events(g: Game, start: int, end: int) -> None:
    """The reveal events of the oven's ingredient cards ``start`` to ``end`` (exclusive)."""
    face = g.cards.face
    queue = g.reveal_queue
    for ri in range(start, end):
        g.emit({"type": E.REVEAL, "card": list(face[queue[ri]]), "index": ri})


def ask(g: Game, phase: Phase, step: object) -> bool:
    """Pose a decision: the phase and the step say what is asked (decide.py derives it)."""
    g.phase = phase
    g.step = step
    return True


def start_order(g: Game, cid: int) -> bool:
    """Begin resolving a revealed order; True when a decision is now asked."""
    cards = g.cards
    spec = cards.order[cid]
    owner = cards.owner[cid]
    own = g.own[owner]
    r = g.resolving
    if r is None:
        g.resolving = Resolving(cid, owner, [])
    else:  # the game's own record (a copy makes its own: Game._copy; nothing else holds it),
        # set afresh in place: calling a dataclass runs its __init__ in a nested interpreter
        r.card = cid
        r.owner = owner
        r.members = []
        r.helper = -1
        r.rewarded = False
    col_units = g.cu  # read-only here
    if spec.prechecked:
        reason = spec.otype.precheck(spec.params, own, col_units)
        if reason:
            fail(g, cid, reason)
            return False
    otype = spec.otype
    special = otype.special
    if special == "block":
        return ask(g, BLOCK, record(BlockStep, ()))
    if special == "show":
        return start_show(g, cid)
    if spec.series:
        # Asked whether or not the owner holds partners (then the only choice is the order
        # alone): a question asked only of holders would tell every seat so.
        return ask(g, SERIES, record(SeriesStep, (next(iter(spec.params["needs"].values())),)))
    scorer = g.own[g.scorer_seat]
    # most orders have one way to be filled: its need per scorer's kind is kept per card
    one_need = cards.memo.one_need
    need = one_need.get((cid, scorer))
    if need is not None:
        return start_fill(g, cid, need)
    variants, choices = memo.static_variants(cards, cid, own, col_units)
    if not variants:
        fail(g, cid, "no-kind")
        return False
    if len(variants) > 1:
        # "If the columns alone can fill it, it is filled": the owner then chooses only
        # among the ways the columns fill it.
        # (memo.variants_the_columns_fill is the quick form of
        #  [i for i, v in enumerate(variants) if columns_fill(g, need_of(g, cid, v))])
        by_columns = memo.variants_the_columns_fill(cards, cid, variants, own, scorer, g.cu, g.cols)
        if by_columns and len(by_columns) < len(variants):
            variants = [variants[i] for i in by_columns]
            choices = tuple([choices[i] for i in by_columns])
        if len(variants) > 1:
            return ask(g, VARIANT, record(VariantStep, (tuple(variants), choices)))
        return start_fill(g, cid, need_of(g, cid, variants[0]))
    need = need_of(g, cid, variants[0])
    if otype.static_variants:  # the one variant whatever the columns hold
        one_need[(cid, scorer)] = need
    return start_fill(g, cid, need)


def need_of(g: Game, cid: int, variant: tuple[int, ...]) -> Need:
    """What order ``cid`` needs in ``variant`` now (the scorer's kind matters to sole-mio)."""
    return memo.need(g.cards, cid, variant, g.own[g.cards.owner[cid]], g.own[g.scorer_seat])


def columns_fill(g: Game, need: Need) -> bool:
    """Whether the columns alone meet ``need`` (a double card needs a double card)."""
    units, dbl, many = need
    cu = g.cu
    if many and sum(cu) < many:
        return False
    cols = g.cols
    for k in range(5):
        if units[k] > cu[k] or (dbl[k] and dbl[k] > cu[k] - len(cols[k])):
            return False
    return True


def after_order(g: Game) -> None:
    """Continue after an order was filled or failed: the rest of its series, then the oven."""
    if g.resolving.members and next_series_member(g):
        return
    next_reveal(g)


# ---------------------------------------------------------------- series


def on_series(g: Game, ch: Choice) -> None:
    """``("series", ((order id, units), ...))``: the revealed order and the partners from
    hand that join it, with the requirements 4, 3, 2, 1 as the owner assigns them."""
    r = g.resolving
    owner = r.owner
    rev = r.card
    if len(ch[1]) == 1:  # the revealed order alone (always so for an owner without partners)
        r.members = [(rev, ch[1][0][1])]
    else:
        rev_id = g.cards.order[rev].id
        members = []
        for oid, units in ch[1]:
            if oid == rev_id:
                members.append((rev, units))
            else:
                members.append((g.take_order(owner, oid), units))
        members.sort(key=itemgetter(1), reverse=True)  # stable: as listed among equals
        r.members = members
    if g.events is not None:
        g.emit({"type": E.SERIES, "seat": owner, "orders": [list(x) for x in ch[1]]})
    if not next_series_member(g):
        next_reveal(g)


def next_series_member(g: Game) -> bool:
    """Resolve the series' members in turn, largest first; True when a decision is asked."""
    r = g.resolving
    while r.members:
        cid, units = r.members.pop(0)
        r.card = cid
        if start_fill(g, cid, memo.series_need(g.cards, cid, units)):
            return True
    return False


# ---------------------------------------------------------------- variants and filling


def on_variant(g: Game, ch: Choice) -> None:
    """``("variant", kinds)``: the kinds a choice order takes, in the order of its needs."""
    r = g.resolving
    spec = g.cards.order[r.card]
    variant = tuple(map(KIND_INDEX.__getitem__, ch[1]))
    if g.events is not None:
        g.emit({"type": E.VARIANT, "seat": r.owner, "order": spec.id, "kinds": list(ch[1])})
    if not start_fill(g, r.card, need_of(g, r.card, variant)):
        after_order(g)


def column_take(g: Game, need: Need, takes_all: bool) -> tuple[list[int], Need]:
    """Cards the columns give (doubles first, while units are needed) and what is missing
    (``NOTHING_MISSING`` itself when nothing is: ``start_fill`` asks by identity)."""
    cols = g.cols
    take: list[int] = []
    if takes_all:
        for col in cols:
            take.extend(col)
        short = need[2] - sum(g.cu)
        return take, (ZERO5, ZERO5, short) if short > 0 else NOTHING_MISSING
    units_of = g.cards.units
    miss_u: list[int] | None = None  # made only when something is missing
    miss_d: list[int] | None = None
    cu = g.cu
    named = _NAMED.get(need)
    if named is None:
        named = memo.memo(_NAMED, need, _kinds_named, need)
    for k, u, dn in named:
        col = cols[k]
        n = len(col)
        nd = cu[k] - n  # the column's doubles: its units minus its cards
        if not (nd or dn):  # units from a column of singles (all of Mamma Mia!'s): its first u
            if n >= u:
                take += col[:u]
                continue
            take += col
            if miss_u is None:
                miss_u = [0, 0, 0, 0, 0]
            miss_u[k] = u - n
            continue
        if dn:
            if nd == n:
                got = col[:dn]
            else:
                got = [c for c in col if units_of[c] == 2][:dn] if nd else []
            take += got
            if len(got) < dn:
                if miss_d is None:
                    miss_d = [0, 0, 0, 0, 0]
                miss_d[k] = dn - len(got)
            continue
        use = (u + 1) // 2  # doubles first
        if use > nd:
            use = nd
        if use:
            take += col[:use] if nd == n else [c for c in col if units_of[c] == 2][:use]
        rem = u - 2 * use
        if rem > 0:
            ns = n - nd
            if ns:
                take += col[:rem] if not nd else [c for c in col if units_of[c] == 1][:rem]
                if ns >= rem:
                    continue
                rem -= ns
            if miss_u is None:
                miss_u = [0, 0, 0, 0, 0]
            miss_u[k] = rem
    if miss_u is None and miss_d is None:
        return take, NOTHING_MISSING
    return take, (ZERO5 if miss_u is None else tuple(miss_u),
                  ZERO5 if miss_d is None else tuple(miss_d), 0)


# per need: (kind, units, doubles) of the kinds it names, so a take skips the others
_NAMED: dict[Need, tuple[tuple[int, int, int], ...]] = {}


def _kinds_named(need: Need) -> tuple[tuple[int, int, int], ...]:
    units, dbl, _ = need
    return tuple([(k, units[k], dbl[k]) for k in range(5) if units[k] or dbl[k]])


def start_fill(g: Game, cid: int, need: Need) -> bool:
    """Fill from the columns; if they fall short, ask the owner (True)."""
    r = g.resolving
    r.card = cid
    take, missing = column_take(g, need, g.cards.order[cid].otype.takes_all_columns)
    if missing is NOTHING_MISSING:  # a tuple compared by value costs a look at each kind
        filled(g, cid, take, [], [], -1)
        return False
    return ask(g, FILL, record(FillStep, (tuple(take), need, missing)))


def on_fill(g: Game, ch: Choice) -> None:
    """``("fill", hand cards, request or None)``: the owner adds those cards; with a request,
    the opponents are asked in turn (the cards named become public knowledge)."""
    _, hand, request = ch
    r = g.resolving
    step: FillStep = g.step  # type: ignore[assignment]
    owner = r.owner
    if request is None:
        offered = g.take_cards(owner, hand)
        filled(g, r.card, list(step.take), offered, [], -1)
        after_order(g)
        return
    known = g.known[owner]
    for kind, s, d in hand:
        for face, count in (((kind, 1), s), ((kind, 2), d)):
            extra = count - known.count(face)
            if extra > 0:
                known.extend([face] * extra)
    if r.helper >= 0:  # one helper for a whole series
        queue: tuple[int, ...] = (r.helper,)
    else:
        queue = g.cards.others[owner]
    if g.events is not None:
        g.emit({"type": E.HELP_ASKED, "seat": owner, "request": [list(x) for x in request],
                "offered": [list(x) for x in hand]})
    ask(g, HELP, record(HelpStep, (step, hand, request, queue[0], queue[1:])))


def on_decline(g: Game, ch: Choice) -> None:
    step: HelpStep = g.step  # type: ignore[assignment]
    r = g.resolving
    if g.events is not None:
        g.emit({"type": E.HELP_DECLINED, "seat": r.owner, "helper": step.asking})
    if step.queue:
        ask(g, HELP, record(HelpStep, (step.fill, step.offered, step.request, step.queue[0],
                                     step.queue[1:])))
        return
    nobody_helped(g)


def nobody_helped(g: Game) -> None:
    """Every opponent declined: the order fails and the offered cards stay in hand (and
    known)."""
    fail(g, g.resolving.card, "no-help")
    after_order(g)


def on_help(g: Game, ch: Choice) -> None:
    """``("help", cards)``: the asked opponent covers the request; the order is filled."""
    step: HelpStep = g.step  # type: ignore[assignment]
    r = g.resolving
    helper = step.asking
    given = g.take_cards(helper, ch[1])
    offered = g.take_cards(r.owner, step.offered)
    if g.events is not None:
        g.emit({"type": E.HELP_GIVEN, "seat": r.owner, "helper": helper,
                "cards": [list(g.cards.face[c]) for c in given]})
    r.helper = helper
    filled(g, r.card, list(step.fill.take), offered, given, helper)
    after_order(g)


def on_give_up(g: Game, ch: Choice) -> None:
    fail(g, g.resolving.card, "given-up")
    after_order(g)


def filled(g: Game, cid: int, take: list[int], offered: list[int], given: list[int],
           helper: int) -> None:
    """The order is filled: its cards to the used pile, a helper rewarded once per series,
    and a sole-mio order takes the scorer card."""
    cards = g.cards
    owner = cards.owner[cid]
    kind, units = cards.kind, cards.units
    cols, cu = g.cols, g.cu
    for c in take:
        k = kind[c]
        cols[k].remove(c)
        cu[k] -= units[c]
    used = take + offered + given
    g.used.extend(used)
    g.filled[owner].append(cid)
    face = cards.face
    if g.events is not None:
        g.emit({"type": E.FILLED, "seat": owner, "order": list(face[cid]),
                "used": [list(face[c]) for c in used],
                "offered": [list(face[c]) for c in offered],
                "given": [list(face[c]) for c in given]})
    r = g.resolving
    if helper >= 0 and not r.rewarded:
        r.rewarded = True
        stack = g.stacks[helper]
        reward = stack.pop() if stack else None
        if reward is not None:
            g.filled[helper].append(reward)
            if g.stack_known[helper] > len(stack):
                g.stack_known[helper] = len(stack)
        if g.events is not None:
            g.emit({"type": E.REWARD, "seat": helper,
                    "order": list(face[reward]) if reward is not None else None})
    if cards.order[cid].otype.takes_scorer and g.scorer_seat != owner:
        g.scorer_seat = owner
        # the owner takes the scorer card itself (from the supply after a stall)
        if g.scorer_holder < 0 and cards.scorer in g.supply:
            g.supply.remove(cards.scorer)
        g.scorer_holder = owner
        if g.events is not None:
            g.emit({"type": E.SCORER_MOVED, "seat": owner})


def fail(g: Game, cid: int, reason: str) -> None:
    """Not filled: under its owner's order stack (Grande: out of the game)."""
    owner = g.cards.owner[cid]
    if g.cs.unfilled == "out-of-game":
        g.box.append(cid)
    else:
        g.stacks[owner].insert(0, cid)
        g.stack_known[owner] += 1
    if g.events is not None:
        g.emit({"type": E.FAILED, "seat": owner, "order": list(g.cards.face[cid]),
                "reason": reason})


# ---------------------------------------------------------------- block


def on_block(g: Game, ch: Choice) -> None:
    """``("block", singles, doubles)`` added from hand; every unit of the owner's kind in the
    column is needed, and the opponents reveal theirs: as many between them block it."""
    _, a, b = ch
    r = g.resolving
    owner = r.owner
    k = g.own[owner]
    kind = KINDS[k]
    added = g.take_cards(owner, ((kind, a, b),))
    g.cols[k].extend(added)
    g.cu[k] += a + 2 * b
    needed = g.cu[k]
    revealed: dict[int, list[Face]] = {}
    total = 0
    face, kind_of = g.cards.face, g.cards.kind
    for i in range(1, g.n):
        opp = (owner + i) % g.n
        singles, doubles = memo.kind_counts(g, opp, k)  # the hand's key counts them
        faces = [face[c] for c in g.hands[opp] if kind_of[c] == k] if singles or doubles else []
        revealed[opp] = faces
        total += singles + 2 * doubles
        known = g.known[opp]
        g.known[opp] = [f for f in known if f[0] != kind] + faces if known else faces
        g.exhausted[opp] |= 1 << k
    blocked = total >= needed
    if g.events is not None:
        g.emit({"type": E.BLOCK, "seat": owner, "added": [kind, a, b], "needed": needed,
                "revealed": {str(s): [list(f) for f in v] for s, v in revealed.items()},
                "blocked": blocked})
    if blocked:
        fail(g, r.card, "blocked")
    else:
        filled(g, r.card, list(g.cols[k]), [], [], -1)
    next_reveal(g)


# ---------------------------------------------------------------- show


def start_show(g: Game, cid: int) -> bool:
    """The owner must ask an opponent who holds an ingredient card (card backs show it)."""
    owner = g.cards.owner[cid]
    keys = g.hand_keys  # a hand's key is 0 exactly when it holds no ingredient card
    targets = tuple([s for s in g.cards.others[owner] if keys[s]])
    if not targets:
        fail(g, cid, "nobody-to-ask")
        return False
    return ask(g, SHOW_ASK, record(ShowAskStep, (targets,)))


def on_ask(g: Game, ch: Choice) -> None:
    ask(g, SHOW_CARD, record(ShowCardStep, (ch[1],)))


def on_show(g: Game, ch: Choice) -> None:
    """``("show", kind, units)``: the asked opponent shows that card; if the owner holds
    the kind they play one of it, else the order fails."""
    _, kind, units = ch
    step: ShowCardStep = g.step  # type: ignore[assignment]
    owner = g.resolving.owner
    target = step.asked
    if (kind, units) not in g.known[target]:
        g.known[target].append((kind, units))
    if g.events is not None:
        g.emit({"type": E.SHOW, "seat": owner, "asked": target, "shown": [kind, units]})
    ask(g, SHOW_PLAY, record(ShowPlayStep, (target, kind, units)))


def show_nothing_to_play(g: Game) -> None:
    """The owner holds no card of the shown kind: the order fails."""
    fail(g, g.resolving.card, "kind-not-held")
    next_reveal(g)


def on_show_play(g: Game, ch: Choice) -> None:
    """``("show-play", units)``: a single or a double of the shown kind fills the order."""
    step: ShowPlayStep = g.step  # type: ignore[assignment]
    r = g.resolving
    card = g.take_face(r.owner, (step.kind, ch[1]))
    filled(g, r.card, [], [card], [], -1)
    next_reveal(g)


# ---------------------------------------------------------------- the end of the scoring


def finish_scoring(g: Game) -> None:
    """The columns' cards become the next oven; the used pile and the scorer card go back
    into the supply; the scorer starts the next round (or the game ends)."""
    g.reveal_queue = []
    g.ri = 0
    g.resolving = None
    g.step = None
    leftover = [c for col in g.cols for c in col]
    g.cols = [[] for _ in range(5)]
    g.cu = [0, 0, 0, 0, 0]
    g.oven = leftover
    scorer = g.scorer_seat
    if g.round >= g.cs.rounds:
        game_over(g)
        return
    supply = g.supply + g.used
    if g.cards.scorer not in supply:
        supply.append(g.cards.scorer)
    g.used = []
    g.rng.shuffle(supply)
    g.supply = supply
    g.scorer_holder = -1
    g.round += 1
    g.round_starter = scorer
    g.turn = scorer
    g.idle = 0
    face = g.cards.face
    g.history = [("carried", face[c][0], face[c][1]) for c in leftover]
    if g.events is not None:
        g.emit({"type": E.NEW_ROUND, "round": g.round, "first": scorer,
                "oven": [list(face[c]) for c in leftover]})
    turn.begin_turn(g)


def game_over(g: Game) -> None:
    """Most filled orders wins; a tie goes to the most units in hand, then is shared."""
    g.phase = OVER
    scores = g.scores()
    best = max(scores)
    leaders = [s for s in range(g.n) if scores[s] == best]
    tie_break = None
    if len(leaders) > 1:
        units = {s: g.hand_units(s) for s in leaders}
        top = max(units.values())
        winners = [s for s in leaders if units[s] == top]
        tie_break = "shared" if len(winners) > 1 else "hand-units"
    else:
        winners = leaders
    g.winners = winners
    g.tie_break = tie_break
    if g.events is not None:
        g.emit({"type": E.GAME_OVER, "filled": scores, "winners": winners, "tie_break": tie_break,
                "hand_units": [g.hand_units(s) for s in range(g.n)]})


HANDLERS = {
    "series": on_series,
    "variant": on_variant,
    "fill": on_fill,
    "give-up": on_give_up,
    "help": on_help,
    "decline": on_decline,
    "block": on_block,
    "ask": on_ask,
    "show": on_show,
    "show-play": on_show_play,
}
