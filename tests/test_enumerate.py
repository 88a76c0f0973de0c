"""The fast enumerators list exactly what their slow twins, written from the rules, list."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solemio.engine import enumerate as en
from solemio.engine.kinds import KINDS

ZERO5 = (0, 0, 0, 0, 0)
hands = st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from((1, 1, 2))), max_size=7)


def _counts(hand: list[tuple]) -> list[int]:
    c = [0] * 10
    for kind, units in hand:
        c[KINDS.index(kind) + (5 if units == 2 else 0)] += 1
    return c


@settings(max_examples=300, deadline=None)
@given(hands)
def test_plays(hand):
    assert set(en.plays(_counts(hand))) == en.slow_plays(hand)


@settings(max_examples=300, deadline=None)
@given(hands, st.lists(st.integers(0, 4), min_size=5, max_size=5), st.booleans())
def test_fills_of_units(hand, missing, help_ok):
    need = (tuple(missing), ZERO5, 0)
    assert set(en.fill_choices(_counts(hand), need, help_ok)) == en.slow_fills(hand, need, help_ok)


@settings(max_examples=200, deadline=None)
@given(hands, st.sets(st.integers(0, 4), min_size=1, max_size=2), st.booleans())
def test_fills_of_doubles(hand, kinds, help_ok):
    need = (ZERO5, tuple(1 if k in kinds else 0 for k in range(5)), 0)
    assert set(en.fill_choices(_counts(hand), need, help_ok)) == en.slow_fills(hand, need, help_ok)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from((1, 1, 2))), max_size=5),
       st.integers(1, 5), st.booleans())
def test_fills_of_any_kinds(hand, many, help_ok):
    need = (ZERO5, ZERO5, many)
    fast = en.fill_choices(_counts(hand), need, help_ok)
    slow = en.slow_fills(hand, need, help_ok)
    assert set(fast) == slow
    assert len(fast) == len(slow)  # listed once each
    for choice in slow:  # the lazy listing answers membership and indexing alike
        assert choice in fast
    assert [fast[i] for i in range(len(fast))] == list(fast)
    assert ("fill", (), (("any", many),)) not in fast


@pytest.mark.parametrize("r", range(0, 16))
def test_a_request_is_counted_off_as_listed(r):
    listed = en.kind_requests(r)
    assert [en.kind_request(r, i) for i in range(len(listed))] == list(listed)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=10, max_size=10), st.integers(1, 15), st.booleans())
def test_any_fill_in_one_pass_keeps_the_order_of_the_covers(counts, many, help_ok):
    """The one-pass enumeration lists the same hand parts in the same order as asking
    ``any_covers`` h by h (the order a random play-out's index picks from)."""
    fast = en._any_fill.__wrapped__(many, help_ok, tuple(counts))[1].parts
    assert fast == en._any_fill_by_covers(many, help_ok, tuple(counts))


@settings(max_examples=300, deadline=None)
@given(hands, st.lists(st.integers(0, 3), min_size=5, max_size=5), st.sampled_from(KINDS))
def test_help_answers(hand, units, double_kind):
    request = tuple((KINDS[k], n) for k in range(5) if (n := units[k]))
    if not request:
        request = (("double-" + double_kind, 1),)
    assert set(en.help_choices(_counts(hand), request)) == en.slow_help(hand, request)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=5, max_size=5),
       st.lists(st.integers(0, 2), min_size=5, max_size=5), st.integers(0, 3))
def test_the_variants_the_columns_fill(singles, doubles, scorer):
    from solemio.engine import load_cardset, memo, reveal
    from solemio.engine.game import Game

    g = Game(load_cardset("grande"), ["blue", "green", "brown", "red"], 1)
    cards = g.cards
    free = {(k, u): [c for c in range(cards.n_ingredients)
                     if cards.kind[c] == k and cards.units[c] == u] for k in range(5) for u in (1, 2)}
    g.cols = [free[(k, 2)][: doubles[k]] + free[(k, 1)][: singles[k]] for k in range(5)]
    g.cu = [sum(cards.units[c] for c in col) for col in g.cols]
    g.scorer_seat = scorer
    for cid in cards.seat_orders[2]:  # brown's orders: every order type of Grande
        spec = cards.order[cid]
        own = g.own[2]
        variants, _choices = memo.static_variants(cards, cid, own, g.cu)
        if len(variants) < 2:
            continue
        slow = [i for i, v in enumerate(variants)
                if reveal.columns_fill(g, reveal.need_of(g, cid, v))]
        fast = memo.variants_the_columns_fill(cards, cid, variants, own, g.own[scorer], g.cu,
                                              g.cols)
        assert fast == slow, spec.id


@pytest.mark.parametrize("many", [3, 6, 15])
def test_any_fill_choices_list_the_same_when_kept(many):
    # the choices of a fill of any kinds are listed once and kept (up to LIST_MAX): reading
    # them again, kept, gives the same choices in the same order as indexing them one by one
    choices = en._any_fill(many, True, (1, 0, 2, 1, 0, 1, 0, 0, 1, 0))[1]
    by_index = [choices[i] for i in range(len(choices))]
    assert list(choices) == by_index
    assert list(choices) == by_index
    assert (choices.parts in en._LISTED) == (len(choices) <= en.LIST_MAX)
    assert all(c in choices for c in by_index[:: max(1, len(by_index) // 50)])


def test_rarest_kind_variants_and_their_choices_as_the_plain_rule():
    # RarestKind.variants is one loop; the plain rule: the other kinds present in the columns
    # with the fewest units.  Its choices are kept per list of variants (memo.static_variants)
    from itertools import product

    from solemio.engine import load_cardset, memo
    from solemio.engine.game import Game
    from solemio.engine.orders import REGISTRY

    rarest = REGISTRY["rarest-kind"]
    for own in range(5):
        for cu in product(range(4), repeat=5):
            present = [k for k in range(5) if k != own and cu[k] > 0]
            low = min([cu[k] for k in present], default=0)
            plain = [(k,) for k in present if cu[k] == low]
            assert rarest.variants({}, own, list(cu)) == plain, (own, cu)
    g = Game(load_cardset("mamma-mia"), ["blue", "green", "brown", "red"], 1)
    cards = g.cards
    cids = [c for ids in cards.seat_orders for c in ids
            if cards.order[c].otype.name == "rarest-kind"]
    assert cids
    for cid in cids:
        for cu in ([1, 2, 1, 3, 0], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2]):
            vs, choices = memo.static_variants(cards, cid, g.own[cards.owner[cid]], cu)
            assert choices == tuple(("variant", tuple(KINDS[k] for k in v)) for v in vs)


def test_the_variants_the_columns_fill_beyond_the_prepared_sets():
    # the prepared sets reach memo._CARRY_PAD units unchecked; a column beyond them (no card
    # set has one) falls back to the plain test, with the same answer
    from solemio.engine import load_cardset, memo, reveal
    from solemio.engine.game import Game

    g = Game(load_cardset("grande"), ["blue", "green", "brown", "red"], 1)
    cards = g.cards
    for big in (memo._CARRY_PAD - 1, memo._CARRY_PAD + 5):
        g.cu = [big, 3, big, 0, 2]
        g.cols = [[0] * (big - 1), [0] * 3, [0] * big, [], [0]]  # only their lengths are read
        g.scorer_seat = 1
        for cid in cards.seat_orders[2]:
            own = g.own[2]
            variants, _choices = memo.static_variants(cards, cid, own, g.cu)
            if len(variants) < 2:
                continue
            slow = [i for i, v in enumerate(variants)
                    if reveal.columns_fill(g, reveal.need_of(g, cid, v))]
            assert memo.variants_the_columns_fill(cards, cid, variants, own, g.own[1], g.cu,
                                                  g.cols) == slow, (big, cards.order[cid].id)
