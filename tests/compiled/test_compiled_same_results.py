"""The compiled build gives the same results as pure Python (marker ``compiled``; run inside
the build: ``python tools/build_compiled.py run python -m pytest -m compiled``).

Each command runs twice, fixed seed: with the checkout's pure-Python sources and with this
compiled copy of the same sources (the build's digests are checked first). Their outputs, less
the timing figures, and the records written must be identical, and the records must verify.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[2]
MANIFEST = HERE / "COMPILED.json"

pytestmark = pytest.mark.compiled

SIMULATIONS = {
    "std4-random": ["--matches", "30", "--seed", "1"],
    "std2-random": ["--players", "2", "--matches", "20", "--seed", "2"],
    "std8-greedy": ["--players", "8", "--seats", "greedy", "--matches", "6", "--seed", "3"],
    "sta4-random": ["--preset", "station", "--matches", "20", "--seed", "4"],
    "sta8-mixed": [
        "--preset", "station", "--players", "8", "--matches", "3", "--seed", "5",
        "--seats", "random,greedy,easy,normal,random,greedy,easy,normal",
    ],
    "std4-easy-normal": ["--seats", "easy,normal,greedy,random", "--matches", "4", "--seed", "6"],
    "options": [
        "--scoring", "positive", "--max-open-doubles", "2", "--no-first-turn-chain",
        "--double-blank-points", "25", "--matches", "10", "--seed", "7",
    ],
    "sta3-first-turn": [
        "--preset", "station", "--players", "3", "--first-turn-draw", "--first-turn-chain",
        "--matches", "10", "--seed", "8",
    ],
    "std14": ["--players", "14", "--matches", "3", "--seed", "9"],
}  # fmt: skip
TOURNAMENTS = {
    "hard-normal": [
        "--seats", "hard,normal,normal,normal", "--matches", "2", "--rounds", "3",
        "--iterations", "40", "--seed", "1",
    ],
    "sta8-hard": [
        "--preset", "station", "--players", "8", "--matches", "1", "--rounds", "2",
        "--seats", "hard,normal,easy,greedy,hard,normal,easy,random", "--iterations", "20",
        "--seed", "2",
    ],
    "std2-hard": [
        "--seats", "hard,easy", "--matches", "2", "--rounds", "4", "--iterations", "60",
        "--seed", "3",
    ],
}  # fmt: skip
RECORDED = {
    "std4-mixed": ["--matches", "3", "--seed", "11", "--seats", "normal,easy,greedy,random"],
    "sta6-mixed": [
        "--preset", "station", "--players", "6", "--matches", "2", "--seed", "12",
        "--seats", "random,greedy,easy,normal,random,greedy",
    ],
}  # fmt: skip
TIMING = re.compile(r"^speed .*$|,? [0-9.]+ s\)?$", re.MULTILINE)


def _pure_root() -> Path:
    """The checkout this copy was compiled from, checked to hold the very same sources."""
    assert MANIFEST.is_file(), (
        "not a compiled build: run python tools/build_compiled.py run python -m pytest -m compiled"
    )
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    root = Path(manifest["source_root"])
    sys.path.insert(0, str(HERE / "tools"))
    try:
        import build_compiled
    finally:
        sys.path.pop(0)
    assert build_compiled.stale_files(HERE, root) == [], "the build is stale: build it again"
    return root


def _main(root: Path, *args: str, cwd: Path | None = None) -> str:
    """``python main.py ARGS`` from ``root`` (its main.py's folder comes first on the path)."""
    result = subprocess.run(
        [sys.executable, str(root / "main.py"), *args],
        cwd=cwd or root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return TIMING.sub("", result.stdout)


def test_this_run_is_compiled() -> None:
    import game.rules.state

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert game.rules.state.__file__ and game.rules.state.__file__.endswith(suffix)
    probe = "import game.rules.state as s; print(s.__file__)"
    pure = subprocess.run(
        [sys.executable, "-c", probe], cwd=_pure_root(), capture_output=True, text=True, env={}
    )
    assert pure.stdout.strip().endswith("state.py"), pure.stderr


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_simulate_gives_the_same_output(name: str) -> None:
    pure = _main(_pure_root(), "simulate", *SIMULATIONS[name])
    compiled = _main(HERE, "simulate", *SIMULATIONS[name])
    assert "mean match total per seat" in pure
    assert compiled == pure


@pytest.mark.parametrize("name", sorted(TOURNAMENTS))
def test_tournament_with_hard_gives_the_same_output(name: str) -> None:
    pure = _main(_pure_root(), "tournament", *TOURNAMENTS[name])
    compiled = _main(HERE, "tournament", *TOURNAMENTS[name])
    assert "hard" in pure
    assert compiled == pure


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_records_are_identical_and_verify(name: str, tmp_path: Path) -> None:
    outputs = {}
    for kind, root in (("pure", _pure_root()), ("compiled", HERE)):
        folder = tmp_path / kind
        text = _main(root, "simulate", *RECORDED[name], "--record", str(folder))
        records = sorted(folder.glob("*.jsonl"))
        assert records, f"{kind}: no record written"
        verified = _main(root, "verify", *(str(r) for r in records), cwd=tmp_path)
        outputs[kind] = (
            text,
            {r.name: r.read_bytes() for r in records},
            verified.replace(str(folder), "FOLDER"),
        )
    assert outputs["compiled"] == outputs["pure"]


def test_the_hint_crosses_to_the_help_worker_and_back_compiled() -> None:
    """The coach's advice is pickled between the table and its help worker: compiled, it must
    still read back (a compiled frozen dataclass could not), and the worker must answer."""
    import pickle

    from game.ai.coach import advise
    from game.match.help_worker import HelpWorker
    from game.rules import GameState, Rules
    from game.rules.record import RecordWriter

    game = GameState.new(Rules.standard().with_options(set_size=9), 3, 7)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    observation = game.observation(game.current)
    advice = advise(observation, {}, guesses=8)
    assert pickle.loads(pickle.dumps(advice)) == advice
    worker = HelpWorker()
    try:
        answer = worker.submit("hint", writer.text(), observation, 8).result(timeout=120)
        assert answer.action in game.legal_actions() and worker.in_worker
    finally:
        worker.close()
