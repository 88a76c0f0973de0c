"""Your own orders can be read in your hand (issue 24, item 3): no order card lies (almost)
behind another, at the table or in the reveal, in a full hand of seven at every window
size; ingredients close up instead.  An order tucked behind the next showed a third of
its face in the reveal ("Pizza of everything" could not be read while deciding whether
to help), and the table's fan cut the end of every title ("Pizza Bombastic")."""

from __future__ import annotations

import pytest

from solemio.engine.kinds import KINDS
from solemio.ui import layout
from solemio.ui.table.reveal.paint import hand_faces, reveal_hand_rects, reveal_layout

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (1920, 480), (3840, 2160)]
INGREDIENTS = [("olive", 1), ("salami", 1), ("pineapple", 2), ("pepper", 1), ("mushroom", 1)]
ORDERS = [("blue", "one-of-each"), ("blue", "bombastica"), ("blue", "minimale"),
          ("blue", "monotoni"), ("blue", "own-plus-four-pepper")]


def _hand(n_orders: int, n: int = 7) -> tuple:
    return tuple(INGREDIENTS[: n - n_orders]) + tuple(ORDERS[:n_orders])


def _uncovered(rects: list, i: int) -> int:
    """How much of card ``i``'s width no later card (drawn over it) covers."""
    r = rects[i]
    right = r.right
    for later in rects[i + 1:]:
        if later.colliderect(r):
            right = min(right, later.x)
    return right - r.x


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n_orders", [1, 2, 3, 4, 5])
def test_every_order_shows_whole_in_the_reveal_hand(size, n_orders):
    _L, area, _choices = reveal_layout(size, 3, 0)
    hand = hand_faces_of(_hand(n_orders))
    rects = reveal_hand_rects(area.size, hand)
    for i, face in enumerate(hand):
        r = rects[i]
        assert 0 <= r.x and r.right <= area.w, (size, face, r, area)
        if face[0] not in KINDS:
            assert _uncovered(rects, i) >= r.w, (size, n_orders, face, rects)
        else:  # an ingredient keeps its corner (number and kind) showing
            assert _uncovered(rects, i) >= r.w * 0.3, (size, face, rects)
    # Cards one can still read: at least 45% of the hand band's height (five orders in
    # a 1024x640 window: 64 pixels wide, their titles whole).
    assert rects[0].h >= area.h * 0.45, (size, n_orders, rects[0])


def hand_faces_of(hand: tuple) -> tuple:
    class _Show:  # hand_faces takes a show state; only its hand is read
        pass

    show = _Show()
    show.hand = hand
    return hand_faces(show)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n_orders", [1, 3, 4, 5])
def test_every_order_shows_whole_in_the_table_hand(size, n_orders):
    L = layout.table_layout(size, 3)
    hand = _hand(n_orders)
    fan = layout.fan_of_cards(L.hand, len(hand), L.hand_card_h, arc=0.05,
                              whole=[f[0] not in KINDS for f in hand])
    rects = [d for d, _hit in fan]
    for i, face in enumerate(hand):
        assert L.hand.x <= rects[i].x and rects[i].right <= L.hand.right + 1, (size, rects[i])
        if face[0] not in KINDS:
            assert _uncovered(rects, i) >= rects[i].w, (size, n_orders, face, rects)
    hits = [hit for _d, hit in fan]
    for a, b in zip(hits, hits[1:], strict=False):
        assert not a.colliderect(b)


def test_the_table_scene_lays_its_hand_out_so(make_app):
    """The table's own hand widgets (not only the layout function) keep orders whole."""
    from ui_helpers import FAST_AGENTS

    from solemio.engine.scenario import build_position
    from solemio.engine.yamlsource import load_text
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui.scenes.table import TableScene

    text = ("name: a full hand\nedition: mamma-mia\nseats: [blue, green, brown]\nsetup:\n"
            "  start: turn\n  hands: {0: [salami, pineapple, olive, blue:one-of-each, "
            "blue:bombastica, blue:minimale, blue:monotoni]}\n")
    game, _data = build_position(load_text(text, "hand.yaml"))
    app = make_app((1024, 640), language="fr")
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=False),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(game.cs, seats, 1, agent_options=FAST_AGENTS)
    sess.game, sess.cardset, sess.cursor = game, game.cs, 0
    table = app.manager.push(TableScene(app, sess))
    for _ in range(10):
        app.step([], 0.1, draw=False)
    cards = [w for w in table.focus.widgets if w.name.startswith("hand")]
    assert len(cards) == 7
    rects = [w.draw_rect for w in cards]
    for i, w in enumerate(cards):
        if w.face[0] not in KINDS:
            assert _uncovered(rects, i) >= rects[i].w, (w.face, rects)
