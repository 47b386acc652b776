"""RULES.md section 2 (players and the deal) and the deal table of section 9."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from game.rules import GameState, Rules, RulesError, tile_count
from game.rules.events import RoundStarted

STANDARD = {
    2: (9, 15),
    3: (9, 15),
    4: (12, 15),
    5: (12, 12),
    6: (12, 12),
    7: (12, 11),
    8: (12, 11),
    9: (15, 11),
    10: (15, 11),
    11: (15, 11),
    12: (15, 11),
    13: (18, 11),
    14: (18, 11),
}
STATION = {2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}


@pytest.mark.parametrize(("players", "expected"), sorted(STANDARD.items()))
def test_standard_deal_table(players: int, expected: tuple[int, int]) -> None:
    """Standard: 2-3 double-9/15; 4 double-12/15; 5-6 12/12; 7-8 12/11; 9-12 15/11; 13-14 18/11."""
    deal = Rules.standard().deal_for(players)
    assert (deal.set_size, deal.hand_size) == expected
    assert deal.players == players
    assert deal.rounds == expected[0] + 1


@pytest.mark.parametrize(("players", "hand"), sorted(STATION.items()))
def test_station_deal_table(players: int, hand: int) -> None:
    """Station: double-12; 2-6 players 12 each, 7-8 10 each, 9-10 8 each."""
    deal = Rules.station().deal_for(players)
    assert (deal.set_size, deal.hand_size, deal.rounds) == (12, hand, 13)


@pytest.mark.parametrize("players", [11, 12, 13, 14])
def test_station_seats_at_most_ten_without_a_hand_size(players: int) -> None:
    """Station players: 2-10; more only at a custom table that says the hand size."""
    with pytest.raises(RulesError) as error:
        Rules.station().deal_for(players)
    assert str(players) in str(error.value)
    assert "hand size" in str(error.value)
    deal = Rules.station().with_options(hand_size=6).deal_for(players)
    assert (deal.set_size, deal.hand_size) == (12, 6)


@pytest.mark.parametrize("players", [2, 3])
def test_standard_double_6_line(players: int) -> None:
    """Standard, 2-3 players with a double-6 set: 7 tiles each."""
    deal = Rules.standard().with_options(set_size=6).deal_for(players)
    assert (deal.set_size, deal.hand_size, deal.rounds) == (6, 7, 7)


@pytest.mark.parametrize(
    ("options", "players", "words"),
    [
        ({"set_size": 6, "hand_size": 15}, 2, ["30", "28"]),
        ({"set_size": 9}, 4, ["60", "55"]),
        ({"hand_size": 12}, 8, ["96", "91"]),
    ],
)
def test_more_tiles_than_the_set_holds_is_refused(
    options: dict[str, int], players: int, words: list[str]
) -> None:
    """A table asking more tiles than the set holds is refused with a message saying why."""
    rules = Rules.standard().with_options(**options)
    with pytest.raises(RulesError) as error:
        rules.deal_for(players)
    for word in words:
        assert word in str(error.value)
    with pytest.raises(RulesError):
        GameState.new(rules, players, seed=1)


@pytest.mark.parametrize("hand", [0, 1])
def test_hand_of_fewer_than_two_tiles_is_refused(hand: int) -> None:
    """Fewer than 2 tiles a hand cannot be dealt."""
    with pytest.raises(RulesError) as error:
        Rules.standard().with_options(hand_size=hand).deal_for(4)
    assert "2" in str(error.value)
    assert "small" in str(error.value)


def test_hand_of_two_tiles_is_allowed() -> None:
    assert Rules.standard().with_options(hand_size=2).deal_for(14).hand_size == 2


@pytest.mark.parametrize("players", [-1, 0, 1, 15, 20])
@pytest.mark.parametrize("preset", [Rules.standard, Rules.station])
def test_player_count_outside_2_to_14_is_refused(players: int, preset: object) -> None:
    """2 to 14 players; any other count is refused with a message."""
    rules = preset().with_options(hand_size=2)  # type: ignore[operator]
    with pytest.raises(RulesError) as error:
        rules.deal_for(players)
    assert "2 to 14" in str(error.value)
    with pytest.raises(RulesError):
        GameState.new(rules, players, seed=0)


@pytest.mark.parametrize(
    ("preset", "players"),
    [(Rules.standard, 2), (Rules.standard, 5), (Rules.standard, 14), (Rules.station, 10)],
)
def test_deal_gives_every_player_the_table_hand_and_the_rest_to_the_boneyard(
    preset: object, players: int
) -> None:
    """Each player draws a hand of the table's size; the rest is the boneyard."""
    rules = preset()  # type: ignore[operator]
    deal = rules.deal_for(players)
    g = GameState.new(rules, players, seed=11)
    started = g.start_round()[0]
    assert isinstance(started, RoundStarted)
    assert [len(h) for h in started.hands] == [deal.hand_size] * players
    assert len(started.boneyard) == tile_count(deal.set_size) - players * deal.hand_size


def _whole_match(rules: Rules, players: int, seed: int) -> list[object]:
    """Every event of a match where each seat takes a seeded-random legal action."""
    g = GameState.new(rules, players, seed)
    pick = random.Random(99)
    events: list[object] = []
    while not g.match_over:
        events += g.start_round()
        while not g.round_over:
            events += g.apply(pick.choice(g.legal_actions()))
    return events


@pytest.mark.parametrize("rules", [Rules.standard(), Rules.station()])
def test_same_seed_players_and_rules_give_the_same_match(rules: Rules) -> None:
    """The same seed, players and rules give the same deal, the same draws, the same game."""
    rules = rules.with_options(set_size=6, hand_size=5)
    assert _whole_match(rules, 3, seed=5) == _whole_match(rules, 3, seed=5)


def test_a_different_seed_gives_a_different_deal() -> None:
    """Every shuffle comes from the seed: another seed, another shuffle."""
    deals = set()
    for seed in range(5):
        started = GameState.new(Rules.standard(), 4, seed).start_round()[0]
        assert isinstance(started, RoundStarted)
        deals.add((started.hands, started.boneyard))
    assert len(deals) == 5


def test_same_seed_same_deal_every_round() -> None:
    """Each round's shuffle is reproducible from the seed."""
    rules = Rules.standard()
    a, b = GameState.new(rules, 4, seed=8), GameState.new(rules, 4, seed=8)
    assert a.start_round() == b.start_round()


@pytest.mark.parametrize("n", [5, 7, 10, 13, 20])
def test_unsupported_set_is_refused(n: int) -> None:
    """Supported sets are double-6, 9, 12, 15 and 18 only."""
    with pytest.raises(RulesError) as error:
        Rules.standard().with_options(set_size=n, hand_size=2).deal_for(2)
    assert f"double-{n}" in str(error.value)


@pytest.mark.parametrize("rounds", [0, 8])
def test_match_length_beyond_the_engines_is_refused(rounds: int) -> None:
    """A match has at most N+1 rounds (one per engine) and at least one."""
    with pytest.raises(RulesError):
        Rules.standard().with_options(set_size=6, rounds=rounds).deal_for(2)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("first_turn_chain", False),
        ("first_turn_draw", True),
        ("max_open_doubles", 1),
        ("max_open_doubles", None),
        ("double_blank_points", 0),
        ("double_blank_points", 50),
        ("scoring", "positive"),
        ("set_size", 15),
        ("hand_size", 9),
        ("rounds", 2),
    ],
)
@pytest.mark.parametrize("preset", [Rules.standard, Rules.station])
def test_every_option_is_settable_one_by_one(preset: object, option: str, value: object) -> None:
    """Every option is also settable one by one in a custom table."""
    base = preset()  # type: ignore[operator]
    custom = base.with_options(**{option: value})
    assert getattr(custom, option) == value
    for other in ("first_turn_chain", "first_turn_draw", "max_open_doubles", "scoring"):
        if other != option:
            assert getattr(custom, other) == getattr(base, other)
    custom.deal_for(4)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(RulesError) as error:
        Rules.standard().with_options(first_turn_chains=True)
    assert "first_turn_chains" in str(error.value)


def test_the_same_seed_deals_the_same_in_another_process() -> None:
    """The seeded shuffle does not depend on the process (hash seed, run)."""
    code = (
        "from game.rules import GameState, Rules;"
        "print(GameState.new(Rules.standard(), 4, seed=12).start_round()[0])"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2)
    }
    here = str(GameState.new(Rules.standard(), 4, seed=12).start_round()[0])
    assert runs == {here + "\n"}
