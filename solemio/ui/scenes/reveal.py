"""The oven reveal: card by card into five columns, every order resolved in view.

Cards fly from the turned-over oven to their kind's column; a revealed order
is shown large with its owner and what it needs; its owner (or the opponent
asked for help, or the one asked to show a card) gets the choices laid out as
buttons.  Outcomes are announced.  A speed control and "skip ahead to my next
decision" keep long reveals from dragging.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from solemio.i18n import N_, _, data_text, ngettext
from solemio.show import state as show_state
from solemio.show.pacing import REVEAL_OPENING, Pace, reveal_hold
from solemio.ui import layout, seats, theme, warm
from solemio.ui.anim import Animations, Flight
from solemio.ui.cards import shadowed
from solemio.ui.fill_picker import FillPicker
from solemio.ui.play import REVEAL_KINDS, PlayScene
from solemio.ui.series_picker import SeriesPicker
from solemio.ui.settings import REVEAL_SPEEDS
from solemio.ui.texts import (
    COLOUR_KIND,
    KINDS,
    a_card,
    cards_text,
    describe_choice,
    describe_variant,
    kind_units,
    order_kind,
    order_name,
    request_text,
    sentence,
    spec_explain,
)
from solemio.ui.widgets import Button, Widget

FAIL_REASONS = {
    "not-filled": N_("the columns and hands cannot cover it"),
    "given-up": N_("given up"),
    "no-help": N_("nobody helped"),
    "blocked": N_("blocked by the others"),
    "not-enough": N_("not enough of the own kind"),
    "nobody-to-ask": N_("nobody holds an ingredient card to show"),
    "kind-not-held": N_("no card of the shown kind in hand"),
    "no-kind": N_("no kind qualifies"),
    "own-kind-in-columns": N_("the own kind's column is not empty"),
}


def fail_reason(reason: str) -> str:
    return _(FAIL_REASONS.get(reason, reason))


FILL_KINDS = frozenset({"variant", "fill"})  # decisions the fill picker asks
HELP_PAUSE = 0.8  # seconds before a forced answer is made for a person (cannot_help)
SHOW_AHEAD = 3  # events the show's rehearsal runs ahead of the show (warm_ahead)
SPECULATE = 8  # a person's decision with at most this many choices has each one rehearsed
ANSWER_WAIT = 0.1  # seconds a computer's answer may wait for its rehearsal (answer_ready)


class RevealScene(PlayScene):
    """The reveal drawn from the show state (columns, the order on show, its notes, the
    piles): the scene keeps only what belongs to the screen (flights, the banner, when a
    card left the order panel, the page of choices)."""

    def __init__(self, app: Any, session: Any, ev: dict | None, rehearsal: bool = False,
                 show: Any = None) -> None:
        self.rehearsal = rehearsal
        self._show = show  # a rehearsal's own show state (None: the session's)
        self.warm_key: tuple | None = None
        self.spec_key: tuple | None = None  # the position whose decision's outcomes are rehearsed
        self.answer_wait = (0.0, -1)  # (seconds a computer's answer waited, frames drawn then)
        self.stage_copy: tuple[RevealScene, int] | None = None  # (copy, events it has taken)
        # Per person at the screen: the counts of the hand the reveal began with.
        self.hand_start: dict[int | None, tuple[int, int]] = {}
        self.left_at: tuple[tuple, float] | None = None  # (order face, when it left the panel)
        self.page = 0
        self.series_picker: SeriesPicker | None = None  # the series decision's own widgets
        self.fill_picker: FillPicker | None = None  # a variant or fill decision's widgets
        self.help_wait = 0.0  # how long a person who cannot help has been "thinking"
        self.skip = False
        self.shown_until = 0.0
        self.refocus = True  # the next decision's widgets take the keyboard focus
        # Laid out in layout(); the base class builds widgets before that.
        self.choice_area = pygame.Rect(0, 0, 0, 0)
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, session)
        r = self.show.reveal
        self.scorer = r.scorer if r is not None else max(0, self.view.scorer)
        self.round = r.round if r is not None else self.view.round
        self.before = list(r.filled_before) if r is not None and r.filled_before else [
            len(si.filled) for si in self.show.seats]
        names = session.names
        if ev is not None:
            self.say(self.scorer, [_("The round is over!"),
                                   _("You turn the oven over.") if session.you(self.scorer)
                                   else _("{name} turns the oven over.",
                                          name=names[self.scorer])],
                     1.6 / self.speed())
            self.hold = REVEAL_OPENING / self.speed()

    # --- what the show has reached --------------------------------------------------------
    @property
    def show(self) -> Any:
        return self._show if self._show is not None else self.session.show

    @property
    def cols(self) -> tuple:
        r = self.show.reveal
        return r.columns if r is not None else ((),) * 5

    @property
    def current(self) -> Any:
        r = self.show.reveal
        return r.current if r is not None else None

    @property
    def revealed(self) -> int:
        r = self.show.reveal
        return r.revealed if r is not None else 0

    @property
    def total(self) -> int:
        r = self.show.reveal
        return r.total if r is not None else 0

    @property
    def log(self) -> list[str]:
        """The order's notes as lines (the latest four)."""
        cur = self.current
        if cur is None:
            return []
        lines: list[str] = []
        for note in cur.notes:
            lines.extend(sentence(line) for line in self.note_lines(dict(note)))
        return lines[-4:]

    @property
    def shown_cards(self) -> dict[int, list[tuple]]:
        r = self.show.reveal
        return {seat: list(faces) for seat, faces in r.shown} if r is not None else {}

    # --- geometry ---------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The reveal's own arrangement: wide columns, the hand and the choices below."""
        super().layout(size)
        L = self.L
        w, h = size
        m = L.margin
        band_h = int(h * 0.29)
        band = pygame.Rect(m, h - m - band_h, w - 2 * m, band_h)
        side_w = L.me.w
        if self.bottom_seat is None:
            self.hand_area = pygame.Rect(0, 0, 0, 0)
            self.choice_area = pygame.Rect(band.x + side_w + m, band.y,
                                           band.w - 2 * side_w - 2 * m, band.h)
        else:
            L.me = pygame.Rect(band.x, band.y, side_w, band.h)
            hw = int(band.w * 0.36)
            self.hand_area = pygame.Rect(L.me.right + m, band.y, hw, band.h)
            self.choice_area = pygame.Rect(self.hand_area.right + 2 * m, band.y,
                                           band.right - self.hand_area.right - 2 * m, band.h)
        top = L.opponents[0].bottom + m if L.opponents else L.top_bar.bottom + m
        mid = pygame.Rect(m, top, w - 2 * m, band.y - top - m)
        ow = int(max(w * 0.17, 150))
        L.reveal_order = pygame.Rect(mid.right - ow, mid.y, ow, mid.h)
        rcw, rch = layout.card_fit(w * 0.08, mid.h * 0.5)
        L.reveal_oven = pygame.Rect(mid.x, mid.y + m, rcw, rch)
        col_area = pygame.Rect(L.reveal_oven.right + 2 * m, mid.y,
                               L.reveal_order.x - L.reveal_oven.right - 4 * m, mid.h)
        # Speech bubbles get a strip of their own above the columns: they never cover
        # what the reveal is about (the opponents' panels speak down into it, the person
        # at the screen up into it).
        talk_h = max(34, int(h * 0.085))
        L.announce = pygame.Rect(col_area.x, col_area.y, col_area.w, talk_h)
        col_area = pygame.Rect(col_area.x, col_area.y + talk_h + m // 2, col_area.w,
                               col_area.h - talk_h - m // 2)
        L.columns = layout.split_h(col_area, 5, m)
        L.me_announce = pygame.Rect(0, 0, 0, 0)
        self.build_widgets()

    # --- flow -----------------------------------------------------------------
    def speed(self) -> float:
        return self.app.settings.reveal_speed

    def t_(self, base: float) -> float:
        """An event's moment at the chosen speed, or none while skipping ahead."""
        if self.skip:
            return 0.0
        return base / self.speed()

    def update(self, dt: float) -> None:
        if self.skip:
            self.anims.clear()
        if self.cannot_help(dt):
            return
        super().update(dt)

    def cannot_help(self, dt: float) -> bool:
        """A person asked for help whose hand cannot cover the request is not made to
        press Decline (nor to take the screen for it): after a computer's pause the
        refusal is made for them.  So is the series question of a person who holds no
        other series order (the engine asks every owner, so that nobody learns who holds
        partners): "this order alone" is answered for them.  True while this holds the
        stage."""
        table = self.session.table
        seat = table.deciding()
        forced = table.forced_choice()
        kind = table.deciding_kind()
        if seat is None or not self.session.is_person(seat) or forced is None or not (
                (kind == "help" and forced[0] == "decline") or kind == "series"):
            self.help_wait = 0.0
            return False
        # Never a pass screen for it (the base class pushes none for a position whose
        # pass key it has seen).
        self.pass_key = (table.moves(), seat)
        if self.hold > 0 or self.session.new_events():
            return False
        self.tick_effects(dt)
        self.help_wait += dt
        if self.help_wait < self.t_(HELP_PAUSE):
            return True
        self.help_wait = 0.0
        if kind == "help" and (seat == self.session.viewer or len(self.session.persons) <= 1):
            # Only the person who holds the screen learns why: in hot-seat the others
            # hear a refusal like any other (the hand stays hidden).
            self.say(seat, [self.session.names[seat], _("cannot help.")], self.t_(1.2))
        self.session.apply_forced(forced)
        self.decision_key = None
        self.build_widgets()
        return True

    def on_event(self, ev: dict) -> float:
        """Start showing one event (the show state has taken it already): its flights, its
        words, its sound; returns how long it holds the stage (solemio.show.pacing)."""
        t = ev["type"]
        names = self.session.names
        L = self.L
        pace = Pace(reveal_speed=self.speed(), skip=self.skip)
        dur = reveal_hold(ev, pace)
        if t == "reveal":
            face = tuple(ev["card"])
            if face[0] in KINDS:
                k = KINDS.index(face[0])
                if not self.skip:
                    dest = self.column_slot(k, len(self.cols[k]) - 1)
                    self.anims.add(Flight(("face", face), pygame.Rect(L.reveal_oven), dest,
                                          min(0.3, self.t_(0.3)), tag=k, back_key=("back",)))
                    self.sfx("reveal")
                return dur
            owner = ev.get("owner", 0)
            self.left_at = None
            if not self.skip:
                self.anims.add(Flight(("face", face), pygame.Rect(L.reveal_oven),
                                      self.order_rect(), min(0.35, self.t_(0.35)),
                                      back_key=("oback", face[0])))
                self.sfx("reveal")
            self.say(owner, [names[owner], _("an order: {name}",
                                             name=order_name(self.session.cardset, face[1]))],
                     self.t_(1.4))
            return dur
        if t == "help-asked":
            seat = ev["seat"]
            self.say(seat, [names[seat], _("Who helps me with {req}?",
                                           req=request_text(ev["request"]))], self.t_(1.6))
        elif t == "help-given":
            self.say(ev["helper"], [names[ev["helper"]], _("I'll help!")], self.t_(1.2))
        elif t in ("block", "show"):
            self.shown_until = self.t + self.t_(2.4 if t == "block" else 2.0)
        elif t == "filled":
            self.fly_filled(ev)
            self.say(ev["seat"], [names[ev["seat"]], _("Order filled!")], self.t_(1.2))
            self.sfx("filled")
        elif t == "failed":
            self.fly_failed(ev)
            self.sfx("failed")
        elif t == "scorer-moved":
            seat = ev["seat"]
            card = data_text(self.session.cardset.scorer_name)
            self.say(seat, [names[seat], _("take the {card} card!", card=card)
                            if self.session.you(seat)
                            else _("takes the {card} card!", card=card)], self.t_(1.4))
            self.scorer = seat
        elif t == "new-round":
            self.end_round(ev)
            return 0.0
        elif t == "game-over":
            self.end_game(ev)
            return 0.0
        return dur

    def fly_filled(self, ev: dict) -> None:
        """The ingredients used gather on the order and fade; the order flies to its owner."""
        if self.skip:
            return
        seat = ev["seat"]
        target = self.order_rect()
        is_show = False
        try:
            is_show = self.session.cardset.order(ev["order"][1]).otype.special == "show"
        except (AttributeError, KeyError):
            pass
        if not is_show:
            # Where each used card lay before it left its column (the show has taken them).
            cols = [list(c) for c in self.cols]
            used = [tuple(f) for f in ev["used"]]
            taken = used[: len(used) - len(ev.get("offered", [])) - len(ev.get("given", []))]
            for f in taken:
                if f[0] in KINDS:
                    k = KINDS.index(f[0])
                    start = self.column_slot(k, len(cols[k]))
                    cols[k].append(f)
                    end = pygame.Rect(0, 0, start.w // 2, start.h // 2)
                    end.center = target.center
                    self.anims.add(Flight(("face", f), start, end, self.t_(0.5), fade=True))
        self.order_leaves(tuple(ev["order"]), seat, filled=True)

    def fly_failed(self, ev: dict) -> None:
        if self.skip:
            return
        r = self.order_rect()
        face = tuple(ev["order"])
        self.anims.add(Flight(("face", face), r, r, self.t_(0.5), shake=True))
        self.order_leaves(face, ev["seat"])

    def order_leaves(self, face: tuple, seat: int, filled: bool = False) -> None:
        """The order card goes to its owner's panel (filled) or stack (not filled); until
        it lands, the panel does not show it there yet (``shown_view``)."""
        owner_r = self.seat_rects().get(seat)
        if owner_r is None:
            return
        target = self.order_rect()
        end = pygame.Rect(0, 0, target.w // 3, target.h // 3)
        end.center = owner_r.center
        self.anims.add(Flight(("face", face), pygame.Rect(target), end, self.t_(0.45),
                              delay=self.t_(0.8), tag=("leaves", seat, face, filled)))
        self.left_at = (face, self.t + self.t_(0.8) + self.t_(0.45))

    def shown_view(self) -> Any:
        """The show's view, less the orders still flying to their owners: a flying card is
        not also drawn where it lands (the filled pile, or the stack it goes under)."""
        view = super().shown_view()
        flying = [f.tag for f in self.anims.flights
                  if isinstance(f.tag, tuple) and f.tag[0] == "leaves"]
        if not flying:
            return view
        infos = list(view.seats)
        for _leaves, seat, face, filled in flying:
            si = infos[seat]
            if filled and face in si.filled:
                pile = list(si.filled)
                del pile[len(pile) - 1 - pile[::-1].index(face)]
                si = dataclasses.replace(si, filled=type(si.filled)(pile))
            elif not filled and self.show.failed_to_stack and si.stack > 0:
                si = dataclasses.replace(si, stack=si.stack - 1)
            infos[seat] = si
        return dataclasses.replace(view, seats=tuple(infos))

    def note_lines(self, ev: dict) -> list[str]:
        """An order's event as lines under it in the order panel."""
        t = ev["type"]
        names = self.session.names
        cs = self.session.cardset
        if t == "series":
            n = len(ev["orders"])
            own = COLOUR_KIND[self.session.seats[ev["seat"]].colour]
            parts = " + ".join(
                kind_units(k, u) if (k := order_kind(cs, o, own)) else
                f"{order_name(cs, o)} = {u}" for o, u in ev["orders"])
            if self.session.you(ev["seat"]):
                return [ngettext("You reveal it alone: {list}",
                                 "You play a series of {n}: {list}", n, list=parts)]
            return [ngettext("{name} reveals it alone: {list}",
                             "{name} plays a series of {n}: {list}", n,
                             name=names[ev["seat"]], list=parts)]
        if t == "variant":
            own = COLOUR_KIND[self.session.seats[ev["seat"]].colour]
            kinds = describe_variant(cs, ev.get("order"), list(ev["kinds"]), own)
            if self.session.you(ev["seat"]):
                return [_("You choose: {kinds}", kinds=kinds)]
            return [_("{name} chooses: {kinds}", name=names[ev["seat"]], kinds=kinds)]
        if t == "help-asked":
            req = request_text([tuple(x) for x in ev["request"]])
            if self.session.you(ev["seat"]):
                return [_("You ask for help: {req}", req=req)]
            return [_("{name} asks for help: {req}", name=names[ev["seat"]], req=req)]
        if t == "help-declined":
            if self.session.you(ev["helper"]):
                return [_("You do not help.")]
            return [_("{name} does not help.", name=names[ev["helper"]])]
        if t == "help-given":
            cards = cards_text(_faces_to_cards(ev["cards"]))
            if self.session.you(ev["helper"]):
                return [_("You help with {cards}.", cards=cards)]
            return [_("{name} helps with {cards}.", name=names[ev["helper"]], cards=cards)]
        if t == "reward":
            if ev.get("order"):
                if self.session.you(ev["seat"]):
                    return [_("You take the top order of your stack as a reward.")]
                return [_("{name} takes the top order of their stack as a reward.",
                          name=names[ev["seat"]])]
            if self.session.you(ev["seat"]):
                return [_("Your order stack is empty: no reward.")]
            return [_("{name}'s order stack is empty: no reward.", name=names[ev["seat"]])]
        if t == "block":
            revealed = dict(ev["revealed"])
            shown = [f"{names[int(st)]}: {sum(f[1] for f in faces)}"
                     for st, faces in sorted(revealed.items(), key=lambda x: int(x[0]))]
            return [_("Block needs {n}; the others hold {list}.", n=ev["needed"],
                      list=", ".join(shown) or "0"),
                    _("Blocked!") if ev["blocked"] else _("Nobody can block it.")]
        if t == "show":
            card = _card_name(tuple(ev["shown"]))
            if self.session.you(ev["asked"]):
                return [_("You show {card}.", card=card)]
            return [_("{name} shows {card}.", name=names[ev["asked"]], card=card)]
        if t == "failed":
            return [_("Not filled: {why}.", why=fail_reason(ev["reason"]))]
        return []

    def end_round(self, ev: dict) -> None:
        manager = self.app.manager
        manager.pop(self)
        table = manager.top
        if table is not None:
            table.turn_seat = ev["first"]
        manager.open("summary", self.session, ev, self.before)
        self.show_estimates()

    def end_game(self, ev: dict) -> None:
        self.app.manager.pop(self)
        self.app.manager.swap("game-over", self.session, ev)
        self.show_estimates()

    def show_estimates(self) -> None:
        """Memory training: the estimates of this round against the oven, over the screen
        that follows the reveal."""
        if self.session.memory.estimates.get(self.round):
            self.app.manager.open("estimate-result", self.session, self.round)

    def on_decision(self, d: Any) -> None:
        self.page = 0
        self.refocus = True
        if self.session.is_person(d.seat):
            self.skip = False
        self.build_widgets()

    def toggle_speed(self) -> None:
        sp = REVEAL_SPEEDS
        i = sp.index(self.app.settings.reveal_speed) if self.app.settings.reveal_speed in sp \
            else 1
        self.app.settings.reveal_speed = sp[(i + 1) % len(sp)]
        self.app.settings_changed()

    def skip_ahead(self) -> None:
        self.skip = True
        self.hold = 0.0
        self.banner = None
        self.anims.clear()

    # --- widgets --------------------------------------------------------------
    def build_widgets(self) -> None:
        L = self.L
        widgets: list[Widget] = []
        d = self.my_decision()
        self.prompt = ""
        if d is not None and self.choice_area.w > 0:  # (not laid out yet: no choices)
            self.prompt = sentence(self.prompt_for(d))
            widgets.extend(self.choice_buttons(d))
        n_choices = len(widgets)
        widgets.append(Button("speed", _("Speed × {n}", n=f"{self.speed():g}"),
                              self.toggle_speed, L.speed_button, style="secondary"))
        skip = Button("skip", _("Skip to my next decision") if self.session.persons
                      else _("Skip to the end"), self.skip_ahead, L.skip_button,
                      style="secondary")
        skip.enabled = d is None
        widgets.append(skip)
        widgets.extend(self.common_widgets())
        self.focus.set(widgets)
        if d is not None and self.prompt and n_choices and (
                self.refocus or self.focus.focus < 0 or self.focus.focus >= n_choices):
            # A new decision: the keyboard starts on its first choice (the default),
            # never on Speed or Skip left focused from before.
            self.focus.focus = 0
            self.refocus = False
            if d.kind in FILL_KINDS:
                self.focus.focus_name(self.fill_picker_for(d).default_focus())

    def prompt_for(self, d: Any) -> str:
        ctx = d.context or {}
        names = self.session.names
        cs = self.session.cardset
        oname = order_name(cs, ctx.get("order", "")) if ctx.get("order") else ""
        k = d.kind
        if k == "series":
            return self.picker_for(d).prompt()
        if k in FILL_KINDS:
            return self.fill_picker_for(d).prompt()
        if k == "help":
            text = _("{name} asks you for {req} to fill {order}. If you help, you take the top "
                     "order of your stack as a reward.", name=names[ctx.get("asker", 0)],
                     req=request_text([tuple(x) for x in ctx.get("request", [])]), order=oname)
            if all(c[0] == "decline" for c in d.choices):
                text += " " + _("Your hand cannot cover it.")
            return text
        if k == "block":
            own = COLOUR_KIND[self.session.seats[d.seat].colour]
            text = _("Block: the column holds {have}; you may add {kind} from your hand. "
                     "The others block it if they hold as many.",
                     have=kind_units(own, ctx.get("column", 0)), kind=_plural(own))
            if all(c[0] == "give-up" for c in d.choices):
                text = _("Block: the column and your hand cannot reach the {n} it needs.",
                         n=ctx.get("min", 2))
            return text
        if k == "show-ask":
            return _("{order}: choose who must show you an ingredient card.", order=oname)
        if k == "show-card":
            return _("{name} asks you to show one ingredient card from your hand.",
                     name=names[ctx.get("asker", 0)])
        if k == "show-play":
            return _("Play {card} from your hand to fill the order.",
                     card=a_card(ctx.get("kind", "")))
        return ""

    def choice_buttons(self, d: Any) -> list[Widget]:
        area = self.choice_area
        ph = int(area.h * 0.3)
        grid_area = pygame.Rect(area.x, area.y + ph, area.w, area.h - ph)
        if d.kind == "series" and len(d.choices) == 1:
            return []  # this order alone: answered for them after a pause (cannot_help)
        if d.kind == "series":
            return self.picker_for(d).widgets(grid_area, self.size)
        if d.kind in FILL_KINDS:
            return self.fill_picker_for(d).widgets(grid_area, self.size)
        if d.kind == "help" and all(c[0] == "decline" for c in d.choices):
            return []  # declined for them after a pause (cannot_help)
        gap = max(4, int(grid_area.h * 0.05))
        row_h = int(max(30, min((grid_area.h - 2 * gap) / 3, self.size[1] * 0.07)))
        cols = 2 if grid_area.w > 520 else 1
        rows = max(1, (grid_area.h + gap) // (row_h + gap))
        per_page = rows * cols
        choices = list(d.choices)
        own = COLOUR_KIND[self.session.seats[d.seat].colour]
        # The way out (give up / decline) goes last, so the useful choices come first.
        choices.sort(key=lambda c: c[0] in ("give-up", "decline"))
        if len(choices) > per_page:
            per_page -= 1  # one cell for paging
        pages = max(1, -(-len(choices) // per_page))
        self.page %= pages
        shown = choices[self.page * per_page:(self.page + 1) * per_page]
        cells = layout.grid(grid_area, per_page + (1 if pages > 1 else 0), cols, row_h, gap)
        out: list[Widget] = []
        for i, (ch, cell) in enumerate(zip(shown, cells, strict=False)):
            label = describe_choice(ch, self.session.cardset, self.session.names, own_kind=own,
                                    order_id=(d.context or {}).get("order"))
            if ch[0] == "show-play":
                label = _("Play {card}", card=_card_name(((d.context or {}).get("kind", ""),
                                                          ch[1])))
            style = "secondary" if ch[0] in ("give-up", "decline") else "good"
            button = Button(f"choice{i}", label, lambda c=ch: self.apply(c), cell, style=style)
            button.choice = ch  # the guide points at the button of the answer it suggests
            out.append(button)
        if pages > 1 and len(cells) > len(shown):
            out.append(Button("more", _("More choices ({p}/{n})", p=self.page + 1, n=pages),
                              self.next_page, cells[len(shown)], style="secondary"))
        return out

    def guide_answer_rects(self, what: str, name: Any, widgets: list) -> list[pygame.Rect]:
        """The guide's exact answer: the button of the choice it suggests (or "More choices"
        while that button is on another page), or the picker's next step: the orders still
        to join the series, then Next, then Confirm; Confirm (or Go on) in a fill picker."""
        by_name = {w.name: w for w in widgets}
        if what == "choice":
            hit = [w.rect for w in widgets if getattr(w, "choice", None) == name]
            if not hit and "more" in by_name:
                hit = [by_name["more"].rect]
            return hit
        if what != "picker":
            return []
        if name == "series" and self.series_picker is not None:
            m = self.series_picker.model
            if m.step == 1:
                joins = [w.rect for w in widgets if w.name.startswith("choice-join")
                         and getattr(w, "oid", None) not in m.joined]
                return joins or [w.rect for n, w in by_name.items() if n == "choice-next"]
            return [w.rect for n, w in by_name.items() if n == "choice-confirm"]
        return [w.rect for n, w in by_name.items() if n in ("fill-confirm", "fill-go")]

    def picker_for(self, d: Any) -> SeriesPicker:
        """The series picker of this decision: kept across rebuilds, new for a new decision."""
        key = (self.session.table.moves(), d.seat)
        if self.series_picker is None or self.series_picker.key != key:
            seat = self.session.seats[d.seat]
            self.series_picker = SeriesPicker(
                key, d, self.session.cardset, seat.colour, COLOUR_KIND[seat.colour],
                [sum(f[1] for f in col) for col in self.cols], lambda: self.app.cards,
                self.apply, self._picker_changed)
        return self.series_picker

    def fill_picker_for(self, d: Any, rehearsal: bool = False) -> FillPicker:
        """The kinds or cards picker of this decision, kept across rebuilds."""
        key = (self.session.table.moves(), d.seat, d.kind)
        if rehearsal or self.fill_picker is None or self.fill_picker.key != key:
            seat = self.session.seats[d.seat]
            view = self.view
            picker = FillPicker(
                key, d, self.session.cardset, COLOUR_KIND[seat.colour],
                [f for col in view.columns for f in col], view.hand, lambda: self.app.cards,
                (lambda c: None) if rehearsal else self.apply,
                (lambda f: None) if rehearsal else self._picker_changed,
                self.session.table.decision)
            if rehearsal:
                return picker
            self.fill_picker = picker
        return self.fill_picker

    def _picker_changed(self, focus: str | None) -> None:
        self.build_widgets()
        if focus:
            self.focus.focus_name(focus)

    def next_page(self) -> None:
        self.page += 1
        self.build_widgets()
        self.focus.focus_name("more")

    # --- painting -------------------------------------------------------------
    def tail_crosses(self, area: pygame.Rect, tail: tuple[int, int]) -> bool:
        return any(col.clipline(area.center, tail) for col in self.L.columns)

    def column_slot(self, k: int, i: int) -> pygame.Rect:
        col = self.L.columns[k]
        head = int(col.h * 0.16)
        cw, ch = layout.card_fit(col.w * 0.8, col.h * 0.5)
        n = max(len(self.cols[k]), i + 1)
        room = col.h - head - ch
        step = min(int(ch * 0.24), room // max(1, n - 1)) if n > 1 else 0
        return pygame.Rect(col.centerx - cw // 2, col.y + head + i * step, cw, ch)

    def guide_rect(self) -> pygame.Rect:
        """The guide speaks over the left of the opponents' row: the columns, the order and
        the answers below stay in view."""
        L = self.L
        top = L.top_bar.bottom + L.margin // 2
        return pygame.Rect(L.margin, top, int(self.size[0] * 0.42), L.middle.y - top - L.margin)

    def order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The hand's order cards and the order being revealed (F1 / right-click explain it)."""
        spots = super().order_spots()
        s = self.session
        if s.viewer is not None and self.hand_area.w > 0:
            # The hand's orders (painted, not widgets): each one's visible part.
            hand = self.hand_faces()
            start = self.hand_start.get(s.viewer, _hand_counts(hand))
            rects = _reveal_hand_rects(self.hand_area.size, hand, start)
            for i, (face, r) in enumerate(zip(hand, rects, strict=True)):
                if face[0] in COLOUR_KIND:
                    r = r.move(self.hand_area.topleft)
                    if i + 1 < len(rects):
                        r.w = max(1, rects[i + 1].x - rects[i].x)
                    spots.append((r, tuple(face)))
        cur = self.current
        if cur is not None and cur.face and cur.face[0] in COLOUR_KIND:
            spots.append((self.order_rect(), tuple(cur.face)))
        return spots

    def order_rect(self) -> pygame.Rect:
        r = self.L.reveal_order
        cw, ch = layout.card_fit(r.w * 0.6, r.h * 0.46)
        return pygame.Rect(r.centerx - cw // 2, r.y + int(r.h * 0.06), cw, ch)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        active = s.table.deciding()
        # The still parts come from one composed frame, painted again (only where they
        # changed) when what they show changes; the moving parts go over it every frame.
        self.draw_static(surface, (s.viewer, self.bottom_seat), self.static_parts(active))
        self.draw_choices(surface)
        self.focus.draw(surface)
        self.draw_thinking(surface)
        self.draw_shown_cards(surface)
        self.draw_flights(surface)
        self.draw_banner(surface)
        self.draw_tooltip(surface)

    def title(self) -> str:
        if self.session.you(self.scorer):
            return _("Round {r}: you reveal the oven", r=self.round)
        return _("Round {r}: {name} reveals the oven", r=self.round,
                 name=self.session.names[self.scorer])

    def still_parts(self) -> list[tuple]:
        return self.static_parts(self.session.table.deciding())

    def static_parts(self, active: int | None) -> list[tuple]:
        """The reveal's still parts, each with a key of everything it shows."""
        L = self.L
        parts = [self.table_part(), self.top_bar_part(self.title())]
        parts += self.seat_parts(active)
        left = max(0, self.total - self.revealed)
        parts.append(("oven", self.oven_rect(left), (left,), self.draw_oven))
        for k, (shown, n, units) in enumerate(self.columns_key()):
            parts.append((f"column{k}", L.columns[k], (shown, n, units),
                          lambda surf, k=k, shown=shown, n=n, u=units: self.draw_column(
                              surf, k, shown, n, u)))
        order_key = self.order_key()
        parts.append(("order", L.reveal_order, order_key,
                      lambda surf: self.draw_order(surf, order_key)))
        if self.session.viewer is not None and self.hand_area.w > 0:
            hand = self.hand_faces()
            parts.append(("hand", self.hand_area, hand,
                          lambda surf: self.draw_hand(surf, hand)))
        return parts

    def draw_shown_cards(self, surface: pygame.Surface) -> None:
        """Cards a seat must show (a block's count, a show order) appear by its panel."""
        if not self.shown_cards or self.t >= self.shown_until:
            return
        rects = self.seat_rects()
        for seat, faces in self.shown_cards.items():
            r = rects.get(seat)
            if r is None:
                continue
            cw, ch = layout.card_size(int(self.size[1] * 0.12))
            step = min(cw + 4, max(8, (r.w - cw) // max(1, len(faces) - 1))) \
                if len(faces) > 1 else cw
            total = cw + step * (len(faces) - 1) if faces else 0
            x = r.centerx - total // 2
            y = r.bottom - ch // 3 if r.centery < self.size[1] // 2 else r.top - ch * 2 // 3
            if not faces:
                t = theme.text(_("none"), int(ch * 0.2), theme.CREAM, bold=True)
                if r.centery < self.size[1] // 2:
                    box = t.get_rect(midtop=(r.centerx, r.bottom + 4)).inflate(12, 6)
                else:
                    box = t.get_rect(midbottom=(r.centerx, r.top - 4)).inflate(12, 6)
                theme.rounded_panel(surface, box, (30, 18, 10, 200), radius=box.h // 2,
                                    shadow=False)
                surface.blit(t, t.get_rect(center=box.center))
                continue
            for i, face in enumerate(faces):
                img = self.app.cards.ingredient(face[0], face[1], (cw, ch))
                shadowed(surface, img, (x + i * step, y), lifted=True)

    def oven_label(self, left: int) -> pygame.Surface:
        r = self.L.reveal_oven
        px = max(11, int(r.h * 0.1))
        return theme.text(ngettext("{n} card left", "{n} cards left", left), px, theme.CREAM,
                          bold=True)

    def oven_rect(self, left: int) -> pygame.Rect:
        """Where the oven pile and its label paint (the pile's edges go right and down)."""
        r = self.L.reveal_oven
        t = self.oven_label(left)
        px = max(11, int(r.h * 0.1))
        label = t.get_rect(midtop=(r.centerx, r.bottom + px // 2))
        return r.inflate(r.w // 2, r.h // 4).union(label.inflate(4, 4))

    def draw_oven(self, surface: pygame.Surface) -> None:
        r = self.L.reveal_oven
        left = max(0, self.total - self.revealed)
        seats.pile(self.app, surface, self.app.cards.ingredient_back(r.size), r, left)
        px = max(11, int(r.h * 0.1))
        t = self.oven_label(left)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.bottom + px // 2)))

    def columns_key(self) -> tuple:
        """Per column: the cards lying there (not those still flying in) and all of them."""
        flying = Counter(f.tag for f in self.anims.flights if f.tag is not None)
        return tuple((tuple(self.cols[k][: len(self.cols[k]) - flying.get(k, 0)]),
                      len(self.cols[k]), sum(f[1] for f in self.cols[k])) for k in range(5))

    def draw_columns(self, surface: pygame.Surface) -> None:
        for k, (shown, n, units) in enumerate(self.columns_key()):
            self.draw_column(surface, k, shown, n, units)

    def draw_column(self, surface: pygame.Surface, k: int, shown: tuple, n: int,
                    units: int) -> None:
        col = self.L.columns[k]
        # The header counts every card of the kind, flying ones too: ``units`` is in the key.
        key = ("column", k, col.size, shown, n, units, id(self.app.cards.painter))
        surf = theme.layer(key, col.size, lambda s: self._paint_column(s, k, shown))
        surface.blit(surf, col.topleft)

    def _paint_column(self, surface: pygame.Surface, k: int, cards: tuple) -> None:
        """One kind's column in local coordinates: header with units, cascaded cards."""
        col = self.L.columns[k]
        kind = KINDS[k]
        local = pygame.Rect(0, 0, col.w, col.h)
        theme.rounded_panel(surface, local, (20, 12, 6, 70), radius=col.w // 10, shadow=False)
        head = int(col.h * 0.16)
        units = sum(f[1] for f in self.cols[k])
        icon = self.app.cards.kind_icon(kind, int(head * 0.7))
        total = theme.text(str(units), int(head * 0.62), theme.CREAM, bold=True)
        wdt = icon.get_width() + 6 + total.get_width()
        x = local.centerx - wdt // 2
        surface.blit(icon, (x, (head - icon.get_height()) // 2))
        surface.blit(total, (x + icon.get_width() + 6, (head - total.get_height()) // 2))
        for i, face in enumerate(cards):
            r = self.column_slot(k, i).move(-col.x, -col.y)
            img = self.app.cards.ingredient(face[0], face[1], r.size)
            shadowed(surface, img, r.topleft)

    def order_key(self) -> tuple:
        """What the order panel shows: the order, its outcome, the notes, whether the card
        is away (flying in, or gone back to its owner)."""
        cur = self.current
        in_flight = cur is not None and any(f.image_key == ("face", cur.face) and f.started
                                            for f in self.anims.flights)
        if cur is not None and self.left_at is not None and self.left_at[0] == cur.face and \
                self.t >= self.left_at[1]:
            in_flight = True  # the card has left for its owner: only the outcome stays
        return (self.L.reveal_order.size, cur.face if cur else None,
                cur.status if cur else None, cur.owner if cur else None, tuple(self.log),
                in_flight)

    def draw_order(self, surface: pygame.Surface, key: tuple | None = None) -> None:
        box = self.L.reveal_order
        key = key or self.order_key()
        in_flight = key[-1]
        surf = theme.layer(("order-panel", id(self.app.cards.painter)) + key, box.size,
                           lambda s: self._paint_order(s, in_flight))
        surface.blit(surf, box.topleft)

    def _paint_order(self, surface: pygame.Surface, in_flight: bool) -> None:
        box = pygame.Rect(0, 0, *self.L.reveal_order.size)
        off = self.L.reveal_order.topleft
        theme.rounded_panel(surface, box, (250, 241, 220, 225), radius=box.w // 12)
        cur = self.current
        r = self.order_rect().move(-off[0], -off[1])
        px = max(12, int(min(box.h * 0.06, box.w * 0.085)))
        if cur is None:
            t = theme.fit_text(_("Orders appear here"), px, box.w - 10, theme.MUTED)
            surface.blit(t, t.get_rect(center=r.center))
            return
        if not in_flight:
            img = self.app.cards.face(cur.face, self.session.cardset, r.size)
            shadowed(surface, img, r.topleft)
        if cur.status and not in_flight:
            # The stamp sits on its own order only, and leaves with it.
            ok = cur.status == "filled"
            stamp = theme.text(_("FILLED") if ok else _("NOT FILLED"), int(r.h * 0.16),
                               theme.CREAM, bold=True)
            sr = stamp.get_rect(center=r.center).inflate(int(r.h * 0.08), int(r.h * 0.03))
            rot = pygame.Surface(sr.size, pygame.SRCALPHA)
            pygame.draw.rect(rot, (*(theme.BASIL if ok else theme.TOMATO), 230), rot.get_rect(),
                             border_radius=sr.h // 4)
            rot.blit(stamp, stamp.get_rect(center=(sr.w // 2, sr.h // 2)))
            rot = pygame.transform.rotate(rot, 12)
            surface.blit(rot, rot.get_rect(center=r.center))
        owner = cur.owner
        y = r.bottom + px // 2
        whose = _("Your order") if self.session.you(owner) else _(
            "{name}'s order", name=self.session.names[owner])
        name = theme.fit_text(whose, px,
                              box.w - px, theme.INK, bold=True)
        surface.blit(name, (box.x + px // 2, y))
        y += name.get_height()
        try:
            spec = self.session.cardset.order(cur.face[1])
            expl = spec_explain(spec, COLOUR_KIND[cur.face[0]])
        except (KeyError, AttributeError):
            expl = ""
        text_box = pygame.Rect(box.x + px // 2, y, box.w - px, box.bottom - y - px // 2)
        head = [expl] if expl else []
        log = self.log[-3:]
        # The oldest line of the log gives way when a longer language needs the room.
        while log and not theme.wrapped_fits("\n".join(head + log), text_box, int(px * 0.85)):
            log = log[1:]
        theme.draw_wrapped(surface, "\n".join(head + log), text_box, int(px * 0.85),
                           theme.WALNUT)

    def hand_faces(self) -> tuple:
        return tuple(sorted(self.show.hand,
                            key=lambda f: (f[0] not in KINDS, str(f[0]), f[1])))

    def draw_hand(self, surface: pygame.Surface, hand: tuple | None = None) -> None:
        s = self.session
        if s.viewer is None or self.hand_area.w <= 0:
            return
        hand = hand if hand is not None else self.hand_faces()
        area = self.hand_area
        # The cards keep the size they had when the reveal began (a hand only shrinks
        # during a reveal): no card is rendered at a new size when one leaves the hand.
        start = self.hand_start.setdefault(s.viewer, _hand_counts(hand))
        key = ("reveal-hand", area.size, hand, start, id(self.app.cards.painter))

        def paint(surf: pygame.Surface) -> None:
            rects = _reveal_hand_rects(area.size, hand, start)
            for face, r in zip(hand, rects, strict=True):
                img = self.app.cards.face(face, s.cardset, r.size, s.cardset.scorer_name)
                shadowed(surf, img, r.topleft)

        surface.blit(theme.layer(key, area.size, paint), area.topleft)

    def draw_prompt(self, surface: pygame.Surface, prompt: str) -> None:
        """The question above the choices, on its panel."""
        box = _prompt_box(self.choice_area)

        def paint(surf: pygame.Surface) -> None:
            local = pygame.Rect(0, 0, box.w, box.h)
            theme.rounded_panel(surf, local, (250, 241, 220, 235), radius=box.h // 5,
                                shadow=False)
            theme.draw_wrapped(surf, prompt, local.inflate(-box.h // 3, -box.h // 6),
                               int(box.h * 0.3), theme.INK, bold=True)
        surface.blit(theme.layer(("prompt", box.size, prompt), box.size, paint), box.topleft)

    def sfx(self, name: str) -> None:
        if not self.rehearsal:
            super().sfx(name)

    def warm_ahead(self) -> None:
        """Rehearse off screen what the show is about to paint: the next few events (a
        copy of this scene takes them and paints its still parts, the announcement and
        any shown cards onto the scratch surface), and a person's decision still behind
        the show (its prompt and widgets)."""
        from solemio import i18n

        s = self.session
        table = s.table
        key = (table.moves(), s.viewer, self.size, id(self.app.cards.painter),
               i18n.language())
        warmer = self.app.warmer
        if key != self.warm_key:
            self.warm_key = key
            self.stage_copy = None
            warmer.discard("show")
            d = table.decision()
            if d is None or s.person_to_decide() != d.seat or d.kind not in REVEAL_KINDS:
                warmer.discard("decision")
            else:
                warmer.add("decision", [lambda: self.plan_decision(d)])
        if self.skip or warmer.pending("show"):
            return
        # The copy stays at most SHOW_AHEAD events ahead of the show: further ahead, its
        # layers would push out of the cache the ones the next frames need.
        copy_at = self.stage_copy[1] if self.stage_copy is not None else -1
        if copy_at < s.cursor:
            self.stage_copy = (self.copy_for_rehearsal(), s.cursor)
            copy_at = s.cursor
        if copy_at - s.cursor >= SHOW_AHEAD:
            return
        ahead = table.events(copy_at)[:1]
        rs = self.stage_copy[0]
        deciding = table.deciding()
        if ahead:
            if ahead[0]["type"] in ("new-round", "game-over"):
                return
            self.stage_copy = (rs, copy_at + 1)
            # Before the decision's prompt and buttons: the show needs these first.
            warmer.add("show", [lambda: rs.rehearse_event(ahead[0], deciding)], first=True)
            return
        # The feed is rehearsed to its end; then what the pending decision brings: a
        # computer's answer is known before it is shown, a person's is one of the choices.
        if deciding is None or self.spec_key == key:
            return
        d = table.decision()
        if not s.is_person(deciding):
            pend = self._pending
            if pend is None or pend[0] != (table.moves(), deciding):
                return  # still thinking: look again next frame
            choices = [pend[1]]
        elif d is not None and s.person_to_decide() == d.seat and len(d.choices) <= SPECULATE:
            choices = list(d.choices)
        else:
            choices = []
        self.spec_key = key
        warmer.add("show", [lambda c=c: rs.rehearse_choice(c) for c in choices])

    def rehearse_choice(self, choice: tuple) -> None:
        """(A rehearsal copy) what the show will paint if ``choice`` is made: the first
        event it brings (shown in the very frame the choice is made; the next ones are
        rehearsed from the feed as usual), on a clone of the game (then thrown away)."""
        preview = self.session.table.preview(choice)
        if preview is None:
            return
        events, deciding = preview
        events = [e for e in events[:1] if e["type"] not in ("new-round", "game-over")]
        rs = self.copy_for_rehearsal()
        self.app.warmer.then([lambda e=e: rs.rehearse_event(e, deciding) for e in events])

    def answer_ready(self, dt: float) -> bool:
        """A computer's answer waits (ANSWER_WAIT at most) while what it brings is being
        rehearsed, when frames are being drawn; at once when they are not (tests)."""
        drawn = self.app.frames != self.answer_wait[1]
        waited = self.answer_wait[0] + dt
        self.answer_wait = (waited, self.app.frames)
        if not drawn or waited >= ANSWER_WAIT or self.skip or (
                self.spec_key == self.warm_key and not self.app.warmer.pending("show")):
            self.answer_wait = (0.0, -1)
            return True
        return False

    def copy_for_rehearsal(self) -> RevealScene:
        """This scene's state as it is now, in a copy that takes events without being seen
        (its own columns, order, notes, counts; no flights, no sounds)."""
        rs = copy.copy(self)
        rs.rehearsal = True
        rs._show = self.show
        rs._shown_key = None
        rs.anims = Animations()
        rs.banner = None
        rs.skip = False
        return rs

    def rehearse_event(self, ev: dict, active: int | None) -> None:
        """(A rehearsal copy) take ``ev`` into its own show state and queue painting what
        the frames showing it paint: the still parts while its cards fly and after they
        land, the order panel with its card there and away, the announcement, the shown
        cards.  ``active``: the seat deciding when the feed has caught up."""
        surf = warm.scratch()
        self.anims.clear()
        self._show = show_state.step(self.show, ev)
        self._shown_key = None
        self.on_event(ev)
        steps: list[Callable[[], None]] = []

        def parts_now() -> None:
            for name, _rect, key, paint in self.static_parts(active)[1:]:
                if name == "order":
                    steps.extend(lambda v=v, key=key: self.draw_order(surf, key[:-1] + (v,))
                                 for v in (False, True))
                else:
                    steps.append(lambda paint=paint: paint(surf))

        parts_now()  # cards in flight (the columns' headers already count them)
        self.anims.clear()
        parts_now()  # landed
        if self.banner is not None:
            self.banner["t"] = min(0.2, self.banner["dur"] / 2)
            banner = dict(self.banner)

            def say() -> None:
                keep = self.banner
                self.banner = banner
                try:
                    self.draw_banner(surf)
                finally:
                    self.banner = keep
            steps.append(say)
        if self.shown_cards and self.t < self.shown_until:
            steps.append(lambda: self.draw_shown_cards(surf))
        self.app.warmer.then(steps)

    def plan_decision(self, d: Any) -> None:
        """Queue steps painting ``d``'s prompt and widgets (the first one focused, as
        build_widgets leaves it) onto the scratch surface.  A series gets a picker of its
        own, so the real one starts fresh."""
        surf = warm.scratch()
        area = self.choice_area
        ph = int(area.h * 0.3)
        grid_area = pygame.Rect(area.x, area.y + ph, area.w, area.h - ph)
        if d.kind == "series":
            seat = self.session.seats[d.seat]
            picker = SeriesPicker(
                ("rehearsal",), d, self.session.cardset, seat.colour, COLOUR_KIND[seat.colour],
                [sum(f[1] for f in col) for col in self.cols], lambda: self.app.cards,
                lambda c: None, lambda f: None)
            prompt = picker.prompt()
            widgets = picker.widgets(grid_area, self.size)
        elif d.kind in FILL_KINDS:
            fp = self.fill_picker_for(d, rehearsal=True)
            prompt = fp.prompt()
            widgets = fp.widgets(grid_area, self.size)
        else:
            page = self.page
            self.page = 0
            try:
                prompt = self.prompt_for(d)
                widgets = self.choice_buttons(d)
            finally:
                self.page = page
        steps: list[Callable[[], None]] = [lambda: self.draw_prompt(surf, prompt)]
        for i, w in enumerate(widgets):
            steps.append(lambda w=w, first=(i == 0): w.draw(surf, first, False))
        self.app.warmer.add("decision", steps)

    def draw_choices(self, surface: pygame.Surface) -> None:
        area = self.choice_area
        d = self.my_decision()
        ph = int(area.h * 0.3)
        box = pygame.Rect(area.x, area.y, area.w, ph - 6)
        if d is not None and self.prompt:
            self.draw_prompt(surface, self.prompt)
            return
        deciding = self.session.table.deciding()
        if deciding is None:
            return
        if self.hold > 0 or self.session.new_events():
            return
        who = self.session.names[deciding]
        t = theme.fit_text(_("{name} is deciding…", name=who), int(box.h * 0.4), box.w,
                           theme.CREAM, bold=True)
        surface.blit(t, t.get_rect(center=box.center))


def _prompt_box(area: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(area.x, area.y, area.w, int(area.h * 0.3) - 6)


def _hand_counts(hand: tuple) -> tuple[int, int]:
    """(ingredient cards, order cards) in ``hand``."""
    n_i = sum(1 for f in hand if f[0] in KINDS)
    return n_i, len(hand) - n_i


def _reveal_hand_rects(size: tuple[int, int], hand: tuple,
                       start: tuple[int, int] | None = None) -> list[pygame.Rect]:
    """The hand during a reveal: ingredients spread out (they are what is asked for),
    orders tucked behind them at the right.  The cards are sized for the hand the reveal
    began with (``start``: its counts), smaller only if this hand needs it."""
    w, h = size
    cw, ch = layout.card_size(int(h * 0.92))
    n_i, n_o = _hand_counts(hand)
    if start is not None and start != (n_i, n_o):
        cw, ch = _fit_hand(w, cw, ch, *start)[:2]
    cw, ch, step_i, step_o = _fit_hand(w, cw, ch, n_i, n_o)
    rects = []
    x = 0.0
    for face in hand:
        rects.append(pygame.Rect(int(x), h - ch, cw, ch))
        x += step_i if face[0] in KINDS else step_o
    return rects


def _fit_hand(w: int, cw: int, ch: int, n_i: int, n_o: int) -> tuple[int, int, float, float]:
    """From a (cw, ch) card down: the card size and the steps between ingredient cards and
    between order cards that let a hand of these counts fit ``w``."""
    step_i, step_o = cw * 1.06, cw * 0.34
    for _attempt in range(40):
        gaps_i = n_i if n_o else max(0, n_i - 1)
        total = cw + gaps_i * step_i + max(0, n_o - 1) * step_o
        if total <= w:
            break
        if step_i > cw * 0.62:
            step_i = max(cw * 0.62, step_i * 0.92)
        else:
            cw, ch = int(cw * 0.93), int(ch * 0.93)
            step_i, step_o = cw * 0.62, cw * 0.3
    return cw, ch, step_i, step_o


def _faces_to_cards(faces: list) -> list[tuple]:
    c: dict[str, list[int]] = {}
    for kind, units in faces:
        c.setdefault(kind, [0, 0])[0 if units == 1 else 1] += 1
    return [(k, s, d) for k, (s, d) in c.items()]


def _card_name(face: tuple) -> str:
    return a_card(face[0], face[1] == 2)


def _plural(kind: str) -> str:
    from solemio.ui.texts import kind_plural

    return kind_plural(kind)


# --- warm-up: the reveal rehearsed off screen while the table still shows ----------------------

def rehearsal(app: Any, session: Any, ev: dict | None) -> RevealScene:
    """A reveal scene laid out for the window but never shown: its painters say exactly
    which pictures and layers the real reveal will need, at which sizes."""
    show = session.show
    if ev is not None:
        # The round's end still lies ahead in the feed: the show as it will stand then.
        for e in session.new_events():
            show = show_state.step(show, e)
            if e["type"] == "round-end":
                break
    rs = RevealScene(app, session, ev, rehearsal=True, show=show)
    rs.layout(app.size)
    return rs


def picture_steps(rs: RevealScene) -> list[Callable[[], None]]:
    """Steps that render the pictures a reveal shows as it goes: each ingredient at its
    column size, the oven's back, and for every order played this round (public: it
    went into the oven face up) its face in the order panel and in its owner's panel
    (where it lands when filled) and its back as it leaves the oven."""
    app, s = rs.app, rs.session
    cs = s.cardset
    oven = tuple(rs.L.reveal_oven.size)
    col = tuple(rs.column_slot(0, 0).size)
    panel = tuple(rs.order_rect().size)
    rects = rs.seat_rects()
    wanted: list[tuple] = [("back", oven)]
    wanted += [("face", (k, u), col) for k in KINDS for u in (1, 2)]
    for h in rs.show.history:
        if h[0] != "order" or not 0 <= h[1] < len(s.seats):
            continue
        seat = h[1]
        face = (s.seats[seat].colour, h[2])
        wanted += [("face", face, panel), ("oback", face[0], oven)]
        r = rects.get(seat)
        if r is not None:
            wanted += [("face", face, size)
                       for size in seats.panel_card_sizes(r, seat != s.viewer)]
    steps: list[Callable[[], None]] = []
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


def first_frame_steps(rs: RevealScene) -> list[Callable[[], None]]:
    """Steps that paint the reveal's first frames onto a scratch surface: every still
    part but the table (the hand, the seat panels, the columns, the order panel, the
    oven, the title), the opening announcement and the buttons."""
    surf = warm.scratch()
    active = rs.session.table.deciding()
    steps: list[Callable[[], None]] = []
    for part in rs.static_parts(active)[1:]:  # the table is cached apart, at the window's size
        steps.append(lambda paint=part[3]: paint(surf))

    def banner() -> None:
        if rs.banner is not None:
            # Its first frame is transparent; paint it as the next frames show it.
            rs.banner["t"] = min(0.2, rs.banner["dur"] / 2)
            rs.draw_banner(surf)

    steps.append(banner)
    steps.append(lambda: rs.focus.draw(surf))
    return steps
