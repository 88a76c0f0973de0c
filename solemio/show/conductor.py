"""Runs a game for a window: the beats it follows, and the choices it sends back.

As boardgame.io's client holds the state and dispatches moves while the view
only renders, a window holds a :class:`Conductor` and paints.  Each frame it
asks :meth:`Conductor.update` for the beats to follow, one at a time:

* ``event``: the show has taken this event; it holds the stage ``hold`` seconds
  (``solemio.show.pacing``: the turns' pace, the reveal's speed, skipping);
* ``open``: the screen ``screen`` comes up (``director.SCREEN_AFTER``: the reveal
  at a round's end, the round's summary, the game's end; the reveal too when a
  game is resumed in the middle of one), ``event`` the event that opened it;
* ``ask``: the person at the screen decides ``decision`` (their own);
* ``hand-over``: the screen must pass to the person ``seat`` (hot seat);
* ``hide``: no hand may stay on screen (the next decision is not the viewer's);
* ``answered``: a seat's answer was made for it (a computer's, with ``failure``
  when its level failed and the stand-in moved; or ``forced``, the one answer
  that reveals nothing, made for the one person at the table after a pause).

The window answers with :meth:`dispatch` (a person's choice).  The conductor
never reaches into the engine's game: it reads the host's show and the
per-viewer :class:`~solemio.show.table.SeatTable`, and asks the host's computer
seats, so a networked window can drive it over a remote table offering the same
interface.  No pygame (``tests/test_structure.py``); tested without a window in
``tests/show/test_conductor.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from solemio.engine import events as E
from solemio.i18n import data_text
from solemio.show import guide as guide_words
from solemio.show import pacing
from solemio.show.director import SCREEN_AFTER, keep_hand_after_choice
from solemio.show.pacing import LEAD_IN, REVEAL_OPENING, Pace

EVENT = "event"
OPEN = "open"
ASK = "ask"
HAND_OVER = "hand-over"
HIDE = "hide"
ANSWERED = "answered"

HELP_PAUSE = 0.8  # seconds (at reveal speed 1) before a forced answer is made for a person
THINKING_SHOWN = 0.25  # seconds of waiting before a computer seat shows it is thinking


@dataclass(frozen=True)
class Beat:
    """One thing the window does next (see the module's docstring for each ``what``)."""

    what: str
    seat: int = -1
    event: dict | None = None
    hold: float = 0.0
    screen: str = ""
    decision: Any = None
    choice: tuple | None = None
    failure: str | None = None  # a computer player failed: why (the normal level moved)
    forced: bool = False  # an answer made for a person (the only one, revealing nothing)
    kind: str | None = None  # the answered decision's kind


class Conductor:
    """One game run for one window: the hold on the stage, whose decision is pending,
    the hand-overs, the computer seats' answers, the screen that is up."""

    def __init__(self, host: Any, executor: Executor,
                 pace: Callable[[], Pace] = Pace) -> None:
        self.host = host
        self.thinker = host.thinker(executor)  # the host's: one per game, whichever screen
        self._pace = pace
        self.stage = pacing.Stage()
        self.screen = "reveal" if host.show.phase == "reveal" else "table"  # the screen up
        self.skip = False  # the reveal runs to the next person's decision without pauses
        self.thinking = 0.0  # how long the stage has waited for a computer seat's answer
        self._pending: tuple | None = None  # (position, computer's choice) awaiting the show
        self._asked: tuple | None = None  # the decision last asked (moves, seat, kind)
        self._handed: tuple | None = None  # the hand-over last called (moves, seat)
        self._answer_wait = 0.0  # how long a forced answer has waited (HELP_PAUSE)
        self._opened = False  # the last event opened a screen: the frame's beats end there
        if host.show.phase != "reveal" and host.cue().what == "computer":
            # The first computer move waits until the table has been on screen a moment.
            self.stage.hold(LEAD_IN)

    # --- what the window reads --------------------------------------------------------
    @property
    def table(self) -> Any:
        """The game as the viewer may use it (the host's per-viewer SeatTable)."""
        return self.host.table

    @property
    def hold(self) -> float:
        """Seconds the current event still holds the stage."""
        return max(0.0, self.stage.left)

    def pace(self) -> Pace:
        return self._pace()

    def my_decision(self) -> Any:
        """The pending decision if it is for the person who holds the screen and the show
        has caught up with it (else None)."""
        if self.stage.busy or self.host.cue().what != "decide":
            return None
        return self.table.decision()

    def coming_draw(self) -> Any:
        """The draw the person at the screen makes next, while the show still plays their
        turn (the cards of their Play fly for a second or so): its buttons can be pressed
        at once and the choice waits for the show (None: no such draw)."""
        h = self.host
        d = self.table.decision()
        if d is None or d.kind != "draw" or h.viewer is None or d.seat != h.viewer \
                or not h.is_person(d.seat):
            return None
        return d

    def pending_answer(self) -> tuple | None:
        """A computer's answer known before the show reaches it (the window rehearses what
        it brings), or None."""
        table = self.table
        pend = self._pending
        if pend is not None and pend[0] == (table.moves(), table.deciding()):
            return pend[1]
        return None

    def thinking_seat(self) -> int | None:
        """The computer seat whose answer the show waits for (None: nobody, or not long
        enough for an indicator to be more than a flicker)."""
        deciding = self.table.deciding()
        if self.thinking < THINKING_SHOWN or deciding is None or self.host.is_person(deciding):
            return None
        return deciding

    def guide_tip(self, view: Any) -> Any:
        """What the guide says now (None while nobody at the screen decides, or unguided);
        ``view`` is the viewer's view of the game."""
        d = self.my_decision()
        if d is None or not self.host.guide:
            return None
        h = self.host
        return guide_words.decision_tip(str(d.kind), d.choices, view.hand, view.history,
                                        h.cardset, h.seats[d.seat].colour, d.seat)

    # --- the window's requests ----------------------------------------------------------
    def release(self) -> None:
        """The stage is free at once (the player moves the show on, or skips ahead)."""
        self.stage.clear()

    def skip_ahead(self) -> None:
        """The reveal runs without pauses until a person decides."""
        self.skip = True
        self.stage.clear()

    def resume_beat(self) -> Beat | None:
        """The screen a game resumed in the middle of a reveal opens at once (the window
        asks as it shows the table), else None."""
        if self.host.show.phase == "reveal":
            self.screen = "reveal"
            return Beat(OPEN, screen="reveal")
        return None

    def dispatch(self, choice: tuple) -> list[Beat]:
        """A person's choice, through the viewer's table: IllegalChoice explains a refusal
        (nothing changes then).  Returns the beats it brings at once (``hide``: in hot-seat
        play the screen is shared again)."""
        h = self.host
        table = h.table
        table.apply(choice)
        h.apply_done()
        self._asked = None
        beats: list[Beat] = []
        if len(h.persons) > 1 and not keep_hand_after_choice(
                table.deciding(), h.viewer, h.new_events()):
            h.hide_hands()
            beats.append(Beat(HIDE))
        if h.guide:
            h.guide_note = ""  # the guide's word on an event lasts one decision
        return beats

    def take_back(self) -> bool:
        """The person takes back their latest turn (solo against computers; see
        GameSession.take_back): the stage starts again from that moment, with no answer
        or question of the later position left pending."""
        if not self.host.take_back():
            return False
        self.stage = pacing.Stage()
        self.skip = False
        self.thinking = 0.0
        self._pending = None
        self._asked = None
        self._handed = None
        self._answer_wait = 0.0
        return True

    def decline_unseen(self, seat: int) -> None:
        """The person called to the screen for a help request declines from the pass
        screen, hand unseen (``GameSession.decline_unseen``): one press instead of a pass
        screen, a look and Decline, the same whether or not the hand could help."""
        self.host.decline_unseen(seat)
        self._asked = None
        self._handed = None

    # --- the show -----------------------------------------------------------------------
    def update(self, dt: float,
               answer_ready: Callable[[float], bool] | None = None) -> Iterator[Beat]:
        """One frame: the beats the window follows, in order (a generator: each beat is
        followed before the next is made).  ``answer_ready(dt)`` may hold a computer's
        answer, known now, a little longer (the window rehearses what it brings)."""
        h = self.host
        table = h.table
        if not self.stage.busy and not h.new_events() and h.cue().what == "answer":
            yield from self._forced_answer(dt)
            return
        self._answer_wait = 0.0
        deciding = table.deciding()
        pos = (table.moves(), deciding if deciding is not None else -1)
        if deciding is not None and not h.is_person(deciding) and (
                self._pending is None or self._pending[0] != pos):
            choice = h.poll_computer(deciding)
            if choice is not None:
                self._pending = (pos, choice)
        if not self.stage.advance(dt):
            return
        while True:
            cue = h.cue()
            if cue.what == "event":
                # The reveal's events are paced by its speed: those after its round's end.
                in_reveal = h.show.phase == "reveal"
                yield from self._event(h.take_event(), in_reveal)
                if self.stage.busy or self._opened:
                    return
                continue
            if cue.what == "hide":
                # The screen is shared and a computer decides next: no hand stays face up.
                h.hide_hands()
                yield Beat(HIDE)
                continue
            break
        if cue.what == "computer":
            self.thinking += dt
            if self._pending is None or self._pending[0] != pos:
                return
            if answer_ready is not None and not answer_ready(dt):
                return
            self.thinking = 0.0
            choice = self._pending[1]
            self._pending = None
            failure = self.thinker.failure
            self.thinker.failure = None
            h.apply(choice)
            self._asked = None
            yield Beat(ANSWERED, cue.seat, choice=choice,
                       failure=failure[1] if failure is not None else None)
            return
        if cue.what == "handover":
            key = (table.moves(), cue.seat)
            if self._handed != key:
                self._handed = key
                if h.viewer is not None:
                    h.hide_hands()  # never a hand under another person's pass screen
                    yield Beat(HIDE)
                yield Beat(HAND_OVER, cue.seat)
            return
        if cue.what == "decide":
            d = table.decision()
            key = (table.moves(), d.seat, d.kind)
            if key != self._asked:
                self._asked = key
                self.skip = False  # a person decides: skipping ahead ends here
                yield Beat(ASK, d.seat, decision=d)

    def _event(self, ev: dict, in_reveal: bool) -> Iterator[Beat]:
        """An event taken into the show: its beat with its hold, the guide's word on it,
        and the screen it opens (director.SCREEN_AFTER)."""
        h = self.host
        self._opened = False
        hold = self.event_hold(ev, in_reveal)
        if h.guide and h.viewer is not None:
            note = guide_words.event_tip(ev, h.viewer, data_text(h.cardset.scorer_name),
                                         h.names, [c.colour for c in h.seats])
            if note:
                h.guide_note = note
        screen = SCREEN_AFTER.get(ev["type"])
        self.stage.hold(0.0 if screen is not None else hold)
        yield Beat(EVENT, ev.get("seat", -1), event=ev, hold=self.stage.left)
        if screen is not None:
            self._opened = True
            self.skip = False  # skipping ahead lasts one reveal at most
            self.screen = "reveal" if screen == "reveal" else (
                "game-over" if screen == "game-over" else "table")
            opening = REVEAL_OPENING / max(0.05, self.pace().reveal_speed) \
                if screen == "reveal" else 0.0
            self.stage.hold(opening)
            yield Beat(OPEN, event=ev, screen=screen, hold=opening)

    def event_hold(self, ev: dict, in_reveal: bool) -> float:
        """How long an event holds the stage (solemio.show.pacing), with the table's own
        case: the person at the screen told that their play or pass was forced."""
        pace = self.pace()
        if in_reveal:
            return pacing.reveal_hold(ev, Pace(reveal_speed=pace.reveal_speed, skip=self.skip))
        h = self.host
        seat = ev.get("seat")
        by_person = seat is not None and h.is_person(seat)
        if by_person and seat == h.viewer and ev["type"] in (E.PLAY, E.PASS):
            n = ev.get("singles", 0) + ev.get("doubles", 0)
            if ev["type"] == E.PASS or h.show.seats[seat].ingredients + n == 1:
                return pace.pace * 1.6
        return pacing.turn_hold(ev, Pace(pace=pace.pace), by_person)

    def _forced_answer(self, dt: float) -> Iterator[Beat]:
        """The one person at the table whose decision has a single answer that reveals
        nothing (a help request the hand cannot cover, a series question with no partner)
        is not made to press it: after a pause the answer is made for them.  (In hot-seat
        play it comes like any other decision: see solemio.show.director.)"""
        self._answer_wait += dt
        pause = 0.0 if self.skip else HELP_PAUSE / max(0.05, self.pace().reveal_speed)
        if self._answer_wait < pause:
            return
        self._answer_wait = 0.0
        table = self.table
        seat = table.deciding()
        kind = table.deciding_kind()
        forced = table.forced_choice()
        if not self.host.apply_forced(forced):
            return  # not taken now (a networked table reconnecting): asked again later
        self._asked = None
        yield Beat(ANSWERED, seat, choice=forced, forced=True, kind=kind)

