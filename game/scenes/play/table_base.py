"""The table scene's shared state and the steps every part of it takes: ask the rules, apply."""

from __future__ import annotations

from collections.abc import Hashable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.match.computer_move import ComputerMove
from game.match.session import Session
from game.rules import PLAY, Action, GameState, Play, Refusal, Tile
from game.rules import events as ev
from game.scenes.kit.base import Scene
from game.scenes.kit.seating import table_view
from game.view import controls
from game.view.table import TableView

if TYPE_CHECKING:
    from game.ai.coach import Advice
    from game.ai.explain import Reason
    from game.app import App
    from game.scenes.play.table_help import Plan
    from game.scenes.play.table_pointer import Press


class TableBase(Scene):
    """What the table scene's parts share: the session, the view, the person's hand in use,
    and asking the rules before anything is played."""

    def __init__(self, app: App, session: Session, view: TableView | None = None) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        self.pass_and_play = session.pass_and_play
        fresh = view is None
        if fresh and self.pass_and_play:
            session.shown_seat = None  # nobody's hand shows until its owner taps the cover
        self.view = table_view(app, session, view)
        if fresh:
            self.view.load_state(state, session.shown_seat)
        self._covered = False  # a cover screen is up, waiting for the next person
        self._orders: dict[int, list[Tile]] = {}  # each person's own arrangement of their hand
        self.press: Press | None = None
        self.dragging = False
        self.selected: Tile | None = None
        self.pointer = (0, 0)
        self._held_turn = 0.0  # 0 upright .. 1 lying, eased toward the pointer's place
        self.computer_move = ComputerMove()
        self.auto_pass = 0.0
        self.summary_shown = False
        self._turn_steps = 0  # computer steps so far in this turn (pace the first one longer)
        # help: the policy's suggestion (until the person acts) and the planned tray
        self.hint_action: Action | None = None
        self.hint_margin: float | None = None  # points the hint is ahead of the next best
        self.hint_quick = False  # the hint came before the whole search (a slow device)
        self.hint_reason: Reason | None = None  # why the hint beats the next best move
        self._hint_job: Future[Advice] | None = None
        self._prompt_is_hint = False  # the prompt line says the hint
        self.plan_on = False
        self._plan_key: Hashable = None  # what the tray was last planned for
        self._plan_job: tuple[Hashable, Future[Plan]] | None = None
        # a computer seat's card: under the mouse, tapped (for a while), or focused
        self._hover_seat: int | None = None
        self._pinned_seat: int | None = None
        self._pinned_time = 0.0
        self.buttons: dict[str, controls.Button] = {}
        self._undo_key: tuple[int, int] | None = None  # (record lines, round) last checked
        self._undo_point: int | None = None

    if TYPE_CHECKING:  # what the parts (the modules beside this one) offer each other

        def pause(self) -> None: ...
        def do_draw(self) -> None: ...
        def do_undo(self) -> None: ...
        def do_sort(self) -> None: ...
        def do_hint(self) -> None: ...
        @property
        def undo_offered(self) -> bool: ...
        def can_undo(self) -> bool: ...
        def hint_text(self) -> str: ...
        def _clear_hint(self) -> None: ...
        def _plan_off(self) -> None: ...
        def _cancel_drag(self) -> None: ...
        def _tap_tile(self, tile: Tile) -> None: ...
        def _hint_for(self, tile: Tile) -> None: ...
        def _computer_plate_at(self, pos: tuple[int, int]) -> int | None: ...
        def _pin_seat(self, seat: int) -> None: ...

    # ------------------------------------------------------------------ state queries

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def shown_seat(self) -> int | None:
        """Whose hand shows (None in pass and play until the cover is tapped)."""
        return self.session.shown_seat

    @property
    def ready(self) -> bool:
        """The picture has caught up and it is the person's move."""
        state = self.state
        return state.phase == PLAY and state.current == self.shown_seat and not self.view.busy

    def legal(self) -> list[Action]:
        return self.state.legal_actions() if self.ready else []

    def targets_for(self, tile: Tile) -> set[int]:
        """Trains where the rules accept ``tile`` now (empty when it is not your move)."""
        return {a.train for a in self.legal() if isinstance(a, Play) and a.tile == tile}

    # ------------------------------------------------------------------ actions

    def _apply(self, action: Action) -> None:
        self._clear_hint()  # the person acted (or the table moved on): the hint is spent
        events = self.session.apply(action)  # the session keeps the record and autosaves
        self.view.feed(events)
        self._after_events(events)

    def _after_events(self, events: list[ev.Event]) -> None:
        for event in events:
            if isinstance(event, ev.RoundEnded):
                self.view.set_totals(event.totals)

    def try_play(self, tile: Tile, train: int, source: pygame.Rect | None) -> bool:
        """Ask the rules; play the tile or show why not. True if it was played."""
        action = Play(tile, train)
        state = self.state
        if not self.ready and state.current == self.shown_seat and state.phase == PLAY:
            return False  # the table is still catching up: the tile just goes home
        refusal = state.check(action, self.shown_seat)
        if refusal is not None:
            self.view.flash[train] = 0.7
            self.view.show_toast(lambda: _sentence(self.refusal_text(refusal)), "refusal")
            return False
        if source is not None:
            self.view.launch[tile] = source
        self._deselect()
        self._apply(action)
        return True

    def _deselect(self) -> None:
        self.selected = None
        self.view.tray.raised.clear()

    def _train_label(self, train: int) -> str:
        """A train's name after "on", from the person's side, in the current language."""
        viewer = self.shown_seat if self.view.call_you else None
        return i18n.train_label(train, self.state.players, self.state.names, viewer)

    def refusal_text(self, refusal: Refusal) -> str:
        """The rules' reason in the current language (lower-case first, as the rules say it)."""
        train = self._train_label(refusal.train) if refusal.train is not None else ""
        limit = self.state.rules.max_open_doubles or 1
        return i18n.reason_text(refusal.reason, train, limit + 1)


def _sentence(message: str) -> str:
    """The rules' message as a sentence: first letter up, the rest as the rules wrote it."""
    return message[:1].upper() + message[1:]
