"""The table's help and its opponents: the Hint button, Plan my hand, the seats' personas,
words in the chosen language and large tiles. Through the real app loop, headless; time is
stepped by hand and a hint or plan being worked out is waited for with ``finish_help``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game import i18n
from game.ai.hints import plan_hand
from game.ai.review import hint_advice
from game.ai.simple import make_seat
from game.app import App
from game.match.session import MatchConfig, Session
from game.rules import DRAW, END_TURN, PASS, Action, Play, Rules
from game.rules.events import RoundEnded
from game.scenes.pages.menu import MenuScene
from game.scenes.play.summary import RoundSummaryScene
from game.scenes.play.table import TableScene
from game.view.table import level_label

from .driver import click, drag, frames, new_app, post, run_until

KINDS = [None, "easy", "normal", "hard"]


@pytest.fixture
def app() -> Iterator[App]:
    app = new_app()
    try:
        yield app
    finally:
        app.close()
        i18n.set_language("en")


def open_table(app: App, seed: int, kinds: list[str | None] | None = None) -> TableScene:
    """A round dealt and shown at the person's first move (the seats before them have moved
    through the session, as the table would have made them move)."""
    kinds = kinds or KINDS
    config = MatchConfig(len(kinds), Rules.standard(), "normal", seed)
    session = Session(config, inline=True, kinds=kinds)
    session.start_round()
    state = session.state
    seats = {s: make_seat("greedy", seed + s) for s, kind in enumerate(kinds) if kind}
    while state.phase == "play" and state.current in seats:
        session.apply(seats[state.current].choose(state.observation(state.current)))
    table = TableScene(app, session)
    app.reset(MenuScene(app), table)
    run_until(app, lambda: table.ready or table.state.phase != "play")
    frames(app, 15)  # the buttons fade in
    return table


def play_until_ready(app: App, table: TableScene) -> bool:
    """Let the computer seats move until it is the person's move again (False: round over)."""
    run_until(app, lambda: table.ready or table.state.phase != "play")
    frames(app, 15)
    return table.state.phase == "play"


def coach_move(table: TableScene) -> Action:
    """What the coach advises the person now: the move its review will call the best."""
    seat = table.shown_seat
    assert seat is not None
    observation = table.state.observation(seat)
    return hint_advice(table.session.writer.text(), observation).action


def test_the_hint_button_shows_the_coachs_move_and_clears_after_it(app: App) -> None:
    shown: dict[str, int] = {}
    for seed in range(1, 26):  # many tables: the coach's choice, not just any legal one
        table = open_table(app, seed)
        state = table.session.state
        human = table.shown_seat
        assert human is not None
        if not table.ready:
            continue
        expected = coach_move(table)
        only_pass = state.legal_actions() == [PASS]  # it passes by itself: nothing to hint
        assert table.buttons["hint"].visible != only_pass
        if only_pass:
            continue
        click(app, table.buttons["hint"].rect.center)
        table.finish_help()
        frames(app, 2)
        assert table.hint_action == expected, seed
        view = table.view
        assert view.prompt == table.hint_text() != ""
        kind = "play" if isinstance(expected, Play) else str(expected)
        shown[kind] = shown.get(kind, 0) + 1
        if isinstance(expected, Play):
            assert view.hint_tile == expected.tile and view.tray.hinted == expected.tile
            assert view.hint_train == expected.train
            assert str(expected.tile) in view.prompt
            hinted = view.tray.target_rects()[expected.tile]
            others = [r for t, r in view.tray.target_rects().items() if t != expected.tile]
            assert all(hinted.y < r.y for r in others), "the hinted tile is lifted"
            if shown[kind] > 1:
                continue
            # the person plays it by dragging: the hint goes away
            words = view.prompt
            rect = table.tile_rect(expected.tile)
            assert rect is not None
            drag(app, rect.center, table.train_target(expected.train).center)
            assert expected.tile not in state.hand(human), "the hinted play was made"
            assert table.hint_action is None
            assert view.hint_tile is None and view.hint_train is None
            assert view.tray.hinted is None
            assert table.hint_text() == "" and view.prompt != words
        elif expected == DRAW:
            assert view.hint_tile is None and table.buttons["draw"].pulse
            click(app, table.buttons["draw"].rect.center)
            assert table.hint_action is None
        elif expected == END_TURN:
            assert table.buttons["done"].pulse
    assert shown.get("play", 0) >= 10, shown


def test_the_hint_is_reached_by_keyboard_and_its_key(app: App) -> None:
    table = open_table(app, 3)
    assert table.ready
    keys = [item.key for item in table.focus_items()]
    assert ("button", "hint") in keys and ("button", "plan") in keys
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    frames(app)
    table.finish_help()
    frames(app)
    assert table.hint_action == coach_move(table)
    whole = table.hint_text()
    table.hint_quick = True  # as when a slow device answered before the search was done
    assert table.hint_text() == f"{whole}, from a quick look"


def _press(app: App, by: str, what: str) -> None:
    """Enter or H on the keyboard; A, or RB round to the Hint button and A, on a pad."""
    if by == "key":
        code = pygame.K_h if what == "hint" else pygame.K_RETURN
        post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
        frames(app)
        return
    table = app.top
    assert isinstance(table, TableScene)
    if what == "hint":
        for _ in range(40):
            if table.nav.key == ("button", "hint"):
                break
            post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=RB)
            post(pygame.CONTROLLERBUTTONUP, instance_id=7, button=RB)
            frames(app)
        assert table.nav.key == ("button", "hint")
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_A)
    post(pygame.CONTROLLERBUTTONUP, instance_id=7, button=pygame.CONTROLLER_BUTTON_A)
    frames(app)


RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


@pytest.mark.parametrize("by", ["key", "pad"])
def test_after_a_hint_enter_enter_plays_exactly_the_hint(app: App, by: str) -> None:
    """H (or the Hint button by pad): the hinted tile lifts and holds the focus; Enter (A)
    picks it up and the focus is on the hinted train; Enter (A) again plays exactly that."""
    played = 0
    for seed in range(1, 30):
        table = open_table(app, seed)
        if not table.ready:
            continue
        expected = coach_move(table)
        if not isinstance(expected, Play):
            continue
        if by == "key":  # the focus starts elsewhere: on the first tile, not the hint's
            table.nav.key = ("tile", table.view.tray.tiles[0])
        _press(app, by, "hint")
        table.finish_help()
        frames(app, 2)
        assert table.hint_action == expected
        assert table.view.tray.hinted == expected.tile, "the hinted tile lifts"
        assert table.nav.key == ("tile", expected.tile), "and holds the focus"
        _press(app, by, "enter")
        assert table.selected == expected.tile
        assert table.nav.key == ("train", expected.train), "the hinted train is focused"
        before = len(table.state.train(expected.train))
        _press(app, by, "enter")
        assert expected.tile not in table.state.hand(table.shown_seat or 0)
        assert len(table.state.train(expected.train)) == before + 1, "played where hinted"
        played += 1
        if played == 3:
            break
    assert played == 3


def test_plan_my_hand_orders_the_tray_as_planned_and_plans_again(app: App) -> None:
    for seed in range(1, 60):
        table = open_table(app, seed)
        state = table.session.state
        human = table.shown_seat
        assert human is not None
        line, _free = plan_hand(state.observation(human))
        if not table.ready or len(line) < 2:
            continue
        tray = table.view.tray
        click(app, table.buttons["plan"].rect.center)
        assert table.plan_on
        toast = table.view.toast  # the one line on how the plan and the hint differ
        assert toast is not None and "your own train" in toast.message
        table.finish_help()
        frames(app)
        line, free = plan_hand(state.observation(human))
        assert tray.tiles == [*line, *free]
        assert tray.divider == len(line)
        assert tray.line_tiles() == list(line)
        # the line and the free tiles are apart: a wider step at the divider
        rects = tray.target_rects()
        step = rects[tray.tiles[1]].x - rects[tray.tiles[0]].x
        if free:
            split = rects[free[0]].x - rects[line[-1]].x
            assert split > step
        # play the line's first tile (the rules accept it: it starts the person's train)
        play = Play(line[0], human)
        if play not in state.legal_actions():
            continue
        assert table.try_play(line[0], human, None)
        run_until(app, lambda t=table, h=human: not t.view.busy or t.state.current != h)
        table.view.finish()
        frames(app)
        table.finish_help()
        frames(app)
        if state.phase != "play":
            continue
        again, rest = plan_hand(state.observation(human))
        assert tray.tiles == [*again, *rest], "the plan follows the hand as it changes"
        # off again: the order stays, the divider goes
        click(app, table.buttons["plan"].rect.center)
        assert not table.plan_on and tray.divider is None
        # Sort after a plan: the person's order wins, the plan is off
        click(app, table.buttons["plan"].rect.center)
        table.finish_help()
        frames(app)
        assert table.plan_on
        click(app, table.buttons["sort"].rect.center)
        assert not table.plan_on and tray.divider is None
        return
    raise AssertionError("no hand with a planned line of two or more came up")


def test_persona_names_and_levels_at_the_table(app: App) -> None:
    table = open_table(app, 5)
    session = table.session
    view = table.view
    seen = set()
    for seat in range(session.players):
        persona = session.persona(seat)
        name, tag, lines = view.badge_words(seat)
        if session.kinds[seat] is None:
            assert persona is None and (tag is None or tag[1] == "turn")
            continue
        assert persona is not None
        assert name == persona.name == session.names[seat]
        assert tag == (level_label(persona.level), "level")
        card = view.seat_card(seat)
        assert card == (persona.name, level_label(persona.level), persona.style)
        seen.add(persona.level)
        assert lines, "the plate still shows the hand count"
    assert seen == {"easy", "normal", "hard"}
    # hovering a computer seat's plate shows its card; moving away hides it
    seat = 2
    badge = view.layout.lanes[seat].badge
    post(pygame.MOUSEMOTION, pos=badge.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app)
    assert view.info_seat == seat
    away = view.layout.hub_center
    post(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app)
    assert view.info_seat is None
    # a tap pins it for a while (a finger cannot hover)
    click(app, badge.center)
    post(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app)
    assert view.info_seat == seat
    click(app, badge.center)  # a second tap puts it away
    post(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    frames(app)
    assert view.info_seat is None
    # the keyboard: the plates take the focus too, and a focused plate shows its card
    for _ in range(60):
        if table.nav.key == ("seat", 3):
            break
        post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
        frames(app)
    assert table.nav.key == ("seat", 3)
    assert view.info_seat == 3
    assert table.focus_rect() == view.layout.lanes[3].badge
    # the words follow the language, at once
    i18n.set_language("ga")
    frames(app)
    persona = session.persona(seat)
    assert persona is not None
    assert view.badge_words(seat)[1] == (i18n.pgettext("opponent", persona.level.title()), "level")
    assert view.badge_words(seat)[1] != (persona.level.title(), "level")


def test_the_table_speaks_the_language_of_the_moment(app: App) -> None:
    table = open_table(app, 4)
    assert table.buttons["sort"].label == "Sort"
    i18n.set_language("ga")
    frames(app)
    assert table.buttons["sort"].label == i18n._("Sort") == "Sórtáil"
    assert table.buttons["draw"].label == "Tarraing"
    human = table.shown_seat
    assert human is not None
    if table.ready:
        plays = [a for a in table.state.legal_actions() if isinstance(a, Play)]
        wrong = next(
            (
                (tile, train)
                for tile in table.state.hand(human)
                for train in range(table.state.players + 1)
                if table.state.check(Play(tile, train), human) is not None
            ),
            None,
        )
        assert plays or wrong is not None
        if wrong is not None:
            refusal = table.state.check(Play(*wrong), human)
            assert refusal is not None
            table.try_play(wrong[0], wrong[1], None)
            toast = table.view.toast
            assert toast is not None
            state = table.state
            train = ""
            if refusal.train is not None:
                train = i18n.train_label(refusal.train, state.players, state.names, human)
            limit = (state.rules.max_open_doubles or 1) + 1
            words = i18n.reason_text(refusal.reason, train, limit)
            assert toast.message.lower() == words.lower()
            assert toast.message.lower() != refusal.message.lower()
    i18n.set_language("en")
    frames(app)
    assert table.buttons["sort"].label == "Sort"


def test_large_tiles_make_the_hand_bigger(app: App) -> None:
    table = open_table(app, 6)
    view = table.view
    before = view.layout.hand_width
    tile = view.tray.tiles[0]
    small = view.tray.target_rects()[tile]
    app.settings.large_tiles = True
    frames(app, 2)
    assert view.layout.large
    assert view.layout.hand_width >= before * 1.3
    big = view.tray.target_rects()[tile]
    assert big.w > small.w and big.h > small.h
    for name in ("sort", "plan", "hint"):  # the buttons moved with the taller tray
        assert table.buttons[name].rect == getattr(view.layout, f"{name}_button")
    app.settings.large_tiles = False
    frames(app, 2)
    assert view.layout.hand_width == before


def round_summary(
    app: App, kinds: list[str | None], reshape: Callable[[RoundEnded], RoundEnded] | None = None
) -> tuple[Session, RoundEnded, RoundSummaryScene]:
    """A one-round match at a table of ``kinds`` played out by simple seats, and its summary
    shown over the table (``reshape`` may change how the round ended first)."""
    from game.rules import events as ev
    from game.view.table import RoundResult

    rules = Rules.standard().with_options(rounds=1)
    session = Session(MatchConfig(3, rules, "normal", 8), inline=True, kinds=kinds)
    session.start_round()
    state = session.state
    seats = [make_seat("greedy", 80 + s) for s in range(3)]
    ended: ev.RoundEnded | None = None
    while state.phase == "play":
        for event in session.apply(seats[state.current].choose(state.observation(state.current))):
            if isinstance(event, ev.RoundEnded):
                ended = event
    assert ended is not None
    if reshape is not None:
        ended = reshape(ended)
    table = TableScene(app, session)
    table.view.result = RoundResult(ended)
    table.summary_shown = True
    summary = RoundSummaryScene(app, session, table.view)
    app.reset(MenuScene(app), table, summary)
    return session, ended, summary


def test_the_round_summary_speaks_the_language_of_the_moment(app: App) -> None:
    session, ended, summary = round_summary(app, [None, "easy", "normal"])
    frames(app, 5)
    english = summary.headline()
    assert summary.button.label == "See the final results"
    i18n.set_language("ga")
    frames(app, 2)
    assert summary.button.label == i18n._("See the final results") != "See the final results"
    assert summary.headline() != english
    names = [session.names[s] for s in ended.winners if s != session.shown_seat]
    assert all(name in summary.headline() for name in names)


def test_the_hint_says_how_far_ahead_it_is_in_the_reviews_unit(app: App) -> None:
    table = open_table(app, 3)
    table.hint_action, table.hint_margin = END_TURN, 3.2
    assert table.hint_text() == (
        "Hint: press Done to end your turn, about 3 points better than the next best move"
    )
    table.hint_margin = 0.4  # under a point: the review would call the others good too
    assert (
        table.hint_text() == "Hint: press Done to end your turn: the other moves are nearly as good"
    )
    table.hint_action, table.hint_margin = DRAW, 1.0
    assert table.hint_text() == "Hint: draw a tile, about 1 point better than the next best move"
    table.hint_margin = None  # the only move there was
    assert table.hint_text() == "Hint: draw a tile"
    play = Play(table.view.tray.tiles[0], table.state.players)
    table.hint_action, table.hint_margin = play, 6.4
    assert table.hint_text() == (
        f"Hint: play {play.tile} on the Mexican train, "
        "about 6 points better than the next best move"
    )


def test_the_hint_says_why_in_the_reviews_words(app: App) -> None:
    """The hint's reason is the review's sentence for the same fact, after the margin."""
    from game.ai.explain import Reason, Why, reason
    from game.ai.review import Decision
    from game.scenes.kit.reasons import reason_words
    from game.scenes.review import review_words

    table = open_table(app, 3)
    play = Play(table.view.tray.tiles[0], table.state.players)
    table.hint_action, table.hint_margin = play, 4.2
    table.hint_reason = Reason(Why.SHEDS.value, 6)
    assert table.hint_text() == (
        f"Hint: play {play.tile} on the Mexican train, "
        "about 4 points better than the next best move. It sheds 6 pips more from your hand."
    )
    table.hint_reason = Reason(Why.LONGER_LINE.value, 2)
    assert table.hint_text().endswith(". It keeps 2 more tiles for a line on your own train.")
    table.hint_action = DRAW  # no tile: nothing to explain
    assert "It keeps" not in table.hint_text()
    # the review says the same of the same two moves in the same position
    state = table.state
    observation = state.observation(state.current)
    plays = [a for a in observation.legal_actions if isinstance(a, Play)]
    for better in plays:
        for made in observation.legal_actions:
            decision = Decision(1, 1, made, better, 5.0, "mistake", 2, ())
            said = review_words.why(decision, state)
            assert said == reason_words(reason(observation, better, made), better.tile)


def test_the_headline_says_you_and_the_others_went_out_in_its_own_sentence(app: App) -> None:
    """When you and another seat went out together (the first turns of a chain), the headline
    is a sentence of its own, so the verb can agree with "you" (Tamil, Icelandic, Basque)."""
    from game.rules import RoundEnd

    def together(ended: RoundEnded) -> RoundEnded:
        return ended._replace(reason=RoundEnd.OUT, winners=(0, 1))

    session, _ended, summary = round_summary(app, [None, "easy", "easy"], together)
    frames(app, 2)
    assert summary.headline() == f"You and {session.names[1]} went out"
    i18n.set_language("ta")
    frames(app, 2)
    assert summary.headline().startswith("நீங்கள்") and session.names[1] in summary.headline()
    assert "முடித்தீர்கள்" in summary.headline(), "the verb agrees with you"
