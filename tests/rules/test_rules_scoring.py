"""RULES.md section 8: penalty and positive scoring, the match winner and its tie-breaks."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules import GameState, Rules
from game.rules.events import MatchEnded, RoundEnded
from tests.rules.scenario import end_turn, new_game, out_round, pass_turn, play, round_end, table

# ---------------------------------------------------------------- hands for a blocked round

# Both hands of 14 take the whole double-6 set (see test_rules_round_end): after Ana's line
# 6|0 0|1 1|6 and Ben's 6|2 2|3 3|6 6|4 4|5 5|6, Ana passes and the round is blocked.
LINE0, LINE1 = "6|6 6|0 0|1 1|6", "6|2 2|3 3|6 6|4 4|5 5|6"
REST0 = "0|0 0|2 0|3 0|4 0|5 1|1 1|2 1|3 1|4 1|5"  # 34 pips and the 0|0
REST1 = "2|2 2|4 2|5 3|3 3|4 3|5 4|4 5|5"  # 56 pips


def blocked_round(rest0: str = REST0, rest1: str = REST1, **options: Any) -> RoundEnded:
    g = table([f"{LINE0} {rest0}", f"{LINE1} {rest1}"], **options)
    for spec in ("6|0", "0|1", "1|6"):
        play(g, spec, 0)
    for spec in ("6|2", "2|3", "3|6", "6|4", "4|5", "5|6"):
        play(g, spec, 1)
    ended = round_end(pass_turn(g))
    assert ended.reason == "blocked"
    return ended


def two_player_match(scoring: str = "penalty", rounds: int = 1, dbp: int = 0) -> GameState:
    """A two-player match of hand-of-3 rounds played by ``out_round``."""
    return new_game(
        ["1|0 2|0 3|0", "1|1 2|1 3|1"],
        first_turn_chain=False,
        scoring=scoring,
        rounds=rounds,
        double_blank_points=dbp,
    )


# ---------------------------------------------------------------- penalty scoring


def test_penalty_each_player_scores_the_pips_left_in_hand() -> None:
    """Penalty scoring: each player scores the pips left in their hand."""
    ended = blocked_round(double_blank_points=0)
    assert ended.scores == (34, 56)
    assert ended.totals == (34, 56)


def test_penalty_a_player_who_went_out_scores_zero() -> None:
    """A player who went out scores 0."""
    g = two_player_match()
    ended = round_end(out_round(g, 1, "4|3 2|1"))
    assert ended.scores == (10, 0)
    assert ended.winners == (1,)


@pytest.mark.parametrize(("dbp", "score"), [(0, 1), (50, 51), (25, 26)])
def test_penalty_double_blank_counts_double_blank_points(dbp: int, score: int) -> None:
    """With double_blank_points the 0|0 counts that many points instead of 0."""
    g = two_player_match(dbp=dbp)
    ended = round_end(out_round(g, 0, "0|0 0|1"))
    assert ended.scores == (0, score)


@pytest.mark.parametrize(("dbp", "scores", "winners"), [(0, (34, 56), (0,)), (50, (84, 56), (1,))])
def test_penalty_blocked_round_double_blank_and_lowest_hand(
    dbp: int, scores: tuple[int, int], winners: tuple[int, ...]
) -> None:
    """Blocked round under penalty: pips (0|0 as double_blank_points); lowest hand won it."""
    ended = blocked_round(double_blank_points=dbp)
    assert ended.scores == scores
    assert ended.winners == winners


def test_standard_preset_counts_the_double_blank_50() -> None:
    """The standard preset's double_blank_points is 50, the station's 0."""
    assert Rules.standard().double_blank_points == 50
    assert Rules.station().double_blank_points == 0
    assert blocked_round().scores == (84, 56)


# ---------------------------------------------------------------- positive scoring


def test_positive_the_player_who_went_out_scores_every_other_hand() -> None:
    """Positive: the player who went out scores the sum of every other hand; others score 0."""
    g = two_player_match("positive")
    ended = round_end(out_round(g, 0, "4|3 2|1"))
    assert ended.scores == (10, 0)
    assert ended.winners == (0,)


@pytest.mark.parametrize(("dbp", "score"), [(0, 1), (50, 51)])
def test_positive_double_blank_points_apply_to_a_0_0_left_in_a_hand(dbp: int, score: int) -> None:
    """double_blank_points applies to a 0|0 left in a hand under positive scoring too."""
    g = two_player_match("positive", dbp=dbp)
    ended = round_end(out_round(g, 1, "0|0 0|1"))
    assert ended.scores == (0, score)


def test_positive_several_players_out_share_the_sum_rounded_down() -> None:
    """Several players out (first round under first_turn_chain) share the sum, rounded down."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 2|1", "6|0 3|4 1|1"], scoring="positive")
    for seat, specs in ((0, ("6|5", "5|4")), (1, ("6|3", "3|2", "2|1"))):
        for spec in specs:
            play(g, spec, seat)
    ended = round_end(play(g, "6|0", 2))  # Cy keeps 3|4 and 1|1: 9 pips
    assert ended.winners == (0, 1)
    assert ended.scores == (4, 4, 0)


def test_penalty_several_players_out_each_score_zero() -> None:
    """Under penalty each player who went out scores 0; the others their pips."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 2|1", "6|0 3|4 1|1"])
    for seat, specs in ((0, ("6|5", "5|4")), (1, ("6|3", "3|2", "2|1"))):
        for spec in specs:
            play(g, spec, seat)
    assert round_end(play(g, "6|0", 2)).scores == (0, 0, 9)


@pytest.mark.parametrize(("dbp", "scores"), [(0, (56, 0)), (50, (0, 84))])
def test_positive_blocked_round_the_lowest_hand_wins_the_others(
    dbp: int, scores: tuple[int, int]
) -> None:
    """Positive, blocked: the player with the lowest hand scores the sum of the others."""
    ended = blocked_round(double_blank_points=dbp, scoring="positive")
    assert ended.scores == scores


def test_blocked_round_with_equal_lowest_hands_has_several_winners() -> None:
    """In a blocked round the player(s) with the lowest hand are the winners."""
    rest0 = "0|4 0|5 1|1 1|2 1|3 1|4 1|5 2|2 2|4 3|3"  # 45
    rest1 = "5|5 4|4 3|5 3|4 2|5 0|0 0|2 0|3"  # 45 with the 0|0 at 0
    ended = blocked_round(rest0, rest1, double_blank_points=0, scoring="positive")
    assert ended.winners == (0, 1)
    assert ended.scores == (0, 0)
    ended = blocked_round(rest0, rest1, double_blank_points=0)
    assert ended.winners == (0, 1)
    assert ended.scores == (45, 45)


# ---------------------------------------------------------------- the match winner


def match_end(events: list[object]) -> MatchEnded:
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert len(ended) == 1
    return ended[0]


def test_penalty_lowest_match_total_wins() -> None:
    """Penalty: the lowest match total wins."""
    g = two_player_match(rounds=2)
    out_round(g, 0, "2|1 0|1")  # Ben scores 4
    ended = match_end(out_round(g, 1, "4|3 2|1"))  # Ana scores 10
    assert ended.totals == (10, 4)
    assert (ended.winners, ended.decided_by) == ((1,), "score")
    assert g.match_over and g.match_winners == (1,) and g.decided_by == "score"


def test_positive_highest_match_total_wins() -> None:
    """Positive: the highest match total wins."""
    g = two_player_match("positive", rounds=2)
    out_round(g, 0, "2|1 0|1")  # Ana scores 4
    ended = match_end(out_round(g, 1, "4|3 2|1"))  # Ben scores 10
    assert ended.totals == (4, 10)
    assert (ended.winners, ended.decided_by) == ((1,), "score")


def test_a_one_round_blocked_match_is_won_by_the_lowest_total() -> None:
    """The match ends after its last round, decided on totals."""
    g = table([f"{LINE0} {REST0}", f"{LINE1} {REST1}"], rounds=1, double_blank_points=0)
    for spec in ("6|0", "0|1", "1|6"):
        play(g, spec, 0)
    for spec in ("6|2", "2|3", "3|6", "6|4", "4|5"):
        play(g, spec, 1)
    end_turn(g)
    pass_turn(g)
    play(g, "5|6", 1)
    ended = match_end(pass_turn(g))
    assert (ended.totals, ended.winners) == ((34, 56), (0,))
    assert g.phase == "match_over"


# ---------------------------------------------------------------- tie-breaks


@pytest.mark.parametrize("scoring", ["penalty", "positive"])
def test_tie_on_totals_goes_to_most_rounds_won(scoring: str) -> None:
    """Ties: first most rounds won (penalty: rounds at 0; positive: rounds as a winner)."""
    g = two_player_match(scoring, rounds=3)
    out_round(g, 0, "4|3 2|1")  # 10 to the loser (penalty) or to Ana (positive)
    out_round(g, 1, "2|1 2|0")  # 5
    ended = match_end(out_round(g, 1, "2|1 2|0"))  # 5
    assert ended.totals == (10, 10)
    assert g.rounds_won == [1, 2]
    assert (ended.winners, ended.decided_by) == ((1,), "rounds_won")


def outcome(ended: MatchEnded) -> tuple[tuple[int, ...], str]:
    return ended.winners, ended.decided_by


def _four_rounds(scoring: str) -> MatchEnded:
    """Ana and Ben each go out twice; the loser's hands are 1, 3, 5 and 3 pips."""
    g = two_player_match(scoring, rounds=4)
    out_round(g, 0, "0|0 0|1")  # Ben holds 1
    out_round(g, 1, "2|1 0|0")  # Ana holds 3
    out_round(g, 0, "4|1 0|0")  # Ben holds 5
    ended = match_end(out_round(g, 1, "2|1 0|0"))  # Ana holds 3
    assert g.rounds_won == [2, 2]
    assert ended.totals == (6, 6)
    return ended


def test_penalty_tie_then_goes_to_the_lowest_single_non_zero_round() -> None:
    """Penalty ties, same rounds won: the lowest single non-zero round score wins."""
    ended = _four_rounds("penalty")
    assert outcome(ended) == ((1,), "lowest_round")  # Ben's 1 beats Ana's 3


def test_positive_has_no_lowest_round_tie_break() -> None:
    """The lowest single non-zero round score breaks ties under penalty scoring only."""
    ended = _four_rounds("positive")
    assert outcome(ended) == ((0, 1), "tie")


@pytest.mark.parametrize("scoring", ["penalty", "positive"])
def test_otherwise_the_tie_stands_and_the_winners_share_first_place(scoring: str) -> None:
    """Then the tie stands and the winners share first place."""
    g = two_player_match(scoring, rounds=2)
    out_round(g, 0, "2|1 2|0")
    ended = match_end(out_round(g, 1, "2|1 2|0"))
    assert ended.totals == (5, 5)
    assert (ended.winners, ended.decided_by) == ((0, 1), "tie")
    assert g.match_winners == (0, 1)


def test_penalty_rounds_won_count_rounds_scored_at_zero() -> None:
    """Penalty: a round won is a round scored at 0."""
    g = two_player_match(rounds=3)
    out_round(g, 0, "4|3 2|1")
    assert g.rounds_won == [1, 0]
    out_round(g, 0, "4|3 2|1")
    assert g.rounds_won == [2, 0]
    assert g.round_scores == [[0, 10], [0, 10]]
    assert g.totals == [0, 20]


@pytest.mark.parametrize(("scoring", "won"), [("penalty", [0, 0]), ("positive", [1, 0])])
def test_a_blocked_round_counts_as_won_only_as_the_scoring_says(
    scoring: str, won: list[int]
) -> None:
    """Rounds won: penalty counts rounds scored at 0, positive the rounds as a winner."""
    g = table([f"{LINE0} {REST0}", f"{LINE1} {REST1}"], double_blank_points=0, scoring=scoring)
    for spec in ("6|0", "0|1", "1|6"):
        play(g, spec, 0)
    for spec in ("6|2", "2|3", "3|6", "6|4", "4|5", "5|6"):
        play(g, spec, 1)
    assert round_end(pass_turn(g)).winners == (0,)
    assert g.rounds_won == won
