"""What an order needs, said where a player decides: the reveal's order panel says what
the columns still lack (a series member at its series amount, not the card's 4), and an
order added at the table is announced with everything it needs (issue 24, item 8)."""

from __future__ import annotations

from solemio import i18n
from solemio.announce import Place, Seating, words
from solemio.engine import events as E
from solemio.engine import load_cardset
from solemio.show.missing import order_needs, panel_lines, still_missing
from solemio.show.state import OrderShow
from solemio.texts import kind_units


def _columns(**units: list[int]) -> tuple:
    kinds = ("olive", "pepper", "mushroom", "salami", "pineapple")
    return tuple(tuple((k, u) for u in units.get(k, [])) for k in kinds)


def _four_salami(cs):
    """A four-of-a-kind series order of the Sole Mio! edition."""
    for spec in cs.specs.values():
        if spec.type == "fixed" and spec.params.get("series"):
            return spec.id
    raise AssertionError("no series order")


def test_a_series_member_needs_its_series_amount_and_the_panel_says_what_is_missing():
    cs = load_cardset("sole-mio")
    oid = _four_salami(cs)
    series = {"type": E.SERIES, "seat": 0, "orders": [[oid, 3], ["x", 4]]}
    cur = OrderShow(face=("blue", oid), owner=0, notes=(series,))
    needs, from_series = order_needs(cs, cur)
    assert from_series and len(needs) == 1 and needs[0][1] == 3
    kind = needs[0][0]
    cols = _columns(**{kind: [1]})
    assert still_missing(needs, cols) == [(kind, 2)]
    lines = panel_lines(cs, cur, cols, "Needs 4 of them.")
    assert lines[0].startswith("In the series it needs 3 ")
    assert lines[1].startswith("Still missing from the columns: 2 ")
    # Without the series the card's own explanation stays, and its 4 are counted.
    plain = OrderShow(face=("blue", oid), owner=0)
    assert panel_lines(cs, plain, cols, "Needs 4.") == [
        "Needs 4.", f"Still missing from the columns: {kind_units(kind, 3)}."]
    covered = _columns(**{kind: [2, 2]})
    assert panel_lines(cs, plain, covered, "Needs 4.")[-1] == "The columns hold all it needs."
    done = OrderShow(face=("blue", oid), owner=0, status="filled")
    assert panel_lines(cs, done, covered, "Needs 4.") == ["Needs 4."]


def test_an_order_whose_needs_are_a_choice_keeps_its_explanation():
    cs = load_cardset("sole-mio")
    other = next(s for s in cs.specs.values() if s.type not in ("fixed", "each-kind"))
    cur = OrderShow(face=("blue", other.id), owner=0)
    assert order_needs(cs, cur) is None
    assert panel_lines(cs, cur, _columns(), "Explained.") == ["Explained."]


def test_an_order_added_is_announced_with_all_it_needs_in_every_language():
    cs = load_cardset("mamma-mia")
    ev = {"type": E.ORDER, "seat": 1, "order": ["green", "one-of-each"]}
    at = Seating(["You", "Giulia"], cs, ["blue", "green"], you=lambda s: s == 0)
    try:
        for lang in ("en", "it", "nl", "fr"):
            i18n.set_language(lang)
            for place in (Place.SAID, Place.RECAP, Place.LOG):
                line = words(ev, at, place).line
                for kind in ("olive", "pepper", "mushroom", "salami", "pineapple"):
                    assert kind_units(kind, 1) in line, (lang, place, line)
    finally:
        i18n.set_language("en")
