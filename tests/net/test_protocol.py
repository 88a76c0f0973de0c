"""The protocol's words: views and events cross the wire unchanged, bad frames are named."""

from __future__ import annotations

import json
import random

import pytest

from solemio.engine import load_cardset, new_game
from solemio.net import protocol as P

EDITIONS = ("sole-mio", "mamma-mia", "grande")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_view_and_event_of_a_game_crosses_the_wire_unchanged(edition):
    g = new_game(load_cardset(edition), ["blue", "green", "brown", "red"], seed=11)
    rng = random.Random(3)
    seen_kinds = set()
    while True:
        d = g.decision()
        for seat in {None, d.seat if d else 0, (d.seat + 1) % 4 if d else 1}:
            v = g.view(seat)
            wire = json.loads(P.encode(P.view_to_json(v)))
            assert P.view_from_json(wire) == v
        if g.is_over():
            break
        d = g.decision()
        seen_kinds.add(d.kind)
        mine = P.decision_of(P.view_from_json(json.loads(P.encode(P.view_to_json(
            g.view(d.seat))))))
        assert mine.kind == d.kind and mine.seat == d.seat
        assert len(mine.choices) == len(d.choices) and list(mine.choices) == list(d.choices)
        g.apply(d.choices[rng.randrange(len(d.choices))])
    assert {"play", "draw", "fill"} <= seen_kinds
    for seat in (None, 0, 1, 2, 3):
        events = g.events_for(seat)
        assert [P.event_from_wire(e) for e in json.loads(P.encode(events))] == events


def test_another_seat_s_decision_never_reaches_a_view():
    g = new_game(load_cardset("sole-mio"), ["blue", "green", "brown"], seed=2)
    d = g.decision()
    other = (d.seat + 1) % 3
    wire = P.view_to_json(g.view(other))
    assert wire["choices"] == () and wire["context"] == ()
    assert P.decision_of(P.view_from_json(json.loads(P.encode(wire)))) is None
    assert P.view_to_json(g.view(None))["hand"] == ()


@pytest.mark.parametrize("frame", [b"\xff\xfe", "not json", "[1, 2]", '{"type": 3}', "{}",
                                   "[" * 5000])
def test_a_frame_that_is_not_one_message_is_named_bad_json(frame):
    with pytest.raises(P.ProtocolError) as info:
        P.decode(frame)
    assert info.value.reason == "bad-json"


@pytest.mark.parametrize("data", [None, [], "play", [3], ["play", 1.5], ["play", True],
                                  ["play", {"a": 1}], ["x", [[[[[["deep"]]]]]]]])
def test_a_malformed_choice_is_refused_before_the_rules_see_it(data):
    with pytest.raises(P.ProtocolError) as info:
        P.choice_from_wire(data)
    assert info.value.reason == "bad-message"


def test_a_choice_from_the_wire_is_the_engine_s_tuple():
    assert P.choice_from_wire(["play", "olive", 1, 0]) == ("play", "olive", 1, 0)
    assert P.choice_from_wire(["fill", [["olive", 1, 0]], None]) == (
        "fill", (("olive", 1, 0),), None)


def test_table_codes_use_no_look_alike_characters():
    from solemio.net.tables import new_code

    assert not set("IO01L") & set(P.CODE_ALPHABET)
    codes = {new_code(set()) for _ in range(200)}
    assert len(codes) == 200 and all(P.valid_code(c) for c in codes)
    assert not P.valid_code("ABCDE0") and not P.valid_code("ABCDE")


def test_every_reason_has_english_words():
    assert all(isinstance(m, str) and m for m in P.REASONS.values())
    assert P.refused("flood")["message"] == P.REASONS["flood"]
