"""Translations: gettext catalogs read at run time, plurals per language, and the rules page.

The game speaks English (the source strings), Irish (``ga``), Tamil (``ta``), Icelandic
(``is``) and Basque (``eu``).

* Catalogs are GNU gettext ``.po`` files, ``assets/locale/<code>/LC_MESSAGES/mexican_train.po``:
  the human-edited source of truth, read directly (no ``.mo`` compile step) with ``polib``; the
  header's ``Plural-Forms`` expression is compiled by the standard library's ``gettext`` (which
  checks it and never runs anything else). Fuzzy, empty and obsolete entries are not used, as
  gettext does. Only the language shown is read.
* :func:`parse_po` and :class:`PoEntry` (this module's own reader, which keeps every comment
  and the entries' order) are for ``tools/i18n_extract.py``, which rewrites the catalogs; the
  game does not use them.
* A missing translation (absent, empty or fuzzy) falls back to the English source string.
* ``tools/i18n_extract.py`` collects every ``_()``, ``N_()``, ``ngettext()``, ``pgettext()``
  and ``npgettext()`` call under ``game/`` into ``assets/locale/mexican_train.pot`` and merges it
  into each language's ``.po``.
* The rules page lives in ``assets/rules/<code>.txt``, one file per language, written for this
  game; :func:`rules_sections` assembles it for a table's rules, like the English
  ``rules_text`` of ``game.scenes.rules_page``.

Use: ``set_language("ga")`` once (and on a settings change), then ``_("Quick play")``,
``ngettext("{n} tile", "{n} tiles", n).format(n=n)``, ``pgettext("opponent", "Normal")``.
Text drawn through ``game.view.widgets`` gets the Tamil font, shaped with its script set, when
it has Tamil letters (``fonts.script_of``); drawing with ``get_font`` directly, pass
``script_for(current_language())``.

Assets are found next to the ``game`` package (source tree, editable install), inside a
PyInstaller bundle (``sys._MEIPASS``; bundle with ``--add-data assets:assets``), or wherever
``MEXICAN_TRAIN_ASSETS`` points.

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
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from gettext import c2py
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # imported where used: the menu's first frame needs no rules
    from game.rules import Reason, Rules, RulesError

DOMAIN: Final = "mexican_train"
DEFAULT: Final = "en"

# code -> the language's own name, in the order a menu offers them
LANGUAGES: Final[Mapping[str, str]] = {
    "en": "English",
    "ga": "Gaeilge",
    "ta": "தமிழ்",
    "is": "Íslenska",
    "eu": "Euskara",
}

# The Plural-Forms each language's catalog must declare (English: the source strings' rule).
PLURAL_FORMS: Final[Mapping[str, str]] = {
    "en": "nplurals=2; plural=(n != 1);",
    "ga": ("nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;"),
    "ta": "nplurals=2; plural=(n != 1);",
    "is": "nplurals=2; plural=(n%10!=1 || n%100==11);",
    "eu": "nplurals=2; plural=(n != 1);",
}

ASSETS_ENV: Final = "MEXICAN_TRAIN_ASSETS"


# ----------------------------------------------------------------------------- where assets are


def assets_dir() -> Path:
    """The ``assets`` folder: $MEXICAN_TRAIN_ASSETS, a PyInstaller bundle's, or the source's."""
    candidates: list[Path] = []
    env = os.environ.get(ASSETS_ENV)
    if env:
        candidates.append(Path(env))
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str):
        candidates.append(Path(bundle) / "assets")
    here = Path(__file__).resolve().parent
    candidates.append(here.parent / "assets")  # source tree and editable install
    candidates.append(here / "assets")  # a build that copied assets into the package
    for candidate in candidates:
        if (candidate / "locale").is_dir():
            return candidate
    return candidates[-2]


def locale_dir() -> Path:
    return assets_dir() / "locale"


def catalog_path(code: str) -> Path:
    """Where the ``.po`` catalog of language ``code`` lives."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """The ``.pot`` template the extractor writes."""
    return locale_dir() / f"{DOMAIN}.pot"


def rules_path(code: str) -> Path:
    """The rules page text of language ``code``."""
    return assets_dir() / "rules" / f"{code}.txt"


def data_files() -> list[tuple[str, str]]:
    """``(source, destination)`` folder pairs a frozen build must bundle (PyInstaller datas)."""
    root = assets_dir()
    return [(str(root / "locale"), "assets/locale"), (str(root / "rules"), "assets/rules")]


# ----------------------------------------------------------------------------- .po files


class PoError(ValueError):
    """A catalog that cannot be read: names the file and line."""

    def __init__(self, source: str, line: int, reason: str) -> None:
        super().__init__(f"{source}:{line}: {reason}")
        self.source = source
        self.line = line
        self.reason = reason


@dataclass
class PoEntry:
    """One message of a catalog (``msgstr`` holds one form, or one per plural form)."""

    msgid: str
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgctxt: str | None = None
    msgid_plural: str | None = None
    comments: list[str] = field(default_factory=list)  # "# " translator comments
    extracted: list[str] = field(default_factory=list)  # "#." comments from the code
    references: list[str] = field(default_factory=list)  # "#:" file:line
    flags: list[str] = field(default_factory=list)  # "#," e.g. fuzzy, python-brace-format
    previous: list[str] = field(default_factory=list)  # "#|" lines, kept verbatim
    obsolete: bool = False
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


_ESCAPES: Final[Mapping[str, str]] = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "\\": "\\",
    '"': '"',
    "'": "'",
    "?": "?",
}
_ESCAPE_RE: Final = re.compile(r"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)", re.DOTALL)


def unescape(body: str) -> str:
    """The value of a C string literal's body (without its quotes)."""

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code in _ESCAPES:
            return _ESCAPES[code]
        if code[0] == "x":
            return chr(int(code[1:], 16))
        if code[0] in "01234567":
            return chr(int(code, 8))
        raise ValueError(f"unknown escape \\{code}")

    return _ESCAPE_RE.sub(one, body)


def escape(text: str) -> str:
    """``text`` as the body of a C string literal (the inverse of :func:`unescape`)."""
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    return out.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


_KEYWORD_RE: Final = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(".*)$')


def _string(text: str, source: str, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(source, number, f"expected a quoted string, found {text!r}")
    body = text[1:-1]
    if re.search(r'(?<!\\)(?:\\\\)*"', body):
        raise PoError(source, number, "unescaped quote inside a string")
    try:
        return unescape(body)
    except ValueError as error:
        raise PoError(source, number, str(error)) from None


def parse_po(text: str, source: str = "<catalog>") -> list[PoEntry]:
    """Every entry of a ``.po``/``.pot`` file, the header (``msgid ""``) first if present."""
    entries: list[PoEntry] = []
    # The entry being read: its parts so far, then the part continuation lines extend.
    parts: dict[str, str] = {}
    forms: dict[int, str] = {}
    notes: dict[str, list[str]] = {"#": [], "#.": [], "#:": [], "#,": [], "#|": []}
    obsolete = False
    start = 0
    last: tuple[str, int] | None = None  # ("msgid", 0) / ("msgstr", n) ...

    def finish(number: int) -> None:
        nonlocal parts, forms, notes, obsolete, start, last
        if "msgid" not in parts:
            if parts or forms:
                raise PoError(source, start or number, "an entry without msgid")
            if any(notes.values()) and not obsolete:
                pass  # a comment block with no entry (e.g. at the end): ignore it
        else:
            if "msgstr" in parts and forms:
                raise PoError(source, start, "both msgstr and msgstr[n]")
            if "msgid_plural" in parts:
                if not forms:
                    raise PoError(source, start, "msgid_plural without msgstr[n]")
                if sorted(forms) != list(range(len(forms))):
                    raise PoError(source, start, "msgstr[n] forms are not 0, 1, 2 ...")
                msgstr = [forms[i] for i in range(len(forms))]
            else:
                if forms:
                    raise PoError(source, start, "msgstr[n] without msgid_plural")
                if "msgstr" not in parts:
                    raise PoError(source, start, "msgid without msgstr")
                msgstr = [parts["msgstr"]]
            flags = [f.strip() for line in notes["#,"] for f in line.split(",") if f.strip()]
            refs = [r for line in notes["#:"] for r in line.split()]
            entries.append(
                PoEntry(
                    msgid=parts["msgid"],
                    msgstr=msgstr,
                    msgctxt=parts.get("msgctxt"),
                    msgid_plural=parts.get("msgid_plural"),
                    comments=notes["#"],
                    extracted=notes["#."],
                    references=refs,
                    flags=flags,
                    previous=notes["#|"],
                    obsolete=obsolete,
                    line=start,
                )
            )
        parts, forms = {}, {}
        notes = {"#": [], "#.": [], "#:": [], "#,": [], "#|": []}
        obsolete = False
        start = 0
        last = None

    number = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if number == 1:
            line = line.lstrip("\ufeff")
        if not line:
            finish(number)
            continue
        this_obsolete = False
        if line.startswith("#~"):
            this_obsolete = True
            line = line[2:].strip()
            if line.startswith("|"):
                continue  # an obsolete entry's previous msgid: dropped
            if not line:
                continue
        elif line.startswith("#"):
            if parts and "msgid" in parts and ("msgstr" in parts or forms):
                finish(number)  # comments start the next entry
            kind = line[:2] if line[:2] in ("#.", "#:", "#,", "#|") else "#"
            body = line[len(kind) :]
            notes[kind].append(body[1:] if body.startswith(" ") else body)
            continue
        if line.startswith('"'):
            if last is None:
                raise PoError(source, number, "a string continues nothing")
            value = _string(line, source, number)
            name, index = last
            if name == "msgstr[]":
                forms[index] += value
            else:
                parts[name] += value
            continue
        match = _KEYWORD_RE.match(line)
        if match is None:
            raise PoError(source, number, f"cannot read {line[:40]!r}")
        keyword, index_text, rest = match.groups()
        if keyword in ("msgctxt", "msgid") and ("msgstr" in parts or forms):
            finish(number)  # a new entry without a blank line between
        if not parts and not forms:
            start = number
            obsolete = this_obsolete
        value = _string(rest, source, number)
        if index_text is not None:
            index = int(index_text)
            if index in forms:
                raise PoError(source, number, f"msgstr[{index}] twice")
            forms[index] = value
            last = ("msgstr[]", index)
        else:
            if keyword in parts:
                raise PoError(source, number, f"{keyword} twice in one entry")
            if keyword == "msgid" and "msgctxt" not in parts and parts:
                raise PoError(source, number, "msgid after another keyword")
            parts[keyword] = value
            last = (keyword, 0)
    finish(number + 1)
    seen: set[tuple[str | None, str]] = set()
    for entry in entries:
        if entry.obsolete:
            continue
        if entry.key in seen:
            raise PoError(source, entry.line, f"duplicate message {entry.msgid!r}")
        seen.add(entry.key)
    return entries


def parse_header(text: str) -> dict[str, str]:
    """The header entry's ``Name: value`` lines."""
    headers: dict[str, str] = {}
    for line in text.split("\n"):
        name, sep, value = line.partition(":")
        if sep and name.strip():
            headers[name.strip()] = value.strip()
    return headers


# ----------------------------------------------------------------------------- plural rules


class PluralFormsError(ValueError):
    """A Plural-Forms expression that cannot be read."""


IntFn = Callable[[int], int]


def compile_plural(expression: str) -> IntFn:
    """A function ``n -> form index`` from a C plural expression (as in Plural-Forms), compiled
    by the standard library's gettext (which checks the expression: nothing else is run).

    >>> f = compile_plural("n%10!=1 || n%100==11")
    >>> [f(n) for n in (1, 2, 11, 21, 111)]
    [0, 1, 1, 0, 1]
    """
    text = expression.strip().rstrip(";")
    try:
        compiled = c2py(text)
    except (ValueError, RecursionError) as error:
        raise PluralFormsError(f"cannot read plural expression {expression!r}: {error}") from None

    def plural(n: int) -> int:
        try:
            return int(compiled(n))
        except ZeroDivisionError:  # "n % 0" in a broken header: the first form
            return 0

    return plural


def parse_plural_forms(value: str) -> tuple[int, IntFn]:
    """``(nplurals, plural)`` from a Plural-Forms header value."""
    match = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$", value)
    if match is None:
        raise PluralFormsError(f"cannot read Plural-Forms {value!r}")
    nplurals = int(match.group(1))
    if nplurals < 1:
        raise PluralFormsError("nplurals must be at least 1")
    return nplurals, compile_plural(match.group(2))


# ----------------------------------------------------------------------------- catalogs

MessageKey = tuple[str | None, str]


@dataclass(frozen=True)
class Catalog:
    """The usable translations of one language (fuzzy and empty entries left out)."""

    language: str
    nplurals: int
    plural: IntFn
    messages: Mapping[MessageKey, tuple[str, ...]]
    headers: Mapping[str, str] = field(default_factory=dict)

    def form(self, n: int) -> int:
        index = self.plural(n)
        return min(max(0, index), self.nplurals - 1)

    def get(self, msgid: str, context: str | None = None) -> str | None:
        found = self.messages.get((context, msgid))
        return found[0] if found else None

    def get_plural(self, singular: str, n: int, context: str | None = None) -> str | None:
        found = self.messages.get((context, singular))
        if not found:
            return None
        index = self.form(n)
        return found[index] if index < len(found) else None


def catalog_from_entries(language: str, entries: Iterable[PoEntry]) -> Catalog:
    nplurals, plural = parse_plural_forms(PLURAL_FORMS.get(language, PLURAL_FORMS["en"]))
    headers: dict[str, str] = {}
    messages: dict[MessageKey, tuple[str, ...]] = {}
    for entry in entries:
        if entry.obsolete:
            continue
        if entry.msgid == "" and entry.msgctxt is None:
            headers = parse_header(entry.msgstr[0])
            if "Plural-Forms" in headers:
                nplurals, plural = parse_plural_forms(headers["Plural-Forms"])
            continue
        if entry.translated:
            messages[entry.key] = tuple(entry.msgstr)
    return Catalog(language, nplurals, plural, messages, headers)


def read_catalog(path: Path, language: str) -> Catalog:
    """The usable translations of ``path`` (read with polib); PoError if it cannot be read."""
    import polib

    try:
        po = polib.pofile(str(path), encoding="utf-8", check_for_duplicates=True)
    except (OSError, ValueError, UnicodeDecodeError) as error:
        raise PoError(str(path), 0, str(error)) from None
    nplurals, plural = parse_plural_forms(PLURAL_FORMS.get(language, PLURAL_FORMS["en"]))
    headers = dict(po.metadata)
    if "Plural-Forms" in headers:
        nplurals, plural = parse_plural_forms(headers["Plural-Forms"])
    messages: dict[MessageKey, tuple[str, ...]] = {}
    for entry in po.translated_entries():  # neither obsolete, nor fuzzy, nor empty
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
        else:
            forms = (entry.msgstr,)
        if forms and all(forms):
            messages[(entry.msgctxt, entry.msgid)] = forms
    return Catalog(language, nplurals, plural, messages, headers)


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
        catalog = catalog_from_entries(code, [])
    _catalogs[code] = catalog
    return catalog


def reload() -> None:
    """Forget loaded catalogs and rules texts (after editing a file)."""
    _catalogs.clear()
    _rules_texts.clear()
    _set(_language)


# ----------------------------------------------------------------------------- the language

_language: str = DEFAULT
_catalog: Catalog = catalog_from_entries(DEFAULT, [])
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


# ----------------------------------------------------------------------------- shared phrases

@cache
def reason_messages() -> Mapping[Reason, str]:
    """The rules' refusal messages (game.rules.reasons.Reason), as catalog entries. The msgids
    are the Reason values themselves; a test checks they stay equal."""
    from game.rules import Reason

    return {
        Reason.NOT_YOUR_TURN: N_("not your turn"),
        Reason.ROUND_OVER: N_("the round is over"),
        Reason.NOT_IN_HAND: N_("that tile is not in your hand"),
        Reason.NO_SUCH_TRAIN: N_("there is no such train"),
        Reason.NUMBERS_DONT_MATCH: N_("the numbers don't match"),
        Reason.TRAIN_PRIVATE: N_("that train is private"),
        Reason.MEXICAN_AFTER_FIRST_TURN: N_("the Mexican train opens after your first turn"),
        Reason.FIRST_TURN_OWN_TRAIN: N_("on your first turn you may only play on your own train"),
        # Translators: {train} is "the Mexican train", "your train" or "{name}'s train"
        Reason.MUST_SATISFY: N_("you must satisfy the open double on {train}"),
        Reason.MUST_FOLLOW: N_("you must follow your double"),
        Reason.TOO_MANY_OPEN_DOUBLES: N_("that would leave two doubles open"),
        Reason.MUST_PLAY_NOT_DRAW: N_("you have a legal play, so you may not draw"),
        Reason.MUST_PLAY_NOT_PASS: N_("you have a legal play, so you may not pass"),
        Reason.MUST_DRAW_BEFORE_PASS: N_("draw from the boneyard before you pass"),
        Reason.ALREADY_DRAWN: N_("you have already drawn this turn"),
        Reason.BONEYARD_EMPTY: N_("the boneyard is empty"),
        Reason.MUST_PLAY_DRAWN: N_("you must play the tile you drew"),
        Reason.FIRST_TURN_NO_DRAW: N_(
            "on your first turn, mark your train and pass instead of drawing"
        ),
        Reason.CANNOT_END_TURN: N_(
            "you can end your turn early only while laying your first-turn line"
        ),
        Reason.NOT_ALLOWED: N_("that is not allowed now"),
    }


def reason_text(reason: Reason, train: str = "", open_doubles: int = 2) -> str:
    """A refusal's words in the current language, lower-case first as the rules write them.

    ``train`` fills MUST_SATISFY (use :func:`train_label`); ``open_doubles`` is how many doubles
    a refused TOO_MANY_OPEN_DOUBLES play would leave open (the table's limit + 1).
    """
    from game.rules import Reason

    if reason is Reason.TOO_MANY_OPEN_DOUBLES and open_doubles != 2:
        return ngettext(
            "that would leave {n} double open", "that would leave {n} doubles open", open_doubles
        ).format(n=open_doubles)
    text = translate(reason_messages()[reason])
    return text.format(train=train) if "{train}" in text else text


def deal_problem(rules: Rules, players: int, error: RulesError) -> str:
    """Why ``rules`` cannot seat ``players``, lower-case first as the rules write it, in the
    current language for the case a player can reach (the station rules past 10 players), in
    the rules' own English words otherwise."""
    if rules.preset == "station" and players > 10 and rules.hand_size is None:
        return _("the station rules deal for 2 to 10 players, not {n}").format(n=players)
    return str(error)


def train_label(train: int, players: int, names: Sequence[str], viewer: int | None) -> str:
    """A train named as it follows "on" ("Satisfy the double on {train}"), from ``viewer``'s
    side: the Mexican train, your train, or a player's train."""
    if train == players:
        # Translators: used after "on" in "Satisfy the double on {train}" and the like
        return _("the Mexican train")
    if train == viewer:
        # Translators: used after "on" in "Satisfy the double on {train}" and the like
        return _("your train")
    # Translators: used after "on" in "Satisfy the double on {train}" and the like
    return _("{name}'s train").format(name=names[train])


def join_names(items: Sequence[str]) -> str:
    """``["Ana", "Bo", "Cy"]`` -> "Ana, Bo and Cy" in the current language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        # Translators: a list of names continued: "Ana, Bo"
        head = _("{first}, {next}").format(first=head, next=item)
    # Translators: the last name of a list: "Ana, Bo and Cy"
    return _("{first} and {last}").format(first=head, last=items[-1])


# ----------------------------------------------------------------------------- wrapping

_JOINERS: Final = {"\u200c", "\u200d"}


def graphemes(text: str) -> list[str]:
    """``text`` cut into user-perceived characters: a base letter with its combining marks
    (Tamil vowel signs and virama stay with their consonant)."""
    out: list[str] = []
    for char in text:
        if out and (
            unicodedata.category(char).startswith("M")
            or char in _JOINERS
            or out[-1][-1] in _JOINERS
        ):
            out[-1] += char
        else:
            out.append(char)
    return out


def wrap_text(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` no wider than ``width`` as ``measure`` (e.g. ``font.size(s)[0]``) sees
    them. Breaks at spaces; "\\n" starts a new line; a word longer than a line is cut between
    graphemes, never inside one.

    >>> wrap_text("aa bb cc", 5, len)
    ['aa bb', 'cc']
    >>> wrap_text("abcdefg", 3, len)
    ['abc', 'def', 'g']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            if measure(word) <= width:
                line = word
                continue
            piece = ""
            for cluster in graphemes(word):
                if piece and measure(piece + cluster) > width:
                    lines.append(piece)
                    piece = ""
                piece += cluster
            line = piece
        lines.append(line)
    return lines


# ----------------------------------------------------------------------------- the rules page


class RulesTextError(ValueError):
    """A rules page file that cannot be read."""


@dataclass(frozen=True)
class RulesText:
    """The blocks of one language's rules page: ``key -> {plural form or None: text}``."""

    language: str
    blocks: Mapping[str, Mapping[int | None, str]]
    nplurals: int
    plural: IntFn
    fallback: RulesText | None = None

    def has(self, key: str) -> bool:
        return key in self.blocks or (self.fallback is not None and self.fallback.has(key))

    def text(self, key: str, count: int | None = None, **values: object) -> str:
        """Block ``key`` (its form for ``count`` if it has plural forms), filled with values."""
        forms = self.blocks.get(key)
        if forms is None:
            if self.fallback is None:
                raise KeyError(f"rules page has no block {key!r}")
            return self.fallback.text(key, count, **values)
        if None in forms:
            chosen = forms[None]
        else:
            if count is None:
                raise KeyError(f"rules block {key!r} has plural forms: give a count")
            index = min(max(0, self.plural(count)), self.nplurals - 1)
            numbered = [k for k in forms if k is not None]
            chosen = forms.get(index, forms[max(numbered)])
        return chosen.format(**values) if values else chosen


_BLOCK_RE: Final = re.compile(r"^\[([a-z][a-z0-9_.]*)(?:\|(\d+))?\]\s*$")


def parse_rules_text(text: str, source: str = "<rules>") -> dict[str, dict[int | None, str]]:
    """Blocks of a rules page file.

    The format: ``[key]`` starts a block, ``[key|N]`` plural form N of a block; the lines
    after it up to the next block are joined with spaces, and an empty line between them starts
    a new paragraph ("\\n"). Lines starting with ``#`` are comments.
    """
    blocks: dict[str, dict[int | None, str]] = {}
    key: str | None = None
    form: int | None = None
    paragraphs: list[list[str]] = []

    def close() -> None:
        if key is None:
            return
        body = "\n".join(" ".join(p) for p in paragraphs if p)
        if not body:
            raise RulesTextError(f"{source}: block [{key}] is empty")
        slot = blocks.setdefault(key, {})
        if form in slot or (form is None and slot) or (form is not None and None in slot):
            raise RulesTextError(f"{source}: block [{key}] given twice")
        slot[form] = body

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        match = _BLOCK_RE.match(line)
        if match is not None:
            close()
            key = match.group(1)
            form = int(match.group(2)) if match.group(2) is not None else None
            paragraphs = [[]]
            continue
        if key is None:
            if line:
                raise RulesTextError(f"{source}:{number}: text before the first [block]")
            continue
        if not line:
            if paragraphs[-1]:
                paragraphs.append([])
        else:
            paragraphs[-1].append(line)
    close()
    for name, forms in blocks.items():
        numbered = sorted(k for k in forms if k is not None)
        if None not in forms and numbered != list(range(len(forms))):
            raise RulesTextError(f"{source}: block [{name}] forms are not |0, |1, ...")
    return blocks


_rules_texts: dict[str, RulesText] = {}


def rules_document(code: str | None = None) -> RulesText:
    """The rules page of a language (English blocks fill any gap), cached."""
    code = code or _language
    if code not in LANGUAGES:
        code = DEFAULT
    found = _rules_texts.get(code)
    if found is not None:
        return found
    fallback = rules_document(DEFAULT) if code != DEFAULT else None
    path = rules_path(code)
    blocks = parse_rules_text(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else {}
    catalog = load_catalog(code)
    document = RulesText(code, blocks, catalog.nplurals, catalog.plural, fallback)
    _rules_texts[code] = document
    return document


def rules_heading(rules: Rules, players: int, code: str | None = None) -> str:
    """The line over the rules: "Standard rules · 4 players"."""
    doc = rules_document(code)
    preset = doc.text("preset.standard" if rules.preset == "standard" else "preset.station")
    return f"{preset} · {doc.text('players', players, n=players)}"


def rules_sections(rules: Rules, players: int, code: str | None = None) -> list[tuple[str, str]]:
    """Sections (heading, paragraph) describing ``rules`` for ``players`` in a language."""
    from game.rules import RulesError

    doc = rules_document(code)
    t = doc.text
    try:
        deal = rules.deal_for(players)
    except RulesError as error:
        setup = t("setup.undealable", error=deal_problem(rules, players, error))
        rounds = ""
    else:
        size = deal.set_size
        setup = " ".join(
            (
                t("setup.set", players, players=players, set=size),
                t("setup.hand", deal.hand_size, hand=deal.hand_size),
                t("setup.rest"),
            )
        )
        order = "rounds.order" if deal.rounds > 1 else "rounds.order.one"
        rounds = " ".join(
            (
                t("rounds.count", deal.rounds, rounds=deal.rounds),
                t(order, engine=f"{size}|{size}"),
            )
        )
        if deal.rounds < size + 1:
            # The `rounds` option: the match stops before the double-blank round.
            last = size - deal.rounds + 1
            rounds += " " + t("rounds.short", last=f"{last}|{last}")
    first = " ".join(
        (
            t("first.chain" if rules.first_turn_chain else "first.single"),
            t("first.draw" if rules.first_turn_draw else "first.nodraw"),
        )
    )
    doubles = t("doubles")
    limit = rules.max_open_doubles
    if limit is not None:
        doubles += " " + t("doubles.limit", limit, limit=limit)
    penalty = rules.scoring == "penalty"
    scoring = t("scoring.penalty" if penalty else "scoring.positive")
    blank = rules.double_blank_points
    if blank:
        scoring += " " + t("scoring.blank", blank, points=blank)
    end = t("end")
    if rules.first_turn_chain:
        end += " " + t("end.chain")
    sections = [
        (t("aim.heading"), t("aim")),
        (t("setup.heading"), setup),
        (t("rounds.heading"), rounds),
        (t("trains.heading"), t("trains")),
        (t("first.heading"), first),
        (t("later.heading"), t("later")),
        (t("doubles.heading"), doubles),
        (t("end.heading"), end),
        (t("scoring.heading"), scoring),
        (t("ties.heading"), t("ties.penalty" if penalty else "ties.positive")),
        (t("playing.heading"), t("playing")),
    ]
    return [(h, p) for h, p in sections if p]


# Every block a rules page file must have, with the plural ones marked (for tests and tools).
RULES_BLOCKS: Final[Mapping[str, bool]] = {
    "preset.standard": False,
    "preset.station": False,
    "players": True,
    "aim.heading": False,
    "aim": False,
    "setup.heading": False,
    "setup.set": True,
    "setup.hand": True,
    "setup.rest": False,
    "setup.undealable": False,
    "rounds.heading": False,
    "rounds.count": True,
    "rounds.order": False,
    "rounds.order.one": False,
    "rounds.short": False,
    "trains.heading": False,
    "trains": False,
    "first.heading": False,
    "first.chain": False,
    "first.single": False,
    "first.draw": False,
    "first.nodraw": False,
    "later.heading": False,
    "later": False,
    "doubles.heading": False,
    "doubles": False,
    "doubles.limit": True,
    "end.heading": False,
    "end": False,
    "end.chain": False,
    "scoring.heading": False,
    "scoring.penalty": False,
    "scoring.positive": False,
    "scoring.blank": True,
    "ties.heading": False,
    "ties.penalty": False,
    "ties.positive": False,
    "playing.heading": False,
    "playing": False,
}


# ----------------------------------------------------------------------------- seeded strings


def seeded_strings() -> list[str]:
    """Every string the screens need, translated now (placeholders unfilled).

    This puts the screens' words in the catalog before the screens themselves call ``_()``;
    a screen that wraps one of them uses exactly the same msgid (and context). Tests render
    the result in every language.
    """
    n = 2
    return [
        # the main menu and the words every screen shares
        _("Mexican Train"),
        _("Dominoes against the computer"),
        _("Quick play"),
        _("Custom table"),
        _("How to play"),
        _("Settings"),
        _("Quit"),
        # Translators: the main menu's line under the title; {table} is e.g.
        # "4 players · Standard rules · Opponents: Normal"
        _("Quick play: {table}"),
        ngettext("{n} player", "{n} players", n),
        _("Standard rules"),
        _("Station rules"),
        # Translators: {level} is an opponent level (Easy, Normal, Hard ...)
        _("Opponents: {level}"),
        _("Back"),
        _("Start"),
        _("Close"),
        _("Play again"),
        _("Main menu"),
        _("Options"),
        # the pause menu
        _("Paused"),
        _("Pause"),
        _("Resume"),
        _("Resume game"),
        _("Rules"),
        _("Leave the match"),
        # the table: buttons, prompts and the words on the seats' badges
        _("Draw"),
        _("Done"),
        _("Sort"),
        _("Your turn"),
        # Translators: on the badge of the player whose turn it is: keep it short
        _("YOUR TURN"),
        _("{name}'s turn"),
        _("{name} must satisfy the double on {train}"),
        _("{name} played a double and plays again"),
        _("Satisfy the double on {train}"),
        _("Nothing satisfies the double on {train}: draw a tile"),
        _("No tile satisfies the double: your marker goes on your train"),
        _("No play: your marker goes on your train"),
        _("You can't follow your double: draw a tile"),
        _("No tile fits: draw from the boneyard"),
        # Translators: {tile} is a tile such as 5|9
        _("You drew {tile}: play it"),
        _("You played a double: play one more tile"),
        _("Keep building your train, or press Done"),
        _("Your first turn: start your train"),
        _("Your turn: drag a tile to a lit train, or tap a tile then a train"),
        _("Drop the tile on a lit train"),
        ngettext("{n} tile", "{n} tiles", n),
        ngettext("{n} pip", "{n} pips", n),
        # Translators: a player's score on their badge, abbreviated
        _("{n} pts"),
        _("You"),
        # Translators: "you" inside a list of names ("Ana and you")
        _("you"),
        _("Mexican train"),
        _("Open to everyone"),
        _("Train open to all"),
        _("Went out!"),
        _("Round {n} of {total}"),
        # Translators: the round's starting double, shown in the top bar
        _("Engine"),
        _("Boneyard {n}"),
        _("Boneyard empty"),
        # Translators: the label on the hub in the middle of the table
        pgettext("hub", "Station"),
        _("Open double!"),
        # Translators: on a double that must be satisfied: keep it short
        _("OPEN DOUBLE"),
        _("{tile} on {train} must be satisfied"),
        # Translators: a speech bubble when a player passes
        pgettext("bubble", "Pass"),
        _("You went out!"),
        _("Your hand is empty"),
        _("{name} went out!"),
        _("The round is blocked"),
        _("Nobody can play and the boneyard is empty"),
        _("You place the engine"),
        _("{name} places the engine"),
        _("{tile} starts round {n}"),
        # the deal
        _("Round {n}: shuffling the tiles"),
        _("Round {n}: dealing"),
        _("Nobody holds {tile}: drawing for it"),
        _("Who holds {tile}?"),
        _("Click to skip"),
        # the round summary
        pgettext("column", "Round"),
        pgettext("column", "Total"),
        pgettext("column", "Hand left"),
        _("went out"),
        # Translators: the tag of the lowest hand in a blocked round
        _("lowest"),
        # Translators: an empty hand in the round summary
        _("empty"),
        # Translators: {names} is one name or a list of names ("Ana and Bo")
        ngettext("{names} went out", "{names} went out", n),
        _("Blocked: nobody can play. Lowest hand: {names}"),
        _("Next round"),
        _("See the final results"),
        # the end of the match
        _("You win the match!"),
        _("{name} wins the match"),
        _("Shared win: {names}"),
        _("Lowest total wins"),
        _("Highest total wins"),
        _("Level on points: decided by the most rounds won"),
        _("Level on points and rounds won: decided by the lowest single round"),
        _("Level on every tie-break: first place is shared"),
        # Translators: first place in the final standings
        _("1st"),
        ngettext("{n} round won", "{n} rounds won", n),
        # settings
        _("Language"),
        _("Opponents' pace"),
        _("Opponent pace"),
        _("Slow"),
        _("Normal"),
        _("Fast"),
        _("Tile faces"),
        _("Numerals"),
        _("Pips"),
        _("Numerals on tiles"),
        _("Large tiles"),
        _("Colours"),
        _("Theme"),
        # Translators: the name of the default colour theme (a Mexican tavern)
        _("Cantina"),
        _("Colour-blind safe"),
        _("High contrast"),
        _("Light playable tiles"),
        _("On"),
        _("Off"),
        _("Animations"),
        _("Animation speed"),
        _("Off (reduced motion)"),
        _("Reduced motion"),
        _("Volume"),
        _("Mute"),
        # the custom table
        _("Players"),
        _("Opponents"),
        _("Rounds"),
        _("Scoring"),
        _("First turn: lay a line"),
        _("First turn: draw if stuck"),
        _("Open doubles at once"),
        _("Double blank counts"),
        # Translators: the number of players and, in brackets, how many are the computer
        _("{n} (you and {others})"),
        pgettext("preset", "Standard"),
        pgettext("preset", "Station"),
        _("Full match"),
        _("Lowest wins"),
        _("Highest wins"),
        _("Yes"),
        _("No"),
        _("No limit"),
        ngettext("{n} point", "{n} points", n),
        # Translators: {n} is the highest number on the set's tiles: 6, 9, 12, 15 or 18
        _("Double-{n} set"),
        ngettext("{n} tile each", "{n} tiles each", n),
        ngettext("{n} round", "{n} rounds", n),
        # Translators: {tile} is the first round's engine, such as 12|12
        _("engine {tile} first"),
        # the computer opponents' levels
        pgettext("opponent", "Easy"),
        pgettext("opponent", "Normal"),
        pgettext("opponent", "Hard"),
        pgettext("opponent", "Greedy"),
        pgettext("opponent", "Random"),
        # keyboard and gamepad hints, pass-and-play, the kiosk, statistics
        # Translators: a hint: move the focus between choices
        _("Choose"),
        # Translators: a hint: take the focused choice
        _("Select"),
        _("Change"),
        _("OK"),
        _("Cancel"),
        _("Clear"),
        _("Sound"),
        _("Statistics"),
        _("Choose a train"),
        # Translators: a hint: play the picked-up tile
        _("Play"),
        _("Put back"),
        # Translators: a hint: pick a tile up from your hand
        _("Pick up"),
        _("Your turn: drag a tile to a lit train, or click a tile then a train"),
        _("Your turn: choose a tile and play it"),
        _("Choose a lit train for {tile}"),
        _("Wait for your turn"),
        _("People at this device"),
        _("Just you"),
        # Translators: {n} people share one device, handing it round
        _("{n}, pass and play"),
        # Translators: the next line under it is the name of the player
        _("Pass the device to"),
        _("Everyone else, please look away"),
        _("Click to show your hand"),
        _("Tap to show your hand"),
        _("Show your hand"),
        _("Still playing?"),
        _("Touch the screen or press any key to carry on."),
        # Translators: {n} counts down the seconds
        _("Back to the start in {n}"),
        _("Operator PIN"),
        _("Wrong PIN"),
        _("Touch to play"),
        _("Games"),
        _("Wins"),
        _("Win rate"),
        # Translators: the best match total
        _("Best"),
        _("Average"),
        _("All matches"),
        _("Scores are match totals: the best is the lowest (the highest when scoring is positive)"),
        _("No match played to the end yet: finish one and it is counted here"),
        # Translators: {name} is a gamepad's name
        _("{name} connected"),
        _("Gamepad"),
        # refusals (see reason_messages)
        ngettext("that would leave {n} double open", "that would leave {n} doubles open", n),
        *(translate(message) for message in reason_messages().values()),
    ]
