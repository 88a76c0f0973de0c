"""``solemio bench``: the window's numbers.

* ``frame_ms_p99`` (and ``_median``, ``_max``): update + draw of the table during the
  oven reveal animation, 5 seats, 1920x1080, software rendering (headless surface),
  after one warm-up reveal, as in a running game.  Each reveal starts from the table
  at the round's end, whose frames (not measured) may finish the reveal's warm-up.
  ``frame_cpu_ms_p99`` (and ``_median``): the same frames' CPU time on the window's
  thread: on a shared machine the wall-clock figure also holds the time a frame waited
  for a core (or for the GIL, held by a computer seat thinking); this one does not.
* ``table_frame_ms_median`` / ``_p99`` (and ``table_frame_cpu_ms_p99``): update + draw
  of the table while computer turns are shown, 5 seats, 1920x1080.
* ``language_switch_ms_max`` (and ``_median``): choosing another language in Settings
  (opened from the pause menu over a 5-seat game, 1920x1080): the settings change and
  the next frame, drawn in the new language; twelve switches through it, nl, fr, en.
* ``language_back_to_table_ms_max``: the first table frame after half a second in Settings
  in the new language (its card faces and panels, painted ahead while Settings shows).
* ``language_switch_cpu_ms_max`` (and ``_median``, ``language_back_to_table_cpu_ms_max``):
  the same, in CPU time of the drawing thread (``time.thread_time``): on a shared
  machine the wall-clock figures include waiting for a core, these do not.
* ``startup_s``: from starting a Python process to the title screen drawn,
  measured from outside with a subprocess.
* ``rss_mb``: peak resident memory of this process after playing a 5-seat game
  through the window.
* ``replay_open_s``: loading the record of a full 5-seat Grande game (five normal
  opponents) and showing its last position (the record read and replayed, the
  replay scene built, its first frame drawn at 1920x1080; median of three opens
  in one window; ``replay_open_cold_s``: the first, with no card picture made yet:
  then at most ``NEW_PICTURES`` cards get their pictures in that frame and the others
  stand in; ``replay_open_cold_complete_s``: until the last of them is painted, frame
  after frame with no pause).
* ``replay_step_back_ms_max`` (and ``_median``): going back one event from 200
  positions spread over that game, once the replay has built its kept moments
  (done on a worker as it opens) and painted its pictures ahead (a bounded amount per
  frame); ``replay_step_back_frame_ms_median`` / ``_max``: the same step with its
  frame drawn (the replay's still frame repaints only the parts the step changed).

The benchmark runs in a throw-away user folder: the player's saves, records and
statistics are never touched.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from solemio.engine import events as E
from solemio.engine.kinds import COLOURS


def _reveal_session(seed: int) -> Any:
    """A 5-seat game replayed to its first round end, its feed set to show the reveal."""
    from solemio.engine import load_cardset, new_game
    from solemio.show.host import GameSession, SeatConfig

    cs = load_cardset("sole-mio")
    colours = list(COLOURS)
    g = new_game(cs, colours, seed, record_events=True)
    rng = random.Random(seed)
    while not any(ev["type"] == E.ROUND_END for ev in g.events_for(None)):
        g.apply(rng.choice(g.decision().choices))
    names = ["Anna", "Giulia", "Marco", "Sofia", "Luca"]
    seats = [SeatConfig(names[i], colours[i], person=(i == 0), level="easy") for i in range(5)]
    sess = GameSession(cs, seats, seed, None, list(g.choices_log))
    events = sess.game.events_for(0)
    sess.cursor = max(i for i, ev in enumerate(events) if ev["type"] == E.ROUND_END)
    return sess


def _run_reveal(app: Any, sess: Any, frames: int, times: list[float] | None,
                cpu: list[float] | None = None) -> None:
    from solemio.ui import driver
    from solemio.ui.scenes.reveal import RevealScene
    from solemio.ui.scenes.table import TableScene

    app.manager.reset(TableScene(app, sess))
    rng = random.Random(1)
    dt = 1 / 60
    for _ in range(frames):
        top = app.manager.top
        if isinstance(top, RevealScene) and top.my_decision() is not None:
            driver.person_move(app, rng)
        c0, t0 = time.thread_time(), time.perf_counter()
        app.step([], dt, draw=True)
        t1, c1 = time.perf_counter(), time.thread_time()
        if times is not None and isinstance(app.manager.top, RevealScene):
            times.append((t1 - t0) * 1000.0)
            if cpu is not None:
                cpu.append((c1 - c0) * 1000.0)


#: Settings every window of the frame figures adds (``solemio bench --frames-only --speech``
#: measures them with speech on, through the system's speaker).
EXTRA_SETTINGS: dict = {}
#: The speakers the benchmark's windows used (their start latencies are reported).
SPEAKERS: list = []


def _bench_app() -> Any:
    from solemio.ui.app import App
    from solemio.ui.settings import Settings

    app = App((1920, 1080), headless=True, settings=Settings(sound=False, **EXTRA_SETTINGS),
              persist_settings=False)
    if app.settings.speech:
        from solemio import speech

        speaker = speech.system_speaker("en")
        speaker.ready.wait(30)  # found before the frames are timed, as in a game under way
        app.narrator.use(speaker)
        SPEAKERS.append(speaker)
    return app


def frame_times(frames: int = 600, cpu: list[float] | None = None) -> list[float]:
    """Wall-clock milliseconds of each reveal frame (``cpu``: their thread CPU time)."""
    app = _bench_app()
    try:
        _run_reveal(app, _reveal_session(4), frames, None)  # warm-up: card pictures rendered
        times: list[float] = []
        _run_reveal(app, _reveal_session(5), frames, times, cpu)
    finally:
        app.close()
    return times


def table_frame_times(frames: int = 900, cpu: list[float] | None = None) -> list[float]:
    """Update + draw of the table while the turns are shown (one person, four computer
    seats, 1920x1080), after 300 frames of another game so the table's pictures exist."""
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui import driver
    from solemio.ui.scenes.table import TableScene

    app = _bench_app()
    colours = list(COLOURS)
    times: list[float] = []
    try:
        for seed, n, out in ((1, 300, None), (2, frames, times)):
            seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="easy")
                     for i in range(5)]
            sess = GameSession(load_cardset("sole-mio"), seats, seed)
            sess.autosave = lambda background=False: None  # the player's save stays theirs
            app.manager.reset(TableScene(app, sess))
            rng = random.Random(seed)
            for _ in range(n):
                top = app.manager.top
                if not isinstance(top, TableScene):
                    break
                if top.my_decision() is not None and rng.random() < 0.1:
                    driver.person_move(app, rng)
                else:
                    driver.wait_thinker(app)
                c0, t0 = time.thread_time(), time.perf_counter()
                app.step([], 1 / 60, draw=True)
                t1, c1 = time.perf_counter(), time.thread_time()
                if out is not None and isinstance(app.manager.top, TableScene):
                    out.append((t1 - t0) * 1000.0)
                    if cpu is not None:
                        cpu.append((c1 - c0) * 1000.0)
    finally:
        app.close()
    return times


def language_switch_times(rounds: int = 3,
                          cpu: dict[str, list[float]] | None = None
                          ) -> tuple[list[float], list[float]]:
    """(switch frames, first table frames after a switch) in milliseconds; see the module doc.

    ``cpu``, when given, receives the same two figures in the drawing thread's CPU time
    (keys ``switch`` and ``back``)."""
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui.app import App
    from solemio.ui.scenes.pause import PauseScene
    from solemio.ui.scenes.settings import SettingsScene
    from solemio.ui.scenes.table import TableScene
    from solemio.ui.settings import Settings

    app = App((1920, 1080), headless=True, settings=Settings(sound=False, language="en"),
              persist_settings=False)
    colours = list(COLOURS)
    switches: list[float] = []
    back: list[float] = []
    try:
        seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="easy") for i in range(5)]
        sess = GameSession(load_cardset("sole-mio"), seats, 3, first=0)
        sess.autosave = lambda background=False: None  # the player's save stays theirs
        app.manager.reset(TableScene(app, sess))
        for _ in range(30):
            app.step([], 1 / 60, draw=True)
        for lang in ("it", "nl", "fr", "en") * rounds:
            app.manager.push(PauseScene(app))
            settings = app.manager.push(SettingsScene(app))
            for _ in range(3):
                app.step([], 1 / 60, draw=True)
            t0, c0 = time.perf_counter(), time.thread_time()
            settings.change("language", lang)
            app.step([], 1 / 60, draw=True)
            switches.append((time.perf_counter() - t0) * 1000.0)
            if cpu is not None:
                cpu.setdefault("switch", []).append((time.thread_time() - c0) * 1000.0)
            for _ in range(30):  # half a second in Settings: the table is warmed meanwhile
                app.step([], 1 / 60, draw=True)
            app.manager.pop()
            app.manager.pop()
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step([], 1 / 60, draw=True)
            back.append((time.perf_counter() - t0) * 1000.0)
            if cpu is not None:
                cpu.setdefault("back", []).append((time.thread_time() - c0) * 1000.0)
            for _ in range(3):
                app.step([], 1 / 60, draw=True)
    finally:
        app.close()
    return switches, back


def startup_seconds(repeats: int = 3) -> float:
    """Process start to title drawn, best of ``repeats`` (the first run warms the disk cache)."""
    env = dict(os.environ, SOLEMIO_STARTUP_PROBE="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    code = "import sys; from solemio.ui.app import run; sys.exit(run())"
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=60)
        t1 = time.perf_counter()
        if "TITLE_DRAWN" not in proc.stdout:
            raise RuntimeError(f"the title was never drawn: {proc.stderr[-500:]}")
        best = min(best, t1 - t0)
    return best


def peak_rss_mb() -> float:
    """Play a 5-seat game to the end through the window, then report peak resident memory."""
    import resource

    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui import driver
    from solemio.ui.app import App
    from solemio.ui.scenes.gameover import GameOverScene
    from solemio.ui.scenes.table import TableScene
    from solemio.ui.settings import Settings

    app = App((1920, 1080), headless=True, settings=Settings(sound=False, pace=0.3),
              persist_settings=False)
    try:
        colours = list(COLOURS)
        seats = [SeatConfig(f"P{i}", colours[i], person=(i == 0), level="normal")
                 for i in range(5)]
        sess = GameSession(load_cardset("grande"), seats, 8)
        app.manager.push(TableScene(app, sess))
        driver.play_until(app, lambda: isinstance(app.manager.top, GameOverScene),
                          random.Random(8), dt=0.25, draw_every=3)
    finally:
        app.close()
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024.0


def rss_in_subprocess() -> float:
    """The game's memory measured in a fresh process, so the frame benchmark's caches
    do not count against it."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code = ("import pygame; pygame.init(); pygame.display.set_mode((1, 1)); "
            "from solemio.ui.bench import peak_rss_mb; print('RSS_MB', peak_rss_mb())")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600)
    for line in proc.stdout.splitlines():
        if line.startswith("RSS_MB"):
            return float(line.split()[1])
    raise RuntimeError(f"the memory run failed: {proc.stderr[-500:]}")


def full_grande_record(folder: Any) -> Any:
    """A record of a 5-seat Grande game played to the end by five normal opponents."""
    from solemio.ai import make_agent
    from solemio.engine import load_cardset, new_game
    from solemio.records import save_record

    colours = list(COLOURS)
    game = new_game(load_cardset("grande"), colours, 8)
    agents = [make_agent("normal", seat=i, seed=8) for i in range(5)]
    while (d := game.decision()) is not None:
        game.apply(agents[d.seat].decide(game))
    return save_record(game, [{"name": f"P{i}", "colour": c, "person": False,
                               "level": "normal"} for i, c in enumerate(colours)], folder)


def replay_figures() -> dict:
    """Opening a full game's record at its end, and stepping back one event anywhere."""
    import tempfile
    from pathlib import Path

    from solemio.ui.app import App
    from solemio.ui.scenes.title import TitleScene
    from solemio.ui.settings import Settings

    folder = Path(tempfile.mkdtemp(prefix="solemio-bench-records-"))
    path = full_grande_record(folder)
    app = App((1920, 1080), headless=True, settings=Settings(sound=False),
              persist_settings=False)
    try:
        app.manager.push(TitleScene(app))
        app.step([], 0.016, draw=True)
        opens = []
        complete = []
        for _ in range(4):
            t0 = time.perf_counter()
            scene = app.manager.open("replay-file", path)
            app.step([], 0.016, draw=True)
            opens.append(time.perf_counter() - t0)
            while scene.pictures_pending():  # the cards standing in get their pictures
                app.step([], 0.016, draw=True)
            complete.append(time.perf_counter() - t0)
            if len(opens) < 4:
                app.manager.pop(scene)
        scene.preparing.join(60)
        for _ in range(3000):  # the replay's pictures are painted ahead over a few seconds
            if not app.warmer.jobs:
                break
            app.step([], 0.016, draw=True)
        rp = scene.replay
        rng = random.Random(3)
        steps, frames = [], []
        for p in sorted(rng.sample(range(rp.start + 1, rp.end + 1), min(200, rp.end - rp.start))):
            scene.seek(p)
            t0 = time.perf_counter()
            scene.step(-1)
            t1 = time.perf_counter()
            app.step([], 0.016, draw=True)
            t2 = time.perf_counter()
            steps.append((t1 - t0) * 1000)
            frames.append((t2 - t0) * 1000)
        events = rp.end - rp.start
    finally:
        app.close()
    return {
        "replay_events": events,
        "replay_open_s": round(statistics.median(opens[1:]), 3),
        "replay_open_cold_s": round(opens[0], 3),
        "replay_open_cold_complete_s": round(complete[0], 3),
        "replay_step_back_ms_max": round(max(steps), 2),
        "replay_step_back_ms_median": round(statistics.median(steps), 2),
        "replay_step_back_frame_ms_median": round(statistics.median(frames), 2),
        "replay_step_back_frame_ms_max": round(max(frames), 2),
    }


def _language_figures() -> dict:
    cpu: dict[str, list[float]] = {}
    switches, back = language_switch_times(cpu=cpu)
    return {
        "language_switch_ms_max": round(max(switches), 2),
        "language_switch_ms_median": round(statistics.median(switches), 2),
        "language_back_to_table_ms_max": round(max(back), 2),
        "language_switch_cpu_ms_max": round(max(cpu["switch"]), 2),
        "language_switch_cpu_ms_median": round(statistics.median(cpu["switch"]), 2),
        "language_back_to_table_cpu_ms_max": round(max(cpu["back"]), 2),
    }


def run(frames_only: bool = False, replay_only: bool = False) -> dict:
    """All the figures, as the ``solemio bench`` command reports them (``frames_only``:
    the reveal's and the table's frame figures alone; ``replay_only``: the record-loading
    figures alone, ``solemio bench --replay``, in a fresh process so that the cold open is
    the process's first)."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # Never the player's own folder: games played here end with records and statistics.
    home = os.environ.get("SOLEMIO_HOME")
    os.environ["SOLEMIO_HOME"] = tempfile.mkdtemp(prefix="solemio-bench-home-")
    try:
        if replay_only:
            import pygame

            pygame.init()
            pygame.display.set_mode((1, 1))
            return replay_figures()
        return _run(frames_only)
    finally:
        if home is None:
            os.environ.pop("SOLEMIO_HOME", None)
        else:
            os.environ["SOLEMIO_HOME"] = home


def _p99(values: list[float]) -> float:
    v = sorted(values)
    return round(v[min(len(v) - 1, int(len(v) * 0.99))], 2) if v else float("nan")


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 2) if values else float("nan")


def _frame_figures() -> dict:
    cpu: list[float] = []
    times = sorted(frame_times(cpu=cpu))
    table_cpu: list[float] = []
    table = table_frame_times(cpu=table_cpu)
    return {
        "frame_ms_p99": _p99(times),
        "frame_ms_median": _median(times),
        "frame_ms_max": round(times[-1], 2) if times else float("nan"),
        "frames": len(times),
        "frame_cpu_ms_p99": _p99(cpu),
        "frame_cpu_ms_median": _median(cpu),
        "table_frame_ms_median": _median(table),
        "table_frame_ms_p99": _p99(table),
        "table_frame_cpu_ms_p99": _p99(table_cpu),
        **_speech_figures(),
    }


def _speech_figures() -> dict:
    """With speech on: how many announcements the timed frames said, and how long one
    waits between being shown and the speech engine taking it, in a game played in real
    time (the frames above run as fast as they can, many seconds of game a second, which
    no voice keeps up with): see :func:`speech_start_ms`."""
    if not SPEAKERS:
        return {}
    said = sum(len(getattr(sp, "waits", [])) for sp in SPEAKERS)
    engine = SPEAKERS[0].name
    # The timed frames' speakers fall silent first: the speech server would otherwise
    # still be saying their eighty announcements, and every wait below would be theirs.
    for sp in SPEAKERS:
        sp.stop()
        sp.close()
    SPEAKERS.clear()
    waits = speech_start_ms()
    return {"speech_engine": engine, "speech_utterances_timed_frames": said,
            "speech_utterances": len(waits), "speech_start_ms_median": _median(waits),
            "speech_start_ms_p99": _p99(waits),
            "speech_start_ms_max": round(max(waits), 2) if waits else float("nan")}


def speech_start_ms(seconds: float = 20.0) -> list[float]:
    """A table of one person and four computer seats shown for ``seconds`` at 60 frames a
    second in real time with speech on: the milliseconds each announcement waited from the
    frame that showed it to the engine taking it (solemio.speech.ThreadedSpeaker.waits)."""
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui.scenes.table import TableScene

    app = _bench_app()
    speaker = SPEAKERS.pop()
    try:
        seats = [SeatConfig(f"P{i}", COLOURS[i], person=(i == 0), level="easy")
                 for i in range(5)]
        sess = GameSession(load_cardset("sole-mio"), seats, 3, first=1)
        sess.autosave = lambda background=False: None
        app.manager.reset(TableScene(app, sess))
        rng = random.Random(3)
        from solemio.ui import driver

        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            top = app.manager.top
            if getattr(top, "my_decision", lambda: None)() is not None:
                driver.person_move(app, rng)
            app.step([], 1 / 60, draw=True)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))
        time.sleep(1.0)  # the last words reach the engine
    finally:
        app.close()
    return list(speaker.waits)


def _run(frames_only: bool = False) -> dict:
    import pygame

    pygame.init()
    pygame.display.set_mode((1, 1))
    result = _frame_figures()
    if frames_only:
        return result
    result.update({
        **_language_figures(),
        **replay_figures(),
        "startup_s": round(startup_seconds(), 3),
        "rss_mb": round(rss_in_subprocess(), 1),
    })
    return result


if __name__ == "__main__":
    print(run())
