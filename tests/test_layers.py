"""Imports point one way: from the composition roots (``cli``, ``app``, ``selftest``) down to
the scenes, then to view, input, ai and rules. A lower layer never imports a higher one (an
import under ``if TYPE_CHECKING:`` is for type hints only and does not count)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

# What each part of the game must not import at run time ("pygame" included: the rules, the
# store and the match run without a window, in the tools and the worker processes).
_SCREEN = ("game.scenes", "game.view", "game.input", "game.app", "game.cli", "pygame")
_ROOTS = ("game.app", "game.cli", "game.commands", "game.selftest", "game.launch")
FORBIDDEN = {
    "rules": ("game.",),  # nothing of the game but the rules themselves
    "ai": (*_SCREEN, *_ROOTS, "game.store", "game.match", "game.sound"),
    # The disk knows nothing of a match on screen, nor of the match being played.
    "store": (*_SCREEN, *_ROOTS, "game.match", "game.sound", "game.guard"),
    # One match being played: rules, computer seats and the disk, never the screen.
    "match": (*_SCREEN, *_ROOTS, "game.sound", "game.guard"),
    "levels": (*_SCREEN, *_ROOTS, "game.match", "game.sound"),
    "sound": (*_SCREEN[:-1], *_ROOTS, "game.match", "game.ai"),
    "i18n": (*_SCREEN, *_ROOTS, "game.store", "game.match", "game.ai", "game.sound"),
    # View and input are one layer: the focus ring and the button prompts are drawn with the
    # view's widgets and themes, and the table view shows the prompts of the device in use.
    "view": ("game.scenes", *_ROOTS, "game.ai", "game.match", "game.sound"),
    "input": ("game.scenes", *_ROOTS, "game.ai", "game.match", "game.sound"),
    "scenes": _ROOTS,
    # Process plumbing at the top of game/: small, and below everything that uses it.
    "processes.py": ("game.",),
    "startup.py": ("game.",),
    # The kiosk's watchdog runs beside the game: it must start even when the game cannot.
    "supervisor.py": (*_SCREEN, "game.match", "game.ai", "game.sound", "game.scenes"),
}
ALLOWED = {
    "rules": ("game.rules",),
    "ai": ("game.ai", "game.rules", "game.i18n"),
    # The screenshot run is a composition root of its own: it opens an App to draw every scene.
}


def _runtime_imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hints_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in hints_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_no_part_of_the_game_imports_a_layer_above_it() -> None:
    wrong: list[str] = []
    for part, forbidden in FORBIDDEN.items():
        paths = [GAME / part] if part.endswith(".py") else sorted((GAME / part).rglob("*.py"))
        for path in paths:
            relative = path.relative_to(GAME).as_posix()
            allowed = ALLOWED.get(relative, ()) + ALLOWED.get(part, ())
            for line, module in _runtime_imports(path):
                if module.startswith(forbidden) and not module.startswith(allowed):
                    wrong.append(f"game/{relative}:{line} imports {module}")
    assert wrong == []


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.app import App\n"
        "def f():\n    from game.app import App\n",
        encoding="utf-8",
    )
    assert _runtime_imports(sample) == [(1, "typing"), (5, "game.app")]
