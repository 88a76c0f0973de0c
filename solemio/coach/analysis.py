"""The coach's facts about one seat: every order that failed, every order never played.

For each failed order of the seat: when it was played, what the columns held
when it came up, which earlier orders (whose, which) took the kinds it needed,
what had been announced into the oven before it, at which other turns of its
owner it would have been filled (the reveal replayed with the order moved:
:mod:`solemio.coach.whatif`), and whether another answer at the reveal (other
kinds, other cards from hand) or asking for help would have saved it.  For
each order still in the hand at the end: at which turns the oven would have
filled it.  Plain data (:meth:`Review.to_json`); the words are in
:mod:`solemio.coach.words`.  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solemio.coach.timeline import Face, Resolution, Timeline, Turn, build_timeline
from solemio.coach.whatif import would_fill
from solemio.engine.kinds import COLOUR_KIND, KIND_INDEX, KINDS


@dataclass(frozen=True)
class Announcement:
    """Ingredients put into the oven at one turn (seat -1, turn 0: carried over)."""

    seat: int
    turn: int
    kind: str
    singles: int
    doubles: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "turn": self.turn, "kind": self.kind,
                "singles": self.singles, "doubles": self.doubles,
                "units": self.singles + 2 * self.doubles}


@dataclass(frozen=True)
class Taken:
    """An earlier order that took, from the columns, kinds the failed order needed."""

    seat: int
    order: Face
    turn: int
    took: tuple[Face, ...]  # only the kinds the failed order needed

    def to_json(self) -> dict:
        return {"seat": self.seat, "order": list(self.order), "turn": self.turn,
                "took": _kind_counts(self.took)}


@dataclass
class FailedOrder:
    order: Face
    round: int
    played_turn: int  # 0: it joined a series from the hand
    series_of: Face | None
    reason: str
    missing: tuple
    columns: tuple[tuple[Face, ...], ...]
    taken_by: list[Taken]
    announced_before: list[Announcement]
    needed_kinds: tuple[str, ...]
    turns_tried: list[int]
    would_fill_at_turns: list[int]
    would_fill_with_help_at_turns: list[int]
    unknown_turns: list[int]
    other_choice_would_fill: bool | None  # the owner's other answers at the reveal
    help_would_fill: bool | None  # an opponent held the cards for a request
    asked: tuple | None
    declined_by: tuple[int, ...]
    event: int  # where its resolution began (the replay jumps there)
    end_event: int

    def to_json(self) -> dict:
        return {
            "order": list(self.order), "round": self.round, "played_turn": self.played_turn,
            "series_of": list(self.series_of) if self.series_of else None,
            "reason": self.reason,
            "missing": [list(x) for x in self.missing],
            "columns_at_reveal": _columns_json(self.columns),
            "taken_by": [t.to_json() for t in self.taken_by],
            "announced_before": [a.to_json() for a in self.announced_before],
            "needed_kinds": list(self.needed_kinds),
            "turns_tried": self.turns_tried,
            "would_fill_at_turns": self.would_fill_at_turns,
            "would_fill_with_help_at_turns": self.would_fill_with_help_at_turns,
            "unknown_turns": self.unknown_turns,
            "other_choice_would_fill": self.other_choice_would_fill,
            "help_would_fill": self.help_would_fill,
            "asked_help": [list(x) for x in self.asked] if self.asked else None,
            "declined_by": list(self.declined_by),
            "event": self.event,
        }


@dataclass
class UnplayedOrder:
    order: Face
    turns_tried: list[int]
    would_fill_at_turns: list[int]
    would_fill_with_help_at_turns: list[int]
    unknown_turns: list[int]

    def to_json(self) -> dict:
        return {"order": list(self.order), "turns_tried": self.turns_tried,
                "would_fill_at_turns": self.would_fill_at_turns,
                "would_fill_with_help_at_turns": self.would_fill_with_help_at_turns,
                "unknown_turns": self.unknown_turns}


@dataclass
class Review:
    seat: int
    colour: str
    timeline: Timeline
    failed: list[FailedOrder]
    unplayed: list[UnplayedOrder]
    mistakes: list[Any] = field(default_factory=list)  # solemio.coach.grading.Mistake
    graded: bool = False

    def to_json(self) -> dict:
        tl = self.timeline
        return {
            "seat": self.seat, "colour": self.colour, "edition": tl.source.cs.id,
            "seats": list(tl.source.colours), "turns": len(tl.turns),
            "failed_orders": [f.to_json() for f in self.failed],
            "unplayed_orders": [u.to_json() for u in self.unplayed],
            "mistakes": [m.to_json() for m in self.mistakes],
            "graded": self.graded,
        }


def _kind_counts(faces: tuple[Face, ...] | list[Face]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for kind, units in faces:
        slot = out.setdefault(kind, {"singles": 0, "doubles": 0})
        slot["singles" if units == 1 else "doubles"] += 1
    return {k: out[k] for k in KINDS if k in out}


def _columns_json(columns: tuple[tuple[Face, ...], ...]) -> dict[str, dict[str, int]]:
    return _kind_counts([f for col in columns for f in col])


def needed_kinds(tl: Timeline, res: Resolution, scorer: int) -> tuple[str, ...]:
    """The kinds an order could have used from the columns (its chosen kinds, if chosen)."""
    if res.kinds:
        return tuple(k for k in KINDS if k in res.kinds or _own_part(tl, res, k))
    spec = tl.source.cs.order(res.face[1])
    own = KIND_INDEX[COLOUR_KIND[res.face[0]]]
    otype = spec.otype
    if otype.special == "block":
        return (KINDS[own],)
    if otype.special == "show":
        return ()
    if otype.takes_all_columns:
        return KINDS
    scorer_kind = KIND_INDEX[COLOUR_KIND[tl.source.colours[scorer]]] if scorer >= 0 else own
    kinds: set[int] = set()
    for v in otype.variants(spec.params, own, [1] * 5):
        units, dbl, _many = otype.need(spec.params, v, own, scorer_kind)
        kinds.update(k for k in range(5) if units[k] or dbl[k])
    return tuple(KINDS[k] for k in sorted(kinds))


def _own_part(tl: Timeline, res: Resolution, kind: str) -> bool:
    """Whether a choice order also asks for its owner's own kind (Monotoni, Minimale)."""
    spec = tl.source.cs.order(res.face[1])
    return kind == COLOUR_KIND[res.face[0]] and bool(spec.params.get("own_units"))


def announced_before(tl: Timeline, round_no: int, index: int) -> list[Announcement]:
    """The ingredients that lay below oven place ``index``, one entry per turn and kind."""
    out: list[Announcement] = []
    for card in tl.rounds[round_no].oven[:max(index, 0)]:
        kind, units = card.face
        if kind not in KINDS:
            continue
        last = out[-1] if out else None
        if last and last.turn == card.turn and last.seat == card.seat and last.kind == kind:
            out[-1] = Announcement(card.seat, card.turn, kind, last.singles + (units == 1),
                                   last.doubles + (units == 2))
        else:
            out.append(Announcement(card.seat, card.turn, kind, int(units == 1), int(units == 2)))
    return out


def candidate_turns(tl: Timeline, seat: int, face: Face, round_no: int,
                    played_turn: int) -> list[Turn]:
    """The seat's turns of the round at which it could have played ``face`` instead: it
    played ingredients and no other order, and held the order (after the turn it was
    actually played, it would still have held it)."""
    out = []
    for t in tl.turns_of(seat, round_no):
        if t.play is None or t.number == played_turn or t.order is not None:
            continue
        if face in t.hand_orders or (played_turn and t.number > played_turn):
            out.append(t)
    return out


def _try_turns(tl: Timeline, seat: int, face: Face, turns: list[Turn], help_ok: bool
               ) -> tuple[list[int], list[int], list[int]]:
    alone, helped, unknown = [], [], []
    for t in turns:
        move = (face, seat, t.oven_at)
        got = would_fill(tl, t.round, face, seat, move)
        if got is None:
            unknown.append(t.number)
        elif got:
            alone.append(t.number)
        elif help_ok:
            with_help = would_fill(tl, t.round, face, seat, move, help_ok=True)
            if with_help:
                helped.append(t.number)
            elif with_help is None:
                unknown.append(t.number)
    return alone, helped, unknown


def _failed_order(tl: Timeline, seat: int, res: Resolution) -> FailedOrder:
    rnd = tl.rounds[res.round]
    head = res.series_of or res.face
    head_res = next((r for r in rnd.resolutions if r.face == head), res)
    needs = needed_kinds(tl, res, rnd.scorer)
    played_at = {r.face: r.turn for r in rnd.resolutions if r.turn}
    taken = []
    for r in rnd.resolutions:
        if r is res or r.outcome != "filled" or not 0 <= r.end_event < res.end_event:
            continue
        took = tuple(f for f in r.took if f[0] in needs)
        if took:
            taken.append(Taken(r.owner, r.face, r.turn or played_at.get(r.series_of, 0), took))
    spec = tl.source.cs.order(res.face[1])
    help_ok = bool(tl.source.cs.help and spec.help)
    played = res.turn
    turns = candidate_turns(tl, seat, res.face, res.round, played)
    alone, helped, unknown = _try_turns(tl, seat, res.face, turns, help_ok)
    other = would_fill(tl, res.round, res.face, seat, None, head)
    helps = None
    if help_ok and other is False:
        helps = would_fill(tl, res.round, res.face, seat, None, head, help_ok=True)
    return FailedOrder(
        order=res.face, round=res.round, played_turn=played, series_of=res.series_of,
        reason=res.reason, missing=res.missing, columns=res.columns, taken_by=taken,
        announced_before=announced_before(tl, res.round, head_res.oven_index),
        needed_kinds=needs, turns_tried=[t.number for t in turns],
        would_fill_at_turns=alone, would_fill_with_help_at_turns=helped, unknown_turns=unknown,
        other_choice_would_fill=other, help_would_fill=helps, asked=res.asked,
        declined_by=res.declined, event=res.event, end_event=res.end_event)


def _unplayed_order(tl: Timeline, seat: int, face: Face) -> UnplayedOrder:
    spec = tl.source.cs.order(face[1])
    help_ok = bool(tl.source.cs.help and spec.help)
    turns = [t for t in tl.turns_of(seat) if t.play is not None and t.order is None
             and face in t.hand_orders and tl.rounds[t.round].end_event >= 0]
    alone, helped, unknown = _try_turns(tl, seat, face, turns, help_ok)
    return UnplayedOrder(face, [t.number for t in turns], alone, helped, unknown)


def review(tl: Timeline, seat: int) -> Review:
    """The coach's facts about ``seat`` (see the module's docstring)."""
    if not 0 <= seat < len(tl.source.colours):
        raise ValueError(f"seat {seat} does not exist (0 to {len(tl.source.colours) - 1})")
    colour = tl.source.colours[seat]
    failed = [
        _failed_order(tl, seat, res)
        for r in sorted(tl.rounds) for res in tl.rounds[r].resolutions
        if res.owner == seat and res.outcome == "failed"
    ]
    unplayed = [_unplayed_order(tl, seat, f) for f in tl.final_hands[seat] if f[0] == colour]
    return Review(seat, colour, tl, failed, unplayed)


def review_game(game: Any, seat: int) -> Review:
    """:func:`review` of a finished game dealt from its seed (a record's game)."""
    from solemio.coach.timeline import Source

    return review(build_timeline(Source.of_game(game)), seat)
