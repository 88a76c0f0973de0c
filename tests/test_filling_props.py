"""Property tests for filling orders: doubles first, over-filling, every owner choice listed."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from solemio.engine import load_cardset
from solemio.engine.covers import any_covers, unit_covers
from solemio.engine.enumerate import fill_choices
from solemio.engine.game import Game
from solemio.engine.kinds import KINDS
from solemio.engine.reveal import column_take
from solemio.engine.state import GIVE_UP

CS = load_cardset("grande")
SEATS = ["blue", "green", "brown"]


def _game_with_columns(singles: list[int], doubles: list[int]) -> Game:
    g = Game(CS, SEATS, 1)
    free = {(k, u): [] for k in range(5) for u in (1, 2)}
    for c in range(g.cards.n_ingredients):  # only the columns are looked at here
        free[(g.cards.kind[c], g.cards.units[c])].append(c)
    g.cols = [[] for _ in range(5)]
    for k in range(5):
        g.cols[k] = free[(k, 2)][: doubles[k]] + free[(k, 1)][: singles[k]]
    g.cu = [singles[k] + 2 * doubles[k] for k in range(5)]  # kept in step with cols, as in play
    return g


counts5 = st.lists(st.integers(0, 4), min_size=5, max_size=5)
dbl5 = st.lists(st.integers(0, 2), min_size=5, max_size=5)


@settings(max_examples=300, deadline=None)
@given(counts5, dbl5, st.lists(st.integers(0, 7), min_size=5, max_size=5))
def test_columns_give_doubles_first(singles, doubles, need):
    g = _game_with_columns(singles, doubles)
    take, (missing, _, _) = column_take(g, (tuple(need), (0,) * 5, 0), takes_all=False)
    for k in range(5):
        taken = [c for c in take if g.cards.kind[c] == k]
        td = sum(1 for c in taken if g.cards.units[c] == 2)
        ts = len(taken) - td
        assert td == min(doubles[k], (need[k] + 1) // 2)  # doubles first, while units needed
        if ts:
            assert td == doubles[k]  # a single only once every double is used
        units = 2 * td + ts
        assert missing[k] == max(0, need[k] - units)
        if missing[k] == 0 and need[k]:
            assert need[k] <= units <= need[k] + 1  # over-filled by at most one unit
        if missing[k]:
            assert ts == singles[k] and td == doubles[k]  # the columns gave all they had


def _brute_force_fills(hand: list[int], missing: list[int], help_ok: bool) -> set:
    """Every (hand part, request) by definition: hand cards none of which is superfluous,
    and a request for exactly what they leave missing."""
    out = set()
    per_kind = []
    for k in range(5):
        m = missing[k]
        if not m:
            continue
        opts = []
        for a, b in product(range(hand[k] + 1), range(hand[k + 5] + 1)):
            r = max(0, m - a - 2 * b)  # asked for: what the hand leaves missing, no more
            if r and not help_ok:
                continue
            if a and a - 1 + 2 * b >= m:
                continue
            if b and a + 2 * (b - 1) >= m:
                continue
            opts.append((((KINDS[k], a, b),) if (a or b) else (), ((KINDS[k], r),) if r else ()))
        per_kind.append(opts)
    for combo in product(*per_kind):
        hp = sum((c[0] for c in combo), ())
        rp = sum((c[1] for c in combo), ())
        out.add(("fill", hp, rp or None))
    return out


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=10, max_size=10),
    st.lists(st.integers(0, 4), min_size=5, max_size=5),
    st.booleans(),
)
def test_every_owner_choice_is_enumerated(hand, missing, help_ok):
    hand = [min(h, 2) if i >= 5 else h for i, h in enumerate(hand)]
    got = set(fill_choices(hand, (tuple(missing), (0,) * 5, 0), help_ok)) - {GIVE_UP}
    want = _brute_force_fills(hand, missing, help_ok)
    assert got == want


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(0, 6), st.integers(0, 3))
def test_unit_covers_are_exactly_the_minimal_covers(m, singles, doubles):
    got = set(unit_covers(m, singles, doubles))
    want = {
        (a, b)
        for a in range(singles + 1)
        for b in range(doubles + 1)
        if a + 2 * b >= m and not (a and a - 1 + 2 * b >= m) and not (b and a + 2 * b - 2 >= m)
    }
    assert got == want


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9), st.lists(st.integers(0, 2), min_size=10, max_size=10))
def test_any_covers_have_no_superfluous_card(m, counts):
    for pick in any_covers(m, tuple(counts)):
        total = sum(pick[:5]) + 2 * sum(pick[5:])
        assert total >= m
        for i in range(10):
            if pick[i]:
                assert total - (1 if i < 5 else 2) < m
        assert all(p <= c for p, c in zip(pick, counts, strict=True))


def _plain_take(g: Game, need: tuple) -> tuple[list[int], tuple]:
    """``column_take`` by the rule alone: per kind named, its double cards first (in the
    column's order) while units are needed, then its single cards; a double asked for by
    name from the doubles only."""
    units, dbl, _ = need
    take: list[int] = []
    mu, md = [0] * 5, [0] * 5
    for k in range(5):
        col = g.cols[k]
        doubles = [c for c in col if g.cards.units[c] == 2]
        singles = [c for c in col if g.cards.units[c] == 1]
        if dbl[k]:
            take += doubles[: dbl[k]]
            md[k] = max(0, dbl[k] - len(doubles))
            continue
        if not units[k]:
            continue
        use = min((units[k] + 1) // 2, len(doubles))
        take += doubles[:use]
        rem = units[k] - 2 * use
        if rem > 0:
            take += singles[:rem]
            mu[k] = max(0, rem - len(singles))
    return take, (tuple(mu), tuple(md), 0)


@settings(max_examples=300, deadline=None)
@given(counts5, dbl5, st.lists(st.integers(0, 7), min_size=5, max_size=5),
       st.lists(st.integers(0, 2), min_size=5, max_size=5), st.randoms())
def test_columns_give_the_cards_the_plain_rule_gives(singles, doubles, need, dneed, rnd):
    # the same cards in the same order as the plain rule, whatever the columns' order (a
    # column of singles alone, most of them, is taken by a shortcut: reveal.column_take)
    g = _game_with_columns(singles, doubles)
    for col in g.cols:
        rnd.shuffle(col)
    dneed = [d if rnd.random() < 0.3 else 0 for d in dneed]
    want = (tuple(need), tuple(dneed), 0)
    take, missing = column_take(g, want, takes_all=False)
    assert (take, missing) == _plain_take(g, want)
