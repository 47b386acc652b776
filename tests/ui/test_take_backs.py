"""Practice take-backs through the real loop: Undo (button, Ctrl+Z, Backspace, the pad's Back
button) returns the table to the moment before the person's last turn by replaying the match
record; the computer seats answer the same way when the person plays the same again; the first
take-back asks first; and Undo is neither shown nor done where it is not allowed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pygame
import pytest

from game.app import App
from game.levels.daily import daily_table
from game.match.session import MatchConfig, Session
from game.rules import DRAW, END_TURN, PASS, GameState, Play, Rules
from game.rules.record import load_record
from game.scenes.flow import start_match
from game.scenes.kiosk.kiosk import KioskConfig
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.settings import SettingsScene
from game.scenes.play.deal import DealScene
from game.scenes.play.lesson import LessonScene, lesson_table
from game.scenes.play.table import TableScene
from game.scenes.play.take_back import TakeBackScene
from tests.platform.helpers import finger, key, pad_button

from .driver import click, frames, new_app, run_until

PAD_BACK = pygame.CONTROLLER_BUTTON_BACK


@pytest.fixture
def app() -> Iterator[App]:
    app = new_app()
    try:
        yield app
    finally:
        app.close()


def open_match(app: App, config: MatchConfig) -> TableScene:
    """Start ``config``'s match from the menu as the game does, up to the table."""
    app.reset(MenuScene(app))
    frames(app, 2)
    start_match(app, config)
    deal = app.top
    assert isinstance(deal, DealScene)
    deal.skip()
    run_until(app, lambda: isinstance(app.top, TableScene))
    return table_of(app)


def practice(app: App, seed: int = 3, players: int = 3) -> TableScene:
    return open_match(app, MatchConfig(players, Rules.standard(), "easy", seed, practice=True))


def table_of(app: App) -> TableScene:
    table = app.top
    assert isinstance(table, TableScene)
    return table


def wait_for_turn(app: App) -> TableScene:
    """Step until it is the person's move at the table on top (the buttons faded in)."""
    run_until(app, lambda: isinstance(app.top, TableScene) and table_of(app).ready)
    frames(app, 12)
    return table_of(app)


def play_a_turn(app: App) -> None:
    """The person's whole turn, always the same way: the first play the rules offer, else
    draw, else Done, else the automatic pass; until the turn is someone else's."""
    table = wait_for_turn(app)
    state = table.state
    person = table.shown_seat
    while state.phase == "play" and state.current == person:
        run_until(app, lambda: table.ready)
        legal = state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            assert table.try_play(plays[0].tile, plays[0].train, None)
        elif DRAW in legal:
            table.do_draw()
        elif END_TURN in legal:
            table.do_done()
        else:
            assert legal == [PASS]
            run_until(app, lambda: state.current != person or state.phase != "play")
        frames(app)


def tap(app: App, pos: tuple[int, int]) -> None:
    """A finger on the screen (the router turns it into a pointer press and release)."""
    finger(app, pygame.FINGERDOWN, pos)
    frames(app)
    finger(app, pygame.FINGERUP, pos)
    frames(app)


def fingerprint(state: GameState) -> tuple[object, ...]:
    """Everything that decides the match from here: every seat's view of it (their hands,
    the trains, markers, doubles, whose move and what they may do), the boneyard in order."""
    # The rules as dealt (a record names the set, hand size and rounds; a new match may not).
    seats = tuple(state.observation(seat)._replace(rules=None) for seat in range(state.players))
    return (seats, state.deal, tuple(state.boneyard), state.current, state.phase)


def fresh_replay(text: str, ended_turn: bool) -> GameState:
    _, state = load_record(text)
    if ended_turn:
        state.apply(END_TURN)  # the stop that writes no line (see game.match.keeper)
    return state


def confirm_first_take_back(app: App) -> None:
    """Answer the first take-back's question where there is one (the Practice table, already
    practice, asks none)."""
    scene = app.top
    if not isinstance(scene, TakeBackScene):
        return
    frames(app, 20)
    button = next(b for b in scene.buttons if b.label == "Take back")
    click(app, button.rect.center)
    frames(app, 2)


def test_a_take_back_equals_a_fresh_replay_of_the_record_up_to_the_turn(app: App) -> None:
    table = practice(app)
    session = table.session
    before: list[tuple[str, tuple[object, ...]]] = []  # at each of the person's turns
    for _ in range(5):
        table = wait_for_turn(app)
        before.append((session.writer.text(), fingerprint(session.state)))
        play_a_turn(app)
    table = wait_for_turn(app)
    assert table.buttons["undo"].visible
    for count, (text, expected) in enumerate(reversed(before)):
        table.do_undo()
        if count == 0:
            confirm_first_take_back(app)
        else:
            assert not isinstance(app.top, TakeBackScene), "only the first take-back asks"
        table = table_of(app)
        assert table.session is session
        # The record is cut back to the start of the turn, and the table is that moment...
        assert session.writer.text() == text
        assert fingerprint(session.state) == expected
        # ... exactly what replaying that record from scratch gives.
        replayed = fresh_replay(text, session.ended_turn)
        assert fingerprint(session.state) == fingerprint(replayed)
        assert session.state.hand(0) == replayed.hand(0)
        assert list(session.state.boneyard) == list(replayed.boneyard)
        assert session.state.current == replayed.current == 0
        # and the view shows it: the person's hand is the state's
        assert sorted(table.view.tray.tiles) == sorted(session.state.hand(0))
        frames(app, 12)
    assert session.practice
    # Before the person's first turn there is nothing left to take back.
    table = wait_for_turn(app)
    assert session.undo_point() is None
    assert not table.buttons["undo"].visible


def test_the_computer_answers_the_same_way_after_a_take_back(app: App) -> None:
    for seed in (5, 8):
        practice(app, seed=seed, players=4)
        session = table_of(app).session
        for _ in range(6):
            play_a_turn(app)
        table = wait_for_turn(app)
        played = session.writer.text()
        for count in range(5):  # back to the start of the person's second turn
            table.do_undo()
            if count == 0:
                confirm_first_take_back(app)
            table = wait_for_turn(app)
        assert session.writer.text() != played
        for _ in range(5):  # the same moves again: the seats answer as they did
            play_a_turn(app)
        wait_for_turn(app)
        assert session.writer.text() == played, seed


def test_undo_by_mouse_touch_keys_and_gamepad_and_the_first_asks(app: App) -> None:
    app.settings.take_backs = True  # a quick-play table with Undo: the first take-back asks
    table = open_match(app, MatchConfig(3, Rules.standard(), "easy", 3))
    session = table.session
    play_a_turn(app)
    table = wait_for_turn(app)
    lines = len(session.writer.lines)
    # The first take-back asks; "Keep playing" leaves the match as it was (and not practice).
    click(app, table.buttons["undo"].rect.center)
    scene = app.top
    assert isinstance(scene, TakeBackScene)
    frames(app, 20)
    click(app, next(b for b in scene.buttons if b.label == "Keep playing").rect.center)
    assert app.top is table
    assert len(session.writer.lines) == lines and not session.practice
    # Yes, this time.
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert isinstance(app.top, TakeBackScene)
    confirm_first_take_back(app)
    assert session.practice
    assert len(session.writer.lines) < lines

    ways = [
        lambda: key(app, pygame.K_BACKSPACE),
        lambda: key(app, pygame.K_z, pygame.KMOD_LCTRL),
        lambda: pad_button(app, PAD_BACK),
        lambda: click(app, table_of(app).buttons["undo"].rect.center),
        lambda: tap(app, table_of(app).buttons["undo"].rect.center),
    ]
    for way in ways:
        for _ in range(2):
            play_a_turn(app)
        table = wait_for_turn(app)
        lines = len(session.writer.lines)
        point = session.undo_point()
        assert point is not None
        way()
        frames(app, 2)
        assert not isinstance(app.top, TakeBackScene)
        assert table_of(app) is not table, "the table is shown again from the state"
        assert len(session.writer.lines) == point + 1 < lines


def test_the_setting_is_off_by_default_and_turns_undo_on_for_quick_play(app: App) -> None:
    assert not app.settings.take_backs
    table = open_match(app, MatchConfig(3, Rules.standard(), "easy", 5))
    play_a_turn(app)
    table = wait_for_turn(app)
    assert not table.buttons["undo"].visible
    lines = len(table.session.writer.lines)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert not isinstance(app.top, TakeBackScene)
    assert len(table.session.writer.lines) == lines

    app.settings.take_backs = True
    open_match(app, MatchConfig(3, Rules.standard(), "easy", 5))
    play_a_turn(app)
    table = wait_for_turn(app)
    assert table.buttons["undo"].visible
    key(app, pygame.K_BACKSPACE)
    assert isinstance(app.top, TakeBackScene)


def refused(app: App, table: TableScene) -> None:
    """No Undo on this table: not shown, and no key, pad button or call takes anything back."""
    table = wait_for_turn(app)
    session = table.session
    text = session.writer.text()
    assert not table.buttons["undo"].visible
    assert ("button", "undo") not in [item.key for item in table.focus_items()]
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    pad_button(app, PAD_BACK)
    table.do_undo()
    frames(app, 2)
    assert not isinstance(app.top, TakeBackScene)
    assert session.writer.text() == text and not session.practice


def test_undo_is_refused_in_pass_and_play(app: App) -> None:
    app.settings.take_backs = True
    config = MatchConfig(2, Rules.standard(), "easy", 5, humans=2, practice=True)
    table = open_match(app, config)
    assert table.session.take_backs and not table.session.undo_offered
    assert not table.undo_offered
    table.session.shown_seat = 0  # as if the cover had been tapped: the test looks at the table
    for _ in range(2):
        state = table.state
        assert state.legal_actions()
        table.session.apply(state.legal_actions()[0])
    assert table.session.undo_point() is None and not table.session.undo()
    assert not table.buttons["undo"].visible


def test_undo_is_refused_at_the_daily_table(app: App) -> None:
    app.settings.take_backs = True
    table = open_match(app, MatchConfig.for_daily(daily_table(date(2026, 3, 14))))
    play_a_turn(app)
    table = wait_for_turn(app)
    assert table.session.take_backs and not table.undo_offered
    assert table.session.undo_point() is None and not table.session.undo()
    refused(app, table)


def test_undo_is_refused_in_a_kiosk_unless_its_operator_allows_it() -> None:
    for allowed in (False, True):
        kiosk = KioskConfig(pin="2468", take_backs=allowed)  # an operator set a PIN
        app = App((960, 600), inline_seats=True, resizable=False, kiosk=kiosk)
        app.settings.opponent_pace = "fast"
        try:
            app.reset(MenuScene(app))
            frames(app, 2)
            labels = [b.label for b in app.top.buttons]  # type: ignore[union-attr]
            assert ("Practice" in labels) == allowed
            settings = [o.label for o in SettingsScene(app).options]
            assert ("Take-backs" in settings) == allowed  # no choice the kiosk would ignore
            app.settings.take_backs = True
            table = open_match(app, MatchConfig(3, Rules.standard(), "easy", 5, practice=True))
            play_a_turn(app)
            table = wait_for_turn(app)
            if allowed:
                assert table.buttons["undo"].visible
                lines = len(table.session.writer.lines)
                key(app, pygame.K_BACKSPACE)  # the Practice table: taken back at once
                assert len(table.session.writer.lines) < lines
            else:
                assert not table.session.take_backs
                refused(app, table)
        finally:
            app.close()


def test_the_lesson_offers_no_undo(app: App) -> None:
    session, index = lesson_table(None)
    session.take_backs = True  # even if a match said so, the guided game has no Undo
    scene = LessonScene(app, session, index)
    app.reset(MenuScene(app), scene)
    frames(app, 30)
    assert not scene.undo_offered
    assert not scene.buttons["undo"].visible


def test_a_take_back_reaches_back_over_the_end_of_a_round(app: App) -> None:
    """The person's last turn was in the round before: Undo replays the record back into it,
    and that round goes on (and ends again) from there."""
    from game.scenes.play.summary import RoundSummaryScene

    table = practice(app, seed=3, players=2)
    session = table.session
    last_turn: tuple[str, tuple[object, ...]] | None = None
    for _ in range(60 * 600):
        top = app.top
        if isinstance(top, RoundSummaryScene):
            top.next()
        elif isinstance(top, DealScene):
            top.skip()
        elif isinstance(top, TableScene) and top.ready:
            if session.state.round_number == 2:
                break
            frames(app, 12)
            last_turn = (session.writer.text(), fingerprint(session.state))
            play_a_turn(app)
            continue
        frames(app)
    table = wait_for_turn(app)
    assert session.state.round_number == 2 and last_turn is not None
    text, expected = last_turn
    table.do_undo()
    confirm_first_take_back(app)
    table = table_of(app)
    assert session.state.round_number == 1
    assert session.writer.text() == text
    assert fingerprint(session.state) == expected
    assert fingerprint(session.state) == fingerprint(fresh_replay(text, session.ended_turn))
    # the round plays on to its end again, and its summary comes up
    for _ in range(60 * 600):
        if isinstance(app.top, RoundSummaryScene):
            break
        if isinstance(app.top, TableScene) and table_of(app).ready:
            play_a_turn(app)
        frames(app)
    assert isinstance(app.top, RoundSummaryScene)
    assert app.top.session is session and session.state.round_number == 1


def test_the_end_of_a_practice_match_at_a_level_shows_no_stars(app: App) -> None:
    from game.ai.simple import make_seat
    from game.levels import rate_game
    from game.scenes.kit.progress import ladder_levels, load_progress
    from game.scenes.play.match_end import MatchEndScene

    level = ladder_levels()[0]
    kinds: list[str | None] = [None, *level.playable_kinds]
    for seed in range(1, 60):  # a match that clears the table: stars it would have earned
        session = Session(MatchConfig.for_level(level, seed), inline=True, kinds=kinds)
        session.play_out([make_seat("greedy", 1000 + n) for n in range(len(kinds))])
        if rate_game(level, session.state, 0).cleared:
            break
    assert rate_game(level, session.state, 0).cleared
    session.practice = True
    scene = MatchEndScene(app, session)
    app.reset(MenuScene(app), scene)
    frames(app, 30)
    assert not scene.improved
    assert scene.rating_lines()[1] == "Practice match: no stars and no statistics"
    assert load_progress(app).stars(level.id) is None  # nothing kept, even in memory


def test_hard_opponents_answer_the_same_way_after_a_take_back(app: App) -> None:
    """Hard remembers opponents' first-turn lines between its decisions and thinks against a
    clock: after a take-back it is shown again what it saw in the round so far and thinks
    its full number of guesses without the clock, so a repeated move gets the same reply."""
    for seed in (3, 6):  # deals whose round goes on past the person's fifth turn
        open_match(app, MatchConfig(4, Rules.standard(), "hard", seed, practice=True))
        session = table_of(app).session
        for _ in range(4):
            play_a_turn(app)
        table = wait_for_turn(app)
        played = session.writer.text()
        for count in range(2):  # back over two turns, each answered by three Hard seats
            table.do_undo()
            if count == 0:
                confirm_first_take_back(app)
            table = wait_for_turn(app)
        assert session.writer.text() != played
        for _ in range(2):
            play_a_turn(app)
        wait_for_turn(app)
        assert session.writer.text() == played, seed


def test_practice_takes_back_without_asking_and_the_hand_keeps_its_order(app: App) -> None:
    """The Practice table is practice already: its first Undo asks nothing. The hand comes
    back as the player had arranged it, the tile played back where it stood."""
    table = practice(app)
    session = table.session
    play_a_turn(app)
    while True:  # a turn in which the person lays a tile
        table = wait_for_turn(app)
        tray = table.view.tray
        tray.tiles.reverse()  # the player's own arrangement (not the deal's order)
        before = list(tray.tiles)
        played = any(isinstance(a, Play) for a in table.state.legal_actions())
        play_a_turn(app)
        if played:
            break
    table = wait_for_turn(app)
    assert len(table.view.tray.tiles) < len(before)  # the turn laid a tile from the hand
    key(app, pygame.K_BACKSPACE)
    frames(app, 2)
    assert not isinstance(app.top, TakeBackScene), "Practice does not ask"
    again = table_of(app)
    assert again is not table and session.practice
    assert again.view.tray.tiles == before
