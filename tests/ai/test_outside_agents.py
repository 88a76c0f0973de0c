"""Outside agents (``file:PATH:CLASS``): loading, the arena's one-line errors, and the example bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solemio.ai.arena import main
from solemio.ai.outside import OutsideAgentError, display_name, load_agent_class

ROOT = Path(__file__).resolve().parents[2]
BOTS = Path(__file__).resolve().parent / "bots"
EXAMPLE = f"file:{ROOT / 'examples' / 'bots' / 'counting_bot.py'}:CountingBot"


def spy(name: str = "SpyBot", file: str = "spy_bot.py") -> str:
    return f"file:{BOTS / file}:{name}"


@pytest.mark.parametrize("edition", ["sole-mio", "grande", "mamma-mia"])
def test_example_bot_beats_random_players(edition: str, capsys) -> None:
    """The documented example runs in the arena and is reported under its own name."""
    rc = main(["--edition", edition, "--seats", f"{EXAMPLE},random,random,random", "--games", "12",
               "--seed", "3", "--processes", "1", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["levels"]) == {"random", "file:counting_bot.py:CountingBot"}
    mine = out["levels"]["file:counting_bot.py:CountingBot"]
    assert mine["seats"] == 12
    assert mine["win_share"] > out["levels"]["random"]["win_share"]


def test_outside_agents_load_in_worker_processes(capsys) -> None:
    """--processes: every spawned process imports the file itself; the results are the same."""
    argv = ["--edition", "mamma-mia", "--seats", f"{EXAMPLE},normal,{spy()}", "--games", "4",
            "--seed", "8", "--json"]
    assert main([*argv, "--processes", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert main([*argv, "--processes", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert set(two["levels"]) == {"normal", "file:counting_bot.py:CountingBot", "file:spy_bot.py:SpyBot"}
    for name, d in one["levels"].items():
        assert two["levels"][name]["win_share"] == d["win_share"]
        assert two["levels"][name]["filled_mean"] == d["filled_mean"]


def test_relative_path_from_the_working_directory(monkeypatch, capsys) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["--edition", "sole-mio", "--seats",
                 "file:examples/bots/counting_bot.py:CountingBot,random", "--games", "2",
                 "--processes", "1", "--json"]) == 0
    assert "file:counting_bot.py:CountingBot" in json.loads(capsys.readouterr().out)["levels"]


@pytest.mark.parametrize(("seat", "words"), [
    ("file:/no/such/dir/bot.py:Bot", "no such file"),
    (spy("Nobody"), "no class 'Nobody'"),
    (spy("NotAnAgent"), "not a solemio.ai.base.Agent subclass"),
    (spy("NOT_A_CLASS"), "not a solemio.ai.base.Agent subclass"),
    (spy("Explodes"), "building it failed: RuntimeError: no table for me"),
    (spy("Bot", "broken_import.py"), "importing it failed: ImportError"),
    (f"file:{BOTS / 'spy_bot.py'}", "write an outside agent as file:PATH:CLASS"),
    (spy("Spy-Bot"), "'Spy-Bot' is not a class name"),
    ("file:", "file:PATH:CLASS"),
])
def test_bad_outside_agent_is_one_line_exit_2(seat: str, words: str, capsys) -> None:
    rc = main(["--edition", "sole-mio", "--seats", f"{seat},random", "--games", "2", "--processes", "1"])
    assert rc == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err, err


@pytest.mark.parametrize(("name", "words"), [
    ("Cheats", "answered ('order', 'the-best-one'), not a legal"),
    ("Crashes", "failed to decide 'play': KeyError"),
])
def test_misbehaving_agent_in_a_game_is_one_line_exit_2(name: str, words: str, capsys) -> None:
    rc = main(["--edition", "sole-mio", "--seats", f"{spy(name)},random", "--games", "2",
               "--processes", "1"])
    assert rc == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err and f"file:spy_bot.py:{name}" in err, err


def test_loader_checks_and_names() -> None:
    assert load_agent_class(spy()).__name__ == "SpyBot"
    assert load_agent_class(spy()) is load_agent_class(spy())  # imported once per process
    assert display_name(spy()) == "file:spy_bot.py:SpyBot"
    with pytest.raises(OutsideAgentError):
        load_agent_class(spy("Nobody"))
