"""Play-outs give the same answers after they were made cheaper (docs/ai.md, "Play-out speed").

``tests/ai/data/playout_rows.json`` holds, per edition, the play-out values
hard's search computed at every other searched decision of a whole fixed game
(hard with 2 play-outs a decision against 3 normal: every round, the game's
end), recorded with the play-out code as it was before it was made faster
(main at ``862e49f``).  Every value must
come out the same to 1e-9: the faster code plays the same play-outs.

Record again (only when a change is *meant* to change the play-outs, and say
so in docs/ai.md): ``python tests/ai/test_playout_answers.py --record``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from solemio.ai.heuristic import NORMAL, HeuristicAgent
from solemio.ai.search import CAREFUL_HARD, HardAgent
from solemio.engine import load_cardset, new_game

DATA = Path(__file__).resolve().parent / "data" / "playout_rows.json"
EDITIONS = ("sole-mio", "mamma-mia", "grande")
COLOURS4 = ["blue", "green", "brown", "red"]
EVERY = 2  # every other searched decision is recorded
SEED = 4242
# the opponents: normal as it was when the rows were recorded (it counted a forgotten oven
# slot at its expected units, and played orders by the rules' default thresholds), so a
# change to normal's own rules leaves this game alone
RECORDED_NORMAL = replace(NORMAL, lost_trust=1.0, threshold=0.7, kept_threshold=0.6,
                          near_miss_value=0.0, near_miss2_value=0.0)
# hard, likewise, with the order timing it had when the rows were recorded (its own seat in
# the play-outs follows it): the rows check the play-out machinery, not the timing


class _Recording(HardAgent):
    """Hard, keeping the rows of play-out values each search produced."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rows: list[list[list[float]]] = []

    def _pick(self, rows, cands, default, bar=None):  # noqa: ANN001 - HardAgent's signature
        self.searched = getattr(self, "searched", 0) + 1
        if self.searched % EVERY == 1:
            self.rows.append([[round(v, 9) for v in row] for row in rows])
        return super()._pick(rows, cands, default, bar)


def rows_for(edition: str) -> list[list[list[float]]]:
    cs = load_cardset(edition)
    game = new_game(cs, COLOURS4, seed=SEED)
    hard = _Recording(1, SEED, iterations=2, style=CAREFUL_HARD)
    agents = [HeuristicAgent(s, SEED + s, style=RECORDED_NORMAL) if s != 1 else hard for s in range(4)]
    while not game.is_over():
        game.apply(agents[game.current_seat()].decide(game))
    return hard.rows


@pytest.mark.parametrize("edition", EDITIONS)
def test_playouts_give_the_recorded_values(edition: str) -> None:
    want = json.loads(DATA.read_text())[edition]
    got = rows_for(edition)
    assert len(got) == len(want) >= 10
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert len(g) == len(w), (edition, i)
        for a, b in zip(g, w, strict=True):
            assert a == pytest.approx(b, abs=1e-9), (edition, i)


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    DATA.write_text(json.dumps({e: rows_for(e) for e in EDITIONS}) + "\n")
    print(f"wrote {DATA}")
