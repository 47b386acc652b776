"""The review table: a person steps through their reviewed decisions on the replay table."""

from __future__ import annotations

import dataclasses
from functools import cache

import pygame
import pytest

from game import i18n
from game.ai.review import FORCED, Review, review
from game.ai.simple import make_seat
from game.app import App
from game.commands.simulate import play_match
from game.rules import END_TURN, Play, Rules
from game.rules.record import Record, load_record
from game.scenes.kit.base import Scene
from game.scenes.review.review_table import ReviewTableScene
from game.view import typeset
from game.view.review import LABEL_COLOURS, MISTAKES
from tests.platform.helpers import finger, key, pad_button

from .driver import click, frames, new_app, post

SEAT = 0


@cache
def reviewed() -> tuple[Record, Review]:
    """A two-round match of a random seat against two Normal ones, reviewed with few guesses."""
    rules = Rules.standard().with_options(rounds=2)
    seats = [make_seat(kind, 40 + i) for i, kind in enumerate(["random", "normal", "normal"])]
    text = play_match(rules, 3, 4, seats, ["Ana", "Bo", "Cy"], record=True).record
    assert text is not None
    record, _state = load_record(text)
    return record, review(record, SEAT, guesses=16)


def open_review(
    size: tuple[int, int] = (960, 600), result: Review | None = None
) -> tuple[App, ReviewTableScene, Scene]:
    """The review on top of a plain scene (what Back returns to)."""
    record, found = reviewed()
    app = new_app(size)
    under = Scene(app)
    app.push(under)
    scene = ReviewTableScene(app, record, result or found, "match.jsonl")
    app.push(scene)
    frames(app, 30)
    return app, scene, under


def mistakes(scene: ReviewTableScene) -> list[int]:
    return [i for i, d in enumerate(scene.decisions) if d.label in MISTAKES]


def test_the_timeline_has_a_mark_per_decision_with_its_label() -> None:
    app, scene, _under = open_review()
    try:
        result = scene.review
        assert len(scene.timeline.marks) == len(result.decisions) > 0
        assert [scene.timeline.decisions[m.index][1] for m in scene.timeline.marks] == [
            d.label for d in result.decisions
        ]
        # each label shown among the marks in view is drawn in its own colour
        app.draw(app.screen)
        strip = scene.timeline.rect
        seen = {
            scene.decisions[m.index].label
            for m in scene.timeline.marks
            if scene.timeline.visible(m.index)
        }
        assert len(seen) >= 2
        shot = app.screen.subsurface(strip).copy()
        colours = {
            tuple(shot.get_at((x, y)))[:3]
            for x in range(shot.get_width())
            for y in range(shot.get_height())
        }
        for label in seen:
            assert LABEL_COLOURS[label] in colours, label
        # the rounds are grouped: one group per round, in order
        assert [g[0] for g in scene.timeline.groups] == sorted({d.round for d in result.decisions})
    finally:
        app.close()


def test_a_mistake_shows_the_position_before_it_and_the_better_move() -> None:
    app, scene, _under = open_review()
    try:
        first = mistakes(scene)[0]
        assert scene.index == first  # the review opens on the first mistake
        click(app, scene.buttons["next"].rect.center)
        frames(app, 30)
        index = mistakes(scene)[1]
        assert scene.index == index
        state = scene.states[index]
        decision = scene.decisions[index]
        view = scene.view
        assert sorted(view.tray.tiles) == sorted(state.hand(SEAT))  # the seat's hand, as it was
        assert [tuple(view.trains[t]) for t in range(state.players + 1)] == [
            tuple(state.train(t)) for t in range(state.players + 1)
        ]
        assert view.hand_counts == [state.hand_size(s) for s in range(state.players)]
        best = decision.best
        if isinstance(best, Play):
            assert view.hint_tile == best.tile and view.hint_train == best.train
            lifted = view.tray.rect_of(best.tile)
            others = [view.tray.rect_of(t) for t in view.tray.tiles if t != best.tile]
            assert lifted is not None and all(r is not None and lifted.top < r.top for r in others)
            assert str(best.tile) in scene.sentence()
            if decision.made == END_TURN:  # a first-turn line stopped short: no train to name
                assert "your line" in scene.sentence()
            else:
                name = i18n.train_label(best.train, state.players, scene.record.names, SEAT)
                assert name in scene.sentence()
        assert "points better" in scene.sentence()
    finally:
        app.close()


def test_a_better_move_on_another_train_names_both_trains_and_marks_both() -> None:
    app, scene, _under = open_review()
    try:
        index = next(
            i
            for i, d in enumerate(scene.decisions)
            if isinstance(d.best, Play)
            and isinstance(d.made, Play)
            and d.best.tile != d.made.tile
            and d.best.train != d.made.train
            and d.label in MISTAKES
        )
        scene.show(index)
        frames(app, 20)
        decision = scene.decisions[index]
        assert isinstance(decision.made, Play) and isinstance(decision.best, Play)
        text = scene.sentence()
        players, names = scene.record.players, scene.record.names
        for action in (decision.best, decision.made):
            assert str(action.tile) in text
            assert i18n.train_label(action.train, players, names, SEAT) in text
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        assert audit.drawn.count("Played") == 2  # on the tile in the hand and on its train
        assert audit.drawn.count("Better") == 2
    finally:
        app.close()


def test_next_mistake_by_keyboard_and_gamepad_and_stepping_by_arrows() -> None:
    app, scene, _under = open_review()
    try:
        found = mistakes(scene)
        key(app, pygame.K_TAB)
        assert scene.index == found[1]
        assert ("next", "Next mistake") in scene.view.prompt_hints  # Tab, shown as such
        pad_button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        assert scene.index == found[2]
        assert ("leftright", "Step") in scene.view.prompt_hints  # the d-pad, on the pad
        assert scene.view.prompt_device.value == "gamepad"
        pad_button(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
        assert scene.index == found[1]
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
        assert scene.index == found[0]
        key(app, pygame.K_PAGEDOWN)
        assert scene.index == found[1]
        before = scene.index
        key(app, pygame.K_RIGHT)
        assert scene.index == before + 1
        pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert scene.index == before
        key(app, pygame.K_HOME)
        assert scene.index == 0
        key(app, pygame.K_LEFT)  # nothing before the first decision
        assert scene.index == 0
        key(app, pygame.K_END)
        assert scene.index == len(scene.decisions) - 1
        # Enter with nothing focused presses the main button, Next mistake (after the first
        # decision, which may be a mistake itself)
        key(app, pygame.K_HOME)
        key(app, pygame.K_RETURN)
        assert scene.index == next(i for i in found if i > 0)
    finally:
        app.close()


def test_clicking_or_tapping_a_mark_goes_there() -> None:
    app, scene, _under = open_review()
    try:
        timeline = scene.timeline
        target = next(m.index for m in timeline.marks if timeline.visible(m.index) and m.index > 2)
        # the mouse over a mark says which move it is before it is clicked
        post(pygame.MOUSEMOTION, pos=timeline.centre_of(target), rel=(0, 0), buttons=(0, 0, 0))
        frames(app)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        decision = scene.decisions[target]
        tip = f"Round {decision.round} · move {decision.number} of {len(scene.decisions)}: "
        assert any(text.startswith(tip) for text in audit.drawn)
        click(app, timeline.centre_of(target))
        assert scene.index == target
        other = next(
            m.index for m in timeline.marks if timeline.visible(m.index) and m.index != target
        )
        pos = timeline.centre_of(other)
        finger(app, pygame.FINGERDOWN, pos)
        frames(app)
        finger(app, pygame.FINGERUP, pos)
        frames(app)
        assert scene.index == other
        assert sorted(scene.view.tray.tiles) == sorted(scene.states[other].hand(SEAT))
    finally:
        app.close()


def test_the_summary_shows_accuracy_and_the_costliest_three_which_jump_there() -> None:
    app, scene, _under = open_review()
    try:
        click(app, scene.buttons["summary"].rect.center)
        frames(app, 10)
        assert scene.summary_open
        result = scene.review
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        assert result.accuracy is not None
        assert f"Accuracy: {round(100 * result.accuracy)}%" in audit.drawn
        costliest = result.costliest(3)
        assert len(costliest) == 3 and len(scene.rows) == 3
        for decision, (_rect, index) in zip(costliest, scene.rows, strict=True):
            assert scene.decisions[index].number == decision.number
        assert "Points lost per round" in audit.drawn
        assert "Each move was weighed over 16 guesses of the hidden tiles." in audit.drawn
        assert "Mistake: from 3 points" in audit.drawn
        rect, index = scene.rows[1]
        click(app, rect.center)
        assert not scene.summary_open and scene.index == index
        # the keyboard: S opens it, Down Down Enter picks the second row, Esc only closes it
        key(app, pygame.K_s)
        assert scene.summary_open
        frames(app)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        assert not scene.summary_open and scene.index == scene.rows[1][1]
        pad_button(app, pygame.CONTROLLER_BUTTON_Y)
        assert scene.summary_open
        key(app, pygame.K_ESCAPE)
        assert not scene.summary_open and app.top is scene
    finally:
        app.close()


@pytest.mark.parametrize("how", ["button", "escape", "pad"])
def test_back_pops_the_scene(how: str) -> None:
    app, scene, under = open_review()
    try:
        if how == "button":
            click(app, scene.buttons["back"].rect.center)
        elif how == "escape":
            key(app, pygame.K_ESCAPE)
        else:
            pad_button(app, pygame.CONTROLLER_BUTTON_B)
        assert app.top is under
    finally:
        app.close()


def forced_only() -> tuple[Record, Review]:
    """A one-round double-six match of three-tile hands where seat 1 never had a choice."""
    rules = Rules.standard().with_options(rounds=1, set_size=6, hand_size=3)
    seats = [make_seat("greedy", 200 + i) for i in range(2)]
    text = play_match(rules, 2, 20, seats, ["Ana", "Bo"], record=True).record
    assert text is not None
    record, _state = load_record(text)
    return record, review(record, 1, guesses=8)


def test_a_seat_with_no_move_of_its_own_to_weigh() -> None:
    """Every decision forced: nothing to jump to, and the summary says accuracy has nothing to
    measure; with no decision at all (a review of none), the table still shows and says so."""
    record, forced = forced_only()
    assert forced.decisions and all(d.label == FORCED for d in forced.decisions)
    app = new_app()
    under = Scene(app)
    app.push(under)
    scene = ReviewTableScene(app, record, forced, "forced.jsonl")
    app.push(scene)
    frames(app, 20)
    try:
        assert scene.index == 0
        assert sorted(scene.view.tray.tiles) == sorted(scene.states[0].hand(1))
        assert not scene.buttons["next"].enabled and not scene.buttons["prev"].enabled
        assert scene.sentence().startswith("Only one move was possible")
        key(app, pygame.K_TAB)
        assert scene.index == 0
        key(app, pygame.K_RIGHT)
        assert scene.index == 1
        key(app, pygame.K_s)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        assert "Accuracy: no move had a choice" in audit.drawn
        assert "None: every move was good or forced." in audit.drawn
        assert scene.rows == []
    finally:
        app.close()
    _record, found = reviewed()
    empty = dataclasses.replace(found, decisions=())
    app, scene, under = open_review(result=empty)
    try:
        assert scene.index is None and scene.timeline.marks == []
        assert scene.sentence()
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_s)
        frames(app, 5)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        assert app.top is under
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (480, 800), (1920, 1080)])
def test_every_language_fits(size: tuple[int, int]) -> None:
    app, scene, _under = open_review(size)
    try:
        index = next(i for i in mistakes(scene) if isinstance(scene.decisions[i].made, Play))
        scene.show(index)
        for code in i18n.LANGUAGES:
            app.settings.language = code
            app.apply_language()
            for summary in (False, True):
                scene.summary_open = summary
                frames(app, 12)
                with typeset.text_audit() as audit:
                    app.draw(app.screen)
                assert not audit.issues, (code, summary, [str(i) for i in audit.issues])
                for button in scene.buttons.values():
                    assert app.screen.get_rect().contains(button.rect)
                assert app.screen.get_rect().contains(scene.timeline.rect)
    finally:
        app.settings.language = "en"
        app.apply_language()
        app.close()


def test_the_review_follows_a_window_resize() -> None:
    app, scene, _under = open_review((1280, 720))
    try:
        for size in ((480, 800), (640, 480)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            frames(app, 20)
            assert scene.view.layout.size == scene.rects.view.size
            assert scene.rects.view.w == size[0] and scene.timeline.rect.bottom <= size[1]
            for button in scene.buttons.values():
                assert app.screen.get_rect().contains(button.rect)
            for _tile, rect in scene.view.tray.drawn():
                assert scene.rects.view.contains(rect)
            before = scene.index
            click(app, scene.buttons["next"].rect.center)
            assert scene.index is not None and before is not None and scene.index > before
            click(app, scene.buttons["prev"].rect.center)
            assert scene.index == before
    finally:
        app.close()


def test_a_timeline_too_long_for_the_window_scrolls_to_the_focused_move() -> None:
    app, scene, _under = open_review((480, 800))
    try:
        timeline = scene.timeline
        assert timeline.scrolls, "this match's marks do not all fit across 480 px"
        key(app, pygame.K_END)
        last = len(scene.decisions) - 1
        assert scene.index == last and timeline.visible(last) and not timeline.visible(0)
        key(app, pygame.K_HOME)
        assert timeline.visible(0) and not timeline.visible(last)
        # the arrow at the right end shows more; a mark there is then a click away
        click(app, (timeline.rect.right - 4, timeline.rect.centery))
        assert timeline.offset > 0 and not timeline.visible(0)
        shown = [m.index for m in timeline.marks if timeline.visible(m.index)]
        click(app, timeline.centre_of(shown[-1]))
        assert scene.index == shown[-1]
    finally:
        app.close()


def test_a_finger_drag_scrolls_the_timeline_without_choosing() -> None:
    app, scene, _under = open_review((480, 800))
    try:
        timeline = scene.timeline
        start = scene.index
        y = timeline.centre_of(0)[1]
        right = timeline.window.right - 10
        finger(app, pygame.FINGERDOWN, (right, y))
        frames(app)
        for x in range(right - 20, timeline.window.left + 20, -20):
            finger(app, pygame.FINGERMOTION, (x, y))
            frames(app)
        finger(app, pygame.FINGERUP, (timeline.window.left + 20, y))
        frames(app)
        assert timeline.offset > 0 and scene.index == start
    finally:
        app.close()


def test_a_review_longer_than_its_record_is_shown_as_far_as_they_agree() -> None:
    _record, found = reviewed()
    longer = dataclasses.replace(found, decisions=found.decisions + found.decisions[-2:])
    app, scene, _under = open_review(result=longer)
    try:
        assert len(scene.timeline.marks) == len(found.decisions)
        assert scene.view.toast is not None and "does not match" in scene.view.toast.message
        key(app, pygame.K_END)
        assert scene.index == len(found.decisions) - 1
        assert sorted(scene.view.tray.tiles) == sorted(scene.states[-1].hand(SEAT))
    finally:
        app.close()


def test_a_review_of_a_seat_the_match_does_not_have_is_refused_in_words() -> None:
    _record, found = reviewed()
    elsewhere = dataclasses.replace(found, seat=7)
    app, scene, under = open_review(result=elsewhere)
    try:
        assert scene.index is None and scene.timeline.marks == []
        assert scene.sentence() == "This review is of a seat this match does not have."
        key(app, pygame.K_s)
        frames(app, 5)
        app.draw(app.screen)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        assert app.top is under
    finally:
        app.close()


def test_a_swipe_across_the_table_steps() -> None:
    app, scene, _under = open_review((480, 800))
    try:
        start = scene.index
        assert start is not None
        y = scene.rects.view.centery
        for x0, x1, expected in ((400, 120, start + 1), (120, 400, start), (200, 210, start)):
            finger(app, pygame.FINGERDOWN, (x0, y))
            frames(app)
            for step in range(1, 6):
                finger(app, pygame.FINGERMOTION, (x0 + (x1 - x0) * step // 5, y))
                frames(app)
            finger(app, pygame.FINGERUP, (x1, y))
            frames(app)
            assert scene.index == expected, (x0, x1)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)], ids=str)
@pytest.mark.parametrize("code", ["en", "ta"])
def test_the_better_and_played_tags_never_cover_each_other_or_the_other_tile(
    code: str, size: tuple[int, int]
) -> None:
    """At every decision where the better move differs: the tags stay whole on the table, no
    tag covers another, and the Better tag in the hand leaves the played tile in view (and the
    Played tag the better tile)."""
    from game.scenes.review.review_overlay import draw_moves
    from game.view.layout import ui_scale

    i18n.set_language(code)
    app, scene, _under = open_review(size)
    try:
        checked = 0
        for index, decision in enumerate(scene.decisions):
            best, made = decision.best, decision.made
            if not (isinstance(best, Play) and isinstance(made, Play)) or best.tile == made.tile:
                continue
            scene.show(index)
            frames(app, 20)
            app.draw(app.screen)
            area = scene.rects.view.clip(app.screen.get_rect())
            table = app.screen.subsurface(area)
            tags = draw_moves(table, scene.view, decision, ui_scale(size))
            bounds = table.get_rect()
            assert all(bounds.contains(tag) for tag in tags), "a tag is cut off"
            for i, tag in enumerate(tags):
                assert tag.collidelist(tags[i + 1 :]) < 0, (index, "two tags overlap")
            made_tile = scene.view.tray.rect_of(made.tile)
            best_tile = scene.view.tray.rect_of(best.tile)
            tray_tags = tags[-2:] if made_tile is not None and best_tile is not None else []
            if tray_tags:
                played_tag, better_tag = tray_tags
                assert not better_tag.colliderect(made_tile), (index, "Better covers the played")
                assert not played_tag.colliderect(best_tile), (index, "Played covers the better")
            checked += 1
        assert checked >= 3, "the reviewed match has few differing moves to look at"
    finally:
        app.close()
        i18n.set_language("en")
