"""Resume details: a stopped first-turn line, and a save from between two rounds."""

from __future__ import annotations

from pathlib import Path

from game.ai.simple import make_seat
from game.match.keeper import Keeper, session_from_save
from game.match.session import MatchConfig, Session
from game.rules import END_TURN, Play, Rules
from game.store.home import Store

from .helpers import state_key


def first_turn_line(seed: int) -> Session | None:
    """A session just after a seat laid two tiles of its first-turn line (END_TURN legal)."""
    rules = Rules.standard().with_options(set_size=9)
    session = Session(MatchConfig(3, rules, "greedy", seed), inline=True)
    session.start_round()
    state = session.state
    for _ in range(2):
        own = [a for a in state.legal_actions() if isinstance(a, Play) and a.train == state.current]
        if not own:
            return None
        session.apply(own[0])
    return session if END_TURN in state.legal_actions() else None


def test_a_first_turn_line_stopped_early_resumes_stopped(tmp_path: Path) -> None:
    session = next(s for s in map(first_turn_line, range(1, 500)) if s is not None)
    store = Store(tmp_path)
    keeper = Keeper(store)
    keeper.watch(session)
    before = session.state.current
    session.apply(END_TURN)  # writes no record line
    assert session.state.current != before
    keeper.close()

    saved = Store(tmp_path).load_game()
    assert saved is not None and saved.meta["ended_turn"] is True
    assert saved.state.current == before  # the record alone replays to before the stop
    resumed = session_from_save(saved, inline=True)
    assert state_key(resumed.state) == state_key(session.state)
    assert resumed.kinds == session.kinds


def test_a_save_between_rounds_resumes_on_the_round_summary(tmp_path: Path) -> None:
    from game.scenes.play.summary import RoundSummaryScene
    from game.scenes.play.table import TableScene

    from .helpers import button_labels, click_button, frames, start_game

    rules = Rules.standard().with_options(set_size=6, rounds=3)
    session = Session(MatchConfig(3, rules, "greedy", 8), inline=True, kinds=["greedy"] * 3)
    keeper = Keeper(Store(tmp_path))
    keeper.watch(session)
    session.start_round()
    state = session.state
    seats = {s: make_seat("greedy", s) for s in range(3)}
    while state.phase == "play":
        session.apply(seats[state.current].choose(state.observation(state.current)))
    keeper.close()

    app = start_game(Store(tmp_path))
    try:
        assert "Resume game" in button_labels(app)
        click_button(app, "Resume game")
        frames(app, 10)
        assert isinstance(app.top, RoundSummaryScene)
        assert isinstance(app.stack[-2], TableScene)
        assert state_key(app.top.session.state) == state_key(state)
        summary = app.top
        summary.next()  # the next round is dealt and the game goes on
        frames(app, 5)
        assert summary.session.state.round_number == 2
    finally:
        app.close()


def test_a_match_left_from_the_pause_menu_is_offered_on_the_menu(tmp_path: Path) -> None:
    from game.scenes.flow import start_match
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.pause import PauseScene
    from game.scenes.play.table import TableScene

    from .helpers import button_labels, click_button, frames, start_game

    app = start_game(Store(tmp_path))
    try:
        app.autoplay = "greedy"
        app.settings.animation_speed = 0.0
        app.settings.opponent_pace = "fast"
        start_match(app, MatchConfig(3, Rules.standard().with_options(set_size=6), "easy", 4))
        for _ in range(400):
            frames(app, 1, 0.1)
        table = next(s for s in app.stack if isinstance(s, TableScene))
        played = len(table.session.writer.lines)
        app.push(PauseScene(app, table.session))
        click_button(app, "Leave the match")
        assert isinstance(app.top, MenuScene)
        assert button_labels(app)[0] == "Resume game"
        click_button(app, "Resume game")
        resumed = next(s for s in app.stack if isinstance(s, TableScene))
        assert resumed.session is not table.session
        assert len(resumed.session.writer.lines) == played
        assert resumed.session.kinds == table.session.kinds
    finally:
        app.close()
