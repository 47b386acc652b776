"""A finished match review as JSON: how it is kept beside its match in ``recent/``.

:func:`review_json` writes every decision (the move made, the better one, the points lost, the
expected round score of each choice); :func:`review_from_json` reads it back equal, or raises
ValueError (KeyError, TypeError) on anything that is not one, so a damaged file is never
trusted. The review worker sends its result to the game in the same JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules import DRAW, END_TURN, PASS, Action, Play, Tile
from game.store_values import is_int

if TYPE_CHECKING:
    from game.ai.review import Review


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
            }
            for d in review.decisions
        ],
    }


def review_from_json(obj: Any) -> Review:
    """A review back from :func:`review_json`; ValueError (or KeyError, TypeError) if it is
    not one."""
    from game.ai.review import LABELS, Decision, Review

    def number(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("not a number")
        return value

    decisions = []
    for d in obj["decisions"]:
        if d["label"] not in LABELS:
            raise ValueError("not a label")
        decisions.append(
            Decision(
                int(number(d["number"])),
                int(number(d["round"])),
                action_from_json(d["made"]),
                action_from_json(d["best"]),
                number(d["points_lost"]),
                str(d["label"]),
                int(number(d["choices"])),
                tuple((action_from_json(a), number(p)) for a, p in d["expected"]),
            )
        )
    name = obj["name"]
    if not isinstance(name, str):
        raise ValueError("not a name")
    return Review(int(number(obj["seat"])), name, tuple(decisions), int(number(obj["guesses"])))
