"""``main.py screenshots --out DIR [--size WxH] [--language CODE|all]``: every scene and the
table's hard cases, as PNGs, in one language (English by default) or in each (``all``: one
folder per language, ``DIR/<code>/``).

Runs headless. Each picture is a real scene in a real state: matches are played by the
simple seats through the rules (for every seat, the person's included) until the wanted
situation comes up, then the scene is drawn after its animations have settled. Nothing is
faked on the table: a lit target is a legal play, a refusal is the rules' refusal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules import Action, GameState, Play, Rules, Tile
from game.rules.events import MatchEnded, RoundEnded

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


if TYPE_CHECKING:
    from game.app import App
    from game.levels import Level
    from game.scenes.table import TableScene
    from game.view.widgets import TextAudit


def play_until(
    state: GameState, want: Callable[[GameState], bool], seed: int, limit: int = 4000
) -> bool:
    """Apply greedy choices (for every seat) until ``want(state)``; False if it never came."""
    from game.ai.simple import make_seat

    seats = [make_seat("greedy", seed * 31 + s) for s in range(state.players)]
    for _ in range(limit):
        if state.phase != "play":
            return False
        if want(state):
            return True
        seat = state.current
        action: Action = seats[seat].choose(state.observation(seat))
        state.apply(action)
    return False


def busy_table(players: int = 8, min_tiles: int = 40) -> tuple[GameState, int]:
    """A round in play at your turn with long trains, an open double and a marked train."""

    def want(state: GameState) -> bool:
        if state.current != 0 or state.drawn_tile is not None:
            return False
        laid = sum(len(state.train(t)) for t in range(state.players + 1))
        marked = any(state.markers[s] for s in range(1, state.players))
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        return bool(state.open_double_trains()) and marked and laid >= min_tiles and bool(plays)

    rules = Rules.standard().with_options(set_size=15, hand_size=11)
    for seed in range(1, 400):
        state = GameState.new(rules, players, seed, _names(players))
        state.start_round()
        if play_until(state, want, seed):
            return state, seed
    state = GameState.new(rules, players, 1, _names(players))
    state.start_round()
    return state, 1


def _names(players: int) -> list[str]:
    from game.i18n import _
    from game.scenes.session import OPPONENT_NAMES

    names = [_("You"), *OPPONENT_NAMES]
    while len(names) < players:
        names.append(f"Player {len(names) + 1}")
    return names[:players]


def take_screenshots(
    out: Path,
    size: tuple[int, int],
    language: str | None = None,
    audits: dict[str, TextAudit] | None = None,
) -> list[Path]:
    """Render every case to ``out``; ``language`` (a code of game.i18n.LANGUAGES) is spoken
    throughout; ``audits`` gets each picture's text audit (game.view.widgets.text_audit) by name.
    """
    import pygame

    from game import i18n
    from game.app import App
    from game.scenes.custom import CustomTableScene
    from game.scenes.deal import DealScene
    from game.scenes.match_end import MatchEndScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.replay import ReplayErrorScene, ReplayScene
    from game.scenes.rules_page import RulesScene
    from game.scenes.session import MatchConfig, Session
    from game.scenes.settings import SettingsScene
    from game.scenes.summary import RoundSummaryScene
    from game.scenes.table import TableScene
    from game.view import widgets

    out.mkdir(parents=True, exist_ok=True)
    app = App(size, inline_seats=True, resizable=False)
    before = i18n.current_language()
    app.settings.language = language or "en"
    app.apply_language()
    written: list[Path] = []

    def settle(seconds: float = 1.5) -> None:
        for _ in range(round(seconds * 60)):
            app.step(1 / 60)

    def shot(name: str) -> None:
        path = out / f"{name}.png"
        # Only the frame in the picture is audited: text in mid-animation may not fit yet.
        with widgets.text_audit() as audit:
            app.draw(app.screen)
        if audits is not None:
            audits[name] = audit
        pygame.image.save(app.screen, str(path))
        written.append(path)

    def session_for(players: int, rules: Rules, seed: int) -> Session:
        return Session(MatchConfig(players, rules, "greedy", seed), inline=True)

    try:
        app.push(MenuScene(app))
        settle(1.0)
        shot("01_menu")
        app.push(SettingsScene(app))
        settle(0.5)
        shot("02_settings")
        app.pop()
        app.push(CustomTableScene(app))
        settle(0.5)
        shot("03_custom_table")
        app.pop()
        app.push(RulesScene(app, Rules.standard(), 4))
        settle(0.5)
        shot("04_rules")
        app.pop()

        # the deal, mid-flight
        session = session_for(4, Rules.standard(), 11)
        session.start_round()
        app.push(DealScene(app, session))
        settle(1.6)
        shot("05_deal")
        app.reset(MenuScene(app))

        # a first turn at a four-player table
        session = session_for(4, Rules.standard(), 11)
        session.start_round()
        app.push(DealScene(app, session))
        deal = app.top
        assert isinstance(deal, DealScene)
        deal.skip()
        settle(0.2)
        _to_your_turn(app)
        shot("06_table_first_turn")

        # the hard case: 8 players, long trains, an open double, a marked train
        state, seed = busy_table(8)
        session = session_for(8, state.rules, seed)
        session.state = state
        table = TableScene(app, session)
        app.reset(MenuScene(app), table)
        settle(0.6)
        shot("07_table_8_players_busy")

        # a tile held over the table with its legal places lit
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        tile = plays[0].tile
        target = table.train_target(plays[0].train)
        lay = table.view.layout
        hover = (lay.hub_center[0], lay.table.top + lay.table.h // 3)
        _drag_to(app, table, tile, hover)
        shot("08_drag_targets_lit")
        _drag_more(app, target.center)
        shot("08b_drag_over_target")
        _drag_more(app, (lay.tray.centerx, lay.tray.centery))
        _release(app, (lay.tray.centerx, lay.tray.centery))  # back into the hand
        settle(0.6)

        # a refused drop: a train the rules refuse for this tile, with their reason
        refused = _refused_pair(state, 0)
        if refused is not None:
            tile, train = refused
            dest = table.train_target(train).center
            _drag_to(app, table, tile, dest)
            _release(app, dest)
            settle(0.25)
            shot("09_refused_drop")
            settle(3.0)

        # a tile selected by tapping
        if plays:
            rect = table.tile_rect(plays[0].tile)
            if rect is not None:
                _click(app, rect.center)
                settle(0.4)
                shot("10_tap_selected")
                _click(app, rect.center)

        app.push(PauseScene(app, session))
        settle(0.4)
        shot("11_pause")
        app.pop()

        # the biggest table the layout allows
        big, seed14 = _mid_round(14, Rules.standard(), 25)
        session14 = session_for(14, big.rules, seed14)
        session14.state = big
        app.reset(MenuScene(app), TableScene(app, session14))
        settle(0.6)
        shot("12_table_14_players")

        # two players, numerals, the colour-blind-safe theme
        app.settings.numerals = True
        app.settings.theme = "colour_blind_safe"
        app.apply_settings()
        two, seed2 = _mid_round(2, Rules.standard(), 20)
        session2 = session_for(2, two.rules, seed2)
        session2.state = two
        app.reset(MenuScene(app), TableScene(app, session2))
        settle(0.6)
        shot("13_table_2_players_numerals_colour_blind")
        app.settings.numerals = False
        app.settings.theme = "high_contrast"
        app.apply_settings()
        settle(0.2)
        shot("14_table_2_players_high_contrast")
        app.settings.theme = "default"
        app.apply_settings()

        # the round summary and the match end: play a short match to its end
        short = Rules.standard().with_options(rounds=1)
        session = session_for(4, short, 3)
        session.start_round()
        done = play_until(session.state, lambda s: False, 3)
        _ = done
        table = TableScene(app, session)
        table.view.load_state(session.state, 0)
        from game.view.table import RoundResult

        ended = _round_ended(session.state)
        table.view.result = RoundResult(ended[0], ended[1])
        app.reset(MenuScene(app), table, RoundSummaryScene(app, session, table.view))
        settle(2.0)
        shot("15_round_summary")
        app.reset(MenuScene(app), MatchEndScene(app, session))
        settle(2.0)
        shot("16_match_end")

        # the ladder: two levels cleared (three stars, two), the next open, the rest locked
        from game.scenes.ladder import LadderScene
        from game.scenes.progress import ladder_levels, save_progress
        from game.store import Progress

        levels = ladder_levels()
        save_progress(app, Progress(ladder={levels[0].id: 3, levels[1].id: 2}))
        app.reset(MenuScene(app), LadderScene(app))
        settle(0.6)
        shot("28_ladder")

        # a level file that could not be loaded: named at the end of the ladder, with why
        from game.levels import LevelError

        broken = [
            LevelError(
                "levels/midnight-express.toml",
                "rules.rounds",
                "range",
                "must be 1 to 19 (the largest set has 19 doubles), not 40",
            )
        ]
        ladder = LadderScene(app, refusals=broken)
        app.reset(MenuScene(app), ladder)
        settle(0.3)
        ladder.scroll_to(ladder.max_scroll, instant=True)  # down to the notice at the end
        settle(0.6)
        shot("28b_ladder_refused_file")

        # today's table
        from game.scenes.daily import DailyScene

        app.reset(MenuScene(app), DailyScene(app))
        settle(0.6)
        shot("30_daily_table")

        # a ladder table played to its end and cleared: the stars and Next level
        _level_cleared(app, levels[0])
        settle(2.0)
        shot("31_level_cleared")

        # help at the table: a hint shown, the hand planned, an opponent's card open
        _help_at_the_table(app)
        settle(0.6)
        shot("32_table_hint_plan_card")

        # a Practice table: Undo in the top bar, and the question before the first take-back
        _take_back_shots(app, shot)
        _level_cleared(app, levels[0], practice=True)
        settle(2.0)
        shot("35_practice_level_end")

        # a replay of a recorded match, and a broken record refused
        record = _short_record()
        app.reset(ReplayScene.from_text(app, record, "example.jsonl"))
        settle(0.3)
        for _ in range(40):
            replay = app.top
            assert isinstance(replay, ReplayScene)
            replay.step_once()
            settle(0.05)
        settle(1.0)
        shot("17_replay")
        app.reset(
            ReplayErrorScene(app, "broken.jsonl", 7, "seat 2 may not play: the numbers don't match")
        )
        settle(0.5)
        shot("18_replay_refused")
        _review_table_shots(app, shot, settle)
        _platform_shots(app, shot, settle)
        _lesson_shots(app, shot)
    finally:
        app.close()
        i18n.set_language(before)
    return written


TABLE_SIZES = [
    (640, 480),
    (800, 480),
    (1280, 720),
    (1920, 1080),
    (2560, 1440),
    (480, 800),
    (720, 1280),
]


def _level_cleared(app: App, level: Level, practice: bool = False) -> None:
    """A one-round match of ``level`` won by your seat (a Hard player sits in it), at its end
    (``practice``: a turn of it was taken back, so it earns nothing)."""
    import dataclasses

    from game.ai.simple import make_seat
    from game.scenes.match_end import MatchEndScene
    from game.scenes.menu import MenuScene
    from game.scenes.session import MatchConfig, Session

    config = MatchConfig.for_level(level, 1)
    config = dataclasses.replace(config, rules=config.rules.with_options(rounds=1))
    for seed in range(1, 40):
        config = dataclasses.replace(config, seed=seed)
        session = Session(config, inline=True)
        seats = [
            make_seat("hard" if s == 0 else kind or "easy", seed + s)
            for s, kind in enumerate(session.kinds)
        ]
        session.play_out(seats)
        if 0 in session.state.match_winners:
            break
        session.close()
    session.practice = practice
    app.reset(MenuScene(app), MatchEndScene(app, session))


def _help_at_the_table(app: App) -> None:
    """Eight seats of every level mid-round on your turn, a hint asked, the hand planned and
    an opponent's card pinned open."""
    from game.scenes.menu import MenuScene
    from game.scenes.session import MatchConfig, Session
    from game.scenes.table import TableScene

    state, seed = busy_table(8)
    kinds: list[str | None] = [None, "easy", "normal", "hard", "easy", "normal", "hard", "normal"]
    session = Session(MatchConfig(8, state.rules, "normal", seed), inline=True, kinds=kinds)
    state.names = session.state.names  # the personas' names, so their cards show
    session.state = state
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    for _ in range(36):
        app.step(1 / 60)
    table.do_hint()
    table.do_plan()
    table.finish_help()
    table._pin_seat(3)


def _take_back_shots(app: App, shot: Callable[[str], None]) -> None:
    """A Practice match (Easy opponents, take-backs on) at the person's second turn, with its
    Undo button; then the question the first take-back asks."""
    from game.ai.simple import make_seat
    from game.scenes.menu import MenuScene, new_session
    from game.scenes.session import MatchConfig
    from game.scenes.table import TableScene

    config = MatchConfig(4, Rules.standard(), "easy", 11, practice=True)
    session = new_session(app, config)
    session.start_round()
    state = session.state
    seats = {seat: make_seat("easy", seat) for seat in range(1, state.players)}
    turns = 0
    while state.phase == "play":  # the person's first turn and the others' replies
        if state.current == 0:
            if turns and not state.in_first_turn_line:
                break
            turns += 1
        chooser = seats.get(state.current)
        observation = state.observation(state.current)
        session.apply(chooser.choose(observation) if chooser else state.legal_actions()[0])
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    _to_your_turn(app)
    shot("33_practice_table_undo")
    table.do_undo()
    for _ in range(30):
        app.step(1 / 60)
    shot("34_practice_take_back_question")
    if app.keeper is not None:
        app.keeper.unwatch(session)


def _key(app: App, code: int, mod: int = 0) -> None:
    import pygame

    _post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    _post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
    app.step(1 / 60)


def _pad(app: App, button: int) -> None:
    import pygame

    _post(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=button)
    app.step(1 / 60)
    _post(pygame.CONTROLLERBUTTONUP, instance_id=1, button=button)
    app.step(1 / 60)


def _lesson_shots(app: App, shot: Callable[[str], None]) -> None:
    """Every step of the guided first game, each when it waits for the learner."""
    from game.rules import DRAW, PASS
    from game.scenes.lesson import LessonScene, LessonSummaryScene, lesson_table
    from game.scenes.menu import MenuScene

    pace = app.settings.opponent_pace
    app.settings.opponent_pace = "fast"
    session, index = lesson_table(None)
    scene = LessonScene(app, session, index)
    app.reset(MenuScene(app), scene)

    number = 0
    while not scene.finished:
        for _ in range(60 * 60):
            if scene.awaits_learner():
                break
            app.step(1 / 60)
        for _ in range(45):  # the guide's glow and the lifted tile settle
            app.step(1 / 60)
        number += 1
        shot(f"40_lesson_{number:02d}_{scene.step.key}")
        top = app.top
        before = (scene.step_index, scene.move_index)
        wanted = scene.expected()
        if isinstance(top, LessonSummaryScene):
            top.next()
        elif scene.step.page or wanted == PASS:
            scene.next_page()
        elif isinstance(wanted, Play):
            scene.try_play(wanted.tile, wanted.train, None)
        elif wanted == DRAW:
            scene.do_draw()
        for _ in range(60 * 60):
            if (scene.step_index, scene.move_index) != before or scene.finished:
                break
            app.step(1 / 60)
    app.settings.opponent_pace = pace


def _platform_shots(app: App, shot: Callable[[str], None], settle: Callable[[float], None]) -> None:
    """Keyboard focus, gamepad prompts, the kiosk's attract mode and PIN pad, pass and play."""
    import pygame

    from game.input.intents import Device
    from game.scenes.cover import CoverScene
    from game.scenes.kiosk import AttractScene, Kiosk, KioskConfig, PinPadScene, PinSetupScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.session import MatchConfig, Session
    from game.scenes.table import TableScene

    state, seed = _mid_round(4, Rules.standard(), 20)
    session = Session(MatchConfig(4, state.rules, "greedy", seed), inline=True)
    session.state = state
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    settle(0.6)
    # the keyboard: a visible focus on a tile, its keys in the prompt line
    _key(app, pygame.K_RIGHT)
    settle(0.3)
    shot("19_keyboard_focus_on_a_tile")
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    if plays:
        for _ in range(40):
            if table.nav.key == ("tile", plays[0].tile):
                break
            _key(app, pygame.K_TAB)
        _key(app, pygame.K_RETURN)
        settle(0.4)
        shot("20_keyboard_focus_on_a_lit_train")
        _key(app, pygame.K_ESCAPE)
        settle(0.3)
    # a gamepad: the same focus, the pad's buttons in the prompt
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    settle(0.3)
    shot("21_gamepad_prompt")
    app.push(PauseScene(app, session))
    settle(0.4)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    settle(0.2)
    shot("22_gamepad_pause_menu")
    app.router.last_device = Device.MOUSE

    # pass and play: the cover between two people's turns, then a hand face down
    config = MatchConfig(3, Rules.standard(), "greedy", 5, humans=2)
    people = Session(config, inline=True)
    people.start_round()
    table = TableScene(app, people)
    app.reset(MenuScene(app), table)
    for _ in range(60 * 30):
        if isinstance(app.top, CoverScene):
            break
        app.step(1 / 60)
    settle(1.0)
    shot("23_pass_and_play_cover")
    cover = app.top
    if isinstance(cover, CoverScene):
        cover.reveal()
        settle(0.6)
        shot("24_pass_and_play_your_hand")

    # the kiosk: computer players on the table until someone touches it; the PIN pad
    kiosk = Kiosk(app, KioskConfig(pin="1234"))
    app.kiosk = kiosk
    app.reset(AttractScene(app, seed=3))
    settle(6.0)
    shot("25_kiosk_attract")
    app.push(PinPadScene(app, kiosk))
    settle(0.4)
    shot("26_kiosk_pin_pad")
    # three wrong PINs: the pad locks, with a countdown
    kiosk.failures, kiosk.locked_for = 3, 28.0
    app.reset(AttractScene(app, seed=3), PinPadScene(app, kiosk))
    settle(0.4)
    shot("26b_kiosk_pin_pad_locked")
    kiosk.failures, kiosk.locked_for = 0, 0.0
    # the first kiosk start: the operator chooses a PIN
    app.reset(PinSetupScene(app, kiosk))
    settle(0.4)
    shot("26c_kiosk_first_start")
    state2, seed2 = _mid_round(3, Rules.standard(), 6)
    session2 = Session(MatchConfig(3, state2.rules, "greedy", seed2), inline=True)
    session2.state = state2
    app.reset(MenuScene(app), TableScene(app, session2))
    settle(0.5)
    app.idle = kiosk.config.idle_seconds - 6
    app.step(1 / 60)
    shot("27_kiosk_still_playing")
    kiosk.unlocked = True
    app.kiosk = None
    app.idle = 0.0

    # the statistics page, with a match against each level played
    from game.scenes.statistics import StatisticsScene
    from game.store import Statistics

    stats = Statistics()
    for i, level in enumerate(("easy", "normal", "hard", "greedy", "random")):
        stats.record_match(level, 40 + 17 * i, i % 2 == 0)
        stats.record_match(level, 95 + 3 * i, False)
    app.reset(MenuScene(app), StatisticsScene(app, stats))
    settle(0.6)
    shot("29_statistics")
    _review_shots(app, shot, settle)


class _HeldJob:
    """A review held at a point, for a picture of its progress (no worker is started)."""

    def __init__(self, done: int, total: int | None, error: str | None = None) -> None:
        self.done, self.total, self.error = done, total, error
        self.result = None
        self.running = False

    def poll(self) -> bool:
        return self.error is not None

    def cancel(self) -> None:
        pass


def _review_shots(app: App, shot: Callable[[str], None], settle: Callable[..., None]) -> None:
    """Recent matches (kept matches of every kind, and none yet), the review's progress, a
    review that could not run, and pass and play's question of whose match to review."""
    from pathlib import Path

    from game.recent import RecentMatch
    from game.rules.record import load_record
    from game.scenes.menu import MenuScene
    from game.scenes.recent import RecentScene
    from game.scenes.reviewing import ReviewingScene, ReviewSource, WhoScene
    from game.scenes.session import person_name

    names = tuple(_names(4))
    base = RecentMatch(
        key="example",
        match="example",
        order=1,
        ended="2026-12-01T08:00:00Z",
        mode="quick",
        level="",
        day="",
        names=names,
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
    import dataclasses

    from game.scenes.progress import ladder_levels

    level = ladder_levels()[-1]
    items = [
        base,
        dataclasses.replace(
            base,
            mode="level",
            level=level.name,
            ended="2026-11-30T21:14:00Z",
            totals=(61, 23, 90, 47),
            winners=(1,),
        ),
        dataclasses.replace(
            base, mode="daily", day="2026-11-30", ended="2026-11-30T12:03:00Z", preset="station"
        ),
        dataclasses.replace(
            base,
            mode="pass_and_play",
            names=(person_name(0), person_name(1), "Ana", "Bo"),
            people=(0, 1),
            winners=(1, 2),
            totals=(30, 18, 18, 70),
            ended="2026-11-29T19:40:00Z",
        ),
        dataclasses.replace(base, mode="practice", practice=True, ended="2026-11-29T09:10:00Z"),
        dataclasses.replace(
            base,
            mode="custom",
            players=2,
            names=names[:2],
            totals=(5, 0),
            winners=(0, 1),
            set_size=6,
            rounds=7,
            scoring="positive",
            ended="2026-11-28T17:25:00Z",
        ),
    ]
    app.reset(MenuScene(app), RecentScene(app, items))
    settle(0.6)
    shot("36_recent_matches")
    app.reset(MenuScene(app), RecentScene(app, []))
    settle(0.6)
    shot("36b_recent_matches_empty")
    record, _state = load_record(_short_record())
    source = ReviewSource(record, "", 0, base.name())
    held = _HeldJob(12, 58)
    app.reset(MenuScene(app), ReviewingScene(app, source, job=held))  # type: ignore[arg-type]
    settle(0.8)
    shot("37_review_progress")
    failed = _HeldJob(3, 58, "the review stopped before its end")
    app.reset(MenuScene(app), ReviewingScene(app, source, job=failed))  # type: ignore[arg-type]
    settle(0.6)
    shot("37b_review_could_not_run")
    from game.scenes.replay import ReplayScene

    replay = ReplayScene(app, record, base.name(), back=True)  # opened from Recent matches
    app.reset(MenuScene(app), RecentScene(app, items), replay)
    settle(0.3)
    for _ in range(40):
        replay.step_once()
        settle(0.05)
    settle(1.0)
    shot("36c_recent_match_replay")
    people = [(seat, person_name(seat)) for seat in range(3)]
    app.reset(MenuScene(app), WhoScene(app, people, lambda seat: None))
    settle(0.6)
    shot("38_review_whose_match")


def table_sizes(out: Path, sizes: list[tuple[int, int]] | None = None) -> list[Path]:
    """The same table at every target screen, landscape and held upright, in ``out/sizes/``."""
    from game.app import App

    folder = out / "sizes"
    folder.mkdir(parents=True, exist_ok=True)
    state, seed = _mid_round(4, Rules.standard(), 20)
    written: list[Path] = []
    sizes = sizes or TABLE_SIZES
    app = App(sizes[0], inline_seats=True, resizable=False)
    try:
        _table_at_sizes(app, state, seed, sizes, folder, written)
    finally:
        app.close()
    return written


def _table_at_sizes(
    app: App,
    state: GameState,
    seed: int,
    sizes: list[tuple[int, int]],
    folder: Path,
    written: list[Path],
) -> None:
    import pygame

    from game.scenes.menu import MenuScene
    from game.scenes.session import MatchConfig, Session
    from game.scenes.table import TableScene

    for size in sizes:
        pygame.display.set_mode(size)
        app.window_changed()
        session = Session(MatchConfig(4, state.rules, "greedy", seed), inline=True)
        session.state = state  # the person to move: nothing changes while it is shown
        app.reset(MenuScene(app), TableScene(app, session))
        for _ in range(40):
            app.step(1 / 60)
        app.draw(app.screen)
        path = folder / f"table_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)


def _mid_round(players: int, rules: Rules, min_tiles: int) -> tuple[GameState, int]:
    def want(state: GameState) -> bool:
        laid = sum(len(state.train(t)) for t in range(state.players + 1))
        return (
            state.current == 0
            and laid >= min_tiles
            and state.drawn_tile is None
            and any(isinstance(a, Play) for a in state.legal_actions())
        )

    for seed in range(1, 300):
        state = GameState.new(rules, players, seed, _names(players))
        state.start_round()
        if play_until(state, want, seed):
            return state, seed
    state = GameState.new(rules, players, 1, _names(players))
    state.start_round()
    return state, 1


def _round_ended(state: GameState) -> tuple[RoundEnded, MatchEnded | None]:
    """The RoundEnded (and MatchEnded) events of a state whose round is over."""
    scores = tuple(state.round_scores[-1])
    hands = tuple(state.hand(s) for s in range(state.players))
    winners = state.round_winners
    ended = RoundEnded(
        state.round_number, state.end_reason, hands, scores, tuple(state.totals), winners
    )
    match = None
    if state.match_over:
        match = MatchEnded(tuple(state.totals), state.match_winners, state.decided_by)
    return ended, match


def _refused_pair(state: GameState, seat: int) -> tuple[Tile, int] | None:
    """A tile and a train the rules refuse it on: your own train first (the plainest reason)."""
    for train in (seat, state.players, *range(state.players)):
        for tile in state.hand(seat):
            if state.check(Play(tile, train), seat) is not None:
                return tile, train
    return None


def _to_your_turn(app: App) -> None:
    for _ in range(60 * 60):
        top = app.top
        if getattr(top, "ready", False):
            break
        app.step(1 / 60)
    for _ in range(30):
        app.step(1 / 60)


def _post(kind: int, **attrs: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **attrs))


def _click(app: App, pos: tuple[int, int]) -> None:
    import pygame

    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
    app.step(1 / 60)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    app.step(1 / 60)


def _drag_to(app: App, table: TableScene, tile: Tile, dest: tuple[int, int]) -> None:
    import pygame

    rect = table.tile_rect(tile)
    assert rect is not None
    start = rect.center
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    app.step(1 / 60)
    steps = 12
    for i in range(1, steps + 1):
        x = start[0] + (dest[0] - start[0]) * i / steps
        y = start[1] + (dest[1] - start[1]) * i / steps
        _post(
            pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(1, 0, 0), touch=False
        )
        app.step(1 / 60)
    for _ in range(20):
        app.step(1 / 60)


def _drag_more(app: App, dest: tuple[int, int]) -> None:
    import pygame

    _post(pygame.MOUSEMOTION, pos=dest, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    for _ in range(20):
        app.step(1 / 60)


def _release(app: App, pos: tuple[int, int]) -> None:
    import pygame

    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
    app.step(1 / 60)


def _review_table_shots(
    app: App, shot: Callable[[str], None], settle: Callable[[float], None]
) -> None:
    """The review table at a mistake (the better move and the move made both shown), and its
    summary page: the short record's first seat reviewed with few guesses."""
    from game.ai.review import review
    from game.rules.record import load_record
    from game.scenes.review_table import ReviewTableScene
    from game.view.review import MISTAKES

    record, _state = load_record(_short_record())
    result = review(record, 0, guesses=8)
    scene = ReviewTableScene(app, record, result, "example.jsonl")
    app.reset(scene)
    chosen = [
        i
        for i, d in enumerate(scene.decisions)
        if d.label in MISTAKES and isinstance(d.made, Play) and d.made != d.best
    ]
    apart = [i for i in chosen if _on_two_trains(scene.decisions[i].made, scene.decisions[i].best)]
    if apart or chosen:
        scene.show((apart or chosen)[0])  # at best, both trains marked
    settle(0.6)
    shot("39_review_mistake")
    scene.toggle_summary()
    settle(0.4)
    shot("39b_review_summary")


def _on_two_trains(made: Action, best: Action) -> bool:
    return isinstance(made, Play) and isinstance(best, Play) and made.train != best.train


def _short_record() -> str:
    """A record of a one-round, three-player match played by the simple seats."""
    from game.ai.simple import make_seat
    from game.rules.record import RecordWriter

    rules = Rules.standard().with_options(rounds=1)
    state = GameState.new(rules, 3, 8, ["Ana", "Bo", "Cy"])
    writer = RecordWriter(state)
    writer.add(state.start_round())
    seats = [make_seat("greedy", s) for s in range(3)]
    while state.phase == "play":
        action = seats[state.current].choose(state.observation(state.current))
        writer.add(state.apply(action))
    return writer.text()


def screenshots_main(out: str, size: tuple[int, int], language: str | None = None) -> int:
    from game import i18n

    if language == "all":
        codes: list[str | None] = list(i18n.LANGUAGES)
    elif language is None or language in i18n.LANGUAGES:
        codes = [language]
    else:
        known = ", ".join(i18n.LANGUAGES)
        print(f"screenshots: no language {language!r}: choose {known} or all", file=sys.stderr)
        return 2
    paths: list[Path] = []
    try:
        for code in codes:
            where = Path(out) / code if language == "all" and code else Path(out)
            paths += take_screenshots(where, size, code)
        if language is None:
            paths += table_sizes(Path(out))
    except OSError as error:
        from game.headless import folder_problem

        problem = folder_problem(error)
        print(f"screenshots: cannot write the pictures to --out {out}: {problem}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0
