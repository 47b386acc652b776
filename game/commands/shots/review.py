"""Screenshot cases of replays and reviews: a record replayed or refused, Recent matches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.commands.shots.camera import Camera
from game.commands.shots.states import names, short_record
from game.rules import Action, Play
from game.store.values import MatchMode

if TYPE_CHECKING:
    from game.scenes.review.replay import ReplayScene
    from game.store.recent import RecentMatch


def replay_shots(cam: Camera) -> None:
    """A replay of a recorded match, and a broken record refused."""
    from game.scenes.review.replay import ReplayErrorScene, ReplayScene

    app = cam.app
    app.reset(ReplayScene.from_text(app, short_record(), "example.jsonl"))
    cam.settle(0.3)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    _replay_on(cam, replay)
    cam.shot("17_replay")
    app.reset(
        ReplayErrorScene(app, "broken.jsonl", 7, "seat 2 may not play: the numbers don't match")
    )
    cam.settle(0.5)
    cam.shot("18_replay_refused")


def _replay_on(cam: Camera, replay: ReplayScene) -> None:
    """Forty moves of ``replay``, then its animations settled."""
    for _ in range(40):
        replay.step_once()
        cam.settle(0.05)
    cam.settle(1.0)


def review_table_shots(cam: Camera) -> None:
    """The review table at a mistake (the better move and the move made both shown), and its
    summary page: the short record's first seat reviewed with few guesses."""
    from game.ai.review import review
    from game.rules.record import load_record
    from game.scenes.review.review_table import ReviewTableScene
    from game.view.review import MISTAKES

    record, _state = load_record(short_record())
    result = review(record, 0, guesses=8)
    scene = ReviewTableScene(cam.app, record, result, "example.jsonl")
    cam.app.reset(scene)
    chosen = [
        i
        for i, d in enumerate(scene.decisions)
        if d.label in MISTAKES and isinstance(d.made, Play) and d.made != d.best
    ]
    apart = [i for i in chosen if _on_two_trains(scene.decisions[i].made, scene.decisions[i].best)]
    if apart or chosen:
        scene.show((apart or chosen)[0])  # at best, both trains marked
    cam.settle(0.6)
    cam.shot("39_review_mistake")
    scene.toggle_summary()
    cam.settle(0.4)
    cam.shot("39b_review_summary")


def _on_two_trains(made: Action, best: Action) -> bool:
    return isinstance(made, Play) and isinstance(best, Play) and made.train != best.train


class _HeldJob:
    """A review held at a point, for a picture of its progress (no worker is started)."""

    def __init__(
        self, done: int, total: int | None, error: str | None = None, started: bool = True
    ) -> None:
        self.done, self.total, self.error, self.started = done, total, error, started
        self.result = None
        self.running = False

    def poll(self) -> bool:
        return self.error is not None

    def cancel(self) -> None:
        pass


def recent_shots(cam: Camera) -> None:
    """Recent matches (kept matches of every kind, and none yet), the review's progress, a
    review that could not run or could not start, and pass and play's question of whose match
    to review."""
    from game.match.session import person_name
    from game.rules.record import load_record
    from game.scenes.pages.menu import MenuScene
    from game.scenes.pages.recent import RecentScene
    from game.scenes.review.replay import ReplayScene
    from game.scenes.review.reviewing import ReviewingScene, ReviewSource, WhoScene

    app = cam.app
    items = _recent_matches()
    base = items[0]
    cam.show("36_recent_matches", RecentScene(app, items))
    cam.show("36b_recent_matches_empty", RecentScene(app, []))
    record, _state = load_record(short_record())
    source = ReviewSource(record, "", 0, base.name())
    held = _HeldJob(12, 58)
    job = ReviewingScene(app, source, job=held)  # type: ignore[arg-type]
    cam.show("37_review_progress", job, settle=0.8)
    failed = _HeldJob(3, 58, "the review stopped before its end")
    stopped = ReviewingScene(app, source, job=failed)  # type: ignore[arg-type]
    cam.show("37b_review_could_not_run", stopped)
    never = _HeldJob(0, None, "[Errno 11] Resource temporarily unavailable", started=False)
    cam.show("37c_review_could_not_start", ReviewingScene(app, source, job=never))  # type: ignore[arg-type]

    replay = ReplayScene(app, record, base.name(), back=True)  # opened from Recent matches
    app.reset(MenuScene(app), RecentScene(app, items), replay)
    cam.settle(0.3)
    _replay_on(cam, replay)
    cam.shot("36c_recent_match_replay")
    people = [(seat, person_name(seat)) for seat in range(3)]
    cam.show("38_review_whose_match", WhoScene(app, people, lambda seat: None))


def _recent_matches() -> list[RecentMatch]:
    """Kept matches of every kind: quick, a level, the daily table, pass and play, Practice
    and a custom table."""
    import dataclasses
    from pathlib import Path

    from game.match.session import person_name
    from game.scenes.kit.progress import ladder_levels
    from game.store.recent import RecentMatch

    base = RecentMatch(
        key="example",
        match="example",
        order=1,
        ended="2026-12-01T08:00:00Z",
        mode=MatchMode.QUICK,
        level="",
        day="",
        names=tuple(names(4)),
        totals=(12, 40, 57, 88),
        winners=(0,),
        people=(0,),
        players=4,
        set_size=12,
        preset="standard",
        rounds=13,
        scoring="penalty",
        practice=False,
        folder=Path("recent"),
    )
    level = ladder_levels()[-1]
    return [
        base,
        dataclasses.replace(
            base,
            mode=MatchMode.LEVEL,
            level=level.name,
            ended="2026-11-30T21:14:00Z",
            totals=(61, 23, 90, 47),
            winners=(1,),
        ),
        dataclasses.replace(
            base,
            mode=MatchMode.DAILY,
            day="2026-11-30",
            ended="2026-11-30T12:03:00Z",
            preset="station",
        ),
        dataclasses.replace(
            base,
            mode=MatchMode.PASS_AND_PLAY,
            names=(person_name(0), person_name(1), "Ana", "Bo"),
            people=(0, 1),
            winners=(1, 2),
            totals=(30, 18, 18, 70),
            ended="2026-11-29T19:40:00Z",
        ),
        dataclasses.replace(
            base, mode=MatchMode.PRACTICE, practice=True, ended="2026-11-29T09:10:00Z"
        ),
        dataclasses.replace(
            base,
            mode=MatchMode.CUSTOM,
            players=2,
            names=base.names[:2],
            totals=(5, 0),
            winners=(0, 1),
            set_size=6,
            rounds=7,
            scoring="positive",
            ended="2026-11-28T17:25:00Z",
        ),
    ]
