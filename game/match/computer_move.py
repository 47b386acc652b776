"""A computer seat's move in the making: asked once, taken after its pause, checked by the rules.

The table and the kiosk's attract mode both play computer seats this way: the seat to move is
asked through the session's runner (which may answer on a later frame, from its worker
process), its answer is held until the seat's pause has passed so a person can follow the
play, and then the rules check it; a seat's bug takes the first legal action instead of
breaking the table. The runner never decides legality, and neither does this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Seconds before its pause ends that a thinking seat's answer is asked to be ready: the pipe
# back from the worker and the frame that shows the move.
THINK_MARGIN = 0.12

if TYPE_CHECKING:
    from game.match.session import Session
    from game.rules import Action


class ComputerMove:
    """The move of the seat to move, from the runner's request to the action to apply."""

    def __init__(self) -> None:
        self.seat: int | None = None  # the seat asked, until its move is taken
        self._answer: Action | None = None
        self._wait = 0.0

    def forget(self) -> None:
        """Drop a move asked for (the turn went elsewhere: a person's turn, a new match)."""
        self.seat = None
        self._answer = None

    def take(
        self, session: Session, dt: float, pause: float, moment: int | None = None
    ) -> Action | None:
        """The action to apply once the seat to move has answered and ``pause`` seconds have
        passed since it was asked, else None (call once a frame). ``moment`` is passed on to
        the runner (see ``runner.request``), and so is the time to think: the pause less
        :data:`THINK_MARGIN`, so the move is still shown when its pause ends."""
        state = session.state
        seat = state.current
        if self.seat != seat:
            self.seat = seat
            self._answer = None
            self._wait = pause
            think_for = max(0.0, pause - THINK_MARGIN)
            session.runner.request(seat, state.observation(seat), moment, think_for)
        if self._answer is None:
            answer = session.runner.poll()
            if answer is not None and answer[0] == seat:
                self._answer = answer[1]
        self._wait -= dt
        if self._answer is None or self._wait > 0:
            return None
        action = self._answer
        if state.check(action, seat) is not None:  # a seat bug must not break the table
            action = state.legal_actions()[0]
        self.forget()
        return action
