"""What a seat can infer about the hidden tiles, and guesses of them that fit.

From an :class:`~game.rules.Observation` alone:

* the **unseen** tiles are the set less the seat's own hand, the trains and the engine: they
  lie in the other hands and the boneyard;
* every other seat holds as many tiles as its observed hand size;
* a seat that **drew or passed** could not play on the open numbers of that moment (the log
  gives them). Only a drawn tile the seat **kept** can have added those numbers to its hand
  since: a drawn tile that fitted was played at once, and a kept one is the draw its pass
  follows in the log (nothing comes between them). So the log is read backwards, counting the
  draws each seat kept:

  - with nothing kept since, its **whole hand** lacks those numbers (a kept tile lacks the
    numbers of its own draw: the seat passed facing them);
  - otherwise at most as many of its present tiles as it has kept since may carry such a
    number (a *soft* limit, checked after a guess is made, with a few retries).

  Under ``max_open_doubles`` a seat may hold a double it was not allowed to play, so doubles
  are exempt from these inferences there.

* a seat that laid a **first-turn line** (``first_turn_chain``) and has neither drawn nor
  passed since is read as a player that lays its longest line: every tile on its train is its
  own (nobody else may play on a train without its marker), and its hand now, with those
  tiles, holds no longer line from the engine (it would have laid that one; its hand then held
  its present tiles and more). A random hand breaks this most of the time, so such a seat's
  hand is drawn again while it does, ``LINE_TRIES`` times at most (``Sampler._line_hand``).
  This is a belief, not a rule: a player who stopped short is misread, and in the end a hand
  is kept anyway.

:class:`Sampler` draws guesses (other hands plus a boneyard order) consistent with all that,
and turns each into a full :class:`~game.rules.GameState` with
:func:`~game.rules.determinize`. Seats are filled most constrained first, each with a uniform
choice among the tiles still free and allowed to it (a fresh choice for each seat: the tiles
an earlier seat was not allowed are no likelier in the next hand than in the boneyard), so a
guess is uniform whenever at most one other seat is constrained, and close to uniform
otherwise.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import NamedTuple

from game.rules import GameState, Observation, determinize
from game.rules.state import LOG_DRAW, LOG_PASS, shuffled
from game.rules.tiles import (
    ALL_TILES,
    DOUBLES_MASK,
    HIGH,
    LOW,
    MAX_NUMBER,
    NUMBER_TILES,
    iter_ids,
    numbers_to_tiles,
)

RETRIES = 6  # guesses that miss a soft limit before one is kept anyway
# Guesses that break a hard inference before one is kept anyway (a seat dealt early can take
# the tiles a later one needs: in the tightest positions most guesses do).
STRICT_TRIES = 24
# Draws of a seat's hand that hold a longer line than the first-turn line it laid before one is
# kept anyway (most random hands do: the reading is a strong one).
LINE_TRIES = 16
# Positions searched for a line longer than a seat's first-turn line: most are found within a
# few dozen, and proving there is none costs about a microsecond a position in pure Python.
LINE_NODES = 200


class SeatKnowledge(NamedTuple):
    seat: int
    size: int  # tiles in hand
    lacks: int  # bit mask of numbers the whole hand lacks
    forbidden: int  # tile mask the hand cannot hold (from ``lacks``)
    soft: tuple[tuple[int, int], ...]  # (tile mask, at most this many of them in hand)
    # The seat's train when it is all a first-turn line laid as the longest (see the module
    # docstring), else 0: its hand with these tiles holds no line of more than line_length.
    line: int = 0
    line_length: int = 0
    line_start: int = 0  # the engine number the line starts from


def unseen_mask(observation: Observation) -> int:
    """Tiles the seat cannot see: in the other hands or the boneyard."""
    return observation.unseen_mask


def seat_knowledge(
    observation: Observation, beliefs: Mapping[int, int] | None = None
) -> list[SeatKnowledge]:
    """What the log says about every other seat's hand (see the module docstring).

    ``beliefs`` reads the other seats as players that lay their longest first-turn line (None:
    only what the rules make certain). It adds, per seat, a bit mask of numbers its hand lacked
    before its first draw of the round (what a seat remembers of an opponent's first-turn line,
    see :func:`first_turn_beliefs`): the hand now holds at most as many such tiles as the seat
    has kept of its draws since. And a seat that has neither drawn nor passed gets its train
    as ``line`` (see the module docstring), and the doubles that would have lengthened it are
    forbidden.
    """
    obs = observation
    exempt = DOUBLES_MASK if obs.rules.max_open_doubles is not None else 0
    players = obs.players
    lacks = [0] * players
    softs: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    # Per seat, the drawn tiles it kept (draws its pass followed) after the entry being read: a
    # drawn tile played at once left the hand as it was. A pass in a later turn straight after
    # a draw laid at once counts that draw as kept too: a looser limit, never a false one.
    kept = [0] * players
    known_tiles = NUMBER_TILES.get  # numbers_to_tiles, without a call once a mask is known
    keep = ~exempt
    following = (-1, -1)  # (seat, kind) of the entry after the one being read
    for seat, kind, numbers in reversed(obs.log_masks):
        limit = kept[seat]  # tiles that may carry these numbers: the ones kept since
        if kind == LOG_DRAW and following == (seat, LOG_PASS):
            kept[seat] = limit + 1
        following = (seat, kind)
        if not limit:
            lacks[seat] |= numbers  # nothing kept since: the whole hand
        else:
            tiles = known_tiles(numbers)
            if tiles is None:
                tiles = numbers_to_tiles(numbers)
            softs[seat].append((tiles & keep, limit))
    out = []
    read_lines = beliefs is not None and obs.rules.first_turn_chain
    # Seats that drew or passed this round: their trains no longer tell their longest line.
    moved_off = {seat for seat, _kind, _numbers in obs.log_masks} if read_lines else set()
    for seat in range(players):
        if seat == obs.seat:
            continue
        line = length = start = on_line = 0
        if read_lines and seat not in moved_off and not obs.first_pending[seat]:
            train = obs.trains[seat]
            if train.tile_ids and not train.public:
                length = len(train.tile_ids)
                start = train.engine_number
                on_line = 1 << start
                for tile_id in train.tile_ids:
                    line |= 1 << tile_id
                    on_line |= 1 << LOW[tile_id] | 1 << HIGH[tile_id]
        lacked = lacks[seat]
        soft = softs[seat]
        believed = beliefs.get(seat, 0) if beliefs else 0
        if believed:
            if kept[seat]:
                soft.append((numbers_to_tiles(believed), kept[seat]))
            else:
                lacked |= believed
        forbidden = numbers_to_tiles(lacked) & ~exempt
        if line and not exempt:
            # A double of a number the line passes through would have made it one tile longer.
            forbidden |= numbers_to_tiles(on_line) & DOUBLES_MASK & ~line
        out.append(
            SeatKnowledge(
                seat,
                obs.hand_sizes[seat],
                lacked,
                forbidden,
                tuple(soft),
                line,
                length,
                start,
            )
        )
    return out


def holds_longer_line(tiles: int, end: int, length: int, nodes: int = LINE_NODES) -> bool:
    """Whether ``tiles`` (a tile mask) hold a line from ``end`` of more than ``length`` tiles.

    A depth-first search that stops at the first such line, or after ``nodes`` positions
    (then False: proving there is none can take thousands, and the few longer lines it
    misses cost less than the time); doubles count where the line first reaches their
    number, as the planner lays them.
    """
    # The tiles are numbered 0, 1, 2... among themselves for the search: its masks stay small
    # integers, which the compiled build works on natively (twice as fast as on tile ids).
    number_mask = [0] * (MAX_NUMBER + 1)
    double_bit = [0] * (MAX_NUMBER + 1)
    ends_sum: list[int] = []  # per tile: its two numbers added (the other end is sum - this)
    count = 0
    rest = tiles
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        tile_id = lowest.bit_length() - 1
        low = LOW[tile_id]
        high = HIGH[tile_id]
        bit = 1 << count
        if low == high:
            double_bit[low] = bit
        number_mask[low] |= bit
        number_mask[high] |= bit
        ends_sum.append(low + high)
        count += 1
    search = _LineSearch(number_mask, double_bit, ends_sum, length, nodes)
    return search.visit(end, (1 << count) - 1, 0)


class _LineSearch:
    """The state of one :func:`holds_longer_line` search."""

    def __init__(
        self,
        number_mask: list[int],
        double_bit: list[int],
        ends_sum: list[int],
        length: int,
        nodes: int,
    ) -> None:
        self.number_mask = number_mask
        self.double_bit = double_bit
        self.ends_sum = ends_sum
        self.length = length
        self.nodes = nodes  # positions still to be searched
        self.seen: set[int] = set()

    def visit(self, at: int, left: int, made: int) -> bool:
        """Whether a line that has laid ``made`` tiles and is open at ``at`` can grow past
        ``length`` from the tiles in ``left``."""
        double = self.double_bit[at]
        if left & double:
            left ^= double
            made += 1
        if made > self.length:
            return True
        key = left << 5 | at
        if not self.nodes or key in self.seen:
            return False
        self.seen.add(key)
        self.nodes -= 1
        fits = left & self.number_mask[at]
        while fits:
            bit = fits & -fits
            fits ^= bit
            if self.visit(self.ends_sum[bit.bit_length() - 1] - at, left ^ bit, made + 1):
                return True
        return False


def first_turn_beliefs(observation: Observation, known: dict[int, int]) -> None:
    """Note, into ``known``, the end of each opponent's first-turn line, the first time it shows.

    Under ``first_turn_chain`` a seat that lays a first-turn line and stops either had no
    tile left for its train's open end or chose to keep one back. A planner-led player lays
    its longest line, so this is read as "its hand lacked that number then" (a belief, not a
    rule: a player who held tiles back is misread). It is noted only when the line shows
    whole: at the seat's first observation after that seat's first turn (every seat moves once
    between two turns of the observer, so the seat has not moved again), and only if the seat
    has not drawn (a drawn first-turn tile ends the turn by rule, not by choice).
    ``known`` maps a seat to a bit mask of numbers and belongs to one round.
    """
    obs = observation
    if not obs.rules.first_turn_chain:
        return
    for seat in range(obs.players):
        if seat == obs.seat or seat in known or obs.first_pending[seat]:
            continue
        train = obs.trains[seat]
        drew = any(s == seat and kind == LOG_DRAW for s, kind, _ in obs.log_masks)
        if train.tile_ids and not train.public and not drew:
            known[seat] = 1 << train.open_end
        else:
            known[seat] = 0  # nothing to learn from this seat's first turn


def position_seed(observation: Observation) -> str:
    """A seed made from what the seat sees now: the same position, the same guesses (so Hard
    at the table, the hint and the review weigh a decision alike)."""
    trains = tuple((t.tile_ids, t.public) for t in observation.trains)
    key = (
        observation.seat,
        observation.round_number,
        observation.hand_mask,
        trains,
        observation.hand_sizes,
        observation.boneyard_size,
        observation.log_masks,
        observation.current,
        observation.drawn_tile,
        observation.in_first_turn_line,
    )
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


class RoundMemory:
    """What a seat remembers of the round being played (``first_turn_beliefs``), forgotten
    when a new round starts: trains only grow within a round, so fewer tiles laid, or another
    round number, is a new one (or a take-back's replay of this one from its start)."""

    def __init__(self) -> None:
        self._round = (-1, 0)  # (round number, tiles laid on trains) when last seen
        self.beliefs: dict[int, int] = {}

    def see(self, observation: Observation, learn: bool = True) -> dict[int, int]:
        """Take in ``observation`` (noting first-turn lines only when ``learn``); the beliefs."""
        laid = sum(len(train.tile_ids) for train in observation.trains)
        if observation.round_number != self._round[0] or laid < self._round[1]:
            self.beliefs = {}
        self._round = (observation.round_number, laid)
        if learn:
            first_turn_beliefs(observation, self.beliefs)
        return self.beliefs


class Guess(NamedTuple):
    hands: dict[int, list[int]]  # tile ids per other seat
    boneyard: list[int]  # top first


class Sampler:
    """Draws guesses of the hidden tiles consistent with an observation."""

    def __init__(self, observation: Observation, beliefs: Mapping[int, int] | None = None) -> None:
        self.observation = observation
        pool = observation.unseen_mask
        self.unseen = list(iter_ids(pool))
        knowledge = seat_knowledge(observation, beliefs)
        # Most constrained first (fewest allowed tiles per tile needed), then by seat.

        def tightness(k: SeatKnowledge) -> tuple[float, int]:
            allowed = (pool & ~k.forbidden).bit_count()
            return (allowed / k.size if k.size else float("inf"), k.seat)

        self.knowledge = sorted(knowledge, key=tightness)
        self._template: GameState | None = None

    def guess(self, rng: random.Random) -> Guess:
        """One guess. A guess that breaks an inference is drawn again (``STRICT_TRIES`` times at
        most), one that misses a soft limit ``RETRIES`` times; then the best one drawn is kept."""
        best: Guess | None = None
        best_fits = False
        soft_misses = 0
        for _ in range(STRICT_TRIES):
            guess, strict_ok = self._draw(rng)
            if strict_ok:
                if self._soft_ok(guess):
                    return guess
                if not best_fits:
                    best, best_fits = guess, True
                soft_misses += 1
                if soft_misses >= RETRIES:
                    break
            elif best is None:
                best = guess
        assert best is not None
        return best

    def state(self, rng: random.Random) -> GameState:
        """A full state to search in, built from one guess."""
        guess = self.guess(rng)
        template = self._template
        if template is None:
            # The first guess goes through determinize (which checks it); later ones only
            # swap the hidden tiles into a copy, as every guess fits the same table.
            state = self._template = determinize(
                self.observation,
                {s: [ALL_TILES[i] for i in ids] for s, ids in guess.hands.items()},
                [ALL_TILES[i] for i in guess.boneyard],
            )
            # The seat's legal actions are the same in every guess (its own hand, the table,
            # the boneyard's size): worked out once here, the copies share them.
            state.legal_actions()
            return state.copy()
        state = template.copy()
        hands = state.hands
        for seat, ids in guess.hands.items():
            mask = 0
            for tile_id in ids:
                mask |= 1 << tile_id
            hands[seat] = mask
        state.boneyard = guess.boneyard[::-1]  # the engine draws from the list's end
        return state

    def _draw(self, rng: random.Random) -> tuple[Guess, bool]:
        # Each seat takes a uniform choice among the tiles still free and allowed to it. (Taking
        # the first allowed tiles of one shuffled order for every seat in turn is not that: the
        # tiles a seat skipped stay at the front, so the next seat got more of them than the
        # boneyard does.)
        remaining = self.unseen[:]
        hands: dict[int, list[int]] = {}
        strict_ok = True
        for k in self.knowledge:
            need = k.size
            forbidden = k.forbidden
            if forbidden:
                allowed = [t for t in remaining if not forbidden >> t & 1]
                if len(allowed) < need:  # cannot honour every inference: fill from the rest
                    strict_ok = False
                    rest = [t for t in remaining if forbidden >> t & 1]
                    chosen = allowed + _uniform_choice(rest, need - len(allowed), rng)
                else:
                    chosen = _uniform_choice(allowed, need, rng)
            else:
                chosen = _uniform_choice(remaining[:], need, rng)
            if k.line:
                chosen = self._line_hand(k, chosen, remaining, rng)
            hands[k.seat] = chosen
            if chosen:
                taken = 0
                for tile_id in chosen:
                    taken |= 1 << tile_id
                remaining = [t for t in remaining if not taken >> t & 1]
        return Guess(hands, shuffled(remaining, rng)), strict_ok

    def _line_hand(
        self, k: SeatKnowledge, chosen: list[int], remaining: list[int], rng: random.Random
    ) -> list[int]:
        """The seat's hand in this guess when its train is read as its longest line:
        ``chosen`` (a plain draw), or a fresh draw while the hand holds a longer line than the
        seat laid, ``LINE_TRIES`` draws at most (the last is kept). Fresh draws keep the
        guesses independent: a walk among the hands that fit, changing a tile or two a guess,
        found fitting hands every time but played worse (0.81 of Normal's score against 0.73
        at 480 guesses), its guesses too alike for the search's race."""
        forbidden = k.forbidden
        allowed = [t for t in remaining if not forbidden >> t & 1]
        need = k.size
        if not need or len(allowed) < need:
            # No tile to choose (the seat is out), or the inferences cannot all hold.
            return chosen
        plain = ~DOUBLES_MASK if self.observation.rules.max_open_doubles is not None else -1
        line, start, length = k.line, k.line_start, k.line_length
        for _ in range(LINE_TRIES):
            hand = 0
            for tile_id in chosen:
                hand |= 1 << tile_id
            if not holds_longer_line((hand & plain) | line, start, length):
                return chosen
            chosen = _uniform_choice(allowed, need, rng)
        return chosen

    def _soft_ok(self, guess: Guess) -> bool:
        for k in self.knowledge:
            if not k.soft:
                continue
            hand = 0
            for tile_id in guess.hands[k.seat]:
                hand |= 1 << tile_id
            for tiles, limit in k.soft:
                if (hand & tiles).bit_count() > limit:
                    return False
        return True


def _uniform_choice(items: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``items`` chosen uniformly (``items`` is reordered): the first steps of a
    Fisher-Yates shuffle, drawing as :func:`~game.rules.state.shuffled` does."""
    getrandbits = rng.getrandbits
    size = len(items)
    for i in range(count):
        n = size - i
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        j += i
        items[i], items[j] = items[j], items[i]
    return items[:count]
