"""docs/RULES.md is the rulebook players and the referee read: every option the engine takes
must be named in its table of presets and options (section 9)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.rules import Rules

RULEBOOK = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"

# Options the table names in words rather than by their field name.
WORDED = {
    "preset": None,
    "set_size": "| set |",
    "hand_size": "| hand size |",
    "scoring": "| scoring |",
}


def _option_table() -> str:
    text = RULEBOOK.read_text(encoding="utf-8")
    section = text.split("## 9.", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line for line in section.splitlines() if line.startswith("|"))


def test_every_engine_option_is_in_the_rulebook_table() -> None:
    table = _option_table()
    for field in dataclasses.fields(Rules):
        wanted = WORDED.get(field.name, f"| `{field.name}` |")
        if wanted is not None:
            assert wanted in table, f"RULES.md section 9 does not name {field.name}"


def test_the_rulebook_says_how_rounds_shortens_a_match() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    section = text.split("## 3.", 1)[1].split("\n## ", 1)[0]
    assert "`rounds`" in section and "double-(N-R+1)" in section
