"""What one seat may know, and how a searching player rebuilds a full state from a guess.

An :class:`Observation` is built by the engine for one seat. It holds that seat's own hand and
everything public (the trains, markers, open doubles, every hand's size, the boneyard's size,
scores, and the log of who drew and who passed facing which open numbers), and nothing else: no
other hand, no boneyard order and no seed, so an opponent that decides from an observation
cannot see hidden tiles by construction. It is a snapshot of plain immutable values (tuples,
ints, tiles, the rules): it holds no reference to the state, and pickles small.

It costs about one engine step to build: the state keeps each train's public view from one
observation to the next until that train changes (``GameState._train_views``), the mask of
the tiles laid (``_laid``), the match's scores until a round is scored (``_match_view``) and the
round's log until it grows (``_log_view``), so an observation copies a few short lists and
shares the rest.

:func:`determinize` is the other half: given an observation and a guess of the hidden tiles
(the other hands and the boneyard order), it builds a :class:`GameState` to search in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .actions import Action, play_table
from .options import Deal, Rules, RulesError
from .phases import Phase
from .state import LOG_DRAW, NO_MATCH_VIEW, PLAY, GameState
from .tiles import ALL_TILES, DOUBLE_ID, HIGH, LOW, Tile, ids_to_tiles, mask_of, set_mask


class TrainView(NamedTuple):
    """One train as everybody sees it."""

    train: int
    owner: int | None  # None for the Mexican train
    tile_ids: tuple[int, ...]  # from the hub out
    engine_number: int
    open_end: int
    public: bool  # the Mexican train, or a personal train carrying its owner's marker
    open_double: bool

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(ALL_TILES[i] for i in self.tile_ids)

    @property
    def laid(self) -> tuple[tuple[int, int], ...]:
        """The tiles as they lie: (touching, outward) pairs from the hub out."""
        end = self.engine_number
        out = []
        for tile_id in self.tile_ids:
            outward = LOW[tile_id] + HIGH[tile_id] - end
            out.append((end, outward))
            end = outward
        return tuple(out)


class LogEntry(NamedTuple):
    """A seat drew or passed because it could not play on any of these open numbers.

    (A seat may also have held a double it was not allowed to play under max_open_doubles.)
    """

    seat: int
    kind: str  # "draw" or "pass"
    numbers: tuple[int, ...]


class Observation(NamedTuple):
    seat: int
    players: int
    names: tuple[str, ...]
    rules: Rules
    deal: Deal
    phase: Phase
    round_number: int
    engine: Tile
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    trains: tuple[TrainView, ...]  # personal trains by seat, then the Mexican train
    markers: tuple[bool, ...]
    open_doubles: tuple[int, ...]  # trains with an open double, oldest first
    current: int
    first_pending: tuple[bool, ...]  # seats that have not had their first turn
    must_satisfy: int | None  # the seat to move must satisfy this train's double
    must_follow: bool  # the seat to move has just played a double
    in_first_turn_line: bool  # the seat to move is laying a first-turn line
    drawn_tile: Tile | None  # the tile this seat just drew, if it is this seat's step
    step_after_draw: bool  # the seat to move has drawn and must now play that tile or pass
    went_out: tuple[int, ...]
    out_pending: bool  # someone went out; the first round of turns is being finished
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    rounds_won: tuple[int, ...]
    log_masks: tuple[tuple[int, int, int], ...]  # (seat, LOG_DRAW/LOG_PASS, numbers bit mask)
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    hand_mask: int  # ``hand`` as a bit mask of tile ids
    unseen_mask: int  # bit mask of the tiles this seat cannot see (``unseen_tiles``)

    @property
    def mexican(self) -> int:
        return self.players

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every draw and pass of the round so far, oldest first."""
        return tuple(
            LogEntry(seat, "draw" if kind == LOG_DRAW else "pass", _numbers(mask))
            for seat, kind, mask in self.log_masks
        )

    @property
    def my_turn(self) -> bool:
        return self.phase == PLAY and self.current == self.seat

    def unseen_tiles(self) -> tuple[Tile, ...]:
        """Tiles this seat cannot see: other hands and the boneyard, together."""
        return ids_to_tiles(self.unseen_mask)


_new_tuple = tuple.__new__  # builds a named tuple from a plain one without a Python call


def _train_view(state: GameState, train: int) -> TrainView:
    players = state.players
    return _new_tuple(
        TrainView,
        (
            train,
            None if train == players else train,
            tuple(state.train_tiles[train]),
            state.engine_number,
            state.train_end[train],
            train == players or state.markers[train],
            train in state.open_doubles,
        ),
    )


def _hand_tiles(state: GameState, seat: int) -> tuple[Tile, ...]:
    """``seat``'s hand as tiles, from the last one shown when a tile or two changed."""
    mask = state.hands[seat]
    views = state._hand_views
    old_mask, tiles = views[seat]
    if old_mask == mask:
        return tiles
    gone = old_mask & ~mask
    new = mask & ~old_mask
    if gone & (gone - 1) or new & (new - 1):  # more than one tile went or came
        tiles = ids_to_tiles(mask)
    else:  # tiles are in id order: a tile's place is the count of lower ids in the hand
        if gone:
            at = (old_mask & (gone - 1)).bit_count()
            tiles = tiles[:at] + tiles[at + 1 :]
        if new:
            at = (mask & (new - 1)).bit_count()
            tiles = tiles[:at] + (ALL_TILES[new.bit_length() - 1],) + tiles[at:]
    views[seat] = (mask, tiles)
    return tiles


def observe(state: GameState, seat: int) -> Observation:
    """The observation of ``seat`` in ``state``."""
    views = state._train_views
    if None in views:
        for train, view in enumerate(views):
            if view is None:
                views[train] = _train_view(state, train)
    trains: tuple[TrainView, ...] = tuple(views)  # type: ignore[arg-type]  # no None left
    hand = state.hands[seat]
    engine_id = DOUBLE_ID[state.engine_number]
    phase = state.phase
    mine = phase == PLAY and state.current == seat
    drawn = state.drawn
    match = state._match_view
    if match[0] != len(state.round_scores):  # a round was scored since: build it again
        match = state._match_view = (
            len(state.round_scores),
            tuple(state.totals),
            tuple(map(tuple, state.round_scores)),
            tuple(state.rounds_won),
        )
    log = state.log
    log_view = state._log_view
    if log_view[0] is not log or len(log_view[1]) != len(log):
        log_view = state._log_view = (log, tuple(log))
    return _new_tuple(
        Observation,
        (
            seat,
            state.players,
            state.names,
            state.rules,
            state.deal,
            phase,
            state.round_number,
            ALL_TILES[engine_id],
            _hand_tiles(state, seat),
            tuple([held.bit_count() for held in state.hands]),
            len(state.boneyard),
            trains,
            tuple(state.markers),
            tuple(state.open_doubles),
            state.current,
            tuple(state.first_pending),
            state.satisfy if state.satisfy >= 0 else None,
            state.follow,
            state.chain,
            ALL_TILES[drawn] if mine and drawn >= 0 else None,
            drawn >= 0,
            tuple(state.went_out),
            state.out_pending,
            match[1],
            match[2],
            match[3],
            log_view[1],
            tuple(state.legal_actions()) if mine else (),
            hand,
            set_mask(state.deal.set_size) & ~(hand | state._laid | 1 << engine_id),
        ),
    )


def _numbers(mask: int) -> tuple[int, ...]:
    return tuple(n for n in range(mask.bit_length()) if mask >> n & 1)


def determinize(
    observation: Observation,
    other_hands: Mapping[int, Sequence[Tile]],
    boneyard: Sequence[Tile],
    drawn_by_current: Tile | None = None,
) -> GameState:
    """A full state matching ``observation`` with a guess of the hidden tiles.

    ``other_hands`` gives every other seat's tiles (sizes as observed) and ``boneyard`` the
    pile, top first. Together with the observer's hand, the trains and the engine they must hold
    the set exactly once; a guess that does not fit is refused with a RulesError. When another
    seat is to move just after drawing, ``drawn_by_current`` names the guessed tile it drew (one
    of the tiles guessed for its hand). Only a guess
    is ever used: the real hidden tiles are not reachable from an observation.
    """
    obs = observation
    if obs.phase != PLAY:
        raise RulesError("only a round in play can be searched")
    players = obs.players
    hands = [0] * players
    hands[obs.seat] = mask_of(obs.hand)
    for seat in range(players):
        if seat == obs.seat:
            continue
        tiles = other_hands.get(seat, ())
        if len(tiles) != obs.hand_sizes[seat]:
            raise RulesError(f"seat {seat} holds {obs.hand_sizes[seat]} tiles, not {len(tiles)}")
        hands[seat] = mask_of(Tile(*t) for t in tiles)
    if len(boneyard) != obs.boneyard_size:
        raise RulesError(f"the boneyard holds {obs.boneyard_size} tiles, not {len(boneyard)}")
    pile = [Tile(*t).id for t in boneyard]
    state = GameState()
    state.rules = obs.rules
    state.deal = obs.deal
    state.players = players
    state.names = obs.names
    state.seed = 0  # no shuffle happens inside a round; the real seed stays hidden
    state._plays = play_table(players + 1).plays
    state.phase = PLAY
    state.round_number = obs.round_number
    state.totals = list(obs.totals)
    state.round_scores = [list(r) for r in obs.round_scores]
    state.rounds_won = list(obs.rounds_won)
    state.match_winners = ()
    state.decided_by = None
    state.engine_number = obs.engine.high
    state.hands = hands
    state.boneyard = pile[::-1]
    state.train_tiles = [list(train.tile_ids) for train in obs.trains]
    state.train_end = [train.open_end for train in obs.trains]
    state.markers = list(obs.markers)
    state.first_pending = list(obs.first_pending)
    state.open_doubles = list(obs.open_doubles)
    state.current = obs.current
    state.log = list(obs.log_masks)
    state.went_out = list(obs.went_out)
    state.out_pending = obs.out_pending
    state.end_reason = None
    state.round_winners = ()
    state.satisfy = obs.must_satisfy if obs.must_satisfy is not None else -1
    state.follow = obs.must_follow
    state.chain = obs.in_first_turn_line
    state._legal = None
    state._laid = 0
    for train in obs.trains:
        for tile_id in train.tile_ids:
            state._laid |= 1 << tile_id
    state._train_views = list(obs.trains)  # the same public views
    state._hand_views = [(0, ())] * players
    state._match_view = NO_MATCH_VIEW
    state._log_view = ([], ())
    state.drawn = -1
    if obs.step_after_draw:
        drawn = obs.drawn_tile if obs.current == obs.seat else drawn_by_current
        if drawn is None:
            raise RulesError("the seat to move has just drawn: name the tile it drew")
        state.drawn = Tile(*drawn).id
        if not hands[obs.current] >> state.drawn & 1:
            raise RulesError(f"the drawn tile {Tile(*drawn)} is not in the mover's hand")
    try:
        accounted = state.tiles_in_play()
    except AssertionError as error:
        raise RulesError(f"the guess does not fit the table: {error}") from None
    if accounted != set_mask(obs.deal.set_size):
        raise RulesError("the guess does not hold the whole set")
    return state
