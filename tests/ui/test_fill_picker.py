"""The fill picker in the reveal, driven with synthetic clicks and keys.

Positions come from the engine's scenario module: seat 0 (blue, a person, own kind
olive) has a choice order revealed; seats 1 and 2 are computers.
"""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.host import GameSession, SeatConfig
from solemio.show.pickers.fill import CANNOT, COLUMNS, HAND
from solemio.ui import driver, layout
from solemio.ui.scenes.reveal import RevealScene

SIZES = [(1024, 640), (1920, 1080), (1920, 480), (3840, 2160)]

STAIRCASE = """
name: four-three-two-one the hand can fill
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper, pepper, pepper, mushroom, mushroom, mushroom, salami]
  oven: [blue:4-3-2-1]
  hands: {0: [salami, pineapple, double-pineapple]}
"""

MONOTONI = """
name: Monotoni nobody can fill
edition: mamma-mia
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper, olive]
  oven: [blue:monotoni]
  hands: {0: [pepper, salami]}
"""

CANNOT_HELP = """
name: a person asked for help who cannot give it
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper]
  oven: [brown:four-pepper]
  hands: {0: [olive, salami], 2: [olive]}
"""


def start(make_app, text, size=(1280, 720), persons=(0,), kind="variant"):
    game, _data = build_position(load_text(text, "fill.yaml"))
    app = make_app(size)
    names = ["Anna", "Ben", "Carla"]
    seats = [SeatConfig(names[i], c, person=i in persons)
             for i, c in enumerate(["blue", "green", "brown"])]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    app.step([], 3.0, draw=False)
    if kind is not None:
        d = rv.my_decision()
        assert d is not None and d.kind == kind and d.seat == 0, d
    return app, sess, rv


def w(app, name):
    found = driver.widget(app, name)
    assert found is not None, f"no widget {name}"
    return found


def names(rv):
    return [x.name for x in rv.focus.widgets if x.visible]


def test_4321_is_a_picker_with_the_cheapest_way_focused(make_app):
    app, sess, rv = start(make_app, STAIRCASE)
    fills = [n for n in names(rv) if n.startswith("fill")]
    # The position starts in the reveal with the order already turned over: the order
    # panel shows it (the show reads it from the events, not from the view).
    key = rv.stage().order_key(rv.show, rv.screen().order_away)
    assert key[1] == ("blue", "4-3-2-1") and key[3] == 0 and key[-2] is False
    # Five kind tiles (four slots and the one left out) and Confirm: no pages of buttons.
    assert fills == [f"fill-kind{i}" for i in range(5)] + ["fill-confirm"]
    assert "more" not in names(rv)
    m = rv.fill_picker.kinds
    # Peppers 4 and mushrooms 3 from the columns; the hand makes up salami and pineapple.
    assert m.chosen()[:2] == ["pepper", "mushroom"]
    assert m.current_status() == HAND
    assert [m.slot_cover(i).status for i in range(2)] == [COLUMNS, COLUMNS]
    assert rv.focus.focused.name == "fill-confirm"
    assert "from your hand" in rv.prompt
    app.draw()
    # Enter takes the default; then the cards step also defaults to the hand, never help.
    driver.key(app, pygame.K_RETURN)
    app.step([], 3.0, draw=False)
    d = rv.my_decision()
    assert d is not None and d.kind == "fill"
    assert rv.focus.focused.name == "fill-confirm"
    assert w(app, "fill-confirm").label == "Fill it"
    assert "Your hand fills it" in rv.prompt
    app.draw()
    driver.key(app, pygame.K_RETURN)
    log = sess.game.choices_log
    assert log[-1][0] == "fill" and log[-1][2] is None  # nobody else gets a reward
    app.step([], 6.0, draw=False)
    assert "4-3-2-1" in [f[1] for f in sess.game.view(0).seats[0].filled]


def test_kinds_swap_and_the_cards_step_cycles_to_a_request(make_app):
    app, sess, rv = start(make_app, STAIRCASE)
    m = rv.fill_picker.kinds
    before = list(m.arrangement)
    driver.click(app, w(app, "fill-kind0").rect)
    assert m.selected == 0
    driver.click(app, w(app, "fill-kind1").rect)
    assert m.arrangement[:2] == [before[1], before[0]]
    # Mushrooms 4 and peppers 3: the columns lack a mushroom, the hand has none.
    assert m.slot_cover(0).status != COLUMNS
    app.draw()
    driver.click(app, w(app, "fill-kind1").rect)
    driver.click(app, w(app, "fill-kind0").rect)
    assert m.arrangement == before
    driver.click(app, w(app, "fill-confirm").rect)
    app.step([], 3.0, draw=False)
    d = rv.my_decision()
    assert d.kind == "fill"
    c = rv.fill_picker.cards_m
    tiles = [n for n in names(rv) if n.startswith("fill-item")]
    assert len(tiles) == len(c.items) >= 1
    # Cycle an item until the choice asks for help: the button says so.
    for _ in range(10):
        if c.asks_help():
            break
        driver.click(app, w(app, tiles[0]).rect)
    assert c.asks_help()
    assert w(app, "fill-confirm").label == "Ask for help"
    assert "without help" in rv.prompt
    assert c.current_choice() in d.choices
    app.draw()
    assert sess.game.decision().kind == "fill"


def test_no_way_is_one_line_and_one_button(make_app):
    app, sess, rv = start(make_app, MONOTONI)
    assert [n for n in names(rv) if n.startswith("fill")] == ["fill-go"]
    m = rv.fill_picker.kinds
    assert m.no_way() and all(m.status_of(c[1]) == CANNOT for c in m.choices)
    assert "cannot be filled" in rv.prompt
    assert "help" not in rv.prompt.lower()  # Mamma Mia! never mentions help
    assert rv.focus.focused.name == "fill-go"
    app.draw()
    driver.key(app, pygame.K_RETURN)
    # One press: the kinds and the forced give-up both went in.
    assert [c[0] for c in sess.game.choices_log] == ["variant", "give-up"]


def test_a_person_who_cannot_help_is_not_asked_to_press_decline(make_app):
    app, sess, rv = start(make_app, CANNOT_HELP, kind=None)
    # Carla (a computer, brown) asks for help with 2 peppers; Anna holds none.
    for _ in range(200):
        d = sess.game.decision()
        if d is not None and d.kind == "help" and d.seat == 0:
            break
        app.step([], 0.1, draw=False)
        rv.thinker.wait(5)
    d = sess.game.decision()
    assert d is not None and d.kind == "help" and d.seat == 0
    assert all(c[0] == "decline" for c in d.choices)
    # No Decline button, no waiting for a key: after the pause the refusal is made.
    assert not [n for n in names(rv) if n.startswith("choice")]
    for _ in range(100):
        app.step([], 0.05, draw=False)
        if sess.game.choices_log and sess.game.choices_log[-1] == ("decline",):
            break
    assert ("decline",) in sess.game.choices_log
    assert rv.banner is not None and "cannot help." in rv.banner["lines"]
    app.draw()


def test_hot_seat_a_person_who_cannot_help_is_called_like_anyone(make_app):
    # With two people at the screen a hand that cannot help is not answered for: a pass
    # screen, then the person's own screen saying why, with one Decline button (the
    # others must not learn from a missing pass screen what the hand holds).
    app, sess, rv = start(make_app, CANNOT_HELP, persons=(0, 1), kind=None)
    from solemio.ui.scenes.handover import HandoverScene

    for _ in range(300):
        top = app.manager.top
        if isinstance(top, HandoverScene) and top.seat == 0:
            break
        assert ("decline",) not in sess.game.choices_log
        app.step([], 0.1, draw=False)
        rv.thinker.wait(5)
    top = app.manager.top
    assert isinstance(top, HandoverScene) and top.seat == 0
    app.draw()
    driver.click(app, w(app, "ready").rect)
    app.step([], 0.1, draw=False)
    assert app.manager.top is rv and sess.viewer == 0
    for _ in range(20):  # the person's own screen waits for them, however long
        app.step([], 0.5, draw=False)
    assert ("decline",) not in sess.game.choices_log
    assert "Your hand cannot cover it." in rv.prompt
    assert [n for n in names(rv) if n.startswith("choice")] == ["choice0"]
    app.draw()
    driver.click(app, w(app, "choice0").rect)
    assert sess.game.choices_log[-1] == ("decline",)


def check(rv, size):
    rects = rv.interactive_rects()
    window = pygame.Rect(0, 0, *size)
    for name, r in rects:
        assert window.contains(r), f"{name} {r} leaves the {size} window"
    assert layout.overlaps(rects) == []
    for name, r in rects:
        if name.startswith("fill"):
            assert rv.choice_area.contains(r), f"{name} {r} outside {rv.choice_area}"


@pytest.mark.parametrize("size", SIZES)
def test_picker_layout(make_app, size):
    app, sess, rv = start(make_app, STAIRCASE, size)
    check(rv, size)
    app.draw()
    driver.click(app, w(app, "fill-kind2").rect)
    check(rv, size)
    app.draw()
    driver.click(app, w(app, "fill-kind2").rect)
    driver.click(app, w(app, "fill-confirm").rect)
    app.step([], 3.0, draw=False)
    check(rv, size)
    app.draw()


def test_the_random_driver_gets_through_the_picker(make_app):
    import random

    for seed in range(3):
        app, sess, rv = start(make_app, STAIRCASE)
        rng = random.Random(seed)
        for _ in range(300):
            if len(sess.game.choices_log) >= 2:
                break
            if not driver.person_move(app, rng):
                app.step([], 0.5, draw=False)
        assert len(sess.game.choices_log) >= 2
        app.close()


TWO_DOUBLES = """
name: two doubles, the kinds alone matter
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [double-mushroom, salami, salami]
  oven: [blue:two-doubles]
  hands: {0: [double-salami]}
"""


def test_equal_slots_ask_only_which_kinds(make_app):
    app, sess, rv = start(make_app, STAIRCASE)
    assert "which kind gets which amount" in rv.prompt
    app.close()
    app, sess, rv = start(make_app, TWO_DOUBLES)
    assert "which kinds?" in rv.prompt and "amount" not in rv.prompt
    m = rv.fill_picker.kinds
    assert set(m.chosen()) == {"mushroom", "salami"} and m.current_status() == HAND
    app.draw()


def test_a_filled_order_is_not_on_its_owner_s_panel_while_it_flies_there(make_app):
    app, sess, rv = start(make_app, STAIRCASE)
    driver.key(app, pygame.K_RETURN)  # the kinds
    app.step([], 3.0, draw=False)
    driver.key(app, pygame.K_RETURN)  # the cards: filled
    flying = None
    for _ in range(200):
        app.step([], 0.02, draw=False)
        flying = next((f for f in rv.anims.flights if isinstance(f.tag, tuple)
                       and f.tag[0] == "leaves"), None)
        if flying is not None:
            break
    assert flying is not None and flying.tag[1] == 0 and flying.tag[3]
    face = flying.tag[2]
    assert face in sess.show.seats[0].filled  # the show has it...
    assert face not in rv.shown_view().seats[0].filled  # ...the panel shows it on landing
    app.draw()
    for _ in range(200):
        if not any(isinstance(f.tag, tuple) and f.tag[0] == "leaves" for f in rv.anims.flights):
            break
        app.step([], 0.02, draw=False)
    assert face in rv.shown_view().seats[0].filled
