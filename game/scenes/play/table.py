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
their own hand. When the turn comes to another person, a cover screen
(:mod:`game.scenes.play.cover`) hides the table until they tap; between their turns the hand shows
face down.

Help: **Hint** shows the coach's move (:func:`game.ai.review.hint_advice`, the judgement the
match's review will give) until the person acts; **Plan my hand** keeps the tray in the
planner's order (its line, a divider, the free tiles) and plans again whenever the hand or the
train's end changes. Both read only the person's own observation and what it has seen of the
round, and are worked out in the help worker process (:mod:`game.match.help_worker`), so a
slow hint never stalls a frame. A computer seat's plate shows its level; hovering, tapping or
focusing it shows its persona's style.

The scene is one class assembled from parts over their shared state
(:mod:`game.scenes.play.table_base`): :mod:`game.scenes.play.table_pointer` (drags and taps),
:mod:`game.scenes.play.table_focus` (keys and pads), :mod:`game.scenes.play.table_help` (hint and
plan), :mod:`game.scenes.play.table_turns` (whose move, the round's end, take-backs) and
:mod:`game.scenes.play.table_prompt` (the prompt and buttons); :mod:`game.scenes.kit.seating` sets
the view up for the session (the deal does too).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.match.session import Session
from game.pacing import TICKING
from game.rules import DRAW, END_TURN, PLAY, Tile
from game.scenes import flow
from game.scenes.play.table_focus import TableFocus
from game.scenes.play.table_help import TableHelp
from game.scenes.play.table_pointer import TablePointer
from game.scenes.play.table_prompt import TablePrompt
from game.scenes.play.table_turns import TableTurns
from game.view import controls, typeset
from game.view.table import TableView, two_facts

if TYPE_CHECKING:
    from game.app import App


class TableScene(TablePointer, TableFocus, TableHelp, TableTurns, TablePrompt):
    """A round at the table: its buttons, events in, time on, drawing, and hand-offs to the
    pause menu, the cover screen and a take-back."""

    def __init__(self, app: App, session: Session, view: TableView | None = None) -> None:
        super().__init__(app, session, view)
        self._make_buttons()

    # ------------------------------------------------------------------ set-up

    def _make_buttons(self) -> None:
        lay = self.view.layout
        old = self.buttons
        self.buttons = {
            "draw": controls.Button(
                "", lay.main_button.copy(), self.do_draw, primary=True, visible=False
            ),
            "done": controls.Button(
                "", lay.main_button.copy(), self.do_done, primary=True, visible=False
            ),
            "hint": controls.Button("", lay.hint_button.copy(), self.do_hint, visible=False),
            "sort": controls.Button("", lay.sort_button.copy(), self.do_sort),
            "plan": controls.Button("", lay.plan_button.copy(), self.do_plan),
            "undo": controls.Button("", lay.undo_button.copy(), self.do_undo, visible=False),
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

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size, self.app.settings.large_tiles)
        self._make_buttons()

    @override
    def language_changed(self) -> None:
        self.view.language_changed()
        self._label_buttons()

    @override
    def exit(self) -> None:
        for job in (self._hint_job, self._plan_job[1] if self._plan_job else None):
            if job is not None:
                job.cancel()

    @override
    def do_draw(self) -> None:
        if DRAW in self.legal():
            self._deselect()
            self._apply(DRAW)

    def do_done(self) -> None:
        if END_TURN in self.legal():
            self._deselect()
            self._apply(END_TURN)

    @override
    def do_sort(self) -> None:
        self._plan_off()  # the person's own order from now on
        self.view.tray.sort()

    # ------------------------------------------------------------------ input

    @override
    def handle(self, event: pygame.event.Event) -> None:
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

    @override
    def pause(self) -> None:
        self._cancel_drag()
        self.app.push(flow.pause(self.app, self.session))

    # ------------------------------------------------------------------ take-backs

    @override
    def do_undo(self) -> None:
        """Undo: the first take-back of a match asks first (it becomes practice), later ones
        take the turn back at once."""
        if not self.can_undo():
            return
        self._cancel_drag()
        if self.session.practice or self.session.config.practice:
            self.take_back()  # already practice (or the Practice table): nothing to warn of
            return
        self.app.push(flow.take_back(self.app, self))

    def take_back(self) -> None:
        """Take the person's last turn back and show the table as it was before it."""
        if not self.can_undo() or not self.session.undo():
            return
        tray = self.view.tray
        order, left_at = list(tray.tiles), dict(tray.left_at)
        table = TableScene(self.app, self.session)
        seat = self.session.shown_seat
        if seat is not None:  # the hand comes back as the player had arranged it
            table.view.tray.restore(order, left_at, table.state.hand(seat))
        if self.plan_on:
            table.do_plan()
        self.app.replace(table)
        self.app.play_sound("pick")
        table.view.show_toast(lambda: _("Your last turn was taken back"), "info", 2.0)

    # ------------------------------------------------------------------ pass and play

    def _hand_over(self, seat: int) -> None:
        """A person's turn but another person's hand is showing: cover the table first."""
        view = self.view
        view.hand_hidden = True
        view.thinking = None
        if view.busy or self._covered:
            return
        self._cancel_drag()
        self._deselect()
        self._covered = True
        self.app.push(flow.cover(self.app, self, seat))

    def show_seat(self, seat: int) -> None:
        """The cover was tapped: show ``seat`` 's hand (in the order its owner left it)."""
        view = self.view
        old = self.session.shown_seat
        if old is not None and old != seat:
            self._orders[old] = list(view.tray.tiles)
            view.hand_counts[old] = len(view.tray.tiles)
        self.session.shown_seat = seat
        view.shown_seat = seat
        hand = self.state.hand(seat)
        view.tray.tiles = [t for t in self._orders.get(seat, []) if t in hand]
        view.tray.hidden.clear()
        view.tray.set_tiles(hand)
        view.hand_hidden = False
        self._deselect()
        self.nav.clear()
        self.computer_move.forget()
        self._covered = False

    # ------------------------------------------------------------------ time

    @override
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
        if state.phase != PLAY:
            self._round_over()
        elif state.current == self.shown_seat and self.session.is_person(state.current):
            self.computer_move.forget()
            self._human_turn(dt)
        elif self.pass_and_play and self.session.is_person(state.current):
            self._hand_over(state.current)
        else:
            self._computer_turn(dt)
        if self.pass_and_play and state.phase == PLAY and not view.busy:
            view.hand_hidden = state.current != self.shown_seat  # face down between your turns
        self._poll_hint()
        self._replan()
        self._update_info(dt)
        self._refresh_overlay()
        view.calm = self.pace() == TICKING
        for button in self.buttons.values():
            button.update(dt)

    # ------------------------------------------------------------------ drawing

    @override
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
            if typeset.text_width(words, min(size, typeset.legible_at(u))) > facts.w - 4:
                words = tiles  # a long language in a narrow column: the count matters most
            typeset.blit_text(
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
