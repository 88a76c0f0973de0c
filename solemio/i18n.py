"""Every string a player sees passes through :func:`_`, :func:`ngettext` or :func:`pgettext`.

The catalogues are standard gettext ones, managed with Babel (see
``docs/translating.md``): the template ``assets/locale/solemio.pot`` is
extracted from the code and the shipped card sets, each language keeps
``assets/locale/<lang>/LC_MESSAGES/solemio.po`` and its compiled ``.mo``.
At run time only the standard library's :mod:`gettext` is used, reading the
``.mo`` files found through :mod:`solemio.resources` (source checkout, wheel
and frozen binary alike).  Plural rules come from each catalogue's
``Plural-Forms`` header; English needs no catalogue.

Messages use ``str.format`` fields: ``_("Round {n}", n=2)``.  Translations
keep the same fields (a test checks it), so word order is the translator's.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Mapping
from functools import cache
from typing import Any

from solemio.resources import resource_path

LANGUAGES = ("en", "it", "nl", "fr")
#: Each language in its own words, as the Settings scene offers it.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "nl": "Nederlands", "fr": "Français"}
DOMAIN = "solemio"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


@cache
def _load(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a missing file: no translation)."""
    if lang == "en":
        return gettext.NullTranslations()
    try:
        localedir = resource_path("assets", "locale")
    except FileNotFoundError:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, str(localedir), languages=[lang], fallback=True)


def set_language(lang: str) -> None:
    """Switch the catalogue; unknown languages fall back to English."""
    global _translations, _language
    _language = lang if lang in LANGUAGES else "en"
    _translations = _load(_language)


def install(translations: gettext.NullTranslations, lang: str = "xx") -> None:
    """Use ``translations`` directly (tests install a pseudo-language this way)."""
    global _translations, _language
    _translations = translations
    _language = lang


def language() -> str:
    """The language texts are in now: part of every cache key of rendered words."""
    return _language


def _locale_language(name: str | None) -> str | None:
    """``it_IT.UTF-8``, ``nl-BE``, ``French_France`` → one of :data:`LANGUAGES`, or None."""
    if not name:
        return None
    head = name.replace("-", "_").split(".")[0].split("_")[0].lower()
    by_english_name = {"english": "en", "italian": "it", "dutch": "nl", "french": "fr"}
    head = by_english_name.get(head, head)
    return head if head in LANGUAGES else None


def system_language() -> str:
    """The player's language from the system locale; English when it is none of ours.

    The environment is read first, in the order the gettext library uses
    (``LANGUAGE`` may list several, separated by colons); then the locale
    Python took from the system at start-up (Windows and macOS set no
    variables for a program started from the desktop).
    """
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if not value:
            continue
        for part in value.split(":"):
            found = _locale_language(part)
            if found:
                return found
        if var != "LANGUAGE":
            return "en"  # the first variable set decides, as in gettext (C, POSIX: English)
    try:
        found = _locale_language(locale.getlocale(locale.LC_CTYPE)[0])
    except (ValueError, TypeError):
        found = None
    return found or "en"


def _(text: str, **fields: Any) -> str:
    """Translate ``text`` and fill its ``{fields}``."""
    translated = _translations.gettext(text)
    return translated.format(**fields) if fields else translated


def ngettext(singular: str, plural: str, n: int, **fields: Any) -> str:
    """Translate a text that depends on a count ``n`` (available as ``{n}``).

    The form is chosen by the catalogue's ``Plural-Forms`` rule (French
    counts 0 as singular, English, Italian and Dutch do not).
    """
    return _translations.ngettext(singular, plural, n).format(n=n, **fields)


def pgettext(context: str, text: str, **fields: Any) -> str:
    """Translate a short ``text`` whose meaning depends on ``context`` (a letter, a word)."""
    translated = _translations.pgettext(context, text)
    return translated.format(**fields) if fields else translated


def npgettext(context: str, singular: str, plural: str, n: int, **fields: Any) -> str:
    """:func:`ngettext` with a context (the same English, different words elsewhere)."""
    return _translations.npgettext(context, singular, plural, n).format(n=n, **fields)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue without translating it yet (tables built at import).

    The caller passes the value through :func:`_` when it is shown, so the
    language current at that moment is used.
    """
    return text


def data_text(english: str, own: Mapping[str, str] | None = None) -> str:
    """A text from card-set data: the file's own words for this language, else the catalogue.

    A house-variant card set may give a name or an explanation per language
    (``own``); the shipped card sets give English only and their words are
    in the catalogues (extracted by :mod:`solemio.i18n_extract`).  A text
    neither knows stays as written.
    """
    if own:
        mine = own.get(_language)
        if mine:
            return mine
    return _translations.gettext(english) if english else english
