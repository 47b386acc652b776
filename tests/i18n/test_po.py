"""The game's catalog reader (polib) against the extractor's (Babel), and the Plural-Forms
compiler."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

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


def babel_messages(text: str) -> dict[i18n.MessageKey, tuple[str, ...]]:
    """The messages the game may use, as Babel (the extractor's reader) reads them: neither
    obsolete, nor fuzzy, nor with an empty form."""
    out: dict[i18n.MessageKey, tuple[str, ...]] = {}
    for message in read_po(io.BytesIO(text.encode("utf-8")), abort_invalid=True):
        if not message.id or message.fuzzy:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        if all(forms):
            out[(message.context, msgid)] = forms
    return out


def test_the_game_reads_a_catalog_as_the_extractor_does(tmp_path: Path) -> None:
    """The game reads catalogs with polib, the extractor with Babel: the same usable messages
    either way, escapes, contexts and plural forms included; obsolete entries are not used."""
    path = tmp_path / "sample.po"
    path.write_text(SAMPLE, encoding="utf-8")
    game = i18n.read_catalog(path, "ga")
    assert game.messages == babel_messages(SAMPLE)
    assert game.headers["Language"] == "ga" and game.nplurals == 5
    assert game.get("Gone") is None  # obsolete
    assert game.get_plural("{n} tile", 8) == "{n} ndúradán"
    assert game.get("Normal", "opponent") == "Gnáth" and game.get("Normal") is None
    two = game.get('Two lines:\na "quote" and a tab\t')
    assert two == 'Dhá líne:\nluachan "x" agus cluaisín\t\\'


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.DEFAULT])
def test_every_catalog_reads_the_same_both_ways(code: str) -> None:
    path = i18n.catalog_path(code)
    game = i18n.read_catalog(path, code)
    assert game.messages == babel_messages(path.read_text("utf-8"))
    assert len(game.messages) > 150


def test_a_catalog_the_game_cannot_read_says_which(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_text('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', encoding="utf-8")
    with pytest.raises(i18n.PoError) as caught:
        i18n.read_catalog(path, "ga")
    assert str(caught.value).startswith(str(path))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', "line 3"),
        ('msgid "a" "b"\nmsgstr ""\n', "unescaped double quote"),
        ('"orphan"\n', "line 1"),
        ('msgid "a"\nmsgstr "x"\nmsgstr[0] "y"\n', "line 3"),
        ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', "already exists"),
        ("bogus line\n", "line 1"),
    ],
)
def test_broken_catalogs_say_where(text: str, reason: str) -> None:
    """What the self-test checks in every bundled catalog: it reads, or says where not."""
    with pytest.raises(i18n.PoError) as caught:
        i18n.parse_po(text, "bad.po")
    assert reason in str(caught.value)
    assert str(caught.value).startswith("bad.po:")


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
