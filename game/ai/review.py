"""Match review: for one seat of a recorded match, what each of its decisions cost.

Every decision the seat made (each play, draw, pass, and each choice to stop a first-turn line)
is looked at from that seat's observation at that moment only, never the hidden tiles, by the
coach (:mod:`game.ai.coach`): the Hard search guesses the hidden hands and boneyard many times
and plays each candidate (Normal's ten favourites and the move made) out to the round's end. A
choice's value is the seat's expected round score less the others' average, the measure Hard
plays by; the points a decision lost are how far the made choice trails the best on the guesses
they share (never negative). A point is a point of the round's score against the table: one
pip left in your hand, or one less in the others' hands on average.

Labels, by points lost (round-score points, pips under penalty scoring):

==============  ===================
label           points lost
==============  ===================
``good``        under 1
``inaccuracy``  1 to under 3
``mistake``     3 to under 8
``blunder``     8 or more
``forced``      one legal action: nothing to lose
==============  ===================

The thresholds were checked against real play (``benchmarks/review_strength.py --guesses 240
--deals 48``: 48 three-round matches per level on the same deals): of the decisions with a
choice, Normal's came out 91% good, 5% inaccuracies, 3% mistakes and 1% blunders, Easy's
57 / 9 / 11 / 23% and a random player's 51 / 7 / 13 / 29%; Hard's were all good, as they must
be (Hard plays the coach's move). They spread real play over all four labels, and a blunder is
what the weak levels do and the strong ones nearly never, so they stay.

Close calls: a decision whose loss, with its 95% interval, could fall under more than one label
is weighed again with as many guesses more, up to four times the guesses asked for (a loss of
exactly 0, the coach's own move, never is), so the guesses go where they decide a label. One
still open then, its interval reaching down to a milder label, gets the milder label and is
marked ``close``: the review says "about even" (or "a close call") rather than call a move a
mistake the guesses cannot show to be one.

Repeatable: a fixed number of guesses per decision and a seed made from the position the seat
saw (:func:`game.ai.coach.position_seed`), with no clock, so a record gets the same review on
any machine, and a decision the same verdict as the table's hint gave it: both are
:func:`game.ai.coach.advise`.

Guesses: 480 a decision by default, Hard's own (:data:`game.ai.coach.DEFAULT_GUESSES`). Each
guess plays every choice still in the race out on the same guessed deal (common random
numbers), so too few guesses both mislabel close calls and overstate the points lost (the best
of several noisy means is biased upwards). On a whole 13-round, 4-player double-twelve match
between Normal seats, against a review at 1600 guesses (``benchmarks/bench_review.py --compare
240,480,960 --reference 1600``, 2026-12-05): at 240 guesses 8% of the labels of decisions with
a choice differed (mean error of the points lost 0.30, the match's points lost overstated by
11%, 10 best moves other than the reference's), at 480 5% (0.12, 3%, 6 best moves), at 960 3%
(0.10, 0.3%, 1). Such a match takes some 24 s of one core to review at 480 guesses (14 s at
240, 44 s at 960: a close call takes up to four times the guesses), so 480.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.rules import END_TURN, PLAY, Action, GameState, Observation
from game.rules.record import Record, parse_record, replay_steps

from .coach import DEFAULT_GUESSES as DEFAULT_GUESSES
from .coach import Advice, Coach, advise, advise_within
from .explain import reason
from .knowledge import first_turn_beliefs

# Points lost from which a decision gets each label (see the table above).
INACCURACY = 1.0
MISTAKE = 3.0
BLUNDER = 8.0
CLOSE_CALL_FACTOR = 4  # a close call gets up to this many times the guesses asked for

GOOD = "good"
FORCED = "forced"
LABELS = (GOOD, "inaccuracy", "mistake", "blunder", FORCED)


def label_for(points_lost: float) -> str:
    """The label for a non-forced decision that lost ``points_lost`` points.

    >>> [label_for(p) for p in (0.0, 0.99, 1.0, 2.9, 3.0, 7.99, 8.0, 30.0)]
    ['good', 'good', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    if points_lost >= BLUNDER:
        return "blunder"
    if points_lost >= MISTAKE:
        return "mistake"
    if points_lost >= INACCURACY:
        return "inaccuracy"
    return GOOD


@dataclass(frozen=True)
class Decision:
    """One decision of the seat, weighed."""

    number: int  # 1, 2, ... in the order the seat made them
    round: int
    made: Action
    best: Action
    points_lost: float  # best choice's expected points minus the made one's, >= 0, to 0.1
    label: str  # see LABELS
    choices: int  # how many legal actions there were
    expected: tuple[tuple[Action, float], ...]  # each choice's expected round score, best first
    # Still a close call after the most guesses, its interval reaching a milder label: it gets
    # that label (its figure is as weighed), and the words say it was a close call.
    close: bool = False


@dataclass(frozen=True)
class Review:
    """A seat's whole match reviewed."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]
    guesses: int

    @property
    def weighed(self) -> list[Decision]:
        """The decisions that had a choice (not forced)."""
        return [d for d in self.decisions if d.label != FORCED]

    @property
    def accuracy(self) -> float | None:
        """The share of non-forced decisions labelled good (None without any)."""
        weighed = self.weighed
        if not weighed:
            return None
        return sum(d.label == GOOD for d in weighed) / len(weighed)

    def lost_per_round(self) -> dict[int, float]:
        """Points lost in each round (rounds with no decision are left out)."""
        lost: dict[int, float] = {}
        for decision in self.decisions:
            lost[decision.round] = lost.get(decision.round, 0.0) + decision.points_lost
        return lost

    def costliest(self, count: int = 3) -> list[Decision]:
        """The ``count`` decisions that lost the most points (those that lost any)."""
        costly = [d for d in self.weighed if d.label != GOOD]
        return sorted(costly, key=lambda d: (-d.points_lost, d.number))[:count]


def decisions_of(record: Record, seat: int) -> Iterator[tuple[GameState, Action]]:
    """Each decision ``seat`` made in ``record``: the state just before it and what it chose.

    A first-turn line ends without a line of its own: when the seat was laying one and the
    next line is another seat's (or the round's end), the seat chose to stop (END_TURN). So
    when the seat before stopped its line, the seat's own next line is a decision made after
    that stop (as the replay reads it too, ``replay_before``), never skipped.
    """
    before: GameState | None = None
    for index, (state, step) in enumerate(replay_steps(record)):
        if before is not None and before.current != seat and before.in_first_turn_line:
            mover = record.lines[index][1].get("seat")
            if step.kind in ("play", "draw", "pass") and mover == seat:
                before.apply_quietly(END_TURN)  # the seat before stopped its line
        if before is not None and before.current == seat:
            obj = record.lines[index][1]
            if step.kind in ("play", "draw", "pass"):
                if obj.get("seat") == seat and step.action is not None:
                    yield before, step.action
                elif before.in_first_turn_line:
                    yield before, END_TURN
            elif step.kind == "round_end" and before.in_first_turn_line:
                yield before, END_TURN
        before = state.copy() if state.phase == PLAY else None


def review(
    record: Record,
    seat: int,
    guesses: int = DEFAULT_GUESSES,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Weigh every decision ``seat`` made in ``record`` (see the module's docstring).

    ``progress(done, total)`` is told after each decision (a progress bar; it may raise to
    cancel)."""
    if not 0 <= seat < record.players:
        raise ValueError(f"there is no seat {seat} in a match of {record.players}")
    guesses = max(1, guesses)
    moments = list(decisions_of(record, seat))
    beliefs: dict[int, int] = {}
    round_seen = -1
    weighed: list[Decision] = []
    for number, (state, made) in enumerate(moments, start=1):
        observation = state.observation(seat)
        if observation.round_number != round_seen:
            beliefs, round_seen = {}, observation.round_number
        first_turn_beliefs(observation, beliefs)
        weighed.append(_weigh(observation, made, number, guesses, beliefs))
        if progress is not None:
            progress(number, len(moments))
    return Review(seat, record.names[seat], tuple(weighed), guesses)


def _weigh(
    observation: Observation, made: Action, number: int, guesses: int, beliefs: dict[int, int]
) -> Decision:
    legal = observation.legal_actions
    round_number = observation.round_number
    if len(legal) <= 1:
        return Decision(number, round_number, made, made, 0.0, FORCED, len(legal), ())
    coach = Coach(observation, beliefs, guesses, made)  # the hint's own judgement of the moment
    coach.think()
    # A close call between two labels is weighed further (up to a cap): the guesses go where
    # they decide a label. The move the coach plays loses nothing, so it is never weighed again.
    while coach.search.samples < guesses * CLOSE_CALL_FACTOR and _straddles(
        *coach.loss_interval(made)
    ):
        coach.weigh_more(guesses)
    advice = coach.advice()
    # The loss as every screen and report shows it (one decimal), and the label and the better
    # move from that same figure: never "1.0 points ... good", never 0.0 beside another move.
    lost = round(advice.points_behind(made), 1)
    label = label_for(lost)
    mean, half = coach.loss_interval(made)
    milder = label_for(round(max(0.0, mean - half), 1))
    close = _straddles(mean, half) and milder != label
    if close:  # the guesses cannot settle it: the benefit of the doubt, and said so
        label = milder
    return Decision(
        number,
        round_number,
        made,
        advice.action if lost > 0 else made,
        lost,
        label,
        len(legal),
        advice.expected,
        close,
    )


def _straddles(mean: float, half_width: float) -> bool:
    """Whether a loss of ``mean`` +- ``half_width`` points could fall under more than one label."""
    return any(
        mean - half_width < edge <= mean + half_width for edge in (INACCURACY, MISTAKE, BLUNDER)
    )


def beliefs_now(record: Record, observation: Observation) -> dict[int, int]:
    """What the seat of ``observation`` has seen of the round so far, as its review will read
    it at this decision: the ends of its opponents' first-turn lines (``record`` holds the
    match up to now; ``observation`` is the decision about to be made)."""
    beliefs: dict[int, int] = {}
    for state, _made in decisions_of(record, observation.seat):
        if state.round_number == observation.round_number:
            first_turn_beliefs(state.observation(observation.seat), beliefs)
    first_turn_beliefs(observation, beliefs)
    return beliefs


def hint_advice(
    record_text: str,
    observation: Observation,
    guesses: int = DEFAULT_GUESSES,
    seconds: float | None = None,
) -> Advice:
    """The table's hint: the coach's verdict on the decision about to be made, from what the
    seat has seen (the match so far, ``record_text``), the same verdict its review will give.
    With ``seconds``, the best found by then if the whole search takes longer (a slow device).
    The answer carries the reason it beats the next best move, as the review would give it."""
    beliefs = beliefs_now(parse_record(record_text), observation)
    if seconds is None:
        advice = advise(observation, beliefs, guesses)
    else:
        advice = advise_within(observation, beliefs, seconds, guesses)
    if len(advice.expected) < 2:
        return advice
    return advice._replace(reason=reason(observation, advice.action, advice.expected[1][0]))
