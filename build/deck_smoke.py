"""The Steam Deck by hand, under a virtual X server: the real game window full screen at
1280x800, played from controller events posted into SDL's own event queue (the path a
Deck's controls take: SDL game-controller events, read by the window's loop with
``pygame.event.get()``), from the title through a new game to its first reveal and the
menu.  A PNG of each step goes to OUT; look at them afterwards.

    apt-get install -y xvfb openbox x11-apps
    sh build/xvfb_deck.sh [OUT]      (starts Xvfb at 1280x800 and a window manager)

Run by itself it needs a DISPLAY.  Exit code: the number of checks that failed.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame

DECK = (1280, 800)


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    from solemio.ui import driver
    from solemio.ui.app import App
    from solemio.ui.settings import Settings

    fails = 0
    settings = Settings(language=os.environ.get("DECK_LANG", "fr"), fullscreen=True,
                        text_size=int(os.environ.get("DECK_TEXT", "100")), pace=0.5)
    app = App(DECK, settings=settings, persist_settings=False)
    app.start()
    app.toggle_fullscreen()
    last = time.perf_counter()

    def pump(seconds: float = 0.3) -> None:
        nonlocal last
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            now = time.perf_counter()
            app.step(pygame.event.get(), min(0.1, now - last))
            last = now
            time.sleep(1 / 60)

    def tap(b: int) -> None:
        """A controller button pressed and let go, through SDL's event queue."""
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=b,
                                             instance_id=0))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=b,
                                             instance_id=0))
        pump(0.05)

    def shot(name: str) -> None:
        pump(0.3)
        pygame.image.save(app.screen, str(out / f"{name}.png"))
        print(f"{name}: {type(app.manager.top).__name__}, window {app.screen.get_size()}, "
              f"focus {getattr(app.manager.top.focus.focused, 'name', None)}")

    def check(ok: bool, what: str) -> None:
        nonlocal fails
        print(("ok   " if ok else "FAIL ") + what)
        fails += 0 if ok else 1

    def reach(name: str) -> bool:
        """The D-pad towards the control ``name``, then A (as tests/ui/test_controller)."""
        top = app.manager.top
        for _ in range(60):
            f = top.focus.focused
            if f is not None and f.name == name:
                tap(pygame.CONTROLLER_BUTTON_A)
                return True
            t = next((w for w in top.focus.widgets if w.name == name), None)
            if t is None:
                return False
            fr = f.rect if f is not None else pygame.Rect(0, 0, 0, 0)
            dx, dy = t.rect.centerx - fr.centerx, t.rect.centery - fr.centery
            if name.startswith("hand"):
                b = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
            elif abs(dy) > abs(dx):
                b = pygame.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0 else \
                    pygame.CONTROLLER_BUTTON_DPAD_UP
            else:
                b = pygame.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0 else \
                    pygame.CONTROLLER_BUTTON_DPAD_LEFT
            before = f
            tap(b)
            if top.focus.focused is before:  # around an obstacle: the next control
                tap(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        return False

    pump(1.0)
    check(app.screen.get_size() == DECK, f"full screen fills the Deck's {DECK}")
    shot("01-title")
    tap(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    shot("02-title-controller-hints")
    check(reach("new"), "A on New game")
    shot("03-newgame")
    start = next((w.name for w in app.manager.top.focus.widgets if w.name == "start"), None)
    check(start is not None and reach(start), "the D-pad reaches Start the game")
    shot("04-table", )
    rng = random.Random(5)
    shots = {"play": "05-my-turn", "draw": "06-draw"}
    seen: set[str] = set()
    steps = 0

    def act(app, w) -> None:
        top = app.manager.top
        d = top.my_decision() if hasattr(top, "my_decision") else None
        kind = getattr(d, "kind", None)
        if kind in shots and kind not in seen:
            seen.add(kind)
            shot(shots[kind])
        if not reach(w.name):
            driver.press(app, w)

    def reveal() -> bool:
        nonlocal steps
        steps += 1
        pygame.event.pump()
        return type(app.manager.top).__name__ == "RevealScene" or steps > 4000

    driver.play_until(app, reveal, rng, dt=0.25, act=act)
    check(type(app.manager.top).__name__ == "RevealScene", "played to the round's reveal")
    shot("07-reveal")
    tap(pygame.CONTROLLER_BUTTON_START)
    shot("08-menu-from-start")
    check(type(app.manager.top).__name__ == "PauseScene", "Start opens the menu")
    tap(pygame.CONTROLLER_BUTTON_B)
    shot("09-back-from-menu")
    # The menus' own screens from the controller: how to play from the game's menu (its
    # pages turned with the D-pad), settings, then saving and leaving to the title, the
    # load list, the records and the statistics (a larger text size reshapes each).
    tap(pygame.CONTROLLER_BUTTON_START)
    check(reach("rules"), "the D-pad reaches How to play in the game's menu")
    shot("10-rules")
    check(reach("next"), "the D-pad reaches Next on How to play")
    shot("11-rules-page-2")
    while type(app.manager.top).__name__ not in ("PauseScene", "RevealScene", "TableScene"):
        tap(pygame.CONTROLLER_BUTTON_B)
    if type(app.manager.top).__name__ != "PauseScene":
        tap(pygame.CONTROLLER_BUTTON_START)
    check(reach("settings"), "the D-pad reaches Settings")
    shot("12-settings")
    tap(pygame.CONTROLLER_BUTTON_B)
    check(reach("save"), "the D-pad reaches Save the game")
    shot("13-save-game")
    check(reach("save"), "A saves under the name offered")
    check(reach("title"), "the D-pad reaches Leave to the title")
    shot("14-title-again")
    for name, label in (("load", "15-load-game"), ("records", "16-records"),
                        ("stats", "17-statistics")):
        check(reach(name), f"the D-pad reaches {name} on the title")
        shot(label)
        tap(pygame.CONTROLLER_BUTTON_B)
        check(type(app.manager.top).__name__ == "TitleScene", f"B leaves {name}")
    try:
        geo = subprocess.run(["xwininfo", "-root"], capture_output=True, text=True,
                             timeout=10).stdout
        print("root window:", " ".join(x.strip() for x in geo.splitlines()
                                       if "Width" in x or "Height" in x))
    except (OSError, subprocess.SubprocessError):
        pass
    app.close()
    print(f"screenshots in {out}; {fails} failure(s)")
    return fails


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "build/deck-shots")))
