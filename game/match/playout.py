"""Playing a match to its end off screen: the one loop that `simulate`, `tournament` and a
session's :meth:`~game.match.session.Session.play_out` share.

Each seat decides from its own observation only. The caller says how a round is started and an
action applied (with events for a record or listeners, or quietly for speed), so the same
loop serves a record-writing simulation and a bare tournament alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.ai.simple import Seat
from game.rules import Action, GameState


def play_out(
    game: GameState,
    seats: Sequence[Seat],
    *,
    start_round: Callable[[], Any] | None = None,
    apply: Callable[[Action], Any] | None = None,
    round_ended: Callable[[GameState], None] | None = None,
) -> int:
    """Play ``game`` from where it is to the match's end, ``seats[s]`` choosing seat s's
    actions; ``start_round`` and ``apply`` default to the state's own (``apply_quietly``: no
    events), ``round_ended`` is told after each round's last action. The actions played."""
    start = start_round or game.start_round
    act = apply or game.apply_quietly
    actions = 0
    while not game.match_over:
        if game.round_over or game.round_number == 0:
            start()
            continue
        seat = game.current
        act(seats[seat].choose(game.observation(seat)))
        actions += 1
        if round_ended is not None and game.round_over:
            round_ended(game)
    return actions
