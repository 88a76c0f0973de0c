"""Scenarios: a position, a script of choices and the expected outcome, in YAML.

They pin the rulebook examples and the rulings down as executable tests, and
let anyone check a rules question without playing a whole game.  The format
is documented in docs/scenarios.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solemio.engine.cardset import CardSet, load_cardset
from solemio.engine.choices import from_json, to_json
from solemio.engine.game import Game, IllegalChoice, Position
from solemio.engine.kinds import COLOURS, KINDS
from solemio.engine.rng import GameRandom
from solemio.engine.yamlsource import Located, SourceError, load_file

TOP_REQUIRED = {"name", "edition", "seats", "setup"}
TOP_OPTIONAL = {"source", "description", "script", "expect", "seed"}
SETUP_KEYS = {
    "start", "turn", "round", "scorer", "columns", "oven", "hands", "stacks", "filled",
    "supply", "first",
}
EXPECT_KEYS = {
    "filled", "filled_count", "columns", "hands", "hand_size", "stack_bottom", "scorer",
    "scorer_holder", "decision", "choices_include", "choices_exclude", "events", "winners",
    "phase", "round", "oven", "used_units", "box_contains", "known", "stacks", "supply_size",
    "tie_break",
}


@dataclass
class ScenarioResult:
    file: str
    name: str
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class _Pool:
    """The cards of a fresh game, handed out by face as the scenario asks for them."""

    def __init__(self, game: Game, doc: Located) -> None:
        self.g = game
        self.doc = doc
        cards = game.cards
        self.free = set(range(cards.total))
        self.free.discard(cards.scorer)
        self.free.difference_update(cards.removed)  # not in the deck for this many players

    def take(self, name: Any, path: tuple, owner: int | None = None) -> int:
        face = self.parse(name, path, owner)
        for cid in sorted(self.free):
            if self.g.cards.face[cid] == face:
                self.free.discard(cid)
                return cid
        raise self.doc.error(path, f"no card '{name}' left (the deck for this set-up is used up)")

    def parse(self, name: Any, path: tuple, owner: int | None) -> tuple:
        if not isinstance(name, str):
            raise self.doc.error(path, f"a card is written as text, not {name!r}")
        if name in KINDS:
            return (name, 1)
        if name.startswith("double-") and name[7:] in KINDS:
            return (name[7:], 2)
        if ":" in name:
            colour, oid = name.split(":", 1)
        elif owner is not None:
            colour, oid = self.g.colours[owner], name
        else:
            raise self.doc.error(path, f"'{name}': write an order in the oven as colour:order-id")
        if colour not in self.g.colours:
            raise self.doc.error(path, f"'{name}': no seat has the colour {colour}")
        if oid not in self.g.cs.colour_orders[colour]:
            raise self.doc.error(path, f"'{name}': {colour} has no order '{oid}'")
        return (colour, oid)

    def seat_map(self, value: Any, path: tuple) -> dict[int, Any]:
        if not isinstance(value, dict):
            raise self.doc.error(path, "expected a mapping from seat number to cards")
        out = {}
        for k, v in value.items():
            if not isinstance(k, int) or not 0 <= k < self.g.n:
                raise self.doc.error(path + (k,), f"seat {k!r} does not exist")
            if not isinstance(v, list):
                raise self.doc.error(path + (k,), "expected a list of cards")
            out[k] = v
        return out


def _check_keys(doc: Located, value: Any, path: tuple, req: set, opt: set) -> dict:
    if not isinstance(value, dict):
        raise doc.error(path, "expected a mapping")
    missing = sorted(req - set(value))
    if missing:
        raise doc.error(path, f"missing field '{missing[0]}'")
    extra = sorted(str(k) for k in set(value) - req - opt)
    if extra:
        raise doc.error(path + (extra[0],), f"unknown field '{extra[0]}'")
    return value


def build_position(doc: Located) -> tuple[Game, dict]:
    """Create the game a scenario describes; raises SourceError for a bad file."""
    data = _check_keys(doc, doc.data, (), TOP_REQUIRED, TOP_OPTIONAL)
    try:
        cs: CardSet = load_cardset(data["edition"])
    except SourceError as exc:
        raise doc.error(("edition",), f"edition: {exc}") from None  # its file, line, problem
    seats = data["seats"]
    if not isinstance(seats, list) or not all(s in COLOURS for s in seats):
        raise doc.error(("seats",), f"seats must list colours ({', '.join(COLOURS)})")
    try:
        g = Game(cs, seats, int(data.get("seed", 1)), deal=False)
    except ValueError as exc:
        raise doc.error(("seats",), str(exc)) from None
    setup = _check_keys(doc, data["setup"], ("setup",), {"start"}, SETUP_KEYS)
    pool = _Pool(g, doc)
    rng = GameRandom(int(data.get("seed", 1)))
    n = g.n
    cards = g.cards
    round_no = setup.get("round", 1)
    if not isinstance(round_no, int) or not 1 <= round_no <= cs.rounds:
        raise doc.error(("setup", "round"), f"round must be between 1 and {cs.rounds}")
    hands: list[list[int]] = [[] for _ in range(n)]
    stacks: list[list[int]] = [[] for _ in range(n)]
    filled: list[list[int]] = [[] for _ in range(n)]
    box = list(cards.removed)
    for s, names in pool.seat_map(setup.get("hands", {}), ("setup", "hands")).items():
        hands[s] = [pool.take(x, ("setup", "hands", s, i), s) for i, x in enumerate(names)]
        if len(hands[s]) > 7:
            raise doc.error(("setup", "hands", s), "a hand holds at most 7 cards")
        _only_own_orders(doc, g, hands[s], s, ("setup", "hands", s))
    for s, names in pool.seat_map(setup.get("filled", {}), ("setup", "filled")).items():
        filled[s] = [pool.take(x, ("setup", "filled", s, i), s) for i, x in enumerate(names)]
    listed_stacks = pool.seat_map(setup.get("stacks", {}), ("setup", "stacks"))
    for s, names in listed_stacks.items():
        top_first = [pool.take(x, ("setup", "stacks", s, i), s) for i, x in enumerate(names)]
        _only_own_orders(doc, g, top_first, s, ("setup", "stacks", s))
        stacks[s] = list(reversed(top_first))
    cols = setup.get("columns", [])
    if not isinstance(cols, list):
        raise doc.error(("setup", "columns"), "columns is a list of ingredient cards")
    columns = []
    for i, x in enumerate(cols):
        cid = pool.take(x, ("setup", "columns", i))
        if cards.kind[cid] < 0:
            raise doc.error(("setup", "columns", i), "only ingredient cards lie in the columns")
        columns.append(cid)
    oven = setup.get("oven", [])
    if not isinstance(oven, list):
        raise doc.error(("setup", "oven"), "oven is a list of cards, bottom (oldest) first")
    oven_ids = [pool.take(x, ("setup", "oven", i)) for i, x in enumerate(oven)]
    # every card not placed: ingredients to the supply (or the box), orders to their stack
    rest_ing = sorted(c for c in pool.free if cards.kind[c] >= 0)
    rest_ord = sorted(c for c in pool.free if cards.kind[c] < 0 and c != cards.scorer)
    start = setup["start"]
    supply = setup.get("supply")
    scorer_placed = False
    if supply is not None:
        if not isinstance(supply, list):
            raise doc.error(("setup", "supply"), "supply is a list of cards, top first")
        top_first = []
        for i, x in enumerate(supply):
            if x == "scorer":  # the scorer card itself, at this place
                if cards.scorer in top_first:
                    raise doc.error(("setup", "supply", i), "the scorer card is listed twice")
                if start != "turn" or "scorer" in setup:
                    raise doc.error(("setup", "supply", i), "the scorer card can lie in the "
                                    "supply only at 'start: turn' without 'scorer:'")
                top_first.append(cards.scorer)
                scorer_placed = True
            else:
                top_first.append(pool.take(x, ("setup", "supply", i)))
        supply_ids = list(reversed(top_first))
        box.extend(c for c in rest_ing if c in pool.free)
    else:
        rng.shuffle(rest_ing)
        supply_ids = rest_ing
    for c in rest_ord:
        owner = cards.owner[c]
        if owner in listed_stacks:
            box.append(c)
        else:
            stacks[owner].insert(0, c)
    for s in range(n):
        if s not in listed_stacks:
            rng.shuffle(stacks[s])
    scorer = setup.get("scorer", 0)
    if not isinstance(scorer, int) or not 0 <= scorer < n:
        raise doc.error(("setup", "scorer"), f"scorer must be a seat between 0 and {n - 1}")
    turn = setup.get("turn", 0)
    if not isinstance(turn, int) or not 0 <= turn < n:
        raise doc.error(("setup", "turn"), f"turn must be a seat between 0 and {n - 1}")
    if start not in ("reveal", "turn"):
        raise doc.error(("setup", "start"), "start must be 'reveal' or 'turn'")
    holder = scorer if start == "reveal" or "scorer" in setup else -1
    if holder < 0 and not scorer_placed:
        supply_ids.insert(rng.below(len(supply_ids) + 1), cards.scorer)
    history = [("carried",) + cards.face[c] for c in oven_ids] if start == "turn" else []
    g.arrange(Position(
        hands=hands, stacks=stacks, filled=filled, columns=columns, oven=oven_ids,
        supply=supply_ids, box=box, start=start, round=round_no, turn=turn,
        round_starter=setup.get("first", turn), scorer_holder=holder, history=history,
    ))
    return g, data


def _faces(g: Game, ids: list[int]) -> list[list]:
    return sorted(list(g.cards.face[c]) for c in ids)


def _norm_faces(pool: _Pool, names: list, path: tuple, owner: int | None) -> list[list]:
    return sorted(list(pool.parse(x, path + (i,), owner)) for i, x in enumerate(names))


def check_expect(g: Game, doc: Located, expect: Any, path: tuple) -> list[str]:
    """Compare the game with the expectations; returns failure messages with lines."""
    exp = _check_keys(doc, expect, path, set(), EXPECT_KEYS)
    pool = _Pool(g, doc)
    fails: list[str] = []

    def fail(key: Any, msg: str) -> None:
        fails.append(f"{doc.file}:{doc.line(path + (key,))}: {msg}")

    def per_seat(key: str) -> dict[int, Any]:
        value = exp[key]
        if not isinstance(value, dict):
            raise doc.error(path + (key,), f"{key} maps seat numbers to values")
        for s in value:
            if not isinstance(s, int) or not 0 <= s < g.n:
                raise doc.error(path + (key, s), f"seat {s!r} does not exist")
        return value

    if "filled" in exp:
        for s, names in per_seat("filled").items():
            want = _norm_faces(pool, names, path + ("filled", s), s)
            got = _faces(g, g.filled[s])
            if want != got:
                fail("filled", f"seat {s} filled {got}, expected {want}")
    if "filled_count" in exp:
        for s, want in per_seat("filled_count").items():
            if len(g.filled[s]) != want:
                fail("filled_count", f"seat {s} filled {len(g.filled[s])} orders, expected {want}")
    if "columns" in exp:
        value = exp["columns"]
        want = _norm_faces(pool, value, path + ("columns",), None)
        got = _faces(g, [c for col in g.cols for c in col])
        if want != got:
            fail("columns", f"columns hold {got}, expected {want}")
    if "oven" in exp:
        want = [list(pool.parse(x, path + ("oven", i), None)) for i, x in enumerate(exp["oven"])]
        got = [list(g.cards.face[c]) for c in g.oven]
        if sorted(want) != sorted(got):
            fail("oven", f"oven holds {got}, expected {want}")
    if "hands" in exp:
        for s, names in per_seat("hands").items():
            want = _norm_faces(pool, names, path + ("hands", s), s)
            got = _faces(g, g.hands[s])
            if want != got:
                fail("hands", f"seat {s} holds {got}, expected {want}")
    if "hand_size" in exp:
        for s, want in per_seat("hand_size").items():
            if len(g.hands[s]) != want:
                fail("hand_size", f"seat {s} holds {len(g.hands[s])} cards, expected {want}")
    if "stack_bottom" in exp:
        for s, names in per_seat("stack_bottom").items():
            want = [list(pool.parse(x, path + ("stack_bottom", s, i), s))
                    for i, x in enumerate(names)]
            got = [list(g.cards.face[c]) for c in g.stacks[s][: len(want)]]
            if want != got:
                fail("stack_bottom", f"seat {s}'s stack ends with {got}, expected {want}")
    if "stacks" in exp:
        for s, names in per_seat("stacks").items():
            want = [list(pool.parse(x, path + ("stacks", s, i), s)) for i, x in enumerate(names)]
            got = [list(g.cards.face[c]) for c in reversed(g.stacks[s])]
            if want != got:
                fail("stacks", f"seat {s}'s stack holds {got} (top first), expected {want}")
    if "supply_size" in exp:
        got = len(g.supply)
        if got != exp["supply_size"]:
            fail("supply_size", f"the supply holds {got} cards, expected {exp['supply_size']}")
    if "tie_break" in exp:
        got = getattr(g, "tie_break", None)
        if got != exp["tie_break"]:
            fail("tie_break", f"the tie-break is {got}, expected {exp['tie_break']}")
    if "box_contains" in exp:
        box = _faces(g, g.box)
        for i, x in enumerate(exp["box_contains"]):
            face = list(pool.parse(x, path + ("box_contains", i), None))
            if face not in box:
                fail("box_contains", f"{x} is not out of the game")
    if "known" in exp:
        for s, names in per_seat("known").items():
            want = _norm_faces(pool, names, path + ("known", s), s)
            got = sorted(list(f) for f in g.known[s])
            if want != got:
                fail("known", f"seat {s}'s publicly known cards are {got}, expected {want}")
    if "used_units" in exp:
        units = sum(g.cards.units[c] for c in g.used)
        if units != exp["used_units"]:
            fail("used_units", f"the used pile holds {units} units, expected {exp['used_units']}")
    if "scorer" in exp and g.scorer_seat != exp["scorer"]:
        fail("scorer", f"the scorer is seat {g.scorer_seat}, expected {exp['scorer']}")
    if "scorer_holder" in exp and g.scorer_holder != exp["scorer_holder"]:
        fail("scorer_holder", f"the scorer card is with {g.scorer_holder}, expected "
             f"{exp['scorer_holder']}")
    if "phase" in exp and g.phase != exp["phase"]:
        fail("phase", f"the phase is {g.phase}, expected {exp['phase']}")
    if "round" in exp and g.round != exp["round"]:
        fail("round", f"the round is {g.round}, expected {exp['round']}")
    if "winners" in exp and sorted(g.winners) != sorted(exp["winners"]):
        fail("winners", f"the winners are {g.winners}, expected {exp['winners']}")
    d = g.decision()
    if "decision" in exp:
        want = exp["decision"]
        if want is None:
            if d is not None:
                fail("decision", f"seat {d.seat} still decides {d.kind}; expected no decision")
        elif not isinstance(want, dict):
            raise doc.error(path + ("decision",), "decision is {seat: N, kind: K} or null")
        elif d is None:
            fail("decision", "nobody decides, but a decision was expected")
        else:
            if "seat" in want and d.seat != want["seat"]:
                fail("decision", f"seat {d.seat} decides, expected seat {want['seat']}")
            if "kind" in want and d.kind != want["kind"]:
                fail("decision", f"the decision is {d.kind}, expected {want['kind']}")
            if "count" in want and len(d.choices) != want["count"]:
                fail("decision", f"{len(d.choices)} choices, expected {want['count']}")
    for key, present in (("choices_include", True), ("choices_exclude", False)):
        if key in exp:
            legal = d.choices if d else ()
            for i, c in enumerate(exp[key]):
                if (from_json(c) in legal) != present:
                    fails.append(
                        f"{doc.file}:{doc.line(path + (key, i))}: {to_json(c)} is "
                        f"{'not ' if present else ''}a legal choice; legal: "
                        f"{[to_json(x) for x in legal][:12]}"
                    )
    if "events" in exp:
        events = g.events_for(None)
        pos = 0
        for i, want in enumerate(exp["events"]):
            if not isinstance(want, dict):
                raise doc.error(path + ("events", i), "each expected event is a mapping")
            while pos < len(events) and not _event_matches(events[pos], want):
                pos += 1
            if pos == len(events):
                fails.append(f"{doc.file}:{doc.line(path + ('events', i))}: no event {want} "
                             "(in this order)")
                break
            pos += 1
    return fails


def _event_matches(ev: dict, want: dict) -> bool:
    for k, v in want.items():
        got = ev.get(k)
        if isinstance(v, list | tuple):
            if to_json(got) != to_json(v):
                return False
        elif got != v:
            return False
    return True


def run_scenario(path: str | Path) -> ScenarioResult:
    """Run one scenario file; SourceError for a malformed file."""
    doc = load_file(path)
    g, data = build_position(doc)
    result = ScenarioResult(str(path), str(data.get("name")))
    script = data.get("script", []) or []
    if not isinstance(script, list):
        raise doc.error(("script",), "script is a list of steps")
    for i, step in enumerate(script):
        sp = ("script", i)
        step = _check_keys(doc, step, sp, set(),
                           {"seat", "choose", "illegal", "reason", "expect", "optional"})
        if "choose" in step:
            choice = from_json(step["choose"])
            seat = step.get("seat")
            d = g.decision()
            if step.get("optional") and (
                d is None or choice not in d.choices or (seat is not None and seat != d.seat)
            ):
                pass  # a forced decision the engine may already have applied by itself
            elif step.get("illegal"):
                try:
                    g.apply(choice, seat)
                except IllegalChoice as exc:
                    want = step.get("reason")
                    if want and want not in exc.reason:
                        result.failures.append(
                            f"{doc.file}:{doc.line(sp)}: refused with '{exc.reason}', "
                            f"expected a reason containing '{want}'")
                else:
                    result.failures.append(f"{doc.file}:{doc.line(sp)}: {step['choose']} was "
                                           "accepted but should be refused")
                    return result
            else:
                try:
                    g.apply(choice, seat)
                except IllegalChoice as exc:
                    d = g.decision()
                    legal = [to_json(c) for c in d.choices][:12] if d else []
                    result.failures.append(
                        f"{doc.file}:{doc.line(sp)}: {step['choose']} refused: {exc.reason}; "
                        f"legal now: {legal}")
                    return result
        if "expect" in step:
            result.failures += check_expect(g, doc, step["expect"], sp + ("expect",))
    if "expect" in data:
        result.failures += check_expect(g, doc, data["expect"], ("expect",))
    return result


def _only_own_orders(doc: Any, g: Game, cids: list[int], seat: int, path: tuple) -> None:
    """Hands and order stacks hold only their own colour's orders, as in a real game."""
    for i, cid in enumerate(cids):
        owner = g.cards.owner[cid]
        if owner >= 0 and owner != seat:
            raise doc.error(
                path + (i,), f"seat {seat} ({g.colours[seat]}) cannot hold {g.colours[owner]}'s order"
            )
