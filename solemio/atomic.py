"""Atomic file writes: nothing the player made is ever half-written."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, fsync, and rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


#: The temporary files our writes make: ``.NAME.XXXXXXXX.tmp`` (``write_atomic``, eight
#: characters from ``tempfile``) and ``.NAME.tmp`` (a save's picture, an exported record).
_OURS = re.compile(r"^\..+?\.(?:[a-z0-9_]{8}\.)?tmp$")
STALE_AFTER = 3600.0


def clean_stale_temps(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files an interrupted write left in ``folder`` (a crash, a
    power cut, ``kill -9`` between writing and renaming): only files named as ours, only
    regular files (never a link), only ones untouched for ``older_than`` seconds, so a
    write in progress in another process is never disturbed.  The paths removed."""
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not _OURS.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
