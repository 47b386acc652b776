"""tools/i18n_extract.py: reading marked strings from code, writing and merging catalogs (with
Babel); the catalogs it writes are read back here with polib, as the game reads them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import ModuleType

import polib
import pytest

from game import i18n
from tests.i18n.extractor import load_extractor

ROOT = Path(__file__).resolve().parents[2]

Key = tuple[str | None, str]


def _read(path: Path) -> dict[Key, polib.POEntry]:
    """Every entry of a catalog (obsolete ones too) by (context, msgid), the header left out."""
    po = polib.pofile(str(path))
    return {(e.msgctxt, e.msgid): e for e in po}


def _forms(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_extractor()


CODE = """
from game import i18n
from game.i18n import _, N_, ngettext, pgettext

LABELS = {"a": N_("Quick play")}

def draw(n, who):
    # Translators: shown on the button
    button = _("Draw")
    tiles = ngettext("{n} tile", "{n} tiles", n).format(n=n)
    kind = pgettext("opponent", "Normal")
    other = i18n._("Done")
    dynamic = _(who)  # not a literal: reported, skipped
    return _("Draw"), other
"""


def test_extract_reads_every_kind_of_call(tool: ModuleType) -> None:
    messages, warnings = tool.extract_source(CODE, "game/x.py")
    keys = [(m.context, m.msgid, m.plural) for m in messages]
    assert keys == [
        (None, "Quick play", None),
        (None, "Draw", None),
        (None, "{n} tile", "{n} tiles"),
        ("opponent", "Normal", None),
        (None, "Done", None),
        (None, "Draw", None),
    ]
    draw = messages[1]
    assert draw.references == ["game/x.py:9"]
    assert draw.notes == ["Translators: shown on the button"]
    assert len(warnings) == 1 and "game/x.py:13" in warnings[0]


def test_collect_merges_repeats_and_refuses_plural_clashes(
    tool: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "a.py").write_text(CODE, encoding="utf-8")
    (tmp_path / "game" / "b.py").write_text('_("Draw")\n', encoding="utf-8")
    messages, _warnings = tool.collect(tool.python_files(tmp_path), tmp_path)
    draw = next(m for m in messages if m.msgid == "Draw")
    assert draw.references == ["game/a.py:9", "game/a.py:14", "game/b.py:1"]
    (tmp_path / "game" / "c.py").write_text('ngettext("Draw", "Draws", 2)\n', encoding="utf-8")
    with pytest.raises(tool.ExtractError, match="plural"):
        tool.collect(tool.python_files(tmp_path), tmp_path)


def _write_po(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_run_writes_template_and_merges_keeping_translations(
    tool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "a.py").write_text(CODE, encoding="utf-8")
    po = tmp_path / "assets/locale/ga/LC_MESSAGES/mexican_train.po"
    _write_po(
        po,
        'msgid ""\nmsgstr "Language: ga\\n"\n\n'
        '# kept note\nmsgid "Draw"\nmsgstr "Tarraing"\n\n'
        'msgid "Old words"\nmsgstr "Seanfhocail"\n\n'
        'msgid "Never done"\nmsgstr ""\n',
    )
    assert tool.run(tmp_path, check=True, quiet=True) == 1  # stale before the run
    assert tool.run(tmp_path, quiet=True) == 0
    capsys.readouterr()
    # Up to date after it: what --check still finds is the entries waiting for a translation.
    assert tool.run(tmp_path, check=True, quiet=True) == 1
    said = capsys.readouterr().err
    assert "out of date" not in said and "ga: 4 without a translation" in said
    pot = polib.pofile(str(tmp_path / "assets/locale/mexican_train.pot"))
    assert [e.msgid for e in pot] == ["Quick play", "Draw", "{n} tile", "Normal", "Done"]
    assert "python-brace-format" in pot[2].flags
    merged = _read(po)
    assert _forms(merged[(None, "Draw")]) == ["Tarraing"]
    assert merged[(None, "Draw")].tcomment == "kept note"
    assert merged[(None, "Draw")].comment == "Translators: shown on the button"
    assert _forms(merged[(None, "{n} tile")]) == [""] * 5  # Irish: five forms to fill
    old = merged[(None, "Old words")]
    assert old.obsolete and old.msgstr == "Seanfhocail"
    assert (None, "Never done") not in merged  # nothing to keep
    header = polib.pofile(str(po)).metadata
    assert header["Plural-Forms"] == i18n.PLURAL_FORMS["ga"]
    assert header["Language"] == "ga"
    # every other language got a catalog too
    for code in ("ta", "is", "eu"):
        assert (tmp_path / f"assets/locale/{code}/LC_MESSAGES/mexican_train.po").is_file()


def _catalogs(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): path.read_text("utf-8")
        for path in sorted((root / "assets" / "locale").rglob("*.po*"))
    }


def _references(root: Path, msgid: str) -> list[str]:
    pot = polib.pofile(str(root / "assets/locale/mexican_train.pot"))
    return next([f"{f}:{line}" for f, line in e.occurrences] for e in pot if e.msgid == msgid)


def test_moving_code_within_a_file_changes_no_catalog(tool: ModuleType, tmp_path: Path) -> None:
    """A run on a clean checkout writes nothing: a message still in the same files keeps the
    lines the catalogs give; a new one gets its own line; --renumber brings every line up."""
    (tmp_path / "game").mkdir()
    source = tmp_path / "game" / "a.py"
    source.write_text(CODE, encoding="utf-8")
    tool.run(tmp_path, quiet=True)
    written = _catalogs(tmp_path)
    assert _references(tmp_path, "Draw") == ["game/a.py:9", "game/a.py:14"]
    source.write_text("\n\n\n" + CODE + '_("Sort")\n', encoding="utf-8")
    tool.run(tmp_path, quiet=True)
    assert _references(tmp_path, "Draw") == ["game/a.py:9", "game/a.py:14"]  # kept
    assert _references(tmp_path, "Sort") == [f"game/a.py:{len(CODE.splitlines()) + 4}"]
    source.write_text("\n\n\n" + CODE, encoding="utf-8")  # as it was, three lines down
    tool.run(tmp_path, quiet=True)
    assert _catalogs(tmp_path) == written
    (tmp_path / "game" / "b.py").write_text('_("Draw")\n', encoding="utf-8")  # a new file
    tool.run(tmp_path, quiet=True)
    assert _references(tmp_path, "Draw") == ["game/a.py:12", "game/a.py:17", "game/b.py:1"]
    assert tool.main(["--root", str(tmp_path), "--quiet", "--renumber"]) == 0
    assert _references(tmp_path, "Quick play") == ["game/a.py:8"]


def test_a_string_that_comes_back_gets_its_translation_back(
    tool: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "game").mkdir()
    source = tmp_path / "game" / "a.py"
    source.write_text('_("Draw")\n_("Sort")\n', encoding="utf-8")
    tool.run(tmp_path, quiet=True)
    po = tmp_path / "assets/locale/is/LC_MESSAGES/mexican_train.po"
    catalog = polib.pofile(str(po))
    catalog.find("Sort").msgstr = "Raða"
    catalog.save()
    source.write_text('_("Draw")\n', encoding="utf-8")
    tool.run(tmp_path, quiet=True)
    gone = _read(po)[(None, "Sort")]
    assert gone.obsolete
    source.write_text('_("Draw")\n_("Sort")\n', encoding="utf-8")
    tool.run(tmp_path, quiet=True)
    back = _read(po)[(None, "Sort")]
    assert not back.obsolete and back.msgstr == "Raða"
    assert po.read_text("utf-8").count('"Sort"') == 1  # no obsolete copy left behind


def test_changed_plural_marks_the_translation_fuzzy(tool: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    source = tmp_path / "game" / "a.py"
    source.write_text('ngettext("{n} tile", "{n} tiles", n)\n', encoding="utf-8")
    po = tmp_path / "assets/locale/eu/LC_MESSAGES/mexican_train.po"
    _write_po(
        po,
        'msgid ""\nmsgstr ""\n\nmsgid "{n} tile"\nmsgid_plural "{n} tyles"\n'
        'msgstr[0] "{n} fitxa"\nmsgstr[1] "{n} fitxa"\n',
    )
    tool.run(tmp_path, quiet=True)
    entry = _read(po)[(None, "{n} tile")]
    assert entry.fuzzy and _forms(entry) == ["{n} fitxa", "{n} fitxa"]
    assert entry.msgid_plural == "{n} tiles"
    assert i18n.read_catalog(po, "eu").get_plural("{n} tile", 2) is None  # not used


def test_written_catalogs_read_back_the_same(tool: ModuleType) -> None:
    for code in ("ga", "ta", "is", "eu"):
        path = i18n.catalog_path(code)
        text = path.read_text("utf-8")
        assert tool.format_po(tool.read_catalog(path, code)) == text


def test_a_run_on_a_clean_checkout_changes_nothing(tool: ModuleType, tmp_path: Path) -> None:
    """The extractor run on this repository's code and catalogs writes the same bytes: no
    dates, no tool version, references kept, the same order."""
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "levels", tmp_path / "levels")
    shutil.copytree(ROOT / "assets" / "locale", tmp_path / "assets" / "locale")
    assert tool.main(["--root", str(tmp_path), "--quiet"]) == 0
    before = _catalogs(ROOT)
    assert _catalogs(tmp_path) == before and len(before) == 5
    assert not any("Creation-Date" in text or "Generated-By" in text for text in before.values())


def test_translations_file_fills_only_empty_entries(tool: ModuleType, tmp_path: Path) -> None:
    """``--translations FILE.json`` fills empty msgstr entries (plural and with context too),
    keeps translations that have words, and refuses bad placeholders or wrong form counts."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "a.py").write_text(
        "from game.i18n import _, ngettext, pgettext\n"
        '_("Draw")\n_("Sort")\n_("Hello {name}")\n_("Bad one {n}")\n'
        'ngettext("{n} tile", "{n} tiles", n)\npgettext("opponent", "Normal")\n',
        encoding="utf-8",
    )
    ga = tmp_path / "assets/locale/ga/LC_MESSAGES/mexican_train.po"
    _write_po(ga, 'msgid ""\nmsgstr "Language: ga\\n"\n\nmsgid "Draw"\nmsgstr "Tarraing"\n')
    pending = tmp_path / "pending.json"
    pending.write_text(
        json.dumps(
            {
                "Draw": {"ga": "NOT USED", "is": "Draga"},
                "Sort": {"ga": "Sórtáil", "ta": "வரிசைப்படுத்து", "is": "Raða", "eu": "Ordenatu"},
                "Hello {name}": {"ga": "Dia duit, {name}", "is": "Halló {nafn}"},
                "Bad one {n}": {"ga": ["a", "b"]},
                "{n} tile": {
                    "plural": "{n} tiles",
                    "ga": [
                        "{n} dúradán",
                        "{n} dhúradán",
                        "{n} dhúradán",
                        "{n} ndúradán",
                        "{n} dúradán",
                    ],
                    "is": ["{n} kubbur"],
                    "eu": ["fitxa {n}", "{n} fitxa"],
                },
                "Normal": {"context": "opponent", "ga": "Gnáthleibhéal"},
                "Gone": {"ga": "Imithe"},
            },
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    assert tool.main(["--root", str(tmp_path), "--quiet", "--translations", str(pending)]) == 0

    def catalog(code: str) -> dict[Key, list[str]]:
        path = tmp_path / f"assets/locale/{code}/LC_MESSAGES/mexican_train.po"
        return {key: _forms(entry) for key, entry in _read(path).items()}

    ga_po, is_po, eu_po = catalog("ga"), catalog("is"), catalog("eu")
    assert ga_po[(None, "Draw")] == ["Tarraing"]  # had words: kept
    assert is_po[(None, "Draw")] == ["Draga"]  # was empty: filled
    assert ga_po[(None, "Sort")] == ["Sórtáil"]
    assert catalog("ta")[(None, "Sort")] == ["வரிசைப்படுத்து"]
    assert ga_po[(None, "Hello {name}")] == ["Dia duit, {name}"]
    assert is_po[(None, "Hello {name}")] == [""]  # {nafn} is not {name}: refused
    assert ga_po[(None, "Bad one {n}")] == [""]  # a list for a singular: refused
    assert ga_po[(None, "{n} tile")][3] == "{n} ndúradán"
    assert is_po[(None, "{n} tile")] == ["", ""]  # one form where two are needed
    assert eu_po[(None, "{n} tile")] == ["fitxa {n}", "{n} fitxa"]
    assert ga_po[("opponent", "Normal")] == ["Gnáthleibhéal"]
    assert (None, "Gone") not in ga_po
    # a second run changes nothing: the catalogs are up to date
    written = _catalogs(tmp_path)
    assert tool.run(tmp_path, quiet=True, translations=[pending]) == 0
    assert _catalogs(tmp_path) == written


def test_translations_file_must_be_an_object(tool: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert tool.main(["--root", str(tmp_path), "--quiet", "--translations", str(bad)]) == 2
