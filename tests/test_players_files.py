"""Nothing a player made is lost (issue 22): set-aside never overwrites (item 14), stale
temporary files are cleaned at start (10), two running copies keep every result (2),
one window per user, the tools never touch the player's files, and a FIFO or an
unwritable folder is one line (12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from solemio import atomic, savefiles, stats, userdirs

ROOT = Path(__file__).resolve().parent.parent


def _env(home: Path) -> dict:
    env = dict(os.environ, SOLEMIO_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", LANGUAGE="en", PYTHONPATH=str(ROOT))
    return env


def _solemio(home: Path, *args: str, timeout: float = 600, extra: dict | None = None):
    return subprocess.run([sys.executable, "-m", "solemio", *args], cwd=ROOT,
                          env={**_env(home), **(extra or {})}, capture_output=True,
                          text=True, timeout=timeout)


def test_set_aside_never_overwrites_when_every_numbered_name_of_the_second_is_taken(
        monkeypatch, tmp_path):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path))
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20260101-120000")
    folder = userdirs.data_dir() / savefiles.SET_ASIDE
    folder.mkdir(parents=True)
    for i in range(1000):
        tail = f"-{i}" if i else ""
        (folder / f"autosave-20260101-120000{tail}.json").write_text(f"kept {i}")
    src = userdirs.data_dir() / "autosave.json"
    src.write_text("the newest")
    moved = savefiles.set_aside(src)
    assert moved is not None and moved.read_text() == "the newest"
    assert (folder / "autosave-20260101-120000-999.json").read_text() == "kept 999"
    assert len(list(folder.iterdir())) == 1001


def test_stale_temporary_files_of_ours_are_cleaned_and_nothing_else(tmp_path):
    old = time.time() - 2 * atomic.STALE_AFTER
    ours_old = [tmp_path / ".statistics.json.ab12cd_9.tmp", tmp_path / ".x.png.tmp"]
    ours_new = tmp_path / ".autosave.json.zz99yy00.tmp"
    theirs = [tmp_path / "notes.tmp", tmp_path / ".hidden", tmp_path / "save.json"]
    for p in [*ours_old, ours_new, *theirs]:
        p.write_text("x")
    for p in [*ours_old, *theirs]:
        os.utime(p, (old, old))
    link = tmp_path / ".link.json.abcdefgh.tmp"
    link.symlink_to(theirs[2])
    os.utime(link, (old, old), follow_symlinks=False)
    removed = atomic.clean_stale_temps(tmp_path)
    assert sorted(removed) == sorted(ours_old)
    assert ours_new.exists() and all(p.exists() for p in theirs) and os.path.lexists(link)


def test_the_game_cleans_stale_temporary_files_when_it_starts(tmp_path):
    home = tmp_path / "home"
    saves = home / "data" / "saves"
    saves.mkdir(parents=True)
    stale = saves / ".Game-1-0123456789.json.k3j4h5g6.tmp"
    stale.write_text("half a save")
    old = time.time() - 2 * atomic.STALE_AFTER
    os.utime(stale, (old, old))
    done = _solemio(home, extra={"SOLEMIO_STARTUP_PROBE": "1"}, timeout=600)
    assert "TITLE_DRAWN" in done.stdout, done.stderr
    assert not stale.exists()


WRITER = textwrap.dedent('''
    import sys
    from types import SimpleNamespace
    from solemio import stats, named_saves
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig

    who = sys.argv[1]
    cs = load_cardset("sole-mio")
    game = SimpleNamespace(is_over=lambda: True, cs=cs, colours=["blue", "green"],
                           view=lambda seat: SimpleNamespace(winners=[0]),
                           scores=lambda: [3, 2])
    seats = [SeatConfig(who, "blue", person=True), SeatConfig("Bot", "green", person=False)]
    sess = GameSession(cs, seats, 5)
    for i in range(200):
        assert stats.add_game(game, seats) is not None
        if i % 10 == 0:
            named_saves.save_named(sess, f"{who} {i}")
    print("done")
''')


def test_two_processes_writing_statistics_and_saves_at_once_lose_nothing(tmp_path):
    home = tmp_path / "home"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, who], cwd=ROOT, env=_env(home),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for who in ("Anna", "Paolo")]
    outs = [p.communicate(timeout=900) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    os.environ["SOLEMIO_HOME"], before = str(home), os.environ["SOLEMIO_HOME"]
    try:
        kept = stats.load()
        from solemio import named_saves

        names = sorted(s.name for s in named_saves.list_saves())
    finally:
        os.environ["SOLEMIO_HOME"] = before
    assert len(kept.games) == 400
    assert len(kept.of("Anna").games) == 200 and len(kept.of("Paolo").games) == 200
    assert names == sorted(f"{who} {i}" for who in ("Anna", "Paolo") for i in range(0, 200, 10))


def test_a_second_window_says_the_game_is_running_and_exits(tmp_path):
    from solemio import filelock

    home = tmp_path / "home"
    lock = home / "state" / "running.lock"
    held = filelock.try_lock(lock)  # as a first running window holds it
    assert held is not None
    try:
        done = _solemio(home, extra={"SOLEMIO_STARTUP_PROBE": "1"}, timeout=600)
    finally:
        filelock.release(held)
    assert done.returncode == 0 and "TITLE_DRAWN" not in done.stdout, done
    said = [line for line in done.stderr.splitlines() if "already running" in line]
    assert len(said) == 1 and "Traceback" not in done.stderr, done.stderr
    # The lock dies with its holder: the next start opens the window.
    done = _solemio(home, extra={"SOLEMIO_STARTUP_PROBE": "1"}, timeout=600)
    assert "TITLE_DRAWN" in done.stdout, done.stderr


def _players_files(home: Path) -> dict[Path, bytes]:
    """A player's statistics and autosave, and their bytes."""
    os.environ["SOLEMIO_HOME"], before = str(home), os.environ["SOLEMIO_HOME"]
    try:
        stats.save(stats.Statistics())
        from solemio.engine import load_cardset
        from solemio.show.host import GameSession, SeatConfig, autosave_path

        sess = GameSession(load_cardset("sole-mio"),
                           [SeatConfig("Anna", "blue", person=True),
                            SeatConfig("Bot", "green", person=False)], 7)
        sess.autosave()
        paths = [stats.stats_path(), autosave_path()]
    finally:
        os.environ["SOLEMIO_HOME"] = before
    return {p: p.read_bytes() for p in paths}


def test_the_tools_never_touch_the_players_statistics_or_autosave(tmp_path):
    home = tmp_path / "home"
    files = _players_files(home)
    records = tmp_path / "recs"
    assert _solemio(home, "simulate", "--games", "3", "--players", "3", "--record",
                    str(records)).returncode == 0
    record = sorted(records.glob("*.json"))[0]
    assert _solemio(home, "arena", "--edition", "sole-mio", "--seats", "random,easy",
                    "--games", "2", "--processes", "1").returncode == 0
    assert _solemio(home, "review", str(record), "--seat", "0",  # grading briefly
                    "--iterations", "2").returncode == 0
    assert _solemio(home, "replay", "--check", str(record)).returncode == 0
    for path, raw in files.items():
        assert path.read_bytes() == raw, path
    assert not (home / "data" / "records").exists() or \
        not list((home / "data" / "records").glob("*.json"))


@pytest.mark.slow
def test_the_selftest_never_touches_the_players_statistics_or_autosave(tmp_path):
    home = tmp_path / "home"
    files = _players_files(home)
    assert _solemio(home, "--selftest", timeout=600).returncode == 0
    for path, raw in files.items():
        assert path.read_bytes() == raw, path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_check_on_a_fifo_is_one_line_and_does_not_hang(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _solemio(tmp_path / "home", "replay", "--check", str(fifo), timeout=300)
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert "Traceback" not in done.stderr


def test_screenshots_into_an_unwritable_place_is_one_line_and_exit_2(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    for out in (a_file, a_file / "shots"):  # unwritable for anyone, root included
        done = _solemio(tmp_path / "home", "screenshots", "--out", str(out), timeout=300)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
        assert str(out) in done.stderr
    assert a_file.read_text() == "not a folder"


def test_a_statistics_count_of_4000_digits_is_set_aside_not_an_overflow(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path))
    line = {"when": "2026-01-01 10:00", "edition": "sole-mio", "edition_name": "Sole Mio!",
            "seats": 2, "level": "easy", "won": True, "filled": 10**3999, "player": ""}
    raw = json.dumps({"format": stats.FORMAT, "version": 3, "games": [line],
                      "estimates": []})
    stats.stats_path().write_text(raw)
    assert stats.load().games == []
    [notice] = savefiles.pending()
    assert notice.what == "statistics" and notice.moved_to.read_text() == raw


def test_the_measuring_command_reports_wall_time_and_resident_memory():
    """build/hostile_player_files.py is where the corpus's wall seconds and resident
    memory are measured (a busy machine would make them flaky as asserts): it runs."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "hostile_player_files_cmd", Path(__file__).parent.parent / "build" /
        "hostile_player_files.py")
    cmd = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cmd)
    (row,) = cmd.measure("settings-fifo")
    assert row["case"] == "settings-fifo"
    assert "Your settings could not be opened" in row["said"], row
    assert 0 < row["wall_s"] < 60 and 0 < row["peak_mb"] < 300
