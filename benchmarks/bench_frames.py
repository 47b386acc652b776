"""Frame time of a busy table, headless: median and 99th percentile per frame.

    python benchmarks/bench_frames.py                 # 1280x720, 6 seconds of frames
    python benchmarks/bench_frames.py --size 1920x1080 --seconds 10
    python benchmarks/bench_frames.py --review         # with a match review in its worker
    python benchmarks/bench_frames.py --hint           # with the table's hint thinking

The table: 8 players mid-round with long trains (double-15 set, 50+ tiles laid), an open double
and a marked train, your turn, a tile being dragged over the table with its legal trains lit,
and animations running the whole time (a tile flying from the boneyard to a seat every 0.4 s,
markers popping, snap rings, a refusal toast, the active badge and the lit trains pulsing).

A frame is everything ``App.step`` does: input, update, draw and ``display.flip``. It runs at
full speed (no frame cap) with the simulated clock advancing 1/60 s per frame. Two figures per
frame: wall time, and the thread's CPU time (the same work without the moments the OS gave the
core to other processes, which matters on a shared machine).

``--slowdown F`` adds what a device F times slower would see (a handheld: ``--slowdown 6``):
each frame's CPU time times F (``benchmarks/slow_device.py``). A seat thinking with ``--think``
does so in the worker process, on another core, as it would on a handheld with two or more.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.commands.screenshots import busy_table  # noqa: E402
from game.match.review_worker import ReviewJob  # noqa: E402
from game.match.session import MatchConfig, Session  # noqa: E402
from game.rules import Play, Tile  # noqa: E402
from game.rules import events as ev  # noqa: E402
from game.scenes.play.table import TableScene  # noqa: E402


class Thinker:
    """A computer seat deciding over and over in the worker process, as during a real turn."""

    def __init__(self, kind: str) -> None:
        from game.match.runner import ProcessRunner
        from game.rules import GameState, Rules

        self.state = GameState.new(Rules.standard(), 4, 3)
        self.state.start_round()
        while self.state.current == 0:
            self.state.apply(self.state.legal_actions()[0])
        seat = self.state.current
        self.observation = self.state.observation(seat)
        self.seat = seat
        self.runner = ProcessRunner([kind if s == seat else None for s in range(4)], 1)
        self.decisions = 0
        # As the table asks: think until the move is due at the normal pace (Hard uses it all).
        self.think_for = 0.75 - 0.12
        self.runner.request(seat, self.observation, None, self.think_for)

    def tick(self) -> None:
        if self.runner.poll() is not None:
            self.decisions += 1
            self.runner.request(self.seat, self.observation, None, self.think_for)

    def close(self) -> None:
        self.runner.close()


class Hinter:
    """The table's hint thinking in the help worker process for the whole run, asked again
    as soon as it answers, polled once a frame as the table polls it."""

    def __init__(self) -> None:
        from game.match.help_worker import HelpWorker
        from game.rules import GameState, Rules

        game = GameState.new(Rules.standard(), 4, 3)
        game.start_round()
        while len(game.legal_actions()) < 3:
            game.apply(game.legal_actions()[0])
        self.observation = game.observation(game.current)
        self.record = _record_of(game)
        self.worker = HelpWorker()
        self.decisions = 0
        self.job = self._ask()

    def _ask(self) -> object:
        return self.worker.submit("hint", self.record, self.observation)

    def tick(self) -> None:
        if self.job.done():  # type: ignore[attr-defined]
            self.decisions += 1
            self.job = self._ask()

    def close(self) -> None:
        self.worker.close()


def _record_of(game: object) -> str:
    """A record that holds only the match line: enough for the hint (no first-turn lines yet
    to remember), as at the first turn of a match."""
    from game.rules.record import RecordWriter

    fresh = type(game).new(game.rules, game.players, game.seed)  # type: ignore[attr-defined]
    return RecordWriter(fresh).text()


class Reviewer:
    """A match review running in its worker process for the whole run, polled once a frame as
    the review's progress screen polls it (a finished review starts again)."""

    def __init__(self, guesses: int) -> None:
        from game.ai.simple import make_seat
        from game.commands.simulate import play_match
        from game.rules import Rules

        seats = [make_seat("greedy", 50 + s) for s in range(4)]
        text = play_match(Rules.standard(), 4, 5, seats, ["A", "B", "C", "D"], record=True).record
        assert text is not None
        self.text = text
        self.guesses = guesses
        self.decisions = 0
        self.job = self._start()

    def _start(self) -> ReviewJob:
        return ReviewJob(self.text, 0, self.guesses)

    def tick(self) -> None:
        before = self.job.done
        if self.job.poll():
            if self.job.error is not None:
                raise SystemExit(f"the review failed: {self.job.error}")
            self.decisions += self.job.done - before
            self.job = self._start()
        else:
            self.decisions += self.job.done - before

    def close(self) -> None:
        self.job.cancel()


def parse_size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=parse_size, default=(1280, 720))
    parser.add_argument("--seconds", type=float, default=6.0, help="wall seconds of frames")
    parser.add_argument(
        "--think",
        metavar="KIND",
        default="",
        help="keep a computer seat of this kind (e.g. hard) deciding in the worker process "
        "for the whole run, to show that its thinking does not slow the frames",
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="keep a match review (a 13-round 4-player double-12 match, seat 0, the default "
        "guesses) running in its worker process for the whole run",
    )
    parser.add_argument(
        "--hint",
        action="store_true",
        help="keep the table's hint thinking in the help worker process for the whole run",
    )
    parser.add_argument(
        "--slowdown",
        type=float,
        default=None,
        metavar="F",
        help="also report frame times on a device F times slower (CPU time times F)",
    )
    args = parser.parse_args()
    if args.slowdown is not None and not args.slowdown > 0:
        parser.error(f"--slowdown must be above 0, not {args.slowdown}")
    thinker = Thinker(args.think) if args.think else None
    hinter = Hinter() if args.hint else None
    reviewer = None
    if args.review:
        from game.ai.review import DEFAULT_GUESSES

        reviewer = Reviewer(DEFAULT_GUESSES)

    app = App(args.size, inline_seats=True, resizable=False)
    state, seed = busy_table(8, min_tiles=50)
    session = Session(MatchConfig(8, state.rules, "greedy", seed), inline=True)
    session.state = state
    table = TableScene(app, session)
    app.reset(table)
    laid = sum(len(state.train(t)) for t in range(state.players + 1))
    longest = max(len(state.train(t)) for t in range(state.players + 1))
    # The table's own animations keep the view "busy"; keep offering the person's moves anyway
    # so the dragged tile's targets stay lit while tiles fly.
    table.legal = state.legal_actions  # type: ignore[method-assign]
    for _ in range(90):
        app.step(1 / 60)

    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    tile = plays[0].tile
    rect = table.tile_rect(tile)
    assert rect is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step(1 / 60)
    target = table.train_target(plays[0].train)
    hover = (target.centerx, target.centery)
    view = table.view
    view.show_toast("The numbers don't match", "refusal", duration=1e9)
    seats = [s for s in range(1, state.players)]
    spare = [Tile(a, b) for a in range(16) for b in range(a, 16)]

    times: list[float] = []
    cpu_times: list[float] = []
    frame = 0
    warm_up = 180  # first seconds fill the caches (every size of every tile in view)
    t_end = time.perf_counter() + args.seconds + 3.0
    while time.perf_counter() < t_end or frame < warm_up:
        # the pointer wanders over the table, sometimes over a lit train
        phase = frame % 240
        if phase < 120:
            pos = (hover[0] - 200 + phase * 3, hover[1] - 60 + (phase % 40))
        else:
            pos = hover
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        if frame % 24 == 0:  # a tile flies to a seat every 0.4 s of game time
            seat = seats[(frame // 24) % len(seats)]
            view.feed([ev.TileDrawn(seat, spare[frame % len(spare)])])
            view.boneyard += 1
        if frame % 60 == 30:
            seat = seats[(frame // 60) % len(seats)]
            kind = ev.MarkerPlaced if not view.markers[seat] else ev.MarkerRemoved
            view.feed([kind(seat)])
        if thinker is not None:
            thinker.tick()
        if hinter is not None:
            hinter.tick()
        start = time.perf_counter()
        cpu = time.thread_time()
        if reviewer is not None:
            reviewer.tick()  # inside the frame, as the progress screen's update polls it
        app.step(1 / 60)
        if frame >= warm_up:
            times.append(time.perf_counter() - start)
            cpu_times.append(time.thread_time() - cpu)
        frame += 1
    app.close()
    if thinker is not None:
        thinker.close()
        print(f"a {args.think} seat made {thinker.decisions} decisions in the worker meanwhile")
    if hinter is not None:
        hinter.close()
        print(f"the help worker answered {hinter.decisions} hints meanwhile")
    if reviewer is not None:
        reviewer.close()
        print(f"the review weighed {reviewer.decisions} decisions in its worker meanwhile")

    w, h = args.size
    print(f"busy 8-player table at {w}x{h}: {laid} tiles laid, longest train {longest}")
    print(f"frames measured: {len(times)} (after {warm_up} warm-up frames)")
    rows = [("wall", times), ("cpu ", cpu_times)]
    if args.slowdown is not None:
        rows.append((f"cpu x{args.slowdown:g}", [t * args.slowdown for t in cpu_times]))
    for label, values in rows:
        ms = sorted(t * 1000 for t in values)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(
            f"{label}: median {statistics.median(ms):.2f} ms   p95 {p95:.2f} ms   "
            f"p99 {p99:.2f} ms   max {ms[-1]:.2f} ms"
        )
    print("(wall includes time the OS gave to other processes; cpu is this thread's own work)")
    if args.slowdown is not None:
        factor = f"{args.slowdown:g}"
        print(f"(cpu x{factor}: the same frames on a device {factor} times slower)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
