"""Observations are cheap to build but still plain snapshots: equal to one built from scratch,
holding nothing but immutable public values, and unable to reach a hidden tile."""

from __future__ import annotations

import gc
import pickle
import random
from enum import Enum

import pytest

from game.rules import GameState, Observation, Rules, TrainView, determinize
from game.rules.state import PLAY, shuffled
from game.rules.tiles import ALL_TILES, DOUBLE_ID, ids_to_tiles, iter_ids, set_mask

TABLES = [
    (Rules.standard(), 4),
    (Rules.standard(), 2),
    (Rules.station(), 6),
    (Rules.standard().with_options(max_open_doubles=1, first_turn_chain=False), 8),
    (Rules.station().with_options(scoring="positive"), 3),
]


def from_scratch(state: GameState, seat: int) -> Observation:
    """An observation read field by field off the state, sharing nothing with earlier ones."""
    players = state.players
    trains = tuple(
        TrainView(
            t,
            None if t == players else t,
            tuple(state.train_tiles[t]),
            state.engine_number,
            state.train_end[t],
            t == players or state.markers[t],
            t in state.open_doubles,
        )
        for t in range(players + 1)
    )
    mine = state.phase == PLAY and state.current == seat
    seen = state.hands[seat] | 1 << DOUBLE_ID[state.engine_number]
    for tiles in state.train_tiles:
        for tile_id in tiles:
            seen |= 1 << tile_id
    return Observation(
        seat=seat,
        players=players,
        names=state.names,
        rules=state.rules,
        deal=state.deal,
        phase=state.phase,
        round_number=state.round_number,
        engine=state.engine,
        hand=tuple(ALL_TILES[i] for i in iter_ids(state.hands[seat])),
        hand_sizes=tuple(state.hands[s].bit_count() for s in range(players)),
        boneyard_size=len(state.boneyard),
        trains=trains,
        markers=tuple(state.markers),
        open_doubles=tuple(state.open_doubles),
        current=state.current,
        first_pending=tuple(state.first_pending),
        must_satisfy=state.satisfy if state.satisfy >= 0 else None,
        must_follow=state.follow,
        in_first_turn_line=state.chain,
        drawn_tile=ALL_TILES[state.drawn] if mine and state.drawn >= 0 else None,
        step_after_draw=state.drawn >= 0,
        went_out=tuple(state.went_out),
        out_pending=state.out_pending,
        totals=tuple(state.totals),
        round_scores=tuple(tuple(r) for r in state.round_scores),
        rounds_won=tuple(state.rounds_won),
        log_masks=tuple(state.log),
        legal_actions=tuple(state.legal_actions()) if mine else (),
        hand_mask=state.hands[seat],
        unseen_mask=set_mask(state.deal.set_size) & ~seen,
    )


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` (as the garbage collector sees references)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | Enum):
            continue  # classes and enum members (the phase) are constants, not a state's
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_every_observation_equals_one_built_from_scratch(rules: Rules, players: int) -> None:
    """At every step of whole matches, for every seat, and in copies taken along the way."""
    rng = random.Random(players)
    game = GameState.new(rules, players, seed=5)
    checked = 0
    while not game.match_over:
        game.start_round()
        copies: list[GameState] = []
        while game.phase == PLAY:
            for seat in range(players):
                assert game.observation(seat) == from_scratch(game, seat)
                checked += 1
            if rng.random() < 0.05:
                copies.append(game.copy())
            game.apply(rng.choice(game.legal_actions()))
        for twin in copies:  # a copy played on its own way keeps its own views
            while twin.phase == PLAY:
                seat = twin.current
                assert twin.observation(seat) == from_scratch(twin, seat)
                twin.apply_quietly(rng.choice(twin.legal_actions()))
        for seat in range(players):  # between rounds, and at the match's end
            assert game.observation(seat) == from_scratch(game, seat)
    assert checked > 500


def test_a_guessed_state_shows_the_observer_the_same_table() -> None:
    """determinize starts from the observation's own views; its observations stay exact."""
    rng = random.Random(3)
    game = GameState.new(Rules.standard(), 4, seed=9)
    game.start_round()
    for _ in range(60):
        if game.phase != PLAY:
            break
        seat = game.current
        observation = game.observation(seat)
        if game.drawn < 0:
            hidden = [i for s in range(4) if s != seat for i in iter_ids(game.hands[s])]
            hidden += game.boneyard
            rng.shuffle(hidden)
            hands, at = {}, 0
            for other in range(4):
                if other != seat:
                    size = observation.hand_sizes[other]
                    hands[other] = [ALL_TILES[i] for i in hidden[at : at + size]]
                    at += size
            guess = determinize(observation, hands, [ALL_TILES[i] for i in hidden[at:]])
            assert guess.observation(seat) == observation
            assert guess.observation(seat) == from_scratch(guess, seat)
            guess.apply_quietly(guess.legal_actions()[0])
            assert guess.observation(seat) == from_scratch(guess, seat)
        game.apply(rng.choice(game.legal_actions()))


def test_an_observation_reaches_no_state_and_no_hidden_tile() -> None:
    """By construction: nothing mutable, no GameState, and no tile but the seat's own hand and
    the laid ones; the unseen mask is exactly the other hands and the boneyard."""
    rng = random.Random(8)
    game = GameState.new(Rules.station(), 5, seed=2)
    game.start_round()
    while game.phase == PLAY:
        seat = (game.current + 1) % 5
        observation = game.observation(seat)
        objects = reachable(observation)
        assert not any(isinstance(o, (GameState, list, dict, set)) for o in objects)
        visible = set(observation.hand) | {observation.engine}
        for train in observation.trains:
            visible |= set(train.tiles)
        legal_tiles = {a.tile for a in observation.legal_actions if hasattr(a, "tile")}
        tiles = {o for o in objects if o.__class__ is ALL_TILES[0].__class__}
        assert tiles <= visible | legal_tiles
        hidden = sum(game.hands[s] for s in range(5) if s != seat)
        hidden |= sum(1 << i for i in game.boneyard)
        assert observation.unseen_mask == hidden
        assert set(observation.unseen_tiles()) == set(ids_to_tiles(hidden))
        assert len(pickle.dumps(observation)) < 4000  # sent to the worker process each decision
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("size", [2, 28, 55, 91, 190])
def test_the_deal_shuffle_is_the_standard_librarys(size: int) -> None:
    for seed in range(20):
        expected = list(range(size))
        random.Random(f"s/{seed}").shuffle(expected)
        assert shuffled(list(range(size)), random.Random(f"s/{seed}")) == expected
