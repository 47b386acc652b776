"""The table's still layer: felt, lanes and rails, the station, every laid tile, the bars.

It is built in two steps: the ground (everything but the laid tiles), kept until the window,
the theme, the language or the engine changes, and the laid tiles painted on a copy of it
each time a tile lands (the rails alone took a third of a rebuild)."""

from __future__ import annotations

import math

import pygame

from game import i18n
from game.i18n import pgettext
from game.view import surfaces, typeset
from game.view.layout import TileSlot
from game.view.seat_colours import seat_colour
from game.view.table_state import TableState
from game.view.theme import RGB, mix


class Felt(TableState):
    """TableView's part that draws what changes only when a tile lands."""

    def _build_static(self) -> pygame.Surface:
        lay = self.layout
        key = (
            lay.size,
            lay.large,
            self.players,
            self.theme.id,
            self.numerals,
            self.engine,
            i18n.current_language(),  # the hub's label
        )
        if self._ground is None or self._ground_key != key:
            self._ground = self._build_ground()
            self._ground_key = key
        surf = self._ground.copy()
        # trains (tiles in flight land into this layer later), each open end marked
        for train in range(self.players + 1):
            geometry = self.geometry(train)
            for slot in geometry.slots:
                self._draw_laid(surf, slot)
            self._draw_open_end(surf, train, geometry.next_slot)
        return surf

    def _draw_open_end(self, surface: pygame.Surface, train: int, slot: pygame.Rect) -> None:
        """Where the train's next tile goes, always findable: a faint outline in the lane's
        colour, with the number it must match where the slot is big enough to hold it."""
        lane = self.layout.lanes[train]
        colour = mix(seat_colour(lane.owner), self.theme.text, 0.35)
        mark = pygame.Surface(slot.size, pygame.SRCALPHA)
        radius = max(2, slot.h // 4)
        pygame.draw.rect(mark, (*colour, 36), mark.get_rect(), border_radius=radius)
        pygame.draw.rect(mark, (*colour, 150), mark.get_rect(), 1, border_radius=radius)
        surface.blit(mark, slot.topleft)
        size = round(slot.h * 0.8)
        if size >= typeset.LEGIBLE:
            laid = self.trains[train]
            end = laid[-1][1] if laid else self._engine_number()
            typeset.blit_text(
                surface,
                str(end),
                size,
                mix(colour, self.theme.felt, 0.2),
                bold=True,
                center=slot.center,
            )

    def _draw_laid(self, surface: pygame.Surface, slot: TileSlot) -> None:
        """A laid tile where it lies on its train."""
        self.renderer.draw(
            surface,
            (slot.first, slot.second),
            slot.rect.topleft,
            slot.width,
            slot.vertical,
            numerals=self.numerals,
            theme=self.theme,
        )

    def _build_ground(self) -> pygame.Surface:
        """The still layer without the laid tiles."""
        lay = self.layout
        th = self.theme
        u = lay.scale
        surf = surfaces.felt(lay.size, th).copy()
        # lanes: a faint band each, the rails, the spur to the hub
        for lane in lay.lanes:
            colour = seat_colour(lane.owner)
            band = lane.tile_area.inflate(0, -4)
            tint = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, (*colour, 16), tint.get_rect(), border_radius=8)
            pygame.draw.rect(tint, (*colour, 34), tint.get_rect(), width=1, border_radius=8)
            surf.blit(tint, band.topleft)
            self._rails(surf, lane.spur + [(lane.outer, lane.track_y)], colour, u)
        # hub: a brass-rimmed station disc
        cx, cy = lay.hub_center
        r = lay.hub_radius
        surfaces.blit_glow(surf, lay.hub_rect(), (0, 0, 0), 110, r, max(3, r // 6))
        pygame.draw.circle(surf, mix(th.spinner, (0, 0, 0), 0.45), (cx, cy), r)
        pygame.draw.circle(surf, th.spinner, (cx, cy), r - max(2, r // 14))
        pygame.draw.circle(surf, mix(th.felt_dark, (0, 0, 0), 0.2), (cx, cy), r - max(4, r // 7))
        inner = r - max(4, r // 7)
        for i in range(16):
            a = i * math.pi / 8
            p0 = (cx + math.cos(a) * inner * 0.78, cy + math.sin(a) * inner * 0.78)
            p1 = (cx + math.cos(a) * inner * 0.94, cy + math.sin(a) * inner * 0.94)
            pygame.draw.line(surf, mix(th.spinner, th.felt_dark, 0.4), p0, p1, max(1, r // 24))
        if self.engine is not None:
            ew = lay.engine_width
            self.renderer.draw(
                surf,
                self.engine,
                (cx - ew // 2, cy - ew),
                ew,
                True,
                numerals=self.numerals,
                theme=th,
            )
        else:
            typeset.blit_text(
                surf,
                pgettext("hub", "Station"),
                max(10, r // 3),
                th.text_dim,
                max_width=2 * inner - 4,
                center=(cx, cy),
            )
        # bars
        top = pygame.Surface(lay.top_bar.size, pygame.SRCALPHA)
        top.fill((*th.panel[:3], 215))
        pygame.draw.line(
            top,
            (*th.panel_edge, 120),
            (0, top.get_height() - 1),
            (top.get_width(), top.get_height() - 1),
        )
        surf.blit(top, lay.top_bar.topleft)
        tray = pygame.Surface(lay.tray.size, pygame.SRCALPHA)
        for y in range(tray.get_height()):
            a = 200 + round(40 * y / max(1, tray.get_height()))
            pygame.draw.line(
                tray, (*mix(th.panel[:3], (60, 40, 20), 0.25), a), (0, y), (tray.get_width(), y)
            )
        pygame.draw.line(tray, (*th.panel_edge, 150), (0, 0), (tray.get_width(), 0), 2)
        surf.blit(tray, lay.tray.topleft)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _rails(
        self, surf: pygame.Surface, pts: list[tuple[float, float]], colour: RGB, u: float
    ) -> None:
        gauge = max(3.0, 7 * u)
        tie = mix(self.theme.felt_dark, (0, 0, 0), 0.25)
        rail = mix(colour, self.theme.felt, 0.55)
        # sleepers
        dist = 0.0
        step = max(6.0, 13 * u)
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            seg = math.hypot(x1 - x0, y1 - y0)
            if seg == 0:
                continue
            nx, ny = -(y1 - y0) / seg, (x1 - x0) / seg
            t = (step - dist % step) if dist % step else 0.0
            while t < seg:
                px, py = x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg
                a = (px + nx * gauge * 1.5, py + ny * gauge * 1.5)
                b = (px - nx * gauge * 1.5, py - ny * gauge * 1.5)
                pygame.draw.line(surf, tie, a, b, max(2, round(3 * u)))
                t += step
            dist += seg
        for sign in (-1, 1):
            line = []
            for i, (x, y) in enumerate(pts):
                j = min(i + 1, len(pts) - 1)
                k = max(i - 1, 0)
                dx, dy = pts[j][0] - pts[k][0], pts[j][1] - pts[k][1]
                d = math.hypot(dx, dy) or 1.0
                line.append((x - dy / d * gauge * sign, y + dx / d * gauge * sign))
            pygame.draw.aalines(surf, rail, False, line)
