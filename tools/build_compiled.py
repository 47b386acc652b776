"""The optional compiled build: the rules engine and the AI compiled with mypyc.

    pip install -e ".[compiled]"             # mypy, which brings mypyc (needs a C compiler)
    python tools/build_compiled.py           # build it into build/compiled/ (rules and AI)
    python tools/build_compiled.py --rules-only  # game/rules alone
    python tools/build_compiled.py --check   # is build/compiled/ the build of these sources?
    python tools/build_compiled.py run CMD   # run CMD inside the compiled copy, e.g.
    python tools/build_compiled.py run python -m pytest tests/rules tests/ai
    python tools/build_compiled.py run python -m pytest -m compiled   # the same-results test
    python tools/build_compiled.py run python main.py simulate --matches 100

Pure Python stays the game: ``pip install -e .`` compiles nothing, and the checkout's own
``game/`` never holds a compiled module, so an edited source is always the one that runs. The
compiled build lives apart, in ``build/compiled/`` (ignored by git): a copy of the project
(``main.py``, ``game/``, ``tests/``, ``benchmarks/``, the assets...) in which the modules of
``game/rules`` and ``game/ai`` (with ``--rules-only`` just the rules) are compiled in place
(their ``.py`` copies stay beside them for tracebacks; Python loads the extension first). It
is used only where asked for: ``run`` starts a command in that copy (so its ``main.py``, its
``game`` and its tests come first on the path), and the standalone build (``build.spec``) takes
it when it is there.

``build/compiled/COMPILED.json`` records a digest of every file copied. ``run``, ``--check`` and
``build.spec`` compare it with the checkout and refuse a stale build by name of the files that
changed: a compiled module never stands in for a source edited since.

A failed compile says so and exits 1.

Compiled code reads some Python differently, and the same-results tests (marker ``compiled``)
hold the build to pure Python's moves: ``len()`` of a named tuple is its number of fields even
when the class defines ``__len__`` (so the planner's ``Line`` has a ``length`` instead), and a
module's names cannot be patched from outside (so Hard's clock is set with ``use_clock``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "compiled"
MANIFEST = "COMPILED.json"
# What the copy holds: enough to run the game, its tests and its benchmarks from there.
COPIED = (
    "main.py",
    "pyproject.toml",
    "README.md",
    "game",
    "tests",
    "benchmarks",
    "tools",
    "assets",
    "levels",
    "docs",
)
COMPILED_PACKAGES = ("game/rules", "game/ai")
SKIPPED = ("__pycache__", "*.so", "*.pyd", "*.pyc")


def _files(base: Path) -> list[str]:
    """Every file of the copied paths under ``base`` (relative, sorted), skipping caches."""
    found: list[str] = []
    for name in COPIED:
        path = base / name
        if path.is_file():
            found.append(name)
        elif path.is_dir():
            for file in path.rglob("*"):
                rel = file.relative_to(base)
                if file.is_file() and not _skipped(rel):
                    found.append(rel.as_posix())
    return sorted(found)


def _skipped(rel: Path) -> bool:
    return any(part == "__pycache__" for part in rel.parts) or rel.suffix in (".so", ".pyd", ".pyc")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digests(base: Path) -> dict[str, str]:
    return {rel: _digest(base / rel) for rel in _files(base)}


def stale_files(out: Path = OUT, root: Path = ROOT) -> list[str] | None:
    """Files that differ between the checkout and the build in ``out`` (added, removed or
    edited since), or None if there is no finished build there."""
    manifest = out / MANIFEST
    if not manifest.is_file():
        return None
    built = json.loads(manifest.read_text(encoding="utf-8"))["sources"]
    now = digests(root)
    return sorted(name for name in set(built) | set(now) if built.get(name) != now.get(name))


def compiled_modules(out: Path = OUT) -> list[str]:
    """The compiled modules of a finished build (``game.rules.state``, ...), and mypyc's shared
    runtime module (a top-level extension that the others import from C, which PyInstaller's
    import scan cannot see)."""
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    return [*manifest["modules"], *manifest["runtime_modules"]]


def module_name(source: str) -> str:
    """``game/rules/state.py`` gives ``game.rules.state``, its ``__init__.py`` ``game.rules``."""
    return source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def extension_path(module: str, packages: tuple[str, ...] = COMPILED_PACKAGES) -> str:
    """Where a compiled module's extension lies, relative to the build (or an app's folder)."""
    path = module.replace(".", "/")
    if path in packages:
        path += "/__init__"
    return path + str(sysconfig.get_config_var("EXT_SUFFIX"))


def build(out: Path, packages: tuple[str, ...]) -> int:
    try:
        import mypy.version
        import mypyc  # noqa: F401
    except ImportError:
        print(
            "the compiled build needs mypyc: pip install -e '.[compiled]' (and a C compiler)",
            file=sys.stderr,
        )
        return 1
    started = time.monotonic()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, out / name, ignore=shutil.ignore_patterns(*SKIPPED))
        elif source.is_file():
            shutil.copy2(source, out / name)
    sources = sorted(
        (Path(package) / file.name).as_posix()
        for package in packages
        for file in (out / package).glob("*.py")
    )
    print(f"compiling {len(sources)} modules with mypyc {mypy.version.__version__} into {out}")
    env = dict(os.environ, PYTHONPATH=str(out))
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *sources], cwd=out, env=env, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.stdout.write(result.stdout[-20000:])
        sys.stderr.write(result.stderr[-20000:])
        print(
            f"COMPILE FAILED: mypyc exited {result.returncode} (output above); "
            "the pure-Python game is unaffected",
            file=sys.stderr,
        )
        return 1
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    modules = [module_name(source) for source in sources]
    missing = [m for m in modules if not (out / extension_path(m)).is_file()]
    runtime = sorted(p.name[: -len(suffix)] for p in out.glob(f"*__mypyc{suffix}"))
    if missing or not runtime:
        print(f"COMPILE FAILED: no extension module for {missing or 'the mypyc runtime'}")
        return 1
    shutil.rmtree(out / "build", ignore_errors=True)  # mypyc's C sources and objects
    # pytest's --doctest-modules would read the .py copies and import the extensions instead
    # (an "import file mismatch"): in the copy, pytest leaves those files to the pure run.
    (out / "conftest.py").write_text(
        "# Written by tools/build_compiled.py: the doctests of the compiled modules run in the\n"
        "# pure-Python test run; here Python imports their extensions, not these files.\n"
        f"collect_ignore = {sources!r}\n",
        encoding="utf-8",
    )
    manifest = {
        "python": sys.version,
        "mypy": mypy.version.__version__,
        "source_root": str(ROOT),
        "modules": modules,
        "runtime_modules": runtime,
        "sources": digests(ROOT),
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    print(f"built {len(modules)} compiled modules in {time.monotonic() - started:.0f} s")
    return 0


def check(out: Path) -> int:
    stale = stale_files(out)
    if stale is None:
        print(f"no compiled build in {out}: python tools/build_compiled.py makes one")
        return 1
    if stale:
        shown = ", ".join(stale[:8]) + (f" and {len(stale) - 8} more" if len(stale) > 8 else "")
        print(f"the compiled build in {out} is stale: changed since: {shown}")
        print("build it again: python tools/build_compiled.py")
        return 1
    print(f"the compiled build in {out} matches the sources")
    return 0


def run(out: Path, command: list[str]) -> int:
    if not command:
        print("run what? e.g. python tools/build_compiled.py run python -m pytest tests/rules")
        return 2
    if check(out) != 0:
        return 1
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(out), os.environ.get("PYTHONPATH", "")]))
    return subprocess.call(command, cwd=out, env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the build goes")
    parser.add_argument("--check", action="store_true", help="is the build current?")
    parser.add_argument("--rules-only", action="store_true", help="compile game/rules alone")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="run CMD...: run CMD in it")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if args.command:
        if args.command[0] != "run":
            parser.error(f"unknown command {args.command[0]!r} (the only one is run)")
        return run(out, args.command[1:])
    if args.check:
        return check(out)
    return build(out, COMPILED_PACKAGES[:1] if args.rules_only else COMPILED_PACKAGES)


if __name__ == "__main__":
    sys.exit(main())
