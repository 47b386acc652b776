"""Text cut into lines that fit a width, never inside a letter with its marks (Tamil)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final

_JOINERS: Final = {"\u200c", "\u200d"}


def graphemes(text: str) -> list[str]:
    """``text`` cut into user-perceived characters: a base letter with its combining marks
    (Tamil vowel signs and virama stay with their consonant)."""
    out: list[str] = []
    for char in text:
        if out and (
            unicodedata.category(char).startswith("M")
            or char in _JOINERS
            or out[-1][-1] in _JOINERS
        ):
            out[-1] += char
        else:
            out.append(char)
    return out


def word_parts(word: str) -> list[str]:
    """A word cut after each of its hyphens, the hyphen kept on the part before it: the places
    a word too long for a line breaks first.

    >>> word_parts("Garaipen-tasa")
    ['Garaipen-', 'tasa']
    """
    return re.split(r"(?<=-)(?=.)", word)


def wrap_text(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` no wider than ``width`` as ``measure`` (e.g. ``font.size(s)[0]``) sees
    them. Breaks at spaces; "\\n" starts a new line; a word longer than a line breaks after its
    hyphens, and a part still too long is cut between graphemes, never inside one.

    >>> wrap_text("aa bb cc", 5, len)
    ['aa bb', 'cc']
    >>> wrap_text("abcdefg", 3, len)
    ['abc', 'def', 'g']
    >>> wrap_text("ab-cd-efghi", 5, len)
    ['ab-', 'cd-', 'efghi']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            if measure(word) <= width:
                line = word
                continue
            piece = ""
            for part in word_parts(word):
                if measure(piece + part) <= width:
                    piece += part
                    continue
                if piece:
                    lines.append(piece)
                    piece = ""
                if measure(part) <= width:
                    piece = part
                    continue
                for cluster in graphemes(part):
                    if piece and measure(piece + cluster) > width:
                        lines.append(piece)
                        piece = ""
                    piece += cluster
            line = piece
        lines.append(line)
    return lines
