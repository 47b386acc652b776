"""A bad value that slips past the review's reader never crashes a frame: the review table,
its summary, the bar chart, the figures and the text helpers draw it (headless, on a dummy
surface) with the bad part left out or replaced."""

from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from game.ai.review import Decision, Review
from game.rules import Play, Tile
from game.scenes.kit.base import Scene
from game.scenes.review import review_words as words
from game.scenes.review.review_table import ReviewTableScene
from game.view import surface_cache, typeset
from game.view.review import draw_bars, points_figure
from game.view.theme import THEMES

from .driver import frames, new_app
from .test_damaged_review import reviewed

INF = math.inf
NAN = math.nan


def bad_review(content: str) -> Review:
    """The short match's review with one bad value in it, as if the reader had let it by."""
    record, found = reviewed()
    decisions = list(found.decisions)
    at = next(i for i, d in enumerate(decisions) if d.expected)  # a decision with choices
    d = decisions[at]
    if content == "infinite points":
        d = dataclasses.replace(d, points_lost=INF, label="blunder")
    elif content == "NaN points":
        d = dataclasses.replace(d, points_lost=NAN, label="blunder")
    elif content == "infinite expected score":
        d = dataclasses.replace(d, expected=((d.best, INF), *d.expected[1:]), label="mistake")
    elif content == "a train beyond the trains":
        tile = Tile(2, 3)
        d = dataclasses.replace(
            d,
            best=Play(tile, record.players + 5),
            made=Play(Tile(1, 2), record.players + 6),
            expected=((Play(tile, record.players + 5), 4.0),),
            points_lost=4.0,
            label="mistake",
        )
    name = found.name
    if content == "a name with NUL":
        name = "An\x00a"
    elif content == "a name with a lone surrogate":
        name = "An\ud800a"
    decisions[at] = d
    return Review(found.seat, name, tuple(decisions), found.guesses)


CONTENTS = [
    "infinite points",
    "NaN points",
    "infinite expected score",
    "a train beyond the trains",
    "a name with NUL",
    "a name with a lone surrogate",
]


@pytest.mark.parametrize("content", CONTENTS)
def test_a_bad_value_in_a_review_is_drawn_without_a_crash(content: str) -> None:
    """Every decision of the review table and its summary drawn with the bad value in it."""
    record, _found = reviewed()
    result = bad_review(content)
    app = new_app()
    try:
        app.push(Scene(app))
        scene = ReviewTableScene(app, record, result, "match.jsonl")
        app.push(scene)
        frames(app, 2)
        for index in range(len(scene.decisions)):
            scene.show(index)
            frames(app, 1)
        scene.toggle_summary()
        frames(app, 2)
        assert app.top is scene and scene.summary_open
    finally:
        app.close()


def test_the_bar_chart_draws_non_finite_points_without_a_bar_and_keeps_the_others() -> None:
    pygame.init()
    theme = next(iter(THEMES.values()))
    rect = pygame.Rect(10, 10, 300, 150)
    plain = pygame.Surface((320, 180))
    draw_bars(plain, rect, {1: 5.0, 2: 2.0}, theme, 1.0)
    for bad in (INF, NAN, -INF):
        surface = pygame.Surface((320, 180))
        draw_bars(surface, rect, {1: 5.0, 2: 2.0, 3: bad}, theme, 1.0)
        # round 1's bar still reaches as high as when it was the only tall one
        column = [surface.get_at((10 + 50, y)) for y in range(10, 160)]
        assert any(tuple(c)[:3] == tuple(theme.accent) for c in column)
    assert points_figure(INF) == points_figure(NAN) == "-"


def test_sentences_with_non_finite_points_or_an_unknown_train_name_no_train() -> None:
    record, found = reviewed()
    d: Decision = next(d for d in found.decisions if d.expected)
    bad = dataclasses.replace(
        d,
        best=Play(Tile(2, 3), record.players + 5),
        made=Play(Tile(1, 2), record.players),
        points_lost=NAN,
        label="mistake",
    )
    said = words.sentence(bad, record.players, record.names, found.seat)
    assert "about 1 point" in said and "Mexican" not in said
    assert words.move_phrase(bad.best, record.players, record.names, found.seat) == "2|3"
    assert words.points_words(INF) == "about 1 point"
    assert words.expected_line(dataclasses.replace(bad, expected=((bad.best, INF),))) == ""


@pytest.mark.parametrize("bad", ["An\x00a", "An\ud800a", "\x00", "\ud800\udfff"])
def test_text_with_nul_or_a_lone_surrogate_is_drawn_with_it_replaced(bad: str) -> None:
    pygame.init()
    surface_cache.clear_caches()
    shown = bad.replace("\x00", "\ufffd")
    shown = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in shown)
    drawn = typeset.text(bad, 20, (255, 255, 255))
    same = typeset.text(shown, 20, (255, 255, 255))
    assert drawn.get_size() == same.get_size()
    assert typeset.text_width(bad, 20) == typeset.text_width(shown, 20) > 0
    assert typeset.wrap(bad + " Bo", 20, 1000) == [shown + " Bo"]
    surface = pygame.Surface((200, 60))
    rect = typeset.blit_text(surface, bad, 20, (255, 255, 255), max_width=150, topleft=(0, 0))
    assert rect.w > 0
