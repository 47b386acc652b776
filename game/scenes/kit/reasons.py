"""Why a move is better, in words: the one sentence the hint and the review both say
(the facts come from :mod:`game.ai.explain`)."""

from __future__ import annotations

from game.ai.explain import Reason, Why
from game.i18n import _, ngettext
from game.rules import Tile


def reason_words(reason: Reason | None, tile: Tile) -> str:
    """``reason`` for the better move, which lays ``tile``, as a sentence (empty without)."""
    if reason is None:
        return ""
    if reason.why == Why.DOUBLE:
        return _("{tile} is a double: after it you play one more tile.").format(tile=tile)
    n = reason.amount
    if reason.why == Why.LONGER_LINE:
        # Translators: why a move is better: after it the player's own train can still take
        # a line of n more tiles of their hand than after the other move
        return ngettext(
            "It keeps {n} more tile for a line on your own train.",
            "It keeps {n} more tiles for a line on your own train.",
            n,
        ).format(n=n)
    return ngettext(
        "It sheds {n} pip more from your hand.", "It sheds {n} pips more from your hand.", n
    ).format(n=n)
