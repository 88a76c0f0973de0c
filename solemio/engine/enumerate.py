"""Enumerating the legal choices: the fast ways, and beside them the slow, obvious ones.

Each fast function answers "what may this seat choose" from a few counts (a hand's
single and double cards per kind, what is missing, the columns), built from
memoised components so a random play-out rarely computes anything twice.  Each
has a slow twin (``slow_*``) written straight from the rules, over a hand's
faces, that ``tests/test_enumerate.py`` compares it with: read those to learn
what a choice means, the fast ones to see how it is made quick.

A *cover* gives at least the units asked for with no superfluous card (taking
any card away would leave too few): the owner's top-up from hand and a helper's
answer are both covers.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, permutations, product
from math import comb

from solemio.engine.covers import any_covers, unit_covers
from solemio.engine.kinds import KIND_INDEX, KINDS
from solemio.engine.orders import Need
from solemio.engine.state import DECLINE, GIVE_UP, PASS, Choice, Face


def plays(counts: Sequence[int]) -> tuple[Choice, ...]:
    """Every play of a hand with these counts: 1 or more cards, all of one kind; else pass.
    Kind by kind, each kind's plays memoised (a new hand is met often in a play-out)."""
    out: tuple[Choice, ...] = ()
    for k in range(5):
        s, d = counts[k], counts[k + 5]
        if s or d:
            out += _kind_plays(k, s, d)
    return out or (PASS,)


@cache
def _kind_plays(k: int, s: int, d: int) -> tuple[Choice, ...]:
    """The plays of ``s`` singles and ``d`` doubles of kind ``k``: a singles, b doubles."""
    name = KINDS[k]
    return tuple([("play", name, a, b) for a in range(s + 1) for b in range(d + 1) if a or b])


def block_choices(singles: int, doubles: int, column: int, low: int) -> tuple[Choice, ...]:
    """How many own-kind cards a block's owner may add: the column must reach ``low``.
    Only an order the column cannot carry yet may be given up: with ``low`` lying there
    it goes to the opponents' reveal."""
    choices: list[Choice] = [
        ("block", a, b)
        for a in range(singles + 1)
        for b in range(doubles + 1)
        if column + a + 2 * b >= low
    ]
    if column < low:
        choices.append(GIVE_UP)
    return tuple(choices)


def fill_choices(counts: Sequence[int], missing: Need, help_ok: bool) -> tuple[Choice, ...]:
    """Every way to fill ``missing`` from a hand with these counts (and a request for the
    rest), then giving up."""
    mu, md, many = missing
    comps: list[tuple] = []  # per component: its (options, choices if it is the only one)
    for k in range(5):
        m = mu[k]
        if m:
            comp = _unit_fill(k, m, help_ok, counts[k], counts[k + 5])
            if not comp[0]:
                return GIVE_UP_ONLY
            comps.append(comp)
        m = md[k]
        if m:
            comp = _double_fill(k, m, help_ok, counts[k + 5])
            if not comp[0]:
                return GIVE_UP_ONLY
            comps.append(comp)
    if many:
        choices = _any_fill(many, help_ok, tuple(counts))[1]
        if not comps:  # an order of any kinds needs nothing else (AnyUnits)
            return choices
        comps.append(([(c[1], c[2] or ()) for c in choices if c is not GIVE_UP], ()))
    if len(comps) == 1:
        return comps[0][1]
    out = []
    for combo in product(*[c[0] for c in comps]):
        hand: tuple = ()
        req: tuple = ()
        for hp, rp in combo:
            hand += hp
            req += rp
        out.append(("fill", hand, req or None))
    out.append(GIVE_UP)
    return tuple(out)


GIVE_UP_ONLY = (GIVE_UP,)

def _fill_component(opts: list[tuple[tuple, tuple]]) -> tuple[tuple, tuple]:
    """A component's (hand part, request part) options, and the decision when it is alone."""
    return tuple(opts), (*[("fill", hp, rp or None) for hp, rp in opts], GIVE_UP)


# The components of a fill are pure functions of a few small ints: memoised.
@cache
def _unit_fill(k: int, m: int, help_ok: bool, singles: int, doubles: int) -> tuple[tuple, tuple]:
    """Hand cards (no superfluous one) for part of ``m`` units of kind ``k``, the rest asked
    for: never more than the hand leaves missing (a double offered covers 2)."""
    opts: list[tuple[tuple, tuple]] = []
    for h in range(m + 1):
        for a, b in unit_covers(h, singles, doubles):
            r = max(0, m - a - 2 * b)
            if r and not help_ok:
                continue
            opt = (((KINDS[k], a, b),) if h else (), ((KINDS[k], r),) if r else ())
            if opt not in opts:
                opts.append(opt)
    return _fill_component(opts)


@cache
def _double_fill(k: int, m: int, help_ok: bool, doubles: int) -> tuple[tuple, tuple]:
    opts = []
    for h in range(m + 1):
        r = m - h
        if (r and not help_ok) or h > doubles:
            continue
        opts.append((((KINDS[k], 0, h),) if h else (), (("double-" + KINDS[k], r),) if r else ()))
    return _fill_component(opts)


@lru_cache(maxsize=1 << 14)
def _any_fill(m: int, help_ok: bool, counts: tuple[int, ...]) -> tuple[tuple, Sequence]:
    """Hand cards for part of ``m`` units of any kinds; the rest asked for as a specific
    combination of kinds (a request names cards, never "N of any kinds").

    A hand part is a cover (``covers.any_covers``) of some h <= m units, h = 0 (nothing
    from hand) only with help, h = m only without; the parts come in order of the least
    such h, then as ``any_covers`` lists them.  One pass over the hand's sub-multisets
    finds them all (``tests/test_enumerate.py`` compares it with the h-by-h form)."""
    if not help_ok and sum(counts[:5]) + 2 * sum(counts[5:]) < m:
        # without help a part covers all m units, and the whole hand falls short: no part
        # (most of Mamma Mia!'s fills of its fifteen units, each met for a new hand)
        return (), AnyFillChoices(())
    by_h: list[list[tuple[tuple, int]]] = [[] for _ in range(m + 1)]
    picks = _PICKS  # each hand's sub-multiset's units and part, made once (hands differ widely,
    # their sub-multisets far less: a Mamma Mia! play-out meets a new hand at most fills)
    if len(picks) > 100_000:
        picks.clear()
    for pick in product(*[range(c + 1) for c in counts]):
        got = picks.get(pick)
        if got is None:
            got = picks[pick] = _pick(pick)
        total, least, part = got
        if least > m:
            continue
        if help_ok:
            h = least if total else 0
        elif total >= m:
            h = m
        else:
            continue
        by_h[h].append((part, m - total if total < m else 0))
    return (), AnyFillChoices(tuple([p for parts in by_h for p in parts]))


_PICKS: dict[tuple[int, ...], tuple[int, int, tuple]] = {}


def _pick(pick: tuple[int, ...]) -> tuple[int, int, tuple]:
    """A sub-multiset's (singles, doubles per kind) units, the least h it covers minimally
    (without its smallest card it must fall short of h: no superfluous card), its part."""
    singles = pick[0] + pick[1] + pick[2] + pick[3] + pick[4]
    total = singles + 2 * (pick[5] + pick[6] + pick[7] + pick[8] + pick[9])
    least = total - (1 if singles else 2) + 1
    part = tuple([(KINDS[k], pick[k], pick[k + 5]) for k in range(5) if pick[k] or pick[k + 5]])
    return total, least, part


def _any_fill_by_covers(m: int, help_ok: bool, counts: tuple[int, ...]) -> tuple:
    """``_any_fill``'s hand parts the slow way, h by h (its test oracle)."""
    parts: list[tuple[tuple, int]] = []
    for h in range(m + 1) if help_ok else (m,):
        for pick in any_covers(h, counts):
            r = max(0, m - sum(pick[:5]) - 2 * sum(pick[5:]))
            if r and not help_ok:
                continue
            part = tuple((KINDS[k], pick[k], pick[k + 5]) for k in range(5) if pick[k] or pick[k + 5])
            if (part, r) not in parts:
                parts.append((part, r))
    return tuple(parts)


# A computer seat reads a fill decision of an order of any kinds choice by choice (hard's
# play-outs, thousands of times a search, through the same few hand parts): the choices of
# the last few hundred decisions are kept listed, up to a few thousand each.
_LISTED: dict[tuple, tuple] = {}
LISTED_LIMIT = 256
LIST_MAX = 4096


class AnyFillChoices(Sequence):
    """The fill decision of an order of any kinds, without building its choices.

    Each hand part leaves ``r`` units to ask for, and every split of ``r`` among the kinds
    is a request of its own: thousands of choices, of which a game looks at one or two.
    So they are counted, indexed and tested for membership arithmetically; the order is
    that of listing every request of each hand part in turn, then giving up.
    """

    __slots__ = ("parts", "known", "ends")

    def __init__(self, parts: tuple[tuple[tuple, int], ...]) -> None:
        self.parts = parts
        self.known = frozenset(parts)
        ends = []
        total = 0
        for _part, r in parts:
            total += comb(r + 4, 4)  # len(kind_requests(r))
            ends.append(total)
        self.ends = ends

    def __len__(self) -> int:
        return (self.ends[-1] if self.ends else 0) + 1

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(len(self))))
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if i == n - 1:
            return GIVE_UP
        p = bisect_right(self.ends, i)
        part, r = self.parts[p]
        req = kind_request(r, i - (self.ends[p - 1] if p else 0))
        return ("fill", part, req or None)

    def __iter__(self):
        listed = _LISTED.get(self.parts)
        if listed is None:
            if len(self) > LIST_MAX:
                return self._each()
            if len(_LISTED) >= LISTED_LIMIT:
                _LISTED.clear()
            listed = _LISTED[self.parts] = tuple(self._each())
        return iter(listed)

    def _each(self):
        for part, r in self.parts:
            for req in kind_requests(r):
                yield ("fill", part, req or None)
        yield GIVE_UP

    def __contains__(self, choice: object) -> bool:
        if choice == GIVE_UP:
            return True
        if not isinstance(choice, tuple) or len(choice) != 3 or choice[0] != "fill":
            return False
        req = choice[2]
        if req is None:
            r = 0
        else:
            if not isinstance(req, tuple) or not req:
                return False
            r = 0
            last = -1
            for item in req:
                if not isinstance(item, tuple) or len(item) != 2:
                    return False
                kind, n = item
                k = KIND_INDEX.get(kind, -1) if isinstance(kind, str) else -1
                if k <= last or not isinstance(n, int) or n < 1:
                    return False
                last = k
                r += n
        try:
            return (choice[1], r) in self.known
        except TypeError:  # unhashable parts: not a choice of ours
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AnyFillChoices):
            return self.parts == other.parts
        return isinstance(other, tuple) and tuple(self) == other

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"AnyFillChoices({len(self)} choices)"


@cache
def kind_requests(r: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every request of ``r`` units named kind by kind: ((kind, units), ...) in kind order."""
    if r == 0:
        return ((),)
    out = []
    for bars in combinations(range(r + 4), 4):  # stars and bars: 5 counts summing to r
        out.append(_split_at(r, bars))
    return tuple(out)


def _split_at(r: int, bars: Sequence[int]) -> tuple[tuple[str, int], ...]:
    """The request whose 5 counts lie between the 4 ``bars`` among r + 4 places."""
    edges = (-1, *bars, r + 4)
    return tuple([(KINDS[k], edges[k + 1] - edges[k] - 1) for k in range(5)
                  if edges[k + 1] - edges[k] > 1])


def kind_request(r: int, i: int) -> tuple[tuple[str, int], ...]:
    """``kind_requests(r)[i]`` without listing them (up to 3,876 for 15 units): the i-th
    4-combination of range(r + 4) in lexicographic order, counted off with ``comb``."""
    if r == 0:
        return ()
    n = r + 4
    bars = []
    x = 0
    for left in (4, 3, 2, 1):
        while True:
            starting_here = comb(n - x - 1, left - 1)  # combinations whose next bar is x
            if i < starting_here:
                break
            i -= starting_here
            x += 1
        bars.append(x)
        x += 1
    return _split_at(r, bars)

def help_choices(counts: Sequence[int], request: tuple) -> tuple[Choice, ...]:
    """A helper's choices: decline, or each exact way a hand with these counts covers ``request``."""
    if len(request) == 1:
        return _help_item(request[0], counts)[1]
    comps = []
    for item in request:
        opts = _help_item(item, counts)[0]
        if not opts:
            return (DECLINE,)
        comps.append(opts)
    return (DECLINE, *[("help", sum(combo, ())) for combo in product(*comps)])


def _help_item(item: tuple[str, int], counts: Sequence[int]) -> tuple[tuple, tuple]:
    """The covers of one request item, and the helper's choices if it is the only one."""
    what, n = item
    if what.startswith("double-"):
        k = KIND_INDEX[what[7:]]
        return _help_component(what, n, 0, counts[k + 5])
    k = KIND_INDEX[what]
    return _help_component(what, n, counts[k], counts[k + 5])


@cache
def _help_component(what: str, n: int, singles: int, doubles: int) -> tuple[tuple, tuple]:
    if what.startswith("double-"):
        kind = what[7:]
        opts = (((kind, 0, n),),) if doubles >= n else ()
    else:
        opts = tuple(((what, a, b),) for a, b in unit_covers(n, singles, doubles))
    return opts, (DECLINE, *[("help", c) for c in opts])

def series_choices(rev: str, mates: list[str], units: int) -> tuple[Choice, ...]:
    """Every series the revealed order ``rev`` may lead: which mates join, and their amounts."""
    choices = []
    for size in range(0, min(3, len(mates)) + 1):
        amounts = [units - i for i in range(size + 1)]
        if amounts[-1] < 1:
            break
        for group in combinations(mates, size):
            members = (rev,) + group
            for perm in permutations(amounts):
                choices.append(("series", tuple(zip(members, perm, strict=True))))
    return tuple(choices)

def request_items(missing: Need) -> tuple[tuple[str, int], ...]:
    mu, md, many = missing
    out = [(KINDS[k], mu[k]) for k in range(5) if mu[k]]
    out += [("double-" + KINDS[k], md[k]) for k in range(5) if md[k]]
    if many:
        out.append(("any", many))
    return tuple(out)


# ---------------------------------------------------------------- the slow twins (test oracles)


def _units_of(cards: list[Face]) -> int:
    return sum(f[1] for f in cards)


def _as_counts(kind: str, cards: list[Face]) -> tuple[str, int, int]:
    return (kind, sum(1 for f in cards if f[1] == 1), sum(1 for f in cards if f[1] == 2))


def _sub_hands(hand: list[Face]) -> set[tuple[Face, ...]]:
    """Every sub-multiset of ``hand`` (as sorted tuples)."""
    out: set[tuple[Face, ...]] = set()
    for n in range(len(hand) + 1):
        for combo in combinations(sorted(hand), n):
            out.add(combo)
    return out


def _no_superfluous(cards: tuple[Face, ...], enough: int) -> bool:
    return all(_units_of(list(cards)) - f[1] < enough for f in cards)


def _in_kind_order(cards: tuple[Face, ...]) -> tuple:
    """Cards as (kind, singles, doubles) items, kind by kind, kinds without cards left out."""
    return tuple(_as_counts(k, [f for f in cards if f[0] == k]) for k in KINDS
                 if any(f[0] == k for f in cards))


def slow_plays(hand: list[Face]) -> set[Choice]:
    """Every play by definition: a non-empty set of ingredient cards of one kind."""
    out: set[Choice] = set()
    for sub in _sub_hands([f for f in hand if f[0] in KINDS]):
        if sub and len({f[0] for f in sub}) == 1:
            out.add(("play", *_as_counts(sub[0][0], list(sub))))
    return out or {PASS}


def slow_fills(hand: list[Face], missing: Need, help_ok: bool) -> set[Choice]:
    """Every fill by definition: hand cards none of which is superfluous, and a request for
    exactly what they leave missing (named kind by kind, doubles as double cards)."""
    mu, md, many = missing
    out: set[Choice] = {GIVE_UP}
    for sub in _sub_hands([f for f in hand if f[0] in KINDS]):
        hand_part: list[tuple] = []
        request: list[tuple] = []
        ok = True
        if many:
            # any kinds: superfluous when the rest would still reach ``many``
            if not _no_superfluous(sub, many):
                continue
            rest = max(0, many - _units_of(list(sub)))
            hand_part = list(_in_kind_order(sub))
            requests = [r for r in _slow_kind_splits(rest)] if rest else [()]
            if rest and not help_ok:
                continue
            for req in requests:
                out.add(("fill", tuple(hand_part), req or None))
            continue
        for k, kind in enumerate(KINDS):
            singles = [f for f in sub if f == (kind, 1)]
            doubles = [f for f in sub if f == (kind, 2)]
            if md[k]:
                if singles or len(doubles) > md[k]:
                    ok = False
                    break
                if doubles:
                    hand_part.append((kind, 0, len(doubles)))
                if md[k] - len(doubles):
                    request.append(("double-" + kind, md[k] - len(doubles)))
            elif mu[k]:
                mine = tuple(singles + doubles)
                if not _no_superfluous(mine, mu[k]):
                    ok = False
                    break
                if mine:
                    hand_part.append(_as_counts(kind, list(mine)))
                rest = mu[k] - _units_of(list(mine))
                if rest > 0:
                    request.append((kind, rest))
            elif singles or doubles:
                ok = False  # a card of a kind that is not missing
                break
        if not ok or (request and not help_ok):
            continue
        out.add(("fill", tuple(hand_part), tuple(request) or None))
    if out == {GIVE_UP}:
        return {GIVE_UP}
    return out


def _slow_kind_splits(r: int) -> list[tuple]:
    out = []
    for split in product(range(r + 1), repeat=5):
        if sum(split) == r:
            out.append(tuple((KINDS[k], n) for k, n in enumerate(split) if n))
    return out


def slow_help(hand: list[Face], request: tuple) -> set[Choice]:
    """Every answer by definition: decline, or hand cards covering each item of the request
    with no superfluous card (a double may cover 2 units; a double item needs doubles)."""
    out: set[Choice] = {DECLINE}
    for sub in _sub_hands([f for f in hand if f[0] in KINDS]):
        parts = []
        used: list[Face] = []
        for what, n in request:
            if what.startswith("double-"):
                kind = what[7:]
                mine = [f for f in sub if f == (kind, 2)]
                if len(mine) != n:
                    break
                parts.append((kind, 0, n))
            else:
                mine = [f for f in sub if f[0] == what]
                if _units_of(mine) < n or not _no_superfluous(tuple(mine), n):
                    break
                parts.append(_as_counts(what, mine))
            used += mine
        else:
            if len(used) == len(sub):  # no card of a kind the request does not name
                out.add(("help", tuple(parts)))
    return out
