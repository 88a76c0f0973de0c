"""Hard's play-outs per 100 ms of CPU, per edition, at two commits (or one).

A play-out here is one of hard's search iterations: one re-dealt sample with
every candidate played out on it to the end of the round, the unit hard's
budget buys and the arena reports as "play-outs a search".  For each edition
the script plays fixed games of hard (``--iterations`` play-outs a decision,
so the games are reproducible) against 3 normal (its rules as the first measurements had
them, so trees before and after a change to normal play the same games) and divides the play-outs
hard ran by the CPU time its decisions took (the deciding thread's,
``time.thread_time``: a loaded machine does not change it much).  It also
prints a digest of every game's choices: two trees whose play-outs give the
same answers play the same games, so the digests must match.

    python build/playout_speed.py SRC [SRC ...] [--games 2] [--iterations 16] [--runs 3]

Each SRC is a checkout of the project (e.g. ``git archive`` of a commit into
a folder); runs alternate between them and the median of ``--runs`` is
reported.  Run it under ``nice -n 15`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

EDITIONS = ("sole-mio", "mamma-mia", "grande")

MEASURE = """
import hashlib, json, sys, time
from solemio.ai import make_agent
from solemio.engine import load_cardset, new_game
edition, games, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cs = load_cardset(edition)
# normal as the first measurements had it (counting a forgotten slot at its expected units,
# the rules' default order timing), so trees from before and after a change to normal's
# rules play the same games; a tree without a field had it so
RECORDED = {"lost_trust": 1.0, "threshold": 0.7, "kept_threshold": 0.6,
            "near_miss_value": 0.0, "near_miss2_value": 0.0}
def opponent(seat, seed):
    from dataclasses import fields, replace
    from solemio.ai import heuristic
    have = {f.name for f in fields(heuristic.Style)}
    style = replace(heuristic.NORMAL, **{k: v for k, v in RECORDED.items() if k in have})
    agent = heuristic.HeuristicAgent(seat, seed, style=style)
    agent.level = "normal"
    return agent
def hard(seat, seed):
    from dataclasses import fields, replace
    from solemio.ai import heuristic, search
    style = getattr(search, "CAREFUL_HARD", None)
    if style is None:  # before ea2ec90 hard's own timing was the careful one
        have = {f.name for f in fields(heuristic.Style)}
        style = replace(search.HARD, **{k: v for k, v in RECORDED.items() if k in have})
    return make_agent("hard", seat, seed, iterations=iterations, style=style)
cpu = 0.0
playouts = 0
digest = hashlib.sha256()
for g in range(games):
    seed = 9100 + g
    game = new_game(cs, ["blue", "green", "brown", "red"], seed=seed)
    hard_seat = g % 4
    agents = [hard(s, seed) if s == hard_seat
              else opponent(s, seed + s) for s in range(4)]
    while not game.is_over():
        seat = game.current_seat()
        t0 = time.thread_time()
        choice = agents[seat].decide(game)
        if seat == hard_seat:
            cpu += time.thread_time() - t0
        game.apply(choice)
    playouts += agents[hard_seat].playouts
    digest.update(repr(game.choices_log).encode())
print(json.dumps({"cpu_s": cpu, "playouts": playouts, "digest": digest.hexdigest()[:16]}))
"""


def measure(src: str, edition: str, games: int, iterations: int) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", MEASURE, edition, str(games), str(iterations)],
                         env=env, cwd=os.path.abspath(src), capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("src", nargs="+")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--iterations", type=int, default=16)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--editions", default=",".join(EDITIONS))
    args = p.parse_args()
    report: dict = {"games": args.games, "iterations": args.iterations, "runs": args.runs, "editions": {}}
    for edition in args.editions.split(","):
        rates: dict[str, list[float]] = {s: [] for s in args.src}
        digests: dict[str, set[str]] = {s: set() for s in args.src}
        for _ in range(args.runs):
            for src in args.src:
                r = measure(src, edition, args.games, args.iterations)
                rates[src].append(r["playouts"] / r["cpu_s"] * 0.1)
                digests[src].add(r["digest"])
        report["editions"][edition] = {
            src: {"playouts_per_100ms_cpu": round(statistics.median(v), 1),
                  "runs": [round(x, 1) for x in v], "digest": sorted(digests[src])}
            for src, v in rates.items()
        }
        print(json.dumps({edition: report["editions"][edition]}), flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
