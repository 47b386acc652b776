"""Keyboard and gamepad at the table: a focus over the hand, the buttons, the trains, the plates."""

from __future__ import annotations

import functools

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.focus import FocusItem
from game.input.intents import Act, Device, Intent
from game.rules import Play, Tile
from game.scenes.play.table_base import TableBase

BUTTONS = ("draw", "done", "hint", "sort", "plan", "undo")  # the table's buttons, focus order


class TableFocus(TableBase):
    """The table scene's focus and intents, and which seat's card shows."""

    # The table's shortcuts (the pad has them on its buttons: X draws, Y sorts, Start pauses).
    bindings = {
        Act.PAUSE: ("p",),
        Act.DRAW: ("d",),
        Act.SORT: ("s",),
        Act.HINT: ("h",),
        Act.UNDO: ("backspace", "ctrl+z"),
    }

    @override
    def intent(self, intent: Intent) -> bool:
        act = intent.act
        shortcuts = {
            Act.PAUSE: self.pause,
            Act.DRAW: self.do_draw,
            Act.SORT: self.do_sort,
            Act.HINT: self.do_hint,
        }
        if act in shortcuts:
            shortcuts[act]()
            return True
        # Backspace always means Undo; the pad's Back only where a turn can be taken back
        # (elsewhere the app makes it B)
        if act == Act.UNDO and (self.undo_offered or intent.device == Device.KEYBOARD):
            self.do_undo()
            return True
        if act == Act.BACK:
            if self.selected is None:
                self.pause()  # Esc / B with nothing in hand: the pause menu
                return True
            tile = self.selected
            self._deselect()
            self.nav.key = ("tile", tile)
            return True
        if self.press is not None and self.dragging:
            return True  # a drag in progress owns the table
        return self.nav.handle(intent, self.focus_items(), min_items=1)

    @override
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

    @override
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

    @override
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
        hinted = self.hint_action
        first = [state.must_satisfy, self.shown_seat, state.players]
        if isinstance(hinted, Play) and hinted.tile == tile:
            first.insert(0, hinted.train)  # the hint's train: Enter again plays the hint
        best = next((t for t in first if t in targets), min(targets))
        self.nav.key = ("train", best)

    def _play_at(self, train: int) -> None:
        tile = self.selected
        if tile is None:
            return
        if self.try_play(tile, train, self.view.tray.rect_of(tile)):
            self.nav.clear()

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
