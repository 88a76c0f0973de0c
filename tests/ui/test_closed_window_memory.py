"""A closed window lets its pictures go at once, not when the cycle collector next runs:
a test run or a screenshot tour opens dozens of windows one after another (issue 23's
memory part; docs/measurements/issue-23-memory.md)."""

from __future__ import annotations

import gc

from solemio.engine import load_cardset
from solemio.engine.kinds import COLOURS
from solemio.show.host import GameSession, SeatConfig
from solemio.ui.app import App
from solemio.ui.scenes.table import TableScene
from solemio.ui.settings import Settings


def test_closing_the_window_lets_its_pictures_go():
    app = App((1280, 720), headless=True, settings=Settings(sound=False),
              persist_settings=False)
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0), level="easy") for i in range(3)]
    app.manager.push(TableScene(app, GameSession(load_cardset("sole-mio"), seats, 3)))
    for _ in range(3):
        app.step([], 0.1, draw=True)
    cards = app.cards
    assert cards.bytes > 0 and app.static_frame.surf is not None
    gc.disable()  # what the cycle collector would free later does not count
    try:
        app.close()
        assert cards.bytes == 0 and cards._table is None
        assert app.static_frame.surf is None and not app.warmer.pending()
        assert getattr(app.painter, "_cache", {}) == {}
    finally:
        gc.enable()
