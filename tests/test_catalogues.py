"""The translation catalogues stay in step with the code (see docs/translating.md).

These fail when someone changes a text a player sees and forgets a step:
the template is re-extracted here with the project's own options and
compared with the committed one; each language's catalogue must translate
every message (nothing empty, nothing fuzzy) with the same ``{fields}`` as
the English; each compiled ``.mo`` must say what its ``.po`` says; and the
game must really switch language through them.
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import string
from pathlib import Path

import pytest

pytest.importorskip("babel")

from babel.messages.pofile import read_po  # noqa: E402

from solemio import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
LANGS = ("it", "nl", "fr")
FIX = "run `python build/catalogues.py` and translate what it marks (docs/translating.md)"


def _tool():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "build" / "catalogues.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _read(path: Path, locale: str | None = None):
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale)


def _keys(catalog) -> set[tuple]:
    return {(m.context, m.id) for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def _forms(msg) -> list[str]:
    return list(msg.string) if isinstance(msg.string, (list, tuple)) else [msg.string]


def test_template_is_up_to_date(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.pot"
    _tool().extract(fresh)
    now, committed = _keys(_read(fresh)), _keys(_read(LOCALE / "solemio.pot"))
    new = sorted(str(k) for k in now - committed)
    gone = sorted(str(k) for k in committed - now)
    assert not new and not gone, f"template out of date ({FIX}); new: {new}; gone: {gone}"


def test_the_template_catches_the_shipped_card_sets() -> None:
    ids = {m.id for m in _read(LOCALE / "solemio.pot")}
    from solemio.engine import load_cardset

    for edition in ("sole-mio", "mamma-mia", "grande"):
        cs = load_cardset(edition)
        shown = {cs.name, cs.description, cs.scorer_name} | {s.name for s in cs.specs.values()}
        assert shown <= ids, f"{edition}: {sorted(shown - ids)} not in the template"


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_translates_everything(lang: str) -> None:
    template = _read(LOCALE / "solemio.pot")
    po = _read(LOCALE / lang / "LC_MESSAGES" / "solemio.po", locale=lang)
    missing = sorted(str(k) for k in _keys(template) - _keys(po))
    stale = sorted(str(k) for k in _keys(po) - _keys(template))
    assert not missing and not stale, f"{lang}: {FIX}; missing {missing}; stale {stale}"
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy (check and remove the fuzzy flag): {fuzzy}"
    # (a no-break space is a translation: French separates thousands with U+202F)
    empty = [m.id for m in po if m.id and not all(f.strip(" \t\r\n") for f in _forms(m))]
    assert not empty, f"{lang}: untranslated: {empty}"
    header = dict(po.mime_headers).get("Plural-Forms", "")
    assert header.startswith("nplurals=2;"), f"{lang}: Plural-Forms header missing: {header!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_english_fields(lang: str) -> None:
    po = _read(LOCALE / lang / "LC_MESSAGES" / "solemio.po", locale=lang)
    wrong = []
    for m in po:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            english = _fields(m.id[0]) | _fields(m.id[1])
            forms = _forms(m)
            used = set().union(*(_fields(f) for f in forms))
            # A form may leave out the count ("un'oliva" for 1), nothing else.
            if used != english and used | {"n"} != english or any(
                not _fields(f) <= english for f in forms
            ):
                wrong.append((m.id, forms))
        elif _fields(m.string) != _fields(m.id):
            wrong.append((m.id, m.string))
        for form in _forms(m):
            try:
                form.format(**{name: 1 for name in _fields(form)})
            except (ValueError, IndexError, KeyError) as exc:
                wrong.append((m.id, f"{form!r}: {exc}"))
    assert not wrong, f"{lang}: fields differ from the English: {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogue_matches_its_po(lang: str) -> None:
    folder = LOCALE / lang / "LC_MESSAGES"
    po = _read(folder / "solemio.po", locale=lang)
    with open(folder / "solemio.mo", "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    expected: dict = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        prefix = f"{m.context}\x04" if m.context else ""
        if isinstance(m.id, tuple):
            for i, form in enumerate(_forms(m)):
                expected[(prefix + m.id[0], i)] = form
        else:
            expected[prefix + m.id] = m.string
    got = {k: v for k, v in mo._catalog.items() if k != ""}
    assert got == expected, f"{lang}: solemio.mo is stale: run `python build/catalogues.py compile`"
    # The plural rule is read from the catalogue's header: French counts 0 as one.
    assert [mo.plural(n) for n in (0, 1, 2)] == ([0, 0, 1] if lang == "fr" else [1, 0, 1])


# Calls that translate a value rather than a literal: each one's texts are
# marked for extraction where the value is defined (N_(...), card-set data).
_DYNAMIC_CALLS = {
    ("solemio/texts.py", "_(PLAY_REFUSALS.get(why or '', N_('That cannot be played.')))"),
    ("solemio/announce/phrases.py", "_(FAIL_REASONS.get(reason, reason))"),
}


def test_every_translated_text_is_extractable() -> None:
    """A ``_(variable)`` would be translated at run time but never reach the catalogue."""
    found = set()
    for path in sorted((ROOT / "solemio").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            n_text = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}.get(
                node.func.id)
            if n_text is None:
                continue
            args = node.args[:n_text]
            if len(args) < n_text or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
            ):
                found.add((str(path.relative_to(ROOT)), ast.unparse(node)))
    assert found <= _DYNAMIC_CALLS, f"not extractable (use N_ where the text is written): " \
                                    f"{sorted(found - _DYNAMIC_CALLS)}"


def test_languages_switch_through_the_catalogues() -> None:
    try:
        i18n.set_language("it")
        assert i18n._("Settings") == "Impostazioni"
        assert i18n.ngettext("{n} olive", "{n} olives", 1) == "1 oliva"
        assert i18n.ngettext("{n} olive", "{n} olives", 3) == "3 olive"
        i18n.set_language("fr")
        # French counts 0 as singular: the catalogue's Plural-Forms decides, not the code.
        assert i18n.ngettext("{n} card left", "{n} cards left", 0).startswith("0 carte ")
        assert i18n.ngettext("{n} card left", "{n} cards left", 2).startswith("2 cartes ")
        i18n.set_language("nl")
        assert i18n._("Settings") == "Instellingen"
        assert i18n.pgettext("letter of mushroom", "M") == "C"
        i18n.set_language("xx")
        assert i18n.language() == "en" and i18n._("Settings") == "Settings"
    finally:
        i18n.set_language("en")
    assert i18n.ngettext("{n} card left", "{n} cards left", 0) == "0 cards left"


def test_card_set_words_come_from_the_file_first() -> None:
    try:
        i18n.set_language("it")
        assert i18n.data_text("Two doubles") == i18n._("Two doubles") != "Two doubles"
        own = {"it": "Festa dell'ananas"}
        assert i18n.data_text("Pineapple party", own) == "Festa dell'ananas"
        i18n.set_language("nl")
        assert i18n.data_text("Pineapple party", own) == "Pineapple party"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "it_IT:en"}, "it"),
    ({"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANGUAGE": "de:fr"}, "fr"),
    ({"LANGUAGE": "", "LC_ALL": "fr_CA.UTF-8", "LANG": "it_IT.UTF-8"}, "fr"),
    ({"LANGUAGE": "", "LC_ALL": "C", "LANG": "it_IT.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LC_ALL": "de_DE.UTF-8"}, "en"),
])
def test_default_language_comes_from_the_system_locale(monkeypatch, env, expected) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.system_language() == expected


def test_no_environment_falls_back_to_the_locale_then_english(monkeypatch) -> None:
    import locale
    import sys

    monkeypatch.setattr(sys, "platform", "linux")  # no desktop language (test_system_language)
    i18n._desktop_tags.cache_clear()

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Italian_Italy", "1252"))
    assert i18n.system_language() == "it"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert i18n.system_language() == "en"
