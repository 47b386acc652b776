"""The table's help: Hint (the Normal policy's play) and Plan my hand, on a background worker."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from typing_extensions import override

from game.ai.hints import hint as policy_hint
from game.ai.hints import plan_hand
from game.i18n import _
from game.rules import DRAW, END_TURN, PLAY, Action, Play, Tile
from game.scenes.play.table_base import TableBase

Plan = tuple[tuple[Tile, ...], tuple[Tile, ...]]  # the planner's line, then the free tiles
T = TypeVar("T")

_helper: ThreadPoolExecutor | None = None


def _background() -> ThreadPoolExecutor:
    """One worker for hints and plans: they queue behind each other, never behind a frame."""
    global _helper
    if _helper is None:
        _helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-help")
    return _helper


def _answer(job: Future[T]) -> T | None:
    """A finished job's result; None if it failed or was called off (help never breaks play)."""
    if job.cancelled() or job.exception() is not None:
        return None
    return job.result()


class TableHelp(TableBase):
    """The table scene's hint and plan."""

    @override
    def do_hint(self) -> None:
        """Ask the Normal policy for this turn's play (shown when it answers)."""
        legal = self.legal()
        if not legal or self.shown_seat is None:
            return
        self._clear_hint()
        observation = self.state.observation(self.shown_seat)
        self._hint_job = _background().submit(policy_hint, observation, "normal")

    @override
    def _clear_hint(self) -> None:
        if self._hint_job is not None:
            self._hint_job.cancel()
        self._hint_job = None
        self.hint_action = None
        view = self.view
        view.hint_tile = view.hint_train = None
        view.tray.hinted = None

    def _poll_hint(self) -> None:
        job = self._hint_job
        if job is not None and job.done():
            self._hint_job = None
            answer = _answer(job)
            if answer is not None and answer in self.legal():  # still the turn it was asked for
                self.hint_action = answer
        action = self.hint_action
        if action is not None and action not in self.legal():
            if self.view.busy and self.state.current == self.shown_seat:
                return  # the picture is catching up; the rules have not moved on
            self._clear_hint()
            return
        self._point_at(action)

    def _point_at(self, action: Action | None) -> None:
        """Lift the tile of ``action`` (when it is a play) and light its train."""
        view = self.view
        play = action if isinstance(action, Play) else None
        view.hint_tile = play.tile if play is not None else None
        view.hint_train = play.train if play is not None else None
        view.tray.hinted = view.hint_tile

    @override
    def hint_text(self) -> str:
        """The hint in words (empty without one)."""
        action = self.hint_action
        if action is None:
            return ""
        if isinstance(action, Play):
            train = self._train_label(action.train)
            # Translators: {tile} is a tile such as 5|9; {train} as in "Satisfy the double on"
            return _("Hint: play {tile} on {train}").format(tile=action.tile, train=train)
        if action == DRAW:
            return _("Hint: draw a tile")
        if action == END_TURN:
            return _("Hint: press Done to end your turn")
        return _("Hint: you cannot play, so pass")

    def do_plan(self) -> None:
        """Plan my hand: on, the tray follows the planner; off, it stays as it is."""
        if self.plan_on:
            self._plan_off()
            return
        self.plan_on = True
        self._plan_key = None  # plan now

    @override
    def _plan_off(self) -> None:
        self.plan_on = False
        self._plan_key = None
        self._plan_job = None
        self.view.tray.divider = None

    def _replan(self) -> None:
        """Plan again when the hand or the end of the person's train changed."""
        if not self.plan_on or self.shown_seat is None or self.view.hand_hidden:
            return
        state = self.state
        if state.phase != PLAY:
            return
        tray = self.view.tray
        key = (state.round_number, frozenset(tray.tiles), state.train(self.shown_seat)[-1:])
        job = self._plan_job
        if job is not None and job[1].done():
            self._plan_job = None
            plan = _answer(job[1])
            if plan is None:  # it failed: the tray stays as it is until the hand changes
                self._plan_key = key
            elif job[0] == key:
                tray.arrange(*plan)
                self._plan_key = key
            return
        if key != self._plan_key and (job is None or job[0] != key):
            observation = state.observation(self.shown_seat)
            self._plan_job = (key, _background().submit(plan_hand, observation))

    def finish_help(self) -> None:
        """Wait for a hint or plan being worked out and show it (tests and tools)."""
        for job in (self._hint_job, self._plan_job[1] if self._plan_job else None):
            if job is not None and not job.cancelled():
                job.exception()  # waits for it to finish, whatever the outcome
        self._poll_hint()
        self._replan()
