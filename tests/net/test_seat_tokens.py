"""The seat tokens kept in the per-user folder, so that a restarted game rejoins its tables."""

from __future__ import annotations

from solemio import userdirs
from solemio.net import seat_tokens


def test_tokens_are_kept_per_server_and_table_and_survive_a_damaged_file(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path))
    assert seat_tokens.recall("ws://a:1", "ABCDEF") == {}
    seat_tokens.remember("ws://a:1", "abcdef", 2, "tok-2")
    seat_tokens.remember("ws://a:1", "ABCDEF", 0, "tok-0")
    seat_tokens.remember("ws://b:1", "ABCDEF", 1, "other")
    assert seat_tokens.recall("ws://a:1", "ABCDEF") == {0: "tok-0", 2: "tok-2"}
    assert seat_tokens.tables() == [("ws://a:1", "ABCDEF"), ("ws://b:1", "ABCDEF")]
    assert (userdirs.data_dir() / seat_tokens.FILE).is_file()
    seat_tokens.forget("ws://a:1", "ABCDEF")
    assert seat_tokens.recall("ws://a:1", "ABCDEF") == {}
    assert seat_tokens.recall("ws://b:1", "ABCDEF") == {1: "other"}
    (userdirs.data_dir() / seat_tokens.FILE).write_text("{ damaged", encoding="utf-8")
    assert seat_tokens.recall("ws://b:1", "ABCDEF") == {}  # set aside, not a crash
    assert (userdirs.data_dir() / "network-seats.damaged").is_file()
    seat_tokens.remember("ws://b:1", "ABCDEF", 1, "again")
    assert seat_tokens.recall("ws://b:1", "ABCDEF") == {1: "again"}
