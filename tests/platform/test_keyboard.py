"""The keyboard alone: a visible focus over tiles, lit trains and buttons; Enter plays."""

from __future__ import annotations

import pygame

from game.input.intents import Device
from game.match.session import MatchConfig
from game.rules import DRAW, END_TURN, PASS, Play, Rules
from game.scenes.flow import start_match
from game.scenes.kit.options import OptionsScene
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.scenes.play.deal import DealScene
from game.scenes.play.pause import PauseScene
from game.scenes.play.summary import RoundSummaryScene
from game.scenes.play.table import TableScene

from .helpers import frames, key, new_app, run_until, tab_to, table_with_a_play


def play_by_keys(app: object, table: TableScene, play: Play) -> None:
    """Tab to the tile, Enter, Tab to the train, Enter."""
    tab_to(app, table, ("tile", play.tile))
    key(app, pygame.K_RETURN)  # type: ignore[arg-type]
    assert table.selected == play.tile
    tab_to(app, table, ("train", play.train))
    key(app, pygame.K_RETURN)  # type: ignore[arg-type]


def test_a_play_by_keyboard_only() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        state = table.state
        play = next(a for a in state.legal_actions() if isinstance(a, Play))
        key(app, pygame.K_RIGHT)  # the first key shows the focus
        assert app.router.last_device == Device.KEYBOARD
        assert table.focus_rect() is not None
        before = len(state.train(play.train))
        play_by_keys(app, table, play)
        assert play.tile not in state.hand(table.shown_seat)
        assert len(state.train(play.train)) == before + 1
    finally:
        app.close()


def test_arrows_move_along_the_hand_and_escape_puts_the_tile_back() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        tray = table.view.tray
        key(app, pygame.K_TAB)
        first = table.nav.key
        assert first is not None and first[0] == "tile"
        tab_to(app, table, ("tile", tray.tiles[0]))
        key(app, pygame.K_RIGHT)
        assert table.nav.key == ("tile", tray.tiles[1]), "Right goes to the next tile"
        key(app, pygame.K_LEFT)
        assert table.nav.key == ("tile", tray.tiles[0])
        play = next(a for a in table.state.legal_actions() if isinstance(a, Play))
        tab_to(app, table, ("tile", play.tile))
        key(app, pygame.K_SPACE)  # Space picks up as Enter does
        assert table.selected == play.tile
        assert table.nav.key[0] == "train" and table.nav.key[1] in table.view.lit
        key(app, pygame.K_ESCAPE)
        assert table.selected is None, "Esc puts the tile back"
        assert table.nav.key == ("tile", play.tile)
        assert isinstance(app.top, TableScene), "and does not pause"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene), "Esc with nothing picked up pauses"
        key(app, pygame.K_ESCAPE)
        assert app.top is table
    finally:
        app.close()


def test_a_tile_that_cannot_be_played_says_why() -> None:
    app = new_app((960, 600))
    try:
        table = table_with_a_play(app)
        state = table.state
        playable = {a.tile for a in state.legal_actions() if isinstance(a, Play)}
        stuck = [t for t in state.hand(table.shown_seat) if t not in playable]
        if not stuck:
            return
        tab_to(app, table, ("tile", stuck[0]))
        key(app, pygame.K_RETURN)
        assert table.selected is None
        assert table.view.toast is not None and table.view.toast.kind == "refusal"
    finally:
        app.close()


def test_a_whole_round_by_keyboard() -> None:
    """Every move of the person's, draws and Done included, made with keys alone."""
    app = new_app((960, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(3, Rules.standard().with_options(rounds=1), "greedy", 9))
        assert isinstance(app.top, DealScene)
        key(app, pygame.K_RETURN)  # Enter skips the deal
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert isinstance(table, TableScene)
        state = table.state
        moves = 0

        def ready_or_over() -> bool:
            return isinstance(app.top, RoundSummaryScene) or (
                isinstance(app.top, TableScene) and table.ready
            )

        while moves < 400:
            run_until(app, ready_or_over)
            if isinstance(app.top, RoundSummaryScene):
                break
            frames(app, 12)
            legal = state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                play_by_keys(app, table, plays[0])
            elif DRAW in legal:
                tab_to(app, table, ("button", "draw"))
                key(app, pygame.K_RETURN)
            elif END_TURN in legal:
                tab_to(app, table, ("button", "done"))
                key(app, pygame.K_RETURN)
            elif legal == [PASS]:
                frames(app, 90)  # the marker goes down by itself
            moves += 1
        assert isinstance(app.top, RoundSummaryScene), "the round reached its end"
    finally:
        app.close()


def test_menus_by_keyboard() -> None:
    app = new_app((800, 480))
    try:
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 3)
        key(app, pygame.K_DOWN)  # shows the focus on the main button
        assert menu.nav.key == ("button", "Quick play")
        key(app, pygame.K_DOWN, count=8)  # down to the row of small buttons
        for _ in range(8):  # then along it
            if menu.nav.key == ("button", "Settings"):
                break
            key(app, pygame.K_RIGHT)
        assert menu.nav.key == ("button", "Settings")
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, SettingsScene)
        settings = app.top
        assert isinstance(settings, OptionsScene)
        before = app.settings.numerals
        key(app, pygame.K_DOWN)  # the second row: tile faces
        key(app, pygame.K_RIGHT)
        assert app.settings.numerals != before, "Right changes the focused row"
        key(app, pygame.K_ESCAPE)
        assert app.top is menu
    finally:
        app.close()
