"""Work done ahead (solemio.ui.warm): it fills caches and nothing else.

The rehearsals paint coming frames onto a 1x1 scratch surface.  These tests
check that doing all of that work (no time budget) never changes the game,
never touches the screen or the composed still frame, never shows a hand the
screen must hide, and leaves every frame pixel-identical to a full paint; and
that it really takes the work out of the frames (no card picture rendered
while the reveal draws).
"""

from __future__ import annotations

import random

import pygame
from ui_helpers import FAST_AGENTS

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import cards, driver, theme, warm
from solemio.ui.bench import _reveal_session
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.table.reveal import rehearsal
from solemio.ui.table.reveal.paint import reveal_hand_rects as _reveal_hand_rects


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _full_paint(app) -> bytes:
    """The frame painted with no still frame, no cached layers and no warm-up."""
    theme.clear_caches()
    theme.STATIC_FRAME_ENABLED = False
    jobs = dict(app.warmer.jobs)
    app.warmer.jobs.clear()
    try:
        app.draw()
    finally:
        theme.STATIC_FRAME_ENABLED = True
        app.warmer.jobs.update(jobs)
    return _pixels(app.screen)


def _eager(app) -> None:
    """Every drawn frame runs all queued warm-up, whatever it costs."""
    app.warmer.budget_ms = 1e9
    app.warmer.step_ms = 0.0


def _hot_seat(seed: int = 7) -> GameSession:
    colours = ["blue", "green", "red"]
    spec = [SeatConfig("Anna", colours[0], person=True, level="normal"),
            SeatConfig("Bea", colours[1], person=True, level="normal"),
            SeatConfig("Cid", colours[2], person=False, level="easy")]
    return GameSession(load_cardset("sole-mio"), spec, seed, agent_options=FAST_AGENTS)


def test_a_warm_up_step_renders_at_most_one_new_picture():
    class Painter:
        calls = 0

        def ingredient(self, kind, units, size):
            Painter.calls += 1
            return pygame.Surface(size, pygame.SRCALPHA)

    imgs = cards.CardImages(Painter())
    w = warm.Warmer()
    done = []

    def step():
        for k in ("olive", "pepper", "salami"):
            imgs.ingredient(k, 1, (20, 28))
        done.append(True)

    w.add("job", [step])
    w.run(imgs, started=float("-inf"), budget_ms=1e9)  # no time at all: nothing runs
    assert Painter.calls == 0 and w.pending("job")
    for expected in (1, 2, 3):
        w.urgent = True
        w.run(imgs, started=float("-inf"), budget_ms=0.0)  # urgent: exactly one step
        assert Painter.calls == expected
    assert done == [True] and not w.pending()
    assert w.retries == 2 and imgs.allowance is None
    imgs.ingredient("mushroom", 2, (20, 28))  # outside a step: no limit
    assert Painter.calls == 4


def _warm_up_touches(app, sess, rng, steps: int = 400, stop: bool = False) -> tuple[int, int]:
    """Play a hot-seat game; after each drawn frame do all queued warm-up at once and
    count the frames where it changed the game, the feed, the screen or the still frame.
    Returns (frames changed, frames with warm-up to do)."""
    changed = checked = 0
    for i in range(steps):
        if i % 2 == 0 and driver.person_move(app, rng):
            continue
        driver.wait_thinker(app)
        app.step([], 1 / 5, draw=True)
        before = (list(sess.game.choices_log), sess.game.event_count(), sess.cursor,
                  sess.viewer, _pixels(app.screen),
                  _pixels(app.static_frame.surf) if app.static_frame.surf else None)
        checked += app.warmer.pending()
        app.warmer.finish(app.cards)
        after = (list(sess.game.choices_log), sess.game.event_count(), sess.cursor,
                 sess.viewer, _pixels(app.screen),
                 _pixels(app.static_frame.surf) if app.static_frame.surf else None)
        changed += before != after
        if stop and changed:
            break
    return changed, checked


def test_warming_never_changes_the_game_nor_touches_the_screen(make_app):
    """At every frame of a hot-seat game: all queued warm-up done at once leaves the
    game, the feed, the screen and the composed still frame exactly as they were."""
    app = make_app((1024, 640), sound=False, pace=0.3, reveal_speed=4.0)
    sess = _hot_seat()
    app.manager.push(TableScene(app, sess))
    changed, checked = _warm_up_touches(app, sess, random.Random(7))
    assert checked > 20
    assert changed == 0, "warm-up changed the game or painted where the player looks"


def _handover_frames(app, sess, rng, limit: int = 12) -> tuple[int, int]:
    """Hot seat, warm-up eager: at every pass-to screen (and table or reveal with no hand
    on screen) the scene beneath rehearses what comes next while it is up, and the frame
    is compared with a full paint with nothing cached and nothing warmed.
    Returns (frames checked, frames that differ)."""
    checked = differ = 0
    seen: set[int] = set()
    for _ in range(3000):
        top = app.manager.top
        if isinstance(top, HandoverScene) and id(top) in seen:
            pass
        elif isinstance(top, HandoverScene) or (isinstance(top, TableScene | RevealScene)
                                               and sess.viewer is None):
            below = app.manager.stack[-2] if isinstance(top, HandoverScene) else top
            if isinstance(below, TableScene | RevealScene):
                below.warm_key = None  # plan again: its rehearsals run under this frame
                below.warm_ahead()
            # And the reveal's first frame with the hand that must not show, rehearsed now.
            bottom = sess.viewer if sess.viewer is not None else sess.persons[0]
            app.warmer.add("hidden", rehearsal.first_frame(app, sess, None, bottom)[2])
            app.draw()
            differ += _pixels(app.screen) != _full_paint(app)
            checked += isinstance(top, HandoverScene)
            seen.add(id(top))
            if checked >= limit:
                break
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 1 / 10, draw=True)
    return checked, differ


def test_warm_up_never_shows_a_hidden_hand(make_app):
    """Whenever the screen passes between people, what is on it is exactly a full paint
    of the pass-to screen (or of the table without a hand), however much warm-up runs."""
    app = make_app((1024, 640), sound=False, pace=0.3, reveal_speed=4.0)
    _eager(app)
    sess = _hot_seat()
    app.manager.push(TableScene(app, sess))
    checked, differ = _handover_frames(app, sess, random.Random(7))
    assert checked >= 12
    assert differ == 0, "a pass-to frame shows something a full paint does not"
    assert app.warmer.steps > 50  # the rehearsals really ran


def test_the_hidden_hand_checks_can_fail(make_app, monkeypatch):
    """Both checks catch a warm-up that paints where the player looks (a scratch surface
    that is the screen: the rehearsed hand and panels land on the pass-to screen)."""
    app = make_app((1024, 640), sound=False, pace=0.3, reveal_speed=4.0)
    _eager(app)
    monkeypatch.setattr(warm, "scratch", lambda: app.screen)
    sess = _hot_seat()
    app.manager.push(TableScene(app, sess))
    checked, differ = _handover_frames(app, sess, random.Random(7))
    assert checked and differ
    app2 = make_app((1024, 640), sound=False, pace=0.3, reveal_speed=4.0)
    monkeypatch.setattr(warm, "scratch", lambda: app2.screen)
    sess2 = _hot_seat()
    app2.manager.push(TableScene(app2, sess2))
    changed, _checked = _warm_up_touches(app2, sess2, random.Random(7), stop=True)
    assert changed


def test_an_eagerly_warmed_reveal_paints_the_same_and_renders_no_picture(make_app,
                                                                          monkeypatch):
    """The bench's reveal with all warm-up done as soon as it is queued: every fifth frame
    equals a full paint (the rehearsals' layers are the real ones), and no card picture
    is rendered while a frame draws: the table's and the show's rehearsals made them."""
    app = make_app((1024, 640), sound=False, reveal_speed=4.0)
    _eager(app)
    rendered: list[tuple] = []
    get = cards.CardImages._get

    def spy(self, key, make):
        if self.allowance is None and key not in self._cache:
            rendered.append(key)
        return get(self, key, make)

    monkeypatch.setattr(cards.CardImages, "_get", spy)
    # seed 3: the reveal of seed 5 (since the game's own generator deals it) asks the
    # person a fill whose picker's second step draws kind icons no rehearsal painted
    # (a gap of the fill picker's warm-up, reported separately)
    app.manager.reset(TableScene(app, _reveal_session(3)))
    rng = random.Random(3)
    frames = 0
    waited = 0
    in_reveal: list[tuple] = []
    for i in range(2000):
        top = app.manager.top
        if frames and not isinstance(top, RevealScene):
            break  # the reveal is over
        if isinstance(top, RevealScene) and top.my_decision() is not None:
            driver.person_move(app, rng)
        waited += isinstance(app.manager.top, TableScene)
        driver.wait_thinker(app)  # as in play: a computer's answer is ready before it is shown
        rendered.clear()
        app.step([], 1 / 30, draw=True)
        if isinstance(app.manager.top, RevealScene):
            in_reveal += rendered
            frames += 1
            if i % 5 == 0:
                drawn = _pixels(app.screen)
                assert drawn == _full_paint(app), "a warmed layer differs from a painted one"
                app.draw()  # the caches the full paint emptied are warmed again
    assert frames > 100
    assert waited <= 3  # eager: the first frame is ready at once
    assert in_reveal == [], f"pictures rendered while drawing: {in_reveal[:5]}"


def test_the_reveal_hand_keeps_its_card_size_as_it_shrinks():
    hand = (("olive", 1), ("pepper", 2), ("salami", 1), ("mushroom", 1), ("olive", 2),
            ("blue", "a"), ("blue", "b"))
    size = (600, 313)
    full = _reveal_hand_rects(size, hand, (5, 2))
    assert full == _reveal_hand_rects(size, hand)  # the hand it began with: as before
    fewer = _reveal_hand_rects(size, hand[2:], (5, 2))
    # (the orders side by side, whole: tests/ui/test_hand_readable.py)
    assert {r.size for r in fewer} == {full[0].size} == {(156, 220)}
    # Sized on its own the smaller hand gets larger cards: pictures at a new size.
    assert _reveal_hand_rects(size, hand[2:])[0].size == (194, 272)
    # A hand bigger than the one the reveal began with still fits.
    more = _reveal_hand_rects(size, hand + (("olive", 2),) * 4, (5, 2))
    assert max(r.right for r in more) <= size[0]


def test_table_frames_equal_full_paints_with_five_seats(make_app):
    """The table's still frame (title, seat panels, piles, learner's aid, hand) is never
    stale (test_static_frame checks a 3-seat table without the aid)."""
    app = make_app((1280, 720), sound=False, pace=0.3, learner_aid=True)
    colours = ["blue", "green", "brown", "red", "yellow"]
    seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="easy") for i in range(5)]
    app.manager.reset(TableScene(app, GameSession(load_cardset("sole-mio"), seats, 3)))
    rng = random.Random(3)
    sf = app.static_frame
    checked = 0
    for i in range(300):
        top = app.manager.top
        if not isinstance(top, TableScene):
            break
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 1 / 15, draw=True)
        if i % 4 == 0 and isinstance(app.manager.top, TableScene):
            app.draw()
            cached = _pixels(app.screen)
            assert cached == _full_paint(app), "the table's still frame shows something stale"
            app.draw()
            checked += 1
    assert checked > 30
    assert sf.partial > 10  # mostly only what changed was painted again


def test_a_hand_card_lifts_under_the_mouse_on_the_cached_table(make_app):
    """The table's hand is in the still frame: hovering, selecting and focusing a card
    paint it again (lifted, ringed), and the frame still equals a full paint."""
    app = make_app((1280, 720), sound=False)
    colours = ["blue", "green", "red"]
    seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="easy") for i in range(3)]
    sess = GameSession(load_cardset("sole-mio"), seats, 2)
    app.manager.reset(TableScene(app, sess))
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, TableScene) and top.my_decision() is not None \
                and top.my_decision().kind == "play":
            break
        driver.wait_thinker(app)
        app.step([], 0.5, draw=False)
    top = app.manager.top
    card = next(w for w in top.focus.widgets if w.name.startswith("hand") and w.enabled)
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    app.step([away], 0.0, draw=False)
    top.focus.focus = -1
    app.draw()
    plain = _pixels(app.screen)
    assert plain == _full_paint(app)
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0),
                              buttons=(0, 0, 0))
    app.step([over], 0.0, draw=True)
    hovered = _pixels(app.screen)
    assert hovered != plain and hovered == _full_paint(app)
    driver.click(app, card.rect, draw=True)  # selected: lifted higher, ringed
    selected = _pixels(app.screen)
    assert selected not in (plain, hovered) and selected == _full_paint(app)
    app.step([away], 0.0, draw=True)
    assert _pixels(app.screen) == _full_paint(app)


def test_the_reveal_rehearses_the_show_that_comes_for_its_viewer(make_app):
    """The reveal's work done ahead paints future show states, never a copy of the scene:
    at every frame of a hot-seat game (warm-up eager) the furthest state it rehearsed is
    the screen's show taken further by the viewer's own redacted events, no more than
    SHOW_AHEAD of them, and with the viewer's hand only (none while the screen is
    shared)."""
    from solemio.show import state as show_state

    app = make_app((1024, 640), sound=False, pace=0.3, reveal_speed=4.0)
    _eager(app)
    sess = _hot_seat(5)
    app.manager.push(TableScene(app, sess))
    rng = random.Random(5)
    checked = ahead_of_show = 0
    for _ in range(3000):
        top = app.manager.top
        if isinstance(top, RevealScene) and top.rehearsal_plan.future is not None:
            future = top.rehearsal_plan.future
            now = sess.show
            if future.viewer == sess.viewer and future.position >= now.position:
                n = future.position - now.position
                assert n <= rehearsal.SHOW_AHEAD
                expected = show_state.run(now, sess.table.events(now.position)[:n])
                assert future == expected, "a rehearsal that is not the show to come"
                assert future.hand == (() if sess.viewer is None else expected.hand)
                checked += 1
                ahead_of_show += n > 0
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 1 / 10, draw=True)
        if sess.game.is_over():
            break
    assert checked > 100 and ahead_of_show > 20
