"""RULES.md section 3: rounds, the engine, drawing for the engine, who starts."""

from __future__ import annotations

import pytest

from game.rules import GameState, Play, Rules, RulesError, Tile
from game.rules.events import (
    EngineDrawn,
    EnginePlaced,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from tests.rules.scenario import deal, new_game, play, table, tile, tiles


@pytest.mark.parametrize("n", [6, 9, 12, 15, 18])
def test_a_match_is_n_plus_one_rounds(n: int) -> None:
    """A match is N+1 rounds; engines N, N-1, ... down to the double-blank."""
    deal_ = Rules.standard().with_options(set_size=n, hand_size=2).deal_for(2)
    assert deal_.rounds == n + 1
    assert deal_.engines == tuple(range(n, -1, -1))


def _first_legal(g: GameState) -> None:
    """Play the round out, always taking the first legal action."""
    while not g.round_over:
        g.apply(g.legal_actions()[0])


def test_each_round_places_the_next_lower_engine_until_the_double_blank() -> None:
    """Round 1's engine is the double-N, round 2's the double-(N-1), ..., the last 0|0."""
    g = GameState.new(Rules.standard().with_options(set_size=6), 2, seed=4)
    engines = []
    while not g.match_over:
        events = g.start_round()
        started = events[0]
        placed = next(e for e in events if isinstance(e, EnginePlaced))
        assert isinstance(started, RoundStarted)
        assert started.round == g.round_number
        assert started.engine == placed.tile == g.engine
        assert all(g.train_end[t] == g.engine.high for t in range(3))
        engines.append(g.engine)
        _first_legal(g)
    assert engines == [Tile(n, n) for n in range(6, -1, -1)]
    assert g.round_number == 7
    assert len(g.round_scores) == 7
    with pytest.raises(RulesError):
        g.start_round()


def test_a_shorter_match_by_option_still_counts_engines_down() -> None:
    """With rounds=3 on a double-6 set the engines are 6|6, 5|5, 4|4."""
    g = GameState.new(Rules.standard().with_options(set_size=6, rounds=3), 2, seed=1)
    engines = []
    while not g.match_over:
        g.start_round()
        engines.append(g.engine)
        _first_legal(g)
    assert engines == tiles("6|6 5|5 4|4")


def test_the_engine_holder_places_it_and_takes_the_first_turn() -> None:
    """The player holding the round's engine places it on the hub and takes the first turn."""
    hands = ["1|0 2|0 3|0", "1|1 2|1 3|1", "6|6 6|5 4|0"]
    g = new_game(hands)
    events = deal(g, hands)
    assert [type(e) for e in events] == [RoundStarted, EnginePlaced, TurnStarted]
    assert events[1] == EnginePlaced(2, tile("6|6"))
    assert events[2] == TurnStarted(2, True, None)
    assert g.current == 2
    assert tile("6|6") not in g.hand(2)
    assert g.hand_size(2) == 2


def test_play_goes_clockwise_from_the_engine_holder() -> None:
    """Play goes clockwise: seat i, then i+1 mod P."""
    g = table(["6|1 1|0 2|0", "6|2 2|1 3|1", "6|6 6|5 4|0"], first_turn_chain=False)
    seen = [g.current]
    for spec in ("6|5", "6|1", "6|2"):
        play(g, spec, g.current)
        seen.append(g.current)
    assert seen == [2, 0, 1, 2]


def test_nobody_holds_the_engine_players_draw_clockwise_from_seat_0() -> None:
    """If nobody holds it, players draw one each, clockwise from seat 0, until it comes up."""
    hands = ["1|0 2|0 3|0", "1|1 2|1 3|1"]
    g = new_game(hands)
    events = deal(g, hands, boneyard="4|0 4|1 4|2 6|6 5|5")
    drawn = [e for e in events if isinstance(e, EngineDrawn)]
    assert drawn == [
        EngineDrawn(0, tile("4|0")),
        EngineDrawn(1, tile("4|1")),
        EngineDrawn(0, tile("4|2")),
        EngineDrawn(1, tile("6|6")),
    ]
    assert EnginePlaced(1, tile("6|6")) in events
    assert events[-1] == TurnStarted(1, True, None)
    assert g.current == 1, "the player who placed the engine takes the first turn"


def test_tiles_drawn_for_the_engine_stay_in_the_drawers_hands() -> None:
    """Drawn tiles stay in the drawers' hands."""
    hands = ["1|0 2|0 3|0", "1|1 2|1 3|1", "3|3 3|2 4|3"]
    g = new_game(hands)
    deal(g, hands, boneyard="4|0 4|1 6|6")
    assert set(g.hand(0)) == set(tiles("1|0 2|0 3|0 4|0"))
    assert set(g.hand(1)) == set(tiles("1|1 2|1 3|1 4|1"))
    assert set(g.hand(2)) == set(tiles("3|3 3|2 4|3"))
    assert g.current == 2
    assert g.engine == tile("6|6") and tile("6|6") not in g.hand(2)


def test_the_round_starts_with_everyone_on_their_first_turn() -> None:
    """Every player's first turn comes before anyone's second."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 1|0"], first_turn_chain=False)
    assert g.first_pending == [True, True]
    play(g, "6|5", 0)
    assert g.first_pending == [False, True]
    events = play(g, "6|3", 1)
    assert events[-1] == TurnStarted(0, False, None)


def test_second_round_deals_afresh_with_the_next_engine() -> None:
    """A new round: fresh deal, trains cleared, the next engine."""
    g = new_game(["6|6 6|5 5|4", "6|3 3|2 1|0"], first_turn_chain=False, rounds=2)
    deal(g, ["6|6 6|5 5|4", "6|3 3|2 1|0"])
    play(g, "6|5", 0)
    play(g, "6|3", 1)
    assert any(isinstance(e, RoundEnded) for e in play(g, "5|4", 0))
    deal(g, ["6|6 1|1 2|2", "5|5 5|1 5|2"])
    assert g.engine == tile("5|5") and g.current == 1
    assert all(g.train(t) == () for t in range(3))
    assert g.markers == [False, False]
    assert g.check(Play(tile("6|6"), 1)) is not None  # round 2's trains start from 5
