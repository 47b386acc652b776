"""Matches to save: small, deterministic, played by simple seats."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from game.ai.simple import make_seat
from game.rules import GameState, Rules
from game.rules.record import RecordWriter
from game.rules.state import PLAY

SMALL_RULES = Rules.standard().with_options(set_size=6, hand_size=5, rounds=3)


def match_snapshots(
    seed: int = 5, rules: Rules = SMALL_RULES, players: int = 3
) -> Iterator[tuple[int, str, GameState]]:
    """(actions so far, record text, live state) after the deal of each round and each action."""
    game = GameState.new(rules, players, seed, ["Ana", "Bo", "Cy", "Di"][:players])
    seats = [make_seat("random", seed * 7 + seat) for seat in range(players)]
    writer = RecordWriter(game)
    actions = 0
    while not game.match_over:
        writer.add(game.start_round())
        yield actions, writer.text(), game
        while game.phase == PLAY:
            writer.add(game.apply(seats[game.current].choose(game.observation(game.current))))
            actions += 1
            yield actions, writer.text(), game


def record_after(actions: int, seed: int = 5) -> tuple[str, GameState]:
    """The record text and a copy of the state once ``actions`` actions have been taken."""
    for count, text, game in match_snapshots(seed):
        if count == actions:
            return text, game.copy()
    raise ValueError(f"the match has fewer than {actions} actions")


def digest(game: GameState) -> tuple[object, ...]:
    """What a resumed game must agree on (whose turn it is aside: see the kill test)."""
    return (
        game.phase,
        game.round_number,
        tuple(tuple(sorted(game.hand(seat))) for seat in range(game.players)),
        len(game.boneyard),
        tuple(game.totals),
        tuple(tuple(train) for train in game.train_tiles),
    )


def state_hash(game: GameState) -> str:
    """A short fingerprint of ``digest`` that a child process can print."""
    return hashlib.sha256(repr(digest(game)).encode()).hexdigest()[:16]
