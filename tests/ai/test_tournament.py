"""The tournament command: a small run, its figures, and clear refusals of bad options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import cli
from game.ai import HardSeat
from game.commands.tournament import mean_ci, paced_factory, play_match, seat_factory, t95


def test_small_tournament_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(
        [
            "tournament",
            "--seats", "normal,easy,easy",
            "--matches", "6",
            "--rounds", "1",
            "--preset", "station",
            "--seed", "3",
            "--json",
        ]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seats"] == ["normal", "easy", "easy"] and report["table"]["players"] == 3
    assert report["matches"] == 6 and report["deal_groups"] == 2 and report["rounds"] == 6
    normal, easy = report["levels"]["normal"], report["levels"]["easy"]
    assert (normal["rounds"], normal["seat_matches"]) == (6, 6)
    assert (easy["rounds"], easy["seat_matches"]) == (12, 12)
    for figures in (normal, easy):
        assert 0 <= figures["win_rate"] <= 1
        low, high = figures["ci95"]
        assert low <= high
    # Every match has one winner (or shares one): the seat-weighted win rates add up to 6.
    assert normal["win_rate"] * 6 + easy["win_rate"] * 12 == pytest.approx(6)
    (comparison,) = report["comparisons"]
    assert comparison["levels"] == ["normal", "easy"]


def test_text_report_with_hard_and_rotation(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--seats", "hard,normal,normal", "--matches", "3", "--rounds", "1"]
    assert cli.main([*args, "--iterations", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "hard" in out and "normal" in out and "mean round score" in out
    assert "hard - normal: difference" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "hard,wizard"], "unknown level 'wizard'"),
        (["--seats", "hard"], "at least two seats"),
        (["--seats", "hard,normal", "--players", "3"], "--players is 3"),
        (["--matches", "0"], "--matches must be at least 1"),
        (["--seats", "easy,easy", "--rounds", "0"], "--rounds must be at least 1"),
        (["--seats", "easy,easy", "--rounds", "30"], "rounds"),
        (["--seats", ",".join(["easy"] * 15)], "players"),
        (["--budget-ms", "0"], "--budget-ms"),
        (["--iterations", "0"], "--iterations"),
        (["--pace", "normal", "--iterations", "5"], "--pace thinks as the table does"),
        (["--slower", "6"], "give --pace too"),
        (["--ponder"], "--ponder is for Hard thinking at a pace"),
        (["--pace", "fast", "--slower", "0.5"], "--slower must be a number from 1 up"),
        (["--jobs", "0"], "--jobs must be 1 to 64"),
    ],
)
def test_bad_options_exit_2_with_a_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["tournament", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_one_level_fills_the_table_from_players(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--seats", "easy", "--players", "3", "--matches", "1", "--rounds", "1"]
    assert cli.main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seats"] == ["easy", "easy", "easy"]
    assert report["levels"]["easy"]["ci95"] is None  # one deal group: no interval


def test_confidence_interval_arithmetic() -> None:
    mean, half = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert half == pytest.approx(t95(3) * (1.6666666 / 4) ** 0.5, rel=1e-6)
    assert mean_ci([5.0]) == (5.0, None)
    assert t95(100) == 1.96


def test_iterations_alone_make_hard_clock_free_and_budget_alone_time_only() -> None:
    exact = seat_factory(None, 40)("hard", 1)
    timed = seat_factory(120.0, None)("hard", 1)
    both = seat_factory(90.0, 30)("hard", 1)
    assert isinstance(exact, HardSeat) and isinstance(timed, HardSeat)
    assert isinstance(both, HardSeat)
    assert (exact.config.iterations, exact.config.budget_ms) == (40, None)
    assert (timed.config.iterations, timed.config.budget_ms) == (None, 120.0)
    assert (both.config.iterations, both.config.budget_ms) == (30, 90.0)


def test_matches_played_in_two_processes_give_the_same_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--seats", "hard,normal", "--matches", "2", "--rounds", "1"]
    reports = []
    for jobs in ("1", "2"):
        assert cli.main([*args, "--iterations", "8", "--jobs", jobs, "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0]["levels"] == reports[1]["levels"]
    assert reports[0]["hard"] == {
        "budget_ms": None,
        "iterations": 8,
        "pace": None,
        "slower": 1.0,
        "ponder": False,
        "person_seconds": None,
    }


@pytest.mark.parametrize(("pace", "slower"), [("normal", 1.0), ("slow", 1.0), ("fast", 6.0)])
def test_hard_at_a_pace_thinks_for_the_table_s_pause_by_cpu_time(
    pace: str, slower: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--pace: Hard is given the pause less the table's margin, and its clock is this
    thread's CPU time (times --slower), not the wall clock."""
    import time

    from game.ai import hard
    from game.match.computer_move import THINK_MARGIN
    from game.rules import GameState, Rules
    from game.store.settings import PACE_SECONDS

    given: list[float] = []
    monkeypatch.setattr(
        hard.HardSeat,
        "choose_within",
        lambda self, obs, seconds, pondered=None: given.append(seconds),
    )
    monkeypatch.setattr(hard, "_clock", hard._clock)  # put back after the test
    monkeypatch.setattr(time, "thread_time", lambda: 2.0)
    seat = paced_factory(pace, slower)("hard", 1)
    state = GameState.new(Rules.standard(), 4, 5)
    state.start_round()
    seat.choose(state.observation(state.current))
    assert given == [pytest.approx(PACE_SECONDS[pace] - THINK_MARGIN)]
    assert hard._clock() == pytest.approx(2.0 * slower)
    assert paced_factory(pace, slower)("normal", 1).level == "normal"  # the others as always


def _paced_round(
    monkeypatch: pytest.MonkeyPatch,
    pace: str,
    tick: float,
    ponder: bool,
    person_seconds: float | None = None,
) -> tuple[list[Any], list[Any]]:
    """One round of Hard against three Normals at ``pace``, Hard's clock a counter (``tick``
    seconds a reading); what the table gave Hard, (seconds, seat to move) for each decision
    and each thinking ahead, and the seats."""
    from game.ai import hard
    from game.commands.paced import PacedHard, PacedSeats
    from game.rules import Rules

    monkeypatch.setattr(hard, "_clock", hard._clock)  # put back after the test
    paced = PacedSeats(pace, ponder=ponder, person_seconds=person_seconds)
    now = [0.0]

    def read() -> float:
        now[0] += tick
        return now[0]

    hard.use_clock(read)
    decided: list[Any] = []
    ahead: list[Any] = []
    choose_for = PacedHard.choose_for
    think_ahead = PacedHard.think_ahead

    def deciding(seat: PacedHard, observation: Any, seconds: float) -> Any:
        decided.append((seconds, observation.current))
        return choose_for(seat, observation, seconds)

    def thinking(seat: PacedHard, observation: Any, seconds: float, played: Any = None) -> None:
        ahead.append((seconds, observation.current, played))
        think_ahead(seat, observation, seconds, played)

    monkeypatch.setattr(PacedHard, "choose_for", deciding)
    monkeypatch.setattr(PacedHard, "think_ahead", thinking)
    seats = [paced("hard" if chair == 0 else "normal", chair) for chair in range(4)]
    play_match(Rules.standard().with_options(rounds=1), 4, 3, seats, paced.at_table)
    return [decided, ahead], seats


def test_at_a_pace_a_turn_s_later_steps_get_the_table_s_shorter_pause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.match.computer_move import THINK_MARGIN
    from game.store.settings import PACE_SECONDS

    (decided, ahead), _seats = _paced_round(monkeypatch, "fast", 0.01, ponder=False)
    first = pytest.approx(max(0.0, PACE_SECONDS["fast"] - THINK_MARGIN))
    later = pytest.approx(max(0.0, PACE_SECONDS["fast"] * 0.55 - THINK_MARGIN))
    assert all(seconds in (first, later) for seconds, _ in decided)
    assert any(seconds == first for seconds, _ in decided)
    # Without --ponder, Hard thinks ahead only in the rest of its own pause, on its next step.
    assert all(current == 0 and played is not None for _, current, played in ahead)


def test_with_ponder_hard_thinks_ahead_in_the_others_pauses_and_uses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.match.computer_move import THINK_MARGIN
    from game.store.settings import PACE_SECONDS

    (decided, ahead), seats = _paced_round(monkeypatch, "normal", 0.005, ponder=True)
    assert ahead, "Hard thought ahead"
    own = [(seconds, played) for seconds, current, played in ahead if current == 0]
    # In its own pause only once it has chosen, in what is left of it, on its next step.
    assert all(played is not None for _, played in own)
    first = PACE_SECONDS["normal"] - THINK_MARGIN
    assert own and all(0 < seconds < first for seconds, _ in own)
    assert all(played is None for _, current, played in ahead if current != 0)
    assert all(current == 0 for _, current in decided)
    assert seats[0].handed_over >= 1, "some decision carried on a search begun ahead"


def test_the_person_s_turn_gives_hard_the_person_s_seconds_to_think_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--person-seconds: the seat just before Hard plays the person; while it weighs a choice
    Hard thinks ahead for that long, with --ponder in the other seats' moves for their pauses
    (without, only on the person's time)."""
    from game.match.computer_move import THINK_MARGIN
    from game.store.settings import PACE_SECONDS

    for ponder in (False, True):
        # Hard's clock moves 0.01 s at each reading: 3 s of the person's time lets it rank the
        # likely positions and search them.
        (decided, ahead), seats = _paced_round(monkeypatch, "fast", 0.01, ponder, 3.0)
        person = [seconds for seconds, current, _ in ahead if current == 3]
        others = [seconds for seconds, current, _ in ahead if current in (1, 2)]
        assert 3.0 in person, "the person's choices gave Hard their seconds"
        if ponder:
            assert others and max(others) == pytest.approx(PACE_SECONDS["fast"] - THINK_MARGIN)
        else:
            assert not others, "without --ponder, not in the other seats' pauses"
        assert all(current == 0 for _, current in decided)
        assert seats[0].handed_over >= 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--person-seconds", "2"], "give --pace too"),
        (["--pace", "fast", "--person-seconds", "0"], "from 0 to 60"),
        (["--pace", "fast", "--person-seconds", "2", "--seats", "normal,easy"], "needs one"),
    ],
)
def test_person_seconds_refuses_what_cannot_be_played(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli import main

    assert main(["tournament", "--matches", "1", *options]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("ponder", [False, True])
def test_the_report_counts_hard_s_decisions_that_used_thinking_ahead(
    ponder: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The share of Hard's moves that used pondered work is a figure of the tournament."""
    import time

    from game.ai import hard
    from game.commands.tournament import HardPlan, format_report, run_tournament
    from game.rules import Rules

    monkeypatch.setattr(hard, "_clock", hard._clock)  # put back after the test
    now = [0.0]

    def ticking() -> float:
        now[0] += 0.004
        return now[0]

    monkeypatch.setattr(time, "thread_time", ticking)
    rules = Rules.standard().with_options(rounds=1)
    plan = HardPlan(pace="normal", ponder=ponder)
    report = run_tournament(rules, ["hard", "normal", "normal"], 3, 2, plan=plan)
    assert report["hard_decisions"] > 10
    last = format_report(report).splitlines()[-1]
    assert report["carried_own"] >= 1, "a later step of its turn carried on its own search"
    assert f"{report['carried_own']} (" in last
    if ponder:
        assert 1 <= report["handed_over"] + report["carried_own"] <= report["hard_decisions"]
        assert "while another seat decided" in last
    else:
        assert report["handed_over"] == 0
        assert "another seat" not in last
