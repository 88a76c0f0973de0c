"""Where a level loses against three outside players: its habits next to theirs, per game.

Plays ``LEVEL`` (or normal with style fields replaced, ``--style JSON``)
against three copies of an outside agent (``file:PATH:CLASS``), seats
rotated, and prints the win share with its 95 % interval, the score margin (the
level's filled orders minus the outside seats' mean: a finer measure than
the win share for comparing two rules on the same seeds) and, per game,
the orders each side put on the oven, filled and failed (by order type and
reason), the help asked, given and rewarded, the draws from the stack and the
supply, and the orders left in hand at the end (outside players: per seat).

    python build/habits_vs_outside.py EDITION GAMES SEED [--level normal] [--style '{"lost_trust": 0}']
"""

from __future__ import annotations

import argparse
import collections
import json
import math
from dataclasses import replace

from solemio.ai import make_agent
from solemio.ai.heuristic import NORMAL, HeuristicAgent
from solemio.ai.memory import MemoryStyle
from solemio.ai.outside import OutsideSeat
from solemio.engine import load_cardset, new_game
from solemio.engine.kinds import COLOURS

PEER = "file:/work/shared/opponents/peerbot.py:PeerBot"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("edition")
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("--level", default="normal")
    p.add_argument("--style", default="{}", help="normal's Style fields to replace, as JSON")
    p.add_argument("--outside", default=PEER)
    a = p.parse_args()
    cs = load_cardset(a.edition)
    over = json.loads(a.style)
    if "memory" in over:
        over["memory"] = MemoryStyle(**over["memory"])

    def mine(seat: int, seed: int):
        if over:
            return HeuristicAgent(seat, seed, style=replace(NORMAL, **over))
        return make_agent(a.level, seat, seed)

    st = {"me": collections.Counter(), "outside": collections.Counter()}
    credit = []
    margin = []  # the level's filled orders (rewards counted) minus the outside seats' mean
    for i in range(a.games):
        seed = a.seed * 1_000_003 + i
        me = i % 4
        g = new_game(cs, list(COLOURS[:4]), seed=seed)
        agents = [mine(s, seed * 31 + s) if s == me else OutsideSeat(a.outside, s, seed * 31 + s)
                  for s in range(4)]
        while not g.is_over():
            s = g.current_seat()
            g.apply(agents[s].decide(g))
        credit.append(1 / len(g.winners) if me in g.winners else 0.0)
        sc = g.scores()
        margin.append(sc[me] - sum(sc[s] for s in range(4) if s != me) / 3)

        def who(s: int, me: int = me) -> str:
            return "me" if s == me else "outside"

        for ev, _owner, _private in g.events:
            t, s = ev["type"], ev.get("seat")
            if t in ("order", "filled", "failed"):
                name = cs.order(ev["order"][1]).otype.name
                st[who(s)][t] += 1
                st[who(s)][f"{t}:{name}" + (f":{ev['reason']}" if t == "failed" else "")] += 1
            elif t in ("help-asked", "help-declined", "help-given"):
                st[who(s)][t + " (asker)"] += 1
            elif t == "draw":
                st[who(s)]["draw:" + ev["source"]] += 1
            elif t == "reward" and ev.get("order"):
                st[who(s)]["reward"] += 1
        for s in range(4):
            st[who(s)]["orders left in hand"] += sum(1 for c in g.hands[s] if g.cards.kind[c] < 0)
    n = len(credit)
    m = sum(credit) / n
    half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in credit) / max(1, n - 1) / n)
    print(f"{a.edition} {a.level} style={a.style} games {n} "
          f"win share {m:.4f} [{m - half:.4f}, {m + half:.4f}]")
    mm = sum(margin) / n
    mh = 1.96 * math.sqrt(sum((x - mm) ** 2 for x in margin) / max(1, n - 1) / n)
    print(f"margin (filled minus the outside seats' mean) {mm:+.3f} [{mm - mh:+.3f}, {mm + mh:+.3f}]")
    for k in sorted(set(st["me"]) | set(st["outside"])):
        print(f"{k:45s} level {st['me'][k] / n:6.2f}  outside {st['outside'][k] / n / 3:6.2f}")


if __name__ == "__main__":
    main()
