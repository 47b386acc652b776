"""One match being played on screen: the rules' state, who sits where, and the computer seats."""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from game.ai.base import PERSONAS, Persona
from game.i18n import _, pgettext
from game.match.runner import InlineRunner, ProcessRunner, SeatRunner
from game.rules import END_TURN, PLAY, Action, GameState, Observation, Rules
from game.rules import events as ev
from game.rules.record import (
    Record,
    RecordWriter,
    parse_record,
    replay_before,
    replay_steps,
    turn_starts,
)
from game.store.values import MatchMode

if TYPE_CHECKING:
    from game.ai.simple import Seat
    from game.levels import Level
    from game.levels.daily import DailyTable
    from game.match.keeper import Outcome

OPPONENT_NAMES = (
    "Ana",
    "Bo",
    "Cy",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hana",
    "Ivo",
    "Juno",
    "Kai",
    "Lea",
    "Max",
)

# Seat kinds in the order a menu offers them, with their English words (kind_label gives
# them in the player's language, with the catalog's "opponent" context).
KIND_LABELS: dict[str, str] = {
    "easy": "Easy",
    "normal": "Normal",
    "hard": "Hard",
    "greedy": "Greedy",
    "random": "Random",
}
# Seat kinds for the tools alone (simulate, tournament), never offered at a table.
TOOL_KINDS = frozenset({"coach"})
# Seat kinds from the weakest to the strongest.
STRENGTH: tuple[str, ...] = ("random", "easy", "greedy", "normal", "hard")
# The person's own seat: the English default, translated when the match is made.
YOU = "You"


def opponent_kinds() -> list[str]:
    """The seat kinds the AI offers now (new levels appear here once registered)."""
    from game.ai.simple import SEAT_KINDS

    known = [k for k in KIND_LABELS if k in SEAT_KINDS]
    return known + sorted(k for k in SEAT_KINDS if k not in KIND_LABELS and k not in TOOL_KINDS)


def default_opponent() -> str:
    kinds = opponent_kinds()
    for kind in ("normal", "greedy"):
        if kind in kinds:
            return kind
    return kinds[0]


def kind_label(kind: str) -> str:
    """A seat kind as a player reads it, in the current language."""
    # Literal calls (not a table) so the catalog extractor sees each word with its context.
    labels = {
        "easy": pgettext("opponent", "Easy"),
        "normal": pgettext("opponent", "Normal"),
        "hard": pgettext("opponent", "Hard"),
        "greedy": pgettext("opponent", "Greedy"),
        "random": pgettext("opponent", "Random"),
    }
    return labels.get(kind, kind.replace("_", " ").capitalize())


def your_name(you: str = YOU) -> str:
    """The person's name at the table: "You" in the current language, or a name given."""
    return _("You") if you == YOU else you


def person_name(seat: int) -> str:
    """A person's name when several share the device."""
    return _("Player {n}").format(n=seat + 1)


@dataclass(frozen=True)
class MatchConfig:
    players: int = 4
    rules: Rules = Rules()
    opponent: str = ""
    seed: int | None = None
    you: str = YOU
    humans: int = 1  # people at this device (pass and play when more than one): seats 0..n-1
    level: Level | None = None  # a table of the ladder (or the daily table's): seats and names
    daily: DailyTable | None = None  # the day's table, when this is the daily match
    ladder: tuple[Level, ...] | None = None  # the ladder the level is on (None: levels/)
    practice: bool = False  # the Practice table: take-backs always on (see Session.undo)
    mode: MatchMode = MatchMode.QUICK  # quick play or a custom table (game.store.recent)

    @staticmethod
    def for_level(
        level: Level, seed: int | None = None, ladder: Sequence[Level] | None = None
    ) -> MatchConfig:
        """A match at a ladder table: its players, rules and fixed deal (if it has one)."""
        return MatchConfig(
            level.players,
            level.rules(),
            strongest(level.playable_kinds),
            level.seed if level.seed is not None else seed,
            level=level,
            ladder=tuple(ladder) if ladder is not None else None,
        )

    @staticmethod
    def for_daily(table: DailyTable) -> MatchConfig:
        """The day's match: the daily table's seats, rules and seed."""
        return dataclasses.replace(MatchConfig.for_level(table.level, table.seed), daily=table)

    def names(self) -> tuple[str, ...]:
        if self.level is not None:
            return level_names(self.level, self.you)
        if self.humans > 1:
            people = tuple(person_name(i) for i in range(self.humans))
            return (*people, *OPPONENT_NAMES[: self.players - self.humans])
        return (your_name(self.you), *OPPONENT_NAMES[: self.players - 1])


def strongest(kinds: Sequence[str]) -> str:
    """The strongest of a table's seat kinds (the statistics count a level's match under it)."""
    known = [k for k in kinds if k in STRENGTH]
    return max(known, key=STRENGTH.index) if known else (kinds[0] if kinds else default_opponent())


def level_names(level: Level, you: str = YOU) -> tuple[str, ...]:
    """The names at a level's table: yours, then its opponents' (a translator may adapt them)."""
    return (your_name(you), *(_(o.name) for o in level.opponents))


def seat_names(kinds: Sequence[str | None], you: str = YOU) -> tuple[str, ...]:
    """A name per seat: people are "You" (or "Player N" when several share the device);
    computer seats take their level's persona names in turn, then plain names once those
    run out, so no two seats share a name."""
    people = sum(kind is None for kind in kinds)
    names: list[str] = []
    used_per_kind: dict[str, int] = {}
    spare = iter(OPPONENT_NAMES)
    for seat, kind in enumerate(kinds):
        if kind is None:
            names.append(your_name(you) if people == 1 else person_name(seat))
            continue
        personas = PERSONAS.get(kind, ())
        index = used_per_kind.get(kind, 0)
        used_per_kind[kind] = index + 1
        if index < len(personas) and personas[index].name not in names:
            names.append(personas[index].name)
            continue
        fallback = _("Seat {n}").format(n=seat + 1)
        name = next(spare, fallback)
        while name in names:
            name = next(spare, fallback)
        names.append(name)
    return tuple(names)


Listener = Callable[["Session", list[ev.Event]], None]


class Session:
    """The state of one match and the seats that play it. Seat 0 is the person.

    Every change goes through :meth:`start_round` and :meth:`apply`, which keep the match's
    game record (``writer``) and tell the ``listeners`` (the autosave) what happened.
    ``kinds`` names each seat's player: None for a person, else a computer seat kind.
    """

    shown_seat: int | None = 0  # whose hand shows (pass and play: changes turn by turn, or None)

    def __init__(
        self,
        config: MatchConfig,
        *,
        inline: bool = False,
        kinds: Sequence[str | None] | None = None,
        state: GameState | None = None,
        writer: RecordWriter | None = None,
    ) -> None:
        self.config = config
        opponent = config.opponent or default_opponent()
        self.opponent = opponent
        # The ladder table (or the daily table's) this match is played at, if any.
        self.level: Level | None = config.level
        self.daily: DailyTable | None = config.daily
        self.ladder: tuple[Level, ...] | None = config.ladder
        players = state.players if state is not None else config.players
        if kinds is None:
            if self.level is not None:
                kinds = [None, *self.level.playable_kinds]
            else:
                humans = max(1, min(config.humans, players))
                kinds = [None] * humans + [opponent] * (players - humans)
        self.kinds: list[str | None] = list(kinds)
        if state is None:
            seed = config.seed if config.seed is not None else random.randrange(1, 2**31)
            if self.level is not None:
                seed = self.level.match_seed(seed)
                names = level_names(self.level, config.you)
            else:
                names = seat_names(kinds, config.you)
            state = GameState.new(config.rules, config.players, seed, names)
        self.seed = state.seed
        self.state = state
        self.writer = writer if writer is not None else RecordWriter(state)
        self.runner: SeatRunner = (
            InlineRunner(self.kinds, self.seed) if inline else ProcessRunner(self.kinds, self.seed)
        )
        self.round_events: list[ev.Event] = []
        self._pondered = -1  # the record's length when the seats last thought ahead
        self.ended_turn = False  # the last action was END_TURN (which writes no record line)
        self.last_actor: int | None = None  # who made the last change (None: a deal)
        self.listeners: list[Listener] = []
        # Names the match in its saves, so its results are kept once however often the game
        # stops around its end (game.match.keeper); outcome: what keeping them did, once it ended.
        self.match_id = uuid.uuid4().hex
        self.outcome: Outcome | None = None
        # Take-backs: offered (the Practice table, or the setting), and used. A match where
        # one was used is practice: it earns no stars and the statistics do not count it.
        self.take_backs = False
        self.practice = False
        # Which table it is, for Recent matches (a level's, the day's, pass and play: see
        # game.match.kept.match_entry): "quick", "practice" or "custom".
        self.mode = MatchMode.PRACTICE if config.practice else config.mode

    def is_person(self, seat: int) -> bool:
        return self.kinds[seat] is None

    @property
    def pass_and_play(self) -> bool:
        """Several people share this device: each hand shows only to its owner, in turn."""
        return sum(kind is None for kind in self.kinds) > 1

    @property
    def person(self) -> int | None:
        """The one person's seat (None when several people share the device, or none)."""
        people = [seat for seat, kind in enumerate(self.kinds) if kind is None]
        return people[0] if len(people) == 1 else None

    @property
    def undo_offered(self) -> bool:
        """Take-backs are on for this match, and allowed at its table: never in pass and play
        (taking back would show the other person's move) nor at the daily table."""
        return (
            self.take_backs
            and self.person is not None
            and self.daily is None
            and not self.state.match_over
        )

    def ponder(self) -> None:
        """While the person or a computer seat decides: each computer seat is shown its own
        view of the table, once a position, to think ahead on (Hard does: game.ai.ponder;
        take-backs keep the seats' choices fixed, so they do not). The seat to move is shown
        it too, after its request: in the rest of its pause it thinks about its own next step
        when its turn goes on."""
        key = len(self.writer.lines)
        if self.moment is not None or self._pondered == key or self.state.phase != PLAY:
            return
        self._pondered = key
        for seat, kind in enumerate(self.kinds):
            if kind == "hard":
                self.runner.ponder(seat, self.state.observation(seat))

    @property
    def moment(self) -> int | None:
        """Where the match is, for the computer seats' choices (see ``SeatRunner.request``):
        with take-backs on, a choice depends only on the seed and the record so far, so the
        computer replies the same way to the same move after a take-back."""
        return len(self.writer.lines) if self.take_backs else None

    def undo_point(self) -> int | None:
        """How many record lines (after the match line) stand before the person's last turn
        (the one being played, or else the last one played); None when there is none."""
        seat = self.person
        if not self.undo_offered or seat is None:
            return None
        starts = turn_starts(parse_record(self.writer.text()), seat)
        return starts[-1] if starts else None

    def undo(self) -> bool:
        """Take back the person's last turn: the match goes back to the moment before it,
        computer moves since included, by replaying the record up to there (never by undoing
        moves), and the record is cut to match. The listeners (the autosave) are told.
        False when there is nothing to take back."""
        count = self.undo_point()
        seat = self.person
        if count is None or seat is None:
            return False
        record = parse_record(self.writer.text())
        state, ended = replay_before(record, count, seat)
        self.runner.rewind(self._decisions_in_round(record, count, state.round_number))
        self.state = state
        del self.writer.lines[1 + count :]
        self.ended_turn = ended
        self.round_events = []
        self.practice = True
        self.last_actor = seat  # the person took a turn back
        self._changed([])
        return True

    def _decisions_in_round(
        self, record: Record, count: int, round_number: int
    ) -> list[tuple[int, Observation]]:
        """What each computer seat saw at its decisions in round ``round_number`` before the
        record's line ``count``, in order (a seat rebuilt after a take-back is shown them)."""
        seen: list[tuple[int, Observation]] = []
        if count <= 0:
            return seen
        for state, step in replay_steps(dataclasses.replace(record, lines=record.lines[:count])):
            if state.round_number != round_number or state.phase != PLAY:
                continue
            if step.kind in ("round", "engine", "draw", "play", "pass"):
                seat = state.current
                if self.kinds[seat] is not None:
                    seen.append((seat, state.observation(seat)))
        return seen

    def persona(self, seat: int) -> Persona | None:
        """The computer seat's persona (its name and style at the table), or None.

        At a level's table the level names each opponent and its style (an English msgid, to
        be translated where it is drawn); elsewhere the AI's own personas do."""
        kind = self.kinds[seat]
        if kind is None:
            return None
        name = self.state.names[seat]
        level = self.level
        if level is not None and 1 <= seat <= len(level.opponents):
            opponent = level.opponents[seat - 1]
            return Persona(opponent.ai, name, opponent.style)
        return next((p for p in PERSONAS.get(kind, ()) if p.name == name), None)

    def table_meta(self) -> dict[str, str]:
        """What a save must add to its meta to keep this match's table: ``{"level": id}``,
        ``{"daily": "YYYY-MM-DD"}``, or nothing for a match of no level."""
        if self.daily is not None:
            return {"daily": self.daily.key}
        if self.level is not None:
            return {"level": self.level.id}
        return {}

    def restore_table(self, meta: Mapping[str, Any], levels: Sequence[Level] | None = None) -> None:
        """Take back the table a save's meta names (see :meth:`table_meta`); a level id that no
        level has any more, or a malformed day, leaves the match a plain one."""
        day = meta.get("daily")
        if isinstance(day, str):
            from game.levels.daily import daily_table

            try:
                table = daily_table(date.fromisoformat(day))
            except ValueError:
                return
            self.daily, self.level = table, table.level
            return
        level_id = meta.get("level")
        if isinstance(level_id, str):
            if levels is None:
                from game.levels import load_levels

                levels = load_levels()[0]
            self.level = next((lv for lv in levels if lv.id == level_id), None)
            self.ladder = tuple(levels) if self.level is not None else None

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def names(self) -> tuple[str, ...]:
        return self.state.names

    def start_round(self) -> list[ev.Event]:
        if self.pass_and_play:
            self.shown_seat = None  # no hand shows during the deal; the cover picks the next one
        self.round_events = self.state.start_round()
        self.ended_turn = False
        self.last_actor = None
        self._changed(self.round_events)
        return self.round_events

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply an action the rules accept (IllegalActionError otherwise); its events."""
        self.last_actor = self.state.current
        events = self.state.apply(action)
        self.ended_turn = action == END_TURN
        self._changed(events)
        return events

    def _changed(self, events: list[ev.Event]) -> None:
        self.writer.add(events)
        for listener in list(self.listeners):
            listener(self, events)

    def play_out(self, seats: Sequence[Seat]) -> None:
        """Play the rest of the match off screen, ``seats[s]`` choosing seat s's actions, through
        :meth:`start_round` and :meth:`apply` (so the record and the listeners see each one)."""
        from game.match.playout import play_out

        play_out(self.state, seats, start_round=self.start_round, apply=self.apply)

    def close(self) -> None:
        self.runner.close()
