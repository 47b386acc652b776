"""A process killed with SIGKILL at any moment of a game resumes at its last completed save.

A child process plays a match between simple seats, saving after every step (each deal and each
action) and printing the step number and a digest of the state after each save. The parent reads
some of those lines, loading the save as it goes (it must always load: never half-written), then
kills the child for real and checks the save replays to exactly the state of the last step the
child reported, or of the step after it (saved, but killed before it could say so). No sleeps: the
parent synchronises on the child's output.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Rules
from game.store.home import Store

from .helpers import match_snapshots, state_hash

ROOT = Path(__file__).resolve().parents[2]
HELPERS = Path(__file__).resolve().parent
RULES = Rules.standard().with_options(set_size=9)  # 10 rounds: hundreds of steps
PLAYERS = 3

CHILD = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from helpers import match_snapshots, state_hash
from game.rules import Rules
from game.store.home import Store

store = Store(sys.argv[3])
rules = Rules.standard().with_options(set_size=9)
step = -1
for step, (actions, text, game) in enumerate(match_snapshots(int(sys.argv[4]), rules, 3)):
    store.save_game(text, {"step": step, "actions": actions, "seats": ["random"] * 3})
    print(step, state_hash(game), flush=True)
print("done", flush=True)
sys.stdin.read()  # wait to be killed
"""


def expected_hashes(seed: int, steps: int) -> list[str]:
    hashes = []
    for _, _, game in match_snapshots(seed, RULES, PLAYERS):
        hashes.append(state_hash(game))
        if len(hashes) > steps:
            break
    return hashes


def read_step(line: bytes) -> tuple[int, str] | None:
    parts = line.split()
    if len(parts) != 2 or not line.endswith(b"\n"):
        return None  # "done", or a line cut short by the kill
    return int(parts[0]), parts[1].decode()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("run", range(4))
def test_a_game_killed_midway_resumes_at_its_last_completed_action(
    tmp_path: Path, run: int
) -> None:
    seed = 100 + run
    kill_after = random.Random(run).randint(1, 120)  # lines to read before the kill
    home = tmp_path / "home"
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, str(script), str(ROOT), str(HELPERS), str(home), str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert child.stdout is not None
    reported: dict[int, str] = {}
    try:
        watcher: Store | None = None
        for number in range(kill_after):
            step = read_step(child.stdout.readline())
            assert step is not None, "the child stopped before it was killed"
            reported[step[0]] = step[1]
            if number % 8 == 0:  # load while the child goes on writing: it is always whole
                watcher = watcher or Store(home)
                saved = watcher.load_game()
                assert saved is not None and watcher.notices == []
                assert saved.meta["step"] >= step[0]
        if run % 2:  # let the child run on a little (a load takes a while) before the kill
            Store(home).load_game()
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL
        for line in child.stdout.read().splitlines(keepends=True):  # what it said before dying
            step = read_step(line)
            if step is not None:
                reported[step[0]] = step[1]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        assert child.stdin is not None
        child.stdin.close()

    last = max(reported)
    assert sorted(reported) == list(range(last + 1))
    store = Store(home)
    saved = store.load_game()
    assert saved is not None, store.notices
    assert store.notices == []
    step = saved.meta["step"]
    assert step in (last, last + 1)  # at most the step in flight is lost
    expected = expected_hashes(seed, last + 1)
    assert [reported[s] for s in range(last + 1)] == expected[: last + 1]  # the child was honest
    assert state_hash(saved.state) == expected[step]
    assert saved.meta["seats"] == ["random"] * 3
    leftovers = [p.name for p in home.iterdir() if p.name != "game.json"]
    assert all(name.startswith(".game.json.") and name.endswith(".tmp") for name in leftovers)
