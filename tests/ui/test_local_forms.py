"""The statistics and records scenes write numbers, percentages and dates the French way
in French (solemio/formats.py), not the English/ISO way."""

from __future__ import annotations

import time
from types import SimpleNamespace

from ui_helpers import recording_texts

from solemio import records, stats
from solemio.engine import load_cardset
from solemio.engine.simulate import play_random_game
from solemio.ui import theme
from solemio.ui.scenes.title import TitleScene

WHEN = time.mktime((2026, 11, 26, 14, 2, 0, 0, 0, -1))  # local time, as the game stores it


def _games() -> None:
    """Three games of Anna's: 1 or 2 won of 3 (a share with decimals), one estimate set."""
    anna = SimpleNamespace(person=True, level="easy", name="Anna", colour="blue")
    bot = SimpleNamespace(person=False, level="easy", name="Bot", colour="green")
    st = stats.load()
    for seed in (3, 4, 5):
        game = play_random_game(load_cardset("sole-mio"), 2, seed)
        st.games.extend(stats.lines_for(game, [anna, bot], when=WHEN))
        records.save_record(game, [anna, bot], when=WHEN + seed)
    stats.save(st)


def _drawn(app, monkeypatch, scene: str) -> str:
    rendered = recording_texts(monkeypatch)
    app.manager.reset(TitleScene(app))
    app.manager.open(scene)
    app.step([], 0.016, draw=True)
    theme.base_font.cache_clear()
    theme.clear_caches()
    return "\n".join(sorted(rendered))


def test_french_statistics_and_records_show_french_numbers_and_dates(make_app, monkeypatch):
    _games()
    app = make_app((1024, 640), language="fr")
    st = stats.load().of("Anna")
    assert st.played == 3 and st.filled_per_game != int(st.filled_per_game), \
        "the games should give an average with decimals"
    text = _drawn(app, monkeypatch, "stats")
    average = f"{st.filled_per_game:.1f}"
    assert f"par partie\u00a0: {average.replace('.', ',')}" in text, text
    assert f"{round(100 * st.won / 3)}\u00a0%)" in text, text  # "1 gagnée (33 %)"
    assert "26 nov. 2026" in text and "2026-11-26" not in text, text
    assert average not in text
    text = _drawn(app, monkeypatch, "records")
    assert "26 nov. 2026, 14:02" in text and "2026-11-26" not in text, text


def test_english_keeps_its_own_forms(make_app, monkeypatch):
    _games()
    app = make_app((1024, 640), language="en")
    st = stats.load().of("Anna")
    text = _drawn(app, monkeypatch, "stats")
    assert f"Filled orders per game: {st.filled_per_game:.1f}" in text, text
    assert f"({round(100 * st.won / 3)}%)" in text and "26 Nov 2026" in text, text
    assert "26 Nov 2026, 14:02" in _drawn(app, monkeypatch, "records")
