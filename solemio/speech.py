"""Speech: the game's words said aloud, through the player's screen reader or the system's
voice (docs/accessibility.md).

One small interface of our own, :class:`Speaker` (``say(text, interrupt)``, ``stop()``,
``speaking()``), so the game never depends on how a platform speaks and the tests record
what would be said (:class:`RecordingSpeaker`).  :class:`SystemSpeaker` speaks through
Prism (the ``prismatoid`` package): the running screen reader where there is one (NVDA,
JAWS, VoiceOver, Orca) and the platform's speech engine otherwise (SAPI/OneCore,
AVSpeech, Speech Dispatcher with espeak-ng).  No speech at all (no library, no engine)
is never an error: the game plays on silently and says why once in the log.

:class:`Voice` adds the politeness a player needs: an announcement cuts the echo of the
focused control but never another announcement; a focus echo cuts an older echo but
waits behind an announcement.  Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("solemio.speech")

#: Characters a second a voice says, roughly: how long an utterance is guessed to last when
#: the engine cannot say whether it is still speaking.
CHARS_PER_SECOND = 14.0


class Speaker(Protocol):
    """Where words go to be said."""

    name: str

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; ``interrupt``: cut whatever is being said first."""

    def stop(self) -> None:
        """Stop speaking."""

    def speaking(self) -> bool | None:
        """Whether it is speaking now; None when the engine cannot tell."""


class RecordingSpeaker:
    """A speaker that keeps what it was asked to say (tests; the log of a session)."""

    name = "recording"

    def __init__(self, context: Callable[[], Any] | None = None) -> None:
        #: (text, interrupt, context(), time) per utterance
        self.said: list[tuple[str, bool, Any, float]] = []
        self.context = context

    def say(self, text: str, interrupt: bool = False) -> None:
        ctx = self.context() if self.context is not None else None
        self.said.append((text, interrupt, ctx, time.perf_counter()))

    def stop(self) -> None:
        pass

    def speaking(self) -> bool | None:
        return None

    @property
    def texts(self) -> list[str]:
        return [s[0] for s in self.said]


class SilentSpeaker:
    """No speech available: says nothing (the reason is logged once)."""

    name = "none"

    def say(self, text: str, interrupt: bool = False) -> None:
        pass

    def stop(self) -> None:
        pass

    def speaking(self) -> bool | None:
        return False


class SystemSpeaker:
    """The platform's screen reader or speech engine, through Prism (``prismatoid``).

    Prism picks the best backend that runs: a screen reader first, the system's speech
    engine otherwise.  ``language`` picks a voice of the game's language where the engine
    has voices (a screen reader keeps the voice its user chose)."""

    def __init__(self, language: str = "en") -> None:
        import prism  # the prismatoid package

        self._ctx = prism.Context()
        self._backend = self._ctx.create_best()
        self.name = str(self._backend.name)
        self.set_language(language)

    def set_language(self, language: str) -> None:
        b = self._backend
        try:
            b.refresh_voices()
            for i in range(b.voices_count):
                if str(b.get_voice_language(i)).lower().startswith(language.lower()):
                    b.voice = i
                    return
        except Exception:  # noqa: BLE001 - screen readers have no voices to pick
            return

    def say(self, text: str, interrupt: bool = False) -> None:
        try:
            self._backend.output(text, interrupt)
        except Exception:  # noqa: BLE001 - braille and speech: output() where it exists
            try:
                self._backend.speak(text, interrupt)
            except Exception as exc:  # noqa: BLE001 - never stop the game for speech
                log.warning("speech failed: %s", exc)

    def stop(self) -> None:
        try:
            self._backend.stop()
        except Exception:  # noqa: BLE001
            pass

    def speaking(self) -> bool | None:
        try:
            return bool(self._backend.speaking)
        except Exception:  # noqa: BLE001 - not every backend can tell
            return None


class ThreadedSpeaker:
    """A speaker made and spoken to on a worker thread of its own.

    Finding the platform's engine can take seconds (Prism asks the desktop for a screen
    reader first: 5 to 8 s on a Linux desktop) and a speech call must never hold up a
    frame: ``say`` only queues the words, the worker says them as they come.  What was
    said before the engine was found is said once it is (in order).  ``make`` builds the
    real speaker on the worker.  The engine is touched from the worker only, never from
    the window's thread: a speech server that stops answering (Speech Dispatcher with no
    sound device hangs) holds the worker, never a frame.

    :meth:`problem` says when speech cannot work, so the window can tell the player in
    words: no engine at all (``"none"``), or an engine that did not answer for
    ``FIND_SECONDS`` while being found or ``SAY_SECONDS`` while speaking (``"hang"``)."""

    #: The longest a screen reader or speech engine may take to be found.
    FIND_SECONDS = 20.0
    #: The longest one utterance may take to be handed to the engine.
    SAY_SECONDS = 10.0

    def __init__(self, make: Callable[[], Speaker], name: str = "system",
                 clock: Callable[[], float] = time.monotonic) -> None:
        import queue
        import threading

        self.name = name
        self._make = make
        self._clock = clock
        # Bounded: an engine that stops answering costs the words it missed, never memory
        # or a frame.
        self._queue: queue.Queue = queue.Queue(maxsize=200)
        self._full = queue.Full
        self._speaker: Speaker | None = None
        self._failed = False  # no engine could be made
        # When the worker went into the engine (finding it, or a call), None when out.
        self._busy_since: float | None = clock()
        self._busy_limit = self.FIND_SECONDS
        self.ready = threading.Event()
        #: milliseconds each utterance waited between ``say`` and the engine (the latest)
        self.waits: list[float] = []
        self._thread = threading.Thread(target=self._run, name="solemio-speech", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._speaker = self._make()
        except Exception as exc:  # noqa: BLE001 - no engine: silence, said once in the log
            log.warning("no speech available: %s", exc)
            self._speaker = SilentSpeaker()
            self._failed = True
        self._busy_since = None
        self.name = self._speaker.name
        self.ready.set()
        while True:
            item = self._queue.get()
            if item is None:
                return
            what, text, interrupt, queued = item
            self._busy_limit = self.SAY_SECONDS
            self._busy_since = self._clock()
            try:
                if what == "say":
                    self._speaker.say(text, interrupt)
                    if len(self.waits) < 10000:
                        self.waits.append((time.perf_counter() - queued) * 1000.0)
                else:
                    self._speaker.stop()
            except Exception as exc:  # noqa: BLE001 - never stop the game for speech
                log.warning("speech failed: %s", exc)
            self._busy_since = None

    def problem(self) -> str | None:
        """Why speech cannot be heard, or None while it seems to work (or is still being
        found): ``"none"`` no engine at all, ``"hang"`` an engine that stopped answering."""
        if self._failed:
            return "none"
        since = self._busy_since
        if since is not None and self._clock() - since > self._busy_limit:
            return "hang"
        return None

    def _put(self, item: tuple | None) -> None:
        try:
            self._queue.put_nowait(item)
        except self._full:
            pass

    def say(self, text: str, interrupt: bool = False) -> None:
        self._put(("say", text, interrupt, time.perf_counter()))

    def stop(self) -> None:
        self._put(("stop", "", False, time.perf_counter()))

    def speaking(self) -> bool | None:
        """None: the engine is asked from its own thread only (see the class), so whether
        it is still speaking is guessed by :class:`Voice` from the words' length."""
        return None

    def close(self) -> None:
        self._put(None)


def system_speaker(language: str = "en") -> Speaker:
    """The platform's speaker (a screen reader, else its speech engine), found and spoken
    to on a worker thread; silent, the reason logged, when none can speak."""
    return ThreadedSpeaker(lambda: SystemSpeaker(language))


class Voice:
    """Polite speech over a :class:`Speaker`.

    An announcement (an event, a question, a summary asked for) is never cut by another:
    it waits its turn.  The echo of the focused control is: a newer echo cuts an older
    one, and an announcement cuts an echo, but an echo waits behind an announcement still
    being said.  Whether something is still being said comes from the engine where it can
    tell, else from a guess of the utterance's length (``CHARS_PER_SECOND``).
    """

    def __init__(self, speaker: Speaker, clock: Callable[[], float] = time.monotonic) -> None:
        self.speaker = speaker
        self.clock = clock
        self._last: str | None = None  # "announce" or "focus"
        self._announcing_until = 0.0

    def _announcing(self) -> bool:
        busy = self.speaker.speaking()
        if busy is False:
            return False
        return self.clock() < self._announcing_until if busy is None else (
            self._last == "announce" or self.clock() < self._announcing_until)

    def announce(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        # Cut a focus echo, but never an announcement still being said.
        interrupt = self._last == "focus" and not self._announcing()
        self.speaker.say(text, interrupt=interrupt)
        start = max(self.clock(), self._announcing_until)
        self._announcing_until = start + len(text) / CHARS_PER_SECOND
        self._last = "announce"

    def focus(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        interrupt = not self._announcing()
        self.speaker.say(text, interrupt=interrupt)
        self._last = "focus"

    def stop(self) -> None:
        self.speaker.stop()
        self._last = None
        self._announcing_until = 0.0
