"""A person's move is autosaved off the window's thread, and nothing is lost or revived."""

from __future__ import annotations

import json
import threading

from solemio.engine import load_cardset
from solemio.show import host as session_mod
from solemio.show.host import SAVER, GameSession, SeatConfig, autosave_path


def _session() -> GameSession:
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Bot", "green", person=False)]
    return GameSession(load_cardset("sole-mio"), seats, 3)


def test_apply_does_not_wait_for_the_disk(monkeypatch):
    gate = threading.Event()
    written: list[str] = []
    real = session_mod.write_atomic

    def slow_write(path, text):
        gate.wait(5)  # the disk is stuck until the test lets it go
        written.append(text)
        real(path, text)

    monkeypatch.setattr(session_mod, "write_atomic", slow_write)
    sess = _session()
    for _ in range(3):
        sess.apply(sess.game.decision().choices[0])  # returns although the write is stuck
    assert not written
    gate.set()
    assert SAVER.flush(5)
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert len(saved["choices"]) == len(sess.game.choices_log)  # the newest state won
    assert len(written) <= 2  # the waiting snapshots were coalesced


def test_a_finished_game_leaves_no_autosave_behind():
    sess = _session()
    sess.apply(sess.game.decision().choices[0])
    assert session_mod.has_autosave()
    while not sess.game.is_over():
        sess.apply(sess.game.decision().choices[0])
    assert SAVER.flush(5)
    assert not session_mod.has_autosave()
