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


def declines_both_ways(edition: str, players: int, seed: int) -> tuple[int, int]:
    """A whole random game, events recorded, played by ``apply`` with every single choice of
    the round applied after it (as a play-out's loop did) and by ``apply_playout``, which
    lets the helpers who can only decline decline at once (``decide.help_past_declines``).
    Returns the declines the plain way applied as single choices, and the help decisions
    of two or more choices met."""
    cs = load_cardset(edition)
    plain = new_game(cs, COLOURS[:players], seed)
    fast = plain.clone(record_events=True)
    rng = random.Random(seed)
    forced = posed = 0
    while not plain.is_over():
        d = plain.decision()
        posed += d.kind == "help" and len(d.choices) > 1
        choice = d.choices[rng.randrange(len(d.choices))]
        round_no = plain.round if rng.random() < 0.9 else -1  # -1: no single choice applied
        plain.apply(choice)
        while ((d := plain.decision()) is not None and len(d.choices) == 1
               and plain.round == round_no):
            forced += d.kind == "help"
            plain.apply(d.choices[0])
        fast.apply_playout(choice, round_no)
        assert position(fast) == position(plain), (edition, seed, choice)
        assert fast.events == plain.events, (edition, seed, choice)
    return forced, posed


@pytest.mark.parametrize("edition", ["sole-mio", "grande"])  # Mamma Mia! has no help
def test_helpers_who_can_only_decline_decline_at_once(edition: str) -> None:
    forced = posed = 0
    for i in range(10):
        f, p = declines_both_ways(edition, 3 + i % 3, 8300 + i)
        forced, posed = forced + f, posed + p
    assert forced > 100 and posed > 20, (forced, posed)  # both kinds of helper, often
