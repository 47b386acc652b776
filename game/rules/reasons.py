"""Why an action is refused (RULES.md section 10): a code for programs, words for players.

The message is English; a translated game looks up its own words by ``Reason`` and fills in
``Refusal.train`` (the train the message is about, if any).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Reason(Enum):
    NOT_YOUR_TURN = "not your turn"
    ROUND_OVER = "the round is over"
    NOT_IN_HAND = "that tile is not in your hand"
    NO_SUCH_TRAIN = "there is no such train"
    NUMBERS_DONT_MATCH = "the numbers don't match"
    TRAIN_PRIVATE = "that train is private"
    MEXICAN_AFTER_FIRST_TURN = "the Mexican train opens after your first turn"
    FIRST_TURN_OWN_TRAIN = "on your first turn you may only play on your own train"
    MUST_SATISFY = "you must satisfy the open double on {train}"
    MUST_FOLLOW = "you must follow your double"
    TOO_MANY_OPEN_DOUBLES = "that would leave two doubles open"
    MUST_PLAY_NOT_DRAW = "you have a legal play, so you may not draw"
    MUST_PLAY_NOT_PASS = "you have a legal play, so you may not pass"
    MUST_DRAW_BEFORE_PASS = "draw from the boneyard before you pass"
    ALREADY_DRAWN = "you have already drawn this turn"
    BONEYARD_EMPTY = "the boneyard is empty"
    MUST_PLAY_DRAWN = "you must play the tile you drew"
    FIRST_TURN_NO_DRAW = "on your first turn, mark your train and pass instead of drawing"
    CANNOT_END_TURN = "you can end your turn early only while laying your first-turn line"
    NOT_ALLOWED = "that is not allowed now"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused action: the reason code, the English message and the train it concerns."""

    reason: Reason
    message: str
    train: int | None = None

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[Refusal], tuple[Reason, str, int | None]]:
        # pickle and copy make the value again through __init__ (the compiled build needs it)
        return (Refusal, (self.reason, self.message, self.train))


class IllegalActionError(ValueError):
    """Raised by ``apply`` for an action the rules refuse; carries the refusal."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal
