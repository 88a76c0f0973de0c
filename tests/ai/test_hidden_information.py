"""A seat's choice depends only on its view, its memory and its seed.

Everything the seat cannot see (other hands, supply order, order stacks) is
dealt again in many ways with ``Game.redeal``; the re-dealt games show the
seat the same view, and the agent (restored to the same memory and
generator state each time) must answer exactly as it did on the real game.
Hard runs with an iteration budget, so its search is reproducible.
"""

from __future__ import annotations

import random

import pytest
from conftest import COLOURS4, EDITIONS, snapshot

from solemio.ai import make_agent
from solemio.ai.base import Searcher
from solemio.engine import load_cardset, new_game

LEVEL_OPTIONS = {"random": {}, "easy": {}, "normal": {}, "tally": {}, "hard": {"iterations": 2},
                 "hard-2-cores": {"iterations": 2, "workers": 2}}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("level", list(LEVEL_OPTIONS))
def test_choice_ignores_hidden_cards(edition: str, level: str) -> None:
    cs = load_cardset(edition)
    if LEVEL_OPTIONS[level].get("workers", 1) > 1:
        from solemio.ai.workers import shared_pool

        assert shared_pool(2).wait_ready(60)  # the searches below really run on the workers
    checked = 0
    kinds: set[str] = set()
    # hard searches at every probe, so it looks at the first part of one game only
    seeds, steps, every = ((11, 12), 10**6, 9) if not level.startswith("hard") else ((11,), 75, 5)
    for gseed in seeds:
        game = new_game(cs, COLOURS4, seed=gseed)
        agents = [make_agent(level.split("-")[0], s, 100 + s, **LEVEL_OPTIONS[level]) for s in range(4)]
        step = 0
        while not game.is_over() and step < steps:
            seat = game.current_seat()
            agent = agents[seat]
            probe = step % every == 0 or game.decision().kind not in kinds  # every kind, too
            if probe:
                frozen = snapshot(agent)
                events = game.events_for(seat, agent.since)
            choice = agent.decide(game)
            if probe:
                kinds.add(game.decision().kind)
                rng = random.Random(step)
                for r in range(4 if not level.startswith("hard") else 2):
                    other = game.redeal(seat, rng)
                    if r % 2:
                        other = other.redeal(seat, rng)  # a re-deal of a re-deal, too
                    assert other.view(seat) == game.view(seat)
                    twin = snapshot(frozen)
                    searcher = Searcher(other, seat)
                    again = twin.choose(other.view(seat), events, searcher)
                    assert again == choice, (edition, level, step, game.decision().kind)
                checked += 1
            game.apply(choice)
            step += 1
    assert checked >= 10
    assert {"play", "order", "draw"} <= kinds


def test_searcher_hands_out_only_redealt_copies() -> None:
    """The handle has no attribute through which the real game could be read."""
    cs = load_cardset("sole-mio")
    game = new_game(cs, COLOURS4, seed=3)
    s = Searcher(game, game.current_seat())
    public = [a for a in dir(s) if not a.startswith("__")]
    assert set(public) <= {"_redeal", "_cancel", "seat", "deadline", "available", "sample",
                           "cancelled", "check"}
    copy1 = s.sample(random.Random(1))
    assert copy1 is not game
    assert copy1.view(s.seat) == game.view(s.seat)
