"""RULES.md section 10: every refused play has a reason a player can read.

One scenario per ``Reason``: the refusal carries the code and the readable message, ``apply``
raises it, and the state is left unchanged (see ``scenario.refused``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.rules import DRAW, END_TURN, PASS, GameState, Play, Reason, Refusal
from tests.rules.scenario import (
    MEX,
    P,
    draw,
    pass_turn,
    play,
    refused,
    table,
    tile,
)

HANDS = ["6|6 6|5 5|5 6|4 5|1", "6|3 5|0 3|2 4|1 2|2"]

Case = tuple[GameState, Any, int | None]


def _started(**options: Any) -> GameState:
    """Both trains started (Ana 6|5, Ben 6|3); Ana to play her second turn."""
    g = table(HANDS, "3|3 1|1", first_turn_chain=False, **options)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    return g


def not_your_turn() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, P(g, "6|3", 1), 1


def round_over() -> Case:
    g = table(["6|6 6|5 5|4", "6|3 3|2 1|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    play(g, "5|4", 0)
    assert g.round_over
    return g, PASS, None


def not_in_hand() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, P(g, "6|3", 0), None


def no_such_train() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, Play(tile("6|5"), 3), None


def numbers_dont_match() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, P(g, "5|1", 0), None


def train_private() -> Case:
    g = table(["6|6 6|5 3|1 1|1", "6|3 3|2 2|1 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    return g, P(g, "3|1", 1), None


def mexican_after_first_turn() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, P(g, "6|5", MEX), None


def first_turn_own_train() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, P(g, "6|5", 1), None


def must_satisfy() -> Case:
    g = _started()
    play(g, "5|5", 0)
    play(g, "6|4", MEX)
    return g, P(g, "3|2", 1), None


def must_follow() -> Case:
    g = _started()
    play(g, "5|5", 0)
    return g, END_TURN, None


def too_many_open_doubles() -> Case:
    hands = ["6|6 6|5 6|4 5|5 4|4 1|1", "6|3 3|2 5|0 4|0 2|2 1|0"]
    g = table(hands, first_turn_chain=False, max_open_doubles=1)
    for spec, train in (("6|5", 0), ("6|3", 1), ("6|4", MEX), ("3|2", 1), ("5|5", 0)):
        play(g, spec, train)
    return g, P(g, "4|4", MEX), None


def must_play_not_draw() -> Case:
    return _started(), DRAW, None


def must_play_not_pass() -> Case:
    return _started(), PASS, None


def must_draw_before_pass() -> Case:
    g = table(["6|6 6|5 1|1 2|2 4|1", "6|3 5|4 0|0 0|2 0|3"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    return g, PASS, None


def already_drawn() -> Case:
    g = table(["6|6 6|5 1|1 2|2 4|1", "6|3 5|4 0|0 0|2 0|3"], "3|3", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    draw(g)
    return g, DRAW, None


def boneyard_empty() -> Case:
    sixless = "0|0 0|1 0|2 0|3 0|4 0|5 1|1 1|2 1|3 1|4 1|5 2|2 2|3"
    rest = "6|0 6|1 6|2 6|3 6|4 6|5 2|4 2|5 3|3 3|4 3|5 4|4 4|5 5|5"
    g = table(["6|6 " + sixless, rest], first_turn_chain=False)
    return g, DRAW, None


def must_play_drawn() -> Case:
    g = table(["6|6 6|5 1|1 2|2 4|1", "6|3 5|4 0|0 0|2 0|3"], "6|4", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    draw(g)
    return g, P(g, "4|1", MEX), None


def first_turn_no_draw() -> Case:
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], first_turn_chain=False)
    return g, DRAW, None


def cannot_end_turn() -> Case:
    return _started(), END_TURN, None


def not_allowed() -> Case:
    g = table(HANDS, first_turn_chain=False)
    return g, "play 6|5", None  # not an action at all


CASES: dict[Reason, tuple[Callable[[], Case], str]] = {
    Reason.NOT_YOUR_TURN: (not_your_turn, "not your turn"),
    Reason.ROUND_OVER: (round_over, "the round is over"),
    Reason.NOT_IN_HAND: (not_in_hand, "that tile is not in your hand"),
    Reason.NO_SUCH_TRAIN: (no_such_train, "there is no such train"),
    Reason.NUMBERS_DONT_MATCH: (numbers_dont_match, "the numbers don't match"),
    Reason.TRAIN_PRIVATE: (train_private, "that train is private"),
    Reason.MEXICAN_AFTER_FIRST_TURN: (
        mexican_after_first_turn,
        "the Mexican train opens after your first turn",
    ),
    Reason.FIRST_TURN_OWN_TRAIN: (
        first_turn_own_train,
        "on your first turn you may only play on your own train",
    ),
    Reason.MUST_SATISFY: (must_satisfy, "you must satisfy the open double on Ana's train"),
    Reason.MUST_FOLLOW: (must_follow, "you must follow your double"),
    Reason.TOO_MANY_OPEN_DOUBLES: (too_many_open_doubles, "that would leave two doubles open"),
    Reason.MUST_PLAY_NOT_DRAW: (must_play_not_draw, "you have a legal play, so you may not draw"),
    Reason.MUST_PLAY_NOT_PASS: (must_play_not_pass, "you have a legal play, so you may not pass"),
    Reason.MUST_DRAW_BEFORE_PASS: (
        must_draw_before_pass,
        "draw from the boneyard before you pass",
    ),
    Reason.ALREADY_DRAWN: (already_drawn, "you have already drawn this turn"),
    Reason.BONEYARD_EMPTY: (boneyard_empty, "the boneyard is empty"),
    Reason.MUST_PLAY_DRAWN: (must_play_drawn, "you must play the tile you drew"),
    Reason.FIRST_TURN_NO_DRAW: (
        first_turn_no_draw,
        "on your first turn, mark your train and pass instead of drawing",
    ),
    Reason.CANNOT_END_TURN: (
        cannot_end_turn,
        "you can end your turn early only while laying your first-turn line",
    ),
    Reason.NOT_ALLOWED: (not_allowed, "that is not allowed now"),
}


def test_every_reason_has_a_scenario() -> None:
    """Every refusal reason the engine knows is produced by a test below."""
    assert set(CASES) == set(Reason)


@pytest.mark.parametrize("reason", list(CASES), ids=lambda r: r.name)
def test_refusal_has_its_reason_and_readable_message_and_changes_nothing(reason: Reason) -> None:
    """Every refused play has a reason a player can read; a refusal leaves the state as it was."""
    build, message = CASES[reason]
    g, action, seat = build()
    refusal = refused(g, action, reason, message, seat=seat)
    assert isinstance(refusal, Refusal)
    assert "{" not in refusal.message and "_" not in refusal.message


def test_rulebook_examples_are_the_messages() -> None:
    """The examples of RULES.md section 10 read as the rulebook words them."""
    rulebook = [
        (Reason.NOT_YOUR_TURN, "not your turn"),
        (Reason.NOT_IN_HAND, "not in your hand"),
        (Reason.NUMBERS_DONT_MATCH, "the numbers don't match"),
        (Reason.TRAIN_PRIVATE, "that train is private"),
        (Reason.MEXICAN_AFTER_FIRST_TURN, "the Mexican train opens after your first turn"),
        (Reason.MUST_SATISFY, "you must satisfy the open double on "),
        (Reason.MUST_FOLLOW, "you must follow your double"),
        (Reason.TOO_MANY_OPEN_DOUBLES, "that would leave two doubles open"),
        (Reason.MUST_PLAY_NOT_DRAW, "you have a legal play, so you may not draw"),
    ]
    for reason, words in rulebook:
        assert words in CASES[reason][1]


def test_must_satisfy_names_the_mexican_train() -> None:
    """The MUST_SATISFY message names the train: here the Mexican train."""
    g = table(["6|6 6|5 6|4 4|4 1|1", "6|3 3|2 4|0 2|2 1|0"], "3|3", first_turn_chain=False)
    for spec, train in (("6|5", 0), ("6|3", 1), ("6|4", MEX), ("3|2", 1), ("4|4", MEX)):
        play(g, spec, train)
    draw(g)
    pass_turn(g)
    refusal = refused(
        g,
        P(g, "2|2", 1),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on the Mexican train",
    )
    assert refusal.train == g.mexican


def test_not_your_turn_for_every_action() -> None:
    """Any action by a seat whose turn it is not is refused as 'not your turn'."""
    g = table(HANDS, first_turn_chain=False)
    for action in (DRAW, PASS, END_TURN, P(g, "6|3", 1), P(g, "6|5", 0)):
        refused(g, action, Reason.NOT_YOUR_TURN, "not your turn", seat=1)


def test_after_the_match_every_action_is_refused_as_round_over() -> None:
    g = table(["6|6 6|5 5|4", "6|3 3|2 1|0"], first_turn_chain=False, rounds=1)
    for spec, seat in (("6|5", 0), ("6|3", 1), ("5|4", 0)):
        play(g, spec, seat)
    assert g.match_over
    for action in (DRAW, PASS, END_TURN, P(g, "3|2", 1)):
        refused(g, action, Reason.ROUND_OVER, "the round is over")


def test_a_refused_action_leaves_every_legal_action_available() -> None:
    """After a refusal the same legal actions remain and each one is accepted by check()."""
    g = _started()
    legal = list(g.legal_actions())
    refused(g, P(g, "5|1", 1), Reason.TRAIN_PRIVATE, "that train is private")
    assert g.legal_actions() == legal
    assert all(g.check(action) is None for action in legal)
