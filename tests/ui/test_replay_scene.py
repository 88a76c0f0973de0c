"""The replay scene: reached from game over, the records list and a file; steps both ways."""

from __future__ import annotations

import pygame
from ui_helpers import finished_session

from solemio import records
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game
from solemio.ui import driver
from solemio.ui.scenes.gameover import GameOverScene
from solemio.ui.scenes.records import RecordsScene
from solemio.ui.scenes.replay import ReplayScene
from solemio.ui.scenes.title import TitleScene


def test_game_over_keeps_a_record_and_opens_the_replay(make_app):
    app = make_app((1024, 600))
    app.manager.push(TitleScene(app))
    sess = finished_session()
    app.manager.push(GameOverScene(app, sess))
    [info] = records.list_records()
    assert info.names == ("Anna", "Bot", "Cleo")
    driver.click(app, driver.widget(app, "replay").rect)
    rp = app.manager.top
    assert isinstance(rp, ReplayScene)
    assert rp.position == rp.replay.end
    end_hands = rp.moment.hands
    assert end_hands == tuple(tuple(sorted(sess.game.hand_faces(s))) for s in range(3))
    app.step([], 0.016, draw=True)
    # One event back, then one forward again: the same table.
    driver.key(app, pygame.K_LEFT)
    assert rp.position == rp.replay.end - 1
    driver.key(app, pygame.K_RIGHT)
    assert rp.position == rp.replay.end and rp.moment.hands == end_hands
    # Home, one turn, one round, the slider.
    driver.key(app, pygame.K_HOME)
    assert rp.position == rp.replay.start
    driver.click(app, driver.widget(app, "turn").rect)
    assert rp.replay.event_at(rp.position - 1)["type"] == E.TURN
    driver.click(app, driver.widget(app, "round").rect)
    assert rp.replay.event_at(rp.position - 1)["type"] in (E.ROUND_END, E.NEW_ROUND,
                                                           E.GAME_OVER)
    slider = driver.widget(app, "slider").rect
    span = rp.replay.end - rp.replay.start
    driver.click(app, pygame.Rect(slider.x + slider.w // 4 - 1, slider.y, 2, slider.h))
    assert abs(rp.position - (rp.replay.start + span // 4)) <= span // 50 + 1
    app.step([], 0.016, draw=True)
    # Play: events go by at the table's pace, with the table's flights.
    driver.key(app, pygame.K_SPACE)
    before = rp.position
    for _ in range(20):
        app.step([], 0.1, draw=True)
    assert rp.position > before
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, GameOverScene)


def test_the_records_list_opens_a_record_and_exports_it(make_app):
    game = play_random_game(load_cardset("grande"), 5, 2, record_events=True)
    seats = [{"name": f"P{i}", "colour": c, "person": False, "level": "easy"}
             for i, c in enumerate(game.colours)]
    path = records.save_record(game, seats)
    app = make_app((1280, 720))
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "records").rect)
    assert isinstance(app.manager.top, RecordsScene)
    app.step([], 0.016, draw=True)
    driver.click(app, driver.widget(app, "export0").rect)
    assert (records.exports_dir() / path.name).read_bytes() == path.read_bytes()
    driver.click(app, driver.widget(app, "watch0").rect)
    rp = app.manager.top
    assert isinstance(rp, ReplayScene) and len(rp.board.rows) == 5
    for _ in range(3):
        driver.key(app, pygame.K_PAGEUP)
    app.step([], 0.016, draw=True)
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, RecordsScene)


def test_a_record_broken_after_listing_is_set_aside_from_the_list(make_app):
    from solemio import savefiles

    game = play_random_game(load_cardset("sole-mio"), 2, 2, record_events=True)
    path = records.save_record(game, [{"name": "A", "colour": c, "person": True,
                                       "level": "normal"} for c in game.colours])
    app = make_app()
    app.manager.push(TitleScene(app))
    app.manager.open("records")
    data = path.read_text().replace('"digest": "', '"digest": "00')
    path.write_text(data)
    savefiles.dismiss()
    driver.click(app, driver.widget(app, "watch0").rect)
    sc = app.manager.top
    assert isinstance(sc, RecordsScene) and "changed by hand" in sc.message
    assert not path.exists() and savefiles.pending()[0].moved_to.read_text() == data
    app.step([], 0.016, draw=True)


def test_a_record_file_dropped_on_the_records_list_is_kept_and_watched(make_app, tmp_path):
    game = play_random_game(load_cardset("sole-mio"), 3, 7, record_events=True)
    path = records.save_record(game, [{"name": "A", "colour": c, "person": True,
                                       "level": "normal"} for c in game.colours], tmp_path)
    app = make_app()
    app.manager.push(TitleScene(app))
    app.manager.open("records")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    app.step([pygame.event.Event(pygame.DROPFILE, file=str(bad))], 0.0)
    assert isinstance(app.manager.top, RecordsScene) and "not a Sole Mio! save" in \
        app.manager.top.message and bad.exists()
    app.step([pygame.event.Event(pygame.DROPFILE, file=str(path))], 0.0)
    assert isinstance(app.manager.top, ReplayScene)
    assert (records.records_dir() / path.name).read_bytes() == path.read_bytes()


def test_the_replay_still_frame_equals_a_full_paint_and_its_parts_never_overlap(make_app):
    game = play_random_game(load_cardset("grande"), 5, 4, record_events=True)
    seats = [{"name": f"P{i}", "colour": c} for i, c in enumerate(game.colours)]
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        app = make_app(size)
        rp = app.manager.open("replay", game, seats)
        regions = [r for _n, r, _k, _p in rp.board.parts(rp.moment, rp.position)]
        for i, a in enumerate(regions):
            for b in regions[i + 1:]:
                assert not a.colliderect(b), (size, a, b)
        for p in (rp.replay.end, rp.replay.start + 200, rp.replay.start + 199, rp.replay.start):
            rp.seek(p)
            _draw_all(app, rp)
            stepped = app.screen.copy()
            rp.board.frame = None  # everything painted afresh
            _draw_all(app, rp)
            assert pygame.image.tobytes(stepped, "RGB") == \
                pygame.image.tobytes(app.screen, "RGB"), (size, p)


def _draw_all(app, rp) -> int:
    """Frames drawn until no card of the still frame stands in for its picture."""
    frames = 0
    while True:
        app.draw()
        frames += 1
        if not rp.pictures_pending():
            return frames
        assert frames < 40


def test_a_record_opened_cold_shows_at_once_and_its_pictures_follow(make_app):
    from solemio.ui.table import replay as replay_scene

    game = play_random_game(load_cardset("grande"), 5, 4, record_events=True)
    seats = [{"name": f"P{i}", "colour": c} for i, c in enumerate(game.colours)]
    app = make_app((1920, 1080))
    rp = app.manager.open("replay", game, seats)
    made = []
    real = app.cards._get

    def counting(key, make):
        new = not app.cards.has(key) and key[0] in ("ord", "ing", "scorer")
        surf = real(key, make)  # NotReady (a stand-in instead) makes nothing
        if new:
            made.append(key)
        return surf

    app.cards._get = counting
    app.draw()  # the first frame: a bounded number of new card pictures, the rest stand in
    first = len(made)
    assert 0 < first <= replay_scene.NEW_PICTURES + 1
    assert rp.pictures_pending()
    frames = _draw_all(app, rp)
    assert len(made) > 3 * replay_scene.NEW_PICTURES  # a whole game's cards came after
    assert frames <= len(made) // replay_scene.NEW_PICTURES + 3
    done = app.screen.copy()
    rp.board.frame = None
    app.draw()
    assert not rp.pictures_pending()  # all made: one frame paints everything
    assert pygame.image.tobytes(done, "RGB") == pygame.image.tobytes(app.screen, "RGB")
