"""What every scene is.

A scene gets ``handle(event)`` for input, ``update(dt)`` with elapsed seconds, and
``draw(surface)``. The app keeps a stack: only the top scene gets input and time; scenes under
a transparent one (``opaque = False``: pause, round summary) are still drawn, so an overlay
dims the table instead of hiding it.

Keyboards and gamepads reach a scene only as intents (``intent``), never as key codes: a scene
says in ``bindings`` which keys and pad buttons mean which act beyond the usual ones (see
:mod:`game.input.keymap`), and in ``actions`` what each act does. By default the arrows, Tab,
the d-pad and the shoulders move a focus over the scene's buttons and Enter/A activates it (see
:mod:`game.input.focus`); an act the focus does not use goes to ``actions``. A scene with more
to choose from (the table, an options page) lists its own ``focus_items`` or overrides
``intent``. ``hints`` names the actions the prompt strip shows, drawn with the buttons of the
device in use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.i18n import N_, _
from game.input.focus import FocusItem, FocusRing, button_items, scene_buttons
from game.input.intents import Act, Intent
from game.input.keymap import DEFAULT_BINDINGS, Bindings, Keymap
from game.pacing import MOVING, Pace
from game.view import surfaces
from game.view.theme import Theme

if TYPE_CHECKING:
    from game.app import App

# English msgids: translate (i18n.translate) where shown, so a change of language shows at once.
PACE_LABELS: dict[str, str] = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}


_keymaps: dict[type[Scene], Keymap] = {}


class Scene:
    opaque = True  # False: the scene below shows through
    bindings: ClassVar[Bindings] = {}  # keys and pad buttons meaning an act of this scene's own
    guided = True  # False: no focus ring and no prompt strip (the scene says what to press)

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def resume(self) -> None:
        """The scene above it went away."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def language_changed(self) -> None:
        """The player chose another language: lay out anew, so words cached in buttons and
        pre-rendered surfaces are made again in it (a scene that caches more overrides this)."""
        self.resize(self.size)

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, when not opaque, what goes over the scene below)."""

    def lay_felt(self, surface: pygame.Surface) -> Theme:
        """Cover ``surface`` with the table felt of the theme in use (a page's ground): the
        theme, which the rest of the page is drawn in."""
        theme = self.app.theme
        surface.blit(surfaces.felt(surface.get_size(), theme), (0, 0))
        return theme

    # ------------------------------------------------------------------ keyboard and gamepad

    @classmethod
    def keymap(cls) -> Keymap:
        """What each key and pad button means in this scene: the usual ones and ``bindings``."""
        made = _keymaps.get(cls)
        if made is None:
            made = _keymaps[cls] = Keymap.of(DEFAULT_BINDINGS, cls.bindings)
        return made

    def back(self) -> None:
        """Leave this scene (its Back button, Esc where it says so): by default it goes away,
        showing the one below."""
        self.app.pop()

    def actions(self) -> Mapping[Act, Callable[[], None]]:
        """What each act does here when the focus did not use it (Esc, the shortcuts...)."""
        return {}

    def perform(self, act: Act) -> bool:
        """Do what ``actions`` says ``act`` does; False if it does nothing here."""
        action = self.actions().get(act)
        if action is None:
            return False
        action()
        return True

    @property
    def nav(self) -> FocusRing:
        """The keyboard/gamepad focus of this scene (made on first use)."""
        ring = self.__dict__.get("_nav")
        if ring is None:
            ring = self.__dict__["_nav"] = FocusRing()
        return ring

    def pace(self) -> Pace:
        """What this scene's next frames need (:mod:`game.pacing`): every frame unless a scene
        says it is calmer (the loop then sleeps between frames)."""
        return MOVING

    def calm_area(self) -> pygame.Rect | None:
        """Where a calm frame (one slower than every frame) can differ from the last: the
        loop then repaints only there. None: anywhere (the whole scene is drawn again)."""
        return None

    def keep_clear(self) -> list[pygame.Rect]:
        """Where the key strip must not go (beside page titles and the focus items): what
        the scene shows there that a player reads, such as the table's top bar under a menu."""
        return []

    def focus_items(self) -> list[FocusItem]:
        """What the focus can rest on: by default the scene's visible buttons."""
        return button_items(scene_buttons(self))

    def intent(self, intent: Intent) -> bool:
        """A keyboard or gamepad intent: the focus first, then ``actions``; True if used."""
        return self.nav.handle(intent, self.focus_items()) or self.perform(intent.act)

    def focus_rect(self) -> pygame.Rect | None:
        """Where to draw the focus ring (None: nothing focused)."""
        if not self.guided:
            return None
        item = self.nav.current(self.focus_items())
        return item.rect if item is not None else None

    def hints(self) -> list[tuple[str, str]]:
        """(action, label) pairs the prompt strip shows for keyboard and gamepad players."""
        if not self.guided:
            return []
        items = self.focus_items()
        if not items:
            return []
        if len(items) == 1:  # one button: say what pressing it does
            key = items[0].key
            label = key[1] if isinstance(key, tuple) and len(key) > 1 else _("OK")
            return [("activate", str(label))]
        # Translators: a hint: move the focus between choices
        hints = [("move", _("Choose")), ("activate", _("Select"))]
        if self.app.stack[:1] != [self]:
            hints.append(("back", _("Back")))
        return hints
