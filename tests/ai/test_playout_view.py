"""The play-out's live view answers exactly what the full seat view would.

``playout._LiveView`` builds only the fields hard's own policy reads inside a
play-out; this compares every field it serves with ``Game.view`` at many
positions of random games (turns and reveals, every edition)."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from conftest import COLOURS4

from solemio.ai.playout import _LiveView
from solemio.engine import SeatView, load_cardset, new_game

FIELDS = tuple(f.name for f in fields(SeatView) if f.name not in ("history", "seats"))


@pytest.mark.parametrize("edition", ["sole-mio", "grande", "mamma-mia"])
def test_live_view_matches_the_seat_view(edition: str) -> None:
    cs = load_cardset(edition)
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        g = new_game(cs, COLOURS4, seed=seed)
        while not g.is_over():
            d = g.decision()
            full = g.view(d.seat)
            live = _LiveView(g, d.seat)
            for f in FIELDS:
                assert getattr(live, f) == getattr(full, f), f
            assert tuple(live.history) == full.history
            assert len(live.seats) == len(full.seats)
            assert tuple(live.seats) == full.seats
            assert [live.seats[s] for s in range(g.n)] == list(full.seats)
            checked += 1
            g.apply(rng.choice(d.choices))
    assert checked > 300


def test_live_view_serves_every_field_of_the_seat_view() -> None:
    """Every field of ``SeatView`` is an attribute of the live view's class (it has no
    ``__getattr__`` to fall back on)."""
    assert not hasattr(_LiveView, "__getattr__")
    for f in fields(SeatView):
        assert hasattr(_LiveView, f.name), f.name  # a property or a slot
