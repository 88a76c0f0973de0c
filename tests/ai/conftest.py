"""Shared helpers for the computer-opponent tests."""

from __future__ import annotations

import copy

import pytest

from solemio.ai.base import Agent

EDITIONS = ("sole-mio", "mamma-mia", "grande")
COLOURS4 = ["blue", "green", "brown", "red"]


def snapshot(agent: Agent) -> Agent:
    """A deep copy of an agent's memory and generator (card-set data shared, not copied)."""
    memo: dict = {}
    for obj in (getattr(agent, "ev", None), getattr(getattr(agent, "_self_policy", None), "ev", None)):
        if obj is not None:
            memo[id(obj)] = obj
    return copy.deepcopy(agent, memo)


@pytest.fixture
def editions() -> tuple[str, ...]:
    return EDITIONS
