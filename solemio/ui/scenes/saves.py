"""Named saves in the window: save the game under a name (from the pause menu), and the
load scene (edition, seats, round, date and a small picture of the table; delete after
asking).  The files are :mod:`solemio.named_saves`."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pygame

from solemio.formats import stamp_now, stamp_text
from solemio.i18n import _, data_text, ngettext
from solemio.ui import layout, theme
from solemio.ui.scene import make_scene
from solemio.ui.scenes.base import (
    WidgetScene,
    backdrop,
    empty_list,
    pager_buttons,
    title_text,
)
from solemio.ui.widgets import Button, TextField, Widget

PER_PAGE = 4
PICTURE_W = 320


def picture_png(surface: pygame.Surface | None) -> bytes | None:
    """A small PNG of the table (the save's picture in the load scene)."""
    if surface is None:
        return None
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (PICTURE_W, max(1, PICTURE_W * h // w)))
    buf = io.BytesIO()
    pygame.image.save(small, buf, "save.png")
    return buf.getvalue()


def newer_text(name: str) -> str:
    """What Load says of a save made by a newer version (it stays where it is)."""
    return _("“{name}” was made by a newer version of the game: it is kept as it is, for "
             "that version to open.", name=name)


class SaveGameScene(WidgetScene):
    """Over the pause menu: a name, and Save."""

    overlay = True

    def __init__(self, app: Any, session: Any, picture: pygame.Surface | None = None,
                 saved: Callable[[str], None] | None = None) -> None:
        self.session = session
        self.picture = picture
        # Told the sentence to show once saved (the pause menu's own notice): a scene never
        # writes the fields of the scene beneath it.
        self.saved = saved
        from solemio.named_saves import unused_name

        # Two saves made with the default name in the same minute get "(2)": never the same.
        self.name = unused_name(_("{edition} · {when}", edition=data_text(session.cardset.name),
                                  when=stamp_text(stamp_now())))
        self.message = ""
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, int(max(420, w * 0.5)), int(max(240, h * 0.4)))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        field = pygame.Rect(p.x + p.w // 12, p.y + int(p.h * 0.36), p.w * 10 // 12,
                            int(p.h * 0.18))
        row = pygame.Rect(field.x, p.bottom - int(p.h * 0.28), field.w, int(p.h * 0.18))
        save_r, cancel_r = layout.split_h(row, 2, p.w // 20)
        from solemio.named_saves import MAX_NAME

        self.field = TextField("name", self.name, self.set_name, field, max_len=MAX_NAME)
        self.focus.set([self.field, Button("save", _("Save"), self.save, save_r, style="good"),
                        Button("cancel", _("Cancel"), self.app.manager.pop, cancel_r,
                               style="secondary")])
        self.focus.focus = 0

    def set_name(self, value: str) -> None:
        self.name = value

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.focus.focused is self.field:
            self.save()
            return None
        return super().handle_event(event)

    def save(self, replace: bool = False) -> None:
        from solemio.named_saves import NameTaken, clean_name, save_named

        if not self.name.strip():
            self.message = _("Give the save a name.")
            return
        try:
            save_named(self.session, self.name, picture_png(self.picture), replace=replace)
        except NameTaken:
            self.app.manager.open(
                "confirm", _("A save named “{name}” already exists. Replace it with this game?",
                             name=clean_name(self.name)),
                _("Replace it"), _("Keep it"), lambda: self.save(replace=True))
            return
        except OSError as exc:
            self.message = _("The game could not be saved: {why}.", why=exc.strerror or str(exc))
            return
        self.app.manager.pop(self)
        if self.saved is not None:
            self.saved(_("Saved as “{name}”.", name=self.name.strip()))

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 150)
        p = self.panel
        theme.rounded_panel(surface, p, (70, 44, 24, 245), border=theme.CRUST, border_w=3)
        title_text(surface, _("Save the game"), (p.centerx, p.y + int(p.h * 0.16)),
                   int(p.h * 0.14))
        self.focus.draw(surface)
        if self.message:
            t = theme.fit_text(self.message, max(11, int(p.h * 0.07)), p.w - 20, theme.GOLD,
                               bold=True)
            surface.blit(t, t.get_rect(midtop=(p.centerx, self.field.rect.bottom + 6)))


class SavesScene(WidgetScene):
    """The named saves: load one, or delete one after asking."""

    def __init__(self, app: Any) -> None:
        from solemio.named_saves import list_saves

        self.saves = list_saves()
        self.page = 0
        self.asking: Any = None  # the save whose deletion is being asked about
        self.pictures: dict[Any, pygame.Surface | None] = {}
        self.message = ""
        super().__init__(app)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.area = pygame.Rect(int(w * 0.06), int(h * 0.15), int(w * 0.88), int(h * 0.68))
        # A larger text size (Settings): fewer saves a page (two at 200 %), each row's
        # words at the chosen size, its picture and buttons the size they have at 100 %.
        self.per_page = max(2, round(PER_PAGE / layout.text_grow()))
        gap = max(6, h // 80)
        self.row_h = layout.split_v(self.area, PER_PAGE, gap)[0].h  # a row at 100 %
        self.rows = layout.split_v(self.area, self.per_page, gap)
        per = self.per_page
        widgets: list[Widget] = []
        pages = max(1, -(-len(self.saves) // per))
        self.page = min(self.page, pages - 1)
        self.shown = self.saves[self.page * per:(self.page + 1) * per]
        for i, (sv, row) in enumerate(zip(self.shown, self.rows, strict=False)):
            bw = int(row.w * 0.14 * layout.text_grow(1.4))
            bh = int(self.row_h * 0.36)
            load_r = pygame.Rect(row.right - bw - 10, row.y + row.h // 2 - bh - 3, bw, bh)
            del_r = pygame.Rect(row.right - bw - 10, row.y + row.h // 2 + 3, bw, bh)
            widgets.append(Button(f"load{i}", _("Load"), lambda s=sv: self.load(s), load_r,
                                  style="good"))
            widgets.append(Button(f"delete{i}", _("Delete"), lambda s=sv: self.ask(s), del_r,
                                  style="secondary"))
        widgets += pager_buttons(self, self.page, pages)
        if self.asking is not None:
            self.ask_panel = pygame.Rect(0, 0, int(max(420, w * 0.5)), int(max(200, h * 0.3)))
            self.ask_panel.center = (w // 2, h // 2)
            p = self.ask_panel
            row = pygame.Rect(p.x + p.w // 10, p.bottom - int(p.h * 0.36), p.w * 8 // 10,
                              int(p.h * 0.24))
            yes_r, no_r = layout.split_h(row, 2, p.w // 20)
            widgets = [Button("confirm-delete", _("Delete"), self.delete, yes_r),
                       Button("keep", _("Keep it"), self.keep, no_r, style="secondary")]
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("keep" if self.asking is not None else
                                  ("load0" if self.shown else "close"))

    def turn_page(self, d: int) -> None:
        self.page += d
        self.focus.focus = -1
        self.layout(self.size)

    def on_escape(self) -> None:
        if self.asking is not None:
            self.keep()
        else:
            self.app.manager.pop()

    def load(self, sv: Any) -> None:
        from solemio.engine.saves import SaveError
        from solemio.savefiles import refuse
        from solemio.show.host import session_from_save

        try:
            sess = session_from_save(sv.path)
        except SaveError as exc:
            if exc.problem == "newer":  # kept where it is: the newer version opens it
                self.message = newer_text(sv.name)
                return
            self.message = refuse(sv.path, "save", sv.name, exc.problem).sentence()
            self.saves = [s for s in self.saves if s.path != sv.path]
            self.layout(self.size)
            return
        sess.resume_feed()
        self.app.manager.reset(make_scene("title", self.app))
        self.app.manager.open("table", sess)

    def ask(self, sv: Any) -> None:
        self.asking = sv
        self.focus.focus = -1
        self.layout(self.size)

    def keep(self) -> None:
        self.asking = None
        self.focus.focus = -1
        self.layout(self.size)

    def delete(self) -> None:
        from solemio.named_saves import delete_save

        sv, self.asking = self.asking, None
        try:
            delete_save(sv.path)
        except OSError as exc:
            self.message = _("The save could not be deleted: {why}.",
                             why=exc.strerror or str(exc))
        else:
            self.saves = [s for s in self.saves if s.path != sv.path]
            self.message = _("Deleted “{name}”.", name=sv.name)
        self.focus.focus = -1
        self.layout(self.size)

    def picture(self, sv: Any) -> pygame.Surface | None:
        if sv.path not in self.pictures:
            img = None
            if sv.picture is not None:
                try:
                    img = pygame.image.load(str(sv.picture))
                    if pygame.display.get_surface() is not None:
                        img = img.convert()  # (no display mode: the tests, screenshots)
                except (pygame.error, OSError):
                    img = None
            self.pictures[sv.path] = img
        return self.pictures[sv.path]

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Load a saved game"), (w // 2, int(h * 0.075)), int(h * 0.08))
        if not self.saves:
            empty_list(surface, _("No saved games: save a game from its menu (Esc)."),
                       self.area, int(h * 0.032))
        for sv, row in zip(self.shown, self.rows, strict=False):
            theme.rounded_panel(surface, row, (250, 241, 220, 235), radius=max(6, row.h // 10))
            pic_h = self.row_h - 12
            pic_r = pygame.Rect(row.x + 6, row.y + 6, pic_h * 16 // 9, pic_h)
            img = self.picture(sv)
            if img is not None:
                surface.blit(pygame.transform.smoothscale(img, pic_r.size), pic_r)
            else:
                pygame.draw.rect(surface, (60, 90, 50), pic_r, border_radius=6)
            pygame.draw.rect(surface, theme.WALNUT_MID, pic_r, 2, border_radius=6)
            tx = pic_r.right + 14
            tw = row.right - int(row.w * 0.14 * layout.text_grow(1.4)) - 24 - tx
            px = max(11, int(self.row_h * 0.2))
            info = _("Made by a newer version of the game") if sv.newer else \
                "  ·  ".join([data_text(sv.edition),
                              ngettext("{n} player", "{n} players", sv.seats),
                              _("Round {r} of {n}", r=sv.round, n=sv.rounds)])
            lines = [theme.fit_text(sv.name, px, tw, theme.INK, bold=True),
                     theme.fit_text(info, int(px * 0.8), tw, theme.WALNUT_MID),
                     theme.fit_text(_("Saved {when}", when=stamp_text(sv.saved)),
                                    int(px * 0.75), tw, theme.WALNUT_MID)]
            if layout.text_grow() <= 1:
                for t, at in zip(lines, (0.12, 0.45, 0.7), strict=True):
                    surface.blit(t, (tx, row.y + int(row.h * at)))
            else:  # the three lines stacked by their real heights, centred in the row
                y = row.centery - sum(t.get_height() for t in lines) // 2
                for t in lines:
                    surface.blit(t, (tx, y))
                    y += t.get_height()
        if self.message:
            t = theme.fit_text(self.message, max(11, int(h * 0.026)), int(w * 0.92), theme.GOLD,
                               bold=True)
            surface.blit(t, t.get_rect(midbottom=(w // 2, int(h * 0.86))))
        if self.asking is not None:
            theme.dim(surface, 150)
            p = self.ask_panel
            theme.rounded_panel(surface, p, (70, 44, 24, 245), border=theme.CRUST, border_w=3)
            t = theme.fit_text(_("Delete the save “{name}”? This cannot be undone.",
                                 name=self.asking.name), max(12, int(p.h * 0.1)), p.w - 30,
                               theme.CREAM, bold=True)
            surface.blit(t, t.get_rect(center=(p.centerx, p.y + int(p.h * 0.3))))
        self.focus.draw(surface)
