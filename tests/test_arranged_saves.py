"""A game arranged through the public set-up hook is saved with its position: loading
replays its choices from that position (the seed alone would deal other cards), and a
damaged position is refused like any damaged save."""

from __future__ import annotations

import json
import random

import pytest

from solemio.engine import load_cardset, new_game
from solemio.engine.game import Game, Position
from solemio.engine.saves import SaveError, digest, game_from_dict, game_to_dict


def arranged(seed: int = 3) -> Game:
    cs = load_cardset("sole-mio")
    dealt = new_game(cs, ["blue", "green"], seed)
    g = Game(cs, ["blue", "green"], seed + 100, first=0, deal=False)  # another seed
    g.arrange(Position(hands=[list(h) for h in dealt.hands],
                       stacks=[list(s) for s in dealt.stacks], filled=[[], []], columns=[],
                       oven=[], supply=list(dealt.supply), box=list(dealt.box), turn=0))
    return g


def play(g: Game, n: int) -> None:
    rng = random.Random(1)
    for _ in range(n):
        if g.is_over():
            break
        g.apply(rng.choice(g.decision().choices))


def test_an_arranged_game_is_saved_with_its_position():
    g = arranged()
    play(g, 60)
    data = json.loads(json.dumps(game_to_dict(g)))
    back, _ = game_from_dict(data, "save")
    assert digest(back) == digest(g)
    assert back.restart().view(0) == arranged().view(0)
    # A dealt game has no position in its save and restarts from its seed.
    d = new_game(load_cardset("sole-mio"), ["blue", "green"], 5)
    assert "position" not in game_to_dict(d) and d.restart().view(0) == d.view(0)


@pytest.mark.parametrize("damage", [
    lambda p: p.update(supply=p["supply"][1:]),
    lambda p: p.update(hands="x"),
    lambda p: p.update(hands=[[1, 2]]),
    lambda p: p.update(start="middle"),
    lambda p: p.update(turn=True),
    lambda p: p.pop("box"),
])
def test_a_damaged_position_is_refused_with_a_reason(damage):
    g = arranged()
    play(g, 10)
    data = json.loads(json.dumps(game_to_dict(g)))
    damage(data["position"])
    with pytest.raises(SaveError) as exc:
        game_from_dict(data, "save")
    assert exc.value.problem in ("incomplete", "altered")
