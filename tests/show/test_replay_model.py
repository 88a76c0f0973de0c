"""The replay's model: every hand and the public table right at every position."""

from __future__ import annotations

import pytest

from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.engine.simulate import play_random_game
from solemio.show import state as show_state
from solemio.show.replay import ReplayShow, oven_cards


@pytest.mark.parametrize("edition,players", [("sole-mio", 2), ("mamma-mia", 4),
                                             ("grande", 5), ("grande", 3)])
def test_every_hand_and_the_table_match_the_engine_after_every_choice(edition, players):
    cs = load_cardset(edition)
    game = play_random_game(cs, players, 20 + players, record_events=True)
    rp = ReplayShow(game)
    engine = new_game(cs, list(game.colours), game.seed, game.first_arg)
    for choice in game.choices_log:
        engine.apply(choice)
        m = rp.moment(engine.event_count())
        assert m.position == engine.event_count()
        for seat in range(players):
            assert sorted(m.hands[seat]) == sorted(engine.hand_faces(seat))
        if not engine.is_over():
            assert show_state.differences(m.show, engine.view(None)) == []
            if m.show.reveal is None:
                assert len(oven_cards(m.show)) == engine.view(None).oven
    # Stepped to the end from the start, the show equals the end taken from the engine.
    stepped = rp.moment(rp.end - 1)
    assert rp.moment(rp.end).hands == tuple(tuple(sorted(h)) for h in
                                            (engine.hand_faces(s) for s in range(players)))
    assert stepped.position == rp.end - 1


def test_backwards_equals_forwards_and_marks_move_by_turns_and_rounds():
    game = play_random_game(load_cardset("sole-mio"), 3, 5, record_events=True)
    rp = ReplayShow(game, every=4)
    forwards = [rp.moment(p) for p in range(rp.start, rp.end + 1)]
    fresh = ReplayShow(game, every=4)
    for p in range(rp.end, rp.start - 1, -1):
        assert fresh.moment(p) == forwards[p - rp.start] or p == rp.end
    # A turn forward lands just after a turn event; back again returns to the previous one.
    p = rp.next_mark(rp.start, rp.turns)
    assert rp.event_at(p - 1)["type"] == E.TURN
    q = rp.next_mark(p, rp.turns)
    assert q > p and rp.event_at(q - 1)["type"] == E.TURN
    assert rp.previous_mark(q, rp.turns) == p
    r = rp.next_mark(rp.start, rp.rounds)
    assert rp.event_at(r - 1)["type"] in (E.ROUND_END, E.NEW_ROUND, E.GAME_OVER)
    assert rp.previous_mark(rp.start, rp.turns) == rp.start
    assert rp.next_mark(rp.end, rp.rounds) == rp.end


def test_preparing_builds_every_kept_moment_a_bit_at_a_time():
    game = play_random_game(load_cardset("grande"), 5, 3, record_events=True)
    rp = ReplayShow(game)
    assert not rp.prepared
    while not rp.prepare(0.0005):
        pass
    assert rp.prepared
