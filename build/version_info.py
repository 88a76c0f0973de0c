"""The Windows version resource (File > Properties > Details) for the .exe files.

Written as the text PyInstaller's ``version=`` option reads, from the version in
pyproject.toml, so that the resource can never disagree with ``solemio --version``.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent / "generated"


def numbers(version: str) -> tuple[int, int, int, int]:
    """'1.2.3' -> (1, 2, 3, 0): Windows wants exactly four numbers; suffixes such as
    'rc1' or '.dev2' keep only their leading digits."""
    parts = []
    for piece in version.split(".")[:4]:
        digits = ""
        for ch in piece:
            if not ch.isdigit():
                break
            digits += ch
        parts.append(int(digits or 0))
    parts += [0] * (4 - len(parts))
    return tuple(parts)  # type: ignore[return-value]


def text(version: str, app_name: str) -> str:
    nums = numbers(version)
    strings = {
        "CompanyName": "The Sole Mio! digital edition developers",
        "FileDescription": app_name,
        "FileVersion": version,
        "InternalName": "solemio",
        "LegalCopyright": "Game design by Uwe Rosenberg; this edition's code and art: MIT licence",
        "OriginalFilename": "solemio.exe",
        "ProductName": app_name,
        "ProductVersion": version,
    }
    entries = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(filevers={nums}, prodvers={nums}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
{entries}
    ])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write(version: str, app_name: str, out: Path = OUT) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "version_info.txt"
    path.write_text(text(version, app_name), encoding="utf-8")
    return path
