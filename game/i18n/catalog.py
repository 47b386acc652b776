"""A language's catalog as the game uses it: read with polib, plurals by stdlib gettext."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from gettext import c2py
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import polib

# The Plural-Forms each language's catalog must declare (English: the source strings' rule).
PLURAL_FORMS: Final[Mapping[str, str]] = {
    "en": "nplurals=2; plural=(n != 1);",
    "ga": ("nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;"),
    "ta": "nplurals=2; plural=(n != 1);",
    "is": "nplurals=2; plural=(n%10!=1 || n%100==11);",
    "eu": "nplurals=2; plural=(n != 1);",
}

IntFn = Callable[[int], int]
MessageKey = tuple[str | None, str]


class PoError(ValueError):
    """A catalog that cannot be read: names the file (and the line when known)."""

    def __init__(self, source: str, line: int, reason: str) -> None:
        super().__init__(f"{source}:{line}: {reason}" if line else f"{source}: {reason}")
        self.source = source
        self.line = line
        self.reason = reason


class PluralFormsError(ValueError):
    """A Plural-Forms expression that cannot be read."""


def compile_plural(expression: str) -> IntFn:
    """A function ``n -> form index`` from a C plural expression (as in Plural-Forms), compiled
    by the standard library's gettext (which checks the expression: nothing else is run).

    >>> f = compile_plural("n%10!=1 || n%100==11")
    >>> [f(n) for n in (1, 2, 11, 21, 111)]
    [0, 1, 1, 0, 1]
    """
    text = expression.strip().rstrip(";")
    try:
        compiled = c2py(text)
    except (ValueError, RecursionError) as error:
        raise PluralFormsError(f"cannot read plural expression {expression!r}: {error}") from None

    def plural(n: int) -> int:
        try:
            return int(compiled(n))
        except ZeroDivisionError:  # "n % 0" in a broken header: the first form
            return 0

    return plural


def parse_plural_forms(value: str) -> tuple[int, IntFn]:
    """``(nplurals, plural)`` from a Plural-Forms header value."""
    match = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$", value)
    if match is None:
        raise PluralFormsError(f"cannot read Plural-Forms {value!r}")
    nplurals = int(match.group(1))
    if nplurals < 1:
        raise PluralFormsError("nplurals must be at least 1")
    return nplurals, compile_plural(match.group(2))


@dataclass(frozen=True)
class Catalog:
    """The usable translations of one language (fuzzy and empty entries left out)."""

    language: str
    nplurals: int
    plural: IntFn
    messages: Mapping[MessageKey, tuple[str, ...]]
    headers: Mapping[str, str] = field(default_factory=dict)

    def form(self, n: int) -> int:
        index = self.plural(n)
        return min(max(0, index), self.nplurals - 1)

    def get(self, msgid: str, context: str | None = None) -> str | None:
        found = self.messages.get((context, msgid))
        return found[0] if found else None

    def get_plural(self, singular: str, n: int, context: str | None = None) -> str | None:
        found = self.messages.get((context, singular))
        if not found:
            return None
        index = self.form(n)
        return found[index] if index < len(found) else None


def empty_catalog(language: str) -> Catalog:
    """A catalog with no translations (English, or a language without a file)."""
    nplurals, plural = parse_plural_forms(PLURAL_FORMS.get(language, PLURAL_FORMS["en"]))
    return Catalog(language, nplurals, plural, {})


def parse_po(text: str, source: str = "<catalog>") -> polib.POFile:
    """A ``.po``/``.pot`` file's text read with polib; PoError naming ``source`` if it cannot be
    read (a broken entry, a message given twice)."""
    import polib

    try:
        return polib.pofile(text, encoding="utf-8", check_for_duplicates=True)
    except (OSError, ValueError) as error:
        raise PoError(source, 0, str(error)) from None


def read_catalog(path: Path, language: str) -> Catalog:
    """The usable translations of ``path`` (read with polib); PoError if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PoError(str(path), 0, str(error)) from None
    po = parse_po(text, str(path))
    nplurals, plural = parse_plural_forms(PLURAL_FORMS.get(language, PLURAL_FORMS["en"]))
    headers = dict(po.metadata)
    if "Plural-Forms" in headers:
        nplurals, plural = parse_plural_forms(headers["Plural-Forms"])
    messages: dict[MessageKey, tuple[str, ...]] = {}
    for entry in po.translated_entries():  # neither obsolete, nor fuzzy, nor empty
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        if forms and all(forms):
            messages[(entry.msgctxt, entry.msgid)] = forms
    return Catalog(language, nplurals, plural, messages, headers)
