"""RULES.md section 6: follow a double, satisfy a double, max_open_doubles, going out on one.

Double-6 sets (engine 6|6), two players Ana (seat 0) and Ben (seat 1), first_turn_chain off.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import DRAW, END_TURN, PASS, GameState, Reason
from game.rules.events import (
    DoubleOpened,
    DoubleSatisfied,
    MarkerPlaced,
    RoundEnded,
    TilePlayed,
    TurnPassed,
    TurnStarted,
    WentOut,
)
from tests.rules.scenario import (
    MEX,
    P,
    draw,
    kinds,
    pass_turn,
    play,
    plays,
    refused,
    round_end,
    table,
    tile,
)

# Ana opens 5|5 on her own train on her second turn.
FOLLOW = ["6|6 6|5 5|5 6|4 5|1", "6|3 5|0 3|2 4|1 2|2"]


def ana_plays_5_5(hands: list[str], boneyard: str = "", **options: Any) -> GameState:
    g = table(hands, boneyard, first_turn_chain=False, **options)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    events = play(g, "5|5", 0)
    assert events == [TilePlayed(0, tile("5|5"), 0, 5, 5), DoubleOpened(0, tile("5|5"))]
    return g


def test_after_a_double_the_same_player_plays_again_anywhere_legal() -> None:
    """Follow a double: after a double the same player plays one more tile, anywhere legal."""
    g = ana_plays_5_5(FOLLOW)
    assert g.current == 0 and g.must_follow
    assert g.open_double_trains() == (0,)
    assert plays(g) == {(tile("5|1"), 0), (tile("6|4"), g.mexican)}


def test_following_on_the_doubles_own_train_satisfies_it() -> None:
    """The follow tile may go on the double itself; then no double is left open."""
    g = ana_plays_5_5(FOLLOW)
    events = play(g, "5|1", 0)
    assert events[1] == DoubleSatisfied(0, tile("5|5"))
    assert events[-1] == TurnStarted(1, False, None)
    assert g.open_double_trains() == ()


def test_following_elsewhere_leaves_the_double_open() -> None:
    """A double with nothing after it yet on its train is open; the follow ends the turn."""
    g = ana_plays_5_5(FOLLOW)
    events = play(g, "6|4", MEX)
    assert events[-1] == TurnStarted(1, False, 0)
    assert g.open_double_trains() == (0,)
    assert not g.markers[0]


def test_the_follower_may_not_end_the_turn_or_pass_with_a_play() -> None:
    """The player must play one more tile: no END_TURN, no pass, no draw."""
    g = ana_plays_5_5(FOLLOW)
    refused(g, END_TURN, Reason.MUST_FOLLOW, "you must follow your double")
    refused(g, PASS, Reason.MUST_FOLLOW, "you must follow your double")
    refused(g, DRAW, Reason.MUST_PLAY_NOT_DRAW, "you have a legal play, so you may not draw")


def test_cannot_follow_draws_and_plays_the_drawn_tile() -> None:
    """If the player cannot follow, they draw one tile and play it if it can be played."""
    g = ana_plays_5_5(["6|6 6|5 5|5 1|1", "6|3 3|2 5|0 2|2"], "6|0")
    assert g.legal_actions() == [DRAW]
    refused(g, PASS, Reason.MUST_DRAW_BEFORE_PASS, "draw from the boneyard before you pass")
    draw(g)
    assert g.legal_actions() == [P(g, "6|0", MEX)]
    events = play(g, "6|0", MEX)
    assert events[-1] == TurnStarted(1, False, 0)
    assert g.open_double_trains() == (0,)


def test_cannot_follow_after_drawing_marks_the_train_and_leaves_the_double_open() -> None:
    """If the drawn tile still cannot be played, mark the train; the double stays open."""
    g = ana_plays_5_5(["6|6 6|5 5|5 1|1", "6|3 3|2 5|0 2|2"], "3|3")
    draw(g)
    assert g.legal_actions() == [PASS]
    events = pass_turn(g)
    assert events == [MarkerPlaced(0), TurnPassed(0), TurnStarted(1, False, 0)]
    assert g.open_double_trains() == (0,)
    assert g.must_satisfy == 0


# ---------------------------------------------------------------- satisfy


def test_next_player_must_satisfy_the_open_double_even_on_a_private_train() -> None:
    """While a double is open, a player may play only on it, even on a train otherwise closed."""
    g = ana_plays_5_5(FOLLOW)
    play(g, "6|4", MEX)
    assert g.current == 1 and g.must_satisfy == 0
    assert not g.markers[0] and not g.is_open_to(0, 1), "train 0 is Ana's, unmarked"
    assert g.legal_actions() == [P(g, "5|0", 0)]


def test_other_plays_are_refused_naming_the_train_of_the_open_double() -> None:
    """'you must satisfy the open double on <train>', even with a tile wanted elsewhere."""
    g = ana_plays_5_5(FOLLOW)
    play(g, "6|4", MEX)
    message = "you must satisfy the open double on Ana's train"
    assert refused(g, P(g, "3|2", 1), Reason.MUST_SATISFY, message).train == 0
    assert refused(g, P(g, "4|1", MEX), Reason.MUST_SATISFY, message).train == 0
    refused(g, DRAW, Reason.MUST_PLAY_NOT_DRAW, "you have a legal play, so you may not draw")
    refused(g, PASS, Reason.MUST_PLAY_NOT_PASS, "you have a legal play, so you may not pass")


def test_satisfying_the_double_ends_the_turn() -> None:
    """Satisfying it ends the turn."""
    g = ana_plays_5_5(FOLLOW)
    play(g, "6|4", MEX)
    events = play(g, "5|0", 0)
    assert events == [
        TilePlayed(1, tile("5|0"), 0, 5, 0),
        DoubleSatisfied(0, tile("5|5")),
        TurnStarted(0, False, None),
    ]
    assert g.open_double_trains() == ()
    assert not g.must_follow


# Ana leaves 5|5 open and marks her train; Ben holds no 5.
NO_FIVE = ["6|6 6|5 5|5 1|1", "6|3 3|2 2|2 4|1"]


def test_cannot_satisfy_draws_and_plays_the_drawn_tile_on_the_double() -> None:
    """A player who cannot satisfy draws one tile and plays it on the double if it fits."""
    g = ana_plays_5_5(NO_FIVE, "3|3 5|4")
    draw(g)
    pass_turn(g)
    assert g.legal_actions() == [DRAW]
    refused(
        g,
        P(g, "3|2", 1),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on Ana's train",
    )
    draw(g)
    assert g.legal_actions() == [P(g, "5|4", 0)]
    events = play(g, "5|4", 0)
    assert DoubleSatisfied(0, tile("5|5")) in events
    assert events[-1] == TurnStarted(0, False, None)


def test_cannot_satisfy_with_the_drawn_tile_marks_and_the_duty_passes_on() -> None:
    """Else they mark their train and pass; the duty passes on to the next player."""
    g = ana_plays_5_5(NO_FIVE, "3|3 3|0")
    draw(g)
    pass_turn(g)
    draw(g)  # 3|0 fits Ben's own train (end 3) but not the double
    assert g.legal_actions() == [PASS]
    refused(
        g,
        P(g, "3|0", 1),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on Ana's train",
    )
    events = pass_turn(g)
    assert events == [MarkerPlaced(1), TurnPassed(1), TurnStarted(0, False, 0)]
    assert g.must_satisfy == 0
    refused(
        g,
        P(g, "1|1", MEX),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on your train",
    )


# ---------------------------------------------------------------- two doubles, max_open_doubles

# Ana: 6|5 (own), Ben 6|3, Ana 6|4 (Mexican), Ben 3|2; then Ana plays 5|5 and follows with 4|4.
TWO = ["6|6 6|5 6|4 5|5 4|4 1|1", "6|3 3|2 5|0 4|0 2|2 1|0"]


def ana_doubles(hands: list[str], boneyard: str = "", **options: Any) -> GameState:
    g = table(hands, boneyard, first_turn_chain=False, **options)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    play(g, "6|4", MEX)
    play(g, "3|2", 1)
    play(g, "5|5", 0)
    assert g.must_follow and g.open_double_trains() == (0,)
    return g


def test_a_double_that_follows_a_double_needs_one_more_tile() -> None:
    """If the follow tile is a double too, again one more (no limit on open doubles)."""
    g = ana_doubles(TWO, "3|3")
    events = play(g, "4|4", MEX)
    assert events[-1] == DoubleOpened(g.mexican, tile("4|4"))
    assert g.current == 0 and g.must_follow
    assert g.open_double_trains() == (0, g.mexican)


def test_without_a_limit_two_doubles_stay_open_and_the_oldest_is_satisfied_first() -> None:
    """max_open_doubles: no limit; the next player must satisfy the OLDEST open double."""
    g = ana_doubles(TWO, "3|3")
    play(g, "4|4", MEX)
    draw(g)
    pass_turn(g)  # Ana cannot follow: both doubles stay open
    assert g.open_double_trains() == (0, g.mexican)
    assert g.current == 1 and g.must_satisfy == 0
    refused(
        g,
        P(g, "4|0", MEX),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on Ana's train",
    )
    events = play(g, "5|0", 0)
    assert DoubleSatisfied(0, tile("5|5")) in events
    assert events[-1] == TurnStarted(0, False, g.mexican)
    refused(
        g,
        P(g, "1|1", 0),
        Reason.MUST_SATISFY,
        "you must satisfy the open double on the Mexican train",
    )


def test_max_open_doubles_1_refuses_a_second_open_double() -> None:
    """With max_open_doubles = 1 no play may leave more than one double open at once."""
    g = ana_doubles(TWO, "3|3", max_open_doubles=1)
    refusal = refused(
        g, P(g, "4|4", MEX), Reason.TOO_MANY_OPEN_DOUBLES, "that would leave two doubles open"
    )
    assert refusal.train == g.mexican or refusal.train is None
    assert g.legal_actions() == [DRAW]


def test_max_open_doubles_2_allows_a_second_open_double() -> None:
    """A custom limit of 2 lets two doubles be open."""
    g = ana_doubles(TWO, "3|3", max_open_doubles=2)
    play(g, "4|4", MEX)
    assert g.open_double_trains() == (0, g.mexican)


# ---------------------------------------------------------------- going out on a double


def test_going_out_on_a_double_ends_the_round_and_it_never_counts_as_open() -> None:
    """A player whose last tile is a double may play it; they go out; nobody satisfies it."""
    g = table(["6|6 6|5 5|5", "6|3 3|2 1|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    events = play(g, "5|5", 0)
    assert kinds(events) == ["TilePlayed", "WentOut", "RoundEnded"]
    assert round_end(events).reason == "out"
    assert round_end(events).winners == (0,)
    assert g.open_double_trains() == ()


@pytest.mark.parametrize("limit", [1, None])
def test_going_out_on_a_double_while_following_is_allowed_under_any_limit(
    limit: int | None,
) -> None:
    """Going out on a double: it never counts as open, so max_open_doubles = 1 allows it."""
    g = ana_doubles(["6|6 6|5 6|4 5|5 4|4", "6|3 3|2 5|0 4|0 1|0"], max_open_doubles=limit)
    assert (tile("4|4"), g.mexican) in plays(g)
    events = play(g, "4|4", MEX)
    assert WentOut(0) in events
    assert not any(isinstance(e, DoubleOpened) for e in events)
    ended = round_end(events)
    assert isinstance(ended, RoundEnded) and ended.reason == "out"
    assert ended.scores[0] == 0
