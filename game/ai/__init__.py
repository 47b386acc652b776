"""Computer opponents and hints: they see only a seat's observation, never hidden tiles.

* :mod:`.planner`: the hand planner (the best line for one's own train, and the free tiles);
* :class:`EasySeat`, :class:`NormalSeat`, :class:`HardSeat`: the three levels, each with a
  name and a style for the table (:func:`make_opponent`);
* :mod:`.coach`: the one judgement Hard, the table's hint and the review share;
  :func:`plan_hand`: the table's "plan my hand" toggle.

Every seat has the shape of :class:`game.ai.simple.Seat`: ``choose(observation) -> Action``.
"""

from __future__ import annotations

from .base import LEVELS, PERSONAS, Persona, persona_for
from .easy import EasySeat
from .hard import HardConfig, HardSearch, HardSeat
from .hints import plan_hand
from .normal import NormalSeat, NormalWeights
from .planner import Line, best_line

Opponent = EasySeat | NormalSeat | HardSeat


def make_opponent(level: str, seed: int, persona: int = 0) -> Opponent:
    """An opponent of ``level`` with its ``persona``-th name and style; ValueError if unknown."""
    who = persona_for(level, persona)
    if level == "easy":
        return EasySeat(seed, who)
    if level == "normal":
        return NormalSeat(seed, who)
    return HardSeat(seed, who)


__all__ = [
    "LEVELS",
    "PERSONAS",
    "EasySeat",
    "HardConfig",
    "HardSearch",
    "HardSeat",
    "Line",
    "NormalSeat",
    "NormalWeights",
    "Opponent",
    "Persona",
    "best_line",
    "make_opponent",
    "persona_for",
    "plan_hand",
]
