"""The child of test_kill_series: the real game on MEXICAN_TRAIN_HOME, short matches (half of
them Practice, with take-backs on) played through the table by random legal input of the
person's, turns taken back now and then; a saved match is resumed, a finished one followed by
a new one. The autosave's trace (game.match.keeper) says each change (``action N LINES SHA1`` as it
is made, ``by N SEAT`` once it is in the log); the parent kills the game at a random one of them.
KILL_SERIES_SEED seeds the input."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import open_app  # noqa: E402
from game.match.session import MatchConfig  # noqa: E402
from game.rules import DRAW, END_TURN, PASS, Play, Rules  # noqa: E402
from game.scenes.flow import resume_match, start_match  # noqa: E402
from game.scenes.play.deal import DealScene  # noqa: E402
from game.scenes.play.lesson import LessonOfferScene  # noqa: E402
from game.scenes.play.match_end import MatchEndScene  # noqa: E402
from game.scenes.play.summary import RoundSummaryScene  # noqa: E402
from game.scenes.play.table import TableScene  # noqa: E402
from game.scenes.play.take_back import TakeBackScene  # noqa: E402
from game.store.home import Store  # noqa: E402

FRAME = 1 / 60


def main() -> None:
    rng = random.Random(int(os.environ.get("KILL_SERIES_SEED", "1")))
    app = open_app((960, 600), Store())
    app.inline_seats = True

    def new_match() -> None:
        short = rng.random() < 0.7  # most matches end within the series; some are long
        rules = Rules.standard().with_options(set_size=6, rounds=2) if short else Rules.standard()
        practice = rng.random() < 0.5  # a Practice match has take-backs; a quick one counts
        config = MatchConfig(3, rules, "easy", rng.randrange(1, 2**31), practice=practice)
        start_match(app, config)

    for _ in range(3):
        app.step(FRAME)
    if isinstance(app.top, LessonOfferScene):
        app.pop()
    if not resume_match(app):
        new_match()
    while True:
        top = app.top
        if isinstance(top, DealScene):
            top.skip()
        elif isinstance(top, TakeBackScene):
            top.confirm()
        elif isinstance(top, RoundSummaryScene):
            top.next()
        elif isinstance(top, MatchEndScene):
            app.reset()
            new_match()
        elif isinstance(top, TableScene) and top.ready:
            person(top, rng)
        app.step(FRAME)


def person(scene: TableScene, rng: random.Random) -> None:
    """One random legal input of the person's, when it is her move (or a take-back)."""
    state = scene.state
    if state.phase != "play" or state.current != scene.shown_seat:
        return
    if scene.can_undo() and rng.random() < 0.03:
        scene.do_undo()
        return
    legal = state.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    choices = plays + [a for a in (DRAW, END_TURN) if a in legal]
    if not choices:
        assert legal == [PASS]  # the table passes by itself after a moment
        return
    action = rng.choice(choices)
    if isinstance(action, Play):
        scene.try_play(action.tile, action.train, None)
    elif action == DRAW:
        scene.do_draw()
    else:
        scene.do_done()


if __name__ == "__main__":
    main()
