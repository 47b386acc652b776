"""Golden playthroughs: four seeded matches (standard and station rules, 2, 3, 4 and 8 players,
one with take-backs) are played again exactly, byte for byte of their records, and ``verify``
accepts each kept record. A change here is a change of behaviour (tests/golden/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.golden import GOLDENS, HERE, ROOT, Golden
from tests.golden.take_backs import SEED, play_practice_match

SIMULATED = [g for g in GOLDENS if g.command[0] == "main.py"]
TAKE_BACKS = next(g for g in GOLDENS if g.command[:2] == ("-m", "tests.golden.take_backs"))
REGENERATE = "python -m tests.golden.regenerate"


def first_difference(kept: str, played: str) -> str:
    """Where two records part, in words, for a failing comparison."""
    old, new = kept.splitlines(), played.splitlines()
    for number, (a, b) in enumerate(zip(old, new, strict=False), start=1):
        if a != b:
            return f"line {number} was\n  {a}\nand is now\n  {b}"
    return f"the kept record has {len(old)} lines, the new one {len(new)}"


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.file for g in GOLDENS])
def test_the_match_is_played_again_byte_for_byte(golden: Golden, tmp_path: Path) -> None:
    kept = golden.kept.read_bytes()
    played = golden.run(tmp_path).encode("utf-8")
    assert played == kept, (
        f"{golden.shown()} no longer plays {golden.file}: "
        f"{first_difference(kept.decode('utf-8'), played.decode('utf-8'))}\n"
        f"If the game is meant to play differently now, run {REGENERATE} and say why in the "
        "commit."
    )


@pytest.mark.parametrize("golden", SIMULATED, ids=[g.file for g in SIMULATED])
def test_another_seed_plays_another_match(golden: Golden, tmp_path: Path) -> None:
    """The comparison above can fail: the same table one seed on is a different match."""
    command = list(golden.command)
    at = command.index("--seed") + 1
    command[at] = str(golden.seed + 1)
    other = Golden(golden.file, golden.seed + 1, tuple(command))
    assert other.run(tmp_path).encode("utf-8") != golden.kept.read_bytes()


def test_verify_accepts_every_kept_record() -> None:
    files = [str(g.kept.relative_to(ROOT)) for g in GOLDENS]
    done = subprocess.run(
        [sys.executable, "main.py", "verify", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    for golden, file in zip(GOLDENS, files, strict=True):
        end = json.loads(golden.kept.read_text(encoding="utf-8").splitlines()[-1])
        assert end["type"] == "match_end", f"{golden.file} stops before the match's end"
        totals = ", ".join(str(t) for t in end["totals"])
        assert any(
            line.startswith(f"{file}: ok, ") and f"totals {totals}," in line for line in said
        )


def test_the_goldens_seat_the_tables_they_stand_for() -> None:
    """Standard and station rules, 2 and 8 players, positive scoring, a changed set and hand."""
    heads = {g.file: json.loads(g.kept.read_text(encoding="utf-8").split("\n")[0]) for g in GOLDENS}
    tables = {f: (h["rules"]["preset"], h["players"]) for f, h in heads.items()}
    assert tables["standard-2p.jsonl"] == ("standard", 2)
    assert tables["station-8p.jsonl"] == ("station", 8)
    assert tables["practice-take-backs-3p.jsonl"] == ("standard", 3)
    changed = heads["double9-4p-positive.jsonl"]
    assert (changed["players"], changed["set"], changed["rules"]["hand_size"]) == (4, 9, 10)
    assert changed["rules"]["scoring"] == "positive"
    ends = "".join(g.kept.read_text(encoding="utf-8") for g in GOLDENS)
    assert '"reason": "out"' in ends and '"reason": "blocked"' in ends


def test_the_readme_gives_each_goldens_command() -> None:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    for golden in GOLDENS:
        assert f"`{golden.file}`" in readme
        assert f"`{golden.shown()}`" in readme
    assert f"`{REGENERATE}`" in readme
    kept = sorted(p.name for p in HERE.glob("*.jsonl"))
    assert kept == sorted(g.file for g in GOLDENS), "every kept record is a golden, and is kept"


def test_the_practice_match_takes_turns_back_and_plays_on() -> None:
    """The take-backs leave no line in the record, so the script says what it did: a turn
    played another way, one played the same way (the computer seats answer exactly as before),
    and one that takes back the end of a round; what was played again is in the kept record."""
    assert TAKE_BACKS.seed == SEED
    text, done = play_practice_match()
    assert text.encode("utf-8") == TAKE_BACKS.kept.read_bytes()
    assert [(t.turn, t.how) for t in done] == [(3, "other"), (6, "same"), (10, "other")]
    other, same, round_end = done
    assert other.played_again != other.taken_back
    assert same.played_again == same.taken_back and same.taken_back
    assert any(json.loads(line)["type"] == "round_end" for line in round_end.taken_back)
    assert round_end.played_again != round_end.taken_back
    lines = text.splitlines()
    for take_back in done:
        again = list(take_back.played_again)
        assert lines[take_back.at : take_back.at + len(again)] == again
