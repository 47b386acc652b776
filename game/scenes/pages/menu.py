"""The main menu: quick play, the ladder, the daily table, a custom table, the rules, settings.

Behind the buttons a domino train winds slowly across the felt, so the first screen already
looks like the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.input.intents import Act
from game.pacing import AMBIENT, MOVING, Pace
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, typeset
from game.view.layout import ui_scale
from game.view.panels import button_column

if TYPE_CHECKING:
    from game.app import App


def title_size(name: str, width: int, u: float) -> int:
    """The menu title's text size: its own, or smaller where a long translation on a narrow
    screen would run off the sides (one measure, no search: each size costs the font)."""
    size = max(30, round(92 * u))
    room = width - 2 * max(8, round(14 * u))
    wide = typeset.text_width(name, size, bold=True)
    return size if wide <= room else max(typeset.MIN_TEXT, size * room // wide)


class MenuScene(ButtonScene):
    @override
    def pace(self) -> Pace:
        """The domino line drifts (decoration, at its own low rate), unless buttons fade."""
        return MOVING if self.buttons_pace() == MOVING else AMBIENT

    @override
    def calm_area(self) -> pygame.Rect | None:
        """Only the domino line drifts while the menu is calm: the band it winds along."""
        if self._drawn < 4 or self.time < 1.0:
            return None  # the title and its words still coming in
        return self._train_band

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._train_band: pygame.Rect | None = None  # where the line was last drawn
        self.buttons: list[controls.Button] = []
        self._saves_version = -1
        self._drawn = 0  # frames drawn (the first is kept light: see draw)
        self._layout()

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        keeper = self.app.keeper
        self._saves_version = keeper.version if keeper is not None else 0
        # Labels are translated here; a change of language lays the menu out again (resize).
        self._title = _("Mexican Train")
        self._title_size = title_size(self._title, width, u)
        # Two tiers: the ways into a game as big buttons, the rest as a row of smaller ones.
        items: list[tuple[str, Callable[[], None]]] = [
            (_("Quick play"), self.quick_play),
            # Translators: a menu button: quick play against Easy opponents, with Undo
            (_("Practice"), self.practice),
            (_("Ladder"), self.ladder),
            (_("Daily table"), self.daily),
            (_("Puzzles"), self.puzzles),
            (_("Custom table"), self.custom),
        ]
        # Practice goes beside Quick play when the row has room (else under it).
        practice: tuple[str, Callable[[], None]] | None = items.pop(1)
        if not flow.take_backs_here(self.app):  # a kiosk whose operator keeps Undo off
            practice = None
        extras: list[tuple[str, Callable[[], None]]] = [
            (_("Learn to play"), self.learn),
            (_("How to play"), self.rules),
            (_("Settings"), self.settings),
        ]
        if keeper is not None:
            extras.append((_("Statistics"), self.statistics))
            extras.append((_("Recent matches"), self.recent))
            if keeper.resumable:
                items.insert(0, (_("Resume game"), self.resume_game))
        if self.app.kiosk is None:  # a kiosk offers no way out to the desktop
            extras.append((_("Quit"), self.app.quit))
        bw = max(200, round(320 * u))
        bh = max(34, round(54 * u))
        gap = max(8, round(14 * u))
        sw, sh = max(120, round(180 * u)), max(30, round(44 * u))
        beside = 2 * bw + gap <= width - 2 * gap
        if practice is not None and not beside:
            items.insert(items.index((_("Quick play"), self.quick_play)) + 1, practice)
        # Each small button is as wide as its label needs (a long translation gets room rather
        # than shrinking to an unreadable size), and the row splits when they do not fit.
        label_size = round(sh * 0.42)
        widths = [
            min(width - 2 * gap, max(sw, typeset.text_width(label, label_size, bold=True) + 24))
            for label, _action in extras
        ]

        def row_width(row: list[int]) -> int:
            return sum(row) + (len(row) - 1) * gap

        per_row = len(extras)
        while per_row > 1 and any(
            row_width(widths[i : i + per_row]) > width - 2 * gap
            for i in range(0, len(widths), per_row)
        ):
            per_row -= 1
        rows = -(-len(extras) // per_row)
        # Between the words under the title (as draw places them) and the train at the foot:
        # the big buttons get shorter when five of them would not fit.
        words = round(height * 0.2 + 0.65 * max(30, round(92 * u)) + 66 * u) + gap
        foot = round(height * 0.86) - rows * (sh + gap) - round(gap * 1.8)
        n = len(items)
        bh = max(30, min(bh, (foot - words - (n - 1) * gap) // n))
        column = n * bh + (n - 1) * gap
        middle = max(words + column // 2, round(height * 0.52))
        middle = min(middle, max(words + column // 2, foot - column // 2))
        self.buttons = button_column(items, (width // 2, middle), (bw, bh), gap)
        if practice is not None and beside:
            quick = next(b for b in self.buttons if b.action == self.quick_play)
            quick.rect.right = width // 2 - gap // 2
            rect = quick.rect.copy()
            rect.left = width // 2 + gap - gap // 2
            self.buttons.insert(
                self.buttons.index(quick) + 1, controls.Button(practice[0], rect, practice[1])
            )
        y = self.buttons[-1].rect.bottom + round(gap * 1.8)
        for start in range(0, len(extras), per_row):
            row = extras[start : start + per_row]
            row_widths = widths[start : start + per_row]
            x = width // 2 - row_width(row_widths) // 2
            for (label, action), button_width in zip(row, row_widths, strict=True):
                rect = pygame.Rect(x, y, button_width, sh)
                self.buttons.append(controls.Button(label, rect, action))
                x += button_width + gap
            y += sh + gap

    def offer_lesson(self) -> None:
        """At the very first start, offer the guided game (once: a "Not now" is kept)."""
        if self.app.top is self:
            offer = flow.offer_lesson(self.app)
            if offer is not None:
                self.app.push(offer)

    @override
    def resume(self) -> None:
        self._layout()

    def resume_game(self) -> None:
        if not flow.resume_match(self.app):
            self._layout()  # it could not be loaded after all: the notice says why

    def start_autoplay(self) -> None:
        """Tests and CI: resume the saved match if there is one, else start quick play."""
        if not flow.resume_match(self.app):
            self.quick_play()

    def statistics(self) -> None:
        self.app.push(flow.statistics(self.app))

    def recent(self) -> None:
        self.app.push(flow.recent(self.app))

    def quick_play(self) -> None:
        """The game as the README and the menu's line name it (the custom table keeps its
        own choices for itself)."""
        flow.quick_play(self.app)

    def practice(self) -> None:
        flow.practice(self.app)

    def ladder(self) -> None:
        self.app.push(flow.ladder(self.app))

    def daily(self) -> None:
        self.app.push(flow.daily(self.app))

    def custom(self) -> None:
        self.app.push(flow.custom_table(self.app))

    def puzzles(self) -> None:
        flow.puzzles(self.app)

    def learn(self) -> None:
        """The guided first game: at the step it was left at, or from its start."""
        flow.start_lesson(self.app)

    def rules(self) -> None:
        from game.rules import Rules

        settings = self.app.settings
        rules = Rules.preset_named(settings.preset)
        self.app.push(flow.rules(self.app, rules, settings.players, lesson=True))

    def settings(self) -> None:
        self.app.push(flow.settings(self.app))

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.BACK: self.app.quit, Act.ACTIVATE: self.quick_play}

    @override
    def update(self, dt: float) -> None:
        keeper = self.app.keeper
        if keeper is not None and keeper.version != self._saves_version:
            self._layout()  # the saved game was checked (or dropped): offer what is there
        super().update(dt)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        width, height = surface.get_size()
        u = ui_scale((width, height))
        self._draw_train(surface, u)
        appear = min(1.0, self.time / 0.6)
        title = typeset.text(self._title, self._title_size, th.accent, bold=True, shadow=True)
        rect = title.get_rect(center=(width // 2, round(height * 0.2)))
        rect.y += round((1 - appear) * 20)
        surface.blit(title, rect)
        self._drawn += 1
        if self._drawn == 1:
            # The very first frame of the game: felt, train and title only. Each further text
            # size costs the font tens of ms the first time, so the rest comes in over the next
            # few frames (one new size or two each) instead of stalling one of them.
            return
        typeset.blit_text(
            surface,
            _("Dominoes against the computer"),
            max(13, round(24 * u)),
            th.text,
            shadow=True,
            midtop=(width // 2, rect.bottom + round(4 * u)),
        )
        if self._drawn == 2:
            return
        from game.match.session import default_opponent, kind_label

        table = " · ".join(
            (
                ngettext("{n} player", "{n} players", flow.QUICK_PLAYERS).format(
                    n=flow.QUICK_PLAYERS
                ),
                _("Station rules") if flow.QUICK_PRESET == "station" else _("Standard rules"),
                _("Opponents: {level}").format(level=kind_label(default_opponent())),
            )
        )
        line = _("Quick play: {table}").format(table=table)
        typeset.blit_text(
            surface,
            line,
            typeset.fit_text_size(line, max(11, round(16 * u)), width - 20),
            th.text_dim,
            midtop=(width // 2, rect.bottom + round(40 * u)),
        )
        if self._drawn == 3:
            return
        for button in self.buttons:
            button.draw(surface, th, u)

    def _draw_train(self, surface: pygame.Surface, u: float) -> None:
        """A line of tiles winding along a sine wave, sliding slowly to the left."""
        renderer = self.app.renderer
        th = self.app.theme
        width, height = surface.get_size()
        size = max(12, round(26 * u))
        pitch = 2 * size + 4
        n = width // pitch + 3
        offset = (self.time * 22 * u) % pitch
        base = height * 0.9
        swing = height * 0.03
        lowest = max((b.rect.bottom for b in self.buttons), default=0)
        if base - swing - size / 2 < lowest + 4:  # two rows of buttons on a small window
            base = min(height - size / 2 - 2, lowest + 6 + swing + size / 2)
            swing = min(swing, max(0.0, base - size / 2 - lowest - 4))
            if base - size / 2 < lowest + 2:
                self._train_band = pygame.Rect(0, 0, 0, 0)  # nothing drifts
                return  # no felt left under the buttons: no train rather than one behind them
        # The band the line winds along, with room for a tile's shadow below it.
        top = math.floor(base - swing - size / 2) - 2
        self._train_band = pygame.Rect(0, top, width, math.ceil(2 * swing + size) + size // 2 + 6)
        pairs = [
            (12, 7),
            (7, 3),
            (3, 3),
            (3, 9),
            (9, 11),
            (11, 0),
            (0, 5),
            (5, 5),
            (5, 12),
            (12, 2),
            (2, 8),
            (8, 8),
            (8, 6),
            (6, 10),
            (10, 1),
            (1, 4),
        ]
        start = int(self.time * 22 * u // pitch)
        for i in range(n):
            x = i * pitch - offset - pitch
            y = base + math.sin((x / width) * math.pi * 2 + 0.5) * swing
            a, b = pairs[(i + start) % len(pairs)]
            renderer.draw(
                surface,
                (a, b),
                (round(x), round(y - size / 2)),
                size,
                False,
                numerals=self.app.settings.numerals,
                theme=th,
            )
