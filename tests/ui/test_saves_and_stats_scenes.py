"""Named saves (save from the menu, the load scene, delete after asking) and statistics."""

from __future__ import annotations

import pygame

from solemio import named_saves, savefiles, stats
from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.saves import SaveGameScene, SavesScene
from solemio.ui.scenes.stats import StatsScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene


def _session(seed: int = 3) -> GameSession:
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bot", "green", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, seed)
    for _ in range(6):
        sess.game.apply(sess.game.decision().choices[0])
    sess.resume_feed()
    return sess


def test_save_from_the_menu_then_load_and_delete(make_app):
    app = make_app((1280, 720))
    app.manager.push(TitleScene(app))
    sess = _session()
    app.manager.push(TableScene(app, sess))
    app.step([], 0.016, draw=True)
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    driver.click(app, driver.widget(app, "save").rect)
    sc = app.manager.top
    assert isinstance(sc, SaveGameScene)
    for _ in range(len(sc.field.value)):
        driver.key(app, pygame.K_BACKSPACE)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Friday night")], 0.0)
    driver.click(app, driver.widget(app, "save").rect)
    assert isinstance(app.manager.top, PauseScene)
    assert app.manager.top.notice == "Saved as “Friday night”."  # told back, not written in
    [info] = named_saves.list_saves()
    assert info.name == "Friday night" and info.seats == 2 and info.picture is not None
    assert info.round == sess.game.round and "Sole Mio" in info.edition
    # From the title: the load scene lists it and loads the very game.
    app.manager.reset(TitleScene(app))
    driver.click(app, driver.widget(app, "load").rect)
    assert isinstance(app.manager.top, SavesScene)
    app.step([], 0.016, draw=True)
    driver.click(app, driver.widget(app, "load0").rect)
    table = app.manager.top
    assert isinstance(table, TableScene)
    assert table.session.game.choices_log == sess.game.choices_log
    # Delete asks first; "Keep it" keeps it, "Delete" deletes it.
    app.manager.reset(TitleScene(app))
    app.manager.open("saves")
    driver.click(app, driver.widget(app, "delete0").rect)
    app.step([], 0.016, draw=True)
    driver.click(app, driver.widget(app, "keep").rect)
    assert info.path.exists()
    driver.click(app, driver.widget(app, "delete0").rect)
    driver.click(app, driver.widget(app, "confirm-delete").rect)
    assert not info.path.exists() and not info.path.with_suffix(".png").exists()
    assert named_saves.list_saves() == []
    app.step([], 0.016, draw=True)


def test_a_damaged_named_save_is_set_aside_when_listed(make_app):
    sess = _session()
    path = named_saves.save_named(sess, "mine")
    data = path.read_text().replace('"choices": [', '"choices": [["draw", "nowhere"], ')
    path.write_text(data)
    savefiles.dismiss()
    app = make_app()
    app.manager.push(TitleScene(app))
    app.manager.open("saves")
    assert app.manager.top.saves == []
    [notice] = savefiles.pending()
    assert notice.what == "save" and notice.moved_to.read_text() == data
    assert "changed by hand" in notice.sentence()
    savefiles.dismiss()


def test_a_finished_game_is_counted_and_the_statistics_scene_draws_it(make_app):
    sess = _session()
    while not sess.game.is_over():
        sess.game.apply(sess.game.decision().choices[-1])
    sess.seek(sess.game.event_count())
    app = make_app((1024, 640))
    app.manager.push(TitleScene(app))
    app.manager.open("game-over", sess)
    app.manager.open("game-over", sess)  # shown twice, counted once
    st = stats.load()
    assert st.played == 1 and st.games[0].level == "normal"
    app.manager.reset(TitleScene(app))
    driver.click(app, driver.widget(app, "stats").rect)
    sc = app.manager.top
    assert isinstance(sc, StatsScene) and sc.stats.played == 1
    app.step([], 0.016, draw=True)
    texts = [t for t, _h in sc.lines()]
    assert any("1" in t for t in texts)


def test_the_statistics_scene_lets_you_pick_whose_statistics(make_app):
    from types import SimpleNamespace

    from solemio.engine.simulate import play_random_game

    game = play_random_game(load_cardset("sole-mio"), 3, 4)
    anna = SimpleNamespace(person=True, level="easy", name="Anna")
    ben = SimpleNamespace(person=True, level="easy", name="Ben")
    bot = SimpleNamespace(person=False, level="easy", name="Carla")
    stats.add_game(game, [anna, bot, ben])
    stats.add_game(game, [anna, bot, bot])
    app = make_app((1024, 640))
    app.manager.push(TitleScene(app))
    driver.click(app, driver.widget(app, "stats").rect)
    sc = app.manager.top
    pick = driver.widget(app, "player")
    assert pick is not None and pick.options == ["Anna", "Ben"]
    assert sc.player == "Anna" and sc.stats.played == 2
    app.step([], 0.016, draw=True)
    driver.click(app, pick.rect.move(pick.rect.w // 2, 0).clip(pick.rect))  # the right arrow
    assert sc.player == "Ben" and sc.stats.played == 1
    assert sc.stats.games[0].won == (2 in game.view(None).winners)
    app.step([], 0.016, draw=True)
