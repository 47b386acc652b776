"""Containment: an error in a scene does not end the game; the player lands on the menu.

``App.step`` runs each frame inside ``with app.guard.frame(dt):`` and each function deferred to
after a frame inside ``with app.guard.frame():``. An ``Exception`` raised there (by a scene's
``handle``, ``intent``, ``update`` or ``draw``, by the kiosk, by deferred start-up work) is caught
and the game goes on:

1. the match in progress is saved: the :class:`~game.match.keeper.Keeper` lets go of it as "Leave
   the match" does, writing what the autosave still holds, so the menu offers "Resume game";
2. the traceback goes to the crash log in the data folder (:mod:`game.store.crash_log`), and to
   standard error for whoever started the game from a terminal;
3. every scene is closed and the main menu opened, with one calm sentence over it: "Something
   went wrong; your match is saved." (or "Something went wrong." with no match to keep).

The failing scene is never opened again by this: the player chooses what to do. If the menu
itself fails again and again as soon as it is shown (:data:`MOST_REPEATS` faults each within
:data:`LANDING_SECONDS` of landing there), the game stops instead of looping: a sentence on
standard error and exit status 1 (in a kiosk, the supervisor then starts it again).
KeyboardInterrupt and SystemExit are not caught.
"""

from __future__ import annotations

import sys
import traceback
from types import TracebackType
from typing import TYPE_CHECKING

from game.i18n import N_, _

if TYPE_CHECKING:
    from game.app import App

LANDING_SECONDS = 3.0  # a fault this soon after landing on the menu counts as the menu's own
MOST_REPEATS = 3  # ... and after this many of those in a row the game stops
SAVED = N_("Something went wrong; your match is saved.")
NOT_SAVED = N_("Something went wrong.")
GAVE_UP_EXIT = 1


class Guard:
    """Catches what a frame raises and puts the game back on its menu (see the module)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.clock = 0.0  # seconds of frames (the frames' dt, as every other clock of the app)
        self.landed: float | None = None  # when the last fault put the menu up
        self.repeats = 0  # faults in a row, each soon after landing
        self.faults = 0  # contained so far

    def frame(self, dt: float = 0.0) -> Guard:
        """``with guard.frame(dt):`` around a frame of ``dt`` seconds (or deferred work)."""
        self.clock += dt
        return self

    def __enter__(self) -> Guard:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        if not isinstance(error, Exception):
            return False  # nothing raised, or KeyboardInterrupt / SystemExit: let it go
        self.contain(error)
        return True

    def contain(self, error: Exception) -> None:
        """``error`` escaped a frame: log it, keep the match, and go back to the menu."""
        app = self.app
        top = app.top
        where = type(top).__name__ if top is not None else "no scene"
        soon = self.landed is not None and self.clock - self.landed <= LANDING_SECONDS
        self.repeats = self.repeats + 1 if soon else 0
        self.faults += 1
        text = "".join(traceback.format_exception(error))
        log = self._log(where, text)
        _stderr(f"mexican-train: an error in {where} was caught:\n{text}")
        from game.trace import trace

        trace(f"fault {where} {type(error).__name__}")
        saved = self._keep_match()
        if self.repeats >= MOST_REPEATS or not self._to_menu():
            self._give_up(log)
            return
        self.landed = self.clock
        try:
            self._tell(SAVED if saved else NOT_SAVED)
        except Exception as failure:  # the menu is up; the sentence could not be shown
            _stderr(f"mexican-train: the notice could not be shown: {failure!r}\n")

    def _log(self, where: str, text: str) -> str:
        """Write the report to the crash log; where it is (or why there is none), for stderr."""
        store = self.app.store
        if store is None:
            return "no crash log: this game keeps no files"
        from game.store.crash_log import write_report

        path = write_report(store.home, where, text)
        return str(path) if path is not None else "the crash log could not be written"

    def _keep_match(self) -> bool:
        """Let the keeper go of the match as "Leave the match" does; whether one is saved."""
        keeper = self.app.keeper
        if keeper is None:
            return False
        try:
            keeper.release()  # waits until what the autosave holds is on disk
            return keeper.store.has_game()
        except Exception as error:  # the disk failed too: the player is told nothing is kept
            _stderr(f"mexican-train: the match could not be kept: {error!r}\n")
            return False

    def _to_menu(self) -> bool:
        """Close every scene (errors there are expected of a broken one) and open the menu."""
        app = self.app
        while app.stack:
            scene = app.stack.pop()
            for close in (scene.exit, getattr(getattr(scene, "session", None), "close", None)):
                try:
                    if callable(close):
                        close()  # the session too: stop its computer seats' worker
                except Exception:
                    pass  # the scene that failed may fail again on its way out
        app.idle = 0.0
        try:
            from game.scenes.pages.menu import MenuScene

            app.push(MenuScene(app))
        except Exception as error:
            _stderr(f"mexican-train: the menu cannot open: {error!r}\n")
            return False
        return True

    def _tell(self, message: str) -> None:
        app = self.app
        if app.store is None:
            app.notify(_(message), 7.0)
            return
        from game.store.values import Notice, Say

        app.store.notices.append(Notice(Say(message)))  # said again in a new language
        app.take_notices()

    def _give_up(self, log: str) -> None:
        """The menu fails as soon as it is shown: stop rather than loop (see the module)."""
        _stderr(
            f"mexican-train: the game failed {self.repeats + 1} times in a row as soon as its "
            f"menu was shown, so it stops. The errors are in the crash log ({log}).\n"
        )
        self.app.exit_code = GAVE_UP_EXIT
        self.app.running = False


def _stderr(text: str) -> None:
    """Say it on standard error, if there is one (a closed or broken one is no second crash)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
