"""The command line speaks the player's language: Settings first, then the system's.

Help (argparse's own words included), usage errors, the replay's errors and the
self-test's summary, in it, nl and fr; a console that cannot encode a character
prints something rather than a traceback.
"""

from __future__ import annotations

import io
import json
import sys

import pytest

from solemio import cli, i18n


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SOLEMIO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")  # no desktop language: the environment decides
    i18n._desktop_tags.cache_clear()
    yield tmp_path / "home"
    i18n.set_language("en")
    i18n._desktop_tags.cache_clear()


def chosen_in_settings(home, lang: str) -> None:
    from solemio.ui.settings import Settings, save, settings_path

    save(Settings(language=lang))
    assert settings_path().is_file() and str(settings_path()).startswith(str(home))


def run(argv, capsys) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exc:  # argparse's help and usage errors
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["utilisation\u00a0:", "affiche cette aide et quitte", "actions\u00a0:", "options\u00a0:"]),
    ("it", ["uso:", "mostra questo aiuto ed esce", "comandi", "opzioni"]),
    ("nl", ["gebruik:", "toon deze hulp en stop", "opdrachten", "opties"]),
])
def test_help_in_the_language_chosen_in_settings(_home, monkeypatch, capsys, lang, words):
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # Settings win over the system
    chosen_in_settings(_home, lang)
    code, out, _err = run(["--help"], capsys)
    assert code == 0
    for w in words:
        assert w in out, (w, out)
    assert "show this help message" not in out and "usage:" not in out


def test_without_settings_the_system_language(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "nl_BE.UTF-8")
    code, out, _err = run(["replay", "--help"], capsys)
    assert code == 0
    assert "gebruik: solemio replay" in out
    assert "controleer alleen of het verslag afgespeeld kan worden" in out
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _err = run(["replay", "--help"], capsys)
    assert "usage: solemio replay" in out and "only check that the record can be replayed" in out


def test_usage_errors_in_the_players_language(_home, capsys):
    chosen_in_settings(_home, "it")
    code, _out, err = run(["simulate", "--players", "9"], capsys)
    assert code == 2
    assert err.strip() == ("solemio simulate: argomento --players: una partita ha da 2 a 5 "
                           "giocatori, non 9")
    code, _out, err = run(["simulate", "--games", "many"], capsys)
    assert code == 2 and "«many» non è un numero intero" in err
    code, _out, err = run(["nonsense"], capsys)
    assert code == 2 and "scelta non valida: 'nonsense'" in err
    code, _out, err = run(["screenshots"], capsys)
    assert code == 2 and "sono richiesti i seguenti argomenti: --out" in err
    code, _out, err = run(["--selftest", "bench"], capsys)
    assert code == 2 and "--selftest si usa da solo, senza comando" in err


def test_replay_errors_in_the_players_language(_home, tmp_path, capsys):
    chosen_in_settings(_home, "fr")
    broken = tmp_path / "record.json"
    broken.write_text("{ not json", encoding="utf-8")
    code, _out, err = run(["replay", "--check", str(broken)], capsys)
    assert code == 2
    assert err.startswith(f"solemio\u00a0: {broken}\u00a0: impossible de revoir cette partie "
                          "enregistrée\u00a0: ")
    assert "Traceback" not in err
    code, _out, err = run(["replay", str(tmp_path / "missing.json")], capsys)
    assert code == 2 and "impossible de revoir" in err


def test_english_stays_english(capsys):
    code, out, _err = run(["--help"], capsys)
    assert code == 0 and out.startswith("usage: solemio") and "show this help message" in out


def test_selftest_summary_in_the_players_language(_home, monkeypatch, capsys):
    from solemio import selftest

    for name in ("_draw_title", "_pictures", "_fonts", "_sounds"):
        monkeypatch.setattr(selftest, name, lambda t: None)
    for name in ("_games", "_hard_workers"):
        monkeypatch.setattr(selftest, name, lambda t: None)
    monkeypatch.setattr(selftest, "_cardsets", lambda t: None)
    monkeypatch.setattr(selftest, "_scenes", lambda t, frame: None)
    chosen_in_settings(_home, "nl")
    # The catalogues' check switches through every language: the summary comes back to Dutch.
    code, out, _err = run(["--selftest"], capsys)
    assert code == 0, out
    assert "zelftest: ok" in out and "self-test" not in out
    monkeypatch.setattr(selftest, "_cardsets", lambda t: t.fail("card set x: broken"))
    code, out, _err = run(["--selftest"], capsys)
    assert code == 1
    assert "zelftest: MISLUKT" in out and "  mislukt: card set x: broken" in out
    code, out, _err = run(["--selftest", "--json"], capsys)
    assert code == 1 and json.loads(out)["ok"] is False  # the JSON keeps its English keys


def test_a_console_that_cannot_encode_gets_no_traceback(monkeypatch, capsys, _home):
    chosen_in_settings(_home, "fr")
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stderr", stream)
    code = cli.main(["replay", "--check", "/no/such/record.json"])
    stream.flush()
    assert code == 2
    text = raw.getvalue().decode("ascii")
    assert text.startswith("solemio : /no/such/record.json : impossible de revoir")
    assert "?" in text  # "enregistrée": é has no ASCII form


def test_argparse_messages_we_translate_are_argparses_own():
    """The English texts marked for the catalogue are the ones argparse asks for."""
    import argparse
    import inspect

    source = inspect.getsource(argparse)
    for msg in ("usage: ", "options", "show this help message and exit",
                "the following arguments are required: %s",
                "argument %(argument_name)s: %(message)s"):
        assert msg in cli.ARGPARSE_MESSAGES
        assert repr(msg)[1:-1] in source or msg in source, msg
