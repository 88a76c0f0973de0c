"""A house variant's own words per language; the shipped card sets use the catalogues."""

from pathlib import Path

import pytest

from solemio import i18n
from solemio.engine import SourceError
from solemio.engine.cardset import load_cardset_file
from solemio.resources import resource_path
from solemio.texts import spec_explain, spec_name

SOLE_MIO = resource_path("cardsets", "sole-mio.yaml").read_text(encoding="utf-8")
SHOW = """  - id: show
    name: Show me
    type: show
"""


def _house(tmp_path: Path, entry: str) -> Path:
    assert SHOW in SOLE_MIO
    p = tmp_path / "house.yaml"
    p.write_text(SOLE_MIO.replace("id: sole-mio", "id: house").replace(SHOW, entry),
                 encoding="utf-8")
    return p


def test_house_variant_speaks_its_own_words(tmp_path):
    cs = load_cardset_file(_house(tmp_path, """  - id: show
    name: Peek
    explain: Look at a card.
    type: show
    translations:
      it: {name: Sbirciata, explain: Guarda una carta.}
      fr: {name: Coup d'œil}
"""))
    spec = cs.order("show")
    try:
        assert (spec_name(spec), spec_explain(spec, "olive")) == ("Peek", "Look at a card.")
        i18n.set_language("it")
        assert (spec_name(spec), spec_explain(spec, "olive")) == ("Sbirciata", "Guarda una carta.")
        i18n.set_language("fr")  # a name of its own, no French explanation: the English one
        assert (spec_name(spec), spec_explain(spec, "olive")) == ("Coup d'œil", "Look at a card.")
        i18n.set_language("nl")  # nothing Dutch: English, since the catalogue does not know it
        assert spec_name(spec) == "Peek"
        # A shipped order keeps using the catalogue in the same card set.
        assert spec_name(cs.order("two-doubles")) == "Twee dubbele"
        assert spec_explain(cs.order("two-doubles"), "olive").startswith("Vraagt 2 dubbele")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("entry", "words"), [
    ("    translations: {italian: {name: X}}\n", "not a two-letter language code"),
    ("    translations: {it: {nome: X}}\n", "unknown field 'nome'"),
    ("    translations: {it: {explain: Guarda.}}\n", "needs the English one"),
    ("    translations: [it]\n", "translations must map a language code"),
])
def test_broken_translations_are_named(tmp_path, entry, words):
    with pytest.raises(SourceError) as err:
        load_cardset_file(_house(tmp_path, SHOW + entry))
    assert words in str(err.value)
