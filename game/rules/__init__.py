"""The rules of Mexican Train (RULES.md): pure Python, no pygame, no I/O, no clock.

Start with :class:`GameState` (``new``, ``start_round``, ``legal_actions``, ``check``,
``apply``, ``copy``, ``observation``) and :class:`Rules` (the presets and every option).
"""

from .actions import DRAW, END_TURN, PASS, Action, Draw, EndTurn, Pass, Play, train_name
from .observation import LogEntry, Observation, TrainView, determinize
from .options import Deal, Rules, RulesError
from .phases import DecidedBy, Phase, RoundEnd
from .reasons import IllegalActionError, Reason, Refusal
from .state import MATCH_OVER, PLAY, ROUND_OVER, GameState
from .tiles import SUPPORTED_SETS, Tile, set_tiles, tile_count

__all__ = [
    "DRAW",
    "END_TURN",
    "MATCH_OVER",
    "PASS",
    "PLAY",
    "ROUND_OVER",
    "SUPPORTED_SETS",
    "Action",
    "Deal",
    "DecidedBy",
    "Draw",
    "EndTurn",
    "GameState",
    "IllegalActionError",
    "LogEntry",
    "Observation",
    "TrainView",
    "determinize",
    "Pass",
    "Phase",
    "Play",
    "Reason",
    "Refusal",
    "Rules",
    "RoundEnd",
    "RulesError",
    "Tile",
    "set_tiles",
    "tile_count",
    "train_name",
]
