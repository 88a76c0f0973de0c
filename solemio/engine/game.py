"""One game: its position (the state), its set-up, and applying choices to it.

A ``Game`` is one position.  ``decision()`` says who must decide now and what
the legal choices are (derived from the position by ``decide.py``);
``apply(choice)`` checks the choice, applies it (the rules: ``turn.py`` for a
turn, ``reveal.py`` for scoring the oven) and advances to the next real
decision, applying by itself those with one choice that everybody can see is
forced.  All randomness comes from the game's own seeded generator
(``rng.py``), so a game is rebuilt exactly from card set, seats, seed and its
choice log.  Cards are ints inside the engine and *faces* outside it.

Where to read the rules: ``state.py`` (the words), ``turn.py``, ``reveal.py``,
``decide.py``, then ``enumerate.py`` (the choices, with slow twins).  The speed
tricks are in ``memo.py`` only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from solemio.engine import events as E
from solemio.engine import memo, reveal, turn
from solemio.engine.cardset import CardSet, in_play
from solemio.engine.decide import BY_PHASE, PLAYOUT_BY_PHASE
from solemio.engine.kinds import COLOUR_KIND, COLOURS, KIND_INDEX
from solemio.engine.rng import GameRandom
from solemio.engine.state import (
    OVER,
    PLAY,
    PUBLICLY_FORCED,
    REVEAL_PHASES,
    Cards,
    Choice,
    Decision,
    Face,
    IllegalChoice,
    Phase,
    Resolving,
    Step,
)
from solemio.engine.views import SeatView, build_view, redeal

__all__ = [
    "Choice", "Decision", "Face", "Game", "IllegalChoice", "Phase", "Position",
    "PUBLICLY_FORCED", "REVEAL_PHASES", "new_game", "replay",
]

_CARDS: dict[tuple[int, tuple[str, ...]], Cards] = {}

# Every choice's first word and the rule that applies it.
HANDLERS: dict[str, Callable[[Game, Choice], None]] = {**turn.HANDLERS, **reveal.HANDLERS}


@dataclass
class Position:
    """A position to start a game from, card ids by zone: the public set-up hook.

    Scenarios and tests describe positions this way (``Game.arrange``) instead of
    writing a game's fields.  Every card of the game must lie in exactly one zone
    (the scorer card in ``supply`` unless ``scorer_holder`` holds it).
    """

    hands: list[list[int]]
    stacks: list[list[int]]  # per seat, bottom first
    filled: list[list[int]]
    columns: list[int]  # revealed ingredients (start "reveal")
    oven: list[int]  # bottom (oldest) first
    supply: list[int]  # bottom first: the last card is drawn first
    box: list[int]  # out of the game
    start: str = "turn"  # "turn": seat ``turn`` is about to play; "reveal": the oven is scored
    round: int = 1
    turn: int = 0
    round_starter: int = 0
    scorer_holder: int = -1  # who holds the scorer card (-1: in the supply); scores at "reveal"
    history: list[tuple] = field(default_factory=list)


class Game:
    """One position of one game.  See docs/engine-api.md."""

    # ------------------------------------------------------------------ set-up

    def __init__(
        self,
        cs: CardSet,
        seats: list[str],
        seed: int,
        first: int | None = None,
        record_events: bool = True,
        deal: bool = True,
    ) -> None:
        """A new game, dealt from ``seed``; ``deal=False`` leaves it blank for ``arrange``."""
        if not 2 <= len(seats) <= 5:
            raise ValueError("a game has 2 to 5 seats")
        for c in seats:
            if c not in COLOURS:
                raise ValueError(f"unknown colour {c!r}; use one of {', '.join(COLOURS)}")
        if len(set(seats)) != len(seats):
            raise ValueError("each seat needs its own colour")
        in_play(cs)  # a computer player, given the id only, plays by these very rules
        if first is not None and not 0 <= first < len(seats):
            raise ValueError(f"the starting seat must be between 0 and {len(seats) - 1}")
        self.cs = cs
        self.colours = list(seats)
        self.n = n = len(seats)
        self.own = [KIND_INDEX[COLOUR_KIND[c]] for c in seats]  # each seat's personal kind
        self.seed = seed
        self.first_arg = first
        self.arranged: Position | None = None  # the position it was arranged from, if any
        key = (id(cs), tuple(self.colours))
        cards = _CARDS.get(key)
        if cards is None or cards.cs is not cs:
            cards = _CARDS[key] = Cards(cs, self.colours)
            memo.card_memo(cards)
        self.cards = cards
        self.rng = GameRandom(seed)
        self.events: list[tuple[dict, int, dict]] | None = [] if record_events else None
        self.choices_log: list[Choice] = []
        self.help_allowed = cs.help
        # the position: where every card lies
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # per seat, its hand's keys (memo.py): the ingredients, the orders; kept in step
        self.hand_keys = [0] * n
        self.order_keys = [0] * n
        self.stacks: list[list[int]] = [[] for _ in range(n)]  # bottom first
        self.supply: list[int] = []  # bottom first
        self.oven: list[int] = []  # bottom (oldest) first
        self.cols: list[list[int]] = [[] for _ in range(5)]  # the reveal's columns
        self.cu = [0, 0, 0, 0, 0]  # units per column, kept in step with cols
        self.used: list[int] = []
        self.filled: list[list[int]] = [[] for _ in range(n)]
        self.box: list[int] = list(cards.removed)  # out of the game
        self.scorer_holder = -1  # -1: the scorer card is in the supply
        # what everybody knows
        self.stack_known = [0] * n  # per seat: its stack's bottom cards put there face up
        self.known: list[list[Face]] = [[] for _ in range(n)]  # hand cards seen by all
        # per seat, a bit per kind: everyone knows the seat holds no card of that kind
        # beyond its known ones (a block made it reveal them all), until it draws again
        self.exhausted = [0] * n
        self.history: list[tuple] = []  # this round's public plays, carried-over oven first
        # whose turn, which round
        self.round = 1
        self.turns = 0
        self.round_starter = 0
        self.turn = 0
        self.idle = 0  # turns in a row with nothing played or drawn (a full circle: a stall)
        self.played_this_turn = False
        self.phase = PLAY
        # the scoring
        self.scorer_seat = -1
        self.reveal_queue: list[int] = []  # the oven being revealed
        self.ri = 0  # how many of its cards are revealed
        self.resolving: Resolving | None = None  # the order being resolved
        self.step: Step | None = None  # what its pending decision is about
        self.winners: list[int] = []
        self.tie_break: str | None = None
        self._decision: Decision | None = None
        # the round whose single choices ``apply_playout`` is applying (-1: none), read by
        # ``decide.PLAYOUT_BY_PHASE``: set for the length of that call only
        self.auto_round = -1
        if deal:
            self._deal(first)

    def _deal(self, first: int | None) -> None:
        """RULES.md, "Set-up": ingredients dealt, the scorer card shuffled into the rest,
        each seat's orders shuffled into its stack and the starting orders drawn."""
        cards = self.cards
        rng = self.rng
        removed = set(cards.removed)
        deck = [c for c in range(cards.n_ingredients) if c not in removed]
        rng.shuffle(deck)
        for seat in range(self.n):
            self.hands[seat] = [deck.pop() for _ in range(self.cs.hand_ingredients)]
        deck.append(cards.scorer)
        rng.shuffle(deck)
        self.supply = deck
        for seat in range(self.n):
            stack = list(cards.seat_orders[seat])
            rng.shuffle(stack)
            for _ in range(min(self.cs.hand_orders, len(stack))):
                self.hands[seat].append(stack.pop())
            self.stacks[seat] = stack
        memo.rekey(self)
        if first is None:
            first = rng.below(self.n)
        self.round_starter = first
        self.turn = first
        if self.events is not None:
            self.emit({"type": E.SETUP, "round": 1, "first": first, "seats": list(self.colours)})
            for seat in range(self.n):
                self.emit_private(
                    {"type": E.DEAL, "seat": seat, "count": len(self.hands[seat])},
                    seat,
                    {"cards": [cards.face[c] for c in self.hands[seat]]},
                )
        turn.begin_turn(self)
        self._advance()

    def arrange(self, pos: Position) -> None:
        """Start this blank game (``deal=False``) from ``pos``: the public set-up hook.

        Raises ValueError if a card is missing, placed twice, or in a wrong zone."""
        if self.choices_log or self.turns:
            raise ValueError("only a blank game (deal=False) can be arranged")
        cards = self.cards
        if not len(pos.hands) == len(pos.stacks) == len(pos.filled) == self.n:
            raise ValueError("a position lists hands, stacks and filled orders for each seat")
        zones = [*pos.hands, *pos.stacks, *pos.filled, pos.columns, pos.oven, pos.supply, pos.box]
        placed = [c for zone in zones for c in zone]
        if pos.scorer_holder >= 0:
            placed.append(cards.scorer)
        if sorted(placed) != list(range(cards.total)):
            raise ValueError("every card must lie in exactly one place")
        for seat, cids in enumerate(pos.hands + pos.stacks):
            if any(cards.owner[c] not in (-1, seat % self.n) for c in cids):
                raise ValueError("a hand or stack holds another colour's order")
        if any(cards.kind[c] < 0 for c in pos.columns):
            raise ValueError("only ingredient cards lie in the columns")
        self.arranged = pos
        self.hands = [list(h) for h in pos.hands]
        memo.rekey(self)
        self.stacks = [list(s) for s in pos.stacks]
        self.filled = [list(f) for f in pos.filled]
        self.oven = list(pos.oven)
        self.supply = list(pos.supply)
        self.box = list(pos.box)
        for cid in pos.columns:
            k = cards.kind[cid]
            self.cols[k].append(cid)
            self.cu[k] += cards.units[cid]
        self.round = pos.round
        self.turn = pos.turn
        self.round_starter = pos.round_starter
        self.scorer_holder = pos.scorer_holder
        self.history = list(pos.history)
        if pos.start == "reveal":
            if pos.scorer_holder < 0:
                raise ValueError("a reveal needs the seat holding the scorer card")
            self.scorer_seat = pos.scorer_holder
            self.reveal_queue = self.oven
            self.oven = []
            reveal.next_reveal(self)
        elif pos.start == "turn":
            turn.begin_turn(self)
        else:
            raise ValueError("start must be 'turn' or 'reveal'")
        self._advance()

    # ------------------------------------------------------------------ events

    def emit(self, ev: dict) -> None:
        """Record a public event (the rules call this only when events are recorded)."""
        self.events.append((ev, -1, {}))

    def emit_private(self, ev: dict, seat: int, private: dict) -> None:
        """Record an event whose ``private`` part only ``seat`` sees (its own cards)."""
        self.events.append((ev, seat, private))

    def events_for(self, seat: int | None, since: int = 0) -> list[dict]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        if self.events is None:
            return []
        out = []
        for ev, owner, private in self.events[since:]:
            if owner == seat and private:
                merged = dict(ev)
                merged.update(private)
                out.append(merged)
            else:
                out.append(dict(ev))
        return out

    def event_count(self) -> int:
        return len(self.events) if self.events is not None else 0

    # ------------------------------------------------------------------ queries

    def is_over(self) -> bool:
        return self.phase == OVER

    def decision(self) -> Decision | None:
        return self._decision

    def current_seat(self) -> int:
        return self._decision.seat if self._decision else -1

    def face(self, cid: int) -> Face:
        return self.cards.face[cid]

    def hand_faces(self, seat: int) -> list[Face]:
        return sorted(self.cards.face[c] for c in self.hands[seat])

    def scores(self) -> list[int]:
        return [len(f) for f in self.filled]

    def hand_units(self, seat: int) -> int:
        return sum(self.cards.units[c] for c in self.hands[seat])

    # ------------------------------------------------------------------ hands (for the rules)

    def take_face(self, seat: int, face: Face) -> int:
        """Take one card of the ingredient ``face`` out of ``seat``'s hand (``_take_slot``)."""
        kind, units = face
        k = KIND_INDEX[kind]
        return self._take_slot(seat, k if units == 1 else k + 5, face)

    def take_order(self, seat: int, oid: str) -> int:
        """Take ``seat``'s order ``oid`` out of its hand, as ``take_face`` takes its face (the
        hand's last card put in its place), found by its card id (a seat holds one card of
        each of its orders) instead of comparing faces."""
        cid = self.cards.order_cid[seat][oid]
        hand = self.hands[seat]
        i = hand.index(cid)
        hand[i] = hand[-1]
        hand.pop()
        self.order_keys[seat] -= self.cards.memo.order_bit[cid]
        if self.known[seat]:
            self.forget_known(seat, self.cards.face[cid])
        return cid

    def take_cards(self, seat: int, spec: tuple) -> list[int]:
        """Take ``((kind, singles, doubles), ...)`` out of ``seat``'s hand (``_take_slot``)."""
        out = []
        for kind, s, d in spec:
            k = KIND_INDEX[kind]
            for _ in range(s):
                out.append(self._take_slot(seat, k, (kind, 1)))
            for _ in range(d):
                out.append(self._take_slot(seat, k + 5, (kind, 2)))
        return out

    def _take_slot(self, seat: int, t: int, face: Face) -> int:
        """Take the hand's first card of the ingredient ``face``, whose slot (``Cards.slot``) is
        ``t``, putting the hand's last card in its place: an int compared a card, not a face
        (the fills and helps of a Sole Mio! play-out take a few dozen cards)."""
        hand = self.hands[seat]
        slot = self.cards.slot
        i = 0
        for cid in hand:
            if slot[cid] == t:
                hand[i] = hand[-1]
                hand.pop()
                self.hand_keys[seat] -= memo.SLOT_WEIGHT[t]
                if self.known[seat]:
                    self.forget_known(seat, face)
                return cid
            i += 1
        raise AssertionError(f"{face} not in hand of seat {seat}")

    def forget_known(self, seat: int, face: Face) -> None:
        known = self.known[seat]
        if known and face in known:
            known.remove(face)

    # ------------------------------------------------------------------ applying

    def apply(self, choice: Choice, seat: int | None = None) -> None:
        """Apply one legal choice of the deciding seat; refuse anything else unchanged."""
        d = self._decision
        if d is None:
            raise IllegalChoice("the game is over; nobody decides now")
        if seat is not None and seat != d.seat:
            raise IllegalChoice(
                f"it is not seat {seat}'s decision; seat {d.seat} decides ({d.kind})"
            )
        if choice not in d.choices:
            if not isinstance(choice, tuple):
                raise IllegalChoice(f"a choice is a tuple, not {type(choice).__name__}")
            raise IllegalChoice(_why_illegal(d, choice))
        self.choices_log.append(choice)
        HANDLERS[choice[0]](self, choice)
        self._advance()

    def apply_unchecked(self, choice: Choice) -> None:
        """``apply`` for a caller that took ``choice`` from ``decision().choices`` itself.

        The play-outs of the hard seat's search (``solemio.ai.playout``) apply a
        hundred choices a play-out, each picked from the pending decision's own
        choices: checking it again and logging it (nobody replays a play-out)
        only costs time.  The position that follows is the one ``apply`` gives
        (``tests/test_fast_playout.py`` compares whole games); only
        ``choices_log`` does not grow.  Anything else is undefined: use ``apply``.
        """
        HANDLERS[choice[0]](self, choice)
        self._advance()

    def apply_playout(self, choice: Choice | None, round_no: int) -> None:
        """``apply_unchecked``, then every single-choice decision of round ``round_no`` applied too.

        A play-out (``solemio.ai.playout.playout``) answers a decision with one
        choice by that choice without asking anyone (a helper who can only
        decline, an owner who can only give up: a tenth to a third of its
        decisions), and stops at the round's end; here the engine applies them
        as it derives them, as it applies the publicly forced ones, so the
        play-out's loop never sees them.  ``round_no`` -1: only what ``_advance``
        applies (a seat whose policy throws dice even for a single choice).  The
        position that follows is the one ``apply_unchecked`` and the play-out's
        loop give (``tests/test_fast_playout.py``).  ``choice`` None: the caller applied
        the choices itself (``solemio.ai.playout.light_turn``, an opponent's whole turn
        through the rules' own handlers), only the next decision is derived.
        """
        if choice is not None:
            HANDLERS[choice[0]](self, choice)
        # ``_advance``'s loop, written out again on purpose: calling it with the round
        # (one function, one more frame a choice) costs a play-out 1.4 % more instructions
        # (callgrind, Mamma Mia!, session 14); keep the two loops alike
        # while the round runs, the reveal's commonest single choices (a helper who can
        # only decline, an owner who can only give up or lead a series alone) are applied
        # before any decision is built for them: ``decide.PLAYOUT_BY_PHASE``'s functions
        # for those phases, which read the round from ``auto_round`` (set for this call
        # only: the loop itself pays nothing for them)
        self.auto_round = round_no
        by_phase = PLAYOUT_BY_PHASE
        while True:
            d = by_phase[self.phase](self)
            if d is None:
                self._decision = None
                self.auto_round = -1
                return
            choices = d.choices
            if len(choices) == 1 and (self.round == round_no or d.kind in PUBLICLY_FORCED):
                HANDLERS[choices[0][0]](self, choices[0])
                continue
            if not choices:  # only after a re-deal: the owner no longer holds the shown kind
                reveal.show_nothing_to_play(self)
                continue
            self._decision = d
            self.auto_round = -1
            return

    def _advance(self) -> None:
        """Derive the next decision; apply it at once while it is publicly forced (its
        play-out twin: ``apply_playout``)."""
        by_phase = BY_PHASE
        while True:
            d = by_phase[self.phase](self)  # decide.decision(self)
            if d is None:
                self._decision = None
                return
            choices = d.choices
            if len(choices) == 1 and d.kind in PUBLICLY_FORCED:
                HANDLERS[choices[0][0]](self, choices[0])
                continue
            if not choices:  # only after a re-deal: the owner no longer holds the shown kind
                reveal.show_nothing_to_play(self)
                continue
            self._decision = d
            return

    def check_play(self, faces: list[Face]) -> tuple[Choice | None, str | None]:
        """Turn selected ingredient faces into a play choice, or say why not."""
        return play_choice(self._decision, faces)

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know (None: a spectator)."""
        return build_view(self, seat)

    def redeal(self, seat: int, rng: random.Random) -> Game:
        """A copy with everything ``seat`` cannot see dealt again, consistent with its view.
        Its decision is derived anew (another seat's choices depend on its new hand)."""
        h = redeal(self, seat, rng)
        if h._decision is not None and h._decision.seat != seat:
            h._advance()
        return h

    def locations(self) -> dict[str, list[int]]:
        """Every zone and its cards, for the conservation checks of the tests."""
        zones: dict[str, list[int]] = {
            "supply": self.supply, "oven": self.oven, "used": self.used, "box": self.box,
            "revealing": self.reveal_queue[self.ri:],
        }
        for s in range(self.n):
            zones[f"hand{s}"] = self.hands[s]
            zones[f"stack{s}"] = self.stacks[s]
            zones[f"filled{s}"] = self.filled[s]
        for k in range(5):
            zones[f"col{k}"] = self.cols[k]
        if self.scorer_holder >= 0:
            zones["scorer"] = [self.cards.scorer]
        if self.phase in REVEAL_PHASES:
            r = self.resolving
            zones["resolving"] = [r.card] + [c for c, _ in r.members]
        return zones

    # ------------------------------------------------------------------ copies

    def restart(self, record_events: bool = True) -> Game:
        """The same game at its start: dealt again from its seed, or arranged again from
        the position it was arranged from (a designed deal, a scenario)."""
        g = Game(self.cs, self.colours, self.seed, self.first_arg, record_events,
                 deal=self.arranged is None)
        if self.arranged is not None:
            g.arrange(self.arranged)
        return g

    def clone(self, record_events: bool = False, log: bool = True) -> Game:
        """An independent copy; events are not copied unless asked for, nor the choice
        log with ``log=False`` (a play-out's copy: it starts empty)."""
        return self._copy(record_events, log, self.rng.copy())

    def _copy(self, record_events: bool, log: bool, rng: GameRandom | None) -> Game:
        """``clone`` with the copy's generator given (``redeal`` gives it its own)."""
        g = Game.__new__(Game)
        d = g.__dict__
        d.update(self.__dict__)
        d["rng"] = rng
        d["hands"] = [h[:] for h in self.hands]
        d["hand_keys"] = self.hand_keys[:]
        d["order_keys"] = self.order_keys[:]
        d["stacks"] = [s[:] for s in self.stacks]
        d["stack_known"] = self.stack_known[:]
        d["supply"] = self.supply[:]
        d["oven"] = self.oven[:]
        d["cols"] = [c[:] for c in self.cols]
        d["cu"] = self.cu[:]
        d["used"] = self.used[:]
        d["filled"] = [f[:] for f in self.filled]
        d["box"] = self.box[:]
        d["known"] = [k[:] for k in self.known]
        d["exhausted"] = self.exhausted[:]
        d["history"] = self.history[:]
        d["reveal_queue"] = self.reveal_queue[:]
        d["winners"] = self.winners[:]
        r = self.resolving
        if r is not None:  # step records are replaced, never changed: shared
            d["resolving"] = Resolving(r.card, r.owner, r.members[:], r.helper, r.rewarded)
        d["choices_log"] = self.choices_log[:] if log else []
        d["events"] = self.events[:] if record_events and self.events is not None else None
        return g


def play_choice(d: Decision | None, faces: list[Face]) -> tuple[Choice | None, str | None]:
    """The play choice selected ingredient faces make against the pending decision ``d``,
    or why they make none: ``Game.check_play``, and a remote table's, which holds its
    seat's decision but not the game."""
    if not faces:
        return None, "select at least one ingredient card"
    kinds = {f[0] for f in faces}
    if "scorer" in kinds or any(f[0] in COLOURS for f in faces):
        return None, "only ingredient cards are played this way"
    if len(kinds) > 1:
        return None, "all the ingredients you play in one turn must be of one kind"
    kind = faces[0][0]
    choice = ("play", kind, sum(1 for f in faces if f[1] == 1), sum(1 for f in faces if f[1] == 2))
    if d is None or d.kind != PLAY or choice not in d.choices:
        return None, "you do not hold those cards, or it is not your turn to play"
    return choice, None


def _why_illegal(d: Decision, choice: Choice) -> str:
    names = sorted({c[0] for c in d.choices})
    if not choice or choice[0] not in names:
        return f"now seat {d.seat} must decide '{d.kind}'; expected one of: {', '.join(names)}"
    if choice[0] == "play":
        return "you do not hold those ingredient cards, or they are not all of one kind"
    if choice[0] == "order":
        return "you do not hold that order"
    if choice[0] == "draw":
        return "you may not draw from an empty pile while the other has cards"
    if choice[0] == "help":
        return "those cards do not cover the request exactly (no superfluous card) or you lack them"
    if choice[0] == "fill":
        return "that is not a way to fill this order with the cards you hold"
    return f"that {choice[0]} is not one of the legal choices now"


def new_game(
    cs: CardSet, seats: list[str], seed: int, first: int | None = None, record_events: bool = True
) -> Game:
    return Game(cs, seats, seed, first, record_events)


def replay(
    cs: CardSet, seats: list[str], seed: int, choices: list[Choice], first: int | None = None,
    record_events: bool = True, position: Position | None = None,
) -> Game:
    """Rebuild a game from its seed (or the position it was arranged from) and its choice
    log; an illegal entry raises IllegalChoice."""
    g = Game(cs, seats, seed, first, record_events, deal=position is None)
    if position is not None:
        g.arrange(position)
    for i, ch in enumerate(choices):
        try:
            g.apply(ch)
        except IllegalChoice as exc:
            raise IllegalChoice(f"choice {i + 1} ({ch!r}) is not legal: {exc.reason}") from None
    return g

