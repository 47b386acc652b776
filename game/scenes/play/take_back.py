"""Before the first take-back of a match: say that it makes the match practice, then undo.

Over the dimmed table: "Take back" undoes the person's last turn (TableScene.take_back); "Keep
playing" (or Esc / B) leaves the match as it is. Later take-backs of the match ask nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from typing_extensions import override

from game.i18n import N_, _
from game.input.intents import Act
from game.scenes.kit.question import QuestionScene

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.play.table import TableScene


class TakeBackScene(QuestionScene):
    bindings = {Act.BACK: ("escape", "backspace")}
    # Translators: the title of the question before the first take-back of a match
    title = N_("Take back your turn?")
    words = N_(
        "Taking back a turn makes this a practice match: it earns no stars and does not "
        "count in your statistics."
    )

    def __init__(self, app: App, table: TableScene) -> None:
        self.table = table
        super().__init__(app)

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            # Translators: a button: take back your last turn (after the practice warning)
            (_("Take back"), self.confirm),
            (_("Keep playing"), self.back),
        ]

    def confirm(self) -> None:
        self.app.pop()
        self.table.take_back()
