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

The summary page: accuracy, points lost per round (a bar chart), the three costliest mistakes
(each jumps there), the guesses used and the labels' thresholds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai import review as analysis
from game.ai.review import Decision, Review, decisions_of
from game.i18n import _
from game.input.focus import FocusItem, button_items
from game.input.intents import Act, Device, Intent
from game.rules import GameState, Play
from game.rules.record import Record, RecordError, replay_steps
from game.scenes import review_words as words
from game.scenes.base import Scene
from game.scenes.review_words import is_mistake
from game.scenes.session import YOU
from game.view import widgets as w
from game.view.layout import is_portrait, ui_scale
from game.view.review import Timeline, draw_bars, draw_mark
from game.view.table import TableView

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
    width, height = size
    u = ui_scale(size)
    portrait = is_portrait(size)
    margin = max(4, round(8 * u))
    body = max(13, round(20 * u))
    small = max(12, round(16 * u))
    sentence_lines, detail_lines = (3, 2) if portrait else (2, 1)
    pad = max(4, round(6 * u))
    sentence_h = (
        sentence_lines * w.text_height(body) + detail_lines * w.text_height(small) + 2 * pad
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
        self.buttons: dict[str, w.Button] = {
            # Translators: review buttons: jump to the previous / next move that lost points
            "prev": w.Button(_("Previous mistake"), pygame.Rect(0, 0, 1, 1), self.previous_mistake),
            "next": w.Button(
                _("Next mistake"), pygame.Rect(0, 0, 1, 1), self.next_mistake, primary=True
            ),
            # Translators: a review button: the match's figures (accuracy, points lost)
            "summary": w.Button(_("Summary"), pygame.Rect(0, 0, 1, 1), self.toggle_summary),
            "back": w.Button(_("Back"), pygame.Rect(0, 0, 1, 1), self.back),
        }
        self.close = w.Button(
            _("Back to the table"), pygame.Rect(0, 0, 1, 1), self.toggle_summary, primary=True
        )
        self.rows: list[tuple[pygame.Rect, int]] = []  # the summary's costliest moves
        self._pressed_row: int | None = None
        self._hover: tuple[int, int] | None = None  # the mouse over the summary
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

    def resize(self, size: tuple[int, int]) -> None:
        self.rects = review_rects(size)
        self.view.resize(self.rects.view.size)
        self._place()

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

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ input

    def focus_items(self) -> list[FocusItem]:
        if self.summary_open:
            items = [
                FocusItem(("row", index), rect, functools.partial(self.jump, index))
                for rect, index in self.rows
            ]
            return items + button_items([self.close])
        return button_items(list(self.buttons.values()))

    def intent(self, intent: Intent) -> bool:
        act = intent.act
        if act in (Act.BACK, Act.UNDO):
            if self.summary_open:
                self.toggle_summary()
            else:
                self.back()
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
        return False

    def _cycle(self, items: list[FocusItem], step: int) -> None:
        """Move the focus along ``items`` in their order (from nothing: the first or last)."""
        if not items:
            return
        current = self.nav.current(items)
        if current is None:
            self.nav.focus(items[0] if step > 0 else items[-1])
            return
        self.nav.focus(items[(items.index(current) + step) % len(items)])

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.summary_open:
            self._summary_pointer(event)
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

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_s:
            self.toggle_summary()
        elif self.summary_open:
            return
        elif key == pygame.K_HOME and self.decisions:
            self.show(0)
        elif key == pygame.K_END and self.decisions:
            self.show(len(self.decisions) - 1)
        elif key == pygame.K_PAGEDOWN:
            self.next_mistake()
        elif key == pygame.K_PAGEUP:
            self.previous_mistake()

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

    def _summary_pointer(self, event: pygame.event.Event) -> None:
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

    # ------------------------------------------------------------------ time

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
        self.close.label = _("Back to the table")
        buttons["prev"].enabled = self._mistake(-1) is not None
        buttons["next"].enabled = self._mistake(1) is not None
        for button in buttons.values():
            button.visible = not self.summary_open
            button.update(dt)
        self.close.update(dt)
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
        parts = [words.expected_line(decision), words.why(decision, self.states[self.index])]
        return [part for part in parts if part]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.view.theme
        rects = self.rects
        u = ui_scale(self.size)
        surface.blit(w.felt(self.size, th), (0, 0))
        area = rects.view.clip(surface.get_rect())
        table = surface.subsurface(area)
        self.view.draw(table)
        self._draw_moves(table)
        for button in self.buttons.values():
            button.draw(surface, th, u)
        self.view.draw_top(table)
        self._draw_sentence(surface, u)
        self.timeline.draw(surface, th, u, self.index)
        self._draw_mark_tip(surface, u)
        if self.summary_open:
            self._draw_summary(surface, u)

    def _tag(
        self, surface: pygame.Surface, word: str, anchor: tuple[int, int], strong: bool, below: bool
    ) -> None:
        """A small word on a pill: over ``anchor`` (its midbottom), or across it (``below``:
        a tray tile's bottom edge, so the tag never covers the line above the hand)."""
        th = self.view.theme
        u = self.view.layout.scale
        size = max(10, round(14 * u))
        label = w.text(word, size, th.text_dark if strong else th.text, bold=True)
        rect = label.get_rect().inflate(max(8, round(12 * u)), 2)
        if below:
            rect.center = anchor
        else:
            rect.midbottom = anchor
        rect.clamp_ip(surface.get_rect())
        fill = (*th.accent, 245) if strong else (*th.panel[:3], 240)
        w.draw_panel(surface, rect, fill, th.text if not strong else None, rect.h // 2, 1)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_moves(self, surface: pygame.Surface) -> None:
        """The better move's tile faded on its train, and the move made beside it."""
        decision = self.decision
        if decision is None:
            return
        view = self.view
        th = view.theme
        best, made = decision.best, decision.made
        # Translators: a tag on the review table: the move the analysis found better
        better_word = _("Better")
        # Translators: a tag on the review table: the move the player made
        played_word = _("Played")
        best_play = best if isinstance(best, Play) else None
        made_play = made if isinstance(made, Play) else None
        if best_play is not None:
            view.draw_ghost(surface, best_play.tile, best_play.train, 200)
            slot = view.geometry(best_play.train).next_slot
            word = played_word if best == made else better_word
            self._tag(surface, word, (slot.centerx, slot.top - 3), True, False)
        if made_play is not None and made != best:
            if best_play is None or made_play.train != best_play.train:
                view.draw_ghost(surface, made_play.tile, made_play.train, 110)
                slot = view.geometry(made_play.train).next_slot
                pygame.draw.rect(surface, th.text, slot.inflate(4, 4), 2, max(2, slot.h // 5))
                self._tag(surface, played_word, (slot.centerx, slot.top - 3), False, False)
            if best_play is None or made_play.tile != best_play.tile:
                rect = view.tray.rect_of(made_play.tile)
                if rect is not None:
                    ring = rect.inflate(6, 6)
                    width = max(2, round(2 * view.layout.scale))
                    pygame.draw.rect(surface, th.text, ring, width, view.layout.hand_width // 5)
                    self._tag(surface, played_word, rect.midbottom, False, True)
        if best_play is not None and (made_play is None or made_play.tile != best_play.tile):
            rect = view.tray.rect_of(best_play.tile)
            if rect is not None:
                word = played_word if best == made else better_word
                self._tag(surface, word, rect.midbottom, True, True)

    def _draw_mark_tip(self, surface: pygame.Surface, u: float) -> None:
        """The mark under the mouse, in words, just over it."""
        index = self._mark_hover
        if index is None or index >= len(self.decisions) or self.summary_open:
            return
        if not self.timeline.visible(index):
            return
        th = self.view.theme
        size = max(12, round(16 * u))
        words_ = words.status(self.decisions[index], len(self.decisions))
        size = w.fit_text_size(words_, size, self.size[0] - 24, bold=True)
        label = w.text(words_, size, th.text, bold=True)
        cx, _cy = self.timeline.centre_of(index)
        rect = label.get_rect().inflate(max(12, round(18 * u)), 6)
        rect.midbottom = (cx, self.timeline.rect.top - 2)
        rect.clamp_ip(surface.get_rect())
        w.draw_panel(surface, rect, (*th.panel[:3], 245), th.accent, rect.h // 2, 1)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_sentence(self, surface: pygame.Surface, u: float) -> None:
        rects = self.rects
        th = self.view.theme
        box = rects.sentence
        w.draw_panel(surface, box, (*th.panel[:3], 225), th.panel_edge, max(6, round(10 * u)), 1)
        pad = max(4, round(6 * u))
        decision = self.decision
        mark = max(14, min(round(26 * u), w.text_height(rects.body)))
        x = box.x + pad
        if decision is not None:
            draw_mark(
                surface, decision.label, (x + mark // 2, box.y + pad + mark // 2 + 1), mark, th
            )
            x += mark + pad
        room = box.right - pad - x
        y = box.y + pad
        bottom = box.bottom - pad
        # the sentence first, in the lines it needs (down to a readable size); the rest below
        size, lines = _fit_lines(self.sentence(), rects.body, room, rects.sentence_lines, True)
        for line in lines:
            r = w.blit_text(surface, line, size, th.text, bold=True, topleft=(x, y))
            y = r.bottom
        parts = self.details()
        for chosen in ([" ".join(parts)], parts[:1], parts[1:2]):
            detail = chosen[0] if chosen else ""
            if not detail:
                continue
            most = max(0, (bottom - y) // w.text_height(rects.small))
            if most == 0:
                break
            size, lines = _fit_lines(detail, rects.small, room, most, False)
            if len(lines) <= most and size >= 11:
                for line in lines:
                    r = w.blit_text(surface, line, size, th.text_dim, topleft=(x, y))
                    y = r.bottom
                break

    def _draw_summary(self, surface: pygame.Surface, u: float) -> None:
        th = self.view.theme
        width, height = self.size
        dim = pygame.Surface((width, height), pygame.SRCALPHA)
        dim.fill(th.dim_overlay)
        surface.blit(dim, (0, 0))
        margin = max(6, round(16 * u))
        top = margin
        if not self.app.router.last_device.pointer:  # the keys' strip sits at the top right
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
        head_h = w.text_height(head, bold=True)
        needed = (
            w.text_height(max(16, round(32 * u)), bold=True)
            + (w.text_height(small) if self.name else 0)
            + round(6 * u)
            + head_h
            + len(w.wrap(sentence, body, room)) * w.text_height(body)
            + round(8 * u) + head_h + 2 + max(90, round(220 * u))
            + round(8 * u) + head_h + max(1, len(rows)) * row_h
            + round(6 * u) + sum(h for _line, h in self._summary_foot(room, small))
            + round(8 * u) + max(30, round(44 * u))
        )  # fmt: skip
        if needed + 2 * pad < panel.h:
            middle = panel.centery
            panel.h = needed + 2 * pad
            panel.centery = middle
        w.draw_panel(surface, panel, (*th.panel[:3], 255), th.panel_edge, round(14 * u), 2, True)
        inner = panel.inflate(-2 * pad, -2 * pad)
        y = inner.y
        title = self.title()
        r = w.blit_text(
            surface,
            title,
            max(16, round(32 * u)),
            th.accent,
            bold=True,
            max_width=inner.w,
            midtop=(inner.centerx, y),
        )
        y = r.bottom
        if self.name:
            r = w.blit_text(
                surface, self.name, small, th.text_dim, max_width=inner.w, midtop=(inner.centerx, y)
            )
            y = r.bottom
        y += round(6 * u)
        r = w.blit_text(
            surface, figure, head, th.text, bold=True, max_width=inner.w, topleft=(inner.x, y)
        )
        y = r.bottom
        for line in w.wrap(sentence, body, inner.w):
            r = w.blit_text(surface, line, body, th.text, topleft=(inner.x, y))
            y = r.bottom
        self.close.rect = pygame.Rect(
            0, 0, min(inner.w, max(160, round(300 * u))), max(30, round(44 * u))
        )
        self.close.rect.midbottom = (inner.centerx, inner.bottom)
        # the lines under the chart, measured first so the chart takes what is left
        foot = self._summary_foot(inner.w, small)
        foot_h = sum(h for _line, h in foot)
        list_h = head_h + max(1, len(rows)) * row_h
        chart_top = y + round(8 * u)
        chart_h = self.close.rect.top - round(8 * u) - foot_h - list_h - round(8 * u) - chart_top
        r = w.blit_text(
            surface,
            _("Points lost per round"),
            head,
            th.text,
            bold=True,
            max_width=inner.w,
            topleft=(inner.x, chart_top),
        )
        lost = review.lost_per_round()
        chart_h = min(chart_h - r.h - 2, max(90, round(220 * u)))  # the rest stays below
        chart = pygame.Rect(inner.x, r.bottom + 2, inner.w, max(0, chart_h))
        if lost and chart.h >= 30:
            draw_bars(surface, chart, lost, th, u)
        elif not lost:
            w.blit_text(
                surface,
                _("No points lost."),
                body,
                th.text_dim,
                max_width=inner.w,
                topleft=(inner.x, r.bottom + 2),
            )
        y = chart.bottom + round(8 * u)
        r = w.blit_text(
            surface,
            _("The costliest moves"),
            head,
            th.text,
            bold=True,
            max_width=inner.w,
            topleft=(inner.x, y),
        )
        y = r.bottom
        self.rows = []
        if not rows:
            w.blit_text(
                surface,
                _("None: every move was good or forced."),
                body,
                th.text_dim,
                max_width=inner.w,
                topleft=(inner.x, y + 4),
            )
            y += row_h
        by_number = {d.number: i for i, d in enumerate(self.decisions)}
        players, names = self.record.players, self.record.names
        for decision in rows:
            index = by_number.get(decision.number)
            if index is None:
                continue
            rect = pygame.Rect(inner.x, y, inner.w, row_h - 4)
            hovered = self._hover is not None and rect.collidepoint(self._hover)

            w.draw_panel(
                surface,
                rect,
                (*w.mix(th.panel[:3], (255, 255, 255), 0.14 if hovered else 0.07), 235),
                th.panel_edge,
                rect.h // 3,
                1,
            )
            mark = max(14, rect.h - 6)
            draw_mark(surface, decision.label, (rect.x + 6 + mark // 2, rect.centery), mark, th)
            points = words.points_words(decision.points_lost)
            psize = w.fit_text_size(points, body, rect.w // 3, bold=True)
            pr = w.blit_text(
                surface, points, psize, th.text, bold=True, midright=(rect.right - 8, rect.centery)
            )
            # Translators: a row of the costliest moves: "Round 2: 3|4 on the Mexican train"
            what = _("Round {round}: {move}").format(
                round=decision.round,
                move=words.move_phrase(decision.made, players, names, self.seat),
            )
            left = rect.x + mark + 14
            w.blit_text(
                surface,
                what,
                body,
                th.text,
                max_width=pr.left - 8 - left,
                midleft=(left, rect.centery),
            )
            self.rows.append((rect, index))
            y += row_h
        y = max(y, chart.bottom) + round(6 * u)
        for part, h in foot:
            if isinstance(part, str):
                w.blit_text(surface, part, small, th.text_dim, topleft=(inner.x, y))
            else:
                x = inner.x
                for label, text in part:
                    mark = max(10, small)
                    draw_mark(surface, label, (x + mark // 2, y + h // 2), mark, th)
                    r = w.blit_text(
                        surface, text, small, th.text_dim, midleft=(x + mark + 4, y + h // 2)
                    )
                    x = r.right + max(10, round(18 * u))
            y += h
        self.close.draw(surface, th, u)

    def _summary_foot(self, room: int, small: int) -> list[tuple[str | list[tuple[str, str]], int]]:
        """The guesses line (wrapped) and the labels' thresholds, each with its mark, in rows."""
        line_h = w.text_height(small)
        out: list[tuple[str | list[tuple[str, str]], int]] = [
            (line, line_h) for line in w.wrap(words.guesses_words(self.review.guesses), small, room)
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
            need = small + 4 + w.text_width(text, small) + gap
            if rows[-1] and used + need > room:
                rows.append([])
                used = 0
            rows[-1].append((label, text))
            used += need
        out += [(row, line_h) for row in rows]
        return out


def _fit_lines(message: str, size: int, room: int, most: int, bold: bool) -> tuple[int, list[str]]:
    """The largest size <= ``size`` (down to 11 px) at which ``message`` wraps into ``most``
    lines of ``room``; at 11 px, however many lines it takes."""
    for tried in range(size, 11, -1):
        if not _over(message, tried, room, most, bold):
            return tried, w.wrap(message, tried, room, bold=bold)
    return 11, w.wrap(message, 11, room, bold=bold)


def _over(message: str, size: int, room: int, most: int, bold: bool) -> bool:
    from game import i18n

    font = w.font_for(message, size, bold)
    return len(i18n.wrap_text(message, room, lambda piece: int(font.size(piece)[0]))) > most
