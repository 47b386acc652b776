"""Statistics: matches played to the end, won, best and average scores, overall and per level.

Read from the store when the page opens (game.store.home keeps them; game.match.keeper counts each
match as it ends). Scores are match totals: under penalty scoring the lowest is the best.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import N_, _
from game.input.intents import Act
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale
from game.view.panels import button_row
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App
    from game.store.home import Statistics, Tally

# msgids, translated when drawn
COLUMNS = (
    N_("Games"),
    N_("Wins"),
    N_("Win rate"),
    # Translators: the best match total
    N_("Best"),
    N_("Average"),
)


def tally_cells(tally: Tally) -> tuple[str, ...]:
    """One row's figures as text.

    >>> from game.store.home import Tally
    >>> t = Tally(); t.add(40, True); t.add(90, False)
    >>> tally_cells(t)
    ('2', '1', '50%', '40', '65')
    """
    if not tally.games:
        return ("0", "0", "-", "-", "-")
    average = tally.average_score
    return (
        str(tally.games),
        str(tally.wins),
        _("{n}%").format(n=round(100 * tally.wins / tally.games)),
        str(tally.best_score),
        f"{average:.0f}" if average is not None else "-",
    )


def puzzle_standing(app: App) -> str | None:
    """The puzzles in one line (rating and solved, as their page says them), once one is tried."""
    from game.puzzles.shipped import shipped_puzzles
    from game.scenes.kit.progress import load_progress
    from game.scenes.kit.puzzle_record import standing_lines

    progress = load_progress(app).puzzles
    if not progress.tries:
        return None
    rating, solved = standing_lines(progress, len(shipped_puzzles()), date.today())[:2]
    return f"{rating} · {solved}"


class StatisticsScene(ButtonScene):
    def __init__(self, app: App, statistics: Statistics | None = None) -> None:
        super().__init__(app)
        if statistics is None:
            from game.store.home import Statistics

            store = app.store
            statistics = store.load_statistics() if store is not None else Statistics()
            app.take_notices()
        self.statistics = statistics
        self.puzzle_line = puzzle_standing(app)
        self.back_button = controls.Button(
            _("Back"), pygame.Rect(0, 0, 10, 10), self.back, primary=True
        )
        self.recent_button = controls.Button(
            _("Recent matches"), pygame.Rect(0, 0, 10, 10), self.recent
        )
        # Recent matches (to review one) with a store to keep them; Back is the main button
        self.buttons = (
            [self.recent_button, self.back_button] if app.store is not None else [self.back_button]
        )
        self._layout()

    def recent(self) -> None:
        self.app.push(flow.recent(self.app))

    def rows(self) -> list[tuple[str, tuple[str, ...]]]:
        from game.match.session import KIND_LABELS, kind_label

        order = list(KIND_LABELS)
        stats = self.statistics
        out = [(_("All matches"), tally_cells(stats.overall))]
        levels = sorted(
            stats.levels.items(),
            key=lambda i: (order.index(i[0]) if i[0] in order else len(order), i[0]),
        )
        for level, tally in levels:
            # Translators: a row of the statistics; {level} is Easy, Normal, Hard ...
            out.append((_("{level} opponents").format(level=kind_label(level)), tally_cells(tally)))
        return out

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        bw, bh = max(140, round(220 * u)), max(32, round(50 * u))
        self.back_button.label = _("Back")
        self.recent_button.label = _("Recent matches")
        gap = max(10, round(20 * u))
        n = len(self.buttons)
        label = typeset.text_width(self.recent_button.label, round(bh * 0.42), bold=True) + 28
        bw = max(bw, min(label, round(320 * u))) if n > 1 else bw
        bw = min(bw, (width - (n + 1) * gap) // n)
        button_row(self.buttons, (width // 2, height - round(40 * u)), (bw, bh), gap)

    bindings = {Act.BACK: ("escape", "backspace")}

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width, height = surface.get_size()
        title = typeset.page_title(surface, _("Statistics"), th, u, round(30 * u))
        rows = self.rows()
        top = title.bottom + round(24 * u)
        bottom = self.back_button.rect.top - round(24 * u)
        pw = min(width - 24, max(600, round(900 * u) + 40))  # long headers need the room
        label_w = round(pw * 0.34)
        col_w = (pw - label_w - round(24 * u)) // len(COLUMNS)
        row_h = max(24, min(round(52 * u), (bottom - top) // (len(rows) + 2)))
        size = max(11, min(round(20 * u), row_h // 2))
        # one size for all the headers (and one for all the labels): the longest word sets it
        heads = [i18n.translate(head) for head in COLUMNS]
        readable = max(11, size * 2 // 3)
        stacked = any(typeset.text_width(h, readable, bold=True) > col_w - 6 for h in heads)
        if stacked:
            # Too small beside the labels (a narrow window, long words): each label goes over
            # its figures, and the figures and their headers take the panel's whole width, a
            # header on two lines if it must (broken at a space or after a hyphen).
            label_w = 0
            col_w = (pw - round(24 * u)) // len(COLUMNS)
            pieces = [part for h in heads for word in h.split() for part in i18n.word_parts(word)]
            hsize = min(
                typeset.fit_text_size(piece, size, col_w - 6, bold=True) for piece in pieces
            )
            head_lines = [typeset.wrap(h, hsize, col_w - 6, bold=True) for h in heads]
        else:
            hsize = min(typeset.fit_text_size(h, size, col_w - 6, bold=True) for h in heads)
            head_lines = [[h] for h in heads]
        line_h = round(hsize * 1.35)
        head_h = max(row_h, line_h * max(len(lines) for lines in head_lines) + round(8 * u))
        if stacked:
            row_h = max(
                2 * round(size * 1.45),
                min(round(84 * u), (bottom - top - head_h) // (len(rows) + 1)),
            )
        panel = pygame.Rect(0, top, pw, head_h + row_h * len(rows) + round(24 * u))
        panel.centerx = width // 2
        surfaces.draw_panel(surface, panel, (*th.panel[:3], 225), th.panel_edge, round(14 * u), 1)
        x0 = panel.left + round(16 * u)
        y = panel.top + round(12 * u)
        lsize = min(
            typeset.fit_text_size(label, size, (label_w or pw - round(32 * u)) - 8, bold=True)
            for label, _c in rows
        )
        for i, lines in enumerate(head_lines):
            cx = x0 + label_w + col_w * i + col_w // 2
            cy = y + head_h // 2 - (len(lines) - 1) * line_h // 2
            for n, head_line in enumerate(lines):
                typeset.blit_text(
                    surface,
                    head_line,
                    hsize,
                    th.text_dim,
                    bold=True,
                    max_width=col_w - 6,
                    center=(cx, cy + n * line_h),
                )
        y += head_h - row_h
        for rank, (label, cells) in enumerate(rows):
            y += row_h
            appear = min(1.0, max(0.0, (self.time - rank * 0.06) / 0.25))
            alpha = round(255 * appear)
            if rank == 0:
                line = pygame.Rect(panel.left + 8, y, panel.w - 16, row_h)
                fill = (*mix(th.panel[:3], th.accent, 0.16), 220)
                surfaces.draw_panel(surface, line, fill, None, round(8 * u), 0)
            # beside its figures, or over them (stacked): the label's and the figures' middles
            label_y = y + (row_h // 4 if stacked else row_h // 2)
            cells_y = y + (row_h * 3 // 4 if stacked else row_h // 2)
            typeset.blit_text(
                surface,
                label,
                lsize,
                th.text,
                bold=True,
                alpha=alpha,
                midleft=(x0, label_y),
            )
            for i, cell in enumerate(cells):
                cx = x0 + label_w + col_w * i + col_w // 2
                colour = th.accent if i == 1 else th.text
                typeset.blit_text(
                    surface,
                    cell,
                    size,
                    colour,
                    bold=True,
                    alpha=alpha,
                    max_width=col_w - 6,
                    center=(cx, cells_y),
                )
        note = _(
            "Scores are match totals: the best is the lowest (the highest when scoring is positive)"
        )
        if not self.statistics.overall.games:
            note = _("No match played to the end yet: finish one and it is counted here")
        nsize = max(10, round(16 * u))
        y = panel.bottom + round(12 * u)
        for words in typeset.wrap(note, nsize, pw):
            y = typeset.blit_text(surface, words, nsize, th.text_dim, midtop=(width // 2, y)).bottom
        if self.puzzle_line is not None:  # the puzzles, below the matches' table and its note
            y += round(14 * u)
            psize = typeset.fit_text_size(self.puzzle_line, max(11, round(18 * u)), pw, bold=True)
            typeset.blit_text(
                surface, self.puzzle_line, psize, th.text, bold=True, midtop=(width // 2, y)
            )
        for button in self.buttons:
            button.draw(surface, th, u)
