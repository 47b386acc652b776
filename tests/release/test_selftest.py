"""``python main.py --selftest`` passes from source (CI runs it on the built app too)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def passing_selftest(**variables: str) -> subprocess.CompletedProcess[str]:
    """Run ``main.py --selftest`` (with these extra environment variables); it must pass."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **variables}
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--selftest"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("self-test passed"), result.stdout
    return result


def test_the_selftest_passes_from_source(home: Path) -> None:
    result = passing_selftest()
    lines = result.stdout.splitlines()
    checks = ("window", "fonts", "assets", "tiles", "sounds", "scenes", "round", "help", "saves")
    for check in checks:
        assert any(line.startswith(f"ok    {check}") for line in lines), (check, result.stdout)
    assert not home.exists(), "the self-test must not write to the player's folder"


def test_the_selftest_passes_with_a_broken_level_file_and_the_ladder_names_it(
    home: Path, tmp_path: Path
) -> None:
    # The shipped levels and, beside them, a file nested 100,000 deep (it used to raise
    # RecursionError out of the loader) and one the ladder could not draw (a NUL in its name).
    levels = tmp_path / "levels"
    shutil.copytree(ROOT / "levels", levels)
    (levels / "deep.toml").write_text("deep = " + "[" * 100_000 + "]" * 100_000 + "\n")
    good = (levels / "first-steps.toml").read_text(encoding="utf-8")
    nul = good.replace('"first-steps"', '"nul-name"', 1).replace("order = 10", "order = 15", 1)
    (levels / "nul.toml").write_text(nul.replace("First Steps", "First\\u0000Steps", 1))
    result = passing_selftest(MEXICAN_TRAIN_LEVELS=str(levels))
    lines = result.stdout.splitlines()
    [assets] = [line for line in lines if line.startswith("ok    assets")]
    assert "14 levels (2 level files refused: deep.toml: nested too deeply to read; " in assets
    assert "nul.toml: name: holds U+0000" in assets
    [scenes] = [line for line in lines if line.startswith("ok    scenes")]
    assert "ladder's notice of refused level files" in scenes
    assert "Traceback" not in result.stderr
    assert not home.exists(), "the self-test must not write to the player's folder"
