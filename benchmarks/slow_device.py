"""A stand-in for a slower machine, for the benchmarks: CPU time, scaled.

A handheld ``factor`` times slower than this machine takes ``factor`` times as long for the
same work. :class:`DeviceClock` reads this thread's CPU time (``time.thread_time``: only its
own work, whatever else the machine is doing) times ``factor``, so timing with it gives what
that device would measure, and handing it to Hard as its clock makes Hard's time guard stop
the search where it would stop there. ``factor`` 1 gives this machine as if it were quiet.
"""

from __future__ import annotations

import time
from types import ModuleType


class DeviceClock:
    """``perf_counter`` of a device ``factor`` times slower than this machine (see above)."""

    def __init__(self, factor: float) -> None:
        if not factor > 0:
            raise ValueError(f"the slowdown must be above 0, not {factor}")
        self.factor = factor

    def perf_counter(self) -> float:
        return time.thread_time() * self.factor


def give_clock(module: ModuleType, clock: DeviceClock) -> None:
    """Make ``module`` (game.ai.hard, whose ``use_clock`` sets its time guard's clock) read
    ``clock`` instead of the wall clock."""
    module.use_clock(clock.perf_counter)
