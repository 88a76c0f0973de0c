"""Synthesise the game's short sound effects into assets/sounds/*.wav.

Our own sounds, made from nothing but the standard library (wave, math,
random with a fixed seed), so they are free of any licence question and a
rebuild gives byte-identical files.  Run from the repository root:

    python build/make_sounds.py

Each effect is mono 16-bit 22 050 Hz, well under one second:
play (a card slapped on the oven), draw (a card slid off the pile), reveal
(a card flipped), filled (a happy three-note chime), failed (a falling
"wah-wah"), click (a soft UI tick), scorer (a bright two-note "ta-da" as the
scorer card changes hands), shuffle (a riffle of card flicks for a new round).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(RATE * seconds)


def noise(seconds: float, rnd: random.Random) -> Signal:
    return [rnd.uniform(-1.0, 1.0) for _ in range(int(RATE * seconds))]


def lowpass(signal: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; ``cutoff`` (Hz) may vary with time t in [0, 1]."""
    out: Signal = []
    y = 0.0
    n = len(signal)
    for i, x in enumerate(signal):
        fc = cutoff(i / n) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2.0 * math.pi * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    low = lowpass(signal, cutoff)
    return [x - y for x, y in zip(signal, low, strict=True)]


def envelope(signal: Signal, attack: float, decay: float) -> Signal:
    """Linear attack (seconds) then exponential decay (time constant, seconds)."""
    out: Signal = []
    a_n = max(1, int(RATE * attack))
    for i, x in enumerate(signal):
        t = i / RATE
        gain = i / a_n if i < a_n else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def tone(
    freq: float | Callable[[float], float], seconds: float, harmonics: tuple[float, ...] = (1.0,)
) -> Signal:
    """A sine (plus harmonics) whose frequency may glide: freq(t) with t in [0, 1]."""
    n = int(RATE * seconds)
    out: Signal = []
    phase = 0.0
    for i in range(n):
        f = freq(i / n) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        out.append(sum(amp * math.sin(phase * (k + 1)) for k, amp in enumerate(harmonics)))
    return out


def mix(*parts: tuple[float, Signal]) -> Signal:
    """Mix (offset_seconds, signal) pairs."""
    length = max(int(RATE * off) + len(sig) for off, sig in parts)
    out = [0.0] * length
    for off, sig in parts:
        start = int(RATE * off)
        for i, x in enumerate(sig):
            out[start + i] += x
    return out


def fade_out(signal: Signal, seconds: float = 0.01) -> Signal:
    n = min(len(signal), int(RATE * seconds))
    out = list(signal)
    for i in range(n):
        out[len(out) - n + i] *= 1.0 - (i + 1) / n
    return out


def write(name: str, signal: Signal, peak: float = 0.7) -> Path:
    """Normalise to ``peak`` and write a 16-bit mono WAV."""
    signal = fade_out(signal)
    top = max(1e-9, max(abs(x) for x in signal))
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, x * peak / top)) * 32767)) for x in signal
    )
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as fh:
        fh.setnchannels(1)
        fh.setsampwidth(2)
        fh.setframerate(RATE)
        fh.writeframes(frames)
    return path


def make_play(rnd: random.Random) -> Signal:
    slap = envelope(lowpass(noise(0.14, rnd), 2600), 0.002, 0.025)
    thump = envelope(tone(lambda t: 150 - 60 * t, 0.12), 0.002, 0.03)
    return mix((0.0, slap), (0.0, [0.6 * x for x in thump]))


def make_draw(rnd: random.Random) -> Signal:
    slide = lowpass(noise(0.2, rnd), lambda t: 900 + 2600 * t)
    slide = highpass(slide, 300)
    n = len(slide)
    shaped = [x * math.sin(math.pi * i / n) ** 1.5 for i, x in enumerate(slide)]
    return shaped


def make_reveal(rnd: random.Random) -> Signal:
    flick = envelope(highpass(noise(0.05, rnd), 1500), 0.001, 0.01)
    flap = envelope(lowpass(noise(0.1, rnd), 1800), 0.004, 0.03)
    ping = envelope(tone(880, 0.18, (1.0, 0.3)), 0.003, 0.06)
    return mix((0.0, flick), (0.045, flap), (0.05, [0.25 * x for x in ping]))


def make_filled(rnd: random.Random) -> Signal:
    notes = (523.25, 659.25, 783.99)  # C5 E5 G5: a bright major arpeggio
    parts = [
        (0.09 * k, envelope(tone(f, 0.45 - 0.09 * k, (1.0, 0.35, 0.12)), 0.004, 0.14))
        for k, f in enumerate(notes)
    ]
    sparkle = envelope(tone(1567.98, 0.2), 0.003, 0.05)
    return mix(*parts, (0.18, [0.2 * x for x in sparkle]))


def make_failed(rnd: random.Random) -> Signal:
    def wah(f0: float, f1: float, seconds: float) -> Signal:
        body = tone(lambda t: f0 + (f1 - f0) * t, seconds, (1.0, 0.5, 0.25, 0.12))
        n = len(body)
        return [x * math.sin(math.pi * i / n) for i, x in enumerate(body)]

    return mix((0.0, wah(311.13, 293.66, 0.2)), (0.2, wah(277.18, 220.0, 0.32)))


def make_click(rnd: random.Random) -> Signal:
    tick = envelope(tone(1900, 0.03, (1.0, 0.2)), 0.0005, 0.006)
    body = envelope(lowpass(noise(0.03, rnd), 3000), 0.0005, 0.004)
    return mix((0.0, tick), (0.0, [0.4 * x for x in body]))


def make_scorer(rnd: random.Random) -> Signal:
    # G5 then C6, bell-like (strong upper partials), with a soft card swish under it.
    ding = envelope(tone(783.99, 0.25, (1.0, 0.5, 0.25, 0.1)), 0.003, 0.08)
    dong = envelope(tone(1046.5, 0.45, (1.0, 0.45, 0.2, 0.08)), 0.003, 0.16)
    swish = lowpass(highpass(noise(0.12, rnd), 800), 4000)
    n = len(swish)
    swish = [x * math.sin(math.pi * i / n) for i, x in enumerate(swish)]
    return mix((0.0, [0.3 * x for x in swish]), (0.04, ding), (0.16, dong))


def make_shuffle(rnd: random.Random) -> Signal:
    # A riffle: 22 short flicks whose spacing tightens, then a soft settle.
    parts: list[tuple[float, Signal]] = []
    t = 0.0
    for k in range(22):
        flick = envelope(highpass(noise(0.03, rnd), 1200 + 80 * k), 0.0008, 0.006)
        parts.append((t, [rnd.uniform(0.6, 1.0) * x for x in flick]))
        t += 0.032 - 0.0006 * k
    settle = envelope(lowpass(noise(0.12, rnd), 1500), 0.004, 0.03)
    parts.append((t + 0.02, [0.8 * x for x in settle]))
    return mix(*parts)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "play": make_play,
    "draw": make_draw,
    "reveal": make_reveal,
    "filled": make_filled,
    "failed": make_failed,
    "click": make_click,
    "scorer": make_scorer,
    "shuffle": make_shuffle,
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for index, (name, make) in enumerate(SOUNDS.items()):
        rnd = random.Random(20240 + index)
        path = write(name, make(rnd), peak=0.45 if name == "click" else 0.7)
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
