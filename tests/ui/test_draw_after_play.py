"""A click on the supply right after Play is not lost (issue 24, item 6): the draw
buttons are there at once, while the played cards still fly, and the draw chosen waits
for the show; the message line says it will come."""

from __future__ import annotations

import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.engine.kinds import KINDS
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.table import TableScene


def _table_after_play(make_app):
    app = make_app((1024, 640))
    seats = [SeatConfig("You", "blue", person=True), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 11, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    for _ in range(40):
        app.step([], 0.1, draw=False)
        if table.my_decision() is not None:
            break
    assert table.my_decision().kind == "play"
    card = next(w for w in table.focus.widgets
                if w.name.startswith("hand") and w.face[0] in KINDS)
    driver.click(app, card.rect)
    driver.click(app, driver.widget(app, "confirm").rect)
    assert sess.game.decision().kind == "draw"
    assert table.my_decision() is None  # the play is still being shown
    return app, sess, table


@pytest.mark.parametrize("how", ["button", "pile"])
def test_a_draw_pressed_while_the_play_flies_is_made_when_it_lands(make_app, how):
    app, sess, table = _table_after_play(make_app)
    target = driver.widget(app, "draw-supply" if how == "button" else "pile-supply")
    assert target is not None and target.enabled, [w.name for w in table.focus.widgets]
    driver.click(app, target.rect)
    assert sess.game.decision().kind == "draw"  # not yet: the show has not caught up
    assert "as soon as your play is shown" in table.message
    app.step([], 0.016, draw=True)
    for _ in range(60):
        app.step([], 0.1, draw=False)
        if sess.game.choices_log[-1][0] == "draw" or len(sess.game.choices_log) > 3:
            break
    draws = [c for c in sess.game.choices_log if c[0] == "draw"]
    assert draws and draws[0] == ("draw", "supply"), sess.game.choices_log


def test_the_stack_can_be_chosen_in_the_gap_too(make_app):
    app, sess, table = _table_after_play(make_app)
    stack = driver.widget(app, "draw-stack")
    assert stack is not None
    driver.click(app, stack.rect)
    assert "order stack" in table.message
    for _ in range(60):
        app.step([], 0.1, draw=False)
        if any(c[0] == "draw" for c in sess.game.choices_log):
            break
    assert [c for c in sess.game.choices_log if c[0] == "draw"][0] == ("draw", "stack")
