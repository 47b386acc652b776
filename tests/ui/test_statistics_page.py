"""The statistics page stays readable in narrow windows and long-worded languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.scenes.pages.menu import MenuScene
from game.scenes.pages.statistics import COLUMNS, StatisticsScene
from game.store.home import Statistics
from game.view import typeset
from tests.ui.driver import frames, new_app

SIZES = [(480, 800), (640, 480), (800, 480), (1280, 720)]


def _statistics() -> Statistics:
    stats = Statistics()
    for i, level in enumerate(("easy", "normal", "hard", "greedy", "random")):
        stats.record_match(level, 40 + 17 * i, i % 2 == 0)
        stats.record_match(level, 95 + 3 * i, False)
    return stats


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_column_headers_are_readable_and_fit(
    size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tamil's headers once shrank to 8 px beside the row labels at 480x800: narrow windows now
    # put each label over its figures, so the headers get the panel's whole width.
    app = new_app(size)
    try:
        app.settings.language = language
        app.apply_language()
        app.reset(MenuScene(app), StatisticsScene(app, _statistics()))
        frames(app, 30)
        drawn: list[tuple[str, int]] = []
        original = typeset.blit_text

        def spy(target: object, message: str, size: int, *args: object, **kw: object) -> object:
            drawn.append((message, size))
            return original(target, message, size, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(typeset, "blit_text", spy)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        heads = {i18n.translate(head) for head in COLUMNS}
        # a header, or a line it wrapped onto (a run of its words, or part of a hyphened one)
        header_sizes = [size for message, size in drawn if any(message in h for h in heads)]
        assert header_sizes, "the headers were drawn"
        assert min(header_sizes) >= 11, (language, size, drawn)
        assert audit.issues == []
    finally:
        app.close()


@pytest.mark.parametrize("size", [(480, 800), (640, 480)])
def test_puzzles_tried_are_counted_under_the_matches(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a puzzle is tried, the page adds the puzzle rating and how many are solved."""
    from game.puzzles.shipped import shipped_puzzles
    from game.scenes.kit.progress import load_progress, save_progress

    app = new_app(size)
    try:
        assert StatisticsScene(app, _statistics()).puzzle_line is None, "none tried: no line"
        progress = load_progress(app)
        for puzzle in shipped_puzzles()[:3]:
            progress.puzzles.record(puzzle.id, "solved", None)
        save_progress(app, progress)
        app.settings.language = "ta"
        app.apply_language()
        scene = StatisticsScene(app, _statistics())
        total = len(shipped_puzzles())
        assert scene.puzzle_line is not None
        assert i18n._("Solved: {n} of {total}").format(n=3, total=total) in scene.puzzle_line
        app.reset(MenuScene(app), scene)
        frames(app, 30)
        drawn: list[str] = []
        original = typeset.blit_text

        def spy(target: object, message: str, *args: object, **kw: object) -> object:
            drawn.append(message)
            return original(target, message, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(typeset, "blit_text", spy)
        with typeset.text_audit() as audit:
            app.draw(app.screen)
        assert scene.puzzle_line in drawn
        assert audit.issues == []
    finally:
        app.close()
