"""Easy: a legal player with a simple bias for heavy tiles, who often misses a chance.

Easy plays its heaviest tile about half the time and any playable tile otherwise; it looks at
its own train first and sometimes forgets the others, and it often stops a first-turn line
early. It never breaks a rule: every choice is one of the observation's legal actions.
"""

from __future__ import annotations

import random

from game.rules import END_TURN, Action, Observation, Play

from .base import Persona, persona_for, values_for

# How often Easy plays its heaviest tile rather than a random one.
HEAVY_BIAS = 0.5
# How often Easy only looks at its own train when it has a play there.
OWN_TRAIN_ONLY = 0.35
# How often Easy stops a first-turn line (first_turn_chain) after each tile.
STOP_LINE = 0.3


def easy_action(observation: Observation, rng: random.Random) -> Action:
    """Easy's choice: one of ``observation.legal_actions``."""
    legal = observation.legal_actions
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    if END_TURN in legal and rng.random() < STOP_LINE:
        return END_TURN
    seat = observation.seat
    own = [p for p in plays if p.train == seat]
    if own and len(own) < len(plays) and rng.random() < OWN_TRAIN_ONLY:
        plays = own
    if rng.random() < HEAVY_BIAS:
        values = values_for(observation.rules)
        heaviest = max(values[p.tile_id] for p in plays)
        plays = [p for p in plays if values[p.tile_id] == heaviest]
    return plays[int(rng.random() * len(plays))]


class EasySeat:
    """The Easy opponent (see the module docstring)."""

    level = "easy"

    def __init__(self, seed: int = 0, persona: Persona | None = None) -> None:
        self.persona = persona or persona_for("easy")
        self.name = self.persona.name
        self.style = self.persona.style
        self._seed = seed
        self._rng = random.Random(f"easy/{seed}")

    def reseed(self, moment: int) -> None:
        """The next choices from the seed and a position in the match only (take-backs)."""
        self._rng = random.Random(f"easy/{self._seed}/{moment}")

    def choose(self, observation: Observation) -> Action:
        return easy_action(observation, self._rng)
