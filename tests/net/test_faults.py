"""Faults: connections lost mid-turn and mid-reveal, a server restarted mid-reveal, latency
and dropped connections through a proxy, a computer player that crashes, a person gone."""

from __future__ import annotations

import threading
import time

import pytest

from solemio.engine import replay
from solemio.net.background import BackgroundServer
from solemio.net.client import Refused, TableClient
from solemio.net.server import Limits

from .net_helpers import RecordingClient, check_frames, plain, play_all
from .proxy import Proxy

REVEAL = {"series", "variant", "fill", "help", "block", "show-ask", "show-card", "show-play"}
LIMITS = Limits(per_address=64, rate=400, burst=400)


def _watch(table, when, act, done: threading.Event) -> threading.Thread:
    """Call ``act()`` once, the first time ``when(view)`` holds."""
    def run() -> None:
        while not done.is_set():
            v = table._st.view
            if v is not None and when(v):
                act()
                return
            time.sleep(0.002)
    th = threading.Thread(target=run, daemon=True)
    th.start()
    return th


def _cut(client: TableClient) -> None:
    """Lose the connection abruptly (no closing handshake), as a network would."""
    client._ws.socket.shutdown(2)


def _finished_as_replayed(game, tables) -> None:
    assert game.is_over()
    local = replay(game.cs, game.colours, game.seed, list(game.choices_log))
    assert local.scores() == game.scores()
    for t in tables:
        t.wait_for(t.is_over, 10)
        assert t.scores() == local.scores()
        assert t.events() == local.events_for(t.viewer)  # nothing twice, nothing missed


def test_a_connection_lost_mid_turn_and_mid_reveal_resumes_where_the_table_is(server):
    ca, cb = RecordingClient(server.url), RecordingClient(server.url)
    code, _ = ca.create("sole-mio", ["person", "person", "easy"], seed=31)
    ta, tb = ca.join(code, "Ann"), cb.join(code, "Bob")
    done = threading.Event()
    cuts = [_watch(ta, lambda v: v.phase == "draw" and v.deciding == ta.viewer,
                   lambda: _cut(ca), done),
            _watch(tb, lambda v: v.phase in REVEAL, lambda: (_cut(ca), _cut(cb)), done)]
    play_all([ta, tb], "easy")
    done.set()
    for th in cuts:
        th.join(1)
    game = server.table(code).game
    _finished_as_replayed(game, [ta, tb])
    assert sum(f["type"] == "joined" for f in ca.frames) >= 3  # joined, then resumed twice
    assert check_frames(ca.frames, {code: game}, {(code, ta.viewer)}) > 10
    assert check_frames(cb.frames, {code: game}, {(code, tb.viewer)}) > 10
    ca.close()
    cb.close()


def test_a_server_restarted_mid_reveal_resumes_its_tables(tmp_path):
    data = tmp_path / "tables"
    first = BackgroundServer(data, LIMITS)
    port = first.start()
    ca, cb = RecordingClient(first.url), RecordingClient(first.url)
    code, host = ca.create("mamma-mia", ["person", "person", "easy"], seed=12)
    ta, tb = ca.join(code, "Ann"), cb.join(code, "Bob")
    second: list[BackgroundServer] = []
    restarted = threading.Event()

    def restart() -> None:
        moves = ta.moves()
        first.stop()  # writes every table
        bs = BackgroundServer(data, LIMITS, port=port)
        bs.start()
        second.append(bs)
        assert len(bs.table(code).game.choices_log) >= moves
        restarted.set()

    done = threading.Event()
    watcher = _watch(ta, lambda v: v.phase in REVEAL, restart, done)
    try:
        play_all([ta, tb], "easy", timeout=90)
        done.set()
        watcher.join(10)
        assert restarted.is_set()
        game = second[0].table(code).game
        _finished_as_replayed(game, [ta, tb])
        assert check_frames(ca.frames, {code: game}, {(code, ta.viewer)}) > 10
        # the host's token still works on the new server
        hc = TableClient(second[0].url)
        hc.stand_in(code, host, 2, "normal")
        assert second[0].table(code).seats[2].level == "normal"
        hc.close()
    finally:
        ca.close()
        cb.close()
        for bs in second:
            bs.stop()


def _through_proxy(server, moves: int | None, every: float = 0.4) -> None:
    proxy = Proxy(server.port, latency=0.01).start()
    try:
        ca, cb = RecordingClient(proxy.url), RecordingClient(proxy.url)
        code, _ = ca.create("grande", ["person", "person"], seed=3)
        ta, tb = ca.join(code, "Ann"), cb.join(code, "Bob")
        done = threading.Event()

        def dropper() -> None:
            while not done.wait(every):
                proxy.drop()
        th = threading.Thread(target=dropper, daemon=True)
        th.start()
        play_all([ta, tb], "random", timeout=600,
                  stop_when=None if moves is None else lambda: ta.moves() >= moves)
        done.set()
        th.join(2)
        assert proxy.drops >= 2
        game = server.table(code).game
        if moves is None:
            _finished_as_replayed(game, [ta, tb])
        else:
            for t in (ta, tb):
                assert t.wait_for(lambda t=t: t.event_count() == game.event_count(), 10)
                assert t.events() == game.events_for(t.viewer)
        assert check_frames(ca.frames, {code: game}, {(code, ta.viewer)}) > 10
        assert check_frames(cb.frames, {code: game}, {(code, tb.viewer)}) > 10
        ca.close()
        cb.close()
    finally:
        proxy.stop()


def test_latency_and_dropped_connections_through_a_proxy(server):
    _through_proxy(server, 60)


@pytest.mark.slow
def test_a_whole_game_through_a_proxy_with_latency_and_drops(server):
    _through_proxy(server, None, every=1.5)


class _Broken:
    level = "hard"
    since = 0

    def decide(self, game, cancel=None):
        raise RuntimeError("the computer player broke")


def test_a_crashed_computer_stops_only_its_own_table_and_the_host_replaces_it(tmp_path):
    from solemio.ai import make_agent

    def agents(level, seat, seed):
        return _Broken() if level == "hard" else make_agent(level, seat, seed)

    with BackgroundServer(tmp_path, LIMITS, agent_factory=agents) as bs:
        c = RecordingClient(bs.url)
        bad, host = c.create("sole-mio", ["hard", "person"], seed=5)
        good, _ = c.create("sole-mio", ["easy", "person"], seed=5)
        t_bad, t_good = c.join(bad, "Ann"), c.join(good, "Bob")
        play_all([t_bad], "easy", stop_when=lambda: bool(c.problems), timeout=60)
        problem = c.problems[0]
        assert problem["table"] == bad and problem["reason"] == "computer-failed"
        assert problem["seat"] == 0
        deadline = time.monotonic() + 10  # the seats' news follows the problem
        while not c.seats_info[bad][0]["failed"] and time.monotonic() < deadline:
            time.sleep(0.01)
        assert c.seats_info[bad][0]["failed"]
        play_all([t_good], "easy")  # the other table goes on to its end
        assert t_good.is_over()
        assert not t_bad.is_over()
        assert bs.table(bad).game.decision().seat == 0  # waiting for the broken computer
        c.stand_in(bad, host, 0, "easy")  # the host puts another computer in
        play_all([t_bad], "easy")
        _finished_as_replayed(bs.table(bad).game, [t_bad])
        assert all(p["table"] == bad for p in c.problems)
        c.close()


def test_the_host_lets_a_computer_play_a_gone_person_until_they_return(server):
    ca = RecordingClient(server.url)
    code, host = ca.create("sole-mio", ["person", "person"], seed=9)
    ta = ca.join(code, "Ann")
    cb = TableClient(server.url)
    tb = cb.join(code, "Bob")
    token_b = tb.token
    cb.close()  # Bob is gone
    deadline = time.monotonic() + 5
    while ca.seats_info[code][tb.viewer]["connected"] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not ca.seats_info[code][tb.viewer]["connected"]  # the host sees it
    ca.stand_in(code, host, tb.viewer, "easy")
    play_all([ta], "easy", stop_when=lambda: ta.moves() > 40)
    assert ta.moves() > 40  # the stand-in played Bob's seat
    back = RecordingClient(server.url)
    tb2 = back.resume(code, token_b)  # Bob returns: the stand-in leaves
    deadline = time.monotonic() + 5
    while ca.seats_info[code][tb.viewer]["stand_in"] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ca.seats_info[code][tb.viewer] | {"stand_in": None, "connected": True} == \
        ca.seats_info[code][tb.viewer]  # the host sees Bob back, without the stand-in
    assert server.table(code).seats[tb.viewer].stand_in is None
    play_all([ta, tb2], "easy")
    game = server.table(code).game
    _finished_as_replayed(game, [ta, tb2])
    assert plain(tb2.events()) == plain(game.events_for(tb.viewer))
    ca.close()
    back.close()


def test_a_table_gone_from_a_restarted_server_is_said_so_not_awaited(tmp_path):
    data = tmp_path / "tables"
    first = BackgroundServer(data, LIMITS)
    port = first.start()
    c = TableClient(first.url)
    code, _ = c.create("sole-mio", ["person", "easy"], seed=2)
    table = c.join(code, "Ann")
    first.stop()
    for f in data.glob("*.json"):
        f.unlink()  # the server's folder was lost
    second = BackgroundServer(data, LIMITS, port=port)
    second.start()
    try:
        assert table.wait_for(lambda: table.lost is not None, 10)
        assert table.lost == "no-table"
        assert c.wait_synced(5)  # nothing else is awaited
    finally:
        c.close()
        second.stop()


def test_finished_tables_nobody_watches_are_unloaded_and_kept_as_records(tmp_path):
    limits = Limits(per_address=64, rate=400, burst=400, linger=0.0)
    with BackgroundServer(tmp_path, limits) as bs:
        c = TableClient(bs.url)
        done, _ = c.create("sole-mio", ["person", "easy"], seed=6)
        going, _ = c.create("sole-mio", ["person", "easy"], seed=7)
        t = c.join(done, "Ann")
        play_all([t], "random")
        c.close()
        time.sleep(0.7)  # the last writes
        assert bs.call(bs.server.sweep) == [done]  # not the unfinished one
        bs.call(lambda: None)
        bs.server.writer.submit(lambda: None).result(5)
        assert (tmp_path / "finished" / f"{done}.json").is_file()
        assert not (tmp_path / f"{done}.json").exists()
        assert (tmp_path / f"{going}.json").is_file() and going in bs.server.tables


def test_an_address_may_open_only_a_few_tables_at_once(tmp_path):
    with BackgroundServer(tmp_path, Limits(creates=2, create_rate=0.001)) as bs:
        c = TableClient(bs.url)
        c.create("sole-mio", ["person", "easy"])
        c.create("sole-mio", ["person", "easy"])
        try:
            c.create("sole-mio", ["person", "easy"])
            raise AssertionError("a third table was opened")
        except Refused as exc:
            assert exc.reason == "too-many-tables"
        c.close()


def test_an_abandoned_unfinished_table_leaves_memory_and_comes_back_when_resumed(tmp_path):
    """A table nobody is at for ``idle`` seconds is unloaded (abandoned tables never fill
    the server's memory); its file stays, and a returning player's resume reads it back
    where it was."""
    limits = Limits(per_address=64, rate=400, burst=400, idle=0.0)
    with BackgroundServer(tmp_path, limits) as bs:
        c = TableClient(bs.url)
        code, _ = c.create("sole-mio", ["person", "person"], seed=9)
        a, b = c.join(code, "Ann"), c.join(code, "Bea")
        mover = a if a.decision() is not None else b
        mover.apply(mover.decision().choices[0])
        moves, events = a.moves(), a.event_count()
        tokens = {a.viewer: a.token, b.viewer: b.token}
        c.close()
        time.sleep(0.3)
        assert bs.call(bs.server.sweep) == [code]
        assert code not in bs.server.tables
        bs.server.writer.submit(lambda: None).result(5)
        assert (tmp_path / f"{code}.json").is_file()
        c2 = TableClient(bs.url)
        back = c2.resume(code, tokens[a.viewer])
        assert code in bs.server.tables
        assert back.moves() == moves and back.event_count() == events
        assert back.events() == a.events()
        c2.close()


def test_a_table_without_a_folder_is_never_unloaded_unfinished(tmp_path):
    limits = Limits(per_address=64, rate=400, burst=400, idle=0.0)
    with BackgroundServer(None, limits) as bs:
        c = TableClient(bs.url)
        code, _ = c.create("sole-mio", ["person", "easy"], seed=9)
        c.close()
        time.sleep(0.2)
        assert bs.call(bs.server.sweep) == [] and code in bs.server.tables
