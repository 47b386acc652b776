"""A level's match as a session: its seats, names, seed, and the table a save keeps."""

from __future__ import annotations

from datetime import date

from game import i18n
from game.levels import load_levels
from game.levels.daily import daily_table
from game.match.session import MatchConfig, Session, seat_names, strongest

LEVELS, _ERRORS = load_levels()


def test_every_level_makes_a_session_with_its_own_seats_and_names() -> None:
    for level in LEVELS:
        session = Session(MatchConfig.for_level(level, 31), inline=True)
        try:
            assert session.kinds == [None, *level.playable_kinds]
            assert session.state.names[1:] == tuple(o.name for o in level.opponents)
            assert session.state.rules == level.rules()
            assert session.seed == (level.seed if level.seed is not None else 31)
            for seat, opponent in enumerate(level.opponents, start=1):
                persona = session.persona(seat)
                assert persona is not None and persona.style == opponent.style
            assert session.opponent == strongest(level.playable_kinds)
        finally:
            session.close()


def test_strongest_kind_counts_hard_over_normal_over_easy() -> None:
    assert strongest(["easy", "hard", "normal"]) == "hard"
    assert strongest(["easy", "normal"]) == "normal"
    assert strongest(["random", "easy"]) == "easy"


def test_table_meta_round_trips_a_level_and_a_day() -> None:
    level = LEVELS[3]
    session = Session(MatchConfig.for_level(level, 5), inline=True)
    plain = Session(MatchConfig(3, level.rules(), "greedy", 5), inline=True)
    try:
        meta = session.table_meta()
        assert meta == {"level": level.id}
        plain.restore_table(meta, LEVELS)
        assert plain.level == level and plain.ladder == tuple(LEVELS)
        table = daily_table(date(2025, 1, 2))
        day = Session(MatchConfig.for_daily(table), inline=True)
        assert day.table_meta() == {"daily": "2025-01-02"}
        plain.restore_table(day.table_meta())
        assert plain.daily == table and plain.level == table.level
        day.close()
    finally:
        session.close()
        plain.close()


def test_a_save_naming_no_level_or_a_bad_day_stays_a_plain_match() -> None:
    session = Session(MatchConfig(3, LEVELS[0].rules(), "greedy", 5), inline=True)
    try:
        session.restore_table({"level": "no-such-level"}, LEVELS)
        assert session.level is None and session.ladder is None
        session.restore_table({"daily": "2025-13-45"}, LEVELS)
        assert session.daily is None and session.level is None
        session.restore_table({}, LEVELS)
        assert session.table_meta() == {}
    finally:
        session.close()


def test_people_are_named_in_the_current_language() -> None:
    try:
        i18n.set_language("ga")
        names = seat_names([None, None, "greedy"])
        assert names[:2] == (
            i18n._("Player {n}").format(n=1),
            i18n._("Player {n}").format(n=2),
        )
        assert seat_names([None, "greedy"])[0] == i18n._("You") == "Tusa"
        assert seat_names([None, "greedy"], "Dee")[0] == "Dee"  # a name given stays
    finally:
        i18n.set_language("en")
    assert seat_names([None, None])[:2] == ("Player 1", "Player 2")
