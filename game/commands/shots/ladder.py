"""Screenshot cases of the ladder, today's table, a level cleared, help at the table, Practice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.commands.shots.camera import Camera
from game.commands.shots.states import busy_table
from game.rules import PLAY, Rules

if TYPE_CHECKING:
    from game.app import App
    from game.levels import Level


def ladder_shots(cam: Camera) -> None:
    """The ladder (and a level file it refused), today's table, a level cleared, help at the
    table, and a Practice table with its take-backs."""
    from game.levels import LevelError
    from game.scenes.kit.progress import ladder_levels, save_progress
    from game.scenes.pages.daily import DailyScene
    from game.scenes.pages.ladder import LadderScene
    from game.scenes.pages.menu import MenuScene
    from game.store.home import Progress

    app = cam.app
    # the ladder: two levels cleared (three stars, two), the next open, the rest locked
    levels = ladder_levels()
    save_progress(app, Progress(ladder={levels[0].id: 3, levels[1].id: 2}))
    cam.show("28_ladder", LadderScene(app))

    # a level file that could not be loaded: named at the end of the ladder, with why
    broken = [
        LevelError(
            "levels/midnight-express.toml",
            "rules.rounds",
            "range",
            "must be 1 to 19 (the largest set has 19 doubles), not 40",
        )
    ]
    ladder = LadderScene(app, refusals=broken)
    app.reset(MenuScene(app), ladder)
    cam.settle(0.3)
    ladder.scroll_to(ladder.max_scroll, instant=True)  # down to the notice at the end
    cam.settle(0.6)
    cam.shot("28b_ladder_refused_file")

    cam.show("30_daily_table", DailyScene(app))

    # a ladder table played to its end and cleared: the stars and Next level
    _level_cleared(app, levels[0])
    cam.settle(2.0)
    cam.shot("31_level_cleared")

    # help at the table: a hint shown, the hand planned, an opponent's card open
    _help_at_the_table(cam)
    cam.settle(0.6)
    cam.shot("32_table_hint_plan_card")

    # a Practice table: Undo in the top bar, and the question before the first take-back
    _take_back_shots(cam)
    _level_cleared(app, levels[0], practice=True)
    cam.settle(2.0)
    cam.shot("35_practice_level_end")


def _level_cleared(app: App, level: Level, practice: bool = False) -> None:
    """A one-round match of ``level`` won by your seat (a Hard player sits in it), at its end
    (``practice``: a turn of it was taken back, so it earns nothing)."""
    import dataclasses

    from game.ai.simple import make_seat
    from game.match.session import MatchConfig, Session
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.match_end import MatchEndScene

    config = MatchConfig.for_level(level, 1)
    config = dataclasses.replace(config, rules=config.rules.with_options(rounds=1))
    for seed in range(1, 40):
        config = dataclasses.replace(config, seed=seed)
        session = Session(config, inline=True)
        seats = [
            make_seat("hard" if s == 0 else kind or "easy", seed + s)
            for s, kind in enumerate(session.kinds)
        ]
        session.play_out(seats)
        if 0 in session.state.match_winners:
            break
        session.close()
    session.practice = practice
    app.reset(MenuScene(app), MatchEndScene(app, session))


def _help_at_the_table(cam: Camera) -> None:
    """Eight seats of every level mid-round on your turn, a hint asked, the hand planned and
    an opponent's card pinned open."""
    state, seed = busy_table(8)
    kinds: list[str | None] = [None, "easy", "normal", "hard", "easy", "normal", "hard", "normal"]
    table = cam.table(state, seed, level="normal", kinds=kinds)
    cam.settle(0.6)
    table.do_hint()
    table.do_plan()
    table.finish_help()
    table._pin_seat(3)


def _take_back_shots(cam: Camera) -> None:
    """A Practice match (Easy opponents, take-backs on) at the person's second turn, with its
    Undo button; then the question the first take-back asks."""
    from game.ai.simple import make_seat
    from game.match.session import MatchConfig
    from game.scenes.flow import new_session
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.table import TableScene

    app = cam.app
    config = MatchConfig(4, Rules.standard(), "easy", 11, practice=True)
    session = new_session(app, config)
    session.start_round()
    state = session.state
    seats = {seat: make_seat("easy", seat) for seat in range(1, state.players)}
    turns = 0
    while state.phase == PLAY:  # the person's first turn and the others' replies
        if state.current == 0:
            if turns and not state.in_first_turn_line:
                break
            turns += 1
        chooser = seats.get(state.current)
        observation = state.observation(state.current)
        session.apply(chooser.choose(observation) if chooser else state.legal_actions()[0])
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    cam.to_your_turn()
    cam.shot("33_practice_table_undo")
    # the question a table with the Take-backs setting asks first (Practice does not ask)
    from game.scenes import flow

    app.push(flow.take_back(app, table))
    cam.settle(0.5)
    cam.shot("34_take_back_question")
    if app.keeper is not None:
        app.keeper.unwatch(session)
