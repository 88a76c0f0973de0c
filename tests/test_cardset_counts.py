"""Deck sizes for every edition and player count (RULES.md, "Editions").

The Mamma Mia! removals (1/3/5 singles per kind for 4/3/2 players) are a
[ruling] of RULES.md; the others come from the rulebooks.
"""

from __future__ import annotations

import pytest

from solemio.engine import load_cardset, new_game
from solemio.engine.kinds import COLOURS

# (singles, doubles) per kind
DECKS = {
    "sole-mio": {5: (9, 2), 4: (8, 2), 3: (8, 1), 2: (6, 1)},
    "mamma-mia": {5: (13, 0), 4: (12, 0), 3: (10, 0), 2: (8, 0)},
    "grande": {5: (12, 2), 4: (11, 2), 3: (11, 1), 2: (8, 1)},
}
HANDS = {"sole-mio": (5, 2), "mamma-mia": (6, 1), "grande": (5, 2)}
ORDERS = {"sole-mio": 11, "mamma-mia": 8, "grande": 19}
ROUNDS = {"sole-mio": 2, "mamma-mia": 3, "grande": 3}
CASES = [(e, n) for e in DECKS for n in (2, 3, 4, 5)]


@pytest.mark.parametrize(("edition", "players"), CASES)
def test_deck_counts(edition: str, players: int) -> None:
    cs = load_cardset(edition)
    assert cs.deck_counts(players) == DECKS[edition][players]
    assert cs.orders_per_colour == ORDERS[edition]
    assert cs.rounds == ROUNDS[edition]
    assert (cs.hand_ingredients, cs.hand_orders) == HANDS[edition]


@pytest.mark.parametrize(("edition", "players"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_new_game_card_totals(edition: str, players: int, seed: int) -> None:
    cs = load_cardset(edition)
    singles, doubles = DECKS[edition][players]
    g = new_game(cs, list(COLOURS[:players]), seed=seed, first=0)
    cards = g.cards
    in_play = [c for zone, ids in g.locations().items() if zone != "box" for c in ids]
    assert len(in_play) == len(set(in_play)), "a card lies in two places"
    ingredients = [c for c in in_play if cards.kind[c] >= 0]
    assert len(ingredients) == 5 * (singles + doubles)
    assert sum(cards.units[c] for c in ingredients) == 5 * (singles + 2 * doubles)
    for k in range(5):
        of_kind = [c for c in ingredients if cards.kind[c] == k]
        assert sum(1 for c in of_kind if cards.units[c] == 1) == singles
        assert sum(1 for c in of_kind if cards.units[c] == 2) == doubles
    # the removed cards are out of the game, nothing else is
    assert sorted(g.box) == sorted(cards.removed)
    assert len(g.box) == 5 * (cs.singles + cs.doubles - singles - doubles)
    # starting hands, the scorer card in the supply, the order stacks
    n_ing, n_ord = HANDS[edition]
    for s in range(players):
        hand = g.hands[s]
        assert sum(1 for c in hand if cards.kind[c] >= 0) == n_ing
        assert sum(1 for c in hand if cards.order[c] is not None) == n_ord
        assert len(g.stacks[s]) == ORDERS[edition] - n_ord
    assert cards.scorer in g.supply
    assert len(g.supply) == 5 * (singles + doubles) - players * n_ing + 1
