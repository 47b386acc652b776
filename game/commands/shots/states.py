"""Game states the screenshot run pictures, reached by simple seats playing by the rules."""

from __future__ import annotations

from collections.abc import Callable

from game.rules import PLAY, Action, GameState, Play, Rules, Tile
from game.rules.events import MatchEnded, RoundEnded


def play_until(
    state: GameState, want: Callable[[GameState], bool], seed: int, limit: int = 4000
) -> bool:
    """Apply greedy choices (for every seat) until ``want(state)``; False if it never came."""
    from game.ai.simple import make_seat

    seats = [make_seat("greedy", seed * 31 + s) for s in range(state.players)]
    for _ in range(limit):
        if state.phase != PLAY:
            return False
        if want(state):
            return True
        seat = state.current
        action: Action = seats[seat].choose(state.observation(seat))
        state.apply(action)
    return False


def _first_seed(
    rules: Rules, players: int, want: Callable[[GameState], bool], seeds: int
) -> tuple[GameState, int]:
    """The first round (by seed, below ``seeds``) where ``want`` comes up, and its seed; a
    fresh round of seed 1 if none does."""
    for seed in range(1, seeds):
        state = GameState.new(rules, players, seed, names(players))
        state.start_round()
        if play_until(state, want, seed):
            return state, seed
    state = GameState.new(rules, players, 1, names(players))
    state.start_round()
    return state, 1


def _laid(state: GameState) -> int:
    return sum(len(state.train(t)) for t in range(state.players + 1))


def busy_table(players: int = 8, min_tiles: int = 40) -> tuple[GameState, int]:
    """A round in play at your turn with long trains, an open double and a marked train."""

    def want(state: GameState) -> bool:
        if state.current != 0 or state.drawn_tile is not None:
            return False
        marked = any(state.markers[s] for s in range(1, state.players))
        plays = any(isinstance(a, Play) for a in state.legal_actions())
        return bool(state.open_double_trains()) and marked and _laid(state) >= min_tiles and plays

    rules = Rules.standard().with_options(set_size=15, hand_size=11)
    return _first_seed(rules, players, want, 400)


def mid_round(players: int, rules: Rules, min_tiles: int) -> tuple[GameState, int]:
    """A round in play at your turn, ``min_tiles`` laid, with a tile you can play."""

    def want(state: GameState) -> bool:
        return (
            state.current == 0
            and _laid(state) >= min_tiles
            and state.drawn_tile is None
            and any(isinstance(a, Play) for a in state.legal_actions())
        )

    return _first_seed(rules, players, want, 300)


def names(players: int) -> list[str]:
    """The names at a table of ``players``: you, then the opponents' personas."""
    from game.i18n import _
    from game.match.session import OPPONENT_NAMES

    found = [_("You"), *OPPONENT_NAMES]
    while len(found) < players:
        found.append(f"Player {len(found) + 1}")
    return found[:players]


def round_ended(state: GameState) -> tuple[RoundEnded, MatchEnded | None]:
    """The RoundEnded (and MatchEnded) events of a state whose round is over."""
    ended = state.round_result()
    assert ended is not None, "the round is not over"
    return ended, state.match_result()


def refused_pair(state: GameState, seat: int) -> tuple[Tile, int] | None:
    """A tile and a train the rules refuse it on: your own train first (the plainest reason)."""
    for train in (seat, state.players, *range(state.players)):
        for tile in state.hand(seat):
            if state.check(Play(tile, train), seat) is not None:
                return tile, train
    return None


def short_record() -> str:
    """A record of a one-round, three-player match played by the simple seats."""
    from game.ai.simple import make_seat
    from game.rules.record import RecordWriter

    rules = Rules.standard().with_options(rounds=1)
    state = GameState.new(rules, 3, 8, ["Ana", "Bo", "Cy"])
    writer = RecordWriter(state)
    writer.add(state.start_round())
    seats = [make_seat("greedy", s) for s in range(3)]
    while state.phase == PLAY:
        action = seats[state.current].choose(state.observation(state.current))
        writer.add(state.apply(action))
    return writer.text()
