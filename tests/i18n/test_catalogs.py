"""The catalogs: they parse, declare the right plural rule, and translate every msgid of the
template (which the extractor keeps equal to the strings the code marks) in every language,
with the same placeholders as the English."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import polib
import pytest

from game import i18n
from tests.i18n.extractor import load_extractor

ROOT = Path(__file__).resolve().parents[2]
LANGS = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
EXPECTED_NPLURALS = {"ga": 5, "ta": 2, "is": 2, "eu": 2}


def _tool() -> ModuleType:
    return load_extractor()


def _entries(path: Path) -> list[polib.POEntry]:
    """The catalog's entries (obsolete ones too), read with polib as the game reads them."""
    return list(polib.pofile(str(path)))


def _template() -> list[polib.POEntry]:
    return [e for e in _entries(i18n.template_path()) if not e.obsolete]


def _forms(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def test_the_five_languages_are_offered_by_their_own_names() -> None:
    assert i18n.available_languages() == [
        ("en", "English"),
        ("ga", "Gaeilge"),
        ("ta", "தமிழ்"),
        ("is", "Íslenska"),
        ("eu", "Euskara"),
    ]


def test_assets_are_found_next_to_the_package() -> None:
    assert i18n.assets_dir() == ROOT / "assets"
    assert i18n.template_path().is_file()
    for code in LANGS:
        assert i18n.catalog_path(code).is_file()
    for source, _dest in i18n.data_files():
        assert Path(source).is_dir()


@pytest.mark.parametrize("code", LANGS)
def test_catalog_parses_with_its_header(code: str) -> None:
    fields = polib.pofile(str(i18n.catalog_path(code))).metadata
    assert fields["Language"] == code
    assert fields["Content-Type"] == "text/plain; charset=UTF-8"
    assert fields["Plural-Forms"] == i18n.PLURAL_FORMS[code]
    catalog = i18n.load_catalog(code)
    assert catalog.nplurals == EXPECTED_NPLURALS[code]
    assert len(catalog.messages) >= 150


def test_template_is_the_code_s_strings() -> None:
    """``tools/i18n_extract.py --check``: the template and catalogs hold exactly what the code
    marks (run the tool to update them after marking new strings)."""
    assert _tool().run(ROOT, check=True, quiet=True) == 0


@pytest.mark.parametrize("code", LANGS)
def test_every_template_msgid_is_translated(code: str) -> None:
    po = {(e.msgctxt, e.msgid): e for e in _entries(i18n.catalog_path(code)) if not e.obsolete}
    nplurals = EXPECTED_NPLURALS[code]
    missing = []
    for t in _template():
        entry = po.get((t.msgctxt, t.msgid))
        if entry is None or entry.fuzzy or not all(s.strip() for s in _forms(entry)):
            missing.append(t.msgid)
            continue
        assert entry.msgid_plural == t.msgid_plural, t.msgid
        if t.msgid_plural:
            assert len(_forms(entry)) == nplurals, f"{code}: {t.msgid!r} needs {nplurals} forms"
    assert not missing, f"{code}: untranslated: {missing}"


@pytest.mark.parametrize("code", LANGS)
def test_placeholders_match_the_english(code: str) -> None:
    for entry in _entries(i18n.catalog_path(code)):
        if entry.obsolete or not entry.translated():
            continue
        wanted = set(PLACEHOLDER.findall(entry.msgid))
        if entry.msgid_plural:
            wanted |= set(PLACEHOLDER.findall(entry.msgid_plural))
        for form in _forms(entry):
            assert set(PLACEHOLDER.findall(form)) == wanted, (code, entry.msgid, form)
            # and it formats: no stray or unbalanced braces
            form.format(**{name: "X" for name in wanted})


@pytest.mark.parametrize("code", LANGS)
def test_no_translation_is_left_in_english_by_mistake(code: str) -> None:
    """A few words may be the same in English (names, "Pass"); long ones never are."""
    catalog = i18n.load_catalog(code)
    same = [
        key[1]
        for key, forms in catalog.messages.items()
        if forms[0] == key[1] and len(key[1].split()) > 1 and "{" not in key[1][:2]
    ]
    assert not [s for s in same if s not in ("{first}, {next}",)], same


# Latin words a Tamil string keeps as spelled: the name of a file format and the keys inside
# the saved-game file, which a reader must be able to find there.
FILE_LITERALS = re.compile(r'\bJSON\b|"meta"|"record"')


def test_tamil_catalog_is_in_tamil_script() -> None:
    catalog = i18n.load_catalog("ta")
    for (_ctx, msgid), forms in catalog.messages.items():
        text = FILE_LITERALS.sub("", "".join(forms))
        letters = re.sub(r"\{[a-z_]+\}|[^\w]|\d", "", text)
        if not letters:
            continue  # e.g. "{first}, {next}"
        tamil = sum(1 for ch in letters if "\u0b80" <= ch <= "\u0bff")
        assert tamil / len(letters) > 0.9, (msgid, forms)
