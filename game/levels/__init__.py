"""The ladder of tables: level files, their checks, the ladder state and the rating of a match.

Each file in ``levels/`` describes one table (the format is documented in ``levels/README.md``).
:func:`load_levels` reads a directory of them; a broken file is refused with a
:class:`LevelError` that names the file, the field and the reason, and the other levels still
load. Levels come back in ladder order (their ``order`` field).

* :meth:`Level.rules`, :attr:`Level.players`, :attr:`Level.seat_kinds` and
  :meth:`Level.make_opponents` set up a match: the player always sits at seat 0.
* :func:`ladder_state` turns a progress mapping ``{level_id: stars}`` into each level's status:
  locked, open or cleared (with its stars). The first level is always open; each next one opens
  when the one before it is cleared.
* :func:`rate_match` / :func:`rate_game` rate a finished match against a level's goal.
* :func:`record_stars` keeps the best stars per level in a progress mapping.
* :func:`catalog_entries` lists the texts of the level files a translator must see.

The package's modules: :mod:`game.levels.model` (what a level is, its errors),
:mod:`game.levels.files` (the strict loader: files, sizes, TOML), :mod:`game.levels.checks`
(each field of a file checked) and :mod:`game.levels.rating` (the ladder state and the rating
of a match); every name is importable from ``game.levels``.

>>> levels, errors = load_levels(default_levels_dir())
>>> errors
[]
>>> first = levels[0]
>>> first.players, first.seat_kinds, first.rules().deal_for(first.players).set_size
(2, ('human', 'easy'), 6)
"""

from __future__ import annotations

from game.levels.checks import (
    MAX_DOUBLE_BLANK_POINTS,
    MAX_GOAL_POINTS,
    MAX_OPPONENTS,
    MAX_ORDER,
    MAX_SEED,
    RULE_KEYS,
    set_pips,
)
from game.levels.files import (
    LEVELS_ENV,
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    default_levels_dir,
    load_level,
    load_levels,
    longest_key,
    parse_level,
)
from game.levels.model import (
    AI_LEVEL,
    AI_LEVELS,
    CLEARED,
    DEAL,
    DUPLICATE_ID,
    DUPLICATE_ORDER,
    FALLBACK_KINDS,
    GOAL,
    GOAL_KINDS,
    HUMAN,
    LOCKED,
    MAX_STARS,
    MISSING,
    OPEN,
    PARSE,
    RANGE,
    READ,
    TOO_LARGE,
    TYPE,
    UNKNOWN_KEY,
    VALUE,
    Goal,
    Level,
    LevelError,
    Opponent,
    RuleValue,
    catalog_entries,
    playable_kind,
    seat_seed,
    shown_name,
)
from game.levels.rating import (
    LadderEntry,
    Rating,
    ladder_state,
    next_level,
    rate_game,
    rate_match,
    record_stars,
    stars_of,
)
from game.rules.names import text_problem  # the loader's text check, shared with records

__all__ = [
    "AI_LEVEL",
    "AI_LEVELS",
    "CLEARED",
    "DEAL",
    "DUPLICATE_ID",
    "DUPLICATE_ORDER",
    "FALLBACK_KINDS",
    "GOAL",
    "GOAL_KINDS",
    "Goal",
    "HUMAN",
    "LEVELS_ENV",
    "LOCKED",
    "LadderEntry",
    "Level",
    "LevelError",
    "MAX_DOUBLE_BLANK_POINTS",
    "MAX_FILE_BYTES",
    "MAX_GOAL_POINTS",
    "MAX_KEY_PARTS",
    "MAX_OPPONENTS",
    "MAX_ORDER",
    "MAX_SEED",
    "MAX_STARS",
    "MISSING",
    "OPEN",
    "Opponent",
    "PARSE",
    "RANGE",
    "READ",
    "RULE_KEYS",
    "Rating",
    "RuleValue",
    "TOO_LARGE",
    "TYPE",
    "UNKNOWN_KEY",
    "VALUE",
    "catalog_entries",
    "default_levels_dir",
    "ladder_state",
    "load_level",
    "load_levels",
    "longest_key",
    "next_level",
    "parse_level",
    "playable_kind",
    "rate_game",
    "rate_match",
    "record_stars",
    "seat_seed",
    "set_pips",
    "shown_name",
    "stars_of",
    "text_problem",
]
