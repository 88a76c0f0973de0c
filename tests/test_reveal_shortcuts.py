"""The reveal's remembered needs give the positions the plain rule gives.

``reveal.start_order`` keeps, per order card with a single way to be filled and
per scorer's kind, the need it computed (``CardMemo.one_need``), and later
reveals of that card start its fill from there.  Here whole random games in every
edition are played twice from the same seed: once as they are, once with every
remembered need forgotten before each choice (so every reveal takes the plain
path), and after every choice the two positions must be the same in every field.
"""

from __future__ import annotations

import random

import pytest

from solemio.engine import load_cardset, new_game
from tests.test_fast_playout import position

EDITIONS = ("sole-mio", "mamma-mia", "grande")
COLOURS = ["blue", "green", "brown", "red", "yellow"]


def play_twice(edition: str, players: int, seed: int) -> int:
    """Choices made; the number of reveals the remembered needs started."""
    cs = load_cardset(edition)
    kept = new_game(cs, COLOURS[:players], seed, record_events=False)
    plain = kept.clone(log=False)
    memo = kept.cards.memo
    assert plain.cards.memo is memo  # the same card table: forgetting is shared, so track hits
    rng = random.Random(seed)
    hits = 0
    real = memo.one_need

    class Counting(dict):
        def get(self, key, default=None):  # noqa: ANN001, ANN202 - dict.get's
            nonlocal hits
            got = super().get(key, default)
            hits += got is not None
            return got

    while not kept.is_over():
        d = kept.decision()
        choice = d.choices[rng.randrange(len(d.choices))]
        memo.one_need = Counting(real)
        kept.apply(choice)
        real = dict(memo.one_need)
        memo.one_need = {}  # the plain path: nothing remembered (and nothing kept from it)
        plain.apply(choice)
        memo.one_need = real
        assert position(kept) == position(plain), (edition, seed, choice)
    return hits


@pytest.mark.parametrize("edition", EDITIONS)
def test_remembered_needs_start_the_same_fills(edition: str) -> None:
    hits = sum(play_twice(edition, 4, 8100 + i) for i in range(12))
    assert hits >= 30  # the shortcut is taken, and often
