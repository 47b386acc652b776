"""Puzzles: a minute of Mexican Train with an answer the computer has proved.

Three kinds (pure Python beside the AI: the rules engine and the searches, no screen):

* :mod:`.longest`: lay the longest line a hand can take from an open end (exact);
* :mod:`.endgame`: an open-hand endgame, solved over the whole game tree (exact);
* :mod:`.best_play`: a real position as its seat saw it, where one move is clearly best
  (weighed as the review weighs a decision, with every move to the end).

:mod:`.model` reads and writes puzzle files (docs/PUZZLES.md); :mod:`.check` solves a puzzle
again and says why it is refused when its answer or proof differs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Puzzle

# The kind names live here, free of imports, so the command line can offer them without
# loading the rules (the first frame of the game builds the parser).
LONGEST_LINE = "longest_line"
GO_OUT = "go_out"
BEST_PLAY = "best_play"
KINDS = (LONGEST_LINE, GO_OUT, BEST_PLAY)


def generate(kind: str, count: int, seed: int) -> list[Puzzle]:
    """``count`` puzzles of ``kind`` from ``seed`` (the same seed, the same puzzles)."""
    if kind == LONGEST_LINE:
        from . import longest

        return longest.generate(count, seed)
    if kind == GO_OUT:
        from . import endgame

        return endgame.generate(count, seed)
    if kind == BEST_PLAY:
        from . import best_play

        return best_play.generate(count, seed)
    raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")


__all__ = ["BEST_PLAY", "GO_OUT", "KINDS", "LONGEST_LINE", "generate"]
