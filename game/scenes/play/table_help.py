"""The table's help: Hint (the coach's move, the one the review will call best) and Plan my
hand, on a background worker."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TypeVar

from typing_extensions import override

from game.ai.coach import DEFAULT_GUESSES
from game.i18n import _, ngettext
from game.match.help_worker import HelpWorker, process_helper, thread_helper
from game.match.runner import ProcessRunner
from game.rules import DRAW, END_TURN, PLAY, Action, Play, Tile
from game.scenes.kit.reasons import reason_words
from game.scenes.play.table_base import TableBase

# Seconds a player waits for the hint before it answers with the best found so far (the whole
# search takes 0.1 to 0.2 s on a desktop, about six times that on a handheld).
HINT_PATIENCE = 1.5
Plan = tuple[tuple[Tile, ...], tuple[Tile, ...]]  # the planner's line, then the free tiles
T = TypeVar("T")


def _answer(job: Future[T]) -> T | None:
    """A finished job's result; None if it failed or was called off (help never breaks play)."""
    if job.cancelled() or job.exception() is not None:
        return None
    return job.result()


class TableHelp(TableBase):
    """The table scene's hint and plan."""

    def _helper(self) -> HelpWorker:
        """Where help is worked out: the help worker process when the computer seats think in
        one too, else (tests, the screenshot run, a machine without processes) a thread."""
        runner = self.session.runner
        if isinstance(runner, ProcessRunner) and runner.in_worker:
            return process_helper()
        return thread_helper()

    @override
    def do_hint(self) -> None:
        """Ask the coach for this turn's move (shown when it answers): the same search, from
        the same position and what the seat saw before it, as the match's review."""
        legal = self.legal()
        if not legal or self.shown_seat is None:
            return
        self._clear_hint()
        observation = self.state.observation(self.shown_seat)
        record = self.session.writer.text()
        helper = self._helper()
        # Only the worker keeps time: on a thread (tests, screenshots) the whole search, always.
        patience = HINT_PATIENCE if helper.in_worker else None
        self._hint_job = helper.submit("hint", record, observation, DEFAULT_GUESSES, patience)

    @override
    def _clear_hint(self) -> None:
        if self._hint_job is not None:
            self._hint_job.cancel()
        self._hint_job = None
        self.hint_action = None
        self.hint_margin = None
        self.hint_quick = False
        self.hint_reason = None
        view = self.view
        view.hint_tile = view.hint_train = None
        view.tray.hinted = None

    def _poll_hint(self) -> None:
        job = self._hint_job
        if job is not None and job.done():
            self._hint_job = None
            answer = _answer(job)
            if answer is not None and answer.action in self.legal():  # still the same turn
                self.hint_action = answer.action
                choices = answer.expected
                runner_up = choices[1][0] if len(choices) > 1 else None
                self.hint_margin = (
                    answer.points_behind(runner_up) if runner_up is not None else None
                )
                self.hint_quick = not answer.complete
                self.hint_reason = answer.reason
                self._follow_hint(answer.action)
        action = self.hint_action
        if action is not None and action not in self.legal():
            if self.view.busy and self.state.current == self.shown_seat:
                return  # the picture is catching up; the rules have not moved on
            self._clear_hint()
            return
        self._point_at(action)

    def _follow_hint(self, action: Action) -> None:
        """Keys and pads: the focus goes to the hinted tile (and, once it is picked up, to its
        train: see ``_pick``), so Enter, Enter plays exactly the hint."""
        if isinstance(action, Play):
            keys = not self.app.router.last_device.pointer
            if keys and self.selected is not None and self.selected != action.tile:
                self._deselect()  # the tile in hand is not the hint's: Enter picks the hint's
            self.nav.key = ("tile", action.tile)
        else:
            name = "draw" if action == DRAW else "done" if action == END_TURN else None
            if name is not None:
                self.nav.key = ("button", name)

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
        words = self._hint_words()
        if words and self.hint_quick:
            # Translators: a hint given before the whole search was done (a slow device)
            words = _("{hint}, from a quick look").format(hint=words)
        action = self.hint_action
        why = reason_words(self.hint_reason, action.tile) if isinstance(action, Play) else ""
        if words and why:
            # Translators: the hint, then why its move is better ("It sheds 6 pips more …")
            return _("{hint}. {why}").format(hint=words, why=why)
        return words

    def _hint_words(self) -> str:
        action = self.hint_action
        if action is None:
            return ""
        if isinstance(action, Play):
            train = self._train_label(action.train)
            margin = self.hint_margin
            if margin is None:
                # Translators: {tile} is a tile such as 5|9; {train} as in "Satisfy the double on"
                return _("Hint: play {tile} on {train}").format(tile=action.tile, train=train)
            if margin < 1:  # under a point: the review would call any of them good
                # Translators: the hint, when the next best moves score nearly the same
                words = _("Hint: play {tile} on {train}: the other moves are nearly as good")
                return words.format(tile=action.tile, train=train)
            n = max(1, round(min(margin, 999.0)))
            # Translators: the hint, in the review's unit: points expected this round
            return ngettext(
                "Hint: play {tile} on {train}, about {n} point better than the next best move",
                "Hint: play {tile} on {train}, about {n} points better than the next best move",
                n,
            ).format(tile=action.tile, train=train, n=n)
        if action == DRAW:
            words = _("Hint: draw a tile")
        elif action == END_TURN:
            words = _("Hint: press Done to end your turn")
        else:
            words = _("Hint: you cannot play, so pass")
        margin = self.hint_margin
        if margin is None:
            return words
        if margin < 1:
            # Translators: {hint} is a hint such as "Hint: draw a tile"; the others score alike
            return _("{hint}: the other moves are nearly as good").format(hint=words)
        n = max(1, round(min(margin, 999.0)))
        # Translators: {hint} is a hint such as "Hint: press Done to end your turn"
        return ngettext(
            "{hint}, about {n} point better than the next best move",
            "{hint}, about {n} points better than the next best move",
            n,
        ).format(hint=words, n=n)

    def do_plan(self) -> None:
        """Plan my hand: on, the tray follows the planner; off, it stays as it is."""
        if self.plan_on:
            self._plan_off()
            return
        self.plan_on = True
        self._plan_key = None  # plan now
        self.view.show_toast(
            # Translators: said when Plan my hand comes on: how the plan and the hint differ
            lambda: _("Planned for your own train; the hint weighs every train"),
            "info",
            3.0,
        )

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
            self._plan_job = (key, self._helper().submit("plan", observation))

    def finish_help(self) -> None:
        """Wait for a hint or plan being worked out and show it (tests and tools)."""
        for job in (self._hint_job, self._plan_job[1] if self._plan_job else None):
            if job is not None and not job.cancelled():
                job.exception()  # waits for it to finish, whatever the outcome
        self._poll_hint()
        self._replan()
