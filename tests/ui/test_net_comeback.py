"""Restarting the game goes back to the networked table its window sat at (issue 25):
a server on 127.0.0.1, a window that joins a table and closes, and the same player's
game started again with the same per-user folder."""

from __future__ import annotations

import random
import time

import pytest

from solemio.net import comeback, seat_tokens
from solemio.net.background import BackgroundServer
from solemio.net.client import TableClient
from solemio.net.server import Limits
from solemio.ui import driver
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene
from tests.ui.test_net_windows import join_table

LIMITS = Limits(per_address=64, rate=400, burst=400)


@pytest.fixture(autouse=True)
def _no_lan(monkeypatch):
    """No zeroconf in the tests (the local network is not the test's to use)."""
    from solemio.net import hosting

    monkeypatch.setattr(hosting.HostedTable, "_advertise", lambda self, *a: None)
    monkeypatch.setattr("solemio.ui.scenes.join.JoinScene._look", lambda self: None)


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(comeback, "DELAYS", (0.2,))


def table_on(server: BackgroundServer) -> str:
    creator = TableClient(server.url, "test")
    code, _host = creator.create("sole-mio", ["person", "easy"], seed=3)
    creator.close()
    return code


def seated_and_closed(make_app, server: BackgroundServer, code: str) -> int:
    """A window joins ``code``, goes to the table, makes a move, and is closed (the
    player quits without leaving the table): the table's move count then."""
    app = make_app(pace=0.05, reveal_speed=8.0)
    join_table(app, f"127.0.0.1:{server.port}", code, ["Bea"])
    driver.click(app, driver.widget(app, "play").rect)
    s = app.network.session
    rng = random.Random(4)
    end = time.monotonic() + 10
    while time.monotonic() < end and s.table.moves() < 2:
        if not driver.person_move(app, rng):
            app.step([], 0.2, draw=False)
    moves = s.table.moves()
    app.close()
    assert seat_tokens.last() == (f"ws://127.0.0.1:{server.port}", code)
    return moves


def started_again(make_app):
    app = make_app(pace=0.05, reveal_speed=8.0)
    app.start()
    return app


def wait_for(app, ready, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step([], 0.05, draw=False)
        if ready():
            return True
        time.sleep(0.01)
    return False


def test_a_restarted_game_goes_back_to_its_table_and_leaving_it_stays_left(
        make_app, tmp_path):
    with BackgroundServer(tmp_path / "tables", LIMITS) as server:
        code = table_on(server)
        moves = seated_and_closed(make_app, server, code)
        app = started_again(make_app)
        assert wait_for(app, lambda: isinstance(app.manager.top, TableScene)), \
            app.manager.top.comeback_text()
        s = app.network.session
        assert s.code == code and s.persons == [0] and s.table.moves() >= moves
        assert app.network.notice == f"Back at table {code}: the game goes on where it is."
        assert app.network.notice_left > 0
        app.draw()
        # the usual way to leave: the menu's "Leave the table"
        driver.key(app, __import__("pygame").K_ESCAPE)
        driver.click(app, driver.widget(app, "title").rect)
        assert isinstance(app.manager.top, TitleScene) and app.network is None
        assert seat_tokens.last() is None and seat_tokens.recall(
            f"ws://127.0.0.1:{server.port}", code)  # still under "Your tables"
        third = started_again(make_app)
        for _ in range(5):
            third.step([], 0.1, draw=False)
        assert third.comeback is None and isinstance(third.manager.top, TitleScene)


def test_an_unreachable_table_is_tried_again_without_holding_the_title(
        make_app, quick_retries, tmp_path):
    data = tmp_path / "tables"
    server = BackgroundServer(data, LIMITS)
    server.start()
    code = table_on(server)
    seated_and_closed(make_app, server, code)
    port = server.port
    server.stop()
    app = started_again(make_app)
    title = app.manager.top
    assert wait_for(app, lambda: app.comeback.state == "retrying")
    assert title.comeback_text().startswith(f"Going back to table {code}: its server does "
                                            "not answer yet")
    app.draw()
    # the title answers meanwhile: How to play opens and closes
    driver.click(app, driver.widget(app, "rules").rect)
    assert type(app.manager.top).__name__ == "RulesScene"
    app.manager.pop()
    again = BackgroundServer(data, LIMITS, port=port)
    again.start()
    try:
        assert wait_for(app, lambda: isinstance(app.manager.top, TableScene))
        assert app.network.session.code == code
    finally:
        app.leave_network()
        again.stop()


def test_choosing_something_else_stops_going_back(make_app, quick_retries,
                                                  tmp_path):
    server = BackgroundServer(tmp_path / "tables", LIMITS)
    server.start()
    code = table_on(server)
    seated_and_closed(make_app, server, code)
    server.stop()
    app = started_again(make_app)
    assert wait_for(app, lambda: app.comeback.state == "retrying")
    driver.click(app, driver.widget(app, "new").rect)
    assert app.comeback.state == "cancelled" and app.network is None
    assert type(app.manager.top).__name__ == "NewGameScene"
    assert seat_tokens.recall(f"ws://127.0.0.1:{server.port}", code)  # kept to rejoin


def test_a_table_the_server_no_longer_has_is_forgotten_and_said(make_app,
                                                                 tmp_path):
    server = BackgroundServer(None, LIMITS)  # keeps no file: a restart loses its tables
    server.start()
    code = table_on(server)
    seated_and_closed(make_app, server, code)
    port = server.port
    server.stop()
    with BackgroundServer(None, LIMITS, port=port):
        app = started_again(make_app)
        assert wait_for(app, lambda: app.comeback.state == "gone")
        title = app.manager.top
        assert title.comeback_text() == \
            f"Table {code} is no longer on its server: it is forgotten."
        assert seat_tokens.tables() == [] and seat_tokens.last() is None
        app.draw()


def test_a_restarted_host_serves_its_table_again_and_sits_at_it(make_app):
    from tests.ui.test_net_windows import host_table

    app = make_app()
    host_table(app, ["here", "friend"])
    code = app.network.session.code
    driver.click(app, driver.widget(app, "play").rect)
    app.close()  # the window closes: its server stops and writes the table
    again = started_again(make_app)
    assert wait_for(again, lambda: isinstance(again.manager.top, TableScene))
    back = again.network
    assert back.session.code == code and back.hosted is not None
    assert back.session.host_token is not None and back.session.persons == [0]


def test_a_seat_the_table_no_longer_knows_is_forgotten_and_said(make_app, tmp_path):
    with BackgroundServer(None, LIMITS) as server:
        code = table_on(server)
        seated_and_closed(make_app, server, code)
        table = server.table(code)
        server.call(lambda: setattr(table.seats[0], "token", "another-token"))
        app = started_again(make_app)
        assert wait_for(app, lambda: app.comeback.state == "seat-gone")
        assert app.manager.top.comeback_text() == \
            f"Table {code} no longer knows your seat: it is forgotten."
        assert seat_tokens.tables() == [] and seat_tokens.last() is None


def test_quitting_hides_the_window_before_waiting_for_a_table(make_app):
    """Closing waits up to seconds for an attempt to go back to a table (and for a hosted
    table's server): the window is gone before that wait, not after it."""
    app = make_app()
    seen = []

    class Window:
        hidden = False
        size, position = (1280, 720), (0, 0)

        def hide(self):
            self.hidden = True

        def destroy(self):
            seen.append("destroyed")

    class Comeback:
        def cancel(self, wait=0.0):
            seen.append(("cancel", wait, app.window.hidden))

    app.window, app.comeback = Window(), Comeback()
    app.close()
    assert seen[0][0] == "cancel" and seen[0][2] is True  # hidden while waiting
    assert seen[-1] == "destroyed"
    app.comeback = None  # (the fixture closes the app again)
