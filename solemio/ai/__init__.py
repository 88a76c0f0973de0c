"""Computer opponents: random, easy, normal and hard, and the arena that measures them.

An agent sees only its seat's view and the events redacted for it (see
``solemio.ai.base``).  ``make_agent`` is the one entry point the window and
the command line need; ``solemio.ai.arena.main`` is ``solemio arena``.
"""

from __future__ import annotations

from typing import Any

from solemio.ai.base import Agent, Cancelled, RandomAgent, Searcher

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "tally")
"""Every level ``make_agent`` knows.  ``tally`` is the arena's fixed yardstick
(see ``solemio.ai.tally``); the window offers only easy, normal and hard."""


def make_agent(level: str, seat: int = 0, seed: int = 0, **options: Any) -> Agent:
    """A computer seat of ``level`` for ``seat``.

    Options for hard: ``budget_ms`` (thinking time per decision, default
    1000) or ``iterations`` (a fixed number of play-outs, for exact
    reproduction), and ``workers``: play-out processes (1, the default: in
    the calling process; 0: every core, see ``solemio.ai.workers``), and
    ``clock``: what ``budget_ms`` counts, ``"wall"`` (default) or ``"cpu"``
    (the searching thread's CPU time: measurement on a loaded machine).
    Unknown levels raise ValueError.
    """
    from solemio.ai.heuristic import EASY, NORMAL, HeuristicAgent

    if level == "random":
        return RandomAgent(seat, seed, **options)
    if level == "easy":
        agent = HeuristicAgent(seat, seed, style=EASY, **options)
        agent.level = "easy"
        return agent
    if level == "normal":
        agent = HeuristicAgent(seat, seed, style=NORMAL, **options)
        agent.level = "normal"
        return agent
    if level == "tally":
        from solemio.ai.tally import TallyAgent

        return TallyAgent(seat, seed, **options)
    if level == "hard":
        from solemio.ai.search import HardAgent

        if options.get("workers") == 0:
            from solemio.ai.workers import default_workers

            options = {**options, "workers": default_workers()}
        return HardAgent(seat, seed, **options)
    raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")


__all__ = ["Agent", "Cancelled", "LEVELS", "RandomAgent", "Searcher", "make_agent"]
