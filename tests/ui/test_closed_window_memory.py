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


def test_a_closed_large_window_leaves_the_shared_caches_at_the_usual_budgets():
    """Text lines, layers and shadowed cards are shared by every window of the process and
    their budgets grow with a window's area; a closed 4K window's share beyond a 1920x1080
    window's budgets goes with it (the layout tests open several)."""
    from solemio.ui import cards as cards_mod
    from solemio.ui import theme

    app = App((3840, 2160), headless=True, settings=Settings(sound=False),
              persist_settings=False)
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0), level="easy") for i in range(5)]
    app.manager.push(TableScene(app, GameSession(load_cardset("sole-mio"), seats, 5)))
    for _ in range(3):
        app.step([], 0.1, draw=True)
    # Fill the shared caches beyond the usual budgets, as a 4K window may.
    for i in range(400):
        theme.text(f"line {i} " * 8, 60)
    assert theme._TEXT_CACHE.bytes > theme.TEXT_BASE
    app.close()
    assert theme._TEXT_CACHE.bytes <= theme.TEXT_BASE
    assert theme._LAYERS.bytes <= theme.LAYER_BASE
    assert cards_mod._SHADOWED.bytes <= cards_mod.SHADOWED_BASE
