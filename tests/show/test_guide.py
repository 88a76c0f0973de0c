"""The guided first game's words and targets, without a window: what each decision asks
and why, pointing at cards the seat holds and buttons that exist; built from the seat's
own view only."""

from __future__ import annotations

import random

from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show import guide

CS = load_cardset("sole-mio")
WIDGETS = {"confirm", "no-order", "draw-supply", "draw-stack"}


def test_play_points_at_the_cards_an_order_in_hand_needs():
    hand = (("olive", 1), ("pepper", 1), ("pepper", 1), ("salami", 1), ("salami", 1),
            ("salami", 1), ("blue", "four-pepper"))
    choices = (("play", "olive", 1, 0), ("play", "pepper", 2, 0), ("play", "salami", 3, 0))
    tip = guide.decision_tip("play", choices, hand, (), CS, "blue")
    assert tip.targets[0] == ("hand", "pepper")  # not the salamis, held more
    assert "Four of a kind" in tip.text and "peppers" in tip.text
    # With 2 peppers already announced, playing these 2 covers the order: select it too.
    said = (("play", 1, "pepper", 2, 0),)
    tip = guide.decision_tip("play", choices, hand, said, CS, "blue")
    assert tip.targets == (("hand", "pepper"), ("order", "four-pepper"), ("widget", "confirm"))
    # No order needs what is held: the kind held most.
    tip = guide.decision_tip("play", choices, hand[:-1], (), CS, "blue")
    assert tip.targets[0] == ("hand", "salami")
    # Nothing to play: a pass, said as such.
    tip = guide.decision_tip("play", (("pass",),), (("blue", "block"),), (), CS, "blue")
    assert "pass" in tip.text


def test_an_order_is_advised_only_when_the_oven_holds_what_it_needs():
    hand = (("olive", 1), ("blue", "four-pepper"), ("blue", "block"))
    four = (("play", 1, "pepper", 2, 1),)  # 2 singles and a double: 4 peppers announced
    tip = guide.decision_tip("order", (), hand, four, CS, "blue")
    assert tip.targets == (("order", "four-pepper"), ("widget", "confirm"))
    three = (("play", 1, "pepper", 1, 1),)
    tip = guide.decision_tip("order", (), hand, three, CS, "blue")
    assert tip.targets == (("widget", "no-order"),)


def test_drawing_new_orders_when_none_is_held():
    assert guide.decision_tip("draw", (), (("olive", 1),), (), CS, "blue").targets == (
        ("widget", "draw-stack"),)
    assert guide.decision_tip("draw", (), (("blue", "block"),), (), CS, "blue").targets == (
        ("widget", "draw-supply"),)


def test_drawing_the_scorer_card_is_explained_to_its_drawer_only():
    ev = {"type": E.SCORER_DRAWN, "seat": 0}
    said = guide.event_tip(ev, 0, "Sole Mio!")
    assert "Sole Mio!" in said and "reveal the oven" in said
    assert guide.event_tip(ev, 1, "Sole Mio!") == ""
    assert guide.event_tip({"type": E.FILLED, "seat": 0}, 0, "Sole Mio!")
    assert guide.event_tip({"type": E.DEAL}, 0, "Sole Mio!") == ""


def test_every_decision_of_a_whole_game_gets_words_and_real_targets():
    cs = load_cardset(guide.EDITION)
    g = guide.deal(cs)
    rng = random.Random(3)
    kinds = set()
    while not g.is_over():
        d = g.decision()
        if d.seat == 0:
            v = g.view(0)
            tip = guide.decision_tip(str(d.kind), d.choices, v.hand, v.history, cs, "blue", 0)
            assert tip.text, d.kind
            kinds.add(str(d.kind))
            for what, name in tip.targets:
                if what == "hand":
                    assert any(f[0] == name for f in v.hand)
                    assert any(c[0] == "play" and c[1] == name for c in d.choices)
                elif what == "order":
                    assert ("blue", name) in v.hand
                elif what == "widget":
                    assert name in WIDGETS
                elif what == "picker":  # the picker's next step
                    assert name == d.kind and d.kind in ("series", "variant", "fill")
                elif what == "choice":  # the exact answer's button
                    assert name in d.choices
                else:
                    assert (what, name) in (("area", "choices"), ("area", "actions"))
        g.apply(rng.choice(d.choices))
    assert {"play", "order", "draw"} <= kinds


def test_the_guide_reads_only_the_seats_view():
    """Two games that differ only in what seat 0 cannot see give the same words."""
    import inspect

    params = set(inspect.signature(guide.decision_tip).parameters)
    assert params == {"kind", "choices", "hand", "history", "cardset", "colour", "seat"}


def test_an_opponents_block_is_explained_when_it_comes_out():
    names, colours = ["You", "Giulia", "Marco"], ["blue", "green", "brown"]
    ev = {"type": E.BLOCK, "seat": 1, "added": ["pepper", 0, 0], "needed": 3,
          "revealed": {"0": [["pepper", 1]], "2": []}, "blocked": False}
    said = guide.event_tip(ev, 0, "Sole Mio!", names, colours)
    assert "Giulia" in said and "peppers" in said and "3" in said and "not blocked" in said
    blocked = guide.event_tip({**ev, "blocked": True}, 0, "Sole Mio!", names, colours)
    assert "blocked and fails" in blocked
    # Your own Block order has its decision's words; without the seats' names, nothing.
    assert guide.event_tip({**ev, "seat": 0}, 0, "Sole Mio!", names, colours) == ""
    assert guide.event_tip(ev, 0, "Sole Mio!") == ""
