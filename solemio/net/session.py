"""A networked table as a window holds it: the host interface of a local game, remotely.

A window runs a game through a host (``show.host.GameSession``) and its conductor.  A
``NetSession`` offers the conductor and the scenes the same interface, backed by the
seats this window holds at a table a server keeps (``client.RemoteTable``, one per
person at this screen) instead of a game of its own:

* the people at this screen are its ``persons`` (hot seat among them works as in a local
  game: pass screens, hidden hands); every other seat, a friend's elsewhere or a
  computer on the server, is a seat whose answer arrives as events;
* the show begins from the view the server sent, at the table's present, and then takes
  the events of the viewer's seat as they arrive (with nobody's hand on a shared screen,
  the public events of a spectator's place on the same connection);
* nothing is thought or saved here: the server plays its computers and keeps the table.

Once the game is over the server hands out the whole game (``record``), so statistics
(per person at this screen), the game record and the coach work as after a local game.
Nothing here imports pygame (``tests/test_structure.py``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from solemio.engine import IllegalChoice, load_cardset
from solemio.net.client import ConnectionLost, RemoteTable, TableClient
from solemio.show import state as show_state
from solemio.show.director import Directed
from solemio.show.host import REMOTE, SeatConfig
from solemio.show.memory import MemoryTraining
from solemio.show.state import ShowState
from solemio.show.table import NotYourDecision
from solemio.show.thinker import Thinker

log = logging.getLogger("solemio.net.session")


def default_name(info: dict[str, Any]) -> str:
    """A seat's name when the table gives none (the window passes a translated one)."""
    if info.get("kind") == "computer":
        return f"Computer {info.get('seat', 0) + 1}"
    return f"Seat {info.get('seat', 0) + 1}"


class NetSession(Directed):
    """The seats one window holds at one networked table (see the module's docstring)."""

    def __init__(self, client: TableClient, tables: dict[int, RemoteTable],
                 spectator: RemoteTable | None = None,
                 name_for: Callable[[dict[str, Any]], str] = default_name,
                 host_token: str | None = None) -> None:
        if not tables and spectator is None:
            raise ValueError("a networked session holds at least one seat or a watcher's place")
        self.client = client
        self.tables = dict(sorted(tables.items()))
        self.spectator = spectator
        any_table = next(iter(self.tables.values()), spectator)
        assert any_table is not None
        self.code = any_table.code
        self.url = client.url
        # the server address the seat tokens are kept under (``seat_tokens``): where the
        # table was joined, even when a hosted table is served again on another port
        self.tokens_at = client.url
        self.host_token = host_token  # this window hosts the table: it may seat stand-ins
        self.name_for = name_for
        view = any_table.view()
        self.cardset = load_cardset(self._edition())
        self.seed = 0  # unknown until the game is over (the server keeps it)
        self.first = None
        self.guide = False
        self.guide_note = ""
        self.memory = MemoryTraining()
        self.seats: list[SeatConfig] = []
        self._colours = [s.colour for s in view.seats]
        self.refresh_seats()
        persons = self.persons
        self._viewer: int | None = persons[0] if len(persons) == 1 else None
        # where each feed's show began (the view the server sent at joining): a viewer
        # changed in the middle of the feed is shown from there
        self._bases: dict[int | None, ShowState] = {}
        self.show: ShowState = self._begin(self._viewer)
        self.oven_before: tuple[tuple | None, int] = (self.show.oven_top, self.show.oven)
        self._thinker: Thinker | None = None
        self._game: Any = None  # the whole game, from the server once it is over
        self._finished = False
        self._forgotten = False  # the seats' tokens, once the game is over
        self._record: Path | None = None

    def _edition(self) -> str:
        for t in [*self.tables.values(), self.spectator]:
            if t is not None and getattr(t, "edition", None):
                return t.edition
        return "sole-mio"

    # --- who is who -------------------------------------------------------
    def refresh_seats(self) -> None:
        """Names and kinds of the seats as the server last said (people join and leave)."""
        infos = self.client.seats_info.get(self.code) or []
        by_seat = {i.get("seat"): i for i in infos if isinstance(i, dict)}
        seats = []
        for i, colour in enumerate(self._colours):
            info = by_seat.get(i, {"seat": i, "kind": "person"})
            name = info.get("name") or self.name_for(info)
            if info.get("kind") == "computer":
                level = info.get("level") or "normal"
            else:  # a person elsewhere (a computer may stand in for them a while)
                level = info.get("stand_in") or REMOTE
            seats.append(SeatConfig(name=name, colour=colour, person=i in self.tables,
                                    level=level))
        self.seats = seats

    def seat_infos(self) -> list[dict[str, Any]]:
        """The server's public word on every seat (who, connected, stand-in)."""
        return list(self.client.seats_info.get(self.code) or [])

    def presence(self, seat: int) -> str:
        """Why a person's seat elsewhere does not answer, as the table should say it:
        ``waiting`` (nobody has joined it yet), ``away`` (its person's connection is gone
        and no computer stands in), or "" (a computer, a person who is there, a stand-in,
        or this window's own seat)."""
        if seat in self.tables:
            return ""
        info = next((i for i in self.seat_infos() if isinstance(i, dict)
                     and i.get("seat") == seat), None)
        if info is None or info.get("kind") != "person" or info.get("stand_in"):
            return ""
        if not info.get("taken"):
            return "waiting"
        return "" if info.get("connected") else "away"

    @property
    def persons(self) -> list[int]:
        return sorted(self.tables)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def you(self, seat: int | None) -> bool:
        persons = self.persons
        return len(persons) == 1 and seat == persons[0]

    def is_person(self, seat: int) -> bool:
        return seat in self.tables

    # --- the feeds ---------------------------------------------------------
    def _feed(self, viewer: int | None) -> RemoteTable:
        if viewer is not None and viewer in self.tables:
            return self.tables[viewer]
        if self.spectator is not None:
            return self.spectator
        return next(iter(self.tables.values()))

    def _begin(self, viewer: int | None) -> ShowState:
        """The show at the present of ``viewer``'s feed, kept as the base of that feed."""
        feed = self._feed(viewer)
        view, events = feed.snapshot()
        st = show_state.begin(view, len(events), self._to_stack(), events)
        if viewer is None and feed is not self.spectator:
            st = dataclasses.replace(st, viewer=None, hand=())
        self._bases.setdefault(viewer, st)
        return st

    def _to_stack(self) -> bool:
        return getattr(self.cardset, "unfilled", "stack") != "out-of-game"

    @property
    def viewer(self) -> int | None:
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        if seat == self._viewer:
            return
        self._viewer = seat
        if seat is None:
            self.show = dataclasses.replace(self.show, viewer=None, hand=())
        else:
            self.seek(self.show.position)

    @property
    def table(self) -> RemoteTable:
        """The viewer's seat at the table (a watcher's place when nobody's hand shows)."""
        return self._feed(self._viewer)

    def decision(self) -> Any:
        return self.table.decision()

    def hide_hands(self) -> None:
        self.viewer = None

    def decline_unseen(self, seat: int) -> None:
        """The person ``seat`` at this window, asked for help, declines from the pass
        screen without showing their hand (GameSession.decline_unseen)."""
        from solemio.engine.state import DECLINE

        feed = self._feed(seat)
        d = feed.decision()
        if d is None or d.kind != "help" or DECLINE not in d.choices or \
                not self.is_person(seat):
            raise ValueError(f"seat {seat} is not asked for help now")
        feed.apply(DECLINE)

    # --- the show ------------------------------------------------------------
    @property
    def cursor(self) -> int:
        return self.show.position

    @cursor.setter
    def cursor(self, position: int) -> None:
        self.seek(position)

    def seek(self, position: int, replay: bool = False) -> None:
        """The show at ``position`` for the viewer: from where its feed began (a remote
        window has no start of the game to replay from), or its present."""
        base = self._bases.get(self._viewer)
        feed = self._feed(self._viewer)
        if base is None or position < base.position:
            self.show = self._begin(self._viewer)
            return
        self.show = show_state.run(base, feed.events(base.position)[: position - base.position])

    def new_events(self) -> list[dict]:
        return self.table.events(self.show.position)

    def take_event(self) -> dict | None:
        evs = self.table.events(self.show.position)[:1]
        if not evs:
            return None
        self.oven_before = (self.show.oven_top, self.show.oven)
        self.show = show_state.step(self.show, evs[0])
        return evs[0]

    def view(self) -> Any:
        return self.table.view()

    def apply(self, choice: tuple) -> None:
        """(A computer's answer in a local game: never here, the server plays them.)"""
        raise RuntimeError("the server plays the computer seats of a networked table")

    def apply_forced(self, choice: tuple) -> bool:
        """The viewer's only answer, sent for them; False when the server did not take it
        now (the connection is being restored, the table moved on, or the server asks
        to slow down): the conductor asks again after its pause, the window goes on."""
        if self.table.forced_choice() != choice:
            raise ValueError(f"{choice!r} is not the only choice now")
        try:
            self.table.apply(choice)
        except (ConnectionLost, IllegalChoice, NotYourDecision) as exc:
            log.info("a forced answer was not taken now: %s", exc)
            return False
        return True

    def apply_done(self) -> None:
        """Nothing to save: the server keeps the table."""

    def resume_feed(self) -> None:
        self.seek(self.table.event_count())

    # --- the computer seats (on the server) ------------------------------------
    def thinker(self, executor: Executor) -> Thinker:
        if self._thinker is None:
            self._thinker = Thinker(executor)
        return self._thinker

    def poll_computer(self, seat: int) -> tuple | None:
        """None: another seat's answer comes from the server as events."""
        return None

    def stop_thinking(self) -> None:
        """Nothing thinks here."""

    # --- the connection ------------------------------------------------------
    @property
    def status(self) -> str:
        """``connected``, ``retrying`` (the connection is lost and tried again), ``lost``
        (the server no longer has the table) or ``closed``."""
        if any(t.lost for t in self._all_tables()):
            return "lost"
        return self.client.status

    def _all_tables(self) -> list[RemoteTable]:
        return [*self.tables.values(), *([self.spectator] if self.spectator else [])]

    def chat(self, phrase: str) -> None:
        """Send a set phrase for the viewer's seat (or the first person at this screen)."""
        seat = self._viewer if self._viewer in self.tables else (self.persons or [None])[0]
        if seat is None:
            return
        self.tables[seat].chat(phrase)

    def messages(self) -> list[dict]:
        """The set phrases said at this table, oldest first."""
        said = list(self.client.chat)  # one step: the receiving thread appends meanwhile
        return [m for m in said if m.get("table") == self.code]

    def stand_in(self, seat: int, level: str | None) -> None:
        """(The host) let a computer play ``seat`` until its person returns, or take it back."""
        if self.host_token is None:
            raise PermissionError("only the host's window may seat a computer")
        self.client.stand_in(self.code, self.host_token, seat, level)

    def leave(self) -> None:
        """The window leaves the table (the seats stay the players' to resume)."""
        self.client.close()

    # --- saving and the end ------------------------------------------------------
    def autosave(self, background: bool = False) -> None:
        """Nothing to save: the server keeps the table (the seat tokens are kept apart)."""

    def to_json(self) -> dict:
        raise RuntimeError("a networked table is kept by its server")

    @property
    def game(self) -> Any:
        """The whole game once it is over (from the server); before, only the feed of what
        this window may see (``events_for``: the log and memory training read it)."""
        if self._game is None and self.table.is_over():
            try:
                self._game = self.client.record(self.code)
                self.seed = self._game.seed
            except (ConnectionLost, OSError, ValueError) as exc:
                log.warning("the finished game could not be fetched: %s", exc)
        return self._game if self._game is not None else _Feed(self)

    def whole_game(self) -> Any:
        """The whole game once it is over and fetched, else None."""
        game = self.game
        return None if isinstance(game, _Feed) else game

    def game_finished(self) -> None:
        """The game is over: keep its record and count it for the people at this screen;
        the seats' tokens are forgotten (there is nothing left to rejoin)."""
        if self.table.is_over() and not self._forgotten:
            self._forgotten = True
            from solemio.net import seat_tokens

            try:
                seat_tokens.forget(self.tokens_at, self.code)
            except OSError as exc:
                log.warning("the seats of a finished table could not be forgotten: %s", exc)
        game = self.whole_game()
        if self._finished or game is None:
            return
        self._finished = True
        self.keep_record()
        from solemio import stats

        stats.add_game(game, self.seats)

    def keep_record(self) -> Path | None:
        if self._record is not None or self.whole_game() is None:
            return self._record
        from solemio.records import save_record

        try:
            self._record = save_record(self.game, self.seats)
        except OSError as exc:
            logging.getLogger("solemio.records").error("cannot keep the game record: %s", exc)
            return None
        return self._record


class _Feed:
    """What a window may read of a networked game that is not over: its own feed."""

    def __init__(self, session: NetSession) -> None:
        self._session = session

    def events_for(self, seat: int | None = None, since: int = 0) -> list[dict]:
        """The events of the table on screen (the viewer's own, a watcher's when nobody's
        hand shows): never more than this window may see, whichever ``seat`` is asked."""
        return self._session.table.events(since)

    def is_over(self) -> bool:
        return self._session.table.is_over()
