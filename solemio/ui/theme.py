"""Colours, fonts and small drawing helpers shared by every scene.

One place for the pizzeria palette (ART.md) so scenes never invent colours,
and one font cache so text rendering stays cheap at 60 frames a second.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache

import pygame

from solemio import i18n
from solemio.resources import resource_path
from solemio.ui import fontdata
from solemio.ui.bytecache import ByteCache

# The warm pizzeria palette: tomato, basil, crust, mozzarella, walnut.
TOMATO = (196, 54, 42)
TOMATO_DARK = (142, 34, 28)
BASIL = (78, 143, 58)
BASIL_DARK = (44, 92, 36)
CRUST = (214, 158, 72)
CRUST_LIGHT = (236, 196, 120)
CREAM = (250, 241, 220)
CREAM_DARK = (226, 210, 178)
WALNUT = (59, 36, 20)
WALNUT_MID = (96, 62, 36)
INK = (45, 28, 16)
SHADOW = (0, 0, 0, 90)
FELT = (46, 74, 42)
FELT_DARK = (30, 50, 28)
GOLD = (242, 186, 64)
# Selected text in a text field: gold made pale, so the ink stays readable on it.
SELECTION = (250, 222, 150)
WHITE = (255, 255, 255)
MUTED = (150, 128, 100)

# Seat colours: what the player sees next to the personal ingredient picture.
SEAT_RGB: dict[str, tuple[int, int, int]] = {
    "blue": (58, 104, 178),
    "green": (70, 150, 62),
    "brown": (134, 88, 48),
    "red": (200, 52, 44),
    "yellow": (226, 178, 34),
}

KIND_RGB: dict[str, tuple[int, int, int]] = {
    "olive": (62, 40, 74),
    "pepper": (70, 150, 62),
    "mushroom": (160, 120, 80),
    "salami": (170, 36, 44),
    "pineapple": (232, 190, 40),
}

_FONT_FILES = {
    (False, False): "Cabin-Regular.otf",
    (True, False): "Cabin-Bold.otf",
    (False, True): "LobsterTwo-Bold.otf",
    (True, True): "LobsterTwo-Bold.otf",
}


#: The player's text size (Settings, 80..200 %) as a factor: every text the screens draw
#: through this module is this much larger; the card painter's printed words are not
#: (they belong to the card's picture: ``base_font``).  Set with :func:`set_text_scale`.
TEXT_SCALE = 1.0
TEXT_SIZES = (80, 90, 100, 115, 130, 150, 175, 200)


def set_text_scale(percent: int) -> bool:
    """Apply the player's text size; True when it changed (the caller lays out again).
    Every cache of rendered words is keyed by the scale, so nothing stale is shown."""
    global TEXT_SCALE
    scale = max(0.8, min(2.0, percent / 100))
    if scale == TEXT_SCALE:
        return False
    TEXT_SCALE = scale
    return True


def scaled(px: float) -> int:
    """``px`` at the player's text size (for boxes that must grow with their text)."""
    return int(round(px * TEXT_SCALE))


def font(px: int, bold: bool = False,
         display: bool = False) -> pygame.font.Font | fontdata.SmallFace:
    """The bundled font for ``px`` pixels at the player's text size (``TEXT_SCALE``);
    display=True gives the script face for titles."""
    return base_font(max(6, round(px * TEXT_SCALE)), bold, display)


@lru_cache(maxsize=128)
def base_font(px: int, bold: bool = False,
              display: bool = False) -> pygame.font.Font | fontdata.SmallFace:
    """Return the bundled font at exactly ``px`` pixels (not scaled: the card painter).

    Cached because creating a Font parses the file, far too slow per frame.
    """
    px = max(6, int(px))
    try:
        path = resource_path("assets", "fonts", _FONT_FILES[(bold, display)])
        if not display and px < fontdata.NARROW_SPACE_FROM_PX:
            # small body text unkerned, its narrow spaces visible: solemio/ui/fontdata.py
            return fontdata.SmallFace(pygame.font.Font(io.BytesIO(fontdata.unkerned(path)), px))
        if not display and px < fontdata.KERNING_FROM_PX:
            return pygame.font.Font(io.BytesIO(fontdata.unkerned(path)), px)
        return pygame.font.Font(str(path), px)
    except (FileNotFoundError, OSError):
        return pygame.font.Font(None, px)


TEXT_BASE = 12 * 1024 * 1024
#: Rendered lines, bounded in bytes, not in count: at 4K two thousand lines held 250 MB.
_TEXT_CACHE = ByteCache(TEXT_BASE, keep=0.8)


#: While a dict (the text-size tests, ``screenshots.shots_for_size(sizes=...)``): every
#: line drawn since it was emptied, by its words, with the largest real pixel size it was
#: drawn at.  Compared at 100 % and 200 %, it says how much of the player's text size a
#: screen kept (tests/ui/test_text_fits.py).
DRAWN: dict[str, int] | None = None


def text(
    s: str, px: int, colour: tuple[int, ...] = INK, bold: bool = False, display: bool = False
) -> pygame.Surface:
    """Render one line of text, cached: the same labels are drawn every frame."""
    if DRAWN is not None and not display:  # titles and logos are large print already
        real = max(6, round(px * TEXT_SCALE))
        if real > DRAWN.get(s, 0):
            DRAWN[s] = real
    key = (s, px if isinstance(px, float) else int(px), tuple(colour), bold, display,
           TEXT_SCALE)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = font(px, bold, display).render(s, True, colour)
        _TEXT_CACHE.put(key, surf)
    return surf


#: Texts that did not fit their box: cut short with an ellipsis, or lines left out.
#: Never expected in a shipped language; the fit tests tour every scene and read it.
OVERFLOWS: list[tuple[str, str]] = []


def note_overflow(where: str, s: str) -> None:
    """Remember a text that did not fit (bounded: a runaway loop cannot grow it)."""
    if len(OVERFLOWS) < 500:
        OVERFLOWS.append((where, s))


#: The most characters one line of text is ever measured or rendered with: far more than
#: any box holds at the smallest size, and a name from a hostile file (ten million
#: characters) must cost no more than a label (rendering it whole crashed SDL).
MAX_LINE_CHARS = 1000


def _width(s: str, px: int, bold: bool, display: bool) -> int:
    return font(px, bold, display).size(s)[0]


def unscaled(px: float) -> int:
    """The size that draws at ``px`` real pixels whatever the text size (digits in a
    badge drawn to its circle, like the card painter's words)."""
    return max(1, round(px / TEXT_SCALE))


def capped_px(px: int, max_h: int | None, bold: bool = False, display: bool = False) -> int:
    """``px`` lowered until its line is no taller than ``max_h`` at the player's text size,
    never below the size it has at 100 % (the box was designed for that one)."""
    size = int(px)
    if max_h is None or TEXT_SCALE <= 1:
        return size
    floor = max(1, int(px / TEXT_SCALE))
    while size > floor and font(size, bold, display).get_height() > max_h:
        size = max(floor, int(size * 0.92))
    return size


def fit_text(
    s: str, px: int, max_w: int, colour: tuple[int, ...] = INK, bold: bool = False,
    display: bool = False, min_px: int = 9, max_h: int | None = None,
) -> pygame.Surface:
    """Render text shrunk until it fits ``max_w`` so labels are never cut off.

    Text is measured (``Font.size``), not rendered, while the size is sought, and
    only the line that fits is rendered.  When even the smallest size is too wide the
    cut is found by a binary search (about log2 of the length measurements), and never
    more than MAX_LINE_CHARS characters are measured or rendered: a 10,000,000-character
    name costs what a short label costs.
    """
    long = len(s) > MAX_LINE_CHARS
    if long:
        s = s[:MAX_LINE_CHARS]
    # At a large text size a tight box may shrink its words back to the smallest size
    # they have at 100 %, never further: larger where there is room, never cut.  ``max_h``:
    # the box's height, which a larger text must not pass either.
    min_px = min_px / TEXT_SCALE if TEXT_SCALE > 1 else min_px  # (a float: exact pixels)
    size = capped_px(px, max_h, bold, display)
    while size > min_px and not long:
        if _width(s, size, bold, display) <= max_w:
            return text(s, size, colour, bold, display)
        size = max(min_px, int(size * 0.9))
    if not long and (_width(s, min_px, bold, display) <= max_w or max_w <= 0):
        return text(s, min_px, colour, bold, display)
    # Last resort: ellipsis, never spilling out of the box.
    note_overflow("fit_text", s[:200])
    lo, hi = 1, len(s) - 1 if not long else len(s)  # the longest cut that fits, in lo
    if _width(s[:lo] + "…", min_px, bold, display) > max_w:
        hi = lo
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _width(s[:mid] + "…", min_px, bold, display) <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return text(s[:max(1, lo)] + "…", min_px, colour, bold, display)


def fit_lines(s: str, px: int, max_w: int, colour: tuple[int, ...] = INK,
              bold: bool = False, max_lines: int = 2) -> pygame.Surface:
    """A short label on up to ``max_lines`` lines, centred, when one line would have to
    shrink to fit ``max_w`` (a larger text size: "20 cartes" over "restantes" at the
    chosen size instead of one line fitted down); one fitted line otherwise."""
    if max_lines < 2 or " " not in s or font(px, bold).size(s)[0] <= max_w:
        return fit_text(s, px, max_w, colour, bold)
    lines = wrap(s, px, max_w, bold)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    surfs = [fit_text(line, px, max_w, colour, bold) for line in lines]
    out = pygame.Surface((max(t.get_width() for t in surfs),
                          sum(t.get_height() for t in surfs)), pygame.SRCALPHA)
    y = 0
    for t in surfs:
        out.blit(t, ((out.get_width() - t.get_width()) // 2, y))
        y += t.get_height()
    return out


def wrap(s: str, px: int, max_w: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``max_w`` (paragraphs kept by newlines)."""
    lines: list[str] = []
    for para in s.split("\n"):
        lines.extend(_wrap_para(para, int(px), int(max_w), bold, TEXT_SCALE))
    return lines


_WORD_W: dict[tuple, int] = {}


@lru_cache(maxsize=4096)
def _wrap_para(para: str, px: int, max_w: int, bold: bool, scale: float) -> tuple[str, ...]:
    """One paragraph, greedily broken where the next word would pass ``max_w``.

    Lines break at ordinary spaces (U+0020) only: the non-breaking spaces of French
    typography (U+00A0 before ":" and inside « », U+202F before ";", "!", "?") keep
    the punctuation on the line of its word.

    The same lines as measuring every trial line with ``Font.size``, for a fraction
    of the measurements: a trial's width is estimated from cached word widths and
    measured only when the estimate is within a few pixels of ``max_w`` (kerning
    and rounding can move a line's width by a pixel or two per word).
    """
    f = font(px, bold)
    if len(_WORD_W) > 20000:
        _WORD_W.clear()

    def width(word: str) -> int:
        key = (word, px, bold, scale)
        w = _WORD_W.get(key)
        if w is None:
            w = _WORD_W[key] = f.size(word)[0]
        return w

    space = width(" ")
    lines: list[str] = []
    line = ""
    est = 0  # estimated width of ``line``
    n = 0  # words in ``line``
    for w in para.split(" "):
        if not line:
            line, est, n = w, width(w), 1
            continue
        trial_est = est + space + width(w)
        slack = 3 + n
        if trial_est <= max_w - slack:
            fits = True
        elif trial_est > max_w + slack:
            fits = False
        else:
            fits = f.size(line + " " + w)[0] <= max_w
        if fits:
            line, est, n = line + " " + w, trial_est, n + 1
        else:
            lines.append(line)
            line, est, n = w, width(w), 1
    lines.append(line)
    return tuple(lines)


def smallest_px() -> int:
    """The size wrapped text may shrink to: 9 real pixels at any text size."""
    return max(1, round(9 / TEXT_SCALE)) if TEXT_SCALE > 1 else 9


def wrapped_fits(s: str, rect: pygame.Rect, px: int, bold: bool = False,
                 line_gap: float = 1.2) -> bool:
    """Whether :func:`draw_wrapped` can show all of ``s`` in ``rect`` (shrinking to 9 px)."""
    size = px
    low = smallest_px()
    while True:
        lines = wrap(s, size, rect.w, bold)
        lh = int(font(size, bold).get_linesize() * line_gap / 1.2)
        if lh * len(lines) <= rect.h:
            return True
        if size <= low:
            return False
        size = int(size * 0.9)


def draw_wrapped(
    surface: pygame.Surface, s: str, rect: pygame.Rect, px: int, colour: tuple[int, ...] = INK,
    bold: bool = False, centre: bool = False, line_gap: float = 1.2, middle: bool = False,
) -> int:
    """Draw wrapped text inside ``rect``, shrinking the size until it fits; returns height used."""
    size = px
    low = smallest_px()
    while True:
        lines = wrap(s, size, rect.w, bold)
        lh = int(font(size, bold).get_linesize() * line_gap / 1.2)
        if lh * len(lines) <= rect.h or size <= low:
            break
        size = max(low, int(size * 0.9))
    y = rect.y
    if middle:
        y = rect.centery - min(rect.h, lh * len(lines)) // 2
    for i, line in enumerate(lines):
        if y + lh > rect.bottom + 2:
            note_overflow("draw_wrapped", " ".join(lines[i:]))
            break
        surf = text(line, size, colour, bold)
        x = rect.centerx - surf.get_width() // 2 if centre else rect.x
        surface.blit(surf, (x, y))
        y += lh
    return y - rect.y


LAYER_BASE = 16 * 1024 * 1024
_LAYERS = ByteCache(LAYER_BASE)  # cached layers never hold more than its budget in bytes


def set_cache_budgets(scale: float) -> None:
    """Scale the layer and text budgets with the window area: a 4K window's panels and
    lines are 4x the bytes."""
    _LAYERS.budget = int(LAYER_BASE * max(1.0, scale))
    _TEXT_CACHE.budget = int(TEXT_BASE * max(1.0, scale))
    _LAYERS.trim()
    _TEXT_CACHE.trim()


def layer(key: tuple, size: tuple[int, int], paint: Callable[[pygame.Surface], None],
          limit: int | None = None, words: bool = True) -> pygame.Surface:
    """A transparent surface painted once per ``key`` and reused.

    Software blitting is the frame budget: a panel made of dozens of small
    draws costs one blit once cached.  Keys must capture everything painted;
    the language is added here unless the layer holds no ``words``, so a
    switch in Settings shows every layer in the new language with nothing
    to clear (the old language's layers age out of the budget).
    """
    if words:
        key = (i18n.language(), TEXT_SCALE, key)
    surf = _LAYERS.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    paint(surf)
    surf = blit_ready(surf)
    _LAYERS.put(key, surf, budget=limit)
    return surf


def blit_ready(surf: pygame.Surface) -> pygame.Surface:
    """A finished picture in the display's pixel format, so blitting it needs no conversion.

    Not RLE-encoded: SDL's RLE alpha blitters treat the destination as opaque,
    and layers are blitted into other translucent layers (a panel into a
    column), which then came out black.
    """
    if pygame.display.get_surface() is not None:
        try:
            surf = surf.convert_alpha()
        except pygame.error:
            pass
    return surf


# ``theme.font.cache_clear()`` forgets the fonts as it did when font() held the cache.
font.cache_clear = base_font.cache_clear  # type: ignore[attr-defined]


def forget_fonts() -> None:
    """After ``pygame.quit()``: the cached fonts died with the font module (using one
    raises "Invalid font"), so they and everything rendered with them are made anew by
    the next window in this process (a self-test, a test suite)."""
    base_font.cache_clear()
    clear_caches()


def clear_caches() -> None:
    """Forget rendered text and layers (tests; a language switch needs no clearing)."""
    _TEXT_CACHE.clear()
    _WORD_W.clear()
    _wrap_para.cache_clear()
    _LAYERS.clear()


def rounded_panel(
    surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...], radius: int | None = None,
    border: tuple[int, ...] | None = None, border_w: int = 2, shadow: bool = True,
) -> None:
    """A soft-shadowed rounded panel, the basic shape of every box on the table."""
    r = radius if radius is not None else max(4, min(min(rect.w, rect.h) // 8, 30))
    pad = max(2, rect.h // 40) * 2 + 2
    key = ("panel", rect.size, tuple(fill), r, tuple(border) if border else None, border_w,
           shadow)
    surf = layer(key, (rect.w + 2 * pad, rect.h + 2 * pad),
                 lambda s: _paint_panel(s, pygame.Rect(pad, pad, rect.w, rect.h), fill, r,
                                        border, border_w, shadow), words=False)
    surface.blit(surf, (rect.x - pad, rect.y - pad))


def _paint_panel(
    surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...], r: int,
    border: tuple[int, ...] | None, border_w: int, shadow: bool,
) -> None:
    if shadow:
        # The panel's own shape, moved down and right: whole, so its corners stay round
        # (the layer's margin holds it; see rounded_panel's pad).
        off = max(2, rect.h // 40)
        sh = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=r)
        surface.blit(sh, (rect.x + off, rect.y + off))
    if len(fill) == 4 and fill[3] < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=r)
        surface.blit(s, rect.topleft)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=r)
    if border:
        pygame.draw.rect(surface, border, rect, width=border_w, border_radius=r)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface, used behind overlays so the menu reads as on top."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 6, 2, alpha))
    surface.blit(veil, (0, 0))


def scale_for(size: tuple[int, int]) -> float:
    """A unit that grows with the window: 1.0 at 1280x720, so sizes stay proportional."""
    w, h = size
    return max(0.6, min(w / 1280, h / 720))


# Set False to paint every frame in full (the tests compare both ways pixel by pixel).
STATIC_FRAME_ENABLED = True

# A part of a still frame: (name, the rectangle it paints into, what it shows, its painter).
Part = tuple[str, pygame.Rect, tuple, Callable[[pygame.Surface], None]]


class StaticFrame:
    """One composed, opaque picture of everything on screen that does not move.

    A scene describes its still parts (the table, the seat panels, the columns,
    the order panel, the hand) as a list of :data:`Part`: a name, the rectangle
    the part paints into (it is clipped to it), a key holding everything the part
    shows, and a function that paints it.  They are composed once into this
    window-sized surface, blitted as one opaque copy a frame, and the moving parts
    (flights, the banner, widgets) go on top.

    When a part's key or rectangle changes, only its old and new rectangles are
    painted again: the table and every part that overlaps them, in order, clipped
    to those rectangles, which gives exactly the pixels of a full repaint.  When
    ``key`` (what all parts share: the scene, the window size, the language, ...)
    or the list of part names changes, everything is painted again.  So a change
    of state, of who holds the screen or of the window size never shows a stale
    frame, provided every key captures what its part shows.  There is one per app,
    reused by whichever scene draws: one window's worth of memory.
    """

    def __init__(self) -> None:
        self.surf: pygame.Surface | None = None
        self.key: tuple | None = None
        self.parts: dict[str, tuple[pygame.Rect, tuple]] = {}
        self.paints = 0  # full repaints (tests, profiling)
        self.partial = 0  # repaints of some parts only

    def invalidate(self) -> None:
        self.key = None

    def draw(self, target: pygame.Surface, key: tuple, parts: list[Part]) -> None:
        size = target.get_size()
        if not STATIC_FRAME_ENABLED:
            _paint_parts(target, parts, None)
            return
        if self.surf is None or self.surf.get_size() != size:
            self.surf = None
            self.key = None
            surf = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                try:
                    surf = surf.convert()
                except pygame.error:
                    pass
            self.surf = surf
        key = (size,) + key
        old = self.parts
        if key != self.key or len(old) != len(parts) or any(p[0] not in old for p in parts):
            self.key = None  # a failed paint must not leave a half-painted frame marked valid
            _paint_parts(self.surf, parts, None)
            self.paints += 1
        else:
            dirty: list[pygame.Rect] = []
            for name, rect, pkey, _paint in parts:
                orect, okey = old[name]
                if okey != pkey or orect != rect:
                    dirty.append(orect)
                    if orect != rect:
                        dirty.append(rect)
            if dirty:
                self.key = None
                # Parts far apart (two seat panels at opposite ends of the top row) are
                # painted each on their own: what counts is the area they cover, not the
                # rectangle around them all.
                if sum(r.w * r.h for r in dirty) * 2 > size[0] * size[1]:
                    _paint_parts(self.surf, parts, None)
                    self.paints += 1
                else:
                    for r in dirty:
                        _paint_parts(self.surf, parts, r)
                    self.partial += 1
        self.parts = {name: (pygame.Rect(rect), pkey) for name, rect, pkey, _p in parts}
        self.key = key
        target.blit(self.surf, (0, 0))


def _paint_parts(surface: pygame.Surface, parts: list[Part], within: pygame.Rect | None) -> None:
    """Paint ``parts`` in order, each clipped to its rectangle (and to ``within``)."""
    old_clip = surface.get_clip()
    try:
        for _name, rect, _key, paint in parts:
            clip = rect.clip(within) if within is not None else rect
            if clip.w <= 0 or clip.h <= 0:
                continue
            surface.set_clip(clip.clip(old_clip))
            paint(surface)
    finally:
        surface.set_clip(old_clip)
