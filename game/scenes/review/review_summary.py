"""The review's summary page: accuracy, points lost per round, the costliest moves, the labels.

Drawn over the review table (:mod:`game.scenes.review.review_table`) when it is open: the accuracy
and its sentence, a bar chart of the points lost per round, the three costliest mistakes (each
a row that jumps there), the guesses used and the labels' thresholds. Its Back to the table
button closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ai import review as analysis
from game.ai.review import Decision, Review
from game.i18n import _
from game.rules.record import Record
from game.scenes.review import review_words as words
from game.view import controls, surfaces, typeset
from game.view.review import draw_bars, draw_mark
from game.view.theme import RGB, Theme, mix

# a line under the chart: a wrapped line of words, or a row of (label, its words) marks
FootLine = tuple[str | list[tuple[str, str]], int]


class SummaryPage:
    """The summary's drawing, its rows of costliest moves and its pointer."""

    def __init__(
        self,
        record: Record,
        review: Review,
        decisions: Sequence[Decision],
        seat: int,
        name: str,
        close: Callable[[], None],
        jump: Callable[[int], None],
    ) -> None:
        """``close`` closes the page; ``jump(index)`` goes to decision ``index`` there."""
        self.record = record
        self.review = review
        self.decisions = decisions
        self.seat = seat
        self.name = name
        self.jump = jump
        self.close = controls.Button(
            _("Back to the table"), pygame.Rect(0, 0, 1, 1), close, primary=True
        )
        self.rows: list[tuple[pygame.Rect, int]] = []  # the costliest moves, where drawn
        self._pressed_row: int | None = None
        self._hover: tuple[int, int] | None = None  # the mouse over the page

    def update(self, dt: float) -> None:
        self.close.label = _("Back to the table")
        self.close.update(dt)

    def handle(self, event: pygame.event.Event) -> None:
        """The mouse or a finger on the page: a row pressed and let go on it jumps there."""
        if event.type == pygame.MOUSEMOTION:
            self._hover = event.pos
        if self.close.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_row = next(
                (index for rect, index in self.rows if rect.collidepoint(event.pos)), None
            )
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed_row = self._pressed_row, None
            for rect, index in self.rows:
                if index == pressed and rect.collidepoint(event.pos):
                    self.jump(index)
                    return

    # ------------------------------------------------------------------ drawing

    def draw(
        self,
        surface: pygame.Surface,
        size: tuple[int, int],
        th: Theme,
        u: float,
        title: str,
        keys_shown: bool,
    ) -> None:
        """The page over the table dimmed to ``size``; ``keys_shown``: the keys' strip takes
        the top right."""
        width, height = size
        dim = pygame.Surface((width, height), pygame.SRCALPHA)
        dim.fill(th.dim_overlay)
        surface.blit(dim, (0, 0))
        margin = max(6, round(16 * u))
        top = margin
        if keys_shown:
            strip = max(16, round(26 * u))
            top = max(10, round(10 * u)) + strip + max(6, strip // 2) + 4
        panel = pygame.Rect(
            0, top, min(width - 2 * margin, round(980 * u) + 120), height - margin - top
        )
        panel.centerx = width // 2
        pad = max(8, round(18 * u))
        body = max(13, round(20 * u))
        small = max(12, round(16 * u))
        head = max(14, round(22 * u))
        review = self.review
        # as tall as its contents (the chart at its full height), or the window allows
        room = panel.w - 2 * pad
        figure, sentence = words.accuracy_words(review)
        rows = review.costliest(3)[: len(self.decisions)]
        row_h = max(26, round(40 * u))
        head_h = typeset.text_height(head, bold=True)
        needed = (
            typeset.text_height(max(16, round(32 * u)), bold=True)
            + (typeset.text_height(small) if self.name else 0)
            + round(6 * u)
            + head_h
            + len(typeset.wrap(sentence, body, room)) * typeset.text_height(body)
            + round(8 * u) + head_h + 2 + max(90, round(220 * u))
            + round(8 * u) + head_h + max(1, len(rows)) * row_h
            + round(6 * u) + sum(h for _line, h in self._foot(room, small))
            + round(8 * u) + max(30, round(44 * u))
        )  # fmt: skip
        if needed + 2 * pad < panel.h:
            middle = panel.centery
            panel.h = needed + 2 * pad
            panel.centery = middle
        surfaces.draw_panel(
            surface, panel, (*th.panel[:3], 255), th.panel_edge, round(14 * u), 2, True
        )
        inner = panel.inflate(-2 * pad, -2 * pad)
        title_size = max(16, round(32 * u))
        y = _line(
            surface, title, title_size, th.accent, inner, inner.y, bold=True, centred=True
        ).bottom
        if self.name:
            y = _line(surface, self.name, small, th.text_dim, inner, y, centred=True).bottom
        y += round(6 * u)
        y = _line(surface, figure, head, th.text, inner, y, bold=True).bottom
        for line in typeset.wrap(sentence, body, inner.w):
            r = typeset.blit_text(surface, line, body, th.text, topleft=(inner.x, y))
            y = r.bottom
        self.close.rect = pygame.Rect(
            0, 0, min(inner.w, max(160, round(300 * u))), max(30, round(44 * u))
        )
        self.close.rect.midbottom = (inner.centerx, inner.bottom)
        # the lines under the chart, measured first so the chart takes what is left
        foot = self._foot(inner.w, small)
        foot_h = sum(h for _line, h in foot)
        list_h = head_h + max(1, len(rows)) * row_h
        chart_top = y + round(8 * u)
        chart_h = self.close.rect.top - round(8 * u) - foot_h - list_h - round(8 * u) - chart_top
        r = _line(surface, _("Points lost per round"), head, th.text, inner, chart_top, bold=True)
        lost = review.lost_per_round()
        chart_h = min(chart_h - r.h - 2, max(90, round(220 * u)))  # the rest stays below
        chart = pygame.Rect(inner.x, r.bottom + 2, inner.w, max(0, chart_h))
        if lost and chart.h >= 30:
            draw_bars(surface, chart, lost, th, u)
        elif not lost:
            _line(surface, _("No points lost."), body, th.text_dim, inner, r.bottom + 2)
        y = chart.bottom + round(8 * u)
        y = _line(surface, _("The costliest moves"), head, th.text, inner, y, bold=True).bottom
        self.rows = []
        if not rows:
            none = _("None: every move was good or forced.")
            _line(surface, none, body, th.text_dim, inner, y + 4)
            y += row_h
        by_number = {d.number: i for i, d in enumerate(self.decisions)}
        for decision in rows:
            index = by_number.get(decision.number)
            if index is None:
                continue
            rect = pygame.Rect(inner.x, y, inner.w, row_h - 4)
            self._draw_row(surface, th, rect, decision, body)
            self.rows.append((rect, index))
            y += row_h
        y = max(y, chart.bottom) + round(6 * u)
        for part, h in foot:
            if isinstance(part, str):
                typeset.blit_text(surface, part, small, th.text_dim, topleft=(inner.x, y))
            else:
                x = inner.x
                for label, text in part:
                    mark = max(10, small)
                    draw_mark(surface, label, (x + mark // 2, y + h // 2), mark, th)
                    r = typeset.blit_text(
                        surface, text, small, th.text_dim, midleft=(x + mark + 4, y + h // 2)
                    )
                    x = r.right + max(10, round(18 * u))
            y += h
        self.close.draw(surface, th, u)

    def _draw_row(
        self, surface: pygame.Surface, th: Theme, rect: pygame.Rect, decision: Decision, body: int
    ) -> None:
        """One of the costliest moves: its mark, where and what it was, the points it lost."""
        hovered = self._hover is not None and rect.collidepoint(self._hover)
        surfaces.draw_panel(
            surface,
            rect,
            (*mix(th.panel[:3], (255, 255, 255), 0.14 if hovered else 0.07), 235),
            th.panel_edge,
            rect.h // 3,
            1,
        )
        mark = max(14, rect.h - 6)
        draw_mark(surface, decision.label, (rect.x + 6 + mark // 2, rect.centery), mark, th)
        points = words.points_words(decision.points_lost)
        psize = typeset.fit_text_size(points, body, rect.w // 3, bold=True)
        pr = typeset.blit_text(
            surface, points, psize, th.text, bold=True, midright=(rect.right - 8, rect.centery)
        )
        # Translators: a row of the costliest moves: "Round 2: 3|4 on the Mexican train"
        what = _("Round {round}: {move}").format(
            round=decision.round,
            move=words.move_phrase(
                decision.made, self.record.players, self.record.names, self.seat
            ),
        )
        left = rect.x + mark + 14
        typeset.blit_text(
            surface, what, body, th.text, max_width=pr.left - 8 - left, midleft=(left, rect.centery)
        )

    def _foot(self, room: int, small: int) -> list[FootLine]:
        """The guesses line (wrapped) and the labels' thresholds, each with its mark, in rows."""
        line_h = typeset.text_height(small)
        out: list[FootLine] = [
            (line, line_h)
            for line in typeset.wrap(words.guesses_words(self.review.guesses), small, room)
        ]
        entries = [
            ("good", words.under_words("good", analysis.INACCURACY)),
            ("inaccuracy", words.threshold_words("inaccuracy", analysis.INACCURACY)),
            ("mistake", words.threshold_words("mistake", analysis.MISTAKE)),
            ("blunder", words.threshold_words("blunder", analysis.BLUNDER)),
            ("forced", words.label_name("forced")),
        ]
        rows: list[list[tuple[str, str]]] = [[]]
        used = 0
        gap = max(10, small)
        for label, text in entries:
            need = small + 4 + typeset.text_width(text, small) + gap
            if rows[-1] and used + need > room:
                rows.append([])
                used = 0
            rows[-1].append((label, text))
            used += need
        out += [(row, line_h) for row in rows]
        return out


def _line(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: RGB,
    inner: pygame.Rect,
    y: int,
    bold: bool = False,
    centred: bool = False,
) -> pygame.Rect:
    """A line of the page at ``y``, from its left edge (or ``centred``), cut to its width."""
    if centred:
        return typeset.blit_text(
            surface, text, size, colour, bold=bold, max_width=inner.w, midtop=(inner.centerx, y)
        )
    return typeset.blit_text(
        surface, text, size, colour, bold=bold, max_width=inner.w, topleft=(inner.x, y)
    )
