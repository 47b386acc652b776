"""The table as the player sees it: what is shown, how the rules' events animate, and drawing.

:class:`TableView` keeps its own *displayed* copy of the table (trains, markers, hand counts,
boneyard, scores). The rules' state changes at once when an action is applied; the view is fed
the events that action caused and plays them one after another, each as a time-based
animation, so a tile is on its train only once it has landed there. Scenes read ``busy`` to
know when the picture has caught up with the rules.

Drawing is layered for speed: the felt, lanes, hub and every tile already laid are one cached
surface rebuilt only when a tile lands (or the window, theme or tile style changes); each frame
blits it and adds the moving parts (flights, glows, badges, the hand, the held tile).

The view never decides legality: the scene tells it which trains to light (from the rules'
``legal_actions``) and which message to show (from the rules' refusal).

Words are translated when drawn (the language may change while a table is open): banners and
bubbles keep a function that says them, and every cached picture with words in it is keyed by
the words themselves.

The view is one class assembled from parts, one per module, over the state they share
(:mod:`game.view.table_state`): :mod:`game.view.playback` (events in, animations out),
:mod:`game.view.felt` (the cached still layer), :mod:`game.view.train_marks` (what lights the
trains), :mod:`game.view.plates` (the seats' plates and cards), :mod:`game.view.bars` (the top
bar and the prompt) and :mod:`game.view.tray_drawing` (the hand); the moving pieces are in
:mod:`game.view.motion`.
"""

from __future__ import annotations

import math

import pygame

from game import i18n
from game.view import toasts
from game.view.bars import Bars
from game.view.easing import ease_in_out
from game.view.felt import Felt
from game.view.motion import draw_banner, draw_effects
from game.view.plates import Plates
from game.view.playback import Playback
from game.view.seat_colours import seat_colour
from game.view.table_state import Held, RoundResult
from game.view.table_words import level_label, two_facts
from game.view.train_marks import TrainMarks
from game.view.tray_drawing import TrayDrawing

# Importers know these by this module's name too.
__all__ = [
    "Held",
    "RoundResult",
    "TableView",
    "level_label",
    "seat_colour",
    "two_facts",
]


class TableView(Playback, Felt, TrainMarks, Plates, Bars, TrayDrawing):
    """The table view: its state (:class:`~game.view.table_state.TableState`) and the parts
    that draw it."""

    # ------------------------------------------------------------------ warming the caches

    def prewarm(self, budget: float, set_size: int | None = None) -> bool:
        """Render tile faces ahead of need for up to ``budget`` seconds; True when all are done.

        A face is drawn supersampled (a few ms each), so a table that first needs eighty of
        them would stall one frame; this spreads that work over the deal's frames instead.
        """
        import time

        jobs = self._warm_jobs
        if jobs is None:
            jobs = self._warm_jobs = self._jobs(set_size)
        if self._warm_key != (self.layout.size, self.theme.id, self.numerals):
            self._warm_key = (self.layout.size, self.theme.id, self.numerals)
            jobs = self._warm_jobs = self._jobs(set_size)
        end = time.perf_counter() + budget
        while jobs and time.perf_counter() < end:
            a, b, width, vertical = jobs.pop()
            self.renderer.surface(a, b, width, vertical, numerals=self.numerals, theme=self.theme)
        return not jobs

    def _jobs(self, set_size: int | None) -> list[tuple[int, int, int, bool]]:
        top = set_size if set_size is not None else (self.engine.high if self.engine else 12)
        top = max(top, self._engine_number())
        t = self.layout.tile_max
        jobs: list[tuple[int, int, int, bool]] = []
        for a in range(top + 1):
            for b in range(a, top + 1):
                if a == b:
                    jobs.append((a, a, t, True))
                else:
                    jobs.append((b, a, t, False))
                    jobs.append((a, b, t, False))
        hw = self.layout.hand_width
        jobs += [(tile.low, tile.high, hw, True) for tile in self.tray.tiles]
        return jobs  # popped from the end: your hand first, then the train tiles

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Everything under the buttons: table, trains, badges, bars and the hand."""
        lay = self.layout
        th = self.theme
        key = (
            lay.size,
            th.id,
            self.numerals,
            self.engine,
            self.round_number,
            self.rounds,
            i18n.current_language(),  # the hub's label is in the static layer
        )
        if self._static is None or self._static_key != key:
            self._static = self._build_static()
            self._static_key = key
            self._plates_under = []  # the plates are painted on the new layer
            self._repaint.clear()
        for area in self._repaint:
            self._paint_again(self._static, area)
        self._repaint.clear()
        self._plate_static(self._static)
        surface.blit(self._static, (0, 0))
        for fade in self.fades:
            fade.surface.set_alpha(round(255 * (1.0 - ease_in_out(fade.age / fade.duration))))
            surface.blit(fade.surface, fade.pos)
        # a calm table (waiting on a timer) holds its glows still: a frame changes only when
        # something on it does
        pulse = 0.75 if self.calm else 0.5 + 0.5 * math.sin(self.clock * 4.2)
        self._draw_lane_states(surface, pulse)
        self._draw_open_doubles(surface, pulse)
        self._draw_markers(surface)
        self._draw_targets(surface, pulse)
        self._draw_hint_target(surface, pulse)
        for seat in range(self.players):
            self._draw_badge(surface, seat, pulse)
        self._draw_top_bar(surface)
        self._draw_prompt(surface, pulse)
        self._draw_tray(surface, pulse)

    def _paint_again(self, static: pygame.Surface, area: pygame.Rect) -> None:
        """Paint ``area`` of the static layer as a new one would have it, in the same order
        (the ground, every tile that reaches it, then the plates), and leave the rest: a
        landing tile changes its train's part of the table only."""
        area = area.clip(static.get_rect())
        if not area or self._ground is None:
            return
        static.set_clip(area)
        try:
            static.blit(self._ground, area, area)
            for train in range(self.players + 1):
                geometry = self.geometry(train)
                for slot in geometry.slots:
                    if self._slot_footprint(slot).colliderect(area):
                        self._draw_laid(static, slot)
                if geometry.next_slot.colliderect(area):
                    self._draw_open_end(static, train, geometry.next_slot)
            # a plate reached: keep its new bare picture there, and paint it over again
            for seat, under in enumerate(self._plates_under):
                plate = self.layout.lanes[seat].badge.clip(static.get_rect())
                part = plate.clip(area)
                if not part:
                    continue
                under.blit(static, (part.x - plate.x, part.y - plate.y), part)
                if self._plates_painted.get(seat) is not None:
                    self._paint_kept_plate(static, seat)
        finally:
            static.set_clip(None)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Everything over the buttons: flights, effects, banners, the toast, the held tile."""
        for flight in self.flights:
            if flight.age < 0:
                continue
            surf, (x, y) = flight.frame()
            surface.blit(surf, surf.get_rect(center=(round(x), round(y))))
        draw_effects(surface, self.effects, self.theme, self.layout.scale)
        self._draw_seat_info(surface)
        if self.held is not None:
            self._draw_held(surface)
        if self.banners:
            draw_banner(surface, self.banners[-1], self.layout, self.theme)
        if self.toast is not None:
            prompt = self.layout.prompt
            taller = max(0, prompt.top + 3 - (self.prompt_top or prompt.top))  # a 2-line prompt
            center = (self.layout.size[0] // 2, prompt.top - prompt.h - taller)
            toasts.draw_toast(surface, self.toast, center, self.theme, self.layout.scale)
