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
import subprocess
import sys
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
    """The player's language from the system; English when it is none of ours.

    The environment is read first, in the order the gettext library uses
    (``LANGUAGE`` may list several, separated by colons).  A program started
    from the desktop on macOS or Windows gets no such variables: there the
    user's own choice comes next (macOS: the preferred languages of System
    Settings, in order; Windows: the user's display language), then the
    locale Python took from the system at start-up.
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
    found = desktop_language()
    if found:
        return found
    try:
        found = _locale_language(locale.getlocale(locale.LC_CTYPE)[0])
    except (ValueError, TypeError):
        found = None
    return found or "en"


def desktop_language() -> str | None:
    """The language the user chose for their desktop, when it is one of ours.

    macOS: the first of ours in the preferred languages (``fr-CA`` then
    ``en``: French; ``de`` then ``it``: Italian).  Windows: the user's
    display language.  Elsewhere (and on any failure): None.  Asked once
    per run (a short subprocess on macOS).
    """
    tags = _desktop_tags()
    for tag in tags:
        found = _locale_language(tag)
        if found:
            return found
    return None


#: Seconds ``defaults`` may take before macOS's preferred languages are given up.
MACOS_TIMEOUT_S = 1.5


@cache
def _desktop_tags() -> tuple[str, ...]:
    if sys.platform == "darwin":
        return macos_preferred_languages()
    if sys.platform == "win32":
        tag = windows_ui_language()
        return (tag,) if tag else ()
    return ()


def macos_preferred_languages() -> tuple[str, ...]:
    """The user's preferred languages on macOS, most preferred first (``("fr-FR", "en-US")``).

    ``defaults read -g AppleLanguages`` prints them as a property list array; any
    failure (no such command, a time-out, an unexpected answer) gives ().
    """
    try:
        # By its full path: a program started from the Finder may have a bare PATH.
        tool = "/usr/bin/defaults" if os.path.exists("/usr/bin/defaults") else "defaults"
        done = subprocess.run([tool, "read", "-g", "AppleLanguages"], capture_output=True,
                              text=True, timeout=MACOS_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return ()
    if done.returncode != 0:
        return ()
    return parse_apple_languages(done.stdout)


def parse_apple_languages(text: str) -> tuple[str, ...]:
    """``(\n    "fr-FR",\n    en\n)`` → ``("fr-FR", "en")`` (quoted or bare entries)."""
    body = text.strip()
    if not (body.startswith("(") and body.endswith(")")):
        return ()
    tags = []
    for item in body[1:-1].split(","):
        tag = item.strip().strip('"').strip()
        if tag and all(c.isalnum() or c in "-_" for c in tag):
            tags.append(tag)
    return tuple(tags)


#: Primary language identifiers (the low 10 bits of a Windows LANGID) of our languages.
WINDOWS_PRIMARY = {0x09: "en", 0x10: "it", 0x13: "nl", 0x0C: "fr"}


def windows_ui_language() -> str | None:
    """The user's display language on Windows as a tag (``"nl-BE"``), or None.

    ``GetUserDefaultUILanguage`` gives a LANGID; ``LCIDToLocaleName`` turns it into
    a tag, and when that fails the primary language of the LANGID is used.
    """
    try:
        kernel32 = _kernel32()
        langid = int(kernel32.GetUserDefaultUILanguage())
    except (OSError, AttributeError, ValueError, TypeError):
        return None
    try:
        import ctypes

        buf = ctypes.create_unicode_buffer(85)  # LOCALE_NAME_MAX_LENGTH
        if kernel32.LCIDToLocaleName(langid, buf, len(buf), 0) and buf.value:
            return buf.value
    except (OSError, AttributeError, ValueError, TypeError):
        pass
    return WINDOWS_PRIMARY.get(langid & 0x3FF)


def _kernel32() -> Any:
    """Windows' kernel32 (a separate function so tests can stand in for it)."""
    import ctypes

    return ctypes.WinDLL("kernel32")  # type: ignore[attr-defined]


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


def gettext_raw(text: str) -> str:
    """Translate ``text`` without filling fields (another library's ``%`` messages)."""
    return _translations.gettext(text)


def ngettext_raw(singular: str, plural: str, n: int) -> str:
    """:func:`gettext_raw` for a text that depends on a count."""
    return _translations.ngettext(singular, plural, n)


def problem_text(problem: Any) -> str:
    """A file's problem in the player's language (the engine's ``Problem``: an English
    template and its fields, marked with ``N_`` where it is written); a field that is a
    problem itself is translated too, anything else is shown as it is."""
    template = getattr(problem, "template", None)
    if not isinstance(template, str):
        return str(problem)
    fields = {k: problem_text(v) if hasattr(v, "template") else v
              for k, v in getattr(problem, "fields", {}).items()}
    return _translations.gettext(template).format(**fields)


def source_error_text(exc: Any, file: str | None = None) -> str:
    """A broken file's error (the engine's ``SourceError``) in the player's language,
    naming the file (or ``file``: a shorter name for it) and the line as the English
    does (``file:line: problem``)."""
    problem = problem_text(getattr(exc, "what", None) or getattr(exc, "problem", exc))
    line = getattr(exc, "line", None)
    file = getattr(exc, "file", "") if file is None else file
    if not file:
        return problem
    if line:
        # TRANSLATORS: a broken file's error: its name, the line, what is wrong there.
        return _("{file}:{line}: {problem}", file=file, line=line, problem=problem)
    # TRANSLATORS: a broken file's error: its name and what is wrong with it.
    return _("{file}: {problem}", file=file, problem=problem)


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
