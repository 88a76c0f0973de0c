"""The oven reveal: card by card into five columns, every order resolved in view.

Cards fly from the turned-over oven to their kind's column; a revealed order
is shown large with its owner and what it needs; its owner (or the opponent
asked for help, or the one asked to show a card) gets the choices laid out as
buttons.  Outcomes are announced.  A speed control and "skip ahead to my next
decision" keep long reveals from dragging.

The scene holds the table's conductor (``solemio.show.conductor``), which runs
the game, and follows its beats.  This module holds the reveal's widgets; what
it paints is in
``solemio/ui/table/reveal/paint.py`` (a show state painted), its words in
``solemio/announce/`` (one function per event type), and the work done ahead, future show states painted off
screen, in ``solemio/ui/table/reveal/rehearsal.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from solemio.announce import deciding_line, event_words, opening, reveal_title
from solemio.announce import note_lines as words_of_note
from solemio.engine import events as E
from solemio.engine.kinds import COLOUR_KIND, KINDS
from solemio.i18n import _
from solemio.show.conductor import ANSWERED, ASK, EVENT, HIDE, OPEN, Beat
from solemio.texts import sentence
from solemio.ui.scenes.base import GameScene
from solemio.ui.settings import REVEAL_SPEEDS
from solemio.ui.table import flights
from solemio.ui.table.reveal.asking import RevealAsking
from solemio.ui.table.reveal.choices import FILL_KINDS
from solemio.ui.table.reveal.paint import (
    RevealStage,
    Screen,
    bar_buttons,
    guide_room,
    hand_counts,
    hand_faces,
    hand_order_spots,
    order_on_show,
    reveal_layout,
    screen_of,
    shown_cards,
)
from solemio.ui.table.reveal.rehearsal import RevealRehearsal
from solemio.ui.table.stage import without_leaving
from solemio.ui.widgets import Widget

ANSWER_WAIT = 0.1  # seconds a computer's answer may wait for its rehearsal (answer_ready)


class RevealScene(GameScene):
    """The reveal drawn from the show state (columns, the order on show, its notes, the
    piles): the scene keeps only what belongs to the screen (flights, the banner, when a
    card left the order panel, the page of choices)."""

    def __init__(self, app: Any, session: Any, ev: dict | None,
                 conductor: Any = None) -> None:
        super().__init__(app, session, conductor)
        self.rehearsal_plan = RevealRehearsal()  # the work done ahead (ui/table/reveal/rehearsal.py)
        self.answer_wait = (0.0, -1)  # (seconds a computer's answer waited, frames drawn then)
        # Per person at the screen: the counts of the hand the reveal began with.
        self.hand_start: dict[int | None, tuple[int, int]] = {}
        self.left_at: tuple[tuple, float] | None = None  # (order face, when it left the panel)
        self.asking = RevealAsking(self.apply, self._rebuilt)  # a person's decision's widgets
        self.shown_until = 0.0
        self.refocus = True  # the next decision's widgets take the keyboard focus
        # Laid out in layout().
        self.choice_area = pygame.Rect(0, 0, 0, 0)
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        self.L = reveal_layout(app.size, len(session.seats), self.bottom_seat, session.guide)[0]
        r = self.show.reveal
        self.scorer = r.scorer if r is not None else max(0, self.view.scorer)
        self.round = r.round if r is not None else self.view.round
        self.before = list(r.filled_before) if r is not None and r.filled_before else [
            len(si.filled) for si in self.show.seats]
        if ev is not None:  # the conductor holds the stage for the opening words
            seat, lines, base = opening(session, self.scorer)
            self.screen_parts.say(seat, lines, base / self.speed())

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.focus.rects()

    # --- what the show has reached --------------------------------------------------------
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
    def shown_cards(self) -> dict[int, list[tuple]]:
        return shown_cards(self.show)

    def note_lines(self, ev: dict) -> list[str]:
        return words_of_note(self.session, ev)

    # --- geometry ---------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The reveal's own arrangement (table/reveal/paint.reveal_layout)."""
        super().layout(size)
        self.L, self.hand_area, self.choice_area = reveal_layout(
            size, len(self.session.seats), self.bottom_seat, self.guided)
        # Every rectangle may have moved: the still frame is painted again.
        self.app.static_frame.invalidate()
        self.build_widgets()

    def stage(self) -> RevealStage:
        return RevealStage(self.app, self.session, self.L, self.size, self.bottom_seat,
                           self.hand_area, self.choice_area)

    # --- flow -----------------------------------------------------------------
    def speed(self) -> float:
        return self.app.settings.reveal_speed

    def t_(self, base: float) -> float:
        """An event's moment at the chosen speed, or none while skipping ahead."""
        if self.skip:
            return 0.0
        return base / self.speed()

    def update(self, dt: float) -> None:
        sc = self.screen_parts
        if self.skip:
            sc.anims.clear()
        sc.tick(dt)
        for beat in self.conductor.update(dt, self.answer_ready):
            self.follow(beat)
            if beat.what == OPEN:
                return
        self.view = self.session.view()

    def follow(self, beat: Beat) -> None:
        self.screen_parts.follow(beat)
        s = self.session
        if beat.what == EVENT:
            self.view = s.view()
            self.on_event(beat.event)
        elif beat.what == OPEN:
            manager = self.app.manager
            manager.pop(self)
            if beat.screen == "game-over":
                manager.swap("game-over", s, beat.event)
            else:
                manager.open(beat.screen, s, beat.event, self.before)
            self.show_estimates()
        elif beat.what == HIDE:
            self.layout(self.app.size)
        elif beat.what == ASK:
            self.screen_parts.error = ""
            self.asking.page = 0
            self.refocus = True
            self.build_widgets()
        elif beat.what == ANSWERED:
            if beat.forced and beat.kind == "help":
                # The one person at the table asked for help whose hand cannot cover the
                # request is not made to press Decline (solemio.show.conductor).
                self.screen_parts.say(beat.seat, [s.names[beat.seat], _("cannot help.")],
                                      self.t_(1.2))
            self.build_widgets()

    def on_event(self, ev: dict) -> None:
        """Start showing one event (the show state has taken it already): its flights, its
        words, its sound (the conductor holds the stage for it: solemio.show.pacing)."""
        t = ev["type"]
        sc = self.screen_parts
        words = event_words(self.session, ev)
        if words is not None:
            sc.say(words[0], words[1], self.t_(words[2]))
        if not self.skip:
            self.fly(ev)
        if t == E.REVEAL:
            if tuple(ev["card"])[0] not in KINDS:
                self.left_at = None
            if not self.skip:
                sc.sfx("reveal")
        elif t in (E.BLOCK, E.SHOW):
            self.shown_until = self.t + self.t_(2.4 if t == E.BLOCK else 2.0)
        elif t == E.FILLED:
            sc.sfx("filled")
        elif t == E.FAILED:
            sc.sfx("failed")
        elif t == E.SCORER_MOVED:
            self.scorer = ev["seat"]

    def fly(self, ev: dict) -> None:
        """The event's cards on their way (solemio.ui.table.flights); an order leaving for
        its owner is away from the order panel once it has left."""
        out = flights.for_event(ev, self.stage().spots(self.cols, self.t_))
        self.anims.extend(out)
        for f in out:
            if isinstance(f.tag, tuple) and f.tag[0] == "leaves":
                self.left_at = (f.tag[2], self.t + f.delay + f.duration)

    def show_estimates(self) -> None:
        """Memory training: the estimates of this round against the oven, over the screen
        that follows the reveal."""
        memory = self.session.memory
        if self.round not in memory.shown and memory.estimates.get(self.round):
            self.app.manager.open("estimate-result", self.session, self.round)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # With nothing to decide and no button focused, Enter (or Space) is a player's
        # "go on": the show moves to its next moment.  Passed on, it would focus Speed,
        # and the next Enter would change the speed the player never asked to change.
        if (event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.focus.focused is None and self.my_decision() is None):
            self.conductor.release()
            return None
        if self.screen_parts.handle_key(event, self.order_spots):
            return None
        return self.focus.handle_event(event)

    def toggle_speed(self) -> None:
        sp = REVEAL_SPEEDS
        i = sp.index(self.app.settings.reveal_speed) if self.app.settings.reveal_speed in sp \
            else 1
        self.app.settings.reveal_speed = sp[(i + 1) % len(sp)]
        self.app.settings_changed()

    def skip_ahead(self) -> None:
        self.conductor.skip_ahead()
        self.screen_parts.banner = None
        self.screen_parts.anims.clear()

    # --- widgets --------------------------------------------------------------
    def build_widgets(self) -> None:
        L = self.L
        widgets: list[Widget] = []
        d = self.my_decision()
        self.prompt = ""
        if d is not None and self.choice_area.w > 0:  # (not laid out yet: no choices)
            stage, moves = self.stage(), self.session.table.moves()
            self.prompt = sentence(self.asking.prompt(stage, d, moves, self.cols, self.view))
            widgets.extend(self.asking.widgets(stage, d, moves, self.cols, self.view))
        n_choices = len(widgets)
        widgets += bar_buttons(L, self.speed(), bool(self.session.persons), d is not None,
                               self.toggle_speed, self.skip_ahead)
        widgets += self.screen_parts.common_widgets(L, self.guide_rect(), self.size,
                                                    self.leave_guide, L.say_button)
        self.focus.set(widgets)
        if d is not None and self.prompt and n_choices and (
                self.refocus or self.focus.focus < 0 or self.focus.focus >= n_choices):
            # A new decision: the keyboard starts on its first choice (the default),
            # never on Speed or Skip left focused from before.
            self.focus.focus = 0
            self.refocus = False
            if d.kind in FILL_KINDS:
                self.focus.focus_name(self.asking.fill_picker.default_focus())

    def _rebuilt(self, focus: str | None) -> None:
        self.build_widgets()
        if focus:
            self.focus.focus_name(focus)

    @property
    def page(self) -> int:
        return self.asking.page

    @property
    def series_picker(self) -> Any:
        return self.asking.series_picker

    @property
    def fill_picker(self) -> Any:
        return self.asking.fill_picker

    def guide_answer_rects(self, what: str, name: Any, widgets: list) -> list[pygame.Rect]:
        return self.asking.answer_rects(what, name, widgets)

    # --- painting -------------------------------------------------------------
    def tail_crosses(self, area: pygame.Rect, tail: tuple[int, int]) -> bool:
        return self.stage().tail_crosses(area, tail)

    def column_slot(self, k: int, i: int) -> pygame.Rect:
        return self.stage().column_slot(self.cols, k, i)

    def guide_rect(self) -> pygame.Rect:
        """The guide speaks in the opponents' row, left of their panels (reveal_layout
        packs them to the right in a guided game): nothing the reveal shows is covered."""
        return guide_room(self.L)

    def guide_target_rects(self, tip: Any) -> list[pygame.Rect]:
        return self.screen_parts.guide_targets(tip, self.L, (), self.guide_answer_rects)

    def order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The hand's order cards and the order being revealed (F1 / right-click explain it)."""
        spots = self.screen_parts.hand_order_spots()
        s = self.session
        if s.viewer is not None and self.hand_area.w > 0:  # the hand's orders are painted
            hand = self.hand_faces()
            spots += hand_order_spots(self.hand_area, hand,
                                      self.hand_start.get(s.viewer, hand_counts(hand)))
        cur, away = order_on_show(self.show, self.screen().order_away)
        if cur is not None and not away and cur.face and cur.face[0] in COLOUR_KIND:
            spots.append((self.order_rect(), tuple(cur.face)))
        return spots

    def order_rect(self) -> pygame.Rect:
        return self.stage().order_rect()

    def screen(self) -> Screen:
        """What the screen shows besides the show state, from the flights under way."""
        return screen_of(self.anims.flights, self.current, self.left_at, self.t, self.skip)

    def hand_faces(self) -> tuple:
        return hand_faces(self.show)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        sc = self.screen_parts
        active = s.table.deciding()
        stage = self.stage()
        # The still parts come from one composed frame, painted again (only where they
        # changed) when what they show changes; the moving parts go over it every frame.
        sc.draw_static(surface, "RevealScene", self.size, (s.viewer, self.bottom_seat),
                       self.static_parts(active))
        self.draw_choices(surface, stage)
        self.focus.draw(surface)
        sc.draw_thinking(surface, stage.seat_rects())
        if self.shown_cards and self.t < self.shown_until:
            stage.draw_shown_cards(surface, self.shown_cards)
        sc.draw_flights(surface)
        tip = self.guide_tip() if s.guide else None
        if s.guide:
            sc.draw_guide(surface, self.guide_rect(), self.size, tip)
        stage.draw_banner(surface, sc.banner, stage.tail_crosses)
        if tip is not None:
            sc.draw_guide_pointer(surface, self.guide_target_rects(tip))
        sc.draw_tooltip(surface, self.L, self.size)

    def title(self) -> str:
        return reveal_title(self.session, self.scorer, self.round)

    def still_parts(self) -> list[tuple]:
        return self.static_parts(self.session.table.deciding())

    def static_parts(self, active: int | None) -> list[tuple]:
        """The reveal's still parts now (table/reveal/paint.RevealStage.static_parts)."""
        s = self.session
        start = None
        if s.viewer is not None and self.hand_area.w > 0:
            # The cards keep the size they had when the reveal began (a hand only shrinks
            # during a reveal): no card is rendered at a new size when one leaves the hand.
            start = self.hand_start.setdefault(s.viewer, hand_counts(self.hand_faces()))
        return self.stage().static_parts(self.show, self.screen_parts.shown_view(self.view),
                                         self.screen(), active, start)

    def shown_view(self) -> Any:
        """The show's view, less the orders still flying to their owners: a flying card is
        not also drawn where it lands (the filled pile, or the stack it goes under)."""
        return without_leaving(self.screen_parts.shown_view(self.view), self.screen().leaving,
                               self.show.failed_to_stack)

    # --- the work done ahead (ui/table/reveal/rehearsal.py) ---------------------------------------
    @property
    def warm_key(self) -> tuple | None:
        return self.rehearsal_plan.key

    @warm_key.setter
    def warm_key(self, key: tuple | None) -> None:
        self.rehearsal_plan.key = key

    def warm_ahead(self) -> None:
        """Rehearse off screen what the show is about to paint: future show states (the
        next events, what the pending decision brings) and a person's decision still behind
        the show (its prompt and widgets).  See table/reveal/rehearsal.RevealRehearsal."""
        s = self.session
        self.rehearsal_plan.plan(self.app, self.stage(), self.skip,
                                 self.hand_start.get(s.viewer), self.conductor.pending_answer())

    def answer_ready(self, dt: float) -> bool:
        """A computer's answer waits (ANSWER_WAIT at most) while what it brings is being
        rehearsed, when frames are being drawn; at once when they are not (tests)."""
        drawn = self.app.frames != self.answer_wait[1]
        waited = self.answer_wait[0] + dt
        self.answer_wait = (waited, self.app.frames)
        if not drawn or waited >= ANSWER_WAIT or self.skip or \
                self.rehearsal_plan.answers_rehearsed(self.app.warmer):
            self.answer_wait = (0.0, -1)
            return True
        return False

    def draw_choices(self, surface: pygame.Surface, stage: RevealStage) -> None:
        """Above the choices: the person's question, or who is deciding once the show has
        caught up with the game (the words from announce.deciding_line)."""
        if self.my_decision() is not None and self.prompt:
            stage.draw_prompt(surface, self.prompt)
            return
        deciding = self.session.table.deciding()
        if deciding is not None and self.hold <= 0 and not self.session.new_events():
            stage.draw_deciding(surface, deciding_line(self.session, deciding))
