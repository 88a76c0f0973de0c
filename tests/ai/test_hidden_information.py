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
from solemio.engine import events as E
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_outside_agent_receives_only_its_seat(edition: str) -> None:
    """The loader's door (``OutsideSeat``): re-dealing the hidden cards changes nothing it hands over.

    At every decision of a random game, the outside seat is given the real
    game and re-dealt copies of it (also re-deals of re-deals, which record no
    events: the real game's redacted events are handed to them); the view, the
    events, the hidden cards of a sample its searcher makes, and the agent's
    choice must be identical.  The events are the redacted ones: no other
    seat's dealt or drawn cards.  The agent's own ``decide``, which would get
    the game, raises if called.
    """
    from pathlib import Path

    from solemio.ai.outside import OutsideSeat

    spec = f"file:{Path(__file__).resolve().parent / 'bots' / 'spy_bot.py'}:SpyBot"
    cs = load_cardset(edition)
    game = new_game(cs, COLOURS4, seed=31)
    seats = [OutsideSeat(spec, s, 50 + s) for s in range(4)]
    kinds: set[str] = set()
    checked = 0
    while not game.is_over():
        seat = game.current_seat()
        kinds.add(game.decision().kind)
        twin = snapshot(seats[seat])
        events = game.events_for(seat, twin.since)
        choice = seats[seat].decide(game)
        got = seats[seat].agent.received
        assert got[1] == events
        for ev in events:
            if ev["type"] in (E.DEAL, E.DRAW) and ev["seat"] != seat:
                assert "cards" not in ev, ev
        rng = random.Random(checked)
        for r in range(2):
            other = game.redeal(seat, rng)
            if r:
                other = other.redeal(seat, rng)
            other.events_for = lambda s, since, evs=events: [dict(e) for e in evs]
            again = snapshot(twin)
            assert again.decide(other) == choice
            assert again.agent.received == got, (edition, game.decision().kind)
        checked += 1
        game.apply(choice)
    assert checked >= 50
    assert {"play", "order", "draw"} <= kinds
