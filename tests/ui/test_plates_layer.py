"""The seats' plates that are not to move are painted once on the table's static layer and
painted again only when what they show changes (a hand's size, a score, a marker, whose turn
it is). Whatever happened in between, a frame must look exactly as one drawn with every plate
painted afresh: no plate may ever show a stale count or turn.

A round of computer seats plays itself through the real app loop, headless; at moments
through it the frame as drawn is compared, pixel for pixel, with the same frame drawn on a
new static layer."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.rules import Rules
from game.scenes.menu import MenuScene
from game.scenes.session import MatchConfig, Session
from game.scenes.table import TableScene
from game.view.table import TableView

from .driver import frames, new_app


def drawn(view: TableView, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    view.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def drawn_afresh(view: TableView, size: tuple[int, int]) -> bytes:
    view._static = None  # a new static layer: every plate is painted on it from scratch
    return drawn(view, size)


@pytest.mark.parametrize(("players", "seed", "size"), [(4, 3, (960, 600)), (7, 11, (800, 480))])
def test_plates_always_show_the_table_as_it_is(
    players: int, seed: int, size: tuple[int, int]
) -> None:
    app = new_app(size)
    try:
        kinds: list[str | None] = ["greedy"] * players  # nobody at the device: it plays itself
        config = MatchConfig(players, Rules.standard().with_options(rounds=1), "greedy", seed)
        session = Session(config, inline=True, kinds=kinds)
        session.start_round()
        table = TableScene(app, session)
        app.reset(MenuScene(app), table)
        view = table.view
        compared = 0
        seen_changes: set[str] = set()
        last = None
        for _ in range(160):
            frames(app, 9)
            if table.state.phase != "play":
                break
            words = tuple(view.badge_words(s) for s in range(players))
            marks = (tuple(view.markers), view.current)
            if last is not None:
                if words != last[0]:
                    seen_changes.add("words")
                if marks[0] != last[1][0]:
                    seen_changes.add("marker")
                if marks[1] != last[1][1]:
                    seen_changes.add("turn")
            last = (words, marks)
            assert drawn(view, size) == drawn_afresh(view, size)
            compared += 1
        assert compared >= 20
        # the round went through every kind of change a plate shows
        assert seen_changes == {"words", "marker", "turn"}
    finally:
        app.close()


def test_a_new_language_paints_the_plates_in_it() -> None:
    app = new_app()
    try:
        config = MatchConfig(4, Rules.standard().with_options(rounds=1), "greedy", 5)
        session = Session(config, inline=True, kinds=[None, "greedy", "greedy", "greedy"])
        session.start_round()
        table = TableScene(app, session)
        app.reset(MenuScene(app), table)
        frames(app, 30)
        view = table.view
        size = app.screen.get_size()
        english = drawn(view, size)
        i18n.set_language("ga")
        view.language_changed()
        irish = drawn(view, size)
        assert irish != english
        assert irish == drawn_afresh(view, size)
    finally:
        i18n.set_language("en")
        app.close()
