"""Random-choice play-outs: the engine's speed benchmark and a cheap fuzz."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from solemio.engine.cardset import CardSet
from solemio.engine.game import Game
from solemio.engine.kinds import COLOURS


@dataclass
class SimResult:
    games: int
    seconds: float
    turns: int
    errors: int
    first_error: str | None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def turns_per_game(self) -> float:
        return self.turns / self.games if self.games else 0.0


def play_random_game(cs: CardSet, players: int, seed: int, record_events: bool = False) -> Game:
    """One game with uniformly random legal choices, through the public API."""
    game = Game(cs, list(COLOURS[:players]), seed, record_events=record_events)
    rnd = random.Random(seed ^ 0x5EED).random
    decision, apply = game.decision, game.apply
    while (d := decision()) is not None:  # None once the game is over
        choices = d.choices
        apply(choices[int(rnd() * len(choices))])
    return game


def simulate(cs: CardSet, players: int, games: int, seed: int,
             keep: Callable[[Game], None] | None = None) -> SimResult:
    """``games`` random games; ``keep`` is given each finished game (records)."""
    turns = errors = 0
    first_error = None
    start = time.process_time()  # CPU time: a shared machine's load does not halve it
    for i in range(games):
        try:
            g = play_random_game(cs, players, seed * 1_000_003 + i)
            turns += g.turns
            if keep is not None:
                keep(g)
        except Exception as exc:  # counted and reported: this is the fuzz's purpose
            errors += 1
            if first_error is None:
                first_error = f"game {i}: {type(exc).__name__}: {exc}"
    return SimResult(games, time.process_time() - start, turns, errors, first_error)


def copy_rates(seconds: float = 0.5) -> dict[str, float]:
    """Clones and re-deals per second of CPU time on a mid-game position (what the hard
    opponent buys); wall time on a shared machine swung these by half between runs."""
    from solemio.engine.cardset import load_cardset

    game = Game(load_cardset("sole-mio"), list(COLOURS[:4]), 3, record_events=False)
    rng = random.Random(1)
    for _ in range(40):
        game.apply(rng.choice(game.decision().choices))
    seat = game.current_seat()
    rates = {}
    for name, op in (("clones_per_second", game.clone),
                     ("redeals_per_second", lambda: game.redeal(seat, rng))):
        count = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _ in range(200):
                op()
            count += 200
        rates[name] = round(count / (time.process_time() - start))
    return rates
