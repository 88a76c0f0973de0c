"""Hot seat inside a networked table, asked for help: two people share a joined window,
the reveal asks one of them for help, and the pass screen calls them with the request
and "Decline without looking" (NetSession.help_asked_of, decline_unseen through the
seat's RemoteTable); nobody's hand is on screen while the screen is passed."""

from __future__ import annotations

import time

import pytest

from solemio.ai import make_agent
from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.engine.kinds import COLOURS
from solemio.engine.state import DECLINE
from solemio.net.background import BackgroundServer
from solemio.net.server import Limits
from solemio.net.tables import NetTable, Seat, new_token
from solemio.ui import driver
from solemio.ui.scenes.handover import HandoverScene
from tests.ui.test_net_windows import join_table

LIMITS = Limits(per_address=64, rate=400, burst=400)


@pytest.fixture(autouse=True)
def _no_lan(monkeypatch):
    monkeypatch.setattr("solemio.ui.scenes.join.JoinScene._look", lambda self: None)


def table_at_a_help_request(code: str) -> NetTable:
    """A table (two people's seats, a computer's) played on by random players up to the
    first help request of one of the people: the reveal asks them for help."""
    seed = 1
    game = new_game(load_cardset("sole-mio"), list(COLOURS[:3]), seed)
    players = [make_agent("random", s, seed) for s in range(3)]
    while (d := game.decision()) is not None and not (d.kind == "help" and d.seat < 2):
        game.apply(players[d.seat].decide(game.clone()), d.seat)
    assert d is not None and d.kind == "help"
    return NetTable(code, game, [Seat("person"), Seat("person"), Seat("computer", "easy")],
                    new_token())


def test_a_help_request_at_a_shared_joined_window_is_passed_hand_unseen(make_app, tmp_path):
    with BackgroundServer(None, LIMITS) as server:
        code = "HEPQ23"  # (codes have no I, L, O, 0 or 1)
        table = table_at_a_help_request(code)
        asked = table.game.decision().seat
        server.call(lambda: server.server.tables.__setitem__(code, table))
        moves = server.call(lambda: len(table.game.choices_log))
        app = make_app(pace=0.05, reveal_speed=8.0)
        join_table(app, f"127.0.0.1:{server.port}", code, ["Bea", "Carl"])
        s = app.network.session
        assert s.persons == [0, 1] and s.viewer is None
        driver.click(app, driver.widget(app, "play").rect)
        passing = None
        end = time.monotonic() + 15
        while time.monotonic() < end and passing is None:
            app.step([], 0.1, draw=True)
            top = app.manager.top
            if isinstance(top, HandoverScene):
                # the screen changes hands: opaque, and no hand under it
                assert not top.overlay and s.viewer is None and s.show.hand == ()
                if top.help is not None:
                    passing = top
            elif s.viewer is None:
                assert s.show.hand == ()
        assert passing is not None, type(app.manager.top).__name__
        assert passing.seat == asked and s.help_asked_of() == passing.help
        owner, _request = passing.help
        assert passing.reason().startswith(f"{s.names[owner]} asks for ")
        assert driver.widget(app, "decline-unseen") is not None
        # declined from the pass screen: the server has the answer, the hand never showed
        driver.click(app, driver.widget(app, "decline-unseen").rect, draw=True)
        assert s.viewer is None and s.show.hand == ()
        end = time.monotonic() + 5
        while time.monotonic() < end and \
                server.call(lambda: len(table.game.choices_log)) == moves:
            app.step([], 0.05, draw=False)
        assert server.call(lambda: len(table.game.choices_log)) == moves + 1
        assert server.call(lambda: table.game.choices_log[-1]) == DECLINE
        declined = [ev for ev in server.call(lambda: table.game.events_for(None))
                    if ev["type"] == E.HELP_DECLINED]
        assert declined[-1]["helper"] == asked and declined[-1]["seat"] == owner
        app.leave_network()
