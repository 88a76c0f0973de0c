"""What the table and the reveal scenes both show over their still frame, and both answer.

A game scene holds a conductor (``solemio.show.conductor``), which runs the
game, and a :class:`GameScreen`, which keeps what belongs to the screen alone:
the clock, the cards in flight, what a seat is saying (the banner), the message
line, the keyboard focus, the still frame's key; and paints the overlays both
scenes share (flights, the guide's box and pointer, the message line, the
thinking badge, the tooltip).  The scene composes it and passes what differs
(where the guide speaks, the exact answer it points at); nothing here changes a
scene or the game.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from solemio.engine import events as E
from solemio.i18n import _
from solemio.show.conductor import ANSWERED, EVENT, HAND_OVER, HIDE, Beat, Conductor
from solemio.show.pacing import Pace
from solemio.ui.anim import Animations
from solemio.ui.netplay import can_say, say_button
from solemio.ui.table import flights, guide_marks, overlays, seats
from solemio.ui.table.stage import menu_button, shown_view
from solemio.ui.widgets import Button, FocusGroup, Widget

# Sounds of events whichever scene shows them (the table and the reveal both may):
# the scorer card taken by a filled order, and the cards shuffled for a new round.
EVENT_SOUNDS = {E.SCORER_MOVED: "scorer", E.NEW_ROUND: "shuffle"}

_SERIAL = itertools.count()


def conduct(app: Any, session: Any) -> Conductor:
    """A conductor for ``session`` in this window: the app's worker pool, its pace settings."""
    settings = app.settings
    return Conductor(session, app.executor,
                     lambda: Pace(pace=settings.pace, reveal_speed=settings.reveal_speed))


class GameScreen:
    """The moving parts and overlays of one game scene (see the module's docstring)."""

    def __init__(self, app: Any, session: Any, conductor: Any) -> None:
        self.app = app
        self.session = session
        self.conductor = conductor
        self.focus = FocusGroup()
        self.anims = Animations()
        self.banner: dict | None = None
        self.t = 0.0
        self.message = ""
        self.error = ""
        self.serial = next(_SERIAL)  # tells this scene's still frame from another's
        self._shown_key: tuple | None = None
        self._shown: Any = None

    # --- time and words ----------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the clock, the flights and the banner."""
        self.t += dt
        self.anims.update(dt)
        if self.banner is not None:
            self.banner["t"] += dt
            if self.banner["t"] >= self.banner["dur"]:
                self.banner = None

    def say(self, seat: int | None, lines: list[str], dur: float,
            icon_kind: str | None = None) -> None:
        self.banner = {"seat": seat, "lines": lines, "t": 0.0, "dur": dur, "icon": icon_kind}

    def sfx(self, name: str) -> None:
        self.app.sound.play(name)

    def follow(self, beat: Beat) -> None:
        """What every game scene does on a beat: an event's sound, a computer player's
        failure said on the message line, the pass screen opened."""
        if beat.what == EVENT:
            self.app.narrator.event(self.session, beat.event)  # said, when speech is on
            sound = EVENT_SOUNDS.get(beat.event["type"])
            if sound is not None:
                self.sfx(sound)
        elif beat.what == ANSWERED and beat.failure is not None:
            self.error = _("{name}'s computer player failed ({why}); the normal level "
                           "moved instead.", name=self.session.names[beat.seat],
                           why=beat.failure)
        elif beat.what == HAND_OVER:
            self.app.manager.open("handover", self.session, beat.seat, self.conductor)
        elif beat.what == HIDE:
            # Hot seat: the other game scenes of this game (the table under the reveal,
            # laid out again while a person held the screen) let go of the hand too; the
            # scene that follows the beat lays itself out.
            for scene in self.app.manager.stack:
                parts = getattr(scene, "screen_parts", None)
                if parts is not None and parts is not self and \
                        getattr(scene, "session", None) is self.session:
                    scene.layout(self.app.size)

    def open_menu(self) -> None:
        self.app.manager.open("pause", self.session)

    def common_widgets(self, L: Any, guide_box: pygame.Rect, size: tuple[int, int],
                       leave_guide: Any, say_rect: pygame.Rect | None = None) -> list[Widget]:
        """The menu button; at a networked table "Say…" (at ``say_rect``); in the guided
        game the guide's "Leave" button."""
        out: list[Widget] = [menu_button(L, self.open_menu)]
        if say_rect is not None and can_say(self.session):
            out.append(say_button(self.app, say_rect, self.session))
        if self.session.guide:
            out.append(Button("guide-leave", _("Leave the guide"), leave_guide,
                              overlays.guide_leave_rect(guide_box, size[1]),
                              style="secondary"))
        return out

    # --- keys both scenes answer ----------------------------------------------------
    def handle_key(self, event: pygame.event.Event, order_spots: Any) -> bool:
        """Escape opens the menu, L the learner's fuller log; F1 (on the card pointed at
        or focused) or a right-click on an order card opens its full explanation."""
        manager = self.app.manager
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and \
                self.app.settings.full_log:
            manager.open("log", self.session)
            return True
        cs = self.session.cardset
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            for rect, face in reversed(order_spots()):
                if rect.collidepoint(event.pos):
                    manager.open("order-info", face, cs)
                    return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            fg = self.focus
            w = fg.widgets[fg.hover] if 0 <= fg.hover < len(fg.widgets) else fg.focused
            if w is None or not overlays.is_order_face(getattr(w, "face", None)):
                w = fg.focused
            face = getattr(w, "face", None)
            if w is None or not overlays.is_order_face(face):
                spots = order_spots()
                if not spots:
                    return False
                face = spots[0][1]
            manager.open("order-info", tuple(face), cs)
            return True
        return False

    def hand_order_spots(self) -> list[tuple[pygame.Rect, tuple]]:
        """The order cards among the widgets (the hand's), with their faces."""
        return [(w.rect, tuple(w.face)) for w in self.focus.widgets
                if w.visible and overlays.is_order_face(getattr(w, "face", None))]

    # --- the still frame ----------------------------------------------------------
    def draw_static(self, surface: pygame.Surface, scene: str, size: tuple[int, int],
                    key: tuple, parts: list) -> None:
        """The still parts of the scene, from the app's composed frame (theme.StaticFrame):
        the scene's name and serial, the painter and the language are added to ``key``."""
        from solemio import i18n

        key = (scene, self.serial, size, id(self.app.cards.painter), i18n.language()) + key
        self.app.static_frame.draw(surface, key, parts)

    def language_steps(self, parts: list) -> list:
        """Warm-up steps that paint the still ``parts`` off screen (queued by the app while
        Settings shows: coming back does not repaint every card face in one frame)."""
        from solemio.ui import warm

        return [lambda paint=paint: paint(warm.scratch())
                for name, _rect, _key, paint in parts if name != "table"]

    def shown_view(self, view: Any) -> Any:
        """The view as far as the show has got (the engine may already be further): the
        seats' piles, filled orders and the scorer card come from the show state, so no
        panel gives away what the show has not reached."""
        show = self.session.show
        key = (id(view), show.seats, show.scorer_holder, show.supply, show.hand)
        if self._shown_key != key:
            self._shown = shown_view(view, show)
            self._shown_key = key
        return self._shown

    # --- the moving parts ---------------------------------------------------------
    def draw_flights(self, surface: pygame.Surface) -> None:
        flights.paint(surface, self.anims.flights, self.image_for)

    def image_for(self, key: tuple, size: tuple[int, int]) -> pygame.Surface | None:
        return flights.image_for(self.app.cards, self.session.cardset, key, size)

    def draw_thinking(self, surface: pygame.Surface, seat_rects: dict) -> None:
        """A small pulsing indicator on the panel of the computer seat that is thinking
        (its search runs on a worker thread: the window goes on drawing meanwhile)."""
        seat = self.conductor.thinking_seat()
        if seat is not None and self.presence(seat):
            return  # a friend's seat with nobody there: nothing thinks
        rect = seat_rects.get(seat) if seat is not None else None
        if rect is not None:
            seats.thinking_badge(surface, rect, self.t)

    def presence(self, seat: int) -> str:
        """A networked table's word on a person's seat elsewhere (``NetSession.presence``:
        ``waiting`` to be joined, ``away``), "" for every other seat and a local game."""
        presence = getattr(self.session, "presence", None)
        return presence(seat) if presence is not None else ""

    def waiting_text(self) -> str:
        """What the message line says while the show waits for another seat's answer:
        who is thinking, or that a friend's seat waits for its player (nobody thinks
        there).  "" while nobody else decides, or not for long."""
        c = self.conductor
        deciding = c.table.deciding()
        if c.thinking <= 0.5 or deciding is None or self.session.is_person(deciding):
            return ""
        name = self.session.names[deciding]
        presence = self.presence(deciding)
        if presence == "waiting":
            return _("{name}'s seat is waiting for its player to join the table.", name=name)
        if presence == "away":
            return _("{name} is away: the table waits for them to come back.", name=name)
        dots = "." * (1 + int(self.t * 2.5) % 3)
        return _("{name} is thinking", name=name) + dots

    def draw_message(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The message line: an error, the scene's message, or whom the table waits for."""
        text = self.error or self.message or self.waiting_text()
        if text:
            overlays.message_line(surface, r, text, bool(self.error))

    def draw_tooltip(self, surface: pygame.Surface, L: Any, size: tuple[int, int]) -> None:
        if getattr(self.app.manager.top, "screen_parts", None) is not self:
            return  # a list opened over the scene (the set phrases) is not hidden by it
        w = self.focus.focused
        if w is not None and w.tooltip:
            overlays.tooltip(surface, w, L, size)

    # --- the guided first game (the words: solemio/show/guide.py) ------------------
    def guide_targets(self, tip: Any, L: Any, chosen: Any, answer: Any) -> list[pygame.Rect]:
        """The rectangles the guide points at: the cards, the button or the area it names;
        ``answer(what, name, widgets)`` finds the exact answer among a scene's widgets."""
        out: list[pygame.Rect] = []
        # A card already selected has been done: the pointer moves on (to Play).
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
                area = {"choices": L.choices, "actions": L.actions}.get(name)
                if area is not None:
                    out.append(pygame.Rect(area))
            else:
                out += answer(what, name, widgets)
        return out

    def draw_guide(self, surface: pygame.Surface, box: pygame.Rect, size: tuple[int, int],
                   tip: Any) -> None:
        """The guide's words in their box (under the seats' bubbles: drawn before them)."""
        note = self.session.guide_note
        words = [x for x in (note, tip.text if tip is not None else "") if x]
        overlays.guide_box(surface, box, size[1], words)
        fg = self.focus
        for i, w in enumerate(fg.widgets):
            if w.name == "guide-leave":  # its box was painted over it: the button again
                w.draw(surface, i == fg.focus, i == fg.hover)

    def draw_guide_pointer(self, surface: pygame.Surface, targets: list[pygame.Rect]) -> None:
        """The guide's pointer on what to click (guide_marks: not the focus's gold line)."""
        others = [w.rect for w in self.focus.widgets if w.visible and w.rect.w > 0]
        for r in targets:
            guide_marks.pointer(surface, r, self.t,
                                avoid=[o for o in others if not o.colliderect(r)])
