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
