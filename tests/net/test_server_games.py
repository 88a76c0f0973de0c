"""Whole games through the server: remote seats played by computer players, in every
edition; the result is the local replay's, and every frame is what its seats may see."""

from __future__ import annotations

import pytest

from solemio.engine import events as E
from solemio.engine import replay
from solemio.net.client import TableClient

from .net_helpers import RecordingClient, check_frames, plain, play_all

SEATS = {"sole-mio": ["person", "person", "easy", "person"],
         "mamma-mia": ["person", "normal", "person"],
         "grande": ["person", "person"]}


@pytest.mark.parametrize("edition", sorted(SEATS))
def test_remote_seats_play_a_whole_game_and_see_only_their_own(server, edition):
    host = TableClient(server.url)
    code, _host_token = host.create(edition, SEATS[edition], seed=21)
    clients, tables = [], []
    for i, kind in enumerate(SEATS[edition]):
        if kind == "person":
            c = RecordingClient(server.url, f"player {i}")
            clients.append(c)
            tables.append(c.join(code, f"P{i}"))
    watcher = RecordingClient(server.url)
    spectator = watcher.spectate(code)
    play_all(tables, level="easy")
    game = server.table(code).game
    assert game.is_over()
    local = replay(game.cs, game.colours, game.seed, list(game.choices_log))
    assert local.scores() == game.scores()
    spectator.wait_for(spectator.is_over, 10)
    for t in tables + [spectator]:
        assert t.scores() == local.scores() and t.is_over()
        assert t.events() == local.events_for(t.viewer)  # the engine's own events, tuples and all
    for c, t in zip(clients, tables, strict=True):
        assert check_frames(c.frames, {code: game}, {(code, t.viewer)}) > 10
    assert check_frames(watcher.frames, {code: game}, {(code, None)}) > 10
    # a seat's own cards reached it, and nobody else
    for c, t in zip(clients, tables, strict=True):
        dealt = [e for f in c.frames if f["type"] == "update" for e in f["events"]
                 if e["type"] == E.DEAL]
        assert all(("cards" in e) == (e["seat"] == t.viewer) for e in dealt)
    assert not any("cards" in e for f in watcher.frames if f["type"] == "update"
                   for e in f["events"] if e["type"] in (E.DEAL, E.DRAW))
    for c in clients + [host, watcher]:
        c.close()


def test_one_window_may_hold_several_seats_hot_seat(server):
    c = RecordingClient(server.url)
    code, _ = c.create("sole-mio", ["person", "person"], seed=4)
    a, b = c.join(code, "Ann"), c.join(code, "Bob")
    assert {a.viewer, b.viewer} == {0, 1}
    play_all([a, b])
    game = server.table(code).game
    assert check_frames(c.frames, {code: game}, {(code, 0), (code, 1)}) > 10
    assert plain(a.events()) == plain(game.events_for(0))
    c.close()
