"""What a name (or any one-line text shown on screen and written in a record) may be, wherever
it comes from: a record, a saved game, a level file.

One pure check, so every reader refuses the same texts for the same reasons:

>>> check_name("Ana") is None
True
>>> check_name("A" * 41)
'the name is 41 characters long; at most 40'
>>> check_name("Bo\\u2028Cy")
'the name must be one line: it holds a line break (U+2028)'
>>> text_problem("Tomás", 40) is None
True
>>> text_problem("Ro\\x00sa", 40)
'holds U+0000, a control character, which cannot be shown'
"""

from __future__ import annotations

import unicodedata
from typing import Final

MAX_NAME_LENGTH: Final = 40  # characters; far more than a name needs, short enough for a label

# Line and paragraph breaks: a name is one line (and JSON Lines readers split on some of these).
LINE_BREAKS: Final = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
# Format characters some scripts need between letters (Tamil, Sinhala, emoji sequences).
JOINERS: Final = frozenset("\u200c\u200d")
# Categories of characters no font draws and some readers choke on: controls (NUL, escapes),
# invisible format marks, lone surrogates (which cannot even be written as UTF-8), private use.
UNSHOWABLE: Final = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def text_problem(value: str, max_length: int) -> str | None:
    """Why ``value`` cannot be a one-line text shown on screen and written in a saved game
    (a name, a style, a description), or None when it can.

    Refused: empty or blank text, line breaks (including U+2028, U+2029 and U+0085), spaces at
    either end, control characters (NUL too), invisible format characters other than the
    joiners some scripts need, lone surrogates, private-use characters, and text longer than
    ``max_length`` characters.
    """
    if not value.strip():
        return "must not be empty"
    for char in value:
        if char in LINE_BREAKS:
            return f"must be one line: it holds a line break (U+{ord(char):04X})"
    for char in value:
        kind = UNSHOWABLE.get(unicodedata.category(char))
        if kind is not None and char not in JOINERS:
            return f"holds U+{ord(char):04X}, {kind}, which cannot be shown"
    if value != value.strip():
        return "must be one line without leading or trailing spaces"
    if len(value) > max_length:
        return f"is {len(value)} characters long; at most {max_length}"
    return None


def check_name(text: object) -> str | None:
    """None when ``text`` is a fit player's name; otherwise the reason it is not."""
    if not isinstance(text, str):
        return "a name must be text"
    problem = text_problem(text, MAX_NAME_LENGTH)
    return None if problem is None else f"the name {problem}"
