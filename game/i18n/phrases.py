"""Phrases the screens share: refusals in words, trains named from a seat, lists of names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from game.i18n.language import N_, _, current_language, ngettext, pgettext, translate

if TYPE_CHECKING:  # imported where used: the menu's first frame needs no rules
    from game.rules import Reason, Rules, RulesError


@cache
def reason_messages() -> Mapping[Reason, str]:
    """The rules' refusal messages (game.rules.reasons.Reason), as catalog entries. The msgids
    are the Reason values themselves; a test checks they stay equal."""
    from game.rules import Reason

    return {
        Reason.NOT_YOUR_TURN: N_("not your turn"),
        Reason.ROUND_OVER: N_("the round is over"),
        Reason.NOT_IN_HAND: N_("that tile is not in your hand"),
        Reason.NO_SUCH_TRAIN: N_("there is no such train"),
        Reason.NUMBERS_DONT_MATCH: N_("the numbers don't match"),
        Reason.TRAIN_PRIVATE: N_("that train is private"),
        Reason.MEXICAN_AFTER_FIRST_TURN: N_("the Mexican train opens after your first turn"),
        Reason.FIRST_TURN_OWN_TRAIN: N_("on your first turn you may only play on your own train"),
        # Translators: {train} is "the Mexican train", "your train" or "{name}'s train"
        Reason.MUST_SATISFY: N_("you must satisfy the open double on {train}"),
        Reason.MUST_FOLLOW: N_("you must follow your double"),
        Reason.TOO_MANY_OPEN_DOUBLES: N_("that would leave two doubles open"),
        Reason.MUST_PLAY_NOT_DRAW: N_("you have a legal play, so you may not draw"),
        Reason.MUST_PLAY_NOT_PASS: N_("you have a legal play, so you may not pass"),
        Reason.MUST_DRAW_BEFORE_PASS: N_("draw from the boneyard before you pass"),
        Reason.ALREADY_DRAWN: N_("you have already drawn this turn"),
        Reason.BONEYARD_EMPTY: N_("the boneyard is empty"),
        Reason.MUST_PLAY_DRAWN: N_("you must play the tile you drew"),
        Reason.FIRST_TURN_NO_DRAW: N_(
            "on your first turn, mark your train and pass instead of drawing"
        ),
        Reason.CANNOT_END_TURN: N_(
            "you can end your turn early only while laying your first-turn line"
        ),
        Reason.NOT_ALLOWED: N_("that is not allowed now"),
    }


def reason_text(reason: Reason, train: str = "", open_doubles: int = 2) -> str:
    """A refusal's words in the current language, lower-case first as the rules write them.

    ``train`` fills MUST_SATISFY (use :func:`train_label`); ``open_doubles`` is how many doubles
    a refused TOO_MANY_OPEN_DOUBLES play would leave open (the table's limit + 1).
    """
    from game.rules import Reason

    if reason is Reason.TOO_MANY_OPEN_DOUBLES and open_doubles != 2:
        return ngettext(
            "that would leave {n} double open", "that would leave {n} doubles open", open_doubles
        ).format(n=open_doubles)
    text = translate(reason_messages()[reason])
    return text.format(train=train) if "{train}" in text else text


def deal_problem(rules: Rules, players: int, error: RulesError) -> str:
    """Why ``rules`` cannot seat ``players``, lower-case first as the rules write it, in the
    current language for the case a player can reach (the station rules past 10 players), in
    the rules' own English words otherwise."""
    if rules.preset == "station" and players > 10 and rules.hand_size is None:
        return _("the station rules deal for 2 to 10 players, not {n}").format(n=players)
    return str(error)


def train_label(train: int, players: int, names: Sequence[str], viewer: int | None) -> str:
    """A train named as it follows "on" ("Satisfy the double on {train}"), from ``viewer``'s
    side: the Mexican train, your train, or a player's train."""
    if train == players:
        # Translators: used after "on" in "Satisfy the double on {train}" and the like
        return _("the Mexican train")
    if train == viewer:
        # Translators: used after "on" in "Satisfy the double on {train}" and the like
        return _("your train")
    # Translators: used after "on" in "Satisfy the double on {train}" and the like
    return _("{name}'s train").format(name=names[train])


def join_names(items: Sequence[str]) -> str:
    """``["Ana", "Bo", "Cy"]`` -> "Ana, Bo and Cy" in the current language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        # Translators: a list of names continued: "Ana, Bo"
        head = _("{first}, {next}").format(first=head, next=item)
    # Translators: the last name of a list: "Ana, Bo and Cy"
    return _("{first} and {last}").format(first=head, last=items[-1])


def place_label(place: int) -> str:
    """A place in the final standings: "1st", "2nd", "3rd" in English, and as each catalog
    writes ordinals ("1.", "1ú", "1வது"), the same form for every place.

    >>> [place_label(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    # Translators: a place in the final standings, {n} its number, as the language writes an
    # ordinal: "{n}." in many, "{n}ú" in Irish, "{n}வது" in Tamil (English adds st/nd/rd/th)
    template = pgettext("place", "{n}.")
    if template == "{n}." and current_language() == "en":
        teen = 10 <= place % 100 <= 20
        suffix = "th" if teen else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
        return f"{place}{suffix}"
    return template.format(n=place)
