"""The hand as drawn: the tray's tiles, their glows, the planned line, the held tile."""

from __future__ import annotations

import pygame

from game.view import surfaces
from game.view.easing import ease_in_out
from game.view.table_state import TableState
from game.view.tiles import Highlight


class TrayDrawing(TableState):
    """TableView's part that draws the hand and the tile being dragged."""

    def _draw_tray(self, surface: pygame.Surface, pulse: float) -> None:
        th = self.theme
        hw = self.layout.hand_width
        if self.hand_hidden:  # face down: its owner is not looking (pass and play)
            for _tile, rect in self.tray.drawn():
                self.renderer.draw(surface, None, rect.topleft, hw, True, theme=th)
            return
        self._draw_plan(surface)
        for tile, rect in self.tray.drawn():
            highlight = Highlight.NONE
            glow = False
            if tile == self.selected:
                highlight = Highlight.SELECTED
            elif tile in self.playable:
                highlight = Highlight.LEGAL
                glow = True
            if tile == self.hint_tile:
                surfaces.blit_glow(
                    surface, rect, th.accent, round(150 + 100 * pulse), hw // 4, max(4, hw // 4)
                )
            elif glow:
                surfaces.blit_glow(
                    surface, rect, th.legal_glow, round(60 + 70 * pulse), hw // 4, max(3, hw // 6)
                )
            self.renderer.draw(
                surface,
                (tile.low, tile.high),
                rect.topleft,
                hw,
                True,
                numerals=self.numerals,
                highlight=highlight,
                glow=False,
                theme=th,
            )
            if tile == self.hint_tile:  # a ring of its own: the hint is not just "playable"
                ring = rect.inflate(6, 6)
                width = max(2, round(3 * self.layout.scale))
                pygame.draw.rect(surface, (255, 255, 255), ring.inflate(2, 2), width + 2, hw // 5)
                pygame.draw.rect(surface, th.accent, ring, width, hw // 5)

    def _draw_plan(self, surface: pygame.Surface) -> None:
        """The planned line (a backdrop under its tiles) and a divider before the free ones."""
        tray = self.tray
        split = tray.divider
        if split is None:
            return
        th = self.theme
        u = self.layout.scale
        line = [rect for tile, rect in tray.drawn() if tile in tray.tiles[:split]]
        free = [rect for tile, rect in tray.drawn() if tile in tray.tiles[split:]]
        pad = max(3, round(5 * u))
        if line:
            back = line[0].unionall(line).inflate(2 * pad, 2 * pad)
            back.top = max(back.top, self.layout.tray.top + 2)
            surfaces.draw_panel(
                surface, back, (*th.accent, 40), th.accent, max(6, round(10 * u)), 2
            )
        if line and free:
            x = (max(r.right for r in line) + min(r.left for r in free)) // 2
            top = self.layout.tray_tiles.top + pad
            bottom = self.layout.tray_tiles.bottom - pad
            width = max(2, round(3 * u))
            pygame.draw.line(surface, th.accent, (x, top), (x, bottom), width)

    def _draw_held(self, surface: pygame.Surface) -> None:
        held = self.held
        assert held is not None
        tile = held.tile
        hw = self.layout.hand_width
        if held.horizontal >= 0.999:
            base = self.layout.tile_max
            face = self._tile_face(tile.low, tile.high, max(9, round((hw + base) / 2)), False)
            angle = 0.0
        else:
            face = self._tile_face(tile.low, tile.high, hw, True)
            angle = -90.0 * ease_in_out(held.horizontal)
            if abs(angle) > 0.5:
                face = pygame.transform.rotozoom(face, angle, 1.0)
        rect = face.get_rect(center=(round(held.center[0]), round(held.center[1])))
        lift = max(4, min(rect.w, rect.h) // 5)
        surfaces.blit_glow(surface, rect.move(lift // 2, lift), (0, 0, 0), 150, lift, lift)
        surface.blit(face, rect)
