"""The review table's words: each decision in a sentence, and the summary's lines.

The sentences say only what the analysis found (the better move, the points it was worth,
each choice's expected round score) and facts that follow from the position (the better tile
is a double; it sheds more pips): never a reason the analysis did not give.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game import i18n
from game.ai.review import FORCED, GOOD, Decision, Review
from game.i18n import _, ngettext, pgettext
from game.rules import DRAW, END_TURN, PASS, Action, GameState, Play
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
    """What the analysis says of ``decision``, in a sentence."""
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
    """A fact of the position that bears on the better move (empty when there is none).

    Only facts: the better tile is a double (after a double, its player plays one more tile,
    from their second turn on), or it carries more pips than the tile played (pips left in the
    hand are what a round scores).
    """
    best, made = decision.best, decision.made
    if decision.label in (GOOD, FORCED) or not isinstance(best, Play):
        return ""
    later_turn = state is not None and not state.is_first_turn(state.current)
    if best.tile.is_double and later_turn and not (isinstance(made, Play) and made.tile.is_double):
        return _("{tile} is a double: after it you play one more tile.").format(tile=best.tile)
    shed = best.tile.pips - (made.tile.pips if isinstance(made, Play) else 0)
    if shed >= 4:
        return ngettext(
            "It sheds {n} pip more from your hand.", "It sheds {n} pips more from your hand.", shed
        ).format(n=shed)
    return ""


def expected_line(decision: Decision) -> str:
    """Each side's expected round score (empty for a forced move)."""
    if decision.label == FORCED or not decision.expected:
        return ""
    scores = dict(decision.expected)
    best = scores.get(decision.best)
    made = scores.get(decision.made)
    if best is None or made is None:
        return ""
    if decision.best == decision.made:
        # Translators: the round score the analysis expects after the move played
        return _("Expected score this round: about {made}.").format(made=points_figure(made))
    # Translators: the round scores the analysis expects after the better move and yours
    return _(
        "Expected score this round: about {best} with the better move, {made} with yours."
    ).format(best=points_figure(best), made=points_figure(made))


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
