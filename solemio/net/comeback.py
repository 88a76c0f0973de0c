"""Going back, at start, to the networked table the window sat at when the game stopped.

A window seated at a networked table that is closed (the player quit, the computer
restarted) left its seat tokens and the table's name in the per-user folder
(``seat_tokens.seated``).  The next start takes the seats back by itself, like
continuing a game in progress, without making the title wait: ``Comeback`` tries on a
thread of its own (a table this window hosted is served again from its file), and while
the server does not answer it says so and tries again, as a lost connection does.  The
window reads ``state`` and, once ``done``, takes the session with ``take()``.  A table
that is over, or that the server no longer has (its token refused), is forgotten.

Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from solemio.net import seat_tokens
from solemio.net.hosting import HostingError, rejoin_or_rehost

log = logging.getLogger("solemio.net.comeback")

#: Seconds between two attempts while the server does not answer (then the last, again).
DELAYS = (1.0, 2.0, 4.0, 8.0, 10.0)

#: ``state``: ``trying`` (the first attempt), ``retrying`` (the server did not answer:
#: trying again), ``done`` (the seats are back: ``take()``), ``gone`` (the server no
#: longer has the table: forgotten), ``seat-gone`` (the table no longer knows the seat's
#: token: forgotten), ``over`` (the game is over: forgotten), ``refused`` (the server
#: speaks another version: kept, not tried again), ``cancelled`` (the player chose
#: something else).
STATES = ("trying", "retrying", "done", "gone", "seat-gone", "over", "refused", "cancelled")


class Comeback:
    """One table to go back to (see the module's docstring)."""

    def __init__(self, server: str, code: str,
                 attempt: Callable[[str, str], tuple[Any, Any]] = rejoin_or_rehost,
                 delays: tuple[float, ...] | None = None) -> None:
        self.server, self.code = server, code
        self._attempt = attempt  # (server, code) -> (NetSession, HostedTable or None)
        self.delays = delays or DELAYS
        self.state = "trying"
        self.attempts = 0
        self._result: tuple[Any, Any] | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-comeback", daemon=True)

    @classmethod
    def of_last_table(cls, **options: Any) -> Comeback | None:
        """The comeback to the table the window last sat at, not started; None when the
        player left their last table (or never sat at one)."""
        last = seat_tokens.last()
        if last is None:
            return None
        server, code = last
        return cls(server, code, **options)

    def start(self) -> Comeback:
        self._thread.start()
        return self

    # --- the attempts, on the thread -----------------------------------------------------
    def _run(self) -> None:
        delays = iter(self.delays)
        while not self._stop.is_set():
            self.attempts += 1
            try:
                found = self._attempt(self.server, self.code)
            except HostingError as exc:
                log.info("going back to table %s: %s", self.code, exc)
                if exc.reason in ("unreachable", "cannot-serve"):
                    self._set("retrying")
                    self._stop.wait(next(delays, self.delays[-1]))
                    continue
                if exc.reason in ("no-table", "bad-token"):
                    self._forget("gone" if exc.reason == "no-table" else "seat-gone")
                else:
                    self._set("refused")
                return
            except Exception:  # noqa: BLE001 - said on the title, the table kept
                log.exception("going back to table %s failed", self.code)
                self._set("refused")
                return
            self._arrived(found)
            return

    def _arrived(self, found: tuple[Any, Any]) -> None:
        session, _hosted = found
        over = any(t.is_over() for t in session.tables.values())
        with self._lock:
            if self._stop.is_set():  # the player chose something else meanwhile
                _close(found)
                return
            if over:
                _close(found)
                self._forget("over")
                return
            self._result = found
            self.state = "done"

    def _set(self, state: str) -> None:
        with self._lock:
            if not self._stop.is_set():
                self.state = state

    def _forget(self, state: str) -> None:
        try:
            seat_tokens.forget(self.server, self.code)
        except OSError as exc:
            log.warning("the seats at table %s could not be forgotten: %s", self.code, exc)
        self.state = state  # said even when the player chose something else meanwhile

    # --- the window's side ----------------------------------------------------------------
    def take(self) -> tuple[Any, Any] | None:
        """The (NetSession, HostedTable or None) once ``done``, handed over once."""
        with self._lock:
            found, self._result = self._result, None
        return found

    def cancel(self, wait: float = 0.0) -> None:
        """The player chose something else (or the window closes): stop trying, and close
        the seats taken meanwhile (they stay the player's, under "Your tables").
        ``wait``: seconds to wait for an attempt under way to end."""
        with self._lock:
            self._stop.set()
            found, self._result = self._result, None
            if self.state in ("trying", "retrying", "done"):
                self.state = "cancelled"
        if found is not None:
            _close(found)
        if wait and self._thread.is_alive():
            self._thread.join(wait)

    @property
    def busy(self) -> bool:
        """Still trying (the title says so)."""
        return self.state in ("trying", "retrying")


def _close(found: tuple[Any, Any]) -> None:
    session, hosted = found
    try:
        if hosted is not None:
            hosted.close()
        else:
            session.leave()
    except Exception as exc:  # noqa: BLE001 - closing what nobody will use
        log.warning("closing a table not gone back to: %s", exc)
