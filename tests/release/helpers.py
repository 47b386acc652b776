"""Driving the real game headless: open it as a player does, click buttons, compare states."""

from __future__ import annotations

import pygame

from game.app import App, open_app
from game.levels import Level
from game.match.session import MatchConfig, Session
from game.rules import GameState
from game.scenes.play.lesson import LessonOfferScene
from game.store.home import Store
from game.store.settings import Settings
from game.view.controls import Button

FRAME = 1 / 60
ROOT_SIZE = (1280, 720)


# The file changes of a match's end, in order (game.match.keeper keeps the results): the finished
# match saved, the ladder or daily result kept, the statistics kept, the match kept in Recent
# matches (marked in the index, its record, its entry, then listed; {match} is the
# match's id), the save forgotten.
END_STEPS = [
    "write game.json",  # the finished match
    "wrote game.json",
    "write progress.json",
    "wrote progress.json",
    "write statistics.json",
    "wrote statistics.json",
    "write recent/index.json",  # the match marked as being kept
    "wrote recent/index.json",
    "write recent/{match}.jsonl",
    "wrote recent/{match}.jsonl",
    "write recent/{match}.json",
    "wrote recent/{match}.json",
    "write recent/index.json",  # the match listed
    "wrote recent/index.json",
    "remove game.json",
    "removed game.json",
]


def end_steps(match_id: str) -> list[str]:
    """END_STEPS for the match of this id."""
    return [step.format(match=match_id) for step in END_STEPS]


def start_game(store: Store, *, inline: bool = True, first_start: bool = False) -> App:
    """The game as ``python main.py`` opens it (menu first), then the start-up work done.

    A fresh data folder gets the guided game's offer over the menu; unless the test is about
    the first start, it is set aside (without an answer, so nothing is saved of it)."""
    app = open_app(ROOT_SIZE, store)
    app.inline_seats = inline  # computer seats decide in the frame: no worker process
    frames(app, 3)
    if not first_start and isinstance(app.top, LessonOfferScene):
        app.pop()
    return app


def frames(app: App, count: int = 1, dt: float = FRAME) -> None:
    for _ in range(count):
        app.step(dt)


def buttons_of(app: App) -> list[Button]:
    top = app.top
    found = getattr(top, "buttons", [])
    if isinstance(found, dict):
        found = list(found.values())
    return [b for b in found if isinstance(b, Button)]


def button_labels(app: App) -> list[str]:
    return [b.label for b in buttons_of(app) if b.visible]


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    frames(app)


def click_button(app: App, label: str) -> None:
    for button in buttons_of(app):
        if button.label == label and button.visible:
            frames(app, 20)  # let it fade in fully
            click_at(app, button.rect.center)
            return
    raise AssertionError(f"no {label!r} button; there are {button_labels(app)}")


def state_key(state: GameState) -> tuple[object, ...]:
    """Everything a game state holds (the caches aside: legal moves, the views observations
    share; the rules as dealt)."""
    skip = ("_legal", "_plays", "rules", "_train_views", "_hand_views", "_match_view", "_log_view")
    return tuple(getattr(state, name) for name in GameState.__slots__ if name not in skip)


# ------------------------------------------------------------------ a match about to end


def fast_settings(store: Store) -> None:
    """Quick computer seats and no animations, so a game gets on with the match."""
    store.save_settings(Settings(opponent_pace="fast", animation_speed=0.0, muted=True))


def save_near_the_end(store: Store, config: MatchConfig, seat_zero: str = "greedy") -> Session:
    """Play ``config``'s match off screen (seat 0 by a ``seat_zero`` computer seat) up to its
    last action, and save it there as the game saves a match in progress. The session, at
    that point (its seats as saved: the game started on this store resumes it and plays the
    last action itself)."""
    from game.ai.simple import make_seat
    from game.match.keeper import session_meta

    level = config.level
    others = list(level.playable_kinds) if level is not None else ["easy"] * (config.players - 1)
    kinds: list[str | None] = [seat_zero, *others]
    session = Session(config, inline=True, kinds=kinds)
    seats = [make_seat(str(kind), 1000 + n) for n, kind in enumerate(kinds)]
    state = session.state
    while True:
        if state.round_over or state.round_number == 0:
            session.start_round()
            continue
        action = seats[state.current].choose(state.observation(state.current))
        probe = state.copy()
        probe.apply(action)
        if probe.match_over:
            break
        session.apply(action)
    assert store.save_game(session.writer.text(), session_meta(session))
    session.close()
    return session


def level_named(level_id: str) -> Level:
    from game.scenes.kit.progress import ladder_levels

    return next(level for level in ladder_levels() if level.id == level_id)


def play_until_the_last_summary(app: App, limit: int = 5000) -> Session:
    """Step the game until the last round's summary is up (nothing pressed); its session."""
    from game.scenes.play.summary import RoundSummaryScene

    for _ in range(limit):
        top = app.top
        if isinstance(top, RoundSummaryScene) and top.last_round:
            return top.session
        if isinstance(top, RoundSummaryScene):
            top.next()
        frames(app, 1, 0.1)
    raise AssertionError(f"no last summary after {limit} frames: {type(app.top).__name__}")
