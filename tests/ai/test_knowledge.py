"""What Hard infers about hidden tiles is always true, and its guesses fit the table."""

from __future__ import annotations

import random

from game.ai.knowledge import (
    Sampler,
    SeatKnowledge,
    first_turn_beliefs,
    holds_longer_line,
    seat_knowledge,
    unseen_mask,
)
from game.ai.normal import NormalSeat
from game.rules import GameState, Rules
from game.rules.state import LOG_DRAW, LOG_PASS, PLAY, assert_valid
from game.rules.tiles import Tile, iter_ids, mask_of, numbers_to_tiles

from .helpers import positions


def test_inferences_hold_for_the_real_hands() -> None:
    checked = soft_checked = 0
    for game in positions(400, seed=5):
        seat = game.current
        observation = game.observation(seat)
        hidden = 0
        for other in range(game.players):
            if other != seat:
                hidden |= game.hands[other]
        for tile_id in game.boneyard:
            hidden |= 1 << tile_id
        assert unseen_mask(observation) == hidden
        for known in seat_knowledge(observation):
            hand = game.hands[known.seat]
            assert hand.bit_count() == known.size
            assert not hand & known.forbidden, "a seat holds a tile it was inferred to lack"
            checked += bool(known.forbidden)
            for tiles, limit in known.soft:
                assert (hand & tiles).bit_count() <= limit
                soft_checked += 1
    assert checked > 50 and soft_checked > 10  # the positions did exercise the inferences


def test_inferences_hold_in_games_between_normal_seats() -> None:
    # Normal seats keep their lines, so their hands differ from random ones: check those too.
    for seed in range(4):
        game = GameState.new(Rules.standard().with_options(rounds=1), 4, seed)
        seats = [NormalSeat(s) for s in range(4)]
        game.start_round()
        while game.phase == PLAY:
            observation = game.observation(game.current)
            for known in seat_knowledge(observation):
                hand = game.hands[known.seat]
                assert not hand & known.forbidden
                assert all((hand & t).bit_count() <= n for t, n in known.soft)
            game.apply(seats[game.current].choose(observation))


def test_guesses_fit_the_observation() -> None:
    rng = random.Random(2)
    for game in positions(80, seed=9):
        observation = game.observation(game.current)
        sampler = Sampler(observation)
        for _ in range(3):
            state = sampler.state(rng)  # determinize refuses a first guess that does not fit
            assert_valid(state)  # later guesses reuse the first state: every tile once
            assert state.observation(game.current) == observation
            for known in seat_knowledge(observation):
                assert not state.hands[known.seat] & known.forbidden
                assert sorted(iter_ids(state.hands[known.seat])) != [] or known.size == 0


def test_first_turn_beliefs_hold_against_planner_led_players() -> None:
    # Hard reads an opponent's first-turn line as "its hand lacked the line's end". That is a
    # belief about planner-led players (Normal lays its longest line): check it against them.
    noted = lines = 0
    for seed in range(6):
        game = GameState.new(Rules.standard().with_options(rounds=1), 4, 100 + seed)
        seats = [NormalSeat(s) for s in range(4)]
        memory: dict[int, dict[int, int]] = {s: {} for s in range(4)}
        game.start_round()
        while game.phase == PLAY:
            seat = game.current
            observation = game.observation(seat)
            first_turn_beliefs(observation, memory[seat])
            for known in seat_knowledge(observation, memory[seat]):
                hand = game.hands[known.seat]
                assert not hand & known.forbidden
                assert all((hand & t).bit_count() <= n for t, n in known.soft)
                if known.line:  # and its train is the longest line its hand ever held
                    lines += 1
                    assert not holds_longer_line(
                        hand | known.line, known.line_start, known.line_length
                    )
            noted += sum(1 for numbers in memory[seat].values() if numbers)
            game.apply(seats[seat].choose(observation))
    assert noted > 20 and lines > 20


def _after_first_turns(seed: int) -> GameState:
    """A one-round game between Normal seats, once every seat has had its first turn."""
    game = GameState.new(Rules.standard().with_options(rounds=1), 4, seed)
    seats = [NormalSeat(s) for s in range(4)]
    game.start_round()
    while any(game.first_pending) or game.current != 0:
        game.apply(seats[game.current].choose(game.observation(game.current)))
    return game


def test_guesses_read_a_first_turn_line_as_the_longest_the_hand_held() -> None:
    # A random guess of an opponent's hand mostly holds a longer line than the one it laid: a
    # player that lays its longest line cannot hold that hand. Read as such a player (beliefs
    # given), a guess that does is drawn again (a few times: in the tightest positions nearly
    # every hand does); read by the rules alone, most guesses hold one.
    longer_read = longer_plain = lines = 0
    for seed in range(3):
        game = _after_first_turns(200 + seed)
        observation = game.observation(0)
        read = {k.seat: k for k in seat_knowledge(observation, {}) if k.line}
        assert all(not k.line for k in seat_knowledge(observation))  # rules alone: no reading
        lines += len(read)
        rng = random.Random(seed)
        for beliefs, count in (({}, "read"), (None, "plain")):
            sampler = Sampler(observation, beliefs)
            for _ in range(100):
                guess = sampler.guess(rng)
                for seat, known in read.items():
                    hand = 0
                    for tile_id in guess.hands[seat]:
                        hand |= 1 << tile_id
                    longer = holds_longer_line(
                        hand | known.line, known.line_start, known.line_length
                    )
                    if count == "read":
                        longer_read += longer
                    else:
                        longer_plain += longer
    assert lines >= 5
    trials = 100 * lines
    assert longer_plain > trials // 3, "the reading would tell nothing new"
    assert longer_read < longer_plain // 3


def test_a_seat_read_by_its_line_with_no_tile_left_is_guessed_empty() -> None:
    # The seat going out ends the round, but its last view is still guessed (the review).
    game = _after_first_turns(203)
    observation = game.observation(0)
    seat = next(k.seat for k in seat_knowledge(observation, {}) if k.line)
    sizes = list(observation.hand_sizes)
    sizes[seat] = 0
    emptied = observation._replace(hand_sizes=tuple(sizes))
    sampler = Sampler(emptied, {})
    for _ in range(3):
        assert sampler.guess(random.Random(1)).hands[seat] == []


def test_a_seat_that_drew_is_no_longer_read_by_its_train() -> None:
    game = _after_first_turns(203)
    observation = game.observation(0)
    read = [k.seat for k in seat_knowledge(observation, {}) if k.line]
    assert read
    seat = read[0]
    drawn = observation._replace(log_masks=((seat, LOG_DRAW, 1 << 3),))
    assert seat not in [k.seat for k in seat_knowledge(drawn, {}) if k.line]


def test_no_first_turn_beliefs_without_first_turn_lines() -> None:
    game = GameState.new(Rules.station(), 4, 5)
    game.start_round()
    seats = [NormalSeat(s) for s in range(4)]
    known: dict[int, int] = {}
    for _ in range(12):
        first_turn_beliefs(game.observation(game.current), known)
        game.apply(seats[game.current].choose(game.observation(game.current)))
    assert known == {}


def _knowledge_of_seat_one(log: list[tuple[int, int, int]]) -> SeatKnowledge:
    game = GameState.new(Rules.standard(), 4, 3)
    game.start_round()
    observation = game.observation(0)._replace(log_masks=tuple(log))
    return next(k for k in seat_knowledge(observation) if k.seat == 1)


def test_a_drawn_tile_laid_at_once_leaves_what_the_hand_lacked() -> None:
    # Seat 1 drew and passed facing 5 (the kept tile lacks 5 too), later drew a tile it laid at
    # once (no pass after it): its hand gained nothing since the pass, so it still lacks 5.
    five, seven = 1 << 5, 1 << 7
    known = _knowledge_of_seat_one([(1, LOG_DRAW, five), (1, LOG_PASS, five), (1, LOG_DRAW, seven)])
    assert known.lacks == five | seven
    assert known.soft == ()
    assert known.forbidden == numbers_to_tiles(five | seven)


def test_a_drawn_tile_kept_may_carry_what_the_hand_lacked_before() -> None:
    # The second draw was kept (its pass follows it): that one tile may carry a 5.
    five, seven = 1 << 5, 1 << 7
    known = _knowledge_of_seat_one(
        [(1, LOG_DRAW, five), (1, LOG_PASS, five), (1, LOG_DRAW, seven), (1, LOG_PASS, seven)]
    )
    assert known.lacks == seven
    assert known.soft == ((numbers_to_tiles(five), 1), (numbers_to_tiles(five), 1))


def test_tiles_one_seat_lacks_are_spread_fairly_over_the_other_places() -> None:
    # Seat 1 drew and passed facing 5 and 7: it holds no 5 or 7. Nothing is known of seats 2
    # and 3, so each of those tiles is as likely to be in one of their hands as anywhere in
    # the boneyard: a place's share of them is its number of tiles over all the places left.
    game = GameState.new(Rules.standard(), 4, 3)
    game.start_round()
    numbers = 1 << 5 | 1 << 7
    observation = game.observation(0)._replace(
        log_masks=((1, LOG_DRAW, numbers), (1, LOG_PASS, numbers))
    )
    lacked = numbers_to_tiles(numbers) & observation.unseen_mask
    sampler = Sampler(observation)
    rng = random.Random(4)
    guesses = 1500
    found = {2: 0, 3: 0, "boneyard": 0}
    for _ in range(guesses):
        guess = sampler.guess(rng)
        assert not any(lacked >> tile_id & 1 for tile_id in guess.hands[1])
        for seat in (2, 3):
            found[seat] += sum(lacked >> tile_id & 1 for tile_id in guess.hands[seat])
        found["boneyard"] += sum(lacked >> tile_id & 1 for tile_id in guess.boneyard)
    sizes = {2: observation.hand_sizes[2], 3: observation.hand_sizes[3]}
    sizes["boneyard"] = observation.boneyard_size
    places = sum(sizes.values())
    for place, size in sizes.items():
        share = found[place] / (guesses * lacked.bit_count())
        assert abs(share - size / places) < 0.05 * size / places, place


def _longest_by_every_order(tiles: list[tuple[int, int]], end: int) -> int:
    """The longest line from ``end``: every tile that fits tried next, with no shortcut."""
    best = 0
    for index, (low, high) in enumerate(tiles):
        if end in (low, high):
            rest = tiles[:index] + tiles[index + 1 :]
            best = max(best, 1 + _longest_by_every_order(rest, high if low == end else low))
    return best


def test_the_search_for_a_longer_line_finds_one_exactly_when_there_is_one() -> None:
    """The reading of first-turn lines rests on it: with room to finish it answers as trying
    every order does, and with its cap it never names a longer line that is not there."""
    rng = random.Random(7)
    every = [(low, high) for high in range(13) for low in range(high + 1)]
    capped_found = 0
    for _ in range(300):
        tiles = rng.sample(every, rng.randint(4, 9))
        end = rng.choice([n for pair in tiles for n in pair])
        mask = mask_of(Tile(low, high) for low, high in tiles)
        longest = _longest_by_every_order(tiles, end)
        for length in (longest - 1, longest):
            assert holds_longer_line(mask, end, length, nodes=10**6) == (length < longest)
            if holds_longer_line(mask, end, length):
                assert length < longest
                capped_found += 1
    assert capped_found >= 250
