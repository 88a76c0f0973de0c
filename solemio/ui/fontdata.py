"""The bundled fonts' bytes as the window loads them: small body text without kerning.

SDL_ttf (under ``pygame.font``) places each glyph at the floor of its shaped
position, so a kerning pair of a few font units (Cabin kerns "c" before a round
letter by 7/1000 of an em, under a tenth of a pixel at 12 px) moves the next glyph
a whole pixel left.  At the small sizes of panels and shrunk prompts that pixel
makes "ce" touch and read as "œ" (Italian "scegli" drawn "sœgli", French
"commence", English "once").  pygame-ce gives no switch for kerning, so the body
face is loaded, below :data:`KERNING_FROM_PX`, from a copy of the file whose two
kerning tables (``GPOS``, ``kern``) are renamed in its table directory: the shaper
finds no kerning and spaces glyphs by their advances alone.  Only the bytes in
memory change; the font file shipped (and its licence's reserved name) is untouched.
Larger text keeps the font's kerning, where one pixel is a small share of a glyph.

The same small sizes lose French typography's narrow no-break space (U+202F, before
";", "!", "?"): Cabin has no glyph for it, the shaper makes one half a space wide,
and below :data:`NARROW_SPACE_FROM_PX` that is one pixel, so "finie ; Sofia" read
"finie; Sofia" beside "Sofia : ajoute" with its full space before the colon.  A
:class:`SmallFace` measures and draws it as a no-break space (U+00A0) there: still
unbreakable, now visible.
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path
from typing import Any

#: Body text from this size up keeps the font's kerning.
KERNING_FROM_PX = 20
#: Below this size a narrow no-break space is drawn as a (full) no-break space.
NARROW_SPACE_FROM_PX = 18
NARROW_NBSP, NBSP = "\u202f", "\u00a0"
#: The tables a shaper takes kerning from (OpenType GPOS, and the older ``kern``).
KERNING_TABLES = (b"GPOS", b"kern")


def without_kerning(data: bytes) -> bytes:
    """An OpenType/TrueType font's bytes with its kerning tables hidden from the shaper.

    The table directory (after the 12-byte header, 16 bytes a table) names each
    table; a renamed table is one no shaper asks for.  Anything that is not a
    plain font file (a collection, a damaged file) is returned unchanged.
    """
    if len(data) < 12 or data[:4] not in (b"OTTO", b"\x00\x01\x00\x00", b"true"):
        return data
    (count,) = struct.unpack(">H", data[4:6])
    out = bytearray(data)
    for i in range(count):
        at = 12 + 16 * i
        if at + 4 > len(out):
            return data
        if bytes(out[at:at + 4]) in KERNING_TABLES:
            out[at] = ord("x")  # "GPOS" → "xPOS", "kern" → "xern": unknown tables
    return bytes(out)


@cache
def unkerned(path: Path) -> bytes:
    """The font file at ``path`` without kerning (read once)."""
    return without_kerning(path.read_bytes())


def visible_spaces(text: str) -> str:
    """``text`` with its narrow no-break spaces widened to no-break spaces."""
    return text.replace(NARROW_NBSP, NBSP) if NARROW_NBSP in text else text


class SmallFace:
    """A small body font that measures and draws narrow no-break spaces as no-break
    spaces (see the module's note); everything else is the wrapped font's own."""

    __slots__ = ("font",)

    def __init__(self, font: Any) -> None:
        self.font = font

    def size(self, text: str) -> tuple[int, int]:
        return self.font.size(visible_spaces(text))

    def render(self, text: str, *args: Any, **kwargs: Any) -> Any:
        return self.font.render(visible_spaces(text), *args, **kwargs)

    def metrics(self, text: str) -> Any:
        return self.font.metrics(visible_spaces(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.font, name)
