"""A window's seats at a networked table (``NetSession``) run by the window's conductor:
two windows play a whole game; each shows only its own seat; at the end each keeps the
game's record and counts it in its own statistics, for its own person."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from solemio.net.client import TableClient
from solemio.net.session import NetSession
from solemio.show.conductor import Conductor
from solemio.show.pacing import Pace


def fast() -> Pace:
    return Pace(pace=0.0, reveal_speed=100.0, skip=True)


def play(sessions, seed: int, timeout: float = 120.0) -> None:
    rng = random.Random(seed)
    pool = ThreadPoolExecutor(1)
    conductors = [Conductor(s, pool, fast) for s in sessions]
    end = time.monotonic() + timeout
    while time.monotonic() < end and not all(
            s.table.is_over() and not s.new_events() for s in sessions):
        for s, c in zip(sessions, conductors, strict=True):
            s.refresh_seats()
            for _beat in c.update(0.5):
                # nothing but the window's own seat is ever on screen
                assert s.show.viewer in (None, *s.persons)
            c.release()
            d = c.my_decision()
            if d is not None:
                assert d.seat in s.persons
                c.dispatch(rng.choice(list(d.choices)))
        time.sleep(0.001)


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia"])
def test_two_windows_play_a_whole_game_and_each_keeps_it(server, tmp_path, monkeypatch,
                                                           edition):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    from solemio import records, stats

    a, b = TableClient(server.url), TableClient(server.url)
    code, host = a.create(edition, ["person", "easy", "person"], seed=11)
    ann = NetSession(a, {0: a.join(code, "Ann", seat=0)}, host_token=host)
    bea = NetSession(b, {2: b.join(code, "Bea", seat=2)})
    play([ann, bea], 11)
    game = server.table(code).game
    assert game.is_over()
    for s in (ann, bea):
        assert s.table.is_over() and s.table.scores() == game.scores()
        assert s.show.phase == "over"
        assert s.names[0] == "Ann" and s.names[2] == "Bea"
        whole = s.whole_game()
        assert whole is not None and whole.scores() == game.scores()
        assert whole.choices_log == game.choices_log
    ann.game_finished()
    bea.game_finished()
    ann.game_finished()  # once only
    lines = stats.load().games
    assert sorted(line.player for line in lines) == ["Ann", "Bea"]
    assert {line.level for line in lines} == {"easy"}  # the other person is a person
    assert len(list(records.records_dir().glob("*.json"))) == 2
    a.close()
    b.close()


def test_the_record_is_refused_before_the_game_is_over(server):
    from solemio.net.client import Refused

    c = TableClient(server.url)
    code, _ = c.create("sole-mio", ["person", "easy"], seed=3)
    s = NetSession(c, {0: c.join(code, "Ann", seat=0)})
    assert s.whole_game() is None
    with pytest.raises(Refused) as err:
        c.record(code)
    assert err.value.reason == "not-over"
    # before the end, what the window may read of the game is its own feed only
    assert s.game.events_for(None) == s.table.events()
    c.close()


def test_the_game_over_screen_of_a_networked_table(server, tmp_path, monkeypatch):
    """Play again is for local games; the replay and the coach open on the whole game
    the server handed out."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    import pygame

    from solemio.ui import driver
    from solemio.ui.app import App
    from solemio.ui.settings import Settings

    a = TableClient(server.url)
    code, _ = a.create("mamma-mia", ["person", "easy"], seed=5)
    s = NetSession(a, {0: a.join(code, "Ann", seat=0)})
    play([s], 5)
    pygame.init()
    app = App((1280, 720), headless=True, settings=Settings(), persist_settings=False)
    try:
        app.manager.open("game-over", s)
        app.draw()
        assert not driver.widget(app, "again").enabled
        assert driver.widget(app, "replay").enabled and driver.widget(app, "coach").enabled
        # "Well played!" from the game-over screen, as from the table
        driver.click(app, driver.widget(app, "say").rect)
        driver.click(app, driver.widget(app, "say-well-played").rect)
        assert type(app.manager.top).__name__ == "GameOverScene"
        end = time.monotonic() + 5
        while time.monotonic() < end and not any(m.get("phrase") == "well-played"
                                                 for m in list(a.chat)):
            time.sleep(0.02)
        assert [m["seat"] for m in a.chat if m.get("phrase") == "well-played"] == [0]
        driver.click(app, driver.widget(app, "replay").rect)
        assert type(app.manager.top).__name__ == "ReplayScene"
        app.draw()
    finally:
        app.close()
        a.close()
