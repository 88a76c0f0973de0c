"""The learner's fuller log: off by default; when on, reached from the in-game menu (and
L), every announcement so far round by round, scrollable, and never more than the public
events as far as the show has got."""

from __future__ import annotations

import random

import pygame

from solemio.announce import log_line
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.log import LogScene, log_entries
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene

KINDS = ("olive", "pepper", "mushroom", "salami", "pineapple")


def start(make_app, people: int = 1, **settings):
    app = make_app((1024, 640), pace=0.2, reveal_speed=4.0, **settings)
    seats = [SeatConfig("Anna", "blue", True), SeatConfig("Ben", "green", people > 1, "easy"),
             SeatConfig("Carla", "brown", False, "easy")]
    sess = GameSession(load_cardset("sole-mio"), seats, 5, first=0)
    app.manager.open("table", sess)
    return app, sess


def test_off_by_default_the_menu_and_l_offer_no_log(make_app):
    app, sess = start(make_app)
    app.step([], 0.3, draw=False)
    driver.key(app, pygame.K_l)
    assert isinstance(app.manager.top, TableScene)
    driver.key(app, pygame.K_ESCAPE)
    assert driver.widget(app, "log") is None


def test_the_log_from_the_menu_shows_every_public_announcement_shown_so_far(make_app):
    app, sess = start(make_app, people=2, full_log=True)
    rng = random.Random(3)
    driver.play_until(app, lambda: isinstance(app.manager.top, RevealScene), rng, dt=0.3)
    driver.play_until(app, lambda: isinstance(app.manager.top, TableScene)
                      and sess.show.round >= 2, rng, dt=0.3, max_steps=20000)
    driver.key(app, pygame.K_ESCAPE)
    driver.click(app, driver.widget(app, "log").rect)
    log = app.manager.top
    assert isinstance(log, LogScene)
    app.draw()
    texts = [t for t, _h in log.entries]
    assert texts[0] == "Round 1" and "Round 2" in texts
    public = sess.game.events_for(None)[:sess.show.position]
    plays = [e for e in public if e["type"] == E.PLAY]
    assert sum(1 for t in texts if ": " in t) >= len(plays)  # every play, as announced
    # Only public events: a person's own draw is a count, never the cards drawn.
    for ev in sess.game.events_for(0)[:sess.show.position]:
        if ev["type"] == E.DRAW and ev.get("cards"):
            line = log_line(ev, sess.names, sess.cardset)
            assert line.startswith("Anna draws") and not any(k in line for k in KINDS)
            assert line in texts
    # The log opens at its latest line; Home, the wheel and Later scroll it.
    assert log.top == len(log.rows) - log.per_page > 0
    driver.key(app, pygame.K_HOME)
    assert log.top == 0 and not driver.widget(app, "earlier").enabled
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.0)
    assert log.top == 3
    driver.click(app, driver.widget(app, "later").rect)
    assert log.top == 3 + log.per_page
    app.draw()
    driver.click(app, driver.widget(app, "close").rect)
    assert not isinstance(app.manager.top, LogScene)


def test_the_log_never_runs_ahead_of_the_show(make_app):
    app, sess = start(make_app, full_log=True)
    rng = random.Random(1)
    driver.play_until(app, lambda: sess.game.event_count() > 40, rng, dt=0.3)
    full = len(log_entries(sess))
    sess.seek(10)  # the screen has shown only the first ten events
    fewer = log_entries(sess)
    public = sess.game.events_for(None)[:10]
    expected = [log_line(e, sess.names, sess.cardset, sess.you) for e in public
                if e["type"] != E.NEW_ROUND]
    assert [t for t, h in fewer if not h] == [x for x in expected if x]
    assert len(fewer) < full
    # L opens it at the table when it is on.
    sess.resume_feed()
    app.step([], 0.3, draw=False)
    driver.key(app, pygame.K_l)
    assert isinstance(app.manager.top, LogScene)
