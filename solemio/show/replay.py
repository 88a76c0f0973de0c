"""A finished game as a show with every card visible: the replay's model.

A record (the engine's save of a finished game) rebuilds the game with its
events.  The replay is a show of those events as a spectator sees them
(:mod:`solemio.show.state`), plus every seat's hand, followed from each
seat's private events (the deal's and the draws' cards).  A position is how
many events have been taken; any position can be shown, forwards or
backwards:

* the last position comes straight from the engine's final view (opening a
  record shows the end at once, however long the game);
* every ``EVERY`` events a :class:`Moment` is kept (built by
  :meth:`ReplayShow.prepare`, which the replay scene runs on a worker thread
  as it opens, or when first needed), so going back one event runs at most
  ``EVERY - 1`` events forward from a kept one.

Nothing here imports pygame or translates text.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solemio.engine import events as E
from solemio.show import pacing
from solemio.show import state as show_state
from solemio.show.state import Face, ShowState

EVERY = 8  # events between kept moments

TURN_STARTS = frozenset({E.TURN})
ROUND_STARTS = frozenset({E.SETUP, E.NEW_ROUND, E.ROUND_END, E.GAME_OVER})
DEALT = frozenset({E.SETUP, E.DEAL})


@dataclass(frozen=True)
class Moment:
    """The table at one position: the public show and every hand."""

    show: ShowState
    hands: tuple[tuple[Face, ...], ...]

    @property
    def position(self) -> int:
        return self.show.position


def oven_cards(show: ShowState) -> list[Face]:
    """The oven's cards in the order they went in (the round's public history)."""
    out: list[Face] = []
    for h in show.history:
        if h[0] == "play":
            _p, _seat, kind, n1, n2 = h
            out += [(kind, 1)] * n1 + [(kind, 2)] * n2
        elif h[0] == "order":
            out.append((show.seats[h[1]].colour, h[2]))
        elif h[0] == "carried":
            out.append((h[1], h[2]))
    return out


def _remove(hand: list, faces: list) -> None:
    for f in faces:
        f = tuple(f)
        if f in hand:
            hand.remove(f)


def hands_after(hands: tuple[tuple[Face, ...], ...], before: ShowState,
                ev: dict) -> tuple[tuple[Face, ...], ...]:
    """Every hand after ``ev`` (the event with its owner's private part merged in);
    ``before`` is the public show just before it (a series needs the order on show)."""
    t = ev["type"]
    seat = ev.get("seat")
    if t == E.DEAL and "cards" in ev:
        new = sorted(tuple(f) for f in ev["cards"])
    elif t == E.PLAY:
        new = list(hands[seat])
        _remove(new, [(ev["kind"], 1)] * ev["singles"] + [(ev["kind"], 2)] * ev["doubles"])
    elif t == E.ORDER:
        new = list(hands[seat])
        _remove(new, [ev["order"]])
    elif t == E.DRAW and ev.get("cards"):
        new = sorted(list(hands[seat]) + [tuple(f) for f in ev["cards"]])
    elif t == E.SERIES:
        cur = before.reveal.current if before.reveal is not None else None
        revealed = cur.face[1] if cur is not None else None
        colour = before.seats[seat].colour
        new = list(hands[seat])
        _remove(new, [(colour, oid) for oid, _u in ev["orders"] if oid != revealed])
    elif t == E.HELP_GIVEN:
        seat = ev["helper"]
        new = list(hands[seat])
        _remove(new, ev["cards"])
    elif t == E.BLOCK:
        kind, a, b = ev["added"]
        new = list(hands[seat])
        _remove(new, [(kind, 1)] * a + [(kind, 2)] * b)
    elif t == E.FILLED and ev.get("offered"):
        new = list(hands[seat])
        _remove(new, ev["offered"])
    else:
        return hands
    return hands[:seat] + (tuple(new),) + hands[seat + 1:]


class ReplayShow:
    """Every moment of a finished game, built on demand; see the module's docstring."""

    def __init__(self, game: Any, every: int = EVERY) -> None:
        if game.events is None:
            raise ValueError("the replay needs the game's events (record_events=True)")
        self.game = game
        self.every = every
        self.seats = len(game.colours)
        fresh = game.restart()
        self.start = fresh.event_count()
        # What brought the table to the start: the last hand dealt (the start's caption; a
        # designed deal, as the guide's, records none: the hands were dealt all the same).
        self.opening: dict = next((ev for ev in reversed(fresh.events_for(None))
                                   if ev["type"] in DEALT), {"type": E.DEAL})
        to_stack = getattr(game.cs, "unfilled", "stack") != "out-of-game"
        first = Moment(show_state.begin(fresh.view(None), self.start, to_stack,
                                        fresh.events_for(None)),
                       tuple(tuple(sorted(fresh.hand_faces(s))) for s in range(self.seats)))
        # (public event, the event as its owner sees it) from the start on
        self.events: list[tuple[dict, dict]] = []
        for ev, owner, private in game.events[self.start:]:
            if owner >= 0 and private:
                merged = dict(ev)
                merged.update(private)
                self.events.append((ev, merged))
            else:
                self.events.append((ev, ev))
        self.end = self.start + len(self.events)
        self._kept: list[Moment] = [first]  # _kept[i] is at start + i * every
        self._lock = threading.Lock()  # prepare() may run on a worker thread
        self._cancelled = False
        last_view = game.view(None)
        self.last = Moment(show_state.begin(last_view, self.end, to_stack,
                                            game.events_for(None)),
                           tuple(tuple(sorted(game.hand_faces(s))) for s in range(self.seats)))
        types = [ev["type"] for ev, _m in self.events]
        self.turns = [self.start + i for i, t in enumerate(types) if t in TURN_STARTS]
        self.rounds = [self.start + i for i, t in enumerate(types) if t in ROUND_STARTS]

    # --- positions -------------------------------------------------------------------------
    def clamp(self, position: int) -> int:
        return max(self.start, min(self.end, position))

    def event_at(self, position: int) -> dict | None:
        """The public event that takes the show from ``position`` to ``position + 1``."""
        i = position - self.start
        return self.events[i][0] if 0 <= i < len(self.events) else None

    def event_before(self, position: int) -> dict:
        """The public event that brought the show to ``position`` (at the start: the deal)."""
        return self.event_at(position - 1) if position > self.start else self.opening

    def next_mark(self, position: int, marks: list[int]) -> int:
        """The position just after the next mark's event (a turn or a round begun)."""
        i = bisect.bisect_right(marks, position - 1)
        return self.clamp(marks[i] + 1) if i < len(marks) else self.end

    def previous_mark(self, position: int, marks: list[int]) -> int:
        i = bisect.bisect_left(marks, position - 1)
        return self.clamp(marks[i - 1] + 1) if i > 0 else self.start

    # --- moments ---------------------------------------------------------------------------
    def _advance(self, m: Moment, upto: int) -> Moment:
        show, hands = m.show, m.hands
        for pub, merged in self.events[show.position - self.start: upto - self.start]:
            hands = hands_after(hands, show, merged)
            show = show_state.step(show, pub)
        return Moment(show, hands)

    def _extend_kept(self) -> None:
        with self._lock:
            if self.prepared:
                return
            m = self._kept[-1]
            self._kept.append(self._advance(m, min(self.end, m.position + self.every)))

    @property
    def prepared(self) -> bool:
        """Whether every kept moment is built (stepping anywhere is then cheap)."""
        return self._kept[-1].position + self.every > self.end

    def prepare(self, seconds: float) -> bool:
        """Build kept moments for about ``seconds``; True once all are built."""
        t0 = time.perf_counter()
        while not self.prepared and not self._cancelled and \
                time.perf_counter() - t0 < seconds:
            self._extend_kept()
        return self.prepared

    def cancel(self) -> None:
        """Stop a prepare() running elsewhere (the replay was closed)."""
        self._cancelled = True

    def moment(self, position: int) -> Moment:
        """The table after ``position`` events (the start's own events are already in)."""
        position = self.clamp(position)
        if position == self.end:
            return self.last
        k = (position - self.start) // self.every
        while len(self._kept) <= k:
            self._extend_kept()
        return self._advance(self._kept[k], position)


class ReplayCursor:
    """Where a replay stands and whether it plays: the replay scene's stepper.

    The window only follows it: each move answers the event taken forwards (the scene
    flies its cards, ``ui/table/flights.py``) or None (a jump: nothing flies), and
    :meth:`advance` takes the events at the table's pace while playing, each holding the
    stage for its time (``show/pacing.py``).  Opens at the game's end.
    """

    MAX_PER_FRAME = 50  # events one frame may take while catching up after a long pause

    def __init__(self, replay: ReplayShow) -> None:
        self.replay = replay
        self.position = replay.end
        self.moment = replay.last
        self.playing = False
        self.stage = pacing.Stage()  # the current event's hold while playing

    def seek(self, position: int, animate: bool = False) -> dict | None:
        """Show ``position``; the event taken when that is one step forwards and
        ``animate`` (its cards fly), else None."""
        rp = self.replay
        position = rp.clamp(position)
        ev = rp.event_at(self.position) if animate and position == self.position + 1 else None
        self.position = position
        self.moment = rp.moment(position)
        if position >= rp.end:
            self.playing = False
        return ev

    def step(self, d: int) -> dict | None:
        """One event either way (stops playing)."""
        self.playing = False
        return self.seek(self.position + d, animate=d > 0)

    def turn(self, d: int) -> None:
        """To the next or the previous turn's start."""
        self._to_mark(d, self.replay.turns)

    def round(self, d: int) -> None:
        """To the next or the previous round's start."""
        self._to_mark(d, self.replay.rounds)

    def _to_mark(self, d: int, marks: list[int]) -> None:
        self.playing = False
        rp = self.replay
        self.seek(rp.next_mark(self.position, marks) if d > 0
                  else rp.previous_mark(self.position, marks))

    def toggle_play(self) -> None:
        """Play (from the start once at the end) or pause."""
        if not self.playing and self.position >= self.replay.end:
            self.seek(self.replay.start)
        self.playing = not self.playing
        self.stage.clear()

    def advance(self, dt: float, pace: pacing.Pace,
                taken_one: Callable[[dict], None] | None = None) -> list[dict]:
        """``dt`` seconds of play: the events taken forwards, in order (none when paused,
        or while the current one holds the stage); ``taken_one`` is told each as soon as
        the show stands after it (the window flies its cards from there)."""
        if not self.playing:
            return []
        self.stage.advance(min(dt, 0.1), catch_up=True)
        taken: list[dict] = []
        while self.playing and not self.stage.busy and len(taken) < self.MAX_PER_FRAME:
            ev = self.replay.event_at(self.position)
            if ev is None:
                self.playing = False
                break
            self.seek(self.position + 1)
            in_reveal = self.moment.show.phase == "reveal" or ev["type"] == E.ROUND_END
            self.stage.extend(pacing.hold(ev, pace, False, in_reveal))
            taken.append(ev)
            if taken_one is not None:
                taken_one(ev)
        return taken
