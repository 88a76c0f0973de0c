"""The remote table: what a window holds to play at a table that a server keeps.

``TableClient`` is one connection (websockets' threaded client, which fits a window's
loop: a background thread receives, the window reads what arrived).  ``RemoteTable`` is
one seat at one table through it, with the interface of ``show.table.SeatTable``, so a
window plays a networked table the way it plays a local one.  It knows only what the
server sent its seat: the seat's view (its own hand, the public facts, and its own
pending decision with its legal choices), and the events redacted for it.

Where it differs from ``SeatTable`` (each is what a remote seat can know):

* ``preview`` returns None: the work done ahead would need a copy of the game.
* ``forced_choice`` and ``only_answer`` speak of the viewer's own decision only; another
  seat's single choice would tell its hand, and that seat's own window makes it.
* ``apply`` waits for the server's answer (the events of the move have arrived when it
  returns); a refusal raises ``IllegalChoice``, a lost connection ``ConnectionLost``.

A lost connection is retried in the background (``status`` says ``retrying``); on
reconnect every seat is resumed with its token from the last event it holds, so nothing
is shown twice or missed.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections import deque
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from solemio.engine import IllegalChoice
from solemio.engine.choices import to_json
from solemio.engine.game import play_choice
from solemio.engine.views import SeatView
from solemio.net import protocol as P
from solemio.net.bucket import Bucket
from solemio.show.director import REVEAL_KINDS, only_answer
from solemio.show.table import NotYourDecision

log = logging.getLogger("solemio.net.client")


def pacing(welcome: dict[str, Any]) -> Bucket:
    """The client's own bucket, a little under the cap the server announced (its hello
    took one message, and two clocks never tick alike)."""
    rate = welcome.get("rate", P.RATE)
    burst = welcome.get("burst", P.BURST)
    if not isinstance(rate, int | float) or not isinstance(burst, int | float) or rate <= 0:
        rate, burst = P.RATE, P.BURST
    return Bucket(rate * 0.9, max(1.0, burst - 2.0))


# Seconds to wait before sending a request the server refused as a flood again (its
# bucket refills at 20 messages a second, so the first wait nearly always suffices).
FLOOD_WAITS = (0.1, 0.25, 0.5, 1.0)


class ConnectionLost(Exception):
    """The server could not be reached, or did not answer in time."""


class StaleMove(IllegalChoice):
    """The table moved on before this move arrived (it was made already, before a lost
    connection came back): read the table again."""


class RefusedMove(IllegalChoice):
    """The server refused a move: ``code`` is the protocol's reason code (``reason``, as
    for every refusal, the English words), so the window can say it in its language."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code


class Refused(Exception):
    """The server refused a request: ``reason`` (a protocol reason code) and its words."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class _SeatState:
    """What has arrived for one (table, seat): the events, the view, the move count."""

    def __init__(self, table: str, seat: int | None, token: str | None) -> None:
        self.table, self.seat, self.token = table, seat, token
        self.events: list[dict] = []
        self.view: SeatView | None = None
        self.moves = 0
        self.over = False
        self.synced = False  # an update arrived since the connection was (re)opened
        self.lost: str | None = None  # why a resume was refused (the table is gone)
        self.edition = ""  # the table's card set (its id), from the answer to joining
        # what the seat's own choices would bring (the server's preview), for the move
        # count they were asked at: choice -> (events, deciding) or None (not legal)
        self.previews: dict[tuple, tuple[list[dict], int | None] | None] = {}
        self.previews_at = -1
        self.changed = threading.Condition()


class TableClient:
    """One connection to a table server, kept open (and re-opened) in a background thread."""

    RETRY = (0.1, 0.25, 0.5, 1.0, 2.0)

    def __init__(self, url: str, client_name: str = "solemio", timeout: float = 10.0,
                 retry: bool = True) -> None:
        self.url = url
        self.client_name = client_name
        self.timeout = timeout
        self.retry = retry
        self.status = "connecting"  # connecting, connected, retrying, closed
        self.welcome: dict[str, Any] = {}
        self.seats_info: dict[str, list[dict]] = {}  # table: who sits where (public)
        self.chat: deque[dict] = deque(maxlen=100)
        self.problems: deque[dict] = deque(maxlen=100)
        self._states: dict[tuple[str, int | None], _SeatState] = {}
        self._refs = itertools.count(1)
        self._pending: dict[int, list] = {}  # ref: [event, answer]
        self._preview_asked: dict[tuple, list] = {}  # (table, seat, index): choices asked
        self._lock = threading.Lock()
        self._pace = Bucket(P.RATE, P.BURST)  # set from the server's welcome
        self._pace_lock = threading.Lock()
        self._ws: ClientConnection | None = None
        self._closed = False
        self._open()
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self._thread.start()

    # -------------------------------------------------------------- the connection

    def _open(self) -> None:
        try:
            # entered as a context manager: websockets 17.1 asks for one (its plain call
            # is kept for old code and warns); closed by ``close`` like any connection
            ws = connect(self.url, max_size=4 * 1024 * 1024, compression=None,
                         open_timeout=self.timeout, close_timeout=1).__enter__()
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise ConnectionLost(f"cannot reach {self.url}: {exc}") from None
        try:
            ws.send(P.encode({"type": "hello", "v": P.VERSION, "client": self.client_name}))
            answer = P.decode(ws.recv(timeout=self.timeout))
        except (ConnectionClosed, TimeoutError, P.ProtocolError) as exc:
            ws.close()
            raise ConnectionLost(f"{self.url} did not answer: {exc}") from None
        if answer.get("type") != "welcome":
            ws.close()
            raise Refused(str(answer.get("reason")), str(answer.get("message")))
        self.welcome = answer
        self._pace = pacing(answer)
        self._ws = ws
        self.status = "connected"

    def _run(self) -> None:
        delay = iter(())
        while not self._closed:
            ws = self._ws
            if ws is not None:
                try:
                    for frame in ws:
                        self._receive(P.decode(frame))
                except (ConnectionClosed, P.ProtocolError, OSError):
                    pass
                for st in list(self._states.values()):
                    with st.changed:
                        st.synced = False
                        st.changed.notify_all()
                self._fail_pending()
                if self._closed or not self.retry:
                    break
                self.status = "retrying"
                delay = iter(self.RETRY)
                self._ws = None
            time.sleep(next(delay, self.RETRY[-1]))
            try:
                self._open()
                self._resume_all()
            except (ConnectionLost, Refused, ConnectionClosed) as exc:
                log.info("reconnecting to %s: %s", self.url, exc)
                self._ws = None
        self.status = "closed"

    def _resume_all(self) -> None:
        for (table, seat), st in list(self._states.items()):
            ref = f"resume {table} {seat}"  # a refusal names the seat it concerns
            if seat is None:
                self._send({"type": "spectate", "table": table, "since": len(st.events),
                            "ref": ref})
            else:
                self._send({"type": "resume", "table": table, "token": st.token,
                            "since": len(st.events), "ref": ref})

    def _fail_pending(self) -> None:
        with self._lock:
            for slot in self._pending.values():
                slot[1] = None
                slot[0].set()

    def synced(self) -> bool:
        """Connected, and every seat told where its table is since (re)connecting."""
        return self.status == "connected" and all(st.synced for st in self._states.values())

    def wait_synced(self, timeout: float | None = None) -> bool:
        """Wait until ``synced()`` (a window shows "reconnecting" meanwhile)."""
        end = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.synced():
            if time.monotonic() > end:
                return False
            time.sleep(0.02)
        return True

    def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            self._ws.close()
        self._thread.join(timeout=self.timeout)
        self.status = "closed"

    # -------------------------------------------------------------- what arrives

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "update":
            st = self._states.get((msg["table"], msg["seat"]))
            if st is not None:
                with st.changed:
                    start = msg["start"]
                    if start <= len(st.events):  # a resumed feed may overlap: never twice
                        st.events[start:] = [P.event_from_wire(e) for e in msg["events"]]
                    st.view = P.view_from_json(msg["view"])
                    st.moves = msg["moves"]
                    st.over = msg["over"]
                    st.synced = True
                    st.changed.notify_all()
                self._ask_previews(st)
        elif kind == "preview":
            st = self._states.get((msg["table"], msg.get("seat")))
            asked = self._preview_asked.pop((msg["table"], msg.get("seat"), msg["index"]), None)
            if st is not None and asked is not None and st.previews_at == msg["index"]:
                for choice, out in zip(asked, msg.get("outcomes") or [], strict=False):
                    st.previews[choice] = None if not isinstance(out, dict) else (
                        [P.event_from_wire(e) for e in out.get("events", [])],
                        out.get("deciding"))
        elif kind == "seats":
            self.seats_info[msg["table"]] = msg["seats"]
        elif kind == "chat":
            self.chat.append(msg)
        elif kind == "problem":
            self.problems.append(msg)
        elif kind == "replaced":
            self._states.pop((msg["table"], msg["seat"]), None)
        elif kind == "refused" and str(msg.get("ref", "")).startswith("resume "):
            # the server no longer has the table (or the seat): say so, stop waiting for it
            _, table, seat = msg["ref"].split(" ")
            st = self._states.pop((table, None if seat == "None" else int(seat)), None)
            if st is not None:
                with st.changed:
                    st.lost = msg.get("reason") or "no-table"
                    st.changed.notify_all()
        if kind in ("joined", "watching"):
            key = (msg["table"], msg["seat"])
            if key not in self._states:
                self._states[key] = _SeatState(msg["table"], msg["seat"], msg.get("token"))
            self._states[key].edition = str(msg.get("edition", ""))
        ref = msg.get("ref")
        if ref is not None:
            with self._lock:
                slot = self._pending.get(ref)
            if slot is not None:
                slot[1] = msg
                slot[0].set()

    def _ask_previews(self, st: _SeatState) -> None:
        """The seat decides now among a few choices: ask the server what each would bring
        (its answer arrives while the show catches up, for the work done ahead)."""
        if st.seat is None or st.previews_at == st.moves or st.view is None:
            return
        d = P.decision_of(st.view)
        st.previews, st.previews_at = {}, st.moves
        # only the reveal's decisions: the window rehearses what their choices bring
        # (ui/table/reveal/rehearsal.py); a turn's are shown as they come
        if d is None or d.kind not in REVEAL_KINDS or not isinstance(d.choices, list | tuple) \
                or not 0 < len(d.choices) <= P.MAX_PREVIEWS:
            return
        asked = list(d.choices)
        self._preview_asked[(st.table, st.seat, st.moves)] = asked
        try:
            self._send({"type": "preview", "table": st.table, "token": st.token,
                        "index": st.moves, "choices": [to_json(c) for c in asked]},
                       optional=True)
        except ConnectionLost:
            pass

    def _send(self, msg: dict[str, Any], optional: bool = False) -> bool:
        """Send ``msg`` within the server's cap on messages a second: wait for the pace to
        allow it, or, for an ``optional`` message (a preview: work done ahead), leave it
        unsent (False) rather than hold the window."""
        while True:
            with self._pace_lock:
                if self._pace.take():
                    break
                wait = self._pace.wait()
            if optional:
                return False
            time.sleep(wait)
        ws = self._ws
        if ws is None:
            raise ConnectionLost("not connected")
        try:
            ws.send(P.encode(msg))
        except (ConnectionClosed, OSError) as exc:
            raise ConnectionLost(str(exc)) from None
        return True

    def request(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Send ``msg`` and wait for its answer; Refused or ConnectionLost otherwise.

        A ``flood`` refusal (the server's cap on messages a second) is waited out and the
        request sent again, a few times: a window that briefly outpaces the cap (forced
        answers made quickly in a fast reveal) is slowed down, not refused its move."""
        for wait in FLOOD_WAITS:
            try:
                return self._request_once(msg)
            except Refused as exc:
                if exc.reason != "flood":
                    raise
                log.info("the server asks to slow down; sending again in %.2f s", wait)
                time.sleep(wait)
        return self._request_once(msg)

    def _request_once(self, msg: dict[str, Any]) -> dict[str, Any]:
        ref = next(self._refs)
        slot: list = [threading.Event(), None]
        with self._lock:
            self._pending[ref] = slot
        try:
            self._send({**msg, "ref": ref})
            if not slot[0].wait(self.timeout) or slot[1] is None:
                raise ConnectionLost("the server did not answer")
        finally:
            with self._lock:
                self._pending.pop(ref, None)
        answer = slot[1]
        if answer["type"] == "refused":
            raise Refused(answer["reason"], answer["message"])
        return answer

    # -------------------------------------------------------------- tables

    def create(self, edition: str, seats: list[str], seed: int | None = None) -> tuple[str, str]:
        """A new table (``seats``: "person" or a computer level each): (code, host token)."""
        msg: dict[str, Any] = {"type": "create", "edition": edition, "seats": seats}
        if seed is not None:
            msg["seed"] = seed
        answer = self.request(msg)
        return answer["table"], answer["host"]

    def join(self, code: str, name: str | None = None, seat: int | None = None) -> RemoteTable:
        msg: dict[str, Any] = {"type": "join", "table": code.upper()}
        if name:
            msg["name"] = name
        if seat is not None:
            msg["seat"] = seat
        return self._table(self.request(msg))

    def resume(self, code: str, token: str) -> RemoteTable:
        return self._table(self.request({"type": "resume", "table": code.upper(),
                                         "token": token}))

    def spectate(self, code: str) -> RemoteTable:
        return self._table(self.request({"type": "spectate", "table": code.upper()}))

    def _table(self, answer: dict[str, Any]) -> RemoteTable:
        st = self._states[(answer["table"], answer["seat"])]
        table = RemoteTable(self, st)
        table.wait_for(lambda: st.view is not None, self.timeout)
        return table

    def record(self, code: str) -> Any:
        """The whole game of a finished table (a ``Game`` rebuilt from the server's save,
        digest-checked): every card is known once the game is over."""
        from solemio.engine.saves import SaveError, game_from_dict

        answer = self.request({"type": "record", "table": code})
        try:
            return game_from_dict(answer["save"], f"table {code}")[0]
        except (KeyError, SaveError) as exc:
            raise ValueError(f"the server's record of {code} cannot be read: {exc}") from None

    def stand_in(self, code: str, host: str, seat: int, level: str | None) -> None:
        """(The host) let a computer of ``level`` play ``seat`` until its person returns."""
        self.request({"type": "stand-in", "table": code, "host": host, "seat": seat,
                      "level": level})


class RemoteTable:
    """One seat at a networked table, offering a window ``SeatTable``'s interface."""

    def __init__(self, client: TableClient, state: _SeatState) -> None:
        self.client = client
        self._st = state
        self.viewer = state.seat
        self.code = state.table
        self.token = state.token
        self.edition = state.edition

    def wait_for(self, ready: Any, timeout: float) -> bool:
        """Wait until ``ready()`` holds (after an update), at most ``timeout`` seconds."""
        end = time.monotonic() + timeout
        with self._st.changed:
            while not ready():
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._st.changed.wait(left)
        return True

    @property
    def lost(self) -> str | None:
        """Why the server refused to resume this seat after a reconnect (``no-table``: the
        table is gone), else None; a window says so instead of "reconnecting"."""
        return self._st.lost

    def snapshot(self) -> tuple[SeatView, list[dict]]:
        """The view and the events that arrived with it, together (one update's worth:
        the receiving thread may add the next update meanwhile)."""
        with self._st.changed:
            assert self._st.view is not None
            return self._st.view, list(self._st.events)

    def view(self) -> SeatView:
        assert self._st.view is not None
        return self._st.view

    def events(self, since: int = 0) -> list[dict]:
        return self._st.events[since:]

    def event_count(self) -> int:
        return len(self._st.events)

    def moves(self) -> int:
        return self._st.moves

    def deciding(self) -> int | None:
        d = self.view().deciding
        return None if d < 0 else d

    def deciding_kind(self) -> str | None:
        return self.view().decision_kind

    def decision(self) -> Any:
        """The pending decision when it is the viewer's own (its choices came to this seat
        only), else None."""
        return P.decision_of(self.view())

    def forced_choice(self) -> tuple | None:
        d = self.decision()
        return d.choices[0] if d is not None and len(d.choices) == 1 else None

    def only_answer(self) -> bool:
        d = self.decision()
        return d is not None and only_answer(d.kind, d.choices)

    def check_play(self, faces: list[tuple]) -> tuple[tuple | None, str | None]:
        return play_choice(self.decision(), faces)

    def apply(self, choice: tuple) -> None:
        """Send the viewer's choice and wait for the server's answer."""
        if not self._st.synced:
            raise ConnectionLost("reconnecting to the server")
        d = self.decision()
        if d is None:
            raise NotYourDecision("not the viewer's decision")
        if choice not in d.choices:
            raise IllegalChoice("that choice is not legal now")
        try:
            self.client.request({"type": "move", "table": self.code, "token": self.token,
                                 "index": self._st.moves, "choice": to_json(choice)})
        except Refused as exc:
            if exc.reason == "stale-move":
                raise StaleMove(str(exc)) from None
            raise RefusedMove(exc.reason, str(exc)) from None

    def preview(self, choice: tuple) -> tuple[list[dict], int | None] | None:
        """What ``choice`` would bring the viewer, as ``SeatTable.preview`` says it: its
        first events and the seat deciding after them (None: not legal, or the server's
        answer has not arrived).  The server computes it on a copy of the game dealt again
        from what this seat knows, so a hidden card in it is some card, not the one the
        choice would meet; the work done ahead uses it for the pictures to prepare."""
        st = self._st
        if st.previews_at != st.moves:
            return None
        return st.previews.get(tuple(choice))

    def is_over(self) -> bool:
        return self._st.over

    def scores(self) -> list[int]:
        return [len(s.filled) for s in self.view().seats]

    def chat(self, phrase: str) -> None:
        """Send a set phrase (an id of ``protocol.PHRASES``) to the table."""
        self.client._send({"type": "chat", "table": self.code, "token": self.token,
                           "phrase": phrase})
