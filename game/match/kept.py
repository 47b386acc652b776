"""A finished match kept in Recent matches: what its entry says of it, taken from the session.

The folder itself (:class:`game.store.recent.RecentMatches`) knows nothing of a session; this
is the one place that reads a finished session for it.
"""

from __future__ import annotations

from typing import Any

from game.match.session import Session
from game.store.home import Store
from game.store.recent import RecentMatches
from game.store.values import MatchMode


def match_entry(session: Session) -> dict[str, Any]:
    """What the list keeps of a finished match (without its order and time)."""
    state = session.state
    deal = state.rules.deal_for(state.players)
    if session.daily is not None:
        mode = MatchMode.DAILY
    elif session.level is not None:
        mode = MatchMode.LEVEL
    elif session.pass_and_play:
        mode = MatchMode.PASS_AND_PLAY
    else:
        mode = session.mode
    people = [seat for seat, kind in enumerate(session.kinds) if kind is None]
    return {
        "match": session.match_id,
        "mode": mode,
        "level": session.level.name
        if session.level is not None and mode == MatchMode.LEVEL
        else "",
        "day": session.daily.key if session.daily is not None else "",
        "names": list(state.names),
        "totals": list(state.totals),
        "winners": list(state.match_winners),
        "people": people or [0],  # a computer in the person's seat (tests): seat 0
        "rules": {
            "players": state.players,
            "set": deal.set_size,
            "preset": state.rules.preset,
            "rounds": deal.rounds,
            "scoring": state.rules.scoring,
        },
        "practice": session.practice,
    }


def keep_match(store: Store, session: Session) -> bool:
    """Keep a finished match in Recent matches (see :class:`RecentMatches`); False when the
    disk refused (the notice says so). The saves call it as a match ends (the guided game and
    the kiosk's attract mode are not watched by them, so they are not kept)."""
    if not session.state.match_over:
        return True
    return RecentMatches(store).keep(session.writer.text(), match_entry(session))
