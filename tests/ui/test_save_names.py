"""Named saves never overwrite each other silently (issue 22, item 1), a save made by a
newer version stays where it is (item 13), and the save's digest covers the rules (11)."""

from __future__ import annotations

import json

import pygame
import pytest

from solemio import named_saves, savefiles
from solemio.engine import load_cardset
from solemio.engine.saves import VERSION, SaveError
from solemio.show.host import GameSession, SeatConfig, session_from_save
from solemio.ui import driver
from solemio.ui.scenes.confirm import ConfirmScene
from solemio.ui.scenes.saves import SaveGameScene, SavesScene
from solemio.ui.scenes.title import TitleScene


def _session(seed: int = 3, moves: int = 6) -> GameSession:
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bot", "green", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, seed)
    for _ in range(moves):
        sess.game.apply(sess.game.decision().choices[0])
    return sess


ALIKE = ["Game 1", "Game: 1", "Game/1", "  Game.1", "!!!", "???", "x" * 40, "x" * 39 + "y",
         "Partie 1", "partie 1", "Gäme 1", "Game\\1"]


def test_names_that_read_alike_keep_distinct_files():
    games = {}
    for i, name in enumerate(ALIKE):
        sess = _session(seed=10 + i, moves=2 + i)
        games[name.strip()] = sess.game.choices_log
        named_saves.save_named(sess, name)
    listed = named_saves.list_saves()
    assert sorted(s.name for s in listed) == sorted(games)
    for info in listed:
        assert session_from_save(info.path).game.choices_log == games[info.name]


def test_the_same_name_is_replaced_only_when_asked():
    named_saves.save_named(_session(moves=2), "Friday")
    with pytest.raises(named_saves.NameTaken):
        named_saves.save_named(_session(moves=4), "Friday")
    [info] = named_saves.list_saves()
    assert len(session_from_save(info.path).game.choices_log) == 2
    named_saves.save_named(_session(moves=4), " Friday ", replace=True)
    [info] = named_saves.list_saves()
    assert len(session_from_save(info.path).game.choices_log) == 4


def test_a_save_under_the_old_file_name_is_found_by_its_name_and_replaced():
    path = named_saves.save_named(_session(moves=2), "Game 1")
    old = path.with_name("Game-1.json")  # how the name was filed before
    path.rename(old)
    [info] = named_saves.list_saves()
    assert info.path == old and info.name == "Game 1"
    with pytest.raises(named_saves.NameTaken):
        named_saves.save_named(_session(moves=4), "Game 1")
    named_saves.save_named(_session(moves=4), "Game 1", replace=True)
    [info] = named_saves.list_saves()
    assert not old.exists() and len(session_from_save(info.path).game.choices_log) == 4


def test_a_file_of_another_name_in_the_way_is_never_replaced():
    path = named_saves.save_named(_session(moves=2), "Alpha")
    data = json.loads(path.read_text())
    data["extra"]["name"] = "Beta"  # a file of another name sitting where "Alpha" goes
    path.write_text(json.dumps(data))
    second = named_saves.save_named(_session(moves=4), "Alpha")
    assert second != path and json.loads(path.read_text())["extra"]["name"] == "Beta"
    assert sorted(s.name for s in named_saves.list_saves()) == ["Alpha", "Beta"]


def _type_name(app, text: str) -> None:
    sc = app.manager.top
    for _ in range(len(sc.field.value)):
        driver.key(app, pygame.K_BACKSPACE)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], 0.0)


def test_the_save_screen_asks_before_replacing_and_defaults_never_collide(make_app):
    app = make_app((1280, 720))
    app.manager.push(TitleScene(app))
    sess = _session(moves=2)
    app.manager.push(SaveGameScene(app, sess))
    default = app.manager.top.name
    driver.click(app, driver.widget(app, "save").rect)
    assert [s.name for s in named_saves.list_saves()] == [default]
    # The same minute, the default name again: a name of its own, never the first save's.
    app.manager.push(SaveGameScene(app, _session(moves=4)))
    second = app.manager.top.name
    assert second != default and second.startswith(default[:20])
    driver.click(app, driver.widget(app, "save").rect)
    assert len(named_saves.list_saves()) == 2
    # The first name typed again: the confirm scene asks; "Keep it" keeps the first game.
    app.manager.push(SaveGameScene(app, _session(moves=6)))
    _type_name(app, default)
    driver.click(app, driver.widget(app, "save").rect)
    app.step([], 0.016, draw=True)
    assert isinstance(app.manager.top, ConfirmScene)
    assert default in app.manager.top.question
    driver.click(app, driver.widget(app, "no").rect)
    assert isinstance(app.manager.top, SaveGameScene)
    by_name = {s.name: s for s in named_saves.list_saves()}
    assert len(session_from_save(by_name[default].path).game.choices_log) == 2
    driver.click(app, driver.widget(app, "save").rect)
    driver.click(app, driver.widget(app, "yes").rect)
    assert isinstance(app.manager.top, TitleScene)
    by_name = {s.name: s for s in named_saves.list_saves()}
    assert len(by_name) == 2
    assert len(session_from_save(by_name[default].path).game.choices_log) == 6


def _newer(path):
    data = json.loads(path.read_text())
    data["version"] = VERSION + 1
    path.write_text(json.dumps(data))
    return path.read_bytes()


def test_a_save_made_by_a_newer_version_stays_in_place_and_is_listed(make_app):
    path = named_saves.save_named(_session(), "From the future")
    raw = _newer(path)
    [info] = named_saves.list_saves()
    assert info.newer and info.name == "From the future" and path.read_bytes() == raw
    assert savefiles.pending() == []
    app = make_app((1280, 720))
    app.manager.push(TitleScene(app))
    app.manager.open("saves")
    app.step([], 0.016, draw=True)
    driver.click(app, driver.widget(app, "load0").rect)
    assert isinstance(app.manager.top, SavesScene) and "newer" in app.manager.top.message
    assert path.read_bytes() == raw


def test_a_save_set_aside_by_an_older_version_comes_back():
    path = named_saves.save_named(_session(moves=4), "Hidden")
    moved = savefiles.set_aside(path)
    assert moved is not None and not path.exists()
    [info] = named_saves.list_saves()
    assert info.name == "Hidden" and not moved.exists()
    assert len(session_from_save(info.path).game.choices_log) == 4


def test_an_edited_embedded_card_set_is_reported_as_altered():
    path = named_saves.save_named(_session(moves=6), "Rules")
    data = json.loads(path.read_text())
    assert data["cardset"]["rounds"] == 2
    data["cardset"]["rounds"] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        session_from_save(path)
    assert err.value.problem == "altered"


def test_a_save_with_the_older_position_only_digest_still_loads():
    from solemio.engine.saves import digest

    sess = _session(moves=6)
    path = named_saves.save_named(sess, "Old digest")
    data = json.loads(path.read_text())
    data["digest"] = digest(sess.game)  # as saves of this version were written before
    path.write_text(json.dumps(data))
    assert session_from_save(path).game.choices_log == sess.game.choices_log
