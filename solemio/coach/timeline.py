"""A finished game told as a timeline: turns, what lay in each oven, how each order went.

The coach works on a game's *source* (how to rebuild its starting position, and
its choices).  :func:`build_timeline` replays the choices once, with events,
and follows the full event log (every seat's private part included: the coach
speaks after the game, when every hand may be shown) into plain facts:

* every turn (its number over the game, the round, the seat, what was played,
  which orders the seat held when it could have played one);
* every round's oven, card by card, as it was revealed (who put each card in,
  at which turn), the hands when the round ended and who scored;
* every order resolved in a reveal (the columns when it came up, what it took
  from them, the help asked and given, whether it was filled or why not);
* every decision with its choice, so a reveal can be replayed with the same
  answers where they still apply (:mod:`solemio.coach.whatif`).

Nothing here imports pygame, and nothing writes to a game: a game is only
rebuilt and asked through the engine's public API.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solemio.engine import events as E
from solemio.engine.cardset import CardSet
from solemio.engine.game import Game

Face = tuple


@dataclass(frozen=True)
class Source:
    """How to rebuild a game: its starting position and the choices made from it."""

    cs: CardSet
    colours: tuple[str, ...]
    start: Callable[[], Game]  # a fresh game at its starting position, recording events
    choices: tuple

    @classmethod
    def of_game(cls, game: Game) -> Source:
        """The source of a game: dealt again from its seed, or arranged again from its
        position (a designed deal); then its choices."""
        return cls(game.cs, tuple(game.colours), game.restart, tuple(game.choices_log))

    @classmethod
    def of_scenario(cls, path: Any) -> Source:
        """A scenario file's position and its script's choices (the coach's scripted tests)."""
        from solemio.engine.choices import from_json
        from solemio.engine.scenario import build_position
        from solemio.engine.yamlsource import load_file

        doc = load_file(path)
        game, data = build_position(doc)
        choices = tuple(from_json(step["choose"]) for step in data.get("script") or ()
                        if isinstance(step, dict) and "choose" in step and not step.get("illegal"))
        return cls(game.cs, tuple(game.colours), lambda: build_position(doc)[0], choices)

    def final(self) -> Game:
        """The game after all its choices (with events)."""
        g = self.start()
        for ch in self.choices:
            g.apply(ch)
        return g


@dataclass
class Turn:
    number: int  # 1-based over the whole game
    round: int
    seat: int
    event: int  # index of its "turn" event in the game's events
    play: tuple | None = None  # (kind, singles, doubles); None: passed (or not yet played)
    order: Face | None = None  # the order it played
    oven_at: int = -1  # oven cards before this turn's order slot (after its ingredients)
    hand_orders: tuple[Face, ...] = ()  # orders in hand when it could play one


@dataclass(frozen=True)
class OvenCard:
    face: Face
    seat: int  # who put it in; -1: carried over from the last round
    turn: int  # the turn number; 0: carried over


@dataclass
class Resolution:
    """One order resolved in a reveal, as it happened."""

    face: Face
    owner: int
    round: int
    oven_index: int  # its place in the oven; -1: it joined a series from the hand
    turn: int  # the turn it was played (0: a series member from the hand)
    event: int  # the event where its resolution began (its reveal, or the series)
    columns: tuple[tuple[Face, ...], ...]  # the columns then, per kind
    series_of: Face | None = None  # the revealed order whose series it joined
    units: int = 0  # a series member's requirement
    outcome: str = ""  # "filled" or "failed"
    reason: str = ""  # the engine's reason for a failure
    took: tuple[Face, ...] = ()  # ingredients it took from the columns
    offered: tuple[Face, ...] = ()  # from its owner's hand
    given: tuple[Face, ...] = ()  # from the helper
    helper: int = -1
    asked: tuple | None = None  # the help request, if one was made
    declined: tuple[int, ...] = ()  # opponents who declined
    missing: tuple = ()  # what the columns lacked (the fill decision's context), if asked
    kinds: tuple[str, ...] = ()  # the kinds chosen for a choice order
    end_event: int = -1


@dataclass(frozen=True)
class Decision:
    """One decision of the game and the choice made (with where it was in the events)."""

    index: int  # position in the choice log
    event: int  # events recorded before it was made
    round: int
    turn: int  # the turn number during which it came (the round's last turn in a reveal)
    seat: int
    kind: str
    context: dict
    choice: tuple
    n_choices: int


@dataclass
class Round:
    number: int
    oven: list[OvenCard] = field(default_factory=list)
    scorer: int = -1
    end_event: int = -1  # its "round-end" event; -1: the game ended before
    hands_at_end: tuple[tuple[Face, ...], ...] = ()
    resolutions: list[Resolution] = field(default_factory=list)
    first_turn: int = 0


@dataclass
class Timeline:
    source: Source
    game: Game  # the final position, with events
    turns: list[Turn]
    rounds: dict[int, Round]
    decisions: list[Decision]
    final_hands: tuple[tuple[Face, ...], ...]

    def turns_of(self, seat: int, round_no: int | None = None) -> list[Turn]:
        return [t for t in self.turns if t.seat == seat and (round_no is None or t.round == round_no)]

    def turn(self, number: int) -> Turn | None:
        return self.turns[number - 1] if 1 <= number <= len(self.turns) else None


def _faces(items: Any) -> list[Face]:
    return [tuple(f) for f in items]


def _take(multiset: list, faces: list[Face]) -> None:
    for f in faces:
        if f in multiset:
            multiset.remove(f)


class _Walker:
    """Follows the full event log into a timeline's facts (see the module's docstring)."""

    def __init__(self, start: Game) -> None:
        self.n = start.n
        self.colours = list(start.colours)
        self.cs = start.cs
        view = start.view(None)
        self.hands: list[list[Face]] = [list(start.hand_faces(s)) for s in range(self.n)]
        self.round = view.round
        self.turns: list[Turn] = []
        self.rounds: dict[int, Round] = {self.round: Round(self.round)}
        for h in view.history:  # an arranged position's carried-over oven
            if h[0] == "carried":
                self.rounds[self.round].oven.append(OvenCard((h[1], h[2]), -1, 0))
        self.cols: list[list[Face]] = [[] for _ in range(5)]
        self.revealing = False
        self.current: list[Resolution] = []  # resolutions begun and not finished (a series)

    # -- helpers
    def _cols(self) -> tuple[tuple[Face, ...], ...]:
        return tuple(tuple(sorted(c)) for c in self.cols)

    def _kind_index(self, kind: str) -> int:
        from solemio.engine.kinds import KIND_INDEX

        return KIND_INDEX[kind]

    def _resolving(self, owner: int | None = None) -> Resolution | None:
        """The resolution in progress: of a series, the member with the largest requirement."""
        live = [r for r in self.current if not r.outcome and (owner is None or r.owner == owner)]
        if not live:
            return None
        return max(live, key=lambda r: r.units) if len(live) > 1 else live[0]

    def _by_face(self, face: Face) -> Resolution | None:
        for r in self.current:
            if r.face == face and not r.outcome:
                return r
        return None

    # -- the walk
    def take(self, i: int, ev: dict) -> None:
        t = ev["type"]
        seat = ev.get("seat")
        rnd = self.rounds[self.round]
        if t == E.DEAL and "cards" in ev:
            self.hands[seat] = _faces(ev["cards"])
        elif t == E.TURN:
            self.round = ev["round"]
            rnd = self.rounds.setdefault(self.round, Round(self.round))
            turn = Turn(len(self.turns) + 1, self.round, seat, i)
            if not rnd.first_turn:
                rnd.first_turn = turn.number
            self.turns.append(turn)
        elif t in (E.PLAY, E.PASS):
            turn = self.turns[-1]
            if t == E.PLAY:
                kind, s, d = ev["kind"], ev["singles"], ev["doubles"]
                cards = [(kind, 1)] * s + [(kind, 2)] * d
                _take(self.hands[seat], cards)
                rnd.oven.extend(OvenCard(f, seat, turn.number) for f in cards)
                turn.play = (kind, s, d)
                turn.hand_orders = tuple(sorted(f for f in self.hands[seat] if f[0] in self.colours))
            turn.oven_at = len(rnd.oven)
        elif t == E.ORDER:
            face = tuple(ev["order"])
            _take(self.hands[seat], [face])
            turn = self.turns[-1]
            rnd.oven.append(OvenCard(face, seat, turn.number))
            turn.order = face
        elif t == E.DRAW and ev.get("cards"):
            self.hands[seat].extend(_faces(ev["cards"]))
        elif t == E.ROUND_END:
            rnd.scorer = ev["scorer"]
            rnd.end_event = i
            rnd.hands_at_end = tuple(tuple(sorted(h)) for h in self.hands)
            self.revealing = True
            self.cols = [[] for _ in range(5)]
        elif t == E.REVEAL:
            face = tuple(ev["card"])
            if face[0] in self.colours:
                index = ev["index"]
                card = rnd.oven[index] if index < len(rnd.oven) else OvenCard(face, ev["owner"], 0)
                res = Resolution(face, ev["owner"], self.round, index, card.turn, i, self._cols())
                self.current = [res]
                rnd.resolutions.append(res)
            else:
                self.cols[self._kind_index(face[0])].append(face)
        elif t == E.SERIES:
            head = self._resolving(seat)
            if head is not None:
                colour = self.colours[seat]
                for oid, units in ev["orders"]:
                    face = (colour, oid)
                    if face == head.face:
                        head.units = units
                        continue
                    _take(self.hands[seat], [face])
                    res = Resolution(face, seat, self.round, -1, 0, i, self._cols(),
                                     series_of=head.face, units=units)
                    self.current.append(res)
                    rnd.resolutions.append(res)
        elif t == E.VARIANT:
            res = self._resolving(seat)
            if res is not None:
                res.kinds = tuple(ev["kinds"])
        elif t == E.HELP_ASKED:
            res = self._resolving(seat)
            if res is not None:
                res.asked = tuple(tuple(x) for x in ev["request"])
        elif t == E.HELP_DECLINED:
            res = self._resolving(seat)
            if res is not None:
                res.declined = res.declined + (ev["helper"],)
        elif t == E.HELP_GIVEN:
            _take(self.hands[ev["helper"]], _faces(ev["cards"]))
            res = self._resolving(seat)
            if res is not None:
                res.helper = ev["helper"]
        elif t == E.BLOCK:
            kind, a, b = ev["added"]
            cards = [(kind, 1)] * a + [(kind, 2)] * b
            _take(self.hands[seat], cards)
            self.cols[self._kind_index(kind)].extend(cards)
        elif t in (E.FILLED, E.FAILED):
            face = tuple(ev["order"])
            res = self._by_face(face)
            if t == E.FILLED:
                used = Counter(_faces(ev["used"]))
                offered = _faces(ev.get("offered", []))
                given = _faces(ev.get("given", []))
                _take(self.hands[seat], offered)
                took = used - Counter(offered) - Counter(given)
                took_list = sorted(took.elements())
                for f in took_list:
                    col = self.cols[self._kind_index(f[0])]
                    if f in col:
                        col.remove(f)
                if res is not None:
                    res.took, res.offered, res.given = tuple(took_list), tuple(offered), tuple(given)
            if res is not None:
                res.outcome = t
                res.reason = ev.get("reason", "") if t == E.FAILED else ""
                res.end_event = i
        elif t == E.NEW_ROUND:
            self.revealing = False
            self.current = []
            self.round = ev["round"]
            self.cols = [[] for _ in range(5)]
            nxt = self.rounds.setdefault(self.round, Round(self.round))
            nxt.oven = [OvenCard(tuple(f), -1, 0) for f in ev["oven"]]
        elif t == E.GAME_OVER:
            self.revealing = False


def build_timeline(source: Source) -> Timeline:
    """Replay ``source`` once and follow its events into a timeline."""
    g = source.start()
    if g.events is None:
        raise ValueError("the coach needs a game that records its events")
    walker = _Walker(g)
    if any(ev["type"] not in (E.SETUP, E.DEAL, E.TURN) for ev, _o, _p in g.events) and not any(
            ev["type"] == E.DEAL for ev, _o, _p in g.events):
        raise ValueError("the coach reads games that begin at a decision")
    seen = 0
    decisions: list[Decision] = []

    def walk() -> None:
        nonlocal seen
        events = g.events
        while seen < len(events):
            ev, owner, private = events[seen]
            if owner >= 0 and private:
                ev = {**ev, **private}
            walker.take(seen, ev)
            seen += 1

    walk()
    for index, choice in enumerate(source.choices):
        d = g.decision()
        if d is None:
            raise ValueError(f"choice {index + 1} comes after the end of the game")
        turn = walker.turns[-1].number if walker.turns else 0
        decisions.append(Decision(index, seen, walker.round, turn, d.seat, str(d.kind),
                                  dict(d.context), choice, len(d.choices)))
        if d.kind == "fill":
            res = walker._resolving(d.seat)
            if res is not None:
                res.missing = tuple(d.context.get("missing", ()))
        g.apply(choice)
        walk()
    final = tuple(tuple(sorted(h)) for h in walker.hands)
    return Timeline(source, g, walker.turns, walker.rounds, decisions, final)


def from_record(game: Game) -> Timeline:
    """The timeline of a record's game (dealt from its seed)."""
    return build_timeline(Source.of_game(game))


__all__ = ["Decision", "OvenCard", "Resolution", "Round", "Source", "Timeline", "Turn",
           "build_timeline", "from_record"]
