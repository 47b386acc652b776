"""Game records (docs/RECORD.md): written for every match, read back strictly, replayed exactly."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import END_TURN, GameState, Rules
from game.rules.record import RecordError, RecordWriter, load_record, parse_record
from game.rules.state import PLAY
from game.store.safe_files import load_record_file, write_text_atomically

ROOT = Path(__file__).resolve().parent.parent


def small_match(
    seed: int = 4, rules: Rules | None = None, players: int = 3
) -> tuple[str, GameState]:
    rules = rules or Rules.standard().with_options(set_size=6, hand_size=5, rounds=3)
    game = GameState.new(rules, players, seed, ["Ana", "Bo", "Cy"][:players])
    writer = RecordWriter(game)
    rng = random.Random(seed)
    while not game.match_over:
        writer.add(game.start_round())
        while game.phase == PLAY:
            writer.add(game.apply(rng.choice(game.legal_actions())))
    return writer.text(), game


def lines_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(lines: list[dict]) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def first_index(lines: list[dict], kind: str) -> int:
    return next(i for i, line in enumerate(lines) if line["type"] == kind)


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_record(text)
    return caught.value


def test_record_has_the_documented_lines() -> None:
    text, game = small_match()
    lines = lines_of(text)
    head = lines[0]
    assert head["type"] == "match" and head["version"] == 1
    assert head["players"] == 3 and head["names"] == ["Ana", "Bo", "Cy"]
    assert head["set"] == 6 and head["seed"] == 4
    for option in (
        "first_turn_chain",
        "first_turn_draw",
        "max_open_doubles",
        "double_blank_points",
        "scoring",
    ):
        assert option in head["rules"]
    kinds = [line["type"] for line in lines]
    assert kinds.count("round") == 3 and kinds.count("round_end") == 3
    assert kinds[-1] == "match_end"
    assert lines[-1]["totals"] == game.totals
    round_line = lines[1]
    every = sorted(tuple(t) for hand in round_line["hands"] for t in hand)
    every += [tuple(t) for t in round_line["boneyard"]]
    assert sorted(every) == sorted((a, b) for b in range(7) for a in range(b + 1))
    for line in lines:
        for key in ("tile", "engine"):
            if key in line:
                assert line[key][0] <= line[key][1]
        if line["type"] == "play":
            assert line["train"] in ("p0", "p1", "p2", "mexican")


def test_replay_reaches_the_same_final_state() -> None:
    text, game = small_match()
    record, replayed = load_record(text)
    assert record.complete
    assert replayed.totals == game.totals
    assert replayed.round_scores == game.round_scores
    assert replayed.match_winners == game.match_winners
    assert replayed.hands == game.hands
    assert replayed.train_tiles == game.train_tiles


def test_unknown_keys_and_line_types_are_ignored() -> None:
    text, game = small_match()
    lines = lines_of(text)
    lines[0]["comment"] = "a friendly game"
    lines[1]["dealer"] = "Ana"
    lines.insert(2, {"type": "chat", "seat": 0, "text": "good luck"})
    _, replayed = load_record(text_of(lines))
    assert replayed.totals == game.totals


def test_first_turn_lines_are_replayed_without_an_end_of_turn_line() -> None:
    """Under first_turn_chain a seat lays several tiles in one turn; the record just lists them."""
    rules = Rules.standard().with_options(set_size=6, hand_size=7, rounds=7)
    for seed in range(40):
        text, game = small_match(seed, rules, players=2)
        lines = lines_of(text)
        seats = [line["seat"] for line in lines if line["type"] == "play"]
        if any(a == b for a, b in zip(seats, seats[1:], strict=False)):
            _, replayed = load_record(text)
            assert replayed.totals == game.totals
            return
    raise AssertionError("no match with a first-turn line found")


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda L: L.__setitem__(0, {**L[0], "version": 2}), "newer"),
        (lambda L: L.__setitem__(0, {**L[0], "players": 4}), "names for 4 players"),
        (lambda L: L[0]["rules"].__setitem__("scoring", "golf"), "unknown scoring"),
        (lambda L: L[0]["rules"].__setitem__("max_open_doubles", "one"), "whole number"),
        (lambda L: L.__setitem__(0, {**L[0], "set": 9}), "set"),
        (lambda L: L.pop(0), 'start with a "match" line'),
    ],
)
def test_a_broken_match_line_is_refused(mutate, reason: str) -> None:  # type: ignore[no-untyped-def]
    text, _ = small_match()
    lines = lines_of(text)
    mutate(lines)
    error = refused(text_of(lines))
    assert error.line == 1
    assert reason in error.reason


def test_not_json_names_the_line() -> None:
    text, _ = small_match()
    broken = text.splitlines()
    broken[4] = broken[4][:-3]
    error = refused("\n".join(broken))
    assert error.line == 5 and "not valid JSON" in error.reason


def test_a_line_without_a_type_is_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    del lines[3]["type"]
    error = refused(text_of(lines))
    assert error.line == 4 and "type" in error.reason


def test_a_deal_with_a_tile_twice_is_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    lines[1]["boneyard"][0] = lines[1]["hands"][0][0]
    error = refused(text_of(lines))
    assert error.line == 2 and "dealt twice" in error.reason


def test_a_tile_written_high_first_is_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = next(
        i for i, line in enumerate(lines) if line["type"] == "play" and len(set(line["tile"])) == 2
    )
    tile = lines[i]["tile"]
    lines[i]["tile"] = [tile[1], tile[0]]
    error = refused(text_of(lines))
    assert error.line == i + 1 and "low number first" in error.reason


def test_a_play_the_rules_refuse_gives_the_rules_reason() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = first_index(lines, "play")
    lines[i]["train"] = "mexican"  # nobody may start the Mexican train on a first turn
    error = refused(text_of(lines))
    assert error.line == i + 1
    assert "the Mexican train opens after your first turn" in error.reason


def test_a_seat_playing_out_of_turn_is_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = first_index(lines, "play")
    lines[i]["seat"] = (lines[i]["seat"] + 1) % 3
    error = refused(text_of(lines))
    assert error.line == i + 1 and "turn" in error.reason


def test_a_draw_of_a_tile_not_on_top_is_refused() -> None:
    for seed in range(30):
        text, _ = small_match(seed)
        lines = lines_of(text)
        engine_line = first_index(lines, "engine")
        draws = [i for i, line in enumerate(lines) if line["type"] == "draw" and i > engine_line]
        if draws:
            i = draws[0]
            lines[i]["tile"] = [0, 0] if lines[i]["tile"] != [0, 0] else [0, 1]
            error = refused(text_of(lines))
            assert error.line == i + 1 and "top tile" in error.reason
            return
    raise AssertionError("no draw found")


def test_wrong_round_scores_are_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = first_index(lines, "round_end")
    lines[i]["scores"][0] += 1
    error = refused(text_of(lines))
    assert error.line == i + 1 and "scores" in error.reason


def test_wrong_winners_are_refused() -> None:
    text, game = small_match()
    lines = lines_of(text)
    lines[-1]["winners"] = [s for s in range(3) if s not in game.match_winners][:1]
    error = refused(text_of(lines))
    assert error.line == len(lines) and "winners" in error.reason


def test_a_missing_round_end_is_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = first_index(lines, "round_end")
    del lines[i]
    error = refused(text_of(lines))
    assert error.line == i + 1 and "round_end" in error.reason


def test_lines_after_the_match_end_are_refused() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    lines.append({"type": "pass", "seat": 0})
    error = refused(text_of(lines))
    assert error.line == len(lines) and "already over" in error.reason


def test_an_unfinished_match_replays_to_where_it_stopped() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = first_index(lines, "round_end")
    record, state = load_record(text_of(lines[: i - 3]))
    assert not record.complete
    assert state.round_number == 1


def test_parse_keeps_line_numbers_past_blank_lines() -> None:
    text, _ = small_match()
    record = parse_record("\n" + text)
    assert record.lines[0][0] == 3


def test_files_are_read_safely(tmp_path: Path) -> None:
    text, game = small_match()
    good = tmp_path / "good.jsonl"
    write_text_atomically(good, text)
    _, state = load_record_file(good)
    assert state.totals == game.totals
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(text.encode()[:200] + b"\xff\xfe\n")
    with pytest.raises(RecordError, match="UTF-8"):
        load_record_file(binary)
    with pytest.raises(FileNotFoundError, match="no such file"):
        load_record_file(tmp_path / "missing.jsonl")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_simulate_writes_records_that_verify(tmp_path: Path) -> None:
    result = run_main(
        "simulate",
        "--matches",
        "2",
        "--players",
        "5",
        "--seats",
        "greedy",
        "--rounds",
        "3",
        "--record",
        str(tmp_path),
        "--seed",
        "11",
    )
    assert result.returncode == 0, result.stderr
    assert "matches   2" in result.stdout and "rounds/s" in result.stdout
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 2
    verified = run_main("verify", *map(str, files))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.count(": ok,") == 2


def test_verify_reports_the_broken_line(tmp_path: Path) -> None:
    text, _ = small_match()
    lines = text.splitlines()
    lines[6] = "{broken"
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines))
    result = run_main("verify", str(path))
    assert result.returncode == 1
    assert "line 7" in result.stderr and "Traceback" not in result.stderr


def test_a_round_that_ends_when_a_first_turn_line_stops_replays() -> None:
    """Someone went out in the first round of turns; the last seat lays a line and stops.

    The stop writes no line of its own: the round_end line that follows implies it.
    """
    rules = Rules.standard().with_options(set_size=6, hand_size=3, rounds=1)
    for seed in range(500):
        game = GameState.new(rules, 3, seed)
        writer = RecordWriter(game)
        writer.add(game.start_round())
        last = None
        while game.phase == PLAY:
            legal = game.legal_actions()
            # Go out whenever possible; once someone is out, stop each line after one tile.
            last = END_TURN if END_TURN in legal and game.went_out else legal[0]
            writer.add(game.apply(last))
        if last is END_TURN and game.went_out:
            _, replayed = load_record(writer.text())
            assert replayed.totals == game.totals
            assert replayed.end_reason == "out"
            return
    raise AssertionError("no round ending on a stopped first-turn line was found")


def test_a_finished_state_reports_its_round_and_match_results() -> None:
    text, game = small_match()
    _, replayed = load_record(text)
    lines = lines_of(text)
    last_round = [line for line in lines if line["type"] == "round_end"][-1]
    result = replayed.round_result()
    assert result is not None
    assert list(result.scores) == last_round["scores"]
    assert result.reason == last_round["reason"]
    match = replayed.match_result()
    assert match is not None and list(match.winners) == lines[-1]["winners"]
    assert replayed.is_first_turn(0) == replayed.first_pending[0]
