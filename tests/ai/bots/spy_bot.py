"""Outside agents for the loader's tests: one that records what it receives, and broken ones."""

from __future__ import annotations

import random

from solemio.ai.base import Agent


class SpyBot(Agent):
    """Records every (view, events) it receives; with a searcher, also a sample's hidden cards."""

    wants_searcher = True

    def __init__(self, seat: int, seed: int = 0, **options) -> None:
        super().__init__(seat, seed, **options)
        self.received: tuple | None = None  # the last (view, events, sample) it was given

    def choose(self, view, new_events, searcher):
        sampled = None
        if searcher.available:
            g = searcher.sample(random.Random(5))
            sampled = (g.hands, g.stacks, g.supply, g.oven)
        self.received = (view, new_events, sampled)
        return view.choices[self.rng.randrange(len(view.choices))]

    def decide(self, game, cancel=None):  # the arena must never hand an outside agent the game
        raise AssertionError("an outside agent's decide was called with the game")


class NotAnAgent:
    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat


class Explodes(Agent):
    def __init__(self, seat: int, seed: int = 0, **options) -> None:
        raise RuntimeError("no table for me")


class Cheats(Agent):
    def choose(self, view, new_events, searcher):
        return ("order", "the-best-one")


class Crashes(Agent):
    def choose(self, view, new_events, searcher):
        return {}["missing"]


NOT_A_CLASS = 3
