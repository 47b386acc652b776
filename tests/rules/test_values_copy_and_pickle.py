"""The engine's values go through ``pickle`` (an observation to the AI's worker process and its
choice back), ``copy`` and ``deepcopy`` whole and equal, in the pure-Python engine and in the
compiled build alike (its frozen classes are made again through their constructors)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from game.rules import DRAW, END_TURN, PASS, GameState, Play, Rules, Tile
from game.rules.record import RecordWriter, load_record, replay_steps

ROUND_TRIPS: dict[str, Callable[[object], object]] = {
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def _game_in_play() -> GameState:
    game = GameState.new(Rules.station().with_options(max_open_doubles=2), 4, seed=31)
    rng = random.Random(3)
    game.start_round()
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _values() -> dict[str, object]:
    game = _game_in_play()
    writer = RecordWriter(GameState.new(Rules.standard(), 3, seed=5))
    replayed = GameState.new(Rules.standard(), 3, seed=5)
    writer.add(replayed.start_round())
    for _ in range(10):
        writer.add(replayed.apply(replayed.legal_actions()[0]))
    record, _ = load_record(writer.text())
    step = [s for _, s in replay_steps(record)][-1]
    return {
        "rules": Rules.station().with_options(rounds=3),
        "deal": game.deal,
        "play": Play(Tile(7, 2), 4),
        "draw": DRAW,
        "pass": PASS,
        "end turn": END_TURN,
        "refusal": game.check(Play(Tile(0, 0), 9)),
        "observation": game.observation(game.current),
        "record": record,
        "replay step": step,
    }


@pytest.mark.parametrize("way", sorted(ROUND_TRIPS))
@pytest.mark.parametrize("name", sorted(_values()))
def test_a_value_comes_back_equal(name: str, way: str) -> None:
    value = _values()[name]
    assert value is not None
    again = ROUND_TRIPS[way](value)
    assert type(again) is type(value)
    assert again == value


@pytest.mark.parametrize("way", ["pickle", "deepcopy"])  # a shallow copy shares the lists
def test_a_game_comes_back_and_plays_on_the_same(way: str) -> None:
    game = _game_in_play()
    again = ROUND_TRIPS[way](game)
    assert isinstance(again, GameState)
    for seat in range(game.players):
        assert again.observation(seat) == game.observation(seat)
    rng_a, rng_b = random.Random(8), random.Random(8)
    while not game.round_over:
        assert again.legal_actions() == game.legal_actions()
        action = rng_a.choice(game.legal_actions())
        assert again.apply(rng_b.choice(again.legal_actions())) == game.apply(action)
    assert again.observation(0) == game.observation(0)


def test_a_played_tile_keeps_its_id_through_pickle() -> None:
    play = pickle.loads(pickle.dumps(Play(Tile(12, 3), 2)))
    assert isinstance(play, Play)
    assert (play.tile, play.train, play.tile_id) == (Tile(3, 12), 2, Tile(3, 12).id)
