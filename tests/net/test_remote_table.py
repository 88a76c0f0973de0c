"""The remote table offers a window everything the local SeatTable does."""

from __future__ import annotations

import inspect

import pytest

from solemio.engine import IllegalChoice, load_cardset, new_game
from solemio.net.client import RemoteTable, TableClient
from solemio.show.table import NotYourDecision, SeatTable


def test_every_public_method_of_the_local_table_is_on_the_remote_one():
    local = {n for n, _ in inspect.getmembers(SeatTable, inspect.isfunction)
             if not n.startswith("_")}
    remote = {n for n, _ in inspect.getmembers(RemoteTable, inspect.isfunction)}
    assert local <= remote, local - remote


def test_the_remote_table_answers_as_the_local_one_for_its_seat(server):
    c = TableClient(server.url)
    code, _ = c.create("sole-mio", ["person", "person", "person"], seed=17)
    tables = [c.join(code, seat=s) for s in range(3)]
    game = server.table(code).game
    local = new_game(load_cardset("sole-mio"), game.colours, game.seed)
    assert server.call(lambda: len(game.choices_log)) == 0
    for t in tables:
        mine = SeatTable(local, t.viewer)
        assert t.view() == mine.view() and t.events() == mine.events()
        assert t.event_count() == mine.event_count() and t.moves() == mine.moves() == 0
        assert t.deciding() == mine.deciding() and t.deciding_kind() == mine.deciding_kind()
        assert t.scores() == mine.scores() and t.is_over() is False
        assert (t.decision() is None) == (mine.decision() is None)
        if t.decision() is not None:
            d, e = t.decision(), mine.decision()
            assert (d.seat, d.kind, tuple(d.choices)) == (e.seat, e.kind, tuple(e.choices))
            hand = [f for f in t.view().hand if f[0] == t.view().hand[0][0]][:1]
            assert t.check_play(hand) == mine.check_play(hand)
            assert t.check_play([]) == mine.check_play([])
            assert t.forced_choice() == mine.forced_choice()
            assert t.only_answer() == mine.only_answer()
        else:
            with pytest.raises(NotYourDecision):
                t.apply(("draw", "supply"))
            assert t.check_play([("olive", 1)])[0] is None
            assert t.forced_choice() is None  # another seat's choices never come here
        assert t.preview(("draw", "supply")) is None
    decider = next(t for t in tables if t.decision() is not None)
    with pytest.raises(IllegalChoice):
        decider.apply(("play", "salami", 9, 9))
    choice = decider.decision().choices[0]
    decider.apply(choice)
    local.apply(choice)
    assert decider.moves() == 1 and decider.events() == local.events_for(decider.viewer)
    c.close()


def _previews(t, timeout=5.0):
    d = t.decision()
    assert t.wait_for(lambda: all(t.preview(c) is not None or c not in d.choices
                                  for c in d.choices) and t.preview(d.choices[0]) is not None,
                      timeout)
    return {c: t.preview(c) for c in d.choices}


def test_the_remote_preview_matches_the_local_one_where_the_seat_knows_everything(server):
    """A draw's outcome shows some card; what the seat knows (the order of its events,
    who decides next) is as the local preview says."""
    c = TableClient(server.url)
    code, _ = c.create("sole-mio", ["person", "person"], seed=4)
    tables = [c.join(code, seat=s) for s in range(2)]
    t = next(x for x in tables if x.decision() is not None)
    local = SeatTable(server.table(code).game.clone(record_events=True), t.viewer)
    out = _previews(t)
    assert set(out) == set(t.decision().choices)
    for choice, (events, deciding) in out.items():
        mine_events, mine_deciding = local.preview(choice)
        assert deciding == mine_deciding
        assert [e["type"] for e in events] == [e["type"] for e in mine_events][:len(events)]
    c.close()


def test_a_preview_tells_the_seat_nothing_it_does_not_know(server):
    """Two worlds the seat cannot tell apart (everything it cannot see dealt again) give
    the same previews: the outcome depends only on what the seat knows."""
    import random

    c = TableClient(server.url)
    code, _ = c.create("sole-mio", ["person", "person", "person"], seed=8)
    tables = [c.join(code, seat=s) for s in range(3)]
    t = next(x for x in tables if x.decision() is not None)
    # play until the seat has a draw to make (its outcome would show the supply's top)
    while t.decision() is None or t.decision().kind != "draw":
        mover = next(x for x in tables if x.decision() is not None)
        mover.apply(mover.decision().choices[0])
        t = next(x for x in tables if x.decision() is not None)
    first = _previews(t)
    net = server.table(code)
    other = server.call(lambda: net.game.redeal(t.viewer, random.Random(99)))
    other.events = net.game.events
    assert server.call(lambda: net.game.supply) != server.call(lambda: other.supply)
    server.call(lambda: setattr(net, "game", other))
    c2 = TableClient(server.url)
    again = c2.resume(code, t.token)
    assert _previews(again) == first
    c.close()
    c2.close()
