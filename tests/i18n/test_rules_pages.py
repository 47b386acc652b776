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


def test_english_page_says_what_the_table_deals() -> None:
    """The English page, read directly: the standard table for four, and what each rule option
    changes in it."""
    standard = dict(i18n.rules_sections(Rules.standard(), 4, "en"))
    assert standard["Setting up"] == (
        "With 4 players you use a double-12 set and each player takes 15 tiles face down. "
        "The rest stay face down as the boneyard."
    )
    assert standard["Rounds"] == (
        "A match has 13 rounds. The first starts from the 12|12 in the middle of the table, "
        "the next from the next double down, and so on."
    )
    assert standard["Your first turn"].startswith(
        "On your first turn you may only play on your own train, and you may lay as many tiles"
    )
    assert standard["Scoring"].endswith("The double blank left in a hand counts 50 points.")
    assert "No play may leave" not in standard["Doubles"]
    assert i18n.rules_heading(Rules.standard(), 4, "en") == "Standard rules · 4 players"

    station = dict(i18n.rules_sections(Rules.station(), 4, "en"))
    assert "takes 12 tiles" in station["Setting up"]
    assert station["Your first turn"] == (
        "On your first turn you may only play on your own train, one tile. If you cannot start "
        "it, draw one tile: play it if it fits, otherwise your marker goes on your train."
    )
    assert station["Doubles"].endswith("No play may leave more than 1 double open.")
    assert "first-turn rule" not in station["End of a round"]

    one = Rules.standard().with_options(rounds=1, double_blank_points=1, max_open_doubles=2)
    single = dict(i18n.rules_sections(one, 2, "en"))
    assert single["Rounds"].startswith("A match has 1 round. ")
    assert single["Scoring"].endswith("counts 1 point.")
    assert single["Doubles"].endswith("No play may leave more than 2 doubles open.")
    positive = dict(i18n.rules_sections(Rules.standard().with_options(scoring="positive"), 4))
    assert positive["Scoring"].startswith("When a round ends, whoever went out scores")
    assert positive["Ties"] == (
        "If totals are level, the player who won more rounds wins; if still level, the win is "
        "shared."
    )


def test_rules_scene_draws_the_page_in_the_current_language() -> None:
    """The rules scene wraps the current language's page (heading and sections) and lays it
    out anew when the language changes."""
    from game.app import App
    from game.scenes.pages.rules_page import RulesScene
    from game.view import typeset

    app = App((640, 480), resizable=False)
    try:
        for code in LANGS:
            i18n.set_language(code)
            scene = RulesScene(app, Rules.station(), 4)
            app.reset(scene)
            with typeset.text_audit() as audit:
                app.draw(app.screen)
            sections = i18n.rules_sections(Rules.station(), 4, code)
            drawn = " ".join(audit.drawn)
            assert all(heading in audit.drawn for heading, _p in sections), code
            first_words = sections[0][1].split()[:2]
            assert " ".join(first_words) in drawn, code
            assert not audit.issues, (code, audit.issues)
            assert scene.content is not None and scene._max_scroll() > 0  # it scrolls
        # a change of language while it is open: the page is wrapped again
        i18n.set_language("ga")
        scene = RulesScene(app, Rules.station(), 4)
        app.reset(scene)
        app.draw(app.screen)
        irish = scene.content
        i18n.set_language("ta")
        assert scene.content is None
        app.draw(app.screen)
        assert scene.content is not None and scene.content is not irish
    finally:
        app.close()


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


@pytest.mark.parametrize("code", LANGS)
def test_a_shortened_match_names_its_last_engine(code: str) -> None:
    # RULES.md section 3: the `rounds` option keeps the first R rounds, engines double-N down to
    # double-(N-R+1); the page must say where this table stops, and a full match says nothing.
    short = Rules.standard().with_options(rounds=3)
    text = " ".join(p for _, p in i18n.rules_sections(short, 4, code))
    assert "12|12" in text and "10|10" in text and "0|0" in text, code
    full = " ".join(p for _, p in i18n.rules_sections(Rules.standard(), 4, code))
    assert "10|10" not in full and "0|0" not in full, code
