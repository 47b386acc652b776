"""A finished match review as JSON: how it is kept beside its match in ``recent/``.

:func:`review_json` writes every decision (the move made, the better one, the points lost, the
expected round score of each choice); :func:`review_from_json` reads it back equal, or raises
:class:`ReviewFileError` (a ValueError) on anything that is not one, so a damaged file is never
trusted. The review worker sends its result to the game in the same JSON.

What the reader takes (anything else is refused, so nothing it gives back can crash a frame):
a seat and every whole number within its range (a seat below 14, a round from 1 to 19, at most
``MAX_CHOICES`` choices, ``MAX_GUESSES`` guesses), every point a finite number within
``MAX_POINTS`` of 0 (no ``1e400``, ``Infinity`` or ``NaN``; a point lost never below 0), at most
``MAX_DECISIONS`` decisions numbered 1, 2, ... in order, a name that passes the names' check
(:func:`game.rules.names.check_name`: no NUL, control character or lone surrogate, at most 40
characters). Given the record it weighs, the review must fit it too: its seat one of the
record's, its name that seat's, its rounds the match's, its tiles from the match's set, its
trains the match's (the seats' own, 0 to players - 1, and the Mexican train, numbered
``players``), and no more decisions than the seat made in it (the record as
:func:`game.rules.record.load_record` gives it, with its lines).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from game.rules import DRAW, END_TURN, PASS, Action, Play, Tile
from game.rules.names import check_name
from game.rules.options import MAX_PLAYERS
from game.rules.tiles import MAX_NUMBER
from game.store.values import is_int

if TYPE_CHECKING:
    from game.ai.review import Review
    from game.rules.record import Record

# Far above any real review (a double-18 set holds 3,420 pips; a 14-player full match makes a
# few thousand decisions with at most a few hundred choices each), far below what overflows.
MAX_POINTS: Final = 100_000.0
MAX_DECISIONS: Final = 100_000
MAX_CHOICES: Final = 100_000
MAX_GUESSES: Final = 10**7
MAX_ROUNDS: Final = MAX_NUMBER + 1  # engines 18 down to 0


class ReviewFileError(ValueError):
    """A kept (or sent) review that is not one :func:`review_json` writes, or not one of its
    record; the reason says what is wrong."""


def action_json(action: Action) -> Any:
    """An action as JSON: ``{"tile": [3, 5], "train": 2}``, or "draw", "pass", "end_turn"."""
    if isinstance(action, Play):
        return {"tile": [action.tile.low, action.tile.high], "train": action.train}
    return {DRAW: "draw", PASS: "pass", END_TURN: "end_turn"}[action]


def action_from_json(value: Any) -> Action:
    if isinstance(value, dict):
        tile = value.get("tile")
        train = value.get("train")
        if (
            isinstance(tile, list)
            and len(tile) == 2
            and all(is_int(n) and 0 <= n <= 18 for n in tile)
            and is_int(train)
            and 0 <= train <= 14
        ):
            return Play(Tile(tile[0], tile[1]), train)
        raise ValueError("not a play")
    actions: dict[Any, Action] = {"draw": DRAW, "pass": PASS, "end_turn": END_TURN}
    if isinstance(value, str) and value in actions:
        return actions[value]
    raise ValueError("not an action")


def review_json(review: Review) -> dict[str, Any]:
    """Everything a review holds, as JSON (``review_from_json`` gives it back equal)."""
    return {
        "seat": review.seat,
        "name": review.name,
        "guesses": review.guesses,
        "decisions": [
            {
                "number": d.number,
                "round": d.round,
                "made": action_json(d.made),
                "best": action_json(d.best),
                "points_lost": d.points_lost,
                "label": d.label,
                "choices": d.choices,
                "expected": [[action_json(a), points] for a, points in d.expected],
                "close": d.close,
            }
            for d in review.decisions
        ],
    }


def review_from_json(obj: Any, record: Record | None = None) -> Review:
    """A review back from :func:`review_json`, checked (see the module's docstring) and, with
    ``record``, checked against the match it weighs; :class:`ReviewFileError` if it is not
    one."""
    try:
        return _review(obj, record)
    except ReviewFileError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError) as e:
        # the checks below should leave none of these; a last net so a reader sees one kind
        raise ReviewFileError(f"not a review ({type(e).__name__})") from None


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if not is_int(value) or not low <= value <= high:
        raise ReviewFileError(f"the {what} is not a whole number from {low} to {high}")
    return value


def _points(value: Any, what: str, low: float = -MAX_POINTS) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ReviewFileError(f"the {what} is not a number")
    if isinstance(value, int) and not -MAX_POINTS <= value <= MAX_POINTS:
        raise ReviewFileError(f"the {what} is beyond {MAX_POINTS:g}")  # before float(): 1e400
    if not math.isfinite(value) or not low <= value <= MAX_POINTS:
        raise ReviewFileError(f"the {what} is not a finite number from {low:g} to {MAX_POINTS:g}")
    return value


def _field(obj: dict[str, Any], key: str) -> Any:
    if key not in obj:
        raise ReviewFileError(f"no {key}")
    return obj[key]


def _action(value: Any, set_size: int, trains: int) -> Action:
    try:
        action = action_from_json(value)
    except ValueError as e:
        raise ReviewFileError(str(e)) from None
    if isinstance(action, Play):
        if action.tile.high > set_size:
            raise ReviewFileError(f"a tile beyond the double-{set_size} set")
        if action.train >= trains:
            raise ReviewFileError(f"train {action.train} in a match of {trains} trains")
    return action


def _review(obj: Any, record: Record | None) -> Review:
    from game.ai.review import LABELS, Decision, Review

    if not isinstance(obj, dict):
        raise ReviewFileError("not an object")
    seats = record.players if record is not None else MAX_PLAYERS
    seat = _whole(_field(obj, "seat"), 0, seats - 1, "seat")
    name = _field(obj, "name")
    problem = check_name(name)
    if problem is not None:
        raise ReviewFileError(problem)
    if record is not None and name != record.names[seat]:
        raise ReviewFileError("the name is not that seat's in the record")
    guesses = _whole(_field(obj, "guesses"), 0, MAX_GUESSES, "number of guesses")
    items = _field(obj, "decisions")
    if not isinstance(items, list):
        raise ReviewFileError("the decisions are not a list")
    most = MAX_DECISIONS if record is None else min(MAX_DECISIONS, len(record.lines))
    if len(items) > most:  # each decision is a line of the record: cheap, before the replay
        raise ReviewFileError(f"{len(items)} decisions; at most {most}")
    if record is not None:
        from game.ai.review import decisions_of

        made = sum(1 for _ in decisions_of(record, seat))  # a replay: ~20 ms for a whole match
        if len(items) > made:
            raise ReviewFileError(f"{len(items)} decisions; the seat made {made}")
    if record is None:
        set_size, trains, rounds = MAX_NUMBER, MAX_PLAYERS + 1, MAX_ROUNDS
    else:
        # a seat's own trains 0 .. players - 1 and the Mexican train, numbered players
        set_size, trains = record.set_size, record.players + 1
        rounds = record.rules.deal_for(record.players).rounds  # the record was read: it deals
    decisions = []
    for index, d in enumerate(items):
        if not isinstance(d, dict):
            raise ReviewFileError("a decision is not an object")
        label = _field(d, "label")
        if not isinstance(label, str) or label not in LABELS:
            raise ReviewFileError("not a label")
        number = _whole(_field(d, "number"), index + 1, index + 1, "decision's number")
        expected = _field(d, "expected")
        if not isinstance(expected, list) or len(expected) > MAX_CHOICES:
            raise ReviewFileError("the expected scores are not a list of choices")
        pairs = []
        for pair in expected:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ReviewFileError("an expected score is not a choice and its points")
            pairs.append((_action(pair[0], set_size, trains), _points(pair[1], "expected score")))
        decisions.append(
            Decision(
                number,
                _whole(_field(d, "round"), 1, rounds, "round"),
                _action(_field(d, "made"), set_size, trains),
                _action(_field(d, "best"), set_size, trains),
                _points(_field(d, "points_lost"), "points lost", 0.0),
                label,
                _whole(_field(d, "choices"), 0, MAX_CHOICES, "number of choices"),
                tuple(pairs),
                _flag(d.get("close", False), "close call"),  # kept before close calls: False
            )
        )
    return Review(seat, name, tuple(decisions), guesses)


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ReviewFileError(f"the {what} is not true or false")
    return value
