"""Checking a parsed level file field by field: every key, type, value and limit, each named.

:class:`LevelReader` turns what the TOML reader made of a file into a :class:`Level`, or raises
the first :class:`~game.levels.model.LevelError` it meets; :mod:`game.levels.files` reads the
files themselves.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from game.levels.model import (
    AI_LEVEL,
    AI_LEVELS,
    DEAL,
    GOAL,
    GOAL_KINDS,
    MISSING,
    RANGE,
    TYPE,
    UNKNOWN_KEY,
    VALUE,
    Goal,
    Level,
    LevelError,
    Opponent,
    RuleValue,
    shown_name,
)
from game.rules import SUPPORTED_SETS, Rules, RulesError, tile_count
from game.rules.names import text_problem
from game.rules.options import MAX_PLAYERS, MIN_PLAYERS

_TOP_KEYS: Final = ("id", "order", "name", "description", "seed", "rules", "opponents", "goal")
_OPPONENT_KEYS: Final = ("name", "ai", "style")
_GOAL_KEYS: Final = ("kind", "points", "two_stars", "three_stars")
_INT_OPTIONS: Final = ("set_size", "hand_size", "max_open_doubles", "double_blank_points", "rounds")
_BOOL_OPTIONS: Final = ("first_turn_chain", "first_turn_draw")
_TEXT_OPTIONS: Final = ("preset", "scoring")
RULE_KEYS: Final[tuple[str, ...]] = tuple(f.name for f in dataclasses.fields(Rules))

_ID_PATTERN: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_MAX_NAME: Final = 40
_MAX_DESCRIPTION: Final = 160


# Limits on what a level may hold, each with its reason (the README's table lists them;
# the limits on the file itself are in game.levels.files).
# Ladder positions; the README suggests steps of 10, so a thousand levels fit.
MAX_ORDER: Final = 10_000
# Seeds are 63-bit numbers, as the game's own (the daily table's, a fresh deal's).
MAX_SEED: Final = (1 << 63) - 1
# Opponents: a table seats MIN_PLAYERS to MAX_PLAYERS players, the player being one of them.
MAX_OPPONENTS: Final = MAX_PLAYERS - 1
# What a double blank left in a hand may count: the presets use 0 and 50; more than twice the
# standard would decide every round on that one tile.
MAX_DOUBLE_BLANK_POINTS: Final = 100
_LARGEST_SET: Final = max(SUPPORTED_SETS)
# The most any match can count for one player: every round the largest set allows, each
# counting every pip of that set and the dearest double blank (19 x (3420 + 100) = 66,880).
MAX_GOAL_POINTS: Final = (_LARGEST_SET + 1) * (
    _LARGEST_SET * (_LARGEST_SET + 1) * (_LARGEST_SET + 2) // 2 + MAX_DOUBLE_BLANK_POINTS
)
# Ranges of the whole-number rule options whatever the player count, (low, high, why): the rules'
# own check refuses what is below and names the sets; the deal check then refines the rest for
# the table's players.
_OPTION_LIMITS: Final[Mapping[str, tuple[int, int, str]]] = {
    "hand_size": (
        2,
        tile_count(_LARGEST_SET) // MIN_PLAYERS,
        f"{MIN_PLAYERS} hands must come out of the largest set, "
        f"of {tile_count(_LARGEST_SET)} tiles",
    ),
    "max_open_doubles": (
        0,
        _LARGEST_SET + 1,
        f"0 means no limit; the largest set has {_LARGEST_SET + 1} doubles",
    ),
    "double_blank_points": (
        0,
        MAX_DOUBLE_BLANK_POINTS,
        "the presets count 0 or 50; more would decide every round on one tile",
    ),
    "rounds": (1, _LARGEST_SET + 1, f"the largest set has engines for {_LARGEST_SET + 1} rounds"),
}


def _quoted(text: str, limit: int = _MAX_NAME) -> str:
    """``text`` in quotes for a message, cut short if long (a refusal stays readable)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


class LevelReader:
    """Checks one parsed file field by field; the first mistake raises a LevelError."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, field: str | None, kind: str, reason: str) -> LevelError:
        return LevelError(self.path, field, kind, reason)

    # -- field helpers

    def keys(self, data: Mapping[str, object], allowed: Sequence[str], where: str) -> None:
        for key in data:
            if key not in allowed:
                # a quoted TOML key may hold anything: the field shows it escaped, cut short
                shown = shown_name(key if len(key) <= _MAX_NAME else key[:_MAX_NAME] + "…")
                field = f"{where}.{shown}" if where else shown
                hint = [k for k in allowed if k.startswith(key) or key.startswith(k)]
                hint = hint or difflib.get_close_matches(key, allowed, n=1)
                suggestion = f" (did you mean {_quoted(hint[0])}?)" if hint else ""
                known = ", ".join(allowed)
                raise self.fail(
                    field,
                    UNKNOWN_KEY,
                    f"unknown key {_quoted(key)}{suggestion}; known keys: {known}",
                )

    def get(self, data: Mapping[str, object], key: str, where: str, required: bool) -> object:
        field = f"{where}.{key}" if where else key
        if key not in data:
            if required:
                raise self.fail(field, MISSING, "this field is required but missing")
            return None
        return data[key]

    def text(
        self, data: Mapping[str, object], key: str, where: str = "", max_length: int = _MAX_NAME
    ) -> str:
        field = f"{where}.{key}" if where else key
        value = self.get(data, key, where, True)
        if not isinstance(value, str):
            raise self.fail(field, TYPE, f"must be text in quotes, not {_describe(value)}")
        problem = text_problem(value, max_length)
        if problem is not None:
            raise self.fail(field, VALUE, problem)
        return value

    def at_most(self, field: str, value: int, low: int, high: int, why: str) -> None:
        """Refuse a number above ``high`` (the lower limits have their own messages)."""
        if value > high:
            raise self.fail(field, RANGE, f"must be {low} to {high} ({why}), not {value}")

    def whole(
        self, data: Mapping[str, object], key: str, where: str = "", required: bool = True
    ) -> int | None:
        field = f"{where}.{key}" if where else key
        value = self.get(data, key, where, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, TYPE, f"must be a whole number, not {_describe(value)}")
        return value

    def table(self, data: Mapping[str, object], key: str) -> Mapping[str, object]:
        value = self.get(data, key, "", True)
        if not isinstance(value, dict):
            raise self.fail(key, TYPE, f"must be a table [{key}], not {_describe(value)}")
        return value

    # -- the file

    def read(self, data: Mapping[str, object]) -> Level:
        self.keys(data, _TOP_KEYS, "")
        level_id = self.text(data, "id")
        if not _ID_PATTERN.fullmatch(level_id):
            raise self.fail(
                "id",
                VALUE,
                f"{level_id!r} is not a valid id: use lower-case letters, digits and single "
                "hyphens (like 'first-steps'); the id is where progress is saved, so keep it",
            )
        order = self.whole(data, "order")
        assert order is not None
        if order < 1:
            raise self.fail("order", VALUE, f"must be 1 or more, not {order}")
        self.at_most("order", order, 1, MAX_ORDER, "a place on the ladder")
        name = self.text(data, "name")
        description = self.text(data, "description", max_length=_MAX_DESCRIPTION)
        seed = self.whole(data, "seed", required=False)
        if seed is not None and seed < 0:
            raise self.fail("seed", VALUE, f"must be 0 or more, not {seed}")
        if seed is not None:
            self.at_most("seed", seed, 0, MAX_SEED, "a 63-bit number, as the game's own seeds")
        opponents = self.opponents(data)
        preset, options, rules = self.rules(data, 1 + len(opponents))
        goal = self.goal(data, rules, 1 + len(opponents))
        return Level(
            id=level_id,
            order=order,
            name=name,
            description=description,
            preset=preset,
            options=options,
            opponents=opponents,
            goal=goal,
            seed=seed,
            path=self.path,
        )

    def opponents(self, data: Mapping[str, object]) -> tuple[Opponent, ...]:
        value = self.get(data, "opponents", "", True)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(
                "opponents",
                TYPE,
                f"must be a list of [[opponents]] tables, not {_describe(value)}",
            )
        if not value:
            raise self.fail("opponents", VALUE, "a table needs at least one opponent")
        if len(value) > MAX_OPPONENTS:
            raise self.fail(
                "opponents",
                RANGE,
                f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, so 1 to {MAX_OPPONENTS} "
                f"opponents, not {len(value)}",
            )
        result: list[Opponent] = []
        seen: set[str] = set()
        for index, entry in enumerate(value, start=1):
            where = f"opponents[{index}]"
            self.keys(entry, _OPPONENT_KEYS, where)
            name = self.text(entry, "name", where)
            if name in seen:
                raise self.fail(f"{where}.name", VALUE, f"two opponents are named {name!r}")
            seen.add(name)
            ai = self.text(entry, "ai", where)
            if ai not in AI_LEVELS:
                raise self.fail(
                    f"{where}.ai",
                    AI_LEVEL,
                    f"there is no AI level {ai!r}: choose {', '.join(AI_LEVELS[:-1])} "
                    f"or {AI_LEVELS[-1]}",
                )
            style = self.text(entry, "style", where)
            result.append(Opponent(name, ai, style))
        return tuple(result)

    def rules(
        self, data: Mapping[str, object], players: int
    ) -> tuple[str, tuple[tuple[str, RuleValue], ...], Rules]:
        section = self.table(data, "rules")
        self.keys(section, RULE_KEYS, "rules")
        preset = self.text(section, "preset", "rules")
        try:
            base = Rules.preset_named(preset)
        except RulesError as error:
            raise self.fail("rules.preset", VALUE, str(error)) from None
        options: dict[str, RuleValue] = {}
        for key, value in section.items():
            if key == "preset":
                continue
            field = f"rules.{key}"
            if key in _INT_OPTIONS:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise self.fail(field, TYPE, f"must be a whole number, not {_describe(value)}")
                if key in _OPTION_LIMITS:
                    low, high, why = _OPTION_LIMITS[key]
                    self.at_most(field, value, low, high, why)
                option: RuleValue = value
                if key == "max_open_doubles" and value == 0:
                    option = None  # 0 means no limit, as on the command line
            elif key in _BOOL_OPTIONS:
                if not isinstance(value, bool):
                    raise self.fail(field, TYPE, f"must be true or false, not {_describe(value)}")
                option = value
            elif key in _TEXT_OPTIONS:
                option = self.text(section, key, "rules")
            else:  # a Rules field this loader does not know how to read
                raise self.fail(field, UNKNOWN_KEY, f"the rule option {key!r} cannot be set here")
            try:
                base.with_options(**{key: option}).validate()
            except RulesError as error:
                raise self.fail(field, VALUE, str(error)) from None
            options[key] = option
        rules = base.with_options(**options)
        opponents = players - 1
        try:
            dataclasses.replace(rules, rounds=None).deal_for(players)
        except RulesError as error:
            seats = f"{players} players (you and {opponents} opponent{'s' * (opponents != 1)})"
            raise self.fail("rules", DEAL, f"cannot be dealt for {seats}: {error}") from None
        try:
            rules.deal_for(players)
        except RulesError as error:
            raise self.fail("rules.rounds", DEAL, f"cannot be dealt: {error}") from None
        return preset, tuple(sorted(options.items())), rules

    def goal(self, data: Mapping[str, object], rules: Rules, players: int) -> Goal:
        section = self.table(data, "goal")
        self.keys(section, _GOAL_KEYS, "goal")
        kind = self.text(section, "kind", "goal")
        if kind not in GOAL_KINDS:
            raise self.fail(
                "goal.kind", GOAL, f"there is no goal {kind!r}: choose win, under or reach"
            )
        points = self.whole(section, "points", "goal", required=False)
        two = self.whole(section, "two_stars", "goal")
        three = self.whole(section, "three_stars", "goal")
        assert two is not None and three is not None
        positive = rules.scoring == "positive"
        scoring = f"{rules.scoring} scoring"
        if kind == "win" and points is not None:
            raise self.fail("goal.points", GOAL, "a 'win' goal takes no points; remove the line")
        if kind != "win" and points is None:
            raise self.fail("goal.points", MISSING, f"an {kind!r} goal needs its points")
        if kind == "under" and positive:
            raise self.fail(
                "goal.kind",
                GOAL,
                "'under' makes no sense with positive scoring, where the highest total wins: "
                "use 'reach' or 'win'",
            )
        if kind == "reach" and not positive:
            raise self.fail(
                "goal.kind",
                GOAL,
                f"'reach' makes no sense with {scoring}, where the lowest total wins: "
                "use 'under' or 'win'",
            )
        if points is not None and points < 1:
            raise self.fail("goal.points", GOAL, f"must be 1 or more, not {points}")
        for field, value in (("goal.two_stars", two), ("goal.three_stars", three)):
            if value < 1:
                raise self.fail(field, GOAL, f"must be 1 or more, not {value}")
        # No match counts more than MAX_GOAL_POINTS. With positive scoring a threshold must
        # also be reachable at this table: no total passes every pip of the set (and the
        # double blank's points) in every round. (With penalty scoring a threshold above that
        # is merely always met, as a gentle level may want.)
        fields = (("goal.points", points), ("goal.two_stars", two), ("goal.three_stars", three))
        for field, limited in fields:
            if limited is not None:
                self.at_most(field, limited, 1, MAX_GOAL_POINTS, "more than any match can count")
        if positive:
            deal = rules.deal_for(players)
            most = deal.rounds * (set_pips(deal.set_size) + rules.double_blank_points)
            rounds = f"{deal.rounds} round{'s' * (deal.rounds != 1)}"
            why = f"no total can pass {most} in {rounds} with a double-{deal.set_size} set"
            for field, limited in fields:
                if limited is not None:
                    self.at_most(field, limited, 1, most, why)
        if positive:
            if three <= two:
                raise self.fail(
                    "goal.three_stars",
                    GOAL,
                    f"with {scoring} three stars need more points than two: "
                    f"{three} is not more than {two}",
                )
            if points is not None and two <= points:
                raise self.fail(
                    "goal.two_stars",
                    GOAL,
                    f"two stars must ask more than clearing the level: "
                    f"{two} is not more than {points}",
                )
        else:
            if three >= two:
                raise self.fail(
                    "goal.three_stars",
                    GOAL,
                    f"with {scoring} three stars need a lower total than two: "
                    f"{three} is not below {two}",
                )
            if points is not None and two >= points:
                raise self.fail(
                    "goal.two_stars",
                    GOAL,
                    f"two stars must ask more than clearing the level: {two} is not below {points}",
                )
        return Goal(kind, points, two, three)


def set_pips(set_size: int) -> int:
    """Every pip of a double-``set_size`` set added up (168 for double-6).

    >>> set_pips(6)
    168
    """
    return set_size * (set_size + 1) * (set_size + 2) // 2


def _describe(value: object) -> str:
    """A TOML value as a level author would name it, for messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the decimal {value}"
    if isinstance(value, str):
        return f"the text {_quoted(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a date or time ({value})"
