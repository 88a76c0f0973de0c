"""The coach: why a seat's orders failed in a finished game, and what would have worked.

* :mod:`solemio.coach.timeline`: a game's choices replayed into turns, ovens and reveals;
* :mod:`solemio.coach.whatif`: a round's reveal replayed with an order moved;
* :mod:`solemio.coach.analysis`: the facts about one seat (failed and unplayed orders);
* :mod:`solemio.coach.words`: those facts in words, for ``solemio review`` and the window.

Pure Python: no pygame.  ``run_review`` is what the command line and the window call.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.coach.analysis import Review, review
from solemio.coach.timeline import Source, build_timeline


@dataclass
class Outcome:
    review: Review
    figures: dict[str, Any] = field(default_factory=dict)
    graded: list[Any] = field(default_factory=list)  # every significant loss, costliest first
    every: list[tuple[int, float, float]] = field(default_factory=list)  # (index, loss, se)


def run_review(game: Any, seat: int, path: Path | None = None, grade: bool = False,
               cancel: Any = None, progress: Any = None, iterations: int | None = None,
               seed: int = 0, on_review: Any = None) -> Outcome:
    """The coach's review of ``seat`` in a finished game (a record's), with its timings.

    ``grade``: also grade the seat's decisions (``cancel``, a threading.Event, stops it;
    ``progress(fraction)`` is told how far it is; the grades are kept in the record at
    ``path``; ``iterations``: play-outs per move compared, ``seed``: which re-deals).
    ``on_review(review)`` is told the facts before the grading begins."""
    from solemio.coach import grading

    iterations = iterations or grading.DEFAULT_ITERATIONS
    w0, c0 = time.perf_counter(), time.process_time()
    tl = build_timeline(Source.of_game(game))
    rv = review(tl, seat)
    figures = {"analysis_wall_s": round(time.perf_counter() - w0, 3),
               "analysis_cpu_s": round(time.process_time() - c0, 3),
               "turns": len(tl.turns), "failed": len(rv.failed), "unplayed": len(rv.unplayed)}
    if on_review is not None:
        on_review(rv)
    if not grade:
        return Outcome(rv, figures)
    w0, c0 = time.perf_counter(), time.process_time()
    every: list[tuple[int, float, float]] = []
    found = grading.cached(path, seat, iterations, seed)
    figures["grading_cached"] = found is not None
    if found is None:
        found = grading.grade(tl, seat, iterations, seed, cancel, progress, every)
        if found is None:  # cancelled
            return Outcome(rv, figures)
        grading.keep(path, seat, iterations, seed, found)
    rv.mistakes = found[:grading.KEEP]
    rv.graded = True
    out = Outcome(rv, figures, found, every)
    figures.update({"grading_wall_s": round(time.perf_counter() - w0, 3),
                    "grading_cpu_s": round(time.process_time() - c0, 3),
                    "iterations": iterations, "significant": len(found),
                    "graded_decisions": sum(1 for d in tl.decisions if d.seat == seat and
                                            d.kind in grading.GRADED and d.n_choices > 1)})
    return out


__all__ = ["Outcome", "Review", "run_review"]
