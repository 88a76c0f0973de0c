"""Layout tests: nothing interactive overlaps or leaves the window, at every size and seat count.

They run in all four languages (English at every size, the others at the
smallest and a large window), and fail when a text drawn had to be cut short
(``theme.OVERFLOWS``): the longest language decides the layout.
"""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver, layout, theme
from solemio.ui.scenes.newgame import NewGameScene
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]
COLOURS = ["blue", "green", "brown", "red", "yellow"]
LANG_SIZES = [("en", s, 100) for s in SIZES] + [
    (lang, s, 100) for lang in ("it", "nl", "fr") for s in [(1024, 640), (1920, 1080)]
] + [
    # The largest text size (Settings) in the longest language, small and large window.
    ("fr", s, 200) for s in [(1024, 640), (1920, 1080)]
]


@pytest.fixture(autouse=True)
def _no_overflow():
    """Every text drawn during the test fitted its box (nothing cut short)."""
    theme.OVERFLOWS.clear()
    yield
    assert not theme.OVERFLOWS, f"texts cut short: {sorted(set(theme.OVERFLOWS))}"


def check(scene, size):
    rects = scene.interactive_rects()
    assert rects, f"{type(scene).__name__} has nothing to click"
    window = pygame.Rect(0, 0, *size)
    for name, r in rects:
        assert window.contains(r), f"{name} {r} leaves the {size} window"
    assert layout.overlaps(rects) == []


@pytest.mark.parametrize(("lang", "size", "text"), LANG_SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_table_regions_and_widgets(make_app, lang, size, text, n):
    lay = layout.table_layout(size, n)
    regions = [("me", lay.me), ("hand", lay.hand), ("actions", lay.actions),
               ("oven", lay.oven), ("supply", lay.supply), ("menu", lay.menu_button)]
    regions += [(f"opp{i}", r) for i, r in enumerate(lay.opponents)]
    assert layout.overlaps(regions) == []
    app = make_app(size, language=lang, text_size=text)
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0)) for i in range(n)]
    sess = GameSession(load_cardset("grande"), seats, 1, first=0, agent_options=FAST_AGENTS)
    table = app.manager.push(TableScene(app, sess))
    app.step([], 0.1, draw=False)
    assert table.my_decision() is not None
    check(table, size)
    # Select a card so the lifted state is checked too, then draw one frame.
    driver.click(app, table.focus.widgets[0].rect)
    check(table, size)
    app.draw()


@pytest.mark.parametrize(("lang", "size", "text"), LANG_SIZES)
@pytest.mark.parametrize("n", [2, 5])
def test_reveal_decision_layout(make_app, lang, size, text, n):
    from solemio.ui.screenshots import find_decision

    found = find_decision("sole-mio", "fill", n)
    assert found
    seed, choices = found
    app = make_app(size, language=lang, text_size=text)
    seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0)) for i in range(n)]
    sess = GameSession(load_cardset("sole-mio"), seats, seed, choices=choices,
                       agent_options=FAST_AGENTS)
    sess.resume_feed()
    app.manager.push(TableScene(app, sess))
    driver.play_until(app, lambda: isinstance(app.manager.top, RevealScene)
                      and app.manager.top.my_decision() is not None, random.Random(0),
                      max_steps=200)
    rv = app.manager.top
    check(rv, size)
    # The columns, the order panel and the choice area do not overlap each other.
    L = rv.L
    regions = [(f"col{i}", r) for i, r in enumerate(L.columns)]
    regions += [("order", L.reveal_order), ("oven", L.reveal_oven), ("choices", rv.choice_area),
                ("hand", rv.hand_area), ("me", L.me)]
    assert layout.overlaps(regions) == []
    app.draw()


@pytest.mark.parametrize(("lang", "size", "text"), LANG_SIZES)
def test_menus(make_app, lang, size, text):
    app = make_app(size, language=lang, text_size=text)
    for cls in (TitleScene, NewGameScene, SettingsScene):
        scene = app.manager.push(cls(app))
        check(scene, size)
        app.draw()
        if cls is SettingsScene:  # its second page: accessibility
            scene.show_page(1)
            check(scene, size)
            app.draw()
    ng = app.manager.find(NewGameScene)
    ng.set_n(5)
    check(ng, size)
    app.manager.push(PauseScene(app))
    check(app.manager.top, size)
    app.draw()
