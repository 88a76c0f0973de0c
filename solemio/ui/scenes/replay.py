"""The replay: a finished game stepped through forwards and backwards, every card visible.

A plain scene that follows a :class:`solemio.show.replay.ReplayCursor` (where
the replay stands, playing or not: pygame-free) and paints its moment with a
:class:`solemio.ui.table.replay.ReplayBoard`: each seat's hand face up in its
row, the oven, the supply, the caption (words from ``solemio/announce``).  Step
one event, one turn or one round either way, or drag the slider; "Play" takes
the events at the table's pace, each flying its cards as at the table
(``ui/table/flights.py``).  Reached from game over, from the records list and
from ``solemio replay FILE``.  "Coach" opens the coach's findings beside it
(:mod:`solemio.ui.coach_panel`): a list whose items jump to their moment.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame

from solemio.announce import spoken
from solemio.formats import stamp_text
from solemio.i18n import _, data_text
from solemio.records import MAX_NAME, field_text
from solemio.show.pacing import Pace
from solemio.show.replay import ReplayCursor, ReplayShow
from solemio.ui import layout
from solemio.ui.anim import Animations
from solemio.ui.scenes.base import WidgetScene
from solemio.ui.table import flights
from solemio.ui.table.replay import ReplayBoard, Slider
from solemio.ui.widgets import Button, Widget

PREPARE_SECONDS = 30.0  # the worker's bound for building every kept moment


class ReplayScene(WidgetScene):
    """A finished game's replay; ``seats`` are the record's seat dicts (name, colour...)."""

    coach_iterations: int | None = None  # the grading's budget (None: the coach's default)

    def __init__(self, app: Any, game: Any, seats_: list[dict], title: str = "",
                 coach: bool = False, path: Path | None = None) -> None:
        self.replay = ReplayShow(game)
        self.cursor = ReplayCursor(self.replay)
        self.path = path  # the record's file: the coach's grading is kept in it
        self.coach: Any = None
        self.seat_info = seats_
        self.names = [field_text(s.get("name", "?"), MAX_NAME) for s in seats_]  # hostile
        self.board = ReplayBoard(app, self.replay, self.names, seats_, title)
        self.anims = Animations()
        self.dragging = False
        super().__init__(app)
        # Every kept moment built off the frame, so stepping back anywhere is cheap
        # (the last position needs none: it is shown from the engine's final view).
        self.preparing = threading.Thread(target=self.replay.prepare, args=(PREPARE_SECONDS,),
                                          name="replay-prepare", daemon=True)
        self.preparing.start()
        if coach:
            self.toggle_coach()

    @property
    def position(self) -> int:
        return self.cursor.position

    @property
    def moment(self) -> Any:
        return self.cursor.moment

    # --- moving through the game -----------------------------------------------------------
    def moved(self, ev: dict | None) -> None:
        """After the cursor moved: the event taken forwards flies its cards, a jump stops
        every flight; the buttons follow (Play/Pause, the ends)."""
        if ev is not None:
            self.fly(ev)
        else:
            self.anims.clear()
        self.build_widgets()

    def seek(self, position: int) -> None:
        self.moved(self.cursor.seek(position))

    def step(self, d: int) -> None:
        self.moved(self.cursor.step(d))

    def turn(self, d: int) -> None:
        self.cursor.turn(d)
        self.moved(None)

    def round(self, d: int) -> None:
        self.cursor.round(d)
        self.moved(None)

    def toggle_play(self) -> None:
        self.cursor.toggle_play()
        self.moved(None)

    def fly(self, ev: dict) -> None:
        """The event's flights, from where the show now stands (ui/table/flights.py)."""
        self.anims.extend(flights.for_event(ev, self.board.spots(self.cursor.moment)))

    def close(self) -> None:
        self.app.manager.pop(self)

    def on_exit(self) -> None:
        self.replay.cancel()
        if self.coach is not None:
            self.coach.close()

    # --- the coach -------------------------------------------------------------------------
    def coach_seat(self) -> int:
        """Whose game the coach looks at first: the first person at the table, else seat 0."""
        return next((i for i, s in enumerate(self.seat_info) if s.get("person")), 0)

    def toggle_coach(self) -> None:
        from solemio.ui.coach_panel import CoachPanel

        if self.coach is not None:
            self.coach.close()
            self.coach = None
        else:
            self.coach = CoachPanel(self.replay.game, self.names, self.coach_seat(),
                                    self.coach_jump, self.path, self.coach_iterations)
        if hasattr(self.board, "buttons_row"):
            self.layout(self.size)

    def coach_jump(self, position: int) -> None:
        self.cursor.playing = False
        self.seek(position)

    # --- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL and self.coach is not None and \
                self.coach.rect.collidepoint(pygame.mouse.get_pos()):
            self.coach.scroll(-event.y)
            return None
        if event.type == pygame.KEYDOWN:
            k, mod = event.key, getattr(event, "mod", 0)
            wide = bool(mod & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL))
            if k == pygame.K_ESCAPE:
                self.close()
                return None
            keys = {
                pygame.K_RIGHT: lambda: self.turn(1) if wide else self.step(1),
                pygame.K_LEFT: lambda: self.turn(-1) if wide else self.step(-1),
                pygame.K_PAGEDOWN: lambda: self.round(1),
                pygame.K_PAGEUP: lambda: self.round(-1),
                pygame.K_HOME: lambda: self.seek(self.replay.start),
                pygame.K_END: lambda: self.seek(self.replay.end),
                pygame.K_SPACE: self.toggle_play,
            }
            if k in keys:
                keys[k]()
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.slider.rect.inflate(0, self.slider.rect.h).collidepoint(event.pos):
            self.dragging = True
            self.cursor.playing = False
            self.seek(self.slider.position_at(event.pos[0]))
            return None
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.seek(self.slider.position_at(event.pos[0]))
            return None
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return None
        return super().handle_event(event)

    def on_escape(self) -> None:
        self.close()

    # --- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.anims.update(dt)
        if self.coach is not None:
            self.coach.update()
            if self.coach.changed:
                self.build_widgets()
        if self.app.warmer.pending("replay"):
            self.app.warmer.urgent = True  # a picture a frame at least, however busy
        if not self.cursor.playing:
            return
        s = self.app.settings
        self.cursor.advance(dt, Pace(s.pace, s.reveal_speed), self.fly)
        if not self.cursor.playing:
            self.build_widgets()  # the end reached: Play again

    # --- layout and painting -------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.board.layout(size, self.coach is not None)
        self.build_widgets()

    def build_widgets(self) -> None:
        board = self.board
        if not hasattr(board, "buttons_row"):
            return
        rp = self.replay
        at_start, at_end = self.position <= rp.start, self.position >= rp.end
        gap = max(4, self.size[0] // 160)
        rects = layout.split_h(board.buttons_row, 9, gap)
        items = [
            ("round-back", _("« Round"), lambda: self.round(-1), not at_start),
            ("turn-back", _("‹ Turn"), lambda: self.turn(-1), not at_start),
            ("step-back", _("‹ Step"), lambda: self.step(-1), not at_start),
            ("play", _("Pause") if self.cursor.playing else _("Play"), self.toggle_play, True),
            ("step", _("Step ›"), lambda: self.step(1), not at_end),
            ("turn", _("Turn ›"), lambda: self.turn(1), not at_end),
            ("round", _("Round »"), lambda: self.round(1), not at_end),
            ("coach", _("Hide coach") if self.coach is not None else _("Coach"),
             self.toggle_coach, True),
            ("close", _("Close"), self.close, True),
        ]
        if getattr(board, "button_rows", 1) > 1:
            # two rows: the rounds and turns back and forth around Play, then the single
            # steps, Coach and Close (in reading order, as the focus moves)
            top, bottom = layout.split_v(board.buttons_row, 2, gap)
            rects = layout.split_h(top, 5, gap) + layout.split_h(bottom, 4, gap)
            by_name = {item[0]: item for item in items}
            items = [by_name[n] for n in ("round-back", "turn-back", "play", "turn", "round",
                                          "step-back", "step", "coach", "close")]
        widgets: list[Widget] = []
        for (name, label, act, ok), r in zip(items, rects, strict=True):
            b = Button(name, label, act, r, style="good" if name == "play" else "secondary")
            b.enabled = ok
            widgets.append(b)
        self.slider = Slider(board.slider_rect, rp, lambda: self.position, self.seek,
                             self.toggle_play, self.spoken_status)
        widgets.append(self.slider)
        if self.coach is not None:
            widgets += self.coach.build(board.coach_rect)
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("play")

    # --- speech (ui/narrator.py) ----------------------------------------------------------------
    def spoken_status(self) -> str:
        """What a sighted player reads of where the replay stands: the round, the event
        among all and the move shown (the caption); said each time it changes."""
        words = [*self.board.where(self.cursor.moment, self.position)]
        caption = self.board.caption_text(self.position)
        text = ", ".join(words) + "."
        return text + " " + spoken.closed(caption) if caption else text

    @property
    def status_is_news(self) -> bool:
        """While it plays, each move is said whole (never cut by the next one)."""
        return self.cursor.playing

    def warm_ahead(self) -> None:
        self.board.warm_ahead()

    def pictures_pending(self) -> bool:
        """Whether a part of the still frame still shows a stand-in (ui/table/replay.py)."""
        return self.board.pictures_pending()

    def draw(self, surface: pygame.Surface) -> None:
        """The board's still frame, then the coach's list, the buttons and the flights."""
        self.board.draw(surface, self.cursor.moment, self.cursor.position)
        if self.coach is not None:
            self.coach.draw(surface)
        self.focus.draw(surface)
        flights.paint(surface, self.anims.flights, self.board.image_for)


class ReplayFileScene(ReplayScene):
    """The replay of a record file (the records list, ``solemio replay FILE``)."""

    def __init__(self, app: Any, path: Path, coach: bool = False) -> None:
        from solemio.records import open_record

        game, seats_, extra = open_record(Path(path))
        super().__init__(app, game, seats_, title=_("Replay · {edition} · {when}",
                                                   edition=data_text(game.cs.name),
                                                   when=stamp_text(str(extra.get("finished", "")))),
                         coach=coach, path=Path(path))
