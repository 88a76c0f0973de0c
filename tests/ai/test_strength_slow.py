"""Strength checks (long: run with ``pytest -m slow``); the full-size runs are in docs/ai.md."""

from __future__ import annotations

import pytest

from solemio.ai.arena import run


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia", "grande"])
def test_normal_beats_random(edition: str) -> None:
    s = run(edition, ["normal", "random", "random", "random"], 400, 5, None, {})
    assert s["levels"]["normal"]["win_share"] >= 0.6
    assert s["levels"]["normal"]["decision_ms_p95"] <= 20


@pytest.mark.slow
def test_easy_loses_to_normal() -> None:
    s = run("sole-mio", ["easy", "normal", "normal", "normal"], 400, 6, None, {})
    assert s["levels"]["easy"]["win_share"] <= 0.2


@pytest.mark.slow
def test_hard_beats_normal() -> None:
    s = run("sole-mio", ["hard", "normal", "normal", "normal"], 60, 7, None, {"budget_ms": 100})
    assert s["levels"]["hard"]["win_share"] >= 0.3
