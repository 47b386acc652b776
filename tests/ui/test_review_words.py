"""The review table's sentences: specific where the analysis allows, never a made-up reason."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.ai.review import FORCED, GOOD, Decision
from game.rules import DRAW, END_TURN, PASS, Action, Play, Tile
from game.scenes.review import review_words as words
from tests.ui.test_review_table import SEAT, reviewed

NAMES = ["Ana", "Bo", "Cy"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def decision(made: Action, best: Action, lost: float, label: str, choices: int = 3) -> Decision:
    expected = ((best, 10.0), (made, 10.0 + lost)) if label != FORCED else ()
    return Decision(1, 1, made, best, lost, label, choices, expected)


def play(a: int, b: int, train: int) -> Play:
    return Play(Tile(a, b), train)


def say(d: Decision) -> str:
    return words.sentence(d, 3, NAMES, SEAT)


def test_the_better_tile_and_both_trains_are_named() -> None:
    text = say(decision(play(3, 4, 3), play(9, 9, 0), 6.4, "mistake"))
    assert (
        text == "9|9 on your train was better than 3|4 on the Mexican train: about 6 points better."
    )
    text = say(decision(play(3, 4, 0), play(4, 9, 0), 1.2, "inaccuracy"))
    assert text == "4|9 on your train was better than 3|4: about 1 point better."
    text = say(decision(play(3, 4, 3), play(3, 4, 1), 12.6, "blunder"))
    assert text == "3|4 was better on Bo's train than on the Mexican train: about 13 points better."


def test_stopping_a_line_and_going_on_are_said_as_such() -> None:
    text = say(decision(END_TURN, play(2, 7, 0), 42.1, "blunder"))
    assert text == "Adding 2|7 to your line was better than stopping it: about 42 points better."
    text = say(decision(play(2, 7, 0), END_TURN, 3.0, "mistake"))
    assert text == "Stopping your line was better than adding 2|7: about 3 points better."


def test_good_and_forced_moves() -> None:
    move = play(5, 6, 0)
    assert say(decision(move, move, 0.0, GOOD)) == "You played the best move."
    text = say(decision(move, play(1, 5, 3), 0.4, GOOD))
    assert text == "A good move: 1|5 on the Mexican train was only slightly better."
    assert say(decision(DRAW, DRAW, 0.0, FORCED, 1)).startswith("Only one move was possible")
    assert "passed" in say(decision(PASS, PASS, 0.0, FORCED, 1))
    assert words.expected_line(decision(DRAW, DRAW, 0.0, FORCED, 1)) == ""


def test_the_why_is_only_a_fact_of_the_position() -> None:
    record, result = reviewed()
    from game.ai.review import decisions_of

    states = [state for state, _ in decisions_of(record, SEAT)]
    first = next(s for s in states if s.is_first_turn(SEAT))
    later = next(s for s in states if not s.is_first_turn(SEAT))
    double = decision(play(1, 2, 0), play(6, 6, 0), 5.0, "mistake")
    assert words.why(double, later) == "6|6 is a double: after it you play one more tile."
    # in a first turn a double obliges nothing: the heavier tile is the only fact left
    assert words.why(double, first) == "It sheds 9 pips more from your hand."
    light = decision(play(5, 6, 0), play(1, 2, 0), 5.0, "mistake")
    assert words.why(light, later) == ""  # the better tile is lighter and no double: no reason
    assert words.why(decision(play(1, 2, 0), play(1, 2, 0), 0.0, GOOD), later) == ""
    assert result.decisions  # the record was reviewed


def test_plurals_in_every_language() -> None:
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        texts = {
            n: say(decision(play(3, 4, 3), play(9, 9, 0), float(n), "blunder"))
            for n in (1, 2, 5, 8, 11)
        }
        for n, text in texts.items():
            assert str(n) in text and "{" not in text, (code, text)
        if code == "ga":  # five forms: 1, 2, 3-6, 7-10, 11+ (phointe / bpointe / pointe)
            assert "bpointe" in texts[8] and "bpointe" not in texts[11]
    i18n.set_language("en")
    assert "about 1 point better" in say(decision(play(3, 4, 3), play(9, 9, 0), 1.0, "inaccuracy"))
