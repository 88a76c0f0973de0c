"""One real game window for build/xvfb_net_smoke.sh: it hosts or joins a networked
table through the menus, then plays a round, its person's decisions made by clicks
(``solemio.ui.driver``: the same events a mouse sends), and saves its screen.

    python build/net_window.py host OUT LANG      # writes OUT/table.txt: address and code
    python build/net_window.py join OUT LANG      # reads it, joins with the name "Bea"

Each window runs with a per-user folder of its own (SOLEMIO_HOME), as two players'
computers would; the script exits 0 once its window showed a round's end.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import pygame

from solemio.ui import driver
from solemio.ui.app import App
from solemio.ui.settings import Settings

SIZE = (1280, 720)


_CLOCK = [time.monotonic()]


def frames(app: App, seconds: float) -> None:
    """Run the window's loop for ``seconds``, each frame given the time that really
    passed (as the game's own loop does: a busy machine draws fewer frames, not a slower
    game)."""
    end = time.monotonic() + seconds
    while True:
        now = time.monotonic()
        app.step(pygame.event.get(), min(0.1, now - _CLOCK[0]))
        _CLOCK[0] = now
        app.flip()
        if now >= end:
            return
        time.sleep(1 / 60)


def save(app: App, out: Path, name: str) -> None:
    app.draw()
    app.flip()
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print(f"{name}: {type(app.manager.top).__name__}", flush=True)


def host(app: App, out: Path) -> None:
    driver.click(app, driver.widget(app, "new").rect)
    frames(app, 0.3)
    driver.click(app, driver.widget(app, "friends").rect)
    frames(app, 0.3)
    scene = app.manager.top
    scene.set_n(3)
    scene.rows[0]["name"] = "Ada"
    scene.set_kind(1, "friend")
    scene.set_kind(2, "easy")
    save(app, out, "host-1-setup")
    driver.click(app, driver.widget(app, "open").rect)
    scene.wait_done(30)
    frames(app, 0.5)
    session = app.network.session
    (out / "table.txt").write_text(f"127.0.0.1:{app.network.hosted.port} {session.code}\n")
    end = time.monotonic() + 60
    while time.monotonic() < end and not any(
            i.get("connected") and i.get("seat") == 1 for i in session.seat_infos()):
        frames(app, 0.2)
    frames(app, 0.5)
    save(app, out, "host-2-lobby-friend-joined")


def join(app: App, out: Path) -> None:
    table = out / "table.txt"
    end = time.monotonic() + 60
    while not table.exists() and time.monotonic() < end:
        frames(app, 0.2)
    address, code = table.read_text().split()
    driver.click(app, driver.widget(app, "join").rect)
    frames(app, 0.3)
    scene = app.manager.top
    scene.names[0] = "Bea"
    scene.address, scene.code = address, code
    scene.layout(app.size)
    save(app, out, "join-1-form")
    driver.click(app, driver.widget(app, "join").rect)
    scene.wait_done(30)
    frames(app, 0.5)
    driver.click(app, driver.widget(app, "say-good-luck").rect)
    save(app, out, "join-2-lobby")


def play_a_round(app: App, out: Path, who: str) -> int:
    driver.click(app, driver.widget(app, "play").rect)
    rng = random.Random(who)
    seen_table = seen_reveal = False
    end = time.monotonic() + 420
    while time.monotonic() < end:
        top = type(app.manager.top).__name__
        if top == "TableScene" and not seen_table and app.network.session.table.deciding() \
                in app.network.session.persons:
            frames(app, 0.5)
            save(app, out, f"{who}-3-table")
            seen_table = True
            if who == "join":  # a set phrase from the table itself ("Say…")
                driver.click(app, driver.widget(app, "say").rect)
                save(app, out, "join-3b-phrases")
                driver.click(app, driver.widget(app, "say-well-played").rect)
        if top == "RevealScene" and not seen_reveal:
            frames(app, 1.0)
            save(app, out, f"{who}-4-reveal")
            seen_reveal = True
        if top in ("RoundSummaryScene", "GameOverScene"):
            frames(app, 0.5)
            save(app, out, f"{who}-5-round-over")
            return 0
        if not driver.person_move(app, rng):
            frames(app, 0.05)
        else:
            frames(app, 0.02)
    save(app, out, f"{who}-timeout")
    s, top = app.network.session, app.manager.top
    print("stuck:", type(top).__name__, "show", s.show.position, "events",
          s.table.event_count(), "moves", s.table.moves(), "deciding", s.table.deciding(),
          s.table.deciding_kind(), "mine", top.my_decision() if hasattr(top, "my_decision")
          else None, "cue", s.cue(), "hold", getattr(top, "hold", None), "status", s.status,
          "widgets", [w.name for w in top.focus.widgets if w.visible], flush=True)
    c = getattr(top, "conductor", None)
    if c is not None:
        for _ in range(5):
            beats = list(c.update(1 / 60))
            print("  left", c.stage.left, "wait", c._answer_wait, "skip", c.skip, "beats",
                  [b.what for b in beats], "forced", s.table.forced_choice(), flush=True)
    return 1


def main() -> int:
    role, out, lang = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    settings = Settings(language=lang, pace=0.4, reveal_speed=3.0, guide_offered=True)
    app = App(SIZE, settings=settings, persist_settings=False)
    try:
        app.manager.open("title")
        frames(app, 1.0)
        (host if role == "host" else join)(app, out)
        code = play_a_round(app, out, role)
        frames(app, 2.0 if role == "host" else 0.5)  # the host's server outlives the guest
        return code
    finally:
        app.close()
        pygame.quit()


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
