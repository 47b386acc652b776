"""RULES.md sections 4-5, later turns: open trains, must play, cannot play, markers.

Double-6 sets (engine 6|6), two players, first_turn_chain off so each first turn is one tile.
"""

from __future__ import annotations

from game.rules import DRAW, PASS, Reason
from game.rules.events import (
    MarkerPlaced,
    MarkerRemoved,
    TileDrawn,
    TilePlayed,
    TurnPassed,
    TurnStarted,
)
from tests.rules.scenario import (
    MEX,
    P,
    draw,
    end_turn,
    pass_turn,
    play,
    plays,
    refused,
    table,
    tile,
)


def test_later_turn_is_one_tile_on_an_open_train() -> None:
    """Later turns: exactly one tile on a train open to the player, then the turn passes."""
    g = table(["6|6 6|5 5|4 5|3 6|1", "6|3 3|2 2|1 0|0 1|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert plays(g) == {(tile("5|4"), 0), (tile("5|3"), 0), (tile("6|1"), g.mexican)}
    events = play(g, "5|4", 0)
    assert events == [TilePlayed(0, tile("5|4"), 0, 5, 4), TurnStarted(1, False, None)]


def test_the_mexican_train_is_open_to_everyone_after_their_first_turn() -> None:
    """The Mexican train belongs to nobody and is open to every player from the second turn."""
    g = table(["6|6 6|5 1|1 6|1", "6|3 3|2 1|0 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    play(g, "6|1", MEX)
    assert plays(g) == {(tile("3|2"), 1), (tile("1|0"), g.mexican)}
    play(g, "1|0", MEX)
    assert g.train(g.mexican) == ((6, 1), (1, 0))


def test_another_players_unmarked_train_is_private() -> None:
    """Another player's train without a marker is closed to the others."""
    g = table(["6|6 6|5 3|1 1|1", "6|3 3|2 2|1 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    refused(g, P(g, "3|1", 1), Reason.TRAIN_PRIVATE, "that train is private")


def test_numbers_must_match_the_open_end() -> None:
    """A tile joins a train only if its touching half equals the open end."""
    g = table(["6|6 6|5 3|1 5|1", "6|3 3|2 2|1 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    refused(g, P(g, "3|1", 0), Reason.NUMBERS_DONT_MATCH, "the numbers don't match")
    refused(g, P(g, "5|1", MEX), Reason.NUMBERS_DONT_MATCH, "the numbers don't match")


def test_must_play_drawing_is_refused_with_a_legal_play() -> None:
    """Drawing is allowed only when the hand has no legal play."""
    g = table(["6|6 6|5 5|4 1|1", "6|3 3|2 2|1 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    refused(g, DRAW, Reason.MUST_PLAY_NOT_DRAW, "you have a legal play, so you may not draw")


def test_must_play_passing_is_refused_with_a_legal_play() -> None:
    """A player who has a legal play must make one."""
    g = table(["6|6 6|5 5|4 1|1", "6|3 3|2 2|1 0|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    refused(g, PASS, Reason.MUST_PLAY_NOT_PASS, "you have a legal play, so you may not pass")


# Seat 0 has nothing for its 5 or the Mexican 6 on its second turn.
STUCK = ["6|6 6|5 1|1 2|2 4|1", "6|3 5|4 0|0 0|2 0|3"]


def test_cannot_play_must_draw_before_passing() -> None:
    """Cannot play: draw one tile from the boneyard (no pass before that)."""
    g = table(STUCK, "5|0", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert g.legal_actions() == [DRAW]
    refused(g, PASS, Reason.MUST_DRAW_BEFORE_PASS, "draw from the boneyard before you pass")


def test_drawn_tile_that_plays_must_be_played_at_once() -> None:
    """If the drawn tile has a legal play the player must play it at once: the turn's tile."""
    g = table(STUCK, "5|0", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert draw(g) == [TileDrawn(0, tile("5|0"))]
    assert g.drawn_tile == tile("5|0")
    assert g.legal_actions() == [P(g, "5|0", 0)]
    refused(g, PASS, Reason.MUST_PLAY_NOT_PASS, "you have a legal play, so you may not pass")
    refused(g, DRAW, Reason.ALREADY_DRAWN, "you have already drawn this turn")
    events = play(g, "5|0", 0)
    assert events[-1] == TurnStarted(1, False, None)


def test_only_the_drawn_tile_may_be_played_after_drawing() -> None:
    """The play after a draw is the drawn tile, not another one from the hand."""
    g = table(["6|6 6|5 1|1 2|2 4|1", "6|3 5|4 0|0 0|2 0|3"], "6|4", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    draw(g)  # 6|4 plays on the Mexican train
    refused(g, P(g, "4|1", MEX), Reason.MUST_PLAY_DRAWN, "you must play the tile you drew")
    play(g, "6|4", MEX)
    assert g.train(g.mexican) == ((6, 4),)


def test_drawn_tile_that_does_not_play_marks_the_train_and_passes() -> None:
    """If the drawn tile does not play, the player places their marker and the turn passes."""
    g = table(STUCK, "3|3", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    draw(g)
    assert g.legal_actions() == [PASS]
    events = pass_turn(g)
    assert events == [MarkerPlaced(0), TurnPassed(0), TurnStarted(1, False, None)]
    assert g.markers[0]
    assert tile("3|3") in g.hand(0)


def test_marker_makes_the_train_public_to_others() -> None:
    """A train carrying its owner's marker is open to the other players."""
    g = table(STUCK, "3|3", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert not g.observation(1).trains[0].public
    draw(g)
    pass_turn(g)
    assert g.observation(1).trains[0].public
    assert (tile("5|4"), 0) in plays(g)
    events = play(g, "5|4", 0)
    assert events[0] == TilePlayed(1, tile("5|4"), 0, 5, 4)
    assert g.markers[0], "another player's tile does not lift the owner's marker"


def test_marker_comes_off_when_the_owner_plays_on_their_own_train() -> None:
    """A player's marker comes off when that player plays a tile on their own train."""
    g = table(STUCK, "3|3", first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    draw(g)
    pass_turn(g)
    play(g, "5|4", 0)  # seat 1 plays on the public train 0: its end is now 4
    events = play(g, "4|1", 0)
    assert MarkerRemoved(0) in events
    assert not g.markers[0]
    assert not g.observation(1).trains[0].public


# Seat 0 cannot start its train and marks it on the first turn.
MARKED_FIRST = ["6|6 1|1 2|2", "6|3 6|0 3|1"]


def test_marker_stays_when_the_owner_plays_elsewhere() -> None:
    """Only a play on the owner's own train lifts the marker."""
    g = table(MARKED_FIRST, "6|4", first_turn_chain=False)
    pass_turn(g)
    play(g, "6|3", 1)
    draw(g)  # 6|4 fits both the own train and the Mexican train
    assert plays(g) == {(tile("6|4"), 0), (tile("6|4"), g.mexican)}
    events = play(g, "6|4", MEX)
    assert not any(isinstance(e, MarkerRemoved) for e in events)
    assert g.markers[0]


def test_marker_placed_on_the_first_turn_lifts_on_an_own_play() -> None:
    """The first-turn marker comes off too when the owner later plays on their train."""
    g = table(MARKED_FIRST, "6|4", first_turn_chain=False)
    pass_turn(g)
    play(g, "6|3", 1)
    draw(g)
    events = play(g, "6|4", 0)
    assert events[1] == MarkerRemoved(0)


def test_first_turn_marker_opens_the_train_from_the_others_second_turn() -> None:
    """A marked train is open to another player on their later turns."""
    g = table(MARKED_FIRST, "1|0 2|0", first_turn_chain=False)
    pass_turn(g)
    play(g, "6|3", 1)
    draw(g)
    pass_turn(g)  # 1|0 does not play
    assert (tile("6|0"), 0) in plays(g)
    assert (tile("6|0"), g.mexican) in plays(g)
    play(g, "6|0", 0)
    assert g.train(0) == ((6, 0),)


def test_a_second_pass_keeps_the_single_marker() -> None:
    """A player has one marker: passing again leaves it where it is."""
    g = table(MARKED_FIRST, "1|0 2|0 3|0", first_turn_chain=False)
    pass_turn(g)
    play(g, "6|3", 1)
    draw(g)
    events = pass_turn(g)
    assert events[0] == TurnPassed(0)
    assert g.markers == [True, False]


# Both hands of 14 take the whole double-6 set: the boneyard is empty from the start.
S0_LINE, S1_LINE = "6|6 6|0 0|1 1|6", "6|2 2|3 3|6 6|4 4|5 5|6"
S0_REST = "0|0 0|2 0|3 0|4 0|5 1|1 1|2 1|3 1|4 1|5"
S1_REST = "2|2 2|4 2|5 3|3 3|4 3|5 4|4 5|5"


def test_empty_boneyard_cannot_play_passes_directly() -> None:
    """If the player cannot play and the boneyard is empty, they mark and pass directly."""
    g = table([f"{S0_LINE} {S0_REST}", f"{S1_LINE} {S1_REST}"])
    assert len(g.boneyard) == 0
    for spec in ("6|0", "0|1", "1|6"):
        play(g, spec, 0)
    for spec in ("6|2", "2|3", "3|6", "6|4", "4|5"):
        play(g, spec, 1)
    end_turn(g)  # seat 1 stops its line at 5, keeping 5|6
    assert g.current == 0
    assert g.legal_actions() == [PASS]
    refused(g, DRAW, Reason.BONEYARD_EMPTY, "the boneyard is empty")
    assert pass_turn(g)[:2] == [MarkerPlaced(0), TurnPassed(0)]
