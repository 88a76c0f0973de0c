"""The show ahead of the show: the states the screen will reach, for the work done ahead.

The window rehearses coming frames off screen (``solemio/ui/warm.py``) so the
pictures and panels they need are ready when they are shown.  What it paints
there are *future show states*: the frozen state the screen shows now, taken
further by the events the viewer will be shown next (:func:`feed`), by the
events up to the round's end (:func:`until`), or, for a decision not made
yet, by what each candidate choice would bring (:func:`outcomes`).

Nothing here reads the engine's game: events come in redacted for the viewer
(``SeatTable.events``, ``SeatTable.preview``), so a future state never holds
more than the state the show will really reach, and the tests check that it
equals it.  No pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from solemio.engine import events as E
from solemio.show import state as show_state
from solemio.show.state import ShowState

# Events another screen shows (the round summary, the game's end): the reveal's
# rehearsal stops before them.
LEAVES_THE_REVEAL = frozenset({E.NEW_ROUND, E.GAME_OVER})


@dataclass(frozen=True)
class Ahead:
    """One event taken into the show ahead of time: the state before and after it."""

    before: ShowState
    event: dict
    after: ShowState


def feed(state: ShowState, events: Iterable[dict], limit: int | None = None,
         stop: frozenset[str] = LEAVES_THE_REVEAL) -> list[Ahead]:
    """The show after each of the next ``events`` (at most ``limit``), stopping before the
    first event whose type is in ``stop``."""
    out: list[Ahead] = []
    for ev in events:
        if (limit is not None and len(out) >= limit) or ev["type"] in stop:
            break
        after = show_state.step(state, ev)
        out.append(Ahead(state, ev, after))
        state = after
    return out


def until(state: ShowState, events: Iterable[dict], event_type: str) -> ShowState:
    """The show once the first event of ``event_type`` is taken (all of ``events`` when
    none is of that type)."""
    for ev in events:
        state = show_state.step(state, ev)
        if ev["type"] == event_type:
            break
    return state


@dataclass(frozen=True)
class Outcome:
    """What a choice not made yet would bring to the screen."""

    choice: tuple
    steps: tuple[Ahead, ...]  # its first events, taken into the show
    deciding: int | None  # the seat deciding once they are shown


def outcomes(state: ShowState, table: Any, choices: Sequence[tuple],
             first: int = 1) -> list[Outcome]:
    """For each of ``choices`` of the pending decision: the show after the first ``first``
    events it would bring, as the viewer of ``table`` (a ``SeatTable``) would be shown
    them (computed on a copy of the game, thrown away).  ``state`` is the show caught up
    with the game.  A choice that is not legal now has no outcome."""
    out: list[Outcome] = []
    for choice in choices:
        preview = table.preview(choice)
        if preview is None:
            continue
        events, deciding = preview
        out.append(Outcome(tuple(choice), tuple(feed(state, events, first)), deciding))
    return out


def caught_up(state: ShowState, table: Any) -> ShowState:
    """The show once every event the viewer has not been shown yet is taken."""
    return show_state.run(state, table.events(state.position))
