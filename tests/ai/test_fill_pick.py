"""The rule-of-thumb fill of an order of any kinds, picked without listing its choices.

``HeuristicAgent._any_fill_pick`` answers from the hand parts alone; these tests hold
it to the listing rule (``_fill_pick`` on the same choices as a plain tuple), which is
what the play-outs' recorded answers were made with.
"""

from __future__ import annotations

import random

import pytest

from solemio.ai.heuristic import HeuristicAgent
from solemio.engine.enumerate import AnyFillChoices, _any_fill
from solemio.engine.state import GIVE_UP


def _cases(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        m = rng.randint(1, 9)
        rich = rng.random() < 0.5  # a poor hand falls short: the fill asks for help
        counts = tuple(rng.choice((0, 0, 1, 1, 2, 3) if rich else (0, 0, 0, 0, 1)) for _ in range(10))
        yield m, rng.random() < 0.75, counts


@pytest.mark.parametrize("seed", range(4))
def test_any_fill_pick_is_the_listing_rules_pick(seed: int) -> None:
    agent = HeuristicAgent(0, seed)
    seen_kinds = set()
    for m, help_ok, counts in _cases(seed, 120):
        choices = _any_fill(m, help_ok, counts)[1]
        assert isinstance(choices, AnyFillChoices)
        fast = agent._any_fill_pick(choices, help_ok)
        listed = agent._fill_pick(tuple(choices), help_ok)
        assert fast == listed, (m, help_ok, counts)
        assert fast in choices
        seen_kinds.add("give-up" if fast == GIVE_UP else "direct" if fast[2] is None else "ask")
    assert seen_kinds == {"give-up", "direct", "ask"}  # every branch met


def test_fill_pick_takes_the_arithmetic_way_for_any_kinds() -> None:
    agent = HeuristicAgent(0, 1)
    choices = _any_fill(15, True, (0,) * 10)[1]  # nothing in hand: 3,876 requests of 15 units
    assert agent._fill_pick(choices, True) == ("fill", (), min(c[2] for c in choices if c != GIVE_UP))
