"""Words the table shows: the person is spoken to ("Your order", "You play a series"),
sentences start with a capital and never end twice ("Sole Mio!."), Mamma Mia! never
mentions help, How to play uses typographic quotes, and a grey Play says why."""

from __future__ import annotations

import pygame
from ui_helpers import FAST_AGENTS

from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.host import GameSession, SeatConfig
from solemio.texts import sentence
from solemio.ui import driver
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene


def test_sentence_capitalises_and_drops_a_doubled_stop():
    assert sentence("select at least one ingredient card") == \
        "Select at least one ingredient card"
    assert sentence("Anna asks you for 4 olives to fill Sole Mio!. If you help, ...") == \
        "Anna asks you for 4 olives to fill Sole Mio! If you help, ..."
    assert sentence("Why?.") == "Why?"
    assert sentence("Wait…. ") == "Wait…"
    assert sentence("") == ""


def reveal_at(make_app, text, names=("You", "Giulia", "Marco"), persons=(0,)):
    game, _data = build_position(load_text(text, "words.yaml"))
    app = make_app((1280, 720))
    seats = [SeatConfig(names[i], c, person=i in persons)
             for i, c in enumerate(["blue", "green", "brown"])]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    app.step([], 3.0, draw=False)
    for _ in range(20):  # a series question with one choice is answered for the person first
        d = sess.game.decision()
        if d is None or (d.kind != "series" and (rv.my_decision() is not None
                                                 or not sess.is_person(d.seat)
                                                 or len(sess.persons) > 1)):
            break
        app.step([], 0.5, draw=False)
    return app, sess, rv


ASK = """
name: you ask for help
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 0
  columns: [pepper, pepper]
  oven: [blue:four-pepper]
  hands: {0: [salami], 1: [pepper, pepper], 2: [pepper, pepper]}
"""


def test_the_person_called_you_is_spoken_to(make_app):
    app, sess, rv = reveal_at(make_app, ASK)
    assert sess.you(0) and not sess.you(1)
    assert rv.title() == "Round 1: you reveal the oven"
    d = rv.my_decision()
    assert d.kind == "fill"
    ask = next(c for c in d.choices if c[0] == "fill" and c[2])
    rv.apply(ask)
    for _ in range(100):
        app.step([], 0.1, draw=False)
        driver.wait_thinker(app)
        if sess.game.decision() is None or sess.game.decision().kind != "help":
            break
    app.step([], 5.0, draw=False)
    events = [e for e in sess.game.events_for(0) if e["type"] in (E.HELP_ASKED,
                                                                   E.HELP_DECLINED)]
    assert events
    text = " | ".join(line for e in events for line in rv.note_lines(e))
    assert "You ask for help" in text, text
    assert "You asks" not in text and "You's" not in text
    app.draw()


def test_hot_seat_people_are_called_by_name(make_app):
    app, sess, rv = reveal_at(make_app, ASK, names=("Anna", "Ben", "Marco"), persons=(0, 1))
    assert not sess.you(0) and not sess.you(1)
    assert rv.title() == "Round 1: Anna reveals the oven"


SOLE_MIO_HELP = """
name: asked for help with a Sole Mio! order
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 0
  columns: [olive]
  oven: [green:sole-mio]
  hands: {0: [olive, olive, olive], 1: [salami]}
"""


def test_no_doubled_punctuation_after_an_order_name(make_app):
    app, sess, rv = reveal_at(make_app, SOLE_MIO_HELP)
    for _ in range(200):
        d = rv.my_decision()
        if d is not None and d.kind == "help":
            break
        app.step([], 0.1, draw=False)
        driver.wait_thinker(app)
    d = rv.my_decision()
    if d is None or d.kind != "help":
        import pytest

        pytest.skip("the computer did not ask for help in this position")
    assert "Sole Mio!" in rv.prompt and "!." not in rv.prompt
    assert rv.prompt[0].isupper()


MM_FILL = """
name: a Mamma Mia! order the hand fills
edition: mamma-mia
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper, pepper, pepper, pepper, olive]
  oven: [blue:monotoni]
  hands: {0: [pepper, salami]}
"""


def test_mamma_mia_never_mentions_help(make_app):
    app, sess, rv = reveal_at(make_app, MM_FILL)
    seen = []
    for _ in range(3):
        d = rv.my_decision()
        if d is None:
            break
        seen.append(rv.prompt)
        seen += [getattr(w, "label", "") for w in rv.focus.widgets]
        app.draw()
        driver.click(app, driver.widget(app, rv.fill_picker.default_focus()).rect)
        app.step([], 3.0, draw=False)
    assert seen and not [s for s in seen if "help" in s.lower()], seen
    assert ("variant", ("pepper",)) in sess.game.choices_log


def test_how_to_play_uses_typographic_quotes():
    from solemio.show.howto import pages

    texts = []
    for edition in ("sole-mio", "mamma-mia", "grande"):
        for page in pages(load_cardset(edition)):
            texts += [page.title, page.body] + [g.caption for g in page.picture]
    assert not [t for t in texts if '"' in t]
    assert any("“" in t and "”" in t for t in texts)


def test_an_order_alone_says_why_play_stays_grey(make_app):
    app = make_app()
    seats = [SeatConfig("You", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 11, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    assert table.my_decision().kind == "play"
    orders = [w for w in table.focus.widgets if w.name.startswith("hand")
              and w.face[0] not in ("olive", "pepper", "mushroom", "salami", "pineapple")]
    assert orders
    driver.click(app, orders[0].rect)
    play = driver.widget(app, "confirm")
    assert not play.enabled
    assert "Play stays grey" in table.message and "ingredient" in table.message
    # A click on the grey button says it again, as an error; nothing is played.
    driver.click(app, play.rect)
    assert "Play stays grey" in table.error
    assert sess.game.choices_log == []
    app.draw()
    # Engine reasons start with a capital on screen.
    table.error = "select at least one ingredient card"
    app.draw()
    assert sentence(table.error)[0] == "S"
    pygame.event.clear()


def test_the_reveal_says_you_are_deciding_to_the_one_person(make_app, monkeypatch):
    """While the one person's answer is made for them (a help request their hand cannot
    cover), the reveal said "You is deciding…"."""
    from ui_helpers import recording_texts

    app, sess, rv = reveal_at(make_app, ASK)
    monkeypatch.setattr(rv, "my_decision", lambda: None)
    monkeypatch.setattr(sess.table, "deciding", lambda: 0)
    monkeypatch.setattr(sess, "new_events", lambda: [])
    monkeypatch.setattr(type(rv), "hold", property(lambda self: 0.0))
    rendered = recording_texts(monkeypatch)
    rv.draw_choices(pygame.Surface(app.size), rv.stage())
    assert "You are deciding…" in rendered, rendered
    assert not any("You is" in t for t in rendered)


def test_a_solo_games_replay_speaks_to_its_person(make_app):
    """"You's turn" and "You draws 2 cards" in the replay of a game played alone."""
    from solemio.engine.simulate import play_random_game

    game = play_random_game(load_cardset("sole-mio"), 3, 2, record_events=True)
    seats = [{"name": "You", "colour": game.colours[0], "person": True},
             {"name": "Giulia", "colour": game.colours[1], "person": False},
             {"name": "Marco", "colour": game.colours[2], "person": False}]
    app = make_app((1024, 640))
    rp = app.manager.open("replay", game, seats)
    captions = set()
    for p in range(rp.replay.start + 1, rp.replay.end + 1):
        ev = rp.replay.event_before(p)
        if ev is not None and ev.get("seat") == 0:
            captions.add(rp.board.caption_text(p))
    assert "Your turn" in captions, captions
    assert any(c.startswith("You draw ") for c in captions), captions
    assert not any(c.startswith("You's") or "You draws" in c or "You fills" in c
                   for c in captions), captions
