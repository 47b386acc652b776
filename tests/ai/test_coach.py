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


def test_a_hint_taken_at_the_table_is_the_reviews_best_for_that_decision() -> None:
    """Asked at each of the person's decisions from the match's record so far (as the table
    asks), a hint the person takes is the move the review of the finished match calls best."""
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
            hint = hint_advice(session.writer.text(), observation, guesses=30)
            hints.append(hint)
            # the person takes every other hint, and plays as Normal would otherwise
            followed = len(hints) % 2 == 0
            session.apply(hint.action if followed else me.choose(observation))
        else:
            session.apply(others[seat].choose(observation))
    record, _ = load_record(session.writer.text())
    reviewed = review(record, 0, guesses=30).decisions
    assert len(reviewed) == len(hints)
    chosen = [(h, d) for h, d in zip(hints, reviewed, strict=True) if d.label != FORCED]
    assert len(chosen) > 5
    taken = [(h, d) for h, d in chosen if d.made == h.action]
    assert len(taken) > 2
    for _hint, decision in taken:  # a hint taken is never called a worse move
        assert decision.best == decision.made and decision.points_lost == 0, decision.number


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


def test_a_close_call_between_two_labels_is_weighed_further() -> None:
    """The review spends guesses where they decide a label: a loss whose interval crosses a
    label's edge is weighed again (up to a cap); the best move's own loss is exactly 0."""
    from game.ai.coach import Coach
    from game.ai.review import _straddles

    assert _straddles(2.5, 1.0) and _straddles(0.6, 0.5) and _straddles(7.5, 0.6)
    assert not _straddles(2.0, 0.5) and not _straddles(0.0, 0.0) and not _straddles(20.0, 5.0)
    game = GameState.new(Rules.standard(), 4, seed=5)
    game.start_round()
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    observation = game.observation(game.current)
    coach = Coach(observation, {}, guesses=40)
    coach.think()
    best = coach.advice().action
    assert coach.loss_interval(best) == (0.0, 0.0)
    other = coach.advice().expected[-1][0]  # the worst choice: surely some way behind
    mean, half = coach.loss_interval(other)
    assert mean >= 0 and half > 0
    assert abs(mean - coach.advice().points_behind(other)) < 1e-9
    # the review weighs the move made to the end, even one the race would drop
    weighed = Coach(observation, {}, guesses=40, made=other)
    weighed.think()
    assert weighed.search.samples == 40 and weighed.advice().action == best
    start = weighed.loss_interval(other)[1]
    weighed.weigh_more(40)
    assert weighed.search.samples == 80
    assert weighed.loss_interval(other)[1] < start * 1.2  # more guesses, a narrower interval
