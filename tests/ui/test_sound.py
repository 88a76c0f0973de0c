"""Sound effects: every file is there and small, and the shown events ask for the right one.

The mixer is replaced by a recorder, so the tests need no audio device and
check what the game *requests*, the part that can be wrong.
"""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from solemio.engine import events as E
from solemio.resources import resource_path
from solemio.ui import sound as sound_mod

SOUNDS_DIR = Path(str(resource_path("assets", "sounds")))


class _FakeSound:
    played: list[str] = []

    def __init__(self, path: str) -> None:
        self.name = Path(path).stem

    def set_volume(self, v: float) -> None:
        pass

    def play(self) -> None:
        _FakeSound.played.append(self.name)


@pytest.fixture
def played(monkeypatch) -> list[str]:
    """Every sound the game plays, by name, through a mocked mixer."""
    _FakeSound.played = []
    monkeypatch.setattr(sound_mod.pygame.mixer, "Sound", _FakeSound)
    monkeypatch.setattr(sound_mod.pygame.mixer, "get_init", lambda: (22050, -16, 2))
    return _FakeSound.played


@pytest.mark.parametrize("name", sound_mod.NAMES)
def test_every_sound_file_exists_is_short_and_small(name):
    path = SOUNDS_DIR / f"{name}.wav"
    assert path.exists(), f"missing {path.name}"
    assert path.stat().st_size < 60 * 1024
    with wave.open(str(path)) as fh:
        assert fh.getnframes() / fh.getframerate() < 1.5


def test_disabled_sound_plays_nothing(played):
    s = sound_mod.Sound(enabled=False)
    s.play("click")
    assert played == []
    s.enabled = True
    s.play("click")
    assert played == ["click"]


def _table(make_app, played):
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui.scenes.table import TableScene

    app = make_app(sound=True)
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bea", "green", level="easy")]
    sess = GameSession(load_cardset("sole-mio"), seats, 3)
    scene = TableScene(app, sess)
    app.manager.push(scene)
    sess.cursor = len(sess.new_events())  # the deal has been shown
    return app, sess, scene


def _show(app, sess, monkeypatch, events: list[dict]) -> None:
    """Let the scene show ``events`` as if the engine had just produced them."""
    queue = [dict(e) for e in events]
    monkeypatch.setattr(sess, "new_events", lambda: queue)
    monkeypatch.setattr(sess, "take_event", lambda: queue.pop(0) if queue else None)
    app.step([], 0.016, draw=False)


@pytest.mark.parametrize(("event", "expected"), [
    ({"type": E.SCORER_MOVED, "seat": 1}, "scorer"),
    ({"type": E.SCORER_DRAWN, "seat": 1}, "scorer"),
    ({"type": E.NEW_ROUND, "round": 2, "first": 0, "oven": []}, "shuffle"),
    ({"type": E.PLAY, "seat": 1, "kind": "olive", "singles": 1, "doubles": 0}, E.PLAY),
    ({"type": E.DRAW, "seat": 1, "source": "supply", "count": 1}, E.DRAW),
])
def test_shown_events_request_their_sound(make_app, played, monkeypatch, event, expected):
    app, sess, _scene = _table(make_app, played)
    played.clear()
    _show(app, sess, monkeypatch, [event])
    assert played == [expected]


def test_no_sound_while_a_resumed_game_is_replayed(make_app, played):
    """A resumed game's show is rebuilt at once from its events: none of them sounds."""
    import random

    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui.scenes.table import TableScene

    app = make_app(sound=True)
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bea", "green", level="easy")]
    first = GameSession(load_cardset("sole-mio"), seats, 3)
    rng = random.Random(3)
    for _ in range(40):
        first.game.apply(rng.choice(first.game.decision().choices))
    sess = GameSession(load_cardset("sole-mio"), seats, 3, choices=list(first.game.choices_log))
    sess.resume_feed()
    played.clear()
    app.manager.push(TableScene(app, sess))
    app.step([], 0.016, draw=False)
    assert played == []


def test_sound_setting_switches_the_game_sounds(make_app, played, monkeypatch):
    app, sess, _scene = _table(make_app, played)
    app.settings.sound = False
    app.settings_changed()
    played.clear()
    _show(app, sess, monkeypatch, [{"type": E.SCORER_MOVED, "seat": 1}])
    assert played == []


def test_the_volume_setting_reaches_every_effect_and_f8_mutes(make_app, monkeypatch):
    """Settings' volume sets the level each effect plays at; 0 % plays nothing; F8 mutes
    and unmutes on any screen (and is remembered like any setting)."""
    import pygame

    levels: list[float] = []

    class Loud(_FakeSound):
        def set_volume(self, v: float) -> None:
            levels.append(v)

    _FakeSound.played = []
    monkeypatch.setattr(sound_mod.pygame.mixer, "Sound", Loud)
    monkeypatch.setattr(sound_mod.pygame.mixer, "get_init", lambda: (22050, -16, 2))
    app = make_app((1280, 720), volume=40)
    app.sound.play("draw")
    assert levels[-1] == pytest.approx(sound_mod.Sound.FULL * 0.4)
    app.settings.volume = 100
    app.settings_changed()
    app.sound.play("draw")
    assert levels[-1] == pytest.approx(sound_mod.Sound.FULL)
    app.settings.volume = 0
    app.settings_changed()
    n = len(_FakeSound.played)
    app.sound.play("draw")
    assert len(_FakeSound.played) == n
    app.settings.volume = 80
    app.settings_changed()
    app.manager.open("title")
    f8 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, mod=0, unicode="")
    app.step([f8], 0.01, draw=False)
    assert app.settings.sound is False
    app.sound.play("draw")
    assert len(_FakeSound.played) == n
    app.step([f8], 0.01, draw=False)
    assert app.settings.sound is True
    app.sound.play("draw")
    assert len(_FakeSound.played) == n + 1
