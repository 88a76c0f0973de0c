"""The table during the turns: your hand, the oven, the supply, every seat.

A turn: select ingredient cards of one kind (click, or arrows + Enter), and
optionally one order; confirm; then choose the supply or your order stack.
An illegal selection is explained on the message line.  The oven shows only
its top card and its height: remembering what went in is the game.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import forced_play_text, said
from solemio.i18n import _, data_text, ngettext
from solemio.show.director import REVEAL_KINDS
from solemio.show.pacing import LEAD_IN, PERSON_FACTOR, Pace, turn_hold
from solemio.texts import (
    COLOUR_KIND,
    KINDS,
    announcement,
    kind_name,
    order_name,
    play_refusal,
    spec_explain,
    spec_name,
)
from solemio.ui import layout, theme
from solemio.ui.anim import Flight
from solemio.ui.cards import shadowed
from solemio.ui.play import PlayScene
from solemio.ui.table import seats
from solemio.ui.table.reveal import rehearsal
from solemio.ui.widgets import Button, Widget


def sort_hand(hand: tuple) -> list[tuple]:
    """Ingredients by kind then singles before doubles, then orders: a stable, readable fan."""
    def key(face: tuple) -> tuple:
        if face[0] in KINDS:
            return (0, KINDS.index(face[0]), face[1], "")
        return (1, 0, 0, str(face[1]))
    return sorted(hand, key=key)


class HandCard(Widget):
    """One card of the hand: click or Enter toggles its selection."""

    def __init__(self, scene: TableScene, index: int, face: tuple, rect: pygame.Rect,
                 tooltip: str, draw_rect: pygame.Rect | None = None) -> None:
        super().__init__(f"hand{index}", rect, tooltip)
        self.draw_rect = pygame.Rect(draw_rect or rect)
        self.scene = scene
        self.index = index
        self.face = face

    def activate(self) -> None:
        self.scene.toggle(self.index)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        sc = self.scene
        selected = self.index in sc.selected
        r = pygame.Rect(self.draw_rect)
        lift = int(r.h * 0.14) if selected else (int(r.h * 0.04) if (focused or hovered) else 0)
        r.y -= lift
        img = sc.app.cards.face(self.face, sc.session.cardset, r.size,
                                sc.session.cardset.scorer_name)
        shadowed(surface, img, r.topleft, lifted=selected)
        if not self.enabled:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (20, 10, 0, 70), veil.get_rect(),
                             border_radius=max(2, int(r.w * 0.06)))
            surface.blit(veil, r.topleft)
        if selected:
            pygame.draw.rect(surface, theme.BASIL, r.inflate(6, 6), width=max(3, r.w // 30),
                             border_radius=max(4, int(r.w * 0.08)))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(10, 10), width=max(2, r.w // 40),
                             border_radius=max(4, int(r.w * 0.09)))


class PileTarget(Widget):
    """A pile that can be clicked (the supply while drawing); the buttons stay the
    keyboard's way, so this takes no focus."""

    focusable = False

    def __init__(self, name: str, rect: pygame.Rect, action, tooltip: str) -> None:
        super().__init__(name, rect, "")
        self.action = action

    def activate(self) -> None:
        self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        r = self.rect.inflate(10, 10)
        pygame.draw.rect(surface, theme.GOLD if hovered else theme.BASIL, r,
                         width=max(3, r.w // 30), border_radius=max(6, r.w // 12))


REVEAL_WAIT = 0.5  # seconds the oven's turning may wait for the reveal's pictures


class TableScene(PlayScene):
    def __init__(self, app: Any, session: Any) -> None:
        self.selected: set[int] = set()
        self.hand: list[tuple] = []
        self._focus_decision: tuple | None = None
        self.turn_confirmed = False
        self.drag: bool | None = None
        self.warm_key: tuple | None = None  # what the queued warm-up was planned for
        # The round is over but the reveal waits for its pictures: (event, seconds waited,
        # frames drawn when last looked).
        self.reveal_wait: tuple[dict, float, int] | None = None
        super().__init__(app, session)
        if session.cue().what == "computer":
            # The first computer move waits until the table has been on screen a moment.
            self.hold = LEAD_IN

    def on_enter(self) -> None:
        self.build_widgets()
        if self.session.show.phase == "reveal":
            # A game resumed in the middle of a reveal: the reveal comes back as it stood.
            self.start_reveal(None)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Click a card to select it, or press and drag across several ingredient cards."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.focus.at(event.pos)
            w = self.focus.widgets[i] if i >= 0 else None
            self.drag = None
            if isinstance(w, HandCard) and w.face[0] in KINDS:
                self.drag = w.index not in self.selected  # the state dragged cards take
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        elif event.type == pygame.MOUSEMOTION and getattr(self, "drag", None) is not None:
            if event.buttons and event.buttons[0]:
                i = self.focus.at(event.pos)
                w = self.focus.widgets[i] if i >= 0 else None
                if isinstance(w, HandCard) and w.face[0] in KINDS and w.enabled and \
                        (w.index in self.selected) != self.drag:
                    self.toggle(w.index)
            else:
                self.drag = None
        return super().handle_event(event)

    def on_resume(self) -> None:
        self.layout(self.app.size)

    def on_exit(self) -> None:
        # Leaving the table (to the title, or a new game): stop any computer thinking.
        self.thinker.cancel()

    # --- flow -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.reveal_wait is None:
            super().update(dt)
            return
        # The round is over: the oven is turned over as soon as the reveal's pictures are
        # ready (made a bounded amount per frame, see warm_ahead), or after REVEAL_WAIT
        # seconds at most, or at once when no frames are being drawn (tests).
        self.tick_effects(dt)
        ev, waited, frames = self.reveal_wait
        waited += dt
        self.app.warmer.urgent = True  # at least one step a frame, however busy
        if not self.app.warmer.pending("reveal") or self.app.frames == frames or \
                waited >= REVEAL_WAIT:
            self.reveal_wait = None
            self.start_reveal(ev)
        else:
            self.reveal_wait = (ev, waited, self.app.frames)

    def warm_ahead(self) -> None:
        """Rehearse the coming reveal off screen: its pictures as the round's orders go
        into the oven, its first frame once the round's end lies ahead in the feed."""
        from solemio import i18n

        s = self.session
        key = (s.table.moves(), s.viewer, self.size, id(self.app.cards.painter),
               i18n.language(), self.reveal_wait is not None)
        if key == self.warm_key:
            return
        self.warm_key = key
        self.app.warmer.add("reveal", [self.plan_reveal])

    def plan_reveal(self) -> None:
        """The first warm-up step: the show as it will stand when the oven is turned over
        (a future show state, solemio.show.ahead) and the steps painting it as the reveal
        will (ui/table/reveal/rehearsal.py): its first frame once the round's end lies
        ahead in the feed, its pictures meanwhile."""
        s = self.session
        if self.reveal_wait is not None:
            ev = self.reveal_wait[0]
        else:
            ev = next((e for e in s.new_events() if e["type"] == "round-end"), None)
        stage, show, first = rehearsal.first_frame(self.app, s, ev, self.bottom_seat)
        steps = rehearsal.picture_steps(stage, show)
        if ev is not None:
            steps = first + steps
        else:
            steps = self.picture_steps() + steps
        self.app.warmer.add("reveal", steps)

    def picture_steps(self) -> list:
        """The table's own coming pictures: every ingredient as it lands on the oven, and
        the kind's picture in an announcement (by the table, and by the one at the screen)."""
        cards = self.app.cards
        oven = tuple(self.L.oven.size)
        steps: list = [lambda k=k, u=u: cards.ingredient(k, u, oven)
                       for k in KINDS for u in (1, 2)]
        for area in (self.L.announce, self.L.me_announce):
            if area.h > 0:
                steps += [lambda k=k, px=int(area.h * 0.6): cards.kind_icon(k, px)
                          for k in KINDS]
        return steps

    def pace(self, seat: int | None) -> float:
        p = self.app.settings.pace
        return p if seat is None or not self.session.is_person(seat) else p * PERSON_FACTOR

    def hold_for(self, ev: dict) -> float:
        seat = ev.get("seat")
        return turn_hold(ev, Pace(pace=self.app.settings.pace),
                         seat is not None and self.session.is_person(seat))

    def on_event(self, ev: dict) -> float:
        t = ev["type"]
        s = self.session
        names = s.names
        rects = self.seat_rects()
        if t == "turn":
            self.turn_seat = ev["seat"]
            if ev["seat"] != self.session.viewer:
                self.selected.clear()
            self.build_widgets()
            return 0.0
        if t == "play":
            seat = ev["seat"]
            face = (ev["kind"], 2 if ev["doubles"] else 1)
            n = ev["singles"] + ev["doubles"]
            hold = self.hold_for(ev)
            # The seat held one ingredient card only (the show has taken it already):
            # the play was forced.  The person at the screen is told, not surprised.
            forced = s.show.seats[seat].ingredients + n == 1
            if forced and seat == s.viewer and s.is_person(seat):
                self.say(seat, [names[seat], forced_play_text(ev)], self.pace(None) * 2.0,
                         icon_kind=ev["kind"])
                hold = self.pace(None) * 1.6
            else:
                self.say(seat, [names[seat], said(ev, s.cardset, s.you(seat))], self.pace(seat) * 1.4,
                         icon_kind=ev["kind"])
            start = rects.get(seat, self.L.me)
            for i in range(n):
                self.anims.add(Flight(("face", face), _card_in(start, self.L.oven.size),
                                      pygame.Rect(self.L.oven), 0.28, delay=0.06 * i,
                                      tag="oven"))
            self.sfx("play")
            return hold
        if t == "order":
            seat = ev["seat"]
            face = tuple(ev["order"])
            # Order cards are played face up: the order is named in full.
            self.say(seat, [names[seat], said(ev, s.cardset, s.you(seat))], self.pace(seat) * 1.4)
            self.anims.add(Flight(("face", face), _card_in(rects.get(seat, self.L.me),
                                                            self.L.oven.size),
                                  pygame.Rect(self.L.oven), 0.28, tag="oven"))
            self.sfx("play")
            return self.hold_for(ev)
        if t == "pass":
            seat = ev["seat"]
            if seat == s.viewer and s.is_person(seat):
                self.say(seat, [names[seat], _("You hold no ingredient cards, so you pass.")],
                         self.pace(None) * 2.0)
                return self.pace(None) * 1.6
            self.say(seat, [names[seat], said(ev, s.cardset, s.you(seat))], self.pace(seat))
            return self.hold_for(ev)
        if t == "draw":
            seat = ev["seat"]
            src = self.L.supply if ev["source"] == "supply" else rects.get(seat, self.L.me)
            dest = rects.get(seat, self.L.me)
            if seat == s.viewer:
                dest = self.L.hand
            key = ("back",) if ev["source"] == "supply" else ("oback", s.seats[seat].colour)
            for i in range(ev.get("count", 0)):
                self.anims.add(Flight(key, pygame.Rect(src), _card_in(dest, (src.w // 2,
                                                                             src.h // 2)),
                                      0.3, delay=0.05 * i))
            if ev.get("count"):
                self.sfx("draw")
            return self.hold_for(ev)
        if t == "scorer-drawn":
            seat = ev["seat"]
            card = data_text(self.session.cardset.scorer_name)
            self.say(seat, [names[seat], _("draw the {card} card!", card=card) if s.you(seat)
                            else _("draws the {card} card!", card=card)],
                     self.pace(None) * 1.6)
            self.sfx("scorer")
            return self.hold_for(ev)
        if t == "round-end":
            # Shown from update once its first frame is rehearsed; holding the stage
            # keeps the reveal's events for the reveal.
            self.reveal_wait = (ev, 0.0, self.app.frames)
            return 1e-6
        if t == "game-over":
            self.finish(ev)
            return 0.0
        return 0.0

    def start_reveal(self, ev: dict | None) -> None:
        self.selected.clear()
        # Nothing of the turns floats over the table when it comes back after the reveal.
        self.banner = None
        self.anims.clear()
        self.app.manager.open("reveal", self.session, ev)
        s = self.session
        if ev is not None and self.app.settings.memory_training and s.persons and \
                s.memory.ask(ev["round"]):
            # Memory training: the people estimate the oven before it is turned over.
            self.app.manager.open("estimate", s, ev["round"])

    def finish(self, ev: dict) -> None:
        self.app.manager.swap("game-over", self.session, ev)

    def on_decision(self, d: Any) -> None:
        if d.kind == "order" and self.turn_confirmed:
            self.turn_confirmed = False
            self.apply(("no-order",))
            return
        if d.kind in REVEAL_KINDS:
            self.start_reveal(None)
            return
        if d.kind == "play":
            self.selected.clear()
        self.build_widgets()

    # --- the person's turn ----------------------------------------------------
    def toggle(self, index: int) -> None:
        d = self.my_decision()
        if d is None or d.kind not in ("play", "order"):
            self.error = _("Wait for your turn.") if d is None else ""
            return
        face = self.hand[index]
        if index in self.selected:
            self.selected.discard(index)
        else:
            if face[0] not in KINDS:
                # At most one order: a second one replaces the first.
                self.selected = {i for i in self.selected if self.hand[i][0] in KINDS}
            elif d.kind == "order":
                self.error = _("Your ingredients are played; choose an order or none.")
                return
            self.selected.add(index)
        self.error = ""
        self.check_selection()
        self.build_widgets()

    def selection(self) -> tuple[list[tuple], tuple | None]:
        ing = [self.hand[i] for i in sorted(self.selected) if self.hand[i][0] in KINDS]
        orders = [self.hand[i] for i in sorted(self.selected) if self.hand[i][0] not in KINDS]
        return ing, (orders[0] if orders else None)

    def check_selection(self) -> str | None:
        """Explain what is wrong with the current selection (None when it can be played)."""
        d = self.my_decision()
        if d is None:
            return _("Wait for your turn.")
        ing, order = self.selection()
        if d.kind == "order":
            return None
        choice, why = self.session.table.check_play(ing)
        if choice is None:
            return play_refusal(why)
        return None

    def play_refusal(self) -> str:
        """Why Play is grey, in words (shown when it is clicked, and under an order
        selected on its own)."""
        ing, order = self.selection()
        if not ing and order is not None:
            return _("Play stays grey: an order goes into the oven after ingredients. Select "
                     "ingredient cards of one kind as well.")
        return self.check_selection() or ""

    def confirm(self) -> None:
        d = self.my_decision()
        if d is None:
            self.error = _("Wait for your turn.")
            return
        ing, order = self.selection()
        if d.kind == "play":
            choice, why = self.session.table.check_play(ing)
            if choice is None:
                self.error = play_refusal(why)
                return
            self.apply(choice)
            if self.error:
                return
            d2 = self.session.table.decision()
            if d2 is not None and d2.kind == "order" and d2.seat == d.seat:
                self.apply(("order", order[1]) if order else ("no-order",))
            self.selected.clear()
            self.build_widgets()
            return
        if d.kind == "order":
            self.apply(("order", order[1]) if order else ("no-order",))
            self.selected.clear()
            self.build_widgets()

    def no_order(self) -> None:
        self.selected = {i for i in self.selected if self.hand[i][0] in KINDS}
        self.confirm()

    def clear(self) -> None:
        self.selected.clear()
        self.error = ""
        self.build_widgets()

    def draw_from(self, source: str) -> None:
        d = self.my_decision()
        if d is None or d.kind != "draw":
            return
        self.apply(("draw", source))

    def order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The hand's order cards and an order on top of the oven (its face is public)."""
        spots = super().order_spots()
        top = self.session.show.oven_top
        if top is not None and tuple(top)[0] in COLOUR_KIND:
            spots.append((pygame.Rect(self.L.oven), tuple(top)))
        return spots

    # --- widgets --------------------------------------------------------------
    def build_widgets(self) -> None:
        L = self.L
        widgets: list[Widget] = []
        s = self.session
        view = self.view = s.view()
        viewer = s.viewer
        d = self.my_decision()
        self.message = ""
        # The hand as far as the show has got (a card drawn appears as it lands).
        new_hand = sort_hand(s.show.hand) if viewer is not None else []
        if new_hand != self.hand:
            self.selected.clear()
        self.hand = new_hand
        rects = layout.fan_of_cards(L.hand, len(self.hand), L.hand_card_h, arc=0.05)
        own_kind = COLOUR_KIND[s.seats[viewer].colour] if viewer is not None else "olive"
        for i, (face, (dr, r)) in enumerate(zip(self.hand, rects, strict=True)):
            tip = ""
            if face[0] not in KINDS:
                spec = s.cardset.order(face[1])
                tip = _("{name}: {explanation}", name=spec_name(spec),
                        explanation=spec_explain(spec, own_kind))
            card = HandCard(self, i, face, r, tip, dr)
            if d is not None and d.kind == "order" and face[0] in KINDS:
                card.enabled = False
            widgets.append(card)
        ab = L.action_buttons
        if d is not None and d.kind == "play":
            ing, order = self.selection()
            why = self.check_selection()
            play = Button("confirm", _("Play"), self.confirm, ab[1], style="good")
            play.enabled = why is None
            widgets.append(play)
            widgets.append(Button("clear", _("Clear"), self.clear, ab[2], style="secondary"))
            play.refused = lambda: setattr(self, "error", self.play_refusal())
            if not ing and order is not None:
                self.message = self.play_refusal()
            elif not ing:
                self.message = _("Your turn: select ingredient cards of one kind, and an order "
                                 "if you like, then Play.")
            elif why is None:
                self.message = _("You will announce: {what}",
                                 what=announcement(*_choice_of(ing)[1:]))
                if order is not None:
                    self.message += "  +  " + _("order: {name}",
                                                name=order_name(s.cardset, order[1]))
            else:
                self.message = why
        elif d is not None and d.kind == "order":
            ing, order = self.selection()
            b = Button("confirm", _("Play this order"), self.confirm, ab[1], style="good")
            b.enabled = order is not None
            widgets.append(b)
            widgets.append(Button("no-order", _("No order"), self.no_order, ab[2],
                                  style="secondary"))
            self.message = _("Add one of your orders to the oven, or none.")
        elif d is not None and d.kind == "draw":
            info = view.seats[viewer]
            for i, ch in enumerate(d.choices):
                if ch[1] == "supply":
                    label = _("Supply ({n})", n=view.supply)
                else:
                    label = _("My orders ({n})", n=info.stack)
                widgets.append(Button("draw-" + ch[1], label,
                                      lambda src=ch[1]: self.draw_from(src), ab[1 + i],
                                      style="good" if i == 0 else "primary"))
                if ch[1] == "supply":
                    # The pile itself can be clicked too, as at a real table.
                    widgets.append(PileTarget("pile-supply", L.supply,
                                              lambda: self.draw_from("supply"), label))
            need = 7 - len(view.hand)
            self.message = ngettext("Draw {n} card: from the supply or from your order stack.",
                                    "Draw {n} cards: from the supply or from your order stack.",
                                    need)
        widgets.extend(self.common_widgets())
        # The focus stays on its widget only within one decision: a hand card clicked
        # while playing must not keep the focus when the draw comes, or Enter would
        # press a card instead of the supply.
        kind = None if d is None else (d.seat, d.kind)
        self.focus.set(widgets, keep=kind == self._focus_decision)
        self._focus_decision = kind
        if self.focus.focus < 0 and d is not None:
            self.focus.focus_name("confirm")
            if self.focus.focus < 0:
                self.focus.focus_name("draw-supply")

    # --- painting -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        # The still parts (table, title, seat panels, piles, the hand) from the composed
        # frame, painted again only where they changed (a card lifting under the mouse
        # too); the buttons, the flights and the announcement go over it every frame.
        self.draw_static(surface, (s.viewer, self.bottom_seat), self.static_parts())
        fg = self.focus
        for i, w in enumerate(fg.widgets):  # the hand is in the still frame
            if w.visible and not isinstance(w, HandCard):
                w.draw(surface, i == fg.focus, i == fg.hover)
        if self.bottom_seat is not None and s.viewer is None:
            r = self.L.hand
            t = theme.fit_text(_("Hands are hidden until the next person takes the screen."),
                               int(r.h * 0.1), r.w, theme.CREAM_DARK)
            surface.blit(t, t.get_rect(center=r.center))
        self.draw_message(surface)
        self.draw_thinking(surface)
        self.draw_said(surface)
        self.draw_flights(surface)
        self.draw_banner(surface)
        self.draw_tooltip(surface)

    def draw_said(self, surface: pygame.Surface) -> None:
        """Each seat's words on its latest turn stay readable beside its panel until it
        plays again (the bubble shows them as they are said)."""
        s = self.session
        show = s.show
        speaking = self.banner["seat"] if self.banner is not None else None
        mid = self.size[1] // 2
        for seat, r in self.seat_rects().items():
            if seat == speaking or seat >= len(show.said) or not show.said[seat]:
                continue
            text = " · ".join(filter(None, (said(dict(e), s.cardset, s.you(seat)) for e in show.said[seat])))
            if not text:
                continue
            px = max(12, int(self.size[1] * 0.019))
            width = max(r.w, int(self.size[0] * 0.18)) - px
            lines = theme.wrap(text, px, width)
            if len(lines) > 2:  # two lines at most; the second one shrinks to fit
                lines = lines[:1] + [" ".join(lines[1:])]
            surfs = [theme.fit_text(line, px, width, theme.CREAM) for line in lines]
            lh = theme.font(px).get_linesize()
            box = pygame.Rect(0, 0, max(t.get_width() for t in surfs) + px,
                              lh * len(surfs) + px // 2)
            if r.centery < mid:
                box.midtop = (r.centerx, r.bottom + px // 2)
            else:
                box.bottomleft = (r.x, r.top - px // 2)
            box.clamp_ip(surface.get_rect())
            theme.rounded_panel(surface, box, (30, 18, 10, 170), radius=px // 2, shadow=False)
            y = box.y + px // 4
            for t in surfs:
                surface.blit(t, (box.x + px // 2, y))
                y += lh

    def title(self) -> str:
        s = self.session
        turn = self.turn_seat
        title = _("Round {r} of {n}", r=s.show.round, n=s.show.rounds)
        if 0 <= turn < len(s.seats):
            title += "  ·  " + (_("Your turn") if s.you(turn)
                               else _("{name}'s turn", name=s.names[turn]))
        return title

    def still_parts(self) -> list[tuple]:
        return self.static_parts()

    def static_parts(self) -> list[tuple]:
        """The table's still parts, each with a key of everything it shows."""
        s = self.session
        L = self.L
        parts = [self.table_part(), self.top_bar_part(self.title())]
        parts += self.seat_parts(self.turn_seat)
        # The piles as far as the show has got (the engine may be a turn ahead).
        top = tuple(s.show.oven_top) if s.show.oven_top is not None else None
        height = s.show.oven
        if any(f.tag == "oven" for f in self.anims.flights):
            # A card flying onto the oven is not also lying there already.
            before, height = s.oven_before
            top = tuple(before) if before is not None else None
        supply = s.show.supply
        parts.append(("oven", self.pile_rect(L.oven, self.oven_label(height)), (top, height),
                      lambda surf: self.draw_oven(surf, top, height)))
        parts.append(("supply", self.pile_rect(L.supply, self.supply_label(supply)), (supply,),
                      lambda surf: self.draw_supply(surf, supply)))
        if self.app.settings.learner_aid:
            units = seats.tally_text(s.show)
            parts.append(("tally", self.tally_rect(), tuple(sorted(units.items())),
                          lambda surf: self.draw_tally(surf, units)))
        hand = self.hand_part()
        if hand is not None:
            parts.append(hand)
        return parts

    def hand_part(self) -> tuple | None:
        """The hand's cards (widgets, but still most of the time): a part whose key holds
        each card's face, place, selection, focus, hover and whether it can be chosen."""
        fg = self.focus
        cards = [(i, w) for i, w in enumerate(fg.widgets)
                 if isinstance(w, HandCard) and w.visible]
        if not cards:
            return None
        states = tuple((i == fg.focus, i == fg.hover) for i, _w in cards)
        key = tuple((w.face, tuple(w.draw_rect), w.index in self.selected, w.enabled) + st
                    for (_i, w), st in zip(cards, states, strict=True))
        area = None
        for _i, w in cards:
            r = w.draw_rect
            # Lifted when selected, its shadow right and down, the rings around it.
            box = pygame.Rect(r.x - 6, r.y - int(r.h * 0.14) - 6,
                              r.w + max(2, r.h // 14) + 12,
                              r.h + int(r.h * 0.14) + max(2, r.h // 14) + 12)
            area = box if area is None else area.union(box)

        def paint(surf: pygame.Surface) -> None:
            for (_i, w), (focused, hovered) in zip(cards, states, strict=True):
                w.draw(surf, focused, hovered)
        return ("hand", area, key, paint)

    def label_px(self) -> int:
        return max(12, min(int(self.L.oven.h * 0.085), int(self.L.message.h * 0.8)))

    def oven_label(self, height: int) -> pygame.Surface:
        return theme.text(ngettext("Oven · {n} card", "Oven · {n} cards", height),
                          self.label_px(), theme.CREAM, bold=True)

    def supply_label(self, n: int) -> pygame.Surface:
        return theme.text(ngettext("Supply · {n} card", "Supply · {n} cards", n),
                          self.label_px(), theme.CREAM, bold=True)

    def pile_rect(self, r: pygame.Rect, label: pygame.Surface) -> pygame.Rect:
        """Where a pile and its label paint (the pile's edges go right and down)."""
        lab = label.get_rect(midtop=(r.centerx, r.bottom + self.label_px() // 3))
        return r.inflate(r.w // 2, r.h // 4).union(lab.inflate(4, 4))

    def draw_oven(self, surface: pygame.Surface, top: tuple | None, height: int) -> None:
        ov = self.L.oven
        c = self.app.cards
        if top is not None:
            img = c.face(tuple(top), self.session.cardset, ov.size,
                         self.session.cardset.scorer_name)
        else:
            img = c.ingredient_back(ov.size)
        seats.pile(self.app, surface, img, ov, height)
        lab = self.oven_label(height)
        surface.blit(lab, lab.get_rect(midtop=(ov.centerx, ov.bottom + self.label_px() // 3)))

    def draw_supply(self, surface: pygame.Surface, n: int) -> None:
        sp = self.L.supply
        seats.pile(self.app, surface, self.app.cards.ingredient_back(sp.size), sp, n)
        lab = self.supply_label(n)
        surface.blit(lab, lab.get_rect(midtop=(sp.centerx, sp.bottom + self.label_px() // 3)))

    def tally_box(self) -> tuple[pygame.Rect, int]:
        ov = self.L.oven
        row_h = max(18, ov.h // 7)
        box = pygame.Rect(0, 0, int(row_h * 3.4), row_h * 5 + row_h // 2)
        box.midright = (ov.x - ov.w // 3, ov.centery)
        return box, row_h

    def tally_rect(self) -> pygame.Rect:
        """Where the learner's aid paints: its panel with the shadow, and the caption."""
        box, row_h = self.tally_box()
        cap = theme.text(_("Learner's aid"), max(10, row_h // 2), theme.CREAM)
        pad = max(2, box.h // 40) * 2 + 2  # the panel's shadow margin (theme.rounded_panel)
        return box.inflate(2 * pad, 2 * pad).union(
            cap.get_rect(midbottom=(box.centerx, box.y - 2)))

    def draw_tally(self, surface: pygame.Surface, units: dict | None = None) -> None:
        """The learner's aid: what went into the oven this round, by kind."""
        if units is None:
            units = seats.tally_text(self.session.show)
        box, row_h = self.tally_box()
        theme.rounded_panel(surface, box, (250, 241, 220, 220), radius=row_h // 3)
        for i, k in enumerate(KINDS):
            y = box.y + row_h // 4 + i * row_h
            icon = self.app.cards.kind_icon(k, int(row_h * 0.85))
            surface.blit(icon, (box.x + row_h // 4, y))
            t = theme.text(str(units[k]), int(row_h * 0.7), theme.INK, bold=True)
            surface.blit(t, (box.x + int(row_h * 1.5), y + (row_h - t.get_height()) // 2))
        cap = theme.text(_("Learner's aid"), max(10, row_h // 2), theme.CREAM)
        surface.blit(cap, cap.get_rect(midbottom=(box.centerx, box.y - 2)))

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.focus.rects()


def _choice_of(ing: list[tuple]) -> tuple:
    kind = ing[0][0]
    return ("play", kind, sum(1 for f in ing if f[1] == 1), sum(1 for f in ing if f[1] == 2))


def _card_in(rect: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = rect.center
    return r


__all__ = ["TableScene", "kind_name"]
