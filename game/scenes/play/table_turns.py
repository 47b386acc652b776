"""Whose move it is at the table, the computer seats' moves, the round's end, and Undo's offer."""

from __future__ import annotations

from typing_extensions import override

from game.pacing import AMBIENT, MOVING, TICKING, Pace
from game.rules import PASS, PLAY
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.scenes.play.table_base import TableBase

AUTO_PASS_DELAY = 1.1  # seconds the "no play" message shows before the marker goes down


class TableTurns(TableBase):
    """The table scene's turns, the round's end and whether a turn can be taken back."""

    # ------------------------------------------------------------------ take-backs

    @property
    @override
    def undo_offered(self) -> bool:
        """Undo is offered at this table: take-backs are on for the match (the Practice table
        or the setting) and allowed here (see Session.undo_offered; a kiosk only when its
        operator allows it)."""
        return self.session.undo_offered and flow.take_backs_here(self.app)

    @override
    def can_undo(self) -> bool:
        """There is a turn of the person's to take back now."""
        if not self.undo_offered or self.state.phase != PLAY:
            return False
        session = self.session
        key = (len(session.writer.lines), self.state.round_number)
        if key != self._undo_key:  # the record is read again only when it grew or shrank
            self._undo_key = key
            self._undo_point = session.undo_point()
        return self._undo_point is not None

    # ------------------------------------------------------------------ pace

    @override
    def pace(self) -> Pace:
        """Every frame while anything moves (a tile in flight, a ring, a banner, a toast, the
        hand settling, a held tile); the clock kept while a timer runs (a computer seat's
        pause, the no-play message before the marker goes down, a hint being thought); else
        only the slow pulse of what is lit (decoration)."""
        view = self.view
        if view.busy or view.effects or view.fades or view.banners or view.toast is not None:
            return MOVING
        if self.dragging or not view.tray.settled or self.state.phase != PLAY:
            return MOVING
        if not self.ready or self._hint_job is not None or self.state.legal_actions() == [PASS]:
            return TICKING
        return AMBIENT

    # ------------------------------------------------------------------ turns

    def _round_over(self) -> None:
        view = self.view
        view.thinking = None
        if view.busy or self.summary_shown:
            return
        self.summary_shown = True
        if self.pass_and_play:
            self.session.shown_seat = None  # the summary names every seat; the next deal hides all
        self.app.push(self.summary_scene())

    def summary_scene(self) -> Scene:
        """The scene that shows the round's end over this table."""
        return flow.after_round(self.app, self.session, self.view)

    def _human_turn(self, dt: float) -> None:
        if not self.ready:
            return
        if not self.app.saving_power:  # the seats think ahead on the person's time
            self.session.ponder()
        legal = self.state.legal_actions()
        if legal == [PASS]:
            self.auto_pass += dt
            if self.auto_pass >= AUTO_PASS_DELAY:
                self.auto_pass = 0.0
                self._apply(PASS)
        else:
            self.auto_pass = 0.0

    def _computer_turn(self, dt: float) -> None:
        state = self.state
        view = self.view
        seat = state.current
        view.thinking = seat
        if view.busy:
            return
        pace = self.app.settings.pace_seconds
        pause = pace if self._turn_steps == 0 else pace * 0.55  # the turn's first step longer
        action = self.computer_move.take(self.session, dt, pause, self.session.moment)
        if not self.app.saving_power:  # the others think ahead in this seat's pause (after
            self.session.ponder()  # its request, which the worker takes first)
        if action is None:
            return
        before = state.current
        self._apply(action)
        self._turn_steps = self._turn_steps + 1 if state.current == before else 0
