"""A kept match's entry in ``recent/`` (what the list shows): :func:`entry_from_json` checks
its every field, :func:`index_from_json` the folder's index. The files themselves are read
through :mod:`game.store.data_files`, the data folder's one checked reader (see
:mod:`game.store.recent`).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.i18n import N_, _, ngettext, translate
from game.store.home import FORMAT_PREFIX, check_name
from game.store.values import MODES, MatchMode, is_int

MAX_RECENT = 20
RECENT_VERSION = 1
MAX_JSON_NESTING = 16  # a review nests 7 deep, an entry 3: deeper is not ours
_KEY = re.compile(r"[A-Za-z0-9_-]{1,80}")
_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})?")
_DIGEST = re.compile(r"(?:[0-9a-f]{40})?")
_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


def file_key(match_id: str) -> str:
    """A match id as a file name: itself when it is plain letters, digits, - and _ (the
    game's ids are), else a digest of it.

    >>> file_key("3f2a9c")
    '3f2a9c'
    >>> file_key("a:b") == file_key("a:b") != "a:b"
    True
    """
    if _KEY.fullmatch(match_id):
        return match_id
    return "id-" + hashlib.sha1(match_id.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class RecentMatch:
    """One kept match, as its entry says."""

    key: str
    match: str
    order: int
    ended: str  # UTC, "YYYY-MM-DDTHH:MM:SSZ"
    mode: MatchMode
    level: str
    day: str
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    people: tuple[int, ...]
    players: int
    set_size: int
    preset: str
    rounds: int
    scoring: str
    practice: bool
    folder: Path
    digest: str = ""  # the SHA-1 of its record's text (entries kept before it was written: "")

    @property
    def record_path(self) -> Path:
        return self.folder / f"{self.key}.jsonl"

    @property
    def review_path(self) -> Path:
        return self.folder / f"{self.key}.review.json"

    @property
    def seat(self) -> int:
        """The seat a review looks at: the person's (the first person's in pass and play)."""
        return self.people[0] if self.people else 0

    def place(self, seat: int) -> int:
        """1 for a winner; else 1 + the seats placed before it (winners, then better totals)."""
        if seat in self.winners:
            return 1
        lower = self.scoring == "penalty"
        mine = self.totals[seat]
        better = sum(
            1
            for other, total in enumerate(self.totals)
            if other != seat
            and (other in self.winners or (total < mine if lower else total > mine))
        )
        return better + 1

    # ---------------------------------------------------------------- words (drawn now)

    def title(self) -> str:
        """The match's table, in the current language: a level's name, the daily table..."""
        return title_for(self.mode, self.level, self.day)

    def name(self) -> str:
        """Its title and when it ended, e.g. "Quick play · 2026-12-01 08:00"."""
        return f"{self.title()} · {self.when()}"

    def when(self) -> str:
        """When it ended, in local time: "2026-12-01 08:00" (as written, in UTC, when local
        time would fall off the calendar: year 1 west of Greenwich, 9999 east of it)."""
        try:
            moment = datetime.strptime(self.ended, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        except ValueError:
            return self.ended
        with contextlib.suppress(OverflowError, ValueError, OSError):
            moment = moment.astimezone()
        return f"{moment.year:04d}-{moment:%m-%d %H:%M}"  # %Y does not pad year 1 everywhere

    def rules_text(self) -> str:
        """Players, set, rules and rounds, e.g. "4 players · Double-12 set · Standard rules"."""
        parts = [
            ngettext("{n} player", "{n} players", self.players).format(n=self.players),
            _("Double-{n} set").format(n=self.set_size),
            _("Station rules") if self.preset == "station" else _("Standard rules"),
            ngettext("{n} round", "{n} rounds", self.rounds).format(n=self.rounds),
        ]
        if self.scoring == "positive":
            parts.append(_("Highest total wins"))
        return " · ".join(parts)

    def result_text(self) -> str:
        """The person's result: "Won · 42 pts", "Place 2 of 4 · 87 pts"; in pass and play,
        who won."""
        if len(self.people) > 1:
            winners = [self.names[s] for s in self.winners]
            return ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
                names=" · ".join(winners)
            )
        seat = self.seat
        place = self.place(seat)
        if place == 1:
            # Translators: a recent match's result, first place shared with others
            verdict = _("Shared win") if len(self.winners) > 1 else _("Won")
        else:
            # Translators: a recent match's result, e.g. "Place 2 of 4"
            verdict = _("Place {n} of {total}").format(n=place, total=self.players)
        points = _("{n} pts").format(n=self.totals[seat])
        return f"{verdict} · {points}"


def title_for(mode: MatchMode, level: str = "", day: str = "") -> str:
    """A table's title in the current language: a level's name, the daily table of a day,
    quick play, practice, a custom table, pass and play."""
    if mode == MatchMode.LEVEL and level:
        return translate(level)
    if mode == MatchMode.DAILY:
        if not day:
            return _("Daily table")
        # Translators: the daily table of a day; {date} is the day as YYYY-MM-DD
        return _("Daily table of {date}").format(date=day)
    words = {
        MatchMode.QUICK: N_("Quick play"),
        MatchMode.PRACTICE: N_("Practice"),
        MatchMode.CUSTOM: N_("Custom table"),
        MatchMode.PASS_AND_PLAY: N_("Pass and play"),
    }
    return translate(words.get(mode, N_("Quick play")))


class Bad(ValueError):
    """An entry that is not one: ``msgid`` says why (English, translated when shown)."""

    def __init__(self, msgid: str) -> None:
        super().__init__(msgid)
        self.msgid = msgid


FIELDS = N_("its fields are wrong")
LINK = N_("it is a link, which is not followed")
OTHER_MATCH = N_("its game record is of another match")
# English reasons this module writes, translated when shown (others are the system's words).
REASONS = frozenset(
    (
        N_("it is not an ordinary file"),
        N_("it is far too big"),
        N_("it is not text"),
        N_("it is not JSON"),
        N_("it is not a JSON object"),
        N_("it is not a recent match"),
        N_("it has no version this game reads"),
        N_("its game record is missing"),
        N_("the record stops before the match's end"),
        FIELDS,
        LINK,
        OTHER_MATCH,
    )
)


def entry_from_json(obj: Any, path: Path) -> RecentMatch:
    if not isinstance(obj, dict):
        raise Bad(N_("it is not a JSON object"))
    if obj.get("format") != FORMAT_PREFIX + "recent":
        raise Bad(N_("it is not a recent match"))
    version = obj.get("version")
    if not is_int(version) or not 1 <= version <= RECENT_VERSION:
        raise Bad(N_("it has no version this game reads"))
    match = obj["match"]
    if not isinstance(match, str) or file_key(match) + ".json" != path.name:
        raise Bad(FIELDS)
    names = tuple(check_name(name) for name in obj["names"])
    players = len(names)
    totals = tuple(_int_of(t) for t in obj["totals"])
    winners = _seats(obj["winners"], players)
    people = _seats(obj["people"], players)
    rules = obj["rules"]
    order = obj["order"]
    ended = obj["ended"]
    mode = obj["mode"]
    level, day = obj.get("level", ""), obj.get("day", "")
    digest = obj.get("record", "")
    if (
        not isinstance(digest, str)
        or not _DIGEST.fullmatch(digest)
        or not 2 <= players <= 14
        or len(totals) != players
        or not winners
        or not is_int(order)
        or not isinstance(ended, str)
        or not _STAMP.fullmatch(ended)
        or mode not in MODES
        or not isinstance(level, str)
        or len(level) > 200
        or not isinstance(day, str)
        or not _DAY.fullmatch(day)
        or not isinstance(rules, dict)
        or rules.get("preset") not in ("standard", "station")
        or rules.get("scoring") not in ("penalty", "positive")
        or rules.get("players") != players
    ):
        raise Bad(FIELDS)
    set_size, rounds = _int_of(rules["set"]), _int_of(rules["rounds"])
    if not (6 <= set_size <= 18 and 1 <= rounds <= 19):
        raise Bad(FIELDS)
    return RecentMatch(
        key=path.stem,
        match=match,
        order=order,
        ended=ended,
        mode=MatchMode(mode),
        level=level,
        day=day,
        names=names,
        totals=totals,
        winners=winners,
        people=people,
        players=players,
        set_size=set_size,
        preset=rules["preset"],
        rounds=rounds,
        scoring=rules["scoring"],
        practice=obj.get("practice") is True,
        folder=path.parent,
        digest=digest,
    )


def _int_of(value: Any) -> int:
    if not is_int(value) or abs(value) > 2**53:
        raise Bad(FIELDS)
    return int(value)


def _seats(value: Any, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(is_int(s) and 0 <= s < players for s in value):
        raise Bad(FIELDS)
    return tuple(sorted(set(value)))


@dataclass
class Index:
    keys: list[str] = field(default_factory=list)  # newest first
    order: int = 0  # the last order given
    pending: str = ""  # a key being kept: its files are the game's


def index_from_json(obj: Any) -> Index:
    """The index's fields checked (ValueError if it is not one)."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT_PREFIX + "recent-index":
        raise ValueError("not an index")
    keys, order, pending = obj["keys"], obj["order"], obj.get("pending", "")
    if (
        not isinstance(keys, list)
        or not all(isinstance(key, str) and _KEY.fullmatch(key) for key in keys)
        or not is_int(order)
        or not 0 <= order <= 2**53
        or not isinstance(pending, str)
        or (pending and not _KEY.fullmatch(pending))
    ):
        raise ValueError("not an index")
    return Index(unique(keys)[:MAX_RECENT], int(order), pending)


def unique(keys: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(keys))
