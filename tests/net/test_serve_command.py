"""``solemio serve``: starts, serves, stops on SIGTERM with its tables written, and
finds them again at the next start; bad options get one line, never a traceback."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from solemio.net.client import TableClient

ROOT = Path(__file__).resolve().parents[2]


def _serve(data: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    proc = subprocess.Popen([sys.executable, "-m", "solemio", "serve", "--port", "0",
                             "--data", str(data)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    line = proc.stdout.readline()
    m = re.search(r"at (ws://127\.0\.0\.1:\d+) ", line)
    assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, line


def test_serve_keeps_its_tables_across_a_restart(tmp_path):
    data = tmp_path / "tables"
    proc, line = _serve(data)
    assert line.startswith("Serving 0 tables from")
    try:
        c = TableClient(re.search(r"(ws://\S+)", line).group(1))
        code, _ = c.create("sole-mio", ["person", "easy"], seed=1)
        table = c.join(code, "Ann")
        c.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    assert (data / f"{code}.json").is_file()
    proc, line = _serve(data)
    try:
        assert line.startswith("Serving 1 table from")
        c = TableClient(re.search(r"(ws://\S+)", line).group(1))
        again = c.resume(code, table.token)
        assert again.viewer == table.viewer
        assert again.events()[:len(table.events())] == table.events()
        c.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


def test_serve_says_in_one_line_what_is_wrong(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    for args, words in ((["--data", str(blocker / "sub")], "cannot make the tables folder"),
                        (["--port", "70000"], "a port is between 0 and 65535")):
        out = subprocess.run([sys.executable, "-m", "solemio", "serve", *args], env=env,
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode != 0 and words in out.stderr
        assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) <= 2


def test_serve_lists_its_options_in_help():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    out = subprocess.run([sys.executable, "-m", "solemio", "serve", "--help"], env=env,
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    for option in ("--host", "--port", "--data", "--max-per-address", "--behind-proxy"):
        assert option in out.stdout
