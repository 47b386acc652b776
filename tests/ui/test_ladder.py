"""The ladder and the daily table as a player meets them, through the real loop, headless.

The ladder screen shows each level locked, open or cleared with its stars (from a given
progress); an open level deals its own match (seats, names, styles, rules, rounds, fixed seed);
a locked one cannot be started. A level match played to its end (a computer plays your seat)
is rated, its stars saved, and the next level opened, and all that survives a restart. The
daily table keeps the day's best result; a worse one does not replace it. Time is stepped by
hand; nothing sleeps.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pygame
import pytest

from game.ai.simple import make_seat
from game.app import App
from game.levels import CLEARED, LOCKED, MAX_STARS, OPEN, Level, Rating, load_levels
from game.levels.daily import daily_table
from game.match.session import MatchConfig, Session
from game.scenes.flow import resume_match
from game.scenes.kit import progress
from game.scenes.kit.level_card import CardLayout
from game.scenes.kit.progress import daily_best_text
from game.scenes.pages.daily import DailyScene
from game.scenes.pages.ladder import LadderScene
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene
from game.scenes.play.match_end import MatchEndScene
from game.store.home import Progress, Store

from .driver import click, frames, new_app, post

# Three quick tables: two players, a double-six set, one round. The goals are met by any
# result of a one-round double-six match (a hand holds far under 500 points), so the test
# does not hang on who wins.
LEVEL = """\
id = "{id}"
order = {order}
name = "{name}"
description = "A quick table for the test."
{seed}
[rules]
preset = "standard"
set_size = 6
rounds = 1

[[opponents]]
name = "{opponent}"
ai = "easy"
style = "Plays for the test"

[goal]
kind = "under"
points = 1000
two_stars = 900
three_stars = 500
"""


def quick_levels(folder: Path) -> list[Level]:
    folder.mkdir(parents=True, exist_ok=True)
    specs = [
        ("alpha", 10, "Alpha Table", "", "Ada"),
        ("beta", 20, "Beta Table", "seed = 4242", "Bea"),
        ("gamma", 30, "Gamma Table", "", "Gil"),
    ]
    for level_id, order, name, seed, opponent in specs:
        text = LEVEL.format(id=level_id, order=order, name=name, seed=seed, opponent=opponent)
        (folder / f"{level_id}.toml").write_text(text, encoding="utf-8")
    levels, errors = load_levels(folder)
    assert errors == []
    return levels


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    frames(app)


def pad(app: App, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=button)
    frames(app)
    post(pygame.CONTROLLERBUTTONUP, instance_id=7, button=button)
    frames(app)


def open_ladder(
    app: App, levels: list[Level] | None = None, seed: int | None = None
) -> LadderScene:
    app.push(MenuScene(app))
    frames(app, 3)
    ladder = LadderScene(app, levels, seed)
    app.push(ladder)
    frames(app, 30)  # the cards fade in
    return ladder


def button(app: App, label: str) -> pygame.Rect:
    for found in getattr(app.top, "buttons", []):
        if found.label == label and found.visible:
            return found.rect
    raise AssertionError(f"no {label!r} button on {type(app.top).__name__}")


def play_to_the_end(app: App) -> MatchEndScene:
    """Step the loop (a computer plays your seat) until the match end is up."""

    def over() -> bool:
        top = app.top
        if type(top).__name__ == "RoundSummaryScene":
            top.next()  # type: ignore[union-attr]
        return isinstance(app.top, MatchEndScene)

    for _ in range(20000):
        if over():
            break
        app.step(0.1)
    end = app.top
    assert isinstance(end, MatchEndScene)
    return end


def quick_app(store: Store | None = None, size: tuple[int, int] = (960, 600)) -> App:
    app = App(size, inline_seats=True, resizable=False, store=store)
    app.settings.opponent_pace = "fast"
    app.settings.animation_speed = 0.0
    return app


# ---------------------------------------------------------------------------- the ladder screen


def star_centres(ladder: LadderScene, index: int) -> list[tuple[int, int]]:
    """Where the three stars of a cleared card are drawn (as draw_card lays them out)."""
    card: CardLayout = ladder.card
    rect = ladder.card_rect(index)
    gap = max(2, card.star_size // 6)
    width = MAX_STARS * card.star_size + (MAX_STARS - 1) * gap
    left = rect.right - card.pad - width
    y = rect.y + card.pad + card.line(card.name_size) // 2
    return [(left + i * (card.star_size + gap) + card.star_size // 2, y) for i in range(MAX_STARS)]


def test_the_ladder_shows_locked_open_and_cleared_with_stars() -> None:
    app = new_app((1280, 720))
    try:
        progress.save_progress(app, Progress(ladder={"first-steps": 2}))
        ladder = open_ladder(app)
        levels = progress.ladder_levels()
        assert len(ladder.entries) == len(levels) == 14
        statuses = [(e.level.id, e.status, e.stars) for e in ladder.entries[:3]]
        assert statuses == [
            ("first-steps", CLEARED, 2),
            (levels[1].id, OPEN, 0),
            (levels[2].id, LOCKED, 0),
        ]
        assert all(e.status == LOCKED for e in ladder.entries[2:])
        assert ladder.summary() == "1 of 14 tables cleared · 2 of 42 stars"
        ladder.scroll_to(0, instant=True)
        frames(app, 2)
        app.draw(app.screen)
        accent = app.theme.accent
        lit = [app.screen.get_at(p)[:3] == accent for p in star_centres(ladder, 0)]
        assert lit == [True, True, False], "two of the three stars are filled"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080), (480, 800)])
def test_the_list_scrolls_and_fits(size: tuple[int, int]) -> None:
    app = new_app(size)
    try:
        ladder = open_ladder(app)
        width, height = app.size
        assert ladder.view.left >= 0 and ladder.view.right <= width
        assert ladder.view.bottom <= ladder.back_button.rect.top <= height
        assert ladder.max_scroll > 0, "fourteen levels do not fit one screen"
        ladder.scroll_to(0, instant=True)
        post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
        frames(app, 40)
        assert ladder.scroll > 0, "the wheel scrolls down"
        # a finger drags the list up: it scrolls, and no level is started by the drag
        before = ladder.scroll
        start = (ladder.view.centerx, ladder.view.bottom - 10)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        for step in range(1, 11):
            pos = (start[0], start[1] - step * 12)
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, -12), buttons=(1, 0, 0), touch=False)
            frames(app)
        post(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 120), button=1, touch=False)
        frames(app)
        assert ladder.scroll == pytest.approx(min(ladder.max_scroll, before + 120), abs=1)
        assert app.top is ladder
        key(app, pygame.K_END)
        frames(app, 60)
        last = ladder.card_rect(len(ladder.entries) - 1)
        assert ladder.view.top <= last.top and last.bottom <= ladder.view.bottom
    finally:
        app.close()


def test_keyboard_focus_walks_the_levels_and_keeps_the_focused_one_in_view() -> None:
    app = new_app((640, 480))
    try:
        progress.save_progress(
            app, Progress(ladder={lv.id: 1 for lv in progress.ladder_levels()[:12]})
        )
        ladder = open_ladder(app)
        key(app, pygame.K_DOWN)  # the first press shows the focus on the next level to play
        assert ladder.nav.key == ("level", ladder.entries[12].level.id)
        key(app, pygame.K_DOWN)
        assert ladder.nav.key == ("level", ladder.entries[13].level.id)
        key(app, pygame.K_DOWN)
        assert ladder.nav.key == ("button", "back")
        for _ in range(15):  # one more than there are levels: it stops at the first
            key(app, pygame.K_UP)
        assert ladder.nav.key == ("level", ladder.entries[0].level.id)
        frames(app, 60)
        first = ladder.card_rect(0)
        assert ladder.view.top <= first.top and first.bottom <= ladder.view.bottom
        focus = ladder.focus_rect()
        assert focus is not None and focus.colliderect(first)
        key(app, pygame.K_RETURN)
        deal = app.top
        assert isinstance(deal, DealScene)
        assert deal.session.level == ladder.entries[0].level
    finally:
        app.close()


def test_a_gamepad_plays_a_level_and_backs_out() -> None:
    app = new_app((960, 600))
    try:
        ladder = open_ladder(app)
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        assert ladder.nav.key == ("level", "first-steps")
        pad(app, pygame.CONTROLLER_BUTTON_B)
        assert isinstance(app.top, MenuScene), "B goes back to the menu"
        ladder = LadderScene(app)
        app.push(ladder)
        frames(app, 20)
        pad(app, pygame.CONTROLLER_BUTTON_A)  # nothing focused: A plays the next level
        deal = app.top
        assert isinstance(deal, DealScene)
        assert deal.session.level is not None and deal.session.level.id == "first-steps"
    finally:
        app.close()


def test_choosing_an_open_level_deals_its_seats_rules_and_rounds() -> None:
    app = new_app((1280, 720))
    try:
        ladder = open_ladder(app, seed=77)
        level = ladder.entries[0].level
        click(app, ladder.card_rect(0).center)
        deal = app.top
        assert isinstance(deal, DealScene)
        session = deal.session
        state = session.state
        assert session.level == level
        assert session.kinds == [None, *level.playable_kinds]
        assert state.players == level.players
        assert state.rules == level.rules()
        assert state.rules.rounds == level.deal.rounds == 3
        assert state.names == ("You", *(o.name for o in level.opponents))
        persona = session.persona(1)
        assert persona is not None
        assert (persona.name, persona.style) == (level.opponents[0].name, level.opponents[0].style)
        assert session.seed == 77
        assert session.table_meta() == {"level": level.id}
    finally:
        app.close()


def test_a_level_with_a_fixed_seed_deals_that_seed(tmp_path: Path) -> None:
    levels = quick_levels(tmp_path / "levels")
    session = Session(MatchConfig.for_level(levels[1], 5), inline=True)
    other = Session(MatchConfig.for_level(levels[1], 6), inline=True)
    assert session.seed == other.seed == 4242
    session.start_round()
    other.start_round()
    assert other.state.hands == session.state.hands
    session.close()
    other.close()


def test_a_locked_level_cannot_be_started() -> None:
    app = new_app((1280, 720))
    try:
        ladder = open_ladder(app)
        locked = 1 + next(i for i, e in enumerate(ladder.entries[1:]) if e.status == LOCKED)
        ladder.reveal(locked, instant=True)
        frames(app, 2)
        click(app, ladder.card_rect(locked).center)
        assert app.top is ladder, "a locked level deals nothing"
        assert app.notices, "it says which table opens it"
        assert ladder.choose(locked) is False
        assert app.top is ladder
        # the keyboard cannot start it either
        ladder.nav.focus(
            next(i for i in ladder.focus_items() if i.key[1] == ladder.entries[locked].level.id)
        )
        key(app, pygame.K_RETURN)
        assert app.top is ladder
    finally:
        app.close()


# ---------------------------------------------------------------------------- a level played out


def test_a_finished_level_saves_its_stars_and_opens_the_next(tmp_path: Path) -> None:
    levels = quick_levels(tmp_path / "levels")
    home = tmp_path / "home"
    app = quick_app(Store(home))
    try:
        app.autoplay = "greedy"  # a computer plays your seat
        ladder = open_ladder(app, levels, seed=9)
        assert [e.status for e in ladder.entries] == [OPEN, LOCKED, LOCKED]
        click(app, ladder.card_rect(0).center)
        assert isinstance(app.top, DealScene)
        end = play_to_the_end(app)
        state = end.session.state
        assert state.match_over and state.round_number == 1
        assert end.rating == Rating(True, 3, state.totals[0], 0 in state.match_winners)
        assert Store(home).load_progress().ladder == {"alpha": 3}
        labels = [b.label for b in end.buttons]
        assert labels == ["Next level", "Try again", "Review", "Ladder"]
        frames(app, 20)
        click(app, button(app, "Next level").center)
        deal = app.top
        assert isinstance(deal, DealScene)
        assert deal.session.level is not None and deal.session.level.id == "beta"
        assert deal.session.seed == 4242
    finally:
        app.close()
    # a restart: a new app and store on the same home folder
    app = quick_app(Store(home))
    try:
        ladder = open_ladder(app, levels)
        assert [(e.status, e.stars) for e in ladder.entries] == [
            (CLEARED, 3),
            (OPEN, 0),
            (LOCKED, 0),
        ]
    finally:
        app.close()


def test_the_ladder_button_of_the_match_end_goes_back_to_the_ladder(tmp_path: Path) -> None:
    levels = quick_levels(tmp_path / "levels")
    app = quick_app()
    try:
        app.autoplay = "greedy"
        ladder = open_ladder(app, levels, seed=3)
        click(app, ladder.card_rect(0).center)
        play_to_the_end(app)
        frames(app, 20)
        click(app, button(app, "Ladder").center)
        assert isinstance(app.top, LadderScene)
        assert isinstance(app.stack[0], MenuScene)
        assert [e.status for e in app.top.entries] == [CLEARED, OPEN, LOCKED]
    finally:
        app.close()


def test_a_worse_result_keeps_the_best_stars(tmp_path: Path) -> None:
    levels = quick_levels(tmp_path / "levels")
    home = tmp_path / "home"
    app = quick_app(Store(home))
    try:
        assert progress.record_level(app, levels[0], Rating(True, 3, 10, True))
        assert not progress.record_level(app, levels[0], Rating(True, 1, 80, True))
        assert not progress.record_level(app, levels[0], Rating(False, 0, 300, False))
        assert Store(home).load_progress().ladder == {"alpha": 3}
    finally:
        app.close()


def test_a_resumed_level_match_keeps_its_level(tmp_path: Path) -> None:
    """The autosave's meta names the level, and the match resumes as that level's match."""
    from game.match.keeper import session_meta

    home = tmp_path / "home"
    store = Store(home)
    level = progress.ladder_levels()[0]
    session = Session(MatchConfig.for_level(level, 12), inline=True)
    session.start_round()
    meta = session_meta(session)
    assert meta["level"] == level.id
    assert store.save_game(session.writer.text(), meta)
    session.close()
    app = quick_app(Store(home))
    try:
        app.push(MenuScene(app))
        frames(app, 2)
        assert resume_match(app)
        resumed = next(s for s in reversed(app.stack) if hasattr(s, "session"))
        assert resumed.session.level == level  # type: ignore[attr-defined]
        assert resumed.session.persona(1).style == level.opponents[0].style  # type: ignore[attr-defined]
    finally:
        app.close()


# ---------------------------------------------------------------------------- the daily table


def finished_daily(you: str, day: date) -> Session:
    """The day's match played to its end off screen: ``you`` is the seat kind at seat 0."""
    table = daily_table(day)
    session = Session(
        MatchConfig.for_daily(table), inline=True, kinds=[you, "greedy", "greedy", "greedy"]
    )
    seats = [make_seat(kind, 100 + s) for s, kind in enumerate(session.kinds)]  # type: ignore[arg-type]
    session.play_out(seats)
    return session


def test_the_daily_best_is_kept_and_a_worse_one_does_not_replace_it(tmp_path: Path) -> None:
    day = date(2024, 3, 1)
    home = tmp_path / "home"
    first, second = finished_daily("random", day), finished_daily("greedy", day)
    results = [(s.state.totals[0], 0 in s.state.match_winners) for s in (first, second)]
    assert results[0] != results[1], "two different results to compare"
    from game.store.home import DailyResult

    one, two = (DailyResult(score, won) for score, won in results)
    best, worse = (two, first) if two.beats(one) else (one, second)
    best_session = second if best is two else first
    app = quick_app(Store(home))
    try:
        app.push(MenuScene(app))
        app.push(MatchEndScene(app, best_session))
        assert app.top.improved  # type: ignore[union-attr]
        assert [b.label for b in app.top.buttons] == ["Try again", "Review", "Main menu"]  # type: ignore[union-attr]
        app.push(MatchEndScene(app, worse))
        assert not app.top.improved  # type: ignore[union-attr]
        assert Store(home).load_progress().daily == {"2024-03-01": best}
    finally:
        app.close()
    app = quick_app(Store(home))
    try:
        app.push(MenuScene(app))
        screen = DailyScene(app, daily_table(day))
        app.push(screen)
        frames(app, 10)
        assert screen.best == best
        assert str(best.score) in daily_best_text(screen.best)
        click(app, button(app, "Play").center)
        deal = app.top
        assert isinstance(deal, DealScene)
        assert deal.session.daily == daily_table(day)
        assert deal.session.seed == daily_table(day).seed
        assert deal.session.table_meta() == {"daily": "2024-03-01"}
    finally:
        app.close()


def test_the_menu_opens_the_ladder_and_the_daily_table() -> None:
    app = new_app((1280, 720))
    try:
        app.push(MenuScene(app))
        frames(app, 10)
        click(app, button(app, "Ladder").center)
        assert isinstance(app.top, LadderScene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
        frames(app, 10)
        click(app, button(app, "Daily table").center)
        assert isinstance(app.top, DailyScene)
        assert app.top.table == daily_table(app.top.table.day)  # the day's own deal
    finally:
        app.close()
