"""Taking back your last turn in a solo game against computers (issue 24, item 12).

A game is its seed (or arranged position) and its list of choices, so taking a turn back
is rebuilding the game from its start with the choices made before that turn.  Nothing
new can be learned that way: the deal, the supply's order and every hidden card come from
the seed, so the same cards come back; and the computers' turns that followed are
replayed from the choices they made (:class:`Rewind`), so repeating a move brings back
the same answers, never a fresh roll.

It is offered only where that holds: one person at the table, the others computers (not
hot-seat, where another person saw the turn; not a networked table), and nothing revealed
since the turn began: the round has not ended (its reveal shows the oven).  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TURN_KINDS = ("play", "order", "draw")


@dataclass(frozen=True)
class Rewind:
    """A game taken back: the choices it had before, to answer for the computers again
    while the game follows them (``answer``)."""

    choices: tuple

    def answer(self, game: Any) -> tuple | None:
        """The choice made at this position before the take-back, while the game is still
        on the path it had then (None: it left it, or the position is new)."""
        n = len(game.choices_log)
        if n >= len(self.choices) or tuple(game.choices_log) != self.choices[:n]:
            return None
        return self.choices[n]


def turn_start(game: Any, person: int) -> int | None:
    """How many choices were made before ``person``'s latest turn began, when it can be
    taken back (None: there is none, or a round ended since: its reveal showed the oven).
    The game is replayed from its start to find who made each choice."""
    d = game.decision()
    if d is None or d.kind not in TURN_KINDS:
        return None  # a reveal is under way (or the game is over)
    fresh = game.restart(record_events=False)
    start = None
    start_round = None
    for i, choice in enumerate(game.choices_log):
        dec = fresh.decision()
        if dec is not None and dec.seat == person and dec.kind == "play":
            start, start_round = i, fresh.round
        fresh.apply(choice)
    if start is None or start_round != game.round:
        return None
    return start


def taken_back(game: Any, start: int) -> Any:
    """The game as it stood ``start`` choices in, rebuilt from its start (its events too)."""
    fresh = game.restart(record_events=True)
    for choice in game.choices_log[:start]:
        fresh.apply(choice)
    return fresh
