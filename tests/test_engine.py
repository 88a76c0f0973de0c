"""The engine's promises: reproducible, hidden stays hidden, illegal is refused, saves are safe."""

from __future__ import annotations

import json
import random

import pytest

from solemio.cli import main
from solemio.engine import KINDS, IllegalChoice, load_cardset, new_game, replay
from solemio.engine import events as E
from solemio.engine.game import Game
from solemio.engine.saves import SaveError, digest, load_game, save_game
from tests.engine_helpers import assert_conserved

SEATS4 = ["blue", "green", "brown", "red"]


def _play(g: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if g.is_over():
            return
        g.apply(rng.choice(g.decision().choices))


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia", "grande"])
def test_replay_rebuilds_the_identical_game(edition):
    cs = load_cardset(edition)
    g = new_game(cs, SEATS4, seed=11)
    _play(g, random.Random(3), 10_000)
    again = replay(cs, SEATS4, 11, g.choices_log)
    assert digest(again) == digest(g)
    assert again.events_for(None) == g.events_for(None)
    assert [again.events_for(s) for s in range(4)] == [g.events_for(s) for s in range(4)]


def test_same_seed_same_deal_other_seed_other_deal():
    cs = load_cardset("sole-mio")
    a, b, c = (new_game(cs, SEATS4, s) for s in (5, 5, 6))
    assert a.hands == b.hands and a.supply == b.supply
    assert a.hands != c.hands


def test_illegal_choices_are_refused_with_a_reason_and_change_nothing():
    g = new_game(load_cardset("sole-mio"), SEATS4, seed=2, first=0)
    before = digest(g)
    d = g.decision()
    assert d.kind == "play" and d.seat == 0
    for bad, words in [
        (("play", "olive", 9, 0), "do not hold"),
        (("draw", "supply"), "must decide 'play'"),
        (("order", "block"), "must decide 'play'"),
        (["play", "olive", 1, 0], "tuple"),
        (("nonsense",), "expected one of"),
    ]:
        if bad in d.choices:
            continue
        with pytest.raises(IllegalChoice) as info:
            g.apply(bad)
        assert words in info.value.reason
        assert digest(g) == before
    with pytest.raises(IllegalChoice, match="not seat 1's decision"):
        g.apply(d.choices[0], seat=1)
    assert digest(g) == before and not g.choices_log


def test_check_play_explains_selections():
    g = new_game(load_cardset("sole-mio"), SEATS4, seed=2, first=0)
    hand = [f for f in g.hand_faces(0) if f[0] in ("olive", "pepper", "mushroom", "salami",
                                                      "pineapple")]
    assert g.check_play([]) == (None, "select at least one ingredient card")
    kinds = {f[0] for f in hand}
    if len(kinds) > 1:
        mixed = [next(f for f in hand if f[0] == k) for k in list(kinds)[:2]]
        assert "one kind" in g.check_play(mixed)[1]
    choice, why = g.check_play([hand[0]])
    assert why is None and choice in g.decision().choices


def _positions(edition: str, seeds: range, every: int = 7):
    cs = load_cardset(edition)
    for seed in seeds:
        g = new_game(cs, SEATS4[: 2 + seed % 3], seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over():
            if step % every == 0:
                yield g
            g.apply(rng.choice(g.decision().choices))
            step += 1


@pytest.mark.parametrize("edition", ["sole-mio", "mamma-mia", "grande"])
def test_redeal_keeps_the_view_and_changes_the_hidden(edition):
    changed = 0
    for g in _positions(edition, range(12)):
        seat = g.current_seat()
        view = g.view(seat)
        for k in range(3):
            h = g.redeal(seat, random.Random(k))
            assert_conserved(h)
            assert h.view(seat) == view
            others = [s for s in range(g.n) if s != seat]
            if any(sorted(h.hands[s]) != sorted(g.hands[s]) for s in others) or h.supply != g.supply:
                changed += 1
            # the copy plays on to the end without trouble
            rng = random.Random(k)
            while not h.is_over():
                h.apply(rng.choice(h.decision().choices))
    assert changed > 50


@pytest.mark.parametrize("edition", ["sole-mio", "grande"])
def test_redeal_is_canonical(edition):
    """Positions a seat cannot tell apart give the same sample from the same generator."""

    def faces(h: Game) -> tuple:
        f = h.cards.face
        return (
            [[f[c] for c in hand] for hand in h.hands],
            [[f[c] for c in st] for st in h.stacks],
            [f[c] for c in h.supply],
        )

    for g in _positions(edition, range(8), every=4):
        seat = g.current_seat()
        twins = [g] + [g.redeal(seat, random.Random(100 + k)) for k in range(3)]
        samples = [faces(t.redeal(seat, random.Random(7))) for t in twins]
        assert all(s == samples[0] for s in samples)


def test_redeal_respects_what_a_block_revealed():
    """After a block every opponent has shown all its cards of the owner's kind: samples agree."""
    cs = load_cardset("sole-mio")
    checked = 0
    for seed in range(400):
        g = new_game(cs, SEATS4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and not any(g.exhausted):
            g.apply(rng.choice(g.decision().choices))
        if g.is_over():
            continue
        for s in range(g.n):
            for k in range(5):
                if not g.exhausted[s] >> k & 1:
                    continue
                kind = KINDS[k]
                known = sum(1 for f in g.known[s] if f[0] == kind)
                assert kind in g.view(s).seats[s].exhausted
                for watcher in range(g.n):
                    if watcher == s:
                        continue
                    for r in range(5):
                        h = g.redeal(watcher, random.Random(r))
                        held = sum(1 for c in h.hands[s] if h.cards.kind[c] == k)
                        assert held == known
                        assert h.view(watcher).seats == g.view(watcher).seats
                checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def test_redeal_for_a_seat_that_is_not_deciding():
    for g in _positions("sole-mio", range(6), every=3):
        watcher = (g.current_seat() + 1) % g.n
        h = g.redeal(watcher, random.Random(1))
        assert h.view(watcher) == g.view(watcher)
        assert_conserved(h)
        d = h.decision()
        if d is not None:
            assert d.choices


def test_view_holds_no_other_hand_and_events_are_redacted():
    g = new_game(load_cardset("sole-mio"), SEATS4, seed=9)
    _play(g, random.Random(1), 60)
    v = g.view(1)
    assert v.hand == tuple(sorted(g.cards.face[c] for c in g.hands[1]))
    text = repr(v)
    for s in (0, 2, 3):
        assert v.seats[s].ingredients + v.seats[s].orders == len(g.hands[s])
    assert "hands" not in text
    for ev in g.events_for(1):
        if ev["type"] in (E.DRAW, E.DEAL) and ev["seat"] != 1:
            assert "cards" not in ev and "count" in ev
        if ev["type"] in (E.DRAW, E.DEAL) and ev["seat"] == 1:
            assert "cards" in ev
    assert v.choices == () or g.current_seat() == 1


def test_save_and_load_round_trip(tmp_path):
    g = new_game(load_cardset("grande"), SEATS4, seed=4)
    _play(g, random.Random(2), 150)
    path = tmp_path / "game.json"
    save_game(g, path, extra={"names": ["A", "B", "C", "D"]})
    loaded, extra = load_game(path)
    assert digest(loaded) == digest(g)
    assert loaded.view(2) == g.view(2)
    assert extra == {"names": ["A", "B", "C", "D"]}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda t: t[: len(t) // 2], "corrupt"),
        (lambda t: "hello", "corrupt"),
        (lambda t: json.dumps({"format": "other"}), "not a Sole Mio! save"),
        (lambda t: t.replace('"seed": 4', '"seed": 5'), "altered or is corrupt"),
        (lambda t: t.replace('"digest": "', '"digest": "0'), "altered or is corrupt"),
        (lambda t: t.replace('"play"', '"pass"', 1), "altered or is corrupt"),
        (lambda t: t.replace('"rounds": 3', '"rounds": "x"'), "card set is broken"),
    ],
)
def test_corrupt_save_is_reported_and_left_untouched(tmp_path, damage, words):
    g = new_game(load_cardset("grande"), SEATS4, seed=4)
    _play(g, random.Random(2), 80)
    path = tmp_path / "game.json"
    save_game(g, path)
    text = damage(path.read_text())
    path.write_text(text)
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert words in str(info.value) and str(path) in str(info.value)
    assert path.read_text() == text


def test_whole_game_through_the_public_api_conserves_cards():
    g = new_game(load_cardset("sole-mio"), ["yellow", "red"], seed=1)
    rng = random.Random(0)
    while not g.is_over():
        assert_conserved(g)
        g.apply(rng.choice(g.decision().choices))
    over = [e for e in g.events_for(None) if e["type"] == E.GAME_OVER]
    assert over and over[0]["winners"] == g.winners


def test_simulate_command_json(capsys):
    assert main(["simulate", "--edition", "grande", "--players", "3", "--games", "20",
                 "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 20 and out["errors"] == 0 and out["games_per_second"] > 0
    assert out["turns_per_game"] > 10


def test_bench_engine_figures_are_the_median_of_three_runs(capsys):
    assert main(["bench", "--engine-only", "--games", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    runs = out["engine_runs"]
    assert len(runs) == 3 and runs == sorted(runs) and out["engine_games_per_second"] == runs[1]
    assert out["clones_per_second"] > 0 and out["redeals_per_second"] > 0
    assert out["machine_loop_s"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "9"],
        ["simulate", "--games", "zero"],
        ["simulate", "--edition", "chess"],
        ["scenario", "/nonexistent.yaml"],
        ["frobnicate"],
    ],
)
def test_bad_command_line_gives_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        raise SystemExit(main(argv))
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_save_made_under_older_rules_is_reported_clearly(tmp_path):
    g = new_game(load_cardset("sole-mio"), SEATS4, seed=4)
    _play(g, random.Random(2), 60)
    path = tmp_path / "game.json"
    save_game(g, path)
    data = json.loads(path.read_text())
    data["version"] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert "older version" in str(info.value) and "rules differ" in str(info.value)


SERIES_POSITION = """\
name: the series question
edition: sole-mio
seats: [yellow, blue, green]
setup:
  start: reveal
  scorer: 0
  columns: [mushroom, mushroom, mushroom]
  oven: [blue:four-mushroom, olive, green:two-each]
  hands: {{0: [salami, pepper], 1: [{partner}, salami, olive], 2: [olive, pepper, pineapple]}}
"""


@pytest.mark.parametrize("seat", [0, 2])
def test_the_series_question_tells_nobody_whether_the_owner_holds_partners(tmp_path, seat):
    from solemio.engine.scenario import build_position
    from solemio.engine.yamlsource import load_file

    seen = []
    for partner in ("four-salami", "two-each"):  # another series order, or none
        path = tmp_path / f"{partner}.yaml"
        path.write_text(SERIES_POSITION.format(partner=partner))
        g, _ = build_position(load_file(path))
        d = g.decision()
        assert (d.seat, d.kind) == (1, "series")
        assert len(d.choices) == (1 if partner == "two-each" else 3)
        g.apply(("series", (("four-mushroom", 4),)))
        # a revealed order, but any hand: what this seat can see must not tell them apart
        seen.append((g.view(seat), g.events_for(seat)))
    assert seen[0] == seen[1]
