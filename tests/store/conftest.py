"""Store tests never touch the real data folder: MEXICAN_TRAIN_HOME points at a temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("default-home")
    monkeypatch.setenv("MEXICAN_TRAIN_HOME", str(home))
    return home
