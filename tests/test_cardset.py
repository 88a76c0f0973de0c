"""Card sets: the shipped editions load, and every kind of mistake is named with its line."""

from pathlib import Path

import pytest

from solemio.cli import main
from solemio.engine import SourceError, list_cardsets, load_cardset
from solemio.engine import events as E
from solemio.engine.cardset import load_cardset_file
from solemio.resources import resource_path

SOLE_MIO = resource_path("cardsets", "sole-mio.yaml").read_text(encoding="utf-8")


def test_editions_have_the_rulebook_contents():
    sm, mm, gr = (load_cardset(e) for e in ("sole-mio", "mamma-mia", "grande"))
    assert (sm.singles, sm.doubles, sm.rounds, sm.help) == (9, 2, 2, True)
    assert (mm.singles, mm.doubles, mm.rounds, mm.help) == (13, 0, 3, False)
    assert (gr.singles, gr.doubles, gr.rounds, gr.unfilled) == (12, 2, 3, "out-of-game")
    assert len(sm.orders_for("red")) == 11
    assert len(mm.orders_for("red")) == 8
    assert set(gr.orders_for("red")) == set(sm.orders_for("red")) | set(mm.orders_for("red"))
    assert "four-salami" not in sm.orders_for("red")  # never the owner's own kind
    assert (sm.hand_ingredients, sm.hand_orders) == (5, 2)
    assert (mm.hand_ingredients, mm.hand_orders) == (6, 1)
    assert sm.removals == {4: (1, 0), 3: (1, 1), 2: (3, 1)}
    assert mm.removals == {4: (1, 0), 3: (3, 0), 2: (5, 0)}
    assert gr.removals == {4: (1, 0), 3: (1, 1), 2: (4, 1)}


def test_editions_are_listed_first():
    ids = [e.id for e in list_cardsets()]
    assert ids[:3] == ["sole-mio", "mamma-mia", "grande"]


def _write(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _error(tmp_path: Path, text: str) -> SourceError:
    with pytest.raises(SourceError) as info:
        load_cardset_file(_write(tmp_path, text))
    return info.value


def _line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


@pytest.mark.parametrize(
    ("old", "new", "needle", "words"),
    [
        ("type: show", "type: peek", "type: peek", "unknown order type 'peek'"),
        ('needs: {"{kind}": 4}', 'needs: {"{kind}": 4, anchovy: 1}', "anchovy",
         "unknown kind 'anchovy'"),
        ("orders_per_colour: 11", "orders_per_colour: 12", "orders_per_colour",
         "orders_per_colour is 12"),
        ("    min_units: 2", "    min_units: 2\n    colour: red", "colour: red",
         "unknown field 'colour'"),
        ("    units: 2\n    own: false", "    units: 2", "id: two-each",
         "missing field 'own'"),
        ("  singles: 9", "  singles: nine", "singles: nine", "must be a whole number"),
        ("rounds: 2", "rounds: -1", "rounds: -1", "rounds must be"),
        ("    3: {singles: 1, doubles: 1}", "    3: {singles: 1, doubles: 5}", "doubles: 5",
         "between 0 and 2"),
        ("  unfilled_order: under-stack", "  unfilled_order: burn", "unfilled_order",
         "unfilled_order must be one of"),
    ],
)
def test_broken_cardset_names_file_line_and_problem(tmp_path, old, new, needle, words):
    assert old in SOLE_MIO
    text = SOLE_MIO.replace(old, new, 1)
    err = _error(tmp_path, text)
    assert err.file.endswith("house.yaml")
    assert words in err.problem, err.problem
    assert err.line == _line_of(text, needle), (str(err), needle)
    assert str(err).startswith(f"{err.file}:{err.line}: ")


def test_yaml_syntax_error_has_a_line(tmp_path):
    err = _error(tmp_path, "id: x\nname: [unclosed\nrounds: 2\n")
    assert err.line is not None and "not valid YAML" in err.problem


def test_duplicate_key_is_refused(tmp_path):
    err = _error(tmp_path, SOLE_MIO.replace("rounds: 2", "rounds: 2\nrounds: 3"))
    assert "duplicate key 'rounds'" in err.problem


def test_house_variant_is_listed_and_playable(tmp_path, monkeypatch):
    from solemio.engine.simulate import play_random_game
    from solemio.userdirs import user_cardsets_dir

    text = SOLE_MIO.replace("id: sole-mio", "id: three-rounds").replace(
        "name: Sole Mio!", "name: Sole Mio! marathon").replace("rounds: 2", "rounds: 3")
    path = user_cardsets_dir() / "three-rounds.yaml"
    path.write_text(text, encoding="utf-8")
    broken = user_cardsets_dir() / "broken.yaml"
    broken.write_text("id: [", encoding="utf-8")
    try:
        entries = {e.id: e for e in list_cardsets()}
        assert entries["three-rounds"].error is None
        assert entries["broken"].error and "broken.yaml:1" in entries["broken"].error
        cs = load_cardset("three-rounds")
        game = play_random_game(cs, 3, seed=4, record_events=True)
        assert game.is_over()
        assert sum(1 for e in game.events_for(None) if e["type"] == E.ROUND_END) == 3
    finally:
        path.unlink()
        broken.unlink()


def test_validate_command(tmp_path, capsys):
    good = resource_path("cardsets", "grande.yaml")
    bad = _write(tmp_path, SOLE_MIO.replace("type: show", "type: peek"))
    assert main(["validate", str(good)]) == 0
    assert main(["validate", str(good), str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:{_line_of(SOLE_MIO, 'type: show')}: unknown order type 'peek'" in err
    assert "Traceback" not in err


def test_missing_file_is_reported(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.yaml")]) == 2
    assert "file not found" in capsys.readouterr().err
