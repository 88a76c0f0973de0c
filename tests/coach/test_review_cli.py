"""``solemio review RECORD --seat N [--json]``: text, JSON, and one line for bad input."""

from __future__ import annotations

import json

import pytest

from solemio import records, savefiles
from solemio.cli import main
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    savefiles.dismiss()


@pytest.fixture
def record(tmp_path):
    game = play_random_game(load_cardset("sole-mio"), 4, 5, record_events=True)
    seats = [{"name": f"P{i}", "colour": c, "person": i == 0, "level": "normal"}
             for i, c in enumerate(game.colours)]
    return records.save_record(game, seats, tmp_path)


def test_json_lists_failed_and_unplayed_orders_and_mistakes(record, capsys) -> None:
    assert main(["review", str(record), "--seat", "0", "--json", "--iterations", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"failed_orders", "unplayed_orders", "mistakes"}
    game, _seats, _extra = records.open_record(record)
    failed = [e for e in game.events_for(None) if e["type"] == E.FAILED and e["seat"] == 0]
    assert len(data["failed_orders"]) == len(failed)  # one entry per failed order
    for entry in data["failed_orders"]:
        for key in ("order", "round", "played_turn", "reason", "columns_at_reveal",
                    "taken_by", "would_fill_at_turns"):
            assert key in entry
    unplayed = [f for f in game.hand_faces(0) if f[0] == game.colours[0]]
    assert [tuple(u["order"]) for u in data["unplayed_orders"]] == unplayed
    for m in data["mistakes"]:
        assert set(m) >= {"turn", "decision", "chosen", "better", "loss"}


def test_text_for_people_in_their_language(record, capsys) -> None:
    assert main(["review", str(record), "--seat", "0", "--no-grade"]) == 0
    english = capsys.readouterr().out
    assert english.startswith("P0: ")
    assert main(["review", str(record), "--seat", "0", "--lang", "it", "--no-grade"]) == 0
    italian = capsys.readouterr().out
    assert italian.startswith("P0: ") and italian != english


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"solemio-save\", \"version\": 99}",
                                     b"\x00garbage", b"[]"])
def test_a_broken_record_is_one_line_and_exit_code_2(tmp_path, capsys, content) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert main(["review", str(bad), "--seat", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert bad.read_bytes() == content


def test_a_seat_that_is_not_in_the_game(record, capsys) -> None:
    assert main(["review", str(record), "--seat", "4"]) == 2
    with pytest.raises(SystemExit) as exc:  # argparse's usage error: one line, code 2
        main(["review", str(record), "--seat", "x"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2
