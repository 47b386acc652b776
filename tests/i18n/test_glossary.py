"""The glossary (assets/locale/README.md, "Glossary"): one word per concept in each language.

Each concept is a table there: the ``en`` row's pattern picks out the msgids whose English names
the concept, and each language's row holds the pattern (a stem, so mutations and case endings
pass) that every translation of those msgids must match, in every plural form. "Kept apart
from" names concepts whose words must not appear there (drag never says draw). The strings
that rightly say a concept another way are the glossary's own list of exceptions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import polib
import pytest

from game import i18n

README = i18n.assets_dir() / "locale" / "README.md"
LANGS = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
CELL = re.compile(r"(?<!\\)\|")  # a table's column border; "\|" is a "|" inside a cell
CODE = re.compile(r"`([^`]+)`")

Forms = Mapping[tuple[str | None, str], Sequence[str]]


@dataclass(frozen=True)
class Concept:
    name: str
    english: re.Pattern[str]
    words: Mapping[str, re.Pattern[str]]  # language code -> what its translations must hold
    apart: tuple[str, ...]  # concepts whose words must not appear in these translations


@dataclass(frozen=True)
class Exception_:
    concept: str
    code: str
    start: str  # the msgid's start
    why: str


def _cells(line: str) -> list[str]:
    return [cell.strip().replace("\\|", "|") for cell in CELL.split(line.strip())[1:-1]]


def _rows(block: str) -> list[list[str]]:
    """A block's table rows, without the heading row and the --- row under it."""
    rows = [_cells(line) for line in block.splitlines() if line.lstrip().startswith("|")]
    return [row for row in rows[1:] if not all(set(c) <= set("-: ") for c in row)]


def _pattern(cell: str, where: str) -> re.Pattern[str]:
    found = CODE.search(cell)
    assert found, f"{where}: no `pattern` in {cell!r}"
    return re.compile(found.group(1), re.IGNORECASE)


def parse_glossary(text: str) -> tuple[list[Concept], list[Exception_]]:
    """The concepts and the exceptions of a README's Glossary section."""
    section = text.split("\n## Glossary\n", 1)[1].split("\n## ", 1)[0]
    concepts: list[Concept] = []
    exceptions: list[Exception_] = []
    for block in section.split("\n### ")[1:]:
        name, _, body = block.partition("\n")
        name = name.strip()
        if name == "Exceptions":
            for concept, code, msgid, why in _rows(body):
                exceptions.append(Exception_(concept, code, CODE.sub(r"\1", msgid), why))
            continue
        patterns = {row[0]: _pattern(row[2], f"{name}, {row[0]}") for row in _rows(body)}
        apart = re.search(r"^Kept apart from: (.+)$", body, re.MULTILINE)
        concepts.append(
            Concept(
                name=re.sub(r"\s*\(.*\)$", "", name),
                english=patterns.pop("en"),
                words=patterns,
                apart=tuple(a.strip() for a in apart.group(1).split(",")) if apart else (),
            )
        )
    return concepts, exceptions


@functools.cache
def glossary() -> tuple[list[Concept], list[Exception_]]:
    return parse_glossary(README.read_text(encoding="utf-8"))


@functools.cache
def english() -> dict[tuple[str | None, str], str]:
    """Each msgid's English (singular and plural), its placeholders left out."""
    template = polib.pofile(str(i18n.template_path()))
    return {
        (e.msgctxt, e.msgid): PLACEHOLDER.sub(" ", f"{e.msgid}\n{e.msgid_plural or ''}")
        for e in template
        if not e.obsolete
    }


def translations(code: str) -> Forms:
    return i18n.load_catalog(code).messages


def misses(concept: Concept, code: str, forms: Forms) -> list[tuple[str, str]]:
    """(msgid, translation) for each string whose English names ``concept`` and whose
    translation in ``code`` does not say the agreed word, or says a word kept apart from it."""
    by_name = {c.name: c for c in glossary()[0]}
    wanted = concept.words[code]
    banned = [by_name[name].words[code] for name in concept.apart]
    found = []
    for key, text in english().items():
        if not concept.english.search(text):
            continue
        for form in forms.get(key, ()):
            if not wanted.search(form) or any(b.search(form) for b in banned):
                found.append((key[1], form))
                break
    return found


def _excepted(concept: Concept, code: str, msgid: str) -> bool:
    return any(
        x.concept == concept.name and x.code == code and msgid.startswith(x.start)
        for x in glossary()[1]
    )


def test_every_concept_has_a_word_in_every_language() -> None:
    concepts, _ = glossary()
    names = [c.name for c in concepts]
    assert len(concepts) >= 15 and len(set(names)) == len(names), names
    for concept in concepts:
        assert sorted(concept.words) == sorted(LANGS), concept.name
        named = [text for text in english().values() if concept.english.search(text)]
        assert named, f"{concept.name}: its English pattern names no msgid"
        assert set(concept.apart) <= set(names), concept.apart


@pytest.mark.parametrize("code", LANGS)
def test_each_concept_is_one_word(code: str) -> None:
    forms = translations(code)
    wrong = [
        f"{concept.name}: {msgid!r} -> {form!r}"
        for concept in glossary()[0]
        for msgid, form in misses(concept, code, forms)
        if not _excepted(concept, code, msgid)
    ]
    assert not wrong, f"{code}: not the glossary's word:\n" + "\n".join(wrong)


def test_every_exception_is_still_needed() -> None:
    concepts, exceptions = glossary()
    by_name = {c.name: c for c in concepts}
    for x in exceptions:
        assert x.why, x
        assert x.concept in by_name and x.code in LANGS, x
        named = [
            msgid
            for (_ctx, msgid), text in english().items()
            if msgid.startswith(x.start) and by_name[x.concept].english.search(text)
        ]
        assert len(named) == 1, f"{x}: names {named}"
        missed = [m for m, _form in misses(by_name[x.concept], x.code, translations(x.code))]
        assert named[0] in missed, f"{x}: the translation says the word now; drop the exception"


def test_a_planted_wrong_word_is_caught() -> None:
    """The check can fail: Irish "Draw" written as drag's word is reported, and so is the
    lesson's "Drag 9|2" where it says drag's word but draw's as well (kept apart)."""
    by_name = {c.name: c for c in glossary()[0]}
    forms = dict(translations("ga"))
    assert not misses(by_name["draw"], "ga", forms)
    assert not misses(by_name["drag"], "ga", forms)
    forms[(None, "Draw")] = ("Bog",)
    lesson = next(key for key in forms if key[1].endswith("Drag 9|2 onto your train."))
    forms[lesson] = ("Bog 9|2 go dtí do thraein, nó tarraing é.",)
    assert misses(by_name["draw"], "ga", forms) == [("Draw", "Bog")]
    assert [m for m, _ in misses(by_name["drag"], "ga", forms)] == [lesson[1]]
