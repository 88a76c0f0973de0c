"""What the screen may show at this moment of the show: a frozen state, event by event.

The engine runs ahead of the screen: one choice can end a round and resolve a
whole reveal before the first card has flown.  So the window never draws the
engine's present; it draws a :class:`ShowState`, built from a seat view taken
when the show started (:func:`begin`) and then from the viewer's redacted
events, one at a time, through :func:`step` (one small function per event
type).  Whenever the show has caught up with the engine, the columns, piles,
counts and the viewer's hand equal the engine's view (:func:`differences`
says where they do not; the tests hold it to empty).

Nothing here imports pygame or translates text: announcements are kept as the
events themselves, and the window words them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solemio.engine import events as E
from solemio.engine.kinds import KINDS

Face = tuple  # (kind or colour, units or order id)
Event = tuple  # an event frozen: sorted (key, value) items, see freeze()

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}

# The events a seat says aloud at a real table: kept beside its panel until it plays again,
# and in the recap a person sees after a pass screen.
SAID = frozenset({E.PLAY, E.ORDER, E.PASS, E.SCORER_DRAWN})
# Everything public worth a line in a recap (announcements and what the reveal decided).
RECAP = SAID | frozenset({E.ROUND_END, E.FILLED, E.FAILED, E.SCORER_MOVED, E.NEW_ROUND})


def freeze(value: Any) -> Any:
    """An event (a dict of lists) as nested tuples, so a frozen state can hold it."""
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(ev: Event) -> dict:
    """A frozen event's fields as a dict (its values stay tuples)."""
    return dict(ev)


@dataclass(frozen=True)
class SeatShow:
    """One seat's public piles as far as the show has got."""

    colour: str
    ingredients: int
    orders: int
    stack: int
    filled: tuple[Face, ...]


@dataclass(frozen=True)
class OrderShow:
    """The order on show in the reveal, its outcome once known, and what happened to it."""

    face: Face
    owner: int
    status: str | None = None  # None, "filled" or "failed"
    notes: tuple[Event, ...] = ()  # its events (series, variant, help, block, show, reward...)
    queue: tuple[Face, ...] = ()  # a series' members still to resolve after this one
    series: tuple[tuple[str, int], ...] = ()  # a series: (order id, amount) of each member


@dataclass(frozen=True)
class RevealShow:
    """The oven turned over: the columns as the cards landed, the order on show."""

    round: int
    scorer: int  # the seat turning the oven over
    total: int  # cards in the turned-over oven
    revealed: int = 0
    columns: tuple[tuple[Face, ...], ...] = ((),) * 5
    current: OrderShow | None = None
    shown: tuple[tuple[int, tuple[Face, ...]], ...] = ()  # cards seats show (block, show)
    filled_before: tuple[int, ...] = ()  # each seat's filled orders when the oven turned

    @property
    def left(self) -> int:
        return max(0, self.total - self.revealed)


@dataclass(frozen=True)
class ShowState:
    """Everything the table and the reveal draw, as far as the show has got."""

    viewer: int | None
    round: int
    rounds: int
    turn: int
    phase: str  # "turns", "reveal" or "over"
    hand: tuple[Face, ...]  # the viewer's, sorted as the engine sorts it
    seats: tuple[SeatShow, ...]
    supply: int
    oven: int
    oven_top: Face | None
    history: tuple[tuple, ...]  # this round's public plays, as the engine's view has them
    scorer_holder: int
    reveal: RevealShow | None = None
    used: int = 0  # cards spent on filled orders this round (back to the supply next round)
    failed_to_stack: bool = True  # an unfilled order goes under its stack (else out of the game)
    said: tuple[tuple[Event, ...], ...] = ()  # per seat: what it said on its latest turn
    log: tuple[tuple[int, Event], ...] = ()  # (position, event) of every public announcement
    marks: tuple[int, ...] = ()  # per seat: log length after its own latest announcement
    winners: tuple[int, ...] = ()
    position: int = 0  # how many events of the viewer's log are in this state

    def recap_for(self, seat: int) -> tuple[Event, ...]:
        """What was announced since ``seat``'s own latest announcement: what a person
        taking the screen back heard while away (everyone at a real table hears it)."""
        start = self.marks[seat] if 0 <= seat < len(self.marks) else 0
        return tuple(ev for _pos, ev in self.log[start:])


def begin(view: Any, position: int, failed_to_stack: bool = True,
          earlier: Sequence[dict] = ()) -> ShowState:
    """The show as it stands in ``view`` (a SeatView), which holds ``position`` events;
    ``earlier``, the viewer's events before it, say which order is on show when the view
    is taken in the middle of a reveal (``_on_show``: a resumed game, a position arranged
    to start there), so the order panel is not empty."""
    n = len(view.seats)
    reveal = None
    if view.scorer >= 0:
        reveal = RevealShow(round=view.round, scorer=view.scorer,
                            total=oven_total(view.history), revealed=view.revealed,
                            filled_before=tuple(len(si.filled) for si in view.seats),
                            columns=tuple(tuple(c) for c in view.columns))
    state = ShowState(
        viewer=view.seat, round=view.round, rounds=view.rounds, turn=view.turn,
        phase="over" if view.phase == "over" else ("reveal" if reveal else "turns"),
        hand=tuple(view.hand),
        seats=tuple(SeatShow(si.colour, si.ingredients, si.orders, si.stack, tuple(si.filled))
                    for si in view.seats),
        supply=view.supply, used=view.used, oven=view.oven, oven_top=view.oven_top,
        history=tuple(view.history), scorer_holder=view.scorer_holder, reveal=reveal,
        failed_to_stack=failed_to_stack, said=((),) * n, marks=(0,) * n,
        winners=tuple(view.winners), position=position)
    if reveal is not None and earlier:
        state = dataclasses.replace(state, reveal=dataclasses.replace(
            reveal, current=_on_show(state, earlier)))
    return state


def _on_show(state: ShowState, earlier: Sequence[dict]) -> OrderShow | None:
    """The order on show, with its outcome and a series' members still to come: the
    current reveal's events (those after the last round's end, or all of them in a game
    arranged to start in a reveal) taken, on a copy thrown away, into ``state``."""
    start = 0
    for i, ev in enumerate(earlier):
        if ev.get("type") in (E.ROUND_END, E.NEW_ROUND, E.GAME_OVER):
            start = i + 1
    for ev in earlier[start:]:
        state = step(state, ev)
    return state.reveal.current if state.reveal is not None else None


def oven_total(history: tuple) -> int:
    """The oven's height from a round's public history (carried cards, plays, orders)."""
    return sum(h[3] + h[4] if h[0] == "play" else 1 for h in history)


# --- one small function per event type ---------------------------------------------------------

Handler = Callable[[ShowState, dict], ShowState]
_HANDLERS: dict[str, Handler] = {}


def on(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            _HANDLERS[t] = fn
        return fn
    return register


def step(state: ShowState, ev: dict) -> ShowState:
    """The show one event further (events this module does not know change nothing)."""
    handler = _HANDLERS.get(ev["type"])
    new = handler(state, ev) if handler is not None else state
    if ev["type"] in RECAP:
        new = _logged(new, ev)
    return dataclasses.replace(new, position=state.position + 1)


def run(state: ShowState, events: list[dict]) -> ShowState:
    for ev in events:
        state = step(state, ev)
    return state


def _logged(s: ShowState, ev: dict) -> ShowState:
    log = s.log + ((s.position, freeze(ev)),)
    marks = s.marks
    if ev["type"] in SAID:
        marks = _set(marks, ev["seat"], len(log))
    return dataclasses.replace(s, log=log, marks=marks)


def _set(t: tuple, i: int, value: Any) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


def _seat(s: ShowState, i: int, **changes: Any) -> tuple[SeatShow, ...]:
    si = s.seats[i]
    changes = {k: (getattr(si, k) + v if isinstance(v, int) else v) for k, v in changes.items()}
    return _set(s.seats, i, dataclasses.replace(si, **changes))


def _without(hand: tuple, faces: list) -> tuple:
    out = list(hand)
    for f in faces:
        f = tuple(f)
        if f in out:
            out.remove(f)
    return tuple(out)


def _with(hand: tuple, faces: list) -> tuple:
    return tuple(sorted(list(hand) + [tuple(f) for f in faces]))


def _say(s: ShowState, seat: int, ev: dict) -> tuple:
    return _set(s.said, seat, s.said[seat] + (freeze(ev),))


@on(E.SETUP)
def _setup(s: ShowState, ev: dict) -> ShowState:
    return dataclasses.replace(s, round=ev["round"], turn=ev["first"], phase="turns", oven=0,
                               oven_top=None, history=(), reveal=None)


@on(E.DEAL)
def _deal(s: ShowState, ev: dict) -> ShowState:
    # Only the viewer's own deal carries its cards; the counts come from the starting view.
    if ev["seat"] == s.viewer and "cards" in ev:
        return dataclasses.replace(s, hand=tuple(sorted(tuple(f) for f in ev["cards"])))
    return s


@on(E.TURN)
def _turn(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    # A seat's words stay beside its panel until it plays again.
    return dataclasses.replace(s, turn=seat, round=ev["round"], phase="turns",
                               said=_set(s.said, seat, ()))


@on(E.PLAY)
def _play(s: ShowState, ev: dict) -> ShowState:
    seat, kind, n1, n2 = ev["seat"], ev["kind"], ev["singles"], ev["doubles"]
    hand = s.hand
    if seat == s.viewer:
        hand = _without(hand, [(kind, 1)] * n1 + [(kind, 2)] * n2)
    # Singles go in first, then doubles: a double ends on top if there was one.
    return dataclasses.replace(
        s, seats=_seat(s, seat, ingredients=-(n1 + n2)), hand=hand, oven=s.oven + n1 + n2,
        oven_top=(kind, 2 if n2 else 1), history=s.history + (("play", seat, kind, n1, n2),),
        said=_say(s, seat, ev))


@on(E.ORDER)
def _order(s: ShowState, ev: dict) -> ShowState:
    seat, face = ev["seat"], tuple(ev["order"])
    hand = _without(s.hand, [face]) if seat == s.viewer else s.hand
    return dataclasses.replace(
        s, seats=_seat(s, seat, orders=-1), hand=hand, oven=s.oven + 1, oven_top=face,
        history=s.history + (("order", seat, face[1]),), said=_say(s, seat, ev))


@on(E.PASS)
def _pass(s: ShowState, ev: dict) -> ShowState:
    return dataclasses.replace(s, said=_say(s, ev["seat"], ev))


@on(E.DRAW)
def _draw(s: ShowState, ev: dict) -> ShowState:
    seat, n = ev["seat"], ev.get("count", 0)
    hand = _with(s.hand, ev["cards"]) if seat == s.viewer and "cards" in ev else s.hand
    if ev["source"] == "supply":
        return dataclasses.replace(s, seats=_seat(s, seat, ingredients=n), supply=s.supply - n,
                                   hand=hand)
    return dataclasses.replace(s, seats=_seat(s, seat, orders=n, stack=-n), hand=hand)


@on(E.SCORER_DRAWN)
def _scorer_drawn(s: ShowState, ev: dict) -> ShowState:
    return dataclasses.replace(s, supply=s.supply - 1, scorer_holder=ev["seat"],
                               said=_say(s, ev["seat"], ev))


@on(E.ROUND_END)
def _round_end(s: ShowState, ev: dict) -> ShowState:
    return dataclasses.replace(
        s, phase="reveal", oven=0, oven_top=None,
        reveal=RevealShow(round=ev["round"], scorer=ev["scorer"], total=s.oven,
                          filled_before=tuple(len(x.filled) for x in s.seats)))


def _reveal_changed(s: ShowState, **changes: Any) -> ShowState:
    assert s.reveal is not None, "a reveal event outside a reveal"
    return dataclasses.replace(s, reveal=dataclasses.replace(s.reveal, **changes))


def _noted(s: ShowState, ev: dict, **changes: Any) -> ShowState:
    r = s.reveal
    assert r is not None, "a reveal event outside a reveal"
    cur = r.current
    face = tuple(ev["order"]) if ev["type"] in (E.FILLED, E.FAILED) else None
    if cur is not None and cur.queue and ev["type"] != E.REWARD and (
            cur.status is not None or (face is not None and face != cur.face)):
        # A series: its next member is on show now, with no stamp and no notes yet.
        nxt = face if face in cur.queue else cur.queue[0]
        cur = OrderShow(face=nxt, owner=cur.owner,
                        queue=tuple(f for f in cur.queue if f != nxt), series=cur.series)
    if cur is not None:
        changes.setdefault("notes", cur.notes + (freeze(ev),))
        cur = dataclasses.replace(cur, **changes)
    return _reveal_changed(s, current=cur)


@on(E.REVEAL)
def _reveal(s: ShowState, ev: dict) -> ShowState:
    r = s.reveal
    assert r is not None, "a card revealed outside a reveal"
    face = tuple(ev["card"])
    if face[0] in _KIND_INDEX:
        k = _KIND_INDEX[face[0]]
        return _reveal_changed(s, revealed=r.revealed + 1,
                               columns=_set(r.columns, k, r.columns[k] + (face,)))
    return _reveal_changed(s, revealed=r.revealed + 1, shown=(),
                           current=OrderShow(face=face, owner=ev.get("owner", 0)))


@on(E.SERIES)
def _series(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    # The series' other members come from the owner's hand, face up: every member but
    # the order revealed.  Which one that is the show may not know (a show begun from a
    # view in the middle of a reveal, as an arranged position that starts there: the
    # view does not say which order is on show), but it is one of them, and it is not in
    # the hand, so the hand loses the members it holds and the count all but one.
    colour = s.seats[seat].colour
    faces = [(colour, oid) for oid, _units in ev["orders"]]
    hand = _without(s.hand, faces) if seat == s.viewer else s.hand
    s = dataclasses.replace(_noted(s, ev), seats=_seat(s, seat, orders=-(len(faces) - 1)),
                            hand=hand)
    # The members are resolved largest first (as the engine orders them).
    members = [(colour, oid) for oid, _u in sorted(ev["orders"], key=lambda m: -m[1])]
    amounts = tuple((str(oid), int(u)) for oid, u in ev["orders"])
    cur = s.reveal.current if s.reveal is not None else None
    if cur is None and s.reveal is not None:
        # Begun mid-reveal: the series says which orders are on show from now on.
        cur = OrderShow(face=members[0], owner=seat, notes=(freeze(ev),))
    if cur is not None:
        cur = dataclasses.replace(cur, series=amounts)
    if cur is not None and len(members) > 1:
        cur = dataclasses.replace(cur, face=members[0], queue=tuple(members[1:]))
    if cur is not None:
        s = _reveal_changed(s, current=cur)
    return s


@on(E.VARIANT, E.HELP_ASKED, E.HELP_DECLINED, E.SHOW)
def _note(s: ShowState, ev: dict) -> ShowState:
    s = _noted(s, ev)
    if ev["type"] == E.SHOW:
        s = _reveal_changed(s, shown=((ev["asked"], (tuple(ev["shown"]),)),))
    return s


@on(E.HELP_GIVEN)
def _help_given(s: ShowState, ev: dict) -> ShowState:
    helper, cards = ev["helper"], ev["cards"]
    hand = _without(s.hand, cards) if helper == s.viewer else s.hand
    return dataclasses.replace(_noted(s, ev), seats=_seat(s, helper, ingredients=-len(cards)),
                               hand=hand)


@on(E.BLOCK)
def _block(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    kind, a, b = ev["added"]
    k = _KIND_INDEX[kind]
    added = [(kind, 1)] * a + [(kind, 2)] * b
    hand = _without(s.hand, added) if seat == s.viewer else s.hand
    s = dataclasses.replace(_noted(s, ev), seats=_seat(s, seat, ingredients=-(a + b)),
                            hand=hand)
    r = s.reveal
    assert r is not None
    shown = tuple(sorted((int(st), tuple(tuple(f) for f in faces))
                         for st, faces in ev["revealed"].items()))
    return _reveal_changed(s, columns=_set(r.columns, k, r.columns[k] + tuple(added)),
                           shown=shown)


@on(E.FILLED)
def _filled(s: ShowState, ev: dict) -> ShowState:
    seat, face = ev["seat"], tuple(ev["order"])
    used = [tuple(f) for f in ev["used"]]
    offered = [tuple(f) for f in ev.get("offered", [])]
    given = ev.get("given", [])
    taken = used[: len(used) - len(offered) - len(given)]
    r = s.reveal
    assert r is not None, "an order filled outside a reveal"
    cols = [list(c) for c in r.columns]
    for f in taken:
        col = cols[_KIND_INDEX[f[0]]]
        if f in col:  # the latest such card leaves first, as the cascade shows it
            col.pop(len(col) - 1 - col[::-1].index(f))
    hand = _without(s.hand, offered) if seat == s.viewer else s.hand
    n_off = len(offered)
    s = dataclasses.replace(
        s, seats=_seat(s, seat, ingredients=-n_off, filled=s.seats[seat].filled + (face,)),
        hand=hand, used=s.used + len(used))
    s = _noted(s, ev, status="filled", face=face)
    return _reveal_changed(s, columns=tuple(tuple(c) for c in cols))


@on(E.REWARD)
def _reward(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    s = _noted(s, ev)
    if ev.get("order"):
        face = tuple(ev["order"])
        s = dataclasses.replace(
            s, seats=_seat(s, seat, stack=-1, filled=s.seats[seat].filled + (face,)))
    return s


@on(E.FAILED)
def _failed(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    s = _noted(s, ev, status="failed", face=tuple(ev["order"]))
    if s.failed_to_stack:
        s = dataclasses.replace(s, seats=_seat(s, seat, stack=1))
    return s


@on(E.SCORER_MOVED)
def _scorer_moved(s: ShowState, ev: dict) -> ShowState:
    seat = ev["seat"]
    # Taken from the supply after a stall, or from the seat that held it.
    supply = s.supply - 1 if s.scorer_holder < 0 else s.supply
    s = dataclasses.replace(_noted(s, ev), scorer_holder=seat, supply=supply)
    return _reveal_changed(s, scorer=seat)


@on(E.NEW_ROUND)
def _new_round(s: ShowState, ev: dict) -> ShowState:
    oven = tuple(tuple(f) for f in ev.get("oven", []))
    # The used cards and the scorer card go back into the supply, shuffled.
    supply = s.supply + s.used + (1 if s.scorer_holder >= 0 else 0)
    n = len(s.seats)
    return dataclasses.replace(
        s, round=ev["round"], turn=ev["first"], phase="turns", reveal=None, used=0,
        oven=len(oven), oven_top=oven[-1] if oven else None,
        history=tuple(("carried", f[0], f[1]) for f in oven), supply=supply, scorer_holder=-1,
        said=((),) * n)


@on(E.GAME_OVER)
def _game_over(s: ShowState, ev: dict) -> ShowState:
    # The last reveal's leftovers stay where they are: the game is over.
    return dataclasses.replace(s, phase="over", reveal=None, winners=tuple(ev["winners"]),
                               oven=sum(len(c) for c in s.reveal.columns) if s.reveal else s.oven)


# --- the check the tests hold the show to -------------------------------------------------------

def differences(state: ShowState, view: Any) -> list[str]:
    """Where the caught-up show differs from the engine's ``view`` (empty: nowhere)."""
    out = []

    def check(what: str, shown: Any, engine: Any) -> None:
        if shown != engine:
            out.append(f"{what}: shown {shown!r}, engine {engine!r}")

    check("round", state.round, view.round)
    check("hand", tuple(sorted(state.hand)), tuple(view.hand))
    check("supply", state.supply, view.supply)
    check("used", state.used, view.used)
    check("scorer holder", state.scorer_holder, view.scorer_holder)
    for i, (ss, si) in enumerate(zip(state.seats, view.seats, strict=True)):
        check(f"seat {i} ingredients", ss.ingredients, si.ingredients)
        check(f"seat {i} orders", ss.orders, si.orders)
        check(f"seat {i} stack", ss.stack, si.stack)
        check(f"seat {i} filled", ss.filled, tuple(si.filled))
    if view.phase == "over":
        check("phase", state.phase, "over")
        return out
    r = state.reveal
    if view.scorer >= 0:
        if r is None:
            out.append("reveal: not shown, engine scoring")
            return out
        check("columns", tuple(tuple(sorted(c)) for c in r.columns), tuple(view.columns))
        check("revealed", r.revealed, view.revealed)
        check("oven turned over", r.total, oven_total(view.history))
        check("scorer", r.scorer, view.scorer)
    else:
        check("reveal", r, None)
        check("oven", state.oven, view.oven)
        # A play's cards go in singles first, on screen; the engine keeps the hand's order.
        check("oven top", _top_kind(state.oven_top), _top_kind(view.oven_top))
        check("turn", state.turn, view.turn)
    check("history", state.history, tuple(view.history))
    return out


def _top_kind(face: Face | None) -> Face | str | None:
    return face[0] if face is not None and face[0] in _KIND_INDEX else face
