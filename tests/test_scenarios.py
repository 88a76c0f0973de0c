"""Every scenario under tests/scenarios/ passes; a malformed one names file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from solemio.engine.scenario import run_scenario
from solemio.engine.yamlsource import SourceError

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


def test_there_are_scenarios() -> None:
    names = {p.name[:5] for p in SCENARIOS}
    assert {f"sm-{i:02d}" for i in range(1, 12)} <= names
    assert {"mm-01", "mm-02", "mm-03"} <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, f"{result.name}\n" + "\n".join(result.failures)


GOOD_START = """\
name: broken
edition: sole-mio
seats: [blue, green]
setup:
  start: reveal
"""


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (GOOD_START + "  oven: [green:four-green]\n", 6, "no order"),
        (GOOD_START + "  hands: {1: [olive, banana]}\n", 6, "banana"),
        (GOOD_START + "  colums: [olive]\n", 6, "unknown field"),
        (GOOD_START.replace("sole-mio", "no-such-edition"), 2, "edition"),
        (GOOD_START + "expect:\n  filled: {0: []}\n  hands: {7: []}\n", 8, "seat 7"),
        (GOOD_START + "script:\n  - {seat: 0, chose: [give-up]}\n", 7, "unknown field"),
        (GOOD_START + "  oven: [olive\n", None, "YAML"),
        (GOOD_START + "  hands: {0: [olive, 'green:four-salami']}\n", 6, "cannot hold green's order"),
        (GOOD_START + "  stacks: {1: ['blue:four-salami']}\n", 6, "cannot hold blue's order"),
    ],
    ids=["unknown-order", "unknown-card", "unknown-key", "unknown-edition", "unknown-seat",
         "unknown-step-key", "bad-yaml", "foreign-order-in-hand", "foreign-order-in-stack"],
)
def test_malformed_scenario(tmp_path: Path, text: str, line: int | None, words: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(SourceError) as info:
        run_scenario(path)
    err = info.value
    assert err.file == str(path)
    if line is not None:
        assert err.line == line, str(err)
    else:
        assert err.line, str(err)
    assert words in str(err), str(err)
    assert f"{path}:{err.line}" in str(err)


def test_malformed_scenario_cli(tmp_path: Path) -> None:
    import sys
    from subprocess import run

    path = tmp_path / "broken.yaml"
    path.write_text(GOOD_START + "  colums: [olive]\n")
    proc = run([sys.executable, "-m", "solemio", "scenario", str(path)], capture_output=True,
               text=True)
    assert proc.returncode == 2
    assert f"{path}:6" in proc.stdout + proc.stderr
