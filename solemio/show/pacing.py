"""How long each event holds the stage: hold times, the speed, skipping ahead.

The table paces the turns by the player's chosen pace (a person's own moves a
little faster: they know what they did); the reveal by its own speed control,
and "skip" shows the rest of a reveal at once.  :class:`Stage` keeps the time
left on the current event's moment (the conductor's, ``solemio.show.conductor``);
the window's loop counts a long frame (the first one after a scene opens
renders many pictures) for 0.1 s at most, so no announcement runs out before it
was on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from solemio.engine import events as E

PERSON_FACTOR = 0.7  # a person's own moves go by faster

# Seconds at pace 1 during the turns (times the pace; a draw only when cards moved).  Every
# event of the turns has one (tests/test_every_event.py); 0: nothing to watch, or the screen
# changes instead (the round's end opens the reveal, which holds REVEAL_OPENING).
TURN_HOLDS = {
    E.SETUP: 0.0, E.DEAL: 0.0, E.TURN: 0.0, E.PLAY: 1.0, E.ORDER: 0.8, E.PASS: 0.8,
    E.DRAW: 0.35, E.SCORER_DRAWN: 1.2, E.ROUND_END: 0.0,
}
# Seconds at speed 1 during a reveal (divided by the speed; none while skipping); every event
# of the reveal has one (a new round and the game's end open their own screens instead).
REVEAL_HOLDS = {
    E.REVEAL: 0.45, "reveal-order": 1.2, E.SERIES: 1.2, E.VARIANT: 1.0, E.HELP_ASKED: 1.4,
    E.HELP_DECLINED: 0.7, E.HELP_GIVEN: 1.2, E.REWARD: 1.0, E.BLOCK: 2.0, E.SHOW: 1.4,
    E.FILLED: 1.3, E.FAILED: 1.3, E.SCORER_MOVED: 1.2, E.NEW_ROUND: 0.0, E.GAME_OVER: 0.0,
}
REVEAL_OPENING = 1.4  # "The round is over! X turns the oven over."
LEAD_IN = 0.6  # seconds a new table is on screen before its first computer move is shown


@dataclass(frozen=True)
class Pace:
    """The player's settings as the show reads them."""

    pace: float = 1.0  # the table's pace (seconds per announcement at 1)
    reveal_speed: float = 1.0
    skip: bool = False  # the reveal is skipped to the viewer's next decision


def turn_hold(ev: dict, pace: Pace, by_person: bool) -> float:
    """How long a turn's event holds the stage."""
    base = TURN_HOLDS.get(ev["type"], 0.0)
    if ev["type"] == E.DRAW and not ev.get("count"):
        return 0.0
    p = pace.pace * (PERSON_FACTOR if by_person and ev["type"] != E.SCORER_DRAWN else 1.0)
    return base * p


def reveal_hold(ev: dict, pace: Pace) -> float:
    """How long a reveal's event holds the stage (nothing while skipping)."""
    if pace.skip:
        return 0.0
    t = ev["type"]
    if t == E.REVEAL and "owner" in ev:
        t = "reveal-order"
    return REVEAL_HOLDS.get(t, 0.0) / max(0.05, pace.reveal_speed)


def hold(ev: dict, pace: Pace, by_person: bool, in_reveal: bool) -> float:
    return reveal_hold(ev, pace) if in_reveal else turn_hold(ev, pace, by_person)


class Stage:
    """The time left on the current event's moment (the conductor's, and the replay's)."""

    def __init__(self) -> None:
        self.left = 0.0

    def hold(self, seconds: float) -> None:
        self.left = max(0.0, seconds)

    def extend(self, seconds: float) -> None:
        """One more event's moment after this one (a replay playing: time a long frame
        overran is caught up)."""
        self.left += seconds

    def clear(self) -> None:
        self.left = 0.0

    def advance(self, dt: float, catch_up: bool = False) -> bool:
        """Let ``dt`` seconds pass; True when the stage is free for the next event.  With
        ``catch_up`` the time passes even on a free stage, so the next moment is shorter."""
        if self.left > 0 or catch_up:
            self.left -= dt
        return self.left <= 0

    @property
    def busy(self) -> bool:
        return self.left > 0
