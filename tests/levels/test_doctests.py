"""The examples in the docstrings of game.levels (and its modules) and game.levels.daily run."""

from __future__ import annotations

import doctest

import pytest

import game.levels
import game.levels.daily
import game.levels.files
import game.levels.model


@pytest.mark.parametrize(
    "module",
    [game.levels, game.levels.model, game.levels.files, game.levels.daily],
    ids=lambda m: m.__name__,
)
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, verbose=False)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0
