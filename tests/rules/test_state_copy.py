"""``GameState.copy()`` spells out each slot (for speed): it must copy every one of
``GameState.__slots__``, and the copy must play on without touching the original."""

from __future__ import annotations

import copy
import random

from game.rules import GameState, Rules


def _state_in_play() -> GameState:
    """A four-player match some way into its second round, so every slot holds a real value
    (scores kept, trains laid, markers out, tiles drawn)."""
    rules = Rules.preset_named("standard")
    game = GameState.new(rules, 4, seed=20261201)
    rng = random.Random(5)
    game.start_round()
    while not game.round_over:
        game.apply(rng.choice(game.legal_actions()))
    game.start_round()
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    game.legal_actions()  # fills the cache slot too
    return game


def _slots(state: GameState) -> dict[str, object]:
    """Every slot's value (a missing one as the exception it raises)."""
    values: dict[str, object] = {}
    for name in GameState.__slots__:
        try:
            values[name] = copy.deepcopy(getattr(state, name))
        except AttributeError as error:
            values[name] = error
    return values


def test_every_slot_is_set_in_the_state_the_test_copies() -> None:
    state = _state_in_play()
    unset = [n for n, value in _slots(state).items() if isinstance(value, AttributeError)]
    assert unset == []  # else the next test could not tell a slot that copy() forgets


def test_copy_copies_every_slot_of_slots() -> None:
    state = _state_in_play()
    other = state.copy()
    missing = [name for name in GameState.__slots__ if not hasattr(other, name)]
    assert missing == [], f"GameState.copy() does not copy {missing}"
    differ = [n for n in GameState.__slots__ if getattr(other, n) != getattr(state, n)]
    assert differ == [], f"GameState.copy() copies {differ} with other values"


def test_playing_on_a_copy_leaves_the_original_as_it_was() -> None:
    state = _state_in_play()
    before = _slots(state)
    other = state.copy()
    rng = random.Random(9)
    while not other.match_over:
        if other.round_over:
            other.start_round()
        else:
            other.apply(rng.choice(other.legal_actions()))
    assert _slots(state) == before
    assert state.legal_actions() == before["_legal"]
