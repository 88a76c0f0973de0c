"""The events' words in the shapes the screens ask for (every one of them from
:mod:`solemio.announce.per_event`), and the reveal's words that belong to no event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solemio.announce.per_event import Place, Seating, Words, nobody, words
from solemio.engine import events as E
from solemio.i18n import _
from solemio.texts import sentence

Bubble = tuple[int | None, list[str], float]  # (seat speaking, lines, seconds at speed 1)


def said(ev: dict, cardset: Any, you: bool = False) -> str:
    """What a seat said (after its name): "2 olives", "adds an order: ..."; ``you``: the
    one person at the table, spoken to ("you add an order: ..."; the pronoun keeps it from
    reading as an instruction under their name)."""
    seat = ev["seat"]
    at = Seating((), cardset, you=lambda s: you and s == seat)
    return words(ev, at, Place.SAID).line


def forced_text(ev: dict) -> str:
    """A move the one person at the screen had no choice in (their only ingredient played,
    a pass), said to them instead of made without a word."""
    return words(ev, Seating((), None), Place.FORCED).line


def recap_line(ev: dict, names: list[str], cardset: Any) -> str:
    """One line of the recap a person sees after a pass screen (no final stop: an order's
    name may end in "!")."""
    return words(ev, Seating(names, cardset), Place.RECAP).line


def log_line(ev: dict, names: list[str], cardset: Any,
             you: Callable[[int | None], bool] = nobody) -> str:
    """One line of the learner's fuller log (solemio/ui/scenes/log.py): the recap's lines,
    and what else everyone at the table saw or heard (draws, help, rewards).  Fed only
    the public events (a spectator's), so no line names a card of anybody's hand.
    ``you``: the one person at the table, spoken to ("You draw 2 cards")."""
    return words(ev, Seating(names, cardset, you=you), Place.LOG).line


def log_entries(events: list[dict], names: list[str], cardset: Any,
                you: Callable[[int | None], bool] = nobody) -> list[tuple[str, bool]]:
    """The learner's fuller log as (text, heading) rows: a heading where a round begins
    (the game's setup heads the first), then each event's :func:`log_line` (``you``: the
    one person at the table, spoken to)."""
    at = Seating(names, cardset, you=you)
    out: list[tuple[str, bool]] = []
    for ev in events:
        head = words(ev, at, Place.HEADING).line
        line = head or words(ev, at, Place.LOG).line
        if line:
            out.append((line, bool(head)))
    return out


def event_line(ev: dict, names: list[str], cardset: Any,
               you: Callable[[int | None], bool] = nobody) -> str:
    """One event of a finished game, as a line under the replay's table; ``you``: the one
    person of a solo game, spoken to ("Your turn", not "You's turn")."""
    return words(ev, Seating(names, cardset, you=you), Place.REPLAY).line


def _bubble(w: Words) -> Bubble | None:
    return (w.speaker, list(w.lines), w.seconds) if w.lines else None


def event_words(session: Any, ev: dict) -> Bubble | None:
    """What a seat says aloud in the reveal as ``ev`` is shown (None: nothing)."""
    return _bubble(words(ev, Seating.of(session), Place.BUBBLE))


def opening(session: Any, scorer: int) -> Bubble:
    """The scorer turns the oven over: the reveal's first words (the round's end)."""
    w = words({"type": E.ROUND_END, "round": 0, "scorer": scorer}, Seating.of(session),
              Place.OPENING)
    return (w.speaker, list(w.lines), w.seconds)


def note_lines(session: Any, ev: dict) -> list[str]:
    """An order's event as lines under it in the reveal's order panel."""
    return list(words(ev, Seating.of(session), Place.NOTES).lines)


def order_log(session: Any, current: Any) -> list[str]:
    """The notes of the order on show as lines (the latest four)."""
    if current is None:
        return []
    at = Seating.of(session)
    lines: list[str] = []
    for note in current.notes:
        lines.extend(sentence(line) for line in words(dict(note), at, Place.NOTES).lines)
    return lines[-4:]


def deciding_line(session: Any, seat: int) -> str:
    """The reveal's line while a seat decides (the one person is spoken to)."""
    if session.you(seat):
        return _("You are deciding…")
    return _("{name} is deciding…", name=session.names[seat])


def table_title(session: Any) -> str:
    """The table's top bar: the round, and whose turn it is as far as the show has got."""
    show = session.show
    title = _("Round {r} of {n}", r=show.round, n=show.rounds)
    if 0 <= show.turn < len(session.seats):
        title += "  ·  " + (_("Your turn") if session.you(show.turn)
                           else _("{name}'s turn", name=session.names[show.turn]))
    return title


def reveal_title(session: Any, scorer: int, round_no: int) -> str:
    """The reveal's top bar."""
    if session.you(scorer):
        return _("Round {r}: you reveal the oven", r=round_no)
    return _("Round {r}: {name} reveals the oven", r=round_no, name=session.names[scorer])
