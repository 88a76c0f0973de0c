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


def run_review(game: Any, seat: int, path: Path | None = None) -> Outcome:
    """The coach's review of ``seat`` in a finished game (a record's), with its timings."""
    w0, c0 = time.perf_counter(), time.process_time()
    tl = build_timeline(Source.of_game(game))
    rv = review(tl, seat)
    figures = {"analysis_wall_s": round(time.perf_counter() - w0, 3),
               "analysis_cpu_s": round(time.process_time() - c0, 3),
               "turns": len(tl.turns), "failed": len(rv.failed), "unplayed": len(rv.unplayed)}
    return Outcome(rv, figures)


__all__ = ["Outcome", "Review", "run_review"]
