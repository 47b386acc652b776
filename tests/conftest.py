"""Shared test setup: pygame runs headless (dummy video and audio drivers).

The variables are set at import time, before any test module can import pygame.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
