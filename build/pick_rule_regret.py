"""How much each pick rule loses against a long search's verdict, at hard's searched decisions.

Hard keeps its rule-of-thumb answer unless another candidate beats it by
``PICK_SE`` standard errors of the paired differences (plus a margin).  This
script plays games of one hard seat against three normal ones; at each of
hard's searched decisions it runs ``--truth`` play-out iterations (every
candidate on the same re-deal) to get each candidate's value, then judges
``--batches`` batches of ``--per-batch`` other iterations (about what 100 ms
buys) with the pick rule at several bars.  Regret = value of the best
candidate minus value of the one chosen, in filled orders.  One JSON line per
decision, then a summary.  The "truth" is the play-out model's own, so this
measures the noise of the rule, not the model's bias.

    python build/pick_rule_regret.py --edition grande --per-batch 14 --games 3 --seed 9300000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import solemio.ai.playout as P  # noqa: E402
import solemio.ai.search as S  # noqa: E402
from solemio.ai import make_agent  # noqa: E402
from solemio.engine import load_cardset, new_game  # noqa: E402

BARS = (0.0, 0.5, 1.0, 1.5, 2.0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edition", default="sole-mio")
    ap.add_argument("--per-batch", type=int, default=18)
    ap.add_argument("--batches", type=int, default=10)
    ap.add_argument("--truth", type=int, default=200)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=9_200_000)
    a = ap.parse_args()
    cs = load_cardset(a.edition)
    n_pos = 0
    total: dict[float, list[float]] = defaultdict(lambda: [0.0, 0.0])
    default_total = 0.0
    for gi in range(a.games):
        g = new_game(cs, ["blue", "green", "brown", "red"], seed=a.seed + gi)
        agents = [make_agent("hard", 0, gi, iterations=1)] + [make_agent("normal", s, gi) for s in (1, 2, 3)]
        while not g.is_over():
            d = g.decision()
            agent = agents[d.seat]
            if d.seat == 0 and d.kind in S.SEARCHED and len(d.choices) > 1 and agent.ev is not None:
                view = g.view(0)
                agent.memory.entries = P.entries_from_history(view.history)
                default = getattr(agent, "_d_" + d.kind.replace("-", "_"))(view, dict(view.context))
                if default not in d.choices:
                    default = d.choices[0]
                cands = agent._candidates(view, default)
                if len(cands) >= 2:
                    n_pos += 1
                    spec = {"seat": 0, "style": agent.style, "colours": tuple(agent.memory.colours),
                            "first": agent.memory.first, "cands": tuple(cands),
                            "base_seed": 777 + n_pos * 100003, "round": view.round, "stop": None}
                    P._POLICIES.clear()
                    rows = [P.iteration_row(g.redeal(0, random.Random(spec["base_seed"] + it)), spec, it,
                                            lambda: False)
                            for it in range(a.truth + a.per_batch * a.batches)]
                    truth = [sum(r[i] for r in rows[: a.truth]) / a.truth for i in range(len(cands))]
                    best = max(truth)
                    out = {"kind": d.kind, "candidates": len(cands),
                           "default_regret": best - truth[cands.index(default)], "rules": {}}
                    default_total += out["default_regret"]
                    for bar in BARS:
                        S.PICK_SE = bar
                        regret = changed = 0.0
                        for b in range(a.batches):
                            batch = rows[a.truth + b * a.per_batch: a.truth + (b + 1) * a.per_batch]
                            pick = S.HardAgent._pick(batch, cands, default)
                            regret += best - truth[cands.index(pick)]
                            changed += pick != default
                        out["rules"][bar] = (regret / a.batches, changed / a.batches)
                        total[bar][0] += regret / a.batches
                        total[bar][1] += changed / a.batches
                    print(json.dumps(out), flush=True)
            g.apply(agent.decide(g))
    if n_pos:
        print(f"{a.edition}: {n_pos} decisions; the rule of thumb alone loses {default_total / n_pos:.3f}")
        for bar in BARS:
            print(f"  bar {bar} SE: loses {total[bar][0] / n_pos:.3f} a decision, "
                  f"overturns the default in {total[bar][1] / n_pos:.0%}")


if __name__ == "__main__":
    main()
