"""What the table's counters and plates say is true at every frame: the boneyard and the
hands add up to the set while the tiles are dealt, and YOUR TURN leaves a player who went out."""

from __future__ import annotations

from game.match.session import MatchConfig
from game.rules import Rules
from game.rules import events as ev
from game.scenes.flow import start_match
from game.scenes.pages.menu import MenuScene
from game.scenes.play.deal import DealScene

from .driver import frames, new_app


def test_the_boneyard_and_the_hands_add_up_to_the_set_at_every_frame_of_the_deal() -> None:
    app = new_app((640, 480))
    try:
        app.reset(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(4, Rules.standard(), "easy", 7))
        deal = app.top
        assert isinstance(deal, DealScene)
        view = deal.view
        shown = view.shown_seat
        total = 91  # double-12
        seen = set()
        for _ in range(60 * 8):
            if app.top is not deal:
                break
            others = sum(c for seat, c in enumerate(view.hand_counts) if seat != shown)
            held = len(view.tray.tiles) if deal.stage != "engine" else 0
            if deal.stage == "deal":
                assert view.boneyard + others + held == total, (view.boneyard, others, held)
                seen.add(view.boneyard)
            frames(app)
        assert len(seen) > 30, "the pile shrank tile by tile"
    finally:
        app.close()


def test_your_turn_leaves_your_plate_once_you_went_out() -> None:
    app = new_app((640, 480))
    try:
        app.reset(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(3, Rules.standard(), "easy", 3))
        deal = app.top
        assert isinstance(deal, DealScene)
        view = deal.view
        seat = view.shown_seat
        assert seat is not None
        view.current = seat
        assert view.badge_words(seat)[1] == ("YOUR TURN", "turn")
        view.feed([ev.WentOut(seat)])  # the round's last play: no turn comes after it
        view.finish()
        assert view.current == seat and seat in view.out
        assert view.badge_words(seat)[1] is None
    finally:
        app.close()


def test_your_own_double_raises_no_must_be_satisfied_banner() -> None:
    """Your double: the prompt asks for the tile that follows it, no banner speaks over it;
    another seat's double is announced as before."""
    from game.rules import Tile

    app = new_app((640, 480))
    try:
        app.reset(MenuScene(app))
        frames(app, 2)
        start_match(app, MatchConfig(3, Rules.standard(), "easy", 3))
        deal = app.top
        assert isinstance(deal, DealScene)
        view = deal.view
        seat = view.shown_seat
        assert seat is not None
        view.finish()
        view.banners.clear()
        view.current = seat
        view.feed([ev.DoubleOpened(3, Tile(4, 4))])
        view.update(0.01)  # the event is shown (its banner, if any, just raised)
        assert not view.banners and 3 in view.open_doubles
        view.finish()
        view.current = (seat + 1) % 3
        view.feed([ev.DoubleOpened(seat, Tile(5, 5))])
        view.update(0.01)
        assert view.banners, "another seat's double is announced"
    finally:
        app.close()
