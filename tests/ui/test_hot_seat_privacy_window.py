"""Hot-seat privacy in the real window (issue 24): what the window paints and holds.

``tests/show/test_hot_seat_privacy.py`` walks many paths on the conductor; here
fewer paths go through the real scenes (``SDL_VIDEODRIVER=dummy``), pressed as a
person presses, and after every frame the window is checked: while no person may
see their hand (the same watch as the conductor's: a pass screen confirmed, and
nothing since that ends that person's moment), no scene holds a hand card, no
scene's view holds a hand, and the still frame was painted for nobody's hand.  A
named save's picture, written from the pause menu at any moment, is the table
as everybody sees it (item 2).
"""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from solemio import i18n, named_saves
from solemio.engine import load_cardset
from solemio.show import conductor as conductor_mod
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import driver
from solemio.ui.scenes.base import GameScene
from solemio.ui.scenes.estimate import EstimateScene
from solemio.ui.scenes.handover import HandoverScene
from solemio.ui.scenes.pause import PauseScene
from solemio.ui.scenes.table import TableScene
from solemio.ui.scenes.title import TitleScene
from solemio.ui.table.hand import HandCard
from tests.show.test_hot_seat_privacy import Watch


def hot_seat(edition: str, seed: int, spec: str = "ppc") -> GameSession:
    colours = ["blue", "green", "brown", "red"]
    names = ["Anna", "Giulia", "Marco", "Luca"]
    seats = [SeatConfig(names[i], colours[i], person=ch == "p", level="random")
             for i, ch in enumerate(spec)]
    return GameSession(load_cardset(edition), seats, seed)


class WindowWatch:
    """The watch fed by the conductor's beats as the window follows them (every game
    scene's conductor: a resumed game makes a new one)."""

    def __init__(self, monkeypatch) -> None:
        self.watch = Watch()
        real_update = conductor_mod.Conductor.update
        real_dispatch = conductor_mod.Conductor.dispatch
        watch = self.watch

        def update(c, dt, answer_ready=None):
            for beat in real_update(c, dt, answer_ready):
                watch.saw(beat)
                yield beat

        def dispatch(c, choice):
            beats = real_dispatch(c, choice)
            for beat in beats:
                watch.saw(beat)
            return beats

        real_confirm = GameSession.confirm_pass

        def confirm_pass(sess, seat):
            real_confirm(sess, seat)
            watch.confirm(seat)

        monkeypatch.setattr(conductor_mod.Conductor, "update", update)
        monkeypatch.setattr(conductor_mod.Conductor, "dispatch", dispatch)
        monkeypatch.setattr(GameSession, "confirm_pass", confirm_pass)

    def reset(self) -> None:
        """A new session (a save loaded, the autosave continued): nobody has confirmed."""
        self.watch.confirmed, self.watch.spent = None, True

    def check(self, app, where: str) -> None:
        for scene in app.manager.stack:
            if not isinstance(scene, GameScene):
                continue
            sess = scene.session
            self.watch.check(sess, where)
            if sess.viewer is None:
                held = [w for w in scene.focus.widgets if isinstance(w, HandCard)]
                assert not held, f"{where}: {type(scene).__name__} holds hand cards"
                assert not tuple(scene.view.hand), f"{where}: the scene's view holds a hand"


def painted_region(app, scene: GameScene, rect: pygame.Rect, hidden: bool = True
                   ) -> pygame.Surface:
    """``rect`` of the scene painted now, with nobody's hand (``hidden``) or with the
    viewer's; the scene is laid out for its viewer again after."""
    surf = pygame.Surface(app.size)
    view = scene.view
    if hidden:
        with scene.session.hands_hidden():
            scene.view = scene.session.view()
            scene.layout(app.size)
            scene.draw(surf)
        scene.view = view
        scene.layout(app.size)
    else:
        scene.draw(surf)
    return surf.subsurface(rect).copy()


def spectator_region(app, scene: GameScene, rect: pygame.Rect) -> pygame.Surface:
    """``rect`` of the scene painted with nobody's hand (restored after)."""
    return painted_region(app, scene, rect, hidden=True)


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference of two pictures of one size, per channel (0..255), over
    both scaled down alike (cards differ in whole areas, not single pixels)."""
    size = (96, max(1, 96 * a.get_height() // max(1, a.get_width())))
    x = pygame.image.tobytes(pygame.transform.smoothscale(a.convert(32), size), "RGB")
    y = pygame.image.tobytes(pygame.transform.smoothscale(b.convert(32), size), "RGB")
    return sum(abs(p - q) for p, q in zip(x, y, strict=True)) / len(x)


def save_from_pause(app, name: str) -> pygame.Surface:
    """Escape, Save the game, a name, Save: the picture the Load list will show."""
    driver.key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, PauseScene)
    driver.click(app, driver.widget(app, "save").rect)
    app.manager.top.name = name
    driver.click(app, driver.widget(app, "save").rect)
    info = next(sv for sv in named_saves.list_saves() if sv.name == name)
    assert info.picture is not None
    picture = pygame.image.load(str(info.picture))
    driver.key(app, pygame.K_ESCAPE)  # back to the game
    return picture


def test_a_hot_seat_saves_picture_shows_no_hand(make_app, tmp_path, monkeypatch):
    """Item 2: saved from the pause menu during a person's turn, the Load list's picture
    shows the table as everybody sees it; the screen the person left held their hand."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    app = make_app((1280, 720), pace=0.2)
    sess = hot_seat("sole-mio", 4)
    app.manager.push(TitleScene(app))
    table = app.manager.open("table", sess)
    rng = random.Random(1)
    driver.play_until(app, lambda: table.my_decision() is not None and
                      app.manager.top is table and table.my_decision().kind == "play", rng)
    app.draw()
    hand = table.L.hand
    shown = app.screen.subsurface(hand).copy()
    hidden = spectator_region(app, table, hand)
    assert difference(shown, hidden) > 10  # the person's hand was on screen
    picture = save_from_pause(app, "hot seat")
    assert sess.viewer is not None and table.my_decision() is not None  # still theirs
    scale = picture.get_width() / app.size[0]
    small = pygame.Rect(int(hand.x * scale), int(hand.y * scale), int(hand.w * scale),
                        int(hand.h * scale))
    in_picture = picture.subsurface(small).copy()

    def scaled(s: pygame.Surface) -> pygame.Surface:
        return pygame.transform.smoothscale(s, small.size)

    assert difference(in_picture, scaled(hidden)) < difference(in_picture, scaled(shown)) / 3


def test_decline_from_the_pass_screen_without_looking(make_app, tmp_path, monkeypatch):
    """Item 7: a person asked for help is told why on the pass screen and may decline
    there, whatever their hand holds (the button is offered either way)."""
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    for seed in range(40):
        app = make_app((1024, 640), pace=0.2, reveal_speed=4.0)
        sess = hot_seat("sole-mio", seed, "pcp")
        app.manager.push(TitleScene(app))
        app.manager.open("table", sess)
        rng = random.Random(seed)

        def asked(app=app) -> bool:
            top = app.manager.top
            return isinstance(top, HandoverScene) and top.help is not None

        try:
            driver.play_until(app, lambda app=app, sess=sess: asked(app) or sess.game.is_over(),
                              rng, max_steps=6000)
        except RuntimeError:
            app.close()  # (each game's window let go at once: forty would weigh)
            continue
        if not asked():
            app.close()
            continue
        top = app.manager.top
        app.draw()
        owner = sess.names[top.help[0]]
        assert top.reason().startswith(f"{owner} asks for ")
        seat = top.seat
        moves = sess.table.moves()
        driver.click(app, driver.widget(app, "decline-unseen").rect)
        assert sess.table.moves() == moves + 1 and sess.viewer is None
        assert not isinstance(app.manager.top, HandoverScene) or app.manager.top.seat != seat
        return
    pytest.fail("no help request reached a person in 40 games")


SAVE_NAMES = itertools.count()  # every save of every walk a name of its own


class WindowWalk:
    """A hot-seat game in the window, a person's presses drawn by hypothesis."""

    SIZES = ((1024, 640), (1280, 720))

    def __init__(self, rng: random.Random, app, ww: WindowWatch) -> None:
        # One seed drawn by hypothesis drives the walk: how many frames the work done ahead
        # takes depends on the clock, so a walk's draws cannot be hypothesis's own.
        self.rng = rng
        self.app = app
        self.ww = ww
        self.saves = 0

    def draw(self, options, label):
        return self.rng.choice(list(options))

    def check(self, where: str) -> None:
        self.ww.check(self.app, where)

    def side_step(self) -> None:
        app = self.app
        what = self.draw(["language", "resize", "save", "pause"], "side")
        if what == "language":
            app.settings.language = self.draw(["it", "nl", "fr", "en"], "lang")
            app.settings_changed()
        elif what == "resize":
            app.resize(self.draw(list(self.SIZES), "size"))
        elif what == "save":
            top = app.manager.top
            game = next((sc for sc in reversed(app.manager.stack) if isinstance(sc, GameScene)),
                        None)
            if game is None or game.session.table.is_over():
                return
            self.saves += 1
            sess = game.session
            hand = game.L.hand if isinstance(game, TableScene) else game.hand_area
            check = sess.viewer is not None and top is game and hand.w > 0 and hand.h > 0
            if check:
                # The table now, as the picture is taken (Escape opens the menu before
                # anything moves on), painted without and with the hand.
                hidden_full = painted_region(app, game, hand, hidden=True)
                shown_full = painted_region(app, game, hand, hidden=False)
            picture = save_from_pause(app, f"walk {next(SAVE_NAMES)}")
            if check:
                scale = picture.get_width() / app.size[0]
                small = pygame.Rect(int(hand.x * scale), int(hand.y * scale),
                                    max(1, int(hand.w * scale)), max(1, int(hand.h * scale)))
                hidden = pygame.transform.smoothscale(hidden_full, small.size)
                shown = pygame.transform.smoothscale(shown_full, small.size)
                small = small.clip(picture.get_rect())
                if small.size == hidden.get_size() and difference(hidden, shown) > 10:
                    # A hand shows there: the picture is the table without it.
                    got = picture.subsurface(small).copy()
                    assert difference(got, hidden) < difference(got, shown) / 2, \
                        "a hand in the save's picture"
        else:
            driver.key(app, pygame.K_ESCAPE)
            self.check("pause")
            driver.key(app, pygame.K_ESCAPE)
        self.check(what)

    def continue_later(self) -> None:
        """Leave to the title and continue from the autosave (in the middle of anything)."""
        from solemio.show import host as host_mod

        app = self.app
        top = next((sc for sc in reversed(app.manager.stack) if isinstance(sc, GameScene)),
                   None)
        if top is None or top.session.table.is_over():
            return
        top.session.autosave()
        app.manager.reset(TitleScene(app))
        sess = host_mod.load_autosave()
        self.ww.reset()
        app.manager.open("table", sess)
        self.check("continued")

    def press(self) -> bool:
        """One person's press, drawn; False when nobody can press anything now."""
        app = self.app
        top = app.manager.top
        what = self.draw(["person"] * 8 + ["side", "later"], "press")
        if what == "side":
            self.side_step()
            return True
        if what == "later":
            self.continue_later()
            return True
        if isinstance(top, EstimateScene):
            if top.passing:
                button = self.draw(["ready", "skip", "skip"], "estimate pass")
            else:
                button = self.draw(["done", "skip"], "estimate")
            driver.click(app, driver.widget(app, button).rect)
            return True
        if isinstance(top, HandoverScene) and top.help is not None and \
                self.draw([False, True], "decline unseen"):
            driver.click(app, driver.widget(app, "decline-unseen").rect)
            return True
        return driver.person_move(app, self.rng)

    def run(self, presses: int) -> None:
        app = self.app
        made = 0
        for _ in range(20000):
            top = next((sc for sc in reversed(app.manager.stack) if isinstance(sc, GameScene)),
                       None)
            if made >= presses or top is None or top.session.table.is_over():
                return
            if self.press():
                made += 1
            else:
                driver.wait_thinker(app)
                app.step([], self.draw([0.1, 0.5, 2.0], "dt"), draw=True)
            self.check(f"frame {type(app.manager.top).__name__}")
        raise AssertionError("the game did not move on")


def _walk(data, make_app, monkeypatch, presses: int) -> None:
    home = data.draw(st.integers(0, 10**9), label="home")
    monkeypatch.setenv("SOLEMIO_HOME", f"/tmp/solemio-privacy-walk-{home}")
    ww = WindowWatch(monkeypatch)
    edition = data.draw(st.sampled_from(["sole-mio", "mamma-mia", "grande"]), label="edition")
    spec = data.draw(st.sampled_from(["ppc", "pcp", "ppp"]), label="seats")
    app = make_app((1024, 640), pace=0.2, reveal_speed=4.0,
                   memory_training=data.draw(st.booleans(), label="memory training"))
    sess = hot_seat(edition, data.draw(st.integers(0, 999), label="seed"), spec)
    app.manager.push(TitleScene(app))
    app.manager.open("table", sess)
    try:
        WindowWalk(random.Random(data.draw(st.integers(0, 2**32), label="walk")), app,
                   ww).run(presses)
    finally:
        for sc in app.manager.stack:
            if isinstance(sc, GameScene):
                sc.session.stop_thinking()
        app.close()  # its pictures go now, not when the test's last walk ends
        i18n.set_language("en")
        monkeypatch.undo()


COMMON = dict(deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))


@settings(max_examples=3, phases=[Phase.explicit, Phase.generate], **COMMON)
@given(data=st.data())
def test_the_window_holds_no_hand_beyond_its_persons_moment(make_app, monkeypatch, data):
    _walk(data, make_app, monkeypatch, presses=250)


@pytest.mark.slow
@settings(max_examples=80, **COMMON)
@given(data=st.data())
def test_the_window_holds_no_hand_beyond_its_persons_moment_long(make_app, monkeypatch, data):
    _walk(data, make_app, monkeypatch, presses=400)
