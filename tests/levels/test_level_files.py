"""Every level file in levels/ loads, climbs the ladder as the issue asks, and deals a playable
first round with its own seats."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.ai.simple import SEAT_KINDS, make_seat
from game.levels import (
    AI_LEVELS,
    FALLBACK_KINDS,
    HUMAN,
    Level,
    catalog_entries,
    default_levels_dir,
    load_level,
    load_levels,
    parse_level,
)
from game.rules import PLAY, Rules

LEVEL_FILES = sorted(default_levels_dir().glob("*.toml"))
PATH_OF_ID = {load_level(p).id: p for p in LEVEL_FILES}
LEVELS_BY_ID = {level.id: level for level in load_levels()[0]}
MAX_ACTIONS = 20_000  # far above any real round; a stuck loop fails instead of hanging


def _loaded() -> list[Level]:
    levels, errors = load_levels()
    assert errors == [], "\n".join(str(e) for e in errors)
    return levels


def test_every_level_file_loads_without_errors() -> None:
    levels = _loaded()
    assert len(levels) == len(LEVEL_FILES) >= 12
    assert len({lv.id for lv in levels}) == len(levels)
    orders = [lv.order for lv in levels]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


def test_the_ladder_climbs_from_one_easy_to_seven_hard() -> None:
    levels = _loaded()
    first, last = levels[0], levels[-1]
    assert first.players == 2 and first.seat_kinds == (HUMAN, "easy")
    assert first.deal.set_size == 6
    assert last.players == 8 and last.seat_kinds == (HUMAN, *["hard"] * 7)
    assert last.deal.set_size == 12 and last.deal.rounds == 13
    assert last.goal.kind == "win"


def test_the_ladder_has_station_tables_and_a_variety_of_options() -> None:
    levels = _loaded()
    rules = [lv.rules() for lv in levels]
    assert sum(r.preset == "station" for r in rules) >= 3
    assert any(r.scoring == "positive" for r in rules)
    assert any(r.preset == "standard" and not r.first_turn_chain for r in rules)
    assert any(r.preset == "station" and r.max_open_doubles is None for r in rules)
    assert any(r.preset == "standard" and r.max_open_doubles == 1 for r in rules)
    assert any(r.preset == "station" and r.double_blank_points > 0 for r in rules)
    assert any(r.rounds is not None for r in rules)  # short matches
    assert {lv.goal.kind for lv in levels} == {"win", "under", "reach"}
    assert {o.ai for lv in levels for o in lv.opponents} == set(AI_LEVELS)


@pytest.mark.parametrize("path", LEVEL_FILES, ids=[p.stem for p in LEVEL_FILES])
def test_level_plays_its_first_round_headless_with_its_seats(path: Path) -> None:
    level = load_level(path)
    seed = 1234
    game = level.new_game(seed)
    assert game.names == level.seat_names()
    game.start_round()
    opponents = level.make_opponents(seed)
    assert [seat.name for seat in opponents] == [o.name for o in level.opponents]
    for opponent in level.opponents:  # the real level when registered, else its stand-in
        expected = opponent.ai if opponent.ai in SEAT_KINDS else FALLBACK_KINDS[opponent.ai]
        assert opponent.kind == expected
    seats = [make_seat("greedy", seed), *opponents]  # seat 0, the player, played simply
    actions = 0
    while game.phase == PLAY:
        seat = game.current
        action = seats[seat].choose(game.observation(seat))
        assert game.check(action) is None, f"{level.id}: seat {seat} chose an illegal {action}"
        game.apply(action)
        actions += 1
        assert actions < MAX_ACTIONS, f"{level.id}: the first round does not end"
    assert game.round_number == 1 and len(game.round_scores) == 1
    assert game.end_reason in ("out", "blocked")


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Rules)])
def test_every_rule_option_can_be_written_in_a_level_file(tmp_path: Path, name: str) -> None:
    value = getattr(Rules.standard(), name)
    if value is None:
        value = 0 if name == "max_open_doubles" else 12 if name == "set_size" else 4
    written = f'"{value}"' if isinstance(value, str) else str(value).lower()
    line = "" if name == "preset" else f"{name} = {written}\n"
    path = tmp_path / "options.toml"
    path.write_text(
        'id = "options"\norder = 1\nname = "Options"\ndescription = "Every option."\n'
        f'[rules]\npreset = "standard"\n{line}'
        '[[opponents]]\nname = "A"\nai = "easy"\nstyle = "Calm"\n'
        '[goal]\nkind = "win"\ntwo_stars = 50\nthree_stars = 20\n',
        encoding="utf-8",
    )
    level = load_level(path)
    assert level.rules().preset == "standard"


def test_catalog_lists_every_text_a_player_sees() -> None:
    levels = _loaded()
    texts = {text for text, _ in catalog_entries(levels)}
    for level in levels:
        assert {level.name, level.description} <= texts
        assert {o.style for o in level.opponents} <= texts
    where = dict(catalog_entries(levels[:1]))
    assert where[levels[0].name] == f"levels/{PATH_OF_ID[levels[0].id].name}: name"


def test_the_readme_example_is_a_valid_level() -> None:
    readme = (default_levels_dir() / "README.md").read_text(encoding="utf-8")
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    level = parse_level(example, "README.md")
    assert level.id == LEVELS_BY_ID["first-steps"].id
    assert level.rules() == LEVELS_BY_ID["first-steps"].rules()
    assert level.goal == LEVELS_BY_ID["first-steps"].goal


def test_a_fixed_seed_deals_the_same_whatever_the_attempt(tmp_path: Path) -> None:
    path = PATH_OF_ID["three-for-tea"]
    text = "seed = 99\n" + path.read_text(encoding="utf-8")
    fixed = parse_level(text, tmp_path / "fixed.toml")
    assert fixed.seed == 99 and fixed.match_seed(5) == 99
    one, two = fixed.new_game(1), fixed.new_game(2)
    assert one.start_round() == two.start_round()
    free = LEVELS_BY_ID["three-for-tea"]
    assert free.seed is None and free.match_seed(5) == 5
    assert free.new_game(1).start_round() != free.new_game(2).start_round()
