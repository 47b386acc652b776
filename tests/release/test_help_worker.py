"""The table's help off the frame loop: the hint and the plan worked out in a worker process
give exactly what they give worked out here, a broken job says why and breaks nothing, and
when the worker is gone the help comes from a thread instead."""

from __future__ import annotations

import pytest

from game.ai.hints import plan_hand
from game.ai.review import hint_advice
from game.match.help_worker import HelpFailed, HelpWorker
from game.match.session import MatchConfig, Session
from game.rules import Rules


def _position() -> tuple[str, object]:
    config = MatchConfig(3, Rules.standard().with_options(set_size=9), "normal", 5)
    session = Session(config, inline=True, kinds=[None, "normal", "normal"])
    session.start_round()
    state = session.state
    while state.current != 0:  # the seats before the person's first turn
        session.apply(state.legal_actions()[0])
    return session.writer.text(), state.observation(0)


def test_help_from_the_worker_process_is_the_help_worked_out_here() -> None:
    record, observation = _position()
    worker = HelpWorker()
    try:
        assert worker.in_worker
        hint = worker.submit("hint", record, observation)
        plan = worker.submit("plan", observation)
        assert hint.result(timeout=120) == hint_advice(record, observation)  # type: ignore[arg-type]
        assert plan.result(timeout=120) == plan_hand(observation)  # type: ignore[arg-type]
        broken = worker.submit("hint", "not a record", observation)
        with pytest.raises(HelpFailed, match="RecordError"):
            broken.result(timeout=120)
        again = worker.submit("plan", observation)  # the worker lives on after a failure
        assert again.result(timeout=120) == plan_hand(observation)  # type: ignore[arg-type]
    finally:
        worker.close()


def test_when_the_worker_is_gone_help_comes_from_a_thread() -> None:
    _record, observation = _position()
    worker = HelpWorker()
    try:
        worker._process.kill()
        worker._process.join(timeout=30)
        answer = worker.submit("plan", observation)
        assert answer.result(timeout=120) == plan_hand(observation)  # type: ignore[arg-type]
        assert not worker.in_worker
    finally:
        worker.close()
