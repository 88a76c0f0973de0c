"""The coach's findings in words: one item per finding, each with where it happened.

Used by ``solemio review`` (printed) and by the window (a list beside the
replay; an item's ``event`` is the replay position it jumps to).  Every text
passes through the translation functions.  No pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solemio import texts
from solemio.announce import order_full_name
from solemio.coach.analysis import FailedOrder, Review, UnplayedOrder
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.formats import number
from solemio.i18n import _, ngettext


@dataclass(frozen=True)
class Item:
    """One finding: a heading, its sentences, and the replay position it is about."""

    kind: str  # "failed", "unplayed", "mistake"
    title: str
    lines: tuple[str, ...]
    event: int  # the replay shows the game after this many events


def _cards(faces: Sequence[tuple]) -> str:
    counts = Counter(faces)
    kinds = [k for k in KINDS if counts[(k, 1)] or counts[(k, 2)]]
    return texts.cards_text([(k, counts[(k, 1)], counts[(k, 2)]) for k in kinds])


def _turns(numbers: Sequence[int]) -> str:
    return texts.and_list([str(n) for n in numbers])


def seat_names(review: Review, names: Sequence[str] | None) -> list[str]:
    colours = review.timeline.source.colours
    if names and len(names) == len(colours):
        return list(names)
    return [texts.sentence(texts.colour_name(c)) for c in colours]


def reason_text(f: FailedOrder) -> str:
    missing = texts.request_text(f.missing) if f.missing else ""
    if f.reason == "given-up":
        if missing:
            return _("given up: {missing} were missing", missing=missing)
        return _("given up")
    if f.reason == "no-help":
        return _("nobody helped with {request}", request=texts.request_text(f.asked or f.missing))
    if f.reason == "blocked":
        return _("blocked by the opponents")
    if f.reason == "kind-not-held":
        return _("you held no card of the kind shown")
    if f.reason == "nobody-to-ask":
        return _("nobody held an ingredient to show")
    if f.reason == "own-kind-in-columns":
        return _("your own kind lay in the columns")
    if f.reason == "no-kind":
        return _("no kind it could take lay in the columns")
    return _("not filled")


def failed_item(review: Review, f: FailedOrder, names: Sequence[str]) -> Item:
    cs = review.timeline.source.cs
    name = order_full_name(cs, f.order)
    if f.played_turn:
        title = _("{order} (round {r}, turn {t}): {reason}", order=name, r=f.round,
                  t=f.played_turn, reason=reason_text(f))
    else:
        title = _("{order} (round {r}, in a series): {reason}", order=name, r=f.round,
                  reason=reason_text(f))
    lines = []
    cols = [c for col in f.columns for c in col]
    if cols:
        lines.append(_("When it came up the columns held {cards}.", cards=_cards(cols)))
    else:
        lines.append(_("When it came up the columns were empty."))
    for t in f.taken_by:
        if t.seat == review.seat:
            lines.append(_("Your {order} (turn {t}) took {cards} before it.",
                           order=order_full_name(cs, t.order), t=t.turn, cards=_cards(t.took)))
        else:
            lines.append(_("{seat}'s {order} (turn {t}) took {cards} before it.",
                           seat=names[t.seat], order=order_full_name(cs, t.order), t=t.turn,
                           cards=_cards(t.took)))
    below = [(a.kind, 1) for a in f.announced_before for _i in range(a.singles)]
    below += [(a.kind, 2) for a in f.announced_before for _i in range(a.doubles)]
    if below:
        lines.append(ngettext("Announced into the oven before it, in {n} play: {cards}.",
                              "Announced into the oven before it, in {n} plays: {cards}.",
                              len(f.announced_before), cards=_cards(below)))
    lines += _turn_lines(f.would_fill_at_turns, f.would_fill_with_help_at_turns, f.turns_tried)
    if f.other_choice_would_fill:
        lines.append(_("At the reveal, other choices (kinds or cards from your hand) would "
                       "have filled it."))
    elif f.help_would_fill:
        lines.append(_("Asking for help could have saved it: an opponent held the cards."))
    if f.declined_by:
        lines.append(_("Declined to help: {seats}.",
                       seats=texts.and_list([names[s] for s in f.declined_by])))
    return Item("failed", texts.sentence(title), tuple(texts.sentence(x) for x in lines),
                f.event + 1)


def _turn_lines(alone: Sequence[int], helped: Sequence[int], tried: Sequence[int],
                unplayed: bool = False) -> list[str]:
    lines = []
    if alone:
        lines.append(ngettext("Played at your turn {turns} it would have been filled.",
                              "Played at your turns {turns} it would have been filled.",
                              len(alone), turns=_turns(alone)))
    if helped:
        lines.append(ngettext("At turn {turns} it would have been filled with help.",
                              "At turns {turns} it would have been filled with help.",
                              len(helped), turns=_turns(helped)))
    if not alone and not helped:
        if unplayed:
            lines.append(_("No turn of yours would have filled it.") if tried
                         else _("You had no turn to play it."))
        elif tried:
            lines.append(_("No other turn of yours would have filled it."))
        else:
            lines.append(_("You had no other turn to play it."))
    return lines


def unplayed_item(review: Review, u: UnplayedOrder, turn_events: dict[int, int]) -> Item:
    name = order_full_name(review.timeline.source.cs, u.order)
    if u.would_fill_at_turns:
        title = _("{order} never left your hand: the oven would have filled it",
                  order=name)
    else:
        title = _("{order} never left your hand", order=name)
    lines = _turn_lines(u.would_fill_at_turns, u.would_fill_with_help_at_turns, u.turns_tried,
                        unplayed=True)
    first = (u.would_fill_at_turns or u.would_fill_with_help_at_turns or u.turns_tried or [0])[0]
    return Item("unplayed", texts.sentence(title), tuple(texts.sentence(x) for x in lines),
                turn_events.get(first, 0))


#: a graded decision's kind (docs/engine-api.md) as the coach names it
DECISION_WORDS = {
    "play": lambda: _("your play"),
    "order": lambda: _("your order choice"),
    "draw": lambda: _("your draw"),
    "series": lambda: _("the orders you put in a series"),
    "variant": lambda: _("the kinds you chose for an order"),
    "fill": lambda: _("filling an order"),
    "help": lambda: _("your answer to a request for help"),
    "block": lambda: _("the cards you added to a block"),
    "show-ask": lambda: _("whom you asked to show a card"),
    "show-card": lambda: _("the card you showed"),
    "show-play": lambda: _("the card you played after a show"),
}


def mistake_item(review: Review, m: Any, names: Sequence[str]) -> Item:
    """A graded decision: what was chosen, what was better, and how much it cost."""
    cs = review.timeline.source.cs
    own = COLOUR_KIND.get(review.colour, "olive")
    grade = {"blunder": _("a blunder"), "mistake": _("a mistake"),
             "inaccuracy": _("an inaccuracy")}.get(m.grade, m.grade)
    what = DECISION_WORDS.get(m.decision, lambda: m.decision)()
    title = _("Turn {t}, {decision}: {grade}, about {loss} orders lost", t=m.turn,
              decision=what, grade=grade, loss=number(m.loss, 1))
    lines = [_("You chose: {choice}.", choice=texts.describe_choice(m.chosen, cs, names, own,
                                                                   m.order, spoken_to=True)),
             _("Better: {choice}.", choice=texts.describe_choice(m.better, cs, names, own,
                                                                m.order, spoken_to=True)),
             _("Estimated by the hard computer player's play-outs from what you knew then.")]
    return Item("mistake", texts.sentence(title), tuple(texts.sentence(x) for x in lines),
                m.event)


def items(review: Review, names: Sequence[str] | None = None) -> list[Item]:
    """Every finding of ``review``, in the order of the game."""
    names = seat_names(review, names)
    turn_events = {t.number: t.event + 1 for t in review.timeline.turns}
    out = [m.item(review, names) for m in review.mistakes]
    out += [failed_item(review, f, names) for f in review.failed]
    out += [unplayed_item(review, u, turn_events) for u in review.unplayed]
    return out


def summary(review: Review, names: Sequence[str] | None = None) -> str:
    """One line: whose game and how many findings."""
    names = seat_names(review, names)
    if review.graded:
        return _("{name}: {failed}, {unplayed}, {mistakes}.", name=names[review.seat],
                 failed=ngettext("{n} order not filled", "{n} orders not filled",
                                 len(review.failed)),
                 unplayed=ngettext("{n} order never played", "{n} orders never played",
                                   len(review.unplayed)),
                 mistakes=ngettext("{n} costly decision", "{n} costly decisions",
                                   len(review.mistakes)))
    return _("{name}: {failed}, {unplayed}.", name=names[review.seat],
             failed=ngettext("{n} order not filled", "{n} orders not filled", len(review.failed)),
             unplayed=ngettext("{n} order never played", "{n} orders never played",
                               len(review.unplayed)))


def report(review: Review, names: Sequence[str] | None = None) -> str:
    """The whole review as text for a person (``solemio review``)."""
    out = [summary(review, names), ""]
    for item in items(review, names):
        out.append(item.title)
        out += [f"  {line}" for line in item.lines]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
