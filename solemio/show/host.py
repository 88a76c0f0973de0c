"""The host of one game: the engine's game plus who sits where, and who may look.

The host knows which seats are people and which are computers, which person
last saw their hand (the hot-seat rule), where the event feed stands, how to
save and resume, and it asks the computer seats (its :class:`Thinker`, on a
worker thread).  No pygame: the conductor (``solemio.show.conductor``) runs the
game for a window from it, and a server could host it the same way.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solemio import userdirs
from solemio.ai import make_agent
from solemio.atomic import write_atomic
from solemio.show import state as show_state
from solemio.show.director import Directed
from solemio.show.state import ShowState
from solemio.show.table import SeatTable
from solemio.show.takeback import Rewind, taken_back, turn_start
from solemio.show.thinker import Thinker

log = logging.getLogger("solemio.session")

# the window's hard seat searches on every core (warm worker processes, see solemio.ai.workers)
WINDOW_AGENT_OPTIONS: dict[str, dict] = {"hard": {"workers": 0}}


#: The ``level`` of a seat a person plays at another window of a networked table
#: (``solemio/net/session.py``): not this screen's, and not a computer.
REMOTE = "remote"


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


class GameSession(Directed):
    """The host of one game: the engine's game, who sits where, whose hand is on screen,
    and the show (what the screen may show now; see :mod:`solemio.show`).

    Scenes never touch the game itself: they read the show state, and talk to
    :attr:`table`, the per-viewer table object.
    """

    def __init__(self, cardset: Any, seats: list[SeatConfig], seed: int,
                 first: int | None = None, choices: list | None = None,
                 agent_options: dict[str, dict] | None = None, game: Any = None) -> None:
        from solemio.engine import new_game, replay

        self.cardset = cardset
        self.seats = list(seats)
        self.seed = seed
        self.first = first
        colours = [s.colour for s in seats]
        if game is not None:  # already rebuilt from a save (with its events)
            self.game = game
        elif choices:
            self.game = replay(cardset, colours, seed, [_tuplify(c) for c in choices], first)
        else:
            self.game = new_game(cardset, colours, seed, first)
        opts = agent_options or {}
        self.agents = {i: make_agent(s.level, seat=i, seed=seed,
                                     **{**WINDOW_AGENT_OPTIONS.get(s.level, {}), **opts.get(s.level, {})})
                       for i, s in enumerate(seats) if not s.person}
        self.guide = False  # the guided first game (solemio/show/guided.py): the table speaks
        self.guide_note = ""  # the guide's word on the last event, for one decision
        from solemio.show.memory import MemoryTraining

        self.memory = MemoryTraining()  # memory training's estimates (Settings; off by default)
        persons = self.persons
        # With one person the hand is always theirs; with none, everyone watches as a spectator.
        self._viewer: int | None = persons[0] if len(persons) == 1 else None
        self.show: ShowState = self._begin(self.game)
        # The oven as it was before the last event (cards may still be flying onto it).
        self.oven_before: tuple[tuple | None, int] = (self.show.oven_top, self.show.oven)
        self._thinker: Thinker | None = None  # the computer seats' worker (thinker())
        self.takebacks = 0  # turns taken back in this game (the statistics say so)
        self.rewind: Rewind | None = None  # the choices before the latest take-back

    def _begin(self, game: Any) -> ShowState:
        """The show as ``game`` stands now, for the viewer (the order on show read from
        the events so far: ``show_state.begin``)."""
        return show_state.begin(game.view(self._viewer), game.event_count(), self._to_stack(),
                                game.events_for(self._viewer))

    def _to_stack(self) -> bool:
        return getattr(self.cardset, "unfilled", "stack") != "out-of-game"

    # --- who is who -------------------------------------------------------
    @property
    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.person]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def you(self, seat: int | None) -> bool:
        """Whether texts about ``seat`` speak to "you": the one person at the table
        (with several people at one screen, each is called by name)."""
        persons = self.persons
        return len(persons) == 1 and seat == persons[0]

    def is_person(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].person

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is on screen (None: nobody's)."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        if seat == self._viewer:
            return
        self._viewer = seat
        if seat is None:
            # Nobody's hand: the events ahead differ only in private cards the show of a
            # spectator ignores, so the show stays where it is, without the hand.
            self.show = dataclasses.replace(self.show, viewer=None, hand=())
        elif self.show.position == self.game.event_count():
            hand = tuple(self.game.view(seat).hand) if seat is not None else ()
            self.show = dataclasses.replace(self.show, viewer=seat, hand=hand)
        else:
            self.seek(self.show.position)

    @property
    def table(self) -> SeatTable:
        """The game as the viewer may use it."""
        return SeatTable(self.game, self._viewer)

    def decision(self) -> Any:
        return self.game.decision()

    def decline_unseen(self, seat: int) -> None:
        """The person ``seat``, asked for help, declines from the pass screen without
        showing their hand.  Anybody asked may decline (``DECLINE`` is among every help
        decision's answers), so the button is offered whatever the hand holds and
        pressing it tells the table nothing."""
        from solemio.engine.state import DECLINE

        d = self.game.decision()
        if d is None or d.seat != seat or d.kind != "help" or DECLINE not in d.choices or \
                not self.is_person(seat):
            raise ValueError(f"seat {seat} is not asked for help now")
        SeatTable(self.game, seat).apply(DECLINE)
        self.apply_done()

    @contextlib.contextmanager
    def hands_hidden(self) -> Iterator[None]:
        """For a moment nobody's hand is on screen, then the viewer's again exactly as it
        was (the show untouched): a picture meant for everybody is painted meanwhile
        (``solemio.ui.pictures``)."""
        kept = (self._viewer, self.show)
        self._viewer = None
        self.show = dataclasses.replace(self.show, viewer=None, hand=())
        try:
            yield
        finally:
            self._viewer, self.show = kept

    def hide_hands(self) -> None:
        """The screen is shared and the next decision is not the viewer's: no hand shows."""
        self.viewer = None

    # --- the show ------------------------------------------------------------
    @property
    def cursor(self) -> int:
        """How many events the show has taken."""
        return self.show.position

    @cursor.setter
    def cursor(self, position: int) -> None:
        self.seek(position)

    def seek(self, position: int, replay: bool = False) -> None:
        """The show at ``position`` at once: from the game's start, every event taken
        without pacing (a resumed game, a viewer who changed mid-feed, tests); the present
        is taken from the view unless ``replay``."""
        g = self.game
        if position >= g.event_count() and not replay:
            self.show = self._begin(g)
            return
        fresh = g.restart()
        start = fresh.event_count()
        st = self._begin(fresh)
        self.show = show_state.run(st, g.events_for(self._viewer, start)[: max(0, position - start)])

    def new_events(self) -> list[dict]:
        return self.game.events_for(self._viewer, self.show.position)

    def take_event(self) -> dict | None:
        """The feed's next event, taken into the show (None: the show has caught up)."""
        evs = self.game.events_for(self._viewer, self.show.position)[:1]
        if not evs:
            return None
        self.oven_before = (self.show.oven_top, self.show.oven)
        self.show = show_state.step(self.show, evs[0])
        return evs[0]

    def view(self) -> Any:
        return self.game.view(self._viewer)

    def apply(self, choice: tuple) -> None:
        """Apply a choice as the host (a computer's answer; tests)."""
        self.game.apply(choice)
        self.apply_done()

    def apply_forced(self, choice: tuple) -> bool:
        """Make a seat's only possible move for it (see SeatTable.forced_choice); whether
        it was taken (a local table always takes it)."""
        if self.table.forced_choice() != choice:
            raise ValueError(f"{choice!r} is not the only choice now")
        self.apply(choice)
        return True

    def apply_done(self) -> None:
        """After a choice: keep the game safe on disk."""
        if self.persons:
            try:
                self.autosave(background=True)  # an fsync can take a frame or two
            except OSError:
                pass

    def resume_feed(self) -> None:
        """Start the show at the present, rebuilt from every event (so a reveal in progress
        shows its columns as they landed and the order on show)."""
        self.seek(self.game.event_count(), replay=True)

    # --- the computer seats --------------------------------------------------
    def thinker(self, executor: Executor) -> Thinker:
        """The one worker of this game's computer seats (made on first use, on ``executor``):
        the table and the reveal ask through it, so an answer is never computed twice."""
        if self._thinker is None:
            self._thinker = Thinker(executor)
        return self._thinker

    def poll_computer(self, seat: int) -> tuple | None:
        """The computer ``seat``'s answer to the pending decision once its worker has it
        (the question is asked on the first call; None meanwhile; ``thinker`` first).
        After a take-back, while the game follows the path it had, the answer is the one
        the seat gave then: undoing never rolls a computer's move again."""
        if self._thinker is None:
            raise RuntimeError("no worker for the computer seats: call thinker() first")
        if self.rewind is not None:
            before = self.rewind.answer(self.game)
            if before is not None:
                return before
        return self._thinker.poll(self.game, self.agents[seat], seat)

    # --- taking back a turn (solo against computers) ----------------------------------
    def can_take_back(self) -> bool:
        """Whether the one person at the table may take back their latest turn: a solo
        game against computers (never hot-seat; a networked table is not a GameSession),
        not the guided game, and nothing revealed since that turn began
        (solemio/show/takeback.py)."""
        persons = self.persons
        if len(persons) != 1 or len(self.seats) < 2 or self.guide or \
                any(s.level == REMOTE for s in self.seats):  # a person at another screen
            return False
        key = (id(self.game), len(self.game.choices_log))
        if getattr(self, "_can_take_back", (None, False))[0] != key:  # asked every rebuild
            self._can_take_back = (key, turn_start(self.game, persons[0]) is not None)
        return self._can_take_back[1]

    def take_back(self) -> bool:
        """Take back the person's latest turn: the game rebuilt from its start with the
        choices before it, the show at that moment, the take-back counted (and kept in
        the autosave).  False when it cannot be done now."""
        if not self.can_take_back():
            return False
        start = turn_start(self.game, self.persons[0])
        assert start is not None
        log = tuple(self.game.choices_log)
        if self.rewind is None or self.rewind.choices[:len(log)] != log:
            self.rewind = Rewind(log)  # else the older path, longer, still holds this one
        self.stop_thinking()
        self.game = taken_back(self.game, start)
        self.takebacks += 1
        self.seek(self.game.event_count())
        self.oven_before = (self.show.oven_top, self.show.oven)
        self.apply_done()
        return True

    def stop_thinking(self) -> None:
        """Withdraw any question a computer seat is thinking about (the table is left)."""
        if self._thinker is not None:
            self._thinker.cancel()

    # --- saving ---------------------------------------------------------
    def to_json(self) -> dict:
        """The engine's save (card set embedded, digest, version) with the seats' people."""
        from solemio.engine.saves import game_to_dict

        extra: dict[str, Any] = {"seats": [asdict(s) for s in self.seats]}
        if self.takebacks:
            extra["takebacks"] = self.takebacks
        if self.memory.estimates or self.memory.asked:
            extra["memory"] = self.memory.to_json()  # memory training's, kept for the result
        if getattr(self, "guide", False):
            extra["guide"] = True  # a guided game resumed after quitting keeps guiding
        return game_to_dict(self.game, extra)

    def game_finished(self) -> None:
        """The game is over: keep its record and count it in the statistics (once)."""
        if getattr(self, "_finished", False) or not self.game.is_over():
            return
        self._finished = True
        self.keep_record()
        from solemio import stats

        stats.add_game(self.game, self.seats, takebacks=self.takebacks)

    def keep_record(self) -> Path | None:
        """Keep the finished game as a game record (once; see solemio.records)."""
        rec = getattr(self, "_record", None)
        if rec is not None or not self.game.is_over():
            return rec
        from solemio.records import save_record

        try:
            self._record: Path | None = save_record(self.game, self.seats)
        except OSError as exc:
            logging.getLogger("solemio.records").error("cannot keep the game record: %s", exc)
            return None
        return self._record

    def autosave(self, background: bool = False) -> None:
        """Save the game, or forget it once over; in the background off the window's thread.

        A save in the foreground (the menu, leaving the table) waits for any
        older background write first, so the newest state is the one that stays.
        """
        if self.game.is_over():
            clear_autosave()
            return
        text = json.dumps(self.to_json())
        try:  # a missing or read-only home must not stop the game: it is logged instead
            path = autosave_path()
            if background:
                SAVER.submit(path, text)
            else:
                SAVER.flush()
                write_atomic(path, text)
        except OSError as exc:
            log.warning("the game could not be saved: %s", exc)


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
            except OSError as exc:  # a full or read-only disk must not stop the game
                log.warning("the game could not be saved: %s", exc)

    def flush(self, timeout: float | None = 5.0) -> bool:
        return self._idle.wait(timeout)


SAVER = _BackgroundSaver()


SEAT_NAME_CHARS = 40  # a seat's name as a save brings it to the table


def autosave_path() -> Path:
    return userdirs.data_dir() / "autosave.json"


def has_autosave() -> bool:
    try:
        SAVER.flush()
        return os.path.lexists(autosave_path())
    except OSError:
        return False


def session_from_save(path: Path) -> GameSession:
    """A game session from a save file; SaveError (with its problem) if it cannot be used."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import read_game

    game, extra = read_game(path)
    try:
        seats = [SeatConfig(**s) for s in extra["seats"]]
        if [s.colour for s in seats] != list(game.colours) or not all(
                isinstance(s.name, str) and isinstance(s.person, bool) and
                isinstance(s.level, str) for s in seats):
            raise ValueError("the seats do not match the game")
        for s in seats:  # a hand-made save's ten-million-character name is cut here
            s.name = s.name[:SEAT_NAME_CHARS]
        sess = GameSession(game.cs, seats, game.seed, game.first_arg, game=game)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path}: the seats are missing or wrong ({exc})", "incomplete") from None
    if "memory" in extra:
        from solemio.show.memory import MemoryTraining

        sess.memory = MemoryTraining.from_json(extra["memory"], sess.persons)
    if extra.get("guide") is True:
        sess.guide = True
        sess.guide_note = ""
    takebacks = extra.get("takebacks", 0)
    if isinstance(takebacks, int) and not isinstance(takebacks, bool) and \
            0 <= takebacks <= 10_000:
        sess.takebacks = takebacks
    return sess


def _from_first_format(path: Path) -> GameSession | None:
    """An autosave of the window's first format (the card set by id, no digest), written
    before the window used the engine's save, under older rules: refused as older (never
    replayed under other rules, see engine/saves.py), so it is set aside and said.  None
    when the file is not of that format."""
    from solemio.savefiles import read_json

    try:
        data = read_json(path)  # a regular file of sensible size only (never a FIFO)
    except (OSError, ValueError):
        return None  # not of that format: the one format's reader names the fault
    if isinstance(data, dict) and data.get("format") == 1 and \
            isinstance(data.get("cardset"), str):
        from solemio.engine.saves import SaveError

        raise SaveError(f"{path}: the window's first save format", "older")
    return None


def check_autosave() -> bool:
    """Whether there is a game to continue; a save that cannot be used is set aside and
    reported (see solemio.savefiles) instead."""
    return load_autosave(check_only=True) is not None


def clear_autosave() -> None:
    SAVER.flush()  # a write still in flight must not bring the file back
    try:
        autosave_path().unlink()
    except OSError:
        pass


def _recover_autosave(path: Path) -> bool:
    """Bring back the newest autosave that a version of the game set aside and this one can
    continue (one made by a newer version, set aside after a downgrade, is usable again
    after the upgrade), so a downgrade never hides an unfinished game for good.  Only when
    there is no autosave: the game in progress always wins."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import set_aside_saves

    def is_autosave(old: Path, data: dict) -> bool:
        extra = data.get("extra")
        return old.name.startswith("autosave-") and isinstance(extra, dict) and \
            "kind" not in extra
    for old in sorted(set_aside_saves(is_autosave), key=lambda p: p.stat().st_mtime,
                      reverse=True):
        try:
            if session_from_save(old).game.is_over():
                continue
            os.rename(old, path)
        except (SaveError, OSError):
            continue  # still unusable here: it stays set aside, as reported when moved
        log.info("brought the set-aside autosave %s back", old)
        return True
    return False


def load_autosave(check_only: bool = False) -> GameSession | None:
    """Resume the last unfinished game; a file that cannot be used is set aside and
    reported in one sentence on the title screen, never deleted and never a crash."""
    from solemio.engine.saves import SaveError
    from solemio.savefiles import refuse

    SAVER.flush()
    path = autosave_path()
    if not os.path.lexists(path) and not _recover_autosave(path):
        return None
    try:
        sess = _from_first_format(path) or session_from_save(path)
        if sess.game.is_over():
            raise SaveError(f"{path}: the game is already over", "incomplete")
    except SaveError as exc:
        refuse(path, "autosave", path.name, exc.problem)
        return None
    if not check_only:
        sess.resume_feed()
    return sess
