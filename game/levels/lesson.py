"""The guided first game: a hand-made deal whose moves bring up each lesson in order.

The lesson is a real match under the rules engine: station rules on a double-nine set, three
seats (the person in seat 0, two scripted computer seats), one round, eight tiles a hand. The
hands and the boneyard are fixed so that every lesson comes up in turn:

=====  ==========================================================================
turn   the person's lesson (the computers' scripted moves follow each turn)
=====  ==========================================================================
  1    the engine 9|9 is theirs; start their own train with 9|2
  2    match numbers: 2|4 on their own train
  3    the Mexican train: 9|6 (their only play)
  4    no play: draw 6|6, which does not fit either, so the table passes for them and
       their marker goes down (a page says why); Ana has no play either and is marked;
       Ben plays on the person's open train
  5    Ana's train is marked: 0|3 on it
  6    a double and its follow: 5|5, then 5|1, on their own train (their marker lifts)
  7    Ben plays 2|2, cannot follow and passes: the person must satisfy it with 2|0
  8    no play again: the drawn 1|6 fits their train and must be played at once
  9    going out on a double: their last tile, 6|6, ends the round at once
=====  ==========================================================================

Left to the closing pages' words, not played: the oldest-open-double order (the station
rules keep one double open at a time, so it cannot come up) and a blocked round (it needs the
boneyard run dry, dozens of turns into a round).

This module knows nothing of the screen: it gives the deal, the person's step-by-step moves
and the computers' moves between them. ``tests/test_lesson.py`` plays the whole script through
the rules engine and checks that each step's move is legal when it comes and that the
no-play steps really have no play.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.i18n import N_
from game.rules import DRAW, PASS, Action, GameState, Play, Rules, Tile

PERSON = 0
ANA = 1
BEN = 2
PLAYERS = 3
MEXICAN = PLAYERS  # the Mexican train's number at a table of three
HUB = -1  # in Step.shows: the middle of the table, where the engine lies

RULES = Rules.station().with_options(set_size=9, hand_size=8, rounds=1)
SEED = 0  # never used to shuffle: the round is dealt from HANDS and BONEYARD


def _tiles(text: str) -> tuple[Tile, ...]:
    """'9|2 2|4' as tiles."""
    return tuple(Tile(int(a), int(b)) for a, b in (pair.split("|") for pair in text.split()))


HANDS: tuple[tuple[Tile, ...], ...] = (
    _tiles("9|9 9|2 2|4 9|6 0|3 5|5 5|1 2|0"),  # the person: the engine and a line to learn on
    _tiles("9|5 5|8 8|0 3|1 1|8 8|6 3|5 1|1"),  # Ana: has no 0, 4 or 7 when her turn 4 comes
    _tiles("9|3 3|8 6|7 4|5 8|2 2|2 0|5 0|9"),  # Ben: no 2 or 7 behind his double on turn 6
)
# The scripted draws, in order: the person's (turn 4), Ana's (turn 4), Ben's (turn 6) and the
# person's (turn 8, a tile that fits); Ben's draw on turn 8 is the rest's first, 8|9.
FIRST_DRAWS = _tiles("6|6 5|6 8|8 1|6")


def _boneyard() -> tuple[Tile, ...]:
    """The undealt tiles, top first: the scripted draws, then the rest in set order."""
    dealt = {tile for hand in HANDS for tile in hand} | set(FIRST_DRAWS)
    rest = [
        Tile(low, high)
        for high in range(RULES.set_size or 9, -1, -1)
        for low in range(high, -1, -1)
        if Tile(low, high) not in dealt
    ]
    return (*FIRST_DRAWS, *rest)


BONEYARD = _boneyard()


@dataclass(frozen=True)
class Step:
    """One thing the person is asked to do (or, for a page, to read)."""

    key: str  # names the lesson (and the step a person who left comes back to)
    text: str  # what to do and why, in English (a msgid: translated where it is drawn)
    moves: tuple[Action, ...] = ()  # the person's moves, in order (empty: a page to read)
    then: tuple[tuple[int, Action], ...] = ()  # (seat, action) the computers play afterwards
    shows: tuple[int, ...] = ()  # trains (or HUB) the words speak of, beside the moves' trains

    @property
    def page(self) -> bool:
        """A page to read (and a Next button), not a move to make."""
        return not self.moves


def _play(text: str, train: int) -> Play:
    return Play(_tiles(text)[0], train)


STEPS: tuple[Step, ...] = (
    Step(
        "engine",
        N_(
            "Welcome to Mexican Train! The double in the middle, 9|9, is the engine: every "
            "train starts from it. You, Ana and Ben each have a train, and the Mexican train "
            "belongs to everyone."
        ),
        shows=(HUB,),
    ),
    Step(
        "start_train",
        N_("Your train must start with a 9 to match the engine. Drag 9|2 onto your train."),
        (_play("9|2", PERSON),),
        ((ANA, _play("9|5", ANA)), (BEN, _play("9|3", BEN))),
    ),
    Step(
        "match_numbers",
        N_("Your train now ends in a 2, and a tile joins where its number matches: play 2|4."),
        (_play("2|4", PERSON),),
        ((ANA, _play("5|8", ANA)), (BEN, _play("3|8", BEN))),
    ),
    Step(
        "mexican_train",
        N_("Nothing fits the 4 on your train. The Mexican train is open to all: play 9|6 there."),
        (_play("9|6", MEXICAN),),
        ((ANA, _play("8|0", ANA)), (BEN, _play("6|7", MEXICAN))),
    ),
    Step(
        "draw",
        N_(
            "No tile of yours fits anywhere, so you must draw one from the boneyard: press "
            "Draw. If it does not fit either, your turn passes by itself."
        ),
        (DRAW, PASS),  # the pass is the table's own, as in any match: no button for it
        shows=(PERSON,),  # where the marker goes
    ),
    Step(
        "pass_and_marker",
        N_(
            "6|6 did not fit either, so your turn passed and your marker went on your train. "
            "While it is there, anyone may play on your train."
        ),
        (),
        ((ANA, DRAW), (ANA, PASS), (BEN, _play("4|5", PERSON))),
        shows=(PERSON,),
    ),
    Step(
        "marked_train",
        N_("Ana had no play either: her marker is out, so her train is open. Play 0|3 on it."),
        (_play("0|3", ANA),),
        ((ANA, _play("3|1", ANA)), (BEN, _play("8|2", BEN))),
    ),
    Step(
        "play_double",
        N_("Ben played 4|5 on your open train. Now play your double, 5|5, on your train."),
        (_play("5|5", PERSON),),
    ),
    Step(
        "follow_double",
        N_(
            "After a double you play once more: follow it with 5|1. Playing on your own train "
            "also takes your marker off."
        ),
        (_play("5|1", PERSON),),
        ((ANA, _play("1|8", ANA)), (BEN, _play("2|2", BEN)), (BEN, DRAW), (BEN, PASS)),
    ),
    Step(
        "satisfy_double",
        N_(
            "Ben could not follow his 2|2, so it is open: nobody may play elsewhere until it "
            "is satisfied. Play 2|0 on Ben's train."
        ),
        (_play("2|0", BEN),),
        ((ANA, _play("8|6", ANA)), (BEN, _play("0|5", BEN))),
    ),
    Step(
        "draw_fits",
        N_("Nothing fits again: press Draw. This time the tile you draw may fit."),
        (DRAW,),
    ),
    Step(
        "play_drawn",
        N_("1|6 fits your train, and a drawn tile that fits must be played at once: play it."),
        (_play("1|6", PERSON),),
        ((ANA, _play("5|6", ANA)), (BEN, DRAW), (BEN, PASS)),
    ),
    Step(
        "go_out",
        N_(
            "Your last tile is a double: play 6|6 on your train. A double that is your last "
            "tile goes out at once, and nobody has to satisfy it."
        ),
        (_play("6|6", PERSON),),
    ),
    Step(
        "scoring",
        N_(
            "You went out, so you score 0. The others score the pips left in their hands. "
            "A round also ends when it is blocked: the boneyard is empty and nobody can play. "
            "A match has a round for every double, and the lowest total wins."
        ),
    ),
    Step(
        "other_rules",
        N_(
            "You played the station rules. Under the standard rules your first turn may lay a "
            "whole line on your train, you do not draw when you cannot start it, any number of "
            "doubles may stay open (the oldest is satisfied first), and a double blank left in "
            "a hand counts 50. Custom table lets you choose."
        ),
    ),
)


def new_state() -> GameState:
    """The lesson's table, dealt and with the engine placed: the person's first turn."""
    state = GameState.new(RULES, PLAYERS, SEED, names=("You", "Ana", "Ben"))
    state.start_round(HANDS, BONEYARD)
    return state


def script() -> Iterator[tuple[int, Action]]:
    """Every (seat, action) of the lesson's round in order, the person's and the computers'."""
    for step in STEPS:
        for move in step.moves:
            yield PERSON, move
        yield from step.then
