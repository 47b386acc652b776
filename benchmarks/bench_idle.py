"""How much of a core the game uses while nobody touches it, beside a bare pygame-ce loop.

    python benchmarks/bench_idle.py                  # every case, 8 s each, 1280x720
    python benchmarks/bench_idle.py --seconds 12 --cases menu,table
    python benchmarks/bench_idle.py --latency        # the first input after 30 s still

It needs a real X display, as a player's machine has: it starts its own virtual screen with
``Xvfb`` when ``DISPLAY`` is not set (``sudo apt-get install xvfb`` on Debian or Ubuntu).

Each case runs in a fresh process: the game set up in that state (below), then ``App.run`` for
the given seconds of wall time; the figure is the process's own CPU time over that time (the
computer seats' worker processes are not counted: they are the AI's, not the table's). Beside
each, the bare loop: a 1280x720 window blitted in full and flipped at 60 frames a second,
measured in the same run; the ratio is the game's share over the bare loop's.

Cases: ``first`` (the very first start: the lesson offered over the menu), ``menu`` (the main
menu), ``table`` (a four-player table waiting for the person, settled: nothing in flight),
``reduced`` (the same with reduced motion), ``saver`` (the same with battery saver on),
``thinking`` (a computer seat to move, its answer not yet come, the table still), ``attract``
(the kiosk's attract mode, the table playing itself). A table is measured once nobody has
touched anything for ``game.pacing.AMBIENT_QUIET`` seconds (the lit trains' pulse, decoration,
has stopped: "nothing animating"); ``pulsing`` is the same table in its first seconds, while
the pulse still runs at its low rate.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.pacing import AMBIENT_QUIET  # noqa: E402

CASES = ["first", "menu", "pulsing", "table", "reduced", "saver", "thinking", "attract"]
AIMS = {"first": 0.30, "menu": 0.30, "table": 0.10, "reduced": 0.10, "saver": 0.10, "attract": 0.60}


def bare_loop(seconds: float, size: tuple[int, int]) -> float:
    """CPU share of a loop that blits a full window and flips it at 60 frames a second."""
    import pygame

    pygame.init()
    window = pygame.display.set_mode(size)
    canvas = pygame.Surface(size)
    canvas.fill((20, 90, 60))
    clock = pygame.time.Clock()
    end = time.monotonic() + seconds
    cpu = time.process_time()
    wall = time.monotonic()
    while time.monotonic() < end:
        pygame.event.pump()
        window.blit(canvas, (0, 0))
        pygame.display.flip()
        clock.tick(60)
    share = (time.process_time() - cpu) / (time.monotonic() - wall)
    pygame.quit()
    return share


def settle(app: object, seconds: float) -> None:
    """Frames at 60 a second of simulated time, as fast as they run (set-up, not measured)."""
    from game.app import App

    assert isinstance(app, App)
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def build(case: str, size: tuple[int, int], home: Path) -> object:
    """The game in the state ``case`` names, ready to be left alone."""
    from game.launch import open_app
    from game.store.home import Store

    store = Store(home)
    if case == "first":
        app = open_app(size, store)
        settle(app, 1.0)
        return app
    progress = store.load_progress()
    progress.lesson = "declined"  # not a first start: the plain menu
    store.save_progress(progress)
    if case == "attract":
        from game.scenes.kiosk.kiosk import hash_pin

        settings = store.load_settings()
        settings.kiosk_pin_hash = hash_pin("2468")  # an operator's PIN: no first-start pad
        store.save_settings(settings)
        app = open_app(size, store, kiosk=True)
        assert app.kiosk is not None
        app.kiosk.to_attract()
        settle(app, 2.0)
        return app
    app = open_app(size, store)
    settle(app, 1.0)
    if case == "menu":
        return app
    if case == "reduced":
        app.settings.animation_speed = 0.0
    if case == "saver" and hasattr(app.settings, "battery_saver"):
        app.settings.battery_saver = "on"
    from game.match.session import MatchConfig, Session
    from game.rules import Rules
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.table import TableScene

    kinds: list[str | None] = [None, "normal", "normal", "normal"]
    session = Session(MatchConfig(4, Rules.standard(), "normal", 7), inline=True, kinds=kinds)
    session.start_round()
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    if case == "thinking":
        for _ in range(60 * 60):  # play to a computer's turn, the table settled
            if table.state.current != 0 and not table.view.busy:
                break
            if table.ready:
                table._apply(table.state.legal_actions()[0])
            app.step(1 / 60)
        session.runner.close()
        session.runner = _NeverAnswers()  # its answer has not come yet
        settle(app, AMBIENT_QUIET + 1.0)
        return app
    for _ in range(60 * 60):
        if table.ready and not table.view.busy:
            break
        app.step(1 / 60)
    settle(app, 1.0 if case == "pulsing" else AMBIENT_QUIET + 1.0)
    return app


class _NeverAnswers:
    """A computer seat still thinking: asked, it never answers (within the measurement)."""

    def request(self, seat: int, observation: object, moment: int | None = None) -> None:
        pass

    def poll(self) -> None:
        return None

    def rewind(self, history: object) -> None:
        pass

    def close(self) -> None:
        pass


def measure(case: str, seconds: float, size: tuple[int, int]) -> float:
    """The game's CPU share over ``seconds`` of wall time in the state ``case`` names."""
    from game.app import App

    with tempfile.TemporaryDirectory() as home:
        app = build(case, size, Path(home))
        assert isinstance(app, App)
        cpu = time.process_time()
        wall = time.monotonic()
        app.run(seconds=seconds)
        share = (time.process_time() - cpu) / (time.monotonic() - wall)
        app.close()
    return share


class _Probe:
    """Times one click: posted from another thread, handled by the table, then on screen."""

    def __init__(self, app: object, table: object, pos: tuple[int, int]) -> None:
        self.app, self.table, self.pos = app, table, pos
        self.posted = self.handled = self.shown = 0.0
        self.handle, self.present = table.handle, app.present  # type: ignore[attr-defined]

    def on_handle(self, event: object) -> None:
        import pygame

        assert isinstance(event, pygame.event.Event)
        if event.type == pygame.MOUSEBUTTONDOWN and not self.handled:
            self.handled = time.monotonic()
        self.handle(event)

    def on_present(self) -> None:
        self.present()
        if self.handled and not self.shown:
            self.shown = time.monotonic()

    def click(self) -> None:
        import pygame

        time.sleep(1.3)  # well into a still second
        self.posted = time.monotonic()
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=1, touch=False)
        pygame.event.post(down)


def latency(size: tuple[int, int], tries: int = 5) -> list[tuple[float, float]]:
    """A table untouched for 30 s, then a click on a playable tile from another thread while
    the loop sleeps: (ms until the table handled it, ms until that frame was on screen)."""
    import threading

    from game.app import App
    from game.rules import Play
    from game.scenes.play.table import TableScene

    found: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as home:
        app = build("table", size, Path(home))
        assert isinstance(app, App)
        table = app.top
        assert isinstance(table, TableScene)
        for _ in range(tries):
            settle(app, 30.0)
            play = next(a for a in table.legal() if isinstance(a, Play))
            rect = table.tile_rect(play.tile)
            assert rect is not None
            probe = _Probe(app, table, rect.center)
            table.handle, app.present = probe.on_handle, probe.on_present  # type: ignore
            thread = threading.Thread(target=probe.click)
            thread.start()
            app.run(seconds=2.0)
            thread.join()
            table.handle, app.present = probe.handle, probe.present  # type: ignore
            found.append(
                ((probe.handled - probe.posted) * 1000, (probe.shown - probe.posted) * 1000)
            )
            table.press = None
        app.close()
    return found


def child(args: argparse.Namespace) -> int:
    size = tuple(int(n) for n in args.size.split("x"))
    assert len(size) == 2
    if args.case == "latency":
        for handled, shown in latency((size[0], size[1])):
            print(f"{handled:.1f} {shown:.1f}")
        return 0
    if args.case == "bare":
        share = bare_loop(args.seconds, (size[0], size[1]))
    else:
        share = measure(args.case, args.seconds, (size[0], size[1]))
    print(f"{share:.4f}")
    return 0


def with_display(size: str) -> tuple[dict[str, str], subprocess.Popen[bytes] | None]:
    """The environment for the children: the display there is, or a virtual one started."""
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env["SDL_AUDIODRIVER"] = env.get("SDL_AUDIODRIVER", "dummy")
    if env.get("DISPLAY"):
        return env, None
    if shutil.which("Xvfb") is None:
        sys.exit("bench_idle needs an X display: install Xvfb (sudo apt-get install xvfb)")
    display = ":97"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{size}x24"],  # a kiosk's full screen: the size
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # the server's start, before the first window
    env["DISPLAY"] = display
    return env, server


def run_case(case: str, seconds: float, size: str, env: dict[str, str]) -> float:
    command = [sys.executable, __file__, "--child", "--case", case, "--seconds", str(seconds)]
    out = subprocess.run(
        [*command, "--size", size], env=env, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--latency", action="store_true", help="the first input after 30 s")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--case", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args)
    env, server = with_display(args.size)
    if args.latency:
        command = [sys.executable, __file__, "--child", "--case", "latency", "--size", args.size]
        out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        print("first click after 30 s untouched (ms from its arrival):")
        for line in out.stdout.split("\n"):
            if line.strip() and line[0].isdigit():
                handled, shown = line.split()
                print(f"  handled after {handled} ms, on screen after {shown} ms")
        if server is not None:
            server.terminate()
        return 0
    try:
        print(f"idle CPU at {args.size}, {args.seconds:g} s a case (share of one core)")
        print(f"{'case':<10} {'game':>7} {'bare':>7} {'ratio':>7} {'aim':>6}")
        for case in args.cases.split(","):
            game = run_case(case, args.seconds, args.size, env)
            bare = run_case("bare", args.seconds, args.size, env)
            aim = AIMS.get(case)
            shown = f"{aim:.2f}" if aim is not None else "-"
            print(f"{case:<10} {game:>7.1%} {bare:>7.1%} {game / bare:>7.2f} {shown:>6}")
    finally:
        if server is not None:
            server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
