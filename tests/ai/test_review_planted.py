"""Planted mistakes: positions where one legal move is clearly worse, recorded and reviewed.

Each position is reached through the rules engine (a hand-made deal, or a seeded match between
Normal seats until the position comes up), the worse move is played there, the round is played
out by Normal seats, and the record is reviewed at the default number of guesses.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.base import values_for
from game.ai.normal import NormalSeat
from game.ai.planner import best_line
from game.ai.review import FORCED, Decision, Review, review
from game.rules import DRAW, END_TURN, Action, GameState, Observation, Play, Rules, Tile
from game.rules.record import RecordWriter, load_record
from game.rules.tiles import mask_of

COSTLY = ("mistake", "blunder")


def tiles(text: str) -> list[Tile]:
    """'9|5 5|4' as tiles."""
    return [Tile(int(a), int(b)) for a, b in (pair.split("|") for pair in text.split())]


def play_out(state: GameState, writer: RecordWriter) -> None:
    """Normal seats play the round in ``state`` to its end."""
    seats = [NormalSeat() for _ in range(state.players)]
    while not state.round_over:
        seat = state.current
        writer.add(state.apply(seats[seat].choose(state.observation(seat))))


def reviewed(text: str) -> Review:
    record, _ = load_record(text)
    return review(record, 0)


# The Mexican-train position, dealt by hand (station rules, double-nine, three seats, eight
# tiles): seat 2 holds the engine and starts 9|6; seat 0 starts its train with 9|5 (its only
# 9, so that turn is forced); seat 1 starts 9|3; seat 2 opens the Mexican train with 9|4.
# Seat 0 now holds the line 5|4 4|8 8|7 7|6 for its own train (open end 5), and 5|4 is its only
# tile that continues it; 5|4 also fits the Mexican train (4), and so does the free 4|0.
MEXICAN = 3
HANDS = (
    tiles("9|5 5|4 4|8 8|7 7|6 4|0 1|2 0|1"),
    tiles("9|3 3|5 6|6 2|2 0|6 1|5 2|8 3|8"),
    tiles("9|9 9|6 9|4 0|2 1|7 5|5 3|6 2|7"),
)
OPENING = (
    Play(Tile(6, 9), 2),
    Play(Tile(5, 9), 0),
    Play(Tile(3, 9), 1),
    Play(Tile(4, 9), MEXICAN),
)


def mexican_position(move: Action) -> tuple[str, Observation]:
    """The hand-made round with ``move`` played by seat 0 in the position above."""
    rules = Rules.station().with_options(set_size=9, hand_size=8, rounds=1)
    dealt = {tile for hand in HANDS for tile in hand}
    boneyard = [
        Tile(low, high)
        for high in range(9, -1, -1)
        for low in range(high, -1, -1)
        if Tile(low, high) not in dealt
    ]
    state = GameState.new(rules, 3, 0)
    writer = RecordWriter(state)
    writer.add(state.start_round(HANDS, boneyard))
    for action in OPENING:
        writer.add(state.apply(action))
    observation = state.observation(0)
    writer.add(state.apply(move))
    play_out(state, writer)
    return writer.text(), observation


def test_the_only_tile_of_ones_line_laid_on_the_mexican_train_is_a_costly_mistake() -> None:
    bad = Play(Tile(4, 5), MEXICAN)
    text, seen = mexican_position(bad)
    assert seen.current == 0 and set(seen.legal_actions) == {
        Play(Tile(4, 5), 0),
        bad,
        Play(Tile(0, 4), MEXICAN),
        Play(Tile(4, 8), MEXICAN),
    }
    result = reviewed(text)
    decision = result.decisions[1]
    assert decision.made == bad
    assert decision.label in COSTLY, decision
    # Better: the free 4|0 on the Mexican train, or 5|4 on one's own train (either keeps the line)
    assert decision.best in (Play(Tile(0, 4), MEXICAN), Play(Tile(4, 5), 0)), decision
    assert decision.expected[-1][0] == bad, "the planted move is the worst of the four"


def test_a_position_with_one_legal_action_is_forced_and_costs_nothing() -> None:
    text, _ = mexican_position(Play(Tile(4, 5), 0))
    result = reviewed(text)
    first = result.decisions[0]  # 9|5 was seat 0's only 9: the only way to start its train
    assert first.made == Play(Tile(5, 9), 0)
    assert (first.label, first.points_lost, first.choices, first.best) == (
        FORCED,
        0.0,
        1,
        first.made,
    )
    # Keeping the line (5|4 on one's own train) is not a mistake at all.
    assert result.decisions[1].label in ("good", "inaccuracy"), result.decisions[1]
    draws = [d for d in result.decisions if d.made == DRAW]
    assert draws, "seat 0 had to draw in this round"
    # The rules allow a draw only when nothing plays, so a draw is always forced.
    assert all(d.label == FORCED and d.points_lost == 0 and d.choices == 1 for d in draws)


Finder = Callable[[Observation], Action | None]


def seeded_position(rules: Rules, players: int, seed: int, find: Finder) -> tuple[str, int]:
    """A seeded match between Normal seats, in which seat 0 plays ``find``'s move at the first
    of its decisions where ``find`` returns one; the record up to that round's end, and the
    number of the planted decision among seat 0's."""
    state = GameState.new(rules, players, seed)
    writer = RecordWriter(state)
    seats = [NormalSeat() for _ in range(players)]
    number = 0
    while not state.match_over:
        if state.round_number == 0 or state.round_over:
            writer.add(state.start_round())
            continue
        seat = state.current
        observation = state.observation(seat)
        action = seats[seat].choose(observation)
        if seat == 0:
            number += 1
            planted = find(observation)
            if planted is not None:
                writer.add(state.apply(planted))
                play_out(state, writer)
                return writer.text(), number
        writer.add(state.apply(action))
    raise AssertionError(f"seed {seed} never comes to the position")


def heavy_kept(observation: Observation) -> Action | None:
    """Late in a round (an opponent holds two tiles or fewer, seat 0 four or fewer), a heavy
    tile and a light one both play now: the move that sheds the light one and keeps the
    heavy one."""
    if min(n for s, n in enumerate(observation.hand_sizes) if s != observation.seat) > 2:
        return None
    if len(observation.hand) > 4 or observation.must_follow:
        return None
    values = values_for(observation.rules)
    plays = [a for a in observation.legal_actions if isinstance(a, Play) and not a.tile.is_double]
    if len(plays) < 2:
        return None
    heavy = max(plays, key=lambda p: values[p.tile_id])
    light = min(plays, key=lambda p: values[p.tile_id])
    return light if values[heavy.tile_id] - values[light.tile_id] >= 12 else None


def test_keeping_a_heavy_tile_when_an_opponent_is_about_to_go_out_is_costly() -> None:
    rules = Rules.standard().with_options(rounds=1)
    text, number = seeded_position(rules, 4, 31, heavy_kept)
    decision: Decision = reviewed(text).decisions[number - 1]
    assert decision.made == Play(Tile(0, 1), 2)  # 1 pip shed, 4|11 (15 pips) kept
    assert decision.label in COSTLY, decision
    assert decision.best == Play(Tile(4, 11), 0), decision  # shed the 15 pips now


def stop_early(observation: Observation) -> Action | None:
    """Stopping a first-turn line with four or more tiles of it still in hand."""
    if END_TURN not in observation.legal_actions:
        return None
    line = best_line(mask_of(observation.hand), observation.trains[observation.seat].open_end)
    return END_TURN if len(line.ids) >= 4 else None


def test_stopping_a_first_turn_line_early_is_costly() -> None:
    text, number = seeded_position(Rules.standard(), 4, 2, stop_early)
    decision = reviewed(text).decisions[number - 1]
    assert decision.made == END_TURN
    assert decision.label in COSTLY, decision
    # Better: go on laying the line on one's own train
    assert isinstance(decision.best, Play) and decision.best.train == 0, decision
