"""The round summary, game over, statistics and replay scenes at the window sizes players
use (1024x640, 1920x1080, 1920x480, 3840x2160), in every language: no text is cut short,
no two texts overlap, every text stays in the window (and in its part of the replay's
still frame), and the buttons stay in the window and apart.

The scenes are drawn on a surface that records every blit; a blit whose source came
from the one text renderer (``theme.text``, which ``fit_text`` and the badges use too) is
a text.  A title's dark outline is the same text drawn a few pixels off: that pair is
allowed.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from solemio import i18n, stats
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game
from solemio.records import seats_extra
from solemio.show.host import GameSession, SeatConfig
from solemio.ui import layout, theme

SIZES = [(1024, 640), (1920, 1080), (1920, 480), (3840, 2160)]
NAMES = ["Alessandra", "Bartholomeus", "Chiara", "Dominique", "Evelien"]
COLOURS = ["blue", "green", "brown", "red", "yellow"]


class Recorder(pygame.Surface):
    """A surface that remembers what was blitted where."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        # Where it was meant to go, before the surface clipped it: a text wider than the
        # window must show as leaving it.
        pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        w, h = pygame.Rect(area).size if area is not None else source.get_size()
        self.blits.append((source, pygame.Rect(pos, (w, h)) if area is None else pygame.Rect(r)))
        return r


@pytest.fixture
def texts(monkeypatch):
    """Every surface the text renderer returns, by id (kept alive so ids stay unique)."""
    made: dict[int, pygame.Surface] = {}
    original = theme.text

    def text(*a, **kw):
        surf = original(*a, **kw)
        made[id(surf)] = surf
        return surf

    monkeypatch.setattr(theme, "text", text)
    return made


def text_rects(rec: Recorder, made: dict) -> list[pygame.Rect]:
    """The inked part of every text blitted (a line's box has empty space above and below)."""
    out = []
    for src, r in rec.blits:
        if id(src) in made and r.w > 0 and r.h > 0:
            ink = src.get_bounding_rect()
            out.append(pygame.Rect(r.x + ink.x, r.y + ink.y, ink.w, ink.h))
    return out


def assert_texts_apart(rects: list[pygame.Rect], size, where: str) -> None:
    window = pygame.Rect(0, 0, *size)
    for r in rects:
        assert window.contains(r), f"{where}: a text {r} leaves the {size} window"
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            shadow = (a.size == b.size and a.x - b.x == a.y - b.y
                      and abs(a.x - b.x) <= max(6, a.h // 6))
            if not shadow and a.colliderect(b):
                raise AssertionError(f"{where} at {size}: texts overlap: {a} and {b}")


def test_the_overlap_check_can_fail(texts):
    rec = Recorder((400, 200))
    rec.blit(theme.text("commandes", 30), (10, 10))
    rec.blit(theme.text("bestellingen", 30), (60, 20))
    with pytest.raises(AssertionError, match="overlap"):
        assert_texts_apart(text_rects(rec, texts), (400, 200), "test")
    rec.blit(theme.text("Sole Mio!", 30, (0, 0, 0)), (200, 100))
    rec.blit(theme.text("Sole Mio!", 30), (198, 98))  # a title's outline: allowed
    assert_texts_apart(text_rects(rec, texts)[2:], (400, 200), "test")


def assert_widgets_fit(scene, size) -> None:
    rects = scene.interactive_rects()
    window = pygame.Rect(0, 0, *size)
    for name, r in rects:
        assert window.contains(r), f"{name} {r} leaves the {size} window"
    assert layout.overlaps(rects) == []


def finished_session(n: int = 5) -> GameSession:
    seats = [SeatConfig(NAMES[i], COLOURS[i], person=i == 0, level="normal") for i in range(n)]
    sess = GameSession(load_cardset("grande"), seats, 7)
    while not sess.game.is_over():
        sess.game.apply(sess.game.decision().choices[-1])
    sess.seek(sess.game.event_count())
    return sess


def draw_recorded(app, scene, made) -> list[pygame.Rect]:
    rec = Recorder(app.size)
    scene.draw(rec)
    rects = text_rects(rec, made)
    assert len(rects) >= 8, "the scene drew almost no text: the check would prove nothing"
    return rects


def some_statistics() -> None:
    for i, (edition, n) in enumerate([("sole-mio", 3), ("grande", 5), ("mamma-mia", 4)] * 3):
        game = play_random_game(load_cardset(edition), n, 100 + i)
        stats.add_game(game, [SimpleNamespace(person=True, level="normal")] +
                       [SimpleNamespace(person=False, level=("easy", "normal", "hard")[i % 3])
                        for _ in range(n - 1)])


# Every language at the normal text size, and the longest at the largest (Settings).
LANG_TEXT = [(lang, 100) for lang in i18n.LANGUAGES] + [("fr", 200)]


@pytest.mark.parametrize(("lang", "text_size"), LANG_TEXT)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_end_scenes_fit(make_app, texts, size, lang, text_size):
    theme.OVERFLOWS.clear()
    sess = finished_session()
    app = make_app(size, language=lang, text_size=text_size)
    app.manager.push(app_title(app))

    # The round summary of round 1 (what each seat filled, who starts round 2).
    ev = next(e for e in sess.table.events() if e["type"] == E.NEW_ROUND)
    summary = app.manager.open("summary", sess, ev, [0] * len(sess.seats))
    app.draw()
    assert_widgets_fit(summary, size)
    assert_texts_apart(draw_recorded(app, summary, texts), size, "round summary")
    app.manager.pop(summary)

    # Game over (keeps the record the replay needs and counts the game).
    over = app.manager.open("game-over", sess)
    app.draw()
    assert_widgets_fit(over, size)
    assert_texts_apart(draw_recorded(app, over, texts), size, "game over")
    # The tie-break explained, in its longest forms: a shared win of the five, and a win
    # on ingredient units (the person's own, and another's).
    for winners, tie in (([0, 1, 2, 3, 4], "shared"), ([0], "hand-units"), ([1], "hand-units")):
        ev = dict(over.ev, winners=winners, tie_break=tie, hand_units=[12, 11, 10, 9, 8])
        shown = app.manager.open("game-over", sess, ev)
        app.draw()
        assert_texts_apart(draw_recorded(app, shown, texts), size, f"game over, {tie}")
        app.manager.pop(shown)

    # The replay, at its end and in the middle of the turns and of a reveal.
    rp = app.manager.open("replay", sess.game, seats_extra(sess.seats))
    show = rp.replay
    filled = next((p for p in range(show.start, show.end)
                   if (show.event_at(p) or {}).get("type") == E.FILLED), show.end)
    for pos in (show.end, show.start + (show.end - show.start) // 5, filled + 1):
        rp.seek(pos)
        app.draw()
        assert_widgets_fit(rp, size)
        regions = {name: region for name, region, _k, paint in rp.board.parts(rp.moment, rp.position)}
        for name, region, _key, paint in rp.board.parts(rp.moment, rp.position):
            rec = Recorder(app.size)
            paint(rec)
            rects = text_rects(rec, texts)
            for r in rects:
                assert region.contains(r), f"replay {name}: a text {r} leaves its part {region}"
            assert_texts_apart(rects, size, f"replay {name} at {pos}")
        rec = Recorder(app.size)
        rp.focus.draw(rec)
        buttons = text_rects(rec, texts)
        assert_texts_apart(buttons, size, "replay buttons")
        for b in buttons:
            for name, region in regions.items():
                if name != "caption":
                    assert not b.colliderect(region), f"a button's text {b} is on {name}"
    app.manager.pop(rp)

    # The statistics of a few games.
    some_statistics()
    app.manager.reset(app_title(app))
    sc = app.manager.open("stats")
    app.draw()
    assert sc.stats.played >= 9
    assert_widgets_fit(sc, size)
    rects = draw_recorded(app, sc, texts)
    assert_texts_apart(rects, size, "statistics")
    for r in rects:
        for panel in (sc.left, sc.right):
            # Half a line clear of the panel's rim (the first heading used to touch it).
            if panel.colliderect(r):
                m = r.h // 2
                assert panel.inflate(-2 * m, -2 * m).contains(r), \
                    f"statistics at {size}: a text {r} is on its panel's rim {panel}"
    assert not theme.OVERFLOWS, f"{lang} at {size}: cut short: {sorted(set(theme.OVERFLOWS))}"


def app_title(app):
    from solemio.ui.scenes.title import TitleScene

    return TitleScene(app)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_pass_screen_recap_keeps_off_the_button(make_app, texts, size, lang):
    """A long recap after a pass screen shows the latest lines that fit below the button
    (at 1024x640 the box once moved up over it)."""
    from solemio.announce import recap_line
    from solemio.ui.scenes.handover import HandoverScene

    theme.OVERFLOWS.clear()
    sess = finished_session()
    app = make_app(size, language=lang)
    scene = app.manager.push(HandoverScene(app, sess, 0))
    scene.recap = [recap_line({"type": E.ROUND_END, "round": r % 3 + 1, "scorer": r % 5},
                              sess.names, sess.cardset) for r in range(14)]
    app.draw()
    assert_widgets_fit(scene, size)
    rects = draw_recorded(app, scene, texts)
    assert_texts_apart(rects, size, "pass screen")
    button = next(w.rect for w in scene.focus.widgets if w.name == "ready")
    label = [r for r in rects if button.contains(r)]
    assert label, "the button's own label"
    for r in rects:
        if r not in label:
            assert not r.colliderect(button), f"a recap line {r} covers the button {button}"
    assert not theme.OVERFLOWS, sorted(set(theme.OVERFLOWS))


@pytest.mark.parametrize(("lang", "joined"), [("en", "Chiara and Dominique"),
                                              ("fr", "Chiara et Dominique")])
def test_a_shared_win_names_the_winners_in_the_language(make_app, monkeypatch, lang, joined):
    """Names are joined the language's way ("a, b and c"), not with commas only."""
    import solemio.ui.scenes.gameover as gameover

    heads: list[str] = []
    monkeypatch.setattr(gameover, "title_text", lambda surface, text, *a, **k: heads.append(text))
    sess = finished_session()
    app = make_app((1280, 720), language=lang)
    app.manager.push(app_title(app))
    over = app.manager.open("game-over", sess, dict(sess.table.events()[-1], winners=[2, 3],
                                                    tie_break="shared"))
    over.draw(pygame.Surface(app.size))
    assert any(joined in h for h in heads), heads
