"""Sound effects made by the game's own code: no audio files, standard library only.

Each effect is synthesised (damped sine partials and filtered noise, with short attacks, smooth
fade-outs and a gentle low-pass) into 16-bit mono PCM by :func:`synthesize`, which knows nothing
of pygame. :class:`SoundBoard` turns those samples into ``pygame.mixer.Sound`` objects in the
mixer's own format, lazily, a few pitch variants per effect so that repeats do not sound robotic,
and plays them at the board's volume. Without an audio device it quietly does nothing::

    sounds = SoundBoard(volume=settings.volume, muted=settings.muted)
    sounds.play("place")

Effects: ``pick`` (a tile lifted), ``place`` (a wooden click), ``double`` (two clicks and a
chime), ``draw`` (a tile slid from the boneyard), ``pass`` (a soft low tone), ``win`` (a short
fanfare), ``click`` (a button).
"""

from __future__ import annotations

import cmath
import math
import os
import random
import sys
import threading
from array import array
from collections.abc import Callable, Iterable, Mapping
from itertools import accumulate, repeat
from operator import add, mul
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

EFFECTS: tuple[str, ...] = ("pick", "place", "double", "draw", "pass", "win", "click")
SAMPLE_RATE = 44100
FULL_SCALE = 32767
FADE_OUT = 0.012  # seconds of raised-cosine fade at the end of every effect (no click)
FADE_IN = 0.0015  # and at the start
PITCH_SPREAD = 0.035  # variants are tuned up to this fraction up or down
VARIANTS = 4  # pitch variants kept per effect

Buffer = list[float]


# ------------------------------------------------------------------------------ building blocks


def _silence(seconds: float, rate: int) -> Buffer:
    return [0.0] * max(1, int(seconds * rate))


def _tone(
    buf: Buffer,
    rate: int,
    start: float,
    freq: float,
    amp: float,
    decay: float,
    *,
    attack: float = 0.002,
    glide_to: float | None = None,
    glide_time: float = 0.1,
) -> None:
    """Add a sine partial: a smooth attack, then an exponential decay (time constant ``decay``).

    ``glide_to`` bends the pitch exponentially towards that frequency over ``glide_time``.
    """
    first = int(start * rate)
    length = min(len(buf) - first, int((attack + 7.0 * decay) * rate))
    if length <= 0:
        return
    fall = math.exp(-1.0 / (decay * rate))
    if glide_to is None:
        # A damped sine is the imaginary part of a geometric series: one complex product a
        # sample, done in C by accumulate.
        turn = fall * cmath.exp(2j * math.pi * freq / rate)
        wave = [z.imag for z in accumulate(repeat(turn, length - 1), mul, initial=amp + 0j)]
    else:
        bend = (glide_to / freq) ** (1.0 / max(1.0, glide_time * rate))
        glide_end = int(glide_time * rate)
        step = 2.0 * math.pi / rate
        sin = math.sin
        wave = [0.0] * length
        phase, level, f = 0.0, amp, freq
        for k in range(length):
            wave[k] = level * sin(phase)
            level *= fall
            phase += step * f
            if k < glide_end:
                f *= bend
    attack_n = min(length, max(1, int(attack * rate)))
    for k in range(attack_n):
        rise = math.sin(0.5 * math.pi * k / attack_n)
        wave[k] *= rise * rise
    buf[first : first + length] = map(add, buf[first : first + length], wave)


def _noise(
    buf: Buffer,
    rate: int,
    rng: random.Random,
    start: float,
    amp: float,
    decay: float,
    *,
    attack: float = 0.0005,
    low: float = 8000.0,
    high: float = 0.0,
    shape: Callable[[float], float] | None = None,
    length: float | None = None,
) -> None:
    """Add noise band-limited between ``high`` and ``low`` Hz (two one-pole filters).

    The envelope is an attack then an exponential decay, or ``shape(t)`` over ``length`` seconds
    (t from 0 to 1) when given.
    """
    first = int(start * rate)
    if shape is not None and length is not None:
        count = int(length * rate)
    else:
        count = int((attack + 9.0 * decay) * rate)
    count = min(len(buf) - first, count)
    if count <= 0:
        return
    a_low = 1.0 - math.exp(-2.0 * math.pi * low / rate)
    a_high = 1.0 - math.exp(-2.0 * math.pi * high / rate) if high > 0 else 0.0
    attack_n = max(1, int(attack * rate))
    fall = math.exp(-1.0 / (max(decay, 1e-4) * rate))
    smooth = 0.0
    floor = 0.0
    level = amp
    uniform = rng.random
    for k in range(count):
        if shape is not None:
            envelope = amp * shape(k / count)
        elif k < attack_n:
            envelope = level * k / attack_n
        else:
            envelope = level
            level *= fall
        smooth += a_low * ((2.0 * uniform() - 1.0) - smooth)
        floor += a_high * (smooth - floor)
        buf[first + k] += envelope * (smooth - floor)


def _low_pass(buf: Buffer, rate: int, cutoff: float, passes: int = 1) -> None:
    """A gentle one-pole low-pass (6 dB per octave above ``cutoff``, per pass)."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / rate)
    for _ in range(passes):
        y = 0.0
        for i, x in enumerate(buf):
            y += a * (x - y)
            buf[i] = y


def _finish(buf: Buffer, rate: int, peak: float) -> array[int]:
    """Remove DC, fade both ends to zero, scale to ``peak`` of full scale, make 16-bit samples."""
    n = len(buf)
    mean = sum(buf) / n
    buf[:] = [v - mean for v in buf]
    fade_in = min(n, max(1, int(FADE_IN * rate)))
    fade_out = min(n, max(1, int(FADE_OUT * rate)))
    for i in range(fade_in):
        buf[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(fade_out):  # the last sample is exactly zero
        buf[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    top = max(abs(v) for v in buf) or 1.0
    scale = peak * FULL_SCALE / top
    return array("h", [round(v * scale) for v in buf])


# ------------------------------------------------------------------------------------ effects


def _wood_click(buf: Buffer, rate: int, rng: random.Random, start: float, f0: float) -> None:
    """A tile laid on a wooden table: inharmonic modes of a small block, a thump, a tick."""
    for ratio, amp, decay in ((1.0, 1.0, 0.026), (2.31, 0.5, 0.015), (3.97, 0.28, 0.009)):
        _tone(buf, rate, start, f0 * ratio, amp, decay, attack=0.0006)
    _tone(buf, rate, start, f0 * 5.62, 0.12, 0.005, attack=0.0004)
    _tone(buf, rate, start, f0 * 0.24, 0.45, 0.03, attack=0.001)  # the table's thump
    _noise(buf, rate, rng, start, 0.55, 0.0025, low=4500.0, high=400.0)


def _pick(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.11, rate)
    _noise(buf, rate, rng, 0.0, 0.5, 0.004, low=3500.0 * p, high=600.0)
    _tone(buf, rate, 0.002, 1150.0 * p, 0.55, 0.022, attack=0.002, glide_to=1500.0 * p)
    _tone(buf, rate, 0.002, 2300.0 * p, 0.18, 0.01, attack=0.002, glide_to=3000.0 * p)
    _low_pass(buf, rate, 7000.0)
    return buf, 0.42


def _place(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.17, rate)
    _wood_click(buf, rate, rng, 0.0, 690.0 * p)
    _low_pass(buf, rate, 6500.0)
    return buf, 0.72


def _double(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.75, rate)
    _wood_click(buf, rate, rng, 0.0, 690.0 * p)
    _wood_click(buf, rate, rng, 0.085, 775.0 * p)
    for freq, amp, decay in ((1318.5, 0.3, 0.3), (1975.5, 0.22, 0.24), (2637.0, 0.08, 0.14)):
        _tone(buf, rate, 0.13, freq * p, amp, decay, attack=0.006)
        _tone(buf, rate, 0.13, freq * p * 2.76, amp * 0.12, decay * 0.4, attack=0.004)
    _low_pass(buf, rate, 7000.0)
    return buf, 0.62


def _draw(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.34, rate)
    slide = 0.27
    bumps = [rng.uniform(0.6, 1.0) for _ in range(12)]  # the tile catching on the felt

    def swell(t: float) -> float:
        body = float(math.sin(math.pi * t) ** 1.5)
        where = t * (len(bumps) - 1)
        i = int(where)
        grain = bumps[i] + (bumps[min(i + 1, len(bumps) - 1)] - bumps[i]) * (where - i)
        return body * grain

    _noise(buf, rate, rng, 0.0, 0.9, 0.1, low=1800.0 * p, high=500.0 * p, shape=swell, length=slide)
    _tone(buf, rate, 0.255, 950.0 * p, 0.22, 0.012, attack=0.001)  # it settles in the hand
    _noise(buf, rate, rng, 0.255, 0.25, 0.003, low=3500.0, high=500.0)
    _low_pass(buf, rate, 3500.0, passes=2)
    return buf, 0.45


def _pass(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.6, rate)
    _tone(buf, rate, 0.0, 233.1 * p, 1.0, 0.17, attack=0.03, glide_to=196.0 * p, glide_time=0.25)
    _tone(buf, rate, 0.0, 466.2 * p, 0.22, 0.09, attack=0.03, glide_to=392.0 * p, glide_time=0.25)
    _tone(buf, rate, 0.0, 699.3 * p, 0.06, 0.05, attack=0.03, glide_to=588.0 * p, glide_time=0.25)
    _low_pass(buf, rate, 1400.0)
    return buf, 0.5


def _win(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(1.25, rate)
    notes = ((0.0, 523.25, 0.09), (0.11, 659.25, 0.09), (0.22, 783.99, 0.09), (0.33, 1046.5, 0.36))
    for start, freq, decay in notes:
        last = decay > 0.2
        for harmonic, amp in ((1, 1.0), (2, 0.45), (3, 0.25), (4, 0.12)):
            _tone(
                buf,
                rate,
                start,
                freq * p * harmonic,
                amp * (0.9 if last else 0.7),
                decay / harmonic**0.5,
                attack=0.012,
            )
        if last:  # a slightly detuned twin makes the held note shimmer
            _tone(buf, rate, start, freq * p * 1.004, 0.35, decay, attack=0.03)
    for freq in (523.25, 659.25, 783.99):  # a soft chord under the last note
        _tone(buf, rate, 0.33, freq * p, 0.18, 0.3, attack=0.03)
    _low_pass(buf, rate, 4500.0)
    return buf, 0.6


def _click(rate: int, p: float, rng: random.Random) -> tuple[Buffer, float]:
    buf = _silence(0.045, rate)
    _tone(buf, rate, 0.0, 2100.0 * p, 1.0, 0.004, attack=0.0004)
    _tone(buf, rate, 0.0, 3400.0 * p, 0.35, 0.0025, attack=0.0004)
    _noise(buf, rate, rng, 0.0, 0.35, 0.0018, low=6000.0, high=800.0)
    _low_pass(buf, rate, 8000.0)
    return buf, 0.33


_MAKERS: dict[str, Callable[[int, float, random.Random], tuple[Buffer, float]]] = {
    "pick": _pick,
    "place": _place,
    "double": _double,
    "draw": _draw,
    "pass": _pass,
    "win": _win,
    "click": _click,
}


def synthesize(
    name: str, rate: int = SAMPLE_RATE, *, pitch: float = 1.0, seed: int = 0
) -> array[int]:
    """One effect as mono signed 16-bit samples at ``rate`` Hz (``array('h')``).

    ``pitch`` tunes it (1.0 as designed); ``seed`` picks its noise. ValueError for an unknown name.
    """
    try:
        maker = _MAKERS[name]
    except KeyError:
        raise ValueError(f"unknown sound {name!r}: choose from {', '.join(EFFECTS)}") from None
    if not 8000 <= rate <= 192000:
        raise ValueError(f"sample rate {rate} is out of range")
    buf, peak = maker(rate, pitch, random.Random(seed))
    return _finish(buf, rate, peak)


def repitch(samples: array[int], pitch: float) -> array[int]:
    """The samples played ``pitch`` times faster (higher and shorter), linearly interpolated.

    Much cheaper than synthesising again: how the board makes its pitch variants.
    """
    if pitch == 1.0:
        return array("h", samples)
    count = max(1, int((len(samples) - 1) / pitch))
    src = samples
    out = [
        a + round((x - j) * (src[j + 1] - a))
        for x in (i * pitch for i in range(count))
        for j in (int(x),)
        for a in (src[j],)
    ]
    out[-1] = 0  # the source ends in silence; so does its copy
    return array("h", out)


def encode(samples: array[int], size: int, channels: int) -> bytes:
    """Mono 16-bit samples as the bytes a mixer opened with ``(size, channels)`` expects.

    ``size`` as ``pygame.mixer.get_init()`` reports it: -16/16 (signed/unsigned 16-bit), -8/8,
    or ±32 (32-bit float). Channels are interleaved copies of the mono signal.
    """
    if channels < 1:
        raise ValueError(f"{channels} channels")
    out: array[int] | array[float]
    if size == -16:
        out = array("h", samples)
    elif size == 16:
        out = array("H", [v + 32768 for v in samples])
    elif size == -8:
        out = array("b", [v >> 8 for v in samples])
    elif size == 8:
        out = array("B", [(v >> 8) + 128 for v in samples])
    elif abs(size) == 32:
        out = array("f", [v / 32768.0 for v in samples])
    else:
        raise ValueError(f"unsupported sample size {size}")
    if channels > 1:
        typecode = out.typecode
        out = array(typecode, [v for v in out for _ in range(channels)])
    return out.tobytes()


# ---------------------------------------------------------------------------------- the board


class SoundBoard:
    """Plays the effects through pygame's mixer; silent (never failing) when there is no audio.

    ``volume`` (0..1) and ``muted`` may be changed at any time. Sounds are made on first use and
    kept; ``warm_up()`` makes them ahead of time (it may run on a worker thread).
    """

    def __init__(
        self,
        volume: float = 0.8,
        muted: bool = False,
        *,
        variants: int = VARIANTS,
        seed: int | None = None,
    ) -> None:
        self._volume = 0.0
        self.volume = volume
        self.muted = muted
        self._variants = max(1, variants)
        self._rng = random.Random(seed)
        self._samples: dict[tuple[str, int, int], array[int]] = {}  # (name, variant, rate)
        self._sounds: dict[tuple[str, int], pygame.mixer.Sound] = {}
        self._last: dict[str, int] = {}
        self._lock = threading.Lock()
        self._mixer: tuple[int, int, int] | None = None  # (frequency, size, channels)
        self._broken = False

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        if not math.isfinite(value):
            value = 0.0
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def available(self) -> bool:
        """Whether there is a mixer to play through (opening it if needed)."""
        return self._open_mixer() is not None

    def play(self, name: str) -> bool:
        """Play an effect; True if a sound started. Unknown names raise ValueError."""
        if name not in _MAKERS:
            raise ValueError(f"unknown sound {name!r}: choose from {', '.join(EFFECTS)}")
        if self.muted or self._volume <= 0.0:
            return False
        mixer = self._open_mixer()
        if mixer is None:
            return False
        try:
            sound = self._sound(name, self._pick_variant(name), mixer)
            sound.set_volume(self._volume)
            return sound.play() is not None
        except Exception:  # a mixer that fails mid-game: carry on in silence
            self._broken = True
            return False

    def warm_up(self, names: Iterable[str] = EFFECTS, rate: int | None = None) -> None:
        """Synthesise every variant now, so the first play does not wait (thread-safe)."""
        if rate is None:
            mixer = self._mixer
            rate = mixer[0] if mixer is not None else SAMPLE_RATE
        for name in names:
            for variant in range(self._variants):
                self._samples_for(name, variant, rate)

    @property
    def variants(self) -> int:
        """Pitch variants kept per effect."""
        return self._variants

    @property
    def mixer_format(self) -> tuple[int, int, int] | None:
        """``(frequency, size, channels)`` of the open mixer (opening it), or None: silent."""
        return self._open_mixer()

    def add_prepared(
        self,
        name: str,
        variant: int,
        rate: int,
        samples: array[int],
        encoded: bytes | None = None,
        mixer: tuple[int, int, int] | None = None,
    ) -> None:
        """Keep an effect variant made elsewhere (game.sound.worker makes them in a worker
        process, off the frame thread's GIL): its samples at ``rate`` and, when ``encoded`` is
        given for the ``mixer`` format now open, the sound itself, ready to play."""
        if name not in _MAKERS:
            raise ValueError(f"unknown sound {name!r}: choose from {', '.join(EFFECTS)}")
        with self._lock:
            self._samples[(name, variant, rate)] = samples
        if encoded is not None and mixer is not None and mixer == self._mixer:
            try:
                import pygame

                self._sounds[(name, variant)] = pygame.mixer.Sound(buffer=encoded)
            except Exception:  # the mixer went away meanwhile: made on first play instead
                pass

    # ------------------------------------------------------------------ internals

    def _open_mixer(self) -> tuple[int, int, int] | None:
        if self._broken:
            return None
        try:
            import pygame

            init = pygame.mixer.get_init()
            if init is None:
                if no_sound_device():
                    print("Sound is off: this machine has no sound card.", file=sys.stderr)
                    self._broken = True
                    return None
                pygame.mixer.init()
                init = pygame.mixer.get_init()
        except Exception:  # no pygame, no device, no driver: the game runs silent
            self._broken = True
            return None
        if init is None:
            self._broken = True
            return None
        if init != self._mixer:  # first use, or the mixer was reopened in another format
            self._sounds.clear()
            self._mixer = init
        return init

    def _pick_variant(self, name: str) -> int:
        choices = [v for v in range(self._variants) if v != self._last.get(name)]
        variant = self._rng.choice(choices) if choices else 0
        self._last[name] = variant
        return variant

    def _samples_for(self, name: str, variant: int, rate: int) -> array[int]:
        key = (name, variant, rate)
        with self._lock:
            samples = self._samples.get(key)
        if samples is None:
            if variant == 0:
                samples = synthesize(name, rate)
            else:
                samples = repitch(self._samples_for(name, 0, rate), variant_pitch(variant))
            with self._lock:
                self._samples[key] = samples
        return samples

    def _sound(self, name: str, variant: int, mixer: tuple[int, int, int]) -> pygame.mixer.Sound:
        sound = self._sounds.get((name, variant))
        if sound is None:
            import pygame

            rate, size, channels = mixer
            data = encode(self._samples_for(name, variant, rate), size, channels)
            sound = pygame.mixer.Sound(buffer=data)
            self._sounds[(name, variant)] = sound
        return sound


def variant_pitch(variant: int) -> float:
    """Variant 0 as designed, then alternately a little higher and lower."""
    if variant == 0:
        return 1.0
    step = (variant + 1) // 2
    sign = 1.0 if variant % 2 else -1.0
    return 1.0 + sign * PITCH_SPREAD * step / max(1, VARIANTS // 2)


def no_sound_device(
    environ: Mapping[str, str] = os.environ, cards_file: str = "/proc/asound/cards"
) -> bool:
    """True on a Linux machine with no sound card and no sound server: opening the mixer
    there only makes ALSA print some eight "ALSA lib ... cannot find card '0'" lines, and a
    newcomer thinks the game broke. Elsewhere, or when unsure, False (the mixer is tried)."""
    from pathlib import Path

    if not sys.platform.startswith("linux") or environ.get("SDL_AUDIODRIVER"):
        return False
    try:
        cards = Path(cards_file).read_text(encoding="utf-8", errors="replace")
    except OSError:
        cards = ""  # no ALSA at all in this kernel
    if cards.strip() and "no soundcards" not in cards:
        return False
    if environ.get("PULSE_SERVER"):
        return False
    runtime = Path(environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")
    return not any((runtime / name).exists() for name in ("pulse/native", "pipewire-0"))
