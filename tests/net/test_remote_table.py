"""The remote table offers a window everything the local SeatTable does."""

from __future__ import annotations

import inspect

import pytest

from solemio.engine import IllegalChoice, load_cardset, new_game
from solemio.net.client import RemoteTable, TableClient
from solemio.net.protocol import PREVIEW_EVENTS
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
    assert t.wait_for(lambda: all(t.preview(c) is not None for c in d.choices), timeout)
    return {c: t.preview(c) for c in d.choices}


def _to_a_reveal_decision(tables, also=lambda t: True):
    """Play random choices until a seat decides in the reveal among a few choices (the
    window asks the server's preview for those only)."""
    import random

    from solemio.show.director import REVEAL_KINDS

    rng = random.Random(1)
    for _ in range(2000):
        t = next((x for x in tables if x.decision() is not None), None)
        if t is None:
            return None  # the game is over
        d = t.decision()
        if d.kind in REVEAL_KINDS and isinstance(d.choices, list | tuple) and \
                1 < len(d.choices) <= 16 and also(t):
            return t
        t.apply(rng.choice(list(d.choices)))
    return None


def test_the_remote_preview_answers_each_choice_of_a_reveal_decision(server):
    """Each choice gets an outcome, whose first event (the choice's own announcement) is
    the one the local preview gives."""
    c = TableClient(server.url)
    code, _ = c.create("sole-mio", ["person", "person"], seed=4)
    tables = [c.join(code, seat=s) for s in range(2)]
    t = _to_a_reveal_decision(tables)
    local = SeatTable(server.table(code).game.clone(record_events=True), t.viewer)
    out = _previews(t)
    assert set(out) == set(t.decision().choices)
    for choice, (events, _deciding) in out.items():
        mine_events, _ = local.preview(choice)
        assert events and events[0]["type"] == mine_events[0]["type"]
    # a turn's decision is not previewed (shown as it comes)
    c.close()


def test_a_preview_tells_the_seat_nothing_it_does_not_know(server):
    """Two worlds the seat cannot tell apart (everything it cannot see dealt again) give
    the same previews, at a decision where the true outcomes differ between them (what
    the choice brings shows a card the seat cannot see): the outcome depends only on
    what the seat knows."""
    import random

    c = TableClient(server.url)
    worlds: dict = {}

    def telling(net, t):
        """The true outcomes of this decision differ in another world the seat cannot
        tell from this one."""
        real = server.call(lambda: net.game.clone(record_events=True))
        other = server.call(lambda: net.game.redeal(t.viewer, random.Random(99)))
        # the public record the other world shares: its events and its moves (a re-deal
        # starts with no choice log, and the server counts a table's moves by it)
        other.events = list(real.events)
        other.choices_log = list(real.choices_log)
        worlds["other"] = other

        def outcome(game, choice):
            events, deciding = SeatTable(game, t.viewer).preview(choice)
            return events[:PREVIEW_EVENTS], deciding

        return any(outcome(real, ch) != outcome(other, ch) for ch in t.decision().choices)

    for seed in range(8, 60):
        code, _ = c.create("sole-mio", ["person", "person", "person"], seed=seed)
        tables = [c.join(code, seat=s) for s in range(3)]
        net = server.table(code)
        t = _to_a_reveal_decision(tables, lambda t, net=net: telling(net, t))
        if t is not None:
            break
    assert t is not None, "no decision whose outcome shows a hidden card"
    first = _previews(t)
    server.call(lambda: setattr(net, "game", worlds["other"]))
    c2 = TableClient(server.url)
    again = c2.resume(code, t.token)
    assert _previews(again) == first
    c.close()
    c2.close()
