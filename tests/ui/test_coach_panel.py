"""The coach in the window: a button on game over and in the replay, a list beside the
replay whose items jump to their moment; the analysis never blocks a frame."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import finished_session

from solemio.coach.words import items
from solemio.engine import events as E
from solemio.ui import driver
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.replay import ReplayScene
from solemio.ui.scenes.title import TitleScene


@pytest.fixture(autouse=True)
def _small_budget(monkeypatch):
    """The grading with a tiny budget: these tests are about the window, not the search."""
    monkeypatch.setattr(ReplayScene, "coach_iterations", 2)


def _wait(app, rp) -> None:
    rp.coach.job.thread.join(60)
    app.step([], 0.016, draw=True)


def _open_with_coach(app, sess) -> ReplayScene:
    """The replay of ``sess``'s finished game over the title, its coach shown."""
    app.manager.push(TitleScene(app))
    seats = [{"name": n, "colour": s.colour, "person": s.person}
             for n, s in zip(sess.names, sess.seats, strict=True)]
    app.manager.open("replay", sess.game, seats, coach=True)
    return app.manager.top


def test_game_over_opens_the_replay_with_the_coach(make_app):
    app = make_app((1024, 640))
    app.manager.push(TitleScene(app))
    sess = finished_session()
    app.manager.push(GameOverScene(app, sess))
    driver.click(app, driver.widget(app, "coach").rect)
    rp = app.manager.top
    assert isinstance(rp, ReplayScene) and rp.coach is not None
    assert rp.coach.seat == 0  # the person at the table
    app.step([], 0.016, draw=True)  # a frame while the coach is still looking is fine
    _wait(app, rp)
    assert rp.coach.job.review is not None
    want = items(rp.coach.job.review, rp.names)
    assert [i.title for i in rp.coach.items] == [i.title for i in want]
    assert want, "this game leaves the person with failed or unplayed orders"
    # every item is inside the panel, and the panel beside the replay's table
    for w in rp.focus.widgets:
        if w.name.startswith("coach-item"):
            assert rp.coach.rect.contains(w.rect)
    assert not rp.coach.rect.colliderect(rp.board.oven_box) and not rp.coach.rect.colliderect(
        rp.board.rows[0])
    # a click on an item jumps to its moment; Next walks on
    driver.click(app, driver.widget(app, "coach-item-0").rect)
    assert rp.coach.selected == 0 and rp.position == rp.replay.clamp(want[0].event)
    app.step([], 0.016, draw=True)
    if len(want) > 1:
        driver.click(app, driver.widget(app, "coach-next").rect)
        assert rp.coach.selected == 1 and rp.position == rp.replay.clamp(want[1].event)
    # another seat
    seat = driver.widget(app, "coach-seat")
    seat.step(1)
    assert rp.coach.seat == 1
    _wait(app, rp)
    assert rp.coach.job.review.seat == 1
    # Hide the coach: the replay takes the whole width again
    driver.click(app, driver.widget(app, "coach").rect)
    assert rp.coach is None and driver.widget(app, "coach-item-0") is None
    driver.key(app, pygame.K_ESCAPE)


def test_a_failed_order_item_jumps_to_its_reveal(make_app):
    app = make_app((1920, 1080))
    sess = finished_session()
    rp = _open_with_coach(app, sess)
    _wait(app, rp)
    failed = [i for i, it in enumerate(rp.coach.items) if it.kind == "failed"]
    assert failed
    rp.coach.select(failed[0])
    ev = rp.replay.event_at(rp.position - 1)
    assert ev["type"] == E.REVEAL and ev.get("owner") == rp.coach.seat


@pytest.mark.parametrize("lang", ["en", "it", "nl", "fr"])
def test_the_coach_fits_in_every_language(make_app, lang):
    """Every finding, opened in turn, at the smallest window: no text cut short."""
    from solemio import i18n
    from solemio.ui import theme

    app = make_app((1024, 640), language=lang)
    i18n.set_language(lang)
    sess = finished_session()
    rp = _open_with_coach(app, sess)
    theme.OVERFLOWS.clear()
    app.step([], 0.016, draw=True)  # the coach still looking
    _wait(app, rp)
    assert rp.coach.job.graded
    for i in range(len(rp.coach.items)):
        rp.coach.select(i)
        app.step([], 0.016, draw=True)
    assert not theme.OVERFLOWS, sorted(set(theme.OVERFLOWS))
