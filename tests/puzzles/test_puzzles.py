"""Puzzles are proved: every shipped puzzle is solved again to its answer; a wrong answer or a
damaged line is refused, named; generation is the same from the same seed; the solvers agree
with plain searches that share none of their shortcuts."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from game.cli import main
from game.puzzles import (
    BEST_PLAY,
    GO_OUT,
    LONGEST_LINE,
    best_play,
    endgame,
    generate,
    longest,
)
from game.puzzles.check import check
from game.puzzles.model import Puzzle, action_of, position_state, read_puzzles
from game.rules import PLAY, GameState
from game.rules.tiles import Tile, set_tiles

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def shipped(kind: str) -> list[Puzzle]:
    with open(SHIPPED / f"{kind}.jsonl", encoding="utf-8") as file:
        puzzles, errors = read_puzzles(file)
    assert errors == []
    return puzzles


def test_the_shipped_set_is_big_enough_and_runs_from_easy_to_hard() -> None:
    every = [p for kind in (LONGEST_LINE, GO_OUT, BEST_PLAY) for p in shipped(kind)]
    assert len(every) >= 300
    assert len({p.id for p in every}) == len(every), "ids name puzzles: each once"
    for kind in (LONGEST_LINE, GO_OUT, BEST_PLAY):
        levels = {p.difficulty for p in every if p.kind == kind}
        assert len(levels) >= 3, (kind, levels)
    sizes = {p.position["set"] for p in shipped(LONGEST_LINE)}
    assert sizes == {6, 9, 12, 15}
    hands = [len(p.position["hand"]) for p in shipped(LONGEST_LINE)]
    assert min(hands) == 7 and max(hands) == 20


@pytest.mark.parametrize("kind", [LONGEST_LINE, GO_OUT])
def test_every_shipped_exact_puzzle_is_solved_again_to_its_answer(kind: str) -> None:
    refused = [(p.id, check(p)) for p in shipped(kind) if check(p) is not None]
    assert refused == []


def test_shipped_best_play_puzzles_hold_when_weighed_again() -> None:
    """Three of them here (each weighs every move 4,000 times); .ci/run checks them all."""
    puzzles = shipped(BEST_PLAY)
    for puzzle in (puzzles[0], puzzles[len(puzzles) // 2], puzzles[-1]):
        assert check(puzzle) is None, puzzle.id


def _planted(puzzle: Puzzle) -> Puzzle:
    """The puzzle with a wrong answer: another legal first move, or a line one tile short."""
    if puzzle.kind == LONGEST_LINE:
        answer = {**puzzle.answer, "line": puzzle.answer["line"][:-1]}
        return Puzzle(**{**puzzle.__dict__, "answer": answer})
    second = (
        puzzle.proof["values"][1]["move"]
        if puzzle.kind == GO_OUT
        else puzzle.proof["moves"][1]["move"]
    )
    return Puzzle(**{**puzzle.__dict__, "answer": {**puzzle.answer, "move": second}})


@pytest.mark.parametrize("kind", [LONGEST_LINE, GO_OUT, BEST_PLAY])
def test_a_planted_wrong_answer_in_a_copy_is_refused_naming_the_puzzle(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = shipped(kind)[:3]
    wrong = _planted(puzzles[1])
    copy = tmp_path / "copy.jsonl"
    copy.write_text("".join(p.to_json() + "\n" for p in [puzzles[0], wrong, puzzles[2]]))
    assert main(["puzzles", "check", str(copy)]) == 1
    err = capsys.readouterr().err
    assert f"line 2 (puzzle {wrong.id})" in err
    assert puzzles[0].id not in err and puzzles[2].id not in err


def test_a_damaged_puzzle_file_is_refused_by_line_and_reason_and_the_rest_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = shipped(LONGEST_LINE)[:2]
    broken_position = json.loads(shipped(GO_OUT)[0].to_json())
    broken_position["position"]["record"][1]["boneyard"] = []  # tiles missing from the deal
    lines = [
        good[0].to_json(),
        "{not json",
        json.dumps({"type": "puzzle", "version": 1, "id": "x-1", "kind": "riddle"}),
        json.dumps(broken_position),
        good[1].to_json(),
        good[1].to_json(),
    ]
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with open(path, encoding="utf-8") as file:
        puzzles, errors = read_puzzles(file)
    assert [p.id for p in puzzles] == [good[0].id, broken_position["id"], good[1].id]
    assert [(e.line, e.reason.split(" (")[0]) for e in errors] == [
        (2, "not JSON"),
        (3, "kind 'riddle' is not one of longest_line, go_out, best_play"),
        (6, "this id is already used above"),
    ]
    assert main(["puzzles", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "line 4 (puzzle out-0001): its position is refused: its record is refused" in err


def test_reweigh_rewrites_a_puzzle_whose_move_stands_and_keeps_one_whose_move_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As after a change to how guesses are drawn: stale figures are weighed again, a move
    that no longer stands is named and left for a person, and other kinds are untouched."""
    first, second = shipped(BEST_PLAY)[:2]
    moves = first.proof["moves"]
    stale = Puzzle(
        **{
            **first.__dict__,
            "difficulty": 5 if first.difficulty != 5 else 1,
            "answer": {**first.answer, "saves": first.answer["saves"] + 1.5},
            "proof": {**first.proof, "moves": [{**moves[0], "points": 99.0}, *moves[1:]]},
        }
    )
    wrong = _planted(second)
    line = shipped(LONGEST_LINE)[0]
    path = tmp_path / "stale.jsonl"
    path.write_text("".join(p.to_json() + "\n" for p in (stale, line, wrong)), encoding="utf-8")
    assert check(stale) is not None

    assert main(["puzzles", "reweigh", str(path)]) == 1
    out, err = capsys.readouterr()
    assert f"line 3 ({wrong.id})" in err and "the best move is now" in err
    assert first.id not in err
    assert "0 best-play puzzles hold, 1 weighed again, 1 kept as they were" in out
    with open(path, encoding="utf-8") as file:
        after, errors = read_puzzles(file)
    assert errors == []
    assert after == [first, line, wrong]  # the stale one is the shipped one again
    assert check(after[0]) is None


def test_reweigh_leaves_a_file_with_an_unreadable_line_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = shipped(BEST_PLAY)[0]
    stale = Puzzle(**{**puzzle.__dict__, "answer": {**puzzle.answer, "saves": 0.5}})
    text = stale.to_json() + "\n{not json\n"
    path = tmp_path / "damaged.jsonl"
    path.write_text(text, encoding="utf-8")
    assert main(["puzzles", "reweigh", str(path)]) == 1
    err = capsys.readouterr().err
    assert "line 2" in err and "not rewritten" in err
    assert path.read_text(encoding="utf-8") == text


def test_generation_is_the_same_from_the_same_seed_and_differs_from_another() -> None:
    for kind, count in ((LONGEST_LINE, 20), (GO_OUT, 3)):
        first = [p.to_json() for p in generate(kind, count, seed=11)]
        assert first == [p.to_json() for p in generate(kind, count, seed=11)]
        assert first != [p.to_json() for p in generate(kind, count, seed=12)]
    made = generate(BEST_PLAY, 1, seed=5)
    assert [p.to_json() for p in made] == [p.to_json() for p in generate(BEST_PLAY, 1, seed=5)]


def test_the_command_writes_a_file_its_check_accepts(tmp_path: Path) -> None:
    out = tmp_path / "made" / "lines.jsonl"
    assert (
        main(
            [
                "puzzles",
                "generate",
                "--kind",
                "longest_line",
                "--count",
                "12",
                "--seed",
                "4",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    assert len(out.read_text(encoding="utf-8").splitlines()) == 12
    assert main(["puzzles", "check", str(out)]) == 0
    assert (
        main(["puzzles", "generate", "--kind", "longest_line", "--count", "0", "--out", str(out)])
        == 2
    )


# ------------------------------------------------------------------ the solvers, cross-checked


def _plain_value(state: GameState, seat: int) -> int:
    """Minimax with no table and no cut-offs: every line played to the end."""
    if state.phase != PLAY:
        return state.round_scores[-1][seat]
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply_quietly(action)
        values.append(_plain_value(child, seat))
    return min(values) if state.current == seat else max(values)


def test_the_endgame_solver_agrees_with_a_plain_search_on_every_first_move() -> None:
    for puzzle in shipped(GO_OUT)[:40]:
        state = position_state(puzzle.position)
        solver = endgame.Solver(state.current)
        for action, value in solver.first_moves(state):
            child = state.copy()
            child.apply_quietly(action)
            assert _plain_value(child, state.current) == value, (puzzle.id, action)


def test_an_endgame_answer_s_line_is_legal_and_ends_the_round_at_its_value() -> None:
    for puzzle in shipped(GO_OUT):
        state = position_state(puzzle.position)
        seat = state.current
        for move in puzzle.proof["line"]:
            assert move["seat"] == state.current
            state.apply(action_of(move, state.players, state.deal.set_size))
        assert state.phase != PLAY, puzzle.id
        assert state.round_scores[-1][seat] == puzzle.proof["values"][0]["points"]
        assert puzzle.proof["values"][1]["points"] - puzzle.proof["values"][0]["points"] >= 1


def _brute_lines(hand: list[Tile], end: int) -> tuple[int, int]:
    """(longest, how many of that length) by trying every ordering of every subset."""
    best, count = 0, 1
    for size in range(1, len(hand) + 1):
        for order in itertools.permutations(hand, size):
            if longest.is_line(list(order), hand, end):
                if size > best:
                    best, count = size, 1
                elif size == best:
                    count += 1
    return best, count


def test_the_longest_line_search_counts_lines_as_trying_every_order_does() -> None:
    rng = random.Random(3)
    for _ in range(25):
        end = rng.randint(0, 6)
        pool = [t for t in set_tiles(6) if t != Tile(end, end)]
        hand = rng.sample(pool, 6)
        solution = longest.solve(hand, end)
        assert (solution.length, solution.count) == _brute_lines(hand, end)
        assert len(solution.best) == solution.length, "the planner reaches it too"


def test_a_best_play_puzzle_is_clear_by_its_own_figures() -> None:
    for puzzle in shipped(BEST_PLAY):
        moves = puzzle.proof["moves"]
        assert puzzle.proof["guesses"] >= best_play.GUESSES
        assert moves[0]["move"] == puzzle.answer["move"]
        assert moves[1]["behind"] >= best_play.MARGIN and moves[1]["behind_interval"][0] > 0
        state = position_state(puzzle.position)
        assert state.names[state.current] == "You"


def test_a_damaged_shipped_file_leaves_out_its_bad_lines_and_the_rest_of_the_set_plays(
    tmp_path: Path,
) -> None:
    from game.puzzles.shipped import refusals, shipped_puzzles
    from game.puzzles.trial import Trial

    good = shipped(GO_OUT)[:3]
    (tmp_path / "go_out.jsonl").write_text(
        good[0].to_json() + "\n\x00garbage\n" + good[1].to_json() + "\n", encoding="utf-8"
    )
    (tmp_path / "longest_line.jsonl").write_text(shipped(LONGEST_LINE)[0].to_json() + "\n")
    puzzles = shipped_puzzles(tmp_path)
    assert [p.id for p in puzzles] == [shipped(LONGEST_LINE)[0].id, good[0].id, good[1].id]
    said = refusals(tmp_path)
    assert any(r.startswith("go_out.jsonl: line 2: not JSON") for r in said), said
    assert any(r.startswith("best_play.jsonl:") for r in said), "a missing file is said too"
    assert all(Trial(p).table().current == 0 for p in puzzles), "the rest opens"
