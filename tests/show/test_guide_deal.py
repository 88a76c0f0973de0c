"""The guided first game's designed deal: built through the engine's public set-up hook,
the same every time, and, played as the guide suggests against the window's two easy
players, its first round meets the moments it is designed to teach."""

from __future__ import annotations

import sys
from pathlib import Path

from solemio.ai import make_agent
from solemio.engine import load_cardset
from solemio.engine.saves import digest, game_from_dict, game_to_dict
from solemio.show import guide

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from guide_helpers import guided_choice  # noqa: E402

from solemio.engine import events as E

CS = load_cardset(guide.EDITION)


def first_round(stop_round: int = 2) -> tuple:
    g = guide.deal(CS)
    agents = {i: make_agent(level, seat=i, seed=guide.SEED)
              for i, (_c, level) in enumerate(guide.SEATS) if level}
    while g.round < stop_round and not g.is_over():
        d = g.decision()
        g.apply(guided_choice(g, 0) if d.seat == 0 else agents[d.seat].decide(g))
    return g, g.events_for(0)


def test_the_deal_is_designed_and_reproducible():
    a, b = guide.deal(CS), guide.deal(CS)
    assert digest(a) == digest(b) and a.arranged is not None
    view = a.view(0)
    assert sorted(view.hand) == sorted(guide.DEAL_HANDS[0])
    assert a.decision().seat == 0 and a.decision().kind == "play"
    assert [len(a.view(s).hand) for s in range(3)] == [7, 7, 7]
    # every card of a three-player game, each in one place (the hook checks it)
    assert len(a.supply) == 31 and a.cards.scorer in a.supply


def test_following_the_guide_meets_every_key_moment_of_the_first_round():
    g, evs = first_round()
    ends = [e for e in evs if e["type"] == E.ROUND_END]
    assert ends and ends[0]["scorer"] == 0  # you reveal the oven
    # The Sole Mio! card: drawn by you with your first draw.
    first_draw = next(i for i, e in enumerate(evs) if e["type"] == E.DRAW)
    assert evs[first_draw - 1] == {"type": E.SCORER_DRAWN, "seat": 0}
    r1 = evs[:next(i for i, e in enumerate(evs) if e["type"] == E.NEW_ROUND)]
    # An order the columns fill: your first order, after the cards you played for it.
    assert any(e["type"] == E.FILLED and e["seat"] == 0 and not e["offered"]
               and not e["given"] for e in r1)
    # A series: your second four-of-a-kind order, kept in hand, joins the first.
    series = [e for e in r1 if e["type"] == E.SERIES and e["seat"] == 0]
    assert series and len(series[0]["orders"]) == 2
    # A help request and its reward: you ask, an opponent helps and takes its reward;
    # and you help an opponent and take yours.
    asked = next(e for e in r1 if e["type"] == E.HELP_ASKED and e["seat"] == 0)
    given = next(e for e in r1 if e["type"] == E.HELP_GIVEN and e["seat"] == 0)
    assert given["helper"] != 0 and asked["request"]
    assert any(e["type"] == E.REWARD and e["seat"] == given["helper"] and e["order"]
               for e in r1)
    assert any(e["type"] == E.HELP_GIVEN and e["helper"] == 0 for e in r1)
    assert any(e["type"] == E.REWARD and e["seat"] == 0 and e["order"] for e in r1)
    assert not [e for e in r1 if e["type"] == E.FAILED and e["seat"] == 0]


def test_following_the_guide_meets_help_and_a_block_in_the_second_round():
    """The second round is not laid out card by card (it follows from the first: the
    hands and the oven's leftovers carry over, the supply is shuffled again from the
    game's seed), but for a player who follows the guide it is fixed too, and meets help
    again and an opponent's Block order, which shows the person's cards (docs/ui-details.md)."""
    g, evs = first_round(stop_round=99)
    assert g.is_over()
    start = next(i for i, e in enumerate(evs) if e["type"] == E.NEW_ROUND)
    r2 = evs[start:]
    block = next(e for e in r2 if e["type"] == E.BLOCK and e["seat"] != 0)
    assert "0" in block["revealed"]  # your cards of its owner's kind are shown
    assert guide.event_tip(block, 0, "Sole Mio!", ["You", "Giulia", "Marco"],
                           [c for c, _l in guide.SEATS])
    assert any(e["type"] == E.HELP_GIVEN and e["seat"] == 0 for e in r2)  # you are helped
    assert any(e["type"] in (E.HELP_GIVEN, E.HELP_DECLINED) and e.get("helper") == 0
               for e in r2)  # and asked
    assert any(e["type"] == E.ROUND_END and e["scorer"] == 0 for e in r2)


def test_a_guided_game_is_saved_with_its_position_and_resumed_exactly():
    g, _evs = first_round()
    data = game_to_dict(g)
    assert "position" in data
    back, _extra = game_from_dict(data, "test")
    assert digest(back) == digest(g) and back.arranged is not None
    start = g.restart()
    assert digest(start) == digest(guide.deal(CS))


def test_a_finished_guided_game_replays_from_its_record():
    """The record of a guided game (the engine's save) carries the designed deal: the
    replay follows every hand from it to the end, equal to the engine's."""
    from solemio.show.replay import ReplayShow

    g, _evs = first_round(stop_round=99)
    assert g.is_over()
    back, _extra = game_from_dict(game_to_dict(g), "record")
    show = ReplayShow(back)
    start = show.moment(show.start)
    assert sorted(start.hands[0]) == sorted(guide.DEAL_HANDS[0])
    end = show._advance(start, show.end)
    assert [sorted(h) for h in end.hands] == [sorted(back.hand_faces(s)) for s in range(3)]
