"""The set phrases players send each other at a networked table, in the reader's language.

The protocol carries only an id (``protocol.PHRASES``); each window words it in its own
language, so a French player's "Bonne chance" reaches an Italian window as "Buona
fortuna".  No free text: nothing needs moderating.
"""

from __future__ import annotations

from solemio.i18n import pgettext
from solemio.net.protocol import PHRASES


def phrase_text(phrase: str) -> str:
    """The words of a phrase id in the current language ("" for an id this game lacks)."""
    # pgettext with literal arguments, one per id, so that extraction finds each of them
    if phrase == "hello":
        return pgettext("set phrase", "Hello!")
    if phrase == "good-luck":
        return pgettext("set phrase", "Good luck!")
    if phrase == "well-played":
        return pgettext("set phrase", "Well played!")
    if phrase == "one-moment":
        return pgettext("set phrase", "One moment, please.")
    if phrase == "thanks":
        return pgettext("set phrase", "Thank you!")
    if phrase == "oops":
        return pgettext("set phrase", "Oops!")
    if phrase == "bye":
        return pgettext("set phrase", "Goodbye!")
    return ""


def phrases() -> list[tuple[str, str]]:
    """Every phrase a player may send: (id, words), in the order of the protocol."""
    return [(p, phrase_text(p)) for p in PHRASES]
