"""Sole Mio! — a digital edition of Uwe Rosenberg's pizza card games."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def version() -> str:
    """The version, written in one place: ``pyproject.toml``.

    A source checkout reads that file itself (so a bumped version needs no
    reinstall); an installed wheel and the frozen binary (whose spec bundles the
    package metadata) ask the installed metadata, which was made from it.
    """
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        if data.get("project", {}).get("name") == "solemio":
            return str(data["project"]["version"])
    except (OSError, ValueError, KeyError):
        pass
    from importlib import metadata

    try:
        return metadata.version("solemio")
    except metadata.PackageNotFoundError:
        return "unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(name)
