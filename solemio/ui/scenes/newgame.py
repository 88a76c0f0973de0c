"""Setting up a game: edition, 2-5 seats, per seat name / person or computer level / colour,
and who starts (chosen or random).

The last set-up is remembered (``table-setup.json`` in the config folder), and
starting a game while another one is saved asks first: it would replace it.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pygame

from solemio import userdirs
from solemio.atomic import write_atomic
from solemio.engine.kinds import COLOUR_KIND, COLOURS
from solemio.i18n import _, data_text, ngettext, source_error_text
from solemio.show.host import SeatConfig
from solemio.texts import colour_name, level_description, level_name
from solemio.ui import layout, theme
from solemio.ui.scenes.base import WidgetScene, backdrop, title_text
from solemio.ui.widgets import Button, Selector, TextField

DEFAULT_NAMES = ["", "Giulia", "Marco", "Sofia", "Luca"]
# With two or more people at one screen each is called by name ("Pass to Anna"), so
# the lone person's default name "You" would read "Pass to You", "I am You".
PERSON_NAMES = ["Anna", "Paolo", "Chiara", "Matteo", "Elena"]
PLAYER_TYPES = ["person", "easy", "normal", "hard"]
NAME_CHARS = 40  # a seat's name: what the name field takes


def _type_name(v: str) -> str:
    return _("Person") if v == "person" else _("Computer · {level}", level=level_name(v))


class NewGameScene(WidgetScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from solemio.engine import list_cardsets

        # One entry per file that can be played, its card set already read (once per start:
        # Start plays exactly this file's rules, whatever the file is called).
        entries = list_cardsets()
        self.editions = [e for e in entries if e.cardset is not None]
        self.descriptions = {e.id: e.cardset.description for e in self.editions if e.cardset}
        # The player's files left out (broken, or an id already taken), said below the
        # buttons as on the title screen: the player looking for one learns why.
        self.left_out = [e.fault for e in entries if e.fault is not None and not e.shipped]
        self.edition = 0
        self.n = 4
        self.rows = [
            {"name": DEFAULT_NAMES[i] or _("You"), "type": "person" if i == 0 else "normal",
             "colour": COLOURS[i]}
            for i in range(5)
        ]
        self.first: int | None = None  # None: random
        self.rng = random.Random()
        self.restore(load_setup())

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        # A larger text size (Settings) widens the form, up to nearly the whole window, and
        # gives the seat's type ("Computer · normal") the widest column and the buttons
        # the whole row, so their words keep the chosen size instead of shrinking.
        grow = layout.text_grow()
        pw = int(min(w * min(0.96, 0.8 * grow), 1300 * grow))
        x0 = w // 2 - pw // 2
        row_h = int(max(34, min(h * 0.06, 80)))
        gap = int(row_h * 0.28)
        y = int(h * 0.17)
        widgets: list = []
        self.labels: list[tuple[str, pygame.Rect]] = []
        lab_w = int(pw * 0.22)

        def line(label: str) -> pygame.Rect:
            nonlocal y
            r = pygame.Rect(x0, y, lab_w, row_h)
            self.labels.append((label, r))
            y += row_h + gap
            return pygame.Rect(x0 + lab_w + gap, r.y, pw - lab_w - gap, row_h)

        names = [data_text(e.name) for e in self.editions]
        r = line(_("Edition"))
        widgets.append(Selector("edition", "", list(range(len(names))), self.edition,
                                lambda i: names[i], self.set_edition,
                                pygame.Rect(r.x, r.y, r.w // 2, r.h)))
        self.desc_rect = pygame.Rect(r.x + r.w // 2 + gap, r.y, r.w - r.w // 2 - gap, r.h)
        r = line(_("Seats"))
        widgets.append(Selector("seats", "", [2, 3, 4, 5], self.n - 2, lambda v: str(v),
                                self.set_n, pygame.Rect(r.x, r.y, r.w // 2, r.h)))
        for i in range(self.n):
            row = self.rows[i]
            r = line(_("Seat {n}", n=i + 1))
            fracs = (0.36, 0.36) if grow <= 1 else (0.3, 0.4)
            cols = [int(r.w * fracs[0]), int(r.w * fracs[1])]
            cols.append(r.w - cols[0] - cols[1] - 2 * gap)
            xs = [r.x, r.x + cols[0] + gap, r.x + cols[0] + cols[1] + 2 * gap]
            widgets.append(TextField(f"name{i}", row["name"],
                                     lambda v, i=i: self.rows[i].__setitem__("name", v),
                                     pygame.Rect(xs[0], r.y, cols[0], r.h)))
            widgets.append(Selector(f"type{i}", "", PLAYER_TYPES,
                                    PLAYER_TYPES.index(row["type"]), _type_name,
                                    lambda v, i=i: self.set_type(i, v),
                                    pygame.Rect(xs[1], r.y, cols[1], r.h)))
            widgets.append(Selector(f"colour{i}", "", list(COLOURS),
                                    COLOURS.index(row["colour"]), colour_name,
                                    lambda v, i=i: self.set_colour(i, v),
                                    pygame.Rect(xs[2], r.y, cols[2], r.h),
                                    swatch=lambda v: theme.SEAT_RGB[v],
                                    icon=lambda v, px: self.app.cards.kind_icon(
                                        COLOUR_KIND[v], px)))
        r = line(_("Who starts"))
        opts = [None] + list(range(self.n))
        first = self.first if self.first is not None and self.first < self.n else None
        widgets.append(Selector("first", "", opts, opts.index(first),
                                lambda v: _("Random") if v is None else
                                (self.rows[v]["name"] or _("Seat {n}", n=v + 1)),
                                self.set_first, pygame.Rect(r.x, r.y, r.w // 2, r.h)))
        # What the computer levels at this table are like, below the seats.
        # (a larger text size: the edition's description joins them there, as tall as the
        # window leaves room for above the buttons, instead of beside its selector)
        levels_h = int(row_h * 1.25)
        if grow > 1:
            levels_h = max(levels_h, min(int(levels_h * 2 * grow),
                                         h - row_h - int(h * 0.03) - 4 * gap - y))
        self.levels_rect = pygame.Rect(x0, y, pw, levels_h)
        y += self.levels_rect.h + gap
        bw = int(pw * 0.25) if grow <= 1 else (pw - 2 * gap) // 3
        by = min(y + gap * 3, h - row_h - int(h * 0.03))
        xs = [w // 2 - bw * 3 // 2 - gap, w // 2 - bw // 2, w // 2 + bw // 2 + gap]
        widgets.append(Button("back", _("Back"), self.on_escape,
                              pygame.Rect(xs[0], by, bw, row_h), style="secondary"))
        widgets.append(Button("friends", _("Play with friends"), self.with_friends,
                              pygame.Rect(xs[1], by, bw, row_h), style="secondary",
                              tooltip=_("Host this table over the network: friends join "
                                        "from their own computers")))
        widgets.append(Button("start", _("Start the game"), self.start,
                              pygame.Rect(xs[2], by, bw, row_h), style="good"))
        self.notice_top = by + row_h + gap
        self.focus.set(widgets)
        if self.focus.focus < 0:
            self.focus.focus_name("start")
        self.panel = pygame.Rect(x0 - gap * 2, int(h * 0.17) - gap * 2, pw + gap * 4,
                                 y - int(h * 0.17) + gap * 3)

    def levels_text(self) -> str:
        """One sentence per computer level seated (the focused seat's level first)."""
        seated = {row["type"] for row in self.rows[: self.n]}
        levels = [lvl for lvl in PLAYER_TYPES if lvl in seated and lvl != "person"]
        w = self.focus.focused
        if w is not None and w.name.startswith("type") and w.value != "person":
            levels.insert(0, w.value)
        seen: list[str] = []
        for lvl in levels:
            if lvl not in seen:
                seen.append(lvl)
        return "  ".join(level_description(lvl) for lvl in seen)

    def set_edition(self, i: int) -> None:
        self.edition = i

    def set_n(self, n: int) -> None:
        self.n = n
        self.name_people()
        self.layout(self.size)

    def set_type(self, i: int, kind: str) -> None:
        self.rows[i]["type"] = kind
        if self.name_people():
            self.layout(self.size)  # the name fields show the new names
        if kind == "person":
            # A person's name is theirs to type: the field waits to be typed over.
            for w in self.focus.widgets:
                if w.name == f"name{i}" and isinstance(w, TextField):
                    w.select_all(fresh=True)

    def name_people(self) -> bool:
        """With two or more people at the table, give a person still called "You" a name;
        True when a name changed."""
        people = [r for r in self.rows[:self.n] if r["type"] == "person"]
        if len(people) < 2:
            return False
        taken = {r["name"].strip() for r in self.rows[:self.n]}
        free = [n for n in PERSON_NAMES if n not in taken]
        changed = False
        for row in people:
            if row["name"].strip() in ("", _("You")) and free:
                row["name"] = free.pop(0)
                changed = True
        return changed

    def set_first(self, v: int | None) -> None:
        self.first = v

    def set_colour(self, i: int, colour: str) -> None:
        """Colours are unique: taking another seat's colour swaps the two."""
        old = self.rows[i]["colour"]
        for j in range(5):
            if j != i and self.rows[j]["colour"] == colour:
                self.rows[j]["colour"] = old
        self.rows[i]["colour"] = colour
        self.layout(self.size)

    def configs(self) -> list[SeatConfig]:
        self.name_people()
        out = []
        for i in range(self.n):
            row = self.rows[i]
            name = row["name"].strip() or _("Seat {n}", n=i + 1)
            person = row["type"] == "person"
            out.append(SeatConfig(name=name, colour=row["colour"], person=person,
                                  level="normal" if person else row["type"]))
        return out

    def restore(self, data: dict | None) -> None:
        """Take a remembered set-up (checked by ``checked_setup``); anything it lacks or
        gets wrong keeps the default."""
        if not data:
            return
        data = checked_setup(data)[0]
        ids = [e.id for e in self.editions]
        if data.get("edition") in ids:
            self.edition = ids.index(data["edition"])
        if "seats" in data:
            self.n = data["seats"]
        for i, row in enumerate(data.get("rows", [])):
            self.rows[i].update(row)
        colours = data.get("colours")
        if colours:
            for i, c in enumerate(colours):
                self.rows[i]["colour"] = c

    def setup(self) -> dict:
        return {"edition": self.editions[self.edition].id if self.editions else None,
                "seats": self.n, "rows": [dict(r) for r in self.rows]}

    def with_friends(self) -> None:
        """Host a networked table with these choices (the seats' people become friends)."""
        save_setup(self.setup())
        self.app.manager.swap("host", self.setup())

    def start(self) -> None:
        from solemio.show import host as session

        if session.has_autosave():
            self.app.manager.open(
                "confirm", _("A game is saved. A new game replaces it: start anyway?"),
                _("Start a new game"), _("Keep the saved game"), self.start_now)
            return
        self.start_now()

    def start_now(self) -> None:
        from solemio.show.host import GameSession

        cs = self.editions[self.edition].cardset
        first = self.first if self.first is not None and self.first < self.n else None
        sess = GameSession(cs, self.configs(), self.rng.randrange(1 << 30), first)
        save_setup(self.setup())
        self.app.manager.swap("table", sess)

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface)
        w, h = self.size
        title_text(surface, _("New game"), (w // 2, int(h * 0.075)), int(h * 0.08))
        theme.rounded_panel(surface, self.panel, (250, 241, 220, 235))
        for label, r in self.labels:
            t = theme.fit_text(label, int(r.h * 0.42), r.w, theme.INK, bold=True)
            surface.blit(t, (r.x, r.centery - t.get_height() // 2))
        desc = data_text(self.descriptions.get(self.editions[self.edition].id, "")) \
            if self.editions else ""
        text = self.levels_text()
        if layout.text_grow() > 1:  # the description over the levels' words
            text = "\n".join(t for t in (desc, text) if t)
        elif desc:
            theme.draw_wrapped(surface, desc, self.desc_rect, int(self.desc_rect.h * 0.36),
                               theme.WALNUT_MID, middle=True)
        if text:
            r = self.levels_rect
            px = max(11, int(r.h * 0.3)) if layout.text_grow() <= 1 else \
                max(11, int(self.labels[0][1].h * 1.25 * 0.3))
            theme.draw_wrapped(surface, text, r, px, theme.WALNUT_MID, middle=True)
        self.focus.draw(surface)
        self.draw_left_out(surface)

    def draw_left_out(self, surface: pygame.Surface) -> None:
        """One line per house variant that cannot be played (two at most), below the
        buttons, as the title screen says them."""
        if not self.left_out:
            return
        w, h = self.size
        lines = [_("This house variant cannot be played: {error}",
                   error=source_error_text(fault, file=Path(fault.file).name))
                 for fault in self.left_out[:2]]
        if len(self.left_out) > 2:
            lines.append(ngettext("… and {n} more house variant that cannot be played.",
                                  "… and {n} more house variants that cannot be played.",
                                  len(self.left_out) - 2))
        px = max(11, int(h * 0.02))
        y = self.notice_top
        for line in lines:
            if y + px > h:
                break
            t = theme.fit_text(line, px, int(w * 0.94), theme.CREAM, bold=True)
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += int(px * 1.35)


def setup_path() -> Path:
    return userdirs.config_dir() / "table-setup.json"


def checked_setup(data: object) -> tuple[dict, bool]:
    """A remembered set-up with every field checked on its own: the edition's id (a
    string), the number of seats (2 to 5), each seat's name (a string, cut to the name
    field's length) and type, and the colours (all five, each once).  A wrong field is
    left out (its default stays); the flag says whether any was wrong."""
    if not isinstance(data, dict):
        return {}, True
    out: dict = {}
    wrong = False
    edition = data.get("edition")
    if isinstance(edition, str) and len(edition) <= 200:
        out["edition"] = edition
    elif edition is not None:
        wrong = True
    n = data.get("seats")
    if isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= 5:
        out["seats"] = n
    elif "seats" in data:
        wrong = True
    rows = data.get("rows")
    if not isinstance(rows, list):
        return out, wrong or "rows" in data
    out["rows"] = []
    for row in rows[:5]:
        clean: dict = {}
        if isinstance(row, dict):
            if isinstance(row.get("name"), str):
                clean["name"] = row["name"][:NAME_CHARS]
            elif "name" in row:
                wrong = True
            if isinstance(row.get("type"), str) and row["type"] in PLAYER_TYPES:
                clean["type"] = row["type"]
            elif "type" in row:
                wrong = True
        else:
            wrong = True
        out["rows"].append(clean)
    colours = [r.get("colour") if isinstance(r, dict) else None for r in rows]
    if all(isinstance(c, str) for c in colours) and len(colours) == len(COLOURS) and \
            set(colours) == set(COLOURS):  # unique, all known
        out["colours"] = colours
    elif any(isinstance(r, dict) and "colour" in r for r in rows):
        wrong = True
    return out, wrong


def load_setup(keep_damaged: bool = True) -> dict | None:
    """The last table set-up, or None (missing: the defaults).  A file that is not a
    set-up (not JSON, nested too deep, not an object) or holds fields that cannot be
    used is set aside and said once on the title screen, like a damaged save; the
    fields that can be used are still taken.  Never a crash."""
    from solemio.savefiles import read_json, refuse

    path = setup_path()
    try:
        if not os.path.lexists(path):
            return None
        data = read_json(path)
    except (OSError, ValueError):
        data = None
    clean, wrong = checked_setup(data)
    if wrong and keep_damaged:
        refuse(path, "setup", path.name, "incomplete" if isinstance(data, dict) else "corrupt")
    return data if isinstance(data, dict) else None


def save_setup(data: dict) -> None:
    try:
        write_atomic(setup_path(), json.dumps(data, indent=2))
    except OSError:
        pass  # a read-only folder must not stop the game
