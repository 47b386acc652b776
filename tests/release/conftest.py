"""Release tests: the real game, headless, with its saves in a private folder per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """MEXICAN_TRAIN_HOME for this test: nothing touches the real user folder."""
    folder = tmp_path / "home"
    monkeypatch.setenv("MEXICAN_TRAIN_HOME", str(folder))
    for name in ("MEXICAN_TRAIN_AUTOPLAY", "MEXICAN_TRAIN_TRACE", "MEXICAN_TRAIN_STARTUP"):
        monkeypatch.delenv(name, raising=False)
    return folder
