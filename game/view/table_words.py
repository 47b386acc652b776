"""The table's words: a seat's level, two facts side by side, and a quiet measure of text."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _, pgettext
from game.view import typeset

Words = str | Callable[[], str]


def say(words: Words) -> str:
    return words() if callable(words) else words


# A seat kind's name as the table shows it, said in the language of the moment.
_LEVELS: dict[str, Callable[[], str]] = {
    "easy": lambda: pgettext("opponent", "Easy"),
    "normal": lambda: pgettext("opponent", "Normal"),
    "hard": lambda: pgettext("opponent", "Hard"),
    "greedy": lambda: pgettext("opponent", "Greedy"),
    "random": lambda: pgettext("opponent", "Random"),
}


def level_label(level: str) -> str:
    """A computer seat's level as the table shows it (under its name)."""
    name = _LEVELS.get(level)
    return name() if name is not None else level.replace("_", " ").capitalize()


def two_facts(first: str, second: str) -> str:
    # Translators: two facts side by side on a badge or under the hand: "7 tiles · 12 pts"
    return _("{first} · {second}").format(first=first, second=second)


def size_within(message: str, size: int, width: int, *, bold: bool = False) -> int:
    """The size ``fit_text_size`` would give, asked quietly: a layout weighing its options
    measures without the text audit counting a choice it then does not draw."""
    while size > typeset.MIN_TEXT and typeset.text_width(message, size, bold=bold) > width:
        size -= 1
    return max(size, typeset.MIN_TEXT)
