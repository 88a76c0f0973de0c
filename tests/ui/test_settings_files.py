"""The settings file and the remembered table set-up (issue 22, items 3 and 7): a damaged
one is set aside and said once, like a damaged save, never silently overwritten; a
hand-edited one falls back field by field and never stops the game (a hypothesis fuzz
test for both loaders)."""

from __future__ import annotations

import json
import math
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solemio import savefiles
from solemio.engine.kinds import COLOURS
from solemio.ui import app as app_mod
from solemio.ui import settings as settings_mod
from solemio.ui.scenes.newgame import NewGameScene, checked_setup, load_setup, setup_path
from solemio.ui.scenes.title import TitleScene


def _home(monkeypatch, tmp_path):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def test_a_damaged_settings_file_is_set_aside_said_once_and_never_overwritten(
        monkeypatch, tmp_path, make_app):
    _home(monkeypatch, tmp_path)
    path = settings_mod.settings_path()
    raw = '{"pace": 1.5, "sound": false, "language": "fr",'  # one typo: cut short
    path.write_text(raw)
    s = app_mod.read_players_files()
    assert s == settings_mod.Settings()
    [notice] = savefiles.pending()
    assert notice.what == "settings" and notice.moved_to.read_text() == raw
    assert "settings" in notice.sentence() and "\n" not in notice.sentence()
    settings_mod.save(s)  # the game writes its settings again: the old bytes stay aside
    assert notice.moved_to.read_text() == raw
    app = make_app()
    app.manager.push(TitleScene(app))
    app.step([], 0.016, draw=True)
    assert savefiles.pending() == [notice]


def test_hand_edited_settings_fall_back_field_by_field(monkeypatch, tmp_path):
    _home(monkeypatch, tmp_path)
    path = settings_mod.settings_path()
    raw = ('{"pace": ' + "9" * 400 + ', "window_size": [Infinity, 500], "sound": false, '
           '"language": "nl", "window_pos": [10, 20], "reveal_speed": 2.0, "colour_blind": '
           '"yes", "newer_setting": {"x": 1}}')
    path.write_text(raw)
    s = settings_mod.load()
    assert s.pace == 1.0 and s.window_size is None and s.colour_blind is False
    assert s.sound is False and s.language == "nl" and s.window_pos == [10, 20]
    assert s.reveal_speed == 2.0
    [notice] = savefiles.pending()
    assert notice.moved_to.read_text() == raw


def test_settings_nested_100k_deep_start_the_game(monkeypatch, tmp_path):
    _home(monkeypatch, tmp_path)
    settings_mod.settings_path().write_text('{"pace": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert app_mod.read_players_files() == settings_mod.Settings()
    assert len(savefiles.pending()) == 1


def test_good_settings_are_read_as_written_and_not_set_aside(monkeypatch, tmp_path):
    _home(monkeypatch, tmp_path)
    mine = settings_mod.Settings(pace=0.75, sound=False, language="it", reveal_speed=4.0,
                                 window_size=[1024, 640], window_pos=[-5, 30],
                                 memory_training=True)
    settings_mod.save(mine)
    assert settings_mod.load() == mine and savefiles.pending() == []


def test_a_damaged_table_setup_is_set_aside_and_said_on_the_title(monkeypatch, tmp_path,
                                                                  make_app):
    _home(monkeypatch, tmp_path)
    rows = [{"name": "Ada", "type": "person", "colour": ["blue"]}] + \
        [{"name": f"P{i}", "type": "easy", "colour": c} for i, c in enumerate(COLOURS[1:])]
    raw = json.dumps({"edition": "sole-mio", "seats": 3, "rows": rows})
    setup_path().write_text(raw)
    app_mod.read_players_files()
    [notice] = savefiles.pending()
    assert notice.what == "setup" and notice.moved_to.read_text() == raw
    app = make_app()
    app.manager.push(TitleScene(app))
    app.step([], 0.016, draw=True)
    app.manager.open("new-game")
    app.step([], 0.016, draw=True)
    scene = app.manager.top
    assert isinstance(scene, NewGameScene) and scene.n == 4  # the file was set aside


def test_a_table_setup_with_a_colour_given_as_a_list_opens_new_game(monkeypatch, tmp_path,
                                                                    make_app):
    _home(monkeypatch, tmp_path)
    rows = [{"name": "Ada", "type": "hard", "colour": ["blue"]}] * 5
    setup_path().write_text(json.dumps({"seats": 3, "rows": rows}))
    app = make_app()
    app.manager.push(TitleScene(app))
    app.manager.open("new-game")
    app.step([], 0.016, draw=True)
    scene = app.manager.top
    assert scene.n == 3 and scene.rows[0]["name"] == "Ada" and scene.rows[0]["type"] == "hard"
    assert [r["colour"] for r in scene.rows] == list(COLOURS)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**400), max_value=10**400) |
    st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                 max_size=4),
    max_leaves=20)
SETTINGS_KEYS = [f.name for f in __import__("dataclasses").fields(settings_mod.Settings)]
SETTINGS_DOC = st.dictionaries(st.sampled_from(SETTINGS_KEYS) | st.text(max_size=8), JSON,
                               max_size=14) | JSON
SETUP_DOC = st.fixed_dictionaries(
    {}, optional={"edition": JSON | st.just("sole-mio"), "seats": JSON | st.integers(0, 7),
                  "rows": st.lists(st.fixed_dictionaries(
                      {}, optional={"name": JSON, "type": JSON | st.sampled_from(
                          ["person", "easy", "hard"]), "colour": JSON | st.sampled_from(
                          list(COLOURS))}) | JSON, max_size=7) | JSON}) | JSON


def _dump(doc: object) -> str:
    try:
        return json.dumps(doc)  # NaN and Infinity included, as a hand edit may write them
    except ValueError:
        return "{"  # an integer past Python's digit limit: not JSON any more


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(SETTINGS_DOC)
def test_fuzz_the_settings_loader(tmp_path, doc):
    path = tmp_path / "settings.json"
    raw = _dump(doc)
    path.write_text(raw)
    s = settings_mod.load(path, keep_damaged=False)
    assert 0.2 <= s.pace <= 3.0 and math.isfinite(s.pace)
    assert s.reveal_speed in settings_mod.REVEAL_SPEEDS
    assert s.language in __import__("solemio.i18n").i18n.LANGUAGES
    assert all(isinstance(getattr(s, f), bool) for f in settings_mod._FLAGS)
    for pair in (s.window_size, s.window_pos):
        assert pair is None or (len(pair) == 2 and all(type(v) is int for v in pair))
    assert path.read_text() == raw  # only read
    settings_mod.save(s, tmp_path / "again.json")
    assert settings_mod.load(tmp_path / "again.json", keep_damaged=False) == s


@settings(max_examples=200, deadline=None)
@given(SETUP_DOC)
def test_fuzz_the_table_setup_loader(doc):
    clean, _wrong = checked_setup(doc)
    if "seats" in clean:
        assert 2 <= clean["seats"] <= 5
    for row in clean.get("rows", []):
        assert isinstance(row.get("name", ""), str) and len(row.get("name", "")) <= 40
        assert row.get("type", "person") in ("person", "easy", "normal", "hard")
    if "colours" in clean:
        assert sorted(clean["colours"]) == sorted(COLOURS)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(SETUP_DOC)
def test_fuzz_new_game_opens_with_any_table_setup(make_app, tmp_path_factory, doc):
    home = tmp_path_factory.mktemp("home")
    os.environ["SOLEMIO_HOME"] = str(home)
    path = setup_path()
    path.write_text(_dump(doc))
    load_setup()
    app = make_app()
    app.manager.push(NewGameScene(app))
    app.step([], 0.016, draw=True)
    scene = app.manager.top
    configs = scene.configs()
    assert 2 <= len(configs) <= 5 and len({c.colour for c in configs}) == len(configs)
    savefiles.dismiss()
