"""Saves are recipes (seed and choices), so the engine must keep playing them the same way.

The digests below were recorded from seeded random-choice games.  A change that
alters them would make every existing save fail to load ("edited by hand"):
such a change needs a new save version and a migration, not a new digest.
"""

import hashlib
import random

import pytest

from solemio.engine import load_cardset
from solemio.engine.game import Game
from solemio.engine.kinds import COLOURS
from solemio.engine.saves import digest

RECORDED = {
    ("sole-mio", 2): "77c53f1fdd32c156",
    ("sole-mio", 3): "8c5087d60287feb1",
    ("sole-mio", 4): "da45ce02369f3d5c",
    ("sole-mio", 5): "6d6e1f6dd5ead04e",
    ("mamma-mia", 2): "ec7faf50c185ec2c",
    ("mamma-mia", 3): "a6deeda0343b714a",
    ("mamma-mia", 4): "b94fc57c72af6aed",
    ("mamma-mia", 5): "b619d53f291051dc",
    ("grande", 2): "ef1fa56f52bb7dd9",
    ("grande", 3): "848efd87b3f1a8e8",
    ("grande", 4): "04666a969891d79b",
    ("grande", 5): "321e8c962a819cb7",
}


def fingerprint(edition: str, players: int) -> str:
    cs = load_cardset(edition)
    h = hashlib.sha256()
    for seed in range(4):
        g = Game(cs, list(COLOURS[:players]), seed, record_events=False)
        rnd = random.Random(seed).random
        while (d := g.decision()) is not None:
            h.update(repr((d.seat, d.kind, d.choices)).encode())
            g.apply(d.choices[int(rnd() * len(d.choices))])
        h.update(digest(g).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("edition", "players"), sorted(RECORDED))
def test_seeded_games_play_as_recorded(edition: str, players: int) -> None:
    assert fingerprint(edition, players) == RECORDED[(edition, players)]
