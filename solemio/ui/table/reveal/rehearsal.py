"""The reveal rehearsed: future show states painted off screen (see warm.py).

What the reveal will show next is known before it is shown: the events the
viewer will be shown, and for a decision still to be made, what each choice
would bring.  ``solemio.show.ahead`` (no pygame) turns them into future show
states; here each one is painted with the reveal's own painters
(``paint.py`` beside it) onto the scratch surface, a bounded amount per frame, so
the pictures and layers the real frames need are in the caches when they are
shown.  Nothing here holds a scene: a rehearsal is a show state, a stage (the
window's arrangement) and a :class:`~solemio.ui.table.reveal.paint.Screen`.

A future state is built only from the viewer's redacted events, so a
rehearsal holds no more than the viewer may see; and it paints only the
scratch surface, never the screen or the still frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solemio.announce import event_words, opening
from solemio.engine import events as E
from solemio.engine.kinds import KINDS
from solemio.show import ahead
from solemio.show.ahead import Ahead
from solemio.show.director import REVEAL_KINDS
from solemio.show.state import ShowState
from solemio.texts import sentence
from solemio.ui import warm
from solemio.ui.table import seats
from solemio.ui.table.reveal import choices as reveal_choices
from solemio.ui.table.reveal.paint import (
    STILL,
    RevealStage,
    Screen,
    bar_buttons,
    hand_counts,
    hand_faces,
    reveal_stage,
    shown_cards,
)
from solemio.ui.table.stage import menu_button, shown_view
from solemio.ui.widgets import FocusGroup

Step = Callable[[], None]

SHOW_AHEAD = 3  # events the rehearsal runs ahead of the show
SPECULATE = 8  # a person's decision with at most this many choices has each one rehearsed


def banner_for(words: tuple | None, speed: float) -> dict | None:
    """An announcement's bubble as its frames after the first show it (fully faded in)."""
    if words is None:
        return None
    seat, lines, base = words
    dur = base / speed
    return {"seat": seat, "lines": lines, "t": min(0.2, dur / 2), "dur": dur, "icon": None}


def in_flight(a: Ahead, stage: RevealStage) -> Screen:
    """The screen while the cards ``a.event`` moves are on their way (as the reveal scene
    flies them): a card into its column, an order into the panel, an order back to its
    owner (not yet on their panel)."""
    ev = a.event
    t = ev["type"]
    if t == E.REVEAL:
        face = tuple(ev["card"])
        if face[0] in KINDS:
            flying = [0] * 5
            flying[KINDS.index(face[0])] = 1
            return Screen(flying=tuple(flying))
        return Screen(order_away=True)
    if t in (E.FILLED, E.FAILED) and ev["seat"] in stage.seat_rects():
        return Screen(leaving=((ev["seat"], tuple(ev["order"]), t == E.FILLED),))
    return STILL


def event_steps(stage: RevealStage, a: Ahead, view: Any, active: int | None,
                hand_start: tuple[int, int] | None, speed: float) -> list[Step]:
    """Steps painting what the frames showing ``a`` paint: the still parts while its cards
    fly and after they land (the order panel with its card there and away), its words,
    the cards a seat shows."""
    surf = warm.scratch()
    show = a.after
    merged = shown_view(view, show)
    steps: list[Step] = []
    seen: set[tuple] = set()
    for screen in (in_flight(a, stage), STILL):
        for name, _rect, key, paint in stage.static_parts(show, merged, screen, active,
                                                          hand_start)[1:]:
            if name == "order":
                for away in (False, True):
                    okey = stage.order_key(show, away)
                    if ("order", okey) not in seen:
                        seen.add(("order", okey))
                        steps.append(lambda okey=okey: stage.draw_order(surf, show, okey))
            elif (name, key) not in seen:
                seen.add((name, key))
                steps.append(lambda paint=paint: paint(surf))
    banner = banner_for(event_words(stage.session, a.event), speed)
    if banner is not None:
        steps.append(lambda: stage.draw_banner(surf, banner, stage.tail_crosses))
    shown = shown_cards(show)
    if shown and a.event["type"] in (E.BLOCK, E.SHOW):
        steps.append(lambda: stage.draw_shown_cards(surf, shown))
    return steps


def first_frame(app: Any, session: Any, ev: dict | None, bottom_seat: int | None
                ) -> tuple[RevealStage, ShowState, list[Step]]:
    """The reveal's first frames, rehearsed while the table still shows: (its stage, the
    show as it will stand, steps painting every still part but the table, the opening
    words and the buttons).  ``ev``: the round-end event still ahead in the feed (None:
    the reveal is on already)."""
    show = session.show
    if ev is not None:
        show = ahead.until(show, session.new_events(), E.ROUND_END)
    stage = reveal_stage(app, session, app.size, bottom_seat)
    surf = warm.scratch()
    active = session.table.deciding()
    hand = hand_faces(show)
    parts = stage.static_parts(show, shown_view(session.view(), show), STILL, active,
                               hand_counts(hand))
    steps: list[Step] = [lambda paint=part[3]: paint(surf) for part in parts[1:]]
    r = show.reveal
    if ev is not None and r is not None:
        banner = banner_for(opening(session, r.scorer), app.settings.reveal_speed)
        steps.append(lambda: stage.draw_banner(surf, banner, stage.tail_crosses))
    buttons = bar_buttons(stage.L, app.settings.reveal_speed, bool(session.persons), False,
                          None, None) + [menu_button(stage.L, None)]
    steps.append(lambda: FocusGroup(buttons).draw(surf))
    return stage, show, steps


def plan_from_table(app: Any, session: Any, ev: dict | None, bottom_seat: int | None,
                    L: Any) -> list[Step]:
    """The table's warm-up: the show as it will stand when the oven is turned over (a
    future show state, solemio.show.ahead) and the steps painting it as the reveal will:
    its first frame once the round's end (``ev``, or one ahead in the feed) is known, and
    meanwhile the table's own coming pictures (every ingredient as it lands on the oven,
    the kind's picture in an announcement) with the reveal's."""
    if ev is None:
        ev = next((e for e in session.new_events() if e["type"] == E.ROUND_END), None)
    stage, show, first = first_frame(app, session, ev, bottom_seat)
    steps = picture_steps(stage, show)
    if ev is not None:
        return first + steps
    cards = app.cards
    oven = tuple(L.oven.size)
    own: list[Step] = [lambda k=k, u=u: cards.ingredient(k, u, oven)
                       for k in KINDS for u in (1, 2)]
    for area in (L.announce, L.me_announce):
        if area.h > 0:
            own += [lambda k=k, px=int(area.h * 0.6): cards.kind_icon(k, px) for k in KINDS]
    return own + steps


def picture_steps(stage: RevealStage, show: ShowState) -> list[Step]:
    """Steps that render the pictures a reveal shows as it goes: each ingredient at its
    column size, the oven's back, and for every order played this round (public: it
    went into the oven face up) its face in the order panel and in its owner's panel
    (where it lands when filled) and its back as it leaves the oven."""
    app, s = stage.app, stage.session
    cs = s.cardset
    oven = tuple(stage.L.reveal_oven.size)
    col = tuple(stage.column_slot(((),) * 5, 0, 0).size)
    panel = tuple(stage.order_rect().size)
    rects = stage.seat_rects()
    wanted: list[tuple] = [("back", oven)]
    wanted += [("face", (k, u), col) for k in KINDS for u in (1, 2)]
    for h in show.history:
        if h[0] != "order" or not 0 <= h[1] < len(s.seats):
            continue
        seat = h[1]
        face = (s.seats[seat].colour, h[2])
        wanted += [("face", face, panel), ("oback", face[0], oven)]
        r = rects.get(seat)
        if r is not None:
            wanted += [("face", face, size)
                       for size in seats.panel_card_sizes(r, seat != s.viewer)]
    steps: list[Step] = []
    seen: set[tuple] = set()
    for w in wanted:
        if w in seen:
            continue
        seen.add(w)
        if w[0] == "back":
            steps.append(lambda size=w[1]: app.cards.ingredient_back(size))
        elif w[0] == "oback":
            steps.append(lambda c=w[1], size=w[2]: app.cards.order_back(c, size))
        else:
            steps.append(lambda f=w[1], size=w[2]: app.cards.face(f, cs, size, cs.scorer_name))
    return steps


def decision_steps(stage: RevealStage, d: Any) -> list[Step]:
    """Steps painting the prompt and widgets of ``d`` (a person's decision still behind
    the show) as they will first appear (the first one focused, as the scene leaves
    them), over the show caught up with the game; pickers of their own, so the real
    ones start fresh."""
    surf = warm.scratch()
    s = stage.session
    show = ahead.caught_up(s.show, s.table)
    cols = show.reveal.columns if show.reveal is not None else ((),) * 5
    prompt, widgets = reveal_choices.fresh(stage, d, cols, s.view())
    text = sentence(prompt)
    steps: list[Step] = [lambda: stage.draw_prompt(surf, text)] if text else []
    for i, w in enumerate(widgets):
        steps.append(lambda w=w, first=(i == 0): w.draw(surf, first, False))
    return steps


class RevealRehearsal:
    """The reveal's work done ahead, planned frame by frame (``plan``): the next events of
    the feed, at most SHOW_AHEAD ahead of the show (further ahead, their layers would push
    out of the cache those the next frames need), then what the pending decision brings:
    a computer's answer once known, or each choice of a person's decision with at most
    SPECULATE choices (its first event, shown in the very frame of the choice)."""

    def __init__(self) -> None:
        self.key: tuple | None = None  # the position and window the plan is for
        self.future: ShowState | None = None  # the furthest show state rehearsed
        self.spec_key: tuple | None = None  # the position whose outcomes are queued

    def answers_rehearsed(self, warmer: Any) -> bool:
        """Whether what the pending decision brings has been painted."""
        return self.spec_key == self.key and not warmer.pending("show")

    def plan(self, app: Any, stage: RevealStage, skip: bool,
             hand_start: tuple[int, int] | None, answer: tuple | None) -> None:
        """Queue on ``app.warmer`` what comes next (``answer``: a computer's choice known
        for the pending decision), and a person's decision still behind the show: its
        prompt and widgets, as they will first appear."""
        from solemio import i18n

        s = stage.session
        table = s.table
        warmer = app.warmer
        key = (table.moves(), s.viewer, stage.size, id(app.cards.painter), i18n.language())
        if key != self.key:
            self.key = key
            self.future = None
            warmer.discard("show")
            d = table.decision()
            if d is None or s.person_to_decide() != d.seat or d.kind not in REVEAL_KINDS:
                warmer.discard("decision")
            else:
                warmer.add("decision", [lambda: warmer.then(decision_steps(stage, d))])
        if skip or warmer.pending("show"):
            return
        if self.future is None or self.future.position < s.show.position:
            self.future = s.show
        future = self.future
        if future.position - s.show.position >= SHOW_AHEAD:
            return
        deciding = table.deciding()
        speed = app.settings.reveal_speed
        events = table.events(future.position)
        if events:
            nxt = ahead.feed(future, events[:1])
            if not nxt:
                return  # the reveal ends there: another screen shows the rest
            self.future = nxt[0].after
            view = s.view()
            # Before the decision's prompt and buttons: the show needs these first.
            warmer.add("show", [lambda: warmer.then(event_steps(
                stage, nxt[0], view, deciding, hand_start, speed))], first=True)
            return
        # The feed is rehearsed to its end; then what the pending decision brings.
        if deciding is None or self.spec_key == key:
            return
        d = table.decision()
        if not s.is_person(deciding):
            if answer is None:
                return  # still thinking: look again next frame
            choices: Sequence[tuple] = [answer]
        elif d is not None and s.person_to_decide() == d.seat and len(d.choices) <= SPECULATE:
            choices = list(d.choices)
        else:
            choices = []
        self.spec_key = key
        view = s.view()
        warmer.add("show", [lambda c=c: warmer.then(self.choice_steps(
            stage, future, c, view, hand_start, speed)) for c in choices])

    @staticmethod
    def choice_steps(stage: RevealStage, present: ShowState, choice: tuple, view: Any,
                     hand_start: tuple[int, int] | None, speed: float) -> list[Step]:
        """What the show will paint if ``choice`` is made: the first event it brings, as
        the viewer would be shown it (the next ones are rehearsed from the feed)."""
        steps: list[Step] = []
        for out in ahead.outcomes(present, stage.session.table, [choice]):
            for a in out.steps:
                steps += event_steps(stage, a, view, out.deciding, hand_start, speed)
        return steps
