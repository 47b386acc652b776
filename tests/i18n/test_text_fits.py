"""Every screen in every language at 640x480: no text wider than its box, none left in English.

The screenshot run (game.commands.screenshots) builds every screen in a real state; each picture's
frame is drawn inside ``typeset.text_audit()``, which records every text drawn and each one
wider than the box it was drawn in (a stated width, a button, a wrapped column, or the edges
of the surface it lands on). The run is made once per language and shared by its tests (and the
English one with the render test, tests/ui/test_scenes_render.py).
"""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.levels import lesson
from game.view import typeset
from tests.screenshot_runs import group, screenshot_run

SIZE = (640, 480)
LANGS = list(i18n.LANGUAGES)


def _each(codes: list[str]) -> list[object]:
    """The languages as parameters, each one's tests kept on one pytest-xdist worker (with
    ``--dist loadgroup``), so each language's screenshot run is made once, not once a worker."""
    return [pytest.param(code, marks=group(SIZE, code)) for code in codes]


# The screens of the screenshot run (a case added there is still checked, by
# test_screens_not_listed_here_fit, and should be listed here to get its own name).
SCREENS = [
    "01_menu",
    "02_settings",
    "03_custom_table",
    "04_rules",
    "05_deal",
    "06_table_first_turn",
    "07_table_8_players_busy",
    "08_drag_targets_lit",
    "08b_drag_over_target",
    "09_refused_drop",
    "10_tap_selected",
    "11_pause",
    "12_table_14_players",
    "13_table_2_players_numerals_colour_blind",
    "14_table_2_players_high_contrast",
    "15_round_summary",
    "16_match_end",
    "17_replay",
    "18_replay_refused",
    "19_keyboard_focus_on_a_tile",
    "20_keyboard_focus_on_a_lit_train",
    "21_gamepad_prompt",
    "22_gamepad_pause_menu",
    "23_pass_and_play_cover",
    "24_pass_and_play_your_hand",
    "25_kiosk_attract",
    "26_kiosk_pin_pad",
    "26b_kiosk_pin_pad_locked",
    "26c_kiosk_first_start",
    "27_kiosk_still_playing",
    "28_ladder",
    "28b_ladder_refused_file",
    "29_statistics",
    "29b_saved_match_question",
    "30_daily_table",
    "31_level_cleared",
    "32_table_hint_plan_card",
    "33_practice_table_undo",
    "34_take_back_question",
    "35_practice_level_end",
    "36_recent_matches",
    "36b_recent_matches_empty",
    "36c_recent_match_replay",
    "37_review_progress",
    "37b_review_could_not_run",
    "37c_review_could_not_start",
    "38_review_whose_match",
    "39_review_mistake",
    "39b_review_summary",
    # every step of the guided first game
    *(f"40_lesson_{n:02d}_{step.key}" for n, step in enumerate(lesson.STEPS, 1)),
    "40_lesson_done",
]


def _audits(code: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, typeset.TextAudit]:
    """The screenshot run's audits in ``code`` (one run per language per session)."""
    return screenshot_run(SIZE, code, tmp_path_factory).audits


def _untranslated(code: str, drawn: list[str]) -> list[str]:
    """Drawn texts that are English msgids of the catalog with a different translation."""
    catalog = i18n.load_catalog(code)
    english = {
        msgid
        for (_ctx, msgid), forms in catalog.messages.items()
        if forms and forms[0] != msgid and "{" not in msgid
    }
    return sorted({text for text in drawn if text in english})


def _report(audit: typeset.TextAudit) -> str:
    return "\n".join(str(issue) for issue in audit.issues)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("code", _each(LANGS))
def test_text_fits_its_box(
    code: str, screen: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    audits = _audits(code, tmp_path_factory)
    assert screen in audits, f"{screen} was not rendered in {code}"
    audit = audits[screen]
    assert audit.drawn, f"{screen} drew no text"
    assert not audit.issues, f"{code} {screen}: text wider than its box:\n{_report(audit)}"


@pytest.mark.parametrize("code", _each(LANGS))
def test_no_text_is_smaller_than_the_legible_floor(
    code: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """At 640x480, the smallest window, nothing is drawn under ``typeset.LEGIBLE`` px (the
    prompt above the hand has its own, larger floor: it takes a second line instead), in any
    language on any screen. (On the main of 2026-12-02 the Tamil prompt was fitted to 8 px.)"""
    audits = _audits(code, tmp_path_factory)
    small = {
        name: sorted(
            {f"{size} px: {text[:40]}" for text, size in a.sizes if size < typeset.LEGIBLE}
        )
        for name, a in audits.items()
    }
    small = {name: found for name, found in small.items() if found}
    assert not small, f"{code}: text under {typeset.LEGIBLE} px: {small}"


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("code", _each(LANGS[1:]))
def test_no_english_left_on_screen(
    code: str, screen: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Every word drawn comes from the catalog: none is a msgid the language translates."""
    audits = _audits(code, tmp_path_factory)
    assert screen in audits
    left = _untranslated(code, audits[screen].drawn)
    assert not left, f"{code} {screen}: drawn in English: {left}"


@pytest.mark.parametrize("code", _each(LANGS))
def test_screens_not_listed_here_fit(code: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    audits = _audits(code, tmp_path_factory)
    others = {name: a for name, a in audits.items() if name not in SCREENS}
    problems = {name: _report(a) for name, a in others.items() if a.issues}
    assert not problems, problems


@group(SIZE, "ta")
def test_the_screens_speak_the_language(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The settings page in Tamil draws its title in Tamil, and the Tamil letters with the Tamil
    font (the audit sees what was drawn; the typesetting picks the font by the text's script)."""
    audits = _audits("ta", tmp_path_factory)
    i18n.set_language("ta")
    title = i18n._("Settings")
    assert title != "Settings" and title in audits["02_settings"].drawn
    assert "Settings" not in audits["02_settings"].drawn
    font = typeset.font_for(title, 20)
    assert font is typeset.font_for("அ", 20) and font is not typeset.font_for("A", 20)


def test_audit_catches_a_text_too_wide() -> None:
    """The audit itself: an over-wide button label, wrapped word, stated box and edge."""
    surface = pygame.Surface((120, 40))
    with typeset.text_audit() as audit:
        typeset.blit_text(surface, "fits", 14, (255, 255, 255), center=(60, 20))
        typeset.text("a rather long sentence", 14, (255, 255, 255), max_width=50)
        typeset.blit_text(surface, "far too long for this", 20, (0, 0, 0), midleft=(0, 20))
        typeset.fit_text_size("x" * 80, 20, 30)
    kinds = [issue.kind for issue in audit.issues]
    assert kinds == ["box", "surface", "fit"], audit.issues
    assert all(issue.width > issue.room for issue in audit.issues)
    assert audit.drawn[0] == "fits"
    # shrinking to a stated width fixes it, and the wrapped lines fit their column
    with typeset.text_audit() as audit:
        typeset.blit_text(surface, "far too long", 20, (0, 0, 0), max_width=110, center=(60, 20))
        lines = typeset.wrap("விளையாடுவது எப்படி மெக்சிகன் ரயில்", 16, 60)
    assert not audit.issues and len(lines) > 2


LARGER = [((1280, 720), "en"), ((1920, 1080), "en"), ((1280, 720), "ta")]


@pytest.mark.parametrize(
    ("size", "code"),
    [pytest.param(size, code, marks=group(size, code)) for size, code in LARGER],
    ids=[f"{w}x{h}-{code}" for (w, h), code in LARGER],
)
def test_the_legible_floor_grows_with_the_window(
    size: tuple[int, int], code: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """In a larger window nothing is drawn as small as a 640x480 window may: the floor grows
    with the layout's scale (typeset.legible_at: 13 px at 1280x720, 20 at 1920x1080). A review
    mark's symbol (?, ??, ?!) is a glyph inside its shape, not words, and is left out. The
    review's table is a smaller copy of the table, laid out (and lettered) at its own scale:
    there the base floor holds, and the Better and Played tags, the review's own words, hold
    the window's. (On the main of 2026-12-03 the Tamil hand facts were fitted to 10 px at
    1280x720, and the review's tags to 11.)"""
    from game.view.layout import ui_scale

    i18n.set_language(code)
    tags = {i18n._("Better"), i18n._("Played")}
    i18n.set_language("en")
    floor = typeset.legible_at(ui_scale(size))
    audits = screenshot_run(size, code, tmp_path_factory).audits

    def least(name: str, text: str) -> int:
        if name.startswith("39") and text not in tags:
            return typeset.LEGIBLE
        return floor

    small = {
        name: sorted(
            {
                f"{px} px: {text[:40]}"
                for text, px in audit.sizes
                if px < least(name, text) and text.strip("?!")
            }
        )
        for name, audit in audits.items()
    }
    small = {name: found for name, found in small.items() if found}
    assert not small, f"{code} at {size}: text under {floor} px: {small}"
