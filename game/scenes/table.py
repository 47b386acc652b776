"""The turns of a round: your hand, your drags and taps, and the computer seats' moves.

Legality always comes from the rules: the lit trains are the ``Play`` actions of
``legal_actions()`` for the held tile; a drop is sent to ``check`` and either applied or refused
with the rules' own message; Draw and Done appear only when ``DRAW`` / ``END_TURN`` are legal.

Input: pointer events in canvas pixels, from a mouse or a finger alike (:mod:`game.input`
turns ``FINGER*`` events into them and drops SDL's emulated copies, so a touch acts once).
Keyboards and gamepads move a focus instead (``intent``): over the hand's tiles and the
buttons; Enter/A on a tile picks it up and the focus moves over the trains the rules light for
it; Enter/A on a train plays it there, Esc/B puts it back.

Pass and play: with several people at one device (seats whose kind is None), each sees only
their own hand. When the turn comes to another person, a cover screen (:mod:`game.scenes.cover`)
hides the table until they tap; between their turns the hand shows face down.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.input.focus import FocusItem
from game.input.intents import Act, Device, Intent
from game.rules import DRAW, END_TURN, PASS, Action, GameState, Play, Tile
from game.rules import events as ev
from game.scenes import cues
from game.scenes.base import Scene
from game.scenes.session import Session
from game.view import widgets as w
from game.view.table import Held, TableView

if TYPE_CHECKING:
    from game.app import App

DRAG_START_PX = 6  # a press that moves further than this (x scale) becomes a drag
AUTO_PASS_DELAY = 1.1  # seconds the "no play" message shows before the marker goes down


@dataclass
class Press:
    tile: Tile
    start: tuple[int, int]
    offset: tuple[float, float]  # pointer minus the tile's centre


class TableScene(Scene):
    def __init__(self, app: App, session: Session, view: TableView | None = None) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        settings = self.app.settings
        self.pass_and_play = session.pass_and_play
        if view is None and self.pass_and_play:
            session.human = None  # nobody's hand shows until its owner taps the cover
        if view is None:
            view = TableView(
                self.app.size,
                state.players,
                state.names,
                session.human,
                settings.theme,
                self.app.renderer,
                settings.numerals,
            )
            view.load_state(state, session.human)
        self.view = view
        view.call_you = not self.pass_and_play  # several people: seats go by their names
        cues.attach(view, self.app.play_sound)
        self._covered = False  # a cover screen is up, waiting for the next person
        self._orders: dict[int, list[Tile]] = {}  # each person's own arrangement of their hand
        self.press: Press | None = None
        self.dragging = False
        self.selected: Tile | None = None
        self.pointer = (0, 0)
        self._held_turn = 0.0  # 0 upright .. 1 lying, eased toward the pointer's place
        self.ai_seat: int | None = None
        self.ai_timer = 0.0
        self.ai_answer: Action | None = None
        self.auto_pass = 0.0
        self.summary_shown = False
        self._turn_steps = 0  # computer steps so far in this turn (pace the first one longer)
        self.buttons: dict[str, w.Button] = {}
        self._make_buttons()

    # ------------------------------------------------------------------ set-up

    def _make_buttons(self) -> None:
        lay = self.view.layout
        u = lay.scale
        bh = max(30, round(46 * u))
        right = lay.tray_right
        left = lay.tray_left
        main = pygame.Rect(0, 0, right.w - 8, bh)
        main.center = right.center
        sort = pygame.Rect(0, 0, left.w - 8, max(26, round(36 * u)))
        sort.midbottom = (left.centerx, left.bottom - max(4, round(8 * u)))
        old = self.buttons
        self.buttons = {
            "draw": w.Button("Draw", main, self.do_draw, primary=True, visible=False),
            "done": w.Button("Done", main.copy(), self.do_done, primary=True, visible=False),
            "sort": w.Button("Sort", sort, self.do_sort),
        }
        for name, button in old.items():
            self.buttons[name].appear = button.appear
            self.buttons[name].visible = button.visible

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)
        self._make_buttons()

    def exit(self) -> None:
        pass

    # ------------------------------------------------------------------ state queries

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def human(self) -> int | None:
        """Whose hand shows (None in pass and play until the cover is tapped)."""
        return self.session.human

    @property
    def ready(self) -> bool:
        """The picture has caught up and it is the person's move."""
        state = self.state
        return state.phase == "play" and state.current == self.human and not self.view.busy

    def legal(self) -> list[Action]:
        return self.state.legal_actions() if self.ready else []

    def targets_for(self, tile: Tile) -> set[int]:
        """Trains where the rules accept ``tile`` now (empty when it is not your move)."""
        return {a.train for a in self.legal() if isinstance(a, Play) and a.tile == tile}

    # ------------------------------------------------------------------ actions

    def _apply(self, action: Action) -> None:
        events = self.session.apply(action)  # the session keeps the record and autosaves
        self.view.feed(events)
        self._after_events(events)

    def _after_events(self, events: list[ev.Event]) -> None:
        for event in events:
            if isinstance(event, ev.RoundEnded):
                self.view.set_totals(event.totals)

    def do_draw(self) -> None:
        if DRAW in self.legal():
            self._deselect()
            self._apply(DRAW)

    def do_done(self) -> None:
        if END_TURN in self.legal():
            self._deselect()
            self._apply(END_TURN)

    def do_sort(self) -> None:
        self.view.tray.sort()

    def try_play(self, tile: Tile, train: int, source: pygame.Rect | None) -> bool:
        """Ask the rules; play the tile or show why not. True if it was played."""
        action = Play(tile, train)
        state = self.state
        if not self.ready and state.current == self.human and state.phase == "play":
            return False  # the table is still catching up: the tile just goes home
        refusal = state.check(action, self.human)
        if refusal is not None:
            self.view.flash[train] = 0.7
            self.view.show_toast(_sentence(refusal.message), "refusal")
            return False
        if source is not None:
            self.view.launch[tile] = source
        self._deselect()
        self._apply(action)
        return True

    def _deselect(self) -> None:
        self.selected = None
        self.view.tray.raised.clear()

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return
        if event.type != pygame.MOUSEMOTION and event.button != 1:
            return
        self.pointer = event.pos
        if not (self.press and self.dragging):
            for button in self.buttons.values():
                if button.handle(event):
                    return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        else:
            self._up(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        # Enter, Space and the arrows arrive as intents (the focus, below); these are shortcuts.
        if event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.pause()
        elif event.key == pygame.K_d:
            self.do_draw()
        elif event.key == pygame.K_s:
            self.do_sort()

    def pause(self) -> None:
        from game.scenes.pause import PauseScene

        self._cancel_drag()
        self.app.push(PauseScene(self.app, self.session))

    # ------------------------------------------------------------------ keyboard and gamepad

    def intent(self, intent: Intent) -> bool:
        act = intent.act
        if act == Act.PAUSE:
            self.pause()
            return True
        if act == Act.DRAW:
            self.do_draw()
            return True
        if act == Act.SORT:
            self.do_sort()
            return True
        if act == Act.BACK:
            if self.selected is None:
                return False  # Esc / B with nothing in hand: the pause menu (``_key``)
            tile = self.selected
            self._deselect()
            self.nav.key = ("tile", tile)
            return True
        if self.press is not None and self.dragging:
            return True  # a drag in progress owns the table
        return self.nav.handle(intent, self.focus_items(), min_items=1)

    def focus_items(self) -> list[FocusItem]:
        """Lit trains while a tile is picked up; otherwise the hand, the buttons and pause."""
        view = self.view
        items: list[FocusItem] = []
        if self.selected is not None:
            for train in sorted(view.lit, key=lambda t: view.target_rect(t).center[::-1]):
                rect = view.target_rect(train)
                items.append(
                    FocusItem(("train", train), rect, functools.partial(self._play_at, train))
                )
            if items:
                return items
        legal = self.legal()
        hints = self.app.settings.hints  # the focus starts on a playable tile only with hints on
        playable = {a.tile for a in legal if isinstance(a, Play)} if hints else set()
        if not view.hand_hidden:
            for tile, rect in view.tray.drawn():
                pick = functools.partial(self._pick, tile)
                items.append(FocusItem(("tile", tile), rect, pick, primary=tile in playable))
        for name in ("draw", "done", "sort"):
            button = self.buttons[name]
            if button.active and button.action is not None:
                items.append(FocusItem(("button", name), button.rect, button.action, button.pulse))
        items.append(FocusItem(("pause",), view.layout.pause_button, self.pause))
        return items

    def focus_rect(self) -> pygame.Rect | None:
        if self._covered or (self.press is not None and self.dragging):
            return None
        items = self.focus_items()
        item = self.nav.current(items)
        if item is None:  # the focus always shows while keys are in use (after a play too)
            item = self.nav.focus(self.nav.default(items))
        if item is None:
            return None
        if item.key[0] == "train":  # type: ignore[index]
            return item.rect.inflate(item.rect.h // 2, item.rect.h // 2)
        return item.rect

    def hints(self) -> list[tuple[str, str]]:
        return []  # the table shows its keys in the prompt line instead

    def _pick(self, tile: Tile) -> None:
        """Enter / A on a tile: pick it up and move the focus to the trains it may go to."""
        if not self.ready:
            self.view.show_toast("Wait for your turn", "info", 1.4)
            return
        targets = self.targets_for(tile)
        if not targets:
            self._hint_for(tile)  # the rules' reason it cannot go anywhere
            return
        if self.selected != tile:
            self._tap_tile(tile)
        state = self.state
        first = [state.must_satisfy, self.human, state.players]
        best = next((t for t in first if t in targets), min(targets))
        self.nav.key = ("train", best)

    def _play_at(self, train: int) -> None:
        tile = self.selected
        if tile is None:
            return
        if self.try_play(tile, train, self.view.tray.rect_of(tile)):
            self.nav.clear()

    # ------------------------------------------------------------------ pass and play

    def _hand_over(self, seat: int) -> None:
        """A person's turn but another person's hand is showing: cover the table first."""
        view = self.view
        view.hand_hidden = True
        view.thinking = None
        if view.busy or self._covered:
            return
        from game.scenes.cover import CoverScene

        self._cancel_drag()
        self._deselect()
        self._covered = True
        self.app.push(CoverScene(self.app, self, seat))

    def show_seat(self, seat: int) -> None:
        """The cover was tapped: show ``seat`` 's hand (in the order its owner left it)."""
        view = self.view
        old = self.session.human
        if old is not None and old != seat:
            self._orders[old] = list(view.tray.tiles)
            view.hand_counts[old] = len(view.tray.tiles)
        self.session.human = seat
        view.human = seat
        hand = self.state.hand(seat)
        view.tray.tiles = [t for t in self._orders.get(seat, []) if t in hand]
        view.tray.hidden.clear()
        view.tray.set_tiles(hand)
        view.hand_hidden = False
        self._deselect()
        self.nav.clear()
        self.ai_seat = None
        self._covered = False

    def _down(self, pos: tuple[int, int]) -> None:
        lay = self.view.layout
        if lay.pause_button.collidepoint(pos):
            self.pause()
            return
        if lay.boneyard.collidepoint(pos) and DRAW in self.legal():
            self.do_draw()
            return
        tile = self.view.tray.tile_at(pos) if not self.view.hand_hidden else None
        if tile is not None:
            rect = self.view.tray.rect_of(tile)
            assert rect is not None
            self.press = Press(tile, pos, (pos[0] - rect.centerx, pos[1] - rect.centery))
            self.dragging = False

    def _motion(self, pos: tuple[int, int]) -> None:
        press = self.press
        if press is None:
            return
        if not self.dragging:
            dist = math.hypot(pos[0] - press.start[0], pos[1] - press.start[1])
            if dist < DRAG_START_PX * max(1.0, self.view.layout.scale):
                return
            self.dragging = True
            self._deselect()
            self.app.play_sound("pick")
            self.view.tray.hidden.add(press.tile)
            self._held_turn = 0.0
        center = (
            pos[0] - press.offset[0] * (1 - self._held_turn),
            pos[1] - press.offset[1] * (1 - self._held_turn),
        )
        self.view.held = Held(press.tile, center, self._held_turn)
        tray = self.view.layout.tray
        if pos[1] >= tray.top:
            self.view.tray.gap_at = self.view.tray.insert_index(pos[0], press.tile)
        else:
            self.view.tray.gap_at = None

    def _up(self, pos: tuple[int, int]) -> None:
        press = self.press
        self.press = None
        if press is not None and self.dragging:
            self.dragging = False
            self._drop(press.tile, pos)
            return
        if press is not None:
            self._tap_tile(press.tile)
            return
        if self.selected is not None:
            train = self.view.train_at(pos)
            if train is not None:
                source = self.view.tray.rect_of(self.selected)
                self.try_play(self.selected, train, source)
            elif not self.view.layout.tray.collidepoint(pos):
                self._deselect()

    def _tap_tile(self, tile: Tile) -> None:
        if self.selected == tile:
            self._deselect()
            return
        self.selected = tile
        self.view.tray.raised = {tile}
        self.app.play_sound("pick")

    def _held_rect(self) -> pygame.Rect | None:
        held = self.view.held
        if held is None:
            return None
        lay = self.view.layout
        if held.horizontal >= 0.5:
            s = max(9, round((lay.hand_width + lay.tile_max) / 2))
            rect = pygame.Rect(0, 0, 2 * s, s)
        else:
            rect = pygame.Rect(0, 0, lay.hand_width, 2 * lay.hand_width)
        rect.center = (round(held.center[0]), round(held.center[1]))
        return rect

    def _drop(self, tile: Tile, pos: tuple[int, int]) -> None:
        view = self.view
        rect = self._held_rect()
        view.held = None
        view.tray.gap_at = None
        view.tray.hidden.discard(tile)
        if pos[1] >= view.layout.tray.top:
            index = view.tray.insert_index(pos[0], tile)
            view.tray.move(tile, index)
            if rect is not None:
                view.tray.place_at(tile, rect)
            return
        train = view.train_at(pos)
        if train is not None and self.try_play(tile, train, rect):
            return
        if rect is not None:
            view.tray.place_at(tile, rect)  # it glides home from where it was let go
        if train is None and self.ready:
            self._hint_for(tile)

    def _hint_for(self, tile: Tile) -> None:
        """A drop on bare felt: say where it can go, or the rules' reason it cannot."""
        if self.targets_for(tile):
            self.view.show_toast("Drop the tile on a lit train", "info", 2.0)
            return
        state = self.state
        seat = state.current  # only called on the person's own move
        train = state.must_satisfy if state.must_satisfy is not None else seat
        refusal = state.check(Play(tile, train), seat)
        message = refusal.message if refusal is not None else "Drop the tile on a lit train"
        self.view.show_toast(f"{tile}: {message}", "refusal")

    def _cancel_drag(self) -> None:
        if self.press is not None and self.dragging:
            tile = self.press.tile
            self.view.tray.hidden.discard(tile)
            rect = self._held_rect()
            if rect is not None:
                self.view.tray.place_at(tile, rect)
        self.press = None
        self.dragging = False
        self.view.held = None
        self.view.tray.gap_at = None

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        settings = self.app.settings
        view = self.view
        view.set_style(settings.theme, settings.numerals)
        view.speed = settings.animation
        view.update(dt)
        if not view.busy:
            view.prewarm(0.002, self.state.deal.set_size)
        if self.press is not None and self.dragging:
            over_table = self.pointer[1] < view.layout.tray.top - view.layout.hand_width * 0.3
            target = 1.0 if over_table else 0.0
            self._held_turn += (target - self._held_turn) * (1 - math.exp(-14 * dt))
            if abs(target - self._held_turn) < 0.01:
                self._held_turn = target
            self._motion(self.pointer)
        state = self.state
        if state.phase != "play":
            self._round_over()
        elif state.current == self.human and self.session.is_person(state.current):
            self.ai_seat = None
            self._human_turn(dt)
        elif self.pass_and_play and self.session.is_person(state.current):
            self._hand_over(state.current)
        else:
            self._computer_turn(dt)
        if self.pass_and_play and state.phase == "play" and not view.busy:
            view.hand_hidden = state.current != self.human  # face down between your turns
        self._refresh_overlay()
        for button in self.buttons.values():
            button.update(dt)

    def _round_over(self) -> None:
        view = self.view
        view.thinking = None
        if view.busy or self.summary_shown:
            return
        self.summary_shown = True
        if self.pass_and_play:
            self.session.human = None  # the summary names every seat; the next deal hides all
        from game.scenes.summary import RoundSummaryScene

        self.app.push(RoundSummaryScene(self.app, self.session, view))

    def _human_turn(self, dt: float) -> None:
        if not self.ready:
            return
        legal = self.state.legal_actions()
        if legal == [PASS]:
            self.auto_pass += dt
            if self.auto_pass >= AUTO_PASS_DELAY:
                self.auto_pass = 0.0
                self._apply(PASS)
        else:
            self.auto_pass = 0.0

    def _computer_turn(self, dt: float) -> None:
        state = self.state
        view = self.view
        seat = state.current
        view.thinking = seat
        if view.busy:
            return
        runner = self.session.runner
        if self.ai_seat != seat or self.ai_timer is None:
            self.ai_seat = seat
            self.ai_answer = None
            pace = self.app.settings.pace_seconds
            self.ai_timer = pace if self._turn_steps == 0 else pace * 0.55
            runner.request(seat, state.observation(seat))
        if self.ai_answer is None:
            answer = runner.poll()
            if answer is not None and answer[0] == seat:
                self.ai_answer = answer[1]
        self.ai_timer -= dt
        if self.ai_answer is None or self.ai_timer > 0:
            return
        action = self.ai_answer
        refusal = state.check(action, seat)
        if refusal is not None:  # a seat bug must not break the table: take a legal move
            action = state.legal_actions()[0]
        self.ai_answer = None
        self.ai_seat = None
        before = state.current
        self._apply(action)
        self._turn_steps = self._turn_steps + 1 if state.current == before else 0

    # ------------------------------------------------------------------ what to show

    def _refresh_overlay(self) -> None:
        view = self.view
        legal = self.legal()
        held = view.held
        focus = held.tile if held is not None else self.selected
        view.lit = self.targets_for(focus) if focus is not None else set()
        view.dim_unlit = focus is not None and self.ready
        view.selected = self.selected
        if held is not None:
            train = view.train_at((round(held.center[0]), round(held.center[1])))
            view.hover = train if train in view.lit else None
        elif self.selected is not None and not self.app.router.last_device.pointer:
            key = self.nav.key  # the train the keyboard / gamepad focus is on
            view.hover = key[1] if isinstance(key, tuple) and key[0] == "train" else None
        else:
            view.hover = None
        hints = self.app.settings.hints
        view.playable = {a.tile for a in legal if isinstance(a, Play)} if hints and legal else set()
        state = self.state
        if view.busy and state.phase == "play" and state.current == self.human:
            return  # your own move is still sliding in: keep the words and buttons steady
        self.buttons["draw"].visible = DRAW in legal
        self.buttons["draw"].pulse = legal == [DRAW]
        self.buttons["done"].visible = END_TURN in legal
        self.buttons["sort"].visible = len(view.tray.tiles) > 1 and not view.hand_hidden
        view.prompt, view.prompt_urgent = self.prompt(legal)
        view.prompt_device = self.app.router.last_device
        view.prompt_hints = self.prompt_hints(legal)

    def prompt_hints(self, legal: list[Action]) -> list[tuple[str, str]]:
        """The keys or buttons for what can be done now, for a keyboard or gamepad player."""
        if self.app.router.last_device.pointer or not legal:
            return []
        if self.selected is not None:
            return [("move", "Choose a train"), ("activate", "Play"), ("back", "Put back")]
        if DRAW in legal:
            return [("move", "Choose"), ("activate", "OK"), ("draw", "Draw"), ("pause", "Pause")]
        return [("move", "Choose"), ("activate", "Pick up"), ("pause", "Pause")]

    def prompt(self, legal: list[Action]) -> tuple[str, bool]:
        """What the person should do now, in words (from the rules' state)."""
        state = self.state
        if state.phase != "play":
            return "", False
        seat = state.current
        label = state.train_label
        if seat != self.human:
            name = state.names[seat]
            if state.must_satisfy is not None:
                return (
                    f"{name} must satisfy the double on {label(state.must_satisfy, self.human)}",
                    False,
                )
            if state.must_follow:
                return f"{name} played a double and plays again", False
            return f"{name}'s turn", False
        if not legal:
            return "Your turn", False
        plays = [a for a in legal if isinstance(a, Play)]
        drawn = state.drawn_tile
        if legal == [PASS]:
            if state.must_satisfy is not None:
                return "No tile satisfies the double: your marker goes on your train", True
            return "No play: your marker goes on your train", True
        if legal == [DRAW]:
            if state.must_satisfy is not None:
                where = label(state.must_satisfy, self.human)
                return f"Nothing satisfies the double on {where}: draw a tile", True
            if state.must_follow:
                return "You can't follow your double: draw a tile", True
            return "No tile fits: draw from the boneyard", True
        if drawn is not None and plays:
            return f"You drew {drawn}: play it", True
        if state.must_satisfy is not None:
            return f"Satisfy the double on {label(state.must_satisfy, self.human)}", True
        if state.must_follow:
            return "You played a double: play one more tile", True
        if state.in_first_turn_line:
            return "Keep building your train, or press Done", False
        if state.first_pending[self.human]:
            return "Your first turn: start your train", True
        device = self.app.router.last_device
        if device == Device.MOUSE:
            return "Your turn: drag a tile to a lit train, or click a tile then a train", False
        if device == Device.TOUCH:
            return "Your turn: drag a tile to a lit train, or tap a tile then a train", False
        if self.selected is not None:
            return f"Choose a lit train for {self.selected}", False
        return "Your turn: choose a tile and play it", False

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw(surface)
        lay = view.layout
        th = view.theme
        u = lay.scale
        # hand facts over the sort button (beside it when the tray is a row, held upright)
        count = len(view.tray.tiles)
        if count and not view.hand_hidden:
            pips = sum(t.pips for t in view.tray.tiles)
            size = max(10, round(14 * u))
            facts = lay.facts
            w.blit_text(
                surface,
                f"{count} tiles · {pips} pips",
                size,
                th.text_dim,
                midtop=(facts.centerx, facts.top),
            )
        for button in self.buttons.values():
            button.draw(surface, th, u)
        view.draw_top(surface)

    # ------------------------------------------------------------------ for tests and tools

    def tile_rect(self, tile: Tile) -> pygame.Rect | None:
        return self.view.tray.rect_of(tile)

    def train_target(self, train: int) -> pygame.Rect:
        return self.view.target_rect(train)


def _sentence(message: str) -> str:
    """The rules' message as a sentence: first letter up, the rest as the rules wrote it."""
    return message[:1].upper() + message[1:]
