"""What lights the trains: targets, the hint, open doubles, markers, refusals, the ghost."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules import Tile
from game.view import surfaces, typeset
from game.view.easing import ease_out_back
from game.view.layout import TrainGeometry
from game.view.seat_colours import seat_colour
from game.view.table_state import TableState


class TrainMarks(TableState):
    """TableView's part that draws over the trains each frame.

    A train number that is not one of the table's (a damaged review's move) is skipped, never
    looked up: a bad value from a file costs a mark, not the frame."""

    def has_train(self, train: int) -> bool:
        """Whether ``train`` is one of this table's trains (a lane and its tiles)."""
        return 0 <= train < len(self.layout.lanes) and train < len(self.trains)

    def _draw_lane_states(self, surface: pygame.Surface, pulse: float) -> None:
        if self.dim_unlit and (self.held is not None or self.selected is not None):
            for lane in self.layout.lanes:
                if lane.train not in self.lit:
                    area = lane.tile_area.inflate(0, -4)
                    surfaces.draw_panel(surface, area, (0, 0, 0, 70), None, 8)
        for train, left in self.flash.items():
            if not self.has_train(train):
                continue
            lane = self.layout.lanes[train]
            a = round(150 * min(1.0, left / 0.6))
            surfaces.draw_panel(
                surface,
                lane.tile_area.inflate(0, -4),
                (*self.theme.refusal, a // 3),
                self.theme.refusal,
                8,
                2,
            )

    def _draw_open_doubles(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        u = self.layout.scale
        self.open_double_tags = {}
        for train in self.open_doubles:
            if not self.has_train(train):
                continue
            slots = self.geometry(train).slots
            if not slots:
                continue
            rect = slots[-1].rect
            surfaces.blit_glow(
                surface,
                rect.inflate(6, 6),
                th.refusal,
                round(120 + 120 * pulse),
                max(4, rect.w // 3),
                max(4, rect.w // 3),
            )
            self.renderer.draw(
                surface,
                (slots[-1].first, slots[-1].second),
                rect.topleft,
                slots[-1].width,
                True,
                numerals=self.numerals,
                shadow=False,
                theme=th,
            )
            size = max(10, round(13 * u))
            words = _("OPEN DOUBLE")
            room = max(40, self.layout.lanes[train].tile_area.w - 8)
            size = typeset.fit_text_size(words, size, room, bold=True)
            label = typeset.text(words, size, (255, 255, 255), bold=True)
            chip = pygame.Rect(0, 0, label.get_width() + 12, label.get_height() + 2)
            lane = self.layout.lanes[train]
            # On the side the train grows towards (the open end's row is the last that way):
            # never over the rows laid before it.
            if lane.grow < 0:
                chip.midbottom = (rect.centerx, rect.top - 2)
            else:
                chip.midtop = (rect.centerx, rect.bottom + 2)
            chip.clamp_ip(self.layout.table)
            # Within the lane's tiles, off its owner's name card (which is drawn over it).
            area = lane.tile_area
            if chip.w <= area.w:
                chip.left = max(area.left, min(chip.left, area.right - chip.w))
            surfaces.draw_panel(surface, chip, (*th.refusal, 235), (255, 255, 255), chip.h // 2, 1)
            self.open_double_tags[train] = chip
            surface.blit(label, label.get_rect(center=chip.center))

    def _draw_markers(self, surface: pygame.Surface) -> None:
        u = self.layout.scale
        for lane in self.layout.lanes:
            seat = lane.owner
            public = seat is None or self.markers[seat]
            if not public:
                continue
            size = max(14, round(lane.band.h * 0.42), round(26 * u))
            size = min(size, round(40 * u) + 6)
            scale = 1.0
            if seat is not None and seat in self._marker_pop:
                p = min(1.0, self._marker_pop[seat] / 0.5)
                scale = ease_out_back(p)
            icon = surfaces.marker_icon(size, seat_colour(seat))
            if lane.side < 0:
                icon = pygame.transform.flip(icon, True, False)
            if scale != 1.0:
                icon = pygame.transform.smoothscale_by(icon, max(0.05, scale))
            x, y = lane.marker_pos
            rect = icon.get_rect(midbottom=(x, y + size * 0.3))
            surfaces.blit_glow(surface, rect.inflate(-size // 3, -size // 2), (0, 0, 0), 120, 6, 3)
            surface.blit(icon, rect)

    def _draw_targets(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        lit = sorted(t for t in self.lit if self.has_train(t))
        for train in lit:
            area = self.layout.lanes[train].tile_area.inflate(0, -4)
            hovered = train == self.hover
            surfaces.draw_panel(
                surface,
                area,
                (*th.legal_glow, 46 if hovered else 22 + round(14 * pulse)),
                th.legal_glow,
                8,
                3 if hovered else 2,
            )
        for train in lit:
            slot = self.geometry(train).next_slot
            hovered = train == self.hover
            rect = slot.inflate(slot.h // 2, slot.h // 2) if hovered else slot
            alpha = 255 if hovered else round(140 + 100 * pulse)
            surfaces.blit_glow(
                surface, rect, th.legal_glow, alpha, max(4, rect.h // 3), max(4, rect.h // 3)
            )
            surfaces.draw_panel(
                surface,
                rect,
                (*th.legal_glow, 70 if hovered else 40),
                th.legal_glow,
                max(3, rect.h // 5),
                2,
            )
            if hovered and self.held is not None:
                self.draw_ghost(surface, self.held.tile, train, 150)

    def draw_ghost(self, surface: pygame.Surface, tile: Tile, train: int, alpha: int) -> None:
        """``tile`` faded at ``train``'s open end, its matching number towards the train
        (nothing for a train the table does not have)."""
        if not self.has_train(train):
            return
        slot = self.geometry(train).next_slot
        ends = self.trains[train][-1][1] if self.trains[train] else self._engine_number()
        first, second = (tile.low, tile.high) if tile.low == ends else (tile.high, tile.low)
        lane = self.layout.lanes[train]
        direction = lane.side
        geom = self.geometry(train)
        if geom.slots and len(geom.slots) > 0:
            direction = _row_direction(geom, lane.side)
        if direction < 0:
            first, second = second, first
        ghost = self.renderer.surface(
            first, second, slot.h, False, numerals=self.numerals, theme=self.theme
        )
        surfaces.blit_faded(surface, ghost, slot, alpha)

    def _draw_hint_target(self, surface: pygame.Surface, pulse: float) -> None:
        """The hinted train: its lane outlined and its open end glowing in the accent colour
        (the lit trains of a held tile use the legal colour; a hint is a suggestion)."""
        train = self.hint_train
        if train is None or self.held is not None or not self.has_train(train):
            return
        th = self.theme
        area = self.layout.lanes[train].tile_area.inflate(0, -4)
        surfaces.draw_panel(surface, area, (*th.accent, 18 + round(16 * pulse)), th.accent, 8, 2)
        slot = self.geometry(train).next_slot
        rect = slot.inflate(slot.h // 3, slot.h // 3)
        surfaces.blit_glow(
            surface,
            rect,
            th.accent,
            round(150 + 100 * pulse),
            max(4, rect.h // 3),
            max(4, rect.h // 3),
        )
        surfaces.draw_panel(surface, rect, (*th.accent, 90), th.accent, max(3, rect.h // 5), 2)


def _row_direction(geom: TrainGeometry, side: int) -> int:
    """Which way the open end runs: the direction of the row holding the next slot."""
    slots = geom.slots
    if not slots:
        return side
    last = slots[-1].rect
    nxt = geom.next_slot
    if abs(nxt.centery - last.centery) > last.h:
        return -1 if nxt.centerx < last.centerx else 1
    return 1 if nxt.centerx >= last.centerx else -1
