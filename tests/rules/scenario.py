"""Small helpers to build hand-crafted tables and act on them in rule tests.

Tiles are written as in the rulebook, ``"6|5"``; a hand is a space-separated string. A table is
dealt exactly: the hands as given, then the boneyard with the given tiles on top (drawn first)
and every other tile of the set below them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from game.rules import (
    DRAW,
    END_TURN,
    PASS,
    GameState,
    IllegalActionError,
    Play,
    Reason,
    Refusal,
    Rules,
    Tile,
    set_tiles,
)
from game.rules.events import RoundEnded

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Flo")
MEX = "mexican"


def tile(spec: str) -> Tile:
    a, b = spec.split("|")
    return Tile(int(a), int(b))


def tiles(spec: str) -> list[Tile]:
    return [tile(s) for s in spec.split()]


def new_game(
    hands: Sequence[str],
    *,
    rules: Rules | None = None,
    set_size: int = 6,
    seed: int = 0,
    **options: Any,
) -> GameState:
    """A match whose hand size is that of the given hands (rules: standard unless given)."""
    size = len(tiles(hands[0]))
    assert all(len(tiles(h)) == size for h in hands), "every hand must have the same size"
    base = rules if rules is not None else Rules.standard()
    table_rules = base.with_options(set_size=set_size, hand_size=size, **options)
    return GameState.new(table_rules, len(hands), seed, names=NAMES[: len(hands)])


def deal(g: GameState, hands: Sequence[str], boneyard: str = "") -> list[Any]:
    """Start the next round with exactly these hands; ``boneyard`` lists the top tiles."""
    parsed = [tiles(h) for h in hands]
    top = tiles(boneyard)
    used = {t for hand in parsed for t in hand} | set(top)
    rest = [t for t in set_tiles(g.deal.set_size) if t not in used]
    return g.start_round(parsed, top + rest)


def table(
    hands: Sequence[str],
    boneyard: str = "",
    *,
    rules: Rules | None = None,
    set_size: int = 6,
    **options: Any,
) -> GameState:
    """A new match with its first round dealt exactly (see :func:`deal`)."""
    g = new_game(hands, rules=rules, set_size=set_size, **options)
    deal(g, hands, boneyard)
    return g


def train_of(g: GameState, train: int | str) -> int:
    return g.mexican if train == MEX else int(train)


def P(g: GameState, spec: str, train: int | str) -> Play:
    """The action of playing tile ``spec`` on ``train`` (a seat number or ``MEX``)."""
    return Play(tile(spec), train_of(g, train))


def play(g: GameState, spec: str, train: int | str) -> list[Any]:
    return g.apply(P(g, spec, train))


def draw(g: GameState) -> list[Any]:
    return g.apply(DRAW)


def pass_turn(g: GameState) -> list[Any]:
    return g.apply(PASS)


def end_turn(g: GameState) -> list[Any]:
    return g.apply(END_TURN)


def plays(g: GameState) -> set[tuple[Tile, int]]:
    """The legal plays of the seat to move, as (tile, train) pairs."""
    return {(a.tile, a.train) for a in g.legal_actions() if isinstance(a, Play)}


def snapshot(g: GameState) -> tuple[Any, ...]:
    """Everything observable about the match, to check that a refusal changed nothing."""
    return (
        g.phase,
        g.current,
        tuple(g.observation(s) for s in range(g.players)),
        tuple(g.boneyard),
        tuple(g.train(t) for t in range(g.players + 1)),
        tuple(g.totals),
        tuple(g.rounds_won),
        g.drawn_tile,
        g.must_follow,
        g.must_satisfy,
        g.in_first_turn_line,
        tuple(g.legal_actions()),
    )


def refused(
    g: GameState,
    action: Any,
    reason: Reason,
    message: str,
    *,
    seat: int | None = None,
) -> Refusal:
    """Assert ``action`` is refused for ``reason`` with ``message`` and changes nothing."""
    before = snapshot(g)
    refusal = g.check(action, seat)
    assert refusal is not None, f"{action} was allowed, expected {reason.name}"
    assert refusal.reason is reason, f"{action}: {refusal.reason.name}, expected {reason.name}"
    assert refusal.message == message
    assert str(refusal) == message
    if seat is None or seat == g.current:
        try:
            g.apply(action)
        except IllegalActionError as error:
            assert error.refusal == refusal
            assert str(error) == message
        else:  # pragma: no cover - the assertion below reports it
            raise AssertionError(f"apply({action}) did not raise")
    assert snapshot(g) == before, "a refused action changed the state"
    return refusal


def kinds(events: Sequence[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def round_end(events: Sequence[Any]) -> RoundEnded:
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert len(ended) == 1, f"expected the round to end, events were {kinds(events)}"
    return ended[0]


def out_round(g: GameState, winner: int, loser_junk: str) -> list[Any]:
    """Deal and play one round of a two-player, hand-of-3 match with chain and draw off.

    ``winner`` holds the engine and goes out on their second turn; the other seat is left with
    exactly the two ``loser_junk`` tiles. Returns the events of the final play.
    """
    assert g.players == 2 and g.deal.hand_size == 3
    assert not g.rules.first_turn_chain
    e = g.deal.set_size - g.round_number  # the engine of the round about to start
    junk = tiles(loser_junk)
    assert len(junk) == 2 and Tile(e, e) not in junk
    numbers = [n for n in range(g.deal.set_size + 1) if n != e]
    a, b, c = next(
        (a, b, c)
        for a, b, c in product(numbers, repeat=3)
        if a != b and a != c and not {Tile(e, a), Tile(a, b), Tile(e, c)} & set(junk)
    )
    win = f"{e}|{e} {e}|{a} {a}|{b}"
    lose = f"{e}|{c} " + loser_junk
    hands = [win, lose] if winner == 0 else [lose, win]
    deal(g, hands)
    loser = 1 - winner
    play(g, f"{e}|{a}", winner)
    play(g, f"{e}|{c}", loser)
    return play(g, f"{a}|{b}", winner)
