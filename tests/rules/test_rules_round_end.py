"""RULES.md section 7: end of a round (going out, first_turn_chain's first round, blocked)."""

from __future__ import annotations

from game.rules import PASS, GameState
from game.rules.events import RoundEnded, TurnStarted, WentOut
from tests.rules.scenario import draw, end_turn, kinds, pass_turn, play, round_end, table, tiles


def test_going_out_ends_the_round_at_once() -> None:
    """The round ends at once when a player plays their last tile."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 1|0"], first_turn_chain=False)
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    events = play(g, "5|4", 0)
    assert kinds(events) == ["TilePlayed", "WentOut", "RoundEnded"]
    ended = round_end(events)
    assert (ended.reason, ended.winners, ended.round) == ("out", (0,), 1)
    assert g.round_over and g.legal_actions() == []
    assert ended.hands == ((), tuple(tiles("1|0 3|2")))


def test_without_chain_going_out_in_the_first_round_of_turns_ends_the_round_at_once() -> None:
    """Without first_turn_chain there is no exception: the round ends at once."""
    g = table(["6|6 6|5", "6|3 1|0"], first_turn_chain=False)
    events = play(g, "6|5", 0)  # Ana's last tile, on her very first turn
    assert kinds(events) == ["TilePlayed", "WentOut", "RoundEnded"]
    assert g.train(1) == ()


def test_with_chain_everyone_still_has_their_first_turn_after_someone_goes_out() -> None:
    """Under first_turn_chain, every player still has their first turn, then the round ends."""
    g = table(["6|6 6|5", "6|3 1|0"])
    events = play(g, "6|5", 0)
    assert kinds(events) == ["TilePlayed", "WentOut", "TurnStarted"]
    assert events[-1] == TurnStarted(1, True, None)
    assert not g.round_over
    events = play(g, "6|3", 1)  # Ben holds no 3: his line ends, and so does the round
    ended = round_end(events)
    assert (ended.reason, ended.winners) == ("out", (0,))
    assert g.train(1) == ((6, 3),)


def test_with_chain_several_players_may_go_out_in_the_first_round_of_turns() -> None:
    """Several players may go out in the first round of turns; they are all winners."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 2|1", "6|0 3|4 1|1"])
    play(g, "6|5", 0)
    assert WentOut(0) in play(g, "5|4", 0)
    play(g, "6|3", 1)
    play(g, "3|2", 1)
    events = play(g, "2|1", 1)
    assert WentOut(1) in events and not g.round_over
    assert g.current == 2
    ended = round_end(play(g, "6|0", 2))
    assert (ended.reason, ended.winners) == ("out", (0, 1))


# Four hands of 7 take the whole double-6 set. Ana and Ben go out with their first-turn lines;
# Cy and Dee cannot start (every 6 is on the table) and the boneyard is empty: blocked, yet the
# round ends as gone out after Dee's first turn.
FOUR = [
    "6|6 6|0 0|1 1|2 2|3 3|4 4|5",
    "6|1 1|3 3|6 6|2 2|4 4|6 6|5",
    "0|0 0|2 0|3 0|4 0|5 1|1 1|4",
    "1|5 2|2 2|5 3|3 3|5 4|4 5|5",
]


def test_with_chain_the_round_ends_as_out_even_if_the_table_became_blocked() -> None:
    """'then the round ends as gone out (even if the table became blocked meanwhile)'."""
    g = table(FOUR)
    for spec in ("6|0", "0|1", "1|2", "2|3", "3|4", "4|5"):
        play(g, spec, 0)
    for spec in ("6|1", "1|3", "3|6", "6|2", "2|4", "4|6", "6|5"):
        play(g, spec, 1)
    assert g.hand_size(0) == g.hand_size(1) == 0
    assert g.current == 2 and g.legal_actions() == [PASS]
    events = pass_turn(g)
    assert not any(isinstance(e, RoundEnded) for e in events), "Dee still has a first turn"
    assert events[-1] == TurnStarted(3, True, None)
    events = pass_turn(g)
    ended = round_end(events)
    assert (ended.reason, ended.winners) == ("out", (0, 1))


# Both hands of 14 take the whole double-6 set: the boneyard is empty from the start.
# Ana's line 6|0 0|1 1|6 and Ben's 6|2 2|3 3|6 6|4 4|5 5|6 put every 6 on the table.
S0 = "6|6 6|0 0|1 1|6 0|0 0|2 0|3 0|4 0|5 1|1 1|2 1|3 1|4 1|5"
S1 = "6|2 2|3 3|6 6|4 4|5 5|6 2|2 2|4 2|5 3|3 3|4 3|5 4|4 5|5"


def lines(g: GameState, stop_ben_at_5: bool = False) -> None:
    for spec in ("6|0", "0|1", "1|6"):
        play(g, spec, 0)
    for spec in ("6|2", "2|3", "3|6", "6|4", "4|5"):
        play(g, spec, 1)
    if stop_ben_at_5:
        end_turn(g)
    else:
        play(g, "5|6", 1)


def test_blocked_after_a_pass_with_an_empty_boneyard_and_nobody_able_to_play() -> None:
    """Blocked: after a pass, the boneyard is empty and no player holds a tile that plays."""
    g = table([S0, S1])
    lines(g)
    assert [g.train_end[t] for t in range(3)] == [6, 6, 6]
    events = pass_turn(g)
    assert kinds(events) == ["MarkerPlaced", "TurnPassed", "RoundEnded"]
    ended = round_end(events)
    assert ended.reason == "blocked"
    assert g.round_over


def test_not_blocked_while_someone_could_still_play() -> None:
    """Until then, players without a play keep passing."""
    g = table([S0, S1])
    lines(g, stop_ben_at_5=True)  # Ben keeps 5|6: it fits his train (5) and the Mexican (6)
    events = pass_turn(g)
    assert events[-1] == TurnStarted(1, False, None)
    assert not g.round_over
    play(g, "5|6", 1)
    events = pass_turn(g)  # now every end is 6 and nobody holds a 6
    assert round_end(events).reason == "blocked"


def test_blocked_with_an_open_double_counts_only_satisfying_tiles() -> None:
    """While a double is open, only a tile that satisfies it counts for 'could play'."""
    s0 = "6|6 6|5 5|5 0|2 0|3 0|4 1|1 1|3 1|4 2|2 2|3 2|4 3|3 4|4"
    s1 = "6|0 0|5 5|1 1|2 2|5 5|3 3|4 4|5 6|1 6|2 6|3 6|4 0|0 0|1"
    g = table([s0, s1])
    play(g, "6|5", 0)
    end_turn(g)  # Ana keeps 5|5 for her second turn
    for spec in ("6|0", "0|5", "5|1", "1|2", "2|5", "5|3", "3|4", "4|5"):
        play(g, spec, 1)
    assert g.current == 0
    play(g, "5|5", 0)  # opens 5|5; every other 5 is on Ben's train
    assert g.must_follow and g.legal_actions() == [PASS]
    events = pass_turn(g)
    # Ben's 6|1..6|4 would fit the Mexican train, but only satisfying tiles count.
    assert round_end(events).reason == "blocked"


def test_a_pass_with_tiles_left_in_the_boneyard_never_blocks() -> None:
    """Blocked needs an empty boneyard: with tiles left, the next player draws."""
    s0, s1 = S0.replace(" 1|5", ""), S1.replace(" 5|5", "")
    g = table([s0, s1], "1|5 5|5")
    lines(g)
    draw(g)  # 1|5 does not play
    events = pass_turn(g)
    assert events[-1] == TurnStarted(1, False, None), "5|5 is still in the boneyard"
    draw(g)  # 5|5 does not play either; the boneyard is now empty
    assert round_end(pass_turn(g)).reason == "blocked"
