"""Sound cues: the rules' events, as the table shows them, turned into sound effects.

The cue plays when the table view *starts showing* an event (its listeners), not when the rules
apply it, so a computer seat's burst of events sounds in step with the animations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import events as ev

if TYPE_CHECKING:
    from game.view.table import TableView


def cue_for(event: ev.Event, shown_seat: int | None) -> str | None:
    """The effect for an event (see game.sound.audio.EFFECTS), or None for a silent one.

    >>> from game.rules import Tile
    >>> cue_for(ev.TilePlayed(1, Tile(4, 4), 1, 4, 4), 0)
    'double'
    >>> cue_for(ev.TurnPassed(2), 0)
    'pass'
    """
    if isinstance(event, ev.TilePlayed):
        return "double" if event.tile.is_double else "place"
    if isinstance(event, ev.EnginePlaced):
        return "place"
    if isinstance(event, ev.TileDrawn | ev.EngineDrawn):
        return "draw"
    if isinstance(event, ev.TurnPassed):
        return "pass"
    if isinstance(event, ev.RoundEnded):
        # A fanfare when you win the round (or, with nobody at the table, for anyone).
        return "win" if shown_seat is None or shown_seat in event.winners else None
    return None


def attach(view: TableView, play: Callable[[str], object]) -> None:
    """Make ``view`` call ``play(effect)`` for each event it shows (once per view)."""
    if getattr(view, "_sound_cues", False):
        return
    view._sound_cues = True  # type: ignore[attr-defined]

    def listener(event: ev.Event) -> None:
        name = cue_for(event, view.shown_seat if view.call_you else None)
        if name is not None:
            play(name)

    view.listeners.append(listener)
