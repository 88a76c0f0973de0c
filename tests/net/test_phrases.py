"""The set phrases: ids on the wire, words in each window's own language."""

from __future__ import annotations

from solemio import i18n
from solemio.net import protocol as P
from solemio.net.phrases import phrase_text, phrases


def test_every_phrase_has_its_words_in_every_language():
    seen = {}
    try:
        for lang in ("en", "it", "nl", "fr"):
            i18n.set_language(lang)
            words = dict(phrases())
            assert list(words) == list(P.PHRASES)
            assert all(words.values()), lang
            seen[lang] = words
    finally:
        i18n.set_language("en")
    assert seen["en"]["good-luck"] == "Good luck!"
    for lang in ("it", "nl", "fr"):
        assert seen[lang]["good-luck"] != seen["en"]["good-luck"]
        assert len(set(seen[lang].values())) == len(P.PHRASES)
    assert phrase_text("free text") == ""
