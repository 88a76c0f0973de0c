"""Speech for the window: what a sighted player reads, said aloud when Settings' "Speech"
is on (docs/accessibility.md).

The app holds one :class:`Narrator`.  The game scenes hand it each event as the show
reaches it (``GameScreen.follow``); after every step of the loop it looks at the top
scene (``frame``) and says what changed: the question asked of the person at the screen
(the table's message line, the reveal's prompt), a refusal, and the focused control
(a button's label, a hand card's name and count, a picker's option).  F2 asks for a
summary of the table.  Everything goes through :class:`solemio.speech.Voice`, so an
announcement is never cut by another and cuts a stale focus echo.

Only what the person at the screen may know is said: the events are the seat's own
(redacted by the ``SeatTable``), the hand and piles come from the show state, and in
hot-seat play nothing of a hand is said while the pass screen is up.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from solemio import speech
from solemio.announce import Seating, spoken
from solemio.i18n import _, language

log = logging.getLogger("solemio.speech")

def problem_words(code: str | None) -> str:
    """Why speech cannot be heard, in words (``ThreadedSpeaker.problem``): shown once as a
    notice and in Settings for as long as it lasts; "" for no problem."""
    if code == "none":
        return _("Speech found no voice on this computer: start a screen reader, or "
                 "install one (on Linux: speech-dispatcher and espeak-ng).")
    if code == "hang":
        return _("Speech does not answer: the system's voice is not responding (is a "
                 "sound device connected?).")
    return ""


#: How long the notice of a speech problem stays on screen (seconds).
NOTICE_SECONDS = 8.0

#: Say a summary of the table (your hand, the oven, the filled orders, your tally).
SUMMARY_KEY = pygame.K_F2
#: Say again the question asked of you now.
REPEAT_KEY = pygame.K_F3


class Narrator:
    """Turns what the screens show into speech (see the module's docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.voice: speech.Voice | None = None  # made when speech is first switched on
        self._focus_key: tuple | None = None
        self._prompt_key: tuple | None = None
        self._error = ""
        self._status_key: tuple | None = None
        self.question = ""  # the latest question said (F3 says it again)
        self._told: str | None = None  # the speech problem the player was told of
        self.notice_left = 0.0  # seconds the notice of it stays on screen

    @property
    def on(self) -> bool:
        return bool(getattr(self.app.settings, "speech", False))

    def use(self, speaker: speech.Speaker) -> speech.Voice:
        """Speak through ``speaker`` from now on (tests record; the app's own is made on
        first use)."""
        self.voice = speech.Voice(speaker)
        return self.voice

    def _voice(self) -> speech.Voice:
        if self.voice is None:
            self.voice = speech.Voice(speech.system_speaker(language()))
        return self.voice

    def settings_changed(self, was_on: bool) -> None:
        """Speech switched on or off in Settings: said, so the player knows it worked."""
        if self.on and not was_on:
            self._voice().announce(_("Speech on."))
            self._focus_key = None  # the focused control is said again
        elif was_on and not self.on and self.voice is not None:
            self.voice.stop()

    # --- what happens -------------------------------------------------------------------
    def event(self, session: Any, ev: dict) -> None:
        """An event the show has just reached, said as the screen shows it."""
        if not self.on:
            return
        text = spoken.event(ev, Seating.of(session), session.viewer)
        if text:
            self._voice().announce(text)

    def say(self, text: str) -> None:
        if self.on and text:
            self._voice().announce(text)

    def summary(self, session: Any) -> None:
        """F2: the table in a few sentences (the tally with the learner's aid on)."""
        if not self.on:
            return
        from solemio.ui.table.seats import tally_text

        show = session.show
        tally = tally_text(show) if self.app.settings.learner_aid else None
        voice = self._voice()
        for line in spoken.summary(show, Seating.of(session), tally):
            voice.announce(line)

    def repeat(self) -> None:
        if self.on and self.question:
            self._voice().announce(self.question)

    # --- when speech cannot be heard -----------------------------------------------------
    def problem(self) -> str:
        """Why speech is on but cannot be heard, in words ("" when it works, is still being
        found, or is off): Settings shows it, the notice says it once."""
        if not self.on or self.voice is None:
            return ""
        ask = getattr(self.voice.speaker, "problem", None)
        code = ask() if callable(ask) else None
        return problem_words(code)

    def _check(self, dt: float) -> None:
        """Tell the player once, in words on screen, when speech stopped working."""
        self.notice_left = max(0.0, self.notice_left - dt)
        ask = getattr(self.voice.speaker, "problem", None) if self.voice is not None else None
        code = ask() if callable(ask) else None
        if problem_words(code) and code != self._told:
            self._told = code
            self.notice_left = NOTICE_SECONDS
            log.warning("speech cannot be heard: %s", code)

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The notice of a speech problem, over every screen for ``NOTICE_SECONDS``."""
        text = self.problem() if self.notice_left > 0 else ""
        if not text:
            return
        from solemio.ui import theme

        w, h = surface.get_size()
        px = max(12, int(h * 0.026))
        text += " " + _("(Settings, Accessibility)")
        box = pygame.Rect(0, 0, int(w * 0.7), 0)
        lines = theme.wrap(text, px, box.w - 2 * px)
        lh = theme.font(px).get_linesize()
        box.h = min(h // 2, lh * len(lines) + px)
        box.midbottom = (w // 2, h - px)
        theme.rounded_panel(surface, box, (120, 30, 20, 235), radius=px // 2, shadow=False)
        theme.draw_wrapped(surface, text, box.inflate(-2 * px, -px // 2), px, theme.CREAM,
                           centre=True, middle=True)

    # --- after every step: what the top scene shows now --------------------------------
    def frame(self, dt: float = 0.0) -> None:
        if not self.on:
            return
        self._check(dt)
        top = self.app.manager.top
        if top is None:
            return
        voice = self._voice()
        prompt = self.prompt_of(top)
        key = (id(top), prompt)
        if prompt and key != self._prompt_key:
            self.question = prompt
            voice.announce(prompt)
        self._prompt_key = key
        error = getattr(top, "error", "") or ""
        if isinstance(error, str) and error and error != self._error:
            voice.announce(error)
        self._error = error if isinstance(error, str) else ""
        status, news = self._status(top)
        focus = getattr(top, "focus", None)
        w = focus.focused if focus is not None else None
        text = w.spoken() if w is not None and w.visible and hasattr(w, "spoken") else ""
        if w is not None and w.visible:
            key = (id(top), w.name, text)
            if key != self._focus_key:
                self._focus_key = key
                if not (news and status in text):  # else said whole just above
                    voice.focus(text)
        if status and not news and status not in text:
            voice.focus(status)

    def _status(self, top: Any) -> tuple[str, bool]:
        """A screen's changing state that no control holds (``spoken_status``: the replay's
        position and the move shown) when it has changed since the last frame, else "";
        and whether it is news.  News (``status_is_news``: the replay playing by itself)
        is said here as an announcement, whole; otherwise the caller says it as a focus
        echo a newer one cuts (a player stepping through it fast), unless the focused
        control's words hold it already."""
        own = getattr(top, "spoken_status", None)
        if not callable(own):
            return "", False
        status = own() or ""
        key = (id(top), status)
        if key == self._status_key or not status:
            self._status_key = key
            return "", False
        self._status_key = key
        if getattr(top, "status_is_news", False):
            self._voice().announce(status)
            return status, True
        return status, False

    @staticmethod
    def prompt_of(scene: Any) -> str:
        """The question the scene asks the person now ("" when none): the reveal's prompt,
        the table's message line while a decision waits, or a screen's own words
        (``spoken_prompt``: the pass screen, the round's summary)."""
        own = getattr(scene, "spoken_prompt", None)
        if callable(own):
            return own() or ""
        my = getattr(scene, "my_decision", None)
        if my is None:
            return ""
        d = my()
        if d is None:
            return ""
        prompt = getattr(scene, "prompt", "")
        if isinstance(prompt, str) and prompt:
            return prompt
        parts = getattr(scene, "screen_parts", None)
        return parts.message if parts is not None else ""


def handle_key(app: Any, event: pygame.event.Event) -> bool:
    """F2 (the table's summary) and F3 (the question again) on a game screen."""
    if event.type != pygame.KEYDOWN or not app.narrator.on:
        return False
    top = app.manager.top
    session = getattr(top, "session", None)
    if event.key == SUMMARY_KEY and session is not None and hasattr(session, "show") \
            and getattr(top, "screen_parts", None) is not None:
        app.narrator.summary(session)
        return True
    if event.key == REPEAT_KEY:
        app.narrator.repeat()
        return True
    return False
