"""The screenshot run (game.commands.screenshots), made once per size and language in a test
process and shared by the tests that only read it: the render test (tests/ui) and the text
audits (tests/i18n).

Tests reading the same run are kept on one pytest-xdist worker by ``group`` (with ``--dist
loadgroup``), so a run is made once in the session, not once per worker.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from game.commands.screenshots import take_screenshots
from game.view import typeset

# pictures is a good part of a run's time, and the others only need the frames drawn.
WRITES_FILES = ((640, 480), "en")


@dataclass
class Run:
    """One screenshot run: what it wrote, and each picture as it was handed to be saved."""

    paths: list[Path]
    audits: dict[str, typeset.TextAudit] = field(default_factory=dict)  # by picture name
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    colours: dict[str, int] = field(default_factory=dict)  # distinct colours on a grid


_runs: dict[tuple[tuple[int, int], str], Run] = {}


def group(size: tuple[int, int], code: str) -> pytest.MarkDecorator:
    """The xdist_group of the tests that read the run at ``size`` in ``code``."""
    return pytest.mark.xdist_group(f"screens-{size[0]}x{size[1]}-{code}")


def screenshot_run(
    size: tuple[int, int], code: str, tmp_path_factory: pytest.TempPathFactory
) -> Run:
    """The screenshot run at ``size`` in ``code``, made on first use."""
    found = _runs.get((size, code))
    if found is not None:
        return found
    run = Run(paths=[])
    save = pygame.image.save

    def look(surface: pygame.Surface, path: str) -> None:
        name = Path(path).stem
        width, height = surface.get_size()
        run.sizes[name] = (width, height)
        run.colours[name] = len(
            {surface.get_at((x, y))[:3] for x in range(0, width, 37) for y in range(0, height, 29)}
        )
        if (size, code) == WRITES_FILES:
            save(surface, path)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.image, "save", look)
        out = tmp_path_factory.mktemp(f"shots-{size[0]}x{size[1]}-{code}")
        run.paths = take_screenshots(out, size, code, run.audits)
    _runs[(size, code)] = run
    return run
