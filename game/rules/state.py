"""The state of a match: the deal, the trains, whose turn it is, and every rule of play.

:class:`GameState` is the one object the table, the AI, records and tests share:

* ``legal_actions()`` lists what the seat to move may do;
* ``check(action, seat)`` returns ``None`` or a :class:`Refusal` with a reason a player can read;
* ``apply(action)`` performs a legal action and returns the :mod:`events` it caused;
* ``copy()`` is a cheap independent copy for search;
* ``observation(seat)`` holds only what that seat may know.

A match is a series of rounds. Between rounds (and before the first) the phase is
``ROUND_OVER``; ``start_round()`` deals the next one. After the last round the phase is
``MATCH_OVER``.

Internally tiles are integer ids and hands are bit masks of ids (see :mod:`tiles`); the public
methods speak in :class:`Tile` and action objects.

>>> game = GameState.new(Rules.standard(), players=4, seed=7)
>>> _ = game.start_round()
>>> game.phase == PLAY, game.round_number, game.engine
(True, 1, Tile(low=12, high=12))
>>> all(game.check(action) is None for action in game.legal_actions())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn

from . import events as ev
from .actions import DRAW, END_TURN, PASS, Action, Draw, EndTurn, Pass, Play, play_table
from .options import Deal, Rules, RulesError
from .phases import DecidedBy, Phase, RoundEnd
from .reasons import IllegalActionError, Reason, Refusal
from .tiles import (
    ALL_TILES,
    DOUBLE_ID,
    HIGH,
    IS_DOUBLE,
    LOW,
    NUMBER_MASK,
    PIPS,
    ZERO_ZERO_ID,
    Tile,
    ids_to_tiles,
    iter_ids,
    set_mask,
    tile_count,
)

if TYPE_CHECKING:
    from .observation import Observation, TrainView

# The phases by their short names, as the engine and its callers have always said them.
PLAY: Final = Phase.PLAY
ROUND_OVER: Final = Phase.ROUND_OVER
MATCH_OVER: Final = Phase.MATCH_OVER

# A match view that no state matches: observations build the real one when first asked.
NO_MATCH_VIEW: Final[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]] = (
    -1,
    (),
    (),
    (),
)

# Kinds of entries in the public log of draws and passes.
LOG_DRAW: Final = 0
LOG_PASS: Final = 1

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")
_BIT = (1).__lshift__  # _BIT(i) == 1 << i
# _event(ev.TilePlayed, (seat, ...)) is ev.TilePlayed(seat, ...) without a Python-level call:
# the events of every step are built this way.
_event = tuple.__new__


class GameState:
    """A whole match of Mexican Train under one set of rules (see the module docstring)."""

    __slots__ = (
        # the table, fixed for the match
        "rules",
        "deal",
        "players",
        "names",
        "seed",
        "_plays",
        # the match so far
        "phase",
        "round_number",
        "totals",
        "round_scores",
        "rounds_won",
        "match_winners",
        "decided_by",
        # the round
        "engine_number",
        "hands",
        "boneyard",
        "train_tiles",
        "train_end",
        "markers",
        "first_pending",
        "open_doubles",
        "current",
        "log",
        "went_out",
        "out_pending",
        "end_reason",
        "round_winners",
        # the turn in progress
        "satisfy",
        "follow",
        "drawn",
        "chain",
        "_legal",
        # what every seat sees, kept for observations (see observation.observe)
        "_laid",
        "_train_views",
        "_hand_views",
        "_match_view",
        "_log_view",
    )

    rules: Rules
    deal: Deal
    players: int
    names: tuple[str, ...]
    seed: int
    _plays: tuple[tuple[Play, ...], ...]
    phase: Phase
    round_number: int
    totals: list[int]
    round_scores: list[list[int]]
    rounds_won: list[int]
    match_winners: tuple[int, ...]
    decided_by: DecidedBy | None  # None until the match is over
    engine_number: int
    hands: list[int]
    boneyard: list[int]
    train_tiles: list[list[int]]
    train_end: list[int]
    markers: list[bool]
    first_pending: list[bool]
    open_doubles: list[int]
    current: int
    log: list[tuple[int, int, int]]
    went_out: list[int]
    out_pending: bool
    end_reason: RoundEnd | None  # None while a round is played
    round_winners: tuple[int, ...]
    satisfy: int
    follow: bool
    drawn: int
    chain: bool
    _legal: list[Action] | None
    _laid: int  # bit mask of the tiles on the trains (the engine apart)
    _train_views: list[TrainView | None]  # each train's public view, None once it changed
    # Per seat, the last hand shown as tiles: (mask, tiles). Checked against the hand before use,
    # so copies may share it.
    _hand_views: list[tuple[int, tuple[Tile, ...]]]
    # The match so far as observations show it: (rounds scored, totals, round scores, rounds
    # won), which change only when a round is scored (checked by its count, never trusted).
    _match_view: tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]
    # The round's log as observations show it, with the list it was made from (the log only
    # grows within a round, and a new round starts a new list).
    _log_view: tuple[list[tuple[int, int, int]], tuple[tuple[int, int, int], ...]]

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        seed: int,
        names: Sequence[str] | None = None,
    ) -> GameState:
        """A match before its first round; raises RulesError if the table cannot be dealt."""
        deal = rules.deal_for(players)
        if names is None:
            names = ["You"] + [f"Player {i + 1}" for i in range(1, players)]
        if len(names) != players:
            raise RulesError(f"{len(names)} names given for {players} players")
        self = cls()
        self.rules = rules
        self.deal = deal
        self.players = players
        self.names = tuple(str(n) for n in names)
        self.seed = seed
        self._plays = play_table(players + 1).plays
        self.phase = ROUND_OVER
        self.round_number = 0
        self.totals = [0] * players
        self.round_scores = []
        self.rounds_won = [0] * players
        self.match_winners = ()
        self.decided_by = None
        self.engine_number = deal.set_size
        self.hands = [0] * players
        self.boneyard = []
        self.train_tiles = [[] for _ in range(players + 1)]
        self.train_end = [deal.set_size] * (players + 1)
        self.markers = [False] * players
        self.first_pending = [True] * players
        self.open_doubles = []
        self.current = 0
        self.log = []
        self.went_out = []
        self.out_pending = False
        self.end_reason = None
        self.round_winners = ()
        self._reset_turn()
        self._laid = 0
        self._train_views = [None] * (players + 1)
        self._hand_views = [(0, ())] * players
        self._match_view = NO_MATCH_VIEW
        self._log_view = ([], ())
        return self

    def copy(self) -> GameState:
        """An independent copy (for search): mutating it never touches this state."""
        other = GameState()
        other.rules = self.rules
        other.deal = self.deal
        other.players = self.players
        other.names = self.names
        other.seed = self.seed
        other._plays = self._plays
        other.phase = self.phase
        other.round_number = self.round_number
        other.totals = self.totals[:]
        other.round_scores = [scores[:] for scores in self.round_scores]
        other.rounds_won = self.rounds_won[:]
        other.match_winners = self.match_winners
        other.decided_by = self.decided_by
        other.engine_number = self.engine_number
        other.hands = self.hands[:]
        other.boneyard = self.boneyard[:]
        other.train_tiles = [tiles[:] for tiles in self.train_tiles]
        other.train_end = self.train_end[:]
        other.markers = self.markers[:]
        other.first_pending = self.first_pending[:]
        other.open_doubles = self.open_doubles[:]
        other.current = self.current
        other.log = self.log[:]
        other.went_out = self.went_out[:]
        other.out_pending = self.out_pending
        other.end_reason = self.end_reason
        other.round_winners = self.round_winners
        other.satisfy = self.satisfy
        other.follow = self.follow
        other.drawn = self.drawn
        other.chain = self.chain
        other._legal = self._legal
        other._laid = self._laid
        other._train_views = self._train_views[:]
        other._hand_views = self._hand_views  # shared: entries are checked, never trusted
        other._match_view = self._match_view  # shared: immutable, and checked
        other._log_view = self._log_view  # made for another list: built again when asked
        return other

    # ------------------------------------------------------------------ the deal

    @property
    def mexican(self) -> int:
        """The train number of the Mexican train."""
        return self.players

    @property
    def engine(self) -> Tile:
        return ALL_TILES[DOUBLE_ID[self.engine_number]]

    def _shuffled_ids(self, round_number: int) -> list[int]:
        ids = list(range(tile_count(self.deal.set_size)))
        return shuffled(ids, random.Random(f"mexican-train/{self.seed}/{round_number}"))

    def shuffled_deal(self, round_number: int) -> tuple[list[list[Tile]], list[Tile]]:
        """The seeded shuffle of a round: hands in deal order, boneyard top first."""
        ids = self._shuffled_ids(round_number)
        size = self.deal.hand_size
        hands = [
            [ALL_TILES[i] for i in ids[seat * size : (seat + 1) * size]]
            for seat in range(self.players)
        ]
        return hands, [ALL_TILES[i] for i in ids[self.players * size :]]

    def start_round(
        self,
        hands: Sequence[Sequence[Tile]] | None = None,
        boneyard: Sequence[Tile] | None = None,
    ) -> list[ev.Event]:
        """Deal the next round and place its engine; returns the events of the deal.

        Without arguments the round is dealt from the match's seed. Tests and replays may give
        the hands (deal order) and the boneyard (top first); together they must hold every tile
        of the set once, and each hand must have the table's hand size.
        """
        if self.phase != ROUND_OVER:
            raise RulesError(
                "a round is still being played" if self.phase == PLAY else "the match is over"
            )
        number = self.round_number + 1
        size = self.deal.hand_size
        players = self.players
        if hands is None and boneyard is None:
            ids = self._shuffled_ids(number)
            hand_ids = [ids[seat * size : (seat + 1) * size] for seat in range(players)]
            pile = ids[players * size :]
        elif hands is not None and boneyard is not None:
            hand_ids, pile = self._deal_ids(hands, boneyard)
        else:
            raise RulesError("give both the hands and the boneyard, or neither")

        engine_number = self.deal.set_size - (number - 1)
        engine_id = DOUBLE_ID[engine_number]
        self.round_number = number
        self.engine_number = engine_number
        self.hands = [sum(map(_BIT, ids_of_hand)) for ids_of_hand in hand_ids]
        self.boneyard = pile[::-1]  # the top of the pile is the list's end
        self.train_tiles = [[] for _ in range(players + 1)]
        self.train_end = [engine_number] * (players + 1)
        self.markers = [False] * players
        self.first_pending = [True] * players
        self.open_doubles = []
        self.log = []
        self.went_out = []
        self.out_pending = False
        self.end_reason = None
        self.round_winners = ()
        self._reset_turn()
        self._laid = 0
        self._train_views = [None] * (players + 1)

        tile_of = ALL_TILES.__getitem__
        events: list[ev.Event] = [
            ev.RoundStarted(
                number,
                ALL_TILES[engine_id],
                tuple([tuple(map(tile_of, h)) for h in hand_ids]),
                tuple(map(tile_of, pile)),
            )
        ]
        holder = next((s for s in range(players) if self.hands[s] >> engine_id & 1), -1)
        seat = 0
        while holder < 0:  # nobody holds the engine: draw for it, clockwise from seat 0
            tile_id = self.boneyard.pop()
            self.hands[seat] |= 1 << tile_id
            events.append(ev.EngineDrawn(seat, ALL_TILES[tile_id]))
            if tile_id == engine_id:
                holder = seat
            seat = (seat + 1) % players
        self.hands[holder] &= ~(1 << engine_id)
        events.append(ev.EnginePlaced(holder, ALL_TILES[engine_id]))
        self.phase = PLAY
        self.current = holder
        events.append(ev.TurnStarted(holder, True, None))
        return events

    def _deal_ids(
        self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
    ) -> tuple[list[list[int]], list[int]]:
        """A given deal as tile ids, refused unless it holds the whole set exactly once."""
        if len(hands) != self.players:
            raise RulesError(f"{len(hands)} hands dealt for {self.players} players")
        size = self.deal.hand_size
        for seat, hand in enumerate(hands):
            if len(hand) != size:
                raise RulesError(f"seat {seat} was dealt {len(hand)} tiles, not {size}")
        every = set_mask(self.deal.set_size)
        seen = 0

        def ids_of(tiles: Sequence[Tile]) -> list[int]:
            nonlocal seen
            out = []
            for raw in tiles:
                tile = Tile(*raw)
                bit = 1 << tile.id
                if tile.low < 0 or not bit & every:
                    raise RulesError(f"tile {tile} is not in a double-{self.deal.set_size} set")
                if seen & bit:
                    raise RulesError(f"tile {tile} is dealt twice")
                seen |= bit
                out.append(tile.id)
            return out

        hand_ids = [ids_of(hand) for hand in hands]
        pile = ids_of(boneyard)
        if seen != every:
            raise RulesError(f"tile {ids_to_tiles(every & ~seen)[0]} is missing from the deal")
        return hand_ids, pile

    # ------------------------------------------------------------------ queries

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty between rounds)."""
        legal = self._legal
        if legal is not None:  # worked out once per step (copies share it)
            return legal
        if self.phase != PLAY:
            legal = self._legal = []
            return legal
        seat = self.current
        plays = self._plays  # per tile id, the interned Play for each train
        number_mask = NUMBER_MASK
        out: list[Action] = []
        drawn = self.drawn
        source = self.hands[seat] if drawn < 0 else 1 << drawn
        train_end = self.train_end

        if self.first_pending[seat]:
            m = source & number_mask[train_end[seat]]
            while m:
                low_bit = m & -m
                out.append(plays[low_bit.bit_length() - 1][seat])
                m ^= low_bit
            if self.chain:
                out.append(END_TURN)
            elif not out:
                if drawn < 0 and self.rules.first_turn_draw and self.boneyard:
                    out.append(DRAW)
                else:
                    out.append(PASS)
            self._legal = out
            return out

        if self.satisfy >= 0:
            trains: Sequence[int] = (self.satisfy,)
        else:
            markers = self.markers
            if True in markers:
                trains = [seat, self.players]
                for train in range(self.players):
                    if markers[train] and train != seat:
                        trains.append(train)
            else:
                trains = (seat, self.players)
        check_doubles = False
        if self.follow:
            limit = self.rules.max_open_doubles
            check_doubles = limit is not None and len(self.open_doubles) >= limit
        for train in trains:
            m = source & number_mask[train_end[train]]
            while m:
                low_bit = m & -m
                tile_id = low_bit.bit_length() - 1
                m ^= low_bit
                # A double that would open one double too many is refused, unless it is the
                # seat's last tile: going out on a double never leaves it open.
                if check_doubles and IS_DOUBLE[tile_id] and self.hands[seat] != low_bit:
                    continue
                out.append(plays[tile_id][train])
        if not out:
            out.append(DRAW if drawn < 0 and self.boneyard else PASS)
        self._legal = out
        return out

    def _open_trains(self, seat: int) -> list[int]:
        """Trains open to a seat in a later turn: its own, the Mexican, and marked ones."""
        markers = self.markers
        return [seat, self.players] + [
            other for other in range(self.players) if markers[other] and other != seat
        ]

    def _reachable_numbers(self, seat: int) -> int:
        """Bit mask of the open-end numbers ``seat`` could play on, were it its turn now."""
        ends = self.train_end
        if self.first_pending[seat]:
            return 1 << ends[seat]
        if self.open_doubles:
            return 1 << ends[self.open_doubles[0]]
        numbers = 0
        for train in self._open_trains(seat):
            numbers |= 1 << ends[train]
        return numbers

    def _turn_numbers(self) -> int:
        """The open-end numbers the seat to move may play on in the current step."""
        seat = self.current
        ends = self.train_end
        if self.first_pending[seat]:
            return 1 << ends[seat]
        if self.satisfy >= 0:
            return 1 << ends[self.satisfy]
        numbers = 1 << ends[seat] | 1 << ends[self.players]
        markers = self.markers
        if True in markers:
            for train in range(self.players):
                if markers[train]:
                    numbers |= 1 << ends[train]
        return numbers

    def check(self, action: object, seat: int | None = None) -> Refusal | None:
        """``None`` if ``seat`` (default: the seat to move) may take ``action`` now, else why.

        ``action`` may be anything (a record or a test may hand over a bad value): what is not an
        action is refused as not allowed, never raised on.
        """
        if self.phase != PLAY:
            return self._refusal(Reason.ROUND_OVER)
        if seat is not None and seat != self.current:
            return self._refusal(Reason.NOT_YOUR_TURN)
        if action in self.legal_actions():
            return None
        return self._explain(action)

    def is_legal(self, action: object, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def _explain(self, action: object) -> Refusal:
        legal = self.legal_actions()
        can_play = any(isinstance(a, Play) for a in legal)
        seat = self.current
        if isinstance(action, Draw):
            if self.drawn >= 0:
                return self._refusal(Reason.ALREADY_DRAWN)
            if can_play:
                return self._refusal(Reason.MUST_PLAY_NOT_DRAW)
            if not self.boneyard:
                return self._refusal(Reason.BONEYARD_EMPTY)
            return self._refusal(Reason.FIRST_TURN_NO_DRAW)
        if isinstance(action, Pass):
            if self.follow and can_play:
                return self._refusal(Reason.MUST_FOLLOW)
            if can_play:
                return self._refusal(Reason.MUST_PLAY_NOT_PASS)
            return self._refusal(Reason.MUST_DRAW_BEFORE_PASS)
        if isinstance(action, EndTurn):
            if self.follow:
                return self._refusal(Reason.MUST_FOLLOW)
            return self._refusal(Reason.CANNOT_END_TURN)
        if not isinstance(action, Play):
            return self._refusal(Reason.NOT_ALLOWED)
        train = action.train
        try:
            tile = Tile(*action.tile)
            tile_id = tile.id
        except (TypeError, ValueError):
            return self._refusal(Reason.NOT_IN_HAND)
        if not isinstance(train, int) or not 0 <= train <= self.players:
            return self._refusal(Reason.NO_SUCH_TRAIN)
        if tile.low < 0 or not self.hands[seat] >> tile_id & 1:
            return self._refusal(Reason.NOT_IN_HAND)
        if self.drawn >= 0 and tile_id != self.drawn:
            return self._refusal(Reason.MUST_PLAY_DRAWN)
        if self.first_pending[seat] and train != seat:
            if train == self.players:
                return self._refusal(Reason.MEXICAN_AFTER_FIRST_TURN)
            return self._refusal(Reason.FIRST_TURN_OWN_TRAIN)
        if self.satisfy >= 0 and train != self.satisfy:
            return self._refusal(Reason.MUST_SATISFY, self.satisfy)
        if (
            train != self.satisfy
            and train not in self._open_trains(seat)
            and not self.first_pending[seat]
        ):
            return self._refusal(Reason.TRAIN_PRIVATE, train)
        if not tile.has(self.train_end[train]):
            return self._refusal(Reason.NUMBERS_DONT_MATCH)
        if tile.is_double and self.follow:
            return self._refusal(Reason.TOO_MANY_OPEN_DOUBLES)
        return self._refusal(Reason.NOT_ALLOWED)

    def _refusal(self, reason: Reason, train: int | None = None) -> Refusal:
        message = reason.value
        if reason is Reason.MUST_SATISFY and train is not None:
            message = message.format(train=self.train_label(train, viewer=self.current))
        elif reason is Reason.TOO_MANY_OPEN_DOUBLES:
            limit = self.rules.max_open_doubles or 0
            count = limit + 1
            word = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
            message = f"that would leave {word} doubles open"
        return Refusal(reason, message, train)

    def train_label(self, train: int, viewer: int | None = None) -> str:
        """A train's name in words: "the Mexican train", "your train" or "Ana's train"."""
        if train == self.players:
            return "the Mexican train"
        if train == viewer:
            return "your train"
        return f"{self.names[train]}'s train"

    # ------------------------------------------------------------------ applying

    def apply(self, action: object) -> list[ev.Event]:
        """Perform a legal action for the seat to move; IllegalActionError if it is refused
        (whatever ``action`` is: what is not an action is refused as not allowed).

        Returns the events the action caused, in order.
        """
        events: list[ev.Event] = []
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for candidate in legal:  # the engine's own (interned) actions: found by identity
            if candidate is action:
                break
        else:
            if action not in legal:  # an equal action made elsewhere is as good
                self._refuse(action)
        self._legal = None
        kind = type(action)
        if kind is Play:
            self._play(action.tile_id, action.train, events)  # type: ignore[union-attr]
        elif kind is Draw:
            self._draw(events)
        elif kind is Pass:
            self._pass(events)
        else:
            self._end_turn(events)
        return events

    def apply_quietly(self, action: object) -> None:
        """``apply`` without building events: the same checks, for search and simulation."""
        # The same as apply, line for line, with no events (the hot path of search).
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for candidate in legal:  # the engine's own (interned) actions: found by identity
            if candidate is action:
                break
        else:
            if action not in legal:  # an equal action made elsewhere is as good
                self._refuse(action)
        self._legal = None
        kind = type(action)
        if kind is Play:
            self._play(action.tile_id, action.train, None)  # type: ignore[union-attr]
        elif kind is Draw:
            self._draw(None)
        elif kind is Pass:
            self._pass(None)
        else:
            self._end_turn(None)

    def _refuse(self, action: object) -> NoReturn:
        refusal = self.check(action)
        raise IllegalActionError(refusal or self._refusal(Reason.NOT_ALLOWED))

    def _play(self, tile_id: int, train: int, events: list[ev.Event] | None) -> None:
        seat = self.current
        hands = self.hands
        hand = hands[seat] = hands[seat] ^ (1 << tile_id)
        train_end = self.train_end
        touching = train_end[train]
        open_end = train_end[train] = PIPS[tile_id] - touching
        self.train_tiles[train].append(tile_id)
        self._laid |= 1 << tile_id
        self._train_views[train] = None
        if events is not None:
            events.append(
                _event(ev.TilePlayed, (seat, ALL_TILES[tile_id], train, touching, open_end))
            )
        if train == seat and self.markers[seat]:
            self.markers[seat] = False
            if events is not None:
                events.append(_event(ev.MarkerRemoved, (seat,)))
        open_doubles = self.open_doubles
        if open_doubles and train in open_doubles:
            open_doubles.remove(train)
            if events is not None:
                events.append(_event(ev.DoubleSatisfied, (train, ALL_TILES[DOUBLE_ID[touching]])))
        was_drawn = self.drawn >= 0
        self.drawn = -1

        if not hand:
            if events is not None:
                events.append(ev.WentOut(seat))
            self.went_out.append(seat)
            self.first_pending[seat] = False
            if self.rules.first_turn_chain and True in self.first_pending:
                # Everyone still gets a first turn before the round ends (RULES.md 7).
                self.out_pending = True
                self._end_turn(events)
            else:
                self._end_round(RoundEnd.OUT, events)
            return

        if self.first_pending[seat]:
            if self.rules.first_turn_chain and not was_drawn and hand & NUMBER_MASK[open_end]:
                self.chain = True  # the line may go on, or the seat may stop
            else:
                self._end_turn(events)
            return
        if self.satisfy < 0 and IS_DOUBLE[tile_id]:
            open_doubles.append(train)
            if events is not None:
                events.append(_event(ev.DoubleOpened, (train, ALL_TILES[tile_id])))
            self.follow = True  # the same seat plays again; a fresh draw is allowed
            return
        self._end_turn(events)

    def _draw(self, events: list[ev.Event] | None) -> None:
        seat = self.current
        self.log.append((seat, LOG_DRAW, self._turn_numbers()))
        tile_id = self.boneyard.pop()
        self.hands[seat] |= 1 << tile_id
        self.drawn = tile_id
        if events is not None:
            events.append(_event(ev.TileDrawn, (seat, ALL_TILES[tile_id])))

    def _pass(self, events: list[ev.Event] | None) -> None:
        seat = self.current
        self.log.append((seat, LOG_PASS, self._turn_numbers()))
        if not self.markers[seat]:
            self.markers[seat] = True
            self._train_views[seat] = None
            if events is not None:
                events.append(_event(ev.MarkerPlaced, (seat,)))
        if events is not None:
            events.append(_event(ev.TurnPassed, (seat,)))
        self.first_pending[seat] = False
        if not self.boneyard and not self.out_pending and self.is_blocked():
            self._end_round(RoundEnd.BLOCKED, events)
            return
        self._end_turn(events)

    def is_blocked(self) -> bool:
        """Nobody can play on any number they could reach (the round ends blocked when a seat
        passes with the boneyard empty and this holds)."""
        hands = self.hands
        for seat in range(self.players):
            numbers = self._reachable_numbers(seat)
            hand = hands[seat]
            n = 0
            while numbers:
                if numbers & 1 and hand & NUMBER_MASK[n]:
                    return False
                numbers >>= 1
                n += 1
        return True

    def _reset_turn(self) -> None:
        self.satisfy = -1
        self.follow = False
        self.drawn = -1
        self.chain = False
        self._legal = None

    def _end_turn(self, events: list[ev.Event] | None) -> None:
        first_pending = self.first_pending
        first_pending[self.current] = False
        self.satisfy = -1
        self.follow = False
        self.drawn = -1
        self.chain = False
        self._legal = None
        if self.out_pending and True not in first_pending:
            self._end_round(RoundEnd.OUT, events)
            return
        seat = self.current = (self.current + 1) % self.players
        first = first_pending[seat]
        if self.open_doubles and not first:
            self.satisfy = self.open_doubles[0]
        if events is not None:
            events.append(
                _event(ev.TurnStarted, (seat, first, self.satisfy if self.satisfy >= 0 else None))
            )

    # ------------------------------------------------------------------ scoring

    def hand_value(self, seat: int) -> int:
        """Points a hand counts at the end of a round (``0|0`` per double_blank_points)."""
        hand = self.hands[seat]
        value = sum(PIPS[i] for i in iter_ids(hand))
        if hand & 1 << ZERO_ZERO_ID:
            value += self.rules.double_blank_points
        return value

    def _end_round(self, reason: RoundEnd, events: list[ev.Event] | None) -> None:
        players = range(self.players)
        values = [self.hand_value(s) for s in players]
        if reason == RoundEnd.OUT:
            winners = tuple(sorted(self.went_out))
        else:
            lowest = min(values)
            winners = tuple(s for s in players if values[s] == lowest)
        if self.rules.scoring == "penalty":
            scores = values
            for s in players:
                if scores[s] == 0:
                    self.rounds_won[s] += 1
        else:
            pot = sum(values[s] for s in players if s not in winners)
            share = pot // len(winners)
            scores = [share if s in winners else 0 for s in players]
            for s in winners:
                self.rounds_won[s] += 1
        for s in players:
            self.totals[s] += scores[s]
        self.round_scores.append(scores)
        self.end_reason = reason
        self.round_winners = winners
        self.out_pending = False
        self._reset_turn()
        self.phase = ROUND_OVER
        if events is not None:
            result = self.round_result()
            assert result is not None
            events.append(result)
        if self.round_number >= self.deal.rounds:
            self._end_match(events)

    def _end_match(self, events: list[ev.Event] | None) -> None:
        penalty = self.rules.scoring == "penalty"
        totals = self.totals
        best = min(totals) if penalty else max(totals)
        tied = [s for s in range(self.players) if totals[s] == best]
        decided_by = DecidedBy.SCORE
        if len(tied) > 1:
            most = max(self.rounds_won[s] for s in tied)
            tied = [s for s in tied if self.rounds_won[s] == most]
            decided_by = DecidedBy.ROUNDS_WON
        if len(tied) > 1 and penalty:
            lowest = {s: self._lowest_nonzero_round(s) for s in tied}
            known = [v for v in lowest.values() if v is not None]
            if known:
                low = min(known)
                narrowed = [s for s in tied if lowest[s] == low]
                tied = narrowed
                decided_by = DecidedBy.LOWEST_ROUND
        if len(tied) > 1:
            decided_by = DecidedBy.TIE
        self.match_winners = tuple(tied)
        self.decided_by = decided_by
        self.phase = MATCH_OVER
        result = self.match_result()
        if events is not None and result is not None:
            events.append(result)

    def _lowest_nonzero_round(self, seat: int) -> int | None:
        nonzero = [scores[seat] for scores in self.round_scores if scores[seat]]
        return min(nonzero) if nonzero else None

    # ------------------------------------------------------------------ reading the table

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (see :mod:`observation`)."""
        return _observation.observe(self, seat)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """A seat's tiles in id order (the table keeps its own tray order)."""
        return ids_to_tiles(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def train(self, train: int) -> tuple[tuple[int, int], ...]:
        """A train's tiles as they lie, from the hub out: ``(touching, outward)`` pairs."""
        end = self.engine_number
        laid: list[tuple[int, int]] = []
        for tile_id in self.train_tiles[train]:
            outward = LOW[tile_id] + HIGH[tile_id] - end
            laid.append((end, outward))
            end = outward
        return tuple(laid)

    def is_first_turn(self, seat: int) -> bool:
        """Whether ``seat`` has yet to finish its first turn of the round."""
        return self.first_pending[seat]

    def round_result(self) -> ev.RoundEnded | None:
        """The last finished round's result (as its RoundEnded event), or None."""
        if self.phase == PLAY or not self.round_scores or self.end_reason is None:
            return None
        return ev.RoundEnded(
            self.round_number,
            self.end_reason,
            tuple(ids_to_tiles(h) for h in self.hands),
            tuple(self.round_scores[-1]),
            tuple(self.totals),
            self.round_winners,
        )

    def match_result(self) -> ev.MatchEnded | None:
        """The match's result (as its MatchEnded event) once it is over, else None."""
        if self.phase != MATCH_OVER or self.decided_by is None:
            return None
        return ev.MatchEnded(tuple(self.totals), self.match_winners, self.decided_by)

    def open_double_trains(self) -> tuple[int, ...]:
        """Trains ending in an open double, oldest first."""
        return tuple(self.open_doubles)

    def is_open_to(self, train: int, seat: int) -> bool:
        """Whether ``train`` is open to ``seat`` on a later turn (ignoring double duties)."""
        return train in self._open_trains(seat)

    @property
    def round_over(self) -> bool:
        return self.phase != PLAY

    @property
    def match_over(self) -> bool:
        return self.phase == MATCH_OVER

    def boneyard_top(self) -> Tile | None:
        """The tile the next draw takes (hidden from players; for replays and tests)."""
        return ALL_TILES[self.boneyard[-1]] if self.boneyard else None

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the seat to move drew in this step, if it must now play or pass with it."""
        return ALL_TILES[self.drawn] if self.drawn >= 0 else None

    @property
    def must_satisfy(self) -> int | None:
        """The train whose open double the seat to move must satisfy, if any."""
        return self.satisfy if self.satisfy >= 0 else None

    @property
    def must_follow(self) -> bool:
        """Whether the seat to move has just played a double and must play again."""
        return self.follow

    @property
    def in_first_turn_line(self) -> bool:
        """Whether the seat to move is laying a first-turn line it may stop at any time."""
        return self.chain

    def tiles_in_play(self) -> int:
        """Every tile accounted for once: hands, boneyard, trains and the engine (a check)."""
        seen = 0
        for mask in self.hands:
            if seen & mask:
                raise AssertionError("a tile is in two hands")
            seen |= mask
        for tile_id in self.boneyard:
            if seen >> tile_id & 1:
                raise AssertionError(f"{ALL_TILES[tile_id]} is in the boneyard twice")
            seen |= 1 << tile_id
        for tiles in self.train_tiles:
            for tile_id in tiles:
                if seen >> tile_id & 1:
                    raise AssertionError(f"{ALL_TILES[tile_id]} is in two places")
                seen |= 1 << tile_id
        if self.round_number:
            engine_bit = 1 << DOUBLE_ID[self.engine_number]
            if seen & engine_bit:
                raise AssertionError("the engine is also elsewhere")
            seen |= engine_bit
        return seen


# Built by mypyc (the optional compiled build, tools/build_compiled.py), GameState keeps its
# attributes natively and has no __slots__; it gets the same names back, so that what lists a
# state's attributes (copy()'s test, debugging) reads one list either way.
_state_class: Any = GameState
if "__slots__" not in vars(GameState):
    _state_class.__slots__ = tuple(
        name for name in _state_class.__mypyc_attrs__ if not name.startswith("__")
    )


def shuffled(items: list[int], rng: random.Random) -> list[int]:
    """``rng.shuffle(items)``, in place, with the same result, and returns ``items``.

    The standard library's shuffle makes two calls per item (``_randbelow``); this is the same
    loop with them inlined (``tests/rules`` holds the two to the same order)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
    return items


def assert_valid(state: GameState) -> None:
    """Raise AssertionError if the state breaks an invariant of the rules (tests and soak runs).

    Every tile of the set is in exactly one place; every train is a matching line from the
    engine to its recorded open end; every open double ends its train; a round in play has a
    legal action for the seat to move.
    """
    if state.round_number == 0:
        return
    every = set_mask(state.deal.set_size)
    if state.tiles_in_play() != every:
        raise AssertionError("some tiles of the set are nowhere")
    for train, tiles in enumerate(state.train_tiles):
        end = state.engine_number
        for tile_id in tiles:
            if not (LOW[tile_id] == end or HIGH[tile_id] == end):
                raise AssertionError(f"train {train}: {ALL_TILES[tile_id]} does not join {end}")
            end = LOW[tile_id] + HIGH[tile_id] - end
        if end != state.train_end[train]:
            raise AssertionError(f"train {train} ends in {end}, not {state.train_end[train]}")
    laid = 0
    for tiles in state.train_tiles:
        for tile_id in tiles:
            laid |= 1 << tile_id
    if laid != state._laid:
        raise AssertionError("the mask of laid tiles does not match the trains")
    if len(set(state.open_doubles)) != len(state.open_doubles):
        raise AssertionError("a train is listed twice as holding an open double")
    for train in state.open_doubles:
        tiles = state.train_tiles[train]
        if not tiles or not IS_DOUBLE[tiles[-1]]:
            raise AssertionError(f"train {train} is listed open but does not end in a double")
    limit = state.rules.max_open_doubles
    if limit is not None and len(state.open_doubles) > limit:
        raise AssertionError(f"{len(state.open_doubles)} doubles open, more than {limit}")
    if state.phase == PLAY:
        if not state.legal_actions():
            raise AssertionError("the seat to move has no legal action")
        if not 0 <= state.current < state.players:
            raise AssertionError("no seat is to move")
    elif state.went_out and any(state.hands[s] for s in state.went_out):
        raise AssertionError("a seat that went out still holds tiles")


def random_playout(state: GameState, rng: random.Random) -> None:
    """Play the current round to its end with uniformly random legal actions (for tests)."""
    while state.phase == PLAY:
        state.apply(rng.choice(state.legal_actions()))


# The observation module builds on this one; bound here, at the end, so either may be imported
# first.
from . import observation as _observation  # noqa: E402
