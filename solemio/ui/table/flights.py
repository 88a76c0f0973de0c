"""Cards in flight: one function per event type turns an event into the flights a screen
shows, and every event type has one (issue 23: an event is animated in one place).

The table, the reveal and the replay lay their cards out differently, so each says
where its cards lie (:class:`Spots`, in its own layout) and takes the flights
:func:`for_event` gives; a spot a screen does not have is None and nothing flies
there.  A :class:`~solemio.ui.anim.Flight` owns its picture's key and its rectangles
(the habit of pygame-ce's ``LayeredDirty``); :func:`image_for` turns a key into a
picture the screen already shows and :func:`paint` draws the flights.

An event type that moves no card maps to :func:`nothing_flies`, by name:
``tests/ui/test_flights.py`` asks that every event type the engine emits, in every
edition, is in :data:`FLIGHTS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from solemio.engine import events as E
from solemio.engine.kinds import KINDS
from solemio.ui.anim import Flight


def _none(*_args: Any) -> None:
    return None


@dataclass(frozen=True)
class Spots:
    """Where a screen shows the cards an event moves (each scene fills in its own).

    The turns: ``played_from(seat)`` where a seat's played cards take off,
    ``oven`` where they land; ``drawn_to(seat)`` where a seat's drawn cards land
    (at ``drawn_scale`` of the size they left the supply at, never larger than where
    they land), from ``supply`` or from the seat's order stack (``stack(seat)``, landing
    at ``orders_drawn_to(seat)`` when a screen has such a place); ``colour(seat)``: the
    backs of its orders.  A seat's panel gives the small cards of its piles, not the
    panel: a card the panel's size flew over its name and words.
    The reveal: ``oven_turned`` where the oven's cards are turned over,
    ``revealed_at(face)`` where a turned card lands (``turn_over``: it turns on
    its way), ``column_slot(kind index, i)`` the i-th card of a column with
    ``columns`` cards per kind now, ``order_on_show`` the order being revealed and
    ``owner_panel(seat)`` where it goes when it leaves (``order_home(seat, filled)``: the
    pile in that panel it joins, when the screen knows it).  ``pace`` turns the
    reveal's seconds into the speed chosen; ``is_show_order(face)``: a show order
    (its cards are not gathered: they were only shown).
    """

    played_from: Callable[[int], pygame.Rect | None] = _none
    oven: pygame.Rect | None = None
    drawn_to: Callable[[int], pygame.Rect | None] = _none
    orders_drawn_to: Callable[[int], pygame.Rect | None] | None = None
    drawn_scale: float = 1.0
    supply: pygame.Rect | None = None
    stack: Callable[[int], pygame.Rect | None] = _none
    colour: Callable[[int], str] = lambda seat: ""
    oven_turned: pygame.Rect | None = None
    revealed_at: Callable[[tuple], pygame.Rect | None] = _none
    turn_over: bool = False
    column_slot: Callable[[int, int], pygame.Rect] | None = None
    columns: Sequence[int] = field(default_factory=tuple)
    order_on_show: pygame.Rect | None = None
    owner_panel: Callable[[int], pygame.Rect | None] = _none
    order_home: Callable[[int, bool], pygame.Rect | None] | None = None
    pace: Callable[[float], float] = lambda seconds: seconds
    is_show_order: Callable[[tuple], bool] = lambda face: False


def card_in(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """A card of ``size`` centred on ``rect``."""
    r = pygame.Rect(0, 0, *size)
    r.center = rect.center
    return r


def taking_off(start: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where a card of ``size`` takes off from ``start``: no larger than ``start`` (a
    pile's small card in a seat's panel: the card grows on its way, never covering the
    panel's name or words)."""
    return card_in(start, (min(size[0], start.w), min(size[1], start.h)))


# --- one function per event type --------------------------------------------------------
def nothing_flies(ev: dict, spots: Spots) -> list[Flight]:
    """An event that moves no card (words, a hold, a screen: not a flight)."""
    return []


def play(ev: dict, spots: Spots) -> list[Flight]:
    """Ingredient cards from the seat to the oven, one after another: the singles, then
    the doubles."""
    start = spots.played_from(ev["seat"])
    if start is None or spots.oven is None:
        return []
    faces = [(ev["kind"], 1)] * ev["singles"] + [(ev["kind"], 2)] * ev["doubles"]
    return [Flight(("face", f), taking_off(start, spots.oven.size), pygame.Rect(spots.oven),
                   0.28, delay=0.06 * i, tag="oven") for i, f in enumerate(faces)]


def order(ev: dict, spots: Spots) -> list[Flight]:
    """An order card, face up, from the seat to the oven."""
    start = spots.played_from(ev["seat"])
    if start is None or spots.oven is None:
        return []
    return [Flight(("face", tuple(ev["order"])), taking_off(start, spots.oven.size),
                   pygame.Rect(spots.oven), 0.28, tag="oven")]


def draw(ev: dict, spots: Spots) -> list[Flight]:
    """Backs from the supply (or order backs from the seat's stack) to the seat."""
    seat, n = ev["seat"], ev.get("count", 0)
    supply = ev["source"] == "supply"
    src = spots.supply if supply else spots.stack(seat)
    dest = spots.drawn_to(seat) if supply or spots.orders_drawn_to is None \
        else spots.orders_drawn_to(seat)
    if not n or src is None or dest is None:
        return []
    key = ("back",) if supply else ("oback", spots.colour(seat))
    scale = spots.drawn_scale if supply else 1.0
    size = (min(int(src.w * scale), dest.w), min(int(src.h * scale), dest.h))
    # At the size it lands at from the start: a card shrinking on its way swept over the
    # panel it flew to.
    return [Flight(key, card_in(src, size), card_in(dest, size), 0.3, delay=0.05 * i)
            for i in range(n)]


def reveal(ev: dict, spots: Spots) -> list[Flight]:
    """One card of the oven turned over: an ingredient to its column, an order to where
    the order on show stands."""
    face = tuple(ev["card"])
    dest = spots.revealed_at(face)
    if spots.oven_turned is None or dest is None:
        return []
    ingredient = face[0] in KINDS
    seconds = 0.3 if ingredient else 0.35
    back = None
    if spots.turn_over:
        back = ("back",) if ingredient else ("oback", face[0])
    return [Flight(("face", face), pygame.Rect(spots.oven_turned), dest,
                   min(seconds, spots.pace(seconds)),
                   tag=KINDS.index(face[0]) if ingredient else None, back_key=back)]


def filled(ev: dict, spots: Spots) -> list[Flight]:
    """The ingredients used gather on the order and fade (not a show order's: they were
    only shown); the order flies to its owner."""
    target = spots.order_on_show
    if target is None or spots.column_slot is None:
        return []
    out: list[Flight] = []
    face = tuple(ev["order"])
    if not spots.is_show_order(face):
        # Where each used card lay before it left its column (the show has taken them).
        counts = list(spots.columns)
        used = [tuple(f) for f in ev["used"]]
        taken = used[: len(used) - len(ev.get("offered", [])) - len(ev.get("given", []))]
        for f in taken:
            if f[0] in KINDS:
                k = KINDS.index(f[0])
                start = spots.column_slot(k, counts[k])
                counts[k] += 1
                end = pygame.Rect(0, 0, start.w // 2, start.h // 2)
                end.center = target.center
                out.append(Flight(("face", f), start, end, spots.pace(0.5), fade=True))
    return out + _order_leaves(face, ev["seat"], spots, filled=True)


def failed(ev: dict, spots: Spots) -> list[Flight]:
    """The order shakes where it stands, then goes back to its owner."""
    r = spots.order_on_show
    if r is None:
        return []
    face = tuple(ev["order"])
    return [Flight(("face", face), pygame.Rect(r), pygame.Rect(r), spots.pace(0.5),
                   shake=True)] + _order_leaves(face, ev["seat"], spots)


def _order_leaves(face: tuple, seat: int, spots: Spots, filled: bool = False) -> list[Flight]:
    """The order card goes to its owner's panel (filled) or stack (not filled); its tag
    says so until it lands, so the panel does not show it there yet."""
    owner = spots.owner_panel(seat)
    target = spots.order_on_show
    if owner is None or target is None:
        return []
    home = spots.order_home(seat, filled) if spots.order_home is not None else None
    size = (target.w // 3, target.h // 3)
    if home is not None:  # the owner's filled pile or stack: never over the panel's words
        size, owner = (min(size[0], home.w), min(size[1], home.h)), home
    end = card_in(owner, size)
    return [Flight(("face", face), pygame.Rect(target), end, spots.pace(0.45),
                   delay=spots.pace(0.8), tag=("leaves", seat, face, filled))]


FLIGHTS: dict[str, Callable[[dict, Spots], list[Flight]]] = {
    E.SETUP: nothing_flies,
    E.DEAL: nothing_flies,  # the hands are dealt before the table is shown
    E.TURN: nothing_flies,
    E.PLAY: play,
    E.PASS: nothing_flies,
    E.ORDER: order,
    E.DRAW: draw,
    E.SCORER_DRAWN: nothing_flies,  # the bubble says it; the card stays with the seat
    E.ROUND_END: nothing_flies,  # the reveal's screen opens
    E.REVEAL: reveal,
    E.SERIES: nothing_flies,
    E.VARIANT: nothing_flies,
    E.HELP_ASKED: nothing_flies,
    E.HELP_DECLINED: nothing_flies,
    E.HELP_GIVEN: nothing_flies,  # the cards given are shown with the filled order
    E.REWARD: nothing_flies,
    E.BLOCK: nothing_flies,  # the cards shown are drawn over the order for a while
    E.SHOW: nothing_flies,
    E.FILLED: filled,
    E.FAILED: failed,
    E.SCORER_MOVED: nothing_flies,
    E.NEW_ROUND: nothing_flies,
    E.GAME_OVER: nothing_flies,
}


def for_event(ev: dict, spots: Spots) -> list[Flight]:
    """The flights ``ev`` brings on a screen laid out as ``spots`` (in the order they go)."""
    return FLIGHTS[ev["type"]](ev, spots)


# --- painting -----------------------------------------------------------------------------
def image_for(cards: Any, cardset: Any, key: tuple, size: tuple[int, int]
              ) -> pygame.Surface | None:
    """The picture of a flight's key at ``size``: an ingredient back, a seat's order back,
    or a face (None: a key nobody knows)."""
    what = key[0]
    if what == "back":
        return cards.ingredient_back(size)
    if what == "oback":
        return cards.order_back(key[1], size)
    if what == "face":
        return cards.face(tuple(key[1]), cardset, size, cardset.scorer_name)
    return None


def paint(surface: pygame.Surface, flights: Sequence[Flight],
          image: Callable[[tuple, tuple[int, int]], pygame.Surface | None]) -> None:
    """The flights under way, each at its place: turning over on the way (the back
    narrows, then the face widens), fading, shaking.

    One picture per flight, at a size the screen shows anyway, so a flight never renders
    a new picture: the card as it was where it took off (a turning card: its back there,
    its face as it lands); in-between sizes are a smooth scale.
    """
    for f in flights:
        if f.t < f.delay:
            continue
        r = f.rect()
        key = f.image_key
        squash = 1.0
        if f.back_key is not None:
            p = f.linear()
            if p < 0.5:
                key, squash = f.back_key, 1 - p / 0.5
            else:
                squash = (p - 0.5) / 0.5
        turned = f.back_key is not None and key is f.image_key
        # A face that grows on its way (from a pile in a panel to the oven) is drawn from
        # its picture where it lands, which the screen shows too.
        grows = f.back_key is None and f.end.w > f.start.w and key[0] == "face"
        size_of = f.end.size if turned or grows else f.start.size
        img = image(key, size_of)
        if img is None:
            continue
        size = (max(1, int(r.w * squash)), r.h)
        if img.get_size() != size:
            img = pygame.transform.smoothscale(img, size)
        elif f.fade:
            img = img.copy()
        if f.fade:
            img.set_alpha(int(255 * (1 - f.linear())))
        surface.blit(img, (r.centerx - size[0] // 2, r.y))
