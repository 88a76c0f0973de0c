"""Who decides now, and among what: derived from the position, in one place.

``decision(g)`` reads the phase, the pending reveal step and the cards, and
returns the pending ``Decision`` (None once the game is over).  Nothing stores
a decision's choices elsewhere, so a position whose hidden cards were dealt
again (``Game.redeal``) simply has its decision derived anew.

One function per phase, chosen by one table, as in OpenSpiel's games.  The two
commonest (play, order) live in ``memo.py``, beside the hand keys they look up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from solemio.engine import enumerate as en
from solemio.engine import events as E
from solemio.engine import memo, reveal
from solemio.engine.cardset import OrderSpec
from solemio.engine.kinds import KIND_INDEX
from solemio.engine.state import (
    BLOCK,
    DRAW,
    DRAW_STACK,
    DRAW_SUPPLY,
    FILL,
    HELP,
    NO_CONTEXT,
    SERIES,
    SHOW_ASK,
    SHOW_CARD,
    SHOW_PLAY,
    VARIANT,
    BlockStep,
    Decision,
    FillStep,
    HelpStep,
    Phase,
    SeriesStep,
    ShowAskStep,
    ShowCardStep,
    ShowPlayStep,
    VariantStep,
    record,
)

if TYPE_CHECKING:
    from solemio.engine.game import Game

# A decision is built ~200 times a game; the tuple constructor skips the
# NamedTuple's Python-level __new__.
_new = tuple.__new__
_DRAW_BOTH = (DRAW_SUPPLY, DRAW_STACK)
_DRAW = tuple(Decision(seat, DRAW, _DRAW_BOTH, NO_CONTEXT) for seat in range(5))


def decision(g: Game) -> Decision | None:
    """The pending decision of position ``g``: ``BY_PHASE[g.phase](g)``."""
    return BY_PHASE[g.phase](g)


def _draw(g: Game) -> Decision:
    return _DRAW[g.turn]  # posed only while both piles have cards (see turn.to_draw)


def _series(g: Game) -> Decision:
    step: SeriesStep = g.step  # type: ignore[assignment]
    r = g.resolving
    cards = g.cards
    rev = cards.order[r.card].id
    choices, mates = memo.series_parts(g, r.owner, rev, step.units)
    return _new(Decision, (r.owner, SERIES, choices, {"order": rev, "candidates": list(mates)}))


def _variant(g: Game) -> Decision:
    step: VariantStep = g.step  # type: ignore[assignment]
    r = g.resolving
    return _new(Decision, (r.owner, VARIANT, step.choices,
                           {"order": g.cards.order[r.card].id}))


def _fill(g: Game) -> Decision:
    step: FillStep = g.step  # type: ignore[assignment]
    r = g.resolving
    spec = g.cards.order[r.card]
    choices, items = memo.fill_parts(g, r.owner, step.missing, g.help_allowed and spec.help)
    return _fill_decision(g, r.owner, spec, step, choices, items)


def _fill_decision(g: Game, owner: int, spec: OrderSpec, step: FillStep,
                   choices: tuple, items: tuple) -> Decision:
    """The fill decision, ``items`` what is missing as request items (``memo.fill_parts``)."""
    return _new(Decision, (owner, FILL, choices,
                           {"order": spec.id, "missing": items,
                            "from_columns": tuple(map(g.cards.face.__getitem__, step.take))}))


def _help(g: Game) -> Decision:
    step: HelpStep = g.step  # type: ignore[assignment]
    return _help_decision(g, step.asking, memo.help_choices(g, step.asking, step.request),
                          step.request)


def _help_decision(g: Game, helper: int, choices: tuple, request: tuple) -> Decision:
    r = g.resolving
    return _new(Decision, (helper, HELP, choices,
                           {"asker": r.owner, "order": g.cards.order[r.card].id,
                            "request": request}))


# ---------------------------------------------------------------- a play-out's single choices
# ``Game.apply_playout`` applies every decision of one choice while the play-out's round
# (``g.auto_round``) runs.  Some reveal decisions have one choice most of the time: there
# their choices are looked up first and the one choice applied without a decision built
# for it (its context dict, the decision tuple, a turn of the loop); what follows is
# derived the same way, so each function returns the next decision to pose (or None: the
# game is over).  ``tests/test_reveal_shortcuts.py`` holds them to the loop's one-by-one way.


def help_past_declines(g: Game) -> Decision | None:
    """A play-out's help decision: every asked opponent whose only choice is to decline
    declines at once (``reveal.on_decline``'s rule, without a step recorded for each), and
    the first who can cover the request is asked as ``_help`` asks; when nobody can, the
    order fails as ``on_decline`` fails it and the reveal goes on.

    A request goes round every opponent, and most can only decline (about nine in ten
    help decisions of a Sole Mio! play-out).
    """
    if g.round != g.auto_round:
        return _help(g)
    step: HelpStep = g.step  # type: ignore[assignment]
    request = step.request
    asking = step.asking
    mask, helps = memo.helps_for(request)  # the request hashed once for every helper asked
    keys = g.hand_keys
    choices = helps.get(keys[asking] & mask)
    if choices is None:
        choices = memo.help_choices(g, asking, request)
    if len(choices) > 1:
        return _help_decision(g, asking, choices, request)
    events = g.events
    queue = step.queue
    i = 0
    for helper in queue:
        if events is not None:
            g.emit({"type": E.HELP_DECLINED, "seat": g.resolving.owner, "helper": asking})
        i += 1
        asking = helper
        choices = helps.get(keys[helper] & mask)
        if choices is None:
            choices = memo.help_choices(g, helper, request)
        if len(choices) > 1:
            g.step = record(HelpStep, (step.fill, step.offered, request, helper, queue[i:]))
            return _help_decision(g, helper, choices, request)
    if events is not None:
        g.emit({"type": E.HELP_DECLINED, "seat": g.resolving.owner, "helper": asking})
    reveal.nobody_helped(g)
    return PLAYOUT_BY_PHASE[g.phase](g)


def fill_past_single(g: Game) -> Decision | None:
    """A play-out's fill decision: an owner with one choice (to give up: the hand cannot
    fill it and no help may be asked, most of Mamma Mia!'s fill decisions) has it applied."""
    step: FillStep = g.step  # type: ignore[assignment]
    r = g.resolving
    spec = g.cards.order[r.card]
    choices, items = memo.fill_parts(g, r.owner, step.missing, g.help_allowed and spec.help)
    if len(choices) == 1 and g.round == g.auto_round:
        ch = choices[0]
        reveal.HANDLERS[ch[0]](g, ch)
        return PLAYOUT_BY_PHASE[g.phase](g)
    return _fill_decision(g, r.owner, spec, step, choices, items)


def series_past_single(g: Game) -> Decision | None:
    """A play-out's series decision: an owner without partners in hand (one choice: the
    revealed order alone) has it applied."""
    step: SeriesStep = g.step  # type: ignore[assignment]
    r = g.resolving
    rev = g.cards.order[r.card].id
    choices, mates = memo.series_parts(g, r.owner, rev, step.units)
    if len(choices) == 1 and g.round == g.auto_round:
        reveal.on_series(g, choices[0])
        return PLAYOUT_BY_PHASE[g.phase](g)
    return _new(Decision, (r.owner, SERIES, choices, {"order": rev, "candidates": list(mates)}))


def _block(g: Game) -> Decision:
    assert isinstance(g.step, BlockStep)
    r = g.resolving
    cards = g.cards
    spec = cards.order[r.card]
    k = g.own[r.owner]
    singles, doubles = memo.kind_counts(g, r.owner, k)
    column = g.cu[k]
    low = spec.params["min_units"]
    return _new(Decision, (r.owner, BLOCK,
                           en.block_choices(singles, doubles, column, low),
                           {"order": spec.id, "column": column, "min": low}))


def _show_ask(g: Game) -> Decision:
    step: ShowAskStep = g.step  # type: ignore[assignment]
    r = g.resolving
    return _new(Decision, (r.owner, SHOW_ASK, tuple([("ask", t) for t in step.targets]),
                           {"order": g.cards.order[r.card].id}))


def _show_card(g: Game) -> Decision:
    step: ShowCardStep = g.step  # type: ignore[assignment]
    r = g.resolving
    return _new(Decision, (step.asked, SHOW_CARD, memo.show_choices(g.hand_keys[step.asked]),
                           {"asker": r.owner, "order": g.cards.order[r.card].id}))


def _show_play(g: Game) -> Decision:
    """May have no choices after a re-deal (the owner no longer holds the kind): the game
    then resolves the step as the rules say (``reveal.show_nothing_to_play``)."""
    step: ShowPlayStep = g.step  # type: ignore[assignment]
    r = g.resolving
    singles, doubles = memo.kind_counts(g, r.owner, KIND_INDEX[step.kind])
    return _new(Decision, (r.owner, SHOW_PLAY, _SHOW_PLAYS[bool(singles)][bool(doubles)],
                           {"kind": step.kind}))


# a show-play decision's choices: per (holds a single, holds a double) of the shown kind
_SHOW_PLAYS = ((((), (("show-play", 2),)), ((("show-play", 1),), (("show-play", 1), ("show-play", 2)))))


def _over(g: Game) -> None:
    return None


# One function per phase (the game's advance loop looks it up itself: it runs ~200 times
# a game).
BY_PHASE: dict[Phase, Callable[[Game], Decision | None]] = {
    Phase.PLAY: memo.play_decision,  # keyed by the hand: built in memo.py
    Phase.ORDER: memo.order_decision,
    Phase.DRAW: _draw,
    Phase.SERIES: _series,
    Phase.VARIANT: _variant,
    Phase.FILL: _fill,
    Phase.HELP: _help,
    Phase.BLOCK: _block,
    Phase.SHOW_ASK: _show_ask,
    Phase.SHOW_CARD: _show_card,
    Phase.SHOW_PLAY: _show_play,
    Phase.OVER: _over,
}

# ``BY_PHASE`` for ``Game.apply_playout``: the reveal's lone choices applied at once.
PLAYOUT_BY_PHASE: dict[Phase, Callable[[Game], Decision | None]] = {
    **BY_PHASE,
    Phase.HELP: help_past_declines,
    Phase.FILL: fill_past_single,
    Phase.SERIES: series_past_single,
}
