"""Who the play-outs' opponents are: the light stand-in, or the rules of thumb where the
budget lets the model matter more than the count (docs/measurements/issue-26)."""

from __future__ import annotations

import pytest

from solemio.ai import make_agent, playout, search
from solemio.engine import load_cardset, new_game


@pytest.mark.parametrize(("cardset", "budget_ms", "iterations", "expected"), [
    ("sole-mio", 100.0, None, "light"),      # the arena's 100 ms: the count matters more
    ("sole-mio", 499.0, None, "light"),
    ("sole-mio", 500.0, None, "rules"),
    ("sole-mio", 1000.0, None, "rules"),     # the window's default
    ("sole-mio", 1000.0, 20, "light"),       # a counted search goes by its count
    ("sole-mio", 100.0, 40, "rules"),
    ("mamma-mia", 1000.0, None, "light"),    # not measured there: as before
    ("mamma-mia", 100.0, 100, "light"),
    ("grande", 100.0, None, "rules"),        # always, at any budget
    ("grande", 1000.0, 8, "rules"),
])
def test_opponents_by_edition_and_budget(cardset: str, budget_ms: float, iterations: int | None,
                                         expected: str) -> None:
    assert playout.opponents_for(cardset, budget_ms, iterations) == expected


@pytest.mark.parametrize(("iterations", "expected"), [(8, "light"), (48, "rules")])
def test_a_sole_mio_search_gives_its_play_outs_the_budgets_opponents(
        monkeypatch: pytest.MonkeyPatch, iterations: int, expected: str) -> None:
    """The search itself hands the choice to its play-outs (not only the function above)."""
    seen: list[str] = []
    real = search.iteration_row

    def spy(sample, spec, it, stale):  # noqa: ANN001 - iteration_row's
        seen.append(spec["opponents"])
        return real(sample, spec, it, stale)

    monkeypatch.setattr(search, "iteration_row", spy)
    cs = load_cardset("sole-mio")
    game = new_game(cs, ["blue", "green", "brown", "red"], seed=11)
    agents = [make_agent("hard", s, 11 + s, iterations=iterations) if s == 0
              else make_agent("normal", s, 11 + s) for s in range(4)]
    while not seen and not game.is_over():
        game.apply(agents[game.current_seat()].decide(game))
    assert seen and set(seen) == {expected}
