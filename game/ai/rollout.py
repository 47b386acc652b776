"""The fast policy Hard's search plays every seat with, to the end of a round.

It must be cheap: a few microseconds a step. It is Normal in miniature: each seat starts the
playout with a planned line (tile ids in the order they are laid on its own train, from
:mod:`game.ai.planner`), and then

* sheds a free tile (one not in its line) on another train, heaviest first;
* else lays the next tile of its line on its own train (in the planned order: a line laid
  heaviest tile first loses its way where several of its tiles fit the open end);
* takes its marker off when it can (a play on its own train while the marker is up);
* leans towards doubles (a double is followed by another tile), most of all a double it can
  cover itself;
* breaks its line only when nothing else plays, and then plans the rest of its hand again
  (with :func:`~game.ai.planner.quick_line_ids`), as it does once its line is laid or
  somebody else has played on its train.

``0|0`` counts its points, and a little noise makes the playouts differ.

Played as a seat against three Normals (its line planned exactly each turn, 832 rounds), this
policy scores as Normal does (mean round score 29.9 against their 30.7). Laying the line
heaviest tile first, as it once did, cost some 7 points a round, and dumping heavy tiles once
another seat is down to two tiles (``endgame=2``) some 4 more, so that is off by default.
Lines from :func:`~game.ai.planner.quick_line_ids` cost about 4 points against exact ones,
which is why Hard plans guessed hands with a short search instead.

:func:`playout` drives a :class:`~game.rules.GameState` through ``legal_actions`` and
``apply_quietly``; :func:`fast_playout`, which Hard uses, makes the same moves some 2-3 times
faster by playing the engine's turn on the state's lists itself (the tests hold the two to the
same scores on every table).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules import END_TURN, GameState, Play
from game.rules.state import PLAY
from game.rules.tiles import DOUBLES_MASK, HIGH, IS_DOUBLE, LOW, NUMBER_MASK

from .planner import quick_line_ids


@dataclass(frozen=True, slots=True)
class RolloutWeights:
    """Bonuses in points, against the tile's own value (at most 50, for ``0|0``)."""

    free_elsewhere: float = 60.0  # a free tile on another train
    line_own: float = 30.0  # the next tile of the line on one's own train
    marker: float = 70.0  # a play on one's own train while one's marker is up
    double: float = 15.0  # a double (it is followed by another tile)
    double_cover: float = 40.0  # a double the hand can cover itself
    noise: float = 3.0  # uniform noise, so that playouts differ
    endgame: int = 0  # another seat holds this many tiles or fewer: shed heavy tiles (0: never)
    replan: bool = True  # plan a broken line again (False: play greedily once it breaks)


DEFAULT_ROLLOUT = RolloutWeights()


def playout(
    state: GameState,
    rng: random.Random,
    values: Sequence[int],
    lines: list[Sequence[int]],
    weights: RolloutWeights = DEFAULT_ROLLOUT,
) -> None:
    """Play the round in ``state`` to its end with the fast policy (``state`` changes).

    ``lines`` holds each seat's planned line as tile ids in the order they are laid from its
    train's open end (empty: no plan yet). Only the line's next tile earns ``line_own``, so a
    line is laid in order. A line that is broken (a line tile played elsewhere, another tile
    on one's own train, or a tile laid on one's train by somebody else) is planned again with
    :func:`~game.ai.planner.quick_line_ids` if ``weights.replan``, else forgotten (the seat
    then plays greedily). Once another seat holds ``endgame`` tiles or fewer, a seat forgets
    its line and sheds its heaviest tiles; a first-turn line stops where the planned line does.
    """
    is_double = IS_DOUBLE
    number_mask = NUMBER_MASK
    low = LOW
    play_class = Play
    noise = rng.random
    free_elsewhere = weights.free_elsewhere
    line_own = weights.line_own
    marker = weights.marker
    double = weights.double
    double_cover = weights.double_cover
    spread = weights.noise
    endgame = weights.endgame
    replan = weights.replan
    hands = state.hands
    train_end = state.train_end
    players = state.players
    # Per seat: the line still to lay (mask), its tiles in order, and the index of the next one.
    masks = [0] * players
    orders: list[Sequence[int]] = [()] * players
    nexts = [0] * players
    for seat in range(players):
        order = lines[seat]
        orders[seat] = order
        for tile_id in order:
            masks[seat] |= 1 << tile_id
    ended = False  # endgame reached: every seat has forgotten its line
    while state.phase == PLAY:
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = state.current
            line = masks[seat]
            if endgame and not ended:
                for other in range(players):
                    if other != seat and hands[other].bit_count() <= endgame:
                        ended = True
                        break
            if ended:
                line = masks[seat] = 0
            elif line or replan:
                index = nexts[seat]
                order = orders[seat]
                if index >= len(order) or not (
                    line and number_mask[train_end[seat]] >> order[index] & 1
                ):
                    line = 0
                    if replan:  # the line was broken or laid: plan the hand again
                        order = orders[seat] = quick_line_ids(hands[seat], train_end[seat])
                        nexts[seat] = 0
                        for tile_id in order:
                            line |= 1 << tile_id
                    masks[seat] = line
            ahead = orders[seat][nexts[seat]] if line else -1
            marked = state.markers[seat]
            best = None
            best_key = -1e9
            for candidate in legal:
                if candidate.__class__ is not play_class:
                    continue
                tile_id = candidate.tile_id
                train = candidate.train
                key = values[tile_id] + spread * noise()
                if line >> tile_id & 1:
                    if tile_id == ahead and train == seat:
                        key += line_own
                elif train != seat:
                    key += free_elsewhere
                elif not line:
                    key += line_own
                if is_double[tile_id]:
                    key += double
                    if (hands[seat] ^ 1 << tile_id) & number_mask[low[tile_id]]:
                        key += double_cover
                if marked and train == seat:
                    key += marker
                if key > best_key:
                    best_key = key
                    best = candidate
            if best is None:
                action = legal[0]
            elif state.chain and line and best.tile_id != ahead:
                action = END_TURN  # the planned first-turn line is laid: stop there
            else:
                action = best
        if action.__class__ is play_class:
            seat = state.current
            line = masks[seat]
            if line:
                tile_id = action.tile_id
                bit = 1 << tile_id
                order = orders[seat]
                index = nexts[seat]
                if action.train == seat and index < len(order) and order[index] == tile_id:
                    masks[seat] = line ^ bit
                    nexts[seat] = index + 1
                elif line & bit or action.train == seat:
                    masks[seat] = 0  # broken: planned again (or greedy) at its next decision
                    nexts[seat] = len(order)
        state.apply_quietly(action)


# Per seat and set of marked trains: the trains open to that seat in a later turn (its own, the
# Mexican train, then the marked ones, in the engine's order). Keyed by _open_key.
_OPEN_TRAINS: dict[int, tuple[int, ...]] = {}


# Lines planned again in playouts (quick_line_ids), by hand << 5 | open end: the playouts of one
# decision meet the same hands again (a third of the time on bench_ai's positions).
_PLANS: dict[int, list[int]] = {}
PLANS_KEPT = 4096  # about a decision's worth; clearing many more at once would stall a slice


def _open_key(players: int, seat: int, marked: int) -> int:
    return (marked << 4 | seat) << 4 | players


def _open_trains(players: int, seat: int, marked: int) -> tuple[int, ...]:
    """The trains open to ``seat`` in a later turn when ``marked`` (a bit per seat) is up."""
    trains = (seat, players) + tuple(
        train for train in range(players) if marked >> train & 1 and train != seat
    )
    _OPEN_TRAINS[_open_key(players, seat, marked)] = trains
    return trains


def fast_playout(
    state: GameState,
    rng: random.Random,
    values: Sequence[int],
    lines: list[Sequence[int]],
    weights: RolloutWeights = DEFAULT_ROLLOUT,
) -> list[int]:
    """:func:`playout` without the engine's bookkeeping: the round's scores, some 3x faster.

    The same policy, making the same choices with the same random numbers, so it returns the
    scores :func:`playout` would leave in ``state.round_scores[-1]`` (the tests check this on
    every table). It plays the rules of the engine's turn (``GameState.legal_actions``,
    ``_play``, ``_draw``, ``_pass``, ``_end_turn``) on the state's own lists, but keeps no log,
    events or train tiles: afterwards ``state`` is only good to be thrown away.

    A turn with no play or a single one (most of them) costs one pass over the open trains;
    only a real choice scores the plays, drawing the noise in the engine's order of the legal
    plays (train by train, tile ids rising), as :func:`playout` does.
    """
    is_double = IS_DOUBLE
    number_mask = NUMBER_MASK
    not_doubles = ~DOUBLES_MASK
    low = LOW
    high = HIGH
    noise = rng.random
    free_elsewhere = weights.free_elsewhere
    line_own = weights.line_own
    marker = weights.marker
    double = weights.double
    double_cover = weights.double_cover
    spread = weights.noise
    endgame = weights.endgame
    replan = weights.replan
    rules = state.rules
    chain_rule = rules.first_turn_chain
    first_draw = rules.first_turn_draw
    limit = rules.max_open_doubles
    hands = state.hands
    boneyard = state.boneyard
    train_end = state.train_end
    end_masks = [number_mask[end] for end in train_end]  # the tiles that fit each train
    markers = state.markers
    first_pending = state.first_pending
    open_doubles = state.open_doubles
    players = state.players
    went_out: list[int] = []
    out_pending = state.out_pending
    current = state.current
    satisfy = state.satisfy
    follow = state.follow
    drawn = state.drawn
    chain = state.chain
    masks = [0] * players
    orders: list[Sequence[int]] = [()] * players
    nexts = [0] * players
    for seat in range(players):
        order = lines[seat]
        orders[seat] = order
        for tile_id in order:
            masks[seat] |= 1 << tile_id
    ended = False
    blocked = False
    single_trains: list[tuple[int, ...]] = [(train,) for train in range(players + 1)]
    marked = 0  # a bit per seat whose marker is up (as ``markers``)
    for seat in range(players):
        if markers[seat]:
            marked |= 1 << seat
    open_trains = _OPEN_TRAINS
    plans = _PLANS
    while True:
        seat = current
        hand = hands[seat]
        first = first_pending[seat]
        if first:
            trains = single_trains[seat]
        elif satisfy >= 0:
            trains = single_trains[satisfy]
        else:
            found = open_trains.get((marked << 4 | seat) << 4 | players)
            trains = found if found is not None else _open_trains(players, seat, marked)
        source = hand if drawn < 0 else 1 << drawn
        if (
            follow
            and not first
            and limit is not None
            and len(open_doubles) >= limit
            and hand & (hand - 1)
        ):
            source &= not_doubles  # no double opens one more, unless it is the last tile
        # The play, when there is just one; several: a choice to make.
        tile_id = -1
        train = -1
        several = False
        for open_train in trains:
            fits = source & end_masks[open_train]
            if fits:
                if train >= 0 or fits & (fits - 1):
                    several = True
                    break
                train = open_train
                tile_id = fits.bit_length() - 1
        if several or (train >= 0 and first and chain):
            line = masks[seat]
            if endgame and not ended:
                for other in range(players):
                    if other != seat and hands[other].bit_count() <= endgame:
                        ended = True
                        break
            if ended:
                line = masks[seat] = 0
            elif line or replan:
                index = nexts[seat]
                order = orders[seat]
                if index >= len(order) or not (line and end_masks[seat] >> order[index] & 1):
                    line = 0
                    if replan:
                        plan_key = hand << 5 | train_end[seat]
                        planned = plans.get(plan_key)
                        if planned is None:
                            if len(plans) >= PLANS_KEPT:
                                plans.clear()
                            planned = plans[plan_key] = quick_line_ids(hand, train_end[seat])
                        order = orders[seat] = planned
                        nexts[seat] = 0
                        for line_id in order:
                            line |= 1 << line_id
                    masks[seat] = line
            ahead = orders[seat][nexts[seat]] if line else -1
            own_marked = markers[seat]
            best_key = -1e9
            for open_train in trains:
                fits = source & end_masks[open_train]
                own = open_train == seat
                while fits:
                    low_bit = fits & -fits
                    fits ^= low_bit
                    candidate = low_bit.bit_length() - 1
                    key = values[candidate] + spread * noise()
                    if line >> candidate & 1:
                        if own and candidate == ahead:
                            key += line_own
                    elif not own:
                        key += free_elsewhere
                    elif not line:
                        key += line_own
                    if is_double[candidate]:
                        key += double
                        if (hand ^ low_bit) & number_mask[low[candidate]]:
                            key += double_cover
                    if own and own_marked:
                        key += marker
                    if key > best_key:
                        best_key = key
                        tile_id = candidate
                        train = open_train
            if chain and line and tile_id != ahead:
                train = -1  # the planned first-turn line is laid: stop there
        end_turn = True
        if train >= 0:
            line = masks[seat]
            if line:
                order = orders[seat]
                index = nexts[seat]
                if train == seat and index < len(order) and order[index] == tile_id:
                    masks[seat] = line ^ 1 << tile_id
                    nexts[seat] = index + 1
                elif line >> tile_id & 1 or train == seat:
                    masks[seat] = 0
                    nexts[seat] = len(order)
            # The engine's _play.
            hand = hands[seat] = hand ^ 1 << tile_id
            touching = train_end[train]
            open_end = train_end[train] = low[tile_id] + high[tile_id] - touching
            end_masks[train] = number_mask[open_end]
            if train == seat and markers[seat]:
                markers[seat] = False
                marked ^= 1 << seat
            if open_doubles and train in open_doubles:
                open_doubles.remove(train)
            was_drawn = drawn >= 0
            drawn = -1
            if not hand:
                went_out.append(seat)
                first_pending[seat] = False
                if chain_rule and True in first_pending:
                    out_pending = True
                else:
                    break
            elif first:
                if chain_rule and not was_drawn and hand & number_mask[open_end]:
                    chain = True
                    end_turn = False
            elif satisfy < 0 and is_double[tile_id]:
                open_doubles.append(train)
                follow = True
                end_turn = False
        elif first and chain:
            pass  # END_TURN
        elif drawn < 0 and boneyard and (not first or first_draw):
            drawn = boneyard.pop()  # DRAW
            hands[seat] = hand | 1 << drawn
            end_turn = False
        else:  # PASS
            if not markers[seat]:
                markers[seat] = True
                marked |= 1 << seat
            first_pending[seat] = False
            if (
                not boneyard and not out_pending and state.is_blocked()
            ):  # reads the lists played on here
                blocked = True
                break
        if end_turn:
            first_pending[seat] = False
            satisfy = -1
            follow = False
            drawn = -1
            chain = False
            if out_pending and True not in first_pending:
                break
            current = (seat + 1) % players
            if open_doubles and not first_pending[current]:
                satisfy = open_doubles[0]
    return _scores(state, values, went_out, blocked)


def _scores(
    state: GameState, values: Sequence[int], went_out: list[int], blocked: bool
) -> list[int]:
    """The round's scores as the engine's ``_end_round`` counts them."""
    players = range(state.players)
    hand_values = []
    for seat in players:
        hand = state.hands[seat]
        total = 0
        while hand:
            bit = hand & -hand
            hand ^= bit
            total += values[bit.bit_length() - 1]
        hand_values.append(total)
    if state.rules.scoring == "penalty":
        return hand_values
    if blocked:
        lowest = min(hand_values)
        winners = [s for s in players if hand_values[s] == lowest]
    else:
        winners = sorted(went_out)
    pot = sum(hand_values[s] for s in players if s not in winners)
    share = pot // len(winners)
    return [share if s in winners else 0 for s in players]
