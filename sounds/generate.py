"""Generate the game's sound effects as 44.1 kHz 16-bit mono WAV files, standard library only.

Run ``python sounds/generate.py`` to rewrite the WAVs next to this script. The output is
deterministic (fixed seed), so regenerating gives byte-identical files.

Card sounds are shaped noise (paper has no pitch); calls and fanfares are soft additive
tones with smooth envelopes, so nothing clicks or buzzes.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 44_100
PEAK = 0.7  # about -3 dBFS, leaves headroom when two effects overlap

Signal = list[float]


def silence(seconds: float) -> Signal:
    """A run of zero samples."""
    return [0.0] * round(seconds * RATE)


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise in -1..1."""
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def bandpass(signal: Signal, centre: float | Callable[[float], float], q: float = 1.0) -> Signal:
    """A state-variable band-pass; ``centre`` may be a function of time for sweeps."""
    low = band = 0.0
    damping = 1.0 / q
    out = []
    for i, x in enumerate(signal):
        fc = centre(i / RATE) if callable(centre) else centre
        f = 2.0 * math.sin(math.pi * min(fc, RATE / 6) / RATE)
        low += f * band
        high = x - low - damping * band
        band += f * high
        out.append(band)
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """A gentle one-pole low-pass, to take the fizz off noise."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def envelope(signal: Signal, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay with time constant ``decay``."""
    out = []
    for i, x in enumerate(signal):
        t = i / RATE
        if t < attack:
            g = t / attack
        elif t < attack + hold:
            g = 1.0
        else:
            g = math.exp(-(t - attack - hold) / decay)
        out.append(x * g)
    return out


def tone(
    freq: float,
    seconds: float,
    partials: Iterable[tuple[float, float]] = ((1.0, 1.0),),
    attack: float = 0.01,
    decay: float = 0.3,
    hold: float = 0.0,
    glide: float = 0.0,
) -> Signal:
    """Additive tone of (frequency ratio, amplitude) ``partials``; ``glide`` bends it in Hz/s."""
    partials = tuple(partials)
    out = []
    phase = [0.0] * len(partials)
    for i in range(round(seconds * RATE)):
        t = i / RATE
        f = freq + glide * t
        s = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phase[k] += 2.0 * math.pi * f * ratio / RATE
            s += amp * math.sin(phase[k])
        out.append(s)
    return envelope(out, attack, decay, hold)


def mix(length: float, *parts: tuple[float, Signal, float]) -> Signal:
    """Place (start seconds, signal, gain) parts on a timeline ``length`` seconds long."""
    out = silence(length)
    for start, signal, gain in parts:
        offset = round(start * RATE)
        for i, x in enumerate(signal):
            if offset + i < len(out):
                out[offset + i] += x * gain
    return out


def finish(signal: Signal) -> Signal:
    """Normalise to ``PEAK`` and fade the tail so nothing clicks at the end."""
    peak = max(abs(x) for x in signal) or 1.0
    fade = min(len(signal) // 3, round(0.03 * RATE))
    out = [x * PEAK / peak for x in signal]
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


def note(name: str) -> float:
    """Frequency of a note such as ``"C5"`` or ``"Eb4"`` (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        steps, rest = steps + 1, rest[1:]
    elif rest.startswith("b"):
        steps, rest = steps - 1, rest[1:]
    return 440.0 * 2.0 ** ((steps + 12 * (int(rest) - 4)) / 12)


# --- the effects -----------------------------------------------------------------------------

BELL = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.05))
BRASS = ((1.0, 1.0), (2.0, 0.55), (3.0, 0.35), (4.0, 0.2), (5.0, 0.1))
SOFT = ((1.0, 1.0), (2.0, 0.2), (3.0, 0.06))


def card_tick(rng: random.Random, centre: float, seconds: float, decay: float) -> Signal:
    """One card edge: a short band of paper noise."""
    # The low-pass keeps the top end papery rather than hissy.
    return envelope(lowpass(bandpass(noise(seconds, rng), centre, q=1.2), 7000), 0.002, decay)


def deal(rng: random.Random) -> Signal:
    """A card skimming across the table."""
    swish = envelope(bandpass(noise(0.14, rng), lambda t: 1800 + 9000 * t, q=0.9), 0.03, 0.035)
    return mix(0.16, (0.0, swish, 1.0), (0.1, card_tick(rng, 2600, 0.05, 0.012), 0.5))


def play(rng: random.Random) -> Signal:
    """A card slapped onto the pile: a papery crack over a soft thump."""
    crack = card_tick(rng, 2400, 0.12, 0.022)
    thump = tone(110, 0.12, SOFT, attack=0.002, decay=0.03, glide=-200)
    body = envelope(lowpass(noise(0.12, rng), 600), 0.002, 0.03)
    return mix(0.18, (0.0, crack, 1.0), (0.0, thump, 0.7), (0.0, body, 0.8))


def draw(rng: random.Random) -> Signal:
    """A card slid off the stock: friction that rises and fades."""
    slide = bandpass(noise(0.34, rng), lambda t: 1200 + 3500 * t, q=0.8)
    slide = [
        x * math.sin(math.pi * min(i / (0.34 * RATE), 1.0)) ** 1.5 for i, x in enumerate(slide)
    ]
    return mix(0.36, (0.0, lowpass(slide, 6000), 1.0))


def shuffle(rng: random.Random) -> Signal:
    """A riffle: many card edges, speeding up, then the bridge settling."""
    parts: list[tuple[float, Signal, float]] = []
    t = 0.02
    gap = 0.03
    while t < 0.85:
        parts.append(
            (t, card_tick(rng, rng.uniform(2500, 4200), 0.025, 0.005), rng.uniform(0.5, 0.9))
        )
        t += gap * rng.uniform(0.8, 1.2)
        gap = max(0.012, gap * 0.95)
    settle = envelope(bandpass(noise(0.3, rng), 1500, q=0.7), 0.05, 0.08)
    parts.append((0.88, settle, 0.8))
    return mix(1.25, *parts)


def penalty(rng: random.Random) -> Signal:
    """Two falling notes: you have cards to draw."""
    return mix(
        0.7,
        (0.0, tone(note("E4"), 0.3, SOFT, attack=0.015, decay=0.12, hold=0.06), 1.0),
        (0.2, tone(note("B3"), 0.5, SOFT, attack=0.015, decay=0.18, hold=0.08), 1.0),
    )


def skip(rng: random.Random) -> Signal:
    """A quick upward whoosh: a turn passes by."""
    whoosh = envelope(bandpass(noise(0.3, rng), lambda t: 600 + 6000 * t, q=2.0), 0.12, 0.06)
    blip = tone(600, 0.25, SOFT, attack=0.01, decay=0.07, glide=2400)
    return mix(0.34, (0.0, whoosh, 0.8), (0.06, blip, 0.35))


def macau(rng: random.Random) -> Signal:
    """The bright call when a player is down to one card: a rising bell arpeggio."""
    notes = ("C6", "E6", "G6", "C7")
    parts = [
        (i * 0.09, tone(note(n), 0.7, BELL, attack=0.004, decay=0.22), 1.0)
        for i, n in enumerate(notes)
    ]
    parts.append((0.36, tone(note("E7"), 0.55, BELL, attack=0.004, decay=0.2), 0.6))
    return mix(1.0, *parts)


def win(rng: random.Random) -> Signal:
    """A short fanfare: up the major triad and hold the octave."""
    parts = []
    for start, name in ((0.0, "C5"), (0.13, "E5"), (0.26, "G5")):
        parts.append((start, tone(note(name), 0.3, BRASS, attack=0.02, decay=0.09, hold=0.06), 0.8))
    for name, gain in (("C6", 0.8), ("E5", 0.45), ("G5", 0.45)):
        held = tone(note(name), 1.0, BRASS, attack=0.03, decay=0.35, hold=0.3)
        parts.append((0.4, held, gain))
    return mix(1.45, *parts)


def lose(rng: random.Random) -> Signal:
    """A soft falling minor line: the round is gone."""
    parts = []
    for i, name in enumerate(("G4", "Eb4", "C4")):
        hold = 0.1 if i < 2 else 0.25
        parts.append(
            (i * 0.28, tone(note(name), 0.7, SOFT, attack=0.03, decay=0.2, hold=hold), 1.0)
        )
    return mix(1.3, *parts)


def click(rng: random.Random) -> Signal:
    """A UI button press: short, dry and quiet-sounding."""
    tick = tone(1900, 0.04, ((1.0, 1.0), (2.3, 0.3)), attack=0.0008, decay=0.008)
    return mix(0.05, (0.0, tick, 1.0), (0.0, card_tick(rng, 5000, 0.02, 0.003), 0.3))


def error(rng: random.Random) -> Signal:
    """A soft refusal: two low bumps, not a buzzer."""
    bump = tone(note("A3"), 0.14, SOFT, attack=0.01, decay=0.04, hold=0.02)
    low = tone(note("F3"), 0.2, SOFT, attack=0.01, decay=0.06, hold=0.02)
    return mix(0.36, (0.0, bump, 1.0), (0.13, low, 1.0))


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": deal,
    "play": play,
    "draw": draw,
    "shuffle": shuffle,
    "penalty": penalty,
    "skip": skip,
    "macau": macau,
    "win": win,
    "lose": lose,
    "click": click,
    "error": error,
}


def write_wav(path: Path, signal: Signal) -> None:
    """Write ``signal`` (floats in -1..1) as 16-bit mono PCM."""
    frames = struct.pack(
        f"<{len(signal)}h", *(round(max(-1.0, min(1.0, x)) * 32767) for x in signal)
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


HERE = Path(__file__).resolve().parent


def main(folder: Path = HERE) -> int:
    """Write every effect into ``folder``; each effect has its own seed so edits stay local."""
    for seed, (name, make) in enumerate(EFFECTS.items(), start=1):
        signal = finish(make(random.Random(seed)))
        write_wav(folder / f"{name}.wav", signal)
        print(f"{name}.wav  {len(signal) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE))
