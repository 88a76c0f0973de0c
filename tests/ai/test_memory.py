"""Memory is modelled: easy and normal forget, hard does not."""

from __future__ import annotations

import random

from conftest import COLOURS4

from solemio.ai import make_agent
from solemio.ai.memory import MemoryStyle, OvenMemory
from solemio.ai.playout import entries_from_history
from solemio.engine import load_cardset, new_game


def _play_until_oven(size: int, seed: int = 8):
    cs = load_cardset("sole-mio")
    game = new_game(cs, COLOURS4, seed=seed)
    agents = [make_agent("random", s, s) for s in range(4)]
    while game.view(0).oven < size or game.view(0).phase != "play":
        game.apply(agents[game.current_seat()].decide(game))
    return game


def _exact(view):
    return [(e.tag, e.kind, e.order) for e in entries_from_history(view.history)]


def test_window_memory_keeps_only_the_last_announcements() -> None:
    game = _play_until_oven(14)
    mem = OvenMemory(0, MemoryStyle("window", window=4), random.Random(1))
    mem.observe(game.events_for(0))
    remembered = [e for e in mem.entries if e.tag != "lost" and not (e.tag == "order" and e.seat == 0)]
    assert len(remembered) == 4
    assert mem.oven_cards() == game.view(0).oven  # it knows how much is there, not what


def test_fading_memory_is_wrong_sometimes_and_perfect_memory_never() -> None:
    wrong = 0
    for seed in range(6):
        game = _play_until_oven(16, seed)
        view = game.view(0)
        perfect = OvenMemory(0, MemoryStyle("perfect"), random.Random(seed))
        perfect.observe(game.events_for(0))
        assert [(e.tag, e.kind, e.order) for e in perfect.entries] == _exact(view)
        fading = OvenMemory(0, MemoryStyle("fading", fade=0.05, muddle=0.05), random.Random(seed))
        fading.observe(game.events_for(0))
        if [(e.tag, e.kind, e.order) for e in fading.entries] != _exact(view):
            wrong += 1
    assert wrong >= 3
