"""The take-back golden: a Practice match of a scripted person (seat 0) against two computer
seats, in which the person takes turns back, as the table's Undo does, and plays on.

``simulate`` has no person and so no take-backs; this plays the match through a ``Session``
with its computer seats deciding inline, exactly as the table asks them (one request per
action, at the match's moment), so the record is a pure function of the lines below.

The person plays the first play the rules offer (else draws, else passes or stops a first-turn
line). At the start of each turn named in ``TAKE_BACKS`` they take back their previous turn,
computer replies included, and play it again: ``"other"`` lays the last play offered instead
of the first, ``"same"`` plays it the same way again (the computer seats must then answer as
they did). A take-back leaves no line of its own: the record is cut and goes on.

    python -m tests.golden.take_backs --record DIR     # writes DIR/match-SEED.jsonl
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from game.match.session import MatchConfig, Session
from game.rules import PLAY, Action, GameState, Play, Rules

SEED = 5
RULES = Rules.standard().with_options(rounds=2)
NAMES = ("You", "Ana", "Bo")
KINDS: tuple[str | None, ...] = (None, "easy", "normal")
# The person's turn (counted from 1 over the match) at whose start the turn before it is
# taken back, and how that turn is played again.
TAKE_BACKS = {3: "other", 6: "same", 10: "other"}


@dataclass(frozen=True)
class TakeBack:
    """One take-back: at the person's turn ``turn``, how the turn before it was played again,
    the record lines it took back from line ``at`` (0-based, the match line being 0) on, and
    the lines the match wrote again in their place up to the person's next turn."""

    turn: int
    how: str
    at: int
    taken_back: tuple[str, ...]
    played_again: tuple[str, ...]


def person_action(legal: list[Action], how: str) -> Action:
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return plays[-1] if how == "other" else plays[0]
    return legal[0]


def play_practice_match() -> tuple[str, list[TakeBack]]:
    """Play the match; its record and the take-backs done in it."""
    state = GameState.new(RULES, len(NAMES), SEED, NAMES)
    config = MatchConfig(len(NAMES), RULES, "easy", SEED, practice=True)
    session = Session(config, inline=True, kinds=KINDS, state=state)
    session.take_backs = True
    person = 0
    turns = 0  # the person's turns begun
    how = "first"  # how the person plays the turn being played
    pending: tuple[int, str, tuple[str, ...], int] | None = None  # a take-back being played again
    done: list[TakeBack] = []
    taken: set[int] = set()
    try:
        while not session.state.match_over:
            state = session.state
            if state.round_number == 0 or state.phase != PLAY:
                session.start_round()
                continue
            seat = state.current
            if seat != person:
                session.runner.request(seat, state.observation(seat), session.moment)
                answer = session.runner.poll()
                assert answer is not None and answer[0] == seat, "an inline seat answers at once"
                session.apply(answer[1])
                continue
            turns += 1
            if pending is not None and pending[0] == turns:  # played again up to here
                turn, was, cut, start = pending
                again = tuple(session.writer.text().splitlines()[start:])
                done.append(TakeBack(turn, was, start, cut, again))
                pending = None
            if turns in TAKE_BACKS and turns not in taken:
                taken.add(turns)
                before = session.writer.text().splitlines()
                if not session.undo():
                    raise RuntimeError(f"turn {turns}: there was nothing to take back")
                start = len(session.writer.lines)  # the match line and those kept
                how = TAKE_BACKS[turns]
                pending = (turns, how, tuple(before[start:]), start)
                turns -= 2  # the turn taken back is played again, and then this one
                continue
            while session.state.phase == PLAY and session.state.current == person:
                session.apply(person_action(session.state.legal_actions(), how))
            how = "first"
    finally:
        session.close()
    return session.writer.text(), done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.take_backs")
    parser.add_argument("--record", metavar="DIR", required=True, help="write the record here")
    args = parser.parse_args(argv)
    text, _done = play_practice_match()
    folder = Path(args.record)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"match-{SEED}.jsonl").write_bytes(text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
