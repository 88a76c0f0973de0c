"""The table during the turns: your hand, the oven, the supply, every seat.

A turn: select ingredient cards of one kind (click, or arrows + Enter), and
optionally one order; confirm; then choose the supply or your order stack.
An illegal selection is explained on the message line.  The oven shows only
its top card and its height: remembering what went in is the game.

The scene holds a conductor (``solemio.show.conductor``), which runs the game,
and follows its beats; what it shares with the reveal on screen is a
``GameScreen`` (``solemio/ui/table/screen.py``), its hand ``ui/table/hand.py``,
its piles ``ui/table/piles.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import table_title
from solemio.engine import events as E
from solemio.engine.kinds import COLOUR_KIND
from solemio.i18n import _
from solemio.show.conductor import ANSWERED, ASK, EVENT, HIDE, OPEN, Beat
from solemio.show.selection import TurnSelection
from solemio.texts import play_refusal
from solemio.ui import layout, theme
from solemio.ui.scenes.base import GameScene
from solemio.ui.table import flights, overlays
from solemio.ui.table.hand import (
    HandCard,
    drag_across_hand,
    hand_cards,
    hand_part,
    sort_hand,
    take_back_button,
    turn_buttons,
)
from solemio.ui.table.piles import Piles
from solemio.ui.table.reveal import rehearsal
from solemio.ui.table.said import draw_said
from solemio.ui.table.stage import Stage
from solemio.ui.table.turns import show_turn_event
from solemio.ui.widgets import Widget

REVEAL_WAIT = 0.5  # seconds the oven's turning may wait for the reveal's pictures


class TableScene(GameScene):
    queued_draw: tuple | None = None  # a draw pressed while the play still flies

    def __init__(self, app: Any, session: Any, conductor: Any = None) -> None:
        super().__init__(app, session, conductor)
        self.pick = TurnSelection()  # the hand cards the person has selected
        self._focus_decision: tuple | None = None
        self.drag: bool | None = None
        self.warm_key: tuple | None = None  # what the queued warm-up was planned for
        # The round is over but the reveal waits for its pictures: (event, seconds waited,
        # frames drawn when last looked).
        self.reveal_wait: tuple[dict, float, int] | None = None
        self.L = layout.table_layout(app.size, len(session.seats))

    # --- what the tests and the work done ahead read (more in GameScene) ----------------
    @property
    def selected(self) -> set[int]:
        return self.pick.selected

    @property
    def hand(self) -> list[tuple]:
        return self.pick.hand

    def stage(self) -> Stage:
        return Stage(self.app, self.session, self.L, self.size, self.bottom_seat)

    def shown_view(self) -> Any:
        return self.screen_parts.shown_view(self.view)

    # --- the life of the scene ---------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.L = layout.table_layout(size, len(self.session.seats),
                                     spectator=self.bottom_seat is None)
        # Every rectangle may have moved: the still frame is painted again.
        self.app.static_frame.invalidate()
        self.build_widgets()

    def on_enter(self) -> None:
        self.build_widgets()
        beat = self.conductor.resume_beat()  # a game resumed in the middle of a reveal
        if beat is not None:
            self.start_reveal(None)
            return
        s = self.session
        for round_no in s.memory.due(s.game.events_for(None)):
            # Memory training: a game continued after a reveal whose result was not shown.
            self.app.manager.open("estimate-result", s, round_no)

    def on_exit(self) -> None:
        # Leaving the table (to the title, or a new game): stop any computer thinking.
        self.session.stop_thinking()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Click a card to select it, or press and drag across several ingredient cards."""
        drag_across_hand(self, event)
        if self.screen_parts.handle_key(event, self.order_spots):
            return None
        if event.type == pygame.KEYDOWN and (
                (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
                or event.key == pygame.K_BACKSPACE):
            self.take_back()
            return None
        return self.focus.handle_event(event)

    def take_back(self) -> None:
        """Take back your latest turn (solo against computers, nothing revealed since):
        Ctrl+Z, Backspace or the Take back button; refused with a sentence otherwise."""
        can = getattr(self.session, "can_take_back", None)
        if can is None or not can():
            self.screen_parts.error = _("Only in a game alone against computers, and only "
                                        "until the round's oven is revealed.")
            return
        self.conductor.take_back()
        self.pick.clear()
        self.queued_draw = None
        self.screen_parts.anims.clear()  # nothing of the later turns stays in flight
        self.screen_parts.error = ""
        self.layout(self.app.size)
        self.screen_parts.message = _("Turn taken back: play it again.")

    def order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The hand's order cards and an order on top of the oven (its face is public)."""
        spots = self.screen_parts.hand_order_spots()
        top = self.session.show.oven_top
        if top is not None and tuple(top)[0] in COLOUR_KIND:
            spots.append((pygame.Rect(self.L.oven), tuple(top)))
        return spots

    # --- following the conductor ------------------------------------------------------
    def update(self, dt: float) -> None:
        self.screen_parts.tick(dt)
        if self.reveal_wait is not None:
            self.wait_for_reveal(dt)
            return
        for beat in self.conductor.update(dt):
            self.follow(beat)
            if beat.what == OPEN:
                return
        self.view = self.session.view()

    def follow(self, beat: Beat) -> None:
        self.screen_parts.follow(beat)
        if beat.what == EVENT:
            self.view = self.session.view()
            self.on_event(beat.event)
        elif beat.what == OPEN:
            self.pick.clear()
            if beat.screen == "reveal":
                # Shown once its first frame is rehearsed (wait_for_reveal).
                self.reveal_wait = (beat.event, 0.0, self.app.frames)
            elif beat.screen == "game-over":
                self.app.manager.swap("game-over", self.session, beat.event)
            # (a round's summary is opened by the reveal, which knows the round's score)
        elif beat.what == HIDE:
            self.layout(self.app.size)
        elif beat.what == ASK:
            self.screen_parts.error = ""
            if beat.decision.kind == "play":
                self.pick.clear()
            queued, self.queued_draw = self.queued_draw, None
            if queued is not None and beat.decision.kind == "draw" and \
                    queued in beat.decision.choices:
                self.apply(queued)  # pressed while the play was still being shown
                return
            self.build_widgets()
        elif beat.what == ANSWERED:
            self.build_widgets()

    def wait_for_reveal(self, dt: float) -> None:
        """The round is over: the oven is turned over as soon as the reveal's pictures are
        ready (made a bounded amount per frame, see warm_ahead), or after REVEAL_WAIT
        seconds at most, or at once when no frames are being drawn (tests)."""
        ev, waited, frames = self.reveal_wait
        waited += dt
        self.app.warmer.urgent = True  # at least one step a frame, however busy
        if not self.app.warmer.pending("reveal") or self.app.frames == frames or \
                waited >= REVEAL_WAIT:
            self.reveal_wait = None
            self.start_reveal(ev)
        else:
            self.reveal_wait = (ev, waited, self.app.frames)

    def start_reveal(self, ev: dict | None) -> None:
        self.pick.clear()
        # Nothing of the turns floats over the table when it comes back after the reveal.
        self.screen_parts.banner = None
        self.screen_parts.anims.clear()
        self.app.manager.open("reveal", self.session, ev, self.conductor)
        s = self.session
        if ev is not None and self.app.settings.memory_training and s.persons and \
                s.memory.ask(ev["round"]):
            # Memory training: the people estimate the oven before it is turned over.
            self.app.manager.open("estimate", s, ev["round"])

    def on_event(self, ev: dict) -> None:
        """Start showing one event of the turns (the conductor holds the stage for it)."""
        if ev["type"] == E.TURN:
            if ev["seat"] != self.session.viewer:
                self.pick.clear()
            self.build_widgets()
            return
        self.screen_parts.anims.extend(flights.for_event(ev, self.stage().spots()))
        show_turn_event(self.screen_parts, self.session, self.L, self.seat_rects(), ev,
                        self.app.settings.pace)

    # --- the work done ahead ---------------------------------------------------------
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
        """The first warm-up step (ui/table/reveal/rehearsal.plan_from_table)."""
        ev = self.reveal_wait[0] if self.reveal_wait is not None else None
        self.app.warmer.add("reveal", rehearsal.plan_from_table(
            self.app, self.session, ev, self.bottom_seat, self.L))

    # --- the person's turn ----------------------------------------------------
    def toggle(self, index: int) -> None:
        d = self.my_decision()
        if d is None or d.kind not in ("play", "order"):
            self.screen_parts.error = _("Wait for your turn.") if d is None else ""
            return
        self.screen_parts.error = self.pick.toggle(index, d.kind)
        if not self.screen_parts.error:
            self.build_widgets()

    def check_selection(self) -> str | None:
        """What is wrong with the current selection (None when it can be played)."""
        d = self.my_decision()
        return self.pick.check(d.kind if d is not None else None, self.session.table)

    def play_refusal(self) -> str:
        """Why Play is grey, in words."""
        d = self.my_decision()
        return self.pick.refusal(d.kind if d is not None else None, self.session.table)

    def confirm(self) -> None:
        d = self.my_decision()
        if d is None:
            self.screen_parts.error = _("Wait for your turn.")
            return
        ing, order = self.pick.split()
        if d.kind == "play":
            choice, why = self.session.table.check_play(ing)
            if choice is None:
                self.screen_parts.error = play_refusal(why)
                return
            if not self.apply(choice):
                return
            d2 = self.session.table.decision()
            if d2 is not None and d2.kind == "order" and d2.seat == d.seat:
                self.apply(("order", order[1]) if order else ("no-order",))
        elif d.kind == "order":
            self.apply(("order", order[1]) if order else ("no-order",))
        self.pick.clear()
        self.build_widgets()

    def no_order(self) -> None:
        self.pick.drop_orders()
        self.confirm()

    def clear(self) -> None:
        self.pick.clear()
        self.screen_parts.error = ""
        self.build_widgets()

    def draw_from(self, source: str) -> None:
        d = self.my_decision()
        if d is not None and d.kind == "draw":
            self.apply(("draw", source))
        elif self.conductor.coming_draw() is not None:
            # The play is still flying: the draw waits for it rather than being lost.
            self.queued_draw = ("draw", source)
            self.build_widgets()

    # --- widgets --------------------------------------------------------------
    def build_widgets(self) -> None:
        L = self.L
        s = self.session
        view = self.view = s.view()
        viewer = s.viewer
        d = self.my_decision()
        # The hand as far as the show has got (a card drawn appears as it lands).
        self.pick.set_hand(sort_hand(s.show.hand) if viewer is not None else [])
        widgets: list[Widget] = hand_cards(self, s, L, d)
        widgets += self.decision_widgets(d, view)
        undo = take_back_button(self, s, L)
        if undo is not None:
            widgets.append(undo)
        widgets += self.screen_parts.common_widgets(L, self.guide_rect(), self.size,
                                                    self.leave_guide, L.speed_button)
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

    def decision_widgets(self, d: Any, view: Any) -> list[Widget]:
        """The buttons of the person's decision (ui/table/hand.turn_buttons), and its words
        on the message line."""
        coming = self.conductor.coming_draw() if d is None else None
        widgets, self.screen_parts.message = turn_buttons(self, d or coming, view, self.L)
        if coming is not None and self.queued_draw is not None:
            self.screen_parts.message = (
                _("You draw from the supply as soon as your play is shown.")
                if self.queued_draw[1] == "supply"
                else _("You draw from your order stack as soon as your play is shown."))
        return widgets

    # --- the guided first game ------------------------------------------------------
    def guide_rect(self) -> pygame.Rect:
        """Where the guide speaks on the table: left of the oven, below the strip where
        the seats' bubbles and words appear under their panels."""
        L = self.L
        top = L.announce.bottom + L.margin // 2
        return pygame.Rect(L.middle.x, top, max(160, L.oven.x - L.middle.x - 3 * L.margin),
                           L.message.y - top - L.margin)

    def guide_leave_rect(self) -> pygame.Rect:
        return overlays.guide_leave_rect(self.guide_rect(), self.size[1])

    def guide_target_rects(self, tip: Any) -> list[pygame.Rect]:
        return self.screen_parts.guide_targets(tip, self.L, self.selected, lambda *a: [])

    # --- painting -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        sc = self.screen_parts
        # The still parts (table, title, seat panels, piles, the hand) from the composed
        # frame, painted again only where they changed (a card lifting under the mouse
        # too); the buttons, the flights and the announcement go over it every frame.
        sc.draw_static(surface, "TableScene", self.size, (s.viewer, self.bottom_seat),
                       self.static_parts())
        fg = self.focus
        for i, w in enumerate(fg.widgets):  # the hand is in the still frame
            if w.visible and not isinstance(w, HandCard):
                w.draw(surface, i == fg.focus, i == fg.hover)
        if self.bottom_seat is not None and s.viewer is None:
            r = self.L.hand
            t = theme.fit_text(_("Hands are hidden until the next person takes the screen."),
                               int(r.h * 0.1), r.w, theme.CREAM_DARK)
            surface.blit(t, t.get_rect(center=r.center))
        rects = self.seat_rects()
        sc.draw_message(surface, self.L.message)
        sc.draw_thinking(surface, rects)
        sc.draw_flights(surface)
        # The seats' words over the cards in flight: a card never hides what a seat said.
        draw_said(surface, s, rects, self.size, sc.banner["seat"] if sc.banner else None)
        tip = self.guide_tip() if s.guide else None
        if s.guide:
            sc.draw_guide(surface, self.guide_rect(), self.size, tip)
        self.stage().draw_banner(surface, sc.banner)
        if tip is not None:
            sc.draw_guide_pointer(surface, self.guide_target_rects(tip))
        sc.draw_tooltip(surface, self.L, self.size)

    def title(self) -> str:
        return table_title(self.session)

    def still_parts(self) -> list[tuple]:
        return self.static_parts()

    def static_parts(self) -> list[tuple]:
        """The table's still parts, each with a key of everything it shows."""
        s = self.session
        stage = self.stage()
        piles = Piles(self.app, s.cardset, self.L)
        parts = [stage.table_part(), stage.top_bar_part(self.title())]
        parts += stage.seat_parts(self.shown_view(), s.show.turn)
        parts += piles.still_parts(s.show, s.oven_before,
                                   any(f.tag == "oven" for f in self.screen_parts.anims.flights),
                                   self.app.settings.learner_aid)
        hand = self.hand_part()
        if hand is not None:
            parts.append(hand)
        return parts

    def hand_part(self) -> tuple | None:
        return hand_part(self.focus, self.selected)

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.focus.rects()

