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
from collections import Counter

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


def single_choices_both_ways(edition: str, players: int, seed: int) -> Counter:
    """A whole random game, events recorded, played by ``apply`` with every single choice of
    the round applied after it (as a play-out's loop did) and by ``apply_playout``, which
    applies a helper's lone decline, an owner's lone give-up or fill and a series led
    alone before any decision is built (``decide.PLAYOUT_BY_PHASE``).  Counts the single
    choices the plain way applied per kind, and the help decisions of two or more."""
    cs = load_cardset(edition)
    plain = new_game(cs, COLOURS[:players], seed)
    fast = plain.clone(record_events=True)
    rng = random.Random(seed)
    met: Counter = Counter()
    while not plain.is_over():
        d = plain.decision()
        met["help posed"] += d.kind == "help" and len(d.choices) > 1
        choice = d.choices[rng.randrange(len(d.choices))]
        round_no = plain.round if rng.random() < 0.9 else -1  # -1: no single choice applied
        plain.apply(choice)
        while ((d := plain.decision()) is not None and len(d.choices) == 1
               and plain.round == round_no):
            met[d.kind] += 1
            plain.apply(d.choices[0])
        fast.apply_playout(choice, round_no)
        assert position(fast) == position(plain), (edition, seed, choice)
        assert fast.events == plain.events, (edition, seed, choice)
    return met


# the lone choices each edition meets often: with help a fill can always ask for it, and
# only Sole Mio! and Grande have series
LONE = {"sole-mio": ("help", "series"), "mamma-mia": ("fill",), "grande": ("help", "series")}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_play_outs_lone_choices_are_applied_as_the_loop_applied_them(edition: str) -> None:
    met: Counter = Counter()
    for i in range(10):
        met += single_choices_both_ways(edition, 3 + i % 3, 8300 + i)
    assert all(met[kind] > 50 for kind in LONE[edition]), met  # the shortcuts are taken, often
    if edition != "mamma-mia":  # Mamma Mia! has no help
        assert met["help posed"] > 20, met
