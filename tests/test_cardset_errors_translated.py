"""A broken card-set file's error in the player's language, still naming file and line.

The engine keeps each problem as an English template and its fields (``Problem``);
the command line, the self-test and the title screen say it through the catalogue
(``i18n.source_error_text``).  ``str()`` of the error stays English (logs, tests).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from solemio import cli, i18n
from solemio.engine import SourceError
from solemio.engine.cardset import load_cardset_file
from solemio.resources import resource_path

SOLE_MIO = resource_path("cardsets", "sole-mio.yaml").read_text(encoding="utf-8")


def _broken(tmp_path: Path, old: str, new: str, name: str = "maison.yaml") -> Path:
    assert old in SOLE_MIO
    p = tmp_path / name
    p.write_text(SOLE_MIO.replace("id: sole-mio", "id: maison").replace(old, new, 1),
                 encoding="utf-8")
    return p


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_a_broken_yaml_in_french_names_the_file_and_the_line(tmp_path, french):
    path = _broken(tmp_path, "rounds: 2", "rounds: deux")
    with pytest.raises(SourceError) as err:
        load_cardset_file(path)
    line = _line_of(path, "rounds: deux")
    assert str(err.value) == f"{path}:{line}: rounds must be a whole number, not 'deux'"
    assert i18n.source_error_text(err.value) == \
        f"{path}:{line}\u00a0: rounds doit être un nombre entier, pas 'deux'"


def test_an_order_problem_inside_the_sentence_naming_the_order(tmp_path, french):
    path = _broken(tmp_path, "type: show", "type: showing")
    with pytest.raises(SourceError) as err:
        load_cardset_file(path)
    text = i18n.source_error_text(err.value)
    assert text.startswith(f"{path}:{_line_of(path, 'type: showing')}\u00a0: ")
    assert "type de commande inconnu 'showing'" in text and "unknown" not in text
    # A field that is a problem itself is translated too (orders.py's own checks).
    path = _broken(tmp_path, 'needs: {"{kind}": 4}', 'needs: {"{kind}": 4, olive: 1}',
                   "serie.yaml")
    with pytest.raises(SourceError) as err:
        load_cardset_file(path)
    text = i18n.source_error_text(err.value)
    assert "commande «\u00a0" in text and "doit demander exactement un type" in text, text


def test_broken_yaml_syntax_and_a_missing_file(tmp_path, french):
    path = tmp_path / "cassé.yaml"
    path.write_text("id: x\nname: [unclosed\n", encoding="utf-8")
    with pytest.raises(SourceError) as err:
        load_cardset_file(path)
    assert i18n.source_error_text(err.value).startswith(f"{path}:")
    assert "YAML non valide\u00a0:" in i18n.source_error_text(err.value)
    with pytest.raises(SourceError) as err:
        load_cardset_file(tmp_path / "absent.yaml")
    assert i18n.source_error_text(err.value) == f"{tmp_path / 'absent.yaml'}\u00a0: fichier introuvable"


@pytest.mark.parametrize(("lang", "words"), [
    ("it", "rounds dev'essere un numero intero, non 'deux'"),
    ("nl", "rounds moet een geheel getal zijn, niet 'deux'"),
])
def test_other_languages(tmp_path, lang, words):
    path = _broken(tmp_path, "rounds: 2", "rounds: deux")
    try:
        i18n.set_language(lang)
        with pytest.raises(SourceError) as err:
            load_cardset_file(path)
        assert i18n.source_error_text(err.value) == \
            f"{path}:{_line_of(path, 'rounds: deux')}: {words}"
    finally:
        i18n.set_language("en")


def test_solemio_validate_speaks_french(tmp_path, monkeypatch, capsys):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    i18n._desktop_tags.cache_clear()
    path = _broken(tmp_path, "rounds: 2", "rounds: deux")
    try:
        code = cli.main(["validate", str(path)])
    finally:
        i18n.set_language("en")
        i18n._desktop_tags.cache_clear()
    err = capsys.readouterr().err
    assert code == 2
    assert f"{path}:{_line_of(path, 'rounds: deux')}\u00a0: rounds doit être un nombre entier" in err
