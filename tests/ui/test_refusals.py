"""A refused choice is explained in the player's language, and a connection lost in
the instant of a click is said on the message line rather than stopping the window."""

from __future__ import annotations

import pytest

from solemio import i18n
from solemio.engine import IllegalChoice, load_cardset
from solemio.net.client import ConnectionLost, Refused, RefusedMove, StaleMove
from solemio.show.host import GameSession, SeatConfig
from solemio.show.table import NotYourDecision
from solemio.ui.refusals import refusal_text


@pytest.fixture
def italian():
    i18n.set_language("it")
    yield
    i18n.set_language("en")


def test_every_kind_of_trouble_has_its_own_sentence():
    texts = [
        refusal_text(ConnectionLost("reconnecting")),
        refusal_text(NotYourDecision("not yours")),
        refusal_text(StaleMove("stale")),
        refusal_text(RefusedMove("flood", "too many messages; wait a moment")),
        refusal_text(Refused("over", "the game is over")),
        refusal_text(IllegalChoice("you do not hold that order"), ("order", "x")),
        refusal_text(IllegalChoice("no"), ("play", (("olive", 1),))),
        refusal_text(IllegalChoice("no"), ("help", ())),
        refusal_text(IllegalChoice("no"), ("fill", ())),
        refusal_text(IllegalChoice("no"), ("draw", "supply")),
        refusal_text(IllegalChoice("no"), ("pass",)),
    ]
    assert len(set(texts)) == len(texts)
    assert refusal_text(RefusedMove("illegal", "that choice is not legal now"),
                        ("order", "x")) == texts[5]  # an illegal move: said by the choice


def test_the_sentences_are_translated(italian):
    english_engine = "you do not hold that order"
    said = refusal_text(IllegalChoice(english_engine), ("order", "x"))
    assert said and said != english_engine and said != "You do not hold that order."
    assert refusal_text(ConnectionLost()) != (
        "The connection to the table is being restored: try again in a moment.")


def test_a_connection_lost_at_a_click_is_said_and_the_window_goes_on(make_app):
    app = make_app((1024, 640))
    seats = [SeatConfig("Anna", "blue", True), SeatConfig("Ben", "green", False, "easy")]
    sess = GameSession(load_cardset("sole-mio"), seats, 5, first=0)
    app.manager.open("table", sess)
    scene = app.manager.top
    d = sess.table.decision()
    assert d is not None and d.seat == 0

    def lost(choice):
        raise ConnectionLost("reconnecting to the server")

    scene.conductor.dispatch = lost
    assert scene.apply(d.choices[0]) is False
    assert "connection" in scene.screen_parts.error
    app.step([], 0.1)  # the window paints on
    assert sess.game.choices_log == []
