"""The card painter: every card face, back, icon and the table, drawn from our SVG art.

Why a painter rather than card bitmaps: the window can be any size, so every
picture is rendered from SVG at the exact pixel size asked for (crisp from
40x56 up to 400x560), and order faces are *composed* from card-set data (the
owner's colour, the order's name, its requirement tokens), so a new card set
gets correct faces with no new art.

pygame's SVG renderer ignores ``<text>``, so every word and digit is drawn here
with our bundled font.  Words come translated: the kinds' letters and the
"×n" captions through :mod:`solemio.i18n` here, the names of orders and of the
scorer card from the caller (card-set data, see :func:`solemio.i18n.data_text`),
so each cache key that holds words holds them in the language they were drawn in.

Nothing here needs a display: SVGs are rasterised into plain per-pixel-alpha
surfaces and the font module is initialised lazily, so tests can run with
``SDL_VIDEODRIVER=dummy``.
"""

from __future__ import annotations

import io
import math
import random
import re
from collections.abc import Hashable, Sequence
from pathlib import Path

import pygame

from solemio.engine.kinds import COLOUR_KIND, COLOURS, KINDS
from solemio.i18n import _, language, pgettext
from solemio.resources import resource_path
from solemio.ui import layout

__all__ = [
    "CARD_RATIO",
    "COLOUR_KIND",
    "COLOURS",
    "COLOUR_PALETTE",
    "KINDS",
    "kind_letter",
    "SYMBOLS",
    "CardPainter",
    "card_size",
]

Size = tuple[int, int]
RGB = tuple[int, int, int]

#: Height / width of a card: real playing cards are about 5:7.
CARD_RATIO = 1 / layout.CARD_RATIO  # height / width (layout keeps the one ratio)

#: Player colours as (main, dark, light) hex strings.  The order-face SVG is drawn
#: in blue; the painter swaps these three values for the owner's colour.
COLOUR_PALETTE: dict[str, tuple[str, str, str]] = {
    "blue": ("#2f6fb3", "#1d4a7e", "#7fa8dc"),
    "green": ("#3a8f3e", "#22602a", "#8fd08a"),
    "brown": ("#7a4a24", "#4e2c12", "#c49a6c"),
    "red": ("#c0312b", "#7e1a16", "#f08a80"),
    "yellow": ("#e8b824", "#9a7410", "#fbe39a"),
}
_TEMPLATE_PALETTE = COLOUR_PALETTE["blue"]

#: Colour-blind mode letters (translated through ``_`` when drawn).
def kind_letter(kind: str) -> str:
    """The one letter colour-blind mode prints on a kind: its initial in the player's language."""
    letters = {
        "olive": pgettext("letter of olive", "O"),
        "pepper": pgettext("letter of pepper", "P"),
        "mushroom": pgettext("letter of mushroom", "M"),
        "salami": pgettext("letter of salami", "S"),
        "pineapple": pgettext("letter of pineapple", "A"),
    }
    return letters[kind]

#: Accent colour of each kind, for colour-blind patterns and letter badges.
_KIND_ACCENT: dict[str, RGB] = {
    "olive": (58, 35, 71),
    "pepper": (46, 128, 42),
    "mushroom": (130, 78, 36),
    "salami": (167, 31, 48),
    "pineapple": (214, 150, 10),
}

#: Symbols an order token may name, mapped to their SVG file stem.
SYMBOLS: dict[str, str] = {
    "block": "symbol-block",
    "show": "symbol-show",
    "none-of-mine": "symbol-none-of-mine",
    "two-doubles": "symbol-two-doubles",
    "staircase": "symbol-staircase",
    "sun": "symbol-sun",
    "heap": "symbol-heap",
    "question": "symbol-question",
    "joker": "symbol-joker",
    "series": "symbol-series",
    "each": "symbol-each",
}

_INK: RGB = (74, 44, 20)  # dark crust brown for digits and captions
_CREAM: RGB = (253, 243, 220)
_BADGE_RED: RGB = (192, 49, 43)
_BADGE_GOLD: RGB = (242, 193, 78)


def card_size(width: int) -> Size:
    """The (width, height) of a card ``width`` pixels wide (layout.card_size by width)."""
    return layout.card_size(width=width)


def _hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _luma(rgb: RGB) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


class CardPainter:
    """Paints cards as per-pixel-alpha surfaces, cached by (what, size).

    A game redraws the same few dozen faces every frame, so every result is
    kept: asking twice for the same card at the same size returns the very same
    surface object (callers must not draw on it; copy it first).  Faces with
    words are keyed by those words (order and scorer names come translated) or
    by the language (the colour-blind letters), so a language switch needs no
    clearing and switching back finds the first language's faces still here.

    Set :attr:`colour_blind` to add each kind's letter and a background pattern
    to ingredient cards and icons (part of the cache key, so toggling is safe).
    """

    def __init__(self, colour_blind: bool = False) -> None:
        self.colour_blind: bool = colour_blind
        self._cache: dict[Hashable, pygame.Surface] = {}
        self._svg_bytes: dict[str, bytes] = {}

    # ------------------------------------------------------------------ basics

    def clear(self) -> None:
        """Forget every cached surface (e.g. after the language changed)."""
        self._cache.clear()

    def font(self, px: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
        """Our bundled font at ``px`` pixels, cached.

        ``display`` selects the script face used for titles such as the scorer
        card's edition name.  pygame.font is initialised here, lazily, so that
        importing this module never needs SDL to be set up.
        """
        from solemio.ui import theme

        if not pygame.font.get_init():
            pygame.font.init()
        return theme.base_font(int(px), bool(bold), bool(display))  # the one font table (unscaled)

    def _cached(self, key: Hashable) -> pygame.Surface | None:
        return self._cache.get(key)

    def _store(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        self._cache[key] = surface
        return surface

    def _svg_source(self, name: str) -> bytes:
        data = self._svg_bytes.get(name)
        if data is None:
            path: Path = resource_path("assets", *name.split("/"))
            data = path.read_bytes()
            self._svg_bytes[name] = data
        return data

    def _svg(self, name: str, size: Size, swap: tuple[tuple[str, str], ...] = ()) -> pygame.Surface:
        """Rasterise ``assets/<name>`` at exactly ``size`` pixels (cached).

        ``swap`` replaces literal strings in the SVG source first (used to
        recolour the order-face template).  load_sized_svg keeps the aspect
        ratio, so a request of another aspect is fitted and then stretched to
        the exact size: callers always get the size they asked for.
        """
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = ("svg", name, size, swap)
        hit = self._cached(key)
        if hit is not None:
            return hit
        data = self._svg_source(name)
        for old, new in swap:
            data = data.replace(old.encode(), new.encode())
        surface = pygame.image.load_sized_svg(io.BytesIO(data), size)
        if surface.get_size() != size:
            surface = pygame.transform.smoothscale(surface, size)
        if not surface.get_flags() & pygame.SRCALPHA:
            converted = pygame.Surface(size, pygame.SRCALPHA)
            converted.blit(surface, (0, 0))
            surface = converted
        return self._store(key, surface)

    # -------------------------------------------------------------- text tools

    def _render(
        self,
        text: str,
        px: int,
        colour: RGB,
        bold: bool = True,
        display: bool = False,
        shadow: RGB | None = None,
    ) -> pygame.Surface:
        """Render one line of text, optionally with a soft 1-px drop shadow."""
        font = self.font(px, bold, display)
        face = font.render(text, True, colour)
        if shadow is None:
            return face
        off = max(1, px // 14)
        out = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
        under = font.render(text, True, shadow)
        out.blit(under, (off, off))
        out.blit(face, (0, 0))
        return out

    def _fit_lines(
        self,
        text: str,
        box: Size,
        max_px: int,
        min_px: int = 6,
        max_lines: int = 2,
        bold: bool = True,
        display: bool = False,
    ) -> tuple[int, list[str]]:
        """Largest font size (and the wrapped lines) at which ``text`` fits ``box``.

        Names of orders come from card-set data in any language, so they are
        wrapped on spaces and shrunk rather than assumed to be short.
        """
        # Hyphenated words may break after their hyphens ("Four-three-two-one"); a
        # non-breaking space (French "Sole Mio !", « … ») never breaks.
        words = [part for word in breakable_words(text) for part in _hyphen_parts(word)]
        max_px = max(min_px, int(max_px))
        # Below min_px only as a last resort, so a long name on a small card still shows
        # whole (a thumbnail's title need not be read, but it must never be cut).
        for px in range(max_px, min(min_px, 4) - 1, -1):
            font = self.font(px, bold, display)
            lines = self._greedy(words, font, box[0])
            if not lines:
                lines = [""]
            if 1 < len(lines) <= max_lines:
                lines = self._balanced(words, font, len(lines))
            height = len(lines) * font.get_linesize()
            widest = max(font.size(line)[0] for line in lines)
            if len(lines) <= max_lines and widest <= box[0] and height <= box[1] * 1.08:
                return px, lines
        # Nothing fits: every word on max_lines lines, shrunk to the width when drawn.
        px = min(min_px, 4)
        font = self.font(px, bold, display)
        return px, self._balanced(words, font, min(max_lines, len(words))) if words else [text]

    @staticmethod
    def _balanced(words: Sequence[str], font: pygame.font.Font, n: int) -> list[str]:
        """``words`` on ``n`` lines with the widest line as narrow as it can be ("Four of /
        a kind", never "Four of a / kind")."""
        from itertools import combinations

        def join(group: Sequence[str]) -> str:
            out = ""
            for w in group:
                out += ("" if not out or out.endswith("-") else " ") + w
            return out

        best: list[str] = [join(words)]
        best_w = None
        if n <= 1 or len(words) < n or len(words) > 12:
            return best
        for cuts in combinations(range(1, len(words)), n - 1):
            bounds = (0, *cuts, len(words))
            lines = [join(words[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
            wdt = max(font.size(line)[0] for line in lines)
            if best_w is None or wdt < best_w:
                best, best_w = lines, wdt
        return best

    @staticmethod
    def _greedy(words: Sequence[str], font: pygame.font.Font, width: int) -> list[str]:
        lines: list[str] = []
        for word in words:
            if lines:
                sep = "" if lines[-1].endswith("-") else " "
                joined = lines[-1] + sep + word
                if font.size(joined)[0] <= width:
                    lines[-1] = joined
                    continue
            lines.append(word)
        return lines or [""]

    def _blit_text_block(
        self,
        target: pygame.Surface,
        lines: list[str],
        px: int,
        rect: pygame.Rect,
        colour: RGB,
        shadow: RGB | None = None,
        bold: bool = True,
        display: bool = False,
    ) -> None:
        """Draw wrapped lines centred in ``rect``, clipped to its width."""
        font = self.font(px, bold, display)
        step = font.get_linesize()
        total = step * len(lines)
        y = rect.centery - total / 2
        for line in lines:
            surf = self._render(line, px, colour, bold, display, shadow)
            if surf.get_width() > rect.width:
                surf = _shrink(surf, rect.width / surf.get_width())
            target.blit(surf, surf.get_rect(center=(rect.centerx, round(y + step / 2))))
            y += step

    # ----------------------------------------------------------- ingredients

    def kind_icon(self, kind: str, size: Size) -> pygame.Surface:
        """Just the picture of ``kind`` (for columns, seat badges, banners).

        In colour-blind mode a small letter badge is added, so the kind can be
        told without relying on colour at all.
        """
        _check_kind(kind)
        size = _int_size(size)
        key = ("kind_icon", kind, size, self.colour_blind and language())
        hit = self._cached(key)
        if hit is not None:
            return hit
        side = min(size)
        pic = self._svg(f"cards/ingredient-{kind}.svg", (side, side))
        surface = pygame.Surface(size, pygame.SRCALPHA)
        surface.blit(pic, pic.get_rect(center=(size[0] // 2, size[1] // 2)))
        if self.colour_blind and side >= 16:
            self._letter_badge(
                surface, kind, (size[0] - side // 6 - 1, size[1] - side // 6 - 1), max(5, side // 6)
            )
        return self._store(key, surface)

    def ingredient(self, kind: str, units: int, size: Size) -> pygame.Surface:
        """The face of an ingredient card: ``units`` is 1 (single) or 2 (double).

        A double must read as double at a glance even at 40x56: it has its own
        tomato-red frame, two pictures instead of one, and "2" badges in the
        corners; the unit count sits in two corners like a playing card.
        """
        _check_kind(kind)
        if units not in (1, 2):
            raise ValueError(f"an ingredient card has 1 or 2 units, not {units!r}")
        size = _int_size(size)
        key = ("ingredient", kind, units, size, self.colour_blind and language())
        hit = self._cached(key)
        if hit is not None:
            return hit
        w, h = size
        double = units == 2
        card = self._svg(
            "cards/frame-double.svg" if double else "cards/frame-single.svg", size
        ).copy()
        inset = round(w * (0.1 if double else 0.045))
        if self.colour_blind:
            self._pattern(card, kind, pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset))
        if double:
            side = int(min(w * 0.56, h * 0.37))
            for cy in (0.33, 0.67):
                pic = self._svg(f"cards/ingredient-{kind}.svg", (side, side))
                card.blit(
                    pic,
                    pic.get_rect(
                        center=(w // 2 + (-1 if cy < 0.5 else 1) * w // 14, round(h * cy))
                    ),
                )
        else:
            side = int(min(w * 0.72, h * 0.52))
            pic = self._svg(f"cards/ingredient-{kind}.svg", (side, side))
            card.blit(pic, pic.get_rect(center=(w // 2, h // 2)))
        self._corners(card, kind, units)
        return self._store(key, card)

    def _corners(self, card: pygame.Surface, kind: str, units: int) -> None:
        """Unit count top-left and (upside down) bottom-right, like a playing card."""
        w, h = card.get_size()
        corner = pygame.Surface((max(1, w // 3), max(1, h // 3)), pygame.SRCALPHA)
        digit = str(units)
        if units == 2:
            r = max(4, round(w * 0.095))
            cx = cy = r + max(1, round(w * 0.02))
            pygame.draw.circle(corner, (110, 26, 20), (cx, cy), r)
            pygame.draw.circle(corner, _BADGE_RED, (cx, cy), r - max(1, r // 8))
            if r >= 8:
                pygame.draw.circle(
                    corner, _BADGE_GOLD, (cx, cy), r - max(2, r // 5), max(1, r // 10)
                )
            text = self._render(digit, max(6, round(r * 1.45)), (255, 255, 255))
            corner.blit(text, text.get_rect(center=(cx, cy + 1)))
            below = cy + r + max(1, r // 4)
        else:
            px = max(7, round(h * 0.105))
            text = self._render(digit, px, _INK)
            x = max(1, round(w * 0.085))
            y = max(0, round(h * 0.04))
            corner.blit(text, (x, y))
            cx = x + text.get_width() // 2
            below = y + text.get_height() - max(0, px // 6)
        pip = max(0, round(w * 0.11))
        if self.colour_blind:
            letter = self._render(
                kind_letter(kind), max(7, round(h * 0.095)), _KIND_ACCENT[kind]
            )
            corner.blit(letter, letter.get_rect(midtop=(cx, below)))
        elif pip >= 14 and units == 1:
            icon = self._svg(f"cards/ingredient-{kind}.svg", (pip, pip))
            corner.blit(icon, icon.get_rect(midtop=(cx, below)))
        card.blit(corner, (0, 0))
        card.blit(
            pygame.transform.rotate(corner, 180), (w - corner.get_width(), h - corner.get_height())
        )

    def _letter_badge(
        self, target: pygame.Surface, kind: str, centre: tuple[int, int], radius: int
    ) -> None:
        pygame.draw.circle(target, _CREAM, centre, radius)
        pygame.draw.circle(target, _KIND_ACCENT[kind], centre, radius, max(1, radius // 5))
        text = self._render(kind_letter(kind), max(5, round(radius * 1.5)), _KIND_ACCENT[kind])
        target.blit(text, text.get_rect(center=(centre[0], centre[1] + 1)))

    def _pattern(self, card: pygame.Surface, kind: str, area: pygame.Rect) -> None:
        """Colour-blind background pattern: one distinct texture per kind."""
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        colour = (*_KIND_ACCENT[kind], 48)
        step = max(5, area.width // 7)
        lw = max(1, step // 6)
        aw, ah = area.size
        if kind == "olive":  # dots
            for y in range(step // 2, ah, step):
                for x in range(step // 2, aw, step):
                    pygame.draw.circle(layer, colour, (x, y), max(1, step // 5))
        elif kind == "pepper":  # diagonal stripes
            for x in range(-ah, aw, step):
                pygame.draw.line(layer, colour, (x, ah), (x + ah, 0), lw)
        elif kind == "mushroom":  # horizontal stripes
            for y in range(step // 2, ah, step):
                pygame.draw.line(layer, colour, (0, y), (aw, y), lw)
        elif kind == "salami":  # plus signs
            arm = max(1, step // 4)
            for y in range(step // 2, ah, step):
                for x in range(step // 2, aw, step):
                    pygame.draw.line(layer, colour, (x - arm, y), (x + arm, y), lw)
                    pygame.draw.line(layer, colour, (x, y - arm), (x, y + arm), lw)
        else:  # pineapple: zigzag rows
            half = step // 2
            for y in range(half, ah + step, step):
                points = [
                    (x, y - (half // 2 if (x // half) % 2 else -half // 2))
                    for x in range(0, aw + half, half)
                ]
                if len(points) > 1:
                    pygame.draw.lines(layer, colour, False, points, lw)
        card.blit(layer, area.topleft)

    # ---------------------------------------------------------------- orders

    def order(
        self, colour: str, name: str, tokens: Sequence[Sequence[object]], size: Size
    ) -> pygame.Surface:
        """The face of an order card, composed from card-set data.

        A banner in the owner's colour carries the owner's ingredient and the
        order's name (wrapped and shrunk to fit); the requirement below is drawn
        from ``tokens``: ``("need", kind, units)`` shows the kind's picture with
        "×units"; ``("symbol", name, caption_or_None)`` shows one of
        :data:`SYMBOLS` (``"none-of-mine"`` strikes through the owner's own
        ingredient).  So a new card set needs no new art.  ``name`` is drawn
        as given: the caller translates it (:func:`solemio.texts.spec_name`).
        """
        _check_colour(colour)
        size = _int_size(size)
        token_key = tuple(tuple(t) for t in tokens)
        key = ("order", colour, name, token_key, size)
        hit = self._cached(key)
        if hit is not None:
            return hit
        w, h = size
        main, dark, light = COLOUR_PALETTE[colour]
        swap = tuple(zip(_TEMPLATE_PALETTE, (main, dark, light), strict=True))
        card = self._svg("cards/order-face.svg", size, swap).copy()
        own = COLOUR_KIND[colour]

        banner_h = h * 90 / 350
        disc_r = max(3, round(banner_h * 0.36))
        disc_c = (round(w * 0.06) + disc_r, round(banner_h * 0.55))
        pygame.draw.circle(card, _hex_rgb(dark), disc_c, disc_r + max(1, disc_r // 8))
        pygame.draw.circle(card, _CREAM, disc_c, disc_r)
        icon_side = round(disc_r * 1.7)
        icon = self._svg(f"cards/ingredient-{own}.svg", (icon_side, icon_side))
        card.blit(icon, icon.get_rect(center=disc_c))

        text_left = disc_c[0] + disc_r + max(2, round(w * 0.03))
        text_box = pygame.Rect(
            text_left,
            round(banner_h * 0.16),
            w - text_left - round(w * 0.05),
            round(banner_h * 0.8),
        )
        light_banner = _luma(_hex_rgb(main)) > 150
        ink: RGB = (60, 36, 8) if light_banner else (255, 255, 255)
        shade: RGB | None = None if light_banner else _hex_rgb(dark)
        px, lines = self._fit_lines(
            name,
            text_box.size,
            max_px=round(banner_h * 0.34),
            min_px=6,
            max_lines=3 if h >= 200 else 2,
        )
        self._blit_text_block(card, lines, px, text_box, ink, shade)

        area = pygame.Rect(
            round(w * 0.1),
            round(banner_h + h * 0.07),
            round(w * 0.8),
            round(h - banner_h - h * 0.13),
        )
        self._requirement(card, own, list(token_key), area)
        return self._store(key, card)

    def _symbol(self, symbol: str, own: str, side: int) -> pygame.Surface:
        if symbol not in SYMBOLS:
            raise ValueError(f"unknown order symbol {symbol!r}; known: {sorted(SYMBOLS)}")
        if symbol != "none-of-mine":
            return self._svg(f"cards/{SYMBOLS[symbol]}.svg", (side, side))
        key = ("none-of-mine", own, side)
        hit = self._cached(key)
        if hit is not None:
            return hit
        out = pygame.Surface((side, side), pygame.SRCALPHA)
        pic = self._svg(f"cards/ingredient-{own}.svg", (round(side * 0.8), round(side * 0.8)))
        out.blit(pic, pic.get_rect(center=(side // 2, side // 2)))
        out.blit(self._svg("cards/symbol-none-of-mine.svg", (side, side)), (0, 0))
        return self._store(key, out)

    def _token_picture(self, token: tuple, own: str, side: int) -> tuple[pygame.Surface, str]:
        """The picture and the text to its right for one requirement token."""
        what = token[0]
        if what == "need":
            kind, units = str(token[1]), int(token[2])  # type: ignore[arg-type]
            _check_kind(kind)
            return self._svg(f"cards/ingredient-{kind}.svg", (side, side)), _("×{n}", n=units)
        if what == "symbol":
            caption = token[2] if len(token) > 2 else None
            if caption in (None, ""):
                text = ""
            elif str(caption).isdigit():  # a bare count reads like a need: "×3"
                text = _("×{n}", n=caption)
            else:  # "2×2", "4-3-2-1": figures, the same in every language
                text = str(caption)
            return self._symbol(str(token[1]), own, side), text
        raise ValueError(f"unknown order token {token!r}")

    def _requirement(
        self, card: pygame.Surface, own: str, tokens: list[tuple], area: pygame.Rect
    ) -> None:
        """Lay out the requirement tokens in ``area``.

        One lone symbol is drawn large with its caption underneath (special
        orders read from their symbol); otherwise each token is a row of
        picture + count, in two columns when there are more than three.
        """
        if not tokens:
            return
        if len(tokens) == 1 and tokens[0][0] == "symbol":
            has_caption = len(tokens[0]) > 2 and tokens[0][2] not in (None, "")
            cap_h = round(area.height * 0.24) if has_caption else 0
            side = int(min(area.width * 0.86, (area.height - cap_h) * 0.95))
            pic, text = self._token_picture(tokens[0], own, max(4, side))
            top = area.top + (area.height - cap_h - pic.get_height()) // 2
            card.blit(pic, pic.get_rect(midtop=(area.centerx, top)))
            if text:
                box = pygame.Rect(
                    area.left - area.width // 10,
                    area.bottom - cap_h,
                    area.width + area.width // 5,
                    cap_h,
                )
                px, lines = self._fit_lines(
                    text, box.size, max_px=round(cap_h * 0.6), min_px=6, max_lines=2
                )
                self._blit_text_block(card, lines, px, box, _INK)
            return
        cols = 1 if len(tokens) <= 3 else 2
        rows = math.ceil(len(tokens) / cols)
        cell_w = area.width / cols
        cell_h = area.height / max(rows, 2 if cols == 1 else rows)
        y0 = area.top + (area.height - cell_h * rows) / 2
        for i, token in enumerate(tokens):
            col, row = i % cols, i // cols
            if cols == 2 and i == len(tokens) - 1 and len(tokens) % 2 == 1:
                col_x = area.left + (area.width - cell_w) / 2  # centre an odd last cell
            else:
                col_x = area.left + col * cell_w
            cell = pygame.Rect(round(col_x), round(y0 + row * cell_h), round(cell_w), round(cell_h))
            if cols == 2:
                self._grid_cell(card, token, own, cell)
                continue
            side = max(4, int(min(cell.height * 0.92, cell.width * 0.52)))
            pic, text = self._token_picture(token, own, side)
            if text:
                px = max(6, round(side * 0.5))
                label = self._render(text, px, _INK)
                room = cell.width - side - 2
                if label.get_width() > room:
                    label = _shrink(label, room / max(1, label.get_width()))
                gap = max(1, side // 12)
                total = side + gap + label.get_width()
                x = cell.centerx - total // 2
                card.blit(pic, pic.get_rect(midleft=(x, cell.centery)))
                card.blit(label, label.get_rect(midleft=(x + side + gap, cell.centery)))
            else:
                card.blit(pic, pic.get_rect(center=cell.center))

    def _grid_cell(self, card: pygame.Surface, token: tuple, own: str, cell: pygame.Rect) -> None:
        """A token in a crowded (two-column) requirement: a big picture with its
        count on a cream pill at the picture's lower right, so pictures stay
        large enough to tell apart."""
        side = max(4, int(min(cell.height, cell.width) * 0.86))
        pic, text = self._token_picture(token, own, side)
        rect = pic.get_rect(center=(cell.centerx - side // 10, cell.centery))
        card.blit(pic, rect)
        if not text:
            return
        px = max(6, round(side * 0.36))
        label = self._render(text, px, _INK)
        pad = max(1, px // 6)
        pill = pygame.Rect(0, 0, label.get_width() + 2 * pad, label.get_height())
        pill.bottomright = (min(cell.right, rect.right + side // 5), rect.bottom)
        pygame.draw.rect(card, _CREAM, pill, border_radius=pill.height // 2)
        pygame.draw.rect(
            card, (196, 160, 104), pill, max(1, px // 12), border_radius=pill.height // 2
        )
        card.blit(label, label.get_rect(center=pill.center))

    # ------------------------------------------------------------------ backs

    def ingredient_back(self, size: Size) -> pygame.Surface:
        """The one back shared by all ingredient cards: an oven with a flame."""
        return self._svg("cards/back-ingredient.svg", _int_size(size))

    def order_back(self, colour: str, size: Size) -> pygame.Surface:
        """The back of ``colour``'s orders: the colour and its personal ingredient.

        Backs differ per colour because everyone may see how many orders each
        player holds, and whose.
        """
        _check_colour(colour)
        return self._svg(f"cards/back-order-{colour}.svg", _int_size(size))

    def scorer(self, edition_name: str, size: Size, label: str | None = None) -> pygame.Surface:
        """The scorer card: a chef for "Mamma Mia!", otherwise the sun of "Sole Mio!".

        ``edition_name`` (as the card set writes it) picks the picture; ``label``
        is the name printed on it, translated by the caller (default: as written).
        """
        size = _int_size(size)
        label = edition_name if label is None else label
        key = ("scorer", edition_name, label, size)
        hit = self._cached(key)
        if hit is not None:
            return hit
        chef = edition_name.strip().lower().replace("!", "") == "mamma mia"
        card = self._svg(
            "cards/scorer-mamma-mia.svg" if chef else "cards/scorer-sole-mio.svg", size
        ).copy()
        w, h = size
        box = pygame.Rect(round(w * 0.16), round(h * 0.775), round(w * 0.68), round(h * 0.145))
        px, lines = self._fit_lines(
            label,
            box.size,
            max_px=round(box.height * 0.85),
            min_px=5,
            max_lines=1,
            display=True,
        )
        self._blit_text_block(card, lines, px, box, (168, 36, 30), display=True)
        return self._store(key, card)

    # ------------------------------------------------------------ table & fx

    def table(self, size: Size) -> pygame.Surface:
        """The felt table covering a window of ``size`` (scaled to cover, centred).

        A fine seeded grain is laid over it so large windows do not look flat.  Not kept
        here: the window keeps its one opaque copy (``CardImages.table``), and a second
        full-window picture would cost 8 MB at 1920x1080 for nothing.
        """
        size = _int_size(size)
        w, h = size
        scale = max(w / 1600, h / 1000)
        full = (math.ceil(1600 * scale), math.ceil(1000 * scale))
        felt = self._svg("table/table-felt.svg", full)
        out = pygame.Surface(size, pygame.SRCALPHA)
        out.fill((38, 54, 26, 255))  # opaque, even where the SVG edge is antialiased
        out.blit(felt, ((w - full[0]) // 2, (h - full[1]) // 2))
        grain = self._grain()
        gw, gh = grain.get_size()
        for y in range(0, h, gh):
            for x in range(0, w, gw):
                out.blit(grain, (x, y))
        self._cache.pop(("svg", "table/table-felt.svg", full, ()), None)  # not kept either
        return out

    def _grain(self) -> pygame.Surface:
        hit = self._cached("grain")
        if hit is not None:
            return hit
        rnd = random.Random(1234)
        tile = pygame.Surface((96, 96), pygame.SRCALPHA)
        for _i in range(900):
            light = rnd.random() < 0.5
            colour = (255, 246, 214, rnd.randint(6, 16)) if light else (0, 0, 0, rnd.randint(8, 20))
            tile.set_at((rnd.randrange(96), rnd.randrange(96)), colour)
        return self._store("grain", tile)

    def shadow(self, size: Size, spread: int | None = None) -> pygame.Surface:
        """A soft shadow to blit under a card of ``size`` (it is larger by 2*spread).

        Blit it at the card's position minus ``spread`` (plus a small downward
        offset) before the card itself.
        """
        size = _int_size(size)
        spread = max(2, round(size[0] * 0.08)) if spread is None else max(1, int(spread))
        key = ("shadow", size, spread)
        hit = self._cached(key)
        if hit is not None:
            return hit
        w, h = size
        out = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
        pygame.draw.rect(
            out, (0, 0, 0, 110), (spread, spread, w, h), border_radius=max(2, round(w * 0.06))
        )
        blur = getattr(pygame.transform, "gaussian_blur", None)
        if blur is not None:
            out = blur(out, max(1, spread // 2))
        return self._store(key, out)


def breakable_words(text: str) -> list[str]:
    """``text`` split where a line may break: ordinary spaces, tabs and newlines only.

    ``str.split()`` would also split at U+00A0 and U+202F, the non-breaking spaces
    French puts before ";", ":", "!", "?" and inside « », and could start a line
    with the punctuation.
    """
    return [w for w in _BREAKS.split(text) if w]


_BREAKS = re.compile(r"[ \t\r\n]+")


def _hyphen_parts(word: str) -> list[str]:
    """Split a word after each inner hyphen, keeping the hyphens."""
    parts = word.split("-")
    if len(parts) == 1 or not all(parts):
        return [word]
    return [p + "-" for p in parts[:-1]] + [parts[-1]]


def _shrink(surface: pygame.Surface, scale: float) -> pygame.Surface:
    """Scale a rendered label down (never up) so it fits a narrow cell."""
    scale = min(1.0, scale)
    return pygame.transform.smoothscale(
        surface,
        (max(1, round(surface.get_width() * scale)), max(1, round(surface.get_height() * scale))),
    )


def _int_size(size: Sequence[float]) -> Size:
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"size must be positive, got {tuple(size)!r}")
    return w, h


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown ingredient kind {kind!r}; known: {', '.join(KINDS)}")


def _check_colour(colour: str) -> None:
    if colour not in COLOURS:
        raise ValueError(f"unknown player colour {colour!r}; known: {', '.join(COLOURS)}")
