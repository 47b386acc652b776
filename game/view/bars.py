"""The table's top bar (round, engine, boneyard, pause) and the prompt line above the hand."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.input.glyphs import glyph, glyph_for, hint_row
from game.view import surfaces, typeset
from game.view.table_state import TableState
from game.view.table_words import size_within
from game.view.theme import mix

_two_lines: dict[tuple[str, int, int, tuple[int, int, int]], pygame.Surface] = {}


class Bars(TableState):
    """TableView's part that draws the top bar and the prompt."""

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        th = self.theme
        u = lay.scale
        bar = lay.top_bar
        size = max(12, round(19 * u))
        x = max(8, round(14 * u))
        bone = lay.boneyard
        if self.round_number:
            label = _("Round {n} of {total}").format(n=self.round_number, total=self.rounds)
            # the engine's word and tile need the rest (up to Undo when it shows)
            right = lay.undo_button.left if self.undo_shown else bone.left
            room = right - x - 4 * bar.h
            fitted = typeset.fit_text_size(label, size, room, bold=True)
            r = typeset.blit_text(
                surface, label, fitted, th.text, bold=True, midleft=(x, bar.centery)
            )
            x = r.right + round(12 * u)
            if self.engine is not None:
                ew = max(9, round(bar.h * 0.42))
                # Translators: the round's starting double, shown in the top bar
                word = _("Engine")
                wsize = typeset.fit_text_size(word, max(10, size - 2), right - x - 3 * ew - 12)
                r = typeset.blit_text(surface, word, wsize, th.text_dim, midleft=(x, bar.centery))
                x = r.right + 6
                self.renderer.draw(
                    surface,
                    self.engine,
                    (x, bar.centery - ew // 2),
                    ew,
                    False,
                    numerals=self.numerals,
                    theme=th,
                    shadow=False,
                )
        # boneyard: a small stack of backs and the count, right-aligned before the pause button
        bw = max(9, bone.h // 2 - 2)
        room = bone.w - 2 * bw - 20
        if self.boneyard:
            label = _("Boneyard {n}").format(n=self.boneyard)
        else:
            label = _("Boneyard empty")
            if size_within(label, max(11, size - 3), room, bold=True) < typeset.LEGIBLE:
                label = _("Boneyard {n}").format(n=0)  # the shorter way of saying it
        lsize = typeset.fit_text_size(label, max(11, size - 3), room, bold=True)
        colour = th.text if self.boneyard else th.text_dim
        ls = typeset.text(label, lsize, colour, bold=True)
        lx = bone.right - ls.get_width()
        surface.blit(ls, ls.get_rect(midleft=(lx, bone.centery)))
        bx = lx - 2 * bw - 3 * 3 - 8
        for i in range(min(4, self.boneyard)):
            self.renderer.draw(
                surface,
                None,
                (bx + i * 3, bone.centery - bw // 2 - i * 2),
                bw,
                False,
                theme=th,
                shadow=i == 0,
            )
        if not self.pause_shown:
            return
        icon = surfaces.pause_icon(lay.pause_button.h, th.text)
        surfaces.draw_panel(
            surface, lay.pause_button, (*th.panel[:3], 200), th.panel_edge, lay.pause_button.h // 3
        )
        surface.blit(icon, icon.get_rect(center=lay.pause_button.center))

    def _prompt_label(
        self, size: int, fitted: int, width: int, ink: tuple[int, int, int]
    ) -> pygame.Surface:
        """The prompt's words: on one line at ``fitted`` px, or, where that would be smaller
        than a legible floor (a long hint, a long language), on two lines (or more) at a
        larger size."""
        floor = prompt_floor(size)
        if fitted < floor:
            key = (self.prompt, size, width, ink)
            if key not in _two_lines or typeset.active_audits:  # an audit sees every wrap
                if len(_two_lines) > 16:
                    _two_lines.clear()
                _two_lines[key] = self._two_line_label(size, floor, width, ink)
            return _two_lines[key]
        fitted = typeset.fit_text_size(self.prompt, size, width, bold=True)  # audited
        return typeset.text(self.prompt, fitted, ink, bold=True)

    def _two_line_label(
        self, size: int, floor: int, width: int, ink: tuple[int, int, int]
    ) -> pygame.Surface:
        # a long language's hint and its reason: a third line rather than a smaller size
        two, lines = typeset.legible_lines(self.prompt, size, width, floor, bold=True)
        rendered = [typeset.text(line, two, ink, bold=True) for line in lines]
        step = rendered[0].get_height()
        label = pygame.Surface(
            (max(r.get_width() for r in rendered), step * len(rendered)), pygame.SRCALPHA
        )
        for index, piece in enumerate(rendered):
            label.blit(piece, piece.get_rect(midtop=(label.get_width() // 2, index * step)))
        return label

    def _draw_prompt(self, surface: pygame.Surface, pulse: float) -> None:
        self.prompt_top = self.layout.prompt.top
        if not self.prompt:
            return
        lay = self.layout
        th = self.theme
        ink = th.text_dark if self.prompt_urgent else th.text
        room = lay.size[0] - 40
        # the device's buttons: a mouse or finger before the words, keys or pad buttons after
        glyph_h = max(14, min(lay.prompt.h - 8, round(24 * lay.scale)))
        lead_name = (
            glyph_for("drag", self.prompt_device) if self.current == self.shown_seat else None
        )
        lead = glyph(lead_name, glyph_h, th) if lead_name and self.prompt_device.pointer else None
        hints = list(self.prompt_hints)
        row = hint_row(hints, self.prompt_device, glyph_h, th, ink) if hints else None
        gap = max(8, round(14 * lay.scale))
        size = max(12, round(19 * lay.scale))
        while True:
            extra = (lead.get_width() + gap if lead else 0) + (row.get_width() + gap if row else 0)
            fitted = size_within(self.prompt, size, room - extra, bold=True)
            if fitted >= min(size, 11) or not hints:
                break
            hints.pop()  # too narrow for every hint: keep the most important ones
            row = hint_row(hints, self.prompt_device, glyph_h, th, ink) if hints else None
        extra = (lead.get_width() + gap if lead else 0) + (row.get_width() + gap if row else 0)
        label = self._prompt_label(size, fitted, room - extra, ink)
        rect = pygame.Rect(0, 0, label.get_width() + extra, label.get_height())
        rect.center = lay.prompt.center
        rect.inflate_ip(round(34 * lay.scale), 6)
        rect.h = max(rect.h, lay.prompt.h - 6)
        rect.centery = lay.prompt.centery
        if label.get_height() > lay.prompt.h - 6:  # two lines: the panel grows up, over the table
            rect.bottom = lay.prompt.bottom - 2
        self.prompt_top = rect.top  # a toast shows above it
        if self.prompt_urgent:
            surfaces.blit_glow(surface, rect, th.accent, round(80 + 100 * pulse), rect.h // 2, 6)
            surfaces.draw_panel(
                surface, rect, (*th.accent, 245), mix(th.accent, (0, 0, 0), 0.3), rect.h // 2, 1
            )
        else:
            surfaces.draw_panel(surface, rect, (*th.panel[:3], 215), th.panel_edge, rect.h // 2, 1)
        x = rect.centerx - (label.get_width() + extra) // 2
        if lead is not None:
            surface.blit(lead, lead.get_rect(midleft=(x, rect.centery)))
            x += lead.get_width() + gap
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
        x += label.get_width() + gap
        if row is not None:
            surface.blit(row, row.get_rect(midleft=(x, rect.centery)))


def prompt_floor(size: int) -> int:
    """The smallest the prompt's words may be at a window whose prompt size is ``size`` px:
    11 px at 640x480, rising with the window."""
    return max(11, round(size * 0.6))
