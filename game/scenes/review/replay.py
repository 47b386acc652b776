"""``main.py replay FILE``: a recorded match on the table, with play, pause, step and speed.

The whole record is checked before anything is shown (``load_record_file``): a broken record
is refused with its line number and the reason, on stderr and in the window. Then the record is
replayed line by line through the rules (``replay_steps``) and each line's events animate on
the same table the game uses. Seat 0's hand is shown in the tray.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game import i18n
from game.i18n import _
from game.input.intents import Act, Device, Intent
from game.rules import GameState, Play
from game.rules import events as ev
from game.rules.record import Record, RecordError, ReplayStep, load_record, replay_steps
from game.scenes.kit.base import Scene
from game.scenes.kit.buttons import ButtonScene
from game.view import controls, typeset
from game.view.layout import ui_scale
from game.view.panels import dialog_panel
from game.view.table import TableView

if TYPE_CHECKING:
    from game.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
STEP_GAP = 0.55  # seconds between lines at 1x, after the line's animation


MOVES = ("play", "draw", "pass")  # the record's lines that are a seat's move


class ReplayScene(Scene):
    def __init__(self, app: App, record: Record, name: str, *, back: bool = False) -> None:
        """``back``: opened from another screen (Recent matches), which a Back button and Esc
        return to; otherwise (``main.py replay``) Esc closes the window."""
        super().__init__(app)
        self.record = record
        self.name = name
        self.returns = back  # a Back button and Esc go back to the screen it came from
        self.steps: Iterator[tuple[GameState, ReplayStep]] = replay_steps(record)
        self.state: GameState | None = None
        self.step: ReplayStep | None = None
        # Where the replay is, in moves (plays, draws, passes), not the record's lines.
        self.total_moves = max(1, sum(1 for _, obj in record.lines if obj["type"] in MOVES))
        self.moves_shown = 0
        self.playing = True
        self.speed_index = 1
        self.wait = 0.4
        self.finished = False
        settings = self.app.settings
        self.view = TableView(
            self.app.size,
            record.players,
            record.names,
            0,
            self.app.theme,
            self.app.renderer,
            settings.numerals,
        )
        self.view.call_you = False
        self.view.load(
            round_number=0,
            rounds=record.rules.deal_for(record.players).rounds,
            engine=None,
            trains=[[] for _ in range(record.players + 1)],
            markers=[False] * record.players,
            open_doubles=[],
            hand_counts=[0] * record.players,
            boneyard=0,
            totals=[0] * record.players,
            current=None,
            hand=[],
        )
        self.buttons: dict[str, controls.Button] = {}
        self._make_buttons()

    @classmethod
    def from_text(cls, app: App, text: str, name: str) -> ReplayScene:
        record, _warnings = load_record(text)  # refuses a broken record before anything is shown
        return cls(app, record, name)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _make_buttons(self) -> None:
        lay = self.view.layout
        u = lay.scale
        bh = max(28, round(40 * u))
        right = lay.tray_right
        left = lay.tray_left
        # Play over Step, centred on the side; where the side is one low row (portrait), Step
        # stays in it and Play stands just above, so neither is cut off at the foot.
        top = min(right.centery - bh - 3, right.bottom - 2 * bh - 6)
        play = pygame.Rect(right.x + 4, top, right.w - 8, bh)
        step = pygame.Rect(right.x + 4, top + bh + 6, right.w - 8, bh)
        speed = pygame.Rect(left.x + 4, left.centery - bh // 2, left.w - 8, bh)
        self.buttons = {
            "play": controls.Button(_("Pause"), play, self.toggle, primary=True),
            # Translators: a replay button: show the next line of the record
            "step": controls.Button(_("Step"), step, self.step_once),
            "speed": controls.Button(self._speed_label(), speed, self.faster),
        }
        if self.returns:
            rect = speed.move(0, -bh - 6)
            self.buttons["back"] = controls.Button(_("Back"), rect, self.leave)

    def leave(self) -> None:
        """Back to the screen it was opened from (or, from the command line, close)."""
        if self.returns:
            self.app.pop()
        else:
            self.app.quit()

    def _speed_label(self) -> str:
        # Translators: the replay's speed, e.g. "Speed 2x"
        return _("Speed {n}x").format(n=f"{self.speed:g}")

    @override
    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)
        self._make_buttons()

    def toggle(self) -> None:
        self.playing = not self.playing and not self.finished

    def faster(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def step_once(self) -> None:
        """Show the next line of the record (finishing the current animation first)."""
        if self.finished:
            return
        self.view.finish()
        try:
            state, step = next(self.steps)
        except StopIteration:
            self.finished = True
            self.playing = False
            return
        except RecordError as error:  # cannot happen after load_record, but never crash
            self.finished = True
            self.playing = False
            # Translators: {reason} is the record checker's explanation (in English)
            words = _("Line {line}: {reason}").format(line=error.line, reason=error.reason)
            self.view.show_toast(words, "refusal", 8.0)
            return
        self.state, self.step = state, step
        if step.kind in MOVES:
            self.moves_shown += 1
        self.view.feed(step.events)
        if step.kind == "round_end":
            totals = " · ".join(
                f"{n} {t}" for n, t in zip(self.record.names, state.totals, strict=True)
            )
            self.view.set_totals(state.totals)
            number = state.round_number
            # functions, so a banner follows a change of language while it shows
            self.view.banner(lambda: _("Round {n} is over").format(n=number), totals, 2.4)
        elif step.kind == "match_end":
            winners = [self.record.names[s] for s in state.match_winners]
            self.view.banner(
                lambda: _("Match over"),
                lambda: i18n.ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
                    names=i18n.join_names(winners)
                ),
                4.0,
            )

    bindings = {
        Act.PLAY: ("space",),
        Act.STEP: ("right",),
        Act.FASTER: ("plus", "equals", "keypad plus"),
        Act.SLOWER: ("minus", "keypad minus"),
    }

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {
            Act.PLAY: self.toggle,
            Act.STEP: self.step_paused,
            Act.FASTER: lambda: self.change_speed(1),
            Act.SLOWER: lambda: self.change_speed(-1),
            Act.BACK: self.leave,
        }

    @override
    def intent(self, intent: Intent) -> bool:
        if intent.device == Device.KEYBOARD:
            return self.perform(intent.act)  # the replay's own keys, no focus to move
        return super().intent(intent)

    def step_paused(self) -> None:
        self.playing = False
        self.step_once()

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))

    @override
    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons.values():
            if button.handle(event):
                return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.view.layout.pause_button.collidepoint(event.pos)
        ):
            self.toggle()

    @override
    def update(self, dt: float) -> None:
        settings = self.app.settings
        view = self.view
        view.set_style(self.app.theme, settings.numerals)
        speed = settings.animation_speed
        view.speed = self.speed * (speed if speed > 0 else 20.0)
        view.update(dt)
        if self.playing and not view.busy:
            self.wait -= dt * self.speed
            if self.wait <= 0:
                self.wait = STEP_GAP
                self.step_once()
        # Labels looked up each frame: they follow the state and the language.
        self.buttons["play"].label = _("Pause") if self.playing else _("Play")
        self.buttons["play"].enabled = not self.finished
        self.buttons["step"].label = _("Step")
        self.buttons["step"].enabled = not self.finished
        self.buttons["speed"].label = self._speed_label()
        if "back" in self.buttons:
            self.buttons["back"].label = _("Back")
        for button in self.buttons.values():
            button.update(dt)
        view.prompt = self.describe()
        view.prompt_urgent = False

    def describe(self) -> str:
        step = self.step
        if self.finished:
            return _("Replay of {name}: the end").format(name=self.name)
        if step is None or self.state is None:
            return _("Replay of {name}").format(name=self.name)
        names = self.record.names
        state = self.state
        # Translators: where a replay is in the match: "move 12 of 80: Ana draws ..."
        where = _("move {n} of {total}").format(n=self.moves_shown, total=self.total_moves)
        if not self.moves_shown:  # the deal, before the first move
            where = _("Replay of {name}").format(name=self.name)
        action = step.action
        seat = _actor(step)
        if isinstance(action, Play):
            who = names[seat] if seat is not None else "?"
            train = i18n.train_label(action.train, state.players, names, None)
            # Translators: {train} is "the Mexican train" or "{name}'s train"
            what = _("{who} plays {tile} on {train}").format(who=who, tile=action.tile, train=train)
        else:
            who = names[seat] if seat is not None else _("A player")
            if step.kind == "draw":
                what = _("{who} draws from the boneyard").format(who=who)
            elif step.kind == "pass":
                what = _("{who} cannot play and passes").format(who=who)
            elif step.kind == "round":
                what = _("round {n} is dealt").format(n=state.round_number)
            elif step.kind == "engine":
                what = _("the engine is placed")
            elif step.kind == "round_end":
                what = _("the round is over")
            elif step.kind == "match_end":
                what = _("the match is over")
            else:
                what = step.kind.replace("_", " ")
        # Translators: {where} is "move 12 of 80", {what} what happened
        return _("{where}: {what}").format(where=where, what=what)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        th = self.view.theme
        u = self.view.layout.scale
        for button in self.buttons.values():
            button.draw(surface, th, u)
        self.view.draw_top(surface)


def _actor(step: ReplayStep) -> int | None:
    """The seat that acted on this line (from its events)."""
    for event in step.events:
        if isinstance(event, ev.TilePlayed | ev.TileDrawn | ev.TurnPassed):
            return event.seat
    return None


class ReplayErrorScene(ButtonScene):
    """A record that cannot be replayed: which line and why, until the window is closed."""

    def __init__(self, app: App, name: str, line: int | None, reason: str) -> None:
        super().__init__(app)
        self.name = name
        self.line = line
        self.reason = reason
        self.button = controls.Button(
            _("Close"), pygame.Rect(0, 0, 10, 10), self.back, primary=True
        )

    @override
    def back(self) -> None:
        """Close (the button, Esc): the replay did not happen."""
        self.app.quit(1)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        width, height = surface.get_size()
        u = ui_scale((width, height))
        pw = min(width - 40, round(820 * u) + 60)
        body = max(12, round(20 * u))
        where = self.name
        if self.line is not None:
            # Translators: a record file's name and the line that cannot be replayed
            where = _("{name}, line {line}").format(name=self.name, line=self.line)
        lines = typeset.wrap(self.reason[:1].upper() + self.reason[1:], body, pw - 60)
        title = _("This record cannot be replayed")
        self.button.label = _("Close")
        ph = round(170 * u) + len(lines) * (body + 8) + 40
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (width // 2, height // 2)
        size, radius = max(16, round(32 * u)), round(16 * u)
        r = dialog_panel(
            surface,
            panel,
            title,
            th,
            u,
            size=size,
            room=pw - 40,
            alpha=240,
            edge=th.refusal,
            radius=radius,
        )
        y = r.bottom + round(10 * u)
        r = typeset.blit_text(
            surface,
            where,
            body,
            th.text_dim,
            bold=True,
            max_width=pw - 40,
            midtop=(panel.centerx, y),
        )
        y = r.bottom + round(8 * u)
        for line in lines:
            r = typeset.blit_text(surface, line, body, th.text, midtop=(panel.centerx, y))
            y = r.bottom + 4
        self.button.rect = pygame.Rect(0, 0, max(120, round(180 * u)), max(32, round(46 * u)))
        self.button.rect.midbottom = (panel.centerx, panel.bottom - round(16 * u))
        self.button.draw(surface, th, u)
