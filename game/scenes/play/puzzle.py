"""A puzzle on the real table: the position set out, your move judged, one hint, the answer.

The table is the ordinary one (:class:`TableScene`: the same view, input and rules engine) with
you at seat 0. :class:`game.puzzles.trial.Trial` says what solves the puzzle; the rules still
say what is legal (a refused move gets the rules' reason, as at any table). A legal move that
is not the answer is not played: the first brings the one hint, the second the answer, played
out on the table. A go-out puzzle's card shows every other hand and the boneyard's order; a
longest-line puzzle ends with your first turn (press Done, or lay until nothing fits).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.match.session import MatchConfig, Session, person_name, your_name
from game.pacing import MOVING, Pace
from game.puzzles import GO_OUT, LONGEST_LINE
from game.puzzles.model import Puzzle
from game.puzzles.trial import Hint, Trial
from game.rules import END_TURN, PLAY, Action, Play, Tile
from game.rules.record_writer import RecordWriter
from game.rules.tiles import ids_to_tiles
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.scenes.kit.puzzle_record import TryResult, record_try
from game.scenes.kit.question import QuestionScene
from game.scenes.play.table import TableScene
from game.store.puzzle_progress import HELPED, MISSED, SOLVED
from game.view import surfaces, typeset
from game.view.table import TableView

if TYPE_CHECKING:
    from game.app import App

STEP_PAUSE = 0.45  # seconds between the answer's moves as it plays out


class PuzzleSession(Session):
    """The puzzle's table: its position, you at seat 0, the others named, no autosave."""

    def __init__(self, trial: Trial) -> None:
        state = trial.table()
        writer = RecordWriter(type(state).new(state.rules, state.players, state.seed, state.names))
        # The record keeps the puzzle's names; the table speaks the player's language.
        state.names = (your_name(), *(person_name(seat) for seat in range(1, state.players)))
        kinds: list[str | None] = [None, *["easy"] * (state.players - 1)]
        config = MatchConfig(players=state.players, rules=state.rules, seed=state.seed)
        writer.lines = [dict(line) for line in trial.puzzle.position.get("record", [])] or (
            writer.lines
        )
        super().__init__(config, inline=True, kinds=kinds, state=state, writer=writer)


class PuzzleScene(TableScene):
    """One try at a puzzle (``daily``: the day's puzzle, for the streak)."""

    def __init__(
        self,
        app: App,
        trial: Trial,
        daily: date | None = None,
        view: TableView | None = None,
        *,
        reveal: bool = False,
    ) -> None:
        session = PuzzleSession(trial)
        super().__init__(app, session, view)
        self.trial = trial
        self.daily = daily
        self.view.set_seats({}, {})  # the others are the puzzle's, not levels with styles
        self.script: list[tuple[int, Action]] = []  # the answer's moves still to play out
        self.step_wait = 0.0
        self.outcome: str | None = None  # SOLVED, HELPED or MISSED once decided
        self.result: TryResult | None = None
        self.done_shown = False
        self.hint: Hint | None = None
        self.revealing = False  # the answer is being played out
        if reveal:
            self._play_answer()

    @property
    @override
    def undo_offered(self) -> bool:
        return False

    # ------------------------------------------------------------------ the try

    def task_text(self) -> str:
        kind = self.trial.kind
        if kind == LONGEST_LINE:
            # Translators: a puzzle's task at the table
            return _("Lay the longest line you can on your train, then press Done.")
        if kind == GO_OUT:
            # Translators: a puzzle's task; every hand is shown on the card
            return _("Every hand is open. Find the move that leaves you the fewest points.")
        # Translators: a puzzle's task: one move beats every other by 3 points or more
        return _("One move here is clearly the best. Find it.")

    def puzzle_hint_text(self) -> str:
        hint = self.hint
        if hint is None:
            return ""
        if hint.kind == "length":
            return ngettext(
                "Not the longest. The longest line has {n} tile: try again.",
                "Not the longest. The longest line has {n} tiles: try again.",
                hint.amount,
            ).format(n=hint.amount)
        train = self._train_label(hint.train) if hint.train is not None else ""
        # Translators: the hints after a wrong try at a puzzle; {train} is a train's name as
        # the table says it after "on" (your train, the Mexican train, Ana's train)
        if hint.kind == "goes_out":
            return _("Not that one. You can go out: look at {train}.").format(train=train)
        if hint.kind == "double":
            return _("Not that one. A double keeps your turn going: look at {train}.").format(
                train=train
            )
        if hint.kind == "longer_line":
            return _("Not that one. Keep the line of your hand long: look at {train}.").format(
                train=train
            )
        if hint.kind == "sheds":
            return _("Not that one. Shed more points: look at {train}.").format(train=train)
        return _("Not that one. Look at {train}.").format(train=train)

    def _decide(self, outcome: str) -> None:
        """The try's outcome for the rating and the statistics (kept once)."""
        if self.outcome is None or (self.outcome == MISSED and outcome == HELPED):
            self.result = record_try(self.app, self.trial.puzzle, outcome, self.daily, self.result)
        self.outcome = outcome

    def _wrong(self) -> None:
        self.trial.wrong += 1
        if self.trial.wrong == 1:
            self._decide(MISSED)  # the rating counts the first try; finding it later helps
            self.hint = self.trial.hint(self.state)
            if self.hint.train is not None:
                self.view.flash[self.hint.train] = 1.2
            self.view.show_toast(lambda: self.puzzle_hint_text(), "info", 5.0)
            return
        self._decide(MISSED)
        self._play_answer()

    def _play_answer(self) -> None:
        """The answer, played out from the start on a fresh table."""
        if self.trial.kind == LONGEST_LINE and self.state.train_tiles[0]:
            shown = PuzzleScene(self.app, self.trial, self.daily, reveal=True)
            shown.outcome, shown.result = self.outcome or MISSED, self.result
            self.app.replace(shown)
            return
        self.outcome = self.outcome or MISSED
        self.revealing = True
        self.script = self.trial.answer_line(self.state)
        self.step_wait = STEP_PAUSE

    @override
    def legal(self) -> list[Action]:
        if self.script or self.revealing or self.outcome in (SOLVED, HELPED) or self.done_shown:
            return []  # the answer plays out: the person watches
        return super().legal()

    @override
    def try_play(self, tile: Tile, train: int, source: pygame.Rect | None) -> bool:
        action = Play(tile, train)
        kind = self.trial.kind
        if (
            kind != LONGEST_LINE
            and self.ready
            and not self.script
            and self.state.check(action, self.shown_seat) is None
        ):
            if not self.trial.is_answer(self.state, action):
                self.view.flash[train] = 0.7
                self._wrong()
                return False
            self._decide(SOLVED if self.trial.wrong == 0 else HELPED)
            played = super().try_play(tile, train, source)
            if played and kind == GO_OUT:
                self._resume_line()
                self.step_wait = STEP_PAUSE * 1.5
            return played
        return super().try_play(tile, train, source)

    def _resume_line(self) -> None:
        """The answer's line after your move: the proof's moves from here on."""
        line = self.trial.answer_line(self.state)
        self.script = line[1:] if line else []

    @override
    def _apply(self, action: Action) -> None:
        super()._apply(action)
        trying = self.outcome in (None, MISSED) and not self.revealing
        if self.trial.kind == LONGEST_LINE and trying:
            self._judge_line()

    def _judge_line(self) -> None:
        state = self.state
        if not self.trial.line_over(state):
            return
        if self.trial.line_solved(state):
            self._decide(SOLVED if self.trial.wrong == 0 else HELPED)
            return
        self._wrong()
        if self.trial.wrong == 1:  # a fresh table for the second try, the hint said
            again = PuzzleScene(self.app, self.trial, self.daily)
            again.hint = self.hint
            again.outcome, again.result = self.outcome, self.result
            self.app.replace(again)
            again.view.show_toast(lambda: again.puzzle_hint_text(), "info", 6.0)

    @override
    def _computer_turn(self, dt: float) -> None:
        """The others move only in the answer's line."""

    @override
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.script and not self.view.busy and self.app.top is self:
            self.step_wait -= dt
            if self.step_wait <= 0 and self.state.phase == PLAY:
                seat, action = self.script.pop(0)
                if self.state.current == seat and action in self.state.legal_actions():
                    self._deselect()
                    self._apply(action)
                else:
                    self.script.clear()  # the table left the line (never expected): stop
                self.step_wait = STEP_PAUSE
        if self._finished() and not self.done_shown and not self.view.busy:
            self.done_shown = True
            self.app.push(PuzzleDoneScene(self.app, self))

    def _finished(self) -> bool:
        """The try is over and the table shows its end: the line laid, the round played out,
        the best move on its train."""
        if self.script or (self.outcome in (None, MISSED) and not self.revealing):
            return False
        if self.trial.kind == LONGEST_LINE:
            return self.trial.line_over(self.state)
        if self.trial.kind == GO_OUT:
            return self.state.phase != PLAY
        return True

    @override
    def pace(self) -> Pace:
        if self.script:
            return MOVING
        return super().pace()

    @override
    def summary_scene(self) -> Scene:
        """No round summary: the puzzle's own word comes when the line is played out."""
        return PuzzleDoneScene(self.app, self)

    @override
    def _round_over(self) -> None:
        self.view.thinking = None

    # ------------------------------------------------------------------ drawing

    @override
    def _refresh_overlay(self) -> None:
        super()._refresh_overlay()
        for name in ("hint", "plan", "undo"):
            self.buttons[name].visible = False  # the puzzle is yours to find
        if self.trial.kind != LONGEST_LINE:
            self.buttons["done"].visible = False

    @override
    def do_hint(self) -> None:
        """The puzzle's hint comes after a wrong try, not on asking."""

    @override
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_card(self, surface)


def draw_card(scene: PuzzleScene, surface: pygame.Surface) -> pygame.Rect:
    """The puzzle's card across the top of the table: the task (or the hint), and in a go-out
    puzzle every other hand and the boneyard's order, tile by tile."""
    th = scene.app.theme
    lay = scene.view.layout
    u = lay.scale
    width = min(surface.get_width() - round(16 * u) - 8, round(760 * u) + 80)
    rect = pygame.Rect(
        (surface.get_width() - width) // 2, lay.top_bar.bottom + round(6 * u), width, 10
    )
    pad = max(8, round(12 * u))
    size = max(12, round(19 * u))
    if scene.revealing:
        words = _("The answer")
    elif scene.hint is not None and scene.outcome != SOLVED:
        words = scene.puzzle_hint_text()
    else:
        words = scene.task_text()
    lines = typeset.wrap(words, size, rect.w - 2 * pad)
    line_h = typeset.text_height(size)
    rows: list[tuple[str, tuple[Tile, ...]]] = []
    state = scene.state
    if scene.trial.kind == GO_OUT:
        for seat in range(1, state.players):
            rows.append((state.names[seat], ids_to_tiles(state.hands[seat])))
        if state.boneyard:
            rows.append((_("Boneyard, next to draw first"), tuple(_boneyard(state.boneyard))))
    tile = max(12, round(20 * u))
    row_h = tile + max(4, round(6 * u))
    rect.h = 2 * pad + line_h * len(lines) + len(rows) * row_h
    rect = _placed(scene, rect)
    surfaces.draw_panel(
        surface, rect, (*th.panel[:3], 240), th.accent, round(14 * u), 2, shadow=True
    )
    y = rect.top + pad
    for line in lines:
        typeset.blit_text(
            surface, line, size, th.text, max_width=rect.w - 2 * pad, midtop=(rect.centerx, y)
        )
        y += line_h
    small = max(11, round(15 * u))
    for name, tiles in rows:
        label = typeset.blit_text(
            surface,
            name,
            small,
            th.text_dim,
            max_width=rect.w // 3,
            midleft=(rect.left + pad, y + tile // 2),
        )
        x = max(label.right + pad, rect.left + rect.w // 3)
        for piece in tiles:
            if x + 2 * tile > rect.right - pad:
                break
            scene.app.renderer.draw(
                surface,
                (piece.low, piece.high),
                (x, y),
                tile,
                False,
                numerals=scene.app.settings.numerals,
                theme=th,
            )
            x += 2 * tile + max(3, round(5 * u))
        y += row_h
    return rect


def _placed(scene: PuzzleScene, card: pygame.Rect) -> pygame.Rect:
    """The card at the top of the table or, where it would cover more of the trains' tiles
    (every train matters in a puzzle), just above the prompt."""
    lay = scene.view.layout
    state = scene.state
    keep = [
        lay.lanes[train].band.clip(lay.table)
        for train in range(min(len(lay.lanes), state.players + 1))
        if state.train_tiles[train]
    ]
    low = card.copy()
    low.bottom = min(lay.prompt.top, scene.view.prompt_top or lay.prompt.top) - round(6 * lay.scale)

    def covered(place: pygame.Rect) -> int:
        return sum(place.clip(rect).w * place.clip(rect).h for rect in keep)

    return min((card, low), key=covered)


def _boneyard(pile: list[int]) -> list[Tile]:
    """The boneyard top first (the rules keep its top at the list's end)."""
    from game.rules.tiles import ALL_TILES

    return [ALL_TILES[i] for i in reversed(pile)]


class PuzzleDoneScene(QuestionScene):
    """The puzzle's word: solved or the answer shown, the rating's move, what comes next."""

    def __init__(self, app: App, table: PuzzleScene) -> None:
        self.table = table
        outcome = table.outcome
        if outcome == SOLVED:
            self.title = _("Solved!")
        elif outcome == HELPED:
            self.title = _("Found, with the hint")
        else:
            self.title = _("The answer")
        self.words = " ".join(p for p in (self.answer_sentence(), self.rating_sentence()) if p)
        super().__init__(app)

    def answer_sentence(self) -> str:
        trial = self.table.trial
        if trial.kind == LONGEST_LINE:
            n = trial.best_length()
            return ngettext(
                "The longest line has {n} tile.", "The longest line has {n} tiles.", n
            ).format(n=n)
        if trial.kind == GO_OUT:
            points = trial.outcome_points()
            if points == 0:
                return _("That move lets you go out, whatever the others do.")
            return ngettext(
                "With that move you keep {n} point at most, whatever the others do.",
                "With that move you keep {n} points at most, whatever the others do.",
                points,
            ).format(n=points)
        saves = trial.saves()
        why = trial.reason()
        told = {
            "double": _("It is a double: your turn goes on."),
            "longer_line": _("It keeps a longer line in your hand for your train."),
            "sheds": _("It sheds more points."),
        }.get(str(why.get("why")) if why else "", "")
        # Translators: {n} is a number of points with one decimal, such as 5.2
        worth = _("It is worth {n} points more than the next best move.").format(n=f"{saves:.1f}")
        return f"{worth} {told}".strip()

    def rating_sentence(self) -> str:
        result = self.table.result
        if result is None:
            return ""
        change = result.after - result.before
        sign = "+" if change >= 0 else "−"
        # Translators: after a puzzle: the new rating and its change, such as +12 or −8
        text = _("Puzzle rating {rating} ({change}).").format(
            rating=result.after, change=f"{sign}{abs(change)}"
        )
        if result.streak:
            text += " " + ngettext(
                "Daily streak: {n} day.", "Daily streak: {n} days.", result.streak
            ).format(n=result.streak)
        return text

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [(_("Next puzzle"), self.next_puzzle), (_("Back to puzzles"), self.back)]

    def next_puzzle(self) -> None:
        flow.next_puzzle(self.app)

    @override
    def back(self) -> None:
        flow.puzzles(self.app, replace=True)


def open_puzzle(app: App, puzzle: Puzzle, daily: date | None = None) -> PuzzleScene | None:
    """The puzzle's table, or None (and the reason said) when its position cannot be set out."""
    try:
        trial = Trial(puzzle)
    except ValueError as error:
        print(f"puzzle {puzzle.id} refused: {error}", file=sys.stderr)
        app.notify(_("Puzzle {id} cannot be shown: its position is damaged.").format(id=puzzle.id))
        return None
    return PuzzleScene(app, trial, daily)


__all__ = ["END_TURN", "PuzzleDoneScene", "PuzzleScene", "open_puzzle"]
