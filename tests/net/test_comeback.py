"""Going back at start to the table the window sat at (net/comeback.py): what each
answer of the server leads to, without a window."""

from __future__ import annotations

import time

from solemio.net import seat_tokens
from solemio.net.comeback import Comeback
from solemio.net.hosting import HostingError


class FakeTable:
    def __init__(self, over: bool) -> None:
        self.over = over

    def is_over(self) -> bool:
        return self.over


class FakeSession:
    def __init__(self, over: bool = False) -> None:
        self.tables = {0: FakeTable(over)}
        self.closed = False

    def leave(self) -> None:
        self.closed = True


def settle(cb: Comeback, seconds: float = 5.0) -> str:
    end = time.monotonic() + seconds
    while cb.busy and time.monotonic() < end:
        time.sleep(0.01)
    return cb.state


def kept(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path))
    seat_tokens.remember("ws://h:1", "ABCDEF", 0, "tok")
    seat_tokens.seated("ws://h:1", "ABCDEF")


def test_only_the_table_sat_at_when_the_game_stopped_is_gone_back_to(tmp_path, monkeypatch):
    kept(tmp_path, monkeypatch)
    cb = Comeback.of_last_table()
    assert cb is not None and (cb.server, cb.code) == ("ws://h:1", "ABCDEF")
    seat_tokens.left("ws://h:1", "ABCDEF")  # left on purpose: the seats stay, no comeback
    assert Comeback.of_last_table() is None and seat_tokens.recall("ws://h:1", "ABCDEF")


def test_a_table_whose_game_is_over_is_closed_and_forgotten(tmp_path, monkeypatch):
    kept(tmp_path, monkeypatch)
    session = FakeSession(over=True)
    cb = Comeback("ws://h:1", "ABCDEF", attempt=lambda s, c: (session, None)).start()
    assert settle(cb) == "over" and cb.take() is None
    assert session.closed and seat_tokens.tables() == [] and seat_tokens.last() is None


def test_a_refused_token_forgets_and_a_silent_server_is_tried_again(tmp_path, monkeypatch):
    kept(tmp_path, monkeypatch)
    answers = [HostingError("unreachable"), HostingError("unreachable"),
               HostingError("bad-token")]

    def attempt(server: str, code: str):  # type: ignore[no-untyped-def]
        raise answers.pop(0)

    cb = Comeback("ws://h:1", "ABCDEF", attempt=attempt, delays=(0.01,)).start()
    assert settle(cb) == "seat-gone" and cb.attempts == 3
    assert seat_tokens.recall("ws://h:1", "ABCDEF") == {}


def test_the_seats_taken_after_the_player_chose_otherwise_are_closed(tmp_path, monkeypatch):
    kept(tmp_path, monkeypatch)
    session = FakeSession()
    cb = Comeback("ws://h:1", "ABCDEF", attempt=lambda s, c: (session, None)).start()
    assert settle(cb) == "done"
    cb.cancel()
    assert cb.state == "cancelled" and cb.take() is None and session.closed
    assert seat_tokens.recall("ws://h:1", "ABCDEF")  # still the player's to rejoin
