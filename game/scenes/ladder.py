"""The ladder of tables and the daily table, as the player meets them.

:class:`LadderScene` lists every level (``levels/*.toml``) in ladder order: locked, open or
cleared with one to three stars, its name, its one-line description, its opponents and its
rules in brief. Choosing an open or cleared level deals its match; a locked one only says what
opens it. Which level is open is :func:`game.levels.ladder_state`'s answer, never this
screen's. The list scrolls (wheel, drag, or the focus moving off screen) when it is longer than
the screen. Keyboard and gamepad: Up/Down (d-pad, Tab, shoulders) go along the levels and on to
Back; Enter/A plays the focused level; Esc/B goes back.

:class:`DailyScene` shows today's table (:func:`game.daily.daily_table`), the same deal for
everyone, with the player's best result of the day.

Progress (stars per level, the daily bests) is read from and written to the app's store
(:class:`game.store.Progress`); an app without a store keeps it in memory for the run.
"""

from __future__ import annotations

import functools
import math
import sys
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.daily import DailyTable, daily_table
from game.i18n import _, ngettext
from game.input.focus import FocusItem
from game.input.intents import Act, Intent
from game.levels import (
    CLEARED,
    LOCKED,
    MAX_STARS,
    OPEN,
    LadderEntry,
    Level,
    LevelError,
    Rating,
    ladder_state,
    load_levels,
    rate_match,
)
from game.scenes.base import Scene
from game.scenes.session import MatchConfig, kind_label
from game.store import Progress
from game.view import widgets as w
from game.view.layout import ui_scale
from game.view.theme import RGB, Theme

if TYPE_CHECKING:
    from game.app import App
    from game.rules import GameState
    from game.store import DailyResult

DRAG_THRESHOLD = 8  # px a press may move and still count as a tap on a level
SCROLL_EASE = 14.0  # how fast the list glides to where it is scrolled (per second)


# ---------------------------------------------------------------------------- levels and progress


@functools.cache
def _read_ladder() -> tuple[tuple[Level, ...], tuple[LevelError, ...]]:
    """The levels of ``levels/`` in ladder order and the files refused (read once a run)."""
    levels, errors = load_levels()
    for error in errors:
        print(f"level refused: {error}", file=sys.stderr)
    return tuple(levels), tuple(errors)


def ladder_levels() -> tuple[Level, ...]:
    """The levels of ``levels/`` in ladder order; a refused file is left out (the ladder says
    why at its end, and stderr names it for its author) and the others still make the ladder."""
    return _read_ladder()[0]


def ladder_refusals() -> tuple[LevelError, ...]:
    """The level files of ``levels/`` that could not be loaded, each with its reason."""
    return _read_ladder()[1]


def forget_ladder() -> None:
    """Read ``levels/`` again next time (tests, after changing the levels folder)."""
    _read_ladder.cache_clear()


# Progress of apps without a store (tests, tools): kept for as long as the app lives.
_MEMORY: weakref.WeakKeyDictionary[App, Progress] = weakref.WeakKeyDictionary()


def load_progress(app: App) -> Progress:
    """The player's progress: from the store, or this run's memory when there is none."""
    if app.store is not None:
        progress = app.store.load_progress()
        app.take_notices()  # a damaged progress file was set aside: say so
        return progress
    return _MEMORY.setdefault(app, Progress())


def save_progress(app: App, progress: Progress) -> None:
    if app.store is not None:
        app.store.save_progress(progress)
        app.take_notices()  # a refused write is said once
    else:
        _MEMORY[app] = progress


def ladder_entries(app: App, levels: Sequence[Level] | None = None) -> list[LadderEntry]:
    """Each level with its status and stars, from the saved progress."""
    chosen = ladder_levels() if levels is None else levels
    return ladder_state(chosen, load_progress(app).ladder)


def record_level(app: App, level: Level, rating: Rating) -> bool:
    """Keep a finished level match's stars (the best ever stay); True if they improved."""
    if not rating.cleared:
        return False
    progress = load_progress(app)
    improved = progress.clear_level(level.id, rating.stars)
    if improved:
        save_progress(app, progress)
    return improved


def record_daily(app: App, table: DailyTable, game: GameState, seat: int = 0) -> bool:
    """Keep a finished daily match's result if it is the day's best; True if it is."""
    progress = load_progress(app)
    improved = progress.record_daily(
        table.key,
        game.totals[seat],
        seat in game.match_winners,
        lower_is_better=game.rules.scoring == "penalty",
    )
    if improved:
        save_progress(app, progress)
    return improved


def daily_best(app: App, table: DailyTable) -> DailyResult | None:
    """The player's best result at ``table`` so far (None: not played to the end yet)."""
    return load_progress(app).daily.get(table.key)


def daily_stars(table: DailyTable, best: DailyResult | None) -> int:
    """The stars the day's best result earns against the daily table's goal (0: none yet)."""
    if best is None:
        return 0
    return rate_match(table.level, [best.score], [0] if best.won else []).stars


def level_after(level_id: str, entries: Sequence[LadderEntry]) -> LadderEntry | None:
    """The entry after ``level_id`` on the ladder (None at the top or for an unknown id)."""
    ids = [entry.level.id for entry in entries]
    if level_id not in ids:
        return None
    index = ids.index(level_id) + 1
    return entries[index] if index < len(entries) else None


# ---------------------------------------------------------------------------- texts (drawn now)


def goal_text(level: Level) -> str:
    """What clears the level, in the current language."""
    goal = level.goal
    if goal.kind == "win":
        return _("Goal: win the match")
    points = goal.points if goal.points is not None else 0
    if goal.kind == "under":
        return ngettext(
            "Goal: finish under {n} point", "Goal: finish under {n} points", points
        ).format(n=points)
    return ngettext(
        "Goal: score at least {n} point", "Goal: score at least {n} points", points
    ).format(n=points)


def stars_text(level: Level) -> str:
    """What earns the second and third star."""
    goal = level.goal
    two, three = goal.two_stars, goal.three_stars
    if level.higher_is_better:
        text = ngettext(
            "Two stars from {two} point, three from {three}",
            "Two stars from {two} points, three from {three}",
            two,
        )
    else:
        text = ngettext(
            "Two stars under {two} point, three under {three}",
            "Two stars under {two} points, three under {three}",
            two,
        )
    return text.format(two=two, three=three)


def rules_brief(level: Level) -> str:
    """Players, set, preset and rounds, e.g. "2 players · Double-6 set · Standard rules"."""
    deal = level.deal
    preset = _("Station rules") if level.preset == "station" else _("Standard rules")
    parts = [
        ngettext("{n} player", "{n} players", deal.players).format(n=deal.players),
        _("Double-{n} set").format(n=deal.set_size),
        preset,
        ngettext("{n} round", "{n} rounds", deal.rounds).format(n=deal.rounds),
    ]
    if level.higher_is_better:
        parts.append(_("Highest total wins"))
    return " · ".join(parts)


def opponents_brief(level: Level) -> str:
    """Who sits at the table, e.g. "Opponents: Rosa (Easy) · Tomás (Normal)"."""
    people = [
        _("{name} ({level})").format(name=_(o.name), level=kind_label(o.ai))
        for o in level.opponents
    ]
    return _("Opponents: {names}").format(names=" · ".join(people))


def refusals_heading(count: int) -> str:
    """The head of the notice under the ladder: how many level files could not be loaded."""
    return ngettext(
        "{n} table could not be loaded:", "{n} tables could not be loaded:", count
    ).format(n=count)


def daily_best_text(best: DailyResult | None) -> str:
    """Today's best at the daily table, or that there is none yet."""
    if best is None:
        return _("No result yet today: the deal is the same for everyone")
    if best.won:
        return ngettext(
            "Today's best: a win with {n} point",
            "Today's best: a win with {n} points",
            best.score,
        ).format(n=best.score)
    return ngettext(
        "Today's best: {n} point, not a win",
        "Today's best: {n} points, not a win",
        best.score,
    ).format(n=best.score)


# ---------------------------------------------------------------------------- little pictures


def star_points(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, point up."""
    cx, cy = center
    out = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        out.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return out


def draw_stars(
    surface: pygame.Surface,
    earned: int,
    size: int,
    theme: Theme,
    *,
    dim: bool = False,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    """Three stars in a row, ``earned`` of them filled, placed by a Rect anchor."""
    gap = max(2, size // 6)
    rect = pygame.Rect(0, 0, MAX_STARS * size + (MAX_STARS - 1) * gap, size)
    for name, value in anchor.items():
        setattr(rect, name, value)
    edge = w.mix(theme.accent, (0, 0, 0), 0.45)
    empty: RGB = w.mix(theme.panel[:3], theme.text_dim, 0.5 if dim else 0.7)
    for i in range(MAX_STARS):
        center = (rect.x + i * (size + gap) + size / 2, rect.centery + size * 0.04)
        points = star_points(center, size / 2)
        if i < earned:
            pygame.draw.polygon(surface, theme.accent, points)
            pygame.draw.polygon(surface, edge, points, max(1, size // 14))
        else:
            pygame.draw.polygon(surface, empty, points, max(1, size // 12))
    return rect


def draw_lock(surface: pygame.Surface, center: tuple[int, int], size: int, colour: RGB) -> None:
    """A padlock: a shackle over a body."""
    cx, cy = center
    body = pygame.Rect(0, 0, round(size * 0.8), round(size * 0.56))
    body.midbottom = (cx, cy + size // 2)
    shackle = pygame.Rect(0, 0, round(size * 0.52), round(size * 0.72))
    shackle.midtop = (cx, cy - size // 2)
    pygame.draw.ellipse(surface, colour, shackle, max(2, size // 8))
    pygame.draw.rect(surface, colour, body, border_radius=max(2, size // 8))


# ---------------------------------------------------------------------------- a level's card


class CardLayout:
    """Sizes of a level's card for a given scale and width, and the lines each card holds."""

    def __init__(self, u: float, width: int) -> None:
        self.width = width
        self.pad = max(8, round(16 * u))
        self.badge = max(26, round(52 * u))
        self.name_size = max(13, round(24 * u))
        self.body_size = max(11, round(17 * u))
        self.small_size = max(10, round(15 * u))
        self.star_size = max(14, round(26 * u))
        self.text_x = self.pad * 2 + self.badge
        self.text_w = width - self.text_x - self.pad

    def line(self, size: int) -> int:
        return round(size * 1.32)

    def lines(self, level: Level) -> list[tuple[str, int]]:
        """The card's lines under its name, wrapped to its width: (text, size)."""
        out = [
            (line, self.body_size)
            for line in w.wrap(_(level.description), self.body_size, self.text_w)
        ]
        for detail in (opponents_brief(level), rules_brief(level), goal_text(level)):
            out += [
                (line, self.small_size) for line in w.wrap(detail, self.small_size, self.text_w)
            ]
        return out

    def height(self, level: Level) -> int:
        """The card's height: its name, then its lines (never less than the badge)."""
        text = self.line(self.name_size) + sum(self.line(size) for _, size in self.lines(level))
        return 2 * self.pad + max(self.badge, text)

    def notice_lines(self, refusals: Sequence[LevelError]) -> list[tuple[str, int]]:
        """The notice's lines: the heading, then each refused file with its reason (the
        loader's words, for the file's author), wrapped to the card's width."""
        out = [
            (line, self.body_size)
            for line in w.wrap(refusals_heading(len(refusals)), self.body_size, self.text_w)
        ]
        for error in refusals:
            out += [
                (line, self.small_size) for line in w.wrap(str(error), self.small_size, self.text_w)
            ]
        return out

    def notice_height(self, refusals: Sequence[LevelError]) -> int:
        text = sum(self.line(size) for _, size in self.notice_lines(refusals))
        return 2 * self.pad + max(self.badge, text)


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    entry: LadderEntry,
    badge_text: str,
    card: CardLayout,
    theme: Theme,
    *,
    lit: bool = False,
    alpha: int = 255,
) -> None:
    """One level as the ladder shows it: badge, name, stars, description, opponents, rules."""
    level = entry.level
    locked = entry.status == LOCKED
    cleared = entry.status == CLEARED
    tint = 0.0 if locked else (0.2 if cleared else 0.1)
    if lit:
        tint += 0.12
    fill = (*w.mix(theme.panel[:3], theme.accent, tint), 150 if locked else 225)
    edge = theme.accent if (cleared or lit) else theme.panel_edge
    w.draw_panel(surface, rect, fill, edge, max(8, card.pad), 2 if cleared else 1)
    ink = theme.text_dim if locked else theme.text
    # the badge: the level's number, or a lock
    badge = pygame.Rect(rect.x + card.pad, rect.y + card.pad, card.badge, card.badge)
    circle = w.mix(theme.panel[:3], theme.accent, 0.0 if locked else 0.55 if cleared else 0.3)
    pygame.draw.circle(surface, circle, badge.center, card.badge // 2)
    pygame.draw.circle(surface, edge, badge.center, card.badge // 2, max(1, card.badge // 20))
    if locked:
        draw_lock(surface, badge.center, round(card.badge * 0.5), theme.text_dim)
    else:
        w.blit_text(
            surface,
            badge_text,
            round(card.badge * 0.5),
            theme.text,
            bold=True,
            max_width=card.badge - 6,
            center=badge.center,
        )
    # the name, with the stars (or the state) on the right
    x = rect.x + card.text_x
    y = rect.y + card.pad
    right = rect.right - card.pad
    name_h = card.line(card.name_size)
    status = _("Locked") if locked else "" if cleared else _("Open")
    if status:
        # a word as wide as it needs, up to half the line
        colour = theme.text_dim if locked else theme.accent
        mark = w.blit_text(
            surface,
            status,
            card.small_size,
            colour,
            bold=True,
            max_width=card.text_w // 2,
            midright=(right, y + name_h // 2),
        )
    else:
        mark = draw_stars(
            surface, entry.stars, card.star_size, theme, midright=(right, y + name_h // 2)
        )
    name = _(level.name)
    w.blit_text(
        surface,
        name,
        card.name_size,
        theme.accent if cleared else ink,
        bold=True,
        alpha=alpha,
        max_width=mark.left - card.pad - x,
        midleft=(x, y + name_h // 2),
    )
    y += name_h
    # the description, then who plays, the rules and the goal
    for line, size in card.lines(level):
        colour = ink if size == card.body_size else theme.text_dim
        w.blit_text(surface, line, size, colour, alpha=alpha, topleft=(x, y))
        y += card.line(size)


def draw_notice(
    surface: pygame.Surface,
    rect: pygame.Rect,
    refusals: Sequence[LevelError],
    card: CardLayout,
    theme: Theme,
    *,
    lit: bool = False,
    alpha: int = 255,
) -> None:
    """The level files that could not be loaded, as a card after the last level: a warning
    badge, how many, then each file with its reason."""
    fill = (*w.mix(theme.panel[:3], theme.refusal, 0.12 if lit else 0.06), 225)
    edge = theme.refusal
    w.draw_panel(surface, rect, fill, edge, max(8, card.pad), 2 if lit else 1)
    badge = pygame.Rect(rect.x + card.pad, rect.y + card.pad, card.badge, card.badge)
    pygame.draw.circle(surface, edge, badge.center, card.badge // 2, max(2, card.badge // 14))
    w.blit_text(
        surface,
        "!",
        round(card.badge * 0.6),
        edge,
        bold=True,
        max_width=card.badge - 6,
        center=badge.center,
    )
    x = rect.x + card.text_x
    y = rect.y + card.pad
    for line, size in card.notice_lines(refusals):
        heading = size == card.body_size
        colour = theme.text if heading else theme.text_dim
        w.blit_text(surface, line, size, colour, bold=heading, alpha=alpha, topleft=(x, y))
        y += card.line(size)


# ---------------------------------------------------------------------------- the ladder screen


class LadderScene(Scene):
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
        self.time = 0.0
        self.scroll = 0.0  # px the list is scrolled (drawn)
        self.target = 0.0  # px it glides to
        self.hover: int | None = None
        self._press: tuple[tuple[int, int], float] | None = None  # where and at what scroll
        self._dragged = False
        self.back_button = w.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back)
        self.buttons = [self.back_button]
        self.refresh()
        self._layout()
        self.show_first(self.default_index())

    # ------------------------------------------------------------------ state

    def refresh(self) -> None:
        """Read the progress again (a match may have changed it)."""
        self.entries = ladder_state(self.levels, load_progress(self.app).ladder)

    def default_index(self) -> int:
        """The level to start on: the first open, not yet cleared one (else the first)."""
        return next((i for i, e in enumerate(self.entries) if e.status == OPEN), 0)

    def choose(self, index: int) -> bool:
        """Play the level at ``index``; a locked level only says what opens it. True if dealt."""
        if not 0 <= index < len(self.entries):
            return False
        entry = self.entries[index]
        if entry.status == LOCKED:
            before = self.entries[index - 1].level if index > 0 else None
            if before is not None:
                message = _("Clear {name} first to open this table").format(name=_(before.name))
                self.app.notify(message, 3.0)
            return False
        from game.scenes.menu import start_match

        ladder = self.levels if self.custom else None
        start_match(self.app, MatchConfig.for_level(entry.level, self.seed, ladder))
        return True

    def pick(self, index: int) -> None:
        """:meth:`choose` as the focus activates it."""
        self.choose(index)

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ layout

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        bw, bh = max(140, round(220 * u)), max(32, round(50 * u))
        self.back_button.label = _("Back")
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midbottom = (width // 2, height - max(10, round(24 * u)))
        # under the title and the summary line (as draw places them)
        top = (
            max(10, round(30 * u))
            + round(max(20, round(44 * u)) * 1.3)
            + max(2, round(6 * u))
            + round(max(11, round(18 * u)) * 1.4)
            + max(10, round(18 * u))
        )
        bottom = self.back_button.rect.top - max(8, round(16 * u))
        card_w = min(width - 2 * max(8, round(16 * u)), round(1000 * u))
        self.view = pygame.Rect((width - card_w) // 2, top, card_w, max(40, bottom - top))
        self.card = CardLayout(u, card_w)
        self.gap = max(6, round(12 * u))
        # Each card as tall as its wrapped lines (in the current language): where each starts.
        self.heights = [self.card.height(entry.level) for entry in self.entries]
        if self.refusals:
            self.heights.append(self.card.notice_height(self.refusals))
        self.tops: list[int] = []
        y = 0
        for h in self.heights:
            self.tops.append(y)
            y += h + self.gap
        self.scroll = self.target = min(self.target, self.max_scroll)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()
        current = self.focused_index()
        if current is not None:
            self.reveal(current, instant=True)

    def resume(self) -> None:
        self.refresh()
        self._layout()

    @property
    def rows(self) -> int:
        """Cards in the list: the levels, then the notice of refused files if there is one."""
        return len(self.entries) + (1 if self.refusals else 0)

    @property
    def notice_index(self) -> int | None:
        """The row of the notice of refused files (after the levels), or None."""
        return len(self.entries) if self.refusals else None

    @property
    def content_height(self) -> int:
        return self.tops[-1] + self.heights[-1] if self.tops else 0

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - self.view.h))

    def card_rect(self, index: int, scroll: float | None = None) -> pygame.Rect:
        """Where the card of row ``index`` is on screen (it may be off the list's view)."""
        offset = self.scroll if scroll is None else scroll
        y = self.view.y + self.tops[index] - round(offset)
        return pygame.Rect(self.view.x, y, self.view.w, self.heights[index])

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for index in range(len(self.entries)):
            if self.card_rect(index).collidepoint(pos):
                return index
        return None

    def scroll_to(self, value: float, instant: bool = False) -> None:
        self.target = max(0.0, min(self.max_scroll, value))
        if instant:
            self.scroll = self.target

    def show_first(self, index: int) -> None:
        """Open with the card at ``index`` in view and whole cards above it (none cut)."""
        if not 0 <= index < self.rows:
            return
        bottom = self.tops[index] + self.heights[index]
        first = index
        while first > 0 and bottom - self.tops[first - 1] <= self.view.h:
            first -= 1
        self.scroll_to(self.tops[first], instant=True)

    def reveal(self, index: int, instant: bool = False) -> None:
        """Scroll just enough that the card at ``index`` is wholly in view."""
        if not 0 <= index < self.rows:
            return
        top, bottom = self.tops[index], self.tops[index] + self.heights[index]
        if top < self.target:
            self.scroll_to(top, instant)
        elif bottom > self.target + self.view.h:
            # its bottom into view, but never its top out (a card taller than the view)
            self.scroll_to(min(top, bottom - self.view.h), instant)
        elif instant:
            self.scroll = self.target

    # ------------------------------------------------------------------ pointer

    def handle(self, event: pygame.event.Event) -> None:
        if self.back_button.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            step = self.view.h * 0.25
            self.scroll_to(self.target - event.y * step)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.collidepoint(event.pos):
                self._press = (event.pos, self.target)
                self._dragged = False
        elif event.type == pygame.MOUSEMOTION:
            if self._press is not None:
                (_x, y0), start = self._press
                dy = event.pos[1] - y0
                if abs(dy) > DRAG_THRESHOLD:
                    self._dragged = True
                if self._dragged:  # the list follows the finger
                    self.scroll_to(start - dy, instant=True)
            self.hover = self.index_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self._press = self._press, None
            if press is not None and not self._dragged:
                index = self.index_at(event.pos)
                if index is not None and index == self.index_at(press[0]):
                    self.choose(index)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        page = self.view.h * 0.9
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif key == pygame.K_PAGEDOWN:
            self.scroll_to(self.target + page)
        elif key == pygame.K_PAGEUP:
            self.scroll_to(self.target - page)
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll)

    # ------------------------------------------------------------------ keyboard and gamepad

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

    def focused_index(self) -> int | None:
        key = self.nav.key
        for index, entry in enumerate(self.entries):
            if key == ("level", entry.level.id):
                return index
        if key == ("notice", "refused"):
            return self.notice_index
        return None

    def intent(self, intent: Intent) -> bool:
        items = self.focus_items()
        if not items:
            return False
        act = intent.act
        if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT, Act.NEXT, Act.PREV):
            current = self.nav.current(items)
            if current is None:  # the first press only shows where the focus is
                self.nav.focus(self.nav.default(items))
            else:
                # Along the list in order (the nearest-neighbour rule would jump to Back,
                # which sits closer than a level scrolled out of view).
                step = -1 if act in (Act.UP, Act.LEFT, Act.PREV) else 1
                index = items.index(current) + step
                if act in (Act.NEXT, Act.PREV):
                    index %= len(items)
                self.nav.focus(items[max(0, min(len(items) - 1, index))])
            focused = self.focused_index()
            if focused is not None:
                self.reveal(focused)
            return True
        if act == Act.ACTIVATE:
            item = self.nav.current(items) or self.nav.default(items)
            if item is None or item.activate is None:
                return False
            self.nav.focus(item)
            item.activate()
            return True
        return False

    def focus_rect(self) -> pygame.Rect | None:
        rect = super().focus_rect()
        if rect is None or rect == self.back_button.rect:
            return rect
        return rect.clip(self.view.inflate(0, 8)) or None

    def hints(self) -> list[tuple[str, str]]:
        if self.nav.key == ("notice", "refused"):  # nothing to play there
            return [("move", _("Choose")), ("back", _("Back"))]
        return [("move", _("Choose")), ("activate", _("Play")), ("back", _("Back"))]

    # ------------------------------------------------------------------ time and drawing

    def update(self, dt: float) -> None:
        self.time += dt
        rate = 1.0 - math.exp(-SCROLL_EASE * dt)
        self.scroll += (self.target - self.scroll) * rate
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target
        self.back_button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = self.scale
        width, _height = surface.get_size()
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        head = w.page_title(surface, _("Ladder"), th, u, max(10, round(30 * u)), margin=40)
        summary = self.summary()
        w.blit_text(
            surface,
            summary,
            max(11, round(18 * u)),
            th.text,
            shadow=True,
            max_width=width - 40,
            midtop=(width // 2, head.bottom + max(2, round(6 * u))),
        )
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(12, 6).clip(clip))
        focused = self.focused_index()
        for index, entry in enumerate(self.entries):
            rect = self.card_rect(index)
            if rect.bottom < self.view.top - 4 or rect.top > self.view.bottom + 4:
                continue
            appear = min(1.0, max(0.0, (self.time - index * 0.04) / 0.25))
            lit = index == self.hover or index == focused
            draw_card(
                surface,
                rect,
                entry,
                str(index + 1),
                self.card,
                th,
                lit=lit,
                alpha=round(255 * appear),
            )
        notice = self.notice_index
        if notice is not None:
            rect = self.card_rect(notice)
            if rect.bottom >= self.view.top - 4 and rect.top <= self.view.bottom + 4:
                appear = min(1.0, max(0.0, (self.time - notice * 0.04) / 0.25))
                lit = notice == focused
                draw_notice(
                    surface, rect, self.refusals, self.card, th, lit=lit, alpha=round(255 * appear)
                )
        surface.set_clip(clip)
        self._draw_scrollbar(surface, th)
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

    def _draw_scrollbar(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(self.view.right + 4, self.view.y, max(3, round(6 * self.scale)), 0)
        track.h = self.view.h
        if track.right > surface.get_width():
            track.right = surface.get_width() - 1
        shown = self.view.h / self.content_height
        thumb = pygame.Rect(track.x, 0, track.w, max(track.w * 3, round(track.h * shown)))
        thumb.y = track.y + round((track.h - thumb.h) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, theme.panel[:3], track, border_radius=track.w // 2)
        pygame.draw.rect(surface, theme.accent, thumb, border_radius=track.w // 2)


# ---------------------------------------------------------------------------- the daily table


class DailyScene(Scene):
    """Today's table: the day's deal, its opponents and rules, and the best result so far."""

    def __init__(self, app: App, table: DailyTable | None = None) -> None:
        super().__init__(app)
        self.table = table if table is not None else daily_table()
        self.time = 0.0
        self.best = daily_best(app, self.table)
        self.buttons = [
            w.Button(_("Play"), pygame.Rect(0, 0, 10, 10), self.play, primary=True),
            w.Button(_("Back"), pygame.Rect(0, 0, 10, 10), self.back),
        ]
        self._layout()

    def play(self) -> None:
        from game.scenes.menu import start_match

        start_match(self.app, MatchConfig.for_daily(self.table))

    def back(self) -> None:
        self.app.pop()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        self.buttons[0].label = _("Play")
        self.buttons[1].label = _("Back")
        gap = max(10, round(20 * u))
        bw, bh = max(120, round(220 * u)), max(32, round(50 * u))
        bw = min(bw, (width - 3 * gap) // 2)
        y = height - max(10, round(40 * u)) - bh
        self.buttons[1].rect = pygame.Rect(width // 2 - gap // 2 - bw, y, bw, bh)
        self.buttons[0].rect = pygame.Rect(width // 2 + gap // 2, y, bw, bh)
        card_w = min(width - 2 * max(8, round(16 * u)), round(1000 * u))
        self.card = CardLayout(u, card_w)

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def resume(self) -> None:
        self.best = daily_best(self.app, self.table)
        self._layout()

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif event.key == pygame.K_RETURN:
                self.play()

    def update(self, dt: float) -> None:
        self.time += dt
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = self.scale
        width = surface.get_width()
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        head = w.page_title(surface, _("Daily table"), th, u, max(10, round(30 * u)), margin=40)
        # Translators: {date} is the day as YYYY-MM-DD
        day = _("The deal of {date}").format(date=self.table.key)
        r = w.blit_text(
            surface,
            day,
            max(11, round(18 * u)),
            th.text,
            shadow=True,
            max_width=width - 40,
            midtop=(width // 2, head.bottom + max(2, round(6 * u))),
        )
        rect = pygame.Rect(0, 0, self.card.width, self.card.height(self.table.level))
        # a little above the middle on a tall screen, under the title on a short one
        middle = round(surface.get_height() * 0.4) - rect.h // 2
        rect.midtop = (width // 2, max(r.bottom + max(10, round(24 * u)), middle))
        stars = daily_stars(self.table, self.best)
        entry = LadderEntry(self.table.level, CLEARED if stars else OPEN, stars)
        draw_card(surface, rect, entry, str(self.table.day.day), self.card, th)
        y = rect.bottom + max(8, round(18 * u))
        for line, colour, bold in (  # what earns stars, then the day's best
            (stars_text(self.table.level), th.text_dim, False),
            (daily_best_text(self.best), th.accent if self.best else th.text, True),
        ):
            r = w.blit_text(
                surface,
                line,
                max(11, round(19 * u)),
                colour,
                bold=bold,
                shadow=True,
                max_width=width - 40,
                midtop=(width // 2, y),
            )
            y = r.bottom + max(4, round(8 * u))
        for button in self.buttons:
            button.draw(surface, th, u)
