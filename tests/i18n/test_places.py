"""The final standings' places read alike from the first to the last, in every language."""

from __future__ import annotations

from game import i18n
from game.i18n import place_label


def test_every_place_has_the_same_form_in_every_language() -> None:
    assert [place_label(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
    try:
        for code, _name in i18n.available_languages():
            i18n.set_language(code)
            first, second = place_label(1), place_label(2)
            assert first.startswith("1") and second.startswith("2"), code
            if code != "en":  # one form for every place (never "1st" beside "2.")
                assert first[1:] == second[1:] == place_label(14)[2:], code
    finally:
        i18n.set_language("en")
