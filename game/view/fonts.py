"""Fonts from pip packages (``fontpkg-noto-sans``, ``fontpkg-noto-sans-tamil``), cached by size.

The packages register themselves with ``fontpkg`` (entry point group ``fontpkg.family``), and
``fontpkg.path(family)`` returns the .ttf inside the installed package, which works from source
and from a PyInstaller build that bundles the package data. Both ship one *variable* font
(axes wdth/wght); SDL_ttf 2.x opens its default instance (Regular 400) and cannot pick a weight,
so bold is SDL_ttf's synthetic emboldening. Missing packages fall back to pygame's own font.

A font object's first measure or render costs some 12 ms for Noto Sans (HarfBuzz reads the
face's tables once per object), whatever its size. So while the game is starting
(:func:`share_faces`, until :func:`stop_sharing` after the first frame) every size of a script
and weight is served by one object set to that size (``point_size``: the same pixels, the
glyphs measured again at each change of size); from then on each size has its own object,
which keeps its glyphs.
"""

from __future__ import annotations

import contextlib
import importlib
import re
from pathlib import Path

import pygame

# script tag (ISO 15924) -> fontpkg family name
FAMILIES: dict[str, str] = {
    "Latn": "Noto Sans",
    "Taml": "Noto Sans Tamil",
}
# Direct route into the same packages (tried first: no scan of every installed distribution),
# also right for a frozen build that lost the entry-point metadata: (module, file inside ROOT).
_MODULES: dict[str, tuple[str, str]] = {
    "Latn": ("fontpkg_noto_sans", "files/NotoSans[wdth,wght].ttf"),
    "Taml": ("fontpkg_noto_sans_tamil", "files/NotoSansTamil[wdth,wght].ttf"),
}

_fonts: dict[tuple[int, bool, str], pygame.font.Font] = {}
_paths: dict[str, Path | None] = {}
# While starting: one object per (bold, script), set to each size asked for (see above).
_shared: dict[tuple[bool, str], pygame.font.Font] | None = None


def share_faces() -> None:
    """Until :func:`stop_sharing`, serve every size from one font object per script and
    weight: the first frame then opens one face instead of one per size."""
    global _shared
    _shared = {}


def stop_sharing() -> None:
    """Give each size its own font object from now on (after the first frame)."""
    global _shared
    _shared = None


def font_path(script: str = "Latn") -> Path | None:
    """The font file for a script, or None if its package is not installed."""
    if script in _paths:
        return _paths[script]
    family = FAMILIES.get(script, FAMILIES["Latn"])
    path: Path | None = None
    if script in _MODULES:
        # The known package first: fontpkg's discovery scans every installed distribution's
        # entry points (tens of ms), which would delay the first frame for the same file.
        module, name = _MODULES[script]
        try:
            found = Path(importlib.import_module(module).ROOT) / name
            path = found if found.is_file() else None
        except Exception:  # not installed
            path = None
    if path is None:
        try:
            # Imported lazily (and untyped): the game still runs on pygame's font without it.
            fontpkg = importlib.import_module("fontpkg")
            found = Path(fontpkg.path(family))
            if found.is_file():
                path = found
        except Exception:  # ImportError, fontpkg.FontpkgError, a broken install: fall back
            path = None
    if path is None and script != "Latn":
        path = font_path("Latn")  # Latin digits and punctuation still beat pygame's default
    _paths[script] = path
    return path


def script_of(text: str) -> str:
    """The script a message needs: "Taml" if it has any Tamil letter, else "Latn".

    Decided by the text itself, not the current language, so a language's own name in a list
    ("தமிழ்" on an English page) and Latin names inside Tamil sentences both come out right
    (the Tamil font also has Latin letters, digits and punctuation).

    >>> script_of("Quick play"), script_of("விரைவு ஆட்டம் 4")
    ('Latn', 'Taml')
    """
    return "Taml" if _TAMIL.search(text) else "Latn"


_TAMIL = re.compile("[\u0b80-\u0bff]")


def get_font(size: int, bold: bool = False, script: str = "Latn") -> pygame.font.Font:
    """A cached ``pygame.font.Font`` of ``size`` px for ``script`` ("Latn", "Taml").

    Use it at once: while faces are shared (:func:`share_faces`) the next call may set the
    same object to another size.

    >>> get_font(24, bold=True).get_bold()
    True
    """
    size = max(1, int(size))
    key = (size, bold, script)
    font = _fonts.get(key)
    if font is not None:
        return font
    shared = _shared
    if shared is not None:
        face = shared.get((bold, script))
        if face is None:
            face = shared[(bold, script)] = _open(size, bold, script)
        elif face.point_size != size:
            face.point_size = size
        return face
    font = _fonts[key] = _open(size, bold, script)
    return font


def _open(size: int, bold: bool, script: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(script)
    font = pygame.font.Font(path, size) if path is not None else pygame.font.Font(None, size)
    if bold:
        font.bold = True
    if script != "Latn":
        # Without the script tag HarfBuzz shapes Tamil as Latin: conjuncts break apart. An old
        # SDL_ttf without shaping lacks set_script: text still renders, unshaped.
        with contextlib.suppress(AttributeError, pygame.error):
            font.set_script(script)
    return font


def clear_cache() -> None:
    """Forget cached fonts (e.g. after pygame.font.quit())."""
    _fonts.clear()
    _paths.clear()
    if _shared is not None:
        _shared.clear()


def available() -> dict[str, str | None]:
    """Script -> font file in use (None = pygame default); for a diagnostics screen."""
    return {s: (str(p) if (p := font_path(s)) is not None else None) for s in FAMILIES}
