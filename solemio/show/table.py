"""The table as one viewer may use it: the window's only door to the game.

As boardgame.io's clients hold only the player view, the window holds a
:class:`SeatTable`: the view and the redacted events of the seat whose hand
is on screen (None: nobody's), who decides now, the pending decision only
when it is the viewer's own (its choices are private), a check of a selected
set of cards, and applying the viewer's choice.  The engine's game stays
with the session that hosts it.
"""

from __future__ import annotations

from typing import Any

from solemio.engine import IllegalChoice
from solemio.show.director import only_answer


class NotYourDecision(Exception):
    """A choice was applied for a seat that does not decide now, or not by its viewer."""


class SeatTable:
    def __init__(self, game: Any, viewer: int | None) -> None:
        self._game = game
        self.viewer = viewer

    def view(self) -> Any:
        """The viewer's SeatView (a spectator's when the viewer is None)."""
        return self._game.view(self.viewer)

    def events(self, since: int = 0) -> list[dict]:
        """The event log from ``since`` on, redacted for the viewer."""
        return self._game.events_for(self.viewer, since)

    def event_count(self) -> int:
        return self._game.event_count()

    def moves(self) -> int:
        """How many choices were made so far (a position's key)."""
        return len(self._game.choices_log)

    def deciding(self) -> int | None:
        """The seat that decides now (public), or None when the game is over."""
        d = self._game.decision()
        return d.seat if d is not None else None

    def deciding_kind(self) -> str | None:
        d = self._game.decision()
        return d.kind if d is not None else None

    def decision(self) -> Any:
        """The pending decision when it is the viewer's own, else None."""
        d = self._game.decision()
        if d is None or self.viewer is None or d.seat != self.viewer:
            return None
        return d

    def forced_choice(self) -> tuple | None:
        """The pending decision's only choice, when it has just one (whoever decides): a
        move that reveals nothing, made for the seat (a person who cannot help declines)."""
        d = self._game.decision()
        if d is None or len(d.choices) != 1:
            return None
        return d.choices[0]

    def only_answer(self) -> bool:
        """Whether the pending decision (whoever decides) has one answer that reveals
        nothing (``director.only_answer``): for the director, which must show it the same
        way as any other decision wherever the screen is shared."""
        d = self._game.decision()
        return d is not None and only_answer(d.kind, d.choices)

    def check_play(self, faces: list[tuple]) -> tuple[tuple | None, str | None]:
        """The play choice ``faces`` (selected hand cards) make, or why they cannot be played."""
        return self._game.check_play(faces)

    def apply(self, choice: tuple) -> None:
        """Apply the viewer's choice; IllegalChoice explains a refusal."""
        if self.decision() is None:
            raise NotYourDecision("not the viewer's decision")
        self._game.apply(choice)

    def preview(self, choice: tuple) -> tuple[list[dict], int | None] | None:
        """What ``choice`` would bring, on a copy of the game: the viewer's events it adds
        and the seat deciding after it (None if the choice is not legal now).  The work
        done ahead rehearses these before the choice is made."""
        game = self._game.clone(record_events=True)
        start = game.event_count()
        try:
            game.apply(choice)
        except Exception:  # noqa: BLE001 - not a legal choice any more: nothing to preview
            return None
        d = game.decision()
        return game.events_for(self.viewer, start), (d.seat if d is not None else None)

    def is_over(self) -> bool:
        return self._game.is_over()

    def scores(self) -> list[int]:
        return self._game.scores()


__all__ = ["IllegalChoice", "NotYourDecision", "SeatTable"]
