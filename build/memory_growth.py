"""A long session's memory: the resident size after each game of hard against 3 normal, in one process.

A player who plays game after game against hard never restarts the program, so
whatever hard's play-outs remember from one search to the next must stop
growing.  This plays ``--games`` whole games (seeds from 500, 4 seats, hard at
seat 0 with ``--budget-ms`` of CPU a decision) in one process and prints one
JSON line per game: its number, the resident memory in MB (``VmRSS``, Linux)
and the fold states hard's policies keep (``playout.fold_states``).

    python build/memory_growth.py --edition sole-mio --games 40 [--budget-ms 100]
"""

from __future__ import annotations

import argparse
import json
import time

from solemio.ai import make_agent, playout
from solemio.engine import load_cardset, new_game

COLOURS4 = ["blue", "green", "brown", "red"]


def resident_mb() -> float:
    """The process's resident memory (Linux's ``/proc``; 0 elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="sole-mio")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    args = ap.parse_args()
    cs = load_cardset(args.edition)
    states = getattr(playout, "fold_states", lambda: None)  # a tree from before the bound: None
    start = time.monotonic()
    for i in range(args.games):
        seed = 500 + i
        g = new_game(cs, COLOURS4, seed=seed)
        agents = [make_agent("hard", 0, seed, budget_ms=args.budget_ms, clock="cpu")]
        agents += [make_agent("normal", s, seed + s) for s in range(1, 4)]
        while not g.is_over():
            g.apply(agents[g.current_seat()].decide(g))
        print(json.dumps({"game": i + 1, "rss_mb": round(resident_mb(), 1),
                          "fold_states": states(),
                          "seconds": round(time.monotonic() - start, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
