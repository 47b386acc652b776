"""Screenshot cases of the menu's pages and the table: the deal, drags, refusals, themes, ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.commands.shots.camera import Camera
from game.commands.shots.states import busy_table, mid_round, play_until, refused_pair, round_ended
from game.rules import Play, Rules

if TYPE_CHECKING:
    from game.match.session import Session


def page_shots(cam: Camera) -> None:
    """The menu and the pages opened from it."""
    from game.scenes.pages.custom import CustomTableScene
    from game.scenes.pages.menu import MenuScene
    from game.scenes.pages.rules_page import RulesScene
    from game.scenes.pages.settings import SettingsScene

    app = cam.app
    app.push(MenuScene(app))
    cam.settle(1.0)
    cam.shot("01_menu")
    cam.over("02_settings", SettingsScene(app))
    cam.over("03_custom_table", CustomTableScene(app))
    cam.over("04_rules", RulesScene(app, Rules.standard(), 4))


def table_shots(cam: Camera) -> None:
    """The deal, a first turn, the busiest tables, a tile dragged, dropped, refused and
    tapped, the pause menu, the themes, and a match to its round summary and end."""
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.deal import DealScene
    from game.scenes.play.match_end import MatchEndScene
    from game.scenes.play.pause import PauseScene
    from game.scenes.play.summary import RoundSummaryScene
    from game.scenes.play.table import TableScene
    from game.view.table import RoundResult

    app = cam.app

    # the deal, mid-flight
    session = _session(4, Rules.standard(), 11)
    session.start_round()
    app.push(DealScene(app, session))
    cam.settle(1.6)
    cam.shot("05_deal")
    app.reset(MenuScene(app))

    # a first turn at a four-player table
    session = _session(4, Rules.standard(), 11)
    session.start_round()
    app.push(DealScene(app, session))
    deal = app.top
    assert isinstance(deal, DealScene)
    deal.skip()
    cam.settle(0.2)
    cam.to_your_turn()
    cam.shot("06_table_first_turn")

    # the hard case: 8 players, long trains, an open double, a marked train
    state, seed = busy_table(8)
    table = cam.table(state, seed)
    session = table.session
    cam.settle(0.6)
    cam.shot("07_table_8_players_busy")

    # a tile held over the table with its legal places lit
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    tile = plays[0].tile
    target = table.train_target(plays[0].train)
    lay = table.view.layout
    hover = (lay.hub_center[0], lay.table.top + lay.table.h // 3)
    cam.drag_to(table, tile, hover)
    cam.shot("08_drag_targets_lit")
    cam.drag_more(target.center)
    cam.shot("08b_drag_over_target")
    cam.drag_more((lay.tray.centerx, lay.tray.centery))
    cam.release((lay.tray.centerx, lay.tray.centery))  # back into the hand
    cam.settle(0.6)

    # a refused drop: a train the rules refuse for this tile, with their reason
    refused = refused_pair(state, 0)
    if refused is not None:
        tile, train = refused
        dest = table.train_target(train).center
        cam.drag_to(table, tile, dest)
        cam.release(dest)
        cam.settle(0.25)
        cam.shot("09_refused_drop")
        cam.settle(3.0)

    # a tile selected by tapping
    if plays:
        rect = table.tile_rect(plays[0].tile)
        if rect is not None:
            cam.click(rect.center)
            cam.settle(0.4)
            cam.shot("10_tap_selected")
            cam.click(rect.center)

    cam.over("11_pause", PauseScene(app, session), settle=0.4)

    # the biggest table the layout allows
    cam.table(*mid_round(14, Rules.standard(), 25))
    cam.settle(0.6)
    cam.shot("12_table_14_players")

    # two players, numerals, the colour-blind-safe theme
    _restyle(cam, numerals=True, theme="colour_blind_safe")
    cam.table(*mid_round(2, Rules.standard(), 20))
    cam.settle(0.6)
    cam.shot("13_table_2_players_numerals_colour_blind")
    _restyle(cam, numerals=False, theme="high_contrast")
    cam.settle(0.2)
    cam.shot("14_table_2_players_high_contrast")
    _restyle(cam, numerals=False, theme="default")

    # the round summary and the match end: play a short match to its end
    short = Rules.standard().with_options(rounds=1)
    session = _session(4, short, 3)
    session.start_round()
    play_until(session.state, lambda s: False, 3)
    table = TableScene(app, session)
    table.view.load_state(session.state, 0)
    ended = round_ended(session.state)
    table.view.result = RoundResult(ended[0], ended[1])
    app.reset(MenuScene(app), table, RoundSummaryScene(app, session, table.view))
    cam.settle(2.0)
    cam.shot("15_round_summary")
    cam.show("16_match_end", MatchEndScene(app, session), settle=2.0)


def _restyle(cam: Camera, *, numerals: bool, theme: str) -> None:
    """Tiles with numerals or pips, in ``theme``."""
    cam.app.settings.numerals = numerals
    cam.app.settings.theme = theme
    cam.app.apply_settings()


def _session(players: int, rules: Rules, seed: int) -> Session:
    from game.match.session import MatchConfig, Session

    return Session(MatchConfig(players, rules, "greedy", seed), inline=True)
