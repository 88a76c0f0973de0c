"""The reveal's order panel says what the order on show still lacks ("Still missing from
the columns: 2 peppers"), as the series picker does, not only the card's "Needs 4
peppers" (issue 24, item 8; a series member's own amount: tests/show/test_order_needs.py)."""

from __future__ import annotations

from ui_helpers import FAST_AGENTS, recording_texts

from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.host import GameSession, SeatConfig
from solemio.ui.scenes.reveal import RevealScene

SERIES = """
name: a series of three
edition: sole-mio
seats: [yellow, blue, green]
setup:
  start: reveal
  scorer: 0
  columns: [mushroom, mushroom, mushroom, mushroom, pepper, pepper, salami]
  oven: [blue:four-pepper]
  hands: {1: [four-mushroom, four-salami, salami, salami]}
"""


def test_the_panel_says_what_the_columns_still_lack_at_the_series_question(make_app, monkeypatch):
    game, _data = build_position(load_text(SERIES, "series.yaml"))
    app = make_app((1024, 640))
    seats = [SeatConfig(n, c, person=i == 1)
             for i, (n, c) in enumerate([("Marco", "yellow"), ("You", "blue"),
                                         ("Giulia", "green")])]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game, sess.cardset, sess.cursor = game, game.cs, game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    for _ in range(60):
        app.step([], 0.5, draw=False)
        if rv.my_decision() is not None:
            break
    assert rv.my_decision().kind == "series"
    assert sess.show.reveal.current.face == ("blue", "four-pepper")
    rendered = recording_texts(monkeypatch)
    app.draw()
    # The columns hold 2 of the 4 peppers: the panel says so, as the picker does.
    # (wrapped: the panel is narrow at 1024x640)
    lines = " / ".join(sorted(t for t in rendered if len(t) > 3))
    assert "Still missing from the columns: 2 peppers." in rendered or (
        "Still missing from the columns: 2" in rendered and "peppers." in rendered), lines
