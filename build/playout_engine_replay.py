"""The engine's part of hard's play-outs alone: every choice a play-out applied, applied again.

``build/playout_replay.py`` replays whole play-outs (the engine and the
play-out policies).  This script captures the same searches (its ``capture``),
replays their play-outs once while recording, per candidate, the re-dealt
sample and every choice applied to the candidate's copy, and then applies those
choices again with the engine alone: ``sample.clone(log=False)``, the
candidate by ``apply``, the rest by ``apply_unchecked``, as a play-out does
(in a tree from before ``apply_unchecked``, such as ``862e49f``, every choice by
``apply`` on a plain copy, as its play-outs did).
It prints the number of play-outs, candidates and choices, a digest of the
final positions (two trees whose engines agree print the same), and either the
best CPU time per play-out (``--reps N``) or, with ``--opcodes``, the Python
bytecodes per play-out of the engine's functions (``sys.settrace``: exact, and
independent of the machine's load; slow).  For instruction counts run it twice
under valgrind and subtract, as ``playout_replay.py`` says:

    valgrind --tool=callgrind python build/playout_engine_replay.py sole-mio --searches 4 --capture-only
    valgrind --tool=callgrind python build/playout_engine_replay.py sole-mio --searches 4 --reps 1

(divide the difference by 8 x searches).  ``PYTHONPATH`` set to the tree to
measure, ``PYTHONHASHSEED=0``.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
import time

import playout_replay  # build/, beside this script

from solemio.ai import search
from solemio.engine.game import Game

try:
    from solemio.ai import playout
except ImportError:  # a tree from before solemio/ai/playout.py: all in search
    playout = search


OLD = not hasattr(Game, "apply_unchecked")  # a tree from before it (862e49f): play-outs apply


def record(captured: list) -> list[tuple[Game, list]]:
    """Per candidate of every captured play-out: its sample and the choices applied to its copy."""
    work: list[tuple[Game, list]] = []
    by_copy: dict[int, list] = {}
    plain_clone, plain_apply = Game.clone, Game.apply
    plain_unchecked = getattr(Game, "apply_unchecked", None)

    def clone(self: Game, *args, **kwargs) -> Game:  # noqa: ANN002, ANN003 - any tree's clone
        g = plain_clone(self, *args, **kwargs)
        if OLD or kwargs.get("log", True) is False:  # a play-out's copy
            by_copy[id(g)] = steps = []
            work.append((self, steps))
            keep.append(g)  # alive, so that its id is its own
        return g

    def apply(self: Game, choice: tuple, seat: int | None = None) -> None:
        steps = by_copy.get(id(self))
        if steps is not None:
            steps.append((True, choice))
        plain_apply(self, choice, seat)

    def apply_unchecked(self: Game, choice: tuple) -> None:
        steps = by_copy.get(id(self))
        if steps is not None:
            steps.append((False, choice))
        plain_unchecked(self, choice)

    keep: list[Game] = []
    Game.clone, Game.apply = clone, apply
    if plain_unchecked is not None:
        Game.apply_unchecked = apply_unchecked
    try:
        playout._POLICIES.clear()  # noqa: SLF001 - fresh policies, as a search starts
        playout_replay.replay(captured)
    finally:
        Game.clone, Game.apply = plain_clone, plain_apply
        if plain_unchecked is not None:
            Game.apply_unchecked = plain_unchecked
    return work


def run(work: list[tuple[Game, list]]) -> list[Game]:
    out = []
    for sample, steps in work:
        g = sample.clone() if OLD else sample.clone(log=False)
        for checked, choice in steps:
            if checked:
                g.apply(choice)
            else:
                g.apply_unchecked(choice)
        out.append(g)
    return out


def opcodes(work: list[tuple[Game, list]]) -> collections.Counter:
    """Bytecodes executed per function (file, name) while ``run`` replays ``work``."""
    count: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):  # noqa: ANN001, ANN202 - sys.settrace's
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            co = frame.f_code
            count[(co.co_filename.rsplit("/", 1)[-1], co.co_name)] += 1
        return tracer

    sys.settrace(tracer)
    try:
        run(work)
    finally:
        sys.settrace(None)
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("edition")
    ap.add_argument("--searches", type=int, default=4)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--capture-only", action="store_true", help="stop after recording (callgrind's base)")
    ap.add_argument("--opcodes", action="store_true", help="count the bytecodes per function instead")
    args = ap.parse_args()
    captured = playout_replay.capture(args.edition, args.searches)
    work = record(captured)
    if args.capture_only:
        return 0
    n = len(captured)
    out: dict = {"edition": args.edition, "playouts": n, "candidates": len(work),
                 "choices": sum(len(steps) for _s, steps in work)}
    if args.opcodes:
        count = opcodes(work)
        out["opcodes_per_playout"] = sum(count.values()) // n
        out["top"] = [[f"{f}:{name}", c // n] for (f, name), c in count.most_common(12)]
        print(json.dumps(out))
        return 0
    best = None
    games: list[Game] = []
    for _ in range(max(1, args.reps)):
        t0 = time.thread_time()
        games = run(work)
        t = time.thread_time() - t0
        best = t if best is None else min(best, t)
    digest = hashlib.sha256()
    for g in games:
        digest.update(repr((g.hands, g.stacks, g.supply, g.oven, g.filled, g.round, g.phase)).encode())
    out["positions"] = digest.hexdigest()[:12]
    out["ms_per_playout"] = round(1000 * best / n, 3)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
