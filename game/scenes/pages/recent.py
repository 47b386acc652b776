"""Recent matches: the last finished matches, newest first, each with a Review button.

Each row shows when the match ended, its table (quick play, a level's name, the daily table...),
the person's result (place and points; in pass and play, who won) and the rules in brief.
Choosing a row (its Review button, a tap anywhere on it, Enter or A on the focused row) reviews
the match (:func:`game.scenes.review.reviewing.review_recent`). The list scrolls (wheel, drag, Page
Up/Down, Home/End, or the focus moving off screen). Keyboard and gamepad: Up/Down (d-pad, Tab,
shoulders) go along the rows and on to Back; Esc/B goes back. The matches are read from the
store's ``recent/`` folder (:mod:`game.store.recent`) when the page opens and when it comes back.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _
from game.input.focus import FocusItem
from game.input.intents import Act
from game.scenes import flow
from game.scenes.kit.card_list import CardListScene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App
    from game.store.recent import RecentMatch


class RowLayout:
    """Sizes of a row for a given scale and width, and the lines each row holds."""

    def __init__(self, u: float, width: int) -> None:
        self.width = width
        self.pad = max(8, round(14 * u))
        self.title_size = max(13, round(23 * u))
        self.body_size = max(11, round(18 * u))
        self.small_size = max(10, round(15 * u))
        self.button_h = max(28, round(40 * u))
        self.button_gap = max(4, round(8 * u))
        widest = max(
            typeset.text_width(label, round(self.button_h * 0.42), bold=True)
            for label in (_("Review"), _("Replay"))
        )
        self.button_w = min(width // 3, max(round(110 * u), widest + 28))
        self.text_w = width - 3 * self.pad - self.button_w

    def line(self, size: int) -> int:
        return round(size * 1.32)

    def lines(self, item: RecentMatch) -> list[tuple[str, int]]:
        """The row's lines under its title, wrapped to its width: (text, size)."""
        out = [(item.result_text(), self.body_size)]
        details = f"{item.when()} · {item.rules_text()}"
        out += [
            (line, self.small_size) for line in typeset.wrap(details, self.small_size, self.text_w)
        ]
        if item.practice:
            note = _("Practice match: no stars and no statistics")
            out += [
                (line, self.small_size) for line in typeset.wrap(note, self.small_size, self.text_w)
            ]
        return out

    def height(self, item: RecentMatch) -> int:
        text = self.line(self.title_size) + sum(self.line(size) for _, size in self.lines(item))
        return 2 * self.pad + max(2 * self.button_h + self.button_gap, text)


class RecentScene(CardListScene):
    """The last finished matches; choose one to review it."""

    def __init__(self, app: App, items: list[RecentMatch] | None = None) -> None:
        """``items``: the matches to list (the screenshot run's); by default the store's."""
        super().__init__(app)
        self.given = items
        self.items: list[RecentMatch] = []
        self.init_list()
        self.back_button = controls.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back)
        self.buttons = [self.back_button]
        self.row_buttons: list[tuple[controls.Button, controls.Button]] = []
        self.refresh()
        self._layout()

    # ------------------------------------------------------------------ state

    @override
    def refresh(self) -> None:
        """Read the kept matches again (a match may have ended, a broken one been set aside)."""
        store = self.app.store
        if self.given is not None or store is None:
            self.items = list(self.given or [])
            return
        from game.store.recent import RecentMatches

        self.items = RecentMatches(store).entries()
        self.app.take_notices()  # an entry set aside: say so

    def choose(self, index: int) -> bool:
        """Review the match at ``index``; True if its review opened (or its question)."""
        if not 0 <= index < len(self.items):
            return False
        if flow.review_recent(self.app, self.items[index]):
            return True
        self.resume()  # it could not be read: it is gone from the list, the notice says why
        return False

    def pick(self, index: int) -> None:
        """:meth:`choose` as the focus activates it."""
        self.choose(index)

    def replay(self, index: int) -> None:
        """Watch the match at ``index`` again on the table (Back returns here)."""
        store = self.app.store
        if not 0 <= index < len(self.items) or store is None:
            return
        from game.store.recent import RecentMatches

        item = self.items[index]
        loaded = RecentMatches(store).load_record(item)
        self.app.take_notices()
        if loaded is None:
            self.resume()  # it could not be read: gone from the list, the notice says why
            return
        self.app.push(flow.replay(self.app, loaded[0], item.name(), back=True))

    # ------------------------------------------------------------------ layout

    def subtitle(self) -> str:
        return _("Your last finished matches, newest first: review one to see what each move cost")

    @override
    def _layout(self) -> None:
        width, _height = self.size
        u = ui_scale(self.size)
        # under the title: the words under it (as draw places them), wrapped to the width
        self.words_size = max(11, round(18 * u))
        self.words = typeset.wrap(self.subtitle(), self.words_size, width - 40)
        under = len(self.words) * typeset.text_height(self.words_size) + max(10, round(14 * u))
        row_w = self.place_list(under)
        self.row = RowLayout(u, row_w)
        self.gap = max(6, round(10 * u))
        self.place_cards([self.row.height(item) for item in self.items], self.gap)
        self.row_buttons = [
            (
                controls.Button(
                    _("Review"), pygame.Rect(0, 0, 10, 10), functools.partial(self.pick, i)
                ),
                controls.Button(
                    _("Replay"), pygame.Rect(0, 0, 10, 10), functools.partial(self.replay, i)
                ),
            )
            for i in range(len(self.items))
        ]

    def row_rect(self, index: int, scroll: float | None = None) -> pygame.Rect:
        """Where row ``index`` is on screen (it may be off the list's view)."""
        return self.card_rect(index, scroll)

    def review_rect(self, index: int) -> pygame.Rect:
        """Where row ``index``'s Review button is on screen (Replay's under it)."""
        row, lay = self.row_rect(index), self.row
        rect = pygame.Rect(0, 0, lay.button_w, lay.button_h)
        rect.bottomright = (row.right - lay.pad, row.centery - lay.button_gap // 2)
        return rect

    def replay_rect(self, index: int) -> pygame.Rect:
        """Where row ``index``'s Replay button is on screen."""
        rect = self.review_rect(index)
        return rect.move(0, rect.h + self.row.button_gap)

    @override
    def tap(self, index: int, pos: tuple[int, int]) -> None:
        if self.replay_rect(index).collidepoint(pos):
            self.replay(index)
        else:  # the Review button, or anywhere else on the row
            self.choose(index)

    # ------------------------------------------------------------------ keyboard and gamepad

    @override
    def focus_grid(self) -> list[list[FocusItem]]:
        """What the focus can rest on, by row: each match's Review and Replay, then Back."""
        grid = [
            [
                FocusItem(
                    ("review", item.key),
                    self.review_rect(index),
                    functools.partial(self.pick, index),
                    primary=index == 0,
                ),
                FocusItem(
                    ("replay", item.key),
                    self.replay_rect(index),
                    functools.partial(self.replay, index),
                ),
            ]
            for index, item in enumerate(self.items)
        ]
        if self.back_button.active:
            grid.append(
                [FocusItem(("button", "back"), self.back_button.rect, self.back, not self.items)]
            )
        return grid

    @override
    def focus_items(self) -> list[FocusItem]:
        return [item for row in self.focus_grid() for item in row]

    @override
    def focused_index(self) -> int | None:
        key = self.nav.key
        for index, item in enumerate(self.items):
            if key in (("review", item.key), ("replay", item.key)):
                return index
        return None

    @override
    def move_focus(
        self, grid: list[list[FocusItem]], items: list[FocusItem], current: FocusItem, act: Act
    ) -> FocusItem:
        """Up and down along the rows in order, keeping the column (Back sits nearer than a row
        scrolled out of view); left and right within the row."""
        row = next(r for r, line in enumerate(grid) if current in line)
        column = grid[row].index(current)
        if act in (Act.UP, Act.DOWN):
            row = max(0, min(len(grid) - 1, row + (-1 if act == Act.UP else 1)))
        else:
            column += -1 if act == Act.LEFT else 1
        line = grid[row]
        return line[max(0, min(len(line) - 1, column))]

    @override
    def hints(self) -> list[tuple[str, str]]:
        """The keys' strip: Enter or A named for what it does on the focus (or the default)."""
        if not self.items:
            return [("activate", _("Back"))]
        items = self.focus_items()
        target = self.nav.current(items) or self.nav.default(items)
        kind = target.key[0] if target is not None and isinstance(target.key, tuple) else ""
        if kind == "button":  # on Back: Enter and Esc do the same
            return [("move", _("Choose")), ("activate", _("Back"))]
        doing = _("Replay") if kind == "replay" else _("Review")
        return [("move", _("Choose")), ("activate", doing), ("back", _("Back"))]

    # ------------------------------------------------------------------ time and drawing

    @override
    def update(self, dt: float) -> None:
        super().update(dt)
        for index, (review, replay) in enumerate(self.row_buttons):
            review.rect, replay.rect = self.review_rect(index), self.replay_rect(index)
            review.update(dt)
            replay.update(dt)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width, _height = surface.get_size()
        head = typeset.page_title(
            surface, _("Recent matches"), th, u, max(10, round(30 * u)), margin=40
        )
        y = head.bottom + max(2, round(6 * u))
        for line in self.words:
            y = typeset.blit_text(
                surface, line, self.words_size, th.text, shadow=True, midtop=(width // 2, y)
            ).bottom
        if not self.items:
            self._draw_empty(surface)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(12, 6).clip(clip))
        focused = self.focused_index()
        for index, item in enumerate(self.items):
            rect = self.row_rect(index)
            if not self.card_shown(rect):
                continue
            lit = index in (self.hover, focused)
            self._draw_row(surface, rect, item, lit, self.appear(index))
            for button, where in zip(
                self.row_buttons[index],
                (self.review_rect(index), self.replay_rect(index)),
                strict=True,
            ):
                button.rect = where
                button.hover = self.hover_pos is not None and where.collidepoint(self.hover_pos)
                button.draw(surface, th, u)
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        self.back_button.draw(surface, th, u)

    def _draw_row(
        self, surface: pygame.Surface, rect: pygame.Rect, item: RecentMatch, lit: bool, alpha: int
    ) -> None:
        th = self.app.theme
        row = self.row
        won = item.seat in item.winners and len(item.people) == 1
        tint = (0.16 if won else 0.06) + (0.12 if lit else 0.0)
        fill = (*mix(th.panel[:3], th.accent, tint), 225)
        surfaces.draw_panel(surface, rect, fill, th.accent if lit else th.panel_edge, row.pad, 1)
        x = rect.x + row.pad
        y = rect.y + row.pad
        title_h = row.line(row.title_size)
        typeset.blit_text(
            surface,
            item.title(),
            row.title_size,
            th.text,
            bold=True,
            alpha=alpha,
            max_width=row.text_w,
            midleft=(x, y + title_h // 2),
        )
        y += title_h
        for index, (line, size) in enumerate(row.lines(item)):
            first = index == 0
            typeset.blit_text(
                surface,
                line,
                size,
                th.accent if first else th.text_dim,
                bold=first,
                alpha=alpha,
                max_width=row.text_w,
                topleft=(x, y),
            )
            y += row.line(size)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        size = max(12, round(20 * self.scale))
        words = _("No finished match yet: play one to its end and it is kept here to review")
        y = self.view.y + self.view.h // 3
        for line in typeset.wrap(words, size, self.view.w - 20):
            y = typeset.blit_text(
                surface, line, size, th.text, midtop=(self.view.centerx, y)
            ).bottom
