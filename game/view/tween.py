"""Time-based animation driven only by ``dt``: easings, tweens, an animator and a scheduler.

Nothing here reads a clock or imports pygame, so a test can tick time by hand::

    >>> anim = Animator()
    >>> t = anim.add(Tween(0.0, 10.0, duration=1.0, easing=linear))
    >>> anim.update(0.5)
    >>> t.value
    5.0
    >>> anim.update(0.5)
    >>> t.value, anim.busy
    (10.0, False)
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

Easing = Callable[[float], float]
Value = float | tuple[float, ...]

# Accumulated float dt (e.g. 60 * 1/60) lands a hair short of the target; this slack keeps
# "done at exactly the duration" true for the tick that a person would expect.
EPSILON = 1e-9


# --- easings: each maps progress 0..1 to 0..1 and returns exactly 0 and 1 at the ends -----------


def linear(t: float) -> float:
    return t


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Cubic ease in and out: the default for tiles sliding across the table."""
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots by ~10% then settles: a tile 'landing' on a train."""
    if t <= 0.0 or t >= 1.0:
        return 0.0 if t <= 0.0 else 1.0  # the formula misses 0 by one ulp
    c1 = 1.70158
    c3 = c1 + 1.0
    u = t - 1.0
    return 1.0 + c3 * u * u * u + c1 * u * u


def ease_in_out_sine(t: float) -> float:
    """Gentle, for pulsing glows."""
    if t >= 1.0:
        return 1.0
    return -(math.cos(math.pi * t) - 1.0) / 2.0


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "ease_in_cubic": ease_in_cubic,
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out": ease_in_out,
    "ease_out_back": ease_out_back,
    "ease_in_out_sine": ease_in_out_sine,
}


def lerp_value(start: Value, end: Value, f: float) -> Value:
    """Interpolate floats or same-length tuples of floats."""
    if isinstance(start, tuple):
        assert isinstance(end, tuple)
        return tuple(s + (e - s) * f for s, e in zip(start, end, strict=True))
    assert not isinstance(end, tuple)
    return start + (end - start) * f


def _as_value(v: float | Sequence[float]) -> Value:
    # Accept ints, lists and pygame Vector2-like sequences; store immutable floats.
    if isinstance(v, int | float):
        return float(v)
    return tuple(float(x) for x in v)


# --- tweens ---------------------------------------------------------------------------------------


class TweenOptions(TypedDict, total=False):
    """A tween's keyword options, for the calls that pass them on (see :class:`Tween`)."""

    delay: float
    easing: Easing | str
    on_done: Callable[[Tween], None] | None
    on_update: Callable[[Value], None] | None


class Tween:
    """One value moving from ``start`` to ``end`` over ``duration`` seconds after ``delay``.

    ``on_update(value)`` runs on every update that changes the value; ``on_done(tween)`` runs
    once, from the update that finishes it (never from the constructor or ``add``).
    """

    def __init__(
        self,
        start: float | Sequence[float],
        end: float | Sequence[float],
        duration: float,
        *,
        delay: float = 0.0,
        easing: Easing | str = ease_in_out,
        on_done: Callable[[Tween], None] | None = None,
        on_update: Callable[[Value], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must be >= 0")
        self.start: Value = _as_value(start)
        self.end: Value = _as_value(end)
        if isinstance(self.start, tuple) != isinstance(self.end, tuple) or (
            isinstance(self.start, tuple)
            and isinstance(self.end, tuple)
            and len(self.start) != len(self.end)
        ):
            raise ValueError("start and end must both be floats or tuples of one length")
        self.duration = float(duration)
        self.delay = float(delay)
        self.easing: Easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.on_done = on_done
        self.on_update = on_update
        self.elapsed = 0.0  # seconds since the delay ran out
        self._waited = 0.0
        self._finished = False  # value is at the end
        self.reported = False  # on_done has run (or there was none to run)
        self.cancelled = False
        self.value: Value = self.start

    @property
    def done(self) -> bool:
        return self._finished

    @property
    def progress(self) -> float:
        """Raw (un-eased) progress 0..1."""
        if self._finished or self.duration <= 0:
            return 1.0 if self._finished else 0.0
        return min(1.0, self.elapsed / self.duration)

    def snap(self) -> None:
        """Jump to the end value now; on_done still runs from the next update (reduced motion)."""
        self._waited = self.delay
        self.elapsed = self.duration
        self._finished = True
        self.value = self.end

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True once the tween is finished."""
        if self.cancelled:
            return True
        if not self._finished:
            if self._waited < self.delay - EPSILON:
                self._waited += dt
                if self._waited < self.delay - EPSILON:
                    return False
                # Carry the time past the end of the delay into the motion.
                dt = max(0.0, self._waited - self.delay)
                self._waited = self.delay
            self.elapsed += dt
            if self.elapsed >= self.duration - EPSILON:
                self.snap()
            else:
                self.value = lerp_value(
                    self.start, self.end, self.easing(self.elapsed / self.duration)
                )
            if self.on_update is not None:
                self.on_update(self.value)
        if self._finished and not self.reported:
            self.reported = True
            if self.on_done is not None:
                self.on_done(self)
        return self._finished

    def cancel(self) -> None:
        """Stop where it is, without calling on_done."""
        self.cancelled = True


class Animator:
    """Updates a set of tweens by ``dt``, scaled by ``speed`` (the animation-speed setting).

    ``speed == 0`` is reduced motion: every tween jumps to its end as soon as it is added (so the
    next frame draws it in place) and its on_done runs on the next ``update``. Tweens added with
    a ``key`` replace a running tween of the same key (e.g. one per sprite position).
    """

    def __init__(self, speed: float = 1.0) -> None:
        self._tweens: list[Tween] = []
        self._keys: dict[str, Tween] = {}
        self._speed = 1.0
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if value < 0 or not math.isfinite(value):
            raise ValueError("speed must be a finite number >= 0")
        self._speed = float(value)
        if self._speed == 0:
            for t in self._tweens:
                t.snap()

    @property
    def busy(self) -> bool:
        """True while any tween still has to run or report done."""
        return bool(self._tweens)

    def __len__(self) -> int:
        return len(self._tweens)

    def add(self, tween: Tween, key: str | None = None) -> Tween:
        if key is not None:
            old = self._keys.pop(key, None)
            if old is not None:
                old.cancel()
            self._keys[key] = tween
        if self._speed == 0:
            tween.snap()
        self._tweens.append(tween)
        return tween

    def tween(
        self,
        start: float | Sequence[float],
        end: float | Sequence[float],
        duration: float,
        *,
        key: str | None = None,
        **options: Unpack[TweenOptions],
    ) -> Tween:
        """Create and add a tween in one call (``options`` as :class:`Tween` takes them)."""
        return self.add(Tween(start, end, duration, **options), key)

    def get(self, key: str) -> Tween | None:
        return self._keys.get(key)

    def cancel(self, key: str) -> None:
        t = self._keys.pop(key, None)
        if t is not None:
            t.cancel()

    def finish_all(self) -> None:
        """Jump every tween to its end (e.g. the player skips an animation)."""
        for t in self._tweens:
            t.snap()
        self.update(0.0)

    def clear(self) -> None:
        """Drop every tween without callbacks (e.g. leaving a scene)."""
        for t in self._tweens:
            t.cancel()
        self._tweens.clear()
        self._keys.clear()

    def update(self, dt: float) -> None:
        if dt < 0:
            raise ValueError("dt must be >= 0")
        scaled = dt * self._speed
        # Iterate a snapshot: callbacks may add tweens, which start on the next update.
        for t in list(self._tweens):
            if self._speed == 0:
                t.snap()
            t.update(scaled)
        live = [t for t in self._tweens if not (t.cancelled or (t.done and t.reported))]
        self._tweens = live
        self._keys = {k: t for k, t in self._keys.items() if t in live}


Timeline = Animator  # the name the design notes use


# --- scheduler --------------------------------------------------------------------------------


@dataclass(order=True)
class _Job:
    due: float
    seq: int
    fn: Callable[[], None] = field(compare=False)
    interval: float | None = field(compare=False, default=None)
    cancelled: bool = field(compare=False, default=False)


class Handle:
    """Returned by Scheduler.after/every; ``cancel()`` stops the call(s)."""

    def __init__(self, job: _Job) -> None:
        self._job = job

    def cancel(self) -> None:
        self._job.cancelled = True

    @property
    def active(self) -> bool:
        return not self._job.cancelled


class Scheduler:
    """Calls functions after a delay or every interval, on the simulated time of ``update(dt)``.

    A long ``dt`` fires each elapsed occurrence in time order (catch-up), so behaviour does not
    depend on frame rate. Not scaled by the animation speed: pacing (an AI's pause) is not motion.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self._heap: list[_Job] = []
        self._seq = itertools.count()

    def after(self, delay: float, fn: Callable[[], None]) -> Handle:
        if delay < 0:
            raise ValueError("delay must be >= 0")
        job = _Job(self.now + delay, next(self._seq), fn)
        heapq.heappush(self._heap, job)
        return Handle(job)

    def every(self, interval: float, fn: Callable[[], None]) -> Handle:
        if interval <= 0:
            raise ValueError("interval must be > 0")
        job = _Job(self.now + interval, next(self._seq), fn, interval)
        heapq.heappush(self._heap, job)
        return Handle(job)

    @property
    def pending(self) -> int:
        return sum(1 for j in self._heap if not j.cancelled)

    def clear(self) -> None:
        for j in self._heap:
            j.cancelled = True
        self._heap.clear()

    def update(self, dt: float) -> None:
        if dt < 0:
            raise ValueError("dt must be >= 0")
        self.now += dt
        while self._heap and self._heap[0].due <= self.now + EPSILON:
            job = heapq.heappop(self._heap)
            if job.cancelled:
                continue
            if job.interval is not None:
                # Reschedule before calling so the callback may cancel its own handle.
                job.due += job.interval
                job.seq = next(self._seq)
                heapq.heappush(self._heap, job)
            else:
                job.cancelled = True
            job.fn()
