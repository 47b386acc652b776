"""The child of test_take_back_resume: the real game on MEXICAN_TRAIN_HOME, a Practice match
played through the table for a few of the person's turns, one turn taken back, then idle at
the person's move until the parent kills it. It prints ``undone LINES SHA1`` (the record it
went back to) once the take-back is done; the autosave's trace follows (game.match.keeper)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import open_app  # noqa: E402
from game.match.keeper import record_digest  # noqa: E402
from game.match.session import MatchConfig  # noqa: E402
from game.rules import DRAW, END_TURN, PASS, Play, Rules  # noqa: E402
from game.scenes.flow import start_match  # noqa: E402
from game.scenes.play.deal import DealScene  # noqa: E402
from game.scenes.play.lesson import LessonOfferScene  # noqa: E402
from game.scenes.play.table import TableScene  # noqa: E402
from game.scenes.play.take_back import TakeBackScene  # noqa: E402
from game.store.home import Store  # noqa: E402

FRAME = 1 / 60
TURNS = 3


def main() -> None:
    app = open_app((960, 600), Store())
    app.inline_seats = True

    def frames(count: int = 1) -> None:
        for _ in range(count):
            app.step(FRAME)

    def table() -> TableScene:
        for _ in range(60 * 600):
            top = app.top
            if isinstance(top, TableScene) and top.ready:
                return top
            if isinstance(top, LessonOfferScene):
                app.pop()
            frames()
        raise SystemExit("the person's move never came")

    frames(3)
    if isinstance(app.top, LessonOfferScene):
        app.pop()
    start_match(app, MatchConfig(3, Rules.standard(), "easy", 3, practice=True))
    deal = app.top
    assert isinstance(deal, DealScene)
    deal.skip()
    for _ in range(TURNS):
        scene = table()
        state, person = scene.state, scene.shown_seat
        while state.phase == "play" and state.current == person:
            scene = table() if scene.ready is False and state.current == person else scene
            legal = state.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                scene.try_play(plays[0].tile, plays[0].train, None)
            elif DRAW in legal:
                scene.do_draw()
            elif END_TURN in legal:
                scene.do_done()
            elif legal == [PASS]:
                frames(90)
            frames()
    scene = table()
    scene.do_undo()  # the Practice table takes back without asking
    assert not isinstance(app.top, TakeBackScene)
    text = scene.session.writer.text()
    print(f"undone {len(text.splitlines())} {record_digest(text)}", flush=True)
    while True:  # the person thinks; the parent kills the game
        frames()


if __name__ == "__main__":
    main()
