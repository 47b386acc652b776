"""The review table's words: each decision in a sentence, and the summary's lines.

The sentences say only what the analysis found (the better move, the points it was worth,
each choice's expected round score) and facts that follow from the position (the better tile
is a double; it keeps a longer line for the own train; it sheds more pips): never a reason the
analysis did not give.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game import i18n
from game.ai.explain import reason
from game.ai.review import FORCED, GOOD, Decision, Review
from game.i18n import _, ngettext, pgettext
from game.rules import DRAW, END_TURN, PASS, Action, GameState, Play
from game.scenes.kit.reasons import reason_words
from game.store.review_files import MAX_POINTS
from game.view.review import MISTAKES, points_figure


def label_name(label: str) -> str:
    """A label in words (the table of marks, the summary)."""
    if label == GOOD:
        return pgettext("review", "Good")
    if label == "inaccuracy":
        return pgettext("review", "Inaccuracy")
    if label == "mistake":
        return pgettext("review", "Mistake")
    if label == "blunder":
        return pgettext("review", "Blunder")
    return pgettext("review", "Forced")


def is_mistake(decision: Decision) -> bool:
    return decision.label in MISTAKES


def whole(points: float) -> int:
    """Points rounded for a sentence: at least 1 (labels other than good start at 1); what
    is not a finite number (a damaged review) counts as 1, never raised.

    >>> [whole(p) for p in (0.2, 2.6, float("inf"), float("nan"), 1e300)]
    [1, 3, 1, 1, 100000]
    """
    if not math.isfinite(points):
        return 1
    return max(1, round(min(points, MAX_POINTS)))


def on_table(action: Action, players: int, names: Sequence[str]) -> bool:
    """Whether ``action`` is a play on a train of this match (a seat's own, 0 to players - 1,
    or the Mexican train, numbered ``players``): a damaged review's other trains are never
    named, as there is no name for them."""
    return (
        isinstance(action, Play)
        and 0 <= action.train <= players
        and (action.train == players or action.train < len(names))
    )


def move_phrase(action: Action, players: int, names: Sequence[str], seat: int) -> str:
    """A move in a few words, on its own (a row of the costliest moves)."""
    if isinstance(action, Play) and not on_table(action, players, names):
        return str(action.tile)  # a train this match does not have: the tile alone
    if isinstance(action, Play):
        train = i18n.train_label(action.train, players, names, seat)
        # Translators: a move in a list: "3|4 on the Mexican train"
        return _("{tile} on {train}").format(tile=action.tile, train=train)
    if action == END_TURN:
        # Translators: a move in a list: the player ended their first-turn line
        return _("stopped the line")
    if action == DRAW:
        return _("drew a tile")
    return _("passed")


def sentence(decision: Decision, players: int, names: Sequence[str], seat: int) -> str:
    """What the analysis says of ``decision``, in a sentence (and, for a close call labelled
    milder than its figure, that the guesses could not settle it)."""
    said = _sentence(decision, players, names, seat)
    if decision.close and decision.label not in (GOOD, FORCED):
        # Translators: after "… was better than …: about 4 points better.", for a call the
        # analysis could not settle even with more guesses (it was given the milder label)
        close = _("A close call: the guesses could not settle by how much.")
        return f"{said} {close}"
    return said


def _sentence(decision: Decision, players: int, names: Sequence[str], seat: int) -> str:
    best, made = decision.best, decision.made
    # a damaged review's train this match does not have: the words that name no train
    named = not any(isinstance(a, Play) and not on_table(a, players, names) for a in (best, made))

    def train(number: int) -> str:
        return i18n.train_label(number, players, names, seat)

    if decision.label == FORCED:
        if made == DRAW:
            return _("Only one move was possible: you had no tile to play, so you drew.")
        if made == PASS:
            return _("Only one move was possible: nothing fitted, so you passed.")
        return _("Only one move was possible.")
    if best == made:
        return _("You played the best move.")
    if decision.close and decision.label == GOOD:
        # Translators: a close call the analysis could not settle, even with more guesses
        return _("About even: the guesses could not tell this move from the best one.")
    if decision.label == GOOD:
        if isinstance(best, Play) and named:
            # Translators: a good move, but the analysis found one a little better
            return _("A good move: {tile} on {train} was only slightly better.").format(
                tile=best.tile, train=train(best.train)
            )
        return _("A good move: another was only slightly better.")
    n = whole(decision.points_lost)
    if not named:
        best = made = DRAW  # neither a play nor a line's end: the last, plain sentence
    if isinstance(best, Play) and isinstance(made, Play):
        if best.tile == made.tile:
            return ngettext(
                "{tile} was better on {better} than on {made}: about {n} point better.",
                "{tile} was better on {better} than on {made}: about {n} points better.",
                n,
            ).format(tile=best.tile, better=train(best.train), made=train(made.train), n=n)
        if best.train == made.train:
            return ngettext(
                "{better} on {train} was better than {made}: about {n} point better.",
                "{better} on {train} was better than {made}: about {n} points better.",
                n,
            ).format(better=best.tile, train=train(best.train), made=made.tile, n=n)
        return ngettext(
            "{better} on {train} was better than {made} on {made_train}: about {n} point better.",
            "{better} on {train} was better than {made} on {made_train}: about {n} points better.",
            n,
        ).format(
            better=best.tile,
            train=train(best.train),
            made=made.tile,
            made_train=train(made.train),
            n=n,
        )
    if isinstance(best, Play) and made == END_TURN:
        return ngettext(
            "Adding {tile} to your line was better than stopping it: about {n} point better.",
            "Adding {tile} to your line was better than stopping it: about {n} points better.",
            n,
        ).format(tile=best.tile, n=n)
    if best == END_TURN and isinstance(made, Play):
        return ngettext(
            "Stopping your line was better than adding {tile}: about {n} point better.",
            "Stopping your line was better than adding {tile}: about {n} points better.",
            n,
        ).format(tile=made.tile, n=n)
    return ngettext(
        "Another move was better: about {n} point better.",
        "Another move was better: about {n} points better.",
        n,
    ).format(n=n)


def why(decision: Decision, state: GameState | None) -> str:
    """A fact of the position that bears on the better move (empty when there is none): the
    same reason the table's hint gives (:func:`game.ai.explain.reason`)."""
    best, made = decision.best, decision.made
    if decision.label in (GOOD, FORCED) or not isinstance(best, Play) or state is None:
        return ""
    return reason_words(reason(state.observation(state.current), best, made), best.tile)


def expected_line(decision: Decision, penalty: bool = True) -> str:
    """What the analysis expects of the round, against the others' average (the measure the
    points lost are in; empty for a forced move). ``penalty``: the match scores pips left,
    so a lower score is the better one."""
    if decision.label == FORCED or not decision.expected:
        return ""
    scores = dict(decision.expected)
    best = scores.get(decision.best)
    made = scores.get(decision.made)
    if best is None or made is None or not math.isfinite(best) or not math.isfinite(made):
        return ""
    sign = -1.0 if penalty else 1.0  # expected: the seat's score less the others' average
    if decision.best == decision.made:
        lead = sign * made
        n = whole(abs(lead))
        if abs(lead) < 0.5:
            # Translators: the round the analysis expects after the move played
            return _("Expected this round: about level with the others' average.")
        if lead > 0:
            # Translators: the round the analysis expects after the move played
            return ngettext(
                "Expected this round: about {n} point ahead of the others' average.",
                "Expected this round: about {n} points ahead of the others' average.",
                n,
            ).format(n=n)
        return ngettext(
            "Expected this round: about {n} point behind the others' average.",
            "Expected this round: about {n} points behind the others' average.",
            n,
        ).format(n=n)
    # Translators: the leads over the others' average the analysis expects this round after
    # the better move and after yours, as signed figures such as +4 and -2.5
    return _(
        "Expected lead over the others' average this round: {best} with the better move, "
        "{made} with yours."
    ).format(best=lead_figure(sign * best), made=lead_figure(sign * made))


def lead_figure(points: float) -> str:
    """A lead as a signed figure: "+4", "-2.5", "0" (as :func:`points_figure` rounds).

    >>> [lead_figure(p) for p in (4.0, -2.46, 0.01, 12.6, -30.2)]
    ['+4.0', '−2.5', '0', '+13', '−30']
    """
    figure = points_figure(abs(points))
    if figure == "0":
        return figure
    return ("+" if points > 0 else "\u2212") + figure


def status(decision: Decision, total: int) -> str:
    """Where the review is: "Round 2 · move 7 of 31: Mistake"."""
    # Translators: the review's place: "Round 2 · move 7 of 31: Mistake"
    return _("Round {round} · move {n} of {total}: {label}").format(
        round=decision.round, n=decision.number, total=total, label=label_name(decision.label)
    )


def accuracy_words(review: Review) -> tuple[str, str]:
    """The accuracy in a figure and in words."""
    weighed = review.weighed
    accuracy = review.accuracy
    if accuracy is None:
        return _("Accuracy: no move had a choice"), _("Every move was forced.")
    good = sum(d.label == GOOD for d in weighed)
    percent = round(100 * accuracy)
    # Translators: the share of the moves with a choice that were good, e.g. "Accuracy: 73%"
    figure = _("Accuracy: {percent}%").format(percent=percent)
    words = ngettext(
        "{good} of {n} move with a choice was good.",
        "{good} of {n} moves with a choice were good.",
        len(weighed),
    ).format(good=good, n=len(weighed))
    return figure, words


def guesses_words(guesses: int) -> str:
    return ngettext(
        "Each move was weighed over {n} guess of the hidden tiles.",
        "Each move was weighed over {n} guesses of the hidden tiles.",
        guesses,
    ).format(n=guesses)


def threshold_words(label: str, points: float) -> str:
    n = math.ceil(points)
    # Translators: a review label and the points lost from which it is given: "Mistake: from 3"
    return ngettext("{label}: from {n} point", "{label}: from {n} points", n).format(
        label=label_name(label), n=n
    )


def under_words(label: str, points: float) -> str:
    n = math.ceil(points)
    # Translators: the review label given below a number of points lost: "Good: under 1 point"
    return ngettext("{label}: under {n} point", "{label}: under {n} points", n).format(
        label=label_name(label), n=n
    )


def points_words(points: float) -> str:
    n = whole(points)
    # Translators: points a move lost, in the list of the costliest moves
    return ngettext("about {n} point", "about {n} points", n).format(n=n)
