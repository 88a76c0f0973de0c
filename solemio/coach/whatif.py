"""What if: a round's reveal replayed with an order moved to another turn.

The oven is a queue, so *when* an order went in decides what it finds.  To
ask whether an order would have been filled had its owner played it at
another turn, the coach sets up the position the round ended in (every hand,
the oven card by card, who scores) through the engine's public set-up hook
(``Game.arrange``), with the order taken out of where it lay and put into the
oven just after that turn's ingredients, and replays the reveal.

The rest of the round stays as it was (the approximation: the owner's draws
and the opponents' plays are not played again).  In the replayed reveal every
other decision is answered as it was in the game when that answer is still
legal (the same order, the same seat), else by a plain rule (fill with the
fewest cards from hand, else give up; decline to help; the first choice
otherwise).  The owner's own decisions about the order (a series, the kinds,
the cards from hand, a block) are searched: the order *would have been
filled* when some way of answering them fills it, whatever card an opponent
chooses to show.  Without help unless asked for: with ``help=True`` a request
counts as filled when an opponent asked holds cards that cover it.

Cards with the same face are interchangeable, so the position is built from
faces alone; nothing is read from a game but its public methods and events.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import islice

from solemio.coach.timeline import Face, Timeline
from solemio.engine import events as E
from solemio.engine.game import Game, Position
from solemio.engine.state import REVEAL_PHASES, Phase

MAX_BRANCH = 150  # choices tried at one decision of the owner
BUDGET = 4000  # decisions visited per question; beyond it the answer is "unknown"


def reveal_position(tl: Timeline, round_no: int, move: tuple[Face, int, int] | None = None) -> Game:
    """The position at the end of ``round_no`` (the reveal about to begin), as a new game.

    ``move = (order face, owner, at)``: the order is taken from its owner's hand or from the
    oven and put into the oven before the card that lay at index ``at`` (``len(oven)``: on top).
    """
    rnd = tl.rounds.get(round_no)
    if rnd is None or rnd.end_event < 0:
        raise ValueError(f"round {round_no} was not scored")
    src = tl.source
    g = Game(src.cs, list(src.colours), seed=1, deal=False)
    cards = g.cards
    removed = set(cards.removed)
    free: dict[Face, list[int]] = defaultdict(list)
    for cid in range(cards.total - 1, -1, -1):
        if cid != cards.scorer and cid not in removed:
            free[cards.face[cid]].append(cid)
    oven = [c.face for c in rnd.oven]
    hands = [list(h) for h in rnd.hands_at_end]
    if move is not None:
        face, owner, at = move
        if face in oven:
            i = oven.index(face)
            oven.pop(i)
            if i < at:
                at -= 1
        elif face in hands[owner]:
            hands[owner].remove(face)
        else:
            raise ValueError(f"{face} is neither in the oven nor in its owner's hand")
        oven.insert(at, face)
    oven_ids = [free[f].pop() for f in oven]
    hand_ids = [[free[f].pop() for f in h] for h in hands]
    rest = sorted(c for ids in free.values() for c in ids)
    supply = [c for c in rest if cards.kind[c] >= 0]
    stacks: list[list[int]] = [[] for _ in range(g.n)]
    for c in rest:
        if cards.kind[c] < 0:
            stacks[cards.owner[c]].append(c)
    g.arrange(Position(hands=hand_ids, stacks=stacks, filled=[[] for _ in range(g.n)],
                       columns=[], oven=oven_ids, supply=supply, box=list(cards.removed),
                       start="reveal", round=round_no, turn=rnd.scorer,
                       round_starter=rnd.scorer, scorer_holder=rnd.scorer))
    return g


def _key(d) -> tuple:
    ctx = d.context
    return (str(d.kind), d.seat, ctx.get("order"), ctx.get("asker"))


class Answers:
    """The game's own answers to a round's reveal decisions, then a plain rule."""

    def __init__(self, tl: Timeline, round_no: int) -> None:
        self.recorded: dict[tuple, list[tuple]] = defaultdict(list)
        for d in tl.decisions:
            if d.round == round_no and d.kind in REVEAL_PHASES:
                self.recorded[(d.kind, d.seat, d.context.get("order"), d.context.get("asker"))
                              ].append(d.choice)
        self.used: dict[tuple, int] = defaultdict(int)

    def copy(self) -> Answers:
        a = Answers.__new__(Answers)
        a.recorded = self.recorded
        a.used = defaultdict(int, self.used)
        return a

    def choose(self, d) -> tuple:
        key = _key(d)
        seen = self.recorded.get(key, ())
        i = self.used[key]
        self.used[key] = i + 1
        if i < len(seen) and seen[i] in d.choices:
            return seen[i]
        return plain_answer(d)


def plain_answer(d) -> tuple:
    """The rule for a decision the game never met: the cheapest way, never a request."""
    choices = d.choices
    if d.kind == Phase.FILL:
        alone = [c for c in islice(choices, 2000) if c[0] == "fill" and c[2] is None]
        if alone:
            return min(alone, key=lambda c: sum(s + 2 * dd for _k, s, dd in c[1]))
        return ("give-up",) if ("give-up",) in choices else choices[0]
    if d.kind == Phase.HELP:
        return ("decline",) if ("decline",) in choices else choices[0]
    return choices[0]


def outcomes(g: Game, answers: Answers, since: int = 0) -> dict[Face, str]:
    """Every order's fate in the reveal of ``g`` (its events from ``since`` on), every
    decision answered by ``answers``."""
    while g.decision() is not None and g.decision().kind in REVEAL_PHASES:
        g.apply(answers.choose(g.decision()))
    out: dict[Face, str] = {}
    for ev in g.events_for(None, since):
        if ev["type"] in (E.FILLED, E.FAILED):
            out[tuple(ev["order"])] = ev["type"]
        if ev["type"] in (E.NEW_ROUND, E.GAME_OVER):
            break
    return out


class _Search:
    """Whether the owner could have answered so that ``target`` is filled (see the docstring)."""

    def __init__(self, target: Face, owner: int, head: Face, help_ok: bool) -> None:
        self.target = target
        self.target_id = target[1]
        self.owner = owner
        self.head = head  # the order whose reveal begins the target's resolution
        self.help_ok = help_ok
        self.visited = 0
        self.exhausted = False

    def status(self, g: Game, since: int, inside: bool) -> tuple[bool | None, bool, int]:
        events = g.events
        for ev, _owner, _private in events[since:]:
            t = ev["type"]
            if t == E.REVEAL and tuple(ev["card"]) == self.head:
                inside = True
            elif t in (E.FILLED, E.FAILED) and tuple(ev["order"]) == self.target:
                return t == E.FILLED, inside, len(events)
            elif t in (E.NEW_ROUND, E.GAME_OVER):
                return False, inside, len(events)
        return None, inside, len(events)

    def run(self, g: Game, answers: Answers, since: int, inside: bool) -> bool:
        while True:
            result, inside, since = self.status(g, since, inside)
            if result is not None:
                return result
            d = g.decision()
            if d is None or d.kind not in REVEAL_PHASES:
                return False
            self.visited += 1
            if self.visited > BUDGET:
                self.exhausted = True
                return False
            ctx = d.context
            if inside and d.seat == self.owner:
                if d.kind == Phase.FILL and ctx.get("order") == self.target_id and any(
                        c[0] == "fill" and c[2] is None for c in islice(d.choices, 2000)):
                    return True  # the hand makes up what the columns lack
                options = [c for c in islice(d.choices, 4 * MAX_BRANCH)
                           if self.help_ok or c[0] != "fill" or c[2] is None][:MAX_BRANCH]
                for c in options:
                    h = g.clone(record_events=True)
                    h.apply(c)
                    if self.run(h, answers.copy(), since, inside):
                        return True
                return False
            if inside and ctx.get("asker") == self.owner and d.kind == Phase.HELP:
                if ctx.get("order") == self.target_id and any(c[0] == "help" for c in d.choices):
                    return True
                g.apply(("decline",) if ("decline",) in d.choices else d.choices[0])
                continue
            if inside and ctx.get("asker") == self.owner and d.kind == Phase.SHOW_CARD:
                # the opponent picks the card to show: filled only if every card would do
                for c in d.choices:
                    h = g.clone(record_events=True)
                    h.apply(c)
                    if not self.run(h, answers.copy(), since, inside):
                        return False
                return True
            g.apply(answers.choose(d))


def would_fill(tl: Timeline, round_no: int, target: Face, owner: int,
               move: tuple[Face, int, int] | None = None, head: Face | None = None,
               help_ok: bool = False) -> bool | None:
    """Whether ``target`` is filled in the reveal of ``round_no`` (with ``move`` applied)
    for some answers of its owner; None when the search ran out of its budget."""
    g = reveal_position(tl, round_no, move)
    search = _Search(target, owner, head or target, help_ok)
    found = search.run(g, Answers(tl, round_no), 0, False)
    if found:
        return True
    return None if search.exhausted else False
