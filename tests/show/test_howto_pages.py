"""How to play's pages as data (no window): one idea each, a picture of real cards of the
edition, and the rules that differ between editions said for each edition."""

from __future__ import annotations

import pytest

from solemio.engine import load_cardset
from solemio.show import howto

EDITIONS = ("sole-mio", "mamma-mia", "grande")


def faces_exist(cs, page):
    for g in page.picture:
        for f in g.faces:
            if f[0] in howto.KINDS:
                assert f[1] in ((1, 2) if cs.doubles else (1,)), (page.key, f)
            elif f[0] in ("back", "scorer"):
                assert len(f) == 1
            elif f[0] == "oback":
                assert f[1] in ("blue", "green")
            else:
                assert f[1] in cs.orders_for(f[0]), (page.key, f)
        if g.marks:
            assert len(g.marks) == len(g.faces)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_has_a_title_words_and_real_cards(edition):
    cs = load_cardset(edition)
    pages = howto.pages(cs)
    assert len(pages) >= 10
    assert len({p.key for p in pages}) == len(pages)
    for page in pages:
        assert page.title and page.body
        faces_exist(cs, page)
    # Every page but the controls is illustrated.
    assert all(p.picture for p in pages if p.key != "controls")


def test_the_pages_follow_the_edition():
    sole, mamma, grande = (howto.pages(load_cardset(e)) for e in EDITIONS)
    keys = {name: {p.key for p in ps} for name, ps in
            (("sole", sole), ("mamma", mamma), ("grande", grande))}
    # Help exists in Sole Mio! and Grande, not in Mamma Mia!.
    assert "help" in keys["sole"] and "help" in keys["grande"] and "help" not in keys["mamma"]
    # Series and block are Sole Mio! orders (Grande holds them too).
    assert {"series", "block"} <= keys["sole"] and {"series", "block"} <= keys["grande"]
    assert not {"series", "block"} & keys["mamma"]
    # An unfilled order: under the stack, or out of the game in Grande.
    timing = {name: next(p for p in ps if p.key == "timing").body
              for name, ps in (("sole", sole), ("grande", grande))}
    assert "leaves the game" in timing["grande"] and "under" in timing["sole"]
    # Doubles only where the edition has them.
    fill = {name: next(p for p in ps if p.key == "fill").body
            for name, ps in (("sole", sole), ("mamma", mamma))}
    assert "Doubles" in fill["sole"] and "Doubles" not in fill["mamma"]
    # Rounds: two in Sole Mio!, three in Mamma Mia!.
    assert "2 rounds" in sole[0].body and "3 rounds" in mamma[0].body
    # The special orders page shows that edition's specials.
    specials = {name: {f[1] for f in howto.order_faces(next(p for p in ps if p.key == "orders"))}
                for name, ps in (("sole", sole), ("mamma", mamma))}
    assert "block" in specials["sole"] and "bombastica" not in specials["sole"]
    assert {"bombastica", "minimale", "monotoni"} == specials["mamma"]


def test_the_pages_are_translated():
    from solemio import i18n

    cs = load_cardset("sole-mio")
    english = [(p.title, p.body) for p in howto.pages(cs)]
    try:
        for lang in ("it", "nl", "fr"):
            i18n.set_language(lang)
            other = [(p.title, p.body) for p in howto.pages(cs)]
            same = [e for e, o in zip(english, other, strict=True) if e == o]
            assert not same, (lang, same)
    finally:
        i18n.set_language("en")
