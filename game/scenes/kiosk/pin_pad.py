"""The kiosk operator's PIN pad, and the first start's screen where the operator chooses a PIN."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from typing_extensions import override

from game.i18n import _, ngettext
from game.input.intents import Act
from game.scenes.kit.base import Scene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.kiosk.kiosk import Kiosk

PIN_TIMEOUT = 20.0  # seconds an untouched PIN pad stays open
PIN_SHORTEST = 4  # digits in a new PIN, at least
PIN_LONGEST = 12


def clock_text(seconds: float) -> str:
    """A countdown as minutes and seconds: 0:28, 12:05."""
    whole = math.ceil(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class PinPadScene(Scene):
    """Digits for the operator's PIN, by touch, keyboard or gamepad."""

    opaque = False
    KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "OK")

    def __init__(
        self, app: App, kiosk: Kiosk, on_right_pin: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.on_right_pin = on_right_pin  # None: the right PIN leaves the kiosk
        self.entered = ""
        self.wrong = False  # the last PIN tried was wrong
        self.quiet = 0.0  # seconds without a key here
        self.buttons: list[controls.Button] = []
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        self._lay_pad((width // 2, height // 2))

    def _lay_pad(self, center: tuple[int, int]) -> None:
        u = ui_scale(self.size)
        key = max(52, round(72 * u))  # room for "Hreinsa", "Glan" under a finger
        gap = max(6, round(10 * u))
        grid_w = 3 * key + 2 * gap
        self.panel = pygame.Rect(0, 0, grid_w + 2 * gap + round(40 * u), 0)
        self.panel.h = round(110 * u) + 5 * (key + gap) + gap
        self.panel.center = center
        top = self.panel.top + round(100 * u)
        left = self.panel.centerx - grid_w // 2
        self.buttons = []
        for i, label in enumerate(self.KEYS):
            rect = pygame.Rect(left + (i % 3) * (key + gap), top + (i // 3) * (key + gap), key, key)
            primary = label == "OK"
            shown = {"Clear": _("Clear"), "OK": _("OK")}.get(label, label)
            self.buttons.append(
                controls.Button(shown, rect, self._press_action(label), primary=primary)
            )
        cancel = pygame.Rect(left, top + 4 * (key + gap), grid_w, key)
        self.buttons.append(controls.Button(self.cancel_label(), cancel, self.cancel))

    def cancel_label(self) -> str:
        return _("Cancel")

    @property
    def message(self) -> str:
        """The line over the digits, in the current language."""
        if self.kiosk.locked:
            return _("Too many wrong PINs")
        return _("Wrong PIN") if self.wrong else _("Operator PIN")

    @property
    def refused(self) -> bool:
        """The line over the digits says no (drawn in the refusal colour)."""
        return self.wrong or self.kiosk.locked

    def _press_action(self, label: str) -> Any:
        def press() -> None:
            self.press(label)

        return press

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def press(self, label: str) -> None:
        self.quiet = 0.0
        if self.kiosk.locked:
            self.entered = ""  # nothing is typed while the pad is locked
        elif label == "Clear":
            self.entered = ""
        elif label == "OK":
            self.submit()
        elif label.isdigit() and len(self.entered) < PIN_LONGEST:
            self.entered += label

    def submit(self) -> None:
        entered, self.entered = self.entered, ""
        if not entered or self.kiosk.locked:
            return
        if self.kiosk.check_pin(entered):
            if self.on_right_pin is None:
                self.kiosk.unlock()
            else:
                self.cancel()
                self.on_right_pin()
            return
        self.wrong = True

    @override
    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type != pygame.KEYDOWN:
            return
        digit = pygame.key.name(event.key).strip("[]")  # a keypad's digits are named "[1]"
        if digit.isdigit() and len(digit) == 1:
            self.press(digit)

    bindings = {Act.ERASE: ("backspace",)}

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.ERASE: self.erase, Act.ACTIVATE: self.submit_typed, Act.BACK: self.cancel}

    def erase(self) -> None:
        self.quiet = 0.0
        self.entered = self.entered[:-1]

    def submit_typed(self) -> None:
        self.press("OK")

    @override
    def update(self, dt: float) -> None:
        self.quiet += dt
        if self.quiet >= PIN_TIMEOUT and self.app.top is self:
            self.app.pop()
            return
        locked = self.kiosk.locked
        for button in self.buttons[:-1]:
            button.enabled = not locked  # the digits rest while the pad is locked
        for button in self.buttons:
            button.update(dt)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        self.draw_pad(surface)

    def draw_pad(self, surface: pygame.Surface) -> None:
        th = self.app.theme
        u = ui_scale(surface.get_size())
        surfaces.draw_panel(
            surface, self.panel, (*th.panel[:3], 245), th.panel_edge, round(18 * u), 2, shadow=True
        )
        colour = th.refusal if self.refused else th.accent
        r = typeset.blit_legible(
            surface,
            self.message,
            max(16, round(28 * u)),
            colour,
            self.panel.w - 16,
            (self.panel.centerx, self.panel.top + round(16 * u)),
            bold=True,
        )
        if self.kiosk.locked:
            typeset.blit_legible(
                surface,
                # Translators: {time} counts down minutes and seconds, e.g. 0:28
                _("Try again in {time}").format(time=clock_text(self.kiosk.locked_for)),
                max(14, round(24 * u)),
                th.text,
                self.panel.w - 16,
                (self.panel.centerx, r.bottom + round(8 * u)),
                bold=True,
            )
        else:
            dots = "• " * len(self.entered) if self.entered else "–"  # both in Noto Sans
            typeset.blit_text(
                surface,
                dots.strip(),
                max(16, round(30 * u)),
                th.text,
                bold=True,
                midtop=(self.panel.centerx, r.bottom + round(6 * u)),
            )
        for button in self.buttons:
            button.draw(surface, th, u)


class PinSetupScene(PinPadScene):
    """Kiosk mode's first start: the operator chooses a PIN (typed twice) before anything else.

    The kiosk is not armed yet, so this screen can still quit the game."""

    opaque = True

    def __init__(self, app: App, kiosk: Kiosk) -> None:
        self.first: str | None = None  # the PIN typed once, waiting for the second time
        self.problem = ""  # what was wrong with the last try ("" for nothing)
        super().__init__(app, kiosk)

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.title_bottom = (
            round(30 * u) + typeset.text_height(max(20, round(44 * u))) + round(8 * u)
        )
        key = max(52, round(72 * u))
        gap = max(6, round(10 * u))
        pad_w = 3 * key + 4 * gap + round(40 * u)
        margin = max(16, round(30 * u))
        side_by_side = width > height and width >= pad_w + 3 * margin + max(260, round(340 * u))
        if side_by_side:
            center = (width - margin - pad_w // 2, (self.title_bottom + height) // 2)
            self.text_area = pygame.Rect(
                margin, self.title_bottom, width - pad_w - 3 * margin, height - self.title_bottom
            )
        else:  # a narrow screen: the words over the pad, what room there is
            pad_h = round(110 * u) + 5 * (key + gap) + gap
            center = (width // 2, height - margin - pad_h // 2)
            top = center[1] - pad_h // 2
            self.text_area = pygame.Rect(
                margin, self.title_bottom, width - 2 * margin, max(0, top - self.title_bottom)
            )
        self._lay_pad(center)

    @override
    def cancel_label(self) -> str:
        return _("Quit the game")

    @override
    def cancel(self) -> None:
        self.kiosk.unlock()  # no PIN yet: nothing to guard, the newcomer may leave

    @property
    @override
    def message(self) -> str:
        if self.problem:
            return self.problem
        return _("Type the PIN again") if self.first is not None else _("New operator PIN")

    @property
    @override
    def refused(self) -> bool:
        return bool(self.problem)

    @override
    def submit(self) -> None:
        entered, self.entered = self.entered, ""
        if len(entered) < PIN_SHORTEST:
            # Translators: {n} is the fewest digits a PIN may have
            self.problem = ngettext("At least {n} digit", "At least {n} digits", PIN_SHORTEST)
            self.problem = self.problem.format(n=PIN_SHORTEST)
            return
        if self.first is None:
            self.first, self.problem = entered, ""
            return
        if entered != self.first:
            self.first = None
            self.problem = _("Not the same PIN")
            return
        self.kiosk.set_pin(entered)
        self.app.notify(_("Operator PIN saved. Kiosk mode is on."), 4.0)
        self.kiosk.to_menu()

    @override
    def press(self, label: str) -> None:
        if label.isdigit() and not self.entered:
            self.problem = ""  # a new try: the last one's trouble is over
        super().press(label)

    @override
    def update(self, dt: float) -> None:
        for button in self.buttons:
            button.update(dt)  # no timeout: the operator takes the time they need

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = ui_scale(surface.get_size())
        typeset.page_title(surface, _("Kiosk mode: first start"), th, u, round(30 * u))
        area = self.text_area
        size = max(15, round(24 * u))  # as large as the room allows: the operator reads it once
        paragraphs = [
            _(
                "Kiosk mode is for a public touch screen: the game fills the screen, players "
                "cannot leave it, and it starts afresh when nobody has touched it for a while."
            ),
            # Translators: {fewest} and {most} are numbers of digits (4 and 12)
            _(
                "Choose an operator PIN of {fewest} to {most} digits and type it twice. To leave "
                "kiosk mode later, hold the top-left corner for three seconds and type the PIN."
            ).format(fewest=PIN_SHORTEST, most=PIN_LONGEST),
        ]
        while True:
            wrapped = [typeset.wrap(text, size, area.w) for text in paragraphs]
            count = sum(len(lines) for lines in wrapped) + len(wrapped) - 1
            if size <= 11 or count * typeset.text_height(size) <= area.h - round(20 * u):
                break
            size -= 1
        y = area.top + round(10 * u)
        for lines in wrapped:
            for line in lines:
                y = typeset.blit_text(surface, line, size, th.text, topleft=(area.left, y)).bottom
            y += typeset.text_height(size) // 2
        self.draw_pad(surface)
