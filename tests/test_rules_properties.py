"""Properties of the rules engine over random tables, seeds and plays (hypothesis).

Across presets, every option, set sizes and 2-14 players: every match ends; every tile is in
exactly one place at every step; every action the engine lists is accepted and every other
action is refused with a reason and changes nothing; records written and replayed reach the
same state; observations hold nothing hidden.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.rules import (
    DRAW,
    END_TURN,
    PASS,
    GameState,
    IllegalActionError,
    Play,
    Reason,
    Rules,
    RulesError,
    set_tiles,
)
from game.rules.record import RecordWriter, load_record
from game.rules.state import PLAY, assert_valid


@st.composite
def tables(draw: st.DrawFn, max_rounds: int | None = 2) -> tuple[Rules, int]:
    """A playable table: rules with every option drawn, and a player count."""
    preset = draw(st.sampled_from(["standard", "station"]))
    rules = Rules.preset_named(preset).with_options(
        first_turn_chain=draw(st.booleans()),
        first_turn_draw=draw(st.booleans()),
        max_open_doubles=draw(st.sampled_from([None, 1, 2])),
        double_blank_points=draw(st.sampled_from([0, 50])),
        scoring=draw(st.sampled_from(["penalty", "positive"])),
        set_size=draw(st.sampled_from([None, 6, 9, 12, 15, 18])),
        hand_size=draw(st.sampled_from([None, None, 2, 3, 5, 7, 11])),
    )
    players = draw(st.integers(2, 14))
    try:
        deal = rules.deal_for(players)
    except RulesError:
        assume(False)
        raise
    if max_rounds is not None:
        rounds = draw(st.integers(1, min(max_rounds, deal.set_size + 1)))
        rules = rules.with_options(rounds=rounds)
    return rules, players


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything a state holds, for comparing before and after a refused action."""
    return (
        state.phase,
        state.round_number,
        tuple(state.hands),
        tuple(state.boneyard),
        tuple(tuple(t) for t in state.train_tiles),
        tuple(state.train_end),
        tuple(state.markers),
        tuple(state.first_pending),
        tuple(state.open_doubles),
        state.current,
        state.satisfy,
        state.follow,
        state.drawn,
        state.chain,
        tuple(state.totals),
        tuple(state.went_out),
    )


def every_candidate(state: GameState) -> list[object]:
    """Every action anyone could try: each tile of the set on each train, draw, pass, end."""
    trains = range(state.players + 1)
    plays: list[object] = [
        Play(t, train) for t in set_tiles(state.deal.set_size) for train in trains
    ]
    return [*plays, DRAW, PASS, END_TURN]


def play_match(rules: Rules, players: int, seed: int, check_all: bool) -> tuple[GameState, str]:
    """A whole match of random legal play, checking the properties at every step."""
    rng = random.Random(seed)
    game = GameState.new(rules, players, seed)
    writer = RecordWriter(game)
    limit = 20 * len(set_tiles(game.deal.set_size)) * players
    while not game.match_over:
        writer.add(game.start_round())
        steps = 0
        while game.phase == PLAY:
            steps += 1
            assert steps < limit, "the round does not end"
            assert_valid(game)
            legal = game.legal_actions()
            for action in legal:
                assert game.check(action) is None
            if check_all:
                before = snapshot(game)
                for action in every_candidate(game):
                    if action in legal:
                        continue
                    refusal = game.check(action)  # type: ignore[arg-type]
                    assert refusal is not None, action
                    assert refusal.reason is not Reason.NOT_ALLOWED, (action, refusal)
                    assert refusal.message
                    try:
                        game.apply(action)  # type: ignore[arg-type]
                    except IllegalActionError as error:
                        assert error.refusal.reason is refusal.reason
                    else:
                        raise AssertionError(f"{action} was accepted but not listed as legal")
                assert snapshot(game) == before
            other = (game.current + 1) % players
            refusal = game.check(legal[0], seat=other)
            assert refusal is not None and refusal.reason is Reason.NOT_YOUR_TURN
            writer.add(game.apply(rng.choice(legal)))
        assert_valid(game)
    return game, writer.text()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32))
def test_random_matches_end_with_every_tile_accounted_for(
    table: tuple[Rules, int], seed: int
) -> None:
    rules, players = table
    game, _ = play_match(rules, players, seed, check_all=False)
    assert game.match_over
    assert game.round_number == game.deal.rounds
    assert game.match_winners


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(max_rounds=1), seed=st.integers(0, 2**32))
def test_every_unlisted_action_is_refused_with_a_reason(
    table: tuple[Rules, int], seed: int
) -> None:
    rules, players = table
    assume(len(set_tiles(rules.deal_for(players).set_size)) <= 91)
    play_match(rules, players, seed, check_all=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32))
def test_records_replay_to_the_same_state(table: tuple[Rules, int], seed: int) -> None:
    rules, players = table
    game, text = play_match(rules, players, seed, check_all=False)
    record, replayed = load_record(text)
    assert record.complete
    assert snapshot(replayed) == snapshot(game)
    assert replayed.round_scores == game.round_scores
    assert replayed.match_winners == game.match_winners
    assert replayed.decided_by == game.decided_by


@settings(max_examples=40, deadline=None)
@given(table=tables(max_rounds=1), seed=st.integers(0, 2**32), cut=st.floats(0, 1))
def test_a_record_cut_mid_round_replays_to_the_position_reached(
    table: tuple[Rules, int], seed: int, cut: float
) -> None:
    """A match still being played (say, saved after every action) replays to where it was.

    Stopping a first-turn line early writes no line of its own (RECORD.md has none): the next
    seat's line implies it. So a record cut right after such a stop replays to the moment before
    it, and applying that stop again reaches the same position.
    """
    rules, players = table
    rng = random.Random(seed)
    game = GameState.new(rules, players, seed)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    stop = int(cut * 200)
    last = None
    for _ in range(stop):
        if game.phase != PLAY:
            break
        last = rng.choice(game.legal_actions())
        writer.add(game.apply(last))
    _, replayed = load_record(writer.text())
    if last is END_TURN and replayed.phase == PLAY and replayed.in_first_turn_line:
        replayed.apply(END_TURN)
    assert snapshot(replayed)[:14] == snapshot(game)[:14]


@settings(max_examples=40, deadline=None)
@given(table=tables(max_rounds=1), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_same_seed_same_match(table: tuple[Rules, int], seed: int, steps: int) -> None:
    """The same seed, players and rules give the same deal, draws and (with the same moves) game."""
    rules, players = table
    games = [GameState.new(rules, players, seed) for _ in range(2)]
    deals = [g.start_round() for g in games]
    assert deals[0] == deals[1]
    rng = random.Random(seed)
    for _ in range(steps):
        if games[0].phase != PLAY:
            break
        action = rng.choice(games[0].legal_actions())
        assert games[0].apply(action) == games[1].apply(action)
    assert snapshot(games[0]) == snapshot(games[1])


@settings(max_examples=30, deadline=None)
@given(table=tables(max_rounds=1), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_copy_is_independent(table: tuple[Rules, int], seed: int, steps: int) -> None:
    rules, players = table
    rng = random.Random(seed)
    game = GameState.new(rules, players, seed)
    game.start_round()
    for _ in range(steps):
        if game.phase != PLAY:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.phase != PLAY:
        return
    before = snapshot(game)
    twin = game.copy()
    while twin.phase == PLAY:
        twin.apply_quietly(rng.choice(twin.legal_actions()))
    assert snapshot(game) == before
    assert game.legal_actions() == game.copy().legal_actions()


@settings(max_examples=30, deadline=None)
@given(table=tables(max_rounds=1), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_observation_hides_what_the_seat_cannot_see(
    table: tuple[Rules, int], seed: int, steps: int
) -> None:
    """Two states that differ only in tiles hidden from a seat give that seat equal observations."""
    rules, players = table
    rng = random.Random(seed)
    game = GameState.new(rules, players, seed)
    game.start_round()
    for _ in range(steps):
        if game.phase != PLAY:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.phase != PLAY:
        return
    seat = game.current
    # Swap one hidden tile of another seat with one in the boneyard.
    other = (seat + 1) % players
    if not game.boneyard or not game.hands[other] or game.drawn >= 0:
        return
    twin = game.copy()
    hidden = game.hand(other)[0].id
    pile_index = rng.randrange(len(twin.boneyard))
    swapped = twin.boneyard[pile_index]
    twin.hands[other] = twin.hands[other] & ~(1 << hidden) | (1 << swapped)
    twin.boneyard[pile_index] = hidden
    twin._legal = None
    assert twin.observation(seat) == game.observation(seat)
    assert twin.hand(other) != game.hand(other)
