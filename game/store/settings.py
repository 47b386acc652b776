"""The player's settings: the one type the screens read and the settings file stores.

Each field is one key of ``settings.json`` under the same name; :mod:`game.store.home` reads and
writes the file and checks every loaded value (wrong ones fall back to the default here, with
a notice). The ``kiosk_`` fields are the operator's (see :mod:`game.scenes.kiosk.kiosk`): a kiosk's
players change the others for their own game only.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

# Opponents' pace: how long a computer seat pauses before each move, in seconds.
PACE_SECONDS: dict[str, float] = {"slow": 1.3, "normal": 0.75, "fast": 0.3}
PACES: tuple[str, ...] = tuple(PACE_SECONDS)
BATTERY_SAVER: tuple[str, ...] = ("auto", "on", "off")
MAX_ANIMATION_SPEED = 4.0
# The theme ids the view draws (game.view.theme.THEMES, which a test holds to this list): the
# store checks a loaded theme against them without importing the view.
THEME_IDS: tuple[str, ...] = ("default", "colour_blind_safe", "high_contrast")
OPERATOR_PREFIX = "kiosk_"  # fields of the kiosk's operator, not of the player at the screen


@dataclass
class Settings:
    """The player's choices. Change fields freely, then ``App.save_settings`` (or
    :meth:`game.store.home.Store.save_settings`)."""

    language: str = "auto"  # "auto" (from the system) or a language tag such as "es", "ta"
    theme: str = "default"  # a theme id of game.view.theme (the App's ``theme`` is the Theme)
    numerals: bool = False  # numbers instead of pips on the tiles
    large_tiles: bool = False  # bigger tiles in the hand and on the trains
    animation_speed: float = 1.0  # 0.0 is reduced motion (no movement, instant changes)
    opponent_pace: str = "normal"  # one of PACES
    volume: float = 0.8  # sound effects, 0.0 .. 1.0
    muted: bool = False
    fullscreen: bool = False  # the player's last F11 / Alt+Enter: the next start opens so
    kiosk_pin: str = ""  # digits an operator types to leave kiosk mode; "" for none
    # Keys held together to leave kiosk mode: none until the operator sets their own (a chord
    # printed in the help would be no secret; the kiosk asks for a PIN at its first start).
    kiosk_exit_chord: str = ""
    kiosk_idle_seconds: int = 90  # idle time before kiosk mode returns to the attract mode
    kiosk_pin_hash: str = ""  # the operator's PIN, salted and hashed (game.scenes.kiosk.kiosk)
    kiosk_pin_failures: int = 0  # wrong PINs in a row (kept over a restart: the lockout grows)
    kiosk_pin_locked_seconds: float = 0.0  # what was left of the PIN pad's lockout
    window_size: tuple[int, int] | None = None  # the last windowed size, or None
    hints: bool = True  # light the tiles in the hand that can be played
    players: int = 4  # the custom table's, as last chosen there (quick play has its own)
    preset: str = "standard"
    opponent: str = ""  # a computer seat kind; "" for the game's default (the strongest)
    take_backs: bool = False  # Undo at the table (a match where it is used is practice)
    kiosk_take_backs: bool = False  # the operator lets kiosk players take turns back too
    # Battery saver: "auto" (on while the machine runs on battery), "on" or "off". It caps the
    # frame rate at 30 and stops the decoration's motion; the game's own animations stay.
    battery_saver: str = "auto"

    @property
    def reduced_motion(self) -> bool:
        return self.animation_speed == 0.0

    @property
    def table(self) -> tuple[str, int, str]:
        """What quick play's table is made of: the preset, the players, the opponent."""
        return self.preset, self.players, self.opponent

    @property
    def pace_seconds(self) -> float:
        return PACE_SECONDS.get(self.opponent_pace, PACE_SECONDS["normal"])

    def take_choices(self, other: Settings) -> Settings:
        """Copy the player's choices from ``other`` (every field but the operator's ``kiosk_``
        ones, which stay as they are); returns self."""
        for item in fields(self):
            if not item.name.startswith(OPERATOR_PREFIX):
                setattr(self, item.name, getattr(other, item.name))
        return self
