"""The coach speaks to the player: the choices it names say "your", never the button's
"my" ("Better: Draw from my order stack" read as if the coach held the cards)."""

from __future__ import annotations

import re

import pytest

from solemio import i18n, texts

FIRST_PERSON = {
    "en": r"\bmy\b|\bI\b",
    "it": r"\bmio\b|\bmia\b|\bPesco\b|\bAggiungo\b|\baggiungo\b",
    "nl": r"\bmijn\b|\bik\b",
    "fr": r"\bma\b|\bmon\b|\bJ'|\bje\b",
}
CHOICES = [
    ("draw", "orders"),
    ("fill", (("olive", 1, 0),), ()),
    ("block", 0, 0),
    ("block", 2, 1),
]


@pytest.mark.parametrize("lang", sorted(FIRST_PERSON))
def test_choices_said_to_the_player_are_in_the_second_person(lang):
    i18n.set_language(lang)
    try:
        for choice in CHOICES:
            button = texts.describe_choice(choice)
            said = texts.describe_choice(choice, spoken_to=True)
            assert re.search(FIRST_PERSON[lang], button), (lang, button)
            assert not re.search(FIRST_PERSON[lang], said), (lang, said)
    finally:
        i18n.set_language("en")
