"""The words on the table: announcements and choices read as a person would say them."""

from __future__ import annotations

from solemio.engine import load_cardset
from solemio.texts import announcement, describe_choice, describe_variant, request_text


def test_announcement_names_doubles():
    assert announcement("pineapple", 1, 1) == "3 pineapples, including 1 double"
    assert announcement("olive", 1, 0) == "1 olive"
    assert announcement("salami", 0, 2) == "4 salamis, including 2 doubles"


def test_choices_in_words():
    cs = load_cardset("grande")
    assert describe_variant(cs, "4-3-2-1", ("olive", "pepper", "salami", "mushroom"),
                            "olive") == "4 olives + 3 peppers + 2 salamis + 1 mushroom"
    assert describe_variant(cs, "monotoni", ("salami",), "olive") == "6 salamis + 1 olive"
    series = ("series", (("four-pepper", 4), ("four-mushroom", 3)))
    assert describe_choice(series, cs, own_kind="olive") == "Series: 4 peppers + 3 mushrooms"
    fill = ("fill", (("olive", 1, 0),), (("mushroom", 2),))
    assert describe_choice(fill, cs) == "Add 1 olive, ask for 2 mushrooms"
    assert request_text([("double-salami", 1), ("any", 3)]) == \
        "1 double salami and 3 units of any kind"
    assert describe_choice(("ask", 1), cs, names=["A", "Bea"]) == "Ask Bea to show a card"
