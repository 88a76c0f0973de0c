"""Each event in words, in one place: one function per event type, for every place it is said.

A newcomer who wants to change how "help given" reads opens this file and
finds :func:`help_given`: the line of the learner's log, the replay's caption,
the helper's bubble in the reveal and the note under the order, side by side.
The table, the recap after a pass screen, the learner's log, the replay and
the reveal all come here (through :func:`words`, or the shapes the screens ask
for in :mod:`solemio.announce.screens`); :data:`WORDS` maps every event type of
:mod:`solemio.engine.events` to its function, and ``tests/test_every_event.py``
fails on a type without one, or whose words do not render in every language.

A place may say nothing about an event (a draw is not in the recap): the
function returns ``NOTHING`` there.  Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from solemio.announce.phrases import card_name, faces_to_cards, fail_reason, order_full_name
from solemio.engine import events as E
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import _, data_text, ngettext
from solemio.texts import (
    a_card,
    and_list,
    announcement,
    cards_text,
    describe_variant,
    kind_units,
    order_kind,
    order_name,
    request_text,
)


class Place(StrEnum):
    """Where an event is said; each asks for its own phrasing."""

    SAID = "said"  # beside a seat's panel at the table, after its name ("2 olives")
    FORCED = "forced"  # to the one person at the screen, whose move had no choice
    RECAP = "recap"  # a line of the recap a person sees after a pass screen
    LOG = "log"  # a line of the learner's fuller log (the recap's lines, and more)
    REPLAY = "replay"  # the caption under a replay's table
    BUBBLE = "bubble"  # what a seat says aloud in the reveal
    OPENING = "opening"  # the reveal's first words, as the scorer turns the oven over
    NOTES = "notes"  # the lines under the order on show in the reveal
    HEADING = "heading"  # a heading of the learner's log: a round begins ("Round 2")


@dataclass(frozen=True)
class Words:
    """An event's words in one place: its lines, and for a bubble who says them and how
    long they stay (seconds at speed 1)."""

    lines: tuple[str, ...] = ()
    speaker: int | None = None
    seconds: float = 0.0

    @property
    def line(self) -> str:
        """The first line ("" when the place says nothing)."""
        return self.lines[0] if self.lines else ""


NOTHING = Words()


def nobody(seat: int | None) -> bool:
    return False


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the words need it: names, the card set (order names), the seats'
    colours (their own kinds), and who is spoken to as "you" (the one person at the
    table; with several people at one screen, each is called by name)."""

    names: Sequence[str]
    cardset: Any
    colours: Sequence[str] = ()
    you: Callable[[int | None], bool] = field(default=nobody)

    @classmethod
    def of(cls, session: Any) -> Seating:
        """The seating of a game session (solemio.ui.session.Session or alike)."""
        return cls(session.names, session.cardset, [s.colour for s in session.seats],
                   session.you)

    def own_kind(self, seat: int) -> str:
        return COLOUR_KIND[self.colours[seat]] if seat < len(self.colours) else KINDS[0]

    def name(self, seat: Any) -> str:
        """A seat's name ("" for a seat that is not there: a replay of a damaged record)."""
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) \
            else ""

    def label(self, seat: Any) -> str:
        """A seat as a label of its own ("Anna: 2 olives", a bubble's speaker): "You" for
        the one person spoken to, whatever name the seat has."""
        return _("You") if self.you(seat) else self.name(seat)

    def inside(self, seat: Any) -> str:
        """A seat named inside a sentence or a list ("Anna helps you", "Shared win: Anna
        and you"): "you" for the one person spoken to."""
        return _("you") if self.you(seat) else self.name(seat)


def _one(*lines: str) -> Words:
    return Words(tuple(lines))


def _named(at: Seating, seat: int, what: str) -> Words:
    """A seat's announcement in a list of lines: "Anna: 2 olives"."""
    return _one(_("{name}: {what}", name=at.label(seat), what=what))


def _scorer_card(at: Seating) -> str:
    return data_text(at.cardset.scorer_name)


# ---------------------------------------------------------------- the turns


def _round_heading(ev: dict) -> Words:
    return _one(_("Round {r}", r=ev["round"]))


def setup(ev: dict, at: Seating, place: Place) -> Words:
    if place is Place.HEADING:
        return _round_heading(ev)
    return deal(ev, at, place)


def deal(ev: dict, at: Seating, place: Place) -> Words:
    if place is Place.REPLAY:
        return _one(_("The cards are dealt."))
    return NOTHING


def turn(ev: dict, at: Seating, place: Place) -> Words:
    if place is Place.REPLAY:
        if at.you(ev["seat"]):
            return _one(_("Your turn"))
        return _one(_("{name}'s turn", name=at.name(ev["seat"])))
    return NOTHING


def play(ev: dict, at: Seating, place: Place) -> Words:
    what = announcement(ev["kind"], ev["singles"], ev["doubles"])
    if place is Place.SAID:
        return _one(what)
    if place is Place.FORCED:
        card = a_card(ev["kind"], double=True) if ev["doubles"] else kind_units(ev["kind"], 1)
        return _one(_("Your only ingredient, {card}, goes into the oven.", card=card))
    if place in (Place.RECAP, Place.LOG, Place.REPLAY):
        return _named(at, ev["seat"], what)
    return NOTHING


def pass_(ev: dict, at: Seating, place: Place) -> Words:
    if place is Place.SAID:
        return _one(_("you pass: no ingredient cards") if at.you(ev["seat"]) else
                    _("passes: no ingredient cards"))
    if place is Place.FORCED:
        return _one(_("You hold no ingredient cards, so you pass."))
    if place in (Place.RECAP, Place.LOG, Place.REPLAY):
        return _named(at, ev["seat"], _("passes: no ingredient cards"))
    return NOTHING


def order(ev: dict, at: Seating, place: Place) -> Words:
    face = tuple(ev["order"])
    if place is Place.REPLAY:  # the caption is short: the order's name only
        return _named(at, ev["seat"], _("adds an order: {name}",
                                        name=order_name(at.cardset, face[1])))
    # Order cards are played face up: the order is named in full.
    name = order_full_name(at.cardset, face)
    if place is Place.SAID:
        return _one(_("you add an order: {name}", name=name) if at.you(ev["seat"]) else
                    _("adds an order: {name}", name=name))
    if place in (Place.RECAP, Place.LOG):
        return _named(at, ev["seat"], _("adds an order: {name}", name=name))
    return NOTHING


def draw(ev: dict, at: Seating, place: Place) -> Words:
    n = int(ev.get("count", 0))
    name = at.name(ev["seat"])
    if at.you(ev["seat"]) and place is Place.LOG:
        if ev.get("source") == "stack":
            return _one(ngettext("You draw {n} order from your stack",
                                 "You draw {n} orders from your stack", n))
        return _one(ngettext("You draw {n} card from the supply",
                             "You draw {n} cards from the supply", n))
    if at.you(ev["seat"]) and place is Place.REPLAY:
        if ev.get("source") == "supply":
            return _one(ngettext("You draw {n} card from the supply.",
                                 "You draw {n} cards from the supply.", n))
        return _one(ngettext("You draw {n} order from your stack.",
                             "You draw {n} orders from your stack.", n))
    if place is Place.LOG:
        if ev.get("source") == "stack":
            return _one(ngettext("{name} draws {n} order from their stack",
                                 "{name} draws {n} orders from their stack", n, name=name))
        return _one(ngettext("{name} draws {n} card from the supply",
                             "{name} draws {n} cards from the supply", n, name=name))
    if place is Place.REPLAY:
        if ev.get("source") == "supply":
            return _one(ngettext("{name} draws {n} card from the supply.",
                                 "{name} draws {n} cards from the supply.", n, name=name))
        return _one(ngettext("{name} draws {n} order from their stack.",
                             "{name} draws {n} orders from their stack.", n, name=name))
    return NOTHING


def scorer_drawn(ev: dict, at: Seating, place: Place) -> Words:
    card = _scorer_card(at)
    if place is Place.SAID:
        return _one(_("you draw the {card} card!", card=card) if at.you(ev["seat"]) else
                    _("draws the {card} card!", card=card))
    if place in (Place.RECAP, Place.LOG, Place.REPLAY):
        return _named(at, ev["seat"], _("draws the {card} card!", card=card))
    return NOTHING


def round_end(ev: dict, at: Seating, place: Place) -> Words:
    scorer = ev["scorer"]
    if place in (Place.RECAP, Place.LOG):
        if at.you(scorer):
            return _one(_("Round {r} is over; you turn the oven over", r=ev["round"]))
        return _one(_("Round {r} is over; {name} turns the oven over", r=ev["round"],
                      name=at.name(scorer)))
    if place is Place.REPLAY:
        if at.you(scorer):
            return _one(_("The round is over: you turn the oven over."))
        return _one(_("The round is over: {name} turns the oven over.", name=at.name(scorer)))
    if place is Place.OPENING:
        return Words((_("The round is over!"),
                      _("You turn the oven over.") if at.you(scorer)
                      else _("{name} turns the oven over.", name=at.name(scorer))), scorer, 1.6)
    return NOTHING


# ---------------------------------------------------------------- the reveal


def reveal(ev: dict, at: Seating, place: Place) -> Words:
    face = tuple(ev["card"])
    is_order = face[0] not in KINDS
    if place is Place.REPLAY:
        return _one(_("Revealed: {name}", name=order_name(at.cardset, face[1]) if is_order
                      else a_card(face[0], face[1] == 2)))
    if place is Place.BUBBLE and is_order:
        owner = ev.get("owner", 0)
        return Words((at.label(owner), _("an order: {name}",
                                        name=order_name(at.cardset, face[1]))), owner, 1.4)
    return NOTHING


def series(ev: dict, at: Seating, place: Place) -> Words:
    if place is not Place.NOTES:
        return NOTHING
    seat, cs = ev["seat"], at.cardset
    n = len(ev["orders"])
    own = at.own_kind(seat)
    parts = " + ".join(
        kind_units(k, u) if (k := order_kind(cs, o, own)) else
        f"{order_name(cs, o)} = {u}" for o, u in ev["orders"])
    if at.you(seat):
        return _one(ngettext("You reveal it alone: {list}",
                             "You play a series of {n}: {list}", n, list=parts))
    return _one(ngettext("{name} reveals it alone: {list}",
                         "{name} plays a series of {n}: {list}", n,
                         name=at.name(seat), list=parts))


def variant(ev: dict, at: Seating, place: Place) -> Words:
    if place is not Place.NOTES:
        return NOTHING
    seat = ev["seat"]
    kinds = describe_variant(at.cardset, ev.get("order"), list(ev["kinds"]), at.own_kind(seat))
    if at.you(seat):
        return _one(_("You choose: {kinds}", kinds=kinds))
    return _one(_("{name} chooses: {kinds}", name=at.name(seat), kinds=kinds))


def help_asked(ev: dict, at: Seating, place: Place) -> Words:
    seat = ev["seat"]
    req = request_text([tuple(x) for x in ev.get("request", [])])
    if place is Place.BUBBLE:
        return Words((at.label(seat), _("Who helps me with {req}?", req=req)), seat, 1.6)
    if place in (Place.NOTES, Place.LOG) and at.you(seat):
        return _one(_("You ask for help: {req}", req=req))
    if place in (Place.NOTES, Place.LOG):
        return _one(_("{name} asks for help: {req}", name=at.name(seat), req=req))
    return NOTHING


def help_declined(ev: dict, at: Seating, place: Place) -> Words:
    helper = ev["helper"]
    if place in (Place.NOTES, Place.REPLAY) and at.you(helper):
        return _one(_("You do not help."))
    if place in (Place.NOTES, Place.REPLAY):
        return _one(_("{name} does not help.", name=at.name(helper)))
    if place is Place.LOG:
        if at.you(helper):
            return _one(_("You do not help {name}", name=at.name(ev["seat"])))
        if at.you(ev["seat"]):
            return _one(_("{helper} does not help you", helper=at.name(helper)))
        return _one(_("{helper} does not help {name}", helper=at.name(helper),
                      name=at.name(ev["seat"])))
    return NOTHING


def help_given(ev: dict, at: Seating, place: Place) -> Words:
    helper = ev["helper"]
    if place is Place.BUBBLE:
        return Words((at.label(helper), _("I'll help!")), helper, 1.2)
    if place is Place.LOG:
        if at.you(helper):
            return _one(_("You help {name}", name=at.name(ev["seat"])))
        if at.you(ev["seat"]):
            return _one(_("{helper} helps you", helper=at.name(helper)))
        return _one(_("{helper} helps {name}", helper=at.name(helper), name=at.name(ev["seat"])))
    cards = cards_text(faces_to_cards(ev["cards"]))
    if place in (Place.NOTES, Place.REPLAY) and at.you(helper):
        return _one(_("You help with {cards}.", cards=cards))
    if place in (Place.NOTES, Place.REPLAY):
        return _one(_("{name} helps with {cards}.", name=at.name(helper), cards=cards))
    return NOTHING


def reward(ev: dict, at: Seating, place: Place) -> Words:
    seat = ev["seat"]
    if place is Place.LOG and ev.get("order"):
        if at.you(seat):
            return _one(_("You take the top order of your stack as a reward"))
        return _one(_("{name} takes the top order of their stack as a reward",
                      name=at.name(seat)))
    if place is not Place.NOTES:
        return NOTHING
    if ev.get("order"):
        if at.you(seat):
            return _one(_("You take the top order of your stack as a reward."))
        return _one(_("{name} takes the top order of their stack as a reward.",
                      name=at.name(seat)))
    if at.you(seat):
        return _one(_("Your order stack is empty: no reward."))
    return _one(_("{name}'s order stack is empty: no reward.", name=at.name(seat)))


def block(ev: dict, at: Seating, place: Place) -> Words:
    if place is not Place.NOTES:
        return NOTHING
    revealed = dict(ev["revealed"])
    shown = [f"{at.label(int(st))}: {sum(f[1] for f in faces)}"
             for st, faces in sorted(revealed.items(), key=lambda x: int(x[0]))]
    return _one(_("Block needs {n}; the others hold {list}.", n=ev["needed"],
                  list=", ".join(shown) or "0"),
                _("Blocked!") if ev["blocked"] else _("Nobody can block it."))


def show(ev: dict, at: Seating, place: Place) -> Words:
    if place is not Place.NOTES:
        return NOTHING
    card = card_name(tuple(ev["shown"]))
    if at.you(ev["asked"]):
        return _one(_("You show {card}.", card=card))
    return _one(_("{name} shows {card}.", name=at.name(ev["asked"]), card=card))


def filled(ev: dict, at: Seating, place: Place) -> Words:
    seat, face = ev["seat"], tuple(ev["order"])
    if place is Place.BUBBLE:
        return Words((at.label(seat), _("Order filled!")), seat, 1.2)
    if place in (Place.RECAP, Place.LOG, Place.REPLAY):
        what = order_full_name(at.cardset, face) if place is not Place.REPLAY \
            else order_name(at.cardset, face[1])
        if at.you(seat):
            return _one(_("You fill {order}", order=what))
        return _one(_("{name} fills {order}", name=at.name(seat), order=what))
    return NOTHING


def failed(ev: dict, at: Seating, place: Place) -> Words:
    seat, face = ev["seat"], tuple(ev["order"])
    if place is Place.NOTES:
        return _one(_("Not filled: {why}.", why=fail_reason(ev["reason"])))
    if place in (Place.RECAP, Place.LOG):
        if at.you(seat):
            return _one(_("You do not fill {order}", order=order_full_name(at.cardset, face)))
        return _one(_("{name} does not fill {order}", name=at.name(seat),
                      order=order_full_name(at.cardset, face)))
    if place is Place.REPLAY:
        if at.you(seat):
            return _one(_("Your order is not filled: {order}",
                          order=order_name(at.cardset, face[1])))
        return _one(_("{name}'s order is not filled: {order}", name=at.name(seat),
                      order=order_name(at.cardset, face[1])))
    return NOTHING


def scorer_moved(ev: dict, at: Seating, place: Place) -> Words:
    seat, card = ev["seat"], _scorer_card(at)
    if place is Place.BUBBLE:
        return Words((at.label(seat), _("take the {card} card!", card=card) if at.you(seat)
                      else _("takes the {card} card!", card=card)), seat, 1.4)
    if place in (Place.RECAP, Place.LOG) and at.you(seat):
        return _one(_("You take the {card} card", card=card))
    if place is Place.REPLAY and at.you(seat):
        return _one(_("You take the {card} card.", card=card))
    if place in (Place.RECAP, Place.LOG):
        return _one(_("{name} takes the {card} card", name=at.name(seat), card=card))
    if place is Place.REPLAY:
        return _one(_("{name} takes the {card} card.", name=at.name(seat), card=card))
    return NOTHING


def new_round(ev: dict, at: Seating, place: Place) -> Words:
    if place is Place.HEADING:
        return _round_heading(ev)
    if place in (Place.RECAP, Place.LOG) and at.you(ev["first"]):
        return _one(_("Round {r} begins; you start", r=ev["round"]))
    if place in (Place.RECAP, Place.LOG):
        return _one(_("Round {r} begins; {name} starts", r=ev["round"],
                      name=at.name(ev["first"])))
    if place is Place.REPLAY:
        return _one(_("Round {r} begins.", r=ev["round"]))
    return NOTHING


def game_over(ev: dict, at: Seating, place: Place) -> Words:
    if place is not Place.REPLAY:
        return NOTHING
    winners = ev.get("winners", [])
    if len(winners) == 1:
        if at.you(winners[0]):
            return _one(_("You win!"))
        return _one(_("{name} wins!", name=at.name(winners[0])))
    return _one(_("Shared win: {names}", names=and_list([at.inside(i) for i in winners])))


WordsOf = Callable[[dict, Seating, Place], Words]

# Every event type's words (tests/test_every_event.py holds it to engine.events.ALL).
WORDS: dict[str, WordsOf] = {
    E.SETUP: setup, E.DEAL: deal, E.TURN: turn, E.PLAY: play, E.PASS: pass_, E.ORDER: order,
    E.DRAW: draw, E.SCORER_DRAWN: scorer_drawn, E.ROUND_END: round_end, E.REVEAL: reveal,
    E.SERIES: series, E.VARIANT: variant, E.HELP_ASKED: help_asked,
    E.HELP_DECLINED: help_declined, E.HELP_GIVEN: help_given, E.REWARD: reward,
    E.BLOCK: block, E.SHOW: show, E.FILLED: filled, E.FAILED: failed,
    E.SCORER_MOVED: scorer_moved, E.NEW_ROUND: new_round, E.GAME_OVER: game_over,
}


def words(ev: dict, at: Seating, place: Place) -> Words:
    """``ev`` in words for ``place`` (NOTHING for a type this game does not know)."""
    of = WORDS.get(ev["type"])
    return of(ev, at, place) if of is not None else NOTHING
