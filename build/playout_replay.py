"""Hard's play-outs alone: capture the searches of one fixed game, replay them, time them.

``build/playout_speed.py`` times whole games, where a run's CPU time drifts by
a quarter on the shared machine.  This script plays the first ``--searches``
searches of one fixed game (hard with 8 play-outs a decision at seat 0
against 3 normal as recorded, seed 9100), keeps every play-out's re-dealt
sample, then replays them (``playout.iteration_row``) ``--reps`` times and
prints the best CPU time per play-out and a digest of the rows (two trees
with the same answers print the same digest).  For instruction counts, which
a loaded machine does not change, run it twice under valgrind and subtract:

    valgrind --tool=callgrind python build/playout_replay.py sole-mio --searches 2 --reps 0 --capture-only
    valgrind --tool=callgrind python build/playout_replay.py sole-mio --searches 2 --reps 0

(the second replays the play-outs once more; divide the difference by 8 x searches).
Run it with ``PYTHONPATH`` set to the tree to measure and ``PYTHONHASHSEED=0``.

With ``--reps 0`` the play-outs are replayed once, with the play-out policies the
capture left behind: their fold graphs (``playout._Fold``) already hold every
step the capture computed, so the replay measures the play-outs without building
those steps (``--reps N`` replays N more times, each with fresh policies, as a
search in a new position starts).  ``--callgrind`` runs those reps inside
``functools.reduce``, so callgrind collects them alone, in one run:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \
        python build/playout_replay.py sole-mio --searches 2 --reps 1 --callgrind

(divide "Collected" by 8 x searches x reps).

Hard plays with the order timing it had when these measurements began
(``search.CAREFUL_HARD``; before ``ea2ec90`` that was hard's own timing, and a
tree without ``CAREFUL_HARD`` gets the ``RECORDED`` fields), so every tree
plays the same game.  A tree from before the play-outs had a module of their
own (``862e49f``) has ``iteration_row`` and the policies in ``solemio.ai.search``:
the script finds them there.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import sys
import time
from dataclasses import fields, replace

from solemio.ai import heuristic, make_agent, search
from solemio.engine import Game, load_cardset, new_game

try:
    from solemio.ai import playout
except ImportError:  # a tree from before solemio/ai/playout.py (862e49f): all in search
    playout = search

RECORDED = {"lost_trust": 1.0, "threshold": 0.7, "kept_threshold": 0.6,
            "near_miss_value": 0.0, "near_miss2_value": 0.0}  # as build/playout_speed.py


def recorded_style(base: heuristic.Style) -> heuristic.Style:
    """``base`` with the ``RECORDED`` fields this tree's ``Style`` has."""
    have = {f.name for f in fields(heuristic.Style)}
    return replace(base, **{k: v for k, v in RECORDED.items() if k in have})


def hard_style() -> heuristic.Style:
    """Hard's order timing as the measurements began: ``search.CAREFUL_HARD``."""
    careful = getattr(search, "CAREFUL_HARD", None)
    return careful if careful is not None else recorded_style(search.HARD)


def capture(edition: str, searches: int) -> list[tuple[Game, dict, int]]:
    """The samples, specs and iteration numbers of the first ``searches`` searches."""
    captured: list[tuple[Game, dict, int]] = []
    real = search.iteration_row

    def keep(sample: Game, spec: dict, it: int, stale):  # noqa: ANN001 - iteration_row's
        if len(captured) < searches * 8:
            captured.append((sample.clone(), spec, it))
        return real(sample, spec, it, stale)

    search.iteration_row = keep
    try:
        cs = load_cardset(edition)
        seed = 9100
        game = new_game(cs, ["blue", "green", "brown", "red"], seed=seed)
        style = recorded_style(heuristic.NORMAL)
        agents = [make_agent("hard", 0, seed, iterations=8, style=hard_style())] + [
            heuristic.HeuristicAgent(s, seed + s, style=style) for s in range(1, 4)]
        while not game.is_over() and len(captured) < searches * 8:
            game.apply(agents[game.current_seat()].decide(game))
    finally:
        search.iteration_row = real
    return captured


def replay(captured: list[tuple[Game, dict, int]]) -> list:
    return [playout.iteration_row(sample, spec, it, lambda: False) for sample, spec, it in captured]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("edition")
    ap.add_argument("--searches", type=int, default=20)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--capture-only", action="store_true")
    ap.add_argument("--callgrind", action="store_true",
                    help="run the reps inside functools.reduce (callgrind --toggle-collect=functools_reduce)")
    args = ap.parse_args()
    captured = capture(args.edition, args.searches)
    if args.capture_only:
        return 0
    rows = replay(captured)

    def reps(best: float | None, _: int) -> float | None:
        for _ in range(args.reps):
            playout._POLICIES.clear()  # noqa: SLF001 - each run starts with fresh play-out policies
            t0 = time.thread_time()
            again = replay(captured)
            t = time.thread_time() - t0
            if again != rows:
                raise SystemExit("the replayed play-outs gave other values")
            best = t if best is None else min(best, t)
        return best

    best = functools.reduce(reps, [0], None) if args.callgrind else reps(None, 0)
    out = {"edition": args.edition, "playouts": len(captured),
           "rows": hashlib.sha256(repr(rows).encode()).hexdigest()[:12]}
    if best:
        out["ms_per_playout"] = round(1000 * best / len(captured), 3)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
