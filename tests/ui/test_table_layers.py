"""The table's still pictures are kept between frames: the ground (felt, rails, station,
bars) until the window, theme, language or engine changes; the laid tiles until one lands;
the plates of the seats not to move until what they show changes (a hand's size, a score, a
marker, whose turn it is). Whatever happened in between, a frame must look exactly as one
drawn with all of them made afresh: no stale tile, count or turn.

A round of computer seats plays itself through the real app loop, headless; at moments
through it the frame as drawn is compared, pixel for pixel, with the same frame drawn from
scratch."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.match.session import MatchConfig, Session
from game.rules import GameState, Rules, Tile
from game.scenes.pages.menu import MenuScene
from game.scenes.play.table import TableScene
from game.view.table import TableView
from game.view.theme import theme_by_id

from .driver import frames, new_app, run_until


def open_table(app: App, seed: int, kinds: list[str | None], rounds: int | None = 1) -> TableScene:
    """A round dealt at a table of ``kinds`` (None: the person), shown by the app; the match
    has ``rounds`` rounds (None: as many as the set has engines)."""
    rules = Rules.standard() if rounds is None else Rules.standard().with_options(rounds=rounds)
    session = Session(MatchConfig(len(kinds), rules, "greedy", seed), inline=True, kinds=kinds)
    session.start_round()
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    return table


def drawn(view: TableView, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    view.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def drawn_afresh(view: TableView, size: tuple[int, int]) -> bytes:
    view._ground = None  # a new ground, tiles and plates: everything painted from scratch
    view._static = None
    return drawn(view, size)


@pytest.mark.parametrize(("players", "seed", "size"), [(4, 3, (960, 600)), (7, 11, (800, 480))])
def test_the_kept_layers_always_show_the_table_as_it_is(
    players: int, seed: int, size: tuple[int, int]
) -> None:
    app = new_app(size)
    try:
        table = open_table(app, seed, ["greedy"] * players)  # nobody at the device: it plays
        view = table.view
        compared = 0
        seen_changes: set[str] = set()
        last = None
        laid = 0
        for _ in range(160):
            frames(app, 9)
            if table.state.phase != "play":
                break
            words = tuple(view.badge_words(s) for s in range(players))
            marks = (tuple(view.markers), view.current)
            tiles = sum(len(train) for train in view.trains)
            if tiles != laid:
                seen_changes.add("tiles")
                laid = tiles
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
        assert seen_changes == {"tiles", "words", "marker", "turn"}
    finally:
        app.close()


def test_a_new_language_paints_the_plates_in_it() -> None:
    app = new_app()
    try:
        view = open_table(app, 5, [None, "greedy", "greedy", "greedy"]).view
        frames(app, 30)
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


def test_a_new_theme_paints_the_whole_table_in_it() -> None:
    app = new_app()
    try:
        view = open_table(app, 8, ["greedy"] * 4).view
        frames(app, 120)  # tiles laid on the trains
        size = app.screen.get_size()
        before = drawn(view, size)
        view.set_style(theme_by_id("high_contrast"), numerals=True)
        after = drawn(view, size)
        assert view.theme.id == "high_contrast"
        assert after != before
        assert after == drawn_afresh(view, size)
    finally:
        app.close()


def test_the_next_rounds_engine_is_painted_on_the_station() -> None:
    app = new_app()
    try:
        view = open_table(app, 6, ["greedy"] * 4, rounds=None).view
        frames(app, 60)
        size = app.screen.get_size()
        assert view.engine == Tile(12, 12)
        first_round = drawn(view, size)
        # the events of a second round (another match's, played out here): a new engine
        game = GameState.new(Rules.standard(), 4, 6)
        game.start_round()
        while game.phase == "play":
            game.apply(game.legal_actions()[0])
        view.feed(game.start_round())
        run_until(app, lambda: view.engine == Tile(11, 11))  # it flies to the station, lands
        frames(app, 30)
        assert view.engine == Tile(11, 11)
        second_round = drawn(view, size)
        assert second_round != first_round
        assert second_round == drawn_afresh(view, size)
    finally:
        app.close()


def test_a_new_window_size_numerals_or_large_tiles_paint_the_table_again() -> None:
    app = new_app()
    try:
        view = open_table(app, 4, ["greedy"] * 5).view
        frames(app, 200)  # first-turn lines laid
        for size in [(800, 500), (1280, 720), (480, 800)]:
            view.resize(size)
            frames(app, 30)
            assert drawn(view, size) == drawn_afresh(view, size), size
            view.set_style(view.theme, not view.numerals, large_tiles=not view.layout.large)
            frames(app, 30)
            assert drawn(view, size) == drawn_afresh(view, size), (size, "numerals, large")
    finally:
        app.close()


def test_every_train_s_open_end_is_marked_before_and_after_a_tile_lands() -> None:
    """Each train's open end shows where its next tile goes, lit or not: the still layer
    differs from the bare ground inside every next slot, the empty Mexican train's too, and
    the mark moves on with the train as tiles land."""
    app = new_app((960, 600))
    try:
        table = open_table(app, 4, ["greedy"] * 4)  # nobody at the device: it plays
        view = table.view
        for moment in range(6):
            frames(app, 40)
            size = app.screen.get_size()
            drawn(view, size)  # the still layer, as kept
            assert view._static is not None and view._ground is not None
            for train in range(view.players + 1):
                slot = view.geometry(train).next_slot
                kept = pygame.image.tobytes(view._static.subsurface(slot), "RGB")
                bare = pygame.image.tobytes(view._ground.subsurface(slot), "RGB")
                assert kept != bare, (moment, train, "the open end is not marked")
    finally:
        app.close()
