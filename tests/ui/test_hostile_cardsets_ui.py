"""The title screen and New game with a hostile house variant in the player's folder
(tests/hostile_files.py): the game starts, the title says one line naming the file, New
game offers the editions, and Start plays the file it shows (issue 22, items 4-6)."""

from __future__ import annotations

import time
import tracemalloc

import pytest
from hostile_files import CARDSET_KINDS, Kind, variant_text
from ui_helpers import recording_texts

from solemio.resources import resource_path
from solemio.ui import theme
from solemio.ui.scenes.newgame import NewGameScene
from solemio.ui.scenes.title import TitleScene
from solemio.userdirs import user_cardsets_dir

SHIPPED = ["sole-mio", "mamma-mia", "grande"]
NOTICE = "This house variant cannot be played: "


def _open_title_and_new_game(app) -> tuple[TitleScene, NewGameScene, float, int]:
    """Both screens as a player opens them; the CPU seconds and traced memory they took."""
    tracemalloc.start()
    t0 = time.process_time()
    try:
        title = TitleScene(app)
        app.manager.push(title)
        app.step([], 0.016, draw=True)
        new_game = NewGameScene(app)
    finally:
        seconds = time.process_time() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return title, new_game, seconds, peak


@pytest.mark.parametrize("kind", list(CARDSET_KINDS), ids=str)
def test_the_game_starts_and_says_one_line(kind: Kind, make_app, monkeypatch) -> None:
    kind.make(user_cardsets_dir())
    rendered = recording_texts(monkeypatch)
    app = make_app((1024, 640))
    try:
        title, new_game, seconds, peak = _open_title_and_new_game(app)
    finally:
        theme.base_font.cache_clear()
        theme.clear_caches()
    assert len(title.broken_variants) == 1, title.broken_variants
    said = [t for t in rendered if t.startswith(NOTICE)]
    assert len(said) == 1 and "\n" not in said[0] and len(said[0]) < 400, said
    assert [e.id for e in new_game.editions] == SHIPPED
    assert seconds < 2.0, f"{kind.name}: {seconds:.2f} s"
    assert peak < 300 * 2**20, f"{kind.name}: {peak / 2**20:.0f} MB"


def _start(app, edition_id: str):
    scene = NewGameScene(app)
    app.manager.push(scene)
    scene.set_edition([e.id for e in scene.editions].index(edition_id))
    scene.start()
    return app.manager.top.session


def test_start_plays_the_variant_whose_file_is_named_otherwise(make_app) -> None:
    path = user_cardsets_dir() / "house.yaml"
    path.write_text(variant_text("rounds: 2", "rounds: 3", cid="maison"), encoding="utf-8")
    app = make_app()
    session = _start(app, "maison")
    assert session.cardset.file == str(path) and session.cardset.rounds == 3


def test_an_editions_id_in_a_variant_is_said_and_start_plays_the_edition(make_app,
                                                                        monkeypatch) -> None:
    path = user_cardsets_dir() / "mine.yaml"
    path.write_text(variant_text("rounds: 2", "rounds: 3", cid="sole-mio"), encoding="utf-8")
    rendered = recording_texts(monkeypatch)
    app = make_app((1024, 640), language="fr")
    try:
        title, new_game, _s, _m = _open_title_and_new_game(app)
    finally:
        theme.base_font.cache_clear()
        theme.clear_caches()
    assert [e.id for e in new_game.editions] == SHIPPED
    said = [t for t in rendered if "mine.yaml" in t]
    assert len(said) == 1 and "Sole Mio!" in said[0] and said[0].startswith(
        "Cette variante maison ne peut pas être jouée"), said
    # New game says it too, below its buttons, in the same words
    assert [str(f) for f in new_game.left_out] == [str(f) for f in title.broken_variants]
    rendered.clear()
    app.manager.push(new_game)
    app.step([], 0.016, draw=True)
    assert said == [t for t in rendered if "mine.yaml" in t]
    app.manager.pop()
    session = _start(app, "sole-mio")
    assert session.cardset.rounds == 2
    assert session.cardset.file == str(resource_path("cardsets", "sole-mio.yaml"))
