"""Where the translations live: the assets folder, its catalogs and its rules pages."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Final

DOMAIN: Final = "mexican_train"
ASSETS_ENV: Final = "MEXICAN_TRAIN_ASSETS"


def assets_dir() -> Path:
    """The ``assets`` folder: $MEXICAN_TRAIN_ASSETS, a PyInstaller bundle's, or the source's."""
    candidates: list[Path] = []
    env = os.environ.get(ASSETS_ENV)
    if env:
        candidates.append(Path(env))
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str):
        candidates.append(Path(bundle) / "assets")
    game = Path(__file__).resolve().parent.parent
    candidates.append(game.parent / "assets")  # source tree and editable install
    candidates.append(game / "assets")  # a build that copied assets into the package
    for candidate in candidates:
        if (candidate / "locale").is_dir():
            return candidate
    return candidates[-2]


def locale_dir() -> Path:
    return assets_dir() / "locale"


def catalog_path(code: str) -> Path:
    """Where the ``.po`` catalog of language ``code`` lives."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """The ``.pot`` template the extractor writes."""
    return locale_dir() / f"{DOMAIN}.pot"


def rules_path(code: str) -> Path:
    """The rules page text of language ``code``."""
    return assets_dir() / "rules" / f"{code}.txt"


def data_files() -> list[tuple[str, str]]:
    """``(source, destination)`` folder pairs a frozen build must bundle (PyInstaller datas)."""
    root = assets_dir()
    return [(str(root / "locale"), "assets/locale"), (str(root / "rules"), "assets/rules")]
