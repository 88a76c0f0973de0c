"""A second window on one computer (to try a networked table with oneself, or for the
tests under Xvfb) runs with a per-user folder of its own (``SOLEMIO_HOME``): the
one-window lock is per folder, so it does not stop it, while a second window on the same
folder is still refused (it would share the first one's autosave and seat tokens)."""

from __future__ import annotations

import os
import subprocess
import sys

HOLD = ("import sys, time\n"
        "from solemio import instance\n"
        "print(instance.claim(), flush=True)\n"
        "time.sleep(float(sys.argv[1]))\n")


def _start(home, seconds: float) -> subprocess.Popen:
    env = {**os.environ, "SOLEMIO_HOME": str(home)}
    return subprocess.Popen([sys.executable, "-c", HOLD, str(seconds)], env=env,
                            stdout=subprocess.PIPE, text=True)


def test_a_second_window_with_its_own_folder_is_not_stopped_by_the_lock(tmp_path):
    first = _start(tmp_path / "one", 30)
    try:
        assert first.stdout.readline().strip() == "True"
        same = _start(tmp_path / "one", 0)
        other = _start(tmp_path / "two", 0)
        assert same.stdout.readline().strip() == "False"
        assert other.stdout.readline().strip() == "True"
        same.wait(60)
        other.wait(60)
    finally:
        first.kill()
        first.wait(60)
