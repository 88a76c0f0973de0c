"""A long session's play-out tables stay bounded, and starting them over changes no answer.

Hard's play-outs keep a rule-of-thumb policy per seat and round's first player, each
with graphs of the oven projection's states (``solemio.ai.playout``).  Kept without
bound they grew a process by about 30 MB a game; ``POLICY_LIMIT`` and ``FOLD_BUDGET``
bound them.  They are caches: a game played with them started over at every search
must be the same game.
"""

from __future__ import annotations

import gc
from itertools import pairwise

import pytest

from solemio.ai import make_agent, playout
from solemio.engine import load_cardset, new_game

COLOURS4 = ["blue", "green", "brown", "red"]


def _game(edition: str, seed: int, seen: list[tuple[int, int]]) -> tuple:
    """A whole game of hard (4 play-outs a decision) against 3 normal: its choices; after
    each of hard's decisions, the fold states and policies kept."""
    g = new_game(load_cardset(edition), COLOURS4, seed=seed)
    agents = [make_agent("hard", 0, seed, iterations=4)]
    agents += [make_agent("normal", s, seed + s) for s in range(1, 4)]
    while not g.is_over():
        seat = g.current_seat()
        g.apply(agents[seat].decide(g))
        if seat == 0:
            seen.append((playout.fold_states(), len(playout._POLICIES)))  # noqa: SLF001
    return tuple(g.choices_log)


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia"])
def test_tables_started_over_give_the_same_game(edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    playout._POLICIES.clear()  # noqa: SLF001
    kept: list[tuple[int, int]] = []
    plain = _game(edition, 41, kept)
    states = [s for s, _ in kept]
    assert all(b >= a for a, b in pairwise(states))  # one game: nothing started over

    playout._POLICIES.clear()  # noqa: SLF001
    monkeypatch.setattr(playout, "FOLD_BUDGET", 300)
    monkeypatch.setattr(playout, "POLICY_LIMIT", 1)
    bounded: list[tuple[int, int]] = []
    assert _game(edition, 41, bounded) == plain
    states = [s for s, _ in bounded]
    assert any(b < a for a, b in pairwise(states))  # the graphs started over
    assert max(states) < max(s for s, _ in kept)
    assert max(n for _, n in bounded) == 1  # one policy kept: each round's own


def _collected_after_dropping(unlink: bool) -> int:
    """Objects the cycle collector finds after every policy kept is dropped (unlinked or not)."""
    playout._POLICIES.clear()  # noqa: SLF001
    _game("sole-mio", 43, [])  # a game's fold graphs grown
    gc.collect()
    gc.disable()
    try:
        if unlink:
            for pol in list(playout._POLICIES.values()):  # noqa: SLF001
                playout._drop_graphs(pol)  # noqa: SLF001
        playout._POLICIES.clear()  # noqa: SLF001
        return gc.collect()
    finally:
        gc.enable()


def test_dropped_graphs_are_freed_without_the_collector() -> None:
    """A fold graph has cycles: dropped as it is, only the cycle collector frees it (which a
    search's survivors meet only in full collections); unlinked, reference counting does."""
    assert _collected_after_dropping(unlink=False) > 1000
    assert _collected_after_dropping(unlink=True) < 20
