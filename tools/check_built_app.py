"""Check a standalone build (build.spec) holds the engine it should, and plays as pure Python.

    python tools/check_built_app.py dist/mexican-train/mexican-train

With a compiled build in build/compiled/ (tools/build_compiled.py), the app must hold each of
its compiled modules as an extension module and none of them as Python code in its archive, so
the app can only have loaded the compiled ones; without one, the engine must be there as Python.
Either way, fixed-seed ``simulate`` runs of the app must print what the checkout's pure-Python
``python main.py simulate`` prints (timings apart). Exits 1, saying what differs, otherwise 0.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_compiled  # noqa: E402

ROOT = build_compiled.ROOT
TIMING = re.compile(r"^speed .*$", re.MULTILINE)
SIMULATIONS = (
    ["--matches", "20", "--seed", "1"],
    ["--preset", "station", "--players", "6", "--matches", "4", "--seed", "2"],
    ["--players", "3", "--seats", "normal,easy,greedy", "--matches", "2", "--seed", "3"],
)


def _archive_modules(app: Path) -> set[str]:
    """Every module the app holds as Python code: in its archive, or as loose bytecode files in
    _internal/ (build.spec's ``noarchive``)."""
    from PyInstaller.archive.readers import pkg_archive_contents

    modules = set(pkg_archive_contents(str(app)))
    internal = app.parent / "_internal"
    for path in internal.rglob("*.pyc"):
        source = path.relative_to(internal).with_suffix(".py").as_posix()
        modules.add(build_compiled.module_name(source))
    return modules


def check_engine(app: Path) -> list[str]:
    problems: list[str] = []
    in_archive = _archive_modules(app)
    if build_compiled.stale_files() is None:
        if "game.rules.state" not in in_archive:
            problems.append("no compiled build, yet the app holds no Python game.rules.state")
        print("the app holds the pure-Python engine (no compiled build in build/compiled/)")
        return problems
    internal = app.parent / "_internal"
    modules = build_compiled.compiled_modules()
    for module in modules:
        extension = internal / build_compiled.extension_path(module)
        if not extension.is_file():
            problems.append(f"{module}: no compiled module {extension.relative_to(app.parent)}")
        if module in in_archive:
            problems.append(f"{module}: the app also holds it as Python code")
    if not problems:
        print(f"the app holds the compiled engine: {len(modules)} extension modules, no .py copy")
    return problems


def _simulate(command: list[str], args: list[str]) -> str:
    result = subprocess.run(
        [*command, "simulate", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        return f"exit {result.returncode}: {result.stderr}"
    return TIMING.sub("", result.stdout)


def check_results(app: Path) -> list[str]:
    problems = []
    for args in SIMULATIONS:
        built = _simulate([str(app)], args)
        pure = _simulate([sys.executable, str(ROOT / "main.py")], args)
        if built != pure or "mean match total per seat" not in pure:
            problems.append(f"simulate {' '.join(args)}: the app printed\n{built}\nnot\n{pure}")
    if not problems:
        print(f"the app plays as pure Python ({len(SIMULATIONS)} fixed-seed simulate runs alike)")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    app = Path(argv[0]).resolve()
    problems = check_engine(app) + check_results(app)
    for problem in problems:
        print(f"FAIL  {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
