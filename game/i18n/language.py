"""The language spoken now and the translation calls: ``_``, ``ngettext``, ``pgettext`` ...

>>> set_language("ga")
'ga'
>>> _("Quick play")
'Cluiche tapa'
>>> [ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 2, 5, 8, 20)]
['1 dúradán', '2 dhúradán', '5 dhúradán', '8 ndúradán', '20 dúradán']
>>> set_language("xx")  # not a language of the game: English
'en'
>>> _("Quick play")
'Quick play'
"""

from __future__ import annotations

import locale
import os
import re
import sys
from collections.abc import Callable, Mapping
from typing import Final

from game.i18n.catalog import Catalog, empty_catalog, read_catalog
from game.i18n.files import catalog_path

DEFAULT: Final = "en"

# code -> the language's own name, in the order a menu offers them
LANGUAGES: Final[Mapping[str, str]] = {
    "en": "English",
    "ga": "Gaeilge",
    "ta": "தமிழ்",
    "is": "Íslenska",
    "eu": "Euskara",
}

_catalogs: dict[str, Catalog] = {}


def load_catalog(code: str) -> Catalog:
    """Language ``code``'s catalog (cached); an empty one if there is no file."""
    found = _catalogs.get(code)
    if found is not None:
        return found
    path = catalog_path(code)
    if code != DEFAULT and path.is_file():
        catalog = read_catalog(path, code)
    else:
        catalog = empty_catalog(code)
    _catalogs[code] = catalog
    return catalog


def forget_catalogs() -> None:
    """Read the catalogs anew when next used (after editing a file)."""
    _catalogs.clear()
    _set(_language)


# ----------------------------------------------------------------------------- the language

_language: str = DEFAULT
_catalog: Catalog = empty_catalog(DEFAULT)
_listeners: list[Callable[[str], None]] = []


def normalize(code: str | None) -> str | None:
    """``"ga_IE.UTF-8"`` -> ``"ga"``; None for a code the game does not speak."""
    if not code:
        return None
    base = re.split(r"[-_.@]", code.strip(), maxsplit=1)[0].lower()
    return base if base in LANGUAGES else None


def _set(code: str) -> None:
    global _language, _catalog
    _language = code
    _catalog = load_catalog(code)


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (None, "" or "auto": the system's language); returns the code
    used.

    A language the game does not have gives English.
    """
    chosen = normalize(code) if code and code != "auto" else system_language()
    chosen = chosen or DEFAULT
    changed = chosen != _language
    _set(chosen)
    if changed:
        for listener in list(_listeners):
            listener(chosen)
    return chosen


def current_language() -> str:
    return _language


def add_listener(callback: Callable[[str], None]) -> None:
    """Call ``callback(code)`` after each change of language (e.g. to lay a screen out anew)."""
    _listeners.append(callback)


def remove_listener(callback: Callable[[str], None]) -> None:
    if callback in _listeners:
        _listeners.remove(callback)


def available_languages() -> list[tuple[str, str]]:
    """``(code, the language's own name)`` for every language, English first."""
    return list(LANGUAGES.items())


def language_name(code: str) -> str:
    return LANGUAGES.get(code, code)


def script_for(code: str | None = None) -> str:
    """The ISO 15924 script a language is written in: "Taml" for Tamil, else "Latn"."""
    return "Taml" if (code or _language) == "ta" else "Latn"


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language if the game has it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    platform's setting), else English."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    candidates.extend(env.get("LANGUAGE", "").split(":"))
    candidates.extend(env.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG"))
    if environ is None:
        candidates.extend(_platform_languages())
    for candidate in candidates:
        if candidate in ("C", "POSIX") or candidate.startswith("C."):
            continue
        code = normalize(candidate)
        if code is not None:
            return code
    return DEFAULT


def _platform_languages() -> list[str]:
    found: list[str] = []
    if sys.platform == "win32":
        try:
            import ctypes

            windll = getattr(ctypes, "windll", None)
            if windll is not None:
                lcid = int(windll.kernel32.GetUserDefaultUILanguage())
                name = locale.windows_locale.get(lcid)
                if name:
                    found.append(name)
        except (OSError, AttributeError, ValueError):
            pass
    try:
        name = locale.getlocale(locale.LC_MESSAGES if hasattr(locale, "LC_MESSAGES") else 0)[0]
    except (ValueError, TypeError):
        name = None
    if name:
        found.append(name)
    return found


# ----------------------------------------------------------------------------- lookups


def translate(msgid: str) -> str:
    """``msgid`` in the current language (the English itself when untranslated).

    The same as :func:`gettext`, for a msgid held in a variable (marked elsewhere with
    :func:`N_`): the extractor only reads calls with literal strings.
    """
    found = _catalog.get(msgid)
    return found if found is not None else msgid


def gettext(msgid: str) -> str:
    """``msgid`` in the current language (the English itself when untranslated)."""
    return translate(msgid)


def _(msgid: str) -> str:
    """Shorthand for :func:`gettext`."""
    return translate(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for count ``n`` (format ``{n}`` in it yourself)."""
    found = _catalog.get_plural(singular, n)
    if found is not None:
        return found
    return singular if n == 1 else plural


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in ``context`` (the same English may translate differently per context)."""
    found = _catalog.get(msgid, context)
    return found if found is not None else msgid


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    found = _catalog.get_plural(singular, n, context)
    if found is not None:
        return found
    return singular if n == 1 else plural


def all_translations(
    msgid: str, context: str | None = None, plural: str | None = None, n: int = 1
) -> dict[str, str]:
    """``msgid`` in every language (English too), e.g. to size a box for the longest one."""
    out: dict[str, str] = {}
    for code in LANGUAGES:
        catalog = load_catalog(code)
        if plural is None:
            found = catalog.get(msgid, context)
        else:
            found = catalog.get_plural(msgid, n, context)
        out[code] = found if found is not None else (msgid if plural is None or n == 1 else plural)
    return out


def N_(msgid: str) -> str:
    """Mark a string for the catalog without translating it now (translate it when shown)."""
    return msgid
