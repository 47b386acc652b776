"""The translation API: choosing a language, looking strings up, plurals, fallbacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.i18n import N_, _, ngettext, npgettext, pgettext
from game.rules import GameState, Reason, Rules


def test_english_is_the_source_text() -> None:
    assert i18n.current_language() == "en"
    assert _("Quick play") == "Quick play"
    assert ngettext("{n} tile", "{n} tiles", 1) == "{n} tile"
    assert ngettext("{n} tile", "{n} tiles", 0) == "{n} tiles"
    assert pgettext("opponent", "Normal") == "Normal"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("ga", "Cluiche tapa"),
        ("ta", "விரைவு ஆட்டம்"),
        ("is", "Hraðleikur"),
        ("eu", "Partida azkarra"),
    ],
)
def test_set_language_translates(code: str, expected: str) -> None:
    assert i18n.set_language(code) == code
    assert i18n.current_language() == code
    assert _("Quick play") == expected
    assert i18n.gettext("Quick play") == expected
    assert i18n.translate("Quick play") == expected


def test_codes_with_region_and_encoding_are_understood() -> None:
    assert i18n.set_language("ga_IE.UTF-8") == "ga"
    assert i18n.set_language("IS-is") == "is"
    assert i18n.set_language("eu_ES@euro") == "eu"


def test_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("ga") == "ga"
    assert i18n.set_language("fr") == "en"
    assert i18n.current_language() == "en"
    assert _("Quick play") == "Quick play"
    assert i18n.script_for() == "Latn"


def test_missing_translation_gives_the_english() -> None:
    i18n.set_language("is")
    assert _("A sentence nobody translated") == "A sentence nobody translated"
    assert ngettext("{n} ghost", "{n} ghosts", 1) == "{n} ghost"
    assert ngettext("{n} ghost", "{n} ghosts", 3) == "{n} ghosts"
    assert pgettext("nowhere", "Quick play") == "Quick play"  # context is part of the key


def test_fuzzy_and_empty_entries_are_not_used(tmp_path: Path) -> None:
    text = """
msgid ""
msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#, fuzzy
msgid "Draw"
msgstr "Guess"

msgid "Done"
msgstr ""

msgid "Sort"
msgstr "Raða"
"""
    path = tmp_path / "is.po"
    path.write_text(text, encoding="utf-8")
    catalog = i18n.read_catalog(path, "is")
    assert catalog.get("Draw") is None
    assert catalog.get("Done") is None
    assert catalog.get("Sort") == "Raða"


def test_contexts_keep_same_english_apart() -> None:
    i18n.set_language("is")
    assert pgettext("opponent", "Normal") == "Venjulegur"  # a player (masculine)
    assert _("Normal") == "Venjulegt"  # a pace
    assert pgettext("hub", "Station") == "Stöð"
    i18n.set_language("ga")
    assert pgettext("bubble", "Pass") != "Pass"


def test_n_marks_without_translating() -> None:
    i18n.set_language("eu")
    label = N_("Quick play")
    assert label == "Quick play"
    assert i18n.translate(label) == "Partida azkarra"


@pytest.mark.parametrize(
    ("code", "counts", "expected"),
    [
        ("ga", [1, 2, 3, 6, 7, 10, 11, 20, 0], [0, 1, 2, 2, 3, 3, 4, 4, 4]),
        ("is", [1, 2, 11, 21, 31, 101, 111, 0, 5], [0, 1, 1, 0, 0, 0, 1, 1, 1]),
        ("ta", [1, 0, 2, 21], [0, 1, 1, 1]),
        ("eu", [1, 0, 2, 21], [0, 1, 1, 1]),
        ("en", [1, 0, 2], [0, 1, 1]),
    ],
)
def test_plural_rule_per_language(code: str, counts: list[int], expected: list[int]) -> None:
    catalog = i18n.load_catalog(code)
    assert [catalog.form(n) for n in counts] == expected


def test_irish_plurals_use_all_five_forms() -> None:
    i18n.set_language("ga")
    got = [ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 2, 4, 8, 12)]
    assert got == ["1 dúradán", "2 dhúradán", "4 dhúradán", "8 ndúradán", "12 dúradán"]


def test_icelandic_plural_follows_the_last_digit() -> None:
    i18n.set_language("is")
    got = [ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 11, 21, 22)]
    assert got == ["1 kubbur", "11 kubbar", "21 kubbur", "22 kubbar"]


def test_npgettext_falls_back_by_count() -> None:
    assert npgettext("x", "{n} cat", "{n} cats", 1) == "{n} cat"
    assert npgettext("x", "{n} cat", "{n} cats", 2) == "{n} cats"


def test_system_language_reads_the_environment() -> None:
    assert i18n.system_language({"LANG": "ga_IE.UTF-8"}) == "ga"
    assert i18n.system_language({"LC_ALL": "is_IS.UTF-8", "LANG": "en_GB.UTF-8"}) == "is"
    assert i18n.system_language({"LANGUAGE": "fr:ta", "LANG": "fr_FR.UTF-8"}) == "ta"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"


def test_empty_code_means_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "eu_ES.UTF-8")
    assert i18n.set_language(None) == "eu"
    assert i18n.set_language("") == "eu"


def test_script_for_picks_tamil_only_for_tamil() -> None:
    assert i18n.script_for("ta") == "Taml"
    assert [i18n.script_for(c) for c in ("en", "ga", "is", "eu")] == ["Latn"] * 4
    i18n.set_language("ta")
    assert i18n.script_for() == "Taml"


def test_listeners_hear_a_change_of_language() -> None:
    heard: list[str] = []
    i18n.add_listener(heard.append)
    try:
        i18n.set_language("ga")
        i18n.set_language("ga")  # no change, no call
        i18n.set_language("en")
    finally:
        i18n.remove_listener(heard.append)
    assert heard == ["ga", "en"]


def test_reason_messages_are_the_rules_own_words() -> None:
    """The catalog's msgids for refusals must stay equal to game.rules' Reason values."""
    assert set(i18n.reason_messages()) == set(Reason)
    for reason, msgid in i18n.reason_messages().items():
        assert msgid == reason.value


@pytest.mark.parametrize("code", ["ga", "ta", "is", "eu"])
def test_every_refusal_is_translated(code: str) -> None:
    i18n.set_language(code)
    for reason in Reason:
        text = i18n.reason_text(reason, train="T")
        assert text and text != reason.value
        assert "{" not in text
    assert "T" in i18n.reason_text(Reason.MUST_SATISFY, train="T")


def test_refusal_from_the_rules_translates_with_its_train() -> None:
    state = GameState.new(Rules.standard(), 3, 5, ["You", "Ana", "Bo"])
    state.start_round()
    label = i18n.train_label(1, state.players, state.names, viewer=0)
    assert label == "Ana's train" == state.train_label(1, viewer=0)
    assert i18n.train_label(3, 3, state.names, 0) == state.train_label(3, 0)
    assert i18n.train_label(0, 3, state.names, 0) == state.train_label(0, 0)
    i18n.set_language("ga")
    text = i18n.reason_text(Reason.MUST_SATISFY, train=i18n.train_label(1, 3, state.names, 0))
    assert text == "caithfidh tú an dúbailt oscailte ar thraein Ana a shásamh"


def test_too_many_open_doubles_counts() -> None:
    assert i18n.reason_text(Reason.TOO_MANY_OPEN_DOUBLES) == "that would leave two doubles open"
    assert i18n.reason_text(Reason.TOO_MANY_OPEN_DOUBLES, open_doubles=3) == (
        "that would leave 3 doubles open"
    )
    i18n.set_language("ga")
    assert "7 ndúbailt" in i18n.reason_text(Reason.TOO_MANY_OPEN_DOUBLES, open_doubles=7)


def test_join_names() -> None:
    assert i18n.join_names([]) == ""
    assert i18n.join_names(["Ana"]) == "Ana"
    assert i18n.join_names(["Ana", "Bo"]) == "Ana and Bo"
    assert i18n.join_names(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy"
    i18n.set_language("eu")
    assert i18n.join_names(["Ana", "Bo", "Cy"]) == "Ana, Bo eta Cy"
    i18n.set_language("ta")
    assert i18n.join_names(["Ana", "Bo"]) == "Ana மற்றும் Bo"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_seeded_strings_all_resolve(code: str) -> None:
    i18n.set_language(code)
    strings = i18n.seeded_strings()
    assert len(strings) >= 150 and all(strings)
    if code != "en":
        i18n.set_language("en")
        source = i18n.seeded_strings()
        i18n.set_language(code)
        changed = sum(1 for a, b in zip(source, strings, strict=True) if a != b)
        assert changed > 0.9 * len(strings)


def test_all_translations_for_sizing_boxes() -> None:
    found = i18n.all_translations("Quick play")
    assert found["en"] == "Quick play" and found["ga"] == "Cluiche tapa" and len(found) == 5
    tiles = i18n.all_translations("{n} tile", plural="{n} tiles", n=8)
    assert tiles["en"] == "{n} tiles" and tiles["ga"] == "{n} ndúradán"
    assert i18n.all_translations("Normal", "opponent")["is"] == "Venjulegur"
