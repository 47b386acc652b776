"""What a player's name may be, wherever it comes from (a record, a save, a profile).

One pure check, so every reader refuses the same names for the same reasons:

>>> check_name("Ana") is None
True
>>> check_name("A" * 41)
'the name is longer than 40 characters'
>>> check_name("Bo\\u2028Cy")
'the name holds a line break or another control character'
"""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 40  # characters; far more than a name needs, short enough for any label

# Unicode categories a name may not hold: controls (NUL, tab, U+0085 ...), line and paragraph
# separators (U+2028, U+2029), and surrogates (a lone one cannot even be written as UTF-8).
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def check_name(text: object) -> str | None:
    """None when ``text`` is a fit name; otherwise the reason it is not (plain English)."""
    if not isinstance(text, str):
        return "a name must be text"
    if not text.strip():
        return "the name is empty"
    if len(text) > MAX_NAME_LENGTH:
        return f"the name is longer than {MAX_NAME_LENGTH} characters"
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            return "the name holds a broken character (a lone surrogate)"
        if category in _REFUSED_CATEGORIES:
            return "the name holds a line break or another control character"
    return None
