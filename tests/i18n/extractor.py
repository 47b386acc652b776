"""``tools/i18n_extract.py`` loaded as a module, for the tests that call it directly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_extractor() -> ModuleType:
    """The extractor tool (a script under tools/, not a package), imported from its file."""
    spec = importlib.util.spec_from_file_location("i18n_extract", ROOT / "tools/i18n_extract.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_extract", module)
    spec.loader.exec_module(module)
    return module
