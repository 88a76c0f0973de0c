"""Screenshots of what issue 24 asked to look at: a full hand of long order names at the
reveal and at the table (every order readable), and a pass screen after a language switch
(its recap in the new language).  Called by ``solemio.ui.screenshots.shots_for_size``."""

from __future__ import annotations

import random
from typing import Any

# Three ingredients and the four longest order names of Mamma Mia!, the person's own.
FULL_HAND = ("[salami, pineapple, olive, blue:one-of-each, blue:bombastica, blue:minimale, "
             "blue:monotoni]")


def full_hand_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """The reveal with the person deciding and a full hand of long order names; the
    table's turn with the same hand."""
    from solemio.engine.scenario import build_position
    from solemio.engine.yamlsource import load_text
    from solemio.show.host import GameSession
    from solemio.ui import screenshots as shots
    from solemio.ui.scenes.table import TableScene

    app = shots._app(size, lang)
    shots._fill_position(app, "mamma-mia", "[olive, olive, pepper, mushroom]",
                         "own-plus-four-pepper", FULL_HAND)
    save(app, "13z-reveal-full-hand")
    app.close()
    text = ("name: a full hand\nedition: mamma-mia\nseats: [blue, green, brown]\nsetup:\n"
            f"  start: turn\n  hands: {{0: {FULL_HAND}}}\n")
    game, _data = build_position(load_text(text, "full-hand.yaml"))
    sess = GameSession(game.cs, shots._seats(3), 1, agent_options=shots.FAST_AGENTS)
    sess.game, sess.cardset, sess.cursor = game, game.cs, 0
    app = shots._app(size, lang)
    app.manager.push(TableScene(app, sess))
    shots._settle(app, lambda: app.manager.top.my_decision() is not None)
    save(app, "05z-table-full-hand")
    app.close()


def handover_after_switch_shot(size: tuple[int, int], save: Any, lang: str) -> None:
    """A pass screen with its recap, the language switched to ``lang`` on it (from
    Italian, or to English from Italian)."""
    from solemio.ui import driver
    from solemio.ui import screenshots as shots
    from solemio.ui.scene import make_scene
    from solemio.ui.scenes.handover import HandoverScene

    first = "it" if lang == "en" else "en"
    app = shots._app(size, first)
    sess = shots._session("sole-mio", 3, 7, persons=2)
    app.manager.push(make_scene("table", app, sess))
    rng = random.Random(7)
    for _ in range(5000):
        top = app.manager.top
        if isinstance(top, HandoverScene) and len(top.recap) >= 2:
            break
        if isinstance(top, HandoverScene):
            driver.click(app, driver.widget(app, "ready").rect)
            continue
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 0.25, draw=False)
    if isinstance(app.manager.top, HandoverScene):
        app.settings.language = lang
        app.settings_changed()
        app.step([], 0.05, draw=False)
        save(app, "11f-hot-seat-handover-after-language-switch")
    app.close()
