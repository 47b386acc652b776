"""Random matches checked step by step against a small model written from RULES.md.

The model below follows the rulebook's sentences (sections 3-8) and knows nothing of the engine's
internals: it reads only the deal (``RoundStarted``) and the actions taken. At every step the
engine's legal actions must be exactly the model's, and the table (hands, trains, markers, open
doubles, whose turn, duties), every round's end (reason, scores, winners) and the match result
must agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from game.rules import (
    DRAW,
    END_TURN,
    PASS,
    Draw,
    EndTurn,
    GameState,
    Pass,
    Play,
    Reason,
    Rules,
    Tile,
)
from game.rules.events import MatchEnded, RoundEnded, RoundStarted

Action = Play | Draw | Pass | EndTurn


@dataclass
class Model:
    """The table as RULES.md describes it."""

    rules: Rules
    players: int
    rounds: int
    totals: list[int]
    rounds_won: list[int]
    round_scores: list[list[int]] = field(default_factory=list)
    hands: list[set[Tile]] = field(default_factory=list)
    boneyard: list[Tile] = field(default_factory=list)  # top first
    ends: list[int] = field(default_factory=list)
    markers: list[bool] = field(default_factory=list)
    had_first: list[bool] = field(default_factory=list)
    open: list[int] = field(default_factory=list)  # trains ending in an open double, oldest first
    went_out: list[int] = field(default_factory=list)
    out_pending: bool = False
    seat: int = 0
    first: bool = True
    satisfy: int | None = None
    follow: bool = False
    drawn: Tile | None = None
    line: bool = False  # a first-turn line is being laid
    over: bool = False
    round_number: int = 0
    ended: tuple[str, tuple[int, ...], tuple[int, ...]] | None = None
    match: tuple[tuple[int, ...], str] | None = None

    # ------------------------------------------------------------ the deal (section 3)

    def start(self, started: RoundStarted) -> None:
        self.round_number = started.round
        engine = started.engine
        self.hands = [set(h) for h in started.hands]
        self.boneyard = list(started.boneyard)
        holder = next((s for s in range(self.players) if engine in self.hands[s]), None)
        seat = 0
        while holder is None:
            tile = self.boneyard.pop(0)
            self.hands[seat].add(tile)
            if tile == engine:
                holder = seat
            seat = (seat + 1) % self.players
        self.hands[holder].remove(engine)
        self.ends = [engine.high] * (self.players + 1)
        self.markers = [False] * self.players
        self.had_first = [False] * self.players
        self.open, self.went_out, self.out_pending = [], [], False
        self.over, self.ended = False, None
        self._begin_turn(holder)

    def _begin_turn(self, seat: int) -> None:
        self.seat = seat
        self.first = not self.had_first[seat]
        self.satisfy = self.open[0] if self.open and not self.first else None
        self.follow, self.drawn, self.line = False, None, False

    # ------------------------------------------------------------ what may be done (sections 4-6)

    @property
    def mexican(self) -> int:
        return self.players

    def open_trains(self, seat: int) -> list[int]:
        """Own train, the Mexican train, and other players' marked trains."""
        marked = [s for s in range(self.players) if self.markers[s] and s != seat]
        return [seat, self.mexican, *marked]

    def legal(self) -> set[Action]:
        seat, hand = self.seat, self.hands[self.seat]
        source = {self.drawn} if self.drawn is not None else hand
        if self.first:
            plays: set[Action] = {Play(t, seat) for t in source if t.has(self.ends[seat])}
            if self.line:
                return plays | {END_TURN}
            if plays:
                return plays
            if self.drawn is None and self.rules.first_turn_draw and self.boneyard:
                return {DRAW}
            return {PASS}
        trains = [self.satisfy] if self.satisfy is not None else self.open_trains(seat)
        limit = self.rules.max_open_doubles
        plays = set()
        for train in trains:
            for t in source:
                if not t.has(self.ends[train]):
                    continue
                going_out = hand == {t}  # a double played out never counts as open
                too_many = limit is not None and len(self.open) + 1 > limit
                if t.is_double and not going_out and too_many:
                    continue
                plays.add(Play(t, train))
        if plays:
            return plays
        return {DRAW} if self.drawn is None and self.boneyard else {PASS}

    # ------------------------------------------------------------ doing it

    def apply(self, action: Action) -> None:
        if isinstance(action, Play):
            self._play(action.tile, action.train)
        elif isinstance(action, Draw):
            self.drawn = self.boneyard.pop(0)
            self.hands[self.seat].add(self.drawn)
        elif isinstance(action, Pass):
            self.markers[self.seat] = True
            self.had_first[self.seat] = True
            if not self.boneyard and not self.out_pending and self.blocked():
                self._end_round("blocked")
            else:
                self._end_turn()
        else:
            self._end_turn()

    def _play(self, tile: Tile, train: int) -> None:
        seat = self.seat
        self.hands[seat].remove(tile)
        self.ends[train] = tile.other(self.ends[train])
        if train == seat:
            self.markers[seat] = False
        if train in self.open:
            self.open.remove(train)
        was_drawn, self.drawn = self.drawn is not None, None
        if not self.hands[seat]:
            self.went_out.append(seat)
            self.had_first[seat] = True
            if self.rules.first_turn_chain and not all(self.had_first):
                self.out_pending = True
                self._end_turn()
            else:
                self._end_round("out")
            return
        if self.first:
            more = any(t.has(self.ends[seat]) for t in self.hands[seat])
            if self.rules.first_turn_chain and not was_drawn and more:
                self.line = True
            else:
                self._end_turn()
            return
        if self.satisfy is None and tile.is_double:
            self.open.append(train)
            self.follow = True
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self.had_first[self.seat] = True
        if self.out_pending and all(self.had_first):
            self._end_round("out")
            return
        self._begin_turn((self.seat + 1) % self.players)

    # ------------------------------------------------------------ the end (sections 7-8)

    def blocked(self) -> bool:
        for seat in range(self.players):
            if not self.had_first[seat]:
                numbers = {self.ends[seat]}
            elif self.open:
                numbers = {self.ends[self.open[0]]}
            else:
                numbers = {self.ends[t] for t in self.open_trains(seat)}
            if any(t.low in numbers or t.high in numbers for t in self.hands[seat]):
                return False
        return True

    def value(self, seat: int) -> int:
        hand = self.hands[seat]
        points = sum(t.pips for t in hand)
        return points + (self.rules.double_blank_points if Tile(0, 0) in hand else 0)

    def _end_round(self, reason: str) -> None:
        values = [self.value(s) for s in range(self.players)]
        if reason == "out":
            winners = tuple(sorted(self.went_out))
        else:
            winners = tuple(s for s in range(self.players) if values[s] == min(values))
        if self.rules.scoring == "penalty":
            scores = values
            won = [s for s in range(self.players) if scores[s] == 0]
        else:
            pot = sum(values[s] for s in range(self.players) if s not in winners)
            scores = [pot // len(winners) if s in winners else 0 for s in range(self.players)]
            won = list(winners)
        for s in won:
            self.rounds_won[s] += 1
        for s in range(self.players):
            self.totals[s] += scores[s]
        self.round_scores.append(scores)
        self.over = True
        self.ended = (reason, tuple(scores), winners)
        if self.round_number == self.rounds:
            self._end_match()

    def _end_match(self) -> None:
        penalty = self.rules.scoring == "penalty"
        best = min(self.totals) if penalty else max(self.totals)
        tied = [s for s in range(self.players) if self.totals[s] == best]
        how = "score"
        if len(tied) > 1:
            most = max(self.rounds_won[s] for s in tied)
            tied = [s for s in tied if self.rounds_won[s] == most]
            how = "rounds_won"
        if len(tied) > 1 and penalty:
            lowest = {s: [r[s] for r in self.round_scores if r[s]] for s in tied}
            known = [min(scores) for scores in lowest.values() if scores]
            if known:
                tied = [s for s in tied if lowest[s] and min(lowest[s]) == min(known)]
                how = "lowest_round"
        if len(tied) > 1:
            how = "tie"
        self.match = (tuple(tied), how)

    def reasons(self, action: Action) -> set[Reason]:
        """Every rule that forbids ``action`` now (the engine must name one of them)."""
        seat, hand = self.seat, self.hands[self.seat]
        has_play = any(isinstance(a, Play) for a in self.legal())
        found: set[Reason] = set()
        if isinstance(action, Draw):
            if self.drawn is not None:
                found.add(Reason.ALREADY_DRAWN)
            if has_play:
                found.add(Reason.MUST_PLAY_NOT_DRAW)
            if not self.boneyard:
                found.add(Reason.BONEYARD_EMPTY)
            if self.first and not self.rules.first_turn_draw:
                found.add(Reason.FIRST_TURN_NO_DRAW)
        elif isinstance(action, Pass):
            if has_play:
                found.add(Reason.MUST_PLAY_NOT_PASS)
                if self.follow:
                    found.add(Reason.MUST_FOLLOW)
            elif self.drawn is None and self.boneyard:
                found.add(Reason.MUST_DRAW_BEFORE_PASS)
        elif isinstance(action, EndTurn):
            found.add(Reason.MUST_FOLLOW if self.follow else Reason.CANNOT_END_TURN)
        else:
            tile, train = action.tile, action.train
            if tile not in hand:
                return {Reason.NOT_IN_HAND}
            if not 0 <= train <= self.mexican:
                return {Reason.NO_SUCH_TRAIN}
            if self.drawn is not None and tile != self.drawn:
                found.add(Reason.MUST_PLAY_DRAWN)
            if self.first and train == self.mexican:
                found.add(Reason.MEXICAN_AFTER_FIRST_TURN)
            elif self.first and train != seat:
                found.add(Reason.FIRST_TURN_OWN_TRAIN)
            if not self.first and self.satisfy is not None and train != self.satisfy:
                found.add(Reason.MUST_SATISFY)
            if not self.first and self.satisfy is None and train not in self.open_trains(seat):
                found.add(Reason.TRAIN_PRIVATE)
            if not tile.has(self.ends[train]):
                found.add(Reason.NUMBERS_DONT_MATCH)
            limit = self.rules.max_open_doubles
            too_many = limit is not None and len(self.open) + 1 > limit
            if tile.is_double and not self.first and too_many and hand != {tile}:
                found.add(Reason.TOO_MANY_OPEN_DOUBLES)
        return found


def _refusals_agree(g: GameState, m: Model, pick: random.Random) -> None:
    """Every action the engine refuses is forbidden by some rule, and it names that rule."""
    legal = set(g.legal_actions())
    candidates: list[Action] = [DRAW, PASS, END_TURN]
    for tile in m.hands[m.seat]:
        candidates += [Play(tile, train) for train in range(g.players + 1)]
    others = sorted(set().union(*m.hands) - m.hands[m.seat])
    if others:
        candidates.append(Play(pick.choice(others), m.seat))  # a tile someone else holds
    for action in candidates:
        if action in legal:
            assert g.check(action) is None
            continue
        refusal = g.check(action)
        assert refusal is not None
        allowed = m.reasons(action)
        assert allowed, f"{action} is refused ({refusal.reason.name}) but no rule forbids it"
        assert refusal.reason in allowed, f"{action}: {refusal.reason.name} not in {allowed}"


def _agree(g: GameState, m: Model) -> None:
    assert [set(g.hand(s)) for s in range(g.players)] == m.hands
    assert list(g.train_end) == m.ends
    assert list(g.markers) == m.markers
    if m.over:
        assert g.round_over
        return
    assert g.current == m.seat
    assert list(g.open_double_trains()) == m.open
    assert g.must_satisfy == m.satisfy
    assert g.must_follow == m.follow
    assert g.drawn_tile == m.drawn
    assert g.in_first_turn_line == m.line
    assert len(g.boneyard) == len(m.boneyard)
    assert set(g.legal_actions()) == m.legal()
    assert len(g.legal_actions()) == len(m.legal()), "an action is listed twice"


def _match(rules: Rules, players: int, seed: int, check_refusals: bool = False) -> tuple[int, int]:
    """Play a seeded match at random, checking the engine against the model at every step."""
    g = GameState.new(rules, players, seed)
    m = Model(rules, players, g.deal.rounds, [0] * players, [0] * players)
    pick = random.Random(seed)
    steps = blocked = 0
    while not g.match_over:
        events = g.start_round()
        started = events[0]
        assert isinstance(started, RoundStarted)
        m.start(started)
        _agree(g, m)
        while not g.round_over:
            action = pick.choice(g.legal_actions())
            events = g.apply(action)
            m.apply(action)
            steps += 1
            _agree(g, m)
            if check_refusals and not g.round_over:
                _refusals_agree(g, m, pick)
        ended = next(e for e in events if isinstance(e, RoundEnded))
        assert (ended.reason, ended.scores, ended.winners) == m.ended
        assert list(ended.totals) == m.totals
        assert list(g.rounds_won) == m.rounds_won
        blocked += ended.reason == "blocked"
    finished = next(e for e in events if isinstance(e, MatchEnded))
    assert (finished.winners, finished.decided_by) == m.match
    return steps, blocked


OPTION_SETS = [
    {},
    {"first_turn_chain": False},
    {"first_turn_draw": True},
    {"first_turn_chain": False, "first_turn_draw": True, "max_open_doubles": 1},
    {"max_open_doubles": 1},
    {"max_open_doubles": 2, "scoring": "positive"},
    {"scoring": "positive", "double_blank_points": 0},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "standard")
@pytest.mark.parametrize(("players", "hand"), [(2, 7), (3, 5), (4, 4), (2, 3)])
def test_random_matches_follow_the_rulebook(
    options: dict[str, object], players: int, hand: int
) -> None:
    """Every step of random double-6 matches agrees with the rulebook model."""
    rules = Rules.standard().with_options(set_size=6, hand_size=hand, **options)
    for seed in range(3):
        _match(rules, players, seed, check_refusals=seed == 0)


@pytest.mark.parametrize("preset", ["standard", "station"])
def test_random_match_with_the_preset_table(preset: str) -> None:
    """A full preset match (double-9 or double-12) also follows the model."""
    rules = Rules.preset_named(preset).with_options(rounds=3)
    _match(rules, 3, seed=21)


def test_random_matches_reach_blocked_rounds() -> None:
    """The random matches above do meet blocked rounds (so the model's check is exercised)."""
    rules = Rules.standard().with_options(set_size=6, hand_size=7)
    assert sum(_match(rules, 4, seed)[1] for seed in range(4)) > 0
