"""The ``solemio`` command: the game by default, and the tools beside it.

Bad input to any command gives one line with the reason and exit code 2,
never a traceback.  Everything it says (help, errors, results) is in the
player's language, chosen as the window chooses it: the Settings' language,
else the system's (:func:`command_language`); argparse's own words (usage,
options, its errors) come from our catalogue too (:data:`ARGPARSE_MESSAGES`).
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from solemio import i18n
from solemio.formats import number
from solemio.i18n import LANGUAGES, N_, _, ngettext
from solemio.ui.settings import TEXT_SIZES

USAGE_ERROR = 2

# pygame's greeting on import is noise in every command's output (and in --version).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


#: The messages of argparse a player can meet, in argparse's own English: marked here
#: for the catalogue, and looked up there when argparse asks (see _argparse_speaks_ours).
ARGPARSE_MESSAGES = (
    N_("usage: "),
    # TRANSLATORS: a heading; argparse writes ":" right after it (French: end it with U+00A0).
    N_("positional arguments"),
    # TRANSLATORS: a heading; argparse writes ":" right after it (French: end it with U+00A0).
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unexpected option string: %s"),
)


def command_language() -> str:
    """The language of the command line: the one chosen in Settings, else the system's
    (macOS's and Windows' own language settings included), as the window does."""
    try:
        from solemio.ui.settings import load

        return load(keep_damaged=False).language
    except Exception:  # an unusable home folder: the system's language still applies
        return i18n.system_language()


def _argparse_speaks_ours() -> None:
    """Make argparse look its messages up in our catalogue.

    argparse translates with the ``gettext`` functions it imported as ``_`` and
    ``ngettext``; pointing them at ours gives usage, headings and errors in the
    player's language (a message we do not know stays in English).
    """
    argparse._ = i18n.gettext_raw  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext_raw  # type: ignore[attr-defined]


def _plain_spaces(err: UnicodeError) -> tuple[str, int]:
    """Encoding error handler: a character the console cannot show becomes a space (the
    non-breaking ones of French typography) or "?" (anything else), never a traceback."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    bad = err.object[err.start:err.end]
    return "".join(" " if c.isspace() else "?" for c in bad), err.end


codecs.register_error("solemio-plain", _plain_spaces)


def _streams_never_fail() -> None:
    """A console or pipe in a legacy encoding (cp1252 has no U+202F) prints what it can."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and stream.errors in ("strict", "backslashreplace"):
            try:
                reconfigure(errors="solemio-plain")
            except (ValueError, OSError):
                pass


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: {message}\n")


def _fail(message: str) -> int:
    print(_("solemio: {message}", message=message), file=sys.stderr)
    return USAGE_ERROR


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("“{given}” is not a whole number", given=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}", value=value))
    return value


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("“{given}” is not a whole number", given=text)) from None


def _port(text: str) -> int:
    value = _integer(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(_("a port is between 0 and 65535, not {value}",
                                           value=value))
    return value


def _players(text: str) -> int:
    value = _integer(text)
    if not 2 <= value <= 5:
        raise argparse.ArgumentTypeError(_("a game has 2 to 5 players, not {value}", value=value))
    return value


def cmd_simulate(args: argparse.Namespace) -> int:
    from solemio.engine import SourceError, load_cardset
    from solemio.engine.simulate import simulate

    try:
        cs = load_cardset(args.edition)
    except SourceError as exc:
        return _fail(i18n.source_error_text(exc))
    keep = None
    if args.record:
        from pathlib import Path

        from solemio.records import save_record

        folder = Path(args.record)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return _fail(_("{folder}: cannot make the records folder ({why})", folder=folder,
                           why=exc.strerror))
        if not folder.is_dir():
            return _fail(_("{folder}: not a folder", folder=folder))

        def keep(game: Any) -> None:
            save_record(game, [{"name": c.capitalize(), "colour": c, "person": False,
                                "level": "random"} for c in game.colours], folder)
    res = simulate(cs, args.players, args.games, args.seed, keep)
    if args.json:
        print(json.dumps({
            "edition": cs.id,
            "players": args.players,
            "games": res.games,
            "seconds": round(res.seconds, 4),
            "games_per_second": round(res.games_per_second, 1),
            "turns_per_game": round(res.turns_per_game, 2),
            "errors": res.errors,
            "first_error": res.first_error,
        }))
    else:
        print(_("{edition} · {players} players: {games} random games in {seconds} s",
                edition=i18n.data_text(cs.name), players=args.players, games=res.games,
                seconds=number(res.seconds, 2)))
        print("  " + _("games per second: {n}", n=number(res.games_per_second, 1)))
        print("  " + _("turns per game: {n}", n=number(res.turns_per_game, 1)))
        print("  " + _("errors: {n}", n=res.errors))
        if res.first_error:
            print("  " + _("first error: {error}", error=res.first_error))
    return 1 if res.errors else 0


def cmd_validate(args: argparse.Namespace) -> int:
    from solemio.engine.cardset import load_cardset_file, shipped_clash
    from solemio.engine.yamlsource import SourceError

    bad = 0
    for path in args.files:
        try:
            cs = load_cardset_file(path)
            clash = shipped_clash(cs)
            if clash is not None:
                raise clash
        except SourceError as exc:
            print(i18n.source_error_text(exc), file=sys.stderr)
            bad += 1
        else:
            print(_("{path}: ok · {edition} ({orders} orders per colour, {rounds})", path=path,
                    edition=i18n.data_text(cs.name), orders=cs.orders_per_colour,
                    rounds=ngettext("{n} round", "{n} rounds", cs.rounds)))
    return USAGE_ERROR if bad else 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from solemio.engine.scenario import run_scenario
    from solemio.engine.yamlsource import SourceError

    broken = failed = 0
    for path in args.files:
        try:
            result = run_scenario(path)
        except SourceError as exc:
            print(i18n.source_error_text(exc), file=sys.stderr)
            broken += 1
            continue
        if result.passed:
            print(_("PASS {path}: {name}", path=path, name=result.name))
        else:
            failed += 1
            print(_("FAIL {path}: {name}", path=path, name=result.name))
            for line in result.failures:
                print(f"  {line}")
    if broken:
        return USAGE_ERROR
    return 1 if failed else 0


def cmd_arena(argv: list[str]) -> int:
    try:
        from solemio.ai.arena import main as arena_main
    except ImportError as exc:
        return _fail(_("the arena is not available in this build ({why})", why=exc))
    return arena_main(argv)


def _window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("“{given}” is not a size such as 1024x640", given=text)) from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(
            _("{size} is outside 320x240 to 7680x4320", size=f"{w}x{h}"))
    return w, h


def cmd_screenshots(args: argparse.Namespace) -> int:
    from solemio.ui.screenshots import main as shots_main

    sizes = tuple(args.size) if args.size else None
    if sizes:
        return shots_main(args.out, args.lang, sizes, text_size=args.text_size)
    return shots_main(args.out, args.lang, text_size=args.text_size)


def _machine_loop_seconds() -> float:
    """Seconds for ten million additions in a Python loop: how fast this machine is right now.

    The shared machine's speed drifts by a third over an hour; this number
    lets two bench runs be compared (games per second scale with its inverse).
    """
    t0 = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return round(time.perf_counter() - t0, 3)


def cmd_serve(args: argparse.Namespace) -> int:
    """``solemio serve``: the table server (solemio/net/server.py, docs/server.md)."""
    import asyncio
    import logging
    from pathlib import Path

    from solemio import userdirs
    from solemio.net.server import Limits, run

    folder = Path(args.data) if args.data else userdirs.data_dir() / "tables"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _fail(_("{folder}: cannot make the tables folder ({why})", folder=folder,
                       why=exc.strerror))
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        return _fail(_("{folder}: not a folder this user can write to", folder=folder))
    handler = logging.StreamHandler(sys.stderr)  # a service's log: journald, docker logs
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger("solemio.net").addHandler(handler)
    logging.getLogger("solemio.net").setLevel(logging.INFO)

    def ready(port: int, tables: int) -> None:
        print(ngettext("Serving {n} table from {folder} at ws://{host}:{port} (Ctrl+C stops).",
                       "Serving {n} tables from {folder} at ws://{host}:{port} (Ctrl+C stops).",
                       tables, folder=folder, host=args.host, port=port), flush=True)

    limits = Limits(per_address=args.max_per_address, behind_proxy=args.behind_proxy)
    try:
        asyncio.run(run(args.host, args.port, folder, limits, ready))
    except OSError as exc:
        return _fail(_("cannot listen at {host}:{port} ({why})", host=args.host, port=args.port,
                       why=exc.strerror or exc))
    return 0


def cmd_netbench(args: argparse.Namespace) -> int:
    """``solemio netbench``: one server process, N tables of remote seats (solemio/net/bench.py)."""
    from solemio.net.bench import run

    def progress(opened: int) -> None:
        if not args.json:
            print(ngettext("{n} table open", "{n} tables open", opened), file=sys.stderr,
                  flush=True)

    if args.windows:
        from solemio.net.window_latency import run as window_run

        try:
            return _print_figures(window_run(args.moves, think=args.think), args.json)
        except (OSError, RuntimeError) as exc:
            return _fail(_("the benchmark failed: {why}", why=exc))
    try:
        figures = run(args.tables, args.seconds, args.pace, progress)
    except (OSError, RuntimeError) as exc:
        return _fail(_("the benchmark failed: {why}", why=exc))
    return _print_figures(figures, args.json)


def cmd_bench(args: argparse.Namespace) -> int:
    from solemio.engine import load_cardset
    from solemio.engine.simulate import copy_rates, simulate

    figures: dict[str, Any] = {}
    if args.frames_only:
        from solemio.ui import bench as ui_bench_mod
        from solemio.ui.bench import run as ui_bench

        if args.speech:
            ui_bench_mod.EXTRA_SETTINGS["speech"] = True

        figures["load_1min"] = os.getloadavg()[0]
        figures["machine_loop_s"] = _machine_loop_seconds()
        figures.update(ui_bench(frames_only=True))
        figures["load_1min_after"] = os.getloadavg()[0]
        print(json.dumps(figures) if args.json else
              "\n".join(f"{k}: {v}" for k, v in figures.items()))
        return 0
    if args.replay:
        from solemio.ui.bench import run as ui_bench

        return _print_figures(ui_bench(replay_only=True), args.json)
    # three runs, the median reported: one run on a shared machine can land on a
    # busy second (all three are printed too)
    cs = load_cardset("sole-mio")
    runs = sorted(round(simulate(cs, 4, max(1, args.games // 3), seed).games_per_second, 1)
                  for seed in (1, 2, 3))
    figures["engine_games_per_second"] = runs[1]
    figures["engine_runs"] = runs
    figures["machine_loop_s"] = _machine_loop_seconds()
    figures.update(copy_rates())
    if not args.engine_only:
        from solemio.ui.bench import run as ui_bench

        figures.update(ui_bench())
    return _print_figures(figures, args.json)


def _print_figures(figures: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Open a game record in the replay; a record that cannot be used is one line, exit 2."""
    from pathlib import Path

    from solemio.engine.saves import SaveError
    from solemio.records import open_record
    from solemio.savefiles import problem_text

    path = Path(args.file)
    try:
        open_record(path)
    except SaveError as exc:
        return _fail(_("{path}: cannot replay this record: {problem} ({detail})", path=path,
                       problem=problem_text(exc.problem), detail=exc))
    if args.check:
        print(_("{path}: ok, it can be replayed", path=path))
        return 0
    from solemio.ui.app import run

    return run(start=lambda app: app.manager.open("replay-file", path)) or 0


def cmd_review(args: argparse.Namespace) -> int:
    """The coach on a game record: a seat's failed and unplayed orders (and its mistakes)."""
    from pathlib import Path

    from solemio.coach import run_review
    from solemio.engine.saves import SaveError
    from solemio.records import open_record
    from solemio.savefiles import problem_text

    if args.lang:  # else the command line's own (Settings, then the system's: see main)
        i18n.set_language(args.lang)
    path = Path(args.file)
    try:
        game, seats, _extra = open_record(path)
    except SaveError as exc:
        return _fail(_("{path}: cannot review this record: {problem} ({detail})", path=path,
                       problem=problem_text(exc.problem), detail=exc))
    if not 0 <= args.seat < len(game.colours):
        return _fail(_("--seat {seat}: this game has seats 0 to {last}", seat=args.seat,
                       last=len(game.colours) - 1))
    if args.bench:
        return _review_bench(game, args)
    # a record's grades are kept in it (atomically); a copy elsewhere is read, not written
    out = run_review(game, args.seat, path=path, grade=not args.no_grade,
                     iterations=args.iterations)
    if args.json:
        print(json.dumps(out.review.to_json()))
    else:
        from solemio.coach.words import report

        print(report(out.review, [str(s.get("name", "?")) for s in seats]), end="")
    return 0


def _correlation(a: list[float], b: list[float]) -> float | None:
    n = len(a)
    if n < 2:
        return None
    ma, mb = sum(a) / n, sum(b) / n
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    if va <= 0 or vb <= 0:
        return None
    return round(sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True)) / (va * vb) ** 0.5, 3)


def _review_bench(game: Any, args: argparse.Namespace) -> int:
    """Time the analysis and the grading (twice, with other re-deals: their agreement)."""
    from solemio.coach import run_review

    first = run_review(game, args.seat, grade=not args.no_grade, iterations=args.iterations,
                       seed=1)
    figures = dict(first.figures)
    if not args.no_grade:
        second = run_review(game, args.seat, grade=True, iterations=args.iterations, seed=2)
        a = [m.index for m in first.graded[:3]]
        b = [m.index for m in second.graded[:3]]
        figures["second_grading_cpu_s"] = second.figures.get("grading_cpu_s")
        figures["top3_agreement"] = round(len(set(a) & set(b)) / max(1, len(a), len(b)), 3)
        both = {m.index for m in first.graded} | {m.index for m in second.graded}
        same = {m.index for m in first.graded} & {m.index for m in second.graded}
        figures["flagged_agreement"] = round(len(same) / max(1, len(both)), 3)
        figures["top3_first"], figures["top3_second"] = a, b
        # over every decision graded: how the two runs' losses agree
        la = dict((i, loss) for i, loss, _se in first.every)
        lb = dict((i, loss) for i, loss, _se in second.every)
        keys = sorted(set(la) & set(lb))
        figures["loss_correlation"] = _correlation([la[k] for k in keys], [lb[k] for k in keys])
        figures["mean_abs_loss_difference"] = round(
            sum(abs(la[k] - lb[k]) for k in keys) / max(1, len(keys)), 3)
    print(json.dumps(figures))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from solemio.ui.app import run

    return run() or 0


def cmd_selftest(args: argparse.Namespace) -> int:
    from solemio.selftest import run

    return run(args.screenshot, args.selftest_json)


def build_parser() -> argparse.ArgumentParser:
    from solemio import version

    _argparse_speaks_ours()
    p = _Parser(prog="solemio", description=_("Sole Mio! — the pizza card games."))
    p.add_argument("--version", action="version", version=f"solemio {version()}",
                   help=_("show the version of the game and exit"))
    p.add_argument("--selftest", action="store_true",
                   help=_("check this copy of the game with no display: every resource, one "
                          "game per edition, every scene; exit 0 when whole, 1 naming what "
                          "failed"))
    p.add_argument("--screenshot", metavar="FILE",
                   help=_("with --selftest: save one drawn frame (PNG)"))
    p.add_argument("--json", dest="selftest_json", action="store_true",
                   help=_("with --selftest: print one JSON object (ok, failures, title_s, ...)"))
    # TRANSLATORS: a heading; argparse writes ":" right after it (French: end it with U+00A0).
    sub = p.add_subparsers(dest="command", parser_class=_Parser, title=_("commands"),
                           metavar=_("COMMAND"))

    s = sub.add_parser("simulate", help=_("play random-choice games and measure the engine"))
    s.add_argument("--edition", default="sole-mio",
                   help=_("sole-mio, mamma-mia, grande, or a card-set file"))
    s.add_argument("--players", type=_players, default=4, help=_("2 to 5 (default: 4)"))
    s.add_argument("--games", type=_positive, default=1000,
                   help=_("how many games (default: 1000)"))
    s.add_argument("--seed", type=_integer, default=1,
                   help=_("the first game's seed (default: 1)"))
    s.add_argument("--json", action="store_true", help=_("print one JSON object"))
    s.add_argument("--record", metavar="DIR",
                   help=_("keep a game record of every game played in DIR"))
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser("replay", help=_("watch a game record (a file kept or exported)"))
    r.add_argument("file", metavar="FILE", help=_("the game record"))
    r.add_argument("--check", action="store_true",
                   help=_("only check that the record can be replayed"))
    r.set_defaults(func=cmd_replay)

    rv = sub.add_parser("review",
                        help=_("the coach: why a seat's orders failed in a game record"))
    rv.add_argument("file", metavar="FILE", help=_("the game record"))
    rv.add_argument("--seat", type=_integer, required=True,
                    help=_("the seat reviewed (0 first)"))
    rv.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rv.add_argument("--lang", choices=LANGUAGES,
                    help=_("the language of the text (default: the one chosen in Settings, "
                           "else the system's)"))
    rv.add_argument("--no-grade", action="store_true",
                    help=_("skip grading the seat's decisions (the search takes a while)"))
    rv.add_argument("--iterations", type=_positive, default=None,
                    help=_("play-outs per move compared when grading (default 32)"))
    rv.add_argument("--bench", action="store_true",
                    help=_("print how long the analysis and the grading took (wall and process "
                           "CPU seconds) and how two gradings with other re-deals agree"))
    rv.set_defaults(func=cmd_review)

    v = sub.add_parser("validate", help=_("check card-set YAML files"))
    v.add_argument("files", nargs="+", metavar="FILE", help=_("a card-set file"))
    v.set_defaults(func=cmd_validate)

    sc = sub.add_parser("scenario", help=_("run scenario files (docs/scenarios.md)"))
    sc.add_argument("files", nargs="+", metavar="FILE", help=_("a scenario file"))
    sc.set_defaults(func=cmd_scenario)

    sub.add_parser("arena", help=_("computer opponents against each other (see “arena --help”)"),
                   add_help=False)

    sh = sub.add_parser("screenshots", help=_("save a PNG of every scene"))
    sh.add_argument("--out", required=True, metavar="DIR",
                    help=_("the folder the pictures go to"))
    sh.add_argument("--lang", choices=LANGUAGES, default="en",
                    help=_("the language every scene is rendered in (default: en)"))
    sh.add_argument("--size", type=_window_size, action="append",
                    help=_("a window size such as 1024x640 (repeatable; default: 1280x720 and "
                           "1920x1080)"))
    sh.add_argument("--text-size", type=int, choices=TEXT_SIZES, default=100,
                    metavar="PERCENT",
                    help=_("the text size every scene is drawn at, as in Settings (default: "
                           "100)"))
    sh.set_defaults(func=cmd_screenshots)

    b = sub.add_parser("bench", help=_("print the performance figures"))
    b.add_argument("--json", action="store_true", help=_("print one JSON object"))
    b.add_argument("--games", type=_positive, default=2000,
                   help=_("random games for the engine's figure (default: 2000)"))
    b.add_argument("--engine-only", action="store_true",
                   help=_("only the engine's figures (no window)"))
    b.add_argument("--frames-only", action="store_true",
                   help=_("only the window's frame figures (the reveal and the table)"))
    b.add_argument("--replay", action="store_true",
                   help=_("only loading a full game's record (cold and warm) and stepping back"))
    b.add_argument("--speech", action="store_true",
                   help=_("the frame figures with speech on, through this computer's voice"))
    b.set_defaults(func=cmd_bench)

    sv = sub.add_parser("serve", help=_("run a server for tables played over the network"))
    sv.add_argument("--host", default="127.0.0.1",
                    help=_("the address to listen at (default: 127.0.0.1, this machine only; "
                           "0.0.0.0: every network)"))
    sv.add_argument("--port", type=_port, default=8765,
                    help=_("the port to listen at (default: 8765)"))
    sv.add_argument("--data", metavar="DIR",
                    help=_("the folder the tables are kept in (default: “tables” in the "
                           "game's data folder)"))
    sv.add_argument("--max-per-address", type=_positive, default=16,
                    help=_("connections allowed from one address (default: 16)"))
    sv.add_argument("--behind-proxy", action="store_true",
                    help=_("count connections per the X-Forwarded-For address of a reverse "
                           "proxy on this machine"))
    sv.set_defaults(func=cmd_serve)

    nb = sub.add_parser("netbench", help=_("measure how many networked tables one server "
                                           "holds (on this machine)"))
    nb.add_argument("--tables", type=_positive, default=200,
                    help=_("tables of four remote seats (default: 200)"))
    nb.add_argument("--seconds", type=_positive, default=30,
                    help=_("how long to measure (default: 30)"))
    nb.add_argument("--pace", type=float, default=1.0,
                    help=_("seconds a computer player takes per decision, on average "
                           "(default: 1.0)"))
    nb.add_argument("--windows", action="store_true",
                    help=_("instead: how soon a joined window shows a move made at another "
                           "window (two windows on loopback)"))
    nb.add_argument("--moves", type=_positive, default=300,
                    help=_("with --windows: moves to measure (default: 300)"))
    nb.add_argument("--think", type=float, default=0.2,
                    help=_("with --windows: seconds a person takes per decision "
                           "(default: 0.2)"))
    nb.add_argument("--json", action="store_true", help=_("print one JSON object"))
    nb.set_defaults(func=cmd_netbench)

    pl = sub.add_parser("play", help=_("open the game window (the default)"))
    pl.set_defaults(func=cmd_play)
    return p


def game() -> int:
    """The ``solemio-game`` launcher of a pip/pipx/uv installation: the game window and
    nothing else.  It is a gui-script, so on Windows it starts with no console window
    (the ``solemio`` command stays a console program for the commands beside the game)."""
    return main(["play"])


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from solemio import logs

    logs.setup()  # before any command, the arena's included: its faults are logged too
    if argv and argv[0] == "arena":
        return cmd_arena(argv[1:])
    i18n.set_language(command_language())
    _streams_never_fail()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.selftest:
        if args.command:
            parser.error(_("--selftest runs on its own, without a command"))
        return cmd_selftest(args)
    if args.screenshot or args.selftest_json:
        parser.error(_("--screenshot and --json go with --selftest"))
    if not getattr(args, "func", None):
        return cmd_play(args)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
