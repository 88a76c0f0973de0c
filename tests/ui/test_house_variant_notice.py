"""The title screen says which house variant cannot be played and why, in the player's
language, naming the file and the line (the new-game screen leaves it out)."""

from __future__ import annotations

from ui_helpers import recording_texts

from solemio.resources import resource_path
from solemio.ui import theme
from solemio.ui.scenes.title import TitleScene
from solemio.userdirs import user_cardsets_dir


def test_a_broken_house_variant_is_named_on_the_title_in_french(make_app, monkeypatch):
    text = resource_path("cardsets", "sole-mio.yaml").read_text(encoding="utf-8")
    broken = text.replace("id: sole-mio", "id: maison").replace("rounds: 2", "rounds: deux")
    (user_cardsets_dir() / "maison.yaml").write_text(broken, encoding="utf-8")
    line = next(i for i, t in enumerate(broken.splitlines(), 1) if "rounds: deux" in t)
    rendered = recording_texts(monkeypatch)
    app = make_app((1024, 640), language="fr")
    try:
        app.manager.push(TitleScene(app))
        app.step([], 0.016, draw=True)
    finally:
        theme.base_font.cache_clear()
        theme.clear_caches()
    said = [t for t in rendered if "maison.yaml" in t]
    assert said == [f"Cette variante maison ne peut pas être jouée\u00a0: maison.yaml:{line}\u00a0: "
                    "rounds doit être un nombre entier, pas 'deux'"], rendered
    app.manager.open("new-game")
    assert [e.id for e in app.manager.top.editions] == ["sole-mio", "mamma-mia", "grande"]
