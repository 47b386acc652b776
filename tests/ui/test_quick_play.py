"""Quick play is the game the README and the menu's line name: four players, the standard
rules, Normal opponents, whatever the custom table last dealt."""

from __future__ import annotations

from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.view import typeset

from .driver import frames, new_app


def test_quick_play_deals_four_against_normal_after_a_custom_two_player_easy_table() -> None:
    app = new_app((640, 480))
    try:
        app.push(MenuScene(app))
        custom = CustomTableScene(app)
        app.push(custom)
        frames(app, 3)
        next(o for o in custom.options if o.label == "Players").set(2)
        next(o for o in custom.options if o.label == "Opponents").set("easy")
        custom.start()
        first = app.top
        assert isinstance(first, DealScene) and first.session.state.players == 2
        assert app.settings.players == 2  # the custom table remembers its own choice
        app.reset(MenuScene(app))
        frames(app, 5)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        line = "Quick play: 4 players · Standard rules · Opponents: Normal"
        assert line in audit.drawn
        menu = app.top
        assert isinstance(menu, MenuScene)
        menu.quick_play()
        deal = app.top
        assert isinstance(deal, DealScene)
        session = deal.session
        assert session.state.players == 4 and session.config.rules.preset == "standard"
        assert [k for k in session.kinds if k is not None] == ["normal"] * 3
        again = CustomTableScene(app)  # and the custom table still offers its last table
        assert again.players == 2 and again.opponent == "easy"
    finally:
        app.close()


def test_the_custom_table_deals_a_double_six_set_of_seven_tiles_each() -> None:
    """Every option can be set at the custom table: the set and the hand size too (the
    rulebook's double-6, 7-tile deal for two)."""
    app = new_app((640, 480))
    try:
        app.push(MenuScene(app))
        custom = CustomTableScene(app)
        app.push(custom)
        frames(app, 3)
        next(o for o in custom.options if o.label == "Players").set(2)
        next(o for o in custom.options if o.label == "Set").set(6)
        hand = next(o for o in custom.options if o.label == "Tiles each")
        hand.set(7)
        assert hand.show(hand.get()) == "7"
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        assert any("Double-6 set · 7 tiles each" in text for text in audit.drawn), audit.drawn
        custom.start()
        deal = app.top
        assert isinstance(deal, DealScene)
        state = deal.session.state
        assert state.deal.set_size == 6 and state.deal.hand_size == 7
        sizes = sorted(len(state.hand(seat)) for seat in range(2))
        assert sizes[0] >= 6 and sizes[1] >= 7  # seven each, less the engine once placed
    finally:
        app.close()
