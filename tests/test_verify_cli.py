"""Reading records strictly and safely: whole numbers, tied winners, unfinished records, fit
names, hostile files (deep, huge, endless, not files at all), and lines split only on "\\n"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from game.ai.simple import make_seat
from game.commands import simulate as headless
from game.rules import GameState, Rules
from game.rules.names import MAX_NAME_LENGTH, check_name
from game.rules.record import MAX_LINE_LENGTH, RecordError, RecordWriter, load_record
from game.rules.state import PLAY
from game.store.safe_files import MAX_RECORD_BYTES, load_record_file

ROOT = Path(__file__).resolve().parent.parent


def small_match(seed: int = 4, players: int = 3, rounds: int = 3) -> tuple[str, GameState]:
    rules = Rules.standard().with_options(set_size=6, hand_size=5, rounds=rounds)
    game = GameState.new(rules, players, seed, ["Ana", "Bo", "Cy", "Di"][:players])
    writer = RecordWriter(game)
    seats = [make_seat("greedy", seed * 7 + s) for s in range(players)]
    while not game.match_over:
        writer.add(game.start_round())
        while game.phase == PLAY:
            writer.add(game.apply(seats[game.current].choose(game.observation(game.current))))
    return writer.text(), game


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.split("\n") if line]


def text_of(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_record(text)
    return caught.value


def verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "verify", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,  # a safety net: a hanging read fails the test instead of the run
        check=False,
    )


# ---------------------------------------------------------------- whole numbers


def _last(lines: list[dict[str, Any]], kind: str) -> int:
    return max(i for i, line in enumerate(lines) if line["type"] == kind)


@pytest.mark.parametrize(
    ("kind", "key"),
    [("round_end", "scores"), ("round_end", "totals"), ("match_end", "totals"),
     ("match_end", "winners")],
)  # fmt: skip
def test_numbers_written_as_floats_are_refused(kind: str, key: str) -> None:
    text, _ = small_match()
    lines = lines_of(text)
    i = _last(lines, kind)
    lines[i][key] = [float(x) for x in lines[i][key]]  # 10.0 == 10 in Python
    error = refused(text_of(lines))
    assert error.line == i + 1
    assert f'"{key}" must be a list of whole numbers' in error.reason


def test_booleans_for_zero_and_one_are_refused() -> None:
    # Python's False == 0 and True == 1: a score of false, a winner of [true].
    text, game = next(m for m in map(small_match, range(100)) if m[1].match_winners == (1,))
    lines = lines_of(text)
    end = _last(lines, "round_end")
    lines[end]["scores"] = [False if x == 0 else x for x in lines[end]["scores"]]
    assert refused(text_of(lines)).line == end + 1
    lines = lines_of(text)
    lines[-1]["winners"] = [True]
    error = refused(text_of(lines))
    assert error.line == len(lines) and "whole numbers" in error.reason
    lines[-1]["winners"] = [1]
    assert load_record(text_of(lines))[1].match_winners == game.match_winners


@pytest.mark.parametrize(
    ("index", "key", "value"),
    [
        (0, "seed", 4.0),
        (0, "players", 3.0),
        (0, "set", True),
        (0, "version", 1.0),
        (1, "round", 1.0),
        (2, "seat", False),
    ],
)
def test_every_other_whole_number_field_is_strict(index: int, key: str, value: object) -> None:
    text, _ = small_match()
    lines = lines_of(text)
    lines[index][key] = value
    error = refused(text_of(lines))
    assert error.line == index + 1 and "whole number" in error.reason


def test_tiles_and_rule_numbers_are_strict() -> None:
    text, _ = small_match()
    lines = lines_of(text)
    lines[1]["engine"] = [6.0, 6]
    assert refused(text_of(lines)).line == 2
    lines = lines_of(text)
    lines[0]["rules"]["hand_size"] = 5.0
    assert refused(text_of(lines)).line == 1


# ---------------------------------------------------------------- tied winners


def _tied_match() -> tuple[str, GameState]:
    for seed in range(2000):
        text, game = small_match(seed, players=4, rounds=1)
        if len(game.match_winners) >= 2:
            return text, game
    raise AssertionError("no tied match found")


def test_tied_winners_may_be_written_in_any_order() -> None:
    text, game = _tied_match()
    lines = lines_of(text)
    lines[-1]["winners"] = sorted(game.match_winners, reverse=True)
    _, replayed = load_record(text_of(lines))
    assert replayed.match_winners == game.match_winners


def test_a_winner_named_twice_or_missing_is_refused() -> None:
    text, game = _tied_match()
    lines = lines_of(text)
    lines[-1]["winners"] = [*game.match_winners, game.match_winners[0]]
    assert "twice" in refused(text_of(lines)).reason
    lines[-1]["winners"] = list(game.match_winners[1:])
    assert "the winners are" in refused(text_of(lines)).reason


# ---------------------------------------------------------------- unfinished records


def _cuts(tmp_path: Path) -> dict[str, Path]:
    text, _ = small_match()
    lines = text.split("\n")
    first_end = next(i for i, line in enumerate(lines) if '"round_end"' in line)
    cuts = {
        "middle": lines[: first_end - 2],  # in the middle of round 1
        "after": lines[: first_end + 1],  # right after round 1's end
        "start": lines[:1],  # before the first round
    }
    paths = {}
    for name, kept in cuts.items():
        paths[name] = tmp_path / f"{name}.jsonl"
        paths[name].write_text("\n".join(kept) + "\n", encoding="utf-8")
    return paths


def test_verify_fails_an_unfinished_record_and_says_where_it_stops(tmp_path: Path) -> None:
    paths = _cuts(tmp_path)
    expected = {
        "middle": "stops in the middle of round 1",
        "after": "stops after round 1",
        "start": "stops before its first round",
    }
    for name, path in paths.items():
        result = verify(str(path))
        assert result.returncode == 1, name
        assert "incomplete" in result.stderr and expected[name] in result.stderr
        assert "--partial" in result.stderr


def test_verify_partial_accepts_an_unfinished_record(tmp_path: Path) -> None:
    paths = _cuts(tmp_path)
    result = verify("--partial", *map(str, paths.values()))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("ok so far, incomplete") == 3


def test_verify_partial_still_refuses_a_broken_record(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"type": "match"}\n', encoding="utf-8")
    assert verify("--partial", str(path)).returncode == 1


def test_unfinished_records_still_load_for_resume_and_replay(tmp_path: Path) -> None:
    # An autosave is such a record: the loaders the game resumes and replays from take it.
    paths = _cuts(tmp_path)
    for path in paths.values():
        record, _ = load_record_file(path)
        assert not record.complete
        record, _ = load_record(path.read_text(encoding="utf-8"))
        assert not record.complete


# ---------------------------------------------------------------- names


BAD_NAMES = {
    "nul": "Ana\x00",
    "lone surrogate": "Bo\ud800",
    "line separator": "Cy\u2028Di",
    "paragraph separator": "Cy\u2029Di",
    "next line": "Cy\x85Di",
    "newline": "Cy\nDi",
    "tab": "Cy\tDi",
    "escape": "\x1b[31mRed",
    "too long": "N" * (MAX_NAME_LENGTH + 1),
    "empty": "",
    "blank": "   ",
}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_unfit_names_are_refused_at_the_match_line(name: str) -> None:
    assert check_name(name) is not None
    text, _ = small_match()
    lines = lines_of(text)
    lines[0]["names"][1] = name
    # ensure_ascii: a lone surrogate can only be written as an escape
    record = "".join(json.dumps(line) + "\n" for line in lines)
    error = refused(record)
    assert error.line == 1 and "seat 1's name is refused" in error.reason


@pytest.mark.parametrize(
    "name", ["Ana", "Zoë", "தமிழ்", "👩‍🚀 Ro", "N" * MAX_NAME_LENGTH, "O'Neil-Ó"]
)
def test_fit_names_pass(name: str) -> None:
    assert check_name(name) is None
    text, _ = small_match()
    lines = lines_of(text)
    lines[0]["names"][0] = name
    record, _ = load_record(text_of(lines))
    assert record.names[0] == name


# ---------------------------------------------------------------- hostile lines


def _with_line(text: str, raw: str) -> str:
    lines = text.split("\n")
    lines.insert(1, raw)
    return "\n".join(lines)


@pytest.mark.parametrize("depth", [30_000, 200])
def test_deep_nesting_is_a_one_line_refusal(tmp_path: Path, depth: int) -> None:
    text, _ = small_match()
    record = _with_line(text, '{"type": "note", "x": ' + "[" * depth + "]" * depth + "}")
    error = refused(record)
    assert error.line == 2 and "too deeply" in error.reason
    path = tmp_path / "deep.jsonl"
    path.write_text(record, encoding="utf-8")
    with pytest.raises(RecordError, match="too deeply"):
        load_record_file(path)
    result = verify(str(path))
    assert result.returncode == 1 and "line 2" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1


def test_an_integer_of_thousands_of_digits_is_a_one_line_refusal(tmp_path: Path) -> None:
    text, _ = small_match()
    lines = text.split("\n")
    lines[0] = lines[0].replace('"seed": 4', '"seed": ' + "9" * 5000)
    path = tmp_path / "digits.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    error = refused(path.read_text(encoding="utf-8"))
    assert error.line == 1 and "number too long" in error.reason
    result = verify(str(path))
    assert result.returncode == 1 and "line 1" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_runaway_line_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    text, _ = small_match()
    record = _with_line(text, '{"type": "note", "x": "' + "x" * MAX_LINE_LENGTH + '"}')
    assert "longer than" in refused(record).reason
    path = tmp_path / "long.jsonl"
    path.write_text(record, encoding="utf-8")
    with pytest.raises(RecordError, match="line 2: the line is longer than"):
        load_record_file(path)


def test_a_huge_name_is_refused_without_replaying(tmp_path: Path) -> None:
    text, _ = small_match()
    lines = lines_of(text)
    lines[0]["names"][0] = "N" * 1_000_000
    path = tmp_path / "name.jsonl"
    path.write_text(text_of(lines), encoding="utf-8")
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="line 1"):
            load_record_file(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000


# ---------------------------------------------------------------- files


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_not_read(device: str) -> None:
    with pytest.raises(OSError, match="not a regular file"):
        load_record_file(device)
    result = verify(device)
    assert result.returncode == 1 and "not a regular file" in result.stderr


def test_a_pipe_is_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "record.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        load_record_file(fifo)
    result = verify(str(fifo))
    assert result.returncode == 1 and "not a regular file" in result.stderr
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    replayed = subprocess.run(
        [sys.executable, "main.py", "replay", str(fifo), "--frames", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a safety net, as above
        check=False,
    )
    assert replayed.returncode == 1 and "not a regular file" in replayed.stderr


def test_a_folder_is_named_as_such(tmp_path: Path) -> None:
    result = verify(str(tmp_path))
    assert result.returncode == 1 and "is a folder" in result.stderr
    assert "Errno" not in result.stderr


def test_a_file_past_the_cap_is_refused_unread(tmp_path: Path) -> None:
    assert MAX_RECORD_BYTES == 16 * 1024 * 1024
    path = tmp_path / "big.jsonl"
    with path.open("wb") as stream:
        stream.truncate(16 * 1024 * 1024 + 1)  # sparse: nothing to read but its size
    with pytest.raises(RecordError, match="too big to be a game record"):
        load_record_file(path)


def test_the_longest_table_writes_far_less_than_the_cap() -> None:
    # 14 players, double-18, every round, seats that draw and pass as much as any.
    rules = Rules.standard().with_options(set_size=18)
    game = GameState.new(rules, 14, 1)
    writer = RecordWriter(game)
    seats = [make_seat("random", s) for s in range(14)]
    while not game.match_over:
        writer.add(game.start_round())
        while game.phase == PLAY:
            writer.add(game.apply(seats[game.current].choose(game.observation(game.current))))
    size = len(writer.text().encode("utf-8"))
    assert size < MAX_RECORD_BYTES / 20  # about 230 KB against 16 MB
    assert max(len(line) for line in writer.text().split("\n")) < MAX_LINE_LENGTH / 20


def test_verify_takes_the_memory_of_a_line_not_of_the_file(tmp_path: Path) -> None:
    text, _ = small_match()
    head, rest = text.split("\n", 1)
    path = tmp_path / "long.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        stream.write(head + "\n")
        stream.write('{"type": "note", "text": "a line this version does not know"}\n' * 100_000)
        stream.write(rest)
    assert path.stat().st_size > 5_000_000
    tracemalloc.start()
    try:
        assert headless.verify_main([str(path)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


# ---------------------------------------------------------------- line breaks in strings


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_a_record_is_split_on_newlines_only(tmp_path: Path, char: str) -> None:
    text, game = small_match()
    lines = lines_of(text)
    lines[0]["note"] = f"a{char}b"  # an unknown key: readers ignore it
    record = text_of(lines)  # ensure_ascii=False: the character is written raw
    assert char in record
    _, replayed = load_record(record)
    assert replayed.totals == game.totals
    path = tmp_path / "raw.jsonl"
    path.write_bytes(record.encode("utf-8"))
    _, replayed = load_record_file(path)
    assert replayed.totals == game.totals


def test_a_line_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    text, _ = small_match()
    lines = text.encode("utf-8").split(b"\n")
    lines[3] = lines[3][:-5] + b"\xff" + lines[3][-5:]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(RecordError, match="line 4: the text is not UTF-8"):
        load_record_file(path)
