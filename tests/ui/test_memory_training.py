"""Memory training in the window: off by default; when on, the oven is estimated before
each reveal (by each person, behind a pass screen in hot-seat play), and after the
reveal every estimate stands against the oven, kind by kind, counted in the statistics."""

from __future__ import annotations

import random

import pygame

from solemio import savefiles, stats
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.show.memory import KINDS
from solemio.ui import driver
from solemio.ui import settings as settings_mod
from solemio.ui.scenes.estimate import EstimateResultScene, EstimateScene
from solemio.ui.scenes.reveal import RevealScene
from solemio.ui.scenes.title import TitleScene


def start(make_app, people: int, size=(1280, 720), **settings):
    app = make_app(size, pace=0.2, reveal_speed=4.0, **settings)
    seats = [SeatConfig("Anna", "blue", True), SeatConfig("Ben", "green", people > 1, "easy"),
             SeatConfig("Carla", "brown", False, "easy")]
    sess = GameSession(load_cardset("sole-mio"), seats, 3, first=0)
    app.manager.push(TitleScene(app))
    app.manager.open("table", sess)
    return app, sess


def until(app, what, rng):
    driver.play_until(app, lambda: isinstance(app.manager.top, what), rng, dt=0.3)


def announced_units(sess, round_no: int) -> tuple[int, ...]:
    """The units played in a round, counted from the engine's own events (round 1: no
    cards carried over)."""
    units = [0] * 5
    rnd = 1
    for ev in sess.game.events_for(None):
        if ev["type"] == E.NEW_ROUND:
            rnd = ev["round"]
        elif ev["type"] == E.PLAY and rnd == round_no:
            units[KINDS.index(ev["kind"])] += ev["units"]
    return tuple(units)


def test_off_by_default():
    assert settings_mod.Settings().memory_training is False
    assert settings_mod.Settings().full_log is False


def test_the_oven_is_estimated_before_the_reveal_and_compared_after(make_app, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()
    app, sess = start(make_app, 1, memory_training=True)
    rng = random.Random(2)
    until(app, EstimateScene, rng)
    est = app.manager.top
    assert not est.passing and not est.overlay  # one person: straight to the picker
    assert isinstance(app.manager.stack[-2], RevealScene)
    app.draw()
    # Keyboard: 3 olives typed, Right, Up Up Up (3 peppers), then +/- with the mouse.
    driver.key(app, pygame.K_3)
    driver.key(app, pygame.K_RIGHT)
    assert app.manager.top.focus.focused.name == "estimate-pepper"
    for _ in range(3):
        driver.key(app, pygame.K_UP)
    driver.click(app, driver.widget(app, "plus-salami").rect)
    driver.click(app, driver.widget(app, "plus-salami").rect)
    driver.click(app, driver.widget(app, "minus-salami").rect)
    app.draw()
    driver.key(app, pygame.K_RETURN)  # Enter on a tile: done
    assert sess.memory.estimates[1] == {0: (3, 3, 0, 1, 0)}
    assert isinstance(app.manager.top, RevealScene)
    truth = announced_units(sess, 1)
    until(app, EstimateResultScene, rng)
    res = app.manager.top
    assert res.truth == truth
    [comp] = res.results
    assert [(k.guess, k.truth) for k in comp.kinds] == list(
        zip((3, 3, 0, 1, 0), truth, strict=True))
    app.draw()
    st = stats.load()
    assert [(e.round, e.exact, e.off, e.player) for e in st.estimates] == [
        (1, comp.exact, comp.off, "Anna")]
    driver.click(app, driver.widget(app, "continue").rect)
    assert not isinstance(app.manager.top, EstimateResultScene)
    # The statistics scene shows it.
    app.manager.open("stats")
    lines = [t for t, _h in app.manager.top.lines()]
    assert any("1 estimate of the oven" in t for t in lines)
    app.draw()


def test_hot_seat_each_person_estimates_behind_a_pass_screen(make_app, tmp_path,
                                                             monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    app, sess = start(make_app, 2, memory_training=True)
    rng = random.Random(4)
    until(app, EstimateScene, rng)
    est = app.manager.top
    assert est.passing and est.seat == 0  # a pass screen before anyone estimates
    app.draw()
    driver.click(app, driver.widget(app, "ready").rect)
    assert not est.passing and driver.widget(app, "estimate-olive") is not None
    driver.key(app, pygame.K_5)
    driver.click(app, driver.widget(app, "done").rect)
    assert est.passing and est.seat == 1  # the next person, behind the pass screen again
    assert driver.widget(app, "estimate-olive") is None
    app.draw()
    driver.click(app, driver.widget(app, "skip").rect)
    assert sess.memory.estimates[1] == {0: (5, 0, 0, 0, 0)}
    assert isinstance(app.manager.top, RevealScene)


def test_hot_seat_each_person_has_their_own_accuracy(make_app, tmp_path, monkeypatch):
    """Two people estimate the same oven: each estimate is counted under its person's name,
    shown beside it with that person's accuracy so far, and the statistics scene shows each
    person's own."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()
    stats.add_estimates("sole-mio", 1, [("Ben", 5, 0, 9), ("Ben", 5, 0, 12)])  # Ben's past
    app, sess = start(make_app, 2, memory_training=True)
    rng = random.Random(4)
    until(app, EstimateScene, rng)
    truth = announced_units(sess, 1)
    for seat, guess in ((0, [0] * 5), (1, list(truth))):  # Anna far off, Ben exact
        assert app.manager.top.seat == seat
        driver.click(app, driver.widget(app, "ready").rect)
        for k, units in enumerate(guess):
            app.manager.top.model.set(k, units)
        driver.click(app, driver.widget(app, "done").rect)
    assert sess.memory.estimates[1] == {0: (0,) * 5, 1: truth}
    until(app, EstimateResultScene, rng)
    res = app.manager.top
    app.draw()
    assert res.accuracy(0).exact_share < 1.0 and res.accuracy(1).exact_share == 1.0
    assert len(res.accuracy(1).estimates) == 3  # Ben's two earlier ones and this one
    st = stats.load()
    assert [(e.player, e.exact) for e in st.estimates[-2:]] == [
        ("Anna", res.results[0].exact), ("Ben", 5)]
    assert len(st.of("Anna").estimates) == 1 and len(st.of("Ben").estimates) == 3
    driver.click(app, driver.widget(app, "continue").rect)
    # The statistics scene: each person's own estimates
    app.manager.open("stats")
    scene = app.manager.top
    assert set(scene.players) >= {"Anna", "Ben"}
    for name, count in (("Anna", 1), ("Ben", 3)):
        scene.choose(name)
        lines = [t for t, _h in scene.lines()]
        assert any(f"{count} estimate" in t for t in lines), lines
        app.draw()


def test_without_memory_training_the_reveal_starts_at_once(make_app):
    app, sess = start(make_app, 1)
    rng = random.Random(2)
    until(app, RevealScene, rng)
    assert not sess.memory.estimates and not sess.memory.asked


def test_an_estimate_made_beside_the_tally_is_shown_but_not_counted(make_app, tmp_path,
                                                                   monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()
    app, sess = start(make_app, 1, memory_training=True, learner_aid=True)
    rng = random.Random(2)
    until(app, EstimateScene, rng)
    driver.click(app, driver.widget(app, "done").rect)
    until(app, EstimateResultScene, rng)
    assert app.manager.top.results and 1 in sess.memory.aided
    app.draw()
    assert stats.load().estimates == []


def _estimate_then_leave(make_app, rng, people: int):
    """An estimate made, then the window left (Leave to the title, saved) as the oven is
    turned over; a new window continues from the autosave."""
    from solemio.show import host as host_mod

    app, sess = start(make_app, people, memory_training=True)
    until(app, EstimateScene, rng)
    if people > 1:
        driver.click(app, driver.widget(app, "ready").rect)
    driver.key(app, pygame.K_4)
    driver.click(app, driver.widget(app, "done").rect)
    while isinstance(app.manager.top, EstimateScene):  # the others skip, unseen
        driver.click(app, driver.widget(app, "skip").rect)
    assert isinstance(app.manager.top, RevealScene)
    app.manager.open("pause", sess)
    driver.click(app, driver.widget(app, "title").rect)
    assert isinstance(app.manager.top, TitleScene)
    again = make_app((1024, 640), pace=0.2, reveal_speed=4.0, memory_training=True)
    again.manager.push(TitleScene(again))
    resumed = host_mod.load_autosave()
    assert resumed is not None and resumed.memory.estimates[1] == {0: (4, 0, 0, 0, 0)}
    return again, resumed


def test_an_estimate_gives_its_result_after_continuing_in_the_middle_of_the_reveal(
        make_app, tmp_path, monkeypatch):
    """Issue 24 item 11: continued from the autosave in the middle of the reveal, the
    estimate still gets its result when the reveal ends, counted once."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()
    rng = random.Random(5)
    for people in (1, 2):
        app, sess = _estimate_then_leave(make_app, rng, people)
        app.manager.open("table", sess)
        assert isinstance(app.manager.top, RevealScene)  # the reveal goes on
        until(app, EstimateResultScene, rng)
        res = app.manager.top
        app.draw()
        assert [c.seat for c in res.results] == [0]
        assert [c.kinds[0].guess for c in res.results] == [4]
        driver.click(app, driver.widget(app, "continue").rect)
    # Each game's estimate in the statistics, once.
    assert [(e.round, e.player) for e in stats.load().estimates] == [(1, "Anna")] * 2


def test_an_estimate_gives_its_result_after_continuing_past_the_reveal(
        make_app, tmp_path, monkeypatch):
    """Continued after the reveal ended but before its result was seen: the table shows it."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()
    rng = random.Random(6)
    app, sess = _estimate_then_leave(make_app, rng, 1)
    # The reveal played to its end without a window (its choices made at random).
    while sess.game.decision() is not None and sess.game.decision().kind != "play":
        d = sess.game.decision()
        sess.game.apply(rng.choice(d.choices))
    sess.autosave()
    from solemio.show import host as host_mod

    resumed = host_mod.load_autosave()
    assert resumed.show.phase != "reveal"
    app.manager.open("table", resumed)
    assert isinstance(app.manager.top, EstimateResultScene)
    app.draw()
    assert len(stats.load().estimates) == 1
