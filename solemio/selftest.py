"""``solemio --selftest``: prove that this copy of the game is whole, with no display needed.

Made for the packaged binaries: a build is only shipped when its own
``--selftest`` passes on the machine that built it.  Every shipped resource is
opened (card sets, pictures, fonts, sounds, catalogues), one short game per
edition is played by computer players, and every scene is drawn off screen.
A failure is named, logged and turned into exit code 1; nothing stops at the
first one, so one run lists everything that is broken.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solemio import i18n, logs, proctime, version
from solemio.formats import number
from solemio.i18n import _

log = logging.getLogger("solemio.selftest")

FRAME_SIZE = (1280, 720)
GAME_SEATS = ("easy", "normal", "easy")


class SelfTest:
    """Runs the checks in order and keeps what each found."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.warnings: list[str] = []
        self.broken_variants: list[Any] = []  # house variants' SourceErrors (warnings too)
        self.seconds: dict[str, float] = {}
        self.title_s: float | None = None

    def check(self, name: str, work: Callable[[], Any], timed: bool = True) -> Any:
        """Run one check; ``timed`` ones (the groups, not each file) appear in ``seconds``."""
        t0 = time.perf_counter()
        try:
            return work()
        except Exception as exc:  # a self-test reports every fault, whatever its type
            self.failures.append(f"{name}: {type(exc).__name__}: {exc}")
            log.error("self-test %s failed\n%s", name, traceback.format_exc())
            return None
        finally:
            if timed:
                self.seconds[name] = round(time.perf_counter() - t0, 3)

    def fail(self, message: str) -> None:
        self.failures.append(message)
        log.error("self-test: %s", message)


def _headless() -> None:
    # The self-test never needs a screen or a sound card, even where there is one.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _draw_title(t: SelfTest) -> Any:
    import pygame

    from solemio.ui.app import App
    from solemio.ui.scenes.title import TitleScene
    from solemio.ui.settings import Settings

    pygame.init()
    pygame.display.set_mode((1, 1))
    app = App(FRAME_SIZE, headless=True, settings=Settings(), persist_settings=False)
    app.manager.push(TitleScene(app))
    app.step([], 0.0)
    t.title_s = round(proctime.seconds_since_start(), 3)
    app.close()


def _cardsets(t: SelfTest) -> None:
    from solemio.engine.cardset import SHIPPED_ORDER, list_cardsets, load_cardset

    for cid in SHIPPED_ORDER:
        t.check(f"card set {cid}", lambda cid=cid: load_cardset(cid), timed=False)
    for entry in list_cardsets():  # one entry per file: a broken sole-mio.yaml of the player's too
        if entry.error and not entry.shipped:
            # A player's broken house variant is theirs to mend: reported, not a fault of the build.
            t.broken_variants.append(entry.fault)


def _pictures(t: SelfTest) -> None:
    import pygame

    from solemio.resources import assets_dir

    svgs = sorted(assets_dir().rglob("*.svg"))
    if not svgs:
        t.fail("pictures: no SVG files found")
    for path in svgs:
        def load(path: Path = path) -> None:
            surface = pygame.image.load_sized_svg(str(path), (96, 134))
            if surface.get_bounding_rect().width == 0:
                raise ValueError("draws nothing")
        t.check(f"picture {path.name}", load, timed=False)


def _fonts(t: SelfTest) -> None:
    import pygame

    from solemio.resources import assets_dir

    pygame.font.init()
    fonts = sorted(p for p in (assets_dir() / "fonts").iterdir() if p.suffix in (".otf", ".ttf"))
    if not fonts:
        t.fail("fonts: none found")
    for path in fonts:
        def render(path: Path = path) -> None:
            if pygame.font.Font(str(path), 24).render("Sole Mio! 4×", True, (0, 0, 0)).get_width() < 10:
                raise ValueError("renders nothing")
        t.check(f"font {path.name}", render, timed=False)


def _sounds(t: SelfTest) -> None:
    import pygame

    from solemio.resources import assets_dir
    from solemio.ui.sound import NAMES

    if not pygame.mixer.get_init():
        pygame.mixer.init()
    folder = assets_dir() / "sounds"
    for name in NAMES:
        def load(name: str = name) -> None:
            files = [p for p in (folder / f"{name}.ogg", folder / f"{name}.wav") if p.exists()]
            if not files:
                raise FileNotFoundError(f"no {name}.ogg or {name}.wav")
            if pygame.mixer.Sound(str(files[0])).get_length() <= 0:
                raise ValueError("is silent")
        t.check(f"sound {name}", load, timed=False)


def _hashing() -> None:
    """Saves are checksummed with SHA-256: in a binary whose hash modules were left out (the
    spec excludes OpenSSL; installer.spec's CHECKED_WITH) this fails here, not at a save."""
    import hashlib

    digest = hashlib.sha256(b"Sole Mio!").hexdigest()
    if digest != "5e0296fb867a44d5c20a31334bf5dfba46aaf120c6e16f4d4f9bede6046a074b":
        raise ValueError(f"SHA-256 gave {digest}")


def _network() -> None:
    """Host a table and join it over loopback, as two windows would (the server in this
    process, a friend's seat joined by address and code, one move made and seen by both),
    and load what joining over TLS and the local network's list need (``ssl``, zeroconf):
    a binary that left them out fails here, not when a player joins."""
    import ssl  # noqa: F401 - wss:// to a public server

    from solemio.net import discovery  # noqa: F401 - the local network's list of tables
    from solemio.net.hosting import HostedTable, SeatPlan, join_table

    with tempfile.TemporaryDirectory(prefix="solemio-selftest-") as folder:
        plans = [SeatPlan("here", "blue", "A"), SeatPlan("friend", "green")]
        hosted = HostedTable(plans, "sole-mio", port=0, listen="127.0.0.1",
                             data=Path(folder), advertise=False, keep=False, seed=1)
        try:
            guest = join_table(f"127.0.0.1:{hosted.port}", hosted.session.code, ["B"],
                               keep=False)
            try:
                sessions = {0: hosted.session, 1: guest}
                deciding = guest.table.deciding()
                mover = sessions[deciding].table
                moves = mover.moves()
                mover.apply(mover.decision().choices[0])
                other = sessions[1 - deciding].table
                if not other.wait_for(lambda: other.moves() > moves, 10.0):
                    raise RuntimeError("a move at one window did not reach the other")
            finally:
                guest.leave()
        finally:
            hosted.close()
def _speech() -> None:
    """Speech's library and its native part are in this copy (a frozen binary that left
    them out would play silently for a player who needs them): its backends are listed,
    none is started (finding a screen reader can take seconds)."""
    import prism

    if prism.Context().backends_count < 1:
        raise ValueError("the speech library lists no way to speak on this platform")


def _catalogues(t: SelfTest) -> None:
    import gettext

    from solemio import i18n
    from solemio.resources import assets_dir

    locale = assets_dir() / "locale"
    for mo in sorted(locale.glob("*/LC_MESSAGES/*.mo")) if locale.is_dir() else []:
        def parse(mo: Path = mo) -> None:
            with open(mo, "rb") as fh:
                gettext.GNUTranslations(fh)
        t.check(f"catalogue {mo.parent.parent.name}", parse, timed=False)
    for lang in i18n.LANGUAGES:
        if lang != "en" and not (locale / lang / "LC_MESSAGES" / "solemio.mo").is_file():
            t.fail(f"catalogue {lang}: no compiled catalogue (solemio.mo)")
        def switch(lang: str = lang) -> None:
            i18n.set_language(lang)
            if i18n.language() != lang:
                raise ValueError(f"set_language({lang!r}) left the language at {i18n.language()!r}")
        t.check(f"language {lang}", switch, timed=False)
    i18n.set_language("en")


def _games(t: SelfTest) -> None:
    from solemio.ai.arena import GameJob, play_game
    from solemio.engine.cardset import SHIPPED_ORDER

    for cid in SHIPPED_ORDER:
        def play(cid: str = cid) -> None:
            result = play_game(GameJob(cid, GAME_SEATS, 2026, ()))
            if sum(result["credit"]) <= 0:
                raise ValueError("the game ended with no winner")
        t.check(f"game {cid}", play)


def _hard_workers(t: SelfTest) -> None:
    """A hard seat thinks in worker processes: a frozen binary must be able to start them
    (PyInstaller needs ``freeze_support`` and the workers' modules bundled), and they must
    give the same answer as one core."""
    from solemio.ai import make_agent, workers
    from solemio.engine import load_cardset, new_game

    def search() -> None:
        pool = workers.shared_pool(2)
        if pool is None or not pool.wait_ready(60):
            raise RuntimeError("the play-out worker processes did not start")
        game = new_game(load_cardset("sole-mio"), ["blue", "red", "green"], seed=2026)
        seat = game.current_seat()
        one = make_agent("hard", seat, 7, iterations=4).decide(game.clone(record_events=True))
        two = make_agent("hard", seat, 7, iterations=4, workers=2).decide(
            game.clone(record_events=True))
        if one != two:
            raise ValueError(f"two workers chose {two!r}, one core {one!r}")
        if not pool.alive():
            raise RuntimeError("a play-out worker died during the search")

    t.check("hard search on two workers", search)


def _scenes(t: SelfTest, frame: str | None) -> None:
    import shutil

    from solemio.ui import screenshots

    with tempfile.TemporaryDirectory(prefix="solemio-selftest-") as tmp:
        # The scenes' tour plants saves and records of its own: never in the player's folders.
        previous = os.environ.get("SOLEMIO_HOME")
        os.environ["SOLEMIO_HOME"] = str(Path(tmp) / "home")
        try:
            shots = t.check("scenes", lambda: screenshots.shots_for_size(FRAME_SIZE, Path(tmp)))
        finally:
            if previous is None:
                os.environ.pop("SOLEMIO_HOME", None)
            else:
                os.environ["SOLEMIO_HOME"] = previous
        if shots is not None and frame:
            # The table with cards in hand says most about a build at one glance.
            table = [p for p in shots if "table" in p.name] or shots
            def copy() -> None:
                Path(frame).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(table[0], frame)
            t.check("screenshot", copy)


def _resource_root() -> str | None:
    """Where the shipped resources were found: a checkout, an installed wheel or the bundle."""
    from solemio.resources import cardsets_dir

    try:
        return str(cardsets_dir().parent)
    except FileNotFoundError:
        return None


def run(screenshot: str | None = None, as_json: bool = False) -> int:
    """The ``--selftest`` command: exit code 0 when whole, 1 naming what failed."""
    _headless()
    logs.setup()
    log.info("self-test of solemio %s (frozen: %s)", version(), bool(getattr(sys, "frozen", False)))
    spoken = i18n.language()
    t = SelfTest()
    t.check("title", lambda: _draw_title(t))
    _cardsets(t)
    t.check("pictures", lambda: _pictures(t))
    t.check("fonts", lambda: _fonts(t))
    t.check("sounds", lambda: _sounds(t))
    t.check("catalogues", lambda: _catalogues(t))
    t.check("hashing", _hashing)
    t.check("network", _network)
    t.check("speech", _speech)
    _games(t)
    _hard_workers(t)
    _scenes(t, screenshot)
    ok = not t.failures
    log.info("self-test %s: %d failure(s)", "passed" if ok else "FAILED", len(t.failures))
    report = {
        "ok": ok,
        "failures": t.failures,
        "warnings": t.warnings + [f"house variant {f}" for f in t.broken_variants],
        "title_s": t.title_s,
        "version": version(),
        "frozen": bool(getattr(sys, "frozen", False)),
        "resources": _resource_root(),
        "seconds": t.seconds,
        "log": str(logs.log_path()) if logs.log_path() else None,
    }
    if as_json:
        print(json.dumps(report))
    else:
        # The checks switch languages: the summary is in the command's language again.
        i18n.set_language(spoken)
        shown_s = "?" if t.title_s is None else number(t.title_s, 2)  # no title: it failed
        if ok:
            print(_("solemio {version} self-test: ok (title drawn {s} s after start)",
                    version=version(), s=shown_s))
        else:
            print(_("solemio {version} self-test: FAILED (title drawn {s} s after start)",
                    version=version(), s=shown_s))
        for line in t.failures:
            print("  " + _("failed: {what}", what=line))
        for line in t.warnings:
            print("  " + _("note: {what}", what=line))
        for fault in t.broken_variants:  # the player's own file: said in their language
            print("  " + _("note: {what}", what=_("house variant {error}",
                                                   error=i18n.source_error_text(fault))))
    return 0 if ok else 1
