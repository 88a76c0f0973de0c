"""Every event type is animated in one place (solemio/ui/table/flights.py): a flight
function, or ``nothing_flies`` by name, for every event type the engine emits in every
edition (issue 23's generic check, the flights' part)."""

from __future__ import annotations

import random

import pygame
import pytest

from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.engine.kinds import COLOURS
from solemio.ui.anim import Flight
from solemio.ui.table import flights

EDITIONS = ("sole-mio", "mamma-mia", "grande")


def _events(edition: str, players: int, seed: int) -> list[dict]:
    """Every event of one game played at random, as the window gets them: redacted for
    seat 0 and for a spectator."""
    cs = load_cardset(edition)
    rng = random.Random(seed)
    g = new_game(cs, rng.sample(COLOURS, players), seed, first=rng.randrange(players),
                 record_events=True)
    while not g.is_over():
        d = g.decision()
        g.apply(rng.choice(d.choices), seat=d.seat)
    return g.events_for(0) + g.events_for(None)


def _everywhere() -> flights.Spots:
    """A screen with every spot, so every flight function flies what it can."""
    def at(seat: int) -> pygame.Rect:
        return pygame.Rect(10 + 100 * seat, 10, 40, 60)

    return flights.Spots(
        played_from=at, oven=pygame.Rect(300, 300, 50, 70), drawn_to=at, drawn_scale=0.5,
        supply=pygame.Rect(400, 300, 50, 70), stack=at, colour=lambda seat: "blue",
        oven_turned=pygame.Rect(300, 400, 50, 70),
        revealed_at=lambda face: pygame.Rect(500, 400, 40, 60), turn_over=True,
        column_slot=lambda k, i: pygame.Rect(600 + 50 * k, 400 + 10 * i, 40, 60),
        columns=(3, 3, 3, 3, 3), order_on_show=pygame.Rect(700, 200, 50, 70),
        owner_panel=at)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_event_type_emitted_has_its_flights(edition):
    spots = _everywhere()
    seen: set[str] = set()
    flew: set[str] = set()
    for seed in range(6):
        for ev in _events(edition, 2 + seed % 4, seed):
            seen.add(ev["type"])
            assert ev["type"] in flights.FLIGHTS, \
                f"{ev['type']!r} has no flight function (or nothing_flies) in flights.FLIGHTS"
            out = flights.for_event(ev, spots)
            assert all(isinstance(f, Flight) and f.image_key[0] in ("face", "back", "oback")
                       and f.duration > 0 for f in out)
            if out:
                flew.add(ev["type"])
    # The games met the turns and the reveal, and the cards of both flew.
    assert {"play", "order", "draw", "reveal", "filled", "round-end"} <= seen
    assert {"play", "order", "draw", "reveal", "filled"} <= flew


def test_the_event_types_named_by_the_engine_all_have_an_entry():
    assert set(flights.FLIGHTS) == set(E.ALL)


def test_a_play_of_singles_and_doubles_flies_each_card_as_it_is():
    ev = {"type": "play", "seat": 1, "kind": "olive", "singles": 2, "doubles": 1, "units": 4}
    out = flights.for_event(ev, _everywhere())
    assert [f.image_key for f in out] == [("face", ("olive", 1))] * 2 + [
        ("face", ("olive", 2))]
    assert [f.delay for f in out] == pytest.approx([0.0, 0.06, 0.12])
    assert all(f.end == pygame.Rect(300, 300, 50, 70) and f.tag == "oven" for f in out)


def test_a_screen_without_the_spot_flies_nothing_there():
    ev = {"type": "filled", "seat": 0, "order": ["blue", "o1"], "used": [["olive", 1]]}
    assert flights.for_event(ev, flights.Spots()) == []
    assert flights.for_event({"type": "draw", "seat": 0, "source": "supply", "count": 2},
                             flights.Spots()) == []


def test_a_filled_order_gathers_its_ingredients_then_leaves_for_its_owner():
    ev = {"type": "filled", "seat": 1, "order": ["blue", "o1"],
          "used": [["olive", 1], ["pepper", 2]], "offered": [], "given": []}
    out = flights.for_event(ev, _everywhere())
    assert [f.image_key for f in out] == [("face", ("olive", 1)), ("face", ("pepper", 2)),
                                          ("face", ("blue", "o1"))]
    assert out[0].fade and out[1].fade
    assert out[2].tag == ("leaves", 1, ("blue", "o1"), True)
    assert out[2].end.center == pygame.Rect(110, 10, 40, 60).center
