"""The end of the match: who won, which tie-break decided it, and the final standings.

A match at a ladder table is rated against the level's goal (:func:`game.levels.rate_game`):
cleared or not, with one to three stars; the stars are kept (the best ever stay) and the next
level opens. The screen then offers the next level, another try and the ladder. A daily match
keeps the day's best result. With saves, both were kept the moment the match ended
(:func:`game.match.keeper.keep_results`); without (tests, tools), :mod:`game.scenes.kit.progress`
keeps them in memory here.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import N_, _, join_names, ngettext, place_label, translate
from game.input.intents import Act
from game.levels import LOCKED, LadderEntry, Rating, rate_game
from game.match.session import MatchConfig, Session
from game.rules import DecidedBy
from game.scenes import flow
from game.scenes.kit.buttons import ButtonScene
from game.scenes.kit.level_card import draw_stars, goal_text, stars_text
from game.scenes.kit.progress import (
    daily_best,
    daily_best_text,
    ladder_entries,
    level_after,
    record_daily,
    record_level,
)
from game.view import controls, surfaces, typeset
from game.view.easing import ease_out_back, ease_out_cubic
from game.view.layout import ui_scale
from game.view.panels import button_row
from game.view.table import seat_colour
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App

DECIDED = {
    DecidedBy.SCORE: "",
    DecidedBy.ROUNDS_WON: N_("Level on points: decided by the most rounds won"),
    DecidedBy.LOWEST_ROUND: N_(
        "Level on points and rounds won: decided by the lowest single round"
    ),
    DecidedBy.TIE: N_("Level on every tie-break: first place is shared"),
}


class MatchEndScene(ButtonScene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        self.winners = state.match_winners
        self.decided_by = state.decided_by
        rng = random.Random(7)
        self.confetti = [
            (rng.random(), rng.random() * 0.6, rng.uniform(-1, 1), rng.random(), rng.randrange(14))
            for _ in range(140)
        ]
        # A level's match: rated against its goal, and the result kept.
        self.level = session.level
        self.daily = session.daily
        self.rating: Rating | None = None
        self.improved = False  # a new best (stars, or the day's result)
        self.next_entry: LadderEntry | None = None
        if self.level is not None and state.match_over:
            self._rate()
        self.buttons = self._make_buttons()
        self._layout()

    def _rate(self) -> None:
        """Rate the match at its level and keep the result (seat 0 is the player's there)."""
        assert self.level is not None
        state = self.session.state
        self.rating = rate_game(self.level, state, 0)
        outcome = self.session.outcome
        if outcome is not None:  # kept when the match ended (game.match.keeper), not waiting for us
            self.improved = outcome.improved
        elif self.session.practice:  # a turn was taken back: no stars, no day's best
            self.improved = False
        elif self.daily is not None:  # an app without saves: kept in this run's memory
            self.improved = record_daily(self.app, self.daily, state)
        else:
            self.improved = record_level(self.app, self.level, self.rating)
        if self.daily is not None:
            return
        entries = ladder_entries(self.app, self.session.ladder)
        after = level_after(self.level.id, entries)
        if after is not None and after.status != LOCKED:
            self.next_entry = after

    def _make_buttons(self) -> list[controls.Button]:
        def button(
            label: str, action: Callable[[], None], primary: bool = False
        ) -> controls.Button:
            return controls.Button(label, pygame.Rect(0, 0, 10, 10), action, primary=primary)

        # Review: what each of your decisions cost (the match is over, so it can be weighed)
        review = [button(_("Review"), self.review)] if self.session.state.match_over else []
        if self.daily is not None:
            return [
                button(_("Try again"), self.again, True),
                *review,
                button(_("Main menu"), self.menu),
            ]
        if self.level is not None:
            cleared = self.rating is not None and self.rating.cleared
            out: list[controls.Button] = []
            if self.next_entry is not None:
                out.append(button(_("Next level"), self.next_level, cleared))
            out.append(button(_("Try again"), self.again, not (cleared and out)))
            out += review
            out.append(button(_("Ladder"), self.ladder))
            return out
        return [
            button(_("Play again"), self.again, True),
            *review,
            button(_("Main menu"), self.menu),
        ]

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale((width, height))  # held upright too
        self.scale = u
        gap = max(8, round(20 * u))
        bw, bh = max(150, round(230 * u)), max(34, round(50 * u))
        rows = [self.buttons]
        if (
            len(self.buttons) > 2
            and (width - 2 * gap - (len(self.buttons) - 1) * gap) // len(self.buttons) < 140
        ):  # too narrow for one row: two rows, the first choices above
            half = (len(self.buttons) + 1) // 2
            rows = [self.buttons[:half], self.buttons[half:]]
        bottom = height - round(40 * u) - (len(rows) - 1) * (bh + gap // 2)
        for row in rows:
            n = len(row)
            size = min(bw, (width - 2 * gap - (n - 1) * gap) // n)  # they fit a narrow screen
            button_row(row, (width // 2, bottom), (size, bh), gap)
            bottom += bh + gap // 2

    @override
    def language_changed(self) -> None:
        self.buttons = self._make_buttons()  # their labels, in the new language
        self._layout()

    @override
    def exit(self) -> None:
        self.session.close()

    def again(self) -> None:
        old = self.session.config
        if self.daily is not None:
            config = MatchConfig.for_daily(self.daily)
        elif self.level is not None:
            # a fresh deal unless the level fixes one
            config = MatchConfig.for_level(self.level, ladder=self.session.ladder)
        else:
            config = dataclasses.replace(old, seed=None)
        self._deal(config)

    def next_level(self) -> None:
        if self.next_entry is None or self.next_entry.status == LOCKED:
            return
        self._deal(MatchConfig.for_level(self.next_entry.level, ladder=self.session.ladder))

    def _deal(self, config: MatchConfig) -> None:
        session = flow.new_session(self.app, config)
        session.start_round()
        self.app.replace(flow.deal(self.app, session))

    def review(self) -> None:
        """What each of the person's decisions cost: the review, then its table."""
        flow.review_session(self.app, self.session)

    def menu(self) -> None:
        flow.to_menu(self.app)

    def ladder(self) -> None:
        self.app.reset(flow.menu(self.app), flow.ladder(self.app, self.session.ladder))

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.BACK: self.menu}

    def title(self) -> str:
        names = self.session.names
        you = self.session.shown_seat
        if len(self.winners) == 1:
            seat = self.winners[0]
            if seat == you:
                return _("You win the match!")
            return _("{name} wins the match").format(name=names[seat])
        who = [_("you") if s == you else names[s] for s in self.winners]
        return _("Shared win: {names}").format(names=join_names(who))

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width, height = surface.get_size()
        you_won = any(self.session.is_person(s) for s in self.winners)  # any person at it
        if you_won:
            self._draw_confetti(surface)
        pop = ease_out_back(min(1.0, self.time / 0.6))
        heading = self.title()
        size = typeset.fit_text_size(heading, max(22, round(56 * u)), width - 24, bold=True)
        title = typeset.text(heading, size, th.accent, bold=True, shadow=True)
        if pop < 0.999:
            title = pygame.transform.smoothscale_by(title, max(0.05, pop))
        surface.blit(title, title.get_rect(center=(width // 2, round(90 * u) + 10)))
        y = round(140 * u) + 14
        state = self.session.state
        penalty = state.rules.scoring == "penalty"
        how = _("Lowest total wins") if penalty else _("Highest total wins")
        decided = DECIDED[self.decided_by] if self.decided_by is not None else ""
        sub = translate(decided) if decided else how
        r = typeset.blit_text(
            surface,
            sub,
            max(12, round(20 * u)),
            th.text,
            max_width=width - 24,
            midtop=(width // 2, y),
        )
        y = r.bottom + round(16 * u)
        pw = min(width - 40, round(640 * u) + 80)
        if self.rating is not None:
            y = self._draw_rating(surface, pygame.Rect(0, y, pw, 0), u) + round(14 * u)
        else:
            y += round(8 * u)
        order = sorted(
            range(state.players),
            key=lambda s: (s not in self.winners, state.totals[s] if penalty else -state.totals[s]),
        )
        rows = len(order)
        avail = self.buttons[0].rect.top - y - round(20 * u)
        row_h = max(22, min(round(54 * u), avail // max(1, rows)))
        for rank, seat in enumerate(order):
            appear = ease_out_cubic(min(1.0, max(0.0, (self.time - 0.4 - rank * 0.07) / 0.35)))
            if appear <= 0:
                continue
            rect = pygame.Rect(0, 0, pw, row_h - 6)
            rect.midtop = (width // 2 + round((1 - appear) * 80), y + rank * row_h)
            winner = seat in self.winners
            fill = (*mix(th.panel[:3], th.accent, 0.25 if winner else 0.05), round(230 * appear))
            surfaces.draw_panel(
                surface,
                rect,
                fill,
                th.accent if winner else th.panel_edge,
                round(10 * u),
                2 if winner else 1,
            )
            pygame.draw.rect(
                surface, seat_colour(seat), (rect.x, rect.y, max(4, round(6 * u)), rect.h)
            )
            size = max(12, round(22 * u))
            place = place_label(1 if winner else rank + 1)
            typeset.blit_text(
                surface,
                place,
                size,
                th.accent if winner else th.text_dim,
                bold=True,
                midleft=(rect.x + round(20 * u), rect.centery),
            )
            name = _("You") if seat == self.session.shown_seat else self.session.names[seat]
            typeset.blit_text(
                surface,
                name,
                size,
                th.text,
                bold=True,
                midleft=(rect.x + round(90 * u), rect.centery),
            )
            points = typeset.blit_text(
                surface,
                _("{n} pts").format(n=state.totals[seat]),
                size,
                th.accent,
                bold=True,
                midright=(rect.right - round(20 * u), rect.centery),
            )
            won = state.rounds_won[seat]
            rounds = ngettext("{n} round won", "{n} rounds won", won).format(n=won)
            left = rect.x + round(300 * u)
            room = points.left - round(10 * u) - left  # up to the points
            typeset.blit_text(
                surface,
                rounds,
                typeset.fit_text_size(rounds, max(10, round(15 * u)), room),
                th.text_dim,
                midleft=(left, rect.centery),
            )
        for button in self.buttons:
            button.draw(surface, th, u)

    def rating_lines(self) -> tuple[str, str]:
        """The verdict against the level's goal, and a line about it."""
        rating, level = self.rating, self.level
        assert rating is not None and level is not None
        if self.daily is not None:
            best = daily_best(self.app, self.daily)
            verdict = _("A new best for today!") if self.improved else _("Daily table")
            return verdict, daily_best_text(best)
        if self.session.practice:  # a turn was taken back: the table gives nothing
            verdict = _("Table cleared!") if rating.cleared else _("Not cleared this time")
            return verdict, _("Practice match: no stars and no statistics")
        if rating.cleared:
            verdict = _("Table cleared!")
            if self.improved and rating.stars > 1:
                verdict = ngettext(
                    "Table cleared with {n} star!", "Table cleared with {n} stars!", rating.stars
                ).format(n=rating.stars)
        else:
            verdict = _("Not cleared this time")
        # what the next try could earn: the goal, or the stars still missing
        more = stars_text(level) if rating.cleared and rating.stars < 3 else None
        return verdict, f"{_(level.name)} · {more or goal_text(level)}"

    def _draw_rating(self, surface: pygame.Surface, rect: pygame.Rect, u: float) -> int:
        """The level's verdict and its stars in a panel at ``rect``'s top; its bottom."""
        th = self.app.theme
        rating = self.rating
        assert rating is not None
        verdict, detail = self.rating_lines()
        big = max(13, round(26 * u))
        small = max(10, round(16 * u))
        star = max(16, round(30 * u))
        pad = max(6, round(10 * u))
        rect.h = pad * 2 + max(star, round(big * 1.3)) + round(small * 1.4)
        rect.centerx = surface.get_width() // 2
        cleared = rating.cleared
        fill = (*mix(th.panel[:3], th.accent, 0.22 if cleared else 0.04), 225)
        surfaces.draw_panel(surface, rect, fill, th.accent if cleared else th.panel_edge, pad, 2)
        line_h = max(star, round(big * 1.3))
        practice = self.session.practice  # no stars for a practice match
        stars = draw_stars(
            surface,
            0 if practice else rating.stars,
            star,
            th,
            dim=not cleared or practice,
            midleft=(rect.x + pad * 2, rect.y + pad + line_h // 2),
        )
        room = rect.right - pad * 2 - stars.right - pad
        typeset.blit_text(
            surface,
            verdict,
            big,
            th.accent if cleared else th.text,
            bold=True,
            max_width=room,
            midleft=(stars.right + pad * 2, rect.y + pad + line_h // 2),
        )
        typeset.blit_text(
            surface,
            detail,
            small,
            th.text_dim,
            max_width=rect.w - pad * 4,
            midtop=(rect.centerx, rect.y + pad + line_h),
        )
        return rect.bottom

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        t = self.time
        for x0, y0, drift, phase, colour in self.confetti:
            fall = (y0 + t * (0.18 + phase * 0.2)) % 1.2 - 0.1
            x = (x0 + drift * 0.05 * math.sin(t * 2 + phase * 6)) * width
            y = fall * height
            size = max(3, round(8 * self.scale))
            angle = (t * 3 + phase * 10) % math.tau
            wdt = max(1, round(size * abs(math.cos(angle))))
            pygame.draw.rect(surface, seat_colour(colour), (round(x), round(y), wdt, size))
