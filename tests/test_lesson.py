"""The guided first game's deal brings up each lesson in order under the real rules engine."""

from __future__ import annotations

from game.levels import lesson
from game.rules import DRAW, PASS, GameState, Play


def play_to(key: str) -> GameState:
    """The lesson's table at the moment the step named ``key`` asks the person to act."""
    state = lesson.new_state()
    for step in lesson.STEPS:
        if step.key == key:
            return state
        for action in step.moves:
            state.apply(action)
        for _, action in step.then:
            state.apply(action)
    raise AssertionError(f"no step {key!r}")


def test_every_scripted_move_is_legal_when_it_comes() -> None:
    state = lesson.new_state()
    assert state.current == lesson.PERSON, "the person holds the engine and starts"
    for seat, action in lesson.script():
        assert state.current == seat, (seat, action)
        assert state.check(action) is None, (seat, action, state.check(action))
        state.apply(action)
    result = state.round_result()
    assert result is not None and result.reason == "out" and result.winners == (lesson.PERSON,)
    assert state.match_over


def test_each_step_asks_for_what_it_teaches() -> None:
    state = play_to("start_train")
    assert state.is_first_turn(lesson.PERSON)
    assert all(a.train == lesson.PERSON for a in state.legal_actions() if isinstance(a, Play))

    state = play_to("mexican_train")
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert plays == [Play(plays[0].tile, lesson.MEXICAN)], "the Mexican train is the only play"

    state = play_to("draw")
    assert state.legal_actions() == [DRAW], "no play: drawing is all there is"

    state.apply(DRAW)
    assert state.drawn_tile is not None and state.legal_actions() == [PASS], (
        "the drawn tile does not fit either: passing is all there is"
    )

    state = play_to("pass_and_marker")
    assert state.markers[lesson.PERSON] and state.current == lesson.ANA, "passed and marked"

    state = play_to("marked_train")
    assert state.markers[lesson.PERSON] and state.markers[lesson.ANA]
    assert len(state.train(lesson.PERSON)) == 3, "Ben played on the person's marked train"

    state = play_to("follow_double")
    assert state.must_follow

    state = play_to("satisfy_double")
    assert state.must_satisfy == lesson.BEN
    assert {a.train for a in state.legal_actions() if isinstance(a, Play)} == {lesson.BEN}

    state = play_to("draw_fits")
    assert state.legal_actions() == [DRAW]
    state.apply(DRAW)
    assert state.drawn_tile is not None
    assert state.legal_actions() == [Play(state.drawn_tile, lesson.PERSON)], (
        "the drawn tile fits: it must be played at once"
    )

    state = play_to("go_out")
    (last,) = state.hand(lesson.PERSON)
    assert last.is_double, "the round ends by going out on a double"


def test_the_deal_holds_the_whole_set_once() -> None:
    tiles = [t for hand in lesson.HANDS for t in hand] + list(lesson.BONEYARD)
    assert len(tiles) == len(set(tiles)) == 55  # double-nine
