"""The rules page in five languages: every block present, the plural forms each language needs,
the same placeholders as the English, and the same sections for every table."""

from __future__ import annotations

import itertools
import re

import pytest

from game import i18n
from game.rules import Rules

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
LANGS = list(i18n.LANGUAGES)


def _tables() -> list[tuple[Rules, int]]:
    tables = []
    for preset, players in itertools.product(("standard", "station"), (2, 4, 7, 13, 15)):
        base = Rules.preset_named(preset)
        for chain, draw, limit, blank, scoring, rounds in itertools.product(
            (True, False),
            (True, False),
            (None, 1, 2),
            (0, 1, 50),
            ("penalty", "positive"),
            (None, 1, 3),
        ):
            rules = base.with_options(
                first_turn_chain=chain,
                first_turn_draw=draw,
                max_open_doubles=limit,
                double_blank_points=blank,
                scoring=scoring,
                rounds=rounds,
            )
            tables.append((rules, players))
    return tables


@pytest.mark.parametrize("code", LANGS)
def test_every_block_is_written(code: str) -> None:
    doc = i18n.rules_document(code)
    assert set(doc.blocks) == set(i18n.RULES_BLOCKS)
    nplurals = i18n.load_catalog(code).nplurals
    for key, plural in i18n.RULES_BLOCKS.items():
        forms = doc.blocks[key]
        if plural:
            assert sorted(k for k in forms if k is not None) == list(range(nplurals)), key
        else:
            assert list(forms) == [None], key


@pytest.mark.parametrize("code", LANGS[1:])
def test_placeholders_match_the_english_page(code: str) -> None:
    english = i18n.rules_document("en")
    doc = i18n.rules_document(code)
    for key, forms in doc.blocks.items():
        wanted = {n for text in english.blocks[key].values() for n in PLACEHOLDER.findall(text)}
        for text in forms.values():
            assert set(PLACEHOLDER.findall(text)) == wanted, (code, key, text)


@pytest.mark.parametrize("code", LANGS)
def test_every_table_gets_a_full_page(code: str) -> None:
    for rules, players in _tables():
        english = i18n.rules_sections(rules, players, "en")
        sections = i18n.rules_sections(rules, players, code)
        assert len(sections) == len(english)
        for heading, paragraph in sections:
            assert heading and paragraph and "{" not in paragraph and "}" not in paragraph
        assert i18n.rules_heading(rules, players, code)


def test_pages_say_what_the_table_deals() -> None:
    rules = Rules.station()
    for code in LANGS:
        text = " ".join(p for _, p in i18n.rules_sections(rules, 4, code))
        assert "12|12" in text and " 13 " in text, code
        assert "4" in i18n.rules_heading(rules, 4, code)


def test_english_page_mirrors_the_scene() -> None:
    """The English file says what game.scenes.rules_page.rules_text says, apart from its
    "1 points". (When the scene reads its text from game.i18n, this test goes with it.)"""
    from game.scenes import rules_page

    for rules, players in _tables():
        if rules.rounds == 1 or rules.double_blank_points == 1:
            continue  # where the English file says "1 round" / "1 point" properly
        assert i18n.rules_sections(rules, players, "en") == rules_page.rules_text(rules, players)


def test_plural_blocks_pick_their_form() -> None:
    station = Rules.station()
    ga = dict(i18n.rules_sections(station.with_options(rounds=7), 4, "ga"))
    assert "Tá 7 mbabhta" in ga["Babhtaí"]
    eight = dict(i18n.rules_sections(station, 4, "ga"))
    assert "ar fad" in eight["Dúbailtí"]
    assert "1 dúbailt oscailte" in eight["Dúbailtí"]
    isl = dict(i18n.rules_sections(Rules.standard().with_options(rounds=1), 2, "is"))
    assert "Í viðureign er 1 umferð." in isl["Umferðir"]


def test_undealable_table_says_so() -> None:
    rules = Rules.station()
    for code in LANGS:
        sections = i18n.rules_sections(rules, 15, code)
        assert len(sections) == 10  # no rounds section
        assert "{error}" not in sections[1][1]


def test_rules_file_format_errors() -> None:
    with pytest.raises(i18n.RulesTextError, match="before the first"):
        i18n.parse_rules_text("text\n[a]\nx\n")
    with pytest.raises(i18n.RulesTextError, match="empty"):
        i18n.parse_rules_text("[a]\n\n[b]\nx\n")
    with pytest.raises(i18n.RulesTextError, match="twice"):
        i18n.parse_rules_text("[a]\nx\n[a]\ny\n")
    with pytest.raises(i18n.RulesTextError, match="forms"):
        i18n.parse_rules_text("[a|0]\nx\n[a|2]\ny\n")
    blocks = i18n.parse_rules_text("# note\n[a]\none\ntwo\n\nthree\n[b|0]\n1\n[b|1]\nmany\n")
    assert blocks == {"a": {None: "one two\nthree"}, "b": {0: "1", 1: "many"}}
