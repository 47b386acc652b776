"""Soak run: 2,000 whole random matches across every rule combination, no exception and no
broken invariant. Marked ``slow``: the README's test command leaves it out, ``python -m pytest
-m slow`` runs it, and CI (``.ci/run``) runs both.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game.rules import GameState, Rules, RulesError, tile_count
from game.rules.record import RecordWriter, load_record
from game.rules.state import PLAY, assert_valid

MATCHES = 2000

# Every combination of the options that change play, under both presets.
COMBINATIONS = list(
    itertools.product(
        ["standard", "station"],
        [True, False],  # first_turn_chain
        [True, False],  # first_turn_draw
        [None, 1, 2],  # max_open_doubles
        [0, 50],  # double_blank_points
        ["penalty", "positive"],
    )
)


def soak_table(index: int, rng: random.Random) -> tuple[Rules, int]:
    preset, chain, draw, max_open, blank, scoring = COMBINATIONS[index % len(COMBINATIONS)]
    rules = Rules.preset_named(preset).with_options(
        first_turn_chain=chain,
        first_turn_draw=draw,
        max_open_doubles=max_open,
        double_blank_points=blank,
        scoring=scoring,
    )
    while True:
        players = rng.randint(2, 14 if preset == "standard" else 10)
        changes: dict[str, object] = {}
        if rng.random() < 0.3:
            changes["set_size"] = rng.choice([6, 9, 12, 15, 18])
        if rng.random() < 0.2:
            changes["hand_size"] = rng.randint(2, 15)
        candidate = rules.with_options(**changes)
        try:
            candidate.deal_for(players)
        except RulesError:
            continue
        return candidate, players


@pytest.mark.slow
def test_soak_two_thousand_random_matches() -> None:
    rng = random.Random(20261129)
    seen_options: set[tuple[object, ...]] = set()
    seen_players: set[int] = set()
    ends = {"out": 0, "blocked": 0}
    for index in range(MATCHES):
        rules, players = soak_table(index, rng)
        seed = rng.randrange(2**31)
        seen_options.add(COMBINATIONS[index % len(COMBINATIONS)])
        seen_players.add(players)
        try:
            ends_here = soak_match(rules, players, seed, rng, keep_record=index % 50 == 0)
        except Exception as error:  # report the table that broke, so it can be replayed
            raise AssertionError(
                f"match {index} failed: {players} players, seed {seed}, {rules}"
            ) from error
        for reason, count in ends_here.items():
            ends[reason] += count
    assert seen_options == set(COMBINATIONS)
    assert seen_players == set(range(2, 15))
    assert ends["out"] and ends["blocked"]  # both ways a round ends were exercised


def soak_match(
    rules: Rules, players: int, seed: int, rng: random.Random, keep_record: bool
) -> dict[str, int]:
    game = GameState.new(rules, players, seed)
    writer = RecordWriter(game) if keep_record else None
    total_tiles = tile_count(game.deal.set_size)
    ends = {"out": 0, "blocked": 0}
    while not game.match_over:
        events = game.start_round()
        if writer:
            writer.add(events)
        assert_valid(game)
        steps = 0
        while game.phase == PLAY:
            steps += 1
            assert steps < 40 * total_tiles, "the round does not end"
            legal = game.legal_actions()
            assert legal, "no legal action in play"
            action = legal[int(rng.random() * len(legal))]
            if writer:
                writer.add(game.apply(action))
            else:
                game.apply_quietly(action)
            # Tiles are conserved at every step (a cheap count); the full check runs often.
            placed = sum(len(t) for t in game.train_tiles) + 1
            held = sum(h.bit_count() for h in game.hands)
            assert held + len(game.boneyard) + placed == total_tiles
            if steps % 7 == 0:
                assert_valid(game)
        assert_valid(game)
        ends[game.end_reason] += 1
        scores = game.round_scores[-1]
        if rules.scoring == "penalty":
            assert scores == [game.hand_value(s) for s in range(players)]
        else:
            assert sum(1 for s in scores if s) <= len(game.round_winners)
    assert len(game.round_scores) == game.deal.rounds
    assert game.totals == [sum(r[s] for r in game.round_scores) for s in range(players)]
    assert game.match_winners
    if writer:
        _, replayed = load_record(writer.text())
        assert replayed.totals == game.totals
        assert replayed.hands == game.hands
    return ends
