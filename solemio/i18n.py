"""Every string a player sees passes through :func:`_` (and :func:`ngettext`).

Catalogs are JSON files ``assets/i18n/<lang>.json`` mapping the English text
to its translation; plural entries map ``"singular|plural"`` to a list of
forms.  Missing entries fall back to English, so a partial catalog is safe.
"""

from __future__ import annotations

import json
from typing import Any

from solemio.resources import resource_path

LANGUAGES = ("en", "it", "nl", "fr")

_catalog: dict[str, Any] = {}
_language = "en"


def set_language(lang: str) -> None:
    """Switch the catalog; unknown languages fall back to English."""
    global _catalog, _language
    _language = lang if lang in LANGUAGES else "en"
    _catalog = {}
    if _language == "en":
        return
    try:
        path = resource_path("assets", "i18n", f"{_language}.json")
    except FileNotFoundError:
        return
    with open(path, encoding="utf-8") as fh:
        _catalog = json.load(fh)


def language() -> str:
    return _language


def _(text: str, **fields: Any) -> str:
    """Translate ``text`` and fill ``{fields}``."""
    translated = _catalog.get(text, text)
    return translated.format(**fields) if fields else translated


def _plural_index(n: int) -> int:
    # en, it, nl: one/other.  fr: 0 and 1 are singular.
    if _language == "fr":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def ngettext(singular: str, plural: str, n: int, **fields: Any) -> str:
    """Translate a text that depends on a count ``n`` (available as ``{n}``)."""
    forms = _catalog.get(f"{singular}|{plural}")
    idx = _plural_index(n)
    if isinstance(forms, list) and forms:
        text = forms[min(idx, len(forms) - 1)]
    else:
        text = singular if idx == 0 else plural
    return text.format(n=n, **fields)
