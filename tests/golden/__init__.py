"""The golden playthroughs: seeded matches kept as records, byte for byte (see README.md).

Each golden is a command run from the repository's root with the Python that runs the tests;
given ``--record DIR`` it writes the match's record as ``DIR/match-SEED.jsonl``, which must be
the kept file's bytes. ``tests/test_golden_playthroughs.py`` checks that; ``python -m
tests.golden.regenerate`` writes the kept files again (a change of behaviour, to be explained).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


@dataclass(frozen=True)
class Golden:
    file: str  # the kept record, in tests/golden/
    seed: int
    command: tuple[str, ...]  # after "python", without --record

    @property
    def kept(self) -> Path:
        return HERE / self.file

    def written(self, folder: Path) -> Path:
        """Where the command writes the record, given ``--record folder``."""
        return folder / f"match-{self.seed}.jsonl"

    def shown(self) -> str:
        """The command as typed at the repository's root."""
        return " ".join(("python", *self.command, "--record", "DIR"))

    def run(self, folder: Path, command: tuple[str, ...] | None = None) -> str:
        """Run the command (or a variant of it) writing into ``folder``; its record's text.
        RuntimeError with the command's own words if it fails."""
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        done = subprocess.run(
            [sys.executable, *(command or self.command), "--record", str(folder)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{self.shown()} failed ({done.returncode}): {done.stderr}")
        return self.written(folder).read_bytes().decode("utf-8")


def simulate(seed: int, *options: str) -> tuple[str, ...]:
    """One match of ``main.py simulate`` at ``seed``."""
    return ("main.py", "simulate", "--quiet", "--matches", "1", "--seed", str(seed), *options)


GOLDENS = (
    Golden(
        "standard-2p.jsonl",
        12,
        simulate(12, "--players", "2", "--preset", "standard", "--seats", "normal,easy",
                 "--rounds", "3"),
    ),
    Golden(
        "station-8p.jsonl",
        18,
        simulate(18, "--players", "8", "--preset", "station",
                 "--seats", "random,greedy,easy,normal,random,greedy,easy,normal", "--rounds", "2"),
    ),
    Golden(
        "double9-4p-positive.jsonl",
        7,
        simulate(7, "--players", "4", "--set", "9", "--hand", "10", "--scoring", "positive",
                 "--max-open-doubles", "2", "--seats", "greedy,normal,easy,random",
                 "--rounds", "3"),
    ),
    Golden("practice-take-backs-3p.jsonl", 5, ("-m", "tests.golden.take_backs")),
)  # fmt: skip
