"""Which screen is up and what is asked of whom, given the show and the table.

The director is asked once a frame, after the stage is free: the next event
of the feed comes first (the engine runs ahead of the screen); when the feed
has caught up, the pending decision decides: a computer answers (in hot-seat
play with the hands first hidden, since the screen is shared), a person not at
the screen is called to it with a pass screen, or the person at the screen
decides.  Round and game ends are screens the feed's events open.

Some decisions have one answer that the engine still poses so as not to tell
anybody about a hand: the series question of an owner who holds no other
four-of-a-kind order, a help request the asked hand cannot cover.  In hot-seat
play such a decision comes exactly like any other (a pass screen, then the
person's own screen, with one button and the reason): whether a pass screen
appears must not depend on the hand.  With one person at the table there is
nobody to hide it from, and the answer is made for them after a pause.
"""

from __future__ import annotations

from dataclasses import dataclass

from solemio.engine import events as E

# The screen an event opens (the table is up otherwise).
SCREEN_AFTER = {E.ROUND_END: "reveal", E.NEW_ROUND: "summary", E.GAME_OVER: "game-over"}

# The events after which the screen is shared again in hot-seat play, whoever holds it: the
# oven turned over, each card of the reveal, a new round, the game's end.  A hand on screen
# leaves before the show takes one of them (next_cue's "hide").
SHARED_AGAIN = frozenset({E.ROUND_END, E.REVEAL, E.NEW_ROUND, E.GAME_OVER})

# The decisions made on the reveal's screen (a person's decision of another kind is made
# at the table).
REVEAL_KINDS = frozenset(
    {"series", "variant", "fill", "help", "block", "show-ask", "show-card", "show-play"})


@dataclass(frozen=True)
class Cue:
    """What happens next.

    ``what``: "event" (show ``event``), "hide" (the hands leave the screen: the
    next decision is not the viewer's), "computer" (``seat`` answers),
    "handover" (pass the screen to ``seat``), "decide" (``seat``, at the
    screen, decides), "answer" (the one person at the table has a decision with
    one answer that reveals nothing: it is made for them after a pause) or
    "idle" (nothing: the game is over).
    """

    what: str
    seat: int = -1
    event: dict | None = None


def only_answer(kind: str | None, choices: tuple) -> bool:
    """Whether a decision has one answer the engine poses only so as to reveal nothing:
    the series question without partners, a help request the hand cannot cover.  (An
    owner who can only give up is told why on their own screen, like any other.)"""
    if kind is None or len(choices) != 1:
        return False
    return kind == "series" or (kind == "help" and choices[0][0] == "decline")


def next_cue(events: list[dict], deciding: int | None, persons: list[int],
             viewer: int | None, only: bool = False) -> Cue:
    """The next cue from the feed still to show (``events``), the deciding seat (None when
    nobody decides), the seats of the people, the seat whose hand is on screen, and
    whether the pending decision has only an answer that reveals nothing (``only_answer``:
    it changes the cue only when one person plays, never what a shared screen shows)."""
    shared = len(persons) > 1
    if events:
        if shared and viewer is not None and events[0]["type"] in SHARED_AGAIN:
            # Whoever held the screen, it is everybody's again: the hand leaves first,
            # however the flow got here (a turn's last choice, a pass screen skipped...).
            return Cue("hide")
        return Cue("event", event=events[0])
    if deciding is None:
        return Cue("idle")
    if deciding not in persons:
        if shared and viewer is not None:
            return Cue("hide")
        return Cue("computer", deciding)
    if shared and viewer != deciding:
        return Cue("handover", deciding)
    if only and not shared:
        return Cue("answer", deciding)
    return Cue("decide", deciding)


def hand_shown(persons: list[int], viewer: int | None) -> bool:
    """Whether a hand may be face up: one person (it is theirs), or a person who took the
    screen through a pass screen and is still deciding."""
    return viewer is not None and (len(persons) <= 1 or viewer in persons)


def keep_hand_after_choice(deciding: int | None, viewer: int | None,
                           coming: list[dict]) -> bool:
    """In hot-seat play, whether the hand stays on screen after its person's choice: only
    while that same person decides again at once (a turn's play, order and draw; a
    reveal's kinds then cards of the same order) and nothing that shares the screen again
    (``SHARED_AGAIN``: the oven turned over, a new card turned in the reveal) comes
    first, so the next decision comes through a pass screen.  The rule is the same at
    the table and in the reveal."""
    if deciding is None or deciding != viewer:
        return False
    # At the table too: the last choice of a round turns the oven over, and the reveal
    # is everybody's (the same person's next decision comes through a pass screen).
    return not any(ev["type"] in SHARED_AGAIN for ev in coming)


class Directed:
    """What the director says of a session's table, for the local session
    (show/host.GameSession) and a networked window's (net/session.NetSession) alike: each
    gives ``table`` (its viewer's SeatTable or RemoteTable), ``persons``, ``_viewer``,
    ``new_events()`` and a ``viewer`` that can be set."""

    def cue(self) -> Cue:
        """What comes next (see next_cue)."""
        table = self.table
        return next_cue(self.new_events()[:1], table.deciding(), self.persons, self._viewer,
                        table.only_answer())

    def pass_needed(self) -> int | None:
        """The person who must take the screen before the next decision, or None."""
        c = next_cue([], self.table.deciding(), self.persons, self._viewer)
        return c.seat if c.what == "handover" else None

    def person_to_decide(self) -> int | None:
        """The deciding seat if it is a person who already holds the screen."""
        table = self.table
        c = next_cue([], table.deciding(), self.persons, self._viewer, table.only_answer())
        return c.seat if c.what == "decide" else None

    def confirm_pass(self, seat: int) -> None:
        self.viewer = seat

    def help_asked_of(self) -> tuple[int, list] | None:
        """When a seat is asked for help now: (the owner asking, the request as the public
        HELP_ASKED event named it), else None.  The pass screen says it ("Marco asks for
        2 salamis") and offers Decline without looking."""
        table = self.table
        if table.deciding_kind() != "help":
            return None
        for ev in reversed(table.events(0)):
            if ev["type"] == E.HELP_ASKED:
                return ev["seat"], [tuple(x) for x in ev.get("request", [])]
        return None
