"""The "Standalone build" block of docs/MAINTAINING.md works when run top to bottom: every
build writes where no other build of the block overwrites it before its self-test runs, and
CI's path is the one-folder build's."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "mexican-train"


def build_block() -> list[str]:
    text = (ROOT / "docs" / "MAINTAINING.md").read_text(encoding="utf-8")
    section = text.split("## Standalone build", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S)
    assert block, "the Standalone build section of docs/MAINTAINING.md has no command block"
    return [line.split("#", 1)[0].strip() for line in block.group(1).splitlines() if line.strip()]


def outputs_of(line: str) -> tuple[Path, str] | None:
    """(path, "file" or "folder") a pyinstaller line makes, or None for another command."""
    words = shlex.split(line)
    env: dict[str, str] = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):  # VAR=value before the command
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    if not words or words[0] != "pyinstaller":
        return None
    distpath = "dist"
    if "--distpath" in words:
        distpath = words[words.index("--distpath") + 1]
    onefile = env.get("MEXICAN_TRAIN_ONEFILE", "").strip() not in ("", "0")
    return Path(distpath) / NAME, "file" if onefile else "folder"


def test_every_self_test_line_finds_the_build_it_means() -> None:
    made: dict[Path, str] = {}  # what is on disk after each line, by the path it was built at
    self_tests = 0
    for line in build_block():
        built = outputs_of(line)
        if built is not None:
            path, kind = built
            for other in list(made):  # a build replaces whatever sat at its path
                if other == path or path in other.parents or other in path.parents:
                    del made[other]
            made[path] = kind
            continue
        words = shlex.split(line)
        if "--selftest" in words:
            self_tests += 1
            app = Path(words[0])
            found = (made.get(app) == "file") or (made.get(app.parent) == "folder")
            assert found, f"{line!r} runs {app}, which no earlier line of the block left there"
    assert self_tests >= 2, "both builds should be self-tested"


def test_ci_self_tests_the_one_folder_build() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"app=dist/{NAME}/{NAME}" in ci
    built = [outputs_of(line) for line in build_block()]
    assert (Path("dist") / NAME, "folder") in built
