"""The review table: a person steps through their reviewed decisions on the replay table.

The table (:class:`game.view.table.TableView`, as the replay shows it) stands where the
reviewed seat sat, just before the focused decision: that seat's hand in the tray, the others'
hidden, the position rebuilt by replaying the record (:func:`game.ai.review.decisions_of`). The
better move shows as a hint does at the table (its tile lifts, its train lights, the tile
faded at that train's end) and the move made is marked too ("Played" on the tile, faded on
its train); a sentence under the table says what the analysis found.

Under it, the timeline: a mark per decision, grouped by round, coloured, shaped and lettered by
label (:mod:`game.view.review`). Click or tap a mark to go there (drag the strip, or its end
arrows, when the marks do not all fit); a swipe across the table steps; Next mistake /
Previous mistake jump among the inaccuracies, mistakes and blunders. Keys and pads: Left/Right
(arrows, d-pad) step; Tab/Shift+Tab, PageDown/PageUp and the shoulders jump to the
next/previous mistake; Up/Down move the focus over the buttons, Enter or A presses it (Next
mistake when nothing is focused); S or Y opens the summary; Home/End go to the first/last
decision; Esc, B or Back go back (closing the summary first when it is open).

The summary page (:mod:`game.scenes.review.review_summary`): accuracy, points lost per round (a bar
chart), the three costliest mistakes (each jumps there), the guesses used and the labels'
thresholds. The tags, the sentence box and the marks' tips are drawn by
:mod:`game.scenes.review.review_overlay`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.ai.review import Decision, Review, decisions_of
from game.i18n import _
from game.input.focus import FocusItem, button_items
from game.input.intents import Act, Device, Intent
from game.input.keymap import PAGING
from game.match.session import YOU
from game.rules import GameState, Play
from game.rules.record import Record, RecordError, replay_steps
from game.scenes.kit.base import Scene
from game.scenes.review import review_words as words
from game.scenes.review.review_overlay import draw_mark_tip, draw_moves, draw_sentence
from game.scenes.review.review_summary import SummaryPage
from game.scenes.review.review_words import is_mistake
from game.view import controls, surfaces, typeset
from game.view.layout import is_portrait, ui_scale
from game.view.review import Timeline
from game.view.table import TableView
from game.view.theme import Theme

if TYPE_CHECKING:
    from game.app import App

DRAG_START = 8  # px a press on the timeline moves before it scrolls instead of choosing


@dataclass
class ReviewRects:
    """Where the scene's parts sit (the table view takes the top, from (0, 0))."""

    view: pygame.Rect
    sentence: pygame.Rect
    strip: pygame.Rect
    row: pygame.Rect  # held upright: Summary and Back under the timeline (empty otherwise)
    body: int  # text sizes of the sentence and of its second line
    small: int
    sentence_lines: int
    detail_lines: int


def review_rects(size: tuple[int, int]) -> ReviewRects:
    """The scene's parts for a window of ``size``: the table, the sentence, the timeline."""
    width, height = size
    u = ui_scale(size)
    portrait = is_portrait(size)
    margin = max(4, round(8 * u))
    body = max(13, round(20 * u))
    small = max(12, round(16 * u))
    sentence_lines, detail_lines = (3, 2) if portrait else (2, 1)
    pad = max(4, round(6 * u))
    sentence_h = (
        sentence_lines * typeset.text_height(body)
        + detail_lines * typeset.text_height(small)
        + 2 * pad
    )
    strip_h = max(40, round(58 * u))
    row_h = max(32, round(46 * u)) if portrait else 0
    bottom = sentence_h + strip_h + row_h + margin * (3 if portrait else 2)
    view = pygame.Rect(0, 0, width, max(200, height - bottom))
    sentence = pygame.Rect(margin, view.bottom, width - 2 * margin, sentence_h)
    strip = pygame.Rect(margin, sentence.bottom + margin // 2, width - 2 * margin, strip_h)
    row = pygame.Rect(margin, strip.bottom + margin, width - 2 * margin, row_h)
    return ReviewRects(view, sentence, strip, row, body, small, sentence_lines, detail_lines)


class ReviewTableScene(Scene):
    """Step through one seat's reviewed decisions on the table, with the timeline under it."""

    def __init__(self, app: App, record: Record, review: Review, name: str) -> None:
        super().__init__(app)
        self.record = record
        self.review = review
        self.name = name
        self.problem = ""  # a record the review does not match: said, never a crash
        seated = 0 <= review.seat < record.players
        self.seat = review.seat if seated else 0
        moments: list[tuple[GameState, object]] = []
        try:
            if seated:
                moments = list(decisions_of(record, self.seat))
            else:
                self.problem = _("This review is of a seat this match does not have.")
        except RecordError as error:
            self.problem = _("Line {line}: {reason}").format(line=error.line, reason=error.reason)
        count = min(len(moments), len(review.decisions))
        if len(moments) != len(review.decisions) and not self.problem:
            self.problem = _("This review does not match its record: some moves are missing.")
        self.states = [state for state, _action in moments[:count]]
        self.decisions: list[Decision] = list(review.decisions[:count])
        mistakes = [i for i, d in enumerate(self.decisions) if is_mistake(d)]
        self.index: int | None = (mistakes[0] if mistakes else 0) if self.decisions else None
        self.summary_open = False
        self.rects = review_rects(app.size)
        settings = app.settings
        self.view = TableView(
            self.rects.view.size,
            record.players,
            record.names,
            self.seat,
            app.theme,
            app.renderer,
            settings.numerals,
            settings.large_tiles,
        )
        self.view.pause_shown = False  # nothing to pause: the top bar's end stays empty
        self.timeline = Timeline([(d.round, d.label) for d in self.decisions])
        self.buttons: dict[str, controls.Button] = {
            # Translators: review buttons: jump to the previous / next move that lost points
            "prev": controls.Button(
                _("Previous mistake"), pygame.Rect(0, 0, 1, 1), self.previous_mistake
            ),
            "next": controls.Button(
                _("Next mistake"), pygame.Rect(0, 0, 1, 1), self.next_mistake, primary=True
            ),
            # Translators: a review button: the match's figures (accuracy, points lost)
            "summary": controls.Button(_("Summary"), pygame.Rect(0, 0, 1, 1), self.toggle_summary),
            "back": controls.Button(_("Back"), pygame.Rect(0, 0, 1, 1), self.back),
        }
        self.summary = SummaryPage(
            record, review, self.decisions, self.seat, name, self.toggle_summary, self.jump
        )
        self._press: tuple[int, int] | None = None  # a press on the timeline
        self._dragged = False
        self._swipe: tuple[int, int] | None = None  # a press on the table
        self._mark_hover: int | None = None  # the mark under the mouse
        self._place()
        self.show(self.index)
        if self.problem and self.decisions:
            problem = self.problem
            self.view.show_toast(lambda: problem, "refusal", 6.0)

    # ------------------------------------------------------------------ layout

    def _place(self) -> None:
        rects = self.rects
        lay = self._placed_for = self.view.layout
        u = lay.scale
        buttons = self.buttons
        if lay.portrait:
            row = pygame.Rect(lay.tray_left.x, lay.tray_left.y, rects.row.w, lay.tray_left.h)
            bh = min(max(28, round(40 * u)), row.h - 2)
            gap = max(4, round(8 * u))
            half = (row.w - gap) // 2
            y = row.centery - bh // 2
            buttons["prev"].rect = pygame.Rect(row.x, y, half, bh)
            buttons["next"].rect = pygame.Rect(row.x + half + gap, y, half, bh)
            bottom = rects.row
            buttons["summary"].rect = pygame.Rect(bottom.x, bottom.y, half, bottom.h)
            buttons["back"].rect = pygame.Rect(bottom.x + half + gap, bottom.y, half, bottom.h)
        else:
            gap = max(3, round(6 * u))
            for column, (top_key, bottom_key) in (
                (lay.tray_left, ("prev", "next")),
                (lay.tray_right, ("summary", "back")),
            ):
                bh = min(max(28, round(40 * u)), (column.h - 3 * gap) // 2)
                mid = column.centery
                buttons[top_key].rect = pygame.Rect(
                    column.x + 4, mid - gap // 2 - bh, column.w - 8, bh
                )
                buttons[bottom_key].rect = pygame.Rect(
                    column.x + 4, mid + gap // 2, column.w - 8, bh
                )
        self.timeline.place(rects.strip, ui_scale(self.size))
        self.timeline.follow(self.index)

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self.rects = review_rects(size)
        self.view.resize(self.rects.view.size)
        self._place()

    @override
    def language_changed(self) -> None:
        self.view.language_changed()
        self.resize(self.size)

    # ------------------------------------------------------------------ moving about

    @property
    def decision(self) -> Decision | None:
        return self.decisions[self.index] if self.index is not None else None

    def show(self, index: int | None) -> None:
        """Stand at decision ``index``: the table just before it, the better move pointed at."""
        view = self.view
        if index is None or not self.decisions:
            self.index = None
            final = self._final_state()
            if final is not None:
                view.load_state(final, self.seat)
            view.hint_tile = view.hint_train = view.tray.hinted = None
            return
        self.index = max(0, min(len(self.decisions) - 1, index))
        state = self.states[self.index]
        view.load_state(state, self.seat)
        best = self.decisions[self.index].best
        play = best if isinstance(best, Play) else None
        view.hint_tile = play.tile if play is not None else None
        view.hint_train = play.train if play is not None else None
        view.tray.hinted = view.hint_tile
        legal = state.legal_actions()
        hints = self.app.settings.hints
        view.playable = {a.tile for a in legal if isinstance(a, Play)} if hints else set()
        self.timeline.follow(self.index)

    def _final_state(self) -> GameState | None:
        last: GameState | None = None
        try:
            for state, _step in replay_steps(self.record):
                last = state
        except RecordError:
            return None
        return last

    def step(self, by: int) -> None:
        if self.index is not None:
            self.show(self.index + by)

    def _mistake(self, direction: int) -> int | None:
        if self.index is None:
            return None
        i = self.index + direction
        while 0 <= i < len(self.decisions):
            if is_mistake(self.decisions[i]):
                return i
            i += direction
        return None

    def next_mistake(self) -> None:
        found = self._mistake(1)
        if found is not None:
            self.show(found)

    def previous_mistake(self) -> None:
        found = self._mistake(-1)
        if found is not None:
            self.show(found)

    def jump(self, index: int) -> None:
        """Go to decision ``index`` from the summary (which closes)."""
        self.summary_open = False
        self.nav.clear()
        self.show(index)

    def toggle_summary(self) -> None:
        self.summary_open = not self.summary_open
        self.nav.clear()

    def title(self) -> str:
        """The review's title: the person's own ("Your match review") or a named seat's."""
        if self.review.name == YOU:
            return _("Your match review")
        return _("Review of {name}").format(name=self.review.name)

    # ------------------------------------------------------------------ input

    @override
    def focus_items(self) -> list[FocusItem]:
        if self.summary_open:
            items = [
                FocusItem(("row", index), rect, functools.partial(self.jump, index))
                for rect, index in self.summary.rows
            ]
            return items + button_items([self.summary.close])
        return button_items(list(self.buttons.values()))

    @override
    def intent(self, intent: Intent) -> bool:
        act = intent.act
        if act in (Act.BACK, Act.UNDO):  # the summary closes first
            (self.toggle_summary if self.summary_open else self.back)()
            return True
        if act == Act.SORT:
            self.toggle_summary()
            return True
        if act == Act.PAUSE:
            return True  # nothing runs here to pause
        items = self.focus_items()
        if self.summary_open:
            if act in (Act.UP, Act.LEFT, Act.PREV):
                self._cycle(items, -1)
            elif act in (Act.DOWN, Act.RIGHT, Act.NEXT):
                self._cycle(items, 1)
            elif act == Act.ACTIVATE:
                return self.nav.handle(intent, items)
            return True
        if act in (Act.LEFT, Act.RIGHT):
            self.step(-1 if act == Act.LEFT else 1)
            return True
        if act in (Act.NEXT, Act.PREV):
            if act == Act.NEXT:
                self.next_mistake()
            else:
                self.previous_mistake()
            return True
        if act in (Act.UP, Act.DOWN):
            self._cycle(items, -1 if act == Act.UP else 1)
            return True
        if act == Act.ACTIVATE:
            return self.nav.handle(intent, items)
        return self.perform(act)

    bindings = {Act.SORT: ("s",), **PAGING}  # S: the summary, as the pad's Y

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        last = len(self.decisions) - 1
        return {
            Act.FIRST: lambda: self.show(0) if self.decisions else None,
            Act.LAST: lambda: self.show(last) if self.decisions else None,
            Act.PAGE_DOWN: self.next_mistake,
            Act.PAGE_UP: self.previous_mistake,
        }

    def _cycle(self, items: list[FocusItem], step: int) -> None:
        """Move the focus along ``items`` in their order (from nothing: the first or last)."""
        if not items:
            return
        current = self.nav.current(items)
        if current is None:
            self.nav.focus(items[0] if step > 0 else items[-1])
            return
        self.nav.focus(items[(items.index(current) + step) % len(items)])

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if self.summary_open:
            self.summary.handle(event)
            return
        for button in self.buttons.values():
            if button.handle(event):
                return
        self._swipe_pointer(event)
        self._timeline_pointer(event)

    def _swipe_pointer(self, event: pygame.event.Event) -> None:
        """A swipe across the table steps: to the left the next move, to the right the one
        before (as pages turn)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rects.view.collidepoint(event.pos)
            self._swipe = event.pos if inside else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            start, self._swipe = self._swipe, None
            if start is None:
                return
            dx, dy = event.pos[0] - start[0], event.pos[1] - start[1]
            if abs(dx) >= max(40, round(70 * ui_scale(self.size))) and abs(dy) < abs(dx) / 2:
                self.step(-1 if dx > 0 else 1)

    def _timeline_pointer(self, event: pygame.event.Event) -> None:
        timeline = self.timeline
        if event.type == pygame.MOUSEMOTION:
            self._mark_hover = timeline.index_at(event.pos) if self._press is None else None
        if event.type == pygame.MOUSEWHEEL:
            timeline.scroll(-(event.x or event.y) * timeline.pitch * 2)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if timeline.rect.collidepoint(event.pos):
                self._press = event.pos
                self._dragged = False
                side = timeline.arrow_at(event.pos)
                if side:  # an end's arrow: a window's width that way
                    timeline.scroll(side * timeline.window.w * 0.8)
                    self._dragged = True
        elif event.type == pygame.MOUSEMOTION and self._press is not None:
            if abs(event.pos[0] - self._press[0]) > DRAG_START or self._dragged:
                timeline.scroll(-event.rel[0])
                self._dragged = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self._press = self._press, None
            if press is None or self._dragged:
                return
            found = timeline.index_at(event.pos)
            if found is not None:
                self.show(found)

    # ------------------------------------------------------------------ time

    @override
    def update(self, dt: float) -> None:
        settings = self.app.settings
        view = self.view
        view.set_style(self.app.theme, settings.numerals, settings.large_tiles)
        if view.layout is not self._placed_for:  # resized, or large tiles switched
            self._place()
        view.update(dt)
        buttons = self.buttons
        buttons["prev"].label = _("Previous mistake")
        buttons["next"].label = _("Next mistake")
        buttons["summary"].label = _("Summary")
        buttons["back"].label = _("Back")
        buttons["prev"].enabled = self._mistake(-1) is not None
        buttons["next"].enabled = self._mistake(1) is not None
        for button in buttons.values():
            button.visible = not self.summary_open
            button.update(dt)
        self.summary.update(dt)
        decision = self.decision
        if decision is not None:
            view.prompt = words.status(decision, len(self.decisions))
        else:
            view.prompt = self.title()
        view.prompt_urgent = False
        device = self.app.router.last_device
        # with a pointer, no picture before the words (nothing here is dragged)
        view.prompt_device = Device.KEYBOARD if device.pointer else device
        view.prompt_hints = [] if device.pointer else self.key_hints()

    @override
    def hints(self) -> list[tuple[str, str]]:
        """The summary's keys at the top; at the table they are in the line above the hand."""
        if self.summary_open:
            return [
                ("move", _("Choose")),
                ("activate", _("Select")),
                ("back", _("Back to the table")),
            ]
        return []

    def key_hints(self) -> list[tuple[str, str]]:
        """The keys or pad buttons of the table, most useful first (the line drops the last
        ones when it is too narrow)."""
        # Translators: a hint: go to the previous or next move of the review
        return [("leftright", _("Step")), ("next", _("Next mistake")), ("sort", _("Summary"))]

    # ------------------------------------------------------------------ the words

    def sentence(self) -> str:
        """What the analysis says of the focused decision."""
        decision = self.decision
        if decision is None:
            return self.problem or _("There is no move of this player to review.")
        return words.sentence(decision, self.record.players, self.record.names, self.seat)

    def details(self) -> list[str]:
        """What else the analysis and the position say (each a whole sentence; as many show
        as there is room for, in this order of preference)."""
        decision = self.decision
        if decision is None or self.index is None:
            return []
        penalty = self.record.rules.scoring != "positive"
        parts = [
            words.expected_line(decision, penalty),
            words.why(decision, self.states[self.index]),
        ]
        return [part for part in parts if part]

    # ------------------------------------------------------------------ drawing

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.view.theme
        rects = self.rects
        u = ui_scale(self.size)
        surface.blit(surfaces.felt(self.size, th), (0, 0))
        area = rects.view.clip(surface.get_rect())
        table = surface.subsurface(area)
        self.view.draw(table)
        draw_moves(table, self.view, self.decision, u)
        for button in self.buttons.values():
            button.draw(surface, th, u)
        self.view.draw_top(table)
        decision = self.decision
        label = decision.label if decision is not None else None
        sizes = (rects.body, rects.small, rects.sentence_lines)
        draw_sentence(surface, rects.sentence, th, u, sizes, label, self.sentence(), self.details())
        self.timeline.draw(surface, th, u, self.index)
        self._draw_mark_tip(surface, th, u)
        if self.summary_open:
            keys_shown = not self.app.router.last_device.pointer  # the keys' strip: top right
            self.summary.draw(surface, self.size, th, u, self.title(), keys_shown)

    def _draw_mark_tip(self, surface: pygame.Surface, th: Theme, u: float) -> None:
        """The mark under the mouse, in words, just over it."""
        index = self._mark_hover
        if index is None or index >= len(self.decisions) or self.summary_open:
            return
        if not self.timeline.visible(index):
            return
        message = words.status(self.decisions[index], len(self.decisions))
        centre_x, _y = self.timeline.centre_of(index)
        draw_mark_tip(surface, th, u, message, centre_x, self.timeline.rect.top)

    @property
    def rows(self) -> list[tuple[pygame.Rect, int]]:
        """The summary's costliest moves as last drawn: (where, the decision's index)."""
        return self.summary.rows
