"""The "How to play" page: each language's rules file, assembled for a table's rules."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from game.i18n.catalog import IntFn
from game.i18n.files import rules_path
from game.i18n.language import DEFAULT, LANGUAGES, current_language, load_catalog
from game.i18n.phrases import deal_problem

if TYPE_CHECKING:  # imported where used: the menu's first frame needs no rules
    from game.rules import Rules


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


def forget_rules_texts() -> None:
    """Read the rules pages anew when next used (after editing a file)."""
    _rules_texts.clear()


def rules_document(code: str | None = None) -> RulesText:
    """The rules page of a language (English blocks fill any gap), cached."""
    code = code or current_language()
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
