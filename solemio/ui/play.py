"""The common base of the table and the reveal: event feed, pacing, computer seats.

Each frame the scene (1) lets the current event's moment run out, (2) takes
the next event from the engine's per-seat log and starts its animation, and
(3) when nothing is left to show, either lets a computer seat's worker answer
or builds the widgets of a person's decision.  The engine's events are the
only source of animations; drawing reads state and never changes it.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from solemio.i18n import _, data_text
from solemio.show import guide as guide_words
from solemio.show.director import keep_hand_after_choice
from solemio.ui import layout
from solemio.ui.anim import Animations
from solemio.ui.computer import Thinker
from solemio.ui.scene import Scene
from solemio.ui.scenes.base import backdrop
from solemio.ui.session import GameSession
from solemio.ui.table import guide_marks, overlays, seats
from solemio.ui.table.stage import Stage, menu_button, shown_view
from solemio.ui.widgets import Button, FocusGroup

# Sounds of events whichever scene shows them (the table and the reveal both may):
# the scorer card taken by a filled order, and the cards shuffled for a new round.
EVENT_SOUNDS = {"scorer-moved": "scorer", "new-round": "shuffle"}

_SCENE_SERIAL = itertools.count()


def thinker_for(app: Any, session: GameSession) -> Thinker:
    """One worker per session, shared by the table and reveal scenes."""
    th = getattr(session, "_thinker", None)
    if th is None:
        th = Thinker(app.executor)
        session._thinker = th
    return th


class PlayScene(Scene):
    """Shared flow and painting of the scenes that show the table."""

    def __init__(self, app: Any, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.focus = FocusGroup()
        self.anims = Animations()
        self.hold = 0.0  # seconds the current event keeps the stage
        self.banner: dict | None = None
        self.decision_key: tuple | None = None
        self.pass_key: tuple | None = None
        self.view = session.view()
        self.turn_seat = self.view.turn
        self.message = ""
        self.error = ""
        self.t = 0.0
        self.thinker = thinker_for(app, session)
        self._pending: tuple | None = None  # (position key, computer's choice) awaiting the show
        self.thinking = 0.0  # how long the stage has waited for a computer seat's answer
        self.L = layout.table_layout(app.size, len(session.seats))
        self.serial = next(_SCENE_SERIAL)  # tells this scene's still frame from another's
        self._shown_key: tuple | None = None
        self._shown: Any = None

    @property
    def show(self) -> Any:
        """The show state this scene draws (the session's)."""
        return self.session.show

    # --- geometry -----------------------------------------------------------
    @property
    def bottom_seat(self) -> int | None:
        s = self.session
        if s.viewer is not None:
            return s.viewer
        return s.persons[0] if s.persons else None

    def stage(self) -> Stage:
        """Where this scene paints (the shared painters of solemio.ui.table.stage)."""
        return Stage(self.app, self.session, self.L, self.size, self.bottom_seat)

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Where each seat's panel is: the one at the screen at the bottom, the rest clockwise."""
        return self.stage().seat_rects()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.L = layout.table_layout(size, len(self.session.seats),
                                     spectator=self.bottom_seat is None)
        # Every rectangle may have moved (a resize, a new language, the hand changing
        # holders): the still frame is painted again.
        self.app.static_frame.invalidate()
        self.build_widgets()

    # --- input ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and \
                self.app.settings.full_log:
            self.app.manager.open("log", self.session)  # the learner's fuller log
            return None
        if self.explain_order(event):
            return None
        return self.focus.handle_event(event)

    def order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The order cards on screen with their faces: the hand's (a scene adds its own)."""
        return [(w.rect, tuple(w.face)) for w in self.focus.widgets
                if w.visible and overlays.is_order_face(getattr(w, "face", None))]

    def explain_order(self, event: pygame.event.Event) -> bool:
        """F1 (on the card pointed at or focused) or a right-click on an order card opens
        its full explanation; hovering keeps the short one."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            pos = event.pos
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            fg = self.focus
            w = fg.widgets[fg.hover] if 0 <= fg.hover < len(fg.widgets) else fg.focused
            if w is None or not overlays.is_order_face(getattr(w, "face", None)):
                w = fg.focused
            face = getattr(w, "face", None)
            if w is None or not overlays.is_order_face(face):
                spots = self.order_spots()
                if not spots:
                    return False
                face = spots[0][1]
            self.app.manager.open("order-info", tuple(face), self.session.cardset)
            return True
        else:
            return False
        for rect, face in reversed(self.order_spots()):
            if rect.collidepoint(pos):
                self.app.manager.open("order-info", face, self.session.cardset)
                return True
        return False

    def open_menu(self) -> None:
        self.app.manager.open("pause", self.session)

    def interactive_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.focus.rects()

    def on_exit(self) -> None:
        pass

    # --- flow -----------------------------------------------------------------
    def speed(self) -> float:
        return 1.0

    def tick_effects(self, dt: float) -> None:
        """Advance the clock, the animations and the announcement banner."""
        self.t += dt
        self.anims.update(dt)
        if self.banner is not None:
            self.banner["t"] += dt
            if self.banner["t"] >= self.banner["dur"]:
                self.banner = None

    def update(self, dt: float) -> None:
        """One frame of the show: the director (solemio.show.director) says what comes next:
        the feed's next event, hiding the hands, a computer's answer, a pass screen or a
        person's decision.  A computer starts thinking at once; its answer waits for the show."""
        self.tick_effects(dt)
        s = self.session
        table = s.table
        deciding = table.deciding()
        seat_computer = deciding is not None and not s.is_person(deciding)
        pos = (table.moves(), deciding if deciding is not None else -1)
        if seat_computer and (self._pending is None or self._pending[0] != pos):
            choice = self.thinker.poll(s.game, s.agents[deciding], deciding)
            if choice is not None:
                self._pending = (pos, choice)
        if self.hold > 0:
            self.hold -= dt
            if self.hold > 0:
                return
        while True:
            cue = s.cue()
            if cue.what == "event":
                ev = s.take_event()
                self.view = s.view()
                dur = self.on_event(ev)
                self.guide_event(ev)
                sound = EVENT_SOUNDS.get(ev["type"])
                if sound is not None:
                    self.sfx(sound)
                if self.app.manager.top is not self:
                    return
                if dur > 0:
                    self.hold = dur
                    return
                continue
            if cue.what == "hide":
                # The screen is shared and a computer decides next: no hand stays face up.
                s.hide_hands()
                self.layout(self.app.size)
                continue
            break
        self.view = s.view()
        if cue.what == "computer":
            self.thinking += dt
            if self._pending is not None and self._pending[0] == pos:
                if not self.answer_ready(dt):
                    return
                self.thinking = 0.0
                choice = self._pending[1]
                self._pending = None
                failure = self.thinker.failure
                if failure is not None:
                    self.thinker.failure = None
                    self.error = _("{name}'s computer player failed ({why}); the normal level "
                                   "moved instead.", name=s.names[failure[0]], why=failure[1])
                s.apply(choice)
                self.decision_key = None
            return
        if cue.what == "handover":
            key = (table.moves(), cue.seat)
            if self.pass_key != key:
                self.pass_key = key
                self.app.manager.open("handover", s, cue.seat)
            return
        if cue.what == "decide":
            d = table.decision()
            key = (table.moves(), d.seat, d.kind)
            if key != self.decision_key:
                self.decision_key = key
                self.error = ""
                self.on_decision(d)

    def answer_ready(self, dt: float) -> bool:
        """Whether a computer's answer, known now, may be applied (a scene may first
        rehearse off screen what it brings: see RevealScene)."""
        return True

    def apply(self, choice: tuple) -> None:
        """A person's choice: the engine checks it; a refusal is explained, never ignored."""
        from solemio.engine import IllegalChoice

        try:
            self.session.table.apply(choice)
            self.session.apply_done()
        except IllegalChoice as exc:
            self.error = str(exc.reason if hasattr(exc, "reason") else exc)
            return
        self.decision_key = None
        self.error = ""
        s = self.session
        if len(s.persons) > 1 and not keep_hand_after_choice(
                s.show.phase == "reveal", s.table.deciding(), s.viewer, s.new_events()):
            # Hot-seat: the screen is shared again; no hand stays face up.
            s.hide_hands()
            self.layout(self.app.size)
        if self.guided:
            s.guide_note = ""  # the guide's word on an event lasts one decision
        self.view = s.view()
        self.build_widgets()

    def on_event(self, ev: dict) -> float:
        """Start showing one event; returns how long it holds the stage."""
        return 0.0

    def on_decision(self, d: Any) -> None:
        """A person now decides: build the widgets for it."""
        self.build_widgets()

    def build_widgets(self) -> None:
        self.focus.set(self.common_widgets())

    def common_widgets(self) -> list:
        out: list = [menu_button(self.L, self.open_menu)]
        if self.guided:
            out.append(Button("guide-leave", _("Leave the guide"), self.leave_guide,
                              self.guide_leave_rect(), style="secondary"))
        return out

    # --- the guided first game (the words: solemio/show/guide.py) ----------------
    @property
    def guided(self) -> bool:
        return bool(getattr(self.session, "guide", False))

    def leave_guide(self) -> None:
        """The guide goes quiet; the game goes on as any other (laid out as any other:
        the reveal made room for the guide)."""
        self.session.guide = False
        self.layout(self.size)

    def guide_event(self, ev: dict) -> None:
        if not self.guided or self.session.viewer is None:
            return
        s = self.session
        note = guide_words.event_tip(ev, s.viewer, data_text(s.cardset.scorer_name), s.names,
                                     [c.colour for c in s.seats])
        if note:
            self.session.guide_note = note

    def guide_rect(self) -> pygame.Rect:
        """Where the guide speaks on the table: left of the oven, below the strip where
        the seats' bubbles and words appear under their panels."""
        L = self.L
        x = L.middle.x
        top = L.announce.bottom + L.margin // 2
        return pygame.Rect(x, top, max(160, L.oven.x - x - 3 * L.margin),
                           L.message.y - top - L.margin)

    def guide_leave_rect(self) -> pygame.Rect:
        """The guide's "Leave" button, on its heading's line at the right."""
        return overlays.guide_leave_rect(self.guide_rect(), self.size[1])

    def guide_tip(self) -> Any:
        """What the guide says now (None while nobody at the screen decides)."""
        d = self.my_decision()
        if d is None or not self.guided:
            return None
        s = self.session
        return guide_words.decision_tip(str(d.kind), d.choices, self.view.hand,
                                        self.view.history, s.cardset, s.seats[d.seat].colour,
                                        d.seat)

    def guide_target_rects(self, tip: Any) -> list[pygame.Rect]:
        """The rectangles the guide points at: the cards, the button or the area it names."""
        out: list[pygame.Rect] = []
        # A card already selected has been done: the pointer moves on (to Play).
        chosen = getattr(self, "selected", ())
        widgets = [w for w in self.focus.widgets if w.visible and not (
            w.name.startswith("hand") and getattr(w, "index", None) in chosen)]
        for what, name in tip.targets:
            if what == "hand":
                out += [w.rect for w in widgets if w.name.startswith("hand")
                        and getattr(w, "face", ("",))[0] == name]
            elif what == "order":
                out += [w.rect for w in widgets if w.name.startswith("hand")
                        and overlays.is_order_face(getattr(w, "face", None))
                        and w.face[1] == name]
            elif what == "widget":
                out += [w.rect for w in widgets if w.name == name]
            elif what == "area":
                area = {"choices": self.L.choices, "actions": self.L.actions}.get(name)
                if area is not None:
                    out.append(pygame.Rect(area))
            else:
                out += self.guide_answer_rects(what, name, widgets)
        return out

    def guide_answer_rects(self, what: str, name: Any, widgets: list) -> list[pygame.Rect]:
        """The exact answer the guide points at in a scene's own widgets (the reveal: a
        choice's button, a picker's next step)."""
        return []

    def draw_guide(self, surface: pygame.Surface) -> None:
        """The guide's words in their box (under the seats' bubbles: drawn before them)."""
        if not self.guided:
            return
        tip = self.guide_tip()
        note = getattr(self.session, "guide_note", "")
        words = [x for x in (note, tip.text if tip is not None else "") if x]
        overlays.guide_box(surface, self.guide_rect(), self.size[1], words)
        fg = self.focus
        for i, w in enumerate(fg.widgets):
            if w.name == "guide-leave":  # its box was painted over it: the button again
                w.draw(surface, i == fg.focus, i == fg.hover)

    def draw_guide_pointer(self, surface: pygame.Surface) -> None:
        """The guide's pointer on what to click (guide_marks: not the focus's gold line)."""
        tip = self.guide_tip() if self.guided else None
        if tip is None:
            return
        targets = self.guide_target_rects(tip)
        others = [w.rect for w in self.focus.widgets if w.visible and w.rect.w > 0]
        for r in targets:
            guide_marks.pointer(surface, r, self.t,
                                avoid=[o for o in others if not o.colliderect(r)])

    def my_decision(self) -> Any:
        """The pending decision if it is for the person who holds the screen and the show
        has caught up with it."""
        if self.hold > 0 or self.session.cue().what != "decide":
            return None
        return self.session.table.decision()

    # --- painting -------------------------------------------------------------
    def sfx(self, name: str) -> None:
        self.app.sound.play(name)

    def say(self, seat: int | None, lines: list[str], dur: float,
            icon_kind: str | None = None) -> None:
        self.banner = {"seat": seat, "lines": lines, "t": 0.0, "dur": dur, "icon": icon_kind}

    def draw_static(self, surface: pygame.Surface, key: tuple, parts: list) -> None:
        """The still parts of the scene, from the app's composed frame.

        ``parts`` are (name, rectangle, key, paint) in painting order, the table
        first (see :class:`theme.StaticFrame`); each key must hold everything its
        part shows.  The scene's serial, the painter and the language are added here.
        """
        from solemio import i18n

        key = (type(self).__name__, self.serial, self.size, id(self.app.cards.painter),
               i18n.language()) + key
        self.app.static_frame.draw(surface, key, parts)

    def still_parts(self) -> list[tuple]:
        """The still-frame parts this scene would paint now (each scene says how)."""
        return []

    def language_steps(self) -> list:
        """Warm-up steps that paint this scene's still parts, in the language just chosen,
        off screen: queued by the app while Settings shows, so that coming back to the
        table does not repaint every card face and panel in one frame."""
        from solemio.ui import warm

        try:
            parts = self.still_parts()
        except Exception:  # noqa: BLE001 - a failed rehearsal only costs a later hitch
            return []
        return [lambda paint=paint: paint(warm.scratch())
                for name, _rect, _key, paint in parts if name != "table"]

    def table_part(self) -> tuple:
        """The table under everything, as the first part of a still frame."""
        return self.stage().table_part()

    def seat_parts(self, active: int | None) -> list[tuple]:
        """One still-frame part per seat panel (its cached layer's rectangle)."""
        return self.stage().seat_parts(self.shown_view(), active)

    def top_bar_part(self, title: str) -> tuple:
        return self.stage().top_bar_part(title)

    def shown_view(self) -> Any:
        """The view as far as the show has got (the engine may already be further): the
        seats' piles, filled orders and the scorer card come from the show state, so no
        panel gives away what the show has not reached."""
        view = self.view
        show = self.show
        key = (id(view), show.seats, show.scorer_holder, show.supply, show.hand)
        if self._shown_key != key:
            self._shown = shown_view(view, show)
            self._shown_key = key
        return self._shown

    def draw_seats(self, surface: pygame.Surface, active: int | None) -> None:
        view = self.shown_view()
        for seat, r in self.seat_rects().items():
            seats.seat_panel(self.app, surface, r, view, seat, self.session,
                             active == seat, show_hand_backs=(seat != self.session.viewer))

    def draw_banner(self, surface: pygame.Surface) -> None:
        self.draw_guide(surface)  # the guide's box, under what a seat says
        self.stage().draw_banner(surface, self.banner, self.tail_crosses)

    def tail_crosses(self, area: pygame.Rect, tail: tuple[int, int]) -> bool:
        """Whether a bubble's tail from ``area`` to ``tail`` would cross something the
        scene must keep in view (the reveal's columns)."""
        return False

    def draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.anims.flights:
            if f.t < f.delay:
                continue
            r = f.rect()
            key = f.image_key
            squash = 1.0
            if f.back_key is not None:
                # Turn the card over on the way: the back narrows, then the face widens.
                p = f.linear()
                if p < 0.5:
                    key, squash = f.back_key, 1 - p / 0.5
                else:
                    squash = (p - 0.5) / 0.5
            # One picture per flight, at a size the table shows anyway, so a flight never
            # renders a new picture: the card as it was where it took off (a turning card:
            # its back there, its face as it lands); in-between sizes are a smooth scale.
            size_of = f.end.size if (f.back_key is not None and key is f.image_key) \
                else f.start.size
            img = self.image_for(key, size_of)
            if img is None:
                continue
            size = (max(1, int(r.w * squash)), r.h)
            if img.get_size() != size:
                img = pygame.transform.smoothscale(img, size)
            elif f.fade:
                img = img.copy()
            if f.fade:
                img.set_alpha(int(255 * (1 - f.linear())))
            surface.blit(img, (r.centerx - size[0] // 2, r.y))

    def image_for(self, key: tuple, size: tuple[int, int]) -> pygame.Surface | None:
        what = key[0]
        c = self.app.cards
        if what == "back":
            return c.ingredient_back(size)
        if what == "oback":
            return c.order_back(key[1], size)
        if what == "face":
            return c.face(tuple(key[1]), self.session.cardset, size,
                          self.session.cardset.scorer_name)
        return None

    THINKING_SHOWN = 0.25  # seconds of waiting before a computer seat shows it is thinking

    def thinking_seat(self) -> int | None:
        """The computer seat whose answer the table is waiting for (None: nobody, or not
        long enough for an indicator to be more than a flicker)."""
        deciding = self.session.table.deciding()
        if self.thinking < self.THINKING_SHOWN or deciding is None or \
                self.session.is_person(deciding):
            return None
        return deciding

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """A small pulsing indicator on the panel of the computer seat that is thinking
        (its search runs on a worker thread: the window goes on drawing meanwhile)."""
        seat = self.thinking_seat()
        rect = self.seat_rects().get(seat) if seat is not None else None
        if rect is not None:
            seats.thinking_badge(surface, rect, self.t)

    def draw_message(self, surface: pygame.Surface) -> None:
        text = self.error or self.message
        deciding = self.session.table.deciding()
        if not text and self.thinking > 0.5 and deciding is not None and \
                not self.session.is_person(deciding):
            dots = "." * (1 + int(self.t * 2.5) % 3)
            text = _("{name} is thinking", name=self.session.names[deciding]) + dots
        if text:
            overlays.message_line(surface, self.L.message, text, bool(self.error))

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        self.draw_guide_pointer(surface)  # under the tooltip: both come last in every scene
        w = self.focus.focused
        if w is not None and w.tooltip:
            overlays.tooltip(surface, w, self.L, self.size)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)

