"""A window never stops because it sent faster than the server's cap: the client paces
itself by the figures in the server's welcome, waits out a flood refusal and sends again,
and leaves an optional preview unsent; a forced answer the server does not take now is
asked again later instead of stopping the window."""

from __future__ import annotations

import time

import pytest

from solemio.net import client as C
from solemio.net.background import BackgroundServer
from solemio.net.bucket import Bucket
from solemio.net.client import ConnectionLost, Refused, TableClient
from solemio.net.server import Limits
from solemio.net.session import NetSession


def test_the_client_paces_itself_by_the_cap_the_server_announces(tmp_path, caplog):
    limits = Limits(rate=20, burst=3, strikes=50)
    with BackgroundServer(tmp_path, limits) as bs:
        c = TableClient(bs.url)
        assert (c.welcome["rate"], c.welcome["burst"]) == (20, 3)
        start = time.monotonic()
        with caplog.at_level("INFO", logger="solemio.net.client"):
            answers = [c.request({"type": "ping"}) for _ in range(12)]
        took = time.monotonic() - start
        assert [a["type"] for a in answers] == ["pong"] * 12
        assert took >= (12 - limits.burst) / limits.rate  # it was slowed down ...
        assert "slow down" not in caplog.text  # ... before the server had to refuse
        c.close()


def test_a_preview_is_left_unsent_rather_than_hold_the_window(server):
    c = TableClient(server.url)
    c._pace = Bucket(0.001, 1.0)
    assert c._send({"type": "ping"}, optional=True) is True
    start = time.monotonic()
    assert c._send({"type": "ping"}, optional=True) is False
    assert time.monotonic() - start < 0.5
    c.close()


def test_a_client_that_outpaces_the_cap_waits_the_refusal_out(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(C, "pacing", lambda welcome: Bucket(1e6, 1e6))  # no pacing
    limits = Limits(rate=20, burst=2, strikes=50)
    with BackgroundServer(tmp_path, limits) as bs:
        c = TableClient(bs.url)
        with caplog.at_level("INFO", logger="solemio.net.client"):
            answers = [c.request({"type": "ping"}) for _ in range(12)]
        assert [a["type"] for a in answers] == ["pong"] * 12
        assert "slow down" in caplog.text  # the server did refuse, and it was sent again
        c.close()


def test_a_flood_that_does_not_pass_is_refused_in_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr(C, "pacing", lambda welcome: Bucket(1e6, 1e6))
    monkeypatch.setattr(C, "FLOOD_WAITS", (0.01, 0.01))
    limits = Limits(rate=0.01, burst=2, strikes=50)  # the hello and one ping
    with BackgroundServer(tmp_path, limits) as bs:
        c = TableClient(bs.url)
        c.request({"type": "ping"})
        with pytest.raises(Refused) as err:
            c.request({"type": "ping"})
        assert err.value.reason == "flood"
        c.close()


def test_other_refusals_are_not_sent_again(server):
    c = TableClient(server.url)
    sent = []
    real = c._request_once

    def counting(msg):
        sent.append(msg["type"])
        return real(msg)

    c._request_once = counting
    with pytest.raises(Refused) as err:
        c.request({"type": "spectate", "table": "ZZZZZZ"})
    assert err.value.reason == "no-table" and sent == ["spectate"]
    c.close()


@pytest.mark.parametrize("trouble", [ConnectionLost("reconnecting to the server"),
                                     C.StaleMove("the table moved on"),
                                     C.IllegalChoice("too many messages; wait a moment")])
def test_a_forced_answer_not_taken_now_is_left_for_later(server, monkeypatch, trouble):
    c = TableClient(server.url)
    code, host = c.create("sole-mio", ["person", "easy"], seed=3)
    session = NetSession(c, {0: c.join(code, "Ann", seat=0)}, host_token=host)
    table = session.table
    monkeypatch.setattr(type(table), "forced_choice", lambda self: ("decline",))

    def refuse(self, choice):
        raise trouble

    monkeypatch.setattr(type(table), "apply", refuse)
    assert session.apply_forced(("decline",)) is False
    with pytest.raises(ValueError):
        session.apply_forced(("ask", 1))  # not the only choice: a bug, still raised
    c.close()
