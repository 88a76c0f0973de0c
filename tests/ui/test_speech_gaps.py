"""Speech where the screen used to say more than the voice: the replay's position and the
move shown, the hot-seat pass screen's who and why; and speech that cannot be heard (no
voice, a speech server that hangs) told once in words on screen, its slow lookup never
holding up the window (docs/accessibility.md)."""

from __future__ import annotations

import random
import threading
import time

import pygame
from ui_helpers import finished_session

from solemio.engine import load_cardset
from solemio.show.host import GameSession, SeatConfig
from solemio.speech import RecordingSpeaker, ThreadedSpeaker
from solemio.ui import driver, narrator, theme
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.replay import ReplayScene
from solemio.ui.scenes.settings import SettingsScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def spoken_app(make_app, **settings):
    app = make_app((1024, 640), speech=True, language="en", **settings)
    rec = RecordingSpeaker()
    app.narrator.use(rec)
    return app, rec


def test_the_replay_says_where_it_stands_and_the_move_shown(make_app):
    app, rec = spoken_app(make_app)
    sess = finished_session()
    rp = app.manager.push(ReplayScene(app, sess.game, [
        {"name": n, "colour": s.colour, "person": s.person}
        for n, s in zip(sess.names, sess.seats, strict=True)]))
    app.step([keydown(pygame.K_HOME)], 0.0)
    app.step([keydown(pygame.K_RIGHT)], 0.0)
    app.step([keydown(pygame.K_RIGHT)], 0.0)
    span = rp.replay.end - rp.replay.start
    caption = rp.board.caption_text(rp.position)
    assert caption
    said = rec.texts[-1]
    assert said.startswith(f"Round 1 of {sess.show.rounds}, event 2 of {span}."), said
    assert caption.rstrip(".") in said, "the move shown is said with the position"
    # Stepping fast: each position is a focus echo (a newer one cuts it), not a queue.
    assert rec.said[-1][1] is True
    n = len(rec.said)
    app.step([], 0.0)
    assert len(rec.said) == n, "nothing said twice"
    # The slider, focused, says the same as the screen's top line and caption.
    rp.focus.focus_name("slider")
    app.step([], 0.0)
    assert rec.texts[-1] == "Timeline: " + rp.spoken_status()
    # Playing, every move is said whole (an announcement, never cut by the next move).
    app.step([keydown(pygame.K_SPACE)], 0.0)
    n = len(rec.said)
    for _ in range(40):
        app.step([], 0.1)
    moves = rec.said[n:]
    assert len(moves) >= 3 and all(m[0].startswith("Round ") for m in moves)
    assert not any(interrupt for _t, interrupt, _c, _s in moves[1:])


def test_the_pass_screen_says_who_is_called_and_why(make_app):
    app, rec = spoken_app(make_app)
    seats = [SeatConfig("Anna", "blue"), SeatConfig("Giulia", "green", person=True),
             SeatConfig("Marco", "brown", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 7, first=0)
    sess.autosave = lambda background=False: None
    app.manager.push(TableScene(app, sess))
    driver.play_until(app, lambda: isinstance(app.manager.top, HandoverScene)
                      and app.manager.top.seat == 1, random.Random(3))
    app.step([], 0.0)
    top = app.manager.top
    prompt = top.spoken_prompt()
    assert prompt.startswith("Pass to Giulia. It is Giulia's turn. Everyone else, please "
                             "look away."), prompt
    assert top.recap and "Since your last turn: " + top.recap[0] in prompt, "the recap"
    assert prompt in rec.texts
    assert rec.texts[-1] == "I am Giulia: show my cards", "then the focused button"
    # The why is on the screen too, under "Pass to Giulia".
    seen: list[str] = []
    real = theme.fit_text

    def fit(s, *a, **k):
        seen.append(s)
        return real(s, *a, **k)

    theme.fit_text = fit
    try:
        app.draw()
    finally:
        theme.fit_text = real
    assert "It is Giulia's turn." in seen


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_speech_engine_that_hangs_is_told_once_on_screen_and_in_settings(make_app,
                                                                          monkeypatch):
    """Finding the engine never returns (Speech Dispatcher with no sound device): after
    FIND_SECONDS the player reads why, once, in a notice and in Settings."""
    app = make_app((1024, 640), speech=True, language="en")
    app.manager.push(TitleScene(app))
    release = threading.Event()
    clock = Clock()
    made = []

    def make():
        release.wait(30)
        made.append(1)
        return RecordingSpeaker()

    speaker = ThreadedSpeaker(make, clock=clock)
    app.narrator.use(speaker)
    texts: list[str] = []
    real = theme.draw_wrapped

    def recording(surface, s, *a, **k):
        texts.append(s)
        return real(surface, s, *a, **k)

    monkeypatch.setattr(theme, "draw_wrapped", recording)
    app.step([], 0.1)
    assert app.narrator.problem() == "" and not texts, "still being found: no alarm yet"
    clock.t += ThreadedSpeaker.FIND_SECONDS + 1
    app.step([], 0.1)
    hang = narrator.problem_words("hang")
    assert app.narrator.problem() == hang
    assert any(t.startswith(hang) for t in texts), "the notice is on screen"
    texts.clear()
    app.step([], narrator.NOTICE_SECONDS + 1)
    app.step([], 0.1)
    assert not any(t.startswith(hang) for t in texts), "the notice goes after a while"
    app.step([], 0.1)
    assert app.narrator.notice_left == 0, "told once, not again each frame"
    # Settings says it for as long as it lasts, under the accessibility page's rows.
    settings = app.manager.push(SettingsScene(app))
    settings.show_page(1)
    texts.clear()
    app.step([], 0.1)
    assert hang in texts
    release.set()
    speaker.close()


def test_no_voice_at_all_is_told_in_words(make_app):
    app = make_app((1024, 640), speech=True, language="en")
    app.manager.push(TitleScene(app))

    def make():
        raise OSError("no speech engine")

    speaker = ThreadedSpeaker(make)
    app.narrator.use(speaker)
    assert speaker.ready.wait(5)
    app.step([], 0.1)
    assert app.narrator.problem() == narrator.problem_words("none")
    assert app.narrator.notice_left > 0


def test_the_slow_first_lookup_never_holds_the_window(make_app):
    """The first lookup of a screen reader takes 5 to 8 s on a Linux desktop: the window
    plays on meanwhile (its frames are not held), and what was said in the meantime is
    said, in order, once the voice is found."""
    app = make_app((1024, 640), speech=True, language="en")
    settings = app.manager.push(SettingsScene(app))
    release = threading.Event()
    rec = RecordingSpeaker()

    def make():
        release.wait(30)  # the lookup, as long as it takes
        return rec

    speaker = ThreadedSpeaker(make)
    app.narrator.use(speaker)
    worst = 0.0
    shown: list[str] = []  # what the screen's focus showed after each key
    for _ in range(3):
        t = time.perf_counter()
        app.step([keydown(pygame.K_TAB)], 0.05)
        worst = max(worst, time.perf_counter() - t)
        shown.append(settings.focus.focused.spoken())
    assert len(set(shown)) == 3, "the keys moved the focus while the voice was sought"
    assert worst < 2.0 and rec.said == []
    release.set()
    assert speaker.ready.wait(5)
    for _ in range(50):
        if len(rec.said) >= 3:
            break
        time.sleep(0.05)
    assert rec.texts == shown, "said once found, in order"
    # Found, the engine is never asked anything on the window's thread: a speech server
    # that stops answering (here: whether it is still speaking) holds no frame.
    hung = threading.Event()
    rec.speaking = lambda: hung.wait(3)
    t = time.perf_counter()
    app.step([keydown(pygame.K_TAB)], 0.05)
    app.step([keydown(pygame.K_TAB)], 0.05)
    assert time.perf_counter() - t < 2.0
    hung.set()
    speaker.close()
