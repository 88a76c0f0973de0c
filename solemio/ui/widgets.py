"""Buttons, selectors and text fields with full keyboard focus.

Every action must be possible without a mouse: arrows or tab move the focus,
enter (or space) confirms.  A :class:`FocusGroup` owns the widgets of a scene
and turns raw pygame events into those actions, so scenes only say what a
widget does, never how input reaches it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from solemio.i18n import _, pgettext
from solemio.ui import theme

Action = Callable[[], None]


class Widget:
    """Something with a rectangle that can hold the keyboard focus."""

    focusable = True

    def __init__(self, name: str, rect: pygame.Rect | None = None, tooltip: str = "") -> None:
        self.name = name
        self.rect = pygame.Rect(rect or (0, 0, 0, 0))
        self.enabled = True
        self.visible = True
        self.tooltip = tooltip

    def activate(self) -> None:
        """Enter / space / click."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """Give the focused widget first refusal of a key (selectors use left/right)."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        pass

    def spoken(self) -> str:
        """What speech says when the focus reaches this widget (docs/accessibility.md)."""
        return self.tooltip


class Button(Widget):
    """A rounded button; ``style`` is primary (tomato), secondary (cream) or quiet."""

    def __init__(
        self, name: str, label: str, action: Action, rect: pygame.Rect | None = None,
        style: str = "primary", tooltip: str = "", icon: pygame.Surface | None = None,
    ) -> None:
        super().__init__(name, rect, tooltip)
        self.label = label
        self.action = action
        self.style = style
        self.icon = icon
        self.selected = False
        # Called when the button is clicked while disabled: a grey button still says why.
        self.refused: Action | None = None
        # The label is a short form of the tooltip (a large text size: the top bar's
        # "Skip"), which speech says instead.
        self.short = False

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.action()

    def spoken(self) -> str:
        # A short label stands for a longer text (its tooltip): speech says the whole.
        said = self.tooltip if self.short else self.label
        label = said if self.enabled else _("{label}, unavailable", label=said)
        return _("{label}, chosen", label=label) if self.selected else label

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        if self.style == "primary":
            fill = theme.TOMATO if self.enabled else (150, 120, 110)
            if hovered or focused:
                fill = tuple(min(255, c + 22) for c in fill)
            fg = theme.CREAM
        elif self.style == "good":
            fill = theme.BASIL if self.enabled else (130, 140, 120)
            if hovered or focused:
                fill = tuple(min(255, c + 22) for c in fill)
            fg = theme.CREAM
        else:
            fill = theme.CREAM if self.enabled else theme.CREAM_DARK
            if self.selected:
                fill = theme.CRUST_LIGHT
            if hovered or focused:
                fill = tuple(min(255, c + 8) for c in fill[:3])
            fg = theme.INK if self.enabled else theme.MUTED
        radius = max(6, r.h // 4)
        theme.rounded_panel(surface, r, fill, radius=radius, shadow=True,
                            border=theme.WALNUT if self.style == "secondary" else None,
                            border_w=max(1, r.h // 30))
        if focused:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=max(2, r.h // 16),
                             border_radius=radius + 3)
        px = max(10, int(r.h * 0.42))
        pad = max(6, r.h // 4)
        avail = r.w - 2 * pad
        icon_w = 0
        if self.icon is not None:
            icon_w = self.icon.get_width() + pad // 2
        wrap_ok = r.h >= 2.2 * px * 0.8
        # Larger text (Settings) stays inside the button: one line or two.
        lpx = theme.capped_px(int(px * 0.78), int(r.h / 2.05), True)
        px = theme.capped_px(px, int(r.h * 0.9), True)
        if theme.font(px, True).size(self.label)[0] > avail - icon_w and wrap_ok:
            # Long choices wrap onto two lines before they shrink.
            lines = theme.wrap(self.label, lpx, avail - icon_w, bold=True)
            floor = theme.unscaled(int(r.h * 0.42 * 0.78)) if theme.TEXT_SCALE > 1 else lpx
            while len(lines) > 2 and lpx > floor:  # larger text: smaller until two lines
                lpx = max(floor, int(lpx * 0.9))
                lines = theme.wrap(self.label, lpx, avail - icon_w, bold=True)
            if len(lines) == 2:
                lh = theme.font(lpx, True).get_linesize()
                y = r.centery - lh
                for line in lines:
                    t = theme.fit_text(line, lpx, avail - icon_w, fg, bold=True)
                    surface.blit(t, (r.centerx - t.get_width() // 2, y))
                    y += lh
                return
        label = theme.fit_text(self.label, px, avail - icon_w, fg, bold=True)
        total = icon_w + label.get_width()
        x = r.centerx - total // 2
        if self.icon is not None:
            surface.blit(self.icon, (x, r.centery - self.icon.get_height() // 2))
            x += icon_w
        surface.blit(label, (x, r.centery - label.get_height() // 2))


class Selector(Widget):
    """A labelled value changed with left/right (or clicking the arrows)."""

    def __init__(
        self, name: str, label: str, options: Sequence[Any], index: int,
        formatter: Callable[[Any], str], on_change: Callable[[Any], None],
        rect: pygame.Rect | None = None, tooltip: str = "",
        swatch: Callable[[Any], tuple[int, int, int] | None] | None = None,
        icon: Callable[[Any, int], pygame.Surface | None] | None = None,
    ) -> None:
        super().__init__(name, rect, tooltip)
        self.icon = icon
        self.label = label
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.formatter = formatter
        self.on_change = on_change
        self.swatch = swatch

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def spoken(self) -> str:
        value = self.formatter(self.value) if self.options else ""
        return _("{label}: {value}", label=self.label, value=value)

    def step(self, d: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + d) % len(self.options)
        self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.x + self.rect.w * 0.3 else 1)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        if not self.visible:
            return
        r = self.rect
        fill = theme.CREAM if self.enabled else theme.CREAM_DARK
        radius = max(6, r.h // 4)
        theme.rounded_panel(surface, r, fill, radius=radius, border=theme.WALNUT_MID,
                            border_w=max(1, r.h // 30), shadow=False)
        if focused or hovered:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=max(2, r.h // 16),
                             border_radius=radius + 3)
        px = max(10, int(r.h * 0.40))
        arrow_w = max(14, r.h // 2)
        fg = theme.INK if self.enabled else theme.MUTED
        for sign, x in ((-1, r.x + arrow_w // 2 + 4), (1, r.right - arrow_w // 2 - 4)):
            cx, cy, a = x, r.centery, r.h // 6
            pts = [(cx - sign * a, cy - a), (cx + sign * a, cy), (cx - sign * a, cy + a)]
            if self.enabled:
                pygame.draw.polygon(surface, theme.TOMATO, pts)
        text = self.formatter(self.value) if self.options else ""
        inner = r.inflate(-2 * arrow_w - 12, 0)
        sw = self.swatch(self.value) if self.swatch else None
        sw_w = 0
        if sw is not None:
            sw_w = int(r.h * 0.64) + 6
        surf = theme.fit_text(text, px, inner.w - sw_w, fg, bold=True, max_h=int(r.h * 0.9))
        x = inner.centerx - (surf.get_width() + sw_w) // 2
        if sw is not None:
            rad = int(r.h * 0.32)
            sw_w = 2 * rad + 6
            c = (x + rad, r.centery)
            pygame.draw.circle(surface, sw, c, rad)
            pygame.draw.circle(surface, theme.WALNUT, c, rad, 1)
            pic = self.icon(self.value, int(rad * 1.35)) if self.icon else None
            if pic is not None:
                surface.blit(pic, pic.get_rect(center=c))
            x += sw_w
        surface.blit(surf, (x, r.centery - surf.get_height() // 2))


class TextField(Widget):
    """A one-line text entry (player names); typing goes in while it has the focus.

    It edits like the text fields players know from everywhere else: a caret that
    Left/Right/Home/End move (Shift extends a selection), Ctrl+A selects all, typing
    replaces the selection, Ctrl+Backspace / Ctrl+Delete take a whole word.  Left at the
    start or Right at the end still move the focus, so the keyboard never gets stuck in a
    field.  A field reached from the keyboard, or made ready with ``select_all``, is
    typed over.  At the length limit a counter says so, and a refused keystroke flashes it.
    """

    FLASH_S = 0.6

    def __init__(
        self, name: str, value: str, on_change: Callable[[str], None],
        rect: pygame.Rect | None = None, max_len: int = 16, tooltip: str = "",
    ) -> None:
        super().__init__(name, rect, tooltip)
        self.value = value[:max_len]
        self.on_change = on_change
        self.max_len = max_len
        self.caret = len(self.value)
        self.anchor = self.caret  # the selection runs from anchor to caret
        self.caret_time = 0.0
        self.refused_at: float | None = None  # when a keystroke last met the limit
        self.fresh = False  # made ready to be typed over: the first click selects all

    # --- the selection -------------------------------------------------------------------

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def select_all(self, fresh: bool = False) -> None:
        """Select the whole text; ``fresh``: also the first click selects it all (a name
        the game filled in, waiting to be replaced)."""
        self.anchor, self.caret = 0, len(self.value)
        self.fresh = fresh

    def _move(self, to: int, extend: bool) -> None:
        self.caret = max(0, min(len(self.value), to))
        if not extend:
            self.anchor = self.caret

    def _replace(self, start: int, end: int, s: str) -> None:
        room = self.max_len - (len(self.value) - (end - start))
        if len(s) > room:
            s = s[: max(0, room)]
            self.refused_at = time.monotonic()
        self.value = self.value[:start] + s + self.value[end:]
        self.caret = self.anchor = start + len(s)
        self.fresh = False
        self.on_change(self.value)

    def _word_left(self) -> int:
        i = self.caret
        while i > 0 and self.value[i - 1].isspace():
            i -= 1
        while i > 0 and not self.value[i - 1].isspace():
            i -= 1
        return i

    def _word_right(self) -> int:
        i, n = self.caret, len(self.value)
        while i < n and self.value[i].isspace():
            i += 1
        while i < n and not self.value[i].isspace():
            i += 1
        return i

    # --- input ---------------------------------------------------------------------------

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        k = event.key
        mod = getattr(event, "mod", 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        lo, hi = self.selection
        if ctrl and k == pygame.K_a:
            self.select_all()
            return True
        if k == pygame.K_BACKSPACE:
            if lo != hi:
                self._replace(lo, hi, "")
            elif self.caret > 0:
                self._replace(self._word_left() if ctrl else self.caret - 1, self.caret, "")
            return True
        if k == pygame.K_DELETE:
            if lo != hi:
                self._replace(lo, hi, "")
            elif self.caret < len(self.value):
                self._replace(self.caret, self._word_right() if ctrl else self.caret + 1, "")
            return True
        if k == pygame.K_HOME:
            self._move(0, shift)
            return True
        if k == pygame.K_END:
            self._move(len(self.value), shift)
            return True
        if k == pygame.K_LEFT:
            if lo != hi and not shift:
                self._move(lo, False)
                return True
            if self.caret == 0:
                return False  # at the start: the arrow moves the focus
            self._move(self._word_left() if ctrl else self.caret - 1, shift)
            return True
        if k == pygame.K_RIGHT:
            if lo != hi and not shift:
                self._move(hi, False)
                return True
            if self.caret == len(self.value):
                return False
            self._move(self._word_right() if ctrl else self.caret + 1, shift)
            return True
        return False

    def text_input(self, s: str) -> None:
        if not self.enabled:
            return
        lo, hi = self.selection
        self._replace(lo, hi, s)

    def spoken(self) -> str:
        return _("{value}, text field", value=self.value) if self.value else _("Text field")

    def focused_by_keys(self) -> None:
        """Reached with Tab or an arrow: ready to be typed over, as in any other program."""
        self.select_all()

    def click(self, pos: tuple[int, int]) -> None:
        """A click puts the caret at the nearest gap between two characters (on a fresh
        field it selects the whole text instead, ready to be typed over)."""
        if self.fresh:
            self.select_all()
            return
        r = self.rect
        pad = max(6, r.h // 4)
        x0, full, widths = r.x + pad, *self._widths()
        target = pos[0] - x0
        best = min(range(len(widths)), key=lambda i: abs(widths[i] * full - target))
        self._move(best, False)

    # --- drawing -------------------------------------------------------------------------

    def _px_pad(self) -> tuple[int, int]:
        r = self.rect
        return max(10, int(r.h * 0.42)), max(6, r.h // 4)

    def _widths(self) -> tuple[float, list[float]]:
        """The drawn text's width and each gap's position as a share of it (the text may be
        drawn shrunk to fit, so positions are measured at the full size and scaled)."""
        px, pad = self._px_pad()
        surf = theme.fit_text(self.value, px, self.rect.w - 2 * pad - 4, theme.INK)
        whole = theme.text(self.value, px).get_width() or 1
        shares = [theme.text(self.value[:i], px).get_width() / whole if i else 0.0
                  for i in range(len(self.value) + 1)]
        return float(surf.get_width() if self.value else 0), shares

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        r = self.rect
        radius = max(6, r.h // 4)
        theme.rounded_panel(surface, r, (255, 251, 240), radius=radius,
                            border=theme.WALNUT_MID, border_w=max(1, r.h // 30), shadow=False)
        if focused or hovered:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), width=max(2, r.h // 16),
                             border_radius=radius + 3)
        px, pad = self._px_pad()
        at_limit = len(self.value) >= self.max_len
        count = None
        if focused and at_limit:
            flash = self.refused_at is not None and time.monotonic() - self.refused_at < self.FLASH_S
            count = theme.text(pgettext("characters typed / the most a field takes", "{n}/{limit}",
                                        n=len(self.value), limit=self.max_len),
                               max(9, int(px * 0.7)), theme.TOMATO if flash else theme.WALNUT_MID)
        room = r.w - 2 * pad - 4 - (count.get_width() + pad if count is not None else 0)
        surf = theme.fit_text(self.value, px, room, theme.INK)
        tx, ty = r.x + pad, r.centery - surf.get_height() // 2
        lo, hi = self.selection
        if focused and lo != hi and self.value:
            full, shares = self._widths()
            full = min(full, surf.get_width())
            sel = pygame.Rect(tx + int(shares[lo] * full), ty, int((shares[hi] - shares[lo]) * full),
                              surf.get_height())
            pygame.draw.rect(surface, theme.SELECTION, sel)
        surface.blit(surf, (tx, ty))
        if count is not None:
            surface.blit(count, (r.right - pad - count.get_width(), r.centery - count.get_height() // 2))
        if focused:
            if self.caret == len(self.value):
                x = tx + surf.get_width() + 2
            else:
                full, shares = self._widths()
                x = tx + int(shares[self.caret] * min(full, surf.get_width()))
            pygame.draw.line(surface, theme.INK, (x, r.y + r.h // 4), (x, r.bottom - r.h // 4), 2)


class FocusGroup:
    """The widgets of one scene and which of them has the keyboard focus."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: int = -1
        self.hover: int = -1

    def set(self, widgets: Sequence[Widget], keep: bool = True) -> None:
        """Replace the widgets, keeping the focus on the same-named widget if it survives."""
        old = self.focused.name if (keep and self.focused) else None
        self.widgets = list(widgets)
        self.focus = -1
        self.hover = -1
        if old is not None:
            for i, w in enumerate(self.widgets):
                if w.name == old and self._usable(w):
                    self.focus = i
                    break

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def focus_name(self, name: str) -> None:
        for i, w in enumerate(self.widgets):
            if w.name == name:
                self.focus = i

    @staticmethod
    def _usable(w: Widget) -> bool:
        return w.visible and w.enabled and w.focusable and w.rect.w > 0

    def at(self, pos: tuple[int, int]) -> int:
        for i in range(len(self.widgets) - 1, -1, -1):
            w = self.widgets[i]
            if w.visible and w.rect.collidepoint(pos):
                return i
        return -1

    def _focus_by_keys(self, i: int) -> None:
        self.focus = i
        w = self.widgets[i]
        if isinstance(w, TextField):
            w.focused_by_keys()

    def _move_tab(self, d: int) -> None:
        n = len(self.widgets)
        if n == 0:
            return
        i = self.focus
        for _step in range(n):
            i = (i + d) % n if i >= 0 else (0 if d > 0 else n - 1)
            if self._usable(self.widgets[i]):
                self._focus_by_keys(i)
                return

    def _move_dir(self, dx: int, dy: int) -> None:
        """Move to the nearest usable widget in a direction (spatial navigation)."""
        cur = self.focused
        if cur is None:
            self._move_tab(1)
            return
        cx, cy = cur.rect.center
        best, best_score = -1, float("inf")
        for i, w in enumerate(self.widgets):
            if i == self.focus or not self._usable(w):
                continue
            vx, vy = w.rect.centerx - cx, w.rect.centery - cy
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            across = abs(vx * dy) + abs(vy * dx)
            score = along + across * 2.5
            if score < best_score:
                best, best_score = i, score
        if best >= 0:
            self._focus_by_keys(best)
        else:
            # Nothing that way: wrap around like tab so focus is never stuck.
            self._move_tab(1 if (dx > 0 or dy > 0) else -1)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEMOTION:
            i = self.at(event.pos)
            self.hover = i
            if i >= 0 and self._usable(self.widgets[i]):
                self.focus = i
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.at(event.pos)
            if i >= 0:
                w = self.widgets[i]
                if w.enabled:
                    if w.focusable:
                        self.focus = i
                    w.click(event.pos)
                elif getattr(w, "refused", None) is not None and w.visible:
                    w.refused()
                return None
            return event
        if event.type == pygame.TEXTINPUT:
            w = self.focused
            if isinstance(w, TextField):
                w.text_input(event.text)
                return None
            return event
        if event.type != pygame.KEYDOWN:
            return event
        w = self.focused
        if w is not None and w.key(event):
            return None
        k = event.key
        if k == pygame.K_TAB:
            self._move_tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k == pygame.K_LEFT:
            self._move_dir(-1, 0)
        elif k == pygame.K_RIGHT:
            self._move_dir(1, 0)
        elif k == pygame.K_UP:
            self._move_dir(0, -1)
        elif k == pygame.K_DOWN:
            self._move_dir(0, 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) or (
            k == pygame.K_SPACE and not isinstance(w, TextField)
        ):
            if w is not None and self._usable(w):
                w.activate()
            elif w is None:
                self._move_tab(1)
        else:
            return event
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for i, w in enumerate(self.widgets):
            if w.visible:
                w.draw(surface, i == self.focus, i == self.hover)

    def rects(self) -> list[tuple[str, pygame.Rect]]:
        return [(w.name, pygame.Rect(w.rect)) for w in self.widgets if w.visible and w.rect.w > 0]
