"""Texts that name a person: the one person at the table is spoken to ("Your turn", "You
draw 2 cards"), never named in the third person with the name "You" ("You's turn", "You
draws"); everybody else is named; an edition's name ending in "!" is never followed by
more punctuation ("Sole Mio!, 27 Nov 2026").

Two views of the same rule:

* over the words every event gets in every place (``announce/per_event``), in games of
  every edition and all four languages, with the person's seat named by a marker that
  must never appear when that seat is spoken to, and must appear where it is named;
* over the catalogue: every English sentence that puts a person's name before a verb in
  the third person ("{name} draws", "{name}'s turn") is either paired with its own
  second-person sentence, which every catalogue translates without a name field, or
  listed as never said of the one person (hot-seat screens, files' errors), with why.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solemio import i18n
from solemio.ai import make_agent
from solemio.announce.per_event import Place, Seating, words
from solemio.engine import load_cardset, new_game
from solemio.engine.cardset import SHIPPED_ORDER
from solemio.engine.kinds import COLOURS

LANGUAGES = ("en", "it", "nl", "fr")
ROOT = Path(__file__).resolve().parent.parent
MARK = "Zorbax"  # the seat spoken to, by a name no message contains
PERSON_FIELDS = ("seat", "helper", "asked", "scorer", "first", "owner")


def _games() -> list[tuple]:
    out = []
    for edition in SHIPPED_ORDER:
        cs = load_cardset(edition)
        for seed in range(3):
            n = 3 + seed % 2
            game = new_game(cs, list(COLOURS[:n]), seed=seed, record_events=True)
            agents = [make_agent("random", seat=i, seed=seed) for i in range(n)]
            while not game.is_over():
                game.apply(agents[game.current_seat()].decide(game))
            out.append((cs, game))
    return out


@pytest.fixture(scope="module")
def games() -> list[tuple]:
    return _games()


def _about(ev: dict, seat: int) -> bool:
    return any(ev.get(k) == seat for k in PERSON_FIELDS) or seat in ev.get("winners", ())


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_person_spoken_to_is_never_named_and_the_others_always_are(games, lang):
    i18n.set_language(lang)
    met: set[tuple[str, str]] = set()
    for cs, game in games:
        names = [MARK] + [f"Seat{i}" for i in range(1, game.n)]
        spoken = Seating(names, cs, list(game.colours), you=lambda s: s == 0)
        named = Seating(names, cs, list(game.colours))
        for viewer in (None, 0):
            for ev in game.events_for(viewer):
                if not _about(ev, 0):
                    continue
                for place in Place:
                    lines = words(ev, spoken, place).lines
                    for line in lines:
                        assert MARK not in line, (lang, place, ev["type"], line)
                    plain = words(ev, named, place).lines
                    if any(MARK in line for line in plain):
                        met.add((ev["type"], place.value))
                        # where a name is said, "you" is said instead: never nothing
                        assert lines, (lang, place, ev["type"])
    # the games met the sentences this is about (a test that met none proves nothing)
    assert {("turn", "replay"), ("draw", "log"), ("draw", "replay"), ("filled", "replay"),
            ("game-over", "replay")} <= met, sorted(met)


# ---------------------------------------------------------------- the catalogue

# Each English sentence with a person's name before a third-person verb, and the
# sentence said instead to the one person at the table.
SPOKEN_TO = {
    "{name}'s turn": "Your turn",
    "{name} has filled no order yet.": "You have filled no order yet.",
    "{name} has filled {n} order: {names}.": "You have filled {n} order: {names}.",
    "{name} draws {n} card from the supply": "You draw {n} card from the supply",
    "{name} draws {n} card from the supply.": "You draw {n} card from the supply.",
    "{name} draws {n} order from their stack": "You draw {n} order from your stack",
    "{name} draws {n} order from their stack.": "You draw {n} order from your stack.",
    "{name} fills {order}": "You fill {order}",
    "{name} does not fill {order}": "You do not fill {order}",
    "{name}'s order is not filled: {order}": "Your order is not filled: {order}",
    "{name} wins!": "You win!",
    "{name} does not help.": "You do not help.",
    "{helper} does not help {name}": "You do not help {name}",
    "{helper} helps {name}": "You help {name}",
    "{name} helps with {cards}.": "You help with {cards}.",
    "{name} asks for help: {req}": "You ask for help: {req}",
    "{name} takes the {card} card": "You take the {card} card",
    "{name} takes the {card} card.": "You take the {card} card.",
    "{name} takes the top order of their stack as a reward":
        "You take the top order of your stack as a reward",
    "{name} takes the top order of their stack as a reward.":
        "You take the top order of your stack as a reward.",
    "{name}'s order stack is empty: no reward.": "Your order stack is empty: no reward.",
    "{name} turns the oven over.": "You turn the oven over.",
    "{name} is deciding…": "You are deciding…",
    "{name} shows {card}.": "You show {card}.",
    "{name} chooses: {kinds}": "You choose: {kinds}",
    "{name} reveals it alone: {list}": "You reveal it alone: {list}",
    "{name}'s estimate": "Your estimate",
}
# Never said of the one person at the table, and why.
PASS_SCREEN = "the hot-seat pass screen: said to the room, before the person takes the screen"
NEVER_SPOKEN_TO = {
    "{name}'s computer player failed ({why}); the normal level moved instead.": "a computer",
    "{name} is thinking": "a computer",
    "{name} is asked for help.": PASS_SCREEN,
    "{name} is asked to show a card.": PASS_SCREEN,
    "{name} is away: the table waits for them to come back.":
        "a networked seat whose window is gone: said only at the other windows",
    "{name}'s seat is waiting for its player to join the table.":
        "a networked seat nobody has joined yet: said only at the other windows",
    "{name}'s Block order came out: the others showed the {kinds} in their hands. Together "
    "they held at least the {n} units in its column, so it is blocked and fails.":
        "the guide: an opponent's order",
    "{name}'s Block order came out: the others showed the {kinds} in their hands. Together "
    "they held fewer than the {n} units in its column, so it is not blocked.":
        "the guide: an opponent's order",
    "{name}'s order": "the reveal's order panel: the person's own reads 'Your order'",
    "{name} holds the {card} card and starts round {r}.": "the round summary: 'You hold'",
    "{name} has {count} characters; at most {n} fit": "a field's name, not a person",
    "{name} must be a mapping of fields": "a card-set field",
    "{name} must be a non-empty text": "a card-set field",
    "{name} must be a whole number, not {value!r}": "a card-set field",
    "{name} must be at least {low}, not {value}": "a card-set field",
    "{name} must be between {low} and {high}, not {value}": "a card-set field",
    "{name} must be true or false": "a card-set field",
    "{name} asks you for {req} to fill {order}. If you help, you take the top order of your "
    "stack as a reward.": "another seat asks the person",
    "{name} asks you to show one ingredient card from your hand.":
        "another seat asks the person",
    "{helper} helps you": "another seat helps the person",
    "{name} asks for {req}.": "the pass screen names the seat that asks, on a shared screen",
    "{helper} does not help you": "another seat declines the person",
}
THIRD_PERSON = re.compile(r"^\{(name|helper)\}('s | (?!\()\S+s\b)")


def _template() -> list:
    from babel.messages.pofile import read_po

    with open(ROOT / "assets" / "locale" / "solemio.pot", "rb") as f:
        return [m for m in read_po(f) if m.id]


def _msgid(m) -> str:
    return m.id[0] if isinstance(m.id, tuple) else m.id


def test_every_sentence_naming_a_person_in_the_third_person_is_paired_or_explained():
    ids = {_msgid(m) for m in _template()}
    third = {i for i in ids if THIRD_PERSON.match(i)}
    unexplained = third - set(SPOKEN_TO) - set(NEVER_SPOKEN_TO)
    assert not unexplained, ("say it to the one person too (SPOKEN_TO) or say why it "
                             f"never is (NEVER_SPOKEN_TO): {sorted(unexplained)}")
    gone = (set(SPOKEN_TO) | set(NEVER_SPOKEN_TO)) - ids
    assert not gone, sorted(gone)
    missing = {v for v in SPOKEN_TO.values() if v not in ids}
    assert not missing, sorted(missing)


def _translated(msgid: str, plurals: dict[str, str]) -> str:
    """``msgid`` in the current language, unfilled (a plural message: its form for 2)."""
    if msgid in plurals:
        return i18n.ngettext_raw(msgid, plurals[msgid], 2)
    return i18n.gettext_raw(msgid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sentences_with_a_name_and_with_you_in_every_language(lang):
    """Filled with a name, each third-person sentence shows the name; its second-person
    twin takes no name in any language (the name "You" cannot slip into it)."""
    i18n.set_language(lang)
    fields = {"n": 2, "order": "Pizza", "cards": "2 olives", "req": "1 olive", "card": "X",
              "kinds": "olives", "list": "Pizza", "helper": "Anna", "why": "?", "r": 2,
              "count": 3, "low": 1, "high": 2, "value": 5, "names": "Pizza"}
    plurals = {m.id[0]: m.id[1] for m in _template() if isinstance(m.id, tuple)}
    for third, second in SPOKEN_TO.items():
        named = _translated(third, plurals).format(name="Anna", **fields)
        assert "Anna" in named, (lang, third, named)
        t = _translated(second, plurals).format(name=MARK, **{**fields, "helper": "Anna"})
        spoken_to_someone = "{name}" in second  # "You help {name}": the other is named
        assert (MARK in t) == spoken_to_someone, (lang, second, t)


def test_an_edition_name_ending_in_an_exclamation_mark_is_never_followed_by_punctuation():
    """"Sole Mio!, 27 Nov 2026" (a save's default name, the best result in the statistics):
    every sentence with an edition's name, filled with "Sole Mio!" in every language."""
    messages = [m for m in _template() if "{edition}" in _msgid(m)]
    assert len(messages) >= 3
    for lang in LANGUAGES:
        i18n.set_language(lang)
        for m in messages:
            if isinstance(m.id, tuple):
                texts = [i18n.ngettext_raw(m.id[0], m.id[1], n) for n in (1, 2)]
            else:
                texts = [i18n.gettext_raw(m.id)]
            for text in texts:
                filled = text.replace("{edition}", "Sole Mio!")
                assert not re.search(r"!\s?[,.:;]", filled), (lang, m.id, filled)
