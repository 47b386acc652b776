"""Pass and play: people share one device, each with their own seat; a cover screen hides
the hand between two people's turns until the next one taps."""

from __future__ import annotations

import pygame

from game.match.session import MatchConfig
from game.rules import DRAW, END_TURN, PASS, Play, Rules
from game.scenes.flow import start_match
from game.scenes.pages.custom import CustomTableScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.cover import GUARD, CoverScene
from game.scenes.play.deal import DealScene
from game.scenes.play.summary import RoundSummaryScene
from game.scenes.play.table import TableScene

from .helpers import finger, frames, key, new_app, run_until


def tap(app: object, pos: tuple[int, int]) -> None:
    finger(app, pygame.FINGERDOWN, pos)  # type: ignore[arg-type]
    frames(app)  # type: ignore[arg-type]
    finger(app, pygame.FINGERUP, pos)  # type: ignore[arg-type]
    frames(app)  # type: ignore[arg-type]


def test_the_custom_table_seats_several_people() -> None:
    app = new_app((960, 600))
    try:
        app.push(MenuScene(app))
        custom = CustomTableScene(app)
        app.push(custom)
        frames(app, 3)
        people = next(o for o in custom.options if o.label == "People at this device")
        people.set(3)
        players = next(o for o in custom.options if o.label == "Players")
        players.set(4)
        assert "3 people, 1 computer" in players.show(players.get())
        custom.start()
        deal = app.top
        assert isinstance(deal, DealScene)
        session = deal.session
        assert session.kinds[:3] == [None, None, None] and session.kinds[3] is not None
        assert session.state.names[:3] == ("Player 1", "Player 2", "Player 3")
        assert session.pass_and_play
        assert deal.view.shown_seat is None, "the deal shows nobody's hand face up"
    finally:
        app.close()


def test_the_cover_hides_the_hand_between_people() -> None:
    app = new_app((960, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        rules = Rules.standard().with_options(rounds=1)
        start_match(app, MatchConfig(3, rules, "greedy", 5, humans=2))
        deal = app.top
        assert isinstance(deal, DealScene)
        deal.skip()
        run_until(app, lambda: isinstance(app.top, TableScene | CoverScene))
        table = next(s for s in app.stack if isinstance(s, TableScene))
        state = table.state
        people = {0, 1}
        shown: list[int] = []
        covers = 0
        for _ in range(40):
            run_until(
                app,
                lambda: (
                    isinstance(app.top, CoverScene | RoundSummaryScene)
                    or (app.top is table and table.ready)
                ),
            )
            top = app.top
            if isinstance(top, RoundSummaryScene):
                break
            if isinstance(top, CoverScene):
                covers += 1
                assert top.opaque, "nothing of the table shows through the cover"
                assert top.seat == state.current and top.seat in people
                assert top.seat != table.session.shown_seat, "the cover is for the next person"
                assert table.view.hand_hidden or table.view.shown_seat is None
                tap(app, (480, 300))  # too soon: the guard ignores an accidental tap
                assert app.top is top
                frames(app, round(GUARD * 60) + 2)
                tap(app, (480, 300))
                assert app.top is table
                assert table.session.shown_seat == top.seat == table.view.shown_seat
                assert sorted(table.view.tray.tiles) == sorted(state.hand(top.seat))
                assert not table.view.hand_hidden
                shown.append(top.seat)
                continue
            seat = state.current
            assert seat == table.shown_seat and seat in people
            legal = state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                table.try_play(plays[0].tile, plays[0].train, None)
            elif DRAW in legal:
                table.do_draw()
            elif END_TURN in legal:
                table.do_done()
            elif legal == [PASS]:
                frames(app, 90)
            frames(app)
            if len(set(shown)) == 2 and covers >= 3:
                break
        assert covers >= 3 and set(shown) == people, "each person got the device in turn"
    finally:
        app.close()


def test_keys_reveal_and_escape_pauses_on_the_cover() -> None:
    app = new_app((960, 600))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(2, Rules.standard(), "greedy", 3, humans=2))
        deal = app.top
        assert isinstance(deal, DealScene)
        deal.skip()
        run_until(app, lambda: isinstance(app.top, CoverScene))
        cover = app.top
        assert isinstance(cover, CoverScene)
        frames(app, round(GUARD * 60) + 2)
        key(app, pygame.K_ESCAPE)
        from game.scenes.play.pause import PauseScene

        assert isinstance(app.top, PauseScene)
        key(app, pygame.K_ESCAPE)
        assert app.top is cover
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, TableScene)
        assert app.top.view.shown_seat == cover.seat
    finally:
        app.close()
