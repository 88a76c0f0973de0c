"""The log file, and what a player sees when the game cannot start or breaks."""

from __future__ import annotations

import logging

import pygame

from solemio import logs, userdirs


def test_log_goes_to_the_per_user_folder(home):
    path = logs.setup()
    assert path == home / "logs" / "solemio.log"
    logging.getLogger("solemio.test").error("a message for the log")
    assert "a message for the log" in path.read_text()


def test_log_falls_back_when_home_cannot_be_written(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SOLEMIO_HOME", str(blocker / "home"))  # mkdir fails, even as root
    logs.reset()
    try:
        path = logs.setup()
        assert path is not None and blocker not in path.parents
        logging.getLogger("solemio.test").warning("still logged")
        assert "still logged" in path.read_text()
    finally:
        logs.reset()


def test_rotation_keeps_the_log_small(home):
    path = logs.setup()
    for i in range(4000):
        logging.getLogger("solemio.test").error("line %d %s", i, "x" * 200)
    files = sorted(path.parent.glob("solemio.log*"))
    assert 2 <= len(files) <= logs.BACKUPS + 1
    assert all(f.stat().st_size <= logs.MAX_BYTES + 1000 for f in files)


def _record_boxes(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(pygame.display, "message_box",
                        lambda title, message, **kw: shown.append(message))
    return shown


def test_an_unexpected_error_says_sorry_with_the_log_path(home, monkeypatch, capsys):
    from solemio.ui import app as app_mod

    logs.setup()
    shown = _record_boxes(monkeypatch)

    def broken_step(self, events, dt, draw=True):
        raise RuntimeError("a bug in a scene")

    monkeypatch.setattr(app_mod.App, "step", broken_step)
    assert app_mod.run((1024, 640)) == 1
    assert len(shown) == 1 and "Sorry" in shown[0] and str(logs.log_path()) in shown[0]
    log_text = logs.log_path().read_text()
    assert "RuntimeError: a bug in a scene" in log_text and "Traceback" in log_text
    assert "Sorry" in capsys.readouterr().err


def test_no_window_explains_in_one_line(home, monkeypatch, capsys):
    from solemio.ui import app as app_mod

    logs.setup()
    shown = _record_boxes(monkeypatch)

    def no_display(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr(app_mod, "open_window", no_display)
    assert app_mod.run() == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "No available video device" in err[0]
    assert "cannot open its window" in logs.log_path().read_text() or \
        "could not open" in logs.log_path().read_text()
    assert shown  # the message box is tried too (a windowed build has no terminal)


def test_a_game_that_cannot_be_saved_goes_on(tmp_path, monkeypatch, caplog):
    from solemio.engine import load_cardset
    from solemio.show.host import GameSession, SeatConfig

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SOLEMIO_HOME", str(blocker / "home"))
    seats = [SeatConfig("Anna", "blue", person=True), SeatConfig("Ben", "green", person=False)]
    sess = GameSession(load_cardset("sole-mio"), seats, 3, None, None)
    with caplog.at_level(logging.WARNING, logger="solemio"):
        sess.autosave(background=False)
    assert "could not be saved" in caplog.text
    # asking where things live never fails; only the write does, and it is caught
    assert not userdirs.writable(userdirs.data_dir())


def test_the_title_screen_opens_with_an_unwritable_home(tmp_path, monkeypatch):
    from solemio.ui.app import App
    from solemio.ui.scenes.title import TitleScene
    from solemio.ui.settings import load

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("SOLEMIO_HOME", str(blocker / "home"))
    pygame.init()
    pygame.display.set_mode((1, 1))
    app = App((1280, 720), headless=True, settings=load())
    try:
        app.manager.push(TitleScene(app))  # looks for an autosave and set-aside saves
        app.step([], 0.1)
        assert app.manager.top.__class__ is TitleScene
    finally:
        app.close()


def test_a_window_after_a_closed_one_draws_its_texts(home, monkeypatch):
    """``run()`` ends with pygame.quit(), which kills every font made before it: the
    fonts cached for the first window (``theme.font``) are forgotten with it, so a next
    window in the same process draws (it said "Invalid font" when the packaging tests
    ran after the window's tests)."""
    from solemio.ui import app as app_mod
    from solemio.ui import theme
    from solemio.ui.app import App
    from solemio.ui.scenes.title import TitleScene
    from solemio.ui.settings import Settings

    pygame.init()
    pygame.display.set_mode((1, 1))
    theme.text("drawn before the window closed", 20)
    _record_boxes(monkeypatch)
    monkeypatch.setattr(app_mod.App, "step", lambda self, events, dt, draw=True: setattr(
        self, "running", False))
    assert app_mod.run((640, 400)) == 0
    monkeypatch.undo()
    pygame.init()
    pygame.display.set_mode((1, 1))
    assert theme.text("drawn after", 20).get_width() > 0
    app = App((1280, 720), headless=True, settings=Settings(), persist_settings=False)
    try:
        app.manager.push(TitleScene(app))
        app.step([], 0.1)
        app.draw()
    finally:
        app.close()


def test_the_arena_writes_to_the_log_too(home, capsys):
    """``solemio arena`` runs for hours unattended: what goes wrong in it must reach the log."""
    from solemio import cli

    logs.reset()
    assert cli.main(["arena", "--edition", "sole-mio", "--seats", "random,random", "--games", "1",
                     "--seed", "3"]) == 0
    assert logs.log_path() == home / "logs" / "solemio.log"
    logging.getLogger("solemio.ai.arena").error("an arena fault")
    assert "an arena fault" in logs.log_path().read_text()
