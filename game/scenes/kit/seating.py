"""A table view set for a session's seats: levels and styles, names or "You", sounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.session import Session
from game.scenes.kit import cues
from game.view.table import TableView

if TYPE_CHECKING:
    from game.app import App


def seat_details(session: Session) -> tuple[dict[int, str], dict[int, str]]:
    """Each computer seat's level (its kind) and, for a persona, its style (an English msgid)."""
    levels: dict[int, str] = {}
    styles: dict[int, str] = {}
    for seat, kind in enumerate(session.kinds):
        if kind is None:
            continue
        levels[seat] = kind
        persona = session.persona(seat)
        if persona is not None:
            levels[seat] = persona.level
            styles[seat] = persona.style
    return levels, styles


def table_view(app: App, session: Session, view: TableView | None) -> TableView:
    """``view`` (the table the scene before showed) or a new one, set for ``session``'s seats:
    each computer seat's level and style, "You" unless several people share the device, and
    the table's sounds."""
    if view is None:
        state = session.state
        settings = app.settings
        view = TableView(
            app.size,
            state.players,
            state.names,
            session.shown_seat,
            app.theme,
            app.renderer,
            settings.numerals,
            settings.large_tiles,
        )
    view.call_you = not session.pass_and_play  # several people: seats go by their names
    view.set_seats(*seat_details(session))
    cues.attach(view, app.play_sound)
    return view
