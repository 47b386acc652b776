"""How often the loop draws: as often as something moves, and no more.

Each scene says what its next frames need (:class:`Pace`): a tile in flight wants every frame
(:data:`MOVING`); a table waiting on a computer seat's pause only needs its clock kept
(:data:`TICKING`); the menu's domino line and the slow pulse of lit trains are decoration
(:data:`AMBIENT`), at a low rate, and stop under reduced motion, with battery saver, or once
nobody has touched anything for a while; a page with nothing moving is :data:`STILL`. For a
moment after any input (or a new scene) every frame is drawn, so an answer is never late; when
still, a frame is drawn now and then anyway (:data:`HEARTBEAT`), and the presenter
(:mod:`game.view.present`) puts on screen only what changed, which is nothing most of the time.

The pacer counts time as the loop gives it (real seconds, not the animations' capped steps):
the loop asks it how long it may sleep after a frame. (Only :func:`on_battery` asks pygame.)
"""

from __future__ import annotations

from typing import NamedTuple

FULL_FPS = 60.0
SAVER_FPS = 30.0  # battery saver's cap, gameplay animations included
AWAKE = 0.6  # seconds after an input (or a new scene) at the full rate
AMBIENT_QUIET = 20.0  # seconds without input after which decoration stops
HEARTBEAT = 1.0  # seconds between frames when nothing moves (what changed unasked shows)
NAP = 0.01  # seconds the loop sleeps at a time between frames, looking for input in between


class Pace(NamedTuple):
    """What a scene's next frames need: ``fps`` frames a second (0: none unless asked), and
    whether that motion is only decoration (``ambient``)."""

    fps: float
    ambient: bool = False


MOVING = Pace(FULL_FPS)
TICKING = Pace(20.0)  # a timer runs (a computer seat's pause): its clock, not smooth motion
AMBIENT = Pace(12.0, ambient=True)
ATTRACT = Pace(24.0)  # the kiosk's attract mode keeps its own pace
STILL = Pace(0.0)


class FramePacer:
    """How long the loop may sleep after a frame, from the pace asked for and real time."""

    def __init__(self) -> None:
        self.clock = 0.0  # real seconds the loop has run
        self.woken = 0.0  # the clock at the last input or new scene
        self.fps = FULL_FPS  # the rate chosen for the frame just run

    def tick(self, seconds: float) -> None:
        self.clock += max(0.0, seconds)

    def wake(self) -> None:
        """An input came (or the scene changed): full rate for a moment."""
        self.woken = self.clock

    def choose(self, wanted: Pace, quiet: float, *, calm: bool, saver: bool) -> float:
        """The frame rate for now: ``quiet`` seconds since the last input; ``calm`` (reduced
        motion) and ``saver`` (battery saver) stop decoration, ``saver`` caps the rest."""
        fps = wanted.fps
        if wanted.ambient and (calm or saver or quiet >= AMBIENT_QUIET):
            fps = 0.0
        if self.clock - self.woken < AWAKE:
            fps = FULL_FPS
        if saver:
            fps = min(fps, SAVER_FPS)
        self.fps = fps
        return fps

    def interval(self) -> float:
        """Seconds from one frame to the next at the chosen rate (a heartbeat when still)."""
        return 1.0 / self.fps if self.fps > 0 else HEARTBEAT


def on_battery() -> bool:
    """Does the platform say the machine runs on its battery (False when it cannot tell)?"""
    try:
        import pygame

        state = pygame.system.get_power_state()
        return state is not None and bool(state.on_battery)
    except (AttributeError, pygame.error):  # an older pygame, or no power information
        return False


class PowerWatch:
    """Battery saver's "auto": the platform asked now and then (not every frame)."""

    EVERY = 30.0  # seconds between asks

    def __init__(self) -> None:
        self.asked = -1e9
        self.on_battery = False

    def saving(self, choice: str, clock: float) -> bool:
        """Is battery saver on: ``choice`` "on" or "off" as set, "auto" while on battery."""
        if choice != "auto":
            return choice == "on"
        if clock - self.asked >= self.EVERY:
            self.asked = clock
            self.on_battery = on_battery()
        return self.on_battery
