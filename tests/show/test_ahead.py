"""The show ahead of the show (solemio.show.ahead): the future states the window rehearses.

No pygame: games are played straight on the engine; the screen's show lags
behind the game as in the window, and the states rehearsed ahead of it are
compared with the states the show really reaches, and with what each
viewer may know.
"""

from __future__ import annotations

import random

import pytest

from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.show import ahead
from solemio.show import state as show
from solemio.show.table import SeatTable


def _game(edition: str, seed: int, n: int):
    cs = load_cardset(edition)
    return new_game(cs, ["blue", "green", "brown", "red", "yellow"][:n], seed), cs


def _private_keys_of_others(game, viewer, since: int) -> list[set[str]]:
    """Per event from ``since``: the private fields of another seat (which the viewer's
    events must not hold)."""
    return [set(private) if private and owner != viewer else set()
            for _ev, owner, private in game.events[since:]]


@pytest.mark.parametrize("edition,seed,viewer,n", [
    ("sole-mio", 1, 0, 3), ("sole-mio", 2, None, 4), ("mamma-mia", 3, 1, 3),
    ("grande", 4, 2, 5),
])
def test_the_show_ahead_is_the_show_that_comes(edition, seed, viewer, n):
    """A screen that lags behind the game (as the window's does while it shows events):
    the states rehearsed ahead of it are exactly the states it then reaches, the
    rehearsal stops before the reveal's last event, and the show rehearsed to its end
    equals the engine's view."""
    g, cs = _game(edition, seed, n)
    table = SeatTable(g, viewer)
    screen = show.begin(g.view(viewer), g.event_count(), cs.unfilled != "out-of-game")
    rng = random.Random(seed)
    compared = 0
    while g.decision() is not None:
        g.apply(rng.choice(g.decision().choices))
        events = table.events(screen.position)
        rehearsed = ahead.feed(screen, events, limit=3)
        assert len(rehearsed) <= 3
        for a in rehearsed:
            assert a.event["type"] not in ahead.LEAVES_THE_REVEAL
        # The screen takes a few of the events, one at a time, as the window does.
        base = screen.position
        for a in rehearsed[: rng.randint(0, 3)]:
            ev = events[a.before.position - base]
            assert a.before == screen and a.event == ev
            screen = show.step(screen, ev)
            assert a.after == screen
            compared += 1
        if rng.random() < 0.3:  # now and then the screen catches up
            caught = ahead.caught_up(screen, table)
            screen = show.run(screen, table.events(screen.position))
            assert caught == screen
            assert show.differences(screen, g.view(viewer)) == []
    assert compared > 100


def test_the_show_at_the_rounds_end():
    """``until`` takes the show to the round-end event and no further: the reveal's
    first frame, rehearsed while the table still shows the last turns."""
    g, _cs = _game("sole-mio", 6, 4)
    rng = random.Random(6)
    st = show.begin(g.view(0), g.event_count())
    while not any(e["type"] == E.ROUND_END for e in g.events_for(0, st.position)):
        g.apply(rng.choice(g.decision().choices))
    events = g.events_for(0, st.position)
    at_end = ahead.until(st, events, "round-end")
    cut = next(i for i, e in enumerate(events) if e["type"] == E.ROUND_END)
    assert at_end == show.run(st, events[: cut + 1])
    assert at_end.phase == "reveal" and at_end.reveal.revealed == 0
    assert ahead.until(st, events[:cut], "round-end") == show.run(st, events[:cut])


@pytest.mark.parametrize("viewer_is_decider", [True, False])
def test_each_choice_brings_what_the_show_would_present(viewer_is_decider):
    """For a pending decision, each candidate choice's outcome is the show after the
    events the choice brings, as its viewer would be shown them; the game is untouched,
    and the rehearsal holds none of another seat's private fields (a person rehearsing a
    computer's answer, or a spectator, learns nothing from it)."""
    checked = 0
    for seed in range(6):
        g, _cs = _game("sole-mio", seed, 3)
        rng = random.Random(seed)
        while g.decision() is not None and checked < 400:
            d = g.decision()
            viewer = d.seat if viewer_is_decider else (d.seat + 1) % 3
            if seed % 3 == 0 and not viewer_is_decider:
                viewer = None
            st = show.begin(g.view(viewer), g.event_count())
            table = SeatTable(g, viewer)
            log, count = list(g.choices_log), g.event_count()
            outs = ahead.outcomes(st, table, d.choices[:8], first=2)
            assert list(g.choices_log) == log and g.event_count() == count
            assert [o.choice for o in outs] == [tuple(c) for c in d.choices[:8]]
            for o in outs:
                clone = g.clone(record_events=True)
                clone.apply(o.choice)
                events = clone.events_for(viewer, count)[:2]
                hidden = _private_keys_of_others(clone, viewer, count)
                assert [a.event for a in o.steps] == [
                    e for e in events if e["type"] not in ahead.LEAVES_THE_REVEAL][:len(o.steps)]
                for i, a in enumerate(o.steps):
                    assert not hidden[i] & set(a.event), "another seat's cards rehearsed"
                    assert a.after == show.step(a.before, a.event)
                    if viewer is None:
                        assert a.after.hand == ()
                nd = clone.decision()
                assert o.deciding == (nd.seat if nd is not None else None)
                checked += 1
            g.apply(rng.choice(d.choices))
    assert checked >= 400


def test_an_illegal_choice_has_no_outcome():
    g, _cs = _game("sole-mio", 3, 3)
    st = show.begin(g.view(0), g.event_count())
    assert ahead.outcomes(st, SeatTable(g, g.decision().seat), [("nonsense",)]) == []
