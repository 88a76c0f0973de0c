"""Every hostile card-set file (tests/hostile_files.py) gives one ``file:line: problem``
line, quickly and cheaply, in every command that reads card sets (issue 22, items 4-5).

Each kind is checked in this process (``validate``, ``scenario``, ``simulate --edition``:
CPU time and the Python memory traced), and all of them together in one real
``solemio validate`` and one ``solemio --selftest`` process, whose peak memory the
kernel reports (``ru_maxrss``).  The window's title and New game screens have their
own test (tests/ui/test_hostile_cardsets_ui.py).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hostile_files import CARDSET_KINDS, Kind

import solemio.engine.scenario  # noqa: F401 - imported before any measuring
import solemio.engine.simulate  # noqa: F401
from solemio import cli

KINDS = list(CARDSET_KINDS)
LIMIT_S = 2.0  # CPU seconds per file
LIMIT_BYTES = 300 * 1024 * 1024
ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """A hang (a FIFO opened for reading) fails the test instead of stopping the run."""
    def expired(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def measured(run, trace: bool = True) -> tuple[object, float, int]:
    """``run()``'s result, its CPU seconds and the peak of the Python memory it took
    (0 unless ``trace``: tracing slows Python down threefold)."""
    if trace:
        tracemalloc.start()
    t0 = time.process_time()
    try:
        with deadline(20):
            result = run()
    finally:
        seconds = time.process_time() - t0
        peak = tracemalloc.get_traced_memory()[1] if trace else 0
        tracemalloc.stop()
    return result, seconds, peak


def one_line(err: str, folder: Path, prefix: str = "") -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err[:2000]
    assert lines[0].startswith(prefix + str(folder)), lines[0][:300]
    assert "Traceback" not in err and len(lines[0]) < 400, lines[0][:500]
    return lines[0]


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_validate_says_one_line(kind: Kind, tmp_path: Path, capsys) -> None:
    path = kind.make(tmp_path)
    code, seconds, peak = measured(lambda: cli.main(["validate", str(path)]))
    out = capsys.readouterr()
    assert code == 2, (kind.note, out)
    one_line(out.err, tmp_path)
    assert out.out == ""
    assert seconds < LIMIT_S, f"{kind.name}: {seconds:.2f} s"
    assert peak < LIMIT_BYTES, f"{kind.name}: {peak / 2**20:.0f} MB"


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_simulate_and_scenario_say_one_line(kind: Kind, tmp_path: Path, capsys) -> None:
    path = kind.make(tmp_path)
    code, seconds, _peak = measured(lambda: cli.main(
        ["simulate", "--edition", str(path), "--games", "1"]), trace=False)
    out = capsys.readouterr()
    assert code == 2, (kind.note, out)
    one_line(out.err, tmp_path, "solemio: ")
    assert seconds < LIMIT_S
    scenario = tmp_path / "scenario.yml"
    scenario.write_text(f"name: hostile\nedition: {json.dumps(str(path))}\nseats: [blue, red]\n"
                        "setup: {start: reveal}\nscript: []\n", encoding="utf-8")
    code, seconds, _peak = measured(lambda: cli.main(["scenario", str(scenario)]), trace=False)
    out = capsys.readouterr()
    assert code == 2, (kind.note, out)
    assert one_line(out.err, tmp_path).startswith(f"{scenario}:2: edition: ")
    assert seconds < LIMIT_S


def _all_kinds(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [kind.make(folder) for kind in KINDS]


def _limited() -> None:
    # A regression must fail the test, not take the shared machine's memory.
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))


# Runs solemio as ``python -m solemio`` would, then writes its own CPU seconds and peak
# memory to the file named in argv[1].
# The peak is the kernel's VmHWM: ru_maxrss would keep the forking pytest's own peak
# across the exec.
_MEASURED = """
import atexit, resource, runpy, sys
report = sys.argv.pop(1)
def said():
    me = resource.getrusage(resource.RUSAGE_SELF)
    with open("/proc/self/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    with open(report, "w") as f:
        f.write(f"{me.ru_utime + me.ru_stime} {peak * 1024}")
atexit.register(said)
sys.argv[0] = "solemio"
runpy.run_module("solemio", run_name="__main__", alter_sys=True)
"""


def _run(args: list[str], home: Path) -> tuple[subprocess.CompletedProcess, float, int]:
    """Run ``python -m solemio ARGS``; its output, CPU seconds and peak memory (bytes)."""
    env = {**os.environ, "SOLEMIO_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en", "PYTHONPATH": str(ROOT)}
    report = home.parent / "rusage.txt"
    proc = subprocess.Popen([sys.executable, "-c", _MEASURED, str(report), *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_limited)
    try:
        out, err = proc.communicate(timeout=180)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"solemio {args[0]} hung: {err[-2000:]}")
    assert report.exists(), f"solemio {args[0]} died: {err[-3000:]}"
    cpu, peak = report.read_text().split()
    return subprocess.CompletedProcess(args, proc.returncode, out, err), float(cpu), int(peak)


def test_one_validate_process_reads_every_kind_within_the_limits(tmp_path: Path) -> None:
    paths = _all_kinds(tmp_path / "files")
    done, cpu, peak = _run(["validate", *map(str, paths)], tmp_path / "home")
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert len(lines) == len(paths), done.stderr
    for path, line in zip(paths, lines, strict=True):
        assert line.startswith(str(path.parent)), (path, line)
    # all the files together stay within what one may cost
    assert cpu < LIMIT_S * 2, f"{cpu:.2f} s for {len(paths)} files"
    assert peak < LIMIT_BYTES, f"{peak / 2**20:.0f} MB"


def test_the_selftest_notes_each_broken_variant_once(tmp_path: Path, monkeypatch,
                                                     capsys) -> None:
    """``--selftest`` draws the title (which reads the player's card sets) and checks them;
    the checks that read no card set (pictures, fonts, sounds, games, scenes) are left out
    here: tests/packaging/test_selftest.py runs them."""
    from solemio import logs, selftest

    home = tmp_path / "home"
    monkeypatch.setenv("SOLEMIO_HOME", str(home))
    paths = _all_kinds(home / "data" / "cardsets")
    for step in ("_pictures", "_fonts", "_sounds", "_catalogues", "_games", "_hard_workers",
                 "_scenes", "_network"):
        monkeypatch.setattr(selftest, step, lambda *args: None)
    logs.reset()
    try:
        code, seconds, _peak = measured(lambda: selftest.run(None, as_json=False), trace=False)
    finally:
        logs.reset()
    out = capsys.readouterr().out
    assert code == 0 and "Traceback" not in out, out[-3000:]
    folder = home / "data" / "cardsets"
    notes = [line for line in out.splitlines() if "house variant" in line]
    assert len(notes) == len(list(folder.glob("*.yaml"))) == len(paths), "\n".join(notes)
    assert all(note.startswith(f"  note: house variant {folder}") for note in notes), notes
    assert seconds < LIMIT_S * 3, seconds  # 60 files, the title and the editions: one go
