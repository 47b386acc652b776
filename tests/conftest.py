"""Shared test setup: pygame runs headless (dummy video and audio drivers), and every test has a
data folder of its own.

The variables are set at import time, before any test module can import pygame.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Nothing a test starts (the game in a subprocess included) may touch a real player's saves: a
# fallback data folder for anything that runs outside a test (collection, doctests' imports)...
if "MEXICAN_TRAIN_HOME" not in os.environ:
    os.environ["MEXICAN_TRAIN_HOME"] = tempfile.mkdtemp(prefix="mexican-train-tests-")


@pytest.fixture(autouse=True)
def _private_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """...and a fresh one for each test, so tests run in parallel (pytest-xdist) never share
    saves. A test that needs its own folder sets MEXICAN_TRAIN_HOME again (or uses ``home``)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MEXICAN_TRAIN_HOME", str(home))
    return home
