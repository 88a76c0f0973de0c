"""A hot-seat round with memory training in the real window, under a virtual X server.

Grande, Anna and Giulia as people, Marco a normal computer, memory training on
(the table of issue 24's first report).  The pass screens (the turns', the
reveal's, memory training's) are answered with real X clicks (xdotool) on the
real window; the turns' choices are made by the test driver's clicks.  Every pass
screen, every memory training screen, the reveal's opening and its result are
saved as PNG in OUT, and every frame is checked: no hand on screen unless its
person confirmed a pass screen and nothing has ended their moment since.

    apt-get install -y xvfb xdotool
    Xvfb :98 -screen 0 1920x1080x24 &
    DISPLAY=:98 SDL_AUDIODRIVER=dummy SOLEMIO_HOME=$(mktemp -d) \\
        python build/xvfb_hot_seat.py OUT [LANG]

Giulia skips the estimate without saying who she is (the path of the report).
Prints one line a saved picture and PROBLEM lines for anything wrong.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    import pygame

    from solemio.engine import load_cardset
    from solemio.show import conductor as conductor_mod
    from solemio.show.director import SHARED_AGAIN
    from solemio.show.host import GameSession, SeatConfig
    from solemio.ui import driver
    from solemio.ui.app import App
    from solemio.ui.scenes.estimate import EstimateResultScene, EstimateScene
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.reveal import RevealScene
    from solemio.ui.scenes.summary import RoundSummaryScene
    from solemio.ui.scenes.title import TitleScene
    from solemio.ui.settings import Settings

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/xvfb-hot-seat")
    out.mkdir(parents=True, exist_ok=True)
    lang = sys.argv[2] if len(sys.argv) > 2 else "en"
    app = App((1280, 720), settings=Settings(language=lang, memory_training=True, pace=0.5,
                                             reveal_speed=2.0), persist_settings=False)
    seats = [SeatConfig("Anna", "blue", True), SeatConfig("Giulia", "green", True),
             SeatConfig("Marco", "brown", False, "normal")]
    sess = GameSession(load_cardset("grande"), seats, 24)
    app.manager.push(TitleScene(app))
    app.manager.open("table", sess)

    # The moment of the person at the screen, from the conductor's beats.
    moment = {"seat": None, "over": True}
    real_update = conductor_mod.Conductor.update

    def update(c, dt, answer_ready=None):
        for beat in real_update(c, dt, answer_ready):
            if (beat.what == "event" and beat.event["type"] in SHARED_AGAIN) or (
                    beat.what in ("answered", "ask") and beat.seat != moment["seat"]):
                moment["over"] = True
            yield beat

    conductor_mod.Conductor.update = update
    real_confirm = GameSession.confirm_pass

    def confirm(s, seat):
        real_confirm(s, seat)
        moment.update(seat=seat, over=False)

    GameSession.confirm_pass = confirm

    window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid",
                             str(__import__("os").getpid())], capture_output=True,
                            text=True).stdout.split()
    wid = window[0] if window else None

    def x_click(rect) -> None:
        """A real X click at the centre of ``rect`` (window coordinates)."""
        x, y = rect.center
        subprocess.run(["xdotool", "mousemove", "--window", wid, str(x), str(y), "click", "1"],
                       check=True)
        for _ in range(30):  # the click arrives through the X server: wait for it
            events = pygame.event.get()
            app.step(events, 1 / 30)
            app.flip()
            if any(e.type == pygame.MOUSEBUTTONUP for e in events):
                return
            time.sleep(0.02)
        print("PROBLEM: a click never arrived")

    shots = 0
    seen: set[int] = set()

    def shot(name: str) -> None:
        nonlocal shots
        shots += 1
        app.draw()
        app.flip()
        path = out / f"{shots:02d}-{name}.png"
        pygame.image.save(app.screen, str(path))
        print(f"{path.name}: {type(app.manager.top).__name__}, hand on screen: "
              f"{sess.names[sess.viewer] if sess.viewer is not None else 'nobody'}")

    rng = random.Random(24)
    problems = 0
    reveal_seen = False
    for _frame in range(60000):
        top = app.manager.top
        if sess.viewer is not None and moment["over"]:
            problems += 1
            shot("PROBLEM-hand")
            print(f"PROBLEM: {sess.names[sess.viewer]}'s hand on screen past their moment")
        if isinstance(top, HandoverScene) and id(top) not in seen:
            seen.add(id(top))
            shot(f"pass-to-{sess.names[top.seat]}")
            x_click(driver.widget(app, "ready").rect)
            continue
        if isinstance(top, EstimateScene):
            who = sess.names[top.seat]
            if top.passing:
                shot(f"estimate-pass-to-{who}")
                x_click(driver.widget(app, "skip" if who == "Giulia" else "ready").rect)
            else:
                shot(f"estimate-{who}")
                for _ in range(3):
                    x_click(driver.widget(app, "plus-olive").rect)
                x_click(driver.widget(app, "done").rect)
            continue
        if isinstance(top, RevealScene) and not reveal_seen:
            reveal_seen = True
            for _ in range(20):
                app.step(pygame.event.get(), 1 / 30)
            shot("reveal-opens")
        if isinstance(top, EstimateResultScene):
            shot("memory-result")
            x_click(driver.widget(app, "continue").rect)
            continue
        if isinstance(top, RoundSummaryScene):
            shot("round-summary")
            break
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step(pygame.event.get(), 1 / 30)
            app.flip()
    app.close()
    print(f"{shots} pictures, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
