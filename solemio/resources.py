"""The one place that knows where shipped resources live.

Card sets and assets sit at the top of a source checkout, inside the package
(as ``solemio/_data``) when installed from a wheel, and under
``sys._MEIPASS`` in a PyInstaller binary.  Everything else asks this module.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def _roots() -> tuple[Path, ...]:
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen))
    roots.append(_PACKAGE_DIR / "_data")
    roots.append(_PACKAGE_DIR.parent)
    return tuple(roots)


def resource_path(*parts: str) -> Path:
    """Return the path of a shipped resource such as ``("cardsets", "sole-mio.yaml")``.

    Raises FileNotFoundError naming every place looked in, so a broken install
    is reported clearly rather than as a confusing later failure.
    """
    for root in _roots():
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    looked = ", ".join(str(r.joinpath(*parts)) for r in _roots())
    raise FileNotFoundError(f"resource {'/'.join(parts)} not found (looked in {looked})")


def cardsets_dir() -> Path:
    return resource_path("cardsets")


def assets_dir() -> Path:
    return resource_path("assets")
