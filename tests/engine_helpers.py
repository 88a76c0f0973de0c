"""Shared checks for engine tests."""

from __future__ import annotations

from collections import Counter

from solemio.engine.game import Game


def assert_conserved(g: Game) -> None:
    """Every card is in exactly one place: none created, none lost."""
    locs = g.locations()
    seen = Counter(c for cards in locs.values() for c in cards)
    doubled = [c for c, n in seen.items() if n > 1]
    assert not doubled, f"cards in two places: {doubled} ({g.phase})"
    assert len(seen) == g.cards.total, f"{g.cards.total - len(seen)} cards lost ({g.phase})"
    units = g.cards.units
    assert g.cu == [sum(units[c] for c in col) for col in g.cols]
    for s, hand in enumerate(g.hands):
        assert len(hand) <= 7, f"seat {s} holds {len(hand)} cards"
        assert all(g.cards.owner[c] in (-1, s) for c in hand), "an order in a stranger's hand"
    assert_keyed(g)


def assert_keyed(g: Game) -> None:
    """The hand keys the game keeps up as cards move are those of the hands as they are."""
    from solemio.engine import memo

    assert g.hand_keys == [memo.hand_key(g.cards, h) for h in g.hands], "stale hand keys"
    assert g.order_keys == [memo.orders_key(g.cards, h) for h in g.hands], "stale order keys"
