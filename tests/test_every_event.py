"""One check that every event type passes, as OpenSpiel's ``hearts_test.cc`` runs the same
checks on every game.

Games are played in every shipped edition and every event they emit is
collected.  The types met must be exactly the engine's list
(``solemio.engine.events.ALL``), so a new event type fails here until it is
named, worded and paced; and each type then passes every check in
:data:`CHECKS`:

* its fields are the ones its ``TypedDict`` lists;
* it has words (``solemio.announce.per_event``) in some place, and they render
  in every language, from messages every catalogue translates;
* it has a hold (``solemio.show.pacing``): an entry of its phase's table,
  zero included, and a finite, non-negative hold for every event met;
* it flies (``solemio.ui.table.flights``): a flight function of its own, or
  ``nothing_flies`` by name, and every event met turns into flights (or none)
  on a screen that has every spot.
"""

from __future__ import annotations

import gettext
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from solemio import i18n
from solemio.ai import make_agent
from solemio.announce.per_event import WORDS, Place, Seating, words
from solemio.engine import events as E
from solemio.engine import load_cardset, new_game
from solemio.engine.cardset import SHIPPED_ORDER
from solemio.engine.kinds import COLOURS
from solemio.show import pacing

GAMES_PER_EDITION = 4  # random players meet every type within four games (seeds 0-3)
SAMPLES_PER_TYPE = 6  # events of one type kept per edition and seat view
LANGUAGES = ("en", "it", "nl", "fr")


@dataclass(frozen=True)
class Sample:
    """One event met in a game, with what wording it needs."""

    edition: str
    cardset: Any
    names: tuple[str, ...]
    colours: tuple[str, ...]
    event: dict
    viewer: int | None  # whose redacted events it came from (None: a spectator's)


def _play(edition: str, seed: int) -> tuple[Any, Any]:
    cs = load_cardset(edition)
    n = 3 + seed % 3
    game = new_game(cs, list(COLOURS[:n]), seed=seed, record_events=True)
    agents = [make_agent("random", seat=i, seed=seed) for i in range(n)]
    while not game.is_over():
        game.apply(agents[game.current_seat()].decide(game))
    return cs, game


@pytest.fixture(scope="module")
def samples() -> dict[str, list[Sample]]:
    out: dict[str, list[Sample]] = {}
    for edition in SHIPPED_ORDER:
        for seed in range(GAMES_PER_EDITION):
            cs, game = _play(edition, seed)
            names = tuple(f"Seat {i}" for i in range(game.n))
            for viewer in (None, 0):
                kept: dict[str, int] = {}
                for ev in game.events_for(viewer):
                    t = ev["type"]
                    if kept.get(t, 0) < SAMPLES_PER_TYPE:
                        kept[t] = kept.get(t, 0) + 1
                        out.setdefault(t, []).append(
                            Sample(edition, cs, names, tuple(game.colours), ev, viewer))
    return out


def test_the_games_meet_every_event_type_of_the_engine_and_no_other(samples):
    assert set(samples) == set(E.ALL)
    assert set(WORDS) == set(E.ALL) == set(E.SHAPES)
    assert len(E.ALL) == len(E.ALL_TYPES)


# ---------------------------------------------------------------- the checks


def check_fields(event_type: str, found: list[Sample]) -> None:
    """Every event carries its TypedDict's required fields and no field it does not list."""
    shape = E.SHAPES[event_type]
    for s in found:
        keys = set(s.event)
        assert shape.__required_keys__ <= keys, (event_type, s.event)
        assert keys <= set(shape.__annotations__), (event_type, keys - set(shape.__annotations__))


class _Recording(gettext.NullTranslations):
    """A language's catalogue that notes every message looked up in it."""

    def __init__(self, real: gettext.NullTranslations) -> None:
        super().__init__()
        self.real = real
        self.looked_up: set[Any] = set()

    def gettext(self, message: str) -> str:
        self.looked_up.add(message)
        return self.real.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.looked_up.add((msgid1, 0))
        return self.real.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        self.looked_up.add(f"{context}\x04{message}")
        return self.real.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.looked_up.add((f"{context}\x04{msgid1}", 0))
        return self.real.npgettext(context, msgid1, msgid2, n)


def _seatings(s: Sample) -> list[Seating]:
    """The sample's table with nobody spoken to, and with each seat it names as "you"."""
    plain = Seating(s.names, s.cardset, s.colours)
    seats = {v for k, v in s.event.items() if k in ("seat", "helper", "asked", "scorer",
                                                      "first", "owner") and isinstance(v, int)}
    return [plain] + [Seating(s.names, s.cardset, s.colours, you=lambda x, me=me: x == me)
                      for me in sorted(seats)]


def check_words(event_type: str, found: list[Sample]) -> None:
    """Words in some place, in every language, from messages every catalogue translates."""
    try:
        for lang in LANGUAGES:
            book = _Recording(i18n._load(lang))
            i18n.install(book, lang)
            said_somewhere = False
            for s in found:
                for at in _seatings(s):
                    for place in Place:
                        w = words(s.event, at, place)
                        assert all(isinstance(x, str) and x.strip() for x in w.lines), \
                            (lang, place, s.event, w)
                        said_somewhere = said_somewhere or bool(w.lines)
            assert said_somewhere, f"{event_type} has no words in {lang}"
            if lang == "en":
                continue
            catalogue = book.real._catalog  # type: ignore[attr-defined]
            untranslated = sorted(str(m) for m in book.looked_up if not catalogue.get(m))
            assert untranslated == [], f"{event_type}: no {lang} for {untranslated}"
    finally:
        i18n.set_language("en")


def check_hold(event_type: str, found: list[Sample]) -> None:
    """A hold in its phase's table (zero is a hold: the screen changes instead), and a finite,
    non-negative one for every event met, at every speed and for people and computers."""
    in_reveal = event_type in E.REVEAL_EVENTS
    table = pacing.REVEAL_HOLDS if in_reveal else pacing.TURN_HOLDS
    assert event_type in table, f"{event_type} has no hold in show/pacing.py"
    for s in found:
        for pace in (pacing.Pace(), pacing.Pace(pace=2.0, reveal_speed=0.5),
                     pacing.Pace(skip=True)):
            for by_person in (False, True):
                h = pacing.hold(s.event, pace, by_person, in_reveal)
                assert math.isfinite(h) and h >= 0, (s.event, pace, h)


def _every_spot() -> Any:
    """A screen with every spot, so each flight function flies all it can."""
    import pygame

    from solemio.ui.table import flights

    def at(seat: int) -> pygame.Rect:
        return pygame.Rect(10 + 100 * seat, 10, 40, 60)

    return flights.Spots(
        played_from=at, oven=pygame.Rect(300, 300, 50, 70), drawn_to=at, drawn_scale=0.5,
        supply=pygame.Rect(400, 300, 50, 70), stack=at, colour=lambda seat: "blue",
        oven_turned=pygame.Rect(300, 400, 50, 70),
        revealed_at=lambda face: pygame.Rect(500, 400, 40, 60), turn_over=True,
        column_slot=lambda k, i: pygame.Rect(600 + 50 * k, 400 + 10 * i, 40, 60),
        columns=(3, 3, 3, 3, 3), order_on_show=pygame.Rect(700, 200, 50, 70),
        owner_panel=at)


def check_flights(event_type: str, found: list[Sample]) -> None:
    """A flight function, or an explicit ``nothing_flies``, and every event met flown."""
    from solemio.ui.anim import Flight
    from solemio.ui.table import flights

    assert event_type in flights.FLIGHTS, \
        f"{event_type} has no flight function (nor nothing_flies) in ui/table/flights.py"
    spots = _every_spot()
    for s in found:
        out = flights.for_event(s.event, spots)
        assert all(isinstance(f, Flight) and f.duration > 0 for f in out), (s.event, out)


# Every event type passes each of these.
CHECKS: list[Callable[[str, list[Sample]], None]] = [check_fields, check_words, check_hold,
                                                      check_flights]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("event_type", E.ALL)
def test_every_event_type_passes_every_check(samples, event_type, check):
    check(event_type, samples[event_type])


def test_the_words_check_fails_on_an_untranslated_message(samples, monkeypatch):
    """The check can fail: words from a message no catalogue holds are caught."""
    from solemio.announce import per_event as words_module

    def unknown(ev: dict, at: Seating, place: Place) -> words_module.Words:
        return words_module.Words((i18n._("A message nobody translated"),))

    monkeypatch.setitem(words_module.WORDS, E.PASS, unknown)
    with pytest.raises(AssertionError, match="A message nobody translated"):
        check_words(E.PASS, samples[E.PASS])


def test_the_hold_check_fails_on_a_type_without_a_hold(samples, monkeypatch):
    monkeypatch.delitem(pacing.TURN_HOLDS, E.PASS)
    with pytest.raises(AssertionError, match="no hold"):
        check_hold(E.PASS, samples[E.PASS])


def test_the_flights_check_fails_on_a_type_without_flights(samples, monkeypatch):
    from solemio.ui.table import flights

    monkeypatch.delitem(flights.FLIGHTS, E.PASS)
    with pytest.raises(AssertionError, match="no flight function"):
        check_flights(E.PASS, samples[E.PASS])
