"""The turns' events on screen: what a seat says, the cards that fly, the sound.

The table scene calls :func:`show_turn_event` on each event the conductor
gives it during the turns (the conductor holds the stage for it; see
``solemio.show.pacing``).  The words come from ``solemio.announce``.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import forced_play_text, said
from solemio.engine import events as E
from solemio.i18n import _, data_text
from solemio.show.pacing import PERSON_FACTOR
from solemio.ui.anim import Flight


def card_in(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """A card of ``size`` centred on ``rect``."""
    r = pygame.Rect(0, 0, *size)
    r.center = rect.center
    return r


def show_turn_event(screen: Any, session: Any, L: Any, rects: dict, ev: dict,
                    pace: float) -> None:
    """Start showing one event of the turns on ``screen`` (a GameScreen): its words, its
    flights, its sound.  ``rects``: the seats' panels; ``pace``: the table's pace."""
    t = ev["type"]
    s = session
    seat = ev.get("seat", -1)
    if seat < 0 or seat >= len(s.seats):
        return
    name = s.names[seat]
    own = seat == s.viewer and s.is_person(seat)
    words_pace = pace * PERSON_FACTOR if s.is_person(seat) else pace  # their own: faster
    anims = screen.anims
    if t == E.PLAY:
        face = (ev["kind"], 2 if ev["doubles"] else 1)
        n = ev["singles"] + ev["doubles"]
        # The seat held one ingredient card only (the show has taken it already): the
        # play was forced.  The person at the screen is told, not surprised.
        if own and s.show.seats[seat].ingredients + n == 1:
            screen.say(seat, [name, forced_play_text(ev)], pace * 2.0, icon_kind=ev["kind"])
        else:
            screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace * 1.4,
                       icon_kind=ev["kind"])
        start = rects.get(seat, L.me)
        for i in range(n):
            anims.add(Flight(("face", face), card_in(start, L.oven.size), pygame.Rect(L.oven),
                             0.28, delay=0.06 * i, tag="oven"))
        screen.sfx("play")
    elif t == E.ORDER:
        # Order cards are played face up: the order is named in full.
        screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace * 1.4)
        anims.add(Flight(("face", tuple(ev["order"])), card_in(rects.get(seat, L.me),
                                                                L.oven.size),
                         pygame.Rect(L.oven), 0.28, tag="oven"))
        screen.sfx("play")
    elif t == E.PASS:
        if own:
            screen.say(seat, [name, _("You hold no ingredient cards, so you pass.")],
                       pace * 2.0)
        else:
            screen.say(seat, [name, said(ev, s.cardset, s.you(seat))], words_pace)
    elif t == E.DRAW:
        src = L.supply if ev["source"] == "supply" else rects.get(seat, L.me)
        dest = L.hand if seat == s.viewer else rects.get(seat, L.me)
        key = ("back",) if ev["source"] == "supply" else ("oback", s.seats[seat].colour)
        for i in range(ev.get("count", 0)):
            anims.add(Flight(key, pygame.Rect(src), card_in(dest, (src.w // 2, src.h // 2)),
                             0.3, delay=0.05 * i))
        if ev.get("count"):
            screen.sfx("draw")
    elif t == E.SCORER_DRAWN:
        card = data_text(s.cardset.scorer_name)
        screen.say(seat, [name, _("draw the {card} card!", card=card) if s.you(seat)
                          else _("draws the {card} card!", card=card)], pace * 1.6)
        screen.sfx("scorer")
