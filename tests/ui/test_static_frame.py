"""The composed still frame (theme.StaticFrame) never shows anything stale.

Every check draws a frame the normal way (still parts from the cached frame,
repainted only where a part's key changed) and again with the cache switched
off (everything painted in full), and asks for the same pixels.  A key that
misses something a part shows, or a missing repaint after an event, a resize,
a hover or a change of who holds the screen, makes the two differ.
"""

from __future__ import annotations

import random

import pygame
import pytest

from solemio.ui import driver, theme
from solemio.ui.bench import _reveal_session
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _full_paint(app) -> bytes:
    """The same frame painted with no cached still frame and no cached layers (so a
    layer key that misses something is caught too)."""
    theme.clear_caches()
    theme.STATIC_FRAME_ENABLED = False
    try:
        app.draw()
    finally:
        theme.STATIC_FRAME_ENABLED = True
    return _pixels(app.screen)


def _assert_frame_fresh(app) -> bytes:
    app.draw()
    cached = _pixels(app.screen)
    assert cached == _full_paint(app), "the cached still frame shows something stale"
    return cached


def _region(app, rect: pygame.Rect) -> bytes:
    return _pixels(app.screen.subsurface(rect.clip(app.screen.get_rect())))


@pytest.fixture
def reveal_app(make_app):
    app = make_app((1024, 640), sound=False)
    app.manager.reset(TableScene(app, _reveal_session(5)))
    for _ in range(3):
        app.step([], 1 / 60, draw=False)
    assert isinstance(app.manager.top, RevealScene)
    return app


def test_a_still_part_is_repainted_only_where_its_key_changed():
    calls: list[str] = []

    def fill(name, colour):
        def paint(surf):
            calls.append(name)
            surf.fill(colour)
        return paint

    target = pygame.Surface((100, 30))
    frame = theme.StaticFrame()
    a, b = pygame.Rect(0, 0, 20, 30), pygame.Rect(15, 0, 25, 30)  # they overlap
    base = ("table", pygame.Rect(0, 0, 100, 30), (), fill("table", (9, 9, 9)))
    parts = [base, ("a", a, (1,), fill("a", (200, 0, 0))),
             ("b", b, (1,), fill("b", (0, 200, 0)))]
    frame.draw(target, ("k",), parts)
    assert calls == ["table", "a", "b"] and frame.paints == 1
    calls.clear()
    frame.draw(target, ("k",), parts)
    assert calls == [] and frame.paints == 1  # nothing changed: one blit, no painting
    parts[1] = ("a", a, (2,), fill("a", (0, 0, 200)))
    frame.draw(target, ("k",), parts)
    # a changed: the table and a repainted there, and b where it overlaps a (b stays on top)
    assert calls == ["table", "a", "b"] and frame.partial == 1 and frame.paints == 1
    assert target.get_at((5, 5))[:3] == (0, 0, 200)
    assert target.get_at((17, 5))[:3] == (0, 200, 0)
    calls.clear()
    parts[2] = ("b", b.move(5, 0), (1,), fill("b", (0, 200, 0)))
    frame.draw(target, ("k",), parts)  # b moved: its old place is table again
    assert calls == ["table", "a", "b", "table", "b"] and frame.partial == 2
    assert target.get_at((16, 5))[:3] == (0, 0, 200)
    calls.clear()
    frame.draw(target, ("other",), parts)  # the shared key changed: everything again
    assert calls == ["table", "a", "b"] and frame.paints == 2
    calls.clear()
    frame.draw(target, ("other",), parts[:2])  # a part left: everything again
    assert calls == ["table", "a"] and frame.paints == 3
    assert target.get_at((30, 5))[:3] != (0, 200, 0)


def test_cached_reveal_frames_equal_full_paints(make_app):
    app = make_app((1024, 640), sound=False, reveal_speed=4.0)
    app.manager.reset(TableScene(app, _reveal_session(1)))
    rng = random.Random(3)  # seed 1: a reveal in which the person's hand changes
    sf = app.static_frame
    frames = 0
    seen: set[bytes] = set()
    hands: set[tuple] = set()
    for i in range(2000):
        top = app.manager.top
        if i > 3 and not isinstance(top, RevealScene):
            break
        if isinstance(top, RevealScene) and top.my_decision() is not None:
            driver.person_move(app, rng)
        app.step([], 1 / 30, draw=False)
        if i % 3 == 0 and isinstance(app.manager.top, RevealScene):
            seen.add(_assert_frame_fresh(app))
            hands.add(tuple(app.manager.top.view.hand))
            frames += 1
    assert not isinstance(app.manager.top, RevealScene), "the reveal did not end"
    assert frames > 50 and len(hands) > 1
    assert len(seen) > 20  # the reveal moved on: cards landed, orders came and went
    # The cache was really used: mostly only the parts that changed were painted.
    assert sf.partial > 20
    assert sf.paints < frames // 4


def test_an_event_repaints_the_column_it_lands_in(reveal_app):
    app = reveal_app
    top = app.manager.top
    before = _assert_frame_fresh(app)
    cols = [list(c) for c in top.cols]
    for _ in range(400):
        app.step([], 1 / 60, draw=False)
        if [list(c) for c in top.cols] != cols and not top.anims.flights:
            break
    changed = [k for k in range(5) if list(top.cols[k]) != cols[k]]
    assert changed, "no card landed"
    after = _assert_frame_fresh(app)
    assert after != before
    col = top.L.columns[changed[0]]
    app.screen.blit(pygame.image.frombytes(before, app.size, "RGB"), (0, 0))
    old_col = _region(app, col)
    app.draw()
    assert _region(app, col) != old_col


def test_a_resize_repaints_everything(reveal_app):
    app = reveal_app
    _assert_frame_fresh(app)
    app.resize((1280, 720))
    assert app.screen.get_size() == (1280, 720)
    _assert_frame_fresh(app)
    assert app.static_frame.surf.get_size() == (1280, 720)
    app.resize((1024, 640))
    _assert_frame_fresh(app)


def test_hover_shows_on_a_cached_frame(make_app):
    app = make_app((1024, 640), sound=False)
    sess = _reveal_session(1)  # a reveal whose first decision for the person has buttons
    app.manager.reset(TableScene(app, sess))
    for _ in range(3000):
        top = app.manager.top
        if isinstance(top, RevealScene) and top.my_decision() is not None:
            break
        app.step([], 1 / 30, draw=False)
    top = app.manager.top
    assert isinstance(top, RevealScene) and top.my_decision() is not None
    buttons = [w for w in top.focus.widgets if w.name.startswith("choice")]
    assert buttons
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    app.step([away], 0.0, draw=False)
    top.focus.focus = -1
    _assert_frame_fresh(app)
    plain = _region(app, buttons[0].rect)
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=buttons[0].rect.center, rel=(0, 0),
                              buttons=(0, 0, 0))
    app.step([over], 0.0, draw=False)
    _assert_frame_fresh(app)
    assert _region(app, buttons[0].rect) != plain  # the hovered button is lit


def test_a_new_holder_of_the_screen_never_sees_the_last_hand(make_app):
    """Hot-seat: the still frame holds a hand; another person's turn must repaint it."""
    from solemio.show.host import SeatConfig

    app = make_app((1024, 640), sound=False)
    sess = _reveal_session(5)
    # Two people at the table: seats 0 and 1.
    sess.seats[1] = SeatConfig(sess.seats[1].name, sess.seats[1].colour, person=True,
                               level="easy")
    app.manager.reset(TableScene(app, sess))
    for _ in range(3):
        app.step([], 1 / 60, draw=False)
    top = app.manager.top
    assert isinstance(top, RevealScene)
    sess.viewer = 0
    top.layout(app.size)
    _assert_frame_fresh(app)
    hand0 = _region(app, top.hand_area)
    paints = app.static_frame.paints
    # The screen passes to seat 1 (as confirm_pass does), without a new layout.
    sess.viewer = 1
    top.view = sess.view()
    shown = _assert_frame_fresh(app)
    assert app.static_frame.paints > paints
    assert _region(app, top.hand_area) != hand0
    assert shown


def test_the_table_scene_frames_equal_full_paints(make_app):
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig

    app = make_app((1024, 640), sound=False)
    colours = ["blue", "green", "red"]
    seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="easy") for i in range(3)]
    app.manager.reset(TableScene(app, GameSession(load_cardset("sole-mio"), seats, 2)))
    rng = random.Random(2)
    for i in range(300):
        top = app.manager.top
        if not isinstance(top, TableScene):
            break
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 1 / 20, draw=False)
        if i % 3 == 0:
            _assert_frame_fresh(app)
