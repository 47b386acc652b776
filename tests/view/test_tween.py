"""Tweens, easings, the animator's speed setting and the scheduler, ticked by hand."""

from __future__ import annotations

import pytest

from game.view.tween import (
    EASINGS,
    Animator,
    Scheduler,
    Tween,
    ease_in_out,
    ease_out_back,
    linear,
)

DT = 1 / 60


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints_are_exact(name: str) -> None:
    f = EASINGS[name]
    assert f(0.0) == 0.0
    assert f(1.0) == 1.0


def test_ease_in_out_is_symmetric_and_monotonic() -> None:
    assert ease_in_out(0.5) == pytest.approx(0.5)
    samples = [ease_in_out(i / 100) for i in range(101)]
    assert samples == sorted(samples)


def test_ease_out_back_overshoots_then_settles() -> None:
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_tween_reaches_end_exactly_at_duration() -> None:
    t = Tween(0.0, 10.0, duration=1.0, easing=ease_in_out)
    for _ in range(59):
        assert not t.update(DT)
        assert t.value != 10.0
    # 60 * (1/60) sums to slightly less than 1.0 in floats: still done, still exact.
    assert t.update(DT)
    assert t.value == 10.0
    assert t.done


def test_tween_tuple_values_and_midpoint() -> None:
    t = Tween((0, 100), (10, 0), duration=2.0, easing=linear)
    t.update(1.0)
    assert t.value == pytest.approx((5.0, 50.0))
    t.update(1.0)
    assert t.value == (10.0, 0.0)


def test_tween_rejects_mismatched_values() -> None:
    with pytest.raises(ValueError):
        Tween((0, 0), (1, 1, 1), 1.0)
    with pytest.raises(ValueError):
        Tween(0.0, (1.0, 1.0), 1.0)
    with pytest.raises(ValueError):
        Tween(0.0, 1.0, -1.0)


def test_delay_then_motion_and_on_done_once() -> None:
    done: list[Tween] = []
    t = Tween(0.0, 1.0, duration=0.5, delay=0.25, easing=linear, on_done=done.append)
    t.update(0.25)
    assert t.value == 0.0
    t.update(0.25)
    assert t.value == pytest.approx(0.5)
    t.update(0.25)
    t.update(0.25)
    assert t.value == 1.0
    assert done == [t]


def test_delay_overflow_carries_into_motion() -> None:
    t = Tween(0.0, 1.0, duration=1.0, delay=0.5, easing=linear)
    t.update(0.75)  # 0.5 of delay, 0.25 of motion
    assert t.value == pytest.approx(0.25)


def test_animator_busy_until_all_done() -> None:
    anim = Animator()
    finished: list[str] = []
    anim.tween(0, 1, 0.5, on_done=lambda _t: finished.append("a"))
    anim.tween(0, 1, 1.0, on_done=lambda _t: finished.append("b"))
    assert anim.busy
    for _ in range(30):
        anim.update(DT)
    assert finished == ["a"]
    assert anim.busy
    for _ in range(30):
        anim.update(DT)
    assert finished == ["a", "b"]
    assert not anim.busy


def test_speed_factor_scales_time() -> None:
    anim = Animator(speed=2.0)
    t = anim.tween(0.0, 1.0, 1.0, easing=linear)
    anim.update(0.25)
    assert t.value == pytest.approx(0.5)
    anim.update(0.25)
    assert t.value == 1.0
    assert not anim.busy


def test_speed_zero_completes_instantly() -> None:
    anim = Animator(speed=0.0)
    done: list[Tween] = []
    t = anim.tween(0.0, 5.0, 3.0, delay=2.0, on_done=done.append)
    assert t.value == 5.0  # drawn in place from the very next frame
    assert done == []  # callbacks still come from update, never from add
    anim.update(0.0)
    assert done == [t]
    assert not anim.busy


def test_switching_to_reduced_motion_snaps_running_tweens() -> None:
    anim = Animator()
    t = anim.tween(0.0, 1.0, 10.0)
    anim.update(1.0)
    anim.speed = 0.0
    assert t.value == 1.0
    anim.update(DT)
    assert not anim.busy
    with pytest.raises(ValueError):
        anim.speed = -1.0


def test_keyed_tween_replaces_previous() -> None:
    anim = Animator()
    done: list[str] = []
    first = anim.tween(0, 1, 1.0, key="tile", on_done=lambda _t: done.append("first"))
    second = anim.tween(0, 2, 1.0, key="tile", on_done=lambda _t: done.append("second"))
    assert first.cancelled
    assert anim.get("tile") is second
    anim.update(1.0)
    assert done == ["second"]


def test_on_done_can_chain_a_new_tween() -> None:
    anim = Animator()
    log: list[str] = []

    def step_two(_t: Tween) -> None:
        log.append("one")
        anim.tween(0, 1, 0.5, on_done=lambda _t: log.append("two"))

    anim.tween(0, 1, 0.5, on_done=step_two)
    anim.update(0.5)
    assert log == ["one"]
    assert anim.busy
    anim.update(0.5)
    assert log == ["one", "two"]
    assert not anim.busy


def test_finish_all_and_clear() -> None:
    anim = Animator()
    done: list[Tween] = []
    t = anim.tween(0, 1, 5.0, on_done=done.append)
    anim.finish_all()
    assert t.value == 1.0 and done == [t] and not anim.busy
    anim.tween(0, 1, 5.0, on_done=done.append)
    anim.clear()
    anim.update(10.0)
    assert len(done) == 1 and not anim.busy


def test_scheduler_after_fires_on_the_right_tick() -> None:
    sched = Scheduler()
    fired: list[int] = []
    tick = 0
    sched.after(0.5, lambda: fired.append(tick))
    for tick in range(1, 11):  # noqa: B007 - the callback reads the current tick
        sched.update(0.1)
    assert fired == [5]
    assert sched.pending == 0


def test_scheduler_every_fires_each_interval() -> None:
    sched = Scheduler()
    fired: list[int] = []
    tick = 0
    handle = sched.every(0.25, lambda: fired.append(tick))
    for tick in range(1, 61):  # noqa: B007 - one second at 60 fps; the callback reads tick
        sched.update(DT)
    assert fired == [15, 30, 45, 60]
    handle.cancel()
    sched.update(1.0)
    assert fired == [15, 30, 45, 60]


def test_scheduler_catches_up_in_order_after_a_long_frame() -> None:
    sched = Scheduler()
    log: list[str] = []
    sched.every(0.1, lambda: log.append("tick"))
    sched.after(0.25, lambda: log.append("once"))
    sched.update(0.35)
    assert log == ["tick", "tick", "once", "tick"]


def test_scheduler_callback_can_cancel_itself() -> None:
    sched = Scheduler()
    count = 0
    handle = None

    def fn() -> None:
        nonlocal count
        count += 1
        if count == 3 and handle is not None:
            handle.cancel()

    handle = sched.every(1.0, fn)
    sched.update(10.0)
    assert count == 3
    assert not handle.active
