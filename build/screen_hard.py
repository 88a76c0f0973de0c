"""Hard against three outside players at a fixed play-out count: a load-independent screen.

A timed arena run measures what a CPU budget buys, and its figures drift with
the machine's load; a fixed play-out count (``--iterations K``) plays the same
games on any machine, so two variants of hard can be compared on the same
seeds while the machine is busy.  The variants this screens: hard's style
fields (``--style JSON``, replacing fields of ``search.HARD``) and how the
play-outs' opponents decide (``--opps light`` or ``rules``, fixed for the
edition whatever the count; by default as ``playout.opponents_for`` says).  Game ``i`` is dealt from
seed ``SEED * 1_000_003 + i`` with hard at seat ``i % 4``.  Prints one JSON
line: the win share and the score margin (hard's filled orders minus the
outside seats' mean: finer than the win share for a paired comparison) with
95 % intervals, play-outs per search, CPU seconds, and every game's margin
(for paired differences between two runs on the same seeds).

    python build/screen_hard.py EDITION GAMES SEED --iterations K [--opps rules] [--style JSON]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import replace

from solemio.ai import make_agent, playout, search
from solemio.ai.outside import OutsideSeat
from solemio.ai.search import HardAgent
from solemio.engine import load_cardset, new_game
from solemio.engine.kinds import COLOURS

PEER = "file:../shared/opponents/peerbot.py:PeerBot"


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    h = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1) / n)
    return m, m - h, m + h


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("edition")
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("--iterations", type=int, default=20, help="play-outs a search")
    p.add_argument("--style", default="{}", help="fields of search.HARD to replace (JSON)")
    p.add_argument("--opps", choices=("light", "rules"), default=None,
                   help="how the play-outs' opponents decide (default: as hard has it)")
    p.add_argument("--vs", default=PEER, help="the three opponents: file:PATH:CLASS or a level")
    a = p.parse_args()
    cs = load_cardset(a.edition)
    over = json.loads(a.style)
    style = replace(search.HARD, **over)
    if a.opps:  # the edition's entry rules over the budget's (``playout.opponents_for``)
        playout.OPPONENTS_BY_CARDSET[cs.id] = a.opps
    credit: list[float] = []
    margin: list[float] = []
    t0, c0 = time.time(), time.process_time()
    playouts = searches = 0
    for i in range(a.games):
        seed = a.seed * 1_000_003 + i
        me = i % 4
        g = new_game(cs, list(COLOURS[:4]), seed=seed)

        def other(s: int, seed: int = seed) -> object:
            if a.vs.startswith("file:"):
                return OutsideSeat(a.vs, s, seed * 31 + s)
            return make_agent(a.vs, s, seed * 31 + s)

        agents = [HardAgent(s, seed * 31 + s, iterations=a.iterations, style=style) if s == me
                  else other(s) for s in range(4)]
        while not g.is_over():
            g.apply(agents[g.current_seat()].decide(g))
        credit.append(1 / len(g.winners) if me in g.winners else 0.0)
        sc = g.scores()
        margin.append(sc[me] - sum(sc[s] for s in range(4) if s != me) / 3)
        playouts += agents[me].playouts
        searches += agents[me].searches
    w, wlo, whi = _mean_ci(credit)
    m, mlo, mhi = _mean_ci(margin)
    print(json.dumps({
        "edition": a.edition, "style": over, "opps": a.opps, "iterations": a.iterations,
        "seed": a.seed, "games": len(credit), "win": round(w, 4),
        "ci": [round(wlo, 3), round(whi, 3)], "margin": round(m, 3),
        "margin_ci": [round(mlo, 3), round(mhi, 3)],
        "searches_a_game": round(searches / len(credit), 1),
        "playouts_a_search": round(playouts / max(1, searches), 1),
        "wall_s": round(time.time() - t0), "cpu_s": round(time.process_time() - c0),
        "margins": [round(x, 3) for x in margin]}))


if __name__ == "__main__":
    main()
