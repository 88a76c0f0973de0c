"""Game records: kept, listed, exported and opened again; the command line writes and checks them."""

from __future__ import annotations

import json

import pytest

from solemio import records, savefiles
from solemio.cli import main
from solemio.engine import load_cardset
from solemio.engine.saves import SaveError
from solemio.engine.simulate import play_random_game


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


def _seats(game):
    return [{"name": f"P{i}", "colour": c, "person": i == 0, "level": "normal"}
            for i, c in enumerate(game.colours)]


def test_a_record_is_kept_listed_exported_and_opened_again(tmp_path):
    game = play_random_game(load_cardset("mamma-mia"), 3, 9, record_events=True)
    path = records.save_record(game, _seats(game))
    assert path.parent == records.records_dir()
    data = json.loads(path.read_text())
    assert data["format"] == "solemio-save" and data["extra"]["kind"] == "record"
    [info] = records.list_records()
    assert info.path == path and info.names == ("P0", "P1", "P2")
    assert list(info.winners) == list(game.view(None).winners)
    out = records.export_record(path, tmp_path / "mine.json")
    assert out.read_bytes() == path.read_bytes()
    again, seats, extra = records.open_record(out)
    assert again.choices_log == game.choices_log and seats == _seats(game)
    assert again.view(None).winners == game.view(None).winners


def test_only_a_finished_game_is_a_record(tmp_path):
    from solemio.engine import new_game
    from solemio.engine.saves import save_game

    game = new_game(load_cardset("sole-mio"), ["blue", "green"], 4)
    with pytest.raises(ValueError):
        records.save_record(game, _seats(game))
    save_game(game, tmp_path / "unfinished.json")
    with pytest.raises(SaveError) as exc:
        records.open_record(tmp_path / "unfinished.json")
    assert exc.value.problem == "unfinished"


def test_a_file_in_the_records_folder_that_is_not_json_is_set_aside():
    folder = records.records_dir()
    (folder / "junk.json").write_text("{not json")
    assert records.list_records() == []
    [notice] = savefiles.pending()
    assert notice.what == "record" and notice.moved_to.read_text() == "{not json"


def test_simulate_writes_one_record_per_game_and_replay_checks_them(tmp_path, capsys):
    out = tmp_path / "recs"
    assert main(["simulate", "--edition", "grande", "--players", "5", "--games", "3",
                 "--record", str(out), "--json"]) == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    for f in files:
        assert main(["replay", "--check", str(f)]) == 0
        game, seats, _extra = records.open_record(f)
        assert game.is_over() and len(seats) == 5


@pytest.mark.parametrize("content,problem", [
    (b"", "the file is empty"),
    (b"{\"format\": \"solemio-save\", \"version\": 99}", "newer version"),
    (b"\x00\x01garbage", "damaged"),
    (b"[]", "not a Sole Mio! save"),
])
def test_a_broken_record_gives_one_line_and_exit_code_2(tmp_path, capsys, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "Traceback" not in err
    assert bad.read_bytes() == content  # the command line never moves a file


def test_replay_of_a_missing_file_and_a_folder(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert main(["replay", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2


def test_simulate_record_into_a_file_is_refused(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["simulate", "--games", "1", "--record", str(f)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_replay_opens_the_window_on_the_record(tmp_path):
    import os
    import subprocess
    import sys

    game = play_random_game(load_cardset("sole-mio"), 2, 3, record_events=True)
    path = records.save_record(game, _seats(game), tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SOLEMIO_STARTUP_PROBE="1", SOLEMIO_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "-m", "solemio", "replay", str(path)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert "TITLE_DRAWN" in proc.stdout  # the first frame (the replay over the title) drawn


def test_the_records_folder_keeps_the_most_recent_and_logs_what_it_removes(monkeypatch, caplog):
    import logging
    import os

    game = play_random_game(load_cardset("mamma-mia"), 3, 9, record_events=True)
    folder = records.records_dir()
    exported = records.export_record(records.save_record(game, _seats(game), when=1.0e9))
    old = []
    for i in range(6):  # six older records, written one minute apart
        p = records.save_record(game, _seats(game), when=1.0e9 + 60 * (i + 1))
        os.utime(p, (1.0e9 + 60 * (i + 1),) * 2)
        old.append(p)
    first = folder / records.file_name(game, 1.0e9)
    os.utime(first, (1.0e9,) * 2)
    (folder / "notes.txt").write_text("mine")
    aside = folder / "set-aside"
    aside.mkdir(exist_ok=True)
    (aside / "broken.json").write_text("{")
    monkeypatch.setattr(records, "KEEP_RECORDS", 3)
    with caplog.at_level(logging.INFO, logger="solemio.records"):
        newest = records.save_record(game, _seats(game), when=1.0e9 + 3600)
    kept = sorted(p.name for p in folder.glob("*.json"))
    # The new record and the two before it stay; the five older records are gone.
    assert kept == sorted([newest.name, old[-1].name, old[-2].name])
    assert not first.exists() and not any(p.exists() for p in old[:4])
    assert exported.exists() and exported.parent != folder  # an export is never touched
    assert (folder / "notes.txt").exists() and (aside / "broken.json").exists()
    removed = [r.getMessage() for r in caplog.records if "removed the old record" in r.message]
    assert len(removed) == 5 and any(first.name in m for m in removed)


def test_pruning_leaves_a_folder_within_its_limit_and_other_folders_alone(tmp_path):
    game = play_random_game(load_cardset("mamma-mia"), 3, 9, record_events=True)
    for i in range(4):
        records.save_record(game, _seats(game), folder=tmp_path, when=1.0e9 + i)
    assert records.prune_records(tmp_path, limit=4) == []
    assert len(list(tmp_path.glob("*.json"))) == 4
    # save_record into a folder of one's own (simulate --record DIR) never prunes it.
    assert records.KEEP_RECORDS == 500
    assert len(records.prune_records(tmp_path, limit=1)) == 3
