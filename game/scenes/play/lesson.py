"""Learn to play: the guided first game, on the real table with a guide beside it.

The table is the ordinary one (:class:`TableScene`: the same view, input and rules engine),
dealt from the lesson's hand-made deal (:mod:`game.levels.lesson`). A guide card at the top says in
a line or two what to do and why; the tile to play lifts and its train lights, as a hint does.
The guide only narrows what the table offers: the rules still decide what is legal. A move the
rules allow but the lesson does not ask for is answered with a friendly sentence and nothing
changes; a move the rules refuse gets the rules' own reason, as at any table.

The computer seats play the lesson's script, so the lesson is the same every time. A person who
leaves comes back to the step they left (:func:`lesson_table` replays the script up to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.i18n import N_, _
from game.input.focus import FocusItem
from game.input.intents import Act, Intent
from game.levels import lesson
from game.match.session import MatchConfig, Session, your_name
from game.pacing import MOVING, Pace
from game.rules import (
    DRAW,
    PASS,
    PLAY,
    Action,
    GameState,
    IllegalActionError,
    Play,
    RulesError,
    Tile,
)
from game.rules import events as ev
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.scenes.kit.question import QuestionScene
from game.scenes.play.summary import RoundSummaryScene
from game.scenes.play.table import TableScene
from game.view import controls, surfaces, typeset
from game.view.table import TableView
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App

STEP_KEYS = tuple(step.key for step in lesson.STEPS)
GUIDE_GLOW = 0.9  # seconds the guide card glows after it changes, to draw the eye
# What a person's progress is kept as (store.Progress.lesson): the key of the step to come back
# to, or one of these.
FINISHED = "finished"
DECLINED = "declined"  # the first-start offer was turned down: not offered again


# ----------------------------------------------------------------------------- progress


def lesson_progress(app: App) -> str:
    """How far the guided game got: "", a step's key, FINISHED or DECLINED."""
    from game.scenes.kit.progress import load_progress

    return load_progress(app).lesson


def remember_lesson(app: App, where: str) -> None:
    """Keep how far the guided game got (a step's key, FINISHED or DECLINED)."""
    from game.scenes.kit.progress import load_progress, save_progress

    progress = load_progress(app)
    if progress.lesson != where:
        progress.lesson = where
        save_progress(app, progress)


def start_lesson(app: App, *, from_start: bool = False) -> LessonScene | None:
    """Open the guided game: at the step it was left at, or dealt afresh (with the deal shown)
    when it was never started, was finished, or ``from_start``. The scene when there is no
    deal to watch first; None when the deal is being shown."""
    where = "" if from_start else lesson_progress(app)

    def keep(key: str) -> None:
        remember_lesson(app, key)

    if where in STEP_KEYS and where != STEP_KEYS[0]:
        session, index = lesson_table(where)
        scene = LessonScene(app, session, index, remember=keep)
        app.push(scene)
        return scene
    session = LessonSession()
    session.start_round()
    app.push(flow.deal(app, session, then=lambda view: LessonScene(app, session, 0, view, keep)))
    return None


def should_offer_lesson(app: App) -> bool:
    """At the very first start (nothing played, the lesson never seen), offer the lesson once."""
    if app.store is None or app.kiosk is not None or app.autoplay:
        return False
    from game.scenes.kit.progress import load_progress

    progress = load_progress(app)
    if progress.lesson or progress.ladder or progress.daily:
        return False
    if app.keeper is not None and app.keeper.resumable:
        return False  # a match saved in progress: not a first start
    return app.store.load_statistics().overall.games == 0


class ScriptedRunner:
    """The computer seats' moves, read from the lesson's script in order (no thinking)."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session
        self._answer: tuple[int, Action] | None = None

    def request(self, seat: int, observation: object, *_when: object) -> None:
        script = self.session.script
        index = self.session.applied
        if index < len(script) and script[index][0] == seat:
            self._answer = script[index]

    def poll(self) -> tuple[int, Action] | None:
        answer, self._answer = self._answer, None
        return answer

    def rewind(self, *_history: object) -> None:
        """No take-backs in the lesson (the script knows where it is from the session), no
        thinking ahead, nothing to close: only an answer not yet taken is forgotten."""
        self._answer = None

    close = ponder = rewind


class LessonSession(Session):
    """The lesson's match: three seats, the fixed deal, scripted computer seats, no autosave."""

    def __init__(self) -> None:
        config = MatchConfig(players=lesson.PLAYERS, rules=lesson.RULES, seed=lesson.SEED)
        names = (your_name(), "Ana", "Ben")
        state = GameState.new(lesson.RULES, lesson.PLAYERS, lesson.SEED, names)
        # "easy" only names the seats' level on their plates; the script plays for them.
        super().__init__(config, inline=True, kinds=[None, "easy", "easy"], state=state)
        self.runner.close()
        self.runner = ScriptedRunner(self)
        self.script = list(lesson.script())
        self.applied = 0  # actions of the script played so far

    @override
    def start_round(self) -> list[ev.Event]:
        self.round_events = self.state.start_round(lesson.HANDS, lesson.BONEYARD)
        self.ended_turn = False
        self._changed(self.round_events)
        return self.round_events

    @override
    def apply(self, action: Action) -> list[ev.Event]:
        events = super().apply(action)
        self.applied += 1
        return events


def lesson_table(step_key: str | None = None) -> tuple[LessonSession, int]:
    """The lesson's match dealt and played up to the start of the step named ``step_key``
    (the first step when None or unknown); the session and that step's index."""
    index = STEP_KEYS.index(step_key) if step_key in STEP_KEYS else 0
    if lesson.STEPS[index].key == "scoring":
        index -= 1  # the summary needs the round's end on screen: go out again
    session = LessonSession()
    session.start_round()
    try:
        for step in lesson.STEPS[:index]:
            for action in step.moves:
                session.apply(action)
            for _seat, action in step.then:
                session.apply(action)
    except (IllegalActionError, RulesError):
        # The script no longer reaches that step (a kept step of another version): start over.
        session.close()
        session = LessonSession()
        session.start_round()
        index = 0
    return session, index


class LessonScene(TableScene):
    """The table with the guide: one step of :data:`game.levels.lesson.STEPS` at a time."""

    def __init__(
        self,
        app: App,
        session: LessonSession,
        step: int = 0,
        view: TableView | None = None,
        remember: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(app, session, view)
        self.lesson_session = session
        self.step_index = step
        self.move_index = 0  # moves of this step made so far
        self.remember = remember  # told the key of each step reached (to come back to it)
        self.glow = GUIDE_GLOW
        self.next_button = controls.Button(
            "", pygame.Rect(0, 0, 10, 10), self.next_page, primary=True
        )
        self.finished = False
        self._was_caught_up = True
        self.view.set_seats({}, {})  # scripted seats: no level tags or style cards
        if self.state.phase != PLAY:
            # The round ended before this table opened (left on the closing page): its scores
            # were read then, and a table rebuilt from the state has no round's end to sum up.
            self.summary_shown = True
            self.step_index = max(step, STEP_KEYS.index("scoring") + 1)
        self._told(self.step.key)

    @property
    @override
    def undo_offered(self) -> bool:
        return False  # the guide's script plays on: no take-backs in the lesson

    # ------------------------------------------------------------------ the steps

    @property
    def step(self) -> lesson.Step:
        return lesson.STEPS[self.step_index]

    def expected(self) -> Action | None:
        """The move the guide asks for now (None on a page, or while others play)."""
        step = self.step
        if step.page or self.move_index >= len(step.moves):
            return None
        return step.moves[self.move_index]

    def guide_text(self) -> str:
        """What to do and why, in the current language (while the computers play: watch)."""
        if not self.caught_up():
            # Translators: the guided first game, while the two computer seats take their turns
            return _("Ana and Ben take their turns: watch the table.")
        return _(self.step.text)

    def _told(self, key: str) -> None:
        if self.remember is not None:
            self.remember(key)

    def _advance(self) -> None:
        """On to the next step (the guide glows to show it changed)."""
        if self.step_index + 1 >= len(lesson.STEPS):
            self._finish()
            return
        self.step_index += 1
        self.move_index = 0
        self.glow = GUIDE_GLOW
        self._told(self.step.key)

    def next_page(self) -> None:
        """Next on a page: on to the next step; the last page ends the lesson."""
        if not self._button_shown():
            return
        self._advance()

    def _button_shown(self) -> bool:
        """The guide's button: Next on a page, once the table shows what the page speaks of."""
        return self.step.page and self.step.key != "scoring" and self.caught_up()

    def _script_start(self, index: int) -> int:
        """How many of the script's actions come before step ``index``'s own moves."""
        return sum(len(step.moves) + len(step.then) for step in lesson.STEPS[:index])

    def caught_up(self) -> bool:
        """The table shows what the current step speaks of: the computers' moves before it
        are played and their tiles have landed. Until then the guide only says to watch, so
        its words never run ahead of the table."""
        if self.lesson_session.applied < self._script_start(self.step_index):
            return False
        return not self.view.busy

    @override
    def _computer_turn(self, dt: float) -> None:
        if self.step.page:
            return  # the computers wait while the learner reads
        super()._computer_turn(dt)

    def _finish(self) -> None:
        self.finished = True
        self._told(FINISHED)
        self.session.close()
        flow.to_menu(self.app)
        self.app.push(LessonDoneScene(self.app))  # a word at the end, and what to play next

    # ------------------------------------------------------------------ the table, narrowed

    @override
    def legal(self) -> list[Action]:
        """Only the move the guide asks for (and only when the rules allow it)."""
        wanted = self.expected()
        if wanted is None:
            return []
        return [wanted] if wanted in super().legal() else []

    @override
    def _apply(self, action: Action) -> None:
        person = self.state.current == self.shown_seat
        super()._apply(action)
        if person and action == self.expected():
            self.move_index += 1
            if self.move_index >= len(self.step.moves):
                self._advance()

    @override
    def try_play(self, tile: Tile, train: int, source: pygame.Rect | None) -> bool:
        wanted = self.expected()
        action = Play(tile, train)
        if self.ready and action != wanted and self.state.check(action, self.shown_seat) is None:
            self.view.flash[train] = 0.7
            self.view.show_toast(lambda: self.off_script_text(), "info", 3.0)
            return False  # allowed by the rules, but not this lesson's move
        return super().try_play(tile, train, source)

    @override
    def _hint_for(self, tile: Tile) -> None:
        wanted = self.expected()
        if self.ready and not (isinstance(wanted, Play) and wanted.tile == tile):
            self.view.show_toast(lambda: self.off_script_text(), "info", 3.0)
            return
        super()._hint_for(tile)

    def off_script_text(self) -> str:
        """The friendly answer to a move the rules allow but this step does not ask for."""
        wanted = self.expected()
        if isinstance(wanted, Play):
            train = self._train_label(wanted.train)
            # Translators: the guided first game, when the learner plays another tile
            return _("Good idea, but this step is about {tile} on {train}: try that.").format(
                tile=self._as_laid(wanted), train=train
            )
        if wanted is not None:
            return _("Good idea, but this step asks you to draw a tile: press Draw.")
        return _("Read the guide, then press Next.")

    def _as_laid(self, play: Play) -> str:
        """The tile as the guide writes it: the number that joins the train first (9|2)."""
        end = self.state.train_end[play.train]
        low, high = play.tile
        return f"{end}|{high if low == end else low}" if end in (low, high) else str(play.tile)

    @override
    def summary_scene(self) -> Scene:
        return LessonSummaryScene(self.app, self.session, self.view, self)

    # ------------------------------------------------------------------ pointing

    @override
    def _poll_hint(self) -> None:
        """The guide's move lifts its tile and lights its train (the hint's pointer)."""
        self._point_at(self.expected() if self.ready else None)

    @override
    def do_hint(self) -> None:
        """No hint button in the lesson: the guide already points."""

    @override
    def _refresh_overlay(self) -> None:
        super()._refresh_overlay()
        if self.step.page:
            self.view.prompt = ""  # the guide's card speaks; "Your turn" would only confuse
        self.buttons["hint"].visible = False  # the guide already points
        self.buttons["plan"].visible = False  # the lesson's hand is small: no plan to learn

    @override
    def update(self, dt: float) -> None:
        super().update(dt)
        caught_up = self.caught_up()
        if caught_up and not self._was_caught_up:
            self.glow = GUIDE_GLOW  # the step's own words arrive: draw the eye to them
        self._was_caught_up = caught_up
        self.glow = max(0.0, self.glow - dt)
        self.next_button.visible = self._button_shown()
        self.next_button.label = _("Finish") if self._last_page() else _("Next")
        self.next_button.update(dt)

    @override
    def pace(self) -> Pace:
        if self.glow > 0 or self.next_button.fading:
            return MOVING  # the guide's glow fades, its button comes and goes
        return super().pace()

    def awaits_learner(self) -> bool:
        """The guide is waiting for the learner: a page (or the summary) to read with its
        button ready, or the step's move with the table still (tests and the screenshots)."""
        top = self.app.top
        if top is not self:
            return isinstance(top, LessonSummaryScene) and top.button.active
        wanted = self.expected()
        if wanted == PASS:
            return False  # the table passes by itself, as in any match
        if self.step.page:
            return self.next_button.active
        if wanted == DRAW and not self.buttons["draw"].active:
            return False  # the Draw button is still fading in
        return self.ready and wanted in self.legal()

    def take_step(self) -> None:
        """Do what the guide waits for, as the learner would (the screenshot run and tests)."""
        wanted = self.expected()
        if isinstance(top := self.app.top, LessonSummaryScene):
            top.next()
        elif self.step.page:
            self.next_page()
        elif isinstance(wanted, Play):
            self.try_play(wanted.tile, wanted.train, None)
        elif wanted == DRAW:
            self.do_draw()

    def _last_page(self) -> bool:
        return self.step_index == len(lesson.STEPS) - 1

    # ------------------------------------------------------------------ input

    @override
    def handle(self, event: pygame.event.Event) -> None:
        if self.next_button.handle(event):
            return
        super().handle(event)

    @override
    def intent(self, intent: Intent) -> bool:
        if intent.act == Act.ACTIVATE and self.next_button.active and self.selected is None:
            self.next_page()
            return True
        return super().intent(intent)

    @override
    def focus_items(self) -> list[FocusItem]:
        items = super().focus_items()
        if self.next_button.active:
            items.insert(0, FocusItem(("button", "next"), self.next_button.rect, self.next_page))
        return items

    # ------------------------------------------------------------------ drawing

    def guide_rect(self, surface_size: tuple[int, int]) -> pygame.Rect:
        """The guide card's width (its height is the words'): across the top of the table,
        under the header."""
        lay = self.view.layout
        u = lay.scale
        width = min(surface_size[0] - round(16 * u) - 8, round(760 * u) + 80)
        top = lay.top_bar.bottom + round(6 * u)
        return pygame.Rect((surface_size[0] - width) // 2, top, width, 10)

    def guide_keep_clear(self) -> list[pygame.Rect]:
        """What the step is about, which the card must never cover: each train it names (its
        lane, with the tags and the marker drawn in it), the hub for the engine."""
        lay = self.view.layout
        trains = {move.train for move in self.step.moves if isinstance(move, Play)}
        trains |= {train for train in self.step.shows if train >= 0}
        keep = [
            lay.lanes[train].band.inflate(0, 14).clip(lay.table)  # a tag may stand out a little
            for train in sorted(trains)
            if train < len(lay.lanes)
        ]
        if lesson.HUB in self.step.shows:
            keep.append(lay.hub_rect())
        return keep

    def place_guide(self, card: pygame.Rect) -> pygame.Rect:
        """The card at the top of the table, or, where it would cover what the step is about,
        just above the prompt; failing both, wherever it covers least."""
        lay = self.view.layout
        gap = round(6 * lay.scale)
        keep = self.guide_keep_clear()
        prompt_top = min(lay.prompt.top, self.view.prompt_top or lay.prompt.top)
        places = [card.copy(), card.copy()]
        places[1].bottom = prompt_top - gap

        def covered(place: pygame.Rect) -> int:
            return sum(place.clip(rect).w * place.clip(rect).h for rect in keep)

        return min(places, key=covered)  # the first of the least covered: the top if clear

    @override
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if isinstance(self.app.stack[-1], LessonSummaryScene):
            return  # the summary shows the guide over itself
        button = self.next_button if self._button_shown() else None
        draw_guide(self, surface, self.guide_text(), button)


def draw_guide(
    scene: LessonScene,
    surface: pygame.Surface,
    words: str,
    button: controls.Button | None,
) -> pygame.Rect:
    """The guide card: the step's words wrapped, and its Next button on a page; its rect."""
    th = scene.app.theme
    u = scene.view.layout.scale
    rect = scene.guide_rect(surface.get_size())
    size = max(12, round(19 * u))
    pad = max(8, round(12 * u))
    lines = typeset.wrap(words, size, rect.w - 2 * pad)
    line_h = typeset.text_height(size)
    button_h = max(32, round(40 * u)) if button is not None else 0
    rect.h = 2 * pad + line_h * len(lines) + (button_h + pad if button is not None else 0)
    if not isinstance(scene.app.stack[-1], LessonSummaryScene):
        rect = scene.place_guide(rect)  # over the summary the top is the summary's own
    edge = mix(th.panel_edge, th.accent, min(1.0, scene.glow / GUIDE_GLOW))
    surfaces.draw_panel(surface, rect, (*th.panel[:3], 240), edge, round(14 * u), 2, shadow=True)
    y = rect.top + pad
    for line in lines:
        room = rect.w - 2 * pad
        typeset.blit_text(surface, line, size, th.text, max_width=room, midtop=(rect.centerx, y))
        y += line_h
    if button is not None:
        bw = max(120, round(180 * u))
        button.rect = pygame.Rect(0, 0, bw, button_h)
        button.rect.midbottom = (rect.centerx, rect.bottom - pad)
        button.draw(surface, th, u)
    return rect


class LessonSummaryScene(RoundSummaryScene):
    """The round's scores, with the guide saying what the points mean; Next goes on."""

    def __init__(self, app: App, session: Session, view: TableView, table: LessonScene) -> None:
        self.table = table
        super().__init__(app, session, view)
        table.step_index = STEP_KEYS.index("scoring")
        table.move_index = 0
        table._told("scoring")

    @property
    @override
    def last_round(self) -> bool:
        return False  # the lesson's round is its whole match: no final standings page

    @override
    def button_label(self) -> str:
        return _("Next")

    @override
    def next(self) -> None:
        table = self.table
        self.app.pop()
        table._advance()  # the closing page, over the finished table

    @override
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_guide(self.table, surface, self.table.guide_text(), None)


class LessonOfferScene(QuestionScene):
    """At the very first start, over the menu: learn by playing, or not now (asked once)."""

    title = N_("Learn to play")
    words = N_(
        "New to Mexican Train? A short guided game at a real table teaches you the rules "
        "in about five minutes."
    )

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [(_("Learn to play"), self.learn), (_("Not now"), self.not_now)]

    @override
    def back(self) -> None:
        self.not_now()

    def learn(self) -> None:
        self.app.pop()
        start_lesson(self.app, from_start=True)

    def not_now(self) -> None:
        remember_lesson(self.app, DECLINED)
        self.app.pop()


class LessonDoneScene(QuestionScene):
    """The guided game's end, over the menu: it is done, and Practice is the next step (Easy
    opponents, and Undo to try a move again)."""

    # Translators: the title shown when the guided first game is over
    title = N_("Lesson complete")
    words = N_(
        "You know the rules of Mexican Train. Next, try Practice: a whole match against Easy "
        "opponents, where Undo takes a turn back."
    )

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [(_("Practice"), self.practice), (_("Main menu"), self.back)]

    def practice(self) -> None:
        self.app.pop()
        flow.practice(self.app)
