"""Shared test setup: pygame runs headless (dummy video and audio drivers).

The variables are set at import time, before any test module can import pygame.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Nothing a test starts (the game in a subprocess included) may touch a real player's saves:
# the data folder is a fresh temporary one for the whole run unless a test picks its own.
if "MEXICAN_TRAIN_HOME" not in os.environ:
    import tempfile

    os.environ["MEXICAN_TRAIN_HOME"] = tempfile.mkdtemp(prefix="mexican-train-tests-")
