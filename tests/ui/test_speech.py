"""Speech (Settings' "Speech"): what a sighted player reads is said, politely, and nothing
hidden is; a whole game can be played by ear from the keyboard alone.

The speaker is a recorder (solemio.speech.RecordingSpeaker): the tests check the words,
tests/ui/test_speech_engine.py (marked slow) that a real engine says them aloud.
"""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.announce.phrases import order_full_name
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.kinds import KINDS
from solemio.show.host import GameSession, SeatConfig
from solemio.speech import RecordingSpeaker, Voice
from solemio.texts import order_name
from solemio.ui import driver
from solemio.ui.narrator import Narrator
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_an_announcement_cuts_the_focus_echo_never_another_announcement():
    rec, clock = RecordingSpeaker(), Clock()
    voice = Voice(rec, clock)
    voice.focus("Play")
    voice.focus("Clear")  # a newer echo cuts the older one
    voice.announce("Giulia: 2 olives.")  # cuts the echo
    voice.announce("Giulia draws 2 cards from the supply.")  # waits: never cuts
    voice.focus("Supply")  # waits behind the announcements still being said
    clock.t += 60
    voice.focus("My orders")  # the announcements are over: cuts the echo before it
    assert [(t, i) for t, i, _c, _t in rec.said] == [
        ("Play", True), ("Clear", True), ("Giulia: 2 olives.", True),
        ("Giulia draws 2 cards from the supply.", False), ("Supply", False),
        ("My orders", True)]


def spoken_app(make_app, size=(1280, 720), **settings):
    app = make_app(size, speech=True, **settings)
    rec = RecordingSpeaker()
    app.narrator.use(rec)
    return app, rec


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_the_focused_control_and_a_changed_option_are_said(make_app):
    app, rec = spoken_app(make_app)
    settings = app.manager.push(SettingsScene(app))
    settings.show_page(1)
    app.step([], 0.01)
    assert rec.texts[-1] == "Accessibility, chosen"
    app.step([keydown(pygame.K_DOWN)], 0.01)
    assert rec.texts[-1] == "Text size: 100%"
    app.step([keydown(pygame.K_RIGHT)], 0.01)
    assert rec.texts[-1] == "Text size: 115%"
    n = len(rec.said)
    app.step([], 0.01)
    assert len(rec.said) == n, "nothing said twice"


def test_speech_off_says_nothing_and_switching_it_on_says_so(make_app):
    app = make_app((1280, 720))
    rec = RecordingSpeaker()
    app.narrator.use(rec)
    app.manager.push(SettingsScene(app))
    app.step([keydown(pygame.K_DOWN)], 0.01)
    assert rec.said == []
    app.settings.speech = True
    app.settings_changed()
    app.step([], 0.01)
    assert rec.texts[0] == "Speech on."


def three_seats(persons: int = 1) -> list[SeatConfig]:
    return [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=persons > 1),
            SeatConfig("Marco", "brown", person=False)]


def test_f2_says_the_table_as_the_screen_shows_it(make_app):
    app, rec = spoken_app(make_app, learner_aid=True)
    sess = GameSession(load_cardset("sole-mio"), three_seats(), 3, first=1,
                       agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    driver.play_until(app, lambda: table.my_decision() is not None, random.Random(0))
    n = len(rec.said)
    app.step([keydown(pygame.K_F2)], 0.0)
    summary = rec.texts[n:]
    assert summary[0].startswith("Your hand: ")
    for f in sess.show.hand:
        if f[0] not in KINDS:
            assert order_full_name(sess.cardset, f) in summary[0]
    assert f"The oven holds {sess.show.oven} card" in summary[1]
    assert any(line.startswith("Giulia has filled") for line in summary)
    # The one person is spoken to ("You has filled no order yet" before).
    assert any(line.startswith("You have filled") for line in summary), summary
    assert not any(line.startswith("Anna has filled") for line in summary), summary
    assert summary[-1].startswith("Your tally of the oven: ")
    app.step([keydown(pygame.K_F3)], 0.0)
    assert rec.texts[-1] == table.screen_parts.message


def hidden_orders(sess: GameSession) -> set[str]:
    """The orders in full that the person at the screen cannot know: in the other seats'
    hands, and not also a card of their own.  Only orders whose full name tells one seat's
    card from another's ("Four of a kind (4 peppers)": the owner's own kind); a plain name
    ("Four-three-two-one") is said aloud whenever any seat plays one."""
    game, cs = sess.game, sess.cardset
    viewer = sess.viewer if sess.viewer is not None else 0
    names: set[str] = set()
    mine: set[str] = set()
    for seat in range(len(sess.seats)):
        for f in game.view(seat).hand:
            if f[0] in KINDS:
                continue
            full = order_full_name(cs, f)
            if full != order_name(cs, f[1]):
                (mine if seat == viewer else names).add(full)
    # An order announced as it went into the oven is public (the pass screen's recap says
    # it to the next person too), though its owner may hold another of the same name.
    # So is one turned over in the reveal, filled or not ("Anna fills Four of a kind (4
    # mushrooms)" while Giulia holds another).
    played = {order_full_name(cs, tuple(ev["order"])) for ev in game.events_for(viewer)
              if ev.get("type") in (E.ORDER, E.FILLED, E.FAILED) and ev.get("order")}
    played |= {order_full_name(cs, tuple(ev["card"])) for ev in game.events_for(viewer)
               if ev.get("type") == E.REVEAL and ev.get("card") and ev["card"][0] not in KINDS}
    return names - mine - played


@pytest.mark.parametrize(("persons", "seed"), [(1, 2), (2, 7)])
def test_a_whole_game_played_by_ear_from_the_keyboard_alone(make_app, persons, seed):
    """Every decision is announced before its first key is pressed, and no line names an
    order card the person at the screen cannot see (hot-seat: the person at the screen
    when it is said)."""
    app = make_app((1280, 720), speech=True, language="en")
    sess = GameSession(load_cardset("sole-mio"), three_seats(persons), seed, first=0,
                       agent_options=FAST_AGENTS)
    sess.autosave = lambda background=False: None
    def shown() -> tuple[set[str], int]:
        rv = sess.show.reveal
        return hidden_orders(sess), rv.revealed if rv is not None else 0

    rec = RecordingSpeaker(context=shown)
    app.narrator.use(rec)
    app.manager.push(TableScene(app, sess))
    asked: list[tuple[str, int]] = []  # (the question, how much had been said then)
    last = {"d": None, "said": 0}

    screens: list[str] = []  # the round's summary, said before it is left

    def act(app, w) -> None:
        top = app.manager.top
        words = getattr(top, "spoken_prompt", None)
        if words is not None:
            assert words() in rec.texts, f"{type(top).__name__} was not said"
            screens.append(words())
        d = top.my_decision() if hasattr(top, "my_decision") else None
        if d is not None and d is not last["d"]:
            app.step([], 0.0)  # a frame: the screen shows the question (and speech says it)
            top = app.manager.top
            question = Narrator.prompt_of(top)
            assert question, f"{d.kind}: nothing asked"
            assert question in rec.texts[last["said"]:], \
                f"{d.kind}: {question!r} not said before the first key"
            asked.append((question, len(rec.said)))
            last["d"], last["said"] = d, len(rec.said)
        driver.press(app, w)

    def done() -> bool:
        return isinstance(app.manager.top, GameOverScene)

    driver.play_until(app, done, random.Random(seed), act=act)
    assert len(asked) >= 10
    app.step([], 0.0)
    assert any(t.startswith("Round 1 scored.") for t in screens), "the round's summary"
    assert rec.texts[-2:] == [app.manager.top.spoken_prompt(), "Play again"], \
        "game over: who won and the orders, then the focused button"
    texts = rec.texts
    assert any("turns the oven over" in t for t in texts)
    assert any(t.startswith("Revealed: ") for t in texts), "the reveal's steps are said"
    for text, _i, (hidden, _revealed), _t in rec.said:
        for name in hidden:
            assert name not in text, f"{text!r} names a hidden order: {name}"
    # The reveal's steps are said as the show turns each card, at the reveal's speed: the
    # k-th card of a reveal is said once the screen shows k cards turned, not before.
    k = 0
    for text, _i, (_hidden, revealed), _t in rec.said:
        if "turns the oven over" in text:
            k = 0
        elif text.startswith("Revealed: "):
            k += 1
            assert revealed >= k, f"{text!r} said before the screen shows it"
