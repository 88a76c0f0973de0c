"""Test-wide set-up: no real screen or sound, and a throw-away user folder."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Tests read English texts: the default language must not follow the tester's locale.
os.environ["LANGUAGE"] = "en"
os.environ["SOLEMIO_HOME"] = tempfile.mkdtemp(prefix="solemio-test-home-")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switched language (an App in Italian) leaves English for the next."""
    yield
    from solemio import i18n

    if i18n.language() != "en":
        i18n.set_language("en")


@pytest.fixture(autouse=True)
def _no_notices_between_tests():
    """A file set aside reports a notice that waits, process-wide, for the title screen
    (``savefiles.pending``): one test's damaged record must not show up on the next
    test's screen (the translation check then read its file name as untranslated)."""
    from solemio import savefiles

    savefiles.dismiss()
    yield
    savefiles.dismiss()
