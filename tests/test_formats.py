"""Numbers, percentages and dates in each language (solemio/formats.py).

The game formats them from messages of its own catalogues (the standard
library's gettext only); Babel, a development tool, holds the CLDR data they
must agree with, so each language is checked against it here.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from solemio import formats, i18n

pytest.importorskip("babel")

from babel import dates, numbers  # noqa: E402

#: The CLDR locale each language is written like (English: day before month, 24-hour clock).
CLDR = {"en": "en_GB", "it": "it", "nl": "nl", "fr": "fr"}
WHEN = datetime(2026, 11, 26, 14, 2)


@pytest.fixture(params=list(CLDR))
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_a_number_with_decimals(lang) -> None:
    loc = CLDR[lang]
    for x, places in ((3.4, 1), (0.25, 2), (12.0, 1), (1234.5, 1), (1234567.891, 2), (-1.5, 1),
                      (7, 0)):
        pattern = "#,##0" + ("." + "0" * places if places else "")
        assert formats.number(x, places) == numbers.format_decimal(x, pattern, locale=loc), (x,)
    assert formats.number(-0.04, 1) == formats.number(0, 1)  # no "-0.0"


def test_the_forms_a_player_meets(lang) -> None:
    expected = {"en": ("3.4", "45%", "26 Nov 2026"), "it": ("3,4", "45%", "26 nov 2026"),
                "nl": ("3,4", "45%", "26 nov 2026"),
                "fr": ("3,4", "45\u00a0%", "26 nov. 2026")}[lang]
    assert (formats.number(3.4, 1), formats.percent(0.45), formats.date_text(WHEN)) == expected


def test_a_percentage(lang) -> None:
    for share in (0, 0.004, 0.45, 0.666, 1):
        assert formats.percent(share) == numbers.format_percent(share, locale=CLDR[lang])


def test_a_date_and_a_time(lang) -> None:
    loc = CLDR[lang]
    for when in (WHEN, datetime(2027, 1, 5, 9, 7), datetime(2026, 2, 28, 23, 59),
                 datetime(2026, 8, 1, 0, 0), datetime(2026, 9, 30, 12, 0)):
        day = dates.format_date(when, "medium", locale=loc)
        assert formats.date_text(when) == day
        clock = dates.format_time(when, "HH:mm", locale=loc)
        assert formats.datetime_text(when) == f"{day}, {clock}"
    for m in range(1, 13):
        assert formats.month_name(m) == dates.get_month_names("abbreviated", locale=loc)[m]


def test_a_stored_time_is_shown_in_the_language_and_anything_else_as_it_is() -> None:
    try:
        i18n.set_language("fr")
        assert formats.stamp_text("2026-11-26 14:02") == "26 nov. 2026, 14:02"
        assert formats.stamp_text("2026-11-26 14:02", with_time=False) == "26 nov. 2026"
        assert formats.stamp_text("yesterday") == "yesterday"
        assert formats.short_number(1.5) == "1,5" and formats.short_number(2.0) == "2"
        i18n.set_language("it")
        assert formats.stamp_text("2026-03-01 08:30") == "1 mar 2026, 08:30"
    finally:
        i18n.set_language("en")
    assert formats.stamp_text("2026-11-26 14:02") == "26 Nov 2026, 14:02"
    assert formats.parse_stamp(formats.stamp_now(0)) is not None
    assert formats.short_number(0.75) == "0.75"
