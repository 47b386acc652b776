"""Collect the game's translatable strings into the template and merge them into each catalog.

    python tools/i18n_extract.py            # write assets/locale/mexican_train.pot, update .po
    python tools/i18n_extract.py --check    # change nothing; exit 1 if a catalog is out of date
                                            # (moved references alone do not count)
    python tools/i18n_extract.py --renumber # also bring every reference's line up to date
    python tools/i18n_extract.py --no-levels  # leave out the level files' texts (game.levels),
                                              # which a player sees on the ladder screen
    python tools/i18n_extract.py --translations more.json [--translations other.json]
                                            # also fill empty translations from JSON files

Every ``_("...")``, ``gettext("...")``, ``N_("...")``, ``ngettext("...", "...", n)``,
``pgettext("ctx", "...")`` and ``npgettext("ctx", "...", "...", n)`` call under ``game/`` (read
with the ``ast`` module, so only literal strings count; others are reported) becomes a catalog
entry with its ``file:line`` references. A ``# Translators:`` comment on the lines just above a
call goes into the entry as a ``#.`` note. A message whose references still name the same files
keeps the lines the template already gives (code moving within a file changes no catalog, so a
run on a clean checkout changes nothing); ``--renumber`` writes every reference's current line.

Merging keeps every existing translation, updates references and notes, adds new entries with
an empty translation, and marks entries the code no longer uses obsolete (``#~``, translation
kept, so a string that comes back gets its translation back).

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
import ast
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402
from game.i18n import PoEntry  # noqa: E402

# call name -> the roles of its leading literal arguments
KEYWORDS: dict[str, tuple[str, ...]] = {
    "_": ("msgid",),
    "gettext": ("msgid",),
    "N_": ("msgid",),
    "ngettext": ("msgid", "plural"),
    "pgettext": ("context", "msgid"),
    "npgettext": ("context", "msgid", "plural"),
}
BRACE_RE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
WIDTH = 79


@dataclass
class Message:
    msgid: str
    context: str | None = None
    plural: str | None = None
    references: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


class ExtractError(ValueError):
    pass


# ----------------------------------------------------------------------------- reading the code


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _translator_note(lines: Sequence[str], lineno: int) -> str | None:
    """A ``# Translators:`` comment in the comment block right above line ``lineno``."""
    block: list[str] = []
    index = lineno - 2
    while index >= 0 and lines[index].strip().startswith("#"):
        block.insert(0, lines[index].strip().lstrip("#").strip())
        index -= 1
    for i, text in enumerate(block):
        if text.startswith("Translators:"):
            return " ".join(block[i:])
    return None


def extract_source(source: str, filename: str) -> tuple[list[Message], list[str]]:
    """The messages of one Python source, and warnings for calls with non-literal strings."""
    tree = ast.parse(source, filename)
    lines = source.splitlines()
    found: list[Message] = []
    warnings: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        roles = KEYWORDS.get(name or "")
        if roles is None:
            continue
        args = node.args[: len(roles)]
        if len(args) < len(roles) or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
        ):
            warnings.append(f"{filename}:{node.lineno}: {name}() without literal strings: skipped")
            continue
        values = {
            role: str(a.value)
            for role, a in zip(roles, args, strict=True)
            if isinstance(a, ast.Constant)
        }
        message = Message(
            values["msgid"],
            values.get("context"),
            values.get("plural"),
            [f"{filename}:{node.lineno}"],
        )
        note = _translator_note(lines, node.lineno)
        if note:
            message.notes.append(note)
        found.append(message)
    found.sort(key=lambda m: int(m.references[0].rsplit(":", 1)[1]))
    return found, warnings


def collect(
    files: Iterable[Path], root: Path, extra: Iterable[Message] = ()
) -> tuple[list[Message], list[str]]:
    """Messages of every file, merged by (context, msgid), in order of first appearance."""
    merged: dict[tuple[str | None, str], Message] = {}
    warnings: list[str] = []
    sources: list[Message] = []
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
        for ref in message.references:
            if ref not in known.references:
                known.references.append(ref)
        for note in message.notes:
            if note not in known.notes:
                known.notes.append(note)
    return list(merged.values()), warnings


def level_messages(root: Path) -> list[Message]:
    """The texts of the level files under ``root/levels`` and of the daily table (names,
    descriptions, opponents' styles). People's names are left as they are written."""
    from game import daily, levels

    directory = root / "levels"
    if not directory.is_dir():
        return []
    loaded, _errors = levels.load_levels(directory)
    entries = levels.catalog_entries(loaded, people=False)
    if (root / "game" / "daily.py").is_file():
        entries += daily.catalog_entries(people=False)
    out: list[Message] = []
    for text, where in entries:
        source, _, part = where.partition(": ")
        out.append(Message(text, None, None, [source], [f"level file: {part}"] if part else []))
    return out


def python_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "game").rglob("*.py") if "__pycache__" not in p.parts)


# ----------------------------------------------------------------------------- writing catalogs


def _quote_lines(keyword: str, text: str, prefix: str = "") -> list[str]:
    if "\n" in text[:-1]:
        parts = text.splitlines(keepends=True)
        return [f'{prefix}{keyword} ""'] + [f'{prefix}"{i18n.escape(p)}"' for p in parts]
    return [f'{prefix}{keyword} "{i18n.escape(text)}"']


def format_entry(entry: PoEntry) -> str:
    lines: list[str] = []
    lines.extend(f"# {c}".rstrip() for c in entry.comments)
    if not entry.obsolete:
        lines.extend(f"#. {c}" for c in entry.extracted)
        refs = ""
        for ref in entry.references:
            if refs and len(refs) + len(ref) + 1 > WIDTH:
                lines.append(refs)
                refs = ""
            refs = f"{refs} {ref}" if refs else f"#: {ref}"
        if refs:
            lines.append(refs)
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        lines.extend(f"#| {p}" for p in entry.previous)
    prefix = "#~ " if entry.obsolete else ""
    if entry.msgctxt is not None:
        lines.extend(_quote_lines("msgctxt", entry.msgctxt, prefix))
    lines.extend(_quote_lines("msgid", entry.msgid, prefix))
    if entry.msgid_plural is not None:
        lines.extend(_quote_lines("msgid_plural", entry.msgid_plural, prefix))
        for i, form in enumerate(entry.msgstr):
            lines.extend(_quote_lines(f"msgstr[{i}]", form, prefix))
    else:
        lines.extend(_quote_lines("msgstr", entry.msgstr[0] if entry.msgstr else "", prefix))
    return "\n".join(lines)


def format_po(entries: Sequence[PoEntry]) -> str:
    return "\n\n".join(format_entry(e) for e in entries) + "\n"


def header_entry(language: str | None) -> PoEntry:
    fields = [
        "Project-Id-Version: mexican-train",
        "Report-Msgid-Bugs-To: ",
        f"Language: {language or ''}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        "Plural-Forms: "
        + (i18n.PLURAL_FORMS[language] if language else "nplurals=INTEGER; plural=EXPRESSION;"),
    ]
    if language is None:
        comments = ["Template of the Mexican Train catalogs: made by tools/i18n_extract.py."]
        flags = ["fuzzy"]
    else:
        name = i18n.LANGUAGES.get(language, language)
        comments = [f"{name} ({language}) catalog of Mexican Train, written for this game."]
        flags = []
    return PoEntry(
        msgid="",
        msgstr=["".join(f"{f}\n" for f in fields)],
        comments=comments,
        flags=flags,
    )


def _flags_for(message: Message) -> list[str]:
    texts = [message.msgid] + ([message.plural] if message.plural else [])
    return ["python-brace-format"] if any(BRACE_RE.search(t) for t in texts) else []


def template(messages: Sequence[Message]) -> list[PoEntry]:
    entries = [header_entry(None)]
    for m in messages:
        entries.append(
            PoEntry(
                msgid=m.msgid,
                msgstr=["", ""] if m.plural is not None else [""],
                msgctxt=m.context,
                msgid_plural=m.plural,
                extracted=list(m.notes),
                references=list(m.references),
                flags=_flags_for(m),
            )
        )
    return entries


def merge(
    template_entries: Sequence[PoEntry], old: Sequence[PoEntry], language: str
) -> list[PoEntry]:
    """Language ``language``'s catalog for the template, keeping ``old``'s translations."""
    nplurals = i18n.parse_plural_forms(i18n.PLURAL_FORMS[language])[0]
    known = {e.key: e for e in old if e.msgid != "" or e.msgctxt is not None}
    old_header = next((e for e in old if e.msgid == "" and e.msgctxt is None), None)
    header = header_entry(language)
    if old_header is not None:
        header.comments = old_header.comments or header.comments
        headers = i18n.parse_header(old_header.msgstr[0])
        fields = i18n.parse_header(header.msgstr[0])
        for name, value in headers.items():
            if name not in fields:
                fields[name] = value  # e.g. Last-Translator, kept
        fields["Plural-Forms"] = i18n.PLURAL_FORMS[language]
        header.msgstr = ["".join(f"{k}: {v}\n" for k, v in fields.items())]
    out = [header]
    used: set[tuple[str | None, str]] = set()
    for t in template_entries:
        if t.msgid == "" and t.msgctxt is None:
            continue
        used.add(t.key)
        entry = PoEntry(
            msgid=t.msgid,
            msgctxt=t.msgctxt,
            msgid_plural=t.msgid_plural,
            extracted=list(t.extracted),
            references=list(t.references),
            flags=list(t.flags),
        )
        before = known.get(t.key)
        if t.msgid_plural is None:
            entry.msgstr = [before.msgstr[0] if before is not None and before.msgstr else ""]
            stale = before is not None and before.msgid_plural is not None
        else:
            forms = list(before.msgstr) if before is not None else []
            entry.msgstr = (forms + [""] * nplurals)[:nplurals]
            stale = before is not None and before.msgid_plural != t.msgid_plural
        if before is not None:
            entry.comments = list(before.comments)
            if before.fuzzy or (stale and any(entry.msgstr)):
                entry.flags.append("fuzzy")
        out.append(entry)
    for e in old:
        if e.key in used or (e.msgid == "" and e.msgctxt is None):
            continue
        if not any(e.msgstr):
            continue  # nothing worth keeping
        out.append(
            PoEntry(
                msgid=e.msgid,
                msgstr=list(e.msgstr),
                msgctxt=e.msgctxt,
                msgid_plural=e.msgid_plural,
                comments=list(e.comments),
                obsolete=True,
            )
        )
    return out


# ------------------------------------------------------------------ translations from JSON

# (context, msgid) -> {"plural": English plural or None, code: one form or a list of forms}
Translations = dict[tuple[str | None, str], dict[str, object]]


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


def fill(
    entries: Sequence[PoEntry], translations: Translations, language: str
) -> tuple[int, list[str]]:
    """Fill ``entries``' empty translations in ``language`` from ``translations`` (in place);
    how many were filled, and warnings for translations refused."""
    nplurals = i18n.parse_plural_forms(i18n.PLURAL_FORMS[language])[0]
    filled = 0
    warnings: list[str] = []
    for entry in entries:
        if entry.obsolete or (entry.msgid == "" and entry.msgctxt is None):
            continue
        if any(entry.msgstr):
            continue  # a translation with words is never overwritten
        given = translations.get(entry.key)
        if given is None or language not in given:
            continue
        words = given[language]
        where = f"{entry.msgid!r} [{language}]"
        wanted = _placeholders(entry.msgid)
        if entry.msgid_plural is None:
            if not isinstance(words, str):
                warnings.append(f"{where}: not plural: give one string")
                continue
            forms = [words]
        else:
            wanted |= _placeholders(entry.msgid_plural)
            plural = given.get("plural")
            if plural is not None and plural != entry.msgid_plural:
                warnings.append(f"{where}: plural {plural!r} is not {entry.msgid_plural!r}")
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
        entry.msgstr = forms
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


def run(
    root: Path,
    *,
    check: bool = False,
    levels: bool = True,
    quiet: bool = False,
    translations: Sequence[Path] = (),
    renumber: bool = False,
) -> int:
    files = python_files(root)
    extra = level_messages(root) if levels else []
    messages, warnings = collect(files, root, extra)
    locale = root / "assets" / "locale"
    old_template = locale / f"{i18n.DOMAIN}.pot"
    if not renumber and old_template.is_file():
        keep_places(messages, i18n.parse_po(old_template.read_text("utf-8"), str(old_template)))
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    given: Translations = {}
    if translations:
        given, warns = load_translations(translations)
        warnings = warns + _unknown_languages(given)
        used = {m.key for m in messages}
        warnings += [
            f"{m!r} ({c}): not in the code: skipped" for c, m in given if (c, m) not in used
        ]
        for warning in warnings:
            print(f"warning: {warning}", file=sys.stderr)
    pot = template(messages)
    outputs: dict[Path, str] = {locale / f"{i18n.DOMAIN}.pot": format_po(pot)}
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT:
            continue
        path = locale / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        old = i18n.parse_po(path.read_text(encoding="utf-8"), str(path)) if path.is_file() else []
        merged = merge(pot, old, code)
        if given:
            filled, warns = fill(merged, given, code)
            for warning in warns:
                print(f"warning: {warning}", file=sys.stderr)
            if not quiet:
                print(f"{code}: {filled} filled from the translation files", file=sys.stderr)
        outputs[path] = format_po(merged)
        if not quiet:
            live = [e for e in merged[1:] if not e.obsolete]
            done = sum(1 for e in live if e.translated)
            print(f"{code}: {done}/{len(live)} translated", file=sys.stderr)
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
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(outputs[path], encoding="utf-8")
        if not quiet:
            print(f"wrote {path.relative_to(root)}", file=sys.stderr)
    if not quiet:
        print(f"{len(messages)} messages", file=sys.stderr)
    return 0


def keep_places(messages: Sequence[Message], old: Sequence[PoEntry]) -> None:
    """Give each message the references the old template has for it when they name the same
    files in the same order (only lines moved), so moving code rewrites no catalog."""
    known = {e.key: e for e in old if e.msgid != "" or e.msgctxt is not None}

    def files(references: Sequence[str]) -> list[str]:
        return [ref.rsplit(":", 1)[0] for ref in references]

    for message in messages:
        before = known.get(message.key)
        if before is not None and files(before.references) == files(message.references):
            message.references = list(before.references)


def _unplaced(text: str) -> str:
    """A catalog without its ``#:`` reference lines."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("#:"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
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
    except (ExtractError, i18n.PoError, SyntaxError) as error:
        print(f"i18n_extract: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
