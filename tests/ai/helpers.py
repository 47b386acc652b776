"""Positions for the AI tests: random points of random games under many rule combinations."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.ai.simple import GreedySeat, RandomSeat
from game.rules import GameState, Rules, determinize
from game.rules.state import PLAY
from game.rules.tiles import ALL_TILES, iter_ids

TABLES: tuple[tuple[Rules, int], ...] = (
    (Rules.standard(), 4),
    (Rules.standard(), 2),
    (Rules.standard().with_options(set_size=6), 3),
    (Rules.station(), 4),
    (Rules.station(), 6),
    (Rules.standard().with_options(scoring="positive", max_open_doubles=2), 5),
    (Rules.station().with_options(first_turn_chain=True, double_blank_points=50), 3),
)


def positions(count: int, seed: int) -> Iterator[GameState]:
    """``count`` states in play, each at a random point of a random round (a fresh copy each)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rules, players = TABLES[made % len(TABLES)]
        game = GameState.new(rules, players, rng.randrange(1 << 30))
        game.round_number = rng.randrange(game.deal.rounds)  # start at any engine
        game.start_round()
        seats = [
            GreedySeat(rng.randrange(1000)) if rng.random() < 0.6 else RandomSeat(rng.randrange(9))
            for _ in range(players)
        ]
        steps = rng.randrange(120)
        for _ in range(steps):
            if game.phase != PLAY:
                break
            game.apply(seats[game.current].choose(game.observation(game.current)))
        if game.phase != PLAY:
            continue
        made += 1
        yield game


def reshuffled(game: GameState, seat: int, rng: random.Random) -> GameState:
    """The same table for ``seat``: its hand and everything public equal, hidden tiles dealt anew.

    Other hands keep their sizes; the tiles in them and the boneyard's order are shuffled.
    """
    observation = game.observation(seat)
    hidden = [i for s in range(game.players) if s != seat for i in iter_ids(game.hands[s])]
    hidden += list(game.boneyard)
    rng.shuffle(hidden)
    hands = {}
    at = 0
    for other in range(game.players):
        if other == seat:
            continue
        size = observation.hand_sizes[other]
        hands[other] = [ALL_TILES[i] for i in hidden[at : at + size]]
        at += size
    boneyard = [ALL_TILES[i] for i in hidden[at:]]
    drawn = None
    if observation.step_after_draw and observation.current != seat:
        drawn = hands[observation.current][0]
    return determinize(observation, hands, boneyard, drawn_by_current=drawn)
