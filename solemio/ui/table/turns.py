"""The turns' events on screen: what a seat says and the sound (the cards that fly:
``flights.py``).

The table scene calls :func:`show_turn_event` on each event the conductor
gives it during the turns (the conductor holds the stage for it; see
``solemio.show.pacing``).  The words come from ``solemio.announce``.
"""

from __future__ import annotations

from typing import Any

from solemio.announce import forced_text, said
from solemio.engine import events as E
from solemio.show.pacing import PERSON_FACTOR


def show_turn_event(screen: Any, session: Any, L: Any, rects: dict, ev: dict,
                    pace: float) -> None:
    """Start showing one event of the turns on ``screen`` (a GameScreen): its words and
    its sound.  ``rects``: the seats' panels; ``pace``: the table's pace."""
    t = ev["type"]
    s = session
    seat = ev.get("seat", -1)
    if seat < 0 or seat >= len(s.seats):
        return
    name = s.names[seat]
    own = seat == s.viewer and s.is_person(seat)
    words_pace = pace * PERSON_FACTOR if s.is_person(seat) else pace  # their own: faster
    if t == E.PLAY:
        n = ev["singles"] + ev["doubles"]
        # The seat held one ingredient card only (the show has taken it already): the
        # play was forced.  The person at the screen is told, not surprised.
        if own and s.show.seats[seat].ingredients + n == 1:
            screen.say(seat, [name, forced_text(ev)], pace * 2.0, icon_kind=ev["kind"])
        else:
            screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace * 1.4,
                       icon_kind=ev["kind"])
        screen.sfx("play")
    elif t == E.ORDER:
        # Order cards are played face up: the order is named in full.
        screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace * 1.4)
        screen.sfx("play")
    elif t == E.PASS:
        if own:
            screen.say(seat, [name, forced_text(ev)], pace * 2.0)
        else:
            screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace)
    elif t == E.DRAW:
        if ev.get("count"):
            screen.sfx("draw")
    elif t == E.SCORER_DRAWN:
        screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], pace * 1.6)
        screen.sfx("scorer")
