"""Draw the application icon from our own art, at every size the three systems ask for.

The picture is the scorer card's smiling sun (``assets/cards/symbol-sun.svg``) on a
rounded tile of the table's walnut, with the cream inner border our cards have.
Nothing here is a stored binary: PNG, ICO (Windows) and ICNS (macOS) are all written
by this script into ``build/icons/`` (ignored by git), and ``installer.spec`` calls it.

    python build/make_icons.py [OUT_DIR]
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "icons"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x ones repeat a size).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)
WALNUT = (92, 52, 30)
WALNUT_DARK = (58, 31, 17)
CREAM = (255, 240, 208)


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()  # SVG loading needs no more (no audio: nothing to play here)
    return pygame


def draw(size: int):
    """The icon at ``size`` pixels square: drawn at that size, never scaled down from a big one,
    so the small sizes keep crisp edges."""
    pygame = _pygame()
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    margin = max(1, round(size * 0.03))
    tile = pygame.Rect(margin, margin, size - 2 * margin, size - 2 * margin)
    radius = max(2, round(size * 0.18))
    # A soft bottom shadow, the tile, a lighter top half for depth, the cream inner border.
    shadow = tile.move(0, max(1, round(size * 0.015)))
    pygame.draw.rect(surf, (*WALNUT_DARK, 160), shadow, border_radius=radius)
    pygame.draw.rect(surf, WALNUT, tile, border_radius=radius)
    top = tile.copy()
    top.height = tile.height // 2
    pygame.draw.rect(surf, (112, 66, 38), top, border_top_left_radius=radius,
                     border_top_right_radius=radius)
    if size >= 32:
        inset = max(2, round(size * 0.06))
        border = tile.inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surf, CREAM, border, width=max(1, round(size * 0.02)),
                         border_radius=max(1, radius - inset))
    sun_side = round(tile.width * (0.86 if size < 32 else 0.74))
    sun = pygame.image.load_sized_svg(str(ROOT / "assets" / "cards" / "symbol-sun.svg"),
                                      (sun_side, sun_side))
    surf.blit(sun, sun.get_rect(center=tile.center))
    return surf


def _png_bytes(size: int) -> bytes:
    pygame = _pygame()
    buf = io.BytesIO()
    pygame.image.save(draw(size), buf, "png")
    return buf.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico whose images are PNG-compressed (accepted since Windows Vista)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        side = 0 if s >= 256 else s  # 0 stands for 256 in the directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG elements for 16 to 1024 pixels, Retina sizes included."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path = OUT) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: _png_bytes(s) for s in PNG_SIZES}
    for s, data in pngs.items():
        (out / f"solemio-{s}.png").write_bytes(data)
    paths = {"ico": out / "solemio.ico", "icns": out / "solemio.icns", "png": out / "solemio-256.png"}
    paths["ico"].write_bytes(ico(pngs))
    paths["icns"].write_bytes(icns(pngs))
    return paths


def ensure_icons(out: Path = OUT) -> dict[str, Path]:
    """The icons, drawn now unless they are already there and newer than their source."""
    paths = {"ico": out / "solemio.ico", "icns": out / "solemio.icns", "png": out / "solemio-256.png"}
    source = max((ROOT / "assets" / "cards" / "symbol-sun.svg").stat().st_mtime,
                 Path(__file__).stat().st_mtime)
    if all(p.exists() and p.stat().st_mtime >= source for p in paths.values()):
        return paths
    return write_icons(out)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    for name, path in write_icons(target).items():
        print(f"{name}: {path}")
