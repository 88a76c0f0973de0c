"""The director in hot-seat play: what the screen shows must not depend on a hidden hand.

No pygame.  Two positions differ only in one person's hidden hand: in one that
person holds a partner for a series (or the cards a help request asks for), in
the other not.  A small loop plays the director's cues as the window does
(events taken into the feed, hands hidden, pass screens confirmed, the person at
the screen answering) and records every screen; with two people at the table the
two records must be the same, event for event and screen for screen.
"""

from __future__ import annotations

from solemio.engine import events as E
from solemio.engine.scenario import build_position
from solemio.engine.yamlsource import load_text
from solemio.show.director import keep_hand_after_choice, next_cue, only_answer
from solemio.show.table import SeatTable

SERIES = """
name: blue's four-of-a-kind is revealed; blue holds {held}
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 2
  columns: [pepper, pepper, pepper, pepper, salami]
  oven: [blue:four-pepper, olive]
  hands: {{0: [{held}, olive, mushroom], 1: [olive, salami], 2: [pineapple]}}
"""

HELP = """
name: brown asks for 2 peppers; blue holds {held}
edition: sole-mio
seats: [blue, green, brown]
setup:
  start: reveal
  scorer: 1
  columns: [pepper, pepper]
  oven: [brown:four-pepper, olive]
  hands: {{0: [{held}, olive], 1: [olive, salami], 2: [olive]}}
"""


def _choose(d) -> tuple:
    """Every seat answers by a public rule, the same in both positions: a series alone,
    no help given, a request for help rather than giving up, else the first choice."""
    if d.kind == "series":
        return next(c for c in d.choices if len(c[1]) == 1)
    if d.kind == "help":
        return ("decline",)
    if d.kind == "fill":
        asks = [c for c in d.choices if c[0] == "fill" and c[2] is not None]
        return asks[0] if asks else d.choices[0]
    return d.choices[0]


def screens(text: str, persons: list[int], viewer: int | None) -> list[tuple]:
    """The cues the director gives, as the window plays them, until the reveal is over."""
    game, _ = build_position(load_text(text, "director.yaml"))
    shown = game.event_count()
    seen: list[tuple] = []
    for _ in range(500):
        table = SeatTable(game, viewer)
        evs = game.events_for(viewer, shown)[:1]
        cue = next_cue(evs, table.deciding(), persons, viewer, table.only_answer())
        if cue.what == "event":
            seen.append(("event", cue.event["type"], cue.event.get("seat")))
            shown += 1
            if cue.event["type"] in (E.NEW_ROUND, E.GAME_OVER):
                return seen
            continue
        seen.append((cue.what, cue.seat))
        if cue.what == "hide":
            viewer = None
        elif cue.what == "handover":
            viewer = cue.seat  # the person confirms the pass screen
        elif cue.what in ("decide", "answer", "computer"):
            d = game.decision()
            game.apply(_choose(d))
            if cue.what == "decide" and len(persons) > 1 and not keep_hand_after_choice(
                    game.decision().seat if game.decision() else None, viewer,
                    game.events_for(viewer, shown)):
                viewer = None
        else:
            return seen
    raise AssertionError("the reveal did not end")


def _asked(text: str, held: str, seat: int, kind: str) -> tuple:
    game, _ = build_position(load_text(text.format(held=held), "director.yaml"))
    while True:
        d = game.decision()
        if d.seat == seat and d.kind == kind:
            return d.choices
        game.apply(_choose(d))


def test_the_positions_differ_only_in_what_the_person_holds():
    # With a partner the person has a real choice; without, only the order alone.
    assert len(_asked(SERIES, "blue:four-salami", 0, "series")) > 1
    assert len(_asked(SERIES, "blue:two-each", 0, "series")) == 1
    # Blue can give 2 peppers, or cannot.
    assert len(_asked(HELP, "pepper, pepper", 0, "help")) > 1
    assert _asked(HELP, "salami, mushroom", 0, "help") == (("decline",),)


def test_hot_seat_series_question_shows_the_same_screens_with_or_without_partners():
    for viewer in (None, 1):
        with_partner = screens(SERIES.format(held="blue:four-salami"), [0, 1], viewer)
        without = screens(SERIES.format(held="blue:two-each"), [0, 1], viewer)
        assert with_partner == without
        # The owner is called to the screen and answers there, in both.
        i = with_partner.index(("decide", 0))
        assert ("handover", 0) in with_partner[:i]


def test_hot_seat_help_request_shows_the_same_screens_whether_or_not_the_hand_can_help():
    for viewer in (None, 0, 1):
        can = screens(HELP.format(held="pepper, pepper"), [0, 1], viewer)
        cannot = screens(HELP.format(held="salami, mushroom"), [0, 1], viewer)
        assert can == cannot
        assert ("decide", 0) in can and ("handover", 0) in can or viewer == 0


def test_one_person_is_spared_a_pointless_screen():
    # Alone at the table nobody can learn anything: a decision with one answer that
    # reveals nothing is answered for them ("answer"), never a pass screen.
    alone = screens(SERIES.format(held="blue:two-each"), [0], 0)
    assert ("answer", 0) in alone and not [s for s in alone if s[0] == "handover"]
    partner = screens(SERIES.format(held="blue:four-salami"), [0], 0)
    assert ("decide", 0) in partner and not [s for s in partner if s[0] == "handover"]
    cannot = screens(HELP.format(held="salami, mushroom"), [0], 0)
    assert ("answer", 0) in cannot


def test_only_answer_names_the_secret_keeping_decisions():
    assert only_answer("series", ((("series", (("four-olive", 4),))),))
    assert only_answer("help", (("decline",),))
    assert not only_answer("help", (("help", (("pepper", 2, 0),)), ("decline",)))
    assert not only_answer("fill", (("give-up",),))
    assert not only_answer(None, ())
