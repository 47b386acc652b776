"""``python main.py --selftest`` passes from source (CI runs it on the built app too)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_selftest_passes_from_source(home: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
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
    for check in ("window", "fonts", "assets", "tiles", "sounds", "scenes", "round", "saves"):
        assert any(line.startswith(f"ok    {check}") for line in lines), (check, result.stdout)
    assert not home.exists(), "the self-test must not write to the player's folder"
