"""How long ago this program was started, for the start-up figure (``title_s``).

A single-file PyInstaller binary is two processes: a bootloader that unpacks the
bundle into a temporary folder and then starts the real program.  A player waits
for both, so on Linux the clock starts at the bootloader's birth, read from
``/proc``.  Elsewhere the operating system's creation time of this process is used
(Windows), or failing that the moment the ``solemio`` package was first imported.
"""

from __future__ import annotations

import os
import sys
import time

_IMPORTED = time.perf_counter()


def _linux_age(pid: int | str) -> float:
    """Seconds since process ``pid`` started (10 ms resolution: the kernel counts in ticks)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        stat = fh.read()
    # the command name in parentheses may hold spaces: the fields follow the last ')'
    fields = stat[stat.rindex(")") + 2:].split()
    start_ticks = int(fields[19])  # field 22 of the whole line
    now = time.clock_gettime(time.CLOCK_BOOTTIME)
    return now - start_ticks / os.sysconf("SC_CLK_TCK")


def _onefile_parent() -> int | None:
    """The bootloader's pid when this is the child of a single-file binary, else None."""
    if not getattr(sys, "frozen", False):
        return None
    ppid = os.getppid()
    try:
        if os.readlink(f"/proc/{ppid}/exe") == os.readlink("/proc/self/exe"):
            return ppid
    except OSError:
        pass
    return None


def _windows_age() -> float:
    import ctypes
    from ctypes import wintypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    created, exited, kernel_t, user_t = (wintypes.FILETIME() for _ in range(4))
    if not kernel.GetProcessTimes(kernel.GetCurrentProcess(), ctypes.byref(created),
                                  ctypes.byref(exited), ctypes.byref(kernel_t),
                                  ctypes.byref(user_t)):
        raise OSError("GetProcessTimes failed")
    now = wintypes.FILETIME()
    kernel.GetSystemTimePreciseAsFileTime(ctypes.byref(now))

    def ticks(ft: wintypes.FILETIME) -> int:
        return (ft.dwHighDateTime << 32) | ft.dwLowDateTime

    return (ticks(now) - ticks(created)) / 1e7  # FILETIME counts 100 ns


def seconds_since_start() -> float:
    """Seconds since the player started the program (unpacking included where it can tell)."""
    try:
        if sys.platform.startswith("linux"):
            parent = _onefile_parent()
            return _linux_age(parent if parent is not None else "self")
        if sys.platform == "win32":
            return _windows_age()
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    return time.perf_counter() - _IMPORTED
