"""The process's one sound board, and its effects made in a worker once the first frames show."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from game.sound.audio import SoundBoard

if TYPE_CHECKING:
    from game.app import App

WARM_UP_AFTER_FRAMES = 8  # the menu's first frames load its fonts: let them be


@functools.cache
def shared_sounds() -> SoundBoard:
    """One board per process, so its synthesised effects are made once (the app makes the
    buttons click on it)."""
    return SoundBoard()


def warm_up_sounds(app: App) -> None:
    """Make the sound effects in a worker process (game.sound.worker), a few frames in, and
    take them in a few a frame, so neither the first frame nor the ones after wait for them."""
    if app.frames < WARM_UP_AFTER_FRAMES:
        app.defer(lambda: warm_up_sounds(app))
        return
    from game.sound.worker import SoundWorker

    worker = SoundWorker(app.sounds)

    def pump() -> None:
        if app.running and not worker.poll():
            app.defer(pump)
        elif not worker.done:
            worker.close()

    pump()
