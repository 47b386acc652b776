"""Game records (docs/RECORD.md): write a match as JSON Lines, read it back, replay it.

Writing: a :class:`RecordWriter` is made from a new match and fed the events of every
``start_round`` and ``apply``; ``text()`` is the record.

Reading: :func:`load_record` parses a record *and* replays it through the rules, refusing the
first broken line with a :class:`RecordError` that names the line number and the reason. It
returns nothing until the whole record has been checked, so nothing half-read reaches the game.
:func:`replay_steps` replays an already loaded record step by step (for the table's replay).

This module turns text into values and back; opening files is the caller's business.

>>> from game.rules import PLAY, GameState, Rules
>>> game = GameState.new(Rules.standard().with_options(set_size=6, rounds=1), 2, seed=3)
>>> writer = RecordWriter(game)
>>> writer.add(game.start_round())
>>> while game.phase == PLAY:
...     writer.add(game.apply(game.legal_actions()[0]))
>>> record, replayed = load_record(writer.text())
>>> replayed.totals == game.totals
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from . import events as ev
from .actions import DRAW, END_TURN, PASS, Action, Play, train_from_name
from .names import check_name
from .options import Rules, RulesError
from .reasons import IllegalActionError
from .record_writer import RECORD_VERSION
from .record_writer import RecordWriter as RecordWriter  # written here, read below
from .state import MATCH_OVER, PLAY, ROUND_OVER, GameState
from .tiles import MAX_NUMBER, Tile


class RecordError(ValueError):
    """A record that breaks the format or the rules, at a line (1-based)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


# ---------------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record: the match line's facts and the lines after it, with line numbers.

    ``lines`` holds the lines the replay needs (line types this version does not know are
    checked and left out); it is empty when the record was only checked (``keep=False``).
    """

    version: int
    players: int
    names: tuple[str, ...]
    rules: Rules
    set_size: int
    seed: int
    lines: tuple[tuple[int, dict[str, Any]], ...]
    last_kind: str = "match"  # the type of the record's last line

    @property
    def complete(self) -> bool:
        """Whether the record goes to its ``match_end`` line (an autosave stops before it)."""
        return self.last_kind == "match_end"

    def __reduce__(self) -> tuple[type[Record], tuple[Any, ...]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (Record, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One line of a record replayed: the action taken (if any) and the events it caused."""

    line: int
    kind: str
    action: Action | None
    events: tuple[ev.Event, ...]

    def __reduce__(self) -> tuple[type[ReplayStep], tuple[Any, ...]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (ReplayStep, (self.line, self.kind, self.action, self.events))


# A real line is at most a few thousand characters (a 14-player double-18 round line is about
# 1,800); the cap leaves room for the format to grow and keeps a runaway line from being parsed.
MAX_LINE_LENGTH = 64 * 1024
# Real lines nest four deep ("hands": [[[0, 3], ...]]); deeper is not a record.
MAX_NESTING = 32


def split_lines(text: str) -> list[str]:
    """A record's lines: split on "\\n" only. JSON Lines strings may hold U+2028, U+0085 and
    other characters that ``str.splitlines`` would break a line at."""
    return text.split("\n")


def parse_line(raw: str, number: int) -> dict[str, Any] | None:
    """One line of a record as a JSON object with a "type", None for a blank line, or
    RecordError naming the line."""
    if len(raw) > MAX_LINE_LENGTH:
        raise RecordError(number, f"the line is longer than {MAX_LINE_LENGTH} characters")
    if not raw.strip():
        return None
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as error:
        raise RecordError(number, f"not valid JSON ({error.msg})") from None
    except RecursionError:
        raise RecordError(number, "the line nests lists or objects too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise RecordError(number, "the line holds a number too long to read") from None
    if not isinstance(obj, dict):
        raise RecordError(number, "a line must be a JSON object")
    if _nesting(obj) > MAX_NESTING:
        raise RecordError(number, "the line nests lists or objects too deeply")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise RecordError(number, 'the line has no "type"')
    return obj


def _nesting(value: Any) -> int:
    """How deep lists and objects nest in a parsed line (without recursion)."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth <= MAX_NESTING:
                pending.extend((child, depth + 1) for child in item)
    return deepest


def _shown(value: Any, limit: int = 40) -> str:
    """A value from the file as a message may quote it: one line, ASCII, short."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (ValueError, RecursionError):
        text = "?"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _parsed_objects(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(lines, start=1):
        obj = parse_line(raw, number)
        if obj is not None:
            yield number, obj


def parse_record(text: str) -> Record:
    """The record's lines as JSON with the match line read (not replayed); RecordError on a
    broken line."""
    objects = _parsed_objects(split_lines(text))
    record = _read_head(objects)
    rest = tuple(objects)
    last_kind = str(rest[-1][1]["type"]) if rest else record.last_kind
    return replace(record, lines=rest, last_kind=last_kind)


def _read_head(objects: Iterator[tuple[int, dict[str, Any]]]) -> Record:
    first = next(objects, None)
    if first is None:
        raise RecordError(1, "the record is empty")
    number, head = first
    if head["type"] != "match":
        raise RecordError(number, 'a record must start with a "match" line')
    version = _int(head, "version", number)
    if version > RECORD_VERSION:
        raise RecordError(
            number, f"record version {version} is newer than this game reads ({RECORD_VERSION})"
        )
    if version < 1:
        raise RecordError(number, f"record version {version} does not exist")
    players = _int(head, "players", number)
    names = head.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError(number, '"names" must be a list of strings')
    for seat, name in enumerate(names):
        problem = check_name(name)
        if problem is not None:
            raise RecordError(number, f"seat {seat}'s name is refused: {problem}")
    if len(names) != players:
        raise RecordError(number, f"{len(names)} names for {players} players")
    rules_obj = head.get("rules")
    if not isinstance(rules_obj, dict):
        raise RecordError(number, '"rules" must be an object')
    set_size = _int(head, "set", number)
    seed = _int(head, "seed", number)
    try:
        rules = Rules.from_dict(rules_obj)
        if rules.set_size is None:
            rules = rules.with_options(set_size=set_size)
        deal = rules.deal_for(players)
    except (RulesError, TypeError) as error:
        raise RecordError(number, f"these rules cannot be played: {error}") from None
    if deal.set_size != set_size:
        raise RecordError(number, f'"set" is {set_size} but the rules deal double-{deal.set_size}')
    return Record(version, players, tuple(names), rules, set_size, seed, ())


def _int(obj: dict[str, Any], key: str, line: int) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(line, f'"{key}" must be a whole number')
    return value


def _ints(obj: dict[str, Any], key: str, line: int) -> list[int]:
    """A list of whole numbers: 10.0 and false are not 10 and 0, whatever Python says."""
    value = obj.get(key)
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RecordError(line, f'"{key}" must be a list of whole numbers')
    return value


def _seat(obj: dict[str, Any], line: int, players: int) -> int:
    seat = _int(obj, "seat", line)
    if not 0 <= seat < players:
        raise RecordError(line, f"there is no seat {seat}")
    return seat


def _tile(value: Any, line: int, set_size: int, what: str = "tile") -> Tile:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RecordError(line, f"{what} must be a pair of numbers like [3, 5]")
    low, high = value
    if low > high:
        raise RecordError(line, f"{what} [{low}, {high}] must be written low number first")
    if low < 0 or high > min(set_size, MAX_NUMBER):
        raise RecordError(line, f"{what} [{low}, {high}] is not in a double-{set_size} set")
    return Tile(low, high)


def _tiles(value: Any, line: int, set_size: int, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise RecordError(line, f"{what} must be a list of tiles")
    return [_tile(v, line, set_size) for v in value]


def replay_steps(record: Record) -> Iterator[tuple[GameState, ReplayStep]]:
    """Replay a record line by line through the rules, yielding the state after each line.

    The same state object is yielded each time (it is the live game). A line that breaks the
    format or the rules raises RecordError; use :func:`load_record` to check a whole record
    before showing any of it.
    """
    return _replay(record, record.lines)


def _replay(
    record: Record, lines: Iterable[tuple[int, dict[str, Any]]]
) -> Iterator[tuple[GameState, ReplayStep]]:
    players = record.players
    set_size = record.set_size
    state = GameState.new(record.rules, players, record.seed, record.names)
    deal_events: list[ev.Event] = []  # the deal's draws and engine, checked line by line
    expect = "round"  # what the next line must be: round, engine, round_end, match_end or play

    for number, obj in lines:
        kind = obj["type"]
        if kind not in _KNOWN:
            if kind == "match":
                raise RecordError(number, 'a second "match" line')
            continue  # a line type this version does not know: the format may grow
        if expect == "done":
            raise RecordError(number, "the match is already over")
        if expect == "engine" and kind not in ("draw", "engine"):
            raise RecordError(number, f'expected the engine to be placed, found "{kind}"')
        if expect in ("round", "round_end", "match_end") and kind != expect:
            raise RecordError(number, f'expected a "{expect}" line, found "{kind}"')
        closing: list[ev.Event] = []
        if expect == "play" and kind == "round_end" and state.in_first_turn_line:
            # The last first-turn line of a round someone went out of ends unwritten.
            closing = state.apply(END_TURN)
            if state.phase != PLAY:
                expect = "round_end"
        if expect == "play" and kind not in ("play", "draw", "pass"):
            raise RecordError(number, f'"{kind}" while the round is still being played')

        if kind == "round":
            events = _start_round(state, obj, number, set_size)
            deal_events = [e for e in events if isinstance(e, ev.EngineDrawn | ev.EnginePlaced)]
            expect = "engine"
            yield state, ReplayStep(number, kind, None, tuple(events))
        elif expect == "engine":
            _check_deal_line(obj, kind, number, players, set_size, deal_events.pop(0))
            if kind == "engine":
                expect = "play"
            yield state, ReplayStep(number, kind, None, ())
        elif kind in ("play", "draw", "pass"):
            action, events = _replay_action(state, obj, kind, number)
            if state.phase != PLAY:
                expect = "round_end"
            yield state, ReplayStep(number, kind, action, tuple(events))
        elif kind == "round_end":
            _check_round_end(state, obj, number, set_size)
            expect = "match_end" if state.phase == MATCH_OVER else "round"
            yield state, ReplayStep(number, kind, END_TURN if closing else None, tuple(closing))
        else:  # match_end
            _check_match_end(state, obj, number)
            expect = "done"
            yield state, ReplayStep(number, kind, None, ())


_KNOWN = frozenset({"round", "engine", "play", "draw", "pass", "round_end", "match_end", "match"})


def _start_round(
    state: GameState, obj: dict[str, Any], number: int, set_size: int
) -> list[ev.Event]:
    expected = state.round_number + 1
    if _int(obj, "round", number) != expected:
        raise RecordError(number, f"round {obj['round']} where round {expected} is next")
    engine = _tile(obj.get("engine"), number, set_size, "engine")
    engine_number = set_size - expected + 1
    if engine != Tile(engine_number, engine_number):
        raise RecordError(number, f"round {expected}'s engine is {engine_number}|{engine_number}")
    hands_obj = obj.get("hands")
    if not isinstance(hands_obj, list):
        raise RecordError(number, '"hands" must be a list of hands')
    hands = [_tiles(h, number, set_size, "a hand") for h in hands_obj]
    boneyard = _tiles(obj.get("boneyard"), number, set_size, '"boneyard"')
    try:
        return state.start_round(hands, boneyard)
    except RulesError as error:
        raise RecordError(number, str(error)) from None


def _check_deal_line(
    obj: dict[str, Any], kind: str, number: int, players: int, set_size: int, want: ev.Event
) -> None:
    seat = _seat(obj, number, players)
    if kind == "draw":
        tile = _tile(obj.get("tile"), number, set_size)
        if not isinstance(want, ev.EngineDrawn):
            raise RecordError(number, "nobody draws now: the engine is ready to be placed")
        if (seat, tile) != (want.seat, want.tile):
            raise RecordError(
                number,
                f"seat {want.seat} draws {want.tile} for the engine here, not seat {seat} {tile}",
            )
    else:
        if not isinstance(want, ev.EnginePlaced):
            raise RecordError(number, "the engine has not come up yet: keep drawing")
        if seat != want.seat:
            raise RecordError(number, f"seat {want.seat} places the engine, not seat {seat}")


def _replay_action(
    state: GameState, obj: dict[str, Any], kind: str, number: int
) -> tuple[Action, list[ev.Event]]:
    players = state.players
    set_size = state.deal.set_size
    seat = _seat(obj, number, players)
    action: Action
    if kind == "play":
        tile = _tile(obj.get("tile"), number, set_size)
        name = obj.get("train")
        train = train_from_name(name, players) if isinstance(name, str) else None
        if train is None:
            raise RecordError(number, f"there is no train {_shown(name)}")
        action = Play(tile, train)
    elif kind == "draw":
        tile = _tile(obj.get("tile"), number, set_size)
        top = state.boneyard_top()
        if top is not None and tile != top:
            raise RecordError(number, f"the boneyard's top tile is {top}, not {tile}")
        action = DRAW
    else:
        action = PASS
    events: list[ev.Event] = []
    if seat != state.current and state.in_first_turn_line:
        events += state.apply(END_TURN)  # a first-turn line ends when the next seat acts
    if seat != state.current:
        raise RecordError(number, f"it is seat {state.current}'s turn, not seat {seat}'s")
    try:
        events += state.apply(action)
    except IllegalActionError as error:
        raise RecordError(number, f"seat {seat} may not {kind}: {error}") from None
    return action, events


def _check_match_end(state: GameState, obj: dict[str, Any], number: int) -> None:
    totals = _ints(obj, "totals", number)
    if totals != state.totals:
        raise RecordError(number, f"the totals are {state.totals}, not {_shown(totals)}")
    winners = _ints(obj, "winners", number)
    if len(set(winners)) != len(winners):
        raise RecordError(number, '"winners" names a seat twice')
    # Tied winners may be listed in any order.
    if set(winners) != set(state.match_winners):
        raise RecordError(
            number, f"the winners are {sorted(state.match_winners)}, not {_shown(winners)}"
        )


def _check_round_end(state: GameState, obj: dict[str, Any], number: int, set_size: int) -> None:
    if _int(obj, "round", number) != state.round_number:
        raise RecordError(
            number, f"round {obj['round']} ends, but this is round {state.round_number}"
        )
    if obj.get("reason") != state.end_reason:
        raise RecordError(
            number, f'the round ended "{state.end_reason}", not {_shown(obj.get("reason"))}'
        )
    hands_obj = obj.get("hands")
    if not isinstance(hands_obj, list):
        raise RecordError(number, '"hands" must be a list of hands')
    hands = [sorted(_tiles(h, number, set_size, "a hand")) for h in hands_obj]
    actual = [sorted(state.hand(s)) for s in range(state.players)]
    if hands != actual:
        raise RecordError(number, "the hands left do not match the play")
    scores = state.round_scores[-1]
    written = _ints(obj, "scores", number)
    if written != scores:
        raise RecordError(number, f"the round's scores are {scores}, not {_shown(written)}")
    totals = _ints(obj, "totals", number)
    if totals != state.totals:
        raise RecordError(number, f"the totals are {state.totals}, not {_shown(totals)}")


def load_record(text: str) -> tuple[Record, GameState]:
    """Parse and fully replay a record; the final state, or RecordError at the first bad line.

    A record may stop in the middle of a round or right after a round's end (a match still
    being played, like an autosave: ``record.complete`` is False); it may not stop after a
    round or the match has ended without writing the line that says so.
    """
    return load_record_lines(split_lines(text))


def load_record_lines(lines: Iterable[str], *, keep: bool = True) -> tuple[Record, GameState]:
    """:func:`load_record` for a record given line by line (each line with or without its
    "\\n"), each line checked and replayed as it comes. With ``keep=False`` nothing of a line
    is kept once it has been replayed (``record.lines`` is empty), so checking a record takes
    the memory of one line whatever its length."""
    objects = _parsed_objects(lines)
    record = _read_head(objects)
    kept: list[tuple[int, dict[str, Any]]] = []
    last_kind = record.last_kind
    last_number = 1

    def feed() -> Iterator[tuple[int, dict[str, Any]]]:
        nonlocal last_kind, last_number
        for number, obj in objects:
            last_kind, last_number = obj["type"], number
            if keep and last_kind in _KNOWN:
                kept.append((number, obj))
            yield number, obj

    state = GameState.new(record.rules, record.players, record.seed, record.names)
    kind = ""
    for replayed, step in _replay(record, feed()):
        state, kind = replayed, step.kind
    if state.phase == ROUND_OVER and state.round_number and kind != "round_end":
        raise RecordError(last_number, "the round is over but its round_end line is missing")
    if state.phase == MATCH_OVER and kind != "match_end":
        raise RecordError(last_number, "the match is over but its match_end line is missing")
    return replace(record, lines=tuple(kept), last_kind=last_kind), state


# ---------------------------------------------------------------------- take-backs


_ACTIONS = frozenset({"play", "draw", "pass"})


def turn_starts(record: Record, seat: int) -> list[int]:
    """Where ``seat``'s turns begin: for each turn, how many of the record's lines (after the
    match line) come before its first action. A seat's turn is a run of its own action lines
    (a draw then a play, a double and its cover, a first-turn line); every other seat acts
    between two of its turns. The deal's engine draws are not turns."""
    starts: list[int] = []
    dealing = False
    previous_own = False
    for index, (_number, obj) in enumerate(record.lines):
        kind = obj["type"]
        if kind == "round":
            dealing = True
        elif kind == "engine":
            dealing = False
        own = kind in _ACTIONS and not dealing and obj.get("seat") == seat
        if own and not previous_own:
            starts.append(index)
        previous_own = own
    return starts


def replay_before(record: Record, count: int, seat: int) -> tuple[GameState, bool]:
    """The match as it was just before the record's line ``count`` (0-based, after the match
    line), where ``seat`` acts: the record's first ``count`` lines replayed through the rules.
    A first-turn line the seat before it was laying is ended (it writes no line of its own);
    the second value says whether that was done. RecordError if ``seat`` is not to move there."""
    if not 0 <= count < len(record.lines):
        raise RecordError(1, f"the record has no line {count + 2}")
    state = GameState.new(record.rules, record.players, record.seed, record.names)
    for replayed, _step in _replay(record, record.lines[:count]):
        state = replayed
    ended = False
    if state.phase == PLAY and state.current != seat and state.in_first_turn_line:
        state.apply(END_TURN)
        ended = True
    if state.phase != PLAY or state.current != seat:
        raise RecordError(record.lines[count][0], f"it is not seat {seat}'s turn here")
    return state, ended
