"""RULES.md section 5, first turn of the round: own train only, first_turn_chain, first_turn_draw.

Every table here is a double-6 set (engine 6|6) with two players; seat 0 holds the engine.
"""

from __future__ import annotations

from game.rules import DRAW, END_TURN, PASS, Reason, Rules
from game.rules.events import (
    DoubleOpened,
    MarkerPlaced,
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
    tiles,
)

# ---------------------------------------------------------------- own train only


def test_first_turn_plays_only_on_own_train() -> None:
    """On the first turn a player may play only on their own train."""
    g = table(["6|6 6|5 6|4 1|0", "6|3 3|2 2|1 2|0"], first_turn_chain=False)
    assert plays(g) == {(tile("6|5"), 0), (tile("6|4"), 0)}


def test_first_turn_mexican_train_is_closed() -> None:
    """The Mexican train is closed to a player until their second turn."""
    g = table(["6|6 6|5 6|4 1|0", "6|3 3|2 2|1 2|0"], first_turn_chain=False)
    refused(
        g,
        P(g, "6|5", MEX),
        Reason.MEXICAN_AFTER_FIRST_TURN,
        "the Mexican train opens after your first turn",
    )


def test_first_turn_other_trains_are_closed() -> None:
    """Other players' trains are closed to a player until their second turn."""
    g = table(["6|6 6|5 6|4 1|0", "6|3 3|2 2|1 2|0"], first_turn_chain=False)
    refused(
        g,
        P(g, "6|5", 1),
        Reason.FIRST_TURN_OWN_TRAIN,
        "on your first turn you may only play on your own train",
    )


def test_first_turn_marked_train_of_another_player_is_still_closed() -> None:
    """Even a marked (public) train of another player is closed on a first turn."""
    g = table(["6|6 1|0 2|0", "6|5 3|0 4|0"], first_turn_chain=False)
    pass_turn(g)  # seat 0 cannot start its train: marker down, train 0 public
    assert g.markers[0]
    refused(
        g,
        P(g, "6|5", 0),
        Reason.FIRST_TURN_OWN_TRAIN,
        "on your first turn you may only play on your own train",
    )
    assert plays(g) == {(tile("6|5"), 1)}


def test_mexican_and_marked_trains_open_on_the_second_turn() -> None:
    """From the second turn the Mexican train (and marked trains) are open."""
    g = table(["6|6 6|5 6|4", "6|3 6|2 1|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert (tile("6|4"), g.mexican) in plays(g)
    play(g, "6|4", MEX)
    assert g.train(g.mexican) == ((6, 4),)


# ---------------------------------------------------------------- first_turn_chain on


CHAIN_HANDS = ["6|6 6|5 5|4 4|3 1|1", "6|2 2|0 0|0 1|0 3|3"]


def test_chain_lays_a_line_of_several_tiles_in_one_turn() -> None:
    """With first_turn_chain a player may lay as many tiles as form one line on their train."""
    g = table(CHAIN_HANDS)
    play(g, "6|5", 0)
    assert g.current == 0 and g.in_first_turn_line
    assert set(g.legal_actions()) == {P(g, "5|4", 0), END_TURN}
    play(g, "5|4", 0)
    assert g.current == 0
    events = play(g, "4|3", 0)
    assert g.train(0) == ((6, 5), (5, 4), (4, 3))
    assert events[-1] == TurnStarted(1, True, None)


def test_chain_ends_by_itself_when_the_line_cannot_go_on() -> None:
    """The line stops when no tile in hand continues it: the turn passes."""
    g = table(CHAIN_HANDS)
    for spec in ("6|5", "5|4", "4|3"):
        play(g, spec, 0)
    assert g.current == 1 and not g.in_first_turn_line
    assert g.hand(0) == (tile("1|1"),)


def test_chain_may_stop_early_with_end_turn() -> None:
    """The line is 'as many tiles as' the player wants: END_TURN stops it early."""
    g = table(CHAIN_HANDS)
    play(g, "6|5", 0)
    events = end_turn(g)
    assert events == [TurnStarted(1, True, None)]
    assert set(g.hand(0)) == set(tiles("5|4 4|3 1|1"))
    assert g.train(0) == ((6, 5),)


def test_chain_must_lay_at_least_one_tile_when_it_can() -> None:
    """Must play: a player who can start their train may not end the turn or pass first."""
    g = table(CHAIN_HANDS)
    refused(
        g,
        END_TURN,
        Reason.CANNOT_END_TURN,
        "you can end your turn early only while laying your first-turn line",
    )
    refused(g, PASS, Reason.MUST_PLAY_NOT_PASS, "you have a legal play, so you may not pass")


def test_chain_double_inside_the_line_obliges_nobody() -> None:
    """Doubles played during first turns oblige nobody: the line just goes on."""
    g = table(["6|6 6|5 5|5 5|4 1|1", "6|2 2|0 0|0 1|0 3|3"])
    events = play(g, "6|5", 0) + play(g, "5|5", 0)
    assert not g.must_follow
    assert END_TURN in g.legal_actions(), "the player may stop right after the double"
    events += play(g, "5|4", 0)
    assert not any(isinstance(e, DoubleOpened) for e in events)
    assert g.open_double_trains() == ()
    assert events[-1] == TurnStarted(1, True, None)


def test_chain_ending_on_a_double_is_just_the_open_end() -> None:
    """A double that ends a first-turn chain is simply that train's open end."""
    g = table(["6|6 6|5 5|5 1|1 2|1", "6|2 6|4 0|0 3|0 4|4"], "3|3")
    events = play(g, "6|5", 0) + play(g, "5|5", 0)
    assert not any(isinstance(e, DoubleOpened) for e in events)
    assert g.current == 1 and g.open_double_trains() == ()
    play(g, "6|2", 1)  # seat 1 holds no 2: its line ends
    assert g.current == 0 and g.must_satisfy is None
    draw(g)  # seat 0 holds no 5 or 6; draws 3|3, which does not play
    pass_turn(g)
    assert g.current == 1
    assert g.must_satisfy is None, "nobody has to satisfy the 5|5 that ended a first turn"
    assert (tile("6|4"), g.mexican) in plays(g)


# ---------------------------------------------------------------- first_turn_chain off


def test_without_chain_the_first_turn_is_one_tile() -> None:
    """Without first_turn_chain the first turn is one tile, as usual."""
    g = table(["6|6 6|5 5|4 1|1", "6|2 2|0 0|0 1|0"], first_turn_chain=False)
    events = play(g, "6|5", 0)
    assert events[-1] == TurnStarted(1, True, None)
    assert tile("5|4") in g.hand(0)
    refused(
        g,
        END_TURN,
        Reason.CANNOT_END_TURN,
        "you can end your turn early only while laying your first-turn line",
    )


# ---------------------------------------------------------------- first_turn_draw


def test_first_turn_draw_plays_the_drawn_tile_alone_and_ends_the_turn() -> None:
    """first_turn_draw: draw one tile; if it starts the train it is played alone; turn ends."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "6|5", first_turn_draw=True)
    assert g.legal_actions() == [DRAW]
    assert draw(g) == [TileDrawn(0, tile("6|5"))]
    assert g.legal_actions() == [P(g, "6|5", 0)]  # its own train only, and at once
    refused(g, PASS, Reason.MUST_PLAY_NOT_PASS, "you have a legal play, so you may not pass")
    events = play(g, "6|5", 0)
    assert events[0] == TilePlayed(0, tile("6|5"), 0, 6, 5)
    # 5|1 would continue the line, but a drawn tile is played alone (chain is on here).
    assert events[-1] == TurnStarted(1, True, None)
    assert tile("5|1") in g.hand(0)


def test_first_turn_draw_that_does_not_start_the_train_marks_and_passes() -> None:
    """first_turn_draw: if the drawn tile does not start the train, mark and pass."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "3|3", first_turn_draw=True)
    draw(g)
    assert g.legal_actions() == [PASS]
    events = pass_turn(g)
    assert events == [MarkerPlaced(0), TurnPassed(0), TurnStarted(1, True, None)]
    assert g.markers[0]
    assert tile("3|3") in g.hand(0)


def test_first_turn_draw_must_draw_before_passing() -> None:
    """With first_turn_draw a player who cannot start their train draws; no pass first."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "3|3", first_turn_draw=True)
    refused(g, PASS, Reason.MUST_DRAW_BEFORE_PASS, "draw from the boneyard before you pass")


def test_first_turn_draw_only_one_tile() -> None:
    """The first-turn draw is one tile."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "3|3 6|5", first_turn_draw=True)
    draw(g)
    refused(g, DRAW, Reason.ALREADY_DRAWN, "you have already drawn this turn")


def test_first_turn_draw_with_a_playable_tile_may_not_draw() -> None:
    """Drawing is allowed only when the hand has no legal play, on the first turn too."""
    g = table(["6|6 6|1 2|0", "6|3 3|1 4|0"], "6|5", first_turn_draw=True)
    refused(g, DRAW, Reason.MUST_PLAY_NOT_DRAW, "you have a legal play, so you may not draw")


def test_without_first_turn_draw_mark_and_pass_without_drawing() -> None:
    """Without first_turn_draw a player who cannot start their train marks and passes."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "6|5")
    assert g.rules.first_turn_draw is False
    assert g.legal_actions() == [PASS]
    pile = len(g.boneyard)
    events = pass_turn(g)
    assert events == [MarkerPlaced(0), TurnPassed(0), TurnStarted(1, True, None)]
    assert len(g.boneyard) == pile
    assert g.hand_size(0) == 2


def test_without_first_turn_draw_drawing_is_refused() -> None:
    """Without first_turn_draw the first turn never draws."""
    g = table(["6|6 5|1 2|0", "6|3 3|1 4|0"], "6|5")
    refused(
        g,
        DRAW,
        Reason.FIRST_TURN_NO_DRAW,
        "on your first turn, mark your train and pass instead of drawing",
    )


def test_first_turn_draw_with_an_empty_boneyard_marks_and_passes() -> None:
    """With first_turn_draw but an empty boneyard: mark and pass."""
    sixless = "0|0 0|1 0|2 0|3 0|4 0|5 1|1 1|2 1|3 1|4 1|5 2|2 2|3"
    rest = "6|0 6|1 6|2 6|3 6|4 6|5 2|4 2|5 3|3 3|4 3|5 4|4 4|5 5|5"
    g = table(["6|6 " + sixless, rest], first_turn_draw=True)
    assert len(g.boneyard) == 0
    assert g.legal_actions() == [PASS]
    refused(g, DRAW, Reason.BONEYARD_EMPTY, "the boneyard is empty")
    assert pass_turn(g)[:2] == [MarkerPlaced(0), TurnPassed(0)]


def test_station_preset_options() -> None:
    """Station: no first_turn_chain, first_turn_draw on; standard: the reverse."""
    station, standard = Rules.station(), Rules.standard()
    assert (station.first_turn_chain, station.first_turn_draw) == (False, True)
    assert (standard.first_turn_chain, standard.first_turn_draw) == (True, False)
    assert (station.max_open_doubles, standard.max_open_doubles) == (1, None)
    assert (station.double_blank_points, standard.double_blank_points) == (0, 50)
    assert station.scoring == standard.scoring == "penalty"
