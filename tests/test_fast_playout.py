"""The play-outs' fast paths through the engine give the positions the plain path gives.

Hard's play-outs (``solemio.ai.playout``) copy a game without its choice log
(``clone(log=False)``) and apply each choice with ``Game.apply_unchecked``:
no legality check, no log, no events.  Here whole games in every edition
are played twice from the same seed, one copy by the plain ``apply`` with
events recorded, the other the play-outs' way, and after every choice the
two positions must be the same in every field (only the log and the events
differ, by design).
"""

from __future__ import annotations

import random

import pytest

from solemio.engine import load_cardset, new_game
from solemio.engine.game import Game

EDITIONS = ("sole-mio", "mamma-mia", "grande")
SKIP = frozenset(("events", "choices_log", "rng", "_decision"))


def position(g: Game) -> dict:
    """Every field of the position, the generator's state and the pending decision as plain values."""
    out = {k: v for k, v in g.__dict__.items() if k not in SKIP}
    out["rng"] = g.rng.getstate()
    d = g.decision()
    out["decision"] = None if d is None else (d.seat, d.kind, tuple(d.choices), d.context)
    return out


def play_both(edition: str, players: int, seed: int) -> int:
    cs = load_cardset(edition)
    colours = ["blue", "green", "brown", "red", "yellow"][:players]
    plain = new_game(cs, colours, seed)
    fast = plain.clone(log=False)
    assert fast.choices_log == [] and fast.events is None
    rng = random.Random(seed)
    steps = 0
    while not plain.is_over():
        d = plain.decision()
        choice = d.choices[rng.randrange(len(d.choices))]
        plain.apply(choice)
        fast.apply_unchecked(choice)
        assert position(fast) == position(plain), (edition, seed, steps, choice)
        steps += 1
    assert fast.is_over() and fast.winners == plain.winners
    assert fast.choices_log == [] and len(plain.choices_log) == steps
    return steps


@pytest.mark.parametrize("edition", EDITIONS)
def test_unchecked_apply_plays_the_same_games(edition: str) -> None:
    steps = sum(play_both(edition, 2 + seed % 4, 500 + seed) for seed in range(12))
    assert steps > 1000  # whole games, reveals and all


def test_a_play_out_copy_starts_without_the_log() -> None:
    g = new_game(load_cardset("sole-mio"), ["blue", "green", "brown", "red"], 3)
    g.apply(g.decision().choices[0])
    assert g.clone().choices_log == g.choices_log
    assert g.clone(log=False).choices_log == []


def play_outs_way(edition: str, players: int, seed: int) -> int:
    """A game by ``apply_unchecked`` with the play-out loop's single choices, against
    ``apply_playout``, which applies them itself until the round it was given ends."""
    cs = load_cardset(edition)
    colours = ["blue", "green", "brown", "red", "yellow"][:players]
    loop = new_game(cs, colours, seed).clone(log=False)
    fast = loop.clone(log=False)
    rng = random.Random(seed)
    auto = 0
    while not loop.is_over():
        d = loop.decision()
        choice = d.choices[rng.randrange(len(d.choices))]
        round_no = loop.round
        loop.apply_unchecked(choice)
        while (d := loop.decision()) is not None and len(d.choices) == 1 and loop.round == round_no:
            loop.apply_unchecked(d.choices[0])  # the play-out loop's single choices
            auto += 1
        fast.apply_playout(choice, round_no)
        assert position(fast) == position(loop), (edition, seed, choice)
    return auto


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_play_out_applies_single_choices_as_its_loop_did(edition: str) -> None:
    auto = sum(play_outs_way(edition, 2 + seed % 4, 700 + seed) for seed in range(8))
    assert auto > 100  # helpers who can only decline, owners who can only give up


def test_a_play_out_without_its_round_applies_as_unchecked() -> None:
    cs = load_cardset("mamma-mia")
    plain = new_game(cs, ["blue", "green", "brown"], 9).clone(log=False)
    fast = plain.clone(log=False)
    rng = random.Random(9)
    while not plain.is_over():
        d = plain.decision()
        choice = d.choices[rng.randrange(len(d.choices))]
        plain.apply_unchecked(choice)
        fast.apply_playout(choice, -1)
        assert position(fast) == position(plain)


def loops_turn(g: Game, rng, round_no: int) -> list[str]:
    """An opponent's turn the way ``playout``'s loop plays a light opponent: each decision
    of the turn posed, its dice keyed, ``light_policy`` asked, ``apply_playout`` applied."""
    from solemio.ai.playout import _NO_DICE, light_policy

    d = g.decision()
    seat, turns, round_now = d.seat, g.turns, g.round
    kinds = []
    while (d is not None and d.seat == seat and g.turns == turns and g.round == round_now
           and (not kinds or d.kind in ("order", "draw"))):
        if d.kind not in _NO_DICE:
            rng.at(g, seat, d.kind)
        kinds.append(d.kind)
        g.apply_playout(light_policy(g, rng), round_no)
        d = g.decision()
    return kinds


def light_turns(edition: str, players: int, seed: int) -> tuple[int, int, int]:
    """A whole game in which every play decision of two or more choices is played both as
    one ``light_turn`` and as the loop's decisions one by one: the same position, the same
    dice.  Returns the turns compared, the order and the draw decisions in them."""
    from solemio.ai.playout import KeyedRandom, light_turn

    cs = load_cardset(edition)
    colours = ["blue", "green", "brown", "red", "yellow"][:players]
    g = new_game(cs, colours, seed).clone(log=False)
    rng = random.Random(seed)
    turns = orders = draws = 0
    while not g.is_over():
        d = g.decision()
        round_no = g.round if rng.random() < 0.9 else -1  # -1: a seat with noise's play-out
        if d.kind == "play" and len(d.choices) > 1:
            fused, loop = g.clone(log=False), g.clone(log=False)
            key = rng.randrange(1 << 64)
            fr, lr = KeyedRandom(key), KeyedRandom(key)
            light_turn(fused, fused.decision(), fr, round_no)
            kinds = loops_turn(loop, lr, round_no)
            assert position(fused) == position(loop), (edition, seed, g.turns, kinds)
            assert (fr._base, fr._n) == (lr._base, lr._n), (edition, seed, g.turns, kinds)
            turns += 1
            orders += "order" in kinds
            draws += "draw" in kinds
            g = fused
        else:
            g.apply_playout(d.choices[rng.randrange(len(d.choices))], round_no)
    return turns, orders, draws


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_light_opponents_whole_turn_is_the_loops_turn(edition: str) -> None:
    """``playout.light_turn`` (a light opponent's play, order and draw at once) leaves the
    position and the dice the play-out loop's decisions one by one leave."""
    turns = orders = draws = 0
    for seed in range(4):
        t, o, dr = light_turns(edition, 2 + seed % 4, 900 + seed)
        turns, orders, draws = turns + t, orders + o, draws + dr
    assert turns > 200 and orders > 50 and draws > 50, (turns, orders, draws)


def loops_run(g: Game, rng, me: int, start_round: int, auto: int) -> tuple[list[str], int]:
    """The light opponents' decisions the way ``playout``'s loop took them one by one before
    ``light_run``: a play by ``light_turn``, any other decision posed, its dice keyed,
    ``light_policy`` asked, ``apply_playout`` applied; until the seat ``me`` decides, a
    decision has a single choice, the round ends or the game.  The kinds and the steps."""
    from solemio.ai.playout import _NO_DICE, light_policy, light_turn

    kinds: list[str] = []
    d = g.decision()
    while True:
        kinds.append(d.kind)
        if d.kind == "play":
            light_turn(g, d, rng, auto)
        else:
            if d.kind not in _NO_DICE:
                rng.at(g, d.seat, d.kind)
            g.apply_playout(light_policy(g, rng), auto)
        d = g.decision()
        if d is None or d.seat == me or len(d.choices) == 1 or g.round != start_round:
            return kinds, len(kinds)


def light_runs(edition: str, players: int, seed: int) -> list[str]:
    """A whole game in which every run of other seats' decisions is played both by
    ``light_run`` and by the loop's way one by one: the same position, the same dice, the
    same steps.  Returns the kinds of the decisions compared."""
    from solemio.ai.playout import KeyedRandom, light_run

    cs = load_cardset(edition)
    colours = ["blue", "green", "brown", "red", "yellow"][:players]
    g = new_game(cs, colours, seed).clone(log=False)
    rng = random.Random(seed)
    me = seed % players
    seen: list[str] = []
    while not g.is_over():
        d = g.decision()
        start_round = g.round
        auto = start_round if rng.random() < 0.9 else -1  # -1: a seat with noise's play-out
        if d.seat != me:
            fused, loop = g.clone(log=False), g.clone(log=False)
            key = rng.randrange(1 << 64)
            fr, lr = KeyedRandom(key), KeyedRandom(key)
            steps = light_run(fused, fused.decision(), fr, me, start_round, auto)
            kinds, loop_steps = loops_run(loop, lr, me, start_round, auto)
            assert position(fused) == position(loop), (edition, seed, g.turns, kinds)
            assert (fr._base, fr._n) == (lr._base, lr._n), (edition, seed, g.turns, kinds)
            assert steps == loop_steps, (edition, seed, g.turns, kinds)
            seen += kinds
            g = fused
        else:
            g.apply_playout(d.choices[rng.randrange(len(d.choices))], auto)
    return seen


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_light_run_is_the_loops_decisions(edition: str) -> None:
    """``playout.light_run`` (the light opponents' decisions until the seat decides, the
    reveal's answered in line) leaves the position, the dice and the step count the play-out
    loop's decisions one by one leave, over whole games of 2 to 5 players."""
    seen: list[str] = []
    for seed in range(8):
        seen += light_runs(edition, 2 + seed % 4, 950 + seed)
    counts = {str(k): seen.count(k) for k in set(seen)}
    assert counts.get("play", 0) > 200 and counts.get("fill", 0) > 40, counts
    assert sum(v for k, v in counts.items() if k not in ("play", "order", "draw", "fill")) > 40, counts
    if edition == "sole-mio":
        assert counts.get("help", 0) > 20, counts
