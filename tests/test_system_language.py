"""The default language on macOS and Windows, with the platform calls stood in for.

A program started from the Finder or the Start menu gets no LANG: the user's
preferred languages (macOS) or display language (Windows) decide, then the
locale, then English.  Every failure of the platform call is silent.
"""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest

from solemio import i18n


@pytest.fixture(autouse=True)
def _no_environment(monkeypatch):
    import locale

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("en_US", "UTF-8"))
    i18n._desktop_tags.cache_clear()
    yield
    i18n._desktop_tags.cache_clear()


def on_macos(monkeypatch, answer=None, exc=None, returncode=0):
    calls = []

    def run(cmd, **kw):
        calls.append((cmd, kw))
        if exc is not None:
            raise exc
        return SimpleNamespace(returncode=returncode, stdout=answer, stderr="")

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(subprocess, "run", run)
    return calls


@pytest.mark.parametrize(("answer", "expected"), [
    ('(\n    "fr-FR",\n    "en-US"\n)\n', "fr"),
    ("(\n    \"nl-BE\"\n)\n", "nl"),
    ('(\n    "de-DE",\n    "it-IT",\n    "fr-FR"\n)\n', "it"),  # the first of ours
    ("(\n    en,\n    fr\n)\n", "en"),  # bare entries
    ('(\n    "de-DE",\n    "ja-JP"\n)\n', "en"),  # none of ours: the locale (en_US)
    ("", "en"),
    ("garbage", "en"),
])
def test_macos_preferred_languages(monkeypatch, answer, expected):
    calls = on_macos(monkeypatch, answer)
    assert i18n.system_language() == expected
    (cmd, kw), = calls
    assert cmd[0] in ("defaults", "/usr/bin/defaults")
    assert cmd[1:] == ["read", "-g", "AppleLanguages"]
    assert 0 < kw["timeout"] <= 2  # a hung defaults never holds up the start


def test_macos_is_asked_once_per_run(monkeypatch):
    calls = on_macos(monkeypatch, '(\n    "it-IT"\n)')
    assert [i18n.system_language() for _ in range(3)] == ["it"] * 3
    assert len(calls) == 1


@pytest.mark.parametrize("exc", [subprocess.TimeoutExpired(["defaults"], 1.5),
                                 FileNotFoundError("defaults"), PermissionError("no")])
def test_macos_failures_are_silent(monkeypatch, exc):
    import locale

    on_macos(monkeypatch, exc=exc)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("nl_NL", "UTF-8"))
    assert i18n.system_language() == "nl"  # then the locale


def test_macos_error_exit_is_silent(monkeypatch):
    on_macos(monkeypatch, '(\n    "fr-FR"\n)', returncode=1)
    assert i18n.system_language() == "en"


def test_the_environment_still_comes_first_on_macos(monkeypatch):
    calls = on_macos(monkeypatch, '(\n    "fr-FR"\n)')
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert i18n.system_language() == "it"
    assert calls == []


class FakeKernel32:
    """GetUserDefaultUILanguage and LCIDToLocaleName as Windows answers them."""

    def __init__(self, langid, name=None):
        self.langid = langid
        self.name = name

    def GetUserDefaultUILanguage(self):  # noqa: N802 (the Windows name)
        return self.langid

    def LCIDToLocaleName(self, lcid, buf, size, flags):  # noqa: N802
        assert lcid == self.langid and size >= 85 and flags == 0
        if self.name is None:
            return 0
        buf.value = self.name
        return len(self.name) + 1


@pytest.mark.parametrize(("langid", "name", "expected"), [
    (0x040C, "fr-FR", "fr"),
    (0x0813, "nl-BE", "nl"),
    (0x0410, "it-IT", "it"),
    (0x0409, "en-US", "en"),
    (0x0407, "de-DE", "en"),  # none of ours: the locale (en_US)
    (0x0413, None, "nl"),  # no tag: the LANGID's primary language
    (0x0C0C, None, "fr"),  # French (Canada)
])
def test_windows_display_language(monkeypatch, langid, name, expected):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(i18n, "_kernel32", lambda: FakeKernel32(langid, name))
    assert i18n.system_language() == expected


def test_windows_failure_is_silent(monkeypatch):
    import locale

    def broken():
        raise OSError("no kernel32")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(i18n, "_kernel32", broken)
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Italian_Italy", "1252"))
    assert i18n.system_language() == "it"


def test_linux_asks_no_platform(monkeypatch):
    def run(*a, **kw):
        raise AssertionError("no subprocess on Linux")

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(subprocess, "run", run)
    assert i18n.system_language() == "en"


def test_the_settings_default_follows(monkeypatch):
    from solemio.ui.settings import Settings

    on_macos(monkeypatch, '(\n    "fr-CA",\n    "en-CA"\n)')
    assert Settings().language == "fr"
