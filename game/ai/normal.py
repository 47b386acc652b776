"""Normal: the player every rulebook describes. It follows the hand planner.

* **First turn**: lays the planner's line on its own train (the whole line when the rules
  allow a first-turn line, else its first tile).
* **Later turns**: scores every legal play by how many turns the hand will still need to go
  out, counting a tile of the planned line as one turn and a free tile as more (it needs a
  public train to land on), plus a little for the pips it sheds now. So it sheds free tiles
  onto the Mexican and public trains, heaviest first, and keeps its own line, and its train
  private: a play that takes its marker off is worth extra.
* **Doubles**: plays a double when it can follow it, and covers its own doubles (an open
  double on its own train invites everybody onto it).
* **Endgame**: once an opponent is down to a couple of tiles, it dumps its heaviest tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import END_TURN, Action, Observation, Play
from game.rules.tiles import (
    DOUBLES_MASK,
    HIGH,
    IS_DOUBLE,
    LOW,
    mask_of,
    numbers_to_tiles,
)

from .base import Persona, persona_for, values_for
from .planner import Line, best_line

# Search nodes for planning the hand again after each candidate play (the plan itself is
# searched exactly): enough to be exact for nearly every hand, and bounded for the rest.
REPLAN_NODES = 1500


@dataclass(frozen=True, slots=True)
class NormalWeights:
    """The knobs of Normal's evaluation, in turns-to-go-out (a line tile counts 1)."""

    free_cost: float = 1.6  # turns a free tile is expected to need, against 1 for a line tile
    pips: float = 0.04  # per point shed now
    marker: float = 1.0  # taking one's own marker off
    double_follow: float = 0.8  # playing a double that can be followed (two tiles this turn)
    double_stuck: float = 2.0  # playing a double that cannot be followed
    cover_own: float = 1.5  # covering the double one has just played
    endgame_tiles: int = 2  # an opponent with this many tiles or fewer: dump heavy tiles
    endgame_pips: float = 1.0  # per point shed, in the endgame


DEFAULT_WEIGHTS = NormalWeights()


def normal_action(observation: Observation, weights: NormalWeights = DEFAULT_WEIGHTS) -> Action:
    """Normal's choice: one of ``observation.legal_actions``, deterministic."""
    return ranked_plays(observation, weights)[0]


def ranked_plays(
    observation: Observation, weights: NormalWeights = DEFAULT_WEIGHTS
) -> list[Action]:
    """Every legal action, Normal's favourite first (ties keep the engine's order)."""
    obs = observation
    legal = list(obs.legal_actions)
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal
    others = [a for a in legal if not isinstance(a, Play)]
    seat = obs.seat
    hand = mask_of(obs.hand)
    end = obs.trains[seat].open_end
    plan = best_line(hand, end)

    if obs.first_pending[seat]:
        # Lay the planned line; stop (END_TURN) when it is done.
        order = {tile_id: index for index, tile_id in enumerate(plan.ids)}
        plays.sort(key=lambda p: order.get(p.tile_id, len(order)))
        if END_TURN in legal and plays[0].tile_id not in order:
            return [END_TURN, *plays]
        return [*plays, *others]

    scores = [(_score(obs, p, hand, end, plan, weights), -i) for i, p in enumerate(plays)]
    pairs = sorted(zip(scores, plays, strict=True), key=lambda pair: pair[0], reverse=True)
    ranked = [play for _, play in pairs]
    return [*ranked, *others]


def _score(
    obs: Observation, play: Play, hand: int, end: int, plan: Line, w: NormalWeights
) -> float:
    seat = obs.seat
    tile_id = play.tile_id
    train = play.train
    values = values_for(obs.rules)
    rest = hand ^ (1 << tile_id)
    if not rest:
        return 1e9  # going out
    train_end = obs.trains[train].open_end
    new_end = LOW[tile_id] + HIGH[tile_id] - train_end
    if train == seat:
        line_len = best_line(rest, new_end, REPLAN_NODES).length
    elif plan.mask >> tile_id & 1:
        line_len = best_line(rest, end, REPLAN_NODES).length
    else:
        line_len = plan.length  # a free tile leaves the plan as it was
    free = rest.bit_count() - line_len
    score = -(line_len + w.free_cost * free) + w.pips * values[tile_id]
    if train == seat and obs.markers[seat]:
        score += w.marker
    if obs.must_follow and obs.open_doubles and train == obs.open_doubles[-1]:
        score += w.cover_own
    if IS_DOUBLE[tile_id] and obs.must_satisfy is None:
        if _can_follow(obs, rest, train, new_end):
            score += w.double_follow
        else:
            score -= w.double_stuck
    if any(n <= w.endgame_tiles for s, n in enumerate(obs.hand_sizes) if s != seat):
        score += w.endgame_pips * values[tile_id]
    return score


def _can_follow(obs: Observation, rest: int, train: int, new_end: int) -> bool:
    """Whether, after a double on ``train``, some tile of ``rest`` plays on an open train."""
    seat = obs.seat
    numbers = 1 << new_end
    for view in obs.trains:
        t = view.train
        if t != train and (t == seat or view.public):
            numbers |= 1 << view.open_end
    tiles = rest
    if obs.rules.max_open_doubles is not None:
        tiles &= ~DOUBLES_MASK  # a second double may not be allowed: count only plain tiles
    return bool(tiles & numbers_to_tiles(numbers))


class NormalSeat:
    """The Normal opponent (see the module docstring)."""

    level = "normal"

    def __init__(
        self,
        seed: int = 0,
        persona: Persona | None = None,
        weights: NormalWeights = DEFAULT_WEIGHTS,
    ) -> None:
        self.persona = persona or persona_for("normal")
        self.name = self.persona.name
        self.style = self.persona.style
        self.weights = weights  # Normal is deterministic: the seed only keeps the seat protocol

    def choose(self, observation: Observation) -> Action:
        return normal_action(observation, self.weights)
