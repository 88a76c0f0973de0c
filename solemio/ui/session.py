"""One game at the table: the engine's game plus who sits where, and who may look.

The session knows which seats are people and which are computers, which
person last saw their hand (the hot-seat rule), where the event feed stands,
and how to save and resume.  It never draws; scenes read it.
"""

from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs
from solemio.atomic import write_atomic
from solemio.engine.choices import to_json
from solemio.ui.computer import make_agent


@dataclass
class SeatConfig:
    """One seat as set up in the new-game scene."""

    name: str
    colour: str
    person: bool = True
    level: str = "normal"


def _tuplify(x: Any) -> Any:
    """JSON turns choice tuples into lists; the engine compares tuples."""
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    return x


class GameSession:
    def __init__(self, cardset: Any, seats: list[SeatConfig], seed: int,
                 first: int | None = None, choices: list | None = None,
                 agent_options: dict[str, dict] | None = None) -> None:
        from solemio.engine import new_game, replay

        self.cardset = cardset
        self.seats = list(seats)
        self.seed = seed
        self.first = first
        colours = [s.colour for s in seats]
        if choices:
            self.game = replay(cardset, colours, seed, [_tuplify(c) for c in choices], first)
        else:
            self.game = new_game(cardset, colours, seed, first)
        opts = agent_options or {}
        self.agents = {i: make_agent(s.level, i, seed, **opts.get(s.level, {}))
                       for i, s in enumerate(seats) if not s.person}
        persons = self.persons
        # With one person the hand is always theirs; with none, everyone watches as a spectator.
        self.viewer: int | None = persons[0] if len(persons) == 1 else None
        self.cursor = 0  # how many events the scenes have consumed
        self.catch_up = 0  # events before this index are replayed instantly (resumed games)
        self.oven_shown = 0  # the oven's height as far as the shown events go
        self.oven_top_shown: tuple | None = None  # and its top card

    # --- who is who -------------------------------------------------------
    @property
    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.person]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].person

    def decision(self) -> Any:
        return self.game.decision()

    def pass_needed(self) -> int | None:
        """The person who must take the screen before the next decision, or None."""
        d = self.game.decision()
        if d is None or not self.is_person(d.seat):
            return None
        if len(self.persons) <= 1 or d.seat == self.viewer:
            return None
        return d.seat

    def person_to_decide(self) -> int | None:
        """The deciding seat if it is a person who already holds the screen."""
        d = self.game.decision()
        if d is None or not self.is_person(d.seat) or self.pass_needed() is not None:
            return None
        return d.seat

    def confirm_pass(self, seat: int) -> None:
        self.viewer = seat

    # --- what the screen may show ------------------------------------------
    def view(self) -> Any:
        return self.game.view(self.viewer)

    def new_events(self) -> list[dict]:
        return self.game.events_for(self.viewer, self.cursor)

    def apply(self, choice: tuple) -> None:
        self.game.apply(choice)
        if self.persons:
            try:
                self.autosave(background=True)  # an fsync can take a frame or two
            except OSError:
                pass

    def track(self, ev: dict) -> None:
        """Follow the oven's height through the events as they are shown."""
        t = ev["type"]
        if t == "play":
            self.oven_shown += ev["singles"] + ev["doubles"]
            # Singles go in first, then doubles: a double ends on top if there was one.
            self.oven_top_shown = (ev["kind"], 2 if ev["doubles"] else 1)
        elif t == "order":
            self.oven_shown += 1
            self.oven_top_shown = tuple(ev["order"])
        elif t == "new-round":
            oven = ev.get("oven", [])
            self.oven_shown = len(oven)
            self.oven_top_shown = tuple(oven[-1]) if oven else None
        elif t == "round-end":
            self.oven_top_shown = None
        elif t == "setup":
            self.oven_shown = 0
            self.oven_top_shown = None

    def resume_feed(self) -> None:
        """Start the feed at the present, or at the start of a reveal in progress.

        A reveal is rebuilt from its events (instantly, see ``catch_up``), so its
        columns and the order on show are right when a saved game resumes.
        """
        n = self.game.event_count()
        self.cursor = 0
        self.catch_up = n
        target = n
        d = self.game.decision()
        events = self.game.events_for(self.viewer)
        if d is not None and d.kind not in ("play", "order", "draw"):
            for i in range(len(events) - 1, -1, -1):
                if events[i]["type"] == "round-end":
                    target = i
                    break
        # Count the oven up to where the show resumes.
        for ev in events[:target]:
            self.track(ev)
        self.cursor = target

    # --- saving ---------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": 1, "cardset": self.cardset.id, "seed": self.seed, "first": self.first,
            "seats": [asdict(s) for s in self.seats],
            "choices": [to_json(c) for c in self.game.choices_log],
        }

    def autosave(self, background: bool = False) -> None:
        """Save the game, or forget it once over; in the background off the window's thread.

        A save in the foreground (the menu, leaving the table) waits for any
        older background write first, so the newest state is the one that stays.
        """
        if self.game.is_over():
            clear_autosave()
            return
        text = json.dumps(self.to_json())
        if background:
            SAVER.submit(autosave_path(), text)
        else:
            SAVER.flush()
            write_atomic(autosave_path(), text)


class _BackgroundSaver:
    """Writes autosaves on a thread of their own; only the newest waiting one is written.

    Each write is still atomic (``write_atomic``), so a reader sees the old
    complete file or the new one.  ``flush`` waits for the writes in flight.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, path: Path, text: str) -> None:
        with self._lock:
            self._pending = (path, text)
            self._idle.clear()
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, name="autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    self._busy = False
                    self._idle.set()
                    return
            try:
                write_atomic(*job)
            except OSError:  # a full or read-only disk must not stop the game
                pass

    def flush(self, timeout: float | None = 5.0) -> bool:
        return self._idle.wait(timeout)


SAVER = _BackgroundSaver()


def autosave_path() -> Path:
    return userdirs.data_dir() / "autosave.json"


def has_autosave() -> bool:
    try:
        SAVER.flush()
        return autosave_path().is_file()
    except OSError:
        return False


def clear_autosave() -> None:
    SAVER.flush()  # a write still in flight must not bring the file back
    try:
        autosave_path().unlink()
    except OSError:
        pass


def load_autosave() -> GameSession | None:
    """Resume the last unfinished game; a broken file is set aside, never a crash."""
    SAVER.flush()
    path = autosave_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        from solemio.engine import load_cardset

        cs = load_cardset(data["cardset"])
        seats = [SeatConfig(**s) for s in data["seats"]]
        sess = GameSession(cs, seats, int(data["seed"]), data.get("first"), data["choices"])
    except Exception:
        try:
            path.replace(path.with_suffix(".broken"))
        except OSError:
            pass
        return None
    sess.resume_feed()
    return sess
