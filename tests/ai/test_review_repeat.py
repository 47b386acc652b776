"""Same record, same review: in this process twice and in another process, identical JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.review import DEFAULT_GUESSES
from game.commands.simulate import review_main
from game.commands.tournament import seat_factory

from .test_review import ROOT, recorded_match


def test_the_same_record_gives_identical_json_here_and_in_another_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.jsonl"
    # Hard without its time guard, so that the match (and so its review) is the same under load.
    clock_free = seat_factory(None, DEFAULT_GUESSES)
    text = recorded_match(["easy", "normal", "hard", "normal"], 11, rounds=1, make=clock_free)
    path.write_text(text, encoding="utf-8")
    runs = []
    for _ in range(2):
        assert review_main(str(path), 0, DEFAULT_GUESSES, as_json=True) == 0
        runs.append(capsys.readouterr().out)
    # Another interpreter, with another string-hash seed: nothing may hang on set or dict order.
    env = {**os.environ, "PYTHONHASHSEED": "4321"}
    other = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "review", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=env,
    )
    assert other.returncode == 0, other.stderr
    assert runs[0] == runs[1] == other.stdout
    data = json.loads(other.stdout)
    assert data["guesses"] == DEFAULT_GUESSES and len(data["decisions"]) >= 8
    assert any(d["label"] != "forced" for d in data["decisions"])
