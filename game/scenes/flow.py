"""How the screens lead to one another: the only place a screen learns which screen comes next.

A screen asks for the next one by name (``flow.pause(app, session)``, ``flow.after_round(...)``)
and pushes, replaces or resets the stack with what it gets; it never imports another wing's
screen. Every screen is imported here inside the function that makes it, so that no screen
imports another at load time (``tests/test_layers.py`` holds both: no runtime circle among the
screens, and no way between two screens but this one).

The match service lives here too: starting a match (asking first when a saved one waits),
resuming the saved one, and whether this game offers take-backs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING

from game.i18n import _

if TYPE_CHECKING:
    from game.ai.review import Review
    from game.app import App
    from game.levels import Level, LevelError
    from game.match.session import MatchConfig, Session
    from game.puzzles.model import Puzzle
    from game.rules import Rules
    from game.rules.record import Record
    from game.scenes.kit.base import Scene
    from game.scenes.play.table import TableScene
    from game.store.recent_entry import RecentMatch
    from game.view.table import TableView


# ---------------------------------------------------------------------------- the pages


def menu(app: App) -> Scene:
    """The main menu (the bottom of the stack: ``app.reset(flow.menu(app))``)."""
    from game.scenes.pages.menu import MenuScene

    return MenuScene(app)


def to_menu(app: App) -> None:
    """Close every screen and open the main menu."""
    app.reset(menu(app))


def ladder(
    app: App,
    levels: Sequence[Level] | None = None,
    seed: int | None = None,
    refusals: Sequence[LevelError] | None = None,
) -> Scene:
    from game.scenes.pages.ladder import LadderScene

    return LadderScene(app, levels, seed, refusals)


def daily(app: App) -> Scene:
    from game.scenes.pages.daily import DailyScene

    return DailyScene(app)


def custom_table(app: App) -> Scene:
    from game.scenes.pages.custom import CustomTableScene

    return CustomTableScene(app)


def statistics(app: App) -> Scene:
    from game.scenes.pages.statistics import StatisticsScene

    return StatisticsScene(app)


def recent(app: App) -> Scene:
    from game.scenes.pages.recent import RecentScene

    return RecentScene(app)


def settings(app: App) -> Scene:
    from game.scenes.pages.settings import SettingsScene

    return SettingsScene(app)


def rules(app: App, table_rules: Rules, players: int, *, lesson: bool = False) -> Scene:
    """How to play, for ``table_rules`` at ``players`` (``lesson``: it offers Learn to play)."""
    from game.scenes.pages.rules_page import RulesScene

    return RulesScene(app, table_rules, players, lesson=lesson)


# ---------------------------------------------------------------------------- the table


def deal(
    app: App,
    session: Session,
    view: TableView | None = None,
    then: Callable[[TableView], Scene] | None = None,
) -> Scene:
    """The shuffle and the deal of the session's round (then the table, or ``then``)."""
    from game.scenes.play.deal import DealScene

    return DealScene(app, session, view, then)


def table(app: App, session: Session, view: TableView | None = None) -> TableScene:
    from game.scenes.play.table import TableScene

    return TableScene(app, session, view)


def pause(app: App, session: Session | None) -> Scene:
    from game.scenes.play.pause import PauseScene

    return PauseScene(app, session)


def take_back(app: App, at: TableScene) -> Scene:
    """The question before a match's first take-back (it makes the match practice)."""
    from game.scenes.play.take_back import TakeBackScene

    return TakeBackScene(app, at)


def cover(app: App, at: TableScene, seat: int) -> Scene:
    """Pass and play: the screen that hides the table until ``seat`` 's player taps."""
    from game.scenes.play.cover import CoverScene

    return CoverScene(app, at, seat)


def after_round(app: App, session: Session, view: TableView) -> Scene:
    """The round's summary, over the table."""
    from game.scenes.play.summary import RoundSummaryScene

    return RoundSummaryScene(app, session, view)


def after_match(app: App, session: Session) -> Scene:
    """The match's end: who won, the standings, what comes next."""
    from game.scenes.play.match_end import MatchEndScene

    return MatchEndScene(app, session)


# ---------------------------------------------------------------------------- the lesson


def puzzles(app: App, *, replace: bool = False) -> None:
    """Open the puzzles page (``replace``: back to it from a puzzle, whatever is between)."""
    from game.scenes.pages.puzzles import PuzzlesScene

    if replace and any(isinstance(scene, PuzzlesScene) for scene in app.stack):
        app.pop_to(PuzzlesScene)  # resumes it: its figures read again
        return
    if replace:
        to_menu(app)
    app.push(PuzzlesScene(app))


def next_puzzle(app: App) -> None:
    """The next puzzle near the player's rating, not done yet (there is always one more)."""
    from game.puzzles.rating import next_puzzle as choose
    from game.puzzles.shipped import shipped_puzzles
    from game.scenes.kit.progress import load_progress
    from game.scenes.kit.puzzle_record import rating_of

    progress = load_progress(app).puzzles
    rng = random.Random(f"puzzles/{len(progress.tries)}/{progress.rating:.0f}")
    chosen = choose(shipped_puzzles(), rating_of(progress), progress.tries, rng)
    _open_puzzle(app, chosen, None)


def daily_puzzle(app: App, day: date | None = None) -> None:
    """Today's puzzle, the same for everyone on the day."""
    from game.puzzles.rating import daily_puzzle as of_day
    from game.puzzles.shipped import shipped_puzzles

    today = day or date.today()
    _open_puzzle(app, of_day(shipped_puzzles(), today), today)


def quick_puzzle(app: App, rng: random.Random) -> None:
    """A one-minute puzzle (the kiosk's): an easy one, over the menu."""
    from game.puzzles.shipped import shipped_puzzles

    easy = [p for p in shipped_puzzles() if p.difficulty <= 2]
    _open_puzzle(app, rng.choice(easy) if easy else None, None)


def _open_puzzle(app: App, puzzle: Puzzle | None, day: date | None) -> None:
    from game.scenes.pages.puzzles import PuzzlesScene
    from game.scenes.play.puzzle import open_puzzle

    if puzzle is None:
        app.notify(_("No puzzles could be read."))
        return
    scene = open_puzzle(app, puzzle, day)
    if scene is None:
        return
    if any(isinstance(kept, PuzzlesScene) for kept in app.stack):
        app.pop_to(PuzzlesScene)
    else:
        app.push(PuzzlesScene(app))  # Back from the puzzle leads to the puzzles page
    app.push(scene)


def start_lesson(app: App, *, from_start: bool = False) -> Scene | None:
    """Open the guided game (see :func:`game.scenes.play.lesson.start_lesson`)."""
    from game.scenes.play import lesson

    return lesson.start_lesson(app, from_start=from_start)


def offer_lesson(app: App) -> Scene | None:
    """At the very first start, the offer of the guided game (None: not offered)."""
    from game.scenes.play.lesson import LessonOfferScene, should_offer_lesson

    return LessonOfferScene(app) if should_offer_lesson(app) else None


# ---------------------------------------------------------------------------- review and replay


def review_session(app: App, session: Session) -> None:
    """Review the match just finished (its progress, then the review table)."""
    from game.scenes.review import reviewing

    reviewing.review_session(app, session)


def review_recent(app: App, item: RecentMatch) -> bool:
    """Review a kept match; False when it could not be read (the notice says why)."""
    from game.scenes.review import reviewing

    return reviewing.review_recent(app, item)


def review_table(app: App, record: Record, review: Review, name: str) -> Scene:
    from game.scenes.review.review_table import ReviewTableScene

    return ReviewTableScene(app, record, review, name)


def replay(app: App, record: Record, name: str, *, back: bool = False) -> Scene:
    from game.scenes.review.replay import ReplayScene

    return ReplayScene(app, record, name, back=back)


# ---------------------------------------------------------------------------- the match service


# A match's machinery (game.match.session: the computer seats, their worker process, the AI)
# is imported when a match starts, not before the menu's first frame.


def match_waiting(app: App) -> bool:
    """A match is saved and not finished (the menu offers "Resume game")."""
    return app.keeper is not None and app.keeper.resumable


def ask_first(app: App, start: Callable[[], None]) -> None:
    """Run ``start`` (it starts a new match), but when a saved match waits to be resumed ask
    first: resume it, or start the new one (whose saves replace it); backing out does neither."""
    if not match_waiting(app):
        start()
        return
    from game.scenes.kit.question import SavedMatchQuestion

    app.push(SavedMatchQuestion(app, start))


# Quick play's and Practice's table, whatever the custom table last dealt (the README and
# the menu's line say it), against the game's default opponent (Normal) or Easy.
QUICK_PLAYERS = 4
QUICK_PRESET = "standard"


def quick_play(app: App) -> None:
    """Quick play: four players, the standard rules, Normal opponents."""
    from game.match.session import MatchConfig, default_opponent
    from game.rules import Rules

    rules = Rules.preset_named(QUICK_PRESET)
    start_match(app, MatchConfig(QUICK_PLAYERS, rules, default_opponent()))


def practice(app: App) -> None:
    """Practice: the quick-play table against Easy opponents, with take-backs always on."""
    from game.match.session import MatchConfig
    from game.rules import Rules

    rules = Rules.preset_named(QUICK_PRESET)
    start_match(app, MatchConfig(QUICK_PLAYERS, rules, "easy", practice=True))


def start_match(app: App, config: MatchConfig, *, ask: bool = True) -> None:
    """Deal a new match and show the deal; it is saved after every action from now on. With
    ``ask``, a saved match that is not finished is not replaced without asking (:func:`ask_first`).
    """
    if ask:
        ask_first(app, lambda: start_match(app, config, ask=False))
        return

    session = new_session(app, config)
    session.start_round()
    app.push(deal(app, session))


def new_session(app: App, config: MatchConfig) -> Session:
    """A new match, not dealt yet, watched by the autosave (when the app keeps saves)."""
    from game.match.session import Session, default_opponent

    kinds: list[str | None] | None = None
    if app.autoplay:  # tests and CI: a computer plays the person's seat
        opponent = config.opponent or default_opponent()
        others = (
            list(config.level.playable_kinds)
            if config.level is not None
            else [opponent] * (config.players - 1)
        )
        kinds = [app.autoplay, *others]
    session = Session(config, inline=app.inline_seats, kinds=kinds)
    session.take_backs = take_backs_here(app) and (config.practice or app.settings.take_backs)
    if app.keeper is not None:
        app.keeper.watch(session)
    return session


def take_backs_here(app: App) -> bool:
    """Whether this game may offer Undo at all: never in a kiosk, unless its operator allows
    it (the store's ``kiosk_take_backs``)."""
    return app.kiosk is None or app.kiosk.config.take_backs


def resume_match(app: App) -> bool:
    """Put the saved match back on the table exactly as it was saved; False if there is none."""
    if app.keeper is None:
        return False
    from game.scenes.kit.progress import ladder_levels

    # A level's (or the day's) match stays one: its results are kept when it ends.
    session = app.keeper.resume(inline=app.inline_seats, levels=ladder_levels())
    app.take_notices()
    if session is None:
        return False
    if session.state.round_number == 0:
        session.start_round()

        app.push(deal(app, session))
        return True
    from game.view.table import RoundResult

    at = table(app, session)
    result = session.state.round_result()
    if result is not None:  # saved between rounds: the round's summary comes up again
        at.view.result = RoundResult(result)
        at.view.result.match_end = session.state.match_result()
    app.push(at)
    return True
