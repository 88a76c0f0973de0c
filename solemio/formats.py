"""Numbers, percentages and dates the way the player's language writes them.

French, Italian and Dutch write "3,4" where English writes "3.4", French puts a
no-break space before "%", and each language orders a date and names its
months in its own way.  The game keeps to the standard library's gettext
(Babel's locale data is a development tool only, see docs/translating.md):
the decimal and thousands separators, the percent pattern, the date patterns
and the month names are messages of the catalogue like any other, so a
translator sets them beside the sentences that use them.  Their values follow
each language's CLDR conventions (``tests/test_formats.py`` compares them with
Babel's).

Stored times stay ISO (``2026-11-26 14:02`` in records, saves and statistics:
sortable, language-free); :func:`stamp_text` turns one into the player's words
when it is shown.
"""

from __future__ import annotations

import time
from datetime import datetime

from solemio.i18n import pgettext

#: How a time is stored (records, named saves, statistics): ISO, local time, to the minute.
STAMP_FORMAT = "%Y-%m-%d %H:%M"


def _separators() -> tuple[str, str]:
    # TRANSLATORS: the decimal separator ("3.4"): "," in Italian, Dutch and French.
    point = pgettext("decimal separator", ".")
    # TRANSLATORS: the separator of thousands ("12,345"): "." in Italian and Dutch,
    # a narrow no-break space (U+202F) in French.
    group = pgettext("thousands separator", ",")
    return point, group


def number(x: float, places: int = 0) -> str:
    """``x`` with ``places`` decimals in the player's language: ``3,4`` in French."""
    point, group = _separators()
    text = f"{abs(x):.{places}f}"
    whole, _dot, decimals = text.partition(".")
    groups = []
    while len(whole) > 3:
        whole, last = whole[:-3], whole[-3:]
        groups.insert(0, last)
    out = group.join([whole, *groups]) + (point + decimals if decimals else "")
    return "-" + out if x < 0 and float(text) != 0 else out


def short_number(x: float) -> str:
    """``x`` with the decimals it needs and no more (``1,5``, ``2``): settings' steps."""
    text = f"{x:g}"
    if "e" in text:  # far from the settings' values: two decimals will do
        return number(x, 2)
    return number(x, len(text.partition(".")[2]))


def percent(share: float) -> str:
    """A share (0.45) as a whole percentage in the player's language: ``45 %`` in French."""
    # TRANSLATORS: a percentage; {n} is the number. French puts a no-break space (U+00A0)
    # before %.
    return pgettext("percentage", "{n}%", n=number(round(100 * share)))


def month_name(m: int) -> str:
    """The abbreviated name of month ``m`` (1 to 12): ``Nov``, ``nov.``."""
    names = (
        # TRANSLATORS: the months, abbreviated as in a date ("26 Nov 2026"), the way your
        # language abbreviates them there (French: "janv.", "févr.", "mars"...).
        pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
             pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
             pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sept"),
             pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    return names[m - 1]


def date_text(when: datetime) -> str:
    """A day in the player's language: ``26 Nov 2026``, ``26 nov. 2026``."""
    # TRANSLATORS: the order of a date's parts; {month} is the abbreviated name of the
    # month (translated separately), {day} and {year} are numbers.
    return pgettext("date", "{day} {month} {year}", day=when.day, month=month_name(when.month),
                    year=when.year)


def datetime_text(when: datetime) -> str:
    """A day and a time in the player's language: ``26 Nov 2026, 14:02``."""
    # TRANSLATORS: a time of day on the 24-hour clock; {hour} and {minute} have two digits.
    hour, minute = f"{when.hour:02d}", f"{when.minute:02d}"
    clock = pgettext("time", "{hour}:{minute}", hour=hour, minute=minute)
    # TRANSLATORS: a date followed by a time of day, as in a list of saved games.
    return pgettext("date and time", "{date}, {time}", date=date_text(when), time=clock)


def parse_stamp(stamp: str) -> datetime | None:
    """A stored time (``2026-11-26 14:02``), or None when it is not one."""
    try:
        return datetime.strptime(stamp.strip(), STAMP_FORMAT)
    except ValueError:
        return None


def stamp_now(when: float | None = None) -> str:
    """The time to store: ISO, local time, to the minute (``time.time()`` by default)."""
    return time.strftime(STAMP_FORMAT, time.localtime(time.time() if when is None else when))


def stamp_text(stamp: str, with_time: bool = True) -> str:
    """A stored time in the player's language; a text that is not one, as it is."""
    when = parse_stamp(stamp)
    if when is None:
        return stamp
    return datetime_text(when) if with_time else date_text(when)
