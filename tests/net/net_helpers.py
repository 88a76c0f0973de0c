"""What the network tests share: a client that records every frame, a computer player
driving a remote seat, and the check that a connection saw exactly what its seats may see."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from solemio.ai import make_agent
from solemio.ai.base import Searcher
from solemio.engine import Game
from solemio.net import protocol as P
from solemio.net.client import ConnectionLost, RemoteTable, StaleMove, TableClient

#: Every message type a server may send.
SERVER_MESSAGES = {"welcome", "created", "joined", "watching", "update", "seats", "chat",
                   "moved", "refused", "problem", "replaced", "stood-in", "pong",
                   "preview", "record"}


def plain(x: Any) -> Any:
    """``x`` as it travels: JSON and back."""
    return json.loads(json.dumps(x))


class RecordingClient(TableClient):
    """A TableClient that keeps every frame it received, in order."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.frames: list[dict] = []
        self.frames_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def _receive(self, msg: dict[str, Any]) -> None:
        with self.frames_lock:
            self.frames.append(plain(msg))
        super()._receive(msg)


def play_seat(table: RemoteTable, level: str = "random", seed: int = 0,
              stop_when: Any = None, timeout: float = 60.0) -> None:
    """Play ``table``'s seat with a computer player until the game ends (or ``stop_when()``)."""
    agent = make_agent(level, table.viewer, seed)
    while True:
        end = time.monotonic() + timeout
        while not table.wait_for(lambda: table.is_over() or table.decision() is not None
                                 or (stop_when is not None and stop_when()), 0.05):
            assert time.monotonic() < end, "the seat was never asked"
        if table.is_over() or (stop_when is not None and stop_when()):
            return
        events = table.events(agent.since)
        agent.since += len(events)
        choice = agent.choose(table.view(), events, Searcher(None, table.viewer))
        try:
            table.apply(choice)
        except (ConnectionLost, StaleMove):  # as a window: wait, read the table again
            assert table.client.wait_synced(timeout), "the connection never came back"


def play_all(tables: list[RemoteTable], level: str = "random", timeout: float = 60.0,
             stop_when: Any = None) -> None:
    """Each table's seat played by its own thread, as separate windows would."""
    errors: list[BaseException] = []

    def run(t: RemoteTable, i: int) -> None:
        try:
            play_seat(t, level, i, stop_when, timeout)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(t, i), daemon=True)
               for i, t in enumerate(tables)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout)
        assert not th.is_alive(), "a seat's player did not finish in time"
    if errors:
        raise errors[0]


def check_frames(frames: list[dict], games: dict[str, Game], mine: set[tuple[str, int | None]]
                 ) -> int:
    """Every frame a connection received is one a server may send it; every update holds
    exactly ``events_for(seat)`` and ``view(seat)`` of the position after ``moves`` choices,
    for a seat in ``mine`` (the (table, seat) pairs the connection held).  Returns how
    many updates were checked."""
    wanted: dict[str, dict[int, list[tuple[int | None, dict, int]]]] = {}
    checked = 0
    full_events: dict[tuple[str, int | None], list] = {}
    for f in frames:
        assert f["type"] in SERVER_MESSAGES, f
        if f["type"] == "joined":
            assert (f["table"], f["seat"]) in mine
        if f["type"] != "update":
            continue
        code, seat = f["table"], f["seat"]
        assert (code, seat) in mine, f"an update for a seat not held: {code} {seat}"
        key = (code, seat)
        if key not in full_events:
            full_events[key] = plain(games[code].events_for(seat))
        full = full_events[key]
        assert f["events"] == full[f["start"]:f["start"] + len(f["events"])]
        wanted.setdefault(code, {}).setdefault(f["moves"], []).append(
            (seat, f["view"], f["start"] + len(f["events"])))
        checked += 1
    for code, by_moves in wanted.items():
        game = games[code]
        g = game.restart()
        for m in range(len(game.choices_log) + 1):
            for seat, view, count in by_moves.get(m, ()):
                assert view == plain(P.view_to_json(g.view(seat))), (code, seat, m)
                assert count == g.event_count(), (code, seat, m)
            if m < len(game.choices_log):
                g.apply(game.choices_log[m])
    return checked
