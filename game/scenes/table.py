"""The turns of a round: your hand, your drags and taps, and the computer seats' moves.

Legality always comes from the rules: the lit trains are the ``Play`` actions of
``legal_actions()`` for the held tile; a drop is sent to ``check`` and either applied or refused
with the rules' own message; Draw and Done appear only when ``DRAW`` / ``END_TURN`` are legal.

Input: pointer events in canvas pixels, from a mouse or a finger alike (:mod:`game.input`
turns ``FINGER*`` events into them and drops SDL's emulated copies, so a touch acts once).
Keyboards and gamepads move a focus instead (``intent``): over the hand's tiles and the
buttons; Enter/A on a tile picks it up and the focus moves over the trains the rules light for
it; Enter/A on a train plays it there, Esc/B puts it back.

Pass and play: with several people at one device (seats whose kind is None), each sees only
their own hand. When the turn comes to another person, a cover screen (:mod:`game.scenes.cover`)
hides the table until they tap; between their turns the hand shows face down.

Help: **Hint** shows the play the Normal policy would make (:func:`game.ai.hints.hint`) until
the person acts; **Plan my hand** keeps the tray in the planner's order (its line, a divider,
the free tiles) and plans again whenever the hand or the train's end changes. Both read only
the person's own observation and are worked out on a background thread, so a slow plan never
stalls a frame. A computer seat's plate shows its level; hovering, tapping or focusing it
shows its persona's style.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import pygame

from game import i18n
from game.ai.hints import hint as policy_hint
from game.ai.hints import plan_hand
from game.i18n import _, ngettext
from game.input.focus import FocusItem
from game.input.intents import Act, Device, Intent
from game.rules import DRAW, END_TURN, PASS, Action, GameState, Play, Refusal, Tile
from game.rules import events as ev
from game.scenes import cues
from game.scenes.base import Scene
from game.scenes.session import Session
from game.view import widgets as w
from game.view.table import Held, TableView, two_facts

if TYPE_CHECKING:
    from game.app import App

DRAG_START_PX = 6  # a press that moves further than this (x scale) becomes a drag
AUTO_PASS_DELAY = 1.1  # seconds the "no play" message shows before the marker goes down
INFO_SECONDS = 4.0  # a tapped plate's card stays this long (a finger cannot hover)
BUTTONS = ("draw", "done", "hint", "sort", "plan", "undo")  # the table's buttons, focus order

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


def seat_details(session: Session) -> tuple[dict[int, str], dict[int, str]]:
    """Each computer seat's level (its kind) and, for a persona, its style (an English msgid)."""
    levels: dict[int, str] = {}
    styles: dict[int, str] = {}
    for seat, kind in enumerate(session.kinds):
        if kind is None:
            continue
        levels[seat] = kind
        persona = session.persona(seat)
        if persona is not None:
            levels[seat] = persona.level
            styles[seat] = persona.style
    return levels, styles


@dataclass
class Press:
    tile: Tile
    start: tuple[int, int]
    offset: tuple[float, float]  # pointer minus the tile's centre


class TableScene(Scene):
    def __init__(self, app: App, session: Session, view: TableView | None = None) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        settings = self.app.settings
        self.pass_and_play = session.pass_and_play
        if view is None and self.pass_and_play:
            session.human = None  # nobody's hand shows until its owner taps the cover
        if view is None:
            view = TableView(
                self.app.size,
                state.players,
                state.names,
                session.human,
                self.app.theme,
                self.app.renderer,
                settings.numerals,
                settings.large_tiles,
            )
            view.load_state(state, session.human)
        self.view = view
        view.call_you = not self.pass_and_play  # several people: seats go by their names
        view.set_seats(*seat_details(session))
        cues.attach(view, self.app.play_sound)
        self._covered = False  # a cover screen is up, waiting for the next person
        self._orders: dict[int, list[Tile]] = {}  # each person's own arrangement of their hand
        self.press: Press | None = None
        self.dragging = False
        self.selected: Tile | None = None
        self.pointer = (0, 0)
        self._held_turn = 0.0  # 0 upright .. 1 lying, eased toward the pointer's place
        self.ai_seat: int | None = None
        self.ai_timer = 0.0
        self.ai_answer: Action | None = None
        self.auto_pass = 0.0
        self.summary_shown = False
        self._turn_steps = 0  # computer steps so far in this turn (pace the first one longer)
        # help: the policy's suggestion (until the person acts) and the planned tray
        self.hint_action: Action | None = None
        self._hint_job: Future[Action] | None = None
        self._prompt_is_hint = False  # the prompt line says the hint
        self.plan_on = False
        self._plan_key: Hashable = None  # what the tray was last planned for
        self._plan_job: tuple[Hashable, Future[Plan]] | None = None
        # a computer seat's card: under the mouse, tapped (for a while), or focused
        self._hover_seat: int | None = None
        self._pinned_seat: int | None = None
        self._pinned_time = 0.0
        self.buttons: dict[str, w.Button] = {}
        self._undo_key: tuple[int, int] | None = None  # (record lines, round) last checked
        self._undo_point: int | None = None
        self._make_buttons()

    # ------------------------------------------------------------------ set-up

    def _make_buttons(self) -> None:
        lay = self.view.layout
        old = self.buttons
        self.buttons = {
            "draw": w.Button("", lay.main_button.copy(), self.do_draw, primary=True, visible=False),
            "done": w.Button("", lay.main_button.copy(), self.do_done, primary=True, visible=False),
            "hint": w.Button("", lay.hint_button.copy(), self.do_hint, visible=False),
            "sort": w.Button("", lay.sort_button.copy(), self.do_sort),
            "plan": w.Button("", lay.plan_button.copy(), self.do_plan),
            "undo": w.Button("", lay.undo_button.copy(), self.do_undo, visible=False),
        }
        for name, button in old.items():
            self.buttons[name].appear = button.appear
            self.buttons[name].visible = button.visible
        self._label_buttons()

    def _label_buttons(self) -> None:
        """The buttons' words, in the language of this frame."""
        buttons = self.buttons
        buttons["draw"].label = _("Draw")
        buttons["done"].label = _("Done")
        # Translators: a button at the table: show the play the computer would make
        buttons["hint"].label = _("Hint")
        buttons["sort"].label = _("Sort")
        # Translators: a toggle at the table: order the hand as the computer would plan it
        buttons["plan"].label = _("Plan my hand")
        buttons["plan"].primary = self.plan_on  # lit while the plan keeps the tray in order
        # Translators: a button at the table: take back your last turn (practice)
        buttons["undo"].label = _("Undo")

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size, self.app.settings.large_tiles)
        self._make_buttons()

    def language_changed(self) -> None:
        self.view.language_changed()
        self._label_buttons()

    def exit(self) -> None:
        for job in (self._hint_job, self._plan_job[1] if self._plan_job else None):
            if job is not None:
                job.cancel()

    # ------------------------------------------------------------------ state queries

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def human(self) -> int | None:
        """Whose hand shows (None in pass and play until the cover is tapped)."""
        return self.session.human

    @property
    def ready(self) -> bool:
        """The picture has caught up and it is the person's move."""
        state = self.state
        return state.phase == "play" and state.current == self.human and not self.view.busy

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

    def do_draw(self) -> None:
        if DRAW in self.legal():
            self._deselect()
            self._apply(DRAW)

    def do_done(self) -> None:
        if END_TURN in self.legal():
            self._deselect()
            self._apply(END_TURN)

    def do_sort(self) -> None:
        self._plan_off()  # the person's own order from now on
        self.view.tray.sort()

    # ------------------------------------------------------------------ take-backs

    @property
    def undo_offered(self) -> bool:
        """Undo is offered at this table: take-backs are on for the match (the Practice table
        or the setting) and allowed here (see Session.undo_offered; a kiosk only when its
        operator allows it)."""
        from game.scenes.menu import take_backs_here

        return self.session.undo_offered and take_backs_here(self.app)

    def can_undo(self) -> bool:
        """There is a turn of the person's to take back now."""
        if not self.undo_offered or self.state.phase != "play":
            return False
        session = self.session
        key = (len(session.writer.lines), self.state.round_number)
        if key != self._undo_key:  # the record is read again only when it grew or shrank
            self._undo_key = key
            self._undo_point = session.undo_point()
        return self._undo_point is not None

    def do_undo(self) -> None:
        """Undo: the first take-back of a match asks first (it becomes practice), later ones
        take the turn back at once."""
        if not self.can_undo():
            return
        self._cancel_drag()
        if self.session.practice:
            self.take_back()
            return
        from game.scenes.take_back import TakeBackScene

        self.app.push(TakeBackScene(self.app, self))

    def take_back(self) -> None:
        """Take the person's last turn back and show the table as it was before it."""
        if not self.can_undo() or not self.session.undo():
            return
        table = TableScene(self.app, self.session)
        if self.plan_on:
            table.do_plan()
        self.app.replace(table)
        self.app.play_sound("pick")
        table.view.show_toast(lambda: _("Your last turn was taken back"), "info", 2.0)

    # ------------------------------------------------------------------ help: hint and plan

    def do_hint(self) -> None:
        """Ask the Normal policy for this turn's play (shown when it answers)."""
        legal = self.legal()
        if not legal or self.human is None:
            return
        self._clear_hint()
        observation = self.state.observation(self.human)
        self._hint_job = _background().submit(policy_hint, observation, "normal")

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
            if self.view.busy and self.state.current == self.human:
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

    def _plan_off(self) -> None:
        self.plan_on = False
        self._plan_key = None
        self._plan_job = None
        self.view.tray.divider = None

    def _replan(self) -> None:
        """Plan again when the hand or the end of the person's train changed."""
        if not self.plan_on or self.human is None or self.view.hand_hidden:
            return
        state = self.state
        if state.phase != "play":
            return
        tray = self.view.tray
        key = (state.round_number, frozenset(tray.tiles), state.train(self.human)[-1:])
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
            observation = state.observation(self.human)
            self._plan_job = (key, _background().submit(plan_hand, observation))

    def finish_help(self) -> None:
        """Wait for a hint or plan being worked out and show it (tests and tools)."""
        for job in (self._hint_job, self._plan_job[1] if self._plan_job else None):
            if job is not None and not job.cancelled():
                job.exception()  # waits for it to finish, whatever the outcome
        self._poll_hint()
        self._replan()

    def try_play(self, tile: Tile, train: int, source: pygame.Rect | None) -> bool:
        """Ask the rules; play the tile or show why not. True if it was played."""
        action = Play(tile, train)
        state = self.state
        if not self.ready and state.current == self.human and state.phase == "play":
            return False  # the table is still catching up: the tile just goes home
        refusal = state.check(action, self.human)
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
        viewer = self.human if self.view.call_you else None
        return i18n.train_label(train, self.state.players, self.state.names, viewer)

    def refusal_text(self, refusal: Refusal) -> str:
        """The rules' reason in the current language (lower-case first, as the rules say it)."""
        train = self._train_label(refusal.train) if refusal.train is not None else ""
        limit = self.state.rules.max_open_doubles or 1
        return i18n.reason_text(refusal.reason, train, limit + 1)

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if event.type != pygame.MOUSEMOTION and event.button != 1:
            return
        self.pointer = event.pos
        if not (self.press and self.dragging):
            for button in self.buttons.values():
                if button.handle(event):
                    return
        if event.type == pygame.MOUSEMOTION:
            self._hover_seat = self._computer_plate_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        else:
            self._up(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        # Enter, Space and the arrows arrive as intents (the focus, below); these are shortcuts.
        if event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.pause()
        elif event.key == pygame.K_d:
            self.do_draw()
        elif event.key == pygame.K_s:
            self.do_sort()
        elif event.key == pygame.K_h:
            self.do_hint()
        elif event.key == pygame.K_BACKSPACE or (
            event.key == pygame.K_z and int(getattr(event, "mod", 0)) & pygame.KMOD_CTRL
        ):
            self.do_undo()

    def pause(self) -> None:
        from game.scenes.pause import PauseScene

        self._cancel_drag()
        self.app.push(PauseScene(self.app, self.session))

    # ------------------------------------------------------------------ keyboard and gamepad

    def intent(self, intent: Intent) -> bool:
        act = intent.act
        if act == Act.PAUSE:
            self.pause()
            return True
        if act == Act.DRAW:
            self.do_draw()
            return True
        if act == Act.SORT:
            self.do_sort()
            return True
        if act == Act.UNDO and self.undo_offered:
            self.do_undo()
            return True
        if act == Act.BACK:
            if self.selected is None:
                return False  # Esc / B with nothing in hand: the pause menu (``_key``)
            tile = self.selected
            self._deselect()
            self.nav.key = ("tile", tile)
            return True
        if self.press is not None and self.dragging:
            return True  # a drag in progress owns the table
        return self.nav.handle(intent, self.focus_items(), min_items=1)

    def focus_items(self) -> list[FocusItem]:
        """Lit trains while a tile is picked up; otherwise the hand, the buttons and pause."""
        view = self.view
        items: list[FocusItem] = []
        if self.selected is not None:
            for train in sorted(view.lit, key=lambda t: view.target_rect(t).center[::-1]):
                rect = view.target_rect(train)
                items.append(
                    FocusItem(("train", train), rect, functools.partial(self._play_at, train))
                )
            if items:
                return items
        legal = self.legal()
        hints = self.app.settings.hints  # the focus starts on a playable tile only with hints on
        playable = {a.tile for a in legal if isinstance(a, Play)} if hints else set()
        if not view.hand_hidden:
            for tile, rect in view.tray.drawn():
                pick = functools.partial(self._pick, tile)
                items.append(FocusItem(("tile", tile), rect, pick, primary=tile in playable))
        for name in BUTTONS:
            button = self.buttons[name]
            if button.active and button.action is not None:
                items.append(FocusItem(("button", name), button.rect, button.action, button.pulse))
        items.append(FocusItem(("pause",), view.layout.pause_button, self.pause))
        for seat in sorted(view.levels):  # a computer seat's plate: focus it to see its style
            pin = functools.partial(self._pin_seat, seat)
            items.append(FocusItem(("seat", seat), view.layout.lanes[seat].badge, pin))
        return items

    def _computer_plate_at(self, pos: tuple[int, int]) -> int | None:
        for seat in self.view.levels:
            if self.view.layout.lanes[seat].badge.collidepoint(pos):
                return seat
        return None

    def _pin_seat(self, seat: int) -> None:
        """Show (or hide again) a computer seat's card for a while: a tap or Enter/A."""
        if self._pinned_seat == seat:
            self._pinned_seat = None
            return
        self._pinned_seat = seat
        self._pinned_time = INFO_SECONDS

    def focus_rect(self) -> pygame.Rect | None:
        if self._covered or (self.press is not None and self.dragging):
            return None
        items = self.focus_items()
        item = self.nav.current(items)
        if item is None:  # the focus always shows while keys are in use (after a play too)
            item = self.nav.focus(self.nav.default(items))
        if item is None:
            return None
        if item.key[0] == "train":  # type: ignore[index]
            return item.rect.inflate(item.rect.h // 2, item.rect.h // 2)
        return item.rect

    def hints(self) -> list[tuple[str, str]]:
        return []  # the table shows its keys in the prompt line instead

    def _pick(self, tile: Tile) -> None:
        """Enter / A on a tile: pick it up and move the focus to the trains it may go to."""
        if not self.ready:
            self.view.show_toast(lambda: _("Wait for your turn"), "info", 1.4)
            return
        targets = self.targets_for(tile)
        if not targets:
            self._hint_for(tile)  # the rules' reason it cannot go anywhere
            return
        if self.selected != tile:
            self._tap_tile(tile)
        state = self.state
        first = [state.must_satisfy, self.human, state.players]
        best = next((t for t in first if t in targets), min(targets))
        self.nav.key = ("train", best)

    def _play_at(self, train: int) -> None:
        tile = self.selected
        if tile is None:
            return
        if self.try_play(tile, train, self.view.tray.rect_of(tile)):
            self.nav.clear()

    # ------------------------------------------------------------------ pass and play

    def _hand_over(self, seat: int) -> None:
        """A person's turn but another person's hand is showing: cover the table first."""
        view = self.view
        view.hand_hidden = True
        view.thinking = None
        if view.busy or self._covered:
            return
        from game.scenes.cover import CoverScene

        self._cancel_drag()
        self._deselect()
        self._covered = True
        self.app.push(CoverScene(self.app, self, seat))

    def show_seat(self, seat: int) -> None:
        """The cover was tapped: show ``seat`` 's hand (in the order its owner left it)."""
        view = self.view
        old = self.session.human
        if old is not None and old != seat:
            self._orders[old] = list(view.tray.tiles)
            view.hand_counts[old] = len(view.tray.tiles)
        self.session.human = seat
        view.human = seat
        hand = self.state.hand(seat)
        view.tray.tiles = [t for t in self._orders.get(seat, []) if t in hand]
        view.tray.hidden.clear()
        view.tray.set_tiles(hand)
        view.hand_hidden = False
        self._deselect()
        self.nav.clear()
        self.ai_seat = None
        self._covered = False

    def _down(self, pos: tuple[int, int]) -> None:
        lay = self.view.layout
        if lay.pause_button.collidepoint(pos):
            self.pause()
            return
        if lay.boneyard.collidepoint(pos) and DRAW in self.legal():
            self.do_draw()
            return
        tile = self.view.tray.tile_at(pos) if not self.view.hand_hidden else None
        if tile is not None:
            rect = self.view.tray.rect_of(tile)
            assert rect is not None
            self.press = Press(tile, pos, (pos[0] - rect.centerx, pos[1] - rect.centery))
            self.dragging = False

    def _motion(self, pos: tuple[int, int]) -> None:
        press = self.press
        if press is None:
            return
        if not self.dragging:
            dist = math.hypot(pos[0] - press.start[0], pos[1] - press.start[1])
            if dist < DRAG_START_PX * max(1.0, self.view.layout.scale):
                return
            self.dragging = True
            self._deselect()
            self.app.play_sound("pick")
            self.view.tray.hidden.add(press.tile)
            self._held_turn = 0.0
        center = (
            pos[0] - press.offset[0] * (1 - self._held_turn),
            pos[1] - press.offset[1] * (1 - self._held_turn),
        )
        self.view.held = Held(press.tile, center, self._held_turn)
        tray = self.view.layout.tray
        if pos[1] >= tray.top:
            self.view.tray.gap_at = self.view.tray.insert_index(pos[0], press.tile)
        else:
            self.view.tray.gap_at = None

    def _up(self, pos: tuple[int, int]) -> None:
        press = self.press
        self.press = None
        if press is not None and self.dragging:
            self.dragging = False
            self._drop(press.tile, pos)
            return
        if press is not None:
            self._tap_tile(press.tile)
            return
        if self.selected is None:
            seat = self._computer_plate_at(pos)
            if seat is not None:
                self._pin_seat(seat)
                return
        if self.selected is not None:
            train = self.view.train_at(pos)
            if train is not None:
                source = self.view.tray.rect_of(self.selected)
                self.try_play(self.selected, train, source)
            elif not self.view.layout.tray.collidepoint(pos):
                self._deselect()

    def _tap_tile(self, tile: Tile) -> None:
        if self.selected == tile:
            self._deselect()
            return
        self.selected = tile
        self.view.tray.raised = {tile}
        self.app.play_sound("pick")

    def _held_rect(self) -> pygame.Rect | None:
        held = self.view.held
        if held is None:
            return None
        lay = self.view.layout
        if held.horizontal >= 0.5:
            s = max(9, round((lay.hand_width + lay.tile_max) / 2))
            rect = pygame.Rect(0, 0, 2 * s, s)
        else:
            rect = pygame.Rect(0, 0, lay.hand_width, 2 * lay.hand_width)
        rect.center = (round(held.center[0]), round(held.center[1]))
        return rect

    def _drop(self, tile: Tile, pos: tuple[int, int]) -> None:
        view = self.view
        rect = self._held_rect()
        view.held = None
        view.tray.gap_at = None
        view.tray.hidden.discard(tile)
        if pos[1] >= view.layout.tray.top:
            index = view.tray.insert_index(pos[0], tile)
            if view.tray.tiles.index(tile) != index:
                self._plan_off()  # the person arranges the hand themselves now
            view.tray.move(tile, index)
            if rect is not None:
                view.tray.place_at(tile, rect)
            return
        train = view.train_at(pos)
        if train is not None and self.try_play(tile, train, rect):
            return
        if rect is not None:
            view.tray.place_at(tile, rect)  # it glides home from where it was let go
        if train is None and self.ready:
            self._hint_for(tile)

    def _hint_for(self, tile: Tile) -> None:
        """A drop on bare felt: say where it can go, or the rules' reason it cannot."""
        if self.targets_for(tile):
            self.view.show_toast(lambda: _("Drop the tile on a lit train"), "info", 2.0)
            return
        state = self.state
        seat = state.current  # only called on the person's own move
        train = state.must_satisfy if state.must_satisfy is not None else seat
        refusal = state.check(Play(tile, train), seat)

        def words() -> str:
            if refusal is None:
                return _("Drop the tile on a lit train")
            # Translators: a tile such as 5|9, then why it cannot be played
            return _("{tile}: {reason}").format(tile=tile, reason=self.refusal_text(refusal))

        self.view.show_toast(words, "refusal")

    def _cancel_drag(self) -> None:
        if self.press is not None and self.dragging:
            tile = self.press.tile
            self.view.tray.hidden.discard(tile)
            rect = self._held_rect()
            if rect is not None:
                self.view.tray.place_at(tile, rect)
        self.press = None
        self.dragging = False
        self.view.held = None
        self.view.tray.gap_at = None

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        settings = self.app.settings
        view = self.view
        before = view.layout
        view.set_style(self.app.theme, settings.numerals, settings.large_tiles)
        if view.layout is not before:  # large tiles turned on or off: the buttons move too
            self._make_buttons()
        self._label_buttons()
        view.speed = settings.animation_speed
        view.update(dt)
        if not view.busy:
            view.prewarm(0.002, self.state.deal.set_size)
        if self.press is not None and self.dragging:
            over_table = self.pointer[1] < view.layout.tray.top - view.layout.hand_width * 0.3
            target = 1.0 if over_table else 0.0
            self._held_turn += (target - self._held_turn) * (1 - math.exp(-14 * dt))
            if abs(target - self._held_turn) < 0.01:
                self._held_turn = target
            self._motion(self.pointer)
        state = self.state
        if state.phase != "play":
            self._round_over()
        elif state.current == self.human and self.session.is_person(state.current):
            self.ai_seat = None
            self._human_turn(dt)
        elif self.pass_and_play and self.session.is_person(state.current):
            self._hand_over(state.current)
        else:
            self._computer_turn(dt)
        if self.pass_and_play and state.phase == "play" and not view.busy:
            view.hand_hidden = state.current != self.human  # face down between your turns
        self._poll_hint()
        self._replan()
        self._update_info(dt)
        self._refresh_overlay()
        for button in self.buttons.values():
            button.update(dt)

    def _update_info(self, dt: float) -> None:
        if self._pinned_seat is not None:
            self._pinned_time -= dt
            if self._pinned_time <= 0:
                self._pinned_seat = None
        seat = self._pinned_seat
        key = self.nav.key
        if not self.app.router.last_device.pointer:
            focused = isinstance(key, tuple) and key[0] == "seat"
            seat = key[1] if focused else seat  # type: ignore[index]
        elif self._hover_seat is not None:
            seat = self._hover_seat
        self.view.info_seat = seat

    def _round_over(self) -> None:
        view = self.view
        view.thinking = None
        if view.busy or self.summary_shown:
            return
        self.summary_shown = True
        if self.pass_and_play:
            self.session.human = None  # the summary names every seat; the next deal hides all
        self.app.push(self.summary_scene())

    def summary_scene(self) -> Scene:
        """The scene that shows the round's end over this table."""
        from game.scenes.summary import RoundSummaryScene

        return RoundSummaryScene(self.app, self.session, self.view)

    def _human_turn(self, dt: float) -> None:
        if not self.ready:
            return
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
        runner = self.session.runner
        if self.ai_seat != seat or self.ai_timer is None:
            self.ai_seat = seat
            self.ai_answer = None
            pace = self.app.settings.pace_seconds
            self.ai_timer = pace if self._turn_steps == 0 else pace * 0.55
            runner.request(seat, state.observation(seat), self.session.moment)
        if self.ai_answer is None:
            answer = runner.poll()
            if answer is not None and answer[0] == seat:
                self.ai_answer = answer[1]
        self.ai_timer -= dt
        if self.ai_answer is None or self.ai_timer > 0:
            return
        action = self.ai_answer
        refusal = state.check(action, seat)
        if refusal is not None:  # a seat bug must not break the table: take a legal move
            action = state.legal_actions()[0]
        self.ai_answer = None
        self.ai_seat = None
        before = state.current
        self._apply(action)
        self._turn_steps = self._turn_steps + 1 if state.current == before else 0

    # ------------------------------------------------------------------ what to show

    def _refresh_overlay(self) -> None:
        view = self.view
        legal = self.legal()
        self.buttons["undo"].visible = view.undo_shown = self.can_undo()
        held = view.held
        focus = held.tile if held is not None else self.selected
        view.lit = self.targets_for(focus) if focus is not None else set()
        view.dim_unlit = focus is not None and self.ready
        view.selected = self.selected
        if held is not None:
            train = view.train_at((round(held.center[0]), round(held.center[1])))
            view.hover = train if train in view.lit else None
        elif self.selected is not None and not self.app.router.last_device.pointer:
            key = self.nav.key  # the train the keyboard / gamepad focus is on
            view.hover = key[1] if isinstance(key, tuple) and key[0] == "train" else None
        else:
            view.hover = None
        hints = self.app.settings.hints
        view.playable = {a.tile for a in legal if isinstance(a, Play)} if hints and legal else set()
        state = self.state
        if view.busy and state.phase == "play" and state.current == self.human:
            if self._prompt_is_hint and self.hint_action is None:  # acted on: not the hint now
                view.prompt, view.prompt_urgent = self.prompt(state.legal_actions())
                self._prompt_is_hint = False
            return  # your own move is still sliding in: keep the words and buttons steady
        hinted = self.hint_action
        buttons = self.buttons
        buttons["draw"].visible = DRAW in legal
        buttons["draw"].pulse = legal == [DRAW] or hinted == DRAW
        buttons["done"].visible = END_TURN in legal
        buttons["done"].pulse = hinted == END_TURN
        buttons["hint"].visible = bool(legal) and legal != [PASS] and not view.hand_hidden
        buttons["hint"].pulse = self._hint_job is not None  # it is being worked out
        shown = len(view.tray.tiles) > 1 and not view.hand_hidden
        buttons["sort"].visible = shown
        buttons["plan"].visible = shown
        view.prompt, view.prompt_urgent = self.prompt(legal)
        self._prompt_is_hint = hinted is not None and bool(legal)
        if self._prompt_is_hint:
            view.prompt, view.prompt_urgent = self.hint_text(), False
        view.prompt_device = self.app.router.last_device
        view.prompt_hints = self.prompt_hints(legal)

    def prompt_hints(self, legal: list[Action]) -> list[tuple[str, str]]:
        """The keys or buttons for what can be done now, for a keyboard or gamepad player."""
        if self.app.router.last_device.pointer or not legal:
            return []
        if self.selected is not None:
            # Translators: a hint: play the picked-up tile
            return [("move", _("Choose a train")), ("activate", _("Play")), ("back", _("Put back"))]
        # Translators: a hint: move the focus between choices
        choose = ("move", _("Choose"))
        if DRAW in legal:
            return [choose, ("activate", _("OK")), ("draw", _("Draw")), ("pause", _("Pause"))]
        # Translators: a hint: pick a tile up from your hand
        return [choose, ("activate", _("Pick up")), ("pause", _("Pause"))]

    def prompt(self, legal: list[Action]) -> tuple[str, bool]:
        """What the person should do now, in words (from the rules' state)."""
        state = self.state
        if state.phase != "play":
            return "", False
        seat = state.current
        label = self._train_label
        if seat != self.human:
            name = state.names[seat]
            if state.must_satisfy is not None:
                where = label(state.must_satisfy)
                text = _("{name} must satisfy the double on {train}")
                return text.format(name=name, train=where), False
            if state.must_follow:
                return _("{name} played a double and plays again").format(name=name), False
            return _("{name}'s turn").format(name=name), False
        if not legal:
            return _("Your turn"), False
        plays = [a for a in legal if isinstance(a, Play)]
        drawn = state.drawn_tile
        if legal == [PASS]:
            if state.must_satisfy is not None:
                return _("No tile satisfies the double: your marker goes on your train"), True
            return _("No play: your marker goes on your train"), True
        if legal == [DRAW]:
            if state.must_satisfy is not None:
                where = label(state.must_satisfy)
                return _("Nothing satisfies the double on {train}: draw a tile").format(
                    train=where
                ), True
            if state.must_follow:
                return _("You can't follow your double: draw a tile"), True
            return _("No tile fits: draw from the boneyard"), True
        if drawn is not None and plays:
            # Translators: {tile} is a tile such as 5|9
            return _("You drew {tile}: play it").format(tile=drawn), True
        if state.must_satisfy is not None:
            where = label(state.must_satisfy)
            return _("Satisfy the double on {train}").format(train=where), True
        if state.must_follow:
            return _("You played a double: play one more tile"), True
        if state.in_first_turn_line:
            return _("Keep building your train, or press Done"), False
        if state.first_pending[self.human]:
            return _("Your first turn: start your train"), True
        device = self.app.router.last_device
        if device == Device.MOUSE:
            return _("Your turn: drag a tile to a lit train, or click a tile then a train"), False
        if device == Device.TOUCH:
            return _("Your turn: drag a tile to a lit train, or tap a tile then a train"), False
        if self.selected is not None:
            return _("Choose a lit train for {tile}").format(tile=self.selected), False
        return _("Your turn: choose a tile and play it"), False

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw(surface)
        lay = view.layout
        th = view.theme
        u = lay.scale
        # hand facts over the sort button (beside it when the tray is a row, held upright)
        count = len(view.tray.tiles)
        if count and not view.hand_hidden:
            pips = sum(t.pips for t in view.tray.tiles)
            facts = lay.facts
            tiles = ngettext("{n} tile", "{n} tiles", count).format(n=count)
            words = two_facts(tiles, ngettext("{n} pip", "{n} pips", pips).format(n=pips))
            size = max(10, round(14 * u))
            if w.text_width(words, min(size, 10)) > facts.w - 4:
                words = tiles  # a long language in a narrow column: the count matters most
            w.blit_text(
                surface,
                words,
                size,
                th.text_dim,
                max_width=facts.w - 4,
                midtop=(facts.centerx, facts.top),
            )
        for button in self.buttons.values():
            button.draw(surface, th, u)
        view.draw_top(surface)

    # ------------------------------------------------------------------ for tests and tools

    def tile_rect(self, tile: Tile) -> pygame.Rect | None:
        return self.view.tray.rect_of(tile)

    def train_target(self, train: int) -> pygame.Rect:
        return self.view.target_rect(train)


def _sentence(message: str) -> str:
    """The rules' message as a sentence: first letter up, the rest as the rules wrote it."""
    return message[:1].upper() + message[1:]
