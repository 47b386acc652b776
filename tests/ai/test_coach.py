"""One coach: the hint, the coach seat and the review are one judgement of a decision, so a
player who always takes the hint is never told by the review that another move was better."""

from __future__ import annotations

from game.ai.coach import SLICE, CoachSeat, advise, advise_within
from game.ai.review import FORCED, hint_advice, review
from game.ai.simple import make_seat
from game.commands.simulate import play_match
from game.match.session import MatchConfig, Session
from game.rules import PLAY, GameState, Rules
from game.rules.record import load_record


def test_a_match_played_by_the_coach_is_reviewed_as_the_best_move_every_time() -> None:
    rules = Rules.standard().with_options(set_size=9, rounds=2)
    for seed in (3, 4):
        seats = [CoachSeat(seed, guesses=40), make_seat("normal", seed), make_seat("easy", seed)]
        text = play_match(rules, 3, seed, seats, record=True).record
        assert text is not None
        record, _ = load_record(text)
        result = review(record, 0, guesses=40)
        chosen = [d for d in result.decisions if d.label != FORCED]
        assert len(chosen) > 10
        assert all(d.best == d.made and d.points_lost == 0 for d in chosen), seed


def test_the_hint_at_the_table_is_the_reviews_best_for_that_decision() -> None:
    """Asked at each of the person's decisions from the match's record so far (as the table
    asks), the hint names the move the review of the finished match calls best there."""
    config = MatchConfig(3, Rules.standard().with_options(set_size=9, rounds=1), "normal", 8)
    session = Session(config, inline=True, kinds=[None, "normal", "easy"])
    session.start_round()
    state = session.state
    me, others = make_seat("normal", 1), {1: make_seat("normal", 2), 2: make_seat("easy", 3)}
    hints = []
    while state.phase == PLAY:
        seat = state.current
        observation = state.observation(seat)
        if seat == 0:
            hints.append(hint_advice(session.writer.text(), observation, guesses=30))
            session.apply(me.choose(observation))  # the person does not always take it
        else:
            session.apply(others[seat].choose(observation))
    record, _ = load_record(session.writer.text())
    reviewed = review(record, 0, guesses=30).decisions
    assert len(reviewed) == len(hints)
    chosen = [(h, d) for h, d in zip(hints, reviewed, strict=True) if d.label != FORCED]
    assert len(chosen) > 5
    for hint, decision in chosen:
        assert hint.action == (decision.best if decision.points_lost else hint.action)
        assert hint.points_behind(decision.made) == max(0.0, hint.points_behind(decision.made))
        assert round(hint.points_behind(decision.made), 1) == decision.points_lost


def test_asked_twice_the_coach_answers_the_same() -> None:
    game = GameState.new(Rules.standard().with_options(set_size=9), 3, seed=11)
    game.start_round()
    observation = game.observation(game.current)
    assert advise(observation, {}, guesses=24) == advise(observation, {}, guesses=24)


def test_on_a_slow_device_the_coach_answers_with_the_best_so_far_and_says_so() -> None:
    game = GameState.new(Rules.standard(), 4, seed=5)
    game.start_round()
    while len(game.legal_actions()) < 3:  # a decision with choices to weigh
        game.apply(game.legal_actions()[0])
    observation = game.observation(game.current)
    ticks = iter(range(1000))
    late = advise_within(observation, {}, 0.5, guesses=400, clock=lambda: float(next(ticks)))
    assert not late.complete and late.guesses == SLICE
    assert late.action in game.legal_actions()
    still = advise_within(observation, {}, 0.5, guesses=40, clock=lambda: 0.0)
    assert still.complete and still == advise(observation, {}, guesses=40)
