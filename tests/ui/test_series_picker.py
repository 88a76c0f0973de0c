"""The series picker of the reveal, driven through the scene with synthetic clicks and keys.

The position comes from the engine's scenario module: seat 0 (blue, a person)
has just had a four-pepper revealed and holds three more four-of-a-kind
orders, so the engine asks for a series.  The columns hold 4 mushrooms,
3 salamis, 2 peppers and 1 pineapple, so the best covered series is
mushrooms 4, salamis 3, peppers 2 (and pineapples 1).
"""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.host import GameSession, SeatConfig
from solemio.show.pickers.series import SeriesModel
from solemio.ui import driver, layout
from solemio.ui.scenes.reveal import RevealScene

POSITION = """
name: a series in hand
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [mushroom, mushroom, mushroom, mushroom, salami, salami, salami, pepper, pepper,
            pineapple]
  oven: [blue:four-pepper]
  hands: {0: [four-mushroom, four-pineapple, four-salami, olive]}
"""
SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


def start(make_app, size=(1280, 720)):
    """The reveal scene with the series decision waiting for the person at seat 0."""
    game, _data = build_position(load_text(POSITION, "series.yaml"))
    app = make_app(size)
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()  # the position is shown as it stands
    rv = app.manager.push(RevealScene(app, sess, None))
    app.step([], 3.0, draw=False)  # let "the round is over" pass
    d = rv.my_decision()
    assert d is not None and d.kind == "series" and d.seat == 0
    return app, sess, rv


def w(app, name):
    found = driver.widget(app, name)
    assert found is not None, f"no widget {name}"
    return found


def names(rv) -> list[str]:
    return [x.name for x in rv.focus.widgets if x.visible]


def slots(rv) -> dict[int, str | None]:
    m = rv.series_picker.model
    return dict(zip(m.amounts, m.slots, strict=True))


def test_step_one_shows_the_hand_s_series_orders_as_toggles(make_app):
    app, sess, rv = start(make_app)
    # No word-button per combination any more: three cards, Next and Play it alone.
    assert [n for n in names(rv) if n.startswith("choice")] == [
        "choice-join0", "choice-join1", "choice-join2", "choice-next", "choice-alone"]
    assert "series-revealed" in names(rv)
    m = rv.series_picker.model
    assert m.revealed == "four-pepper"
    assert m.candidates == ["four-mushroom", "four-pineapple", "four-salami"]
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-join2").rect)
    assert m.joined == ["four-mushroom", "four-salami"]
    assert "2 orders join" in rv.prompt
    driver.click(app, w(app, "choice-join0").rect)  # out again
    assert m.joined == ["four-salami"]
    # The revealed order is fixed: clicking it changes nothing.
    driver.click(app, w(app, "series-revealed").rect)
    assert m.joined == ["four-salami"] and m.step == 1
    assert sess.game.choices_log == []


def test_next_without_orders_is_explained(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-next").rect)
    assert rv.series_picker.model.step == 1
    assert "Choose at least one order" in rv.prompt
    assert sess.game.decision().kind == "series"


def test_amounts_default_to_the_best_covered_and_can_be_swapped(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-join2").rect)
    driver.click(app, w(app, "choice-next").rect)
    assert rv.series_picker.model.step == 2
    assert [n for n in names(rv) if n.startswith("choice")] == [
        "choice-slot4", "choice-slot3", "choice-slot2", "choice-slot1", "choice-confirm",
        "choice-back"]
    # 4 mushrooms, 3 salamis, 2 peppers: the columns cover all three.
    assert slots(rv) == {4: "four-mushroom", 3: "four-salami", 2: "four-pepper", 1: None}
    assert "cover 3 of 3" in rv.prompt
    m = rv.series_picker.model
    assert all(m.covered(o, u) for o, u in m.assignment())
    # Pick the peppers up and put them on 4: the mushrooms take the 2.
    driver.click(app, w(app, "choice-slot2").rect)
    assert m.selected == 2
    driver.click(app, w(app, "choice-slot4").rect)
    assert m.selected is None
    assert slots(rv) == {4: "four-pepper", 3: "four-salami", 2: "four-mushroom", 1: None}
    assert not m.covered("four-pepper", 4) and m.covered("four-mushroom", 2)
    assert "cover 2 of 3" in rv.prompt
    assert sess.game.choices_log == []


def test_confirm_applies_the_matching_engine_choice(make_app):
    app, sess, rv = start(make_app)
    d = sess.game.decision()
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-join2").rect)
    driver.click(app, w(app, "choice-next").rect)
    app.draw()
    driver.click(app, w(app, "choice-confirm").rect)
    want = ("series", (("four-pepper", 2), ("four-mushroom", 4), ("four-salami", 3)))
    assert want in d.choices
    assert sess.game.choices_log == [want]
    assert sess.game.decision() is None or sess.game.decision().kind != "series"


def test_back_returns_to_step_one_keeping_the_choice(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-join1").rect)
    driver.click(app, w(app, "choice-next").rect)
    assert rv.series_picker.model.step == 2
    driver.click(app, w(app, "choice-back").rect)
    m = rv.series_picker.model
    assert m.step == 1 and m.joined == ["four-pineapple"]
    assert "choice-join0" in names(rv) and "choice-confirm" not in names(rv)
    # Add the mushrooms too: the amounts are laid out afresh for three orders, as many
    # covered as can be (the 2 peppers cover a 2, the single pineapple nothing).
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-next").rect)
    assert slots(rv) == {4: "four-mushroom", 3: "four-pineapple", 2: "four-pepper", 1: None}
    assert sess.game.choices_log == []


def test_play_it_alone(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-alone").rect)
    assert sess.game.choices_log == [("series", (("four-pepper", 4),))]


def test_keyboard_only(make_app):
    app, sess, rv = start(make_app)
    d = sess.game.decision()
    assert rv.focus.focused.name == "choice-join0"
    driver.key(app, pygame.K_RETURN)  # mushrooms in
    driver.key(app, pygame.K_RIGHT)
    driver.key(app, pygame.K_RIGHT)
    assert rv.focus.focused.name == "choice-join2"
    driver.key(app, pygame.K_SPACE)  # salamis in
    driver.key(app, pygame.K_TAB)
    assert rv.focus.focused.name == "choice-next"
    driver.key(app, pygame.K_RETURN)
    m = rv.series_picker.model
    assert m.step == 2 and rv.focus.focused.name == "choice-confirm"
    # To the peppers on 2, pick them up, carry them to 4, put them down.
    for _ in range(6):
        if rv.focus.focused.name == "choice-slot2":
            break
        driver.key(app, pygame.K_LEFT)
    assert rv.focus.focused.name == "choice-slot2"
    driver.key(app, pygame.K_RETURN)
    assert m.selected == 2
    driver.key(app, pygame.K_LEFT)
    driver.key(app, pygame.K_LEFT)
    assert rv.focus.focused.name == "choice-slot4" and m.selected == 0
    driver.key(app, pygame.K_RETURN)
    assert m.selected is None
    assert slots(rv) == {4: "four-pepper", 3: "four-mushroom", 2: "four-salami", 1: None}
    for _ in range(8):
        if rv.focus.focused.name == "choice-confirm":
            break
        driver.key(app, pygame.K_TAB)
    driver.key(app, pygame.K_RETURN)
    want = ("series", (("four-pepper", 4), ("four-mushroom", 3), ("four-salami", 2)))
    assert want in d.choices
    assert sess.game.choices_log == [want]


def test_keyboard_back_and_alone(make_app):
    app, sess, rv = start(make_app)
    driver.key(app, pygame.K_RETURN)
    rv.focus.focus_name("choice-next")
    driver.key(app, pygame.K_RETURN)
    for _ in range(8):
        if rv.focus.focused.name == "choice-back":
            break
        driver.key(app, pygame.K_TAB)
    driver.key(app, pygame.K_RETURN)
    assert rv.series_picker.model.step == 1
    for _ in range(8):
        if rv.focus.focused.name == "choice-alone":
            break
        driver.key(app, pygame.K_TAB)
    driver.key(app, pygame.K_RETURN)
    assert sess.game.choices_log == [("series", (("four-pepper", 4),))]


def test_an_illegal_combination_is_refused_with_a_reason(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-join2").rect)
    driver.click(app, w(app, "choice-next").rect)
    # Three orders take 4, 3 and 2: the peppers moved onto 1 leave a hole at 2.
    driver.click(app, w(app, "choice-slot2").rect)
    driver.click(app, w(app, "choice-slot1").rect)
    assert slots(rv) == {4: "four-mushroom", 3: "four-salami", 2: None, 1: "four-pepper"}
    assert "amount 1 is for a bigger series" in rv.prompt
    assert w(app, "choice-confirm").style == "secondary"
    driver.click(app, w(app, "choice-confirm").rect)
    assert sess.game.choices_log == []
    assert sess.game.decision().kind == "series"
    assert "Cannot confirm yet" in rv.prompt and "4, 3 and 2" in rv.prompt
    app.draw()
    # Put it back and it goes through.
    driver.click(app, w(app, "choice-slot1").rect)
    driver.click(app, w(app, "choice-slot2").rect)
    assert "Cannot confirm" not in rv.prompt
    driver.click(app, w(app, "choice-confirm").rect)
    assert sess.game.choices_log == [
        ("series", (("four-pepper", 2), ("four-mushroom", 4), ("four-salami", 3)))]


def test_drawing_never_changes_the_game(make_app):
    app, sess, rv = start(make_app)
    steps = ["choice-join0", "choice-join1", "choice-join2", "choice-next", "choice-slot3",
             "choice-slot1"]
    for name in steps:
        driver.click(app, w(app, name).rect)
        log, n, state = list(sess.game.choices_log), sess.game.event_count(), (
            list(rv.series_picker.model.slots), rv.series_picker.model.selected)
        app.draw()
        app.draw()
        assert sess.game.choices_log == log and sess.game.event_count() == n
        m = rv.series_picker.model
        assert (list(m.slots), m.selected) == state


def check(rv, size):
    rects = rv.interactive_rects()
    window = pygame.Rect(0, 0, *size)
    for name, r in rects:
        assert window.contains(r), f"{name} {r} leaves the {size} window"
    assert layout.overlaps(rects) == []
    # The picker stays inside the choice area, clear of the hand and the columns.
    for name, r in rects:
        if name.startswith("choice") or name.startswith("series"):
            assert rv.choice_area.contains(r), f"{name} {r} outside {rv.choice_area}"


@pytest.mark.parametrize("size", SIZES)
def test_picker_layout(make_app, size):
    app, sess, rv = start(make_app, size)
    check(rv, size)
    app.draw()
    driver.click(app, w(app, "choice-join0").rect)
    driver.click(app, w(app, "choice-join1").rect)
    driver.click(app, w(app, "choice-join2").rect)
    check(rv, size)
    app.draw()
    driver.click(app, w(app, "choice-next").rect)
    check(rv, size)
    driver.click(app, w(app, "choice-slot3").rect)  # an order picked up (lifted)
    check(rv, size)
    app.draw()


def test_model_ranks_and_explains_without_a_window():
    cs = load_cardset("sole-mio")
    from solemio.texts import order_kind

    choices = []
    from itertools import combinations, permutations

    mates = ["four-mushroom", "four-salami"]
    for size in range(3):
        for group in combinations(mates, size):
            members = ("four-pepper",) + group
            for perm in permutations([4, 3, 2][: size + 1]):
                choices.append(("series", tuple(zip(members, perm, strict=True))))
    # olive, pepper, mushroom, salami, pineapple: the salamis are plentiful.
    m = SeriesModel(choices, "four-pepper", mates, [0, 3, 1, 6, 0],
                    lambda o: order_kind(cs, o, "olive"))
    assert m.amounts == [4, 3, 2]
    m.toggle("four-salami")
    assert m.go_next()
    assert m.assignment() == [("four-salami", 4), ("four-pepper", 3)]
    assert m.confirm() == ("series", (("four-pepper", 3), ("four-salami", 4)))
    m.activate_slot(1)
    m.activate_slot(2)  # the peppers onto 2: a series of two takes 4 and 3
    assert m.confirm() is None
    assert "4 and 3" in m.notice


def test_the_random_driver_gets_through_the_picker(make_app):
    """Whole-game tests click random "choice" widgets: they must reach a legal series."""
    import random

    for seed in range(5):
        app, sess, rv = start(make_app)
        d = sess.game.decision()
        rng = random.Random(seed)
        for _ in range(300):
            if sess.game.choices_log:
                break
            assert driver.person_move(app, rng)
        assert len(sess.game.choices_log) == 1 and sess.game.choices_log[0] in d.choices
        app.close()


def test_a_resize_keeps_the_picker_s_state(make_app):
    app, sess, rv = start(make_app)
    driver.click(app, w(app, "choice-join2").rect)
    driver.click(app, w(app, "choice-next").rect)
    driver.click(app, w(app, "choice-slot4").rect)  # picked up
    before = (list(rv.series_picker.model.slots), rv.series_picker.model.selected)
    app.resize((1920, 1080))
    check(rv, (1920, 1080))
    m = rv.series_picker.model
    assert (list(m.slots), m.selected) == before and m.step == 2
    app.draw()
    driver.click(app, w(app, "choice-slot3").rect)  # put down on 3: the two swap
    assert m.slots[:2] == [before[0][1], before[0][0]]
