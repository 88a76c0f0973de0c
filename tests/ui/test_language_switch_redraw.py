"""A language switch redraws every text on screen (issue 24, item 5): a scene switched to
another language shows the texts the same scene shows when opened in it, none of the old.  The
hand-over's "since your last turn" lines stayed English when Italian was chosen on it."""

from __future__ import annotations

import random

import pytest
from ui_helpers import FAST_AGENTS, recording_texts

from solemio import i18n
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene


def _handover(make_app):
    """A hot-seat game played until a pass screen with a recap of several lines."""
    app = make_app((1280, 720), language="en")
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Ben", "green"),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 7, agent_options=FAST_AGENTS)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(7)
    seen = 0

    def done() -> bool:
        nonlocal seen
        top = app.manager.top
        if isinstance(top, HandoverScene) and len(top.recap) >= 2:
            seen += 1
            return seen >= 2
        return False

    driver.play_until(app, done, rng, dt=1.0)
    top = app.manager.top
    assert isinstance(top, HandoverScene) and len(top.recap) >= 2
    return app, sess, top


def _texts(app, monkeypatch) -> set[str]:
    """Every text the top scene renders in one frame of its own (caches emptied first)."""
    import pygame

    rendered = recording_texts(monkeypatch)
    app.manager.top.draw(pygame.Surface(app.size))
    return set(rendered)


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_hand_over_is_worded_again_after_a_language_switch(make_app, monkeypatch, lang):
    app, sess, handover = _handover(make_app)
    english = list(handover.recap)
    settings = app.manager.push(SettingsScene(app))
    app.step([], 0.05, draw=True)
    settings.change("language", lang)  # what choosing the language in the selector does
    app.manager.pop(settings)
    try:
        assert app.manager.top is handover
        switched = _texts(app, monkeypatch)
        fresh_scene = app.manager.replace(HandoverScene(app, sess, handover.seat))
        fresh = _texts(app, monkeypatch)
        assert switched == fresh, (switched ^ fresh)
        assert fresh_scene.recap != english
        for line in english:
            assert line not in switched, line
    finally:
        i18n.set_language("en")


def test_the_table_is_worded_again_after_a_language_switch(make_app, monkeypatch):
    app = make_app((1280, 720), language="en")
    seats = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("mamma-mia"), seats, 4, first=1, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    for _ in range(200):
        app.step([], 0.5, draw=False)
        driver.wait_thinker(app)
        if table.my_decision() is not None:
            break
    assert table.my_decision() is not None
    english = _texts(app, monkeypatch)
    settings = app.manager.push(SettingsScene(app))
    settings.change("language", "nl")
    app.manager.pop(settings)
    try:
        switched = _texts(app, monkeypatch)
        app.manager.replace(TableScene(app, sess))
        app.step([], 0.0, draw=False)
        fresh = _texts(app, monkeypatch)
        # No text of the English frame is left that the table opened in Dutch does not
        # show (card pictures cached across the two frames make the sets differ otherwise).
        stale = (switched & english) - fresh
        assert not stale, stale
        assert switched != english
    finally:
        i18n.set_language("en")
