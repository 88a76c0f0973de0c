"""How much of the player's text size (Settings, 200 %) the screens keep: each line of a
screenshot tour drawn at 100 % and at 200 % (``screenshots.shots_for_size(sizes=...)``,
``theme.DRAWN``), compared shot by shot (tests/ui/test_text_fits.py).

A line is *kept* at 200 % when it is drawn at least ``KEEP`` (85 %) of twice its size at
100 %, or at least ``CAP_FRAC`` of the window's height: a line already that large (a
title, a heading) is large print, and doubling it would not fit the window.  Lines
without words (digits in a badge, "×4") are drawn to their circle or card and left out.
"""

from __future__ import annotations

import re

#: A line is kept when drawn at least this share of the chosen size.
KEEP = 0.85
#: ... or at least this share of the window's height (large print already).
CAP_FRAC = 0.045

#: The tour's shots by the part of the game they show.
FAMILIES = {
    "menus": r"^(01-title|02-newgame|09-pause|24-guide-offer|27-records|28-title|"
             r"29-statistics|30-save|31-load|32-load|04-rules)",
    "settings": r"^03-settings",
    "table": r"^(05|06|07|08|09b|10|11-handover|11f-hot-seat-handover|11g|24-guide-first|"
             r"33|34|35)",
    "reveal": r"^(11c|11d|11e|12|13|14|17|18|19|20|21|22|24-guide-reveal)",
    "pickers": r"^(11f-hot-seat-series|15-reveal-series|16-reveal-variant|23-fill)",
    "replay": r"^(24-replay|25-replay|26-replay)",
}

_WORDS = re.compile(r"[^\W\d_]{2}")


def family(shot: str) -> str | None:
    return next((f for f, pat in FAMILIES.items() if re.search(pat, shot)), None)


def kept_shares(at_100: dict[str, dict[str, int]], at_200: dict[str, dict[str, int]],
                height: int) -> tuple[dict[str, tuple[int, int, float]], dict[str, list]]:
    """Per family: (lines kept, lines compared, the mean share of the chosen size kept:
    each line counts min(1, its size at 200 % / the size it should have), so a line
    grown from 50 % to 75 % of the chosen size counts as progress though not kept);
    and its lines not kept, worst first (share of the chosen size, shot, words, px at
    100 %, px at 200 %)."""
    cap = CAP_FRAC * height
    count: dict[str, list[float]] = {f: [0, 0, 0.0] for f in FAMILIES}
    worst: dict[str, list] = {f: [] for f in FAMILIES}
    for shot, lines in at_100.items():
        f = family(shot)
        big = at_200.get(shot)
        if f is None or big is None:
            continue
        for words, px in lines.items():
            if words not in big or not _WORDS.search(words):
                continue
            c = count[f]
            c[1] += 1
            c[2] += min(1.0, big[words] / min(2 * px, cap / KEEP))
            if big[words] >= min(KEEP * 2 * px, cap):
                c[0] += 1
            else:
                worst[f].append((round(big[words] / (2 * px), 2), shot, words[:60], px,
                                 big[words]))
    for rows in worst.values():
        rows.sort()
    return {f: (int(k), int(n), q / n if n else 0.0) for f, (k, n, q) in count.items()}, worst
