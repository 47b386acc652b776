"""Level files the loader used to accept but the game could not use, or could not read at all
(issue 11): text the screen or a saved game cannot hold, numbers out of any sane range, a file
nested too deeply, a pipe or a device, a huge file, a byte-order mark. Each is a one-line
refusal naming the file (and the field and the allowed range where there is one), and the
other levels still load."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.levels import (
    MAX_FILE_BYTES,
    PARSE,
    RANGE,
    READ,
    TOO_LARGE,
    VALUE,
    LevelError,
    default_levels_dir,
    load_level,
    load_levels,
    parse_level,
    set_pips,
    text_problem,
)
from game.levels.daily import daily_table
from game.rules import GameState
from game.rules.options import MAX_PLAYERS
from game.rules.record import RecordWriter, parse_record

from .test_bad_levels import GOOD, _refusal, _write

# ---------------------------------------------------------------------------- texts

# (what to change in GOOD, the field named, words of the reason). TOML's \u escapes put the
# character itself in the text, as an editor would.
BAD_TEXTS = [
    ('name = "Good Table"', 'name = "Good\\u0000Table"', "name", "U+0000, a control character"),
    ('name = "Ada"', 'name = "Ada\\u2028Lovelace"', "opponents[1].name", "line break (U+2028)"),
    ('name = "Ada"', 'name = "Ada\\u0085"', "opponents[1].name", "line break (U+0085)"),
    ('name = "Bea"', 'name = "B\\u2029ea"', "opponents[2].name", "line break (U+2029)"),
    ('name = "Bea"', 'name = "B\\u001b[31mea"', "opponents[2].name", "U+001B, a control"),
    ('name = "Bea"', 'name = "B\\tea"', "opponents[2].name", "U+0009, a control character"),
    ('style = "Calm"', 'style = "Ca\\u202elm"', "opponents[1].style", "U+202E, an invisible"),
    ('style = "Calm"', 'style = "\\ue000Calm"', "opponents[1].style", "U+E000, a private-use"),
    (
        'description = "A table with nothing wrong."',
        'description = "A table\\u0000 with nothing wrong."',
        "description",
        "U+0000",
    ),
    ('name = "Good Table"', f'name = "{"x" * 41}"', "name", "41 characters long; at most 40"),
    ('name = "Ada"', f'name = "{"y" * 41}"', "opponents[1].name", "at most 40"),
    (
        'description = "A table with nothing wrong."',
        f'description = "{"z" * 161}"',
        "description",
        "at most 160",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "field", "words"), BAD_TEXTS, ids=[m[1][:24] for m in BAD_TEXTS]
)
def test_text_the_screen_or_a_saved_game_cannot_hold_is_refused(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    assert old in GOOD
    error = _refusal(tmp_path, GOOD.replace(old, new, 1))
    assert (error.file, error.field, error.kind) == ("bad.toml", field, VALUE), str(error)
    assert words in error.reason
    assert str(error) == f"bad.toml: {field}: {error.reason}"
    assert str(error).isprintable(), "the message itself shows no raw control character"


def test_names_in_any_script_load(tmp_path: Path) -> None:
    text = (
        GOOD.replace('name = "Ada"', 'name = "செல்வி"')  # Tamil, with its vowel signs
        .replace('name = "Bea"', 'name = "Zoë 🚂"')
        .replace('style = "Calm"', 'style = "க்\\u200dஷ"')  # a joiner Tamil needs
    )
    level = load_level(_write(tmp_path, "good.toml", text))
    assert [o.name for o in level.opponents] == ["செல்வி", "Zoë 🚂"]


def test_text_problem_is_pure_and_says_nothing_of_good_text() -> None:
    assert text_problem("Rosa", 40) is None
    assert text_problem("x" * 40, 40) is None
    assert text_problem("x" * 41, 40) == "is 41 characters long; at most 40"
    assert text_problem("   ", 40) == "must not be empty"
    assert text_problem(" Rosa", 40) == "must be one line without leading or trailing spaces"
    assert text_problem("Ro\ud800sa", 40) == "holds U+D800, a lone surrogate, which cannot be shown"


@given(st.text(max_size=60))
def test_text_accepted_is_one_json_line_that_reads_back(value: str) -> None:
    # What the first autosave does with an opponent's name: one line of JSON Lines, read back.
    if text_problem(value, 60) is not None:
        return
    line = json.dumps({"name": value}, ensure_ascii=False)
    assert line.splitlines() == [line]
    assert json.loads(line)["name"] == value
    assert not {unicodedata.category(c) for c in value} & {"Cc", "Cs", "Co", "Zl", "Zp"}


def test_an_opponent_name_accepted_survives_the_record(tmp_path: Path) -> None:
    level = load_level(_write(tmp_path, "good.toml", GOOD.replace("Ada", "Ádá Ó'Néill")))
    game: GameState = level.new_game(7)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    assert parse_record(writer.text()).names[1] == "Ádá Ó'Néill"


def test_every_shipped_and_daily_text_passes_the_check() -> None:
    levels, errors = load_levels(default_levels_dir())
    assert errors == []
    daily = daily_table().level
    for level in [*levels, daily]:
        texts = [
            level.name,
            *(o.name for o in level.opponents),
            *(o.style for o in level.opponents),
        ]
        assert all(text_problem(t, 40) is None for t in texts), level.id
        assert text_problem(level.description, 160) is None, level.id


# ---------------------------------------------------------------------------- numbers

# GOOD seats 3 players under the standard rules with rounds = 3: a double-9 set.
MOST = 3 * (set_pips(9) + 50)

# (what to change in GOOD, the field named, the range the reason states)
BAD_NUMBERS = [
    ("order = 10", "order = 10001", "order", "must be 1 to 10000 (a place on the ladder)"),
    ("order = 10", "order = 10\nseed = 9223372036854775808", "seed", "0 to 9223372036854775807"),
    (
        "rounds = 3",
        "rounds = 3\ndouble_blank_points = 9223372036854775807",
        "rules.double_blank_points",
        "must be 0 to 100",
    ),
    ("rounds = 3", "rounds = 3\nhand_size = 96", "rules.hand_size", "must be 2 to 95"),
    ("rounds = 3", "rounds = 3\nmax_open_doubles = 20", "rules.max_open_doubles", "0 to 19"),
    ("rounds = 3", "rounds = 20", "rules.rounds", "must be 1 to 19"),
    ("two_stars = 60", f"two_stars = {10**12}", "goal.two_stars", "must be 1 to 66880 (more"),
    # with positive scoring, a threshold no match at this table can reach
    (
        "[goal]",
        f"[goal]\npoints = {MOST + 1}",
        "goal.points",
        f"must be 1 to {MOST} (no total can pass {MOST} in 3 rounds with a double-9 set)",
    ),
]
POSITIVE = (
    GOOD.replace("rounds = 3", 'rounds = 3\nscoring = "positive"')
    .replace('kind = "win"', 'kind = "reach"')
    .replace("two_stars = 60", f"two_stars = {MOST + 2}")
    .replace("three_stars = 25", f"three_stars = {MOST + 3}")
)


@pytest.mark.parametrize(
    ("old", "new", "field", "words"), BAD_NUMBERS, ids=[m[2] for m in BAD_NUMBERS]
)
def test_numbers_out_of_range_are_refused_with_the_range(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    base = POSITIVE if field == "goal.points" else GOOD
    assert old in base
    error = _refusal(tmp_path, base.replace(old, new, 1))
    assert (error.file, error.field, error.kind) == ("bad.toml", field, RANGE), str(error)
    assert words in error.reason
    assert str(error).startswith(f"bad.toml: {field}: must be ")


def test_the_limits_themselves_load(tmp_path: Path) -> None:
    text = GOOD.replace("order = 10", "order = 10000\nseed = 9223372036854775807").replace(
        "rounds = 3", "rounds = 3\ndouble_blank_points = 100\nmax_open_doubles = 19"
    )
    level = load_level(_write(tmp_path, "edge.toml", text))
    assert (level.order, level.seed, level.rules().double_blank_points) == (10000, 2**63 - 1, 100)


def test_a_penalty_threshold_above_what_a_table_counts_is_always_met_and_loads(
    tmp_path: Path,
) -> None:
    text = GOOD.replace('kind = "win"', f'kind = "under"\npoints = {MOST + 500}')
    text = text.replace("two_stars = 60", f"two_stars = {MOST + 400}")
    assert load_level(_write(tmp_path, "gentle.toml", text)).goal.points == MOST + 500
    reachable = POSITIVE.replace("[goal]", f"[goal]\npoints = {MOST - 10}").replace(
        f"{MOST + 2}", f"{MOST - 5}"
    )
    error = _refusal(tmp_path, reachable)  # three stars at MOST + 3 cannot be reached
    assert (error.field, error.kind) == ("goal.three_stars", RANGE)


def test_more_opponents_than_a_table_seats_are_refused(tmp_path: Path) -> None:
    many = "".join(
        f'\n[[opponents]]\nname = "P{i}"\nai = "easy"\nstyle = "Quiet"\n'
        for i in range(MAX_PLAYERS - 2)
    )
    error = _refusal(tmp_path, GOOD + many)  # 2 + 12 opponents: one too many
    assert (error.field, error.kind) == ("opponents", RANGE)
    assert error.reason == "a table seats 2 to 14 players, so 1 to 13 opponents, not 14"


# ---------------------------------------------------------------------------- files


def test_a_file_nested_100000_deep_is_one_refusal(tmp_path: Path) -> None:
    deep = GOOD + "deep = " + "[" * 100_000 + "]" * 100_000 + "\n"
    error = _refusal(tmp_path, deep)
    assert (error.field, error.kind) == (None, PARSE)
    assert str(error) == "bad.toml: nested too deeply to read"
    _write(tmp_path, "good.toml", GOOD)
    levels, errors = load_levels(tmp_path)
    assert [lv.id for lv in levels] == ["good-table"]
    assert [e.file for e in errors] == ["bad.toml"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_refused_without_waiting_for_it(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    with pytest.raises(LevelError) as caught:
        load_level(pipe)  # (it used to wait for a writer forever)
    assert caught.value.kind == READ
    assert str(caught.value) == (
        "pipe.toml: not a plain file (a folder, pipe or device): cannot be a level"
    )
    _write(tmp_path, "good.toml", GOOD)
    levels, errors = load_levels(tmp_path)
    assert [lv.id for lv in levels] == ["good-table"]
    assert [(e.file, e.kind) for e in errors] == [("pipe.toml", READ)]


@pytest.mark.skipif(not os.path.exists(os.devnull), reason="needs a null device")
def test_a_device_is_refused(tmp_path: Path) -> None:
    device = tmp_path / "device.toml"
    device.symlink_to(os.devnull)
    with pytest.raises(LevelError) as caught:
        load_level(device)
    assert caught.value.kind == READ and "not a plain file" in caught.value.reason


def test_a_folder_named_like_a_level_is_refused_and_hidden_files_are_left_alone(
    tmp_path: Path,
) -> None:
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / ".#good.toml").symlink_to(tmp_path / "nowhere")  # an editor's lock file
    _write(tmp_path, "good.toml", GOOD)
    levels, errors = load_levels(tmp_path)
    assert [lv.id for lv in levels] == ["good-table"]
    assert [(e.file, e.kind) for e in errors] == [("folder.toml", READ)]


def test_a_file_over_256_kb_is_refused_before_it_is_read(tmp_path: Path) -> None:
    padding = "# " + "x" * 78 + "\n"
    big = GOOD + padding * (10 * 1024 * 1024 // len(padding))  # 10 MB of comments
    error = _refusal(tmp_path, big)
    assert (error.field, error.kind) == (None, TOO_LARGE)
    assert str(error) == "bad.toml: the file is 10.0 MB; a level file may be at most 256 KB"


def test_a_file_at_the_size_limit_loads(tmp_path: Path) -> None:
    text = GOOD + "#" * (MAX_FILE_BYTES - len(GOOD.encode()) - 1) + "\n"
    assert len(text.encode()) == MAX_FILE_BYTES
    assert load_level(_write(tmp_path, "full.toml", text)).id == "good-table"
    error = _refusal(tmp_path, text + "\n")
    assert error.kind == TOO_LARGE and "256 KB" in error.reason


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "windows.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    assert load_level(path).id == "good-table"
    assert parse_level("\ufeff" + GOOD).id == "good-table"


def test_the_levels_folder_can_be_named_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, "good.toml", GOOD)
    monkeypatch.setenv("MEXICAN_TRAIN_LEVELS", str(tmp_path))
    assert default_levels_dir() == tmp_path
    assert [lv.id for lv in load_levels()[0]] == ["good-table"]


def test_a_file_name_that_cannot_be_shown_is_escaped_in_the_refusal(tmp_path: Path) -> None:
    # Linux allows any byte but NUL and "/" in a name; Python keeps a byte that is not UTF-8
    # as a lone surrogate, which stderr and the screen cannot take.
    (tmp_path / os.fsdecode(b"caf\xe9.toml")).write_text("not toml", encoding="utf-8")
    (tmp_path / "two\nlines.toml").write_text("not toml", encoding="utf-8")
    _levels, errors = load_levels(tmp_path)
    assert sorted(e.file for e in errors) == ["caf\\xe9.toml", "two\\nlines.toml"]
    for error in errors:
        assert str(error).isprintable() and str(error).encode("utf-8")


def test_a_long_value_is_cut_short_in_the_refusal(tmp_path: Path) -> None:
    error = _refusal(tmp_path, GOOD.replace("rounds = 3", f'scoring = "{"g" * 100_000}"'))
    assert (error.field, error.kind) == ("rules.scoring", VALUE)
    assert len(str(error)) < 200
    error = _refusal(tmp_path, f"{'k' * 100_000} = 1\n" + GOOD)
    assert error.kind == "unknown_key" and len(str(error)) < 300
    error = _refusal(tmp_path, GOOD.replace("order = 10", f'order = "{"9" * 100_000}"'))
    assert error.kind == "type" and len(str(error)) < 200


def test_an_unknown_key_that_cannot_be_shown_is_escaped(tmp_path: Path) -> None:
    error = _refusal(tmp_path, '"na\\u0000me" = "x"\n' + GOOD)
    assert error.field == "na\\x00me" and str(error).isprintable()


@pytest.mark.parametrize(
    ("tail", "parts"),
    [
        ("a.b.c.d.e.f.g.h.i = 1\n", 9),
        ("[" + "x." * 3000 + "y]\n", 3001),  # Python's reader would take time and memory
        ('z = """a""""\n' + '"q".' * 3000 + "y = 1\n", 3001),  # past a string's extra quotes
    ],
    ids=["nine", "header", "after-a-string"],
)
def test_a_dotted_key_of_too_many_parts_is_refused_before_reading(
    tmp_path: Path, tail: str, parts: int
) -> None:
    error = _refusal(tmp_path, GOOD + tail)
    assert (error.field, error.kind) == (None, PARSE)
    assert error.reason == f"a dotted key of {parts} parts is too long to read; at most 8"


def test_dots_in_strings_comments_and_numbers_are_not_keys(tmp_path: Path) -> None:
    text = (
        GOOD.replace(
            'description = "A table with nothing wrong."',
            'description = "A.b.c.d.e.f.g.h.i.j."  # a.b.c.d.e.f.g.h.i.j\nrules.hand_size = 5',
        )
        .replace("[rules]\n", "")
        .replace('preset = "standard"', 'rules.preset = "standard"')
    )
    text = text.replace("rounds = 3\n", "rules.rounds = 3\n")
    level = load_level(_write(tmp_path, "dotted.toml", text))
    assert level.description == "A.b.c.d.e.f.g.h.i.j." and level.option_values["hand_size"] == 5
