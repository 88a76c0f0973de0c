"""Babel extractor for the shipped card sets: their names and descriptions join the catalogue.

Card-set YAML files are data written in English; the window shows their
words through :func:`solemio.i18n.data_text`.  ``babel.cfg`` names this
function, so ``pybabel extract`` puts the edition names, descriptions, the
scorer card's name and every order card's name into the template beside the
code's messages.  Texts a file gives per language (a mapping) are its own and
are not extracted.  Only PyYAML is needed, never Babel itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

import yaml

#: Top-level fields that are shown to players.
_SHOWN = ("name", "description", "scorer_card")


def _line_of(lines: list[str], text: str, start: int = 0) -> int:
    for i in range(start, len(lines)):
        if text in lines[i]:
            return i + 1
    return 1


def extract_cardset(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Yield ``(line, None, message, comments)`` for every shown text of one card set."""
    source = fileobj.read().decode("utf-8")
    data = yaml.safe_load(source) or {}
    lines = source.splitlines()
    if not isinstance(data, dict):
        return
    for key in _SHOWN:
        value = data.get(key)
        if isinstance(value, str) and value:
            what = {"name": "edition name", "description": "edition description",
                    "scorer_card": "scorer card name"}[key]
            yield _line_of(lines, value), None, value, [f"card set: {what}"]
    for entry in data.get("orders") or ():
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            yield _line_of(lines, entry["name"]), None, entry["name"], ["card set: order card name"]
