"""Every hostile player file of the corpus (tests/hostile_player_files.py) against the
screens that read it: the start and the title screen, New game, Records, Statistics and
Load.  Each gives at most one sentence (on the title screen or the screen itself), in
under 2 seconds of work and 300 MB, and the player's bytes are kept: where they were, or
in set-aside/ (issue 22)."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from solemio import savefiles
from tests.hostile_player_files import Case, cases, open_screens, snapshot


def _kept(home: Path, where: Path, before: tuple[str, str]) -> bool:
    if where.exists() or where.is_symlink():
        if snapshot(where) == before:
            return True
    folder = home / "data" / savefiles.SET_ASIDE
    return any(snapshot(p) == before for p in folder.iterdir()) if folder.is_dir() else False


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.id)
def test_a_hostile_player_file_is_one_sentence_and_kept(case: Case, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("SOLEMIO_HOME", str(home))
    where = home / case.where
    where.parent.mkdir(parents=True)
    case.make(where)
    before = snapshot(where)
    savefiles.dismiss()
    tracemalloc.start()
    t0 = time.process_time()
    try:
        messages = open_screens(case.kind)
        assert all("\n" not in m for m in messages), messages
        spent = time.process_time() - t0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    notices = savefiles.pending()
    assert len(notices) <= 1, [n.sentence() for n in notices]
    assert all("\n" not in n.sentence() and len(n.sentence()) < 300 for n in notices)
    assert spent < 2.0, f"{spent:.2f} s"
    assert peak < 300 * 1024 * 1024, f"{peak / 1e6:.0f} MB"
    assert _kept(home, where, before)
