"""One whole game of ``build/playout_speed.py`` (its first: seed 9100, hard at seat 0, 3 normal
with the recorded rules), hard's decisions run inside ``functools.reduce`` so that callgrind
counts them alone, with the play-outs hard ran and a digest of the game's choices:

    PYTHONHASHSEED=0 PYTHONPATH=TREE valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect=functools_reduce python build/hard_game_callgrind.py mamma-mia 8

("Collected" divided by the play-outs: instructions per play-out over a whole game, where
the fold graphs grow from search to search as they do at a table, unlike the fresh
policies of ``build/playout_replay.py``).  Two trees with the same answers print the same
digest.  Hard's timing is ``search.CAREFUL_HARD``'s, as in ``build/playout_speed.py``.

With ``--per-decision`` (no valgrind) it prints instead, per searched decision of hard,
its round, oven length, decision kind, play-outs and CPU seconds (``time.process_time``):
run it with two trees' ``PYTHONPATH`` to see which decisions of a game gained least.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
import time
from dataclasses import fields, replace

from solemio.ai import heuristic, make_agent, search
from solemio.engine import load_cardset, new_game

RECORDED = {"lost_trust": 1.0, "threshold": 0.7, "kept_threshold": 0.6,
            "near_miss_value": 0.0, "near_miss2_value": 0.0}  # as build/playout_speed.py


def main() -> int:
    edition, iterations = sys.argv[1], int(sys.argv[2])
    per_decision = "--per-decision" in sys.argv[3:]
    rows: list[dict] = []
    have = {f.name for f in fields(heuristic.Style)}
    recorded = {k: v for k, v in RECORDED.items() if k in have}
    hard_style = getattr(search, "CAREFUL_HARD", None) or replace(search.HARD, **recorded)
    seed = 9100
    game = new_game(load_cardset(edition), ["blue", "green", "brown", "red"], seed=seed)
    agents: list = [make_agent("hard", 0, seed, iterations=iterations, style=hard_style)]
    for s in range(1, 4):
        agent = heuristic.HeuristicAgent(s, seed + s, style=replace(heuristic.NORMAL, **recorded))
        agent.level = "normal"
        agents.append(agent)
    while not game.is_over():
        seat = game.current_seat()
        if seat == 0 and per_decision:
            d, before, t0 = game.decision(), agents[0].playouts, time.process_time()
            choice = agents[0].decide(game)
            if agents[0].playouts > before:
                rows.append({"round": game.round, "oven": len(game.oven), "kind": d.kind,
                             "playouts": agents[0].playouts - before, "cpu": time.process_time() - t0})
        elif seat == 0:  # collected: hard's decisions alone
            choice = functools.reduce(lambda _acc, _x: agents[0].decide(game), [0], None)
        else:
            choice = agents[seat].decide(game)
        game.apply(choice)
    if per_decision:
        print(json.dumps(rows))
        return 0
    print(json.dumps({"edition": edition, "playouts": agents[0].playouts,
                      "digest": hashlib.sha256(repr(game.choices_log).encode()).hexdigest()[:16]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
