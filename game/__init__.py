"""Mexican Train dominoes against the computer.

Subpackages: ``game.rules`` (pure rules, no pygame), ``game.ai`` (opponents and hints).
Importing ``game`` never imports pygame.
"""

__version__ = "0.1.0"
