"""A level drawn as a card: its texts in brief, its stars and lock, and the refused-files notice.

Shared by the ladder (:mod:`game.scenes.pages.ladder`), the daily table
(:mod:`game.scenes.pages.daily`) and the match end (:mod:`game.scenes.play.match_end`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.i18n import _, ngettext
from game.levels import CLEARED, LOCKED, MAX_STARS, LadderEntry, Level, LevelError
from game.match.session import kind_label
from game.view import surfaces, typeset
from game.view.theme import RGB, Theme, mix

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
    edge = mix(theme.accent, (0, 0, 0), 0.45)
    empty: RGB = mix(theme.panel[:3], theme.text_dim, 0.5 if dim else 0.7)
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
            for line in typeset.wrap(_(level.description), self.body_size, self.text_w)
        ]
        for detail in (opponents_brief(level), rules_brief(level), goal_text(level)):
            out += [
                (line, self.small_size)
                for line in typeset.wrap(detail, self.small_size, self.text_w)
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
            for line in typeset.wrap(refusals_heading(len(refusals)), self.body_size, self.text_w)
        ]
        for error in refusals:
            out += [
                (line, self.small_size)
                for line in typeset.wrap(str(error), self.small_size, self.text_w)
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
    fill = (*mix(theme.panel[:3], theme.accent, tint), 150 if locked else 225)
    edge = theme.accent if (cleared or lit) else theme.panel_edge
    surfaces.draw_panel(surface, rect, fill, edge, max(8, card.pad), 2 if cleared else 1)
    ink = theme.text_dim if locked else theme.text
    # the badge: the level's number, or a lock
    badge = pygame.Rect(rect.x + card.pad, rect.y + card.pad, card.badge, card.badge)
    circle = mix(theme.panel[:3], theme.accent, 0.0 if locked else 0.55 if cleared else 0.3)
    pygame.draw.circle(surface, circle, badge.center, card.badge // 2)
    pygame.draw.circle(surface, edge, badge.center, card.badge // 2, max(1, card.badge // 20))
    if locked:
        draw_lock(surface, badge.center, round(card.badge * 0.5), theme.text_dim)
    else:
        typeset.blit_text(
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
        mark = typeset.blit_text(
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
    typeset.blit_text(
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
        typeset.blit_text(surface, line, size, colour, alpha=alpha, topleft=(x, y))
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
    fill = (*mix(theme.panel[:3], theme.refusal, 0.12 if lit else 0.06), 225)
    edge = theme.refusal
    surfaces.draw_panel(surface, rect, fill, edge, max(8, card.pad), 2 if lit else 1)
    badge = pygame.Rect(rect.x + card.pad, rect.y + card.pad, card.badge, card.badge)
    pygame.draw.circle(surface, edge, badge.center, card.badge // 2, max(2, card.badge // 14))
    typeset.blit_text(
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
        typeset.blit_text(surface, line, size, colour, bold=heading, alpha=alpha, topleft=(x, y))
        y += card.line(size)
