"""Mouse and touch at the table: drags and drops, taps on tiles, trains and plates."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
from typing_extensions import override

from game.i18n import _
from game.rules import DRAW, Play, Tile
from game.scenes.play.table_base import TableBase
from game.view.table import Held

DRAG_START_PX = 6  # a press that moves further than this (x scale) becomes a drag
INFO_SECONDS = 4.0  # a tapped plate's card stays this long (a finger cannot hover)


@dataclass
class Press:
    tile: Tile
    start: tuple[int, int]
    offset: tuple[float, float]  # pointer minus the tile's centre


class TablePointer(TableBase):
    """The table scene's pointer input."""

    @override
    def _computer_plate_at(self, pos: tuple[int, int]) -> int | None:
        for seat in self.view.levels:
            if self.view.layout.lanes[seat].badge.collidepoint(pos):
                return seat
        return None

    @override
    def _pin_seat(self, seat: int) -> None:
        """Show (or hide again) a computer seat's card for a while: a tap or Enter/A."""
        if self._pinned_seat == seat:
            self._pinned_seat = None
            return
        self._pinned_seat = seat
        self._pinned_time = INFO_SECONDS

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

    @override
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

    @override
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

    @override
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
