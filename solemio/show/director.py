"""Which screen is up and what is asked of whom, given the show and the table.

The director is asked once a frame, after the stage is free: the next event
of the feed comes first (the engine runs ahead of the screen); when the feed
has caught up, the pending decision decides: a computer answers (in hot-seat
play with the hands first hidden, since the screen is shared), a person not at
the screen is called to it with a pass screen, or the person at the screen
decides.  Round and game ends are screens the feed's events open.
"""

from __future__ import annotations

from dataclasses import dataclass

# The screen an event opens (the table is up otherwise).
SCREEN_AFTER = {"round-end": "reveal", "new-round": "summary", "game-over": "game-over"}


@dataclass(frozen=True)
class Cue:
    """What happens next.

    ``what``: "event" (show ``event``), "hide" (the hands leave the screen: the
    next decision is not the viewer's), "computer" (``seat`` answers),
    "handover" (pass the screen to ``seat``), "decide" (``seat``, at the
    screen, decides) or "idle" (nothing: the game is over).
    """

    what: str
    seat: int = -1
    event: dict | None = None


def next_cue(events: list[dict], deciding: int | None, persons: list[int],
             viewer: int | None) -> Cue:
    """The next cue from the feed still to show (``events``), the deciding seat (None when
    nobody decides), the seats of the people and the seat whose hand is on screen."""
    if events:
        return Cue("event", event=events[0])
    if deciding is None:
        return Cue("idle")
    shared = len(persons) > 1
    if deciding not in persons:
        if shared and viewer is not None:
            return Cue("hide")
        return Cue("computer", deciding)
    if shared and viewer != deciding:
        return Cue("handover", deciding)
    return Cue("decide", deciding)


def hand_shown(persons: list[int], viewer: int | None) -> bool:
    """Whether a hand may be face up: one person (it is theirs), or a person who took the
    screen through a pass screen and is still deciding."""
    return viewer is not None and (len(persons) <= 1 or viewer in persons)


def keep_hand_after_choice(in_reveal: bool, deciding: int | None, viewer: int | None,
                           coming: list[dict]) -> bool:
    """In hot-seat play, whether the hand stays on screen after its person's choice: only
    while that same person decides again at once (a turn's play, order and draw; a
    reveal's kinds then cards of the same order).  A new card turned in the reveal
    means the screen is shared again, so the next decision comes through a pass screen."""
    if deciding is None or deciding != viewer:
        return False
    if in_reveal:
        return not any(ev["type"] in ("reveal", "round-end", "new-round") for ev in coming)
    return True
