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
    # Puzzles are made and proved beside the AI: the rules and the searches, no screen, no disk.
    "puzzles": (*_SCREEN, *_ROOTS, "game.store", "game.match", "game.sound", "game.levels"),
    "sound": (*_SCREEN[:-1], *_ROOTS, "game.match", "game.ai"),
    "i18n": (*_SCREEN, *_ROOTS, "game.store", "game.match", "game.ai", "game.sound"),
    # View and input are one layer: the focus ring and the button prompts are drawn with the
    # view's text, buttons and themes, and the table view shows the prompts of the device in use.
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


# ------------------------------------------------------------------------ between the screens

SCENES = GAME / "scenes"
# The parts of one screen, which import each other: the table's parts over their shared base,
# the lesson's table and summary (they are the table's and the summary's own, narrowed), the
# review table over its overlay, summary page and words, the kiosk's guard over its screens.
PARTS = {
    "play.table": ("play.table_",),
    "play.table_": ("play.table_base",),
    "play.lesson": ("play.table", "play.summary"),
    "play.puzzle": ("play.table",),
    "review.review_table": ("review.review_overlay", "review.review_summary", "review.review_"),
    "review.review_summary": ("review.review_words",),
    "kiosk.kiosk": ("kiosk.attract", "kiosk.pin_pad"),
}


def _scene_name(path: Path) -> str:
    return path.relative_to(SCENES).with_suffix("").as_posix().replace("/", ".")


def _imported_names(path: Path) -> list[tuple[int, str, bool]]:
    """(line, module, at load time) of every runtime import of ``path``; ``from game.scenes.X
    import y`` names the module ``game.scenes.X.y`` when y is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hints_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    at_load = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if id(node) in hints_only or not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            module = f"{node.module}.{alias.name}"
            name = (
                module
                if (GAME.parent / module.replace(".", "/")).with_suffix(".py").is_file()
                else node.module
            )
            found.append((node.lineno, name, id(node) in at_load))
    return found


def _screen_links() -> list[tuple[str, int, str, bool]]:
    links = []
    for path in sorted(SCENES.rglob("*.py")):
        for line, module, at_load in _imported_names(path):
            if module.startswith("game.scenes."):
                links.append((_scene_name(path), line, module[len("game.scenes.") :], at_load))
    return links


def test_screens_reach_each_other_only_through_flow() -> None:
    wrong = []
    for scene, line, target, _at_load in _screen_links():
        if scene == "flow" or target == "flow" or target.startswith("kit"):
            continue
        allowed = next((parts for part, parts in PARTS.items() if scene.startswith(part)), ())
        if scene.startswith("kit") or not target.startswith(allowed or ("\0",)):
            wrong.append(f"game/scenes/{scene.replace('.', '/')}.py:{line} imports {target}")
    assert wrong == []


def test_flow_imports_no_screen_at_load_time_and_no_screen_circle_at_load() -> None:
    graph: dict[str, set[str]] = {}
    for scene, _line, target, at_load in _screen_links():
        if at_load:
            graph.setdefault(scene, set()).add(target)
            assert scene != "flow" or target.startswith("kit."), f"flow imports {target}"
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in graph.get(node, ()):
            assert seen.get(nxt) != 1, "a circle: " + " -> ".join([*path, node, nxt])
            if nxt not in seen:
                visit(nxt, [*path, node])
        seen[node] = 2

    for node in list(graph):
        if node not in seen:
            visit(node, [])


def test_the_screen_check_sees_a_screen_importing_another(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f():\n    from game.scenes.pages.menu import MenuScene\n", encoding="utf-8"
    )
    assert _imported_names(sample) == [(2, "game.scenes.pages.menu", False)]
    scene, target = "play.pause", "pages.menu"
    allowed = next((parts for part, parts in PARTS.items() if scene.startswith(part)), ())
    assert not target.startswith(allowed or ("\0",))  # refused: it must ask flow


def _key_codes_named(path: Path) -> list[tuple[int, str]]:
    """Where ``path`` names a pygame key code or modifier (``pygame.K_d``, ``K_ESCAPE``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        if isinstance(name, str) and name.startswith(("K_", "KMOD_")):
            found.append((getattr(node, "lineno", 0), name))
    return found


def test_scenes_hear_acts_never_key_codes() -> None:
    """A scene says which keys mean what as data (``bindings``: act → key names) and acts on
    intents; the router alone reads key codes (game/input/keymap.py)."""
    wrong = [
        f"game/scenes/{path.relative_to(SCENES)}:{line} names {name}"
        for path in sorted(SCENES.rglob("*.py"))
        for line, name in _key_codes_named(path)
    ]
    assert wrong == []


def test_the_key_code_check_sees_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import pygame\nfrom pygame.locals import K_p\nif key == pygame.K_ESCAPE or K_p:\n"
        "    pass\n",
        encoding="utf-8",
    )
    assert sorted(_key_codes_named(sample)) == [(3, "K_ESCAPE"), (3, "K_p")]


TOP_LEVEL = {  # the plumbing at the top of game/: everything else lives in a package
    "__init__.py", "app.py", "cli.py", "selftest.py", "processes.py", "startup.py",
    "launch.py", "guard.py", "supervisor.py", "trace.py", "pacing.py",
}  # fmt: skip


def test_the_top_of_the_game_holds_only_its_plumbing() -> None:
    """Persistence, sound, commands and content have packages of their own (game/store,
    game/match, game/sound, game/commands, game/levels): no loose module beside the plumbing."""
    assert {path.name for path in GAME.glob("*.py")} == TOP_LEVEL


def _layout_block() -> str:
    """The code block of the project layout (docs/MAINTAINING.md, "Project layout")."""
    page = (GAME.parent / "docs" / "MAINTAINING.md").read_text(encoding="utf-8")
    section = page.split("## Project layout", 1)[1]
    return section.split("```", 2)[1]


def _packages_named(block: str) -> set[str]:
    """The packages the project layout names, as paths below the project (``game/scenes/kit``):
    a line's first word ending in "/" is a folder, its indentation says whose."""
    named: set[str] = set()
    trail: list[tuple[int, str]] = []
    for line in block.splitlines():
        word = line.strip().split(" ", 1)[0] if line.strip() else ""
        if not word.endswith("/"):
            continue
        depth = len(line) - len(line.lstrip())
        trail = [(d, name) for d, name in trail if d < depth]
        trail.append((depth, word.rstrip("/")))
        path = "/".join(name for _d, name in trail)
        if path.startswith("game/"):
            named.add(path)
    return named


def test_the_layout_names_every_package_of_the_game_and_no_other() -> None:
    packages = {
        path.parent.relative_to(GAME.parent).as_posix()
        for path in GAME.rglob("__init__.py")
        if path.parent != GAME
    }
    assert _packages_named(_layout_block()) == packages


def test_the_layout_reader_follows_the_indentation() -> None:
    block = "game/\n  store/   x\n  scenes/  y\n    kit/   z\nassets/  w\n"
    assert _packages_named(block) == {"game/store", "game/scenes", "game/scenes/kit"}
