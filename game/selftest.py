"""``python main.py --selftest``: is this installation (source or standalone build) whole?

Headless (the dummy video and audio drivers are forced) and private (the saves go to a fresh
temporary folder, never the player's). In order:

* ``fonts``: the font packages are found (not pygame's fallback font) and render Latin and Tamil.
* ``assets``: every file under ``assets/`` is read; catalogs and rules pages parse; the level
  files load (``$MEXICAN_TRAIN_LEVELS`` names another levels folder). A level file refused is
  named but fails nothing: the game goes on without it, and the ladder says why it is missing.
* ``tiles``: every face of a double-12 set and the backs, in every colour theme.
* ``sounds``: every effect is synthesised and played through the mixer.
* ``scenes``: every scene is drawn once (menu, settings, statistics, custom table, rules, ladder
  (and its notice of refused level files, if any), daily table, deal,
  table, pause, the pass-and-play cover, the kiosk's attract mode and PIN pad, round summary,
  match end, replay, replay error) and is not blank; a scene class it does not know is named.
* ``round``: one round between computer players through the real table, the seats thinking
  in their worker process (the frozen build's ``multiprocessing`` path), the record replayed.
* ``saves``: settings and the game in progress written and read back.

Prints one line per check and exits 0 when all pass, 1 (saying what failed) otherwise.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.app import App

ROUND_WALL_SECONDS = 120.0  # give up on a round that has not ended by then


class SelfTestError(Exception):
    """A check failed; the message says what was wrong."""


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise SelfTestError(message)


def _not_blank(surface: pygame.Surface, what: str) -> None:
    import pygame

    small = pygame.transform.scale(surface, (32, 18))
    colours = {small.get_at((x, y))[:3] for x in range(32) for y in range(18)}
    _need(len(colours) > 4, f"{what} drew a blank picture ({len(colours)} colours)")


# ---------------------------------------------------------------------------------- checks


def check_fonts() -> str:
    from game.view import fonts

    found = fonts.available()
    for script, path in found.items():
        _need(path is not None, f"no font file for {script}: is its fontpkg package bundled?")
        _need(Path(str(path)).is_file(), f"the {script} font {path} is missing")
    latin = fonts.get_font(24, bold=True).render("Mexican Train 0123456789", True, (0, 0, 0))
    tamil = fonts.get_font(24, script="Taml").render("மெக்சிகன் ரயில்", True, (0, 0, 0))
    _need(latin.get_width() > 50 and tamil.get_width() > 30, "text renders empty")
    return f"{len(found)} scripts"


def check_assets() -> str:
    from game import i18n
    from game.levels import load_levels

    root = i18n.assets_dir()
    _need(root.is_dir(), f"no assets folder at {root}")
    files = [p for p in sorted(root.rglob("*")) if p.is_file()]
    _need(bool(files), f"the assets folder {root} is empty")
    for path in files:
        text = path.read_bytes().decode("utf-8")
        if path.suffix in (".po", ".pot"):
            i18n.parse_po(text, str(path))
        elif path.parent.name == "rules" and path.suffix == ".txt":
            i18n.parse_rules_text(text, str(path))
    for code in i18n.LANGUAGES:
        i18n.load_catalog(code)
        i18n.rules_document(code)
    levels, errors = load_levels()
    _need(bool(levels), "no level files found")
    refused = ""
    if errors:  # the player sees them at the end of the ladder; the author reads them here
        named = "; ".join(str(e) for e in errors[:3]) + ("; ..." if len(errors) > 3 else "")
        refused = f" ({len(errors)} level file{'s' * (len(errors) != 1)} refused: {named})"
    return f"{len(files)} files, {len(i18n.LANGUAGES)} languages, {len(levels)} levels{refused}"


def check_tiles() -> str:
    import pygame

    from game.rules.tiles import Tile
    from game.view.theme import THEMES
    from game.view.tiles import TileRenderer

    count = 0
    for theme in THEMES.values():
        renderer = TileRenderer(theme, cache_size=200)
        for high in range(13):
            for low in range(high + 1):
                for numerals in (False, True):
                    face = renderer.surface(low, high, 24, low == high, numerals=numerals)
                    _need(isinstance(face, pygame.Surface), f"tile {Tile(low, high)} failed")
                    count += 1
        renderer.back(24, True)
        renderer.back(24, False)
    return f"{count} faces"


def check_sounds() -> str:
    from game.sound.audio import EFFECTS, SoundBoard

    board = SoundBoard(volume=0.5, seed=1)
    board.warm_up()
    played = sum(board.play(name) for name in EFFECTS)
    if not board.available:
        return f"{len(EFFECTS)} effects made; no audio device, so silent"
    _need(played == len(EFFECTS), f"only {played} of {len(EFFECTS)} effects played")
    return f"{len(EFFECTS)} effects"


def _settle(app: App, seconds: float) -> None:
    for _ in range(max(1, round(seconds * 60))):
        app.step(1 / 60)


def check_scenes(app: App) -> str:
    from game.match.session import MatchConfig, Session
    from game.rules import GameState, Rules
    from game.rules.record import RecordWriter, parse_record
    from game.scenes.kiosk.kiosk import AttractScene, Kiosk, KioskConfig, PinPadScene
    from game.scenes.kit.progress import ladder_refusals
    from game.scenes.pages.custom import CustomTableScene
    from game.scenes.pages.daily import DailyScene
    from game.scenes.pages.ladder import LadderScene
    from game.scenes.pages.menu import MenuScene
    from game.scenes.pages.rules_page import RulesScene
    from game.scenes.pages.settings import SettingsScene
    from game.scenes.pages.statistics import StatisticsScene
    from game.scenes.play.cover import CoverScene
    from game.scenes.play.deal import DealScene
    from game.scenes.play.pause import PauseScene
    from game.scenes.play.table import TableScene
    from game.scenes.review.replay import ReplayErrorScene, ReplayScene

    drawn: list[str] = []

    def show(name: str, seconds: float = 0.3) -> None:
        _settle(app, seconds)
        app.draw(app.screen)
        _not_blank(app.screen, name)
        drawn.append(name)
        _drawn_classes.update(type(scene).__name__ for scene in app.stack)

    app.reset(MenuScene(app))
    show("menu")
    for make, name in (
        (lambda: SettingsScene(app), "settings"),
        (lambda: StatisticsScene(app), "statistics"),
        (lambda: CustomTableScene(app), "custom table"),
        (lambda: RulesScene(app, Rules.standard(), 4), "rules"),
        (lambda: LadderScene(app), "ladder"),
        (lambda: DailyScene(app), "daily table"),
    ):
        app.push(make())
        show(name)
        app.pop()
    if ladder_refusals():  # the refused level files are named at the end of the ladder
        ladder = LadderScene(app)
        app.push(ladder)
        ladder.scroll_to(ladder.max_scroll, instant=True)
        notice = ladder.notice_index
        _need(notice is not None, "the ladder does not say which level files were refused")
        assert notice is not None
        _need(
            ladder.view.colliderect(ladder.card_rect(notice)),
            "the ladder's notice of refused level files cannot be scrolled into view",
        )
        show("ladder's notice of refused level files")
        app.pop()

    rules = Rules.standard().with_options(set_size=6, rounds=1)
    kinds: list[str | None] = [None, "greedy", "greedy"]
    session = Session(MatchConfig(3, rules, "greedy", 5), inline=True, kinds=kinds)
    session.start_round()
    app.push(DealScene(app, session))
    show("deal", 0.5)
    deal = app.top
    assert isinstance(deal, DealScene)
    deal.skip()
    _need(isinstance(app.top, TableScene), "the deal did not lead to the table")
    show("table")
    app.push(PauseScene(app, session))
    show("pause")
    app.pop()
    table = app.top
    assert isinstance(table, TableScene)
    app.push(CoverScene(app, table, 0))
    show("pass-and-play cover")
    app.pop()
    session.close()
    app.reset(AttractScene(app, seed=3))
    show("kiosk attract mode", 1.0)
    app.push(PinPadScene(app, Kiosk(app, KioskConfig(pin="2468"))))
    show("kiosk PIN pad")

    game = GameState.new(rules, 2, 3)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    for _ in range(6):
        writer.add(game.apply(game.legal_actions()[0]))
    app.reset(ReplayScene(app, parse_record(writer.text()), "selftest.jsonl"))
    show("replay", 1.0)
    app.reset(ReplayErrorScene(app, "broken.jsonl", 3, "not valid JSON"))
    show("replay error")
    app.reset(MenuScene(app))
    left = sorted(name for name in _scene_classes() if name not in DRAWN_ELSEWHERE | _drawn_classes)
    note = f"; not drawn here: {', '.join(left)}" if left else ""
    return f"{len(drawn)} scenes: {', '.join(drawn)} (the round check draws the rest){note}"


DRAWN_ELSEWHERE = frozenset({"RoundSummaryScene", "MatchEndScene"})  # by the round check
_drawn_classes: set[str] = set()


def _scene_classes() -> set[str]:
    """Every concrete scene class in game.scenes (to say which the self-test did not draw)."""
    import importlib
    import pkgutil

    import game.scenes
    from game.scenes.kit.base import Scene

    for module in pkgutil.iter_modules(game.scenes.__path__):
        importlib.import_module(f"game.scenes.{module.name}")
    found: set[str] = set()
    todo = list(Scene.__subclasses__())
    while todo:
        kind = todo.pop()
        subclasses = kind.__subclasses__()
        todo.extend(subclasses)
        if not subclasses:
            found.add(kind.__name__)
    return found


def check_round(app: App) -> str:
    from game.match.runner import ProcessRunner
    from game.match.session import MatchConfig, Session
    from game.rules import PLAY, Rules
    from game.rules.record import load_record
    from game.scenes.pages.menu import MenuScene
    from game.scenes.play.deal import DealScene
    from game.scenes.play.match_end import MatchEndScene
    from game.scenes.play.summary import RoundSummaryScene

    rules = Rules.standard().with_options(rounds=1)
    kinds: list[str | None] = ["normal", "greedy", "normal", "easy"]
    config = MatchConfig(4, rules, "normal", 2024)
    session = Session(config, inline=False, kinds=kinds)
    runner = session.runner
    try:
        app.settings.opponent_pace = "fast"
        app.settings.animation_speed = 0.0
        app.reset(MenuScene(app))
        session.start_round()
        app.push(DealScene(app, session))
        started = time.monotonic()
        while not isinstance(app.top, RoundSummaryScene):
            _need(
                time.monotonic() - started < ROUND_WALL_SECONDS,
                f"the round did not end within {ROUND_WALL_SECONDS:.0f} s",
            )
            app.step(0.1)
        _settle(app, 1.0)
        app.draw(app.screen)
        _not_blank(app.screen, "round summary")
        summary = app.top
        assert isinstance(summary, RoundSummaryScene)
        summary.next()
        _need(isinstance(app.top, MatchEndScene), "the last round did not lead to the match end")
        _settle(app, 1.0)
        app.draw(app.screen)
        _not_blank(app.screen, "match end")
        state = session.state
        _need(state.phase != PLAY, "the summary came up while the round was in play")
        if isinstance(runner, ProcessRunner):
            _need(runner.in_worker, "the computer seats fell back to the frame: no worker process")
        _, replayed = load_record(session.writer.text())
        _need(replayed.totals == state.totals, "the round's record does not replay to its totals")
        return (
            f"{len(session.writer.lines)} record lines, totals {state.totals}, seats in a "
            "worker process; round summary and match end drawn"
        )
    finally:
        session.close()
        app.reset(MenuScene(app))


def check_help() -> str:
    """The table's hint, worked out in its own worker process as at a real table."""
    from game.match.help_worker import HelpWorker
    from game.rules import GameState, Rules
    from game.rules.record import RecordWriter

    game = GameState.new(Rules.standard().with_options(set_size=9), 3, 7)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    seat = game.current
    worker = HelpWorker()
    try:
        _need(worker.in_worker, "the help worker process could not start")
        advice = worker.submit("hint", writer.text(), game.observation(seat), 50).result(120)
        _need(advice.action in game.legal_actions(), "the hint was not a legal move")
        _need(worker.in_worker, "the help worker process stopped")
    finally:
        worker.close()
    return f"hint {advice.action} in a worker process"


def check_saves(home: Path) -> str:
    from game.rules import GameState, Rules
    from game.rules.record import RecordWriter
    from game.store.home import Store
    from game.store.settings import Settings

    store = Store(home / "saves")
    settings = Settings(volume=0.25, opponent_pace="slow")
    _need(store.save_settings(settings), f"cannot save settings: {store.take_notices()}")
    loaded = Store(home / "saves").load_settings()
    _need(loaded == settings, "settings did not read back as saved")
    game = GameState.new(Rules.standard().with_options(set_size=6), 2, 9)
    writer = RecordWriter(game)
    writer.add(game.start_round())
    writer.add(game.apply(game.legal_actions()[0]))
    _need(store.save_game(writer.text(), {"seats": ["human", "easy"]}), "cannot save a game")
    saved = Store(home / "saves").load_game()
    _need(saved is not None and saved.text() == writer.text(), "the saved game did not read back")
    return f"in {home}"


# ---------------------------------------------------------------------------------- runner


def selftest_main() -> int:
    """Run every check; 0 when all pass."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    frozen = bool(getattr(sys, "frozen", False))
    print(f"self-test of Mexican Train ({'standalone build' if frozen else 'from source'})")
    failures: list[str] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mexican-train-selftest-") as folder:
        home = Path(folder)
        os.environ["MEXICAN_TRAIN_HOME"] = str(home / "home")
        app: App | None = None

        def run(name: str, check: Callable[[], str]) -> None:
            begun = time.monotonic()
            try:
                detail = check()
            except Exception as error:  # every failure is reported, then the next check runs
                message = str(error) if isinstance(error, SelfTestError) else repr(error)
                failures.append(f"{name}: {message}")
                print(f"FAIL  {name}: {message}", flush=True)
                if not isinstance(error, SelfTestError):
                    traceback.print_exc()
                return
            print(f"ok    {name:<7} {time.monotonic() - begun:5.2f} s  {detail}", flush=True)

        def open_app() -> str:
            nonlocal app
            import pygame

            from game.app import App
            from game.store.home import Store

            app = App((1280, 720), inline_seats=True, resizable=False, store=Store())
            sdl = ".".join(map(str, pygame.get_sdl_version()))
            return f"pygame-ce {pygame.version.ver}, SDL {sdl}"

        run("window", open_app)
        run("fonts", check_fonts)
        run("assets", check_assets)
        run("tiles", check_tiles)
        run("sounds", check_sounds)
        if app is not None:
            the_app = app
            run("scenes", lambda: check_scenes(the_app))
            run("round", lambda: check_round(the_app))
        run("help", check_help)
        run("saves", lambda: check_saves(home))
        if app is not None:
            app.close()
    took = time.monotonic() - started
    if failures:
        print(f"self-test FAILED ({len(failures)} of the checks) in {took:.1f} s:", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    print(f"self-test passed in {took:.1f} s")
    return 0
