"""The ladder scene: every table of the ladder in order, as the player meets them.

:class:`LadderScene` lists every level (``levels/*.toml``) in ladder order: locked, open or
cleared with one to three stars, its name, its one-line description, its opponents and its
rules in brief. Choosing an open or cleared level deals its match; a locked one only says what
opens it. Which level is open is :func:`game.levels.ladder_state`'s answer, never this
screen's. The list scrolls (wheel, drag, or the focus moving off screen) when it is longer than
the screen. Keyboard and gamepad: Up/Down (d-pad, Tab, shoulders) go along the levels and on to
Back; Enter/A plays the focused level; Esc/B goes back.

The levels and the player's progress come from :mod:`game.scenes.kit.progress`; each level is
drawn as a card by :mod:`game.scenes.kit.level_card`. The daily table is
:mod:`game.scenes.pages.daily`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.input.focus import FocusItem
from game.levels import (
    CLEARED,
    LOCKED,
    MAX_STARS,
    OPEN,
    LadderEntry,
    Level,
    LevelError,
    ladder_state,
)
from game.match.session import MatchConfig
from game.scenes import flow
from game.scenes.kit.card_list import CardListScene
from game.scenes.kit.level_card import CardLayout, draw_card, draw_notice
from game.scenes.kit.progress import ladder_levels, ladder_refusals, load_progress
from game.view import controls
from game.view.layout import ui_scale
from game.view.panels import page_header

if TYPE_CHECKING:
    from game.app import App


class LadderScene(CardListScene):
    """Every level in order; choose an open or cleared one to play it.

    Level files that could not be loaded are named, each with its reason, in a notice after the
    last level (``refusals``; by default those of ``levels/``). The notice takes the focus on
    the way from the last level to Back, so a keyboard or a gamepad brings it into view, and
    activating it does nothing. The ladder goes on past a missing level: the level after it
    opens when the one before it is cleared (see :func:`game.levels.ladder_state`).
    """

    def __init__(
        self,
        app: App,
        levels: Sequence[Level] | None = None,
        seed: int | None = None,
        refusals: Sequence[LevelError] | None = None,
    ) -> None:
        super().__init__(app)
        self.levels = tuple(ladder_levels() if levels is None else levels)
        if refusals is None:
            refusals = ladder_refusals() if levels is None else ()
        self.refusals = tuple(refusals)
        self.custom = levels is not None  # not levels/: the match end must know this ladder
        self.seed = seed  # the deal of levels without a fixed one (None: a fresh one each time)
        self.entries: list[LadderEntry] = []
        self.init_list()
        self.back_button = controls.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back)
        self.buttons = [self.back_button]
        self.refresh()
        self._layout()
        self.show_first(self.default_index())

    # ------------------------------------------------------------------ state

    @override
    def refresh(self) -> None:
        """Read the progress again (a match may have changed it)."""
        self.entries = ladder_state(self.levels, load_progress(self.app).ladder)

    def default_index(self) -> int:
        """The level to start on: the first open, not yet cleared one (else the first)."""
        return next((i for i, e in enumerate(self.entries) if e.status == OPEN), 0)

    def choose(self, index: int) -> bool:
        """Play the level at ``index``; a locked level only says what opens it. True if dealt
        (or asked first, when a saved match would be replaced)."""
        if not 0 <= index < len(self.entries):
            return False
        entry = self.entries[index]
        if entry.status == LOCKED:
            before = self.entries[index - 1].level if index > 0 else None
            if before is not None:
                message = _("Clear {name} first to open this table").format(name=_(before.name))
                self.app.notify(message, 3.0)
            return False
        ladder = self.levels if self.custom else None
        flow.start_match(self.app, MatchConfig.for_level(entry.level, self.seed, ladder))
        return True

    def pick(self, index: int) -> None:
        """:meth:`choose` as the focus activates it."""
        self.choose(index)

    # ------------------------------------------------------------------ layout

    @override
    def _layout(self) -> None:
        u = ui_scale(self.size)
        # under the title: the summary line (as draw places it)
        card_w = self.place_list(round(max(11, round(18 * u)) * 1.4) + max(10, round(18 * u)))
        self.card = CardLayout(u, card_w)
        self.gap = max(6, round(12 * u))
        # Each card as tall as its wrapped lines (in the current language).
        heights = [self.card.height(entry.level) for entry in self.entries]
        if self.refusals:
            heights.append(self.card.notice_height(self.refusals))
        self.place_cards(heights, self.gap)

    @property
    def rows(self) -> int:
        """Cards in the list: the levels, then the notice of refused files if there is one."""
        return len(self.entries) + (1 if self.refusals else 0)

    @property
    def notice_index(self) -> int | None:
        """The row of the notice of refused files (after the levels), or None."""
        return len(self.entries) if self.refusals else None

    @property
    @override
    def tappable(self) -> int:
        """The levels answer a tap; the notice after them does not."""
        return len(self.entries)

    def show_first(self, index: int) -> None:
        """Open with the card at ``index`` in view and whole cards above it (none cut)."""
        if not 0 <= index < self.rows:
            return
        bottom = self.tops[index] + self.heights[index]
        first = index
        while first > 0 and bottom - self.tops[first - 1] <= self.view.h:
            first -= 1
        self.scroll_to(self.tops[first], instant=True)

    @override
    def tap(self, index: int, pos: tuple[int, int]) -> None:
        self.choose(index)

    # ------------------------------------------------------------------ keyboard and gamepad

    @override
    def focus_items(self) -> list[FocusItem]:
        items = []
        start = self.default_index()
        for index, entry in enumerate(self.entries):
            items.append(
                FocusItem(
                    ("level", entry.level.id),
                    self.card_rect(index),
                    functools.partial(self.pick, index),
                    primary=index == start,
                )
            )
        notice = self.notice_index
        if notice is not None:  # only to bring it into view: activating it does nothing
            items.append(FocusItem(("notice", "refused"), self.card_rect(notice)))
        if self.back_button.active:
            items.append(FocusItem(("button", "back"), self.back_button.rect, self.back))
        return items

    @override
    def focused_index(self) -> int | None:
        key = self.nav.key
        for index, entry in enumerate(self.entries):
            if key == ("level", entry.level.id):
                return index
        if key == ("notice", "refused"):
            return self.notice_index
        return None

    @override
    def hints(self) -> list[tuple[str, str]]:
        if self.nav.key == ("notice", "refused"):  # nothing to play there
            return [("move", _("Choose")), ("back", _("Back"))]
        return [("move", _("Choose")), ("activate", _("Play")), ("back", _("Back"))]

    # ------------------------------------------------------------------ time and drawing

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        page_header(surface, _("Ladder"), self.summary(), th, u)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(12, 6).clip(clip))
        focused = self.focused_index()
        for index, entry in enumerate(self.entries):
            rect = self.card_rect(index)
            if not self.card_shown(rect):
                continue
            lit = index == self.hover or index == focused
            draw_card(
                surface,
                rect,
                entry,
                str(index + 1),
                self.card,
                th,
                lit=lit,
                alpha=self.appear(index),
            )
        notice = self.notice_index
        if notice is not None:
            rect = self.card_rect(notice)
            if self.card_shown(rect):
                lit = notice == focused
                draw_notice(
                    surface, rect, self.refusals, self.card, th, lit=lit, alpha=self.appear(notice)
                )
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        self.back_button.draw(surface, th, u)

    def summary(self) -> str:
        cleared = sum(1 for e in self.entries if e.status == CLEARED)
        stars = sum(e.stars for e in self.entries)
        tables = ngettext(
            "{cleared} of {total} table cleared",
            "{cleared} of {total} tables cleared",
            len(self.entries),
        ).format(cleared=cleared, total=len(self.entries))
        earned = ngettext(
            "{n} of {total} star", "{n} of {total} stars", MAX_STARS * len(self.entries)
        ).format(n=stars, total=MAX_STARS * len(self.entries))
        return f"{tables} · {earned}"
