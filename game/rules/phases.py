"""The closed sets the rules speak in: where a match stands, how a round ended, what decided
the match.

Each is a ``StrEnum``, so a member is its own word wherever it is written (a record, a log, the
simulate command's figures) and reads back from it:

>>> Phase("play") is Phase.PLAY, f"{RoundEnd.BLOCKED}", DecidedBy.TIE == "tie"
(True, 'blocked', True)
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    PLAY = "play"  # a round is being played
    ROUND_OVER = "round_over"  # scored; ``start_round()`` deals the next one
    MATCH_OVER = "match_over"  # the last round is scored


class RoundEnd(StrEnum):
    OUT = "out"  # a player played their last tile (and it stood)
    BLOCKED = "blocked"  # nobody could play and the boneyard was empty


class DecidedBy(StrEnum):
    """What picked the match's winners, in the order the rules try them."""

    SCORE = "score"
    ROUNDS_WON = "rounds_won"
    LOWEST_ROUND = "lowest_round"  # penalty scoring: the lowest round above zero
    TIE = "tie"  # still level: they share the win
