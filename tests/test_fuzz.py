"""Random legal play through many games, checking the invariants after every step."""

from __future__ import annotations

import random

import pytest

from solemio.engine import IllegalChoice, load_cardset, new_game
from solemio.engine.game import PUBLICLY_FORCED
from solemio.engine.kinds import COLOURS
from tests.engine_helpers import assert_conserved

EDITIONS = ("sole-mio", "mamma-mia", "grande")
MAX_STEPS = 3000


def _fuzz(edition: str, players: int, seed: int, wrong_seat_every: int = 0) -> int:
    cs = load_cardset(edition)
    rng = random.Random(seed)
    colours = rng.sample(COLOURS, players)
    g = new_game(cs, colours, seed, first=rng.randrange(players), record_events=False)
    steps = 0
    while not g.is_over():
        assert_conserved(g)
        d = g.decision()
        assert d is not None and d.choices
        assert len(d.choices) >= 2 or d.kind not in PUBLICLY_FORCED
        if wrong_seat_every and steps % wrong_seat_every == 0:
            other = (d.seat + 1) % players
            with pytest.raises(IllegalChoice):
                g.apply(d.choices[0], seat=other)
            assert g.decision() is d
        g.apply(rng.choice(d.choices), seat=d.seat)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    assert_conserved(g)
    assert g.winners
    return steps


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fuzz_games(edition, players):
    # 12 configurations x 170 games = 2,040 complete games in the default run
    for seed in range(170):
        _fuzz(edition, players, seed * 7 + players, wrong_seat_every=23 if seed % 10 == 0 else 0)


@pytest.mark.slow
def test_fuzz_a_million_steps():
    steps = 0
    seed = 10_000
    while steps < 1_000_000:
        edition = EDITIONS[seed % 3]
        steps += _fuzz(edition, 2 + seed % 4, seed)
        seed += 1
