"""What the table tells the person: the prompt line, its key hints, the buttons shown."""

from __future__ import annotations

from game.i18n import _
from game.input.intents import Device
from game.rules import DRAW, END_TURN, PASS, PLAY, Action, Play
from game.scenes.play.table_base import TableBase


class TablePrompt(TableBase):
    """The table scene's words and buttons for the moment."""

    def _refresh_overlay(self) -> None:
        view = self.view
        legal = self.legal()
        self.buttons["undo"].visible = view.undo_shown = self.can_undo()
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
        if view.busy and state.phase == PLAY and state.current == self.shown_seat:
            if self._prompt_is_hint and self.hint_action is None:  # acted on: not the hint now
                view.prompt, view.prompt_urgent = self.prompt(state.legal_actions())
                self._prompt_is_hint = False
            return  # your own move is still sliding in: keep the words and buttons steady
        hinted = self.hint_action
        buttons = self.buttons
        buttons["draw"].visible = DRAW in legal
        buttons["draw"].pulse = legal == [DRAW] or hinted == DRAW
        buttons["done"].visible = END_TURN in legal
        buttons["done"].pulse = hinted == END_TURN
        buttons["hint"].visible = bool(legal) and legal != [PASS] and not view.hand_hidden
        buttons["hint"].pulse = self._hint_job is not None  # it is being worked out
        shown = len(view.tray.tiles) > 1 and not view.hand_hidden
        buttons["sort"].visible = shown
        buttons["plan"].visible = shown
        view.prompt, view.prompt_urgent = self.prompt(legal)
        self._prompt_is_hint = hinted is not None and bool(legal)
        if self._prompt_is_hint:
            view.prompt, view.prompt_urgent = self.hint_text(), False
        view.prompt_device = self.app.router.last_device
        view.prompt_hints = self.prompt_hints(legal)

    def prompt_hints(self, legal: list[Action]) -> list[tuple[str, str]]:
        """The keys or buttons for what can be done now, for a keyboard or gamepad player."""
        if self.app.router.last_device.pointer or not legal:
            return []
        if self.selected is not None:
            # Translators: a hint: play the picked-up tile
            return [("move", _("Choose a train")), ("activate", _("Play")), ("back", _("Put back"))]
        # Translators: a hint: move the focus between choices
        choose = ("move", _("Choose"))
        if DRAW in legal:
            return [choose, ("activate", _("OK")), ("draw", _("Draw")), ("pause", _("Pause"))]
        # Translators: a hint: pick a tile up from your hand
        return [choose, ("activate", _("Pick up")), ("pause", _("Pause"))]

    def prompt(self, legal: list[Action]) -> tuple[str, bool]:
        """What the person should do now, in words (from the rules' state)."""
        state = self.state
        if state.phase != PLAY:
            return "", False
        seat = state.current
        label = self._train_label
        if seat != self.shown_seat:
            name = state.names[seat]
            if state.must_satisfy is not None:
                where = label(state.must_satisfy)
                text = _("{name} must satisfy the double on {train}")
                return text.format(name=name, train=where), False
            if state.must_follow:
                return _("{name} played a double and plays again").format(name=name), False
            return _("{name}'s turn").format(name=name), False
        if not legal:
            return _("Your turn"), False
        plays = [a for a in legal if isinstance(a, Play)]
        drawn = state.drawn_tile
        if legal == [PASS]:
            if state.must_satisfy is not None:
                return _("No tile satisfies the double: your marker goes on your train"), True
            return _("No play: your marker goes on your train"), True
        if legal == [DRAW]:
            if state.must_satisfy is not None:
                where = label(state.must_satisfy)
                return _("Nothing satisfies the double on {train}: draw a tile").format(
                    train=where
                ), True
            if state.must_follow:
                return _("You can't follow your double: draw a tile"), True
            return _("No tile fits: draw from the boneyard"), True
        if drawn is not None and plays:
            # Translators: {tile} is a tile such as 5|9
            return _("You drew {tile}: play it").format(tile=drawn), True
        if state.must_satisfy is not None:
            where = label(state.must_satisfy)
            return _("Satisfy the double on {train}").format(train=where), True
        if state.must_follow:
            return _("You played a double: play one more tile"), True
        if state.in_first_turn_line:
            return _("Keep building your train, or press Done"), False
        if state.first_pending[self.shown_seat]:
            return _("Your first turn: start your train"), True
        device = self.app.router.last_device
        if device == Device.MOUSE:
            return _("Your turn: drag a tile to a lit train, or click a tile then a train"), False
        if device == Device.TOUCH:
            return _("Your turn: drag a tile to a lit train, or tap a tile then a train"), False
        if self.selected is not None:
            return _("Choose a lit train for {tile}").format(tile=self.selected), False
        return _("Your turn: choose a tile and play it"), False
