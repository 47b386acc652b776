"""The rules in plain words, for the table being played (or about to be), scrollable."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Rules, RulesError
from game.scenes.base import Scene
from game.view import widgets as w
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App


def rules_text(rules: Rules, players: int) -> list[tuple[str, str]]:
    """Sections (heading, paragraph) describing ``rules`` for ``players``."""
    try:
        deal = rules.deal_for(players)
        setup = (
            f"With {players} players you use a double-{deal.set_size} set and each player "
            f"takes {deal.hand_size} tiles face down. The rest stay face down as the boneyard."
        )
        rounds = (
            f"A match has {deal.rounds} round{'s' if deal.rounds != 1 else ''}. The first "
            f"starts from the {deal.set_size}|{deal.set_size} in the middle of the table, the "
            "next from the next double down, and so on."
        )
    except RulesError as error:
        setup = f"This table cannot be dealt: {error}."
        rounds = ""
    first = (
        "On your first turn you may only play on your own train, and you may lay as many "
        "tiles as make one matching line, then press Done (or stop when nothing fits)."
        if rules.first_turn_chain
        else "On your first turn you may only play on your own train, one tile."
    )
    if rules.first_turn_draw:
        first += " If you cannot start it, draw one tile: play it if it fits, otherwise your "
        first += "marker goes on your train."
    else:
        first += " If you cannot start it, your marker goes on your train and play moves on."
    limit = rules.max_open_doubles
    doubles = (
        "Play a double and you must play one more tile straight away, anywhere you may play. "
        "A double with nothing after it is open: until someone satisfies it, every player in "
        "turn must play on it, even on another player's train. If you cannot, draw one tile; "
        "if that does not fit either, your marker goes down and the duty passes on. A double "
        "played as your very last tile ends the round at once."
    )
    if limit is not None:
        doubles += f" No play may leave more than {limit} double{'s' if limit != 1 else ''} open."
    blank = rules.double_blank_points
    if rules.scoring == "penalty":
        scoring = (
            "When a round ends, everyone scores the pips left in their hand; going out scores "
            "nothing. After the last round the lowest total wins."
        )
    else:
        scoring = (
            "When a round ends, whoever went out scores the pips left in everyone else's "
            "hands (shared if several went out, or among the lowest hands of a blocked round). "
            "After the last round the highest total wins."
        )
    if blank:
        scoring += f" The double blank left in a hand counts {blank} points."
    ties = "If totals are level, the player who won more rounds wins"
    ties += (
        ", then the one with the lowest single round score; "
        if rules.scoring == "penalty"
        else "; "
    )
    ties += "if still level, the win is shared."
    sections = [
        (
            "The aim",
            "Play every tile from your hand onto the trains. The first player to run "
            "out of tiles ends the round; the fewer points you are left holding, the better.",
        ),
        ("Setting up", setup),
        ("Rounds", rounds),
        (
            "The trains",
            "Every player has a personal train running from the station in the "
            "middle toward them, and there is one Mexican train that belongs to nobody. A tile "
            "joins the open end of a train when its touching half shows the same number.",
        ),
        ("Your first turn", first),
        (
            "Later turns",
            "Play one tile on your own train, on the Mexican train, or on any "
            "train that carries its owner's marker. If you have a play you must make one. If you "
            "have none, draw one tile: play it at once if it fits; if not, put your marker on "
            "your train. While your marker is down, anyone may play on your train; it comes off "
            "when you play on your train again.",
        ),
        ("Doubles", doubles),
        (
            "End of a round",
            "A round ends when a player plays their last tile, or when the "
            "boneyard is empty and nobody can play (the round is blocked)."
            + (
                " Under this table's first-turn rule, if someone goes out during the first turns, "
                "everybody still gets a first turn before the round ends."
                if rules.first_turn_chain
                else ""
            ),
        ),
        ("Scoring", scoring),
        ("Ties", ties),
        (
            "Playing here",
            "Drag a tile from your hand onto a lit train, or tap the tile and then "
            "the train. Lit trains are exactly the places the rules allow. Draw and Done appear "
            "only when you may use them. Drag tiles within your hand to arrange them, or press "
            "Sort. Esc pauses.",
        ),
    ]
    return [(h, p) for h, p in sections if p]


class RulesScene(Scene):
    def __init__(self, app: App, rules: Rules, players: int) -> None:
        super().__init__(app)
        self.rules = rules
        self.players = players
        self.scroll = 0.0
        self.target = 0.0
        self.drag_from: tuple[int, float] | None = None
        self.content: pygame.Surface | None = None
        self.button = w.Button("Back", pygame.Rect(0, 0, 10, 10), self.back, primary=True)
        self._layout()

    def back(self) -> None:
        self.app.pop()

    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        self.view = pygame.Rect(0, round(100 * u) + 10, width, 0)
        self.view.h = height - self.view.top - round(90 * u)
        self.button.rect = pygame.Rect(0, 0, max(140, round(200 * u)), max(32, round(48 * u)))
        self.button.rect.midbottom = (width // 2, height - round(20 * u))
        self.content = None

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def _render(self) -> pygame.Surface:
        th = self.app.settings.theme
        u = self.scale
        width = min(self.size[0] - 40, round(880 * u) + 60)
        head = max(14, round(24 * u))
        body = max(12, round(18 * u))
        blocks: list[tuple[pygame.Surface, int]] = []
        preset = "Standard" if self.rules.preset == "standard" else "Station"
        blocks.append(
            (w.text(f"{preset} rules · {self.players} players", body, th.text_dim), round(10 * u))
        )
        for heading, paragraph in rules_text(self.rules, self.players):
            blocks.append((w.text(heading, head, th.accent, bold=True), round(4 * u)))
            lines = w.wrap(paragraph, body, width)
            for i, line in enumerate(lines):
                gap = round(16 * u) if i == len(lines) - 1 else 0
                blocks.append((w.text(line, body, th.text), gap))
        height = sum(s.get_height() + g for s, g in blocks) + 10
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for s, gap in blocks:
            surf.blit(s, (0, y))
            y += s.get_height() + gap
        return surf

    def _max_scroll(self) -> float:
        if self.content is None:
            return 0.0
        return max(0.0, self.content.get_height() - self.view.h)

    def handle(self, event: pygame.event.Event) -> None:
        if self.button.handle(event):
            return
        step = 60 * self.scale
        if event.type == pygame.MOUSEWHEEL:
            self.target -= event.y * step
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.target += step * (5 if event.key == pygame.K_PAGEDOWN else 1)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.target -= step * (5 if event.key == pygame.K_PAGEUP else 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.collidepoint(event.pos):
                self.drag_from = (event.pos[1], self.target)
        elif event.type == pygame.MOUSEMOTION and self.drag_from is not None:
            self.target = self.drag_from[1] - (event.pos[1] - self.drag_from[0])
            self.scroll = self.target
        elif event.type == pygame.MOUSEBUTTONUP:
            self.drag_from = None
        self.target = max(0.0, min(self._max_scroll(), self.target))

    def update(self, dt: float) -> None:
        self.button.update(dt)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)

    def draw(self, surface: pygame.Surface) -> None:
        th = self.app.settings.theme
        u = self.scale
        width, _ = surface.get_size()
        surface.blit(w.felt(surface.get_size(), th), (0, 0))
        w.blit_text(
            surface,
            "How to play",
            max(20, round(44 * u)),
            th.accent,
            bold=True,
            shadow=True,
            midtop=(width // 2, round(24 * u)),
        )
        if self.content is None:
            self.content = self._render()
        cw = self.content.get_width()
        box = pygame.Rect((width - cw) // 2 - 20, self.view.top - 10, cw + 40, self.view.h + 20)
        w.draw_panel(surface, box, (*th.panel[:3], 200), th.panel_edge, round(14 * u), 1)
        area = pygame.Rect(0, round(self.scroll), cw, self.view.h)
        surface.blit(self.content, ((width - cw) // 2, self.view.top), area)
        if self._max_scroll() > 0:
            frac = self.scroll / self._max_scroll()
            bar_h = max(20, self.view.h * self.view.h / self.content.get_height())
            y = self.view.top + (self.view.h - bar_h) * frac
            pygame.draw.rect(surface, th.panel_edge, (box.right - 8, y, 4, bar_h), border_radius=2)
        self.button.draw(surface, th, u)
