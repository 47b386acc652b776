"""RULES.md section 1 (equipment) and section 4 (trains)."""

from __future__ import annotations

import pytest

from game.rules import GameState, Rules, Tile, set_tiles, tile_count
from game.rules.events import RoundStarted, TilePlayed
from tests.rules.scenario import P, play, table


@pytest.mark.parametrize(("n", "count"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_double_n_set_holds_every_tile_once(n: int, count: int) -> None:
    """A double-N set holds every a|b with 0 <= a <= b <= N once: (N+1)(N+2)/2 tiles."""
    assert tile_count(n) == count == (n + 1) * (n + 2) // 2
    tiles = set_tiles(n)
    assert len(tiles) == len(set(tiles)) == count
    assert set(tiles) == {Tile(a, b) for b in range(n + 1) for a in range(b + 1)}


@pytest.mark.parametrize("n", [6, 9, 12, 15, 18])
def test_supported_sets_can_be_chosen(n: int) -> None:
    """Supported N: 6, 9, 12, 15, 18."""
    assert Rules.standard().with_options(set_size=n, hand_size=2).deal_for(2).set_size == n


def test_double_12_is_the_default_set() -> None:
    """Double-12 (91 tiles) is the default set."""
    assert Rules.station().deal_for(4).set_size == 12
    assert Rules.standard().deal_for(4).set_size == 12


def test_doubles_and_pips() -> None:
    """A tile with a == b is a double; its pips are a + b."""
    assert Tile(4, 4).is_double
    assert not Tile(4, 3).is_double
    assert Tile(5, 3).pips == 8
    assert Tile(0, 0).pips == 0
    assert Tile(5, 3) == Tile(3, 5)


def test_one_personal_train_per_player_and_one_mexican_train() -> None:
    """Each player owns one personal train; the Mexican train is one extra train."""
    g = table(["6|6 1|0 2|0", "3|0 4|0 5|0", "1|1 2|1 3|1"])
    assert g.mexican == 3
    assert g.observation(0).trains[g.mexican].public  # it belongs to nobody
    for train in range(4):
        assert g.train(train) == ()
        assert g.train_end[train] == 6  # every train starts from the engine at the hub


def test_every_tile_is_dealt_once() -> None:
    """All tiles are dealt: the hands, the rest is the boneyard."""
    g = GameState.new(Rules.standard(), 4, seed=3)
    started = g.start_round()[0]
    assert isinstance(started, RoundStarted)
    dealt = [t for hand in started.hands for t in hand] + list(started.boneyard)
    assert sorted(dealt) == sorted(set_tiles(12))


def test_open_end_follows_the_train() -> None:
    """After 12|12 (engine), 12|5, 5|0, 0|1 the train's open end is 1."""
    g = table(["12|12 12|5 5|0 0|1 2|3", "11|10 11|9 11|8 11|7 11|6"], set_size=12)
    events = play(g, "12|5", 0) + play(g, "5|0", 0) + play(g, "0|1", 0)
    laid = [(e.touching, e.open_end) for e in events if isinstance(e, TilePlayed)]
    assert laid == [(12, 5), (5, 0), (0, 1)]
    assert g.train(0) == ((12, 5), (5, 0), (0, 1))
    assert g.train_end[0] == 1


def test_first_tile_must_carry_the_engine_number() -> None:
    """The first tile of any train must carry the engine number."""
    g = table(["6|6 6|5 5|4", "6|3 3|2 1|0"])
    assert g.check(P(g, "5|4", 0)) is not None
    assert g.check(P(g, "6|5", 0)) is None
