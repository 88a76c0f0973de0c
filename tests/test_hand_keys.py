"""The hands' keys the game keeps up (``memo.rekey``), and the choices looked up by them.

The engine keeps every seat's hand key (its ingredients, one octal digit per face) and
order key (a bit per order) in step as cards enter and leave hands, and the play, order,
help, fill, series and block decisions read their choices by those keys instead of
counting the hand.  Here whole random games in every edition, from 2 to 5 seats, are checked at every
decision: the kept keys against keys counted afresh from the hands, and the pending
decision's choices against the plain enumeration from the hand's faces
(``enumerate.py``).  Re-deals and copies are checked the same way.  The help and fill
tables key a hand by its counts of the kinds asked for only (``memo.helps_for``,
``memo.fill_parts``): a mask missing a kind's singles or doubles, or the other kinds of an
order of any kinds, fails these checks.
"""

from __future__ import annotations

import random

import pytest

from solemio.engine import enumerate as en
from solemio.engine import load_cardset, new_game, turn
from solemio.engine.game import Game
from solemio.engine.kinds import KINDS
from solemio.engine.state import (
    BLOCK,
    FILL,
    HELP,
    ORDER,
    PLAY,
    SERIES,
    SHOW_ASK,
    SHOW_CARD,
    SHOW_PLAY,
)
from tests.engine_helpers import assert_keyed

EDITIONS = ("sole-mio", "mamma-mia", "grande")
COLOURS = ["blue", "green", "brown", "red", "yellow"]


def plain_choices(g: Game) -> tuple | None:
    """The pending decision's choices counted from the hand, without any key."""
    d = g.decision()
    cards = g.cards
    step = g.step
    if d.kind == PLAY:
        return en.plays(cards.hand_counts(g.hands[d.seat]))
    if d.kind == ORDER:
        ids = sorted(cards.face[c][1] for c in g.hands[d.seat] if cards.kind[c] < 0)
        return (("no-order",), *[("order", o) for o in ids])
    if d.kind == HELP:
        return en.help_choices(cards.hand_counts(g.hands[step.asking]), step.request)
    if d.kind == FILL:
        spec = cards.order[g.resolving.card]
        return en.fill_choices(cards.hand_counts(g.hands[d.seat]), step.missing,
                               g.help_allowed and spec.help)
    if d.kind == SERIES:
        mates = sorted({cards.face[c][1] for c in g.hands[d.seat]
                        if cards.order[c] is not None and cards.order[c].series})
        assert d.context["candidates"] == mates
        return en.series_choices(cards.order[g.resolving.card].id, mates, step.units)
    if d.kind == SHOW_ASK:  # the opponents holding an ingredient card
        return tuple(("ask", s) for s in cards.others[d.seat]
                     if any(cards.kind[c] >= 0 for c in g.hands[s]))
    if d.kind == SHOW_CARD:
        faces = sorted({cards.face[c] for c in g.hands[step.asked] if cards.kind[c] >= 0})
        return tuple(("show", f[0], f[1]) for f in faces)
    if d.kind == SHOW_PLAY:
        k = KINDS.index(step.kind)
        units = sorted({cards.units[c] for c in g.hands[d.seat] if cards.kind[c] == k})
        return tuple(("show-play", u) for u in units)
    if d.kind == BLOCK:
        counts = cards.hand_counts(g.hands[d.seat])
        k = g.own[d.seat]
        spec = cards.order[g.resolving.card]
        return en.block_choices(counts[k], counts[k + 5], g.cu[k], spec.params["min_units"])
    return None


def play_checked(edition: str, players: int, seed: int) -> dict[str, int]:
    g = new_game(load_cardset(edition), COLOURS[:players], seed, record_events=False)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    while not g.is_over():
        assert_keyed(g)
        d = g.decision()
        want = plain_choices(g)
        if want is not None:
            assert tuple(d.choices) == tuple(want), (edition, seed, d.kind)
            if d.kind in (PLAY, ORDER):  # kept per seat and key (memo.play_decision): whose
                assert d.seat == g.turn and d.context == {}, (edition, seed, d.kind)
            seen[d.kind] = seen.get(d.kind, 0) + 1
        if rng.random() < 0.05:
            h = g.redeal(d.seat, random.Random(seed))
            assert_keyed(h)
            assert_keyed(h.clone(log=False))
        choice = d.choices[rng.randrange(len(d.choices))]
        if rng.random() < 0.5:
            g.apply(choice)
        else:
            g.apply_unchecked(choice)
    assert_keyed(g)
    return seen


@pytest.mark.parametrize("edition", EDITIONS)
def test_kept_keys_and_keyed_choices_match_the_hands(edition: str) -> None:
    seen: dict[str, int] = {}
    for i in range(8):
        for kind, n in play_checked(edition, 2 + i % 4, 7300 + i).items():
            seen[kind] = seen.get(kind, 0) + n
    # every keyed decision was met, and often
    assert all(seen.get(k, 0) >= 20 for k in (PLAY, ORDER, FILL)), seen
    assert seen.get(SERIES, 0) >= 10 or edition == "mamma-mia", seen
    assert seen.get(HELP, 0) >= 20 or edition == "mamma-mia", seen
    # and the show decisions (read from the hand's key: memo.show_choices, decide._show_play)
    assert seen.get(SHOW_CARD, 0) >= 5 and seen.get(SHOW_PLAY, 0) >= 2 or edition == "mamma-mia", seen


def test_a_stale_key_is_caught() -> None:
    # the check itself fails when a hand changes behind the keys' back
    g = new_game(load_cardset("sole-mio"), COLOURS[:3], 5, record_events=False)
    assert_keyed(g)
    g.hands[0].append(g.supply.pop())
    with pytest.raises(AssertionError):
        assert_keyed(g)


def plain_play(g: Game, choice: tuple) -> tuple[list[int], list[int]]:
    """The cards a play moves onto the oven and the hand it leaves, by the plain rule: the
    hand's first ``singles`` single cards and first ``doubles`` double cards of the kind."""
    _, kind, s, d = choice
    cards = g.cards
    k = cards.kind[cards.face.index((kind, 1))]
    want = [0, s, d]
    moved, keep = [], []
    for cid in g.hands[g.turn]:
        if cards.kind[cid] == k and want[cards.units[cid]]:
            want[cards.units[cid]] -= 1
            moved.append(cid)
        else:
            keep.append(cid)
    return moved, keep


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_play_moves_the_cards_the_plain_rule_moves(edition: str, monkeypatch) -> None:
    # turn.on_play moves one card, or every card of the kind (the hand's key says so), by
    # shortcuts: at every play of whole random games (with plays of several cards) the
    # oven and the hand must be those of the plain rule
    seen = {"one": 0, "all": 0, "some": 0}
    for i in range(6):
        g = new_game(load_cardset(edition), COLOURS[:4], 7400 + i, record_events=False)
        rng = random.Random(i)
        while not g.is_over():
            d = g.decision()
            choice = d.choices[rng.randrange(len(d.choices))]
            if choice[0] == "play":
                moved, keep = plain_play(g, choice)
                counts = g.cards.hand_counts(g.hands[g.turn])
                h = g.clone(log=False)
                before = len(h.oven)
                monkeypatch.setattr(turn, "to_draw", lambda g: None)  # the play alone
                turn.on_play(h, choice)
                monkeypatch.undo()
                assert h.oven[before:] == moved and h.hands[h.turn] == keep
                assert_keyed(h)
                g.apply_unchecked(choice)
                k = g.cards.kind[moved[0]]
                if len(moved) == 1:
                    seen["one"] += 1
                elif (counts[k], counts[k + 5]) == (choice[2], choice[3]):
                    seen["all"] += 1
                else:
                    seen["some"] += 1
            else:
                g.apply_unchecked(choice)
    assert min(seen.values()) >= 10, seen  # every path is taken, and often


def test_a_keys_counts_are_remembered_as_decoded() -> None:
    """``memo._counts_of_key`` remembers each key's counts (the help and fill tables' misses
    read them): every key gives its own hand's counts, made or remembered, as a tuple."""
    from solemio.engine import memo

    rng = random.Random(5)
    keys = []
    for _ in range(3000):
        counts = [0] * 10
        for _card in range(rng.randrange(8)):  # a hand holds at most 7 ingredient cards
            counts[rng.randrange(10)] += 1
        key = sum(c * 8**slot for slot, c in enumerate(counts))
        keys.append((key, tuple(counts)))
    for key, counts in keys + keys[::-1]:  # made, then remembered
        assert memo._counts_of_key(key) == counts  # noqa: SLF001 - the memo itself
    assert type(memo._counts_of_key(keys[0][0])) is tuple  # noqa: SLF001 - shared: never changed
