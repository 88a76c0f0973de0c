"""``solemio screenshots --out DIR``: a PNG of every scene and the main reveal decisions.

Runs headless (SDL_VIDEODRIVER=dummy) at 1280x720 and 1920x1080.  Game states
are reached by replaying seeded games, so the pictures are the same every run
and someone can compare them by eye.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

from solemio.engine import events as E
from solemio.engine.kinds import COLOURS, KINDS

SIZES = ((1280, 720), (1920, 1080))
# pictures, not strength: a short search of a fixed count, so the same seeds give the same
# moves, and the same pictures, on any machine at any load (a budget of time played other
# games as the play-outs got faster or the machine busier)
FAST_AGENTS = {"hard": {"iterations": 8, "workers": 1}}
REVEAL_DECISIONS = ("fill", "help", "series", "variant", "block", "show-ask", "show-card",
                    "show-play")



def _seats(n: int, persons: int = 1) -> list:
    from solemio.show.host import SeatConfig

    names = ["Anna", "Giulia", "Marco", "Sofia", "Luca"]
    colours = list(COLOURS)
    return [SeatConfig(names[i], colours[i], person=i < persons,
                       level=("easy", "normal", "hard")[i % 3]) for i in range(n)]


def find_decision(edition: str, kind: str, n: int = 4, seat: int = 0,
                  max_seeds: int = 400, choices: int = 0) -> tuple[int, list] | None:
    """A seed and a choice log that lead to ``kind`` being asked of ``seat`` (with exactly
    ``choices`` choices, if given)."""
    from solemio.engine import load_cardset, new_game

    cs = load_cardset(edition)
    colours = list(COLOURS[:n])
    for seed in range(max_seeds):
        g = new_game(cs, colours, seed, record_events=False)
        rng = random.Random(seed)
        while not g.is_over():
            d = g.decision()
            if d.kind == kind and d.seat == seat and choices in (0, len(d.choices)):
                return seed, list(g.choices_log)
            g.apply(rng.choice(d.choices))
    return None


#: The text size (per cent) of the shots' windows: shots_for_size(text_size=...).
TEXT_SIZE = 100


def _app(size: tuple[int, int], lang: str) -> Any:
    from solemio.ui.app import App
    from solemio.ui.settings import Settings

    return App(size, headless=True, settings=Settings(language=lang, text_size=TEXT_SIZE),
               persist_settings=False)


def _session(edition: str, n: int, seed: int, choices: list | None = None,
             persons: int = 1, agents: dict | None = None) -> Any:
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession

    sess = GameSession(load_cardset(edition), _seats(n, persons), seed, None, choices,
                       agent_options=agents or FAST_AGENTS)
    if choices:
        sess.resume_feed()
    return sess


def _settle(app: Any, until: Any, dt: float = 0.25, limit: int = 4000) -> bool:
    from solemio.ui import driver

    for _ in range(limit):
        if until():
            return True
        driver.wait_thinker(app)
        app.step([], dt, draw=False)
    return until()


def _series_picker_shots(app: Any, save: Any, prefix: str) -> None:
    """The series picker step by step: two orders joined, their amounts, an order picked
    up, and an arrangement the rules refuse with its reason."""
    from solemio.ui import driver

    def click(name: str) -> bool:
        w = driver.widget(app, name)
        if w is None:
            return False
        driver.click(app, w.rect)
        return True

    for name in ("choice-join0", "choice-join1"):
        click(name)
    save(app, f"{prefix}-1-joined")
    if not click("choice-next"):
        return
    save(app, f"{prefix}-2-amounts")
    click("choice-slot4")
    save(app, f"{prefix}-3-picked-up")
    click("choice-slot1")  # three orders take 4, 3 and 2: amount 1 is refused
    click("choice-confirm")
    save(app, f"{prefix}-4-refused")


def _hot_seat_shots(size: tuple[int, int], save: Any, lang: str = "en") -> None:
    """Two people and two computers: a later pass screen with its recap, the reveal while
    the screen is shared (no hand), and a person's reveal decision after its pass screen."""
    from solemio.ui import driver
    from solemio.ui.scene import make_scene
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.reveal import RevealScene

    app = _app(size, lang)
    found = find_decision("sole-mio", "fill", 4, seat=1)
    if not found:
        app.close()
        return
    seed, choices = found
    # Replayed to just before the round's end: the last turns, then the reveal, live.
    sess = _session("sole-mio", 4, seed, persons=2)
    for ch in choices:
        if sess.game.decision().kind not in ("play", "order", "draw"):
            break
        sess.game.apply(ch)
    sess.resume_feed()
    app.manager.push(make_scene("table", app, sess))
    rng = random.Random(seed)
    wanted = ["recap", "shared", "reveal-pass", "reveal-decision"]
    for _ in range(20000):
        top = app.manager.top
        if not wanted:
            break
        if isinstance(top, HandoverScene):
            in_reveal = sess.show.phase == "reveal"
            if wanted[0] == "recap" and top.recap and not in_reveal:
                save(app, "11b-hot-seat-handover-recap")
                wanted.pop(0)
            elif wanted[0] == "reveal-pass" and in_reveal:
                save(app, "11d-hot-seat-reveal-pass")
                wanted.pop(0)
            driver.click(app, driver.widget(app, "ready").rect)
            continue
        if isinstance(top, RevealScene):
            if wanted[0] == "recap":
                wanted.pop(0)  # no recap before this reveal: the other shots still count
            if wanted[0] == "shared" and sess.viewer is None and top.revealed >= 4:
                save(app, "11c-hot-seat-reveal-shared")
                wanted.pop(0)
            if wanted[0] == "reveal-decision" and top.my_decision() is not None:
                save(app, "11e-hot-seat-reveal-decision")
                wanted.pop(0)
        if not driver.person_move(app, rng):
            driver.wait_thinker(app)
            app.step([], 0.25, draw=False)
    app.close()


def _hot_seat_alone_shot(size: tuple[int, int], save: Any, lang: str = "en") -> None:
    """Two people: the series question of one who holds no partner, on their own screen
    after its pass screen (one button: in hot seat it comes like any other decision)."""
    from solemio.ui import driver
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.reveal import RevealScene

    found = find_decision("sole-mio", "series", 3, seat=0, choices=1)
    if not found:
        return
    seed, choices = found
    app = _app(size, lang)
    sess = _session("sole-mio", 3, seed, choices, persons=2)
    sess.viewer = 1
    rv = app.manager.push(RevealScene(app, sess, None))
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, HandoverScene):
            driver.click(app, driver.widget(app, "ready").rect)
        elif rv.my_decision() is not None and rv.my_decision().kind == "series":
            app.step([], 1.0, draw=False)
            save(app, "11f-hot-seat-series-alone")
            break
        app.step([], 0.25, draw=False)
    app.close()


def _help_pass_shot(size: tuple[int, int], save: Any, lang: str = "en") -> None:
    """Two people: a help request's pass screen, which says who asks for what and offers
    Decline without looking (issue 24)."""
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.reveal import RevealScene

    found = find_decision("sole-mio", "help", 3, seat=1)
    if not found:
        return
    seed, choices = found
    app = _app(size, lang)
    sess = _session("sole-mio", 3, seed, choices, persons=2)
    app.manager.push(RevealScene(app, sess, None))
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, HandoverScene) and top.help is not None:
            save(app, "11g-hot-seat-help-pass")
            break
        app.step([], 0.25, draw=False)
    app.close()


def shots_for_size(size: tuple[int, int], out: Path, lang: str = "en",
                   write: bool = True, text_size: int = 100,
                   sizes: dict[str, dict[str, int]] | None = None) -> list[Path]:
    """Every shot at ``size`` in ``lang``; ``write=False`` draws them without writing the
    PNG files (the fit tests read only what was drawn: writing was half their time);
    ``text_size``: the player's text size in per cent (Settings).  ``sizes``: filled with
    each shot's lines and the real pixel size each was drawn at since the shot before
    (``theme.DRAWN``; the text-size tests compare them at 100 % and 200 %)."""
    global TEXT_SIZE, DRAWN_SIZES
    from solemio.ui import theme

    TEXT_SIZE, DRAWN_SIZES = text_size, sizes
    theme.DRAWN = {} if sizes is not None else None
    try:
        return _shots_for_size(size, out, lang, write)
    finally:
        TEXT_SIZE, DRAWN_SIZES = 100, None
        theme.DRAWN = None
        theme.set_text_scale(100)


#: Where shots_for_size(sizes=...) puts each shot's drawn lines (None: not measured).
DRAWN_SIZES: dict[str, dict[str, int]] | None = None


def _shots_for_size(size: tuple[int, int], out: Path, lang: str, write: bool) -> list[Path]:
    import pygame

    from solemio.ui import driver, theme
    from solemio.ui.scenes.gameover import GameOverScene
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.newgame import NewGameScene
    from solemio.ui.scenes.pause import PauseScene
    from solemio.ui.scenes.reveal import RevealScene
    from solemio.ui.scenes.settings import SettingsScene
    from solemio.ui.scenes.summary import RoundSummaryScene
    from solemio.ui.scenes.table import TableScene
    from solemio.ui.scenes.title import TitleScene

    tag = f"{size[0]}x{size[1]}" if lang == "en" else f"{lang}-{size[0]}x{size[1]}"
    saved: list[Path] = []

    def save(app: Any, name: str) -> None:
        app.draw()
        if DRAWN_SIZES is not None and theme.DRAWN is not None:
            DRAWN_SIZES[name] = theme.DRAWN
            theme.DRAWN = {}
        path = out / f"{tag}-{name}.png"
        if write:
            pygame.image.save(app.screen, str(path))
        saved.append(path)

    # Menus.
    for name, cls in (("01-title", TitleScene), ("02-newgame", NewGameScene),
                      ("03-settings", SettingsScene)):
        app = _app(size, lang)
        app.manager.push(cls(app))
        app.step([], 0.5, draw=False)
        save(app, name)
        app.close()
    _rules_shots(size, save, lang)
    _guide_shots(size, save, lang)

    # The table: a person's turn with a selection, then a computer's announcement.
    app = _app(size, lang)
    sess = _session("sole-mio", 4, 11)
    table = app.manager.push(TableScene(app, sess))
    _settle(app, lambda: table.my_decision() is not None and table.my_decision().kind == "play")
    kinds: dict[str, list] = {}
    for w in table.focus.widgets:
        if w.name.startswith("hand") and w.face[0] in KINDS:
            kinds.setdefault(w.face[0], []).append(w)
    best = max(kinds.values(), key=len)
    for w in best:
        driver.click(app, w.rect)
    orders = [w for w in table.focus.widgets if w.name.startswith("hand") and w.face[0] in
              ("blue",)]
    if orders:
        driver.click(app, orders[0].rect)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=orders[0].rect.center,
                                     rel=(0, 0), buttons=(0, 0, 0))], 0.0, draw=False)
    save(app, "05-table-select")
    driver.click(app, driver.widget(app, "confirm").rect)
    app.step([], 0.3, draw=False)
    save(app, "06-table-my-announcement")
    _settle(app, lambda: table.my_decision() is not None and table.my_decision().kind == "draw")
    save(app, "07-table-draw")
    driver.click(app, driver.widget(app, "draw-supply").rect)
    _settle(app, lambda: table.banner is not None and table.banner["seat"] not in (0, None)
            and table.banner["t"] > 0.3)
    save(app, "08-table-computer-announcement")
    app.manager.push(PauseScene(app, sess))
    save(app, "09-pause")
    app.close()

    # A computer seat thinking: hard with a budget long enough to be seen (the frames go
    # on while its search runs on the worker thread).
    app = _app(size, lang)
    sess = _session("sole-mio", 4, 11, persons=0, agents={"hard": {"budget_ms": 4000, "workers": 1}})
    table = app.manager.push(TableScene(app, sess))
    for _ in range(4000):
        if table.thinking_seat() == 2 and table.thinking > 0.5:  # seat 2 is the hard one
            break
        app.step([], 0.05, draw=False)
    if table.thinking_seat() == 2:
        save(app, "09b-table-computer-thinking")
    app.close()

    # Five seats, learner's aid on.
    app = _app(size, lang)
    app.settings.learner_aid = True
    sess = _session("grande", 5, 3)
    table = app.manager.push(TableScene(app, sess))
    _settle(app, lambda: table.my_decision() is not None and len(table.view.history) > 6)
    save(app, "10-table-5-seats-aid")
    app.close()

    # Hot-seat hand-over.
    app = _app(size, lang)
    sess = _session("mamma-mia", 3, 5, persons=3)
    app.manager.push(TableScene(app, sess))
    _settle(app, lambda: isinstance(app.manager.top, HandoverScene))
    save(app, "11-handover")
    app.close()
    _hot_seat_shots(size, save, lang)
    _hot_seat_alone_shot(size, save, lang)
    _help_pass_shot(size, save, lang)
    from solemio.ui.screenshots_hands import full_hand_shots, handover_after_switch_shot

    handover_after_switch_shot(size, save, lang)
    full_hand_shots(size, save, lang)

    # The reveal: the animation, then every main decision.
    app = _app(size, lang)
    found = find_decision("sole-mio", "fill", 4)
    if found:
        # Rebuild that game, then show its reveal live from the start so the
        # animation is caught with cards in flight.
        seed, choices = found
        sess = _session("sole-mio", 4, seed, choices)
        events = sess.game.events_for(0)
        sess.cursor = max(i for i, ev in enumerate(events) if ev["type"] == E.ROUND_END)
        app.manager.push(TableScene(app, sess))
        _settle(app, lambda: isinstance(app.manager.top, RevealScene), dt=0.05)
        rv = app.manager.top
        _settle(app, lambda: rv.revealed >= 6 and bool(rv.anims.flights), dt=0.05)
        save(app, "12-reveal-animation")
    app.close()
    for i, kind in enumerate(REVEAL_DECISIONS):
        edition = "sole-mio"
        found = find_decision(edition, kind, 4)
        if not found:
            continue
        seed, choices = found
        app = _app(size, lang)
        sess = _session(edition, 4, seed, choices)
        app.manager.push(TableScene(app, sess))
        ok = _settle(app, lambda a=app: isinstance(a.manager.top, RevealScene)
                     and a.manager.top.my_decision() is not None)
        if ok:
            save(app, f"{13 + i:02d}-reveal-{kind}")
            if kind == "series":
                _series_picker_shots(app, save, f"{13 + i:02d}-reveal-{kind}")
        app.close()

    _fill_picker_shots(size, save, lang)

    # Between rounds and the end.
    app = _app(size, lang)
    sess = _session("sole-mio", 4, 21, persons=0)
    app.settings.pace = 0.2
    app.settings.reveal_speed = 4.0
    app.manager.push(TableScene(app, sess))
    _settle(app, lambda: isinstance(app.manager.top, RoundSummaryScene), dt=0.5, limit=20000)
    save(app, "21-round-summary")
    driver.click(app, driver.widget(app, "continue").rect)
    _settle(app, lambda: isinstance(app.manager.top, GameOverScene), dt=0.5, limit=40000)
    save(app, "22-game-over")
    # The replay of that game (from game over): its end, the turns, a reveal.
    driver.click(app, driver.widget(app, "replay").rect)
    rp = app.manager.top
    save(app, "24-replay-end")
    show = rp.replay
    rp.seek(show.start + (show.end - show.start) // 5)
    save(app, "25-replay-turns")
    filled = next((p for p in range(show.start, show.end)
                   if (show.event_at(p) or {}).get("type") == E.FILLED), show.end)
    rp.seek(filled + 1)
    save(app, "26-replay-reveal")
    # The coach beside the replay: its findings, then one opened (the replay jumps there).
    rp.coach_iterations = 4  # a small grading budget: the tour shows the list, not the search
    driver.click(app, driver.widget(app, "coach").rect)
    rp.coach.job.thread.join(120)  # the analysis and the grading run on their own thread
    app.step([], 0.1, draw=False)
    save(app, "26-replay-coach")
    if rp.coach.items:
        driver.click(app, driver.widget(app, "coach-item-0").rect)
        app.step([], 0.1, draw=False)
        save(app, "26-replay-coach-item")
    app.close()
    # The records list (the game above was kept), and a save set aside on the title.
    from solemio import savefiles
    from solemio.show.host import autosave_path

    app = _app(size, lang)
    app.manager.push(TitleScene(app))
    scene = app.manager.open("records")
    _every_page(app, scene, -(-len(scene.records) // scene.per_page))
    save(app, "27-records")
    app.close()
    autosave_path().write_text('{"format": "solemio-save", "version": 99}')
    app = _app(size, lang)
    app.manager.push(TitleScene(app))
    save(app, "28-title-save-set-aside")
    savefiles.dismiss()
    app.close()
    _memory_shots(size, save, lang)
    _saves_and_stats_shots(size, save, lang)
    return saved


def _saves_and_stats_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """Statistics (of a dozen quick games), saving under a name, the load scene."""
    from types import SimpleNamespace

    from solemio import stats
    from solemio.engine import load_cardset
    from solemio.engine.simulate import play_random_game
    from solemio.ui.scenes.table import TableScene
    from solemio.ui.scenes.title import TitleScene

    if not stats.load().games:
        for i, (edition, n) in enumerate([("sole-mio", 3), ("grande", 5), ("mamma-mia", 4)] * 4):
            game = play_random_game(load_cardset(edition), n, 100 + i)
            # Anna alone against the computer; every third game Luca joins her (hot seat).
            people = [SimpleNamespace(person=True, level="normal", name="Anna")]
            if i % 3 == 2:
                people.append(SimpleNamespace(person=True, level="normal", name="Luca"))
            stats.add_game(game, people +
                           [SimpleNamespace(person=False, level=("easy", "normal", "hard")[i % 3])
                            for _ in range(n - len(people))])
        # Memory training at the hot-seat games: each person's estimates under their name.
        for r, (anna, luca) in enumerate([((3, 4, 17), (1, 9, 15)), ((4, 1, 22), (2, 5, 19))]):
            stats.add_estimates("sole-mio", r + 1, [("Anna", *anna), ("Luca", *luca)])
    app = _app(size, lang)
    app.manager.push(TitleScene(app))
    scene = app.manager.open("stats")
    _every_page(app, scene, len(scene.pages))
    save(app, "29-statistics")
    if len(scene.pages) > 1:  # a larger text size: the statistics in pages, the chart last
        scene.turn_page(len(scene.pages) - 1)
        save(app, "29-statistics-chart")
    app.manager.pop()
    sess = _session("mamma-mia", 3, 5)
    app.manager.push(TableScene(app, sess))
    _settle(app, lambda: sess.table.decision() is not None, dt=0.5, limit=200)
    app.draw()
    app.manager.open("pause", sess)
    app.manager.open("save-game", sess, app.manager.top.picture)
    save(app, "30-save-game")
    driver_click_save = app.manager.top.save
    driver_click_save()
    _hot_seat_save(app)
    app.manager.reset(TitleScene(app))
    scene = app.manager.open("saves")
    _every_page(app, scene, -(-len(scene.saves) // scene.per_page))
    save(app, "31-load-game")
    if scene.saves:
        scene.ask(scene.saves[0])
        save(app, "32-load-game-delete")
    app.close()


def _every_page(app: Any, scene: Any, pages: int) -> None:
    """Draw a paged scene's later pages, then come back to the first: at a larger text
    size a list shows fewer lines a page, and the shot's measured lines
    (``theme.DRAWN``) must hold every line, wherever it is shown."""
    for _ in range(pages - 1):
        scene.turn_page(1)
        app.draw()
    for _ in range(pages - 1):
        scene.turn_page(-1)


def _hot_seat_save(app: Any) -> None:
    """A hot-seat game saved from the pause menu during a person's turn, so the load list
    shows its picture: the table as everybody sees it, no hand (solemio.ui.pictures)."""
    from solemio.ui import driver
    from solemio.ui.scenes.handover import HandoverScene
    from solemio.ui.scenes.table import TableScene
    from solemio.ui.scenes.title import TitleScene

    sess = _session("sole-mio", 3, 7, persons=2)
    app.manager.reset(TitleScene(app))
    table = app.manager.push(TableScene(app, sess))
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, HandoverScene):
            driver.click(app, driver.widget(app, "ready").rect)
        elif top is table and table.my_decision() is not None:
            break
        driver.wait_thinker(app)
        app.step([], 0.25, draw=False)
    app.draw()  # the screen holds the person's hand; the picture must not
    app.manager.open("pause", sess)
    app.manager.open("save-game", sess, app.manager.top.picture)
    app.manager.top.save()


def _rules_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """How to play: every page of Sole Mio!, the pages where the other editions differ,
    and an order card explained in full."""
    from solemio.ui.scenes.rules import RulesScene

    app = _app(size, lang)
    rules = app.manager.push(RulesScene(app, "sole-mio"))
    for i, page in enumerate(rules.pages()):
        rules.page = i
        rules.layout(size)
        save(app, f"04-rules-{i:02d}-{page.key}")
    for edition, key in (("mamma-mia", "orders"), ("mamma-mia", "fill"), ("grande", "timing")):
        rules.set_edition(edition)
        rules.page = [p.key for p in rules.pages()].index(key)
        rules.layout(size)
        save(app, f"04-rules-{edition}-{key}")
    rules.set_edition("sole-mio")
    rules.page = [p.key for p in rules.pages()].index("orders")
    rules.layout(size)
    spot = next(w for w in rules.focus.widgets if w.name.startswith("card"))
    rules.explain(spot.face)
    save(app, "04-rules-order-explained")
    app.close()


def _guide_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """The guided first game: its offer on the first start, the guide at the first turn,
    and at the first reveal decision."""
    from solemio.show import guided
    from solemio.ui import driver
    from solemio.ui.scenes.guide_offer import GuideOfferScene
    from solemio.ui.scenes.reveal import RevealScene
    from solemio.ui.scenes.title import TitleScene

    app = _app(size, lang)
    app.manager.push(TitleScene(app))
    app.manager.push(GuideOfferScene(app))
    save(app, "24-guide-offer")
    app.close()
    app = _app(size, lang)
    app.settings.pace = 0.2
    app.settings.reveal_speed = 4.0
    table = app.manager.push(make_table(app, guided.guided_session(FAST_AGENTS)))
    _settle(app, lambda: table.my_decision() is not None)
    save(app, "24-guide-first-turn")
    # Followed as the guide suggests: each kind of reveal decision once, with its ring on
    # the exact answer (the series picker at both steps).
    seen: set = set()
    for _ in range(4000):
        top = app.manager.top
        d = top.my_decision() if isinstance(top, RevealScene) else None
        if d is not None:
            key = str(d.kind)
            if key == "series" and top.series_picker is not None:
                key += f"-{top.series_picker.model.step}"
            if key == "help" and not any(c[0] == "help" for c in d.choices):
                key += "-cannot"
            if key not in seen:
                seen.add(key)
                save(app, f"24-guide-reveal-{key}")
        if table.session.game.round > 1 and not isinstance(top, RevealScene):
            break
        if not driver.guide_move(app):
            driver.wait_thinker(app)
            app.step([], 0.3, draw=False)
    app.close()


def _memory_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """Memory training: the estimate before the reveal, its pass screen in hot-seat play,
    and the comparison after the reveal; then the learner's fuller log of that game."""
    import pygame

    from solemio.ui import driver
    from solemio.ui.scenes.estimate import EstimateResultScene, EstimateScene

    app = _app(size, lang)
    app.settings.memory_training = True
    app.settings.pace = 0.2
    app.settings.reveal_speed = 4.0
    sess = _session("sole-mio", 3, 3)
    app.manager.push(make_table(app, sess))
    rng = random.Random(2)
    driver.play_until(app, lambda: isinstance(app.manager.top, EstimateScene), rng, dt=0.3)
    for k in (pygame.K_4, pygame.K_RIGHT, pygame.K_2, pygame.K_RIGHT, pygame.K_5,
              pygame.K_RIGHT, pygame.K_1, pygame.K_RIGHT, pygame.K_3):
        driver.key(app, k)
    save(app, "33-memory-estimate")
    driver.click(app, driver.widget(app, "done").rect)
    driver.play_until(app, lambda: isinstance(app.manager.top, EstimateResultScene), rng,
                      dt=0.3)
    save(app, "34-memory-result")
    # The learner's fuller log of that game, from the menu: its latest lines and its top.
    app.settings.full_log = True
    driver.click(app, driver.widget(app, "continue").rect)
    app.manager.open("pause", sess)
    save(app, "35-menu-with-log")
    driver.click(app, driver.widget(app, "log").rect)
    save(app, "35-log")
    driver.key(app, pygame.K_HOME)
    save(app, "35-log-top")
    app.close()
    # Hot-seat: each person estimates behind a pass screen.
    app = _app(size, lang)
    two = _session("sole-mio", 3, 3, persons=2)
    app.manager.push(make_table(app, two))
    app.manager.open("estimate", two, 1)
    save(app, "33-memory-pass")
    app.close()


def make_table(app: Any, session: Any) -> Any:
    from solemio.ui.scenes.table import TableScene

    return TableScene(app, session)


FILL_POSITIONS = {
    # Four-three-two-one: the columns give the 4 and the 3, the hand makes up the rest.
    "staircase": ("sole-mio", "[pepper, pepper, pepper, pepper, mushroom, mushroom, mushroom, "
                  "salami]", "4-3-2-1", "[salami, pineapple, double-pineapple]"),
    # None of mine: 2 each of two kinds; salamis from the columns, mushrooms need the hand.
    "none-of-mine": ("sole-mio", "[salami, salami, mushroom]", "none-of-mine",
                     "[pineapple, mushroom]"),
    # Bombastica in Grande: 8 units in the columns, 5 in the hand, 2 to ask for.
    "bombastica": ("grande", "[olive, olive, pepper, salami, salami, salami, mushroom, "
                   "mushroom]", "bombastica", "[olive, double-pepper, salami, pineapple]"),
    # Monotoni in Mamma Mia!: no kind gives 6, nobody may help.
    "no-way": ("mamma-mia", "[pepper, pepper, olive]", "monotoni", "[pepper, salami]"),
}


def _fill_position(app: Any, edition: str, columns: str, order: str, hand: str) -> Any:
    """A reveal at a choice order of seat 0 (a person), built by the scenario module."""
    from solemio.engine.scenario import build_position
    from solemio.engine.yamlsource import load_text
    from solemio.show.host import GameSession
    from solemio.ui.scenes.reveal import RevealScene

    text = (f"name: fill picker\nedition: {edition}\nseats: [blue, green, brown]\nsetup:\n"
            f"  start: reveal\n  scorer: 1\n  columns: {columns}\n  oven: [blue:{order}]\n"
            f"  hands: {{0: {hand}}}\n")
    game, _data = build_position(load_text(text, "fill-picker.yaml"))
    sess = GameSession(game.cs, _seats(3), 1, agent_options=FAST_AGENTS)
    sess.game = game
    sess.cardset = game.cs
    sess.cursor = game.event_count()
    rv = app.manager.push(RevealScene(app, sess, None))
    _settle(app, lambda: rv.my_decision() is not None and rv.banner is None)
    return rv


def _fill_picker_shots(size: tuple[int, int], save: Any, lang: str) -> None:
    """The fill picker: kinds (default, one picked up), cards (hand, then a request),
    and the one-button answer when nothing can fill the order."""
    from solemio.ui import driver

    def click(app: Any, name: str) -> None:
        w = driver.widget(app, name)
        if w is not None:
            driver.click(app, w.rect)

    for key, (edition, columns, order, hand) in FILL_POSITIONS.items():
        app = _app(size, lang)
        rv = _fill_position(app, edition, columns, order, hand)
        if key == "bombastica":
            # No kinds to choose: the cards step at once, the hand's cards and the
            # request (kinds of the owner's choice) each a tile of its own.
            save(app, f"23-fill-{key}-3-cards")
            click(app, "fill-item1")
            save(app, f"23-fill-{key}-4-ask")
            app.close()
            continue
        save(app, f"23-fill-{key}-1-kinds")
        if key == "staircase":
            click(app, "fill-kind1")
            save(app, f"23-fill-{key}-2-picked-up")
            click(app, "fill-kind1")
        if key != "no-way":
            click(app, "fill-confirm")
            _settle(app, lambda rv=rv: rv.my_decision() is not None)
            save(app, f"23-fill-{key}-3-cards")
            picker = rv.fill_picker
            if picker is not None and picker.cards_m is not None:
                for _ in range(6):
                    if picker.cards_m.asks_help():
                        break
                    click(app, "fill-item0")
                save(app, f"23-fill-{key}-4-ask")
        app.close()


def main(out_dir: str | os.PathLike, lang: str = "en",
         sizes: tuple[tuple[int, int], ...] = SIZES, text_size: int = 100) -> int:
    """Save every screenshot in language ``lang`` into ``out_dir``; returns a CLI exit code.
    ``text_size``: the player's text size in per cent (Settings), so the large-text
    layouts can be looked at like any other.

    Files are named ``<size>-<scene>.png`` (English) or ``<lang>-<size>-<scene>.png``.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    import pygame

    out = Path(out_dir)
    try:  # an unwritable place is one line and exit code 2, found before any work
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        from solemio.i18n import _

        print(_("{folder}: the screenshots cannot be saved there ({why})", folder=out,
                why=exc.strerror or exc), file=sys.stderr)
        return 2
    # A throw-away user folder: the games shown end with records, never the player's.
    os.environ["SOLEMIO_HOME"] = tempfile.mkdtemp(prefix="solemio-shots-home-")
    pygame.init()
    pygame.display.set_mode((1, 1))
    total = 0
    for size in sizes:
        total += len(shots_for_size(size, out, lang, text_size=text_size))
    print(f"saved {total} screenshots in {out}")
    return 0
