"""``theme.fit_text`` on hostile text (issue 22, item 8): a name of ten million
characters costs a handful of measurements and one render of a bounded line, never a
character-by-character trim (3,000 characters took 9 s; 10,000,000 crashed SDL)."""

from __future__ import annotations

import json

from solemio.ui import theme
from solemio.ui.scenes.records import RecordsScene
from solemio.ui.scenes.title import TitleScene


def _count(monkeypatch) -> dict:
    calls = {"measure": 0, "render": 0, "longest": 0}
    measure, render = theme._width, theme.text

    def counted_measure(s, *a):
        calls["measure"] += 1
        calls["longest"] = max(calls["longest"], len(s))
        return measure(s, *a)

    def counted_render(s, *a, **k):
        calls["render"] += 1
        calls["longest"] = max(calls["longest"], len(s))
        return render(s, *a, **k)

    monkeypatch.setattr(theme, "_width", counted_measure)
    monkeypatch.setattr(theme, "text", counted_render)
    return calls


def test_a_ten_million_character_name_is_cut_in_logarithmic_work(monkeypatch):
    calls = _count(monkeypatch)
    surf = theme.fit_text("N" * 10_000_000, 24, 300, theme.INK, bold=True)
    assert surf.get_width() <= 300
    assert calls["render"] == 1 and calls["measure"] <= 20
    assert calls["longest"] <= theme.MAX_LINE_CHARS + 1


def test_a_long_line_ends_with_an_ellipsis_and_fills_its_box(monkeypatch):
    calls = _count(monkeypatch)
    s = "Giulia, Marco, Sofia, Luca " * 120  # 3,240 characters
    surf = theme.fit_text(s, 20, 400)
    assert 300 < surf.get_width() <= 400 and calls["measure"] <= 30
    assert theme.OVERFLOWS and theme.OVERFLOWS[-1][1].startswith("Giulia")


def test_short_texts_fit_as_before():
    a = theme.fit_text("Sole Mio!", 30, 1000)
    assert a.get_size() == theme.text("Sole Mio!", 30).get_size()
    b = theme.fit_text("Sole Mio! — the pizza card games.", 30, 200)
    assert b.get_width() <= 200 and b.get_height() < a.get_height()


def test_the_records_screen_shows_hostile_names_and_numbers(make_app, monkeypatch):
    from solemio.records import records_dir

    seats = [{"name": "N" * 1_000_000, "colour": "blue"}, {"name": {"x": [1]}, "colour": "green"}]
    record = {"format": "solemio-save", "version": 4, "cardset": {"name": "Z" * 100_000},
              "seats": ["blue", "green"], "seed": 1, "choices": [], "digest": "0",
              "extra": {"seats": seats, "winners": [0, 10**3000, 1], "finished": "x" * 10**5}}
    (records_dir() / "hostile.json").write_text(json.dumps(record))
    app = make_app((1024, 640))
    app.manager.push(TitleScene(app))
    app.manager.open("records")
    scene = app.manager.top
    assert isinstance(scene, RecordsScene)
    [rec] = scene.records
    assert rec.names == ("N" * 40, "?") and rec.winners == (0, 1)
    calls = _count(monkeypatch)
    app.step([], 0.016, draw=True)
    assert calls["longest"] <= theme.MAX_LINE_CHARS + 1
