"""The coach's replayed reveals are the game's own: the position is rebuilt exactly."""

from __future__ import annotations

import random

import pytest

from solemio.coach.timeline import Source, build_timeline
from solemio.coach.whatif import Answers, outcomes, reveal_position
from solemio.engine import load_cardset, new_game


def random_game(edition: str, seats: int, seed: int):
    g = new_game(load_cardset(edition), ["blue", "green", "brown", "red", "yellow"][:seats], seed)
    rng = random.Random(seed)
    while not g.is_over():
        d = g.decision()
        g.apply(d.choices[rng.randrange(min(len(d.choices), 40))])
    return g


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia", "grande"])
def test_every_reveal_replays_to_the_same_outcome(edition: str) -> None:
    """With the game's own answers, every order of every round is filled or fails as it
    did (hands, oven and scorer at each round's end were followed from the events)."""
    for seed in range(8):
        g = random_game(edition, 2 + seed % 4, seed)
        tl = build_timeline(Source.of_game(g))
        assert tl.final_hands == tuple(tuple(sorted(g.hand_faces(s))) for s in range(g.n))
        for r, rnd in tl.rounds.items():
            if rnd.end_event < 0:
                continue
            want = {res.face: res.outcome for res in rnd.resolutions}
            assert outcomes(reveal_position(tl, r), Answers(tl, r)) == want, (edition, seed, r)


def test_a_moved_order_must_exist() -> None:
    g = random_game("sole-mio", 3, 1)
    tl = build_timeline(Source.of_game(g))
    with pytest.raises(ValueError):
        reveal_position(tl, 1, (("yellow", "block"), 0, 0))
