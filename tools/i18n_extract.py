"""Collect the game's translatable strings into the template and merge them into each catalog.

    python tools/i18n_extract.py            # write assets/locale/mexican_train.pot, update .po
    python tools/i18n_extract.py --check    # change nothing; exit 1 if a catalog is out of date
                                            # (moved references alone do not count) or has a
                                            # message without a usable translation
    python tools/i18n_extract.py --renumber # also bring every reference's line up to date
    python tools/i18n_extract.py --no-levels  # leave out the level files' texts (game.levels),
                                              # which a player sees on the ladder screen
    python tools/i18n_extract.py --translations more.json [--translations other.json]
                                            # also fill empty translations from JSON files

The work is Babel's (a development tool only: the game reads the catalogs with polib).
Babel's Python extractor finds every ``_("...")``, ``gettext("...")``, ``N_("...")``,
``ngettext("...", "...", n)``, ``pgettext("ctx", "...")`` and ``npgettext("ctx", "...", "...",
n)`` call under ``game/`` (only literal strings count; others are reported) with its
``file:line`` references; a ``# Translators:`` comment on the line just above a call goes into
the entry as a ``#.`` note. Babel's ``Catalog.update`` merges the template into each catalog:
every existing translation is kept, new entries arrive empty (no fuzzy guesses), and entries
the code no longer uses become obsolete (``#~``, translation kept, so a string that comes back
gets its translation back); a translation whose English plural changed is marked fuzzy.

A run on unchanged code rewrites nothing: the headers hold no dates and no tool version, and
a message whose references still name the same files keeps the lines the template already
gives (code moving within a file changes no catalog); ``--renumber`` writes every reference's
current line.

``--translations FILE.json`` fills entries whose translation is still empty (never one that
has words) from a file shaped::

    {
      "Quick play": {"ga": "Cluiche tapa", "ta": "...", "is": "...", "eu": "..."},
      "{n} tile": {"plural": "{n} tiles", "ga": ["form 0", "...", "form 4"], "ta": ["", ""]},
      "Normal": {"context": "opponent", "ga": "Gnáth", "...": "..."}
    }

(a value may also be a list of such objects, one per context). A translation is refused, with
a warning, when its placeholders differ from the English, a plural has the wrong number of
forms or names another English plural, or it names a language the game does not have.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_python
from babel.messages.pofile import PoFileError, read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402

# Babel keyword specs: argument positions of msgid (and plural), (n, "c") for the context.
KEYWORDS: dict[str, Any] = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
# How many leading arguments of each call must be literal strings.
LITERALS: dict[str, int] = {
    "_": 1,
    "gettext": 1,
    "N_": 1,
    "ngettext": 2,
    "pgettext": 2,
    "npgettext": 3,
}
COMMENT_TAGS = ("Translators:",)
BRACE_RE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
PROJECT = "mexican-train"
TEMPLATE_COMMENT = "# Template of the Mexican Train catalogs: made by tools/i18n_extract.py."
# The header fields written, in this order; dates and the tool's version are left out.
HEADER_FIELDS = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Plural-Forms",
)

Key = tuple[str | None, str]


@dataclass
class Marked:
    """One marked call in the code (references are ``file:line``, or ``file`` alone)."""

    msgid: str
    context: str | None = None
    plural: str | None = None
    references: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def key(self) -> Key:
        return (self.context, self.msgid)


class ExtractError(ValueError):
    pass


def _placeholder(value: str) -> bool:
    """Babel's stand-ins for the translator and the team ("FULL NAME <EMAIL@ADDRESS>")."""
    return value == "FULL NAME <EMAIL@ADDRESS>" or value.endswith("<LL@li.org>")


class StableCatalog(Catalog):
    """A Babel catalog whose header holds only what the code and the translations decide: no
    creation or revision date, no "Generated-By" and no placeholder names, so writing it
    again for unchanged code gives the same bytes."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        found = dict(Catalog.mime_headers.fget(self))  # type: ignore[attr-defined]
        found["Project-Id-Version"] = PROJECT
        found["Content-Type"] = "text/plain; charset=UTF-8"  # format_po writes UTF-8
        kept = [
            (name, found[name])
            for name in HEADER_FIELDS
            if name in found and not _placeholder(found[name])
        ]
        name, value = kept[-1]
        kept[-1] = (name, value + "\n")  # the header's last line ends like the others
        return kept

    @mime_headers.setter
    def mime_headers(self, headers: Iterable[tuple[str, str]]) -> None:
        Catalog.mime_headers.fset(self, headers)  # type: ignore[attr-defined]


def new_catalog(language: str | None) -> StableCatalog:
    """An empty catalog (the template when ``language`` is None) with the game's header."""
    if language is None:
        catalog = StableCatalog(project=PROJECT, header_comment=TEMPLATE_COMMENT, charset="UTF-8")
        catalog.msgid_bugs_address = ""  # Babel's default is a stand-in address
        return catalog
    name = i18n.LANGUAGES.get(language, language)
    catalog = StableCatalog(
        locale=language,
        project=PROJECT,
        header_comment=f"# {name} ({language}) catalog of Mexican Train, written for this game.",
        charset="UTF-8",
        fuzzy=False,
    )
    catalog.msgid_bugs_address = ""
    catalog.mime_headers = [("Plural-Forms", i18n.PLURAL_FORMS[language])]
    return catalog


def read_catalog(path: Path, language: str | None = None) -> StableCatalog:
    """A ``.po``/``.pot`` file read with Babel (the header's own fields are kept); PoFileError
    or ValueError if it cannot be read."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language, abort_invalid=True)
    stable = new_catalog(language)
    stable.header_comment = catalog.header_comment
    stable.fuzzy = catalog.fuzzy
    stable.mime_headers = catalog.mime_headers
    for message in catalog:
        if message.id:
            stable[message.id] = message
    stable.obsolete = catalog.obsolete
    return stable


def format_po(catalog: Catalog) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    return buffer.getvalue().decode("utf-8")


# ----------------------------------------------------------------------------- reading the code


def extract_source(source: str, filename: str) -> tuple[list[Marked], list[str]]:
    """The marked calls of one Python source (Babel's extractor), and warnings for calls whose
    strings are not literals."""
    warnings: list[str] = []

    def python(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
        for found in extract_python(fileobj, keywords, comment_tags, options):
            lineno, funcname, messages, _comments = found
            args = list(messages) if isinstance(messages, (list, tuple)) else [messages]
            wanted = LITERALS.get(funcname, 1)
            if len(args) < wanted or any(not isinstance(a, str) for a in args[:wanted]):
                warnings.append(
                    f"{filename}:{lineno}: {funcname}() without literal strings: skipped"
                )
            yield found

    found: list[Marked] = []
    for lineno, message, comments, context in extract(
        python,
        io.BytesIO(source.encode("utf-8")),
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=False,
    ):
        msgid, plural = (message, None) if isinstance(message, str) else message[:2]
        found.append(Marked(msgid, context, plural, [f"{filename}:{lineno}"], list(comments)))
    return found, warnings


def collect(
    files: Iterable[Path], root: Path, extra: Iterable[Marked] = ()
) -> tuple[list[Marked], list[str]]:
    """Marked calls of every file, merged by (context, msgid), in order of first appearance."""
    merged: dict[Key, Marked] = {}
    warnings: list[str] = []
    sources: list[Marked] = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        messages, warns = extract_source(path.read_text(encoding="utf-8"), rel)
        sources.extend(messages)
        warnings.extend(warns)
    sources.extend(extra)
    for message in sources:
        if message.msgid == "":
            warnings.append(f"{message.references[0]}: an empty msgid is the header: skipped")
            continue
        known = merged.get(message.key)
        if known is None:
            merged[message.key] = message
            continue
        if known.plural != message.plural:
            raise ExtractError(
                f"{message.references[0]}: {message.msgid!r} has plural {message.plural!r} here "
                f"but {known.plural!r} at {known.references[0]}"
            )
        known.references += [r for r in message.references if r not in known.references]
        known.notes += [n for n in message.notes if n not in known.notes]
    return list(merged.values()), warnings


def level_messages(root: Path) -> list[Marked]:
    """The texts of the level files under ``root/levels`` and of the daily table (names,
    descriptions, opponents' styles). People's names are left as they are written."""
    from game import levels
    from game.levels import daily

    directory = root / "levels"
    if not directory.is_dir():
        return []
    loaded, _errors = levels.load_levels(directory)
    entries = levels.catalog_entries(loaded, people=False)
    if (root / "game" / "levels" / "daily.py").is_file():
        entries += daily.catalog_entries(people=False)
    out: list[Marked] = []
    for text, where in entries:
        source, _, part = where.partition(": ")
        out.append(Marked(text, None, None, [source], [f"level file: {part}"] if part else []))
    return out


def python_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "game").rglob("*.py") if "__pycache__" not in p.parts)


# ----------------------------------------------------------------------------- catalogs


def _location(reference: str) -> tuple[str, int | None]:
    name, _, line = reference.rpartition(":")
    return (name, int(line)) if name and line.isdigit() else (reference, None)


def template(messages: Sequence[Marked]) -> StableCatalog:
    catalog = new_catalog(None)
    for m in messages:
        catalog.add(
            m.msgid if m.plural is None else (m.msgid, m.plural),
            string="" if m.plural is None else ("", ""),
            locations=[_location(r) for r in m.references],
            auto_comments=m.notes,
            context=m.context,
        )
    return catalog


def keep_places(pot: Catalog, old: Catalog) -> None:
    """Give each message the references the old template has for it when they name the same
    files (only lines moved), so moving code rewrites no catalog."""
    for message in pot:
        if not message.id:
            continue
        before = old.get(message.id, message.context)
        if before is None:
            continue
        if sorted(f for f, _ in before.locations) == sorted(f for f, _ in message.locations):
            message.locations = list(before.locations)


def _forms(value: str | Sequence[str] | None) -> list[str]:
    """A Babel message's id or string as a list: one item, or one per plural form."""
    return [value] if isinstance(value, str) else list(value or ())


def _plural(message_id: str | Sequence[str]) -> str | None:
    return None if isinstance(message_id, str) else message_id[1]


def merge(pot: Catalog, old: Catalog | None, language: str) -> StableCatalog:
    """Language ``language``'s catalog for the template, keeping ``old``'s translations."""
    catalog = old if isinstance(old, StableCatalog) else new_catalog(language)
    catalog.mime_headers = [("Plural-Forms", i18n.PLURAL_FORMS[language])]
    wanted = {(m.context, _forms(m.id)[0]) for m in pot if m.id}
    # A string that comes back takes its obsolete entry (and translation) back.
    for obsolete_key, message in list(catalog.obsolete.items()):
        if (message.context, _forms(message.id)[0]) in wanted:
            del catalog.obsolete[obsolete_key]
            catalog[message.id] = message
    plurals_before = {(m.context, _forms(m.id)[0]): _plural(m.id) for m in catalog if m.id}
    # A copy: Catalog.update adds the template's own Message objects for new strings.
    catalog.update(copy.deepcopy(pot), no_fuzzy_matching=True)
    nplurals = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        key = (message.context, _forms(message.id)[0])
        plural = _plural(message.id)
        if plural is not None:
            message.string = tuple((_forms(message.string) + [""] * nplurals)[:nplurals])
        before = plurals_before.get(key, plural)
        if before != plural and any(_forms(message.string)):
            message.flags.add("fuzzy")
    catalog.obsolete = {k: m for k, m in catalog.obsolete.items() if any(_forms(m.string))}
    for message in catalog.obsolete.values():
        message.locations, message.auto_comments = [], []
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The live messages the game cannot show translated (empty, partly empty or fuzzy)."""
    return [
        _forms(m.id)[0]
        for m in catalog
        if m.id and (m.fuzzy or not all(f.strip() for f in _forms(m.string)))
    ]


# ------------------------------------------------------------------ translations from JSON

# (context, msgid) -> {"plural": English plural or None, code: one form or a list of forms}
Translations = dict[Key, dict[str, object]]


def load_translations(paths: Sequence[Path]) -> tuple[Translations, list[str]]:
    """The translations of JSON files (see the module's notes), and warnings for what is
    malformed or given twice with different words (the first file's stay)."""
    found: Translations = {}
    warnings: list[str] = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ExtractError(f"{path}: cannot read translations: {error}") from None
        if not isinstance(data, dict):
            raise ExtractError(f"{path}: translations must be an object keyed by msgid")
        for msgid, value in data.items():
            items = value if isinstance(value, list) else [value]
            for item in items:
                if not isinstance(item, dict):
                    warnings.append(f"{path}: {msgid!r}: not an object: skipped")
                    continue
                context = item.get("context")
                if context is not None and not isinstance(context, str):
                    warnings.append(f"{path}: {msgid!r}: context is not text: skipped")
                    continue
                key = (context, str(msgid))
                known = found.get(key)
                if known is None:
                    found[key] = dict(item)
                    continue
                for code, words in item.items():
                    if code not in known:
                        known[code] = words
                    elif known[code] != words:
                        warnings.append(f"{path}: {msgid!r} [{code}]: given twice: first kept")
    return found, warnings


def _placeholders(text: str) -> set[str]:
    return set(BRACE_RE.findall(text))


def fill(catalog: Catalog, translations: Translations, language: str) -> tuple[int, list[str]]:
    """Fill ``catalog``'s empty translations in ``language`` from ``translations`` (in place);
    how many were filled, and warnings for translations refused."""
    nplurals = catalog.num_plurals
    filled = 0
    warnings: list[str] = []
    for entry in catalog:
        if not entry.id or any(_forms(entry.string)):
            continue  # the header, or a translation with words: never overwritten
        msgid, plural = _forms(entry.id)[0], _plural(entry.id)
        given = translations.get((entry.context, msgid))
        if given is None or language not in given:
            continue
        words = given[language]
        where = f"{msgid!r} [{language}]"
        wanted = _placeholders(msgid)
        if plural is None:
            if not isinstance(words, str):
                warnings.append(f"{where}: not plural: give one string")
                continue
            forms = [words]
        else:
            wanted |= _placeholders(plural)
            english = given.get("plural")
            if english is not None and english != plural:
                warnings.append(f"{where}: plural {english!r} is not {plural!r}")
                continue
            if not isinstance(words, list) or not all(isinstance(f, str) for f in words):
                warnings.append(f"{where}: plural: give a list of {nplurals} forms")
                continue
            if len(words) != nplurals:
                warnings.append(f"{where}: {len(words)} forms, the language has {nplurals}")
                continue
            forms = list(words)
        if not all(f.strip() for f in forms):
            continue  # still empty: nothing to fill
        if any(_placeholders(f) != wanted for f in forms):
            warnings.append(f"{where}: placeholders differ from the English {sorted(wanted)}")
            continue
        entry.string = forms[0] if plural is None else tuple(forms)
        filled += 1
    return filled, warnings


def _unknown_languages(translations: Translations) -> list[str]:
    codes = set(i18n.LANGUAGES) - {i18n.DEFAULT}
    out = []
    for (context, msgid), given in translations.items():
        for code in given:
            if code not in codes and code not in ("plural", "context"):
                out.append(f"{msgid!r} ({context}): no language {code!r}: skipped")
    return out


# ----------------------------------------------------------------------------- the command


def _warn(warnings: Iterable[str]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def run(
    root: Path,
    *,
    check: bool = False,
    levels: bool = True,
    quiet: bool = False,
    translations: Sequence[Path] = (),
    renumber: bool = False,
) -> int:
    messages, warnings = collect(python_files(root), root, level_messages(root) if levels else [])
    _warn(warnings)
    locale = root / "assets" / "locale"
    pot_path = locale / f"{i18n.DOMAIN}.pot"
    pot = template(messages)
    if not renumber and pot_path.is_file():
        try:
            keep_places(pot, read_catalog(pot_path))
        except (PoFileError, ValueError) as error:  # remade below: only its lines are lost
            _warn([f"{pot_path.relative_to(root)}: {error}: every reference's line written anew"])
    given: Translations = {}
    if translations:
        given, warnings = load_translations(translations)
        used = {m.key for m in messages}
        _warn(warnings + _unknown_languages(given))
        _warn(f"{m!r} ({c}): not in the code: skipped" for c, m in given if (c, m) not in used)
    outputs: dict[Path, str] = {pot_path: format_po(pot)}
    incomplete: dict[str, list[str]] = {}
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT:
            continue
        path = locale / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        merged = merge(pot, read_catalog(path, code) if path.is_file() else None, code)
        if given:
            filled, warns = fill(merged, given, code)
            _warn(warns)
            if not quiet:
                print(f"{code}: {filled} filled from the translation files", file=sys.stderr)
        outputs[path] = format_po(merged)
        missing = untranslated(merged)
        if missing:
            incomplete[code] = missing
        if not quiet:
            print(f"{code}: {len(pot) - len(missing)}/{len(pot)} translated", file=sys.stderr)
    stale = [p for p, text in outputs.items() if not p.is_file() or p.read_text("utf-8") != text]
    if check:
        # Only what the catalogs say counts, not where the code says it: lines move all the time.
        stale = [
            p
            for p in stale
            if not p.is_file() or _unplaced(p.read_text("utf-8")) != _unplaced(outputs[p])
        ]
        for path in stale:
            print(f"out of date: {path.relative_to(root)}", file=sys.stderr)
        for code, missing in incomplete.items():
            shown = ", ".join(repr(m) for m in missing[:5]) + (", ..." if len(missing) > 5 else "")
            print(f"{code}: {len(missing)} without a translation: {shown}", file=sys.stderr)
        return 1 if stale or incomplete else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(outputs[path], encoding="utf-8")
        if not quiet:
            print(f"wrote {path.relative_to(root)}", file=sys.stderr)
    if not quiet:
        print(f"{len(messages)} messages", file=sys.stderr)
    return 0


def _unplaced(text: str) -> str:
    """A catalog without its ``#:`` reference lines."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("#:"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if stale or incomplete"
    )
    parser.add_argument(
        "--no-levels",
        dest="levels",
        action="store_false",
        help="leave out the level files' texts",
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: here)")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument(
        "--renumber",
        action="store_true",
        help="write every reference's current line (by default a message whose references "
        "name the same files keeps the lines the template has)",
    )
    parser.add_argument(
        "--translations",
        type=Path,
        action="append",
        default=[],
        metavar="FILE.json",
        help="fill empty translations from this JSON file (may be given more than once)",
    )
    args = parser.parse_args(argv)
    try:
        return run(
            args.root.resolve(),
            check=args.check,
            levels=args.levels,
            quiet=args.quiet,
            translations=args.translations,
            renumber=args.renumber,
        )
    except (ExtractError, PoFileError, SyntaxError, OSError, ValueError) as error:
        print(f"i18n_extract: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
