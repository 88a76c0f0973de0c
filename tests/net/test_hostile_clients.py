"""Hostile clients: garbage, oversized frames, moves for seats not held, stale indexes,
replayed or guessed tokens, floods.  Each is refused with a reason (or disconnected), no
other connection or table notices, and none receives more than its own seats' events."""

from __future__ import annotations

import json
import secrets
import threading

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from solemio.engine import replay
from solemio.net import protocol as P
from solemio.net.background import BackgroundServer
from solemio.net.server import Limits

from .net_helpers import RecordingClient, check_frames, plain, play_all


class Raw:
    """A bare websocket speaking whatever it likes, keeping all it receives."""

    def __init__(self, url: str, hello: bool = True) -> None:
        self.ws = connect(url, compression=None, max_size=None, open_timeout=5).__enter__()
        self.frames: list[dict] = []
        self.ref = 0
        if hello:
            assert self.ask({"type": "hello", "v": P.VERSION})["type"] == "welcome"

    def send(self, data: object) -> None:
        self.ws.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def recv(self, timeout: float = 5.0) -> dict:
        f = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(f)
        return f

    def answer(self) -> dict:
        """The next frame that answers something (what the table pushes is kept)."""
        while True:
            f = self.recv()
            if f["type"] not in ("update", "seats", "chat"):
                return f

    def ask(self, msg: dict) -> dict:
        """Send ``msg`` with a ref; the answer to it (updates before it are kept)."""
        self.ref += 1
        self.send({**msg, "ref": self.ref})
        while True:
            f = self.recv()
            if f.get("ref") == self.ref:
                return f

    def drain(self, timeout: float = 0.3) -> None:
        try:
            while True:
                self.recv(timeout)
        except TimeoutError:
            pass

    def close(self) -> None:
        self.ws.close()


def _refused(answer: dict, reason: str) -> None:
    assert answer["type"] == "refused" and answer["reason"] == reason, answer
    assert answer["message"]


def test_hostile_clients_are_refused_and_nobody_else_notices(server):
    # a real game goes on at table A the whole time
    host = RecordingClient(server.url)
    code_a, _ = host.create("sole-mio", ["person", "person", "easy"], seed=8)
    ca, cb = RecordingClient(server.url), RecordingClient(server.url)
    ta, tb = ca.join(code_a, "Ann"), cb.join(code_a, "Bob")
    token_a = ta.token
    done = threading.Event()
    game_thread = threading.Thread(target=lambda: (play_all([ta, tb], "easy"), done.set()),
                                   daemon=True)
    game_thread.start()

    # the attacker's own table B, where it holds seat 0 (seat 1 is a computer)
    h = Raw(server.url)
    created = h.ask({"type": "create", "edition": "sole-mio", "seats": ["person", "easy"],
                     "seed": 5})
    code_b = created["table"]
    mine = h.ask({"type": "join", "table": code_b, "seat": 0})
    assert mine["type"] == "joined" and mine["seat"] == 0
    token_b = mine["token"]

    # garbage, unknown messages, missing fields
    h.send("{{{ not json")
    _refused(h.answer(), "bad-json")
    h.send(b"\x00\xff\x00")
    _refused(h.answer(), "bad-json")
    _refused(h.ask({"type": "launch-missiles"}), "unknown-type")
    _refused(h.ask({"type": "move", "table": code_b}), "bad-message")
    _refused(h.ask({"type": "join", "table": "ZZZZZZ"}), "no-table")
    _refused(h.ask({"type": "create", "edition": "chess", "seats": ["person"] * 2}),
             "bad-edition")
    _refused(h.ask({"type": "move", "table": code_b, "token": token_b, "index": 0,
                    "choice": ["play", [[[[[[["deep"]]]]]]]]}), "bad-message")

    # tokens: another table's, a guessed one, a real one this connection never resumed
    move_a = {"type": "move", "table": code_a, "index": 0, "choice": ["draw", "supply"]}
    _refused(h.ask({**move_a, "token": token_b}), "bad-token")
    _refused(h.ask({**move_a, "token": secrets.token_urlsafe(24)}), "bad-token")
    _refused(h.ask({**move_a, "token": token_a}), "not-your-seat")
    _refused(h.ask({"type": "chat", "table": code_a, "token": token_a, "phrase": "hello"}),
             "not-your-seat")
    _refused(h.ask({"type": "resume", "table": code_a, "token": token_a[:-2] + "xx"}),
             "bad-token")
    _refused(h.ask({"type": "stand-in", "table": code_a, "host": token_a, "seat": 0,
                    "level": "easy"}), "not-host")

    # moves at its own table: stale, repeated, ahead, out of turn, illegal
    h.drain()
    table_b = server.table(code_b)
    game_b = table_b.game
    d = server.call(game_b.decision)
    assert d.seat == 0
    index = server.call(lambda: len(game_b.choices_log))
    wrong = ("play", "salami", 9, 9)
    _refused(h.ask({"type": "move", "table": code_b, "token": token_b, "index": index,
                    "choice": list(wrong)}), "illegal")
    _refused(h.ask({"type": "move", "table": code_b, "token": token_b, "index": index + 3,
                    "choice": P.encode(d.choices[0]) and list(d.choices[0])}), "stale-move")
    good = {"type": "move", "table": code_b, "token": token_b, "index": index,
            "choice": json.loads(json.dumps(d.choices[0]))}
    assert h.ask(good)["type"] == "moved"
    _refused(h.ask(good), "stale-move")  # the same move again
    h.drain(0.5)

    # an oversized frame: the connection is closed (1009), nobody else notices
    h.send("x" * (P.MAX_FRAME + 10))
    with pytest.raises(ConnectionClosed) as info:
        while True:
            h.recv()
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009

    # the attacker saw only its own seat of its own table
    assert check_frames(h.frames, {code_b: server.table(code_b).game}, {(code_b, 0)}) >= 1
    assert not any(f.get("table") == code_a for f in h.frames if f["type"] != "refused")
    assert not any(token_a in json.dumps(f) for f in h.frames)

    # the real game finished as if nothing happened
    game_thread.join(60)
    assert done.is_set()
    game = server.table(code_a).game
    assert replay(game.cs, game.colours, game.seed, list(game.choices_log)).scores() == \
        game.scores()
    assert check_frames(ca.frames, {code_a: game}, {(code_a, ta.viewer)}) > 10
    assert check_frames(cb.frames, {code_a: game}, {(code_a, tb.viewer)}) > 10
    refusals = [f for f in ca.frames + cb.frames if f["type"] == "refused"]
    assert not refusals, refusals
    assert plain(ta.events()) == plain(game.events_for(ta.viewer))
    for c in (host, ca, cb):
        c.close()


def test_another_protocol_version_is_told_which_to_use(server):
    raw = Raw(server.url, hello=False)
    _refused(raw.ask({"type": "move", "table": "ABCDEF"}), "hello-first")
    answer = raw.ask({"type": "hello", "v": 99})
    _refused(answer, "version")
    assert f"version {P.VERSION}" in answer["message"]
    with pytest.raises(ConnectionClosed):
        raw.recv()


def test_a_flood_is_refused_then_disconnected_and_others_go_on(tmp_path):
    limits = Limits(rate=10, burst=10, strikes=20, per_address=3)
    with BackgroundServer(tmp_path, limits) as bs:
        calm = Raw(bs.url)
        flood = Raw(bs.url)
        for _ in range(200):
            try:
                flood.send({"type": "ping"})
            except ConnectionClosed:
                break
        kinds = []
        with pytest.raises(ConnectionClosed):
            while True:
                kinds.append(flood.recv()["type"])
        assert "pong" in kinds and kinds.count("refused") >= limits.strikes - 1
        assert all(f["reason"] == "flood" for f in flood.frames if f["type"] == "refused")
        assert calm.ask({"type": "ping"})["type"] == "pong"  # the other connection goes on
        # connections per address: the fourth at once is refused
        extra = [Raw(bs.url), Raw(bs.url)]
        fourth = Raw(bs.url, hello=False)
        _refused(fourth.recv(), "too-many-connections")
        with pytest.raises(ConnectionClosed):
            fourth.recv()
        assert calm.ask({"type": "ping"})["type"] == "pong"
        for r in extra + [calm]:
            r.close()


def test_refusals_are_forgiven_over_time_but_not_at_once(tmp_path):
    """A calm client that is refused now and then over a long session stays connected;
    the same refusals sent at once close the connection."""
    import time

    with BackgroundServer(tmp_path, Limits(strikes=3, strike_rate=20.0)) as bs:
        calm = Raw(bs.url)
        for _ in range(8):  # 8 refusals, more than 3, each forgiven before the next
            _refused(calm.ask({"type": "nonsense"}), "unknown-type")
            time.sleep(0.15)
        assert calm.ask({"type": "ping"})["type"] == "pong"
        calm.close()
    with BackgroundServer(tmp_path, Limits(strikes=3, strike_rate=0.001)) as bs:
        hasty = Raw(bs.url)
        for _ in range(3):
            _refused(hasty.ask({"type": "nonsense"}), "unknown-type")
        with pytest.raises(ConnectionClosed):
            hasty.recv()


def test_guessing_table_codes_or_tokens_is_slowed_for_the_whole_address(tmp_path):
    limits = Limits(per_address=8, misses=5, miss_rate=0.01)
    with BackgroundServer(tmp_path, limits) as bs:
        guesser = Raw(bs.url)
        for i in range(5):
            _refused(guesser.ask({"type": "spectate", "table": f"AAAAA{P.CODE_ALPHABET[i]}"}),
                     "no-table")
        _refused(guesser.ask({"type": "spectate", "table": "BBBBBB"}), "flood")
        with pytest.raises(ConnectionClosed):
            guesser.recv()
        again = Raw(bs.url)  # a new connection from the same address gains nothing
        _refused(again.ask({"type": "resume", "table": "CCCCCC", "token": "x"}), "flood")
        with pytest.raises(ConnectionClosed):
            again.recv()


def test_behind_a_proxy_connections_are_counted_per_forwarded_address(tmp_path):
    limits = Limits(per_address=1, behind_proxy=True)

    def via(address: str) -> Raw:
        raw = Raw.__new__(Raw)
        raw.ws = connect(bs.url, additional_headers={"X-Forwarded-For": address},
                         open_timeout=5).__enter__()
        raw.frames, raw.ref = [], 0
        return raw

    with BackgroundServer(tmp_path, limits) as bs:
        a, b = via("198.51.100.1"), via("198.51.100.2")
        for r in (a, b):
            assert r.ask({"type": "hello", "v": P.VERSION})["type"] == "welcome"
        _refused(via("198.51.100.1").recv(), "too-many-connections")
        a.close()
        b.close()
