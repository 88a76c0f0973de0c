"""Taking back your last turn through the window (issue 24, item 12): the Take back button
at the table (its tooltip names the keys) and Ctrl+Z / Backspace, alone against
computers; no such button in hot-seat; the statistics scene says so."""

from __future__ import annotations

import pygame
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.engine.kinds import KINDS
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.table import TableScene


def _table(make_app, people: int = 1):
    app = make_app((1024, 640))
    seats = [SeatConfig("You" if people == 1 else "Anna", "blue"),
             SeatConfig("Ben", "green", person=people > 1),
             SeatConfig("Marco", "brown", person=False, level="random")]
    sess = GameSession(load_cardset("sole-mio"), seats, 21, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    return app, sess, table


def _until_my_turn(app, table, kind="play"):
    for _ in range(400):
        app.step([], 0.25, draw=False)
        driver.wait_thinker(app)
        d = table.my_decision()
        if d is not None and d.kind == kind:
            return d
    raise AssertionError("the person's turn never came")


def _play_a_turn(app, table):
    _until_my_turn(app, table)
    card = next(w for w in table.focus.widgets if w.name.startswith("hand")
                and w.face[0] in KINDS)
    driver.click(app, card.rect)
    driver.click(app, driver.widget(app, "confirm").rect)
    _until_my_turn(app, table, "draw")
    driver.click(app, driver.widget(app, "draw-supply").rect)


def test_the_take_back_button_and_keys_take_back_the_last_turn(make_app):
    app, sess, table = _table(make_app)
    _until_my_turn(app, table)
    button = driver.widget(app, "take-back")
    assert button is not None and not button.enabled and "Ctrl+Z" in button.tooltip
    driver.click(app, button.rect)  # grey: says why, changes nothing
    assert table.error and not sess.takebacks
    _play_a_turn(app, table)
    _until_my_turn(app, table)  # the computers played their turns after yours
    log = list(sess.game.choices_log)
    assert driver.widget(app, "take-back").enabled
    driver.click(app, driver.widget(app, "take-back").rect)
    assert sess.takebacks == 1 and len(sess.game.choices_log) < len(log)
    assert table.my_decision() is not None and table.my_decision().kind == "play"
    app.step([], 0.016, draw=True)
    # Again with the keyboard, after the same turn played once more.
    _play_a_turn(app, table)
    _until_my_turn(app, table)
    assert list(sess.game.choices_log) == log  # the computers answered as they did
    driver.key(app, pygame.K_BACKSPACE)
    assert sess.takebacks == 2 and table.my_decision().kind == "play"


def test_no_take_back_in_hot_seat(make_app):
    app, sess, table = _table(make_app, people=2)
    for _ in range(50):
        app.step([], 0.25, draw=False)
    assert driver.widget(app, "take-back") is None
    table.take_back()
    assert sess.takebacks == 0 and table.error


def test_the_statistics_scene_says_how_many_games_had_take_backs(make_app):
    from types import SimpleNamespace

    from solemio import stats
    from solemio.engine.simulate import play_random_game
    from solemio.ui.scenes.title import TitleScene

    game = play_random_game(load_cardset("sole-mio"), 3, 4)
    you = SimpleNamespace(person=True, level="easy", name="You")
    bot = SimpleNamespace(person=False, level="easy", name="Carla")
    stats.add_game(game, [you, bot, bot], takebacks=2)
    stats.add_game(game, [you, bot, bot])
    app = make_app((1024, 640), language="nl")
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "stats").rect)
    sc = app.manager.top
    app.step([], 0.016, draw=True)
    texts = [t for t, _h in sc.lines()]
    assert "1 spel met teruggenomen beurten" in texts, texts
