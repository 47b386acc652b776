"""Mouse, touch, keyboard and gamepads turned into one set of intents, on a scaled canvas.

- :mod:`game.input.viewport`: the logical canvas and its place in the window (scaling, bars).
- :mod:`game.input.intents`: the acts a player can mean, and the intent that carries one.
- :mod:`game.input.keymap`: which key and pad button means which act, in each scene.
- :mod:`game.input.router`: raw pygame events in; canvas-mapped pointer events and
  :class:`~game.input.intents.Intent` s out; gamepad hot-plug.
- :mod:`game.input.focus`: the keyboard/gamepad focus and its ring.
- :mod:`game.input.glyphs`: prompts that show the buttons of the device in use.
- :mod:`game.input.chord`: an operator's key chord (kiosk exit).
"""

from game.input.intents import Act, Device, Intent

__all__ = ["Act", "Device", "Intent"]
