"""The .po reader and the Plural-Forms compiler."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n

SAMPLE = r"""# A translator's note
msgid ""
msgstr ""
"Language: ga\n"
"Plural-Forms: nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :"
"(n>6 && n<11) ? 3 : 4;\n"

#. from the code
#: game/a.py:1 game/b.py:2
#, python-brace-format
msgid "Round {n} of {total}"
msgstr "Babhta {n} as {total}"

msgctxt "opponent"
msgid "Normal"
msgstr "Gnáth"

msgid ""
"Two lines:\n"
"a \"quote\" and a tab\t"
msgstr "Dhá líne:\nluachan \"x\" agus cluaisín\t\\"

msgid "{n} tile"
msgid_plural "{n} tiles"
msgstr[0] "{n} dúradán"
msgstr[1] "{n} dhúradán"
msgstr[2] "{n} dhúradán"
msgstr[3] "{n} ndúradán"
msgstr[4] "{n} dúradán"

#~ msgid "Gone"
#~ msgstr "Imithe"
"""


def test_parse_a_catalog() -> None:
    entries = i18n.parse_po(SAMPLE, "sample.po")
    header, rounds, normal, two, tiles, gone = entries
    assert header.comments == ["A translator's note"]
    fields = i18n.parse_header(header.msgstr[0])
    assert fields["Language"] == "ga"
    assert fields["Plural-Forms"].startswith("nplurals=5;")
    assert rounds.references == ["game/a.py:1", "game/b.py:2"]
    assert rounds.extracted == ["from the code"]
    assert rounds.flags == ["python-brace-format"]
    assert normal.key == ("opponent", "Normal")
    assert two.msgid == 'Two lines:\na "quote" and a tab\t'
    assert two.msgstr == ['Dhá líne:\nluachan "x" agus cluaisín\t\\']
    assert tiles.msgid_plural == "{n} tiles" and len(tiles.msgstr) == 5
    assert gone.obsolete and gone.msgstr == ["Imithe"]
    catalog = i18n.catalog_from_entries("ga", entries)
    assert catalog.nplurals == 5
    assert catalog.get("Gone") is None  # obsolete entries are not used
    assert catalog.get_plural("{n} tile", 8) == "{n} ndúradán"
    assert catalog.get("Normal", "opponent") == "Gnáth" and catalog.get("Normal") is None


def test_the_game_reads_a_catalog_as_the_extractor_does(tmp_path: Path) -> None:
    """The game reads catalogs with polib; the extractor with this module's reader: the same
    usable messages, header and plural forms either way."""
    path = tmp_path / "sample.po"
    path.write_text(SAMPLE, encoding="utf-8")
    game = i18n.read_catalog(path, "ga")
    extractor = i18n.catalog_from_entries("ga", i18n.parse_po(SAMPLE, "sample.po"))
    assert game.messages == extractor.messages
    assert game.headers["Language"] == extractor.headers["Language"] == "ga"
    assert game.get("Gone") is None  # obsolete
    assert game.get_plural("{n} tile", 8) == "{n} ndúradán"
    assert game.get("Normal", "opponent") == "Gnáth" and game.get("Normal") is None


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.DEFAULT])
def test_every_catalog_reads_the_same_both_ways(code: str) -> None:
    path = i18n.catalog_path(code)
    game = i18n.read_catalog(path, code)
    extractor = i18n.catalog_from_entries(code, i18n.parse_po(path.read_text("utf-8"), str(path)))
    assert game.messages == extractor.messages and len(game.messages) > 150
    assert game.nplurals == extractor.nplurals
    assert [game.form(n) for n in range(300)] == [extractor.form(n) for n in range(300)]


def test_a_catalog_the_game_cannot_read_says_which(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', encoding="utf-8")
    with pytest.raises(i18n.PoError) as caught:
        i18n.read_catalog(path, "ga")
    assert str(caught.value).startswith(str(path))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('msgid "a"\n', "msgid without msgstr"),
        ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', "msgstr twice"),
        ('msgid "a\nmsgstr "b"\n', "expected a quoted string"),
        ('msgid "a" "b"\nmsgstr ""\n', "unescaped quote"),
        ('"orphan"\n', "continues nothing"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr "x"\n', "msgid_plural without msgstr[n]"),
        ('msgid "a"\nmsgstr "x"\nmsgstr[0] "y"\n', "both msgstr and msgstr[n]"),
        ('msgid "a"\nmsgstr[0] "y"\n', "msgstr[n] without msgid_plural"),
        ('msgid "a"\nmsgid_plural "as"\nmsgstr[1] "x"\n', "not 0, 1, 2"),
        ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', "duplicate message"),
        ("bogus line\n", "cannot read"),
        ('msgid "\\q"\nmsgstr ""\n', "unknown escape"),
    ],
)
def test_broken_catalogs_say_where(text: str, reason: str) -> None:
    with pytest.raises(i18n.PoError) as caught:
        i18n.parse_po(text, "bad.po")
    assert reason in str(caught.value)
    assert str(caught.value).startswith("bad.po:")


def test_escape_round_trips() -> None:
    for text in ["plain", 'a "b"', "tab\tline\nback\\slash", "ünïcødé தமிழ்"]:
        assert i18n.unescape(i18n.escape(text)) == text
    assert i18n.unescape(r"\101\x42\a") == "AB\a"


@pytest.mark.parametrize(
    ("expression", "values"),
    [
        ("n != 1", {0: 1, 1: 0, 2: 1}),
        ("0", {0: 0, 5: 0}),
        ("n%10!=1 || n%100==11", {1: 0, 11: 1, 21: 0, 111: 1, 12: 1}),
        (
            "n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4",
            {1: 0, 2: 1, 5: 2, 9: 3, 11: 4, 0: 4},
        ),
        (  # Polish, for precedence of ?: && || and comparisons
            "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
            {1: 0, 3: 1, 13: 2, 22: 1, 25: 2},
        ),
        ("!(n == 1)", {1: 0, 3: 1}),
        ("n/10 - 1", {25: 1}),
        ("n % 0", {7: 0}),
    ],
)
def test_plural_expressions(expression: str, values: dict[int, int]) -> None:
    plural = i18n.compile_plural(expression)
    assert {n: plural(n) for n in values} == values


@pytest.mark.parametrize(
    "bad", ["", "n ==", "n ? 1", "(n", "n $ 2", "n 1", "import os", "n - -1", "n.real"]
)
def test_bad_plural_expressions_are_refused(bad: str) -> None:
    with pytest.raises(i18n.PluralFormsError):
        i18n.compile_plural(bad)


def test_plural_forms_header() -> None:
    n, plural = i18n.parse_plural_forms(i18n.PLURAL_FORMS["ga"])
    assert n == 5 and plural(8) == 3
    with pytest.raises(i18n.PluralFormsError):
        i18n.parse_plural_forms("plural=n;")
