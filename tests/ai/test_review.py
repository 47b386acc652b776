"""Match review: every decision of a seat weighed from what that seat could see."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from game.ai.review import FORCED, GOOD, LABELS, decisions_of, label_for, review
from game.ai.simple import Seat, make_seat
from game.commands.simulate import play_match
from game.rules import END_TURN, Rules
from game.rules.record import load_record

ROOT = Path(__file__).resolve().parents[2]


def recorded_match(
    kinds: list[str], seed: int, rounds: int = 2, make: Callable[[str, int], Seat] = make_seat
) -> str:
    """A match between computer seats (made by ``make``), as its record text."""
    rules = Rules.standard().with_options(rounds=rounds)
    seats = [make(kind, seed * 10 + i) for i, kind in enumerate(kinds)]
    names = [f"{k} {i}" for i, k in enumerate(kinds)]
    text = play_match(rules, len(kinds), seed, seats, names, record=True).record
    assert text is not None
    return text


def test_every_decision_is_weighed_and_forced_ones_cost_nothing() -> None:
    record, state = load_record(recorded_match(["random", "normal", "normal"], 4))
    result = review(record, 0, guesses=24)
    assert result.decisions, "the seat made decisions"
    for decision in result.decisions:
        assert decision.points_lost >= 0
        if decision.label == FORCED:
            assert decision.choices == 1 and decision.points_lost == 0
        else:
            assert decision.choices > 1
            assert decision.made in [action for action, _ in decision.expected]
            assert (decision.best == decision.made) == (decision.points_lost == 0)
    assert set(result.lost_per_round()) <= set(range(1, state.round_number + 1))


def test_the_same_record_gets_the_same_review() -> None:
    record, _ = load_record(recorded_match(["easy", "normal", "normal"], 7))
    first = review(record, 0, guesses=16)
    second = review(record, 0, guesses=16)
    assert first == second


def test_a_random_player_loses_more_than_a_strong_one() -> None:
    """The review tells play at random from Normal's play, from the same seat and deals."""
    weak = strong = 0.0
    for seed in (1, 2, 3):
        record, _ = load_record(recorded_match(["random", "normal", "normal"], seed))
        weak += sum(review(record, 0, guesses=24).lost_per_round().values())
        record, _ = load_record(recorded_match(["normal", "normal", "normal"], seed))
        strong += sum(review(record, 0, guesses=24).lost_per_round().values())
    assert weak > 2 * strong, (weak, strong)


def test_the_command_prints_the_review_and_its_json(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    path.write_text(recorded_match(["random", "normal"], 5, rounds=1), encoding="utf-8")
    command = [sys.executable, str(ROOT / "main.py"), "review", str(path), "--iterations", "8"]
    shown = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    assert "review of random 0 (seat 0)" in shown.stdout and "accuracy:" in shown.stdout
    as_json = subprocess.run(
        [*command, "--json", "--seat", "1"], capture_output=True, text=True, check=False, cwd=ROOT
    )
    data = json.loads(as_json.stdout)
    assert data["seat"] == 1 and data["guesses"] == 8 and data["decisions"]
    assert {d["label"] for d in data["decisions"]} <= {
        GOOD,
        "inaccuracy",
        "mistake",
        "blunder",
        FORCED,
    }


def test_a_broken_record_or_seat_is_refused_in_words(tmp_path: Path) -> None:
    text = recorded_match(["random", "normal"], 5, rounds=1).split("\n")
    text[3] = '{"type": "play", "seat": 0, "tile": [9, 9], "train": "p7"}'
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(text), encoding="utf-8")
    main = [sys.executable, str(ROOT / "main.py"), "review"]
    broken = subprocess.run([*main, str(path)], capture_output=True, text=True, cwd=ROOT)
    assert broken.returncode == 1 and "refused at line 4" in broken.stderr
    assert "Traceback" not in broken.stderr
    good = tmp_path / "good.jsonl"
    good.write_text(recorded_match(["random", "normal"], 5, rounds=1), encoding="utf-8")
    seat = subprocess.run(
        [*main, str(good), "--seat", "5"], capture_output=True, text=True, cwd=ROOT
    )
    assert seat.returncode == 2 and "--seat must be 0 to 1" in seat.stderr


def test_labels_follow_the_stated_thresholds() -> None:
    from game.ai.review import BLUNDER, INACCURACY, MISTAKE, label_for

    assert (INACCURACY, MISTAKE, BLUNDER) == (1.0, 3.0, 8.0)
    assert [label_for(p) for p in (0.0, 0.99, 1.0, 2.99, 3.0, 7.99, 8.0, 40.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def _turn_lines(record_text: str, seat: int) -> int:
    """How many play, draw and pass lines ``seat`` wrote in its turns (the draws made to find
    the engine, before a round's ``engine`` line, are no decision)."""
    count, dealt = 0, False
    for line in record_text.splitlines():
        obj = json.loads(line)
        if obj["type"] in ("round", "round_end"):
            dealt = False
        elif obj["type"] == "engine":
            dealt = True
        elif dealt and obj["type"] in ("play", "draw", "pass") and obj["seat"] == seat:
            count += 1
    return count


def test_no_decision_is_skipped_after_the_seat_before_stops_its_first_turn_line() -> None:
    """The seat before ends its first-turn line by writing nothing: the next seat's first line
    is still a decision of its own, weighed from the table as it saw it."""
    rules = Rules.standard().with_options(set_size=6, rounds=3)
    for seed in range(7, 13):
        seats = [make_seat("normal", seed), make_seat("random", seed + 1)]
        text = play_match(rules, 2, seed, seats, record=True).record
        assert text is not None
        record, _ = load_record(text)
        for seat in (0, 1):
            decisions = list(decisions_of(record, seat))
            stops = sum(1 for _, made in decisions if made == END_TURN)
            assert len(decisions) - stops == _turn_lines(text, seat), (seed, seat)
            for state, made in decisions:
                assert state.current == seat and state.check(made) is None


def test_a_label_and_the_better_move_follow_the_figure_shown() -> None:
    """The loss is kept as shown (to a tenth of a point), and the label and the better move
    are read from that figure: "1.0 points" is an inaccuracy, "0.0 points" names no better
    move."""
    record, _ = load_record(recorded_match(["random", "normal", "normal"], 5))
    result = review(record, 0, guesses=24)
    closes = 0
    for decision in result.decisions:
        assert decision.points_lost == round(decision.points_lost, 1)
        if decision.label != FORCED and not decision.close:
            assert decision.label == label_for(decision.points_lost)
        if decision.close:  # a call still open after the most guesses: the milder label
            closes += 1
            assert LABELS.index(decision.label) < LABELS.index(label_for(decision.points_lost))
        if decision.label != FORCED:
            shown = f"{decision.points_lost:.1f}"
            assert (shown == "0.0") == (decision.best == decision.made), decision
    assert closes  # 24 guesses leave some calls open


def test_a_close_call_left_open_is_given_the_benefit_of_the_doubt_and_said_so() -> None:
    """A decision whose loss's interval still reaches a milder label after four times the
    guesses gets that label and says so ("About even" where it is good); the kept review
    keeps it."""
    from game.scenes.review import review_words
    from game.store.review_files import review_from_json, review_json

    record, _ = load_record(recorded_match(["random", "normal", "normal"], 5))
    result = review(record, 0, guesses=24)
    close = [d for d in result.decisions if d.close]
    assert close, "some calls left open"
    for decision in close:
        words = review_words.sentence(decision, record.players, record.names, 0)
        if decision.label == GOOD:
            assert words.startswith("About even: "), words
        else:
            assert words.endswith(" A close call: the guesses could not settle by how much."), words
    again = review_from_json(json.loads(json.dumps(review_json(result))), record)
    assert again == result
    old = review_json(result)
    for item in old["decisions"]:
        del item["close"]  # a review kept before close calls were marked
    assert not any(d.close for d in review_from_json(old, record).decisions)
