"""The records list: every finished game kept, newest first; watch one, or export it."""

from __future__ import annotations

from typing import Any

import pygame

from solemio.formats import stamp_text
from solemio.i18n import _, data_text
from solemio.texts import and_list
from solemio.ui import layout, theme
from solemio.ui.scenes.base import (
    WidgetScene,
    backdrop,
    empty_list,
    pager_buttons,
    title_text,
)
from solemio.ui.widgets import Button, Widget

PER_PAGE = 7


class RecordsScene(WidgetScene):
    def __init__(self, app: Any) -> None:
        from solemio.records import list_records

        self.records = list_records()
        self.page = 0
        self.message = ""
        super().__init__(app)

    def on_resume(self) -> None:
        from solemio.records import list_records

        self.records = list_records()
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.area = pygame.Rect(int(w * 0.06), int(h * 0.16), int(w * 0.88), int(h * 0.66))
        # A larger text size (Settings): fewer records a page (four at 200 %), each row tall
        # enough for its label on two lines at the chosen size.
        per = max(3, round(PER_PAGE / layout.text_grow()))
        self.per_page = per
        rows = layout.split_v(self.area, per, max(4, h // 120))
        widgets: list[Widget] = []
        pages = max(1, -(-len(self.records) // per))
        self.page = min(self.page, pages - 1)
        shown = self.records[self.page * per:(self.page + 1) * per]
        for i, (rec, row) in enumerate(zip(shown, rows, strict=False)):
            watch = pygame.Rect(row.x, row.y, int(row.w * 0.82), row.h)
            export = pygame.Rect(watch.right + 6, row.y, row.right - watch.right - 6, row.h)
            widgets.append(Button(f"watch{i}", self.label(rec),
                                  lambda r=rec: self.watch(r), watch, style="secondary"))
            widgets.append(Button(f"export{i}", _("Export"), lambda r=rec: self.export(r),
                                  export, style="quiet"))
        widgets += pager_buttons(self, self.page, pages)
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("watch0" if shown else "close")

    def label(self, rec: Any) -> str:
        names = ", ".join(rec.names)
        if rec.winners and all(0 <= i < len(rec.names) for i in rec.winners):
            won = _("won by {names}", names=and_list([rec.names[i] for i in rec.winners]))
            return f"{stamp_text(rec.finished)}  ·  {data_text(rec.edition)}  ·  {names}  ·  {won}"
        return f"{stamp_text(rec.finished)}  ·  {data_text(rec.edition)}  ·  {names}"

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.DROPFILE:
            self.open_file(event.file)
            return None
        return super().handle_event(event)

    def open_file(self, file: str) -> None:
        """A record file dropped on the window (an exported one, a friend's): kept among
        the records and watched; one that cannot be used is named, and left where it is."""
        from pathlib import Path

        from solemio.engine.saves import SaveError
        from solemio.records import import_record, list_records
        from solemio.savefiles import Notice

        try:
            path = import_record(Path(file))
        except SaveError as exc:
            self.message = Notice("record", Path(file).name, exc.problem, None).sentence()
            return
        except OSError as exc:
            self.message = _("The record could not be kept: {why}.", why=exc.strerror or str(exc))
            return
        self.records = list_records()
        self.app.manager.open("replay-file", path)

    def turn_page(self, d: int) -> None:
        self.page += d
        self.focus.focus = -1
        self.layout(self.size)

    def watch(self, rec: Any) -> None:
        from solemio.engine.saves import SaveError

        try:
            self.app.manager.open("replay-file", rec.path)
        except SaveError as exc:
            from solemio.savefiles import refuse

            self.message = refuse(rec.path, "record", rec.path.name, exc.problem).sentence()
            self.records = [r for r in self.records if r.path != rec.path]
            self.layout(self.size)

    def export(self, rec: Any) -> None:
        from solemio.records import export_record

        try:
            dest = export_record(rec.path)
        except OSError as exc:
            self.message = _("The record could not be exported: {why}.",
                             why=exc.strerror or str(exc))
            return
        self.message = _("Exported to {file}.", file=str(dest))

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("Game records"), (w // 2, int(h * 0.08)), int(h * 0.08))
        if not self.records:
            empty_list(surface, _("No finished games yet: every game you finish is kept "
                                  "here."), self.area, int(h * 0.032))
        hint = theme.fit_text(_("Drop a record file on the window to watch it."),
                              max(11, int(h * 0.022)), int(w * 0.9), theme.CREAM_DARK)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - int(h * 0.01))))
        self.focus.draw(surface)
        if self.message:
            t = theme.fit_text(self.message, max(11, int(h * 0.026)), int(w * 0.92), theme.GOLD,
                               bold=True)
            surface.blit(t, t.get_rect(midbottom=(w // 2, int(h * 0.86))))
