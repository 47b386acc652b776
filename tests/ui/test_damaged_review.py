"""A damaged kept review: the reader refuses every bad content, and the drawing never crashes.

A kept review (``recent/KEY.review.json``) is read back by :func:`review_from_json`; a file
damaged with its digest, version, seat and guesses left valid must be refused with a
:class:`ReviewFileError` (so it is set aside and made again), never trusted into a frame.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from game.ai.review import Review, review
from game.ai.simple import make_seat
from game.commands.simulate import play_match
from game.rules import Rules
from game.rules.record import Record, load_record
from game.store.review_files import ReviewFileError, review_from_json, review_json

SEAT = 0


@cache
def reviewed() -> tuple[Record, Review]:
    """A short match of a random seat against two greedy ones, reviewed with few guesses."""
    rules = Rules.standard().with_options(set_size=6, rounds=2)
    seats = [make_seat(kind, 7 + i) for i, kind in enumerate(["random", "greedy", "greedy"])]
    text = play_match(rules, 3, 5, seats, ["Ana", "Bo", "Cy"], record=True).record
    assert text is not None
    record, _state = load_record(text)
    return record, review(record, SEAT, guesses=3)


def kept() -> dict[str, Any]:
    """The review as it is kept on disk, read back from its JSON text."""
    _record, found = reviewed()
    obj: dict[str, Any] = json.loads(json.dumps(review_json(found)))
    return obj


def weighed(obj: dict[str, Any]) -> dict[str, Any]:
    """The first decision with choices (one with expected scores and points)."""
    decision: dict[str, Any] = next(d for d in obj["decisions"] if d["expected"])
    return decision


def test_a_good_review_reads_back_equal_with_and_without_its_record() -> None:
    record, found = reviewed()
    assert found.weighed, "the match gives the review choices to weigh"
    assert review_from_json(kept()) == found
    assert review_from_json(kept(), record) == found


def damaged(content: str) -> dict[str, Any]:
    """The kept review, with one content damaged as the issue's list says, through the text
    a file would hold (so ``1e400`` and ``Infinity`` are what ``json.loads`` makes of them)."""
    obj = kept()
    decision = weighed(obj)
    record, _found = reviewed()
    text = json.dumps(obj)
    if content == "1e400":
        decision["number"] = "HUGE"
        text = json.dumps(obj).replace('"HUGE"', "1e400")
    elif content == "infinite points":
        decision["points_lost"] = "HUGE"
        text = json.dumps(obj).replace('"HUGE"', "Infinity")
    elif content == "NaN points":
        decision["points_lost"] = "HUGE"
        text = json.dumps(obj).replace('"HUGE"', "NaN")
    elif content == "infinite expected score":
        decision["expected"][0][1] = "HUGE"
        text = json.dumps(obj).replace('"HUGE"', "Infinity")
    elif content == "a train beyond the trains":
        play = next(
            d for d in obj["decisions"] if isinstance(d["best"], dict)
        )  # a play: tile and train
        play["best"] = {"tile": play["best"]["tile"], "train": record.players + 1}
        text = json.dumps(obj)
    elif content == "a name with NUL":
        obj["name"] = "An\x00a"
        text = json.dumps(obj)
    elif content == "a name with a lone surrogate":
        obj["name"] = "An\ud800a"
        text = json.dumps(obj)
    else:  # pragma: no cover - a test's own mistake
        raise AssertionError(content)
    result: dict[str, Any] = json.loads(text)
    return result


CONTENTS = [
    "1e400",
    "infinite points",
    "NaN points",
    "infinite expected score",
    "a train beyond the trains",
    "a name with NUL",
    "a name with a lone surrogate",
]


@pytest.mark.parametrize("content", CONTENTS)
def test_a_damaged_kept_review_is_refused_so_it_is_set_aside_and_made_again(content: str) -> None:
    record, _found = reviewed()
    with pytest.raises(ReviewFileError):
        review_from_json(damaged(content), record)


@pytest.mark.parametrize("content", [c for c in CONTENTS if c != "a train beyond the trains"])
def test_a_damaged_kept_review_is_refused_even_without_its_record(content: str) -> None:
    with pytest.raises(ReviewFileError):
        review_from_json(damaged(content))


def test_a_review_that_does_not_fit_its_record_is_refused() -> None:
    record, _found = reviewed()
    other_seat = kept()
    other_seat["seat"] = record.players  # a seat this match does not have
    too_many = kept()
    too_many["decisions"] = too_many["decisions"] * (
        len(record.lines) // len(too_many["decisions"]) + 1
    )
    for number, decision in enumerate(too_many["decisions"], start=1):
        decision["number"] = number
    one_more = kept()  # one decision more than the seat made (far fewer than the lines)
    extra = copy.deepcopy(one_more["decisions"][-1])
    extra["number"] = len(one_more["decisions"]) + 1
    one_more["decisions"].append(extra)
    late_round = kept()
    late_round["decisions"][-1]["round"] = 3  # a match of two rounds
    other_name = kept()
    other_name["name"] = record.names[1]
    big_tile = kept()
    play = next(d for d in big_tile["decisions"] if isinstance(d["made"], dict))
    play["made"] = {"tile": [6, 7], "train": 0}  # a double-six match
    for bad in (other_seat, too_many, one_more, late_round, other_name, big_tile):
        with pytest.raises(ReviewFileError):
            review_from_json(copy.deepcopy(bad), record)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"seat": 0},
        {"seat": True, "name": "Ana", "guesses": 3, "decisions": []},
        {"seat": 0, "name": "Ana", "guesses": 10**400, "decisions": []},
        {"seat": 0, "name": "Ana", "guesses": 3, "decisions": [[]]},
        {"seat": 0, "name": "Ana", "guesses": 3, "decisions": {}},
        {"seat": 0, "name": "A" * 10_000, "guesses": 3, "decisions": []},
    ],
)
def test_what_is_not_a_review_is_refused_with_one_kind_of_error(bad: Any) -> None:
    with pytest.raises(ReviewFileError):
        review_from_json(bad)


@pytest.mark.parametrize("scoring", ["penalty", "positive"])
def test_every_seats_review_reads_back_equal_whichever_the_scoring(scoring: str) -> None:
    rules = Rules.standard().with_options(set_size=6, rounds=2, scoring=scoring)
    seats = [make_seat("greedy", 20 + i) for i in range(3)]
    text = play_match(rules, 3, 11, seats, ["Ana", "Bo", "Cy"], record=True).record
    assert text is not None
    record, _state = load_record(text)
    for seat in range(record.players):
        found = review(record, seat, guesses=2)
        again = review_from_json(json.loads(json.dumps(review_json(found))), record)
        assert again == found
        assert json.dumps(review_json(again)) == json.dumps(review_json(found))
