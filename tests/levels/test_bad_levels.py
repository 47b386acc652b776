"""Bad level files: each kind of mistake is refused with its own message naming the file and the
field, and the other levels still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.levels import (
    AI_LEVEL,
    DEAL,
    DUPLICATE_ID,
    DUPLICATE_ORDER,
    GOAL,
    MISSING,
    PARSE,
    READ,
    TYPE,
    UNKNOWN_KEY,
    VALUE,
    LevelError,
    load_level,
    load_levels,
)

GOOD = """\
id = "good-table"
order = 10
name = "Good Table"
description = "A table with nothing wrong."

[rules]
preset = "standard"
rounds = 3

[[opponents]]
name = "Ada"
ai = "easy"
style = "Calm"

[[opponents]]
name = "Bea"
ai = "normal"
style = "Sharp"

[goal]
kind = "win"
two_stars = 60
three_stars = 25
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refusal(tmp_path: Path, text: str) -> LevelError:
    path = _write(tmp_path, "bad.toml", text)
    with pytest.raises(LevelError) as caught:
        load_level(path)
    return caught.value


def test_the_good_file_loads(tmp_path: Path) -> None:
    level = load_level(_write(tmp_path, "good.toml", GOOD))
    assert level.id == "good-table" and level.players == 3


# (what to change in GOOD, the field named, the kind of mistake, words the reason contains)
MISTAKES = [
    # not a TOML file at all
    ('id = "good-table"', 'id = "good-table', None, PARSE, "not valid TOML"),
    # unknown keys, with a suggestion for a typo
    ('name = "Good Table"', 'nmae = "Good Table"', "nmae", UNKNOWN_KEY, "did you mean 'name'"),
    ("rounds = 3", "set = 6", "rules.set", UNKNOWN_KEY, "did you mean 'set_size'"),
    ('ai = "easy"', 'level = "easy"', "opponents[1].level", UNKNOWN_KEY, "unknown key 'level'"),
    ("two_stars = 60", "two_star = 60", "goal.two_star", UNKNOWN_KEY, "did you mean 'two_stars'"),
    # missing fields
    ('description = "A table with nothing wrong."\n', "", "description", MISSING, "required"),
    ('style = "Sharp"', "", "opponents[2].style", MISSING, "required"),
    ('[goal]\nkind = "win"\ntwo_stars = 60\nthree_stars = 25\n', "", "goal", MISSING, "required"),
    ('preset = "standard"\n', "", "rules.preset", MISSING, "required"),
    # wrong types
    ("order = 10", 'order = "ten"', "order", TYPE, "whole number, not the text 'ten'"),
    ('name = "Good Table"', "name = 5", "name", TYPE, "text in quotes, not the number 5"),
    ("rounds = 3", 'first_turn_chain = "yes"', "rules.first_turn_chain", TYPE, "true or false"),
    ("rounds = 3", "rounds = 3.5", "rules.rounds", TYPE, "not the decimal 3.5"),
    ("rounds = 3", "set_size = true", "rules.set_size", TYPE, "whole number, not true"),
    ("three_stars = 25", 'three_stars = "25"', "goal.three_stars", TYPE, "whole number"),
    # values that are not allowed
    ('id = "good-table"', 'id = "Good Table"', "id", VALUE, "not a valid id"),
    ("order = 10", "order = 0", "order", VALUE, "1 or more"),
    ('name = "Good Table"', 'name = ""', "name", VALUE, "must not be empty"),
    ('preset = "standard"', 'preset = "american"', "rules.preset", VALUE, "unknown preset"),
    ("rounds = 3", "set_size = 7", "rules.set_size", VALUE, "no double-7 set"),
    ("rounds = 3", "hand_size = 1", "rules.hand_size", VALUE, "too small"),
    ("rounds = 3", 'scoring = "golf"', "rules.scoring", VALUE, "unknown scoring"),
    ('name = "Bea"', 'name = "Ada"', "opponents[2].name", VALUE, "two opponents are named 'Ada'"),
    # an AI level that does not exist
    ('ai = "normal"', 'ai = "expert"', "opponents[2].ai", AI_LEVEL, "no AI level 'expert'"),
    # rules that cannot be dealt for these seats
    ("rounds = 3", "set_size = 6\nhand_size = 12", "rules", DEAL, "3 hands of 12 need 36 tiles"),
    ("rounds = 3", "set_size = 6\nrounds = 9", "rules.rounds", DEAL, "engines for 7 rounds"),
    # goals that make no sense
    ('kind = "win"', 'kind = "lose"', "goal.kind", GOAL, "no goal 'lose'"),
    ('kind = "win"', 'kind = "win"\npoints = 50', "goal.points", GOAL, "takes no points"),
    ('kind = "win"', 'kind = "under"', "goal.points", MISSING, "needs its points"),
    ('kind = "win"', 'kind = "reach"\npoints = 40', "goal.kind", GOAL, "'reach' makes no sense"),
    ("three_stars = 25", "three_stars = 60", "goal.three_stars", GOAL, "60 is not below 60"),
    ('kind = "win"', 'kind = "under"\npoints = 50', "goal.two_stars", GOAL, "60 is not below 50"),
    ("two_stars = 60", "two_stars = 0", "goal.two_stars", GOAL, "1 or more"),
]

MORE_MISTAKES = [
    (
        'rules = "standard"\n' + GOOD.replace('[rules]\npreset = "standard"\nrounds = 3\n', ""),
        "rules",
        TYPE,
        "must be a table [rules], not the text 'standard'",
    ),
    # (the whole text, field, kind, reason words)
    (
        GOOD.replace('preset = "standard"\nrounds = 3', 'preset = "station"')
        + "".join(
            f'\n[[opponents]]\nname = "P{i}"\nai = "easy"\nstyle = "Quiet"\n' for i in range(9)
        ),
        "rules",
        DEAL,
        "station rules deal for 2 to 10 players, not 12",
    ),
    (
        GOOD.replace("rounds = 3", 'scoring = "positive"'),
        "goal.three_stars",
        GOAL,
        "three stars need more points than two",
    ),
    (
        GOOD.replace("rounds = 3", 'scoring = "positive"').replace(
            'kind = "win"', 'kind = "under"\npoints = 70'
        ),
        "goal.kind",
        GOAL,
        "'under' makes no sense with positive scoring",
    ),
    (
        GOOD.replace("rounds = 3", 'scoring = "positive"')
        .replace('kind = "win"', 'kind = "reach"\npoints = 80')
        .replace("two_stars = 60", "two_stars = 70")
        .replace("three_stars = 25", "three_stars = 90"),
        "goal.two_stars",
        GOAL,
        "70 is not more than 80",
    ),
    (
        "opponents = []\n" + GOOD.split("[[opponents]]")[0] + "[goal]" + GOOD.split("[goal]")[1],
        "opponents",
        VALUE,
        "at least one opponent",
    ),
    (
        GOOD.replace('description = "A table with nothing wrong."', 'description = "Two\\nlines"'),
        "description",
        VALUE,
        "one line",
    ),
    (GOOD + "seed = -1\n", "goal.seed", UNKNOWN_KEY, "unknown key 'seed'"),  # inside [goal]
    ("seed = -1\n" + GOOD, "seed", VALUE, "0 or more"),
]


@pytest.mark.parametrize(
    ("old", "new", "field", "kind", "words"),
    MISTAKES,
    ids=[f"{m[3]}:{m[2]}" for m in MISTAKES],
)
def test_each_mistake_names_file_field_and_reason(
    tmp_path: Path, old: str, new: str, field: str | None, kind: str, words: str
) -> None:
    assert old in GOOD
    error = _refusal(tmp_path, GOOD.replace(old, new, 1))
    assert (error.file, error.field, error.kind) == ("bad.toml", field, kind)
    assert words in error.reason
    message = str(error)
    assert message.startswith("bad.toml: ")
    if field:
        assert message.startswith(f"bad.toml: {field}: ")


@pytest.mark.parametrize(
    ("text", "field", "kind", "words"),
    MORE_MISTAKES,
    ids=[f"{m[2]}:{m[1]}" for m in MORE_MISTAKES],
)
def test_more_mistakes(tmp_path: Path, text: str, field: str, kind: str, words: str) -> None:
    error = _refusal(tmp_path, text)
    assert (error.field, error.kind) == (field, kind), str(error)
    assert words in error.reason
    assert str(error) == f"bad.toml: {field}: {error.reason}"


def test_parse_error_says_where(tmp_path: Path) -> None:
    error = _refusal(tmp_path, GOOD.replace("order = 10", "order = = 10"))
    assert error.kind == PARSE and error.field is None
    assert "line 2" in error.reason
    assert str(error).startswith("bad.toml: not valid TOML")


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(GOOD.replace("Ada", "Ad\u00e1").encode("latin-1"))
    with pytest.raises(LevelError) as caught:
        load_level(path)
    assert caught.value.kind == PARSE and "UTF-8" in str(caught.value)


def test_each_kind_of_mistake_has_its_own_message(tmp_path: Path) -> None:
    messages: dict[str, set[str]] = {}
    for old, new, _field, kind, _words in MISTAKES:
        error = _refusal(tmp_path, GOOD.replace(old, new, 1))
        messages.setdefault(kind, set()).add(str(error))
    for kind, reasons in messages.items():
        assert reasons, kind
    all_reasons = [r for rs in messages.values() for r in rs]
    assert len(all_reasons) == len(set(all_reasons))  # no two mistakes read the same


def test_bad_files_are_refused_and_the_others_still_load(tmp_path: Path) -> None:
    _write(tmp_path, "a-good.toml", GOOD)
    _write(tmp_path, "b-broken.toml", "this is not toml")
    _write(
        tmp_path,
        "c-expert.toml",
        GOOD.replace('"good-table"', '"c"')
        .replace("order = 10", "order = 30")
        .replace('ai = "easy"', 'ai = "expert"'),
    )
    _write(
        tmp_path,
        "d-second.toml",
        GOOD.replace('"good-table"', '"second"').replace("order = 10", "order = 20"),
    )
    _write(tmp_path, "notes.txt", "not a level")
    levels, errors = load_levels(tmp_path)
    assert [lv.id for lv in levels] == ["good-table", "second"]
    assert [(e.file, e.kind) for e in errors] == [
        ("b-broken.toml", PARSE),
        ("c-expert.toml", AI_LEVEL),
    ]


def test_duplicate_ids_refuse_the_later_file(tmp_path: Path) -> None:
    _write(tmp_path, "one.toml", GOOD)
    _write(tmp_path, "two.toml", GOOD.replace("order = 10", "order = 20"))
    levels, errors = load_levels(tmp_path)
    assert [lv.path.name for lv in levels if lv.path] == ["one.toml"]
    [error] = errors
    assert (error.file, error.field, error.kind) == ("two.toml", "id", DUPLICATE_ID)
    assert str(error) == "two.toml: id: the id 'good-table' is already used by one.toml"


def test_duplicate_orders_refuse_the_later_file(tmp_path: Path) -> None:
    _write(tmp_path, "one.toml", GOOD)
    _write(tmp_path, "two.toml", GOOD.replace('"good-table"', '"other"'))
    levels, errors = load_levels(tmp_path)
    assert [lv.id for lv in levels] == ["good-table"]
    [error] = errors
    assert (error.file, error.field, error.kind) == ("two.toml", "order", DUPLICATE_ORDER)
    assert "order 10 is already used by one.toml" in str(error)


def test_a_missing_directory_is_one_read_error(tmp_path: Path) -> None:
    levels, errors = load_levels(tmp_path / "nowhere")
    assert levels == []
    [error] = errors
    assert error.kind == READ and error.file == "nowhere"


def test_a_missing_file_is_a_read_error(tmp_path: Path) -> None:
    with pytest.raises(LevelError) as caught:
        load_level(tmp_path / "gone.toml")
    assert caught.value.kind == READ and str(caught.value).startswith("gone.toml: cannot read")
