"""Settings: language, opponents' pace, pips or numerals, tile size, colour theme, hints,
take-backs (Undo at the table), animation speed, sound.

Every change is applied at once and saved (game.store.home) so it holds at the next start; a new
language re-lays every open scene in it (App.apply_language). In kiosk mode a change lasts only
until the idle reset, and "Keep for everyone" saves the page's settings after the operator's
PIN (game.scenes.kiosk.kiosk).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import N_, _
from game.scenes import flow
from game.scenes.kit.base import PACE_LABELS
from game.scenes.kit.options import Option, OptionsScene
from game.store.settings import BATTERY_SAVER
from game.view.theme import THEMES

if TYPE_CHECKING:
    from game.app import App

ANIMATION = {1.0: N_("Normal"), 1.8: N_("Fast"), 0.0: N_("Off (reduced motion)")}
# Translators: battery saver's choices: on while the machine runs on its battery, on, off
SAVER_LABELS = {"auto": N_("On battery"), "on": N_("On"), "off": N_("Off")}
LANGUAGE_CHOICES = ["auto", *i18n.LANGUAGES]


def language_label(code: str) -> str:
    """A language by its own name; "auto" says which one the system's language gives."""
    if code == "auto":
        # Translators: {language} is the system's language, by its own name ("English")
        return _("Automatic ({language})").format(
            language=i18n.language_name(i18n.system_language())
        )
    return i18n.language_name(code)


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


VOLUMES = [0.2, 0.4, 0.6, 0.8, 1.0]


class SettingsScene(OptionsScene):
    title = N_("Settings")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.message_lines = 1 if app.kiosk is not None else 0  # the kiosk's note
        s = self.app.settings

        def setter(name: str) -> Callable[[Any], None]:
            def put(value: Any) -> None:
                setattr(s, name, value)
                self.app.apply_settings()
                self.app.save_settings()
                if name in ("volume", "muted"):
                    self.app.play_sound("place")  # hear the new level

            return put

        self.options = [
            Option(
                N_("Opponents' pace"),
                list(PACE_LABELS),
                lambda: s.opponent_pace,
                setter("opponent_pace"),
                lambda v: i18n.translate(PACE_LABELS[v]),
            ),
            Option(
                N_("Tile faces"),
                [False, True],
                lambda: s.numerals,
                setter("numerals"),
                lambda v: _("Numerals") if v else _("Pips"),
            ),
            Option(
                N_("Large tiles"),
                [False, True],
                lambda: s.large_tiles,
                setter("large_tiles"),
                on_off,
            ),
            Option(
                N_("Colours"),
                list(THEMES),
                lambda: s.theme,
                setter("theme"),
                # the themes' names are catalog entries (game.i18n.seeded_strings)
                lambda v: i18n.translate(THEMES[v].name),
            ),
            Option(
                N_("Light playable tiles"),
                [True, False],
                lambda: s.hints,
                setter("hints"),
                on_off,
            ),
            Option(
                # Translators: a setting: an Undo button at the table (the match becomes practice)
                N_("Take-backs"),
                [False, True],
                lambda: s.take_backs,
                setter("take_backs"),
                on_off,
            ),
            Option(
                N_("Animations"),
                list(ANIMATION),
                lambda: s.animation_speed,
                setter("animation_speed"),
                lambda v: i18n.translate(ANIMATION[v]) if v in ANIMATION else f"x{v:g}",
            ),
            Option(
                # Translators: a setting: a lower frame rate and no decorative motion
                N_("Battery saver"),
                list(BATTERY_SAVER),
                lambda: s.battery_saver if s.battery_saver in BATTERY_SAVER else "auto",
                setter("battery_saver"),
                lambda v: i18n.translate(SAVER_LABELS[v]),
            ),
            Option(
                N_("Sound"),
                [False, True],
                lambda: s.muted,
                setter("muted"),
                lambda v: on_off(not v),
            ),
            Option(
                N_("Volume"),
                VOLUMES,
                lambda: min(VOLUMES, key=lambda v: abs(v - s.volume)),
                setter("volume"),
                # Translators: a volume level in per cent
                lambda v: _("{n}%").format(n=round(v * 100)),
            ),
            Option(
                N_("Language"),
                LANGUAGE_CHOICES,
                lambda: s.language if s.language in LANGUAGE_CHOICES else "auto",
                setter("language"),
                language_label,
            ),
        ]

        if not flow.take_backs_here(app):  # a kiosk whose operator keeps Undo off: no such choice
            self.options = [o for o in self.options if o.label != N_("Take-backs")]

    # ------------------------------------------------------------------ kiosk mode

    @property
    def in_kiosk(self) -> bool:
        return self.app.kiosk is not None

    @override
    def footer(self) -> list[tuple[str, Callable[[], None], bool]]:
        kiosk = self.app.kiosk
        if kiosk is None or not kiosk.has_pin:  # an operator with a chord alone keeps none
            return super().footer()
        # Back stays last: Enter presses the last button
        return [
            (_("Keep for everyone"), self.keep_for_everyone, False),
            (_("Back"), self.back, True),
        ]

    def keep_for_everyone(self) -> None:
        """The operator's PIN, then these settings are every player's (and saved)."""
        kiosk = self.app.kiosk
        if kiosk is None:
            return

        def keep() -> None:
            kiosk.keep_settings()
            self.app.notify(_("These settings are kept for every player."), 4.0)

        kiosk.open_pin_pad(keep)

    @override
    def message(self) -> tuple[str, bool]:
        if not self.in_kiosk:
            return "", False
        return _("Kiosk mode: changes last until the screen is left idle."), False

    def _message_room(self, u: float) -> int:
        return OptionsScene.reserved(self, u)

    # ------------------------------------------------------------------ the sample tiles

    def _sample_size(self, u: float) -> int:
        return max(12, round(28 * u))

    @override
    def reserved(self, u: float) -> int:
        # room for the sample tiles (a double stands two tiles tall) between rows and buttons,
        # under the kiosk's message when there is one
        return self._message_room(u) + 2 * self._sample_size(u) + round(16 * u)

    @override
    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        # a sample of the tile style under the options, midway to the buttons
        th = self.app.theme
        width, height = surface.get_size()
        u = self.scale
        size = self._sample_size(u)
        tiles = [(12, 5), (5, 5), (5, 9), (9, 3), (3, 11)]
        total = sum((size if a == b else 2 * size) + 6 for a, b in tiles)
        x = (width - total) // 2
        below = (self.rows[-1][0].bottom if self.rows else height // 2) + self._message_room(u)
        above = min((b.rect.top for b in self.buttons), default=height)
        y = (below + above) // 2 - size // 2
        for a, b in tiles:
            vertical = a == b
            top = y - size // 2 if vertical else y
            self.app.renderer.draw(
                surface,
                (a, b),
                (x, top),
                size,
                vertical,
                numerals=self.app.settings.numerals,
                theme=th,
            )
            x += (size if vertical else 2 * size) + 6
