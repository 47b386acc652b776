"""What every opponent shares: personas (a name and a style for the table) and small helpers.

Opponents decide from an :class:`~game.rules.Observation` only. The helpers here turn an
observation into the bit masks the planner and the policies work with.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules import Observation, Rules
from game.rules.tiles import PIPS, ZERO_ZERO_ID, mask_of

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def N_(text: str) -> str:
    """Marks text for the translation catalog."""
    return text


class Persona(NamedTuple):
    """How an opponent is shown at the table."""

    level: str
    name: str
    style: str


PERSONAS: dict[str, tuple[Persona, ...]] = {
    "easy": (
        Persona("easy", "Rosa", N_("Plays her heaviest tile when she sees it, and often doesn't.")),
        Persona("easy", "Tomás", N_("Lays whatever catches his eye; no plan, lots of fun.")),
        Persona("easy", "Lupe", N_("Likes big tiles and forgets about the Mexican train.")),
        Persona("easy", "Beto", N_("Plays quickly and stops his first train early.")),
    ),
    "normal": (
        Persona("normal", "Diego", N_("Builds his train in his hand first and sheds the rest.")),
        Persona("normal", "Carmen", N_("Keeps her train private and covers every double.")),
        Persona("normal", "Julio", N_("Steady: plans a long train, dumps heavy tiles at the end.")),
        Persona("normal", "Marisol", N_("Sheds her free tiles on the Mexican train first.")),
    ),
    "hard": (
        Persona("hard", "Valentina", N_("Counts every tile, reads who drew, and plays the odds.")),
        Persona("hard", "Ramón", N_("Thinks each round to its end before he lays a tile.")),
        Persona(
            "hard", "Ximena", N_("Remembers who passed on which number and leaves doubles open.")
        ),
        Persona("hard", "Octavio", N_("Patient and precise: a hundred futures behind every play.")),
    ),
}


def persona_for(level: str, index: int = 0) -> Persona:
    """The ``index``-th persona of a level (cycling); ValueError for an unknown level."""
    try:
        personas = PERSONAS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: choose from {', '.join(LEVELS)}") from None
    return personas[index % len(personas)]


def tile_values(rules: Rules) -> tuple[int, ...]:
    """Points each tile id counts in a hand at the round's end (``0|0`` per the rules)."""
    values = list(PIPS)
    values[ZERO_ZERO_ID] = rules.double_blank_points
    return tuple(values)


_VALUES_CACHE: dict[int, tuple[int, ...]] = {}


def values_for(rules: Rules) -> tuple[int, ...]:
    """:func:`tile_values`, cached by the double-blank points (the only option it reads)."""
    key = rules.double_blank_points
    values = _VALUES_CACHE.get(key)
    if values is None:
        values = _VALUES_CACHE[key] = tile_values(rules)
    return values


def hand_mask(observation: Observation) -> int:
    return mask_of(observation.hand)


def own_end(observation: Observation) -> int:
    """The open end of the observing seat's own train."""
    return observation.trains[observation.seat].open_end
