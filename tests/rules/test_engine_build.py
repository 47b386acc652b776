"""Which engine a test run exercises: the checkout's own Python sources, or (run inside the
optional compiled build, ``python tools/build_compiled.py run python -m pytest tests/rules``)
the modules mypyc compiled. Either way it is the one the run says, never a mix: a compiled
module left next to the sources, or a stale build earlier on the path, would fail here."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import game.ai
import game.rules

ROOT = Path(__file__).resolve().parents[2]
# tools/build_compiled.py writes this file into the copy it compiles (build/compiled/), with
# the names of the modules it compiled (game/rules, and game/ai when asked for).
MANIFEST = ROOT / "COMPILED.json"
COMPILED = MANIFEST.is_file()
LISTED = set(json.loads(MANIFEST.read_text())["modules"]) if COMPILED else set()


def _modules(package: ModuleType) -> list[str]:
    return sorted(f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__))


def _engine_modules() -> dict[str, Path]:
    names = ["game.rules", "game.ai", *_modules(game.rules), *_modules(game.ai)]
    return {name: Path(importlib.import_module(name).__file__ or "") for name in names}


def test_the_engine_and_ai_come_from_this_tree_each_module_as_the_run_says() -> None:
    files = _engine_modules()
    assert len(files) > 15
    outside = [n for n, f in files.items() if not f.resolve().is_relative_to(ROOT / "game")]
    assert outside == [], f"loaded from outside {ROOT / 'game'}: {outside}"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    wrong = [
        f"{name} ({file.name})"
        for name, file in files.items()
        if not file.name.endswith(suffix if name in LISTED else ".py")
    ]
    assert wrong == [], f"this run is {'compiled' if COMPILED else 'pure Python'}: {wrong}"
    if COMPILED:  # the rules engine at least is compiled
        assert {n for n in files if n.startswith("game.rules")} <= LISTED


def test_the_checkout_holds_no_compiled_module_beside_the_sources() -> None:
    suffixes = (".so", ".pyd")
    if COMPILED:  # the compiled copy: every compiled module is one the build lists
        found = {
            ".".join(p.relative_to(ROOT).with_suffix("").with_suffix("").parts).removesuffix(
                ".__init__"
            )
            for p in (ROOT / "game").rglob("*")
            if p.suffix in suffixes
        }
        assert found == LISTED
    else:
        found_files = [p for p in (ROOT / "game").rglob("*") if p.suffix in suffixes]
        assert found_files == [], "compiled modules beside the sources would shadow them"


def test_the_engine_needs_nothing_of_the_compiler_at_run_time() -> None:
    """A plain install has no mypy_extensions (it comes with mypy): the engine runs without."""
    probe = (
        "import sys; sys.modules['mypy_extensions'] = None\n"
        "from game.rules import GameState, Rules, Tile\n"
        "g = GameState.new(Rules.standard(), 4, 1); g.start_round()\n"
        "print(Tile(5, 3), len(g.legal_actions()) > 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["3|5", "True"]
