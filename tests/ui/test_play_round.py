"""A whole round played through the real event loop, headless, with synthetic mouse events.

The person's moves are made only with the pointer: drags onto trains, taps (tile, then train),
the Draw and Done buttons; a drop on a train the rules refuse must leave the state untouched and
show the rules' reason. The computer seats play on their timed tick. The round ends in the
round summary. Time is stepped by hand; nothing sleeps.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.match.session import MatchConfig
from game.rules import DRAW, END_TURN, PASS, Play, Rules
from game.scenes.flow import start_match
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.match_end import MatchEndScene
from game.scenes.play.summary import RoundSummaryScene
from game.scenes.play.table import TableScene

from .driver import click, drag, frames, new_app, run_until


def snapshot(state: Any) -> tuple[object, ...]:
    return (
        tuple(state.hands),
        tuple(tuple(t) for t in state.train_tiles),
        state.current,
        tuple(state.markers),
        len(state.boneyard),
        tuple(state.open_doubles),
        state.drawn_tile,
    )


def table_of(app: Any) -> TableScene | None:
    for scene in reversed(app.stack):
        if isinstance(scene, TableScene):
            return scene
    return None


@pytest.mark.parametrize(("preset", "seed"), [("standard", 4), ("standard", 9), ("station", 2)])
def test_a_whole_round_through_the_loop(preset: str, seed: int) -> None:
    app = new_app()
    try:
        app.push(MenuScene(app))
        frames(app, 5)
        rules = Rules.preset_named(preset).with_options(rounds=1)
        start_match(app, MatchConfig(3, rules, "greedy", seed))
        assert isinstance(app.top, DealScene)
        frames(app, 20)
        click(app, (10, 10))  # a click skips the deal
        run_until(app, lambda: isinstance(app.top, TableScene))
        table = app.top
        assert isinstance(table, TableScene)
        state = table.session.state
        human = table.shown_seat
        counts = {"drag": 0, "tap": 0, "draw": 0, "done": 0, "refused": 0, "reorder": 0}
        use_tap = False

        def ready_or_over() -> bool:
            return isinstance(app.top, RoundSummaryScene) or (
                isinstance(app.top, TableScene) and app.top.ready
            )

        while True:
            run_until(app, ready_or_over)
            if isinstance(app.top, RoundSummaryScene):
                break
            frames(app, 12)  # the buttons fade in
            legal = state.legal_actions()
            assert table.buttons["draw"].visible == (DRAW in legal)
            assert table.buttons["done"].visible == (END_TURN in legal)
            plays = [a for a in legal if isinstance(a, Play)]

            if counts["refused"] == 0:
                refused = next(
                    (
                        (tile, train)
                        for tile in state.hand(human)
                        for train in range(state.players + 1)
                        if state.check(Play(tile, train), human) is not None
                    ),
                    None,
                )
                if refused is not None:
                    tile, train = refused
                    reason = state.check(Play(tile, train), human)
                    assert reason is not None
                    before = snapshot(state)
                    start = table.tile_rect(tile)
                    assert start is not None
                    drag(app, start.center, table.train_target(train).center)
                    assert snapshot(state) == before, "a refused drop changed the game"
                    assert table.view.toast is not None
                    assert table.view.toast.message.lower() == reason.message.lower()
                    frames(app, 40)
                    assert tile in table.view.tray.tiles, "the refused tile went home"
                    counts["refused"] += 1

            if counts["reorder"] == 0 and len(table.view.tray.tiles) > 2:
                tray = table.view.tray
                first = tray.tiles[0]
                before = snapshot(state)
                start = table.tile_rect(first)
                last = table.tile_rect(tray.tiles[-1])
                assert start is not None and last is not None
                drag(app, start.center, (last.right + 4, last.centery))
                frames(app, 30)
                assert tray.tiles[-1] == first, "dragging within the tray reorders the hand"
                assert snapshot(state) == before
                click(app, table.buttons["sort"].rect.center)
                frames(app, 30)
                counts["reorder"] += 1

            if plays:
                play = plays[0]
                rect = table.tile_rect(play.tile)
                assert rect is not None
                target = table.train_target(play.train).center
                in_hand = state.hand_size(human)
                if use_tap:
                    click(app, rect.center)
                    assert table.view.lit and play.train in table.view.lit
                    click(app, target)
                    counts["tap"] += 1
                else:
                    drag(app, rect.center, target)
                    counts["drag"] += 1
                use_tap = not use_tap
                assert state.hand_size(human) == in_hand - 1 or state.phase != "play"
                assert play.tile not in state.hand(human)
            elif END_TURN in legal:
                click(app, table.buttons["done"].rect.center)
                counts["done"] += 1
            elif DRAW in legal:
                boneyard = len(state.boneyard)
                click(app, table.buttons["draw"].rect.center)
                assert len(state.boneyard) == boneyard - 1
                counts["draw"] += 1
            else:
                assert legal == [PASS]  # passes by itself after a moment
                run_until(app, lambda: state.legal_actions() != [PASS] or state.current != human)

        summary = app.top
        assert isinstance(summary, RoundSummaryScene)
        assert state.phase != "play"
        assert counts["refused"] == 1 and counts["reorder"] == 1
        assert counts["drag"] >= 1 and counts["tap"] >= 1
        frames(app, 120)
        click(app, summary.button.rect.center)
        assert isinstance(app.top, MatchEndScene)
        frames(app, 30)
    finally:
        app.close()


def test_draw_and_pass_by_the_pointer() -> None:
    """Find a turn where only drawing is legal: Draw is offered, drawing works, and an
    unplayable drawn tile passes by itself with the marker down."""
    app = new_app()
    try:
        rules = Rules.standard().with_options(rounds=1)
        for seed in range(1, 60):
            start_match(app, MatchConfig(2, rules, "greedy", seed))
            app.top.skip()  # type: ignore[union-attr]
            table = app.top
            assert isinstance(table, TableScene)
            state = table.session.state
            found = False
            for _ in range(200):
                run_until(
                    app,
                    lambda t=table: t.ready or t.state.phase != "play",
                )
                if state.phase != "play":
                    break
                legal = state.legal_actions()
                if legal == [DRAW]:
                    found = True
                    break
                plays = [a for a in legal if isinstance(a, Play)]
                if plays:
                    table.try_play(plays[0].tile, plays[0].train, None)
                elif END_TURN in legal:
                    table.do_done()
                else:
                    run_until(app, lambda t=table: not t.ready)
            if not found:
                app.reset(MenuScene(app))
                continue
            frames(app, 15)
            assert table.buttons["draw"].visible
            click(app, table.buttons["draw"].rect.center)
            run_until(app, lambda t=table: t.ready or t.state.current != t.shown_seat)
            if state.current == table.shown_seat and state.legal_actions() == [PASS]:
                run_until(app, lambda t=table: t.state.current != t.shown_seat)
                assert state.markers[table.shown_seat], "the marker is down after passing"
            return
        raise AssertionError("no turn with only a draw was found in the seeds tried")
    finally:
        app.close()
