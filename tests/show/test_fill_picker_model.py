"""The fill picker's rules side, without a window: real positions from the engine's
scenario module, the models only rank, mark and choose among the decision's own choices."""

from __future__ import annotations

import itertools

from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.pickers.fill import (
    ASK,
    CANNOT,
    COLUMNS,
    HAND,
    HELP,
    Stock,
    cards_model,
    cover,
    kinds_model,
)


def position(edition: str, columns: str, order: str, hand: str):
    text = f"""
name: fill picker
edition: {edition}
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 0
  columns: [{columns}]
  oven: [green:{order}]
  hands: {{1: [{hand}]}}
"""
    game, _data = build_position(load_text(text, "fill.yaml"))
    return game


def kinds_for(game):
    d = game.decision()
    assert d.kind == "variant" and d.seat == 1
    view = game.view(1)
    return d, kinds_model(d, game.cs, [f for col in view.columns for f in col], view.hand,
                          "pepper")


def test_the_rulebook_4321_defaults_to_a_way_the_columns_fill():
    # 4 olives, 3 mushrooms, 2 pineapples and a double salami: two ways fill it from the
    # columns alone (whatever else the engine offers, those come first).
    game = position("sole-mio", "olive, olive, olive, olive, mushroom, mushroom, mushroom, "
                    "pineapple, pineapple, double-salami", "4-3-2-1", "pepper")
    d, m = kinds_for(game)
    assert m.reqs == [(4, False), (3, False), (2, False), (1, False)]
    assert m.current_choice() in d.choices
    assert m.current_status() == COLUMNS
    assert m.chosen()[:2] == ["olive", "mushroom"]
    assert set(m.chosen()[2:]) == {"pineapple", "salami"}
    # Every slot says what covers it; a way with 4 peppers needs help (1 pepper in hand).
    assert [m.slot_cover(i).status for i in range(4)] == [COLUMNS] * 4
    assert m.status_of(("pepper", "olive", "mushroom", "pineapple")) == HELP
    assert m.slot_cover(4) is None  # the fifth kind is left out
    assert not m.no_way()


def test_4321_the_hand_beats_help_and_help_is_never_chosen_over_it():
    game = position("sole-mio", "olive, olive, olive, olive, mushroom, mushroom, mushroom, "
                    "pineapple", "4-3-2-1", "pineapple, salami")
    d, m = kinds_for(game)
    assert m.current_status() == HAND
    assert m.chosen() == ["olive", "mushroom", "pineapple", "salami"]
    cov = [m.slot_cover(i) for i in range(4)]
    assert [(c.columns, c.hand) for c in cov] == [(4, 0), (3, 0), (1, 1), (0, 1)]
    choice = m.confirm()
    assert choice in d.choices
    game.apply(choice)
    # The cards step: the default fills from the hand; asking for help is not the default.
    fd = game.decision()
    assert fd.kind == "fill"
    c = cards_model(fd)
    assert c.current_choice() in fd.choices
    assert c.current_choice()[2] is None and c.can_fill_alone() and not c.asks_help()
    assert sorted(c.current_choice()[1]) == [("pineapple", 1, 0), ("salami", 1, 0)]


def test_cycling_the_cards_only_ever_gives_offered_choices():
    game = position("sole-mio", "olive, olive, olive, olive, mushroom, mushroom, mushroom",
                    "4-3-2-1", "pineapple, pineapple, salami, double-salami")
    d, m = kinds_for(game)
    game.apply(m.confirm())
    fd = game.decision()
    c = cards_model(fd)
    assert len(c.items) == 2
    seen = set()
    for picks in itertools.product(*[range(len(o)) for o in c.options]):
        c.pick = list(picks)
        choice = c.current_choice()
        assert choice in fd.choices
        seen.add(choice)
    # Every fill the engine offers is reachable by cycling the items.
    assert seen == {x for x in fd.choices if x[0] == "fill"}
    # Cycling one item changes only that item.
    c.pick = [0, 0]
    c.cycle(1)
    assert c.pick == [0, 1]
    c.cycle(1, -1)
    assert c.pick == [0, 0]


def test_monotoni_in_mamma_mia_with_no_way_says_so():
    game = position("mamma-mia", "olive, olive, pepper", "monotoni", "olive")
    d, m = kinds_for(game)
    assert m.fixed == [("pepper", 1)]
    assert not m.help_ok
    assert m.no_way()
    assert all(m.status_of(c[1]) == CANNOT for c in d.choices)
    # Still a legal choice to go on with; the cards step then offers only giving up.
    game.apply(m.default())
    fd = game.decision()
    assert fd.kind == "fill"
    assert cards_model(fd).no_way()


def test_a_way_that_cannot_fill_is_never_the_default():
    # Mamma Mia!: 6 olives in the columns fill Monotoni; salamis need the hand (5 + 1),
    # mushrooms cannot be filled at all (no help in Mamma Mia!).
    game = position("mamma-mia", "olive, olive, olive, olive, olive, salami, salami, salami, "
                    "salami, salami, pepper", "monotoni", "olive, salami")
    d, m = kinds_for(game)
    assert m.current_status() in (COLUMNS, HAND)
    assert m.status_of(("mushroom",)) == CANNOT
    assert m.status_of(("salami",)) == HAND
    ranked = [m.status_of(c[1]) for c in m.ranked]
    assert ranked == sorted(ranked, key=[COLUMNS, HAND, HELP, CANNOT].index)


def test_two_doubles_need_double_cards():
    game = position("sole-mio", "double-olive, olive, olive, salami", "two-doubles",
                    "double-salami")
    d, m = kinds_for(game)
    assert m.reqs == [(1, True), (1, True)]
    assert set(m.chosen()) == {"olive", "salami"}
    assert m.current_status() == HAND
    # Equal slots: the same kinds in either slot are the same variant.
    m.activate_slot(0)
    m.activate_slot(1)
    assert m.current_choice() in d.choices


def test_swapping_kinds_and_the_reason_a_way_is_refused():
    game = position("sole-mio", "olive, olive, olive, olive, mushroom, mushroom, mushroom, "
                    "pineapple, pineapple, double-salami", "4-3-2-1", "pepper")
    d, m = kinds_for(game)
    first = list(m.arrangement)
    m.activate_slot(0)
    assert m.selected == 0
    assert m.move_selected(1) == 1
    assert m.arrangement[:2] == [first[1], first[0]]
    m.activate_slot(1)
    assert m.selected is None
    # Whatever the engine offers, the picker refuses only what it does not offer.
    if m.current_choice() is None:
        assert m.confirm() is None and m.notice
    else:
        assert m.confirm() in d.choices
    # A model restricted to the column-filling ways explains why another is refused.
    cols = [c for c in d.choices if m.status_of(c[1]) == COLUMNS]
    from solemio.show.pickers.fill import KindsModel

    r = KindsModel(cols, m.reqs, m.fixed, m.columns, m.hand, True)
    r.arrangement = ["pepper", "olive", "mushroom", "pineapple", "salami"]
    assert r.current_choice() is None
    assert "columns can fill" in r.problem()


def test_cover_takes_doubles_first_like_the_engine():
    cols = Stock((3, 0, 0, 0, 0), (1, 0, 0, 0, 0))  # 1 double + 3 singles of olive
    c = cover("olive", 4, False, cols, Stock((0,) * 5, (0,) * 5), True)
    assert (c.columns, c.missing, c.status) == (4, 0, COLUMNS)
    c = cover("olive", 6, False, cols, Stock((0,) * 5, (1, 0, 0, 0, 0)), False)
    assert (c.columns, c.hand, c.hand_cards, c.status) == (5, 2, 1, HAND)
    c = cover("olive", 8, False, cols, Stock((1,) * 5, (0,) * 5), False)
    assert (c.missing, c.status) == (3, CANNOT)


def test_bombastica_splits_the_hand_s_cards_from_the_request():
    # Grande: 8 units in the columns, 15 needed; the hand holds 5: all of it, and a request
    # that names kinds (hundreds of offered ways: two tiles, each cycling what goes together).
    game = position("grande", "olive, olive, pepper, salami, salami, salami, mushroom, mushroom",
                    "bombastica", "olive, double-pepper, salami, pineapple")
    d = game.decision()
    assert d.kind == "fill"
    c = cards_model(d)
    assert c.items == [("any", 7), (ASK, 7)]
    choice = c.current_choice()
    assert choice in d.choices
    assert sum(s + 2 * dd for _k, s, dd in choice[1]) == 5
    assert sum(n for _w, n in choice[2]) == 2  # the request names kinds (issue 10)
    assert not c.can_fill_alone()
    # The request cycles among the ways that go with these cards, and back round.
    asks = c.ways(1)
    assert 1 < len(asks) < 50
    seen = set()
    for _ in range(len(asks)):
        c.cycle(1)
        assert c.current_choice() in d.choices and c.current_choice()[1] == choice[1]
        seen.add(c.current_choice())
    assert len(seen) == len(asks)
    # Other cards from the hand: the request follows them; every step is offered.
    for _ in range(20):
        c.cycle(0)
        assert c.current_choice() in d.choices
    c.cycle(0, -1)
    assert c.current_choice() in d.choices


def test_bombastica_in_mamma_mia_with_too_little_is_no_way():
    game = position("mamma-mia", "olive, olive, pepper", "bombastica", "olive, salami")
    d = game.decision()
    assert d.kind == "fill"
    assert cards_model(d).no_way()
