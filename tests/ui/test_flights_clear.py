"""Cards in flight never cover an opponent's name and level (issue 24, item 9): a drawn
order flew as a card back the size of the whole panel across it.  Flights to and from a
panel leave from and land on its piles' small cards (crossing the labels under the piles
on the way in or out); the seats' words are painted over the cards in flight."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui.scenes.table import TableScene
from solemio.ui.table import flights, seats

SIZES = [(1024, 640), (1920, 1080), (1920, 480)]


def _head_of(panel: pygame.Rect, show_hand_backs: bool, scorer: bool) -> pygame.Rect:
    """A panel's name and level: everything above its piles."""
    whats = seats.panel_slots(show_hand_backs, scorer)
    body = seats._panel_body(panel, len(whats))[0]
    return pygame.Rect(panel.x, panel.y, panel.w, body.y - panel.y)


def _path(f) -> list[pygame.Rect]:
    out = []
    for i in range(11):
        f.t = f.delay + f.duration * i / 10
        out.append(f.rect())
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 5])
def test_flights_keep_clear_of_the_opponents_words(make_app, size, n):
    app = make_app(size)
    colours = ["blue", "green", "brown", "red", "yellow"][:n]
    cfg = [SeatConfig("You" if i == 0 else f"P{i}", c, person=i == 0)
           for i, c in enumerate(colours)]
    sess = GameSession(load_cardset("sole-mio"), cfg, 3, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    stage = table.stage()
    spots = stage.spots()
    rects = stage.seat_rects()
    events = []
    for seat in range(1, n):
        events += [{"type": E.DRAW, "seat": seat, "source": "stack", "count": 2},
                   {"type": E.DRAW, "seat": seat, "source": "supply", "count": 3},
                   {"type": E.PLAY, "seat": seat, "kind": "olive", "singles": 2, "doubles": 1},
                   {"type": E.ORDER, "seat": seat, "order": [colours[seat], "two-each"]}]
    for ev in events:
        for f in flights.for_event(ev, spots):
            path = _path(f)
            for other, panel in rects.items():
                if other == 0:
                    continue
                scorer = sess.show.scorer_holder == other
                head = _head_of(panel, True, scorer)
                for step, r in enumerate(path):
                    assert not r.colliderect(head), (size, ev, other, step, r, head)
    app.close()
