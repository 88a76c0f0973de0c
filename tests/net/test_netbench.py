"""``solemio netbench`` runs a server process and reports its figures (a short run: the
figures themselves are measured by the command, docs/measurements/issue-25)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"tables", "moves", "lost_moves", "duplicated_moves", "answer_ms_p99", "server_mb",
        "seen_ms_p95", "kb_per_table", "server_cpu_percent", "load_1min_before"}


def test_netbench_plays_remote_tables_and_loses_no_move():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    out = subprocess.run([sys.executable, "-m", "solemio", "netbench", "--tables", "2",
                          "--seconds", "1", "--pace", "0.05", "--json"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert KEYS <= set(figures)
    assert figures["tables"] == 2 and figures["connections"] == 8
    assert figures["moves"] > 5
    assert figures["lost_moves"] == 0 and figures["duplicated_moves"] == 0
    assert figures["answer_ms_p99"] > 0 and figures["server_mb"] > 10


def test_netbench_windows_measures_a_move_shown_at_the_other_window():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"}
    out = subprocess.run([sys.executable, "-m", "solemio", "netbench", "--windows",
                          "--moves", "12", "--think", "0.05", "--json"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    assert figures["moves"] >= 12 and figures["seen"] >= 10
    # at least one frame of the other window passes between a move and its showing
    assert 0 < figures["shown_ms_p50"] <= figures["shown_ms_p95"] <= figures["shown_ms_max"]
