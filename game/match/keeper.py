"""The running game and its files: the autosave, resume and statistics.

:mod:`game.store.home` reads and writes the files; this module connects them to the scenes:

* :class:`Keeper` watches a match's :class:`~game.match.session.Session`: after every change
  (a deal, an action) it hands the match's game record and a little *meta* to an
  :class:`~game.store.autosave.AutoSaver` (written on a worker thread, so the frame never waits for
  the disk); at the match's end it keeps the results at once (statistics, a level's stars, the
  day's best) and forgets the save, in an order that survives a kill at any point (see
  :meth:`Keeper._finished`). At the next start it offers the saved match for resume and
  rebuilds the session exactly, or keeps the results of a finished match left on disk.

The meta of a save (everything the record does not say)::

    {"match": "3f2a...",                                 # the match's id (uuid4 hex)
     "seats": ["human", "normal", "normal", "normal"],   # who plays each seat
     "names": ["You", "Ana", "Bo", "Cy"],                # who sits there (as in the record)
     "opponent": "normal",                               # the level the statistics count under
     "ended_turn": false,                                # see below
     "take_backs": false,                                # the person may take turns back
     "practice": false}                                  # ... and did: no stars, no statistics

``ended_turn``: stopping a first-turn line early (``END_TURN``) writes no record line (a
replayed record ends the line when the next seat acts), so a record saved right after it
replays to *before* the stop. The flag says "apply END_TURN again on resume".

Environment variables for tests and CI (not for players):

``MEXICAN_TRAIN_TRACE=1``  print ``action N LINES SHA1`` as each change is made, ``by N SEAT``
once it is in the match's log (game.log, see :mod:`game.store.match_log`; SEAT made it, -1 for a
deal) and handed to the autosave, and ``saved N LINES SHA1`` once game.json holds it too (N
counts changes from 1; SHA1 is the record text's), so a test can kill the process at a known
point without sleeping; and
``kept MATCH_ID practice|counted`` once a finished match's results are kept.

``MEXICAN_TRAIN_KILL_AT_END_STEP=N``  when a match ends, kill the process (SIGKILL) at the N-th
change to a file from then on (each write and removal is two steps: before and after), after
printing ``killed at N WHAT FILE``.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.startup import AUTOPLAY_VARIABLE
from game.store.autosave import AutoSaver
from game.store.home import MATCH_ID, SavedGame, Store
from game.store.match_log import MatchLog
from game.store.safe_files import os_reason, record_digest
from game.store.values import MODES, MatchMode
from game.trace import say, tracing

if TYPE_CHECKING:  # (the rules are imported where used: not before the menu's first frame)
    from game.levels import Level
    from game.match.session import Session
    from game.rules import events as ev

KILL_VARIABLE = "MEXICAN_TRAIN_KILL_AT_END_STEP"
HUMAN = "human"  # a person's seat in the meta's "seats"


# ------------------------------------------------------------------------------ the game


def _dump(line: Mapping[str, Any]) -> str:
    # RecordWriter's spelling, so the text equals RecordWriter.text() and SavedGame.text().
    return json.dumps(line, ensure_ascii=False, separators=(", ", ": "))


class Keeper:
    """Saves the watched match after every change; offers it back at the next start."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.trace = tracing()
        self.kill_at_end_step = _whole_number(os.environ.get(KILL_VARIABLE, ""))
        # Tests and CI: a computer plays the person's seat 0, and its moves are synced as hers.
        self.stand_in = 0 if os.environ.get(AUTOPLAY_VARIABLE, "").strip() else None
        self._saver: AutoSaver | None = None
        self._log: MatchLog | None = None  # the watched match's game.log
        self._session: Session | None = None
        self._lines: list[str] = []  # the watched record's lines, dumped once each
        self._changes = 0
        self._unsaved: tuple[int, str] | None = None  # for the trace: handed over, not yet known
        self._offer: SavedGame | None = None
        self._checked = False
        self.version = 0  # bumps when what can be resumed changes (the menu re-lays itself)

    # ---------------------------------------------------------------- resume

    @property
    def resumable(self) -> bool:
        """Whether the menu should offer "Resume game" (cheap until :meth:`check` ran)."""
        if self._session is not None:  # a match left for the menu ("Leave the match")
            return not self._session.state.match_over
        if self._checked:
            return self._offer is not None
        return self.store.has_game()

    def check(self) -> SavedGame | None:
        """Load and replay the saved game (once). A finished one (the game stopped before it
        could forget it) has its results kept, once (see :meth:`_finished`), and is then
        forgotten; a broken one is set aside by the store."""
        if self._session is not None:
            self.release()  # a match that was left: take it back as it is on disk
        if not self._checked:
            self._checked = True
            saved = self.store.load_game() if self.store.has_game() else None
            if saved is not None and saved.finished:
                # The game stopped between saving the finished match and forgetting it.
                session = session_from_save(saved, inline=True)
                session.restore_table(saved.meta)
                written = keep_results(self.store, session).written
                from game.match.kept import keep_match

                keep_match(self.store, session)  # kept once: a match kept already is left
                if written:
                    self.store.clear_game()
                session.close()
                saved = None
            self._offer = saved
            self.version += 1
        return self._offer

    def resume(
        self, *, inline: bool = False, levels: Sequence[Level] | None = None
    ) -> Session | None:
        """The saved match as a session, exactly as it was saved (at its level's or the day's
        table, the level found among ``levels``); None if there is none."""
        saved = self.check()
        if saved is None:
            return None
        session = session_from_save(saved, inline=inline)
        # Before it is watched: its first save must name its table too.
        session.restore_table(saved.meta, levels)
        self._offer = None
        self.version += 1
        self.watch(session)
        return session

    def discard(self) -> None:
        """Forget the saved game (the player started another)."""
        self._offer = None
        self._checked = True
        self.version += 1

    # ---------------------------------------------------------------- saving

    def watch(self, session: Session) -> None:
        """Save ``session`` after each of its changes, starting now."""
        if self._session is not None and self._session is not session:
            self.unwatch(self._session)
        self.discard()
        self._session = session
        self._lines = []
        self._close_log()
        self._log = MatchLog(self.store.home, session.match_id)
        self._log.begin()
        session.listeners.append(self._changed)
        if session.state.round_number:  # a match not dealt yet has nothing to lose
            self._save(session)

    def flush(self) -> None:
        """Wait until every save handed to the autosave so far is on disk (a test that watches
        the files from a known point; the match's end waits for its own saves)."""
        if self._saver is not None:
            self._saver.flush()

    def release(self) -> None:
        """Stop watching the match (it was left); what it saved stays on disk to resume."""
        if self._session is not None:
            self.unwatch(self._session)
        if self._saver is not None:
            self._saver.flush()
        self._close_log()
        self._checked = False
        self._offer = None
        self.version += 1

    def unwatch(self, session: Session) -> None:
        if self._changed in session.listeners:
            session.listeners.remove(self._changed)
        if self._session is session:
            self._session = None

    def _changed(self, session: Session, events: list[ev.Event]) -> None:
        from game.rules.events import MatchEnded

        if any(isinstance(event, MatchEnded) for event in events):
            self._finished(session)
        else:
            self._save(session)

    def _text(self, session: Session) -> tuple[str, int]:
        """The record's text, and from which line on it changed since the last save."""
        lines = session.writer.lines
        if len(self._lines) > len(lines):  # a take-back cut the record short
            del self._lines[len(lines) :]
        at = len(self._lines)
        self._lines.extend(_dump(line) for line in lines[at:])
        return "".join(line + "\n" for line in self._lines), at

    def _save(self, session: Session) -> None:
        text, at = self._text(session)
        meta = session_meta(session)
        self._changes += 1
        log = self._log
        # On this thread, before the table moves on: a person's move is synced now, a
        # computer's by the autosave thread right after (see game.store.match_log).
        actor = session.last_actor
        by_person = actor is not None and (session.is_person(actor) or self.stand_in == actor)
        if self.trace:
            digest = record_digest(text)
            say(f"action {self._changes} {len(self._lines)} {digest}")
            self._unsaved = (self._changes, f"{len(self._lines)} {digest}")
        if log is not None and not log.append(self._changes, at, self._lines[at:], meta, by_person):
            self._log_refused(log)
        if self._saver is None:
            self._saver = AutoSaver(self.store)
        self._saver.save(text, meta, self._changes, log)
        if self.trace:
            say(f"by {self._changes} {-1 if actor is None else actor}")  # in the log now

    def _finished(self, session: Session) -> None:
        """The match is over: its results are kept now, before any screen waits for a press.

        In this order, so a kill at any point counts the match exactly once: (1) the finished
        match is saved (from here on, the next start finds it and keeps its results); (2) the
        progress (stars, the day's best: keeping the best is the same done twice); (3) the
        statistics, which note the match's id (a match already noted is not counted again);
        (4) the save is forgotten."""
        if self.kill_at_end_step:
            self.store.step_hook = _killer(self.kill_at_end_step)
        self._save(session)
        if self._saver is not None:
            self._saver.flush()
        self.poll()
        session.outcome = keep_results(self.store, session)
        from game.match.kept import keep_match

        keep_match(self.store, session)  # Recent matches: after the results, before the clear
        if self._saver is not None and session.outcome.written:
            # (a refused write left the finished match saved: the next start tries again)
            self._close_log()
            self._saver.clear()
            self._saver.flush()
        if self.trace:
            say(f"kept {session.match_id} {'practice' if session.practice else 'counted'}")
        self.unwatch(session)

    def poll(self) -> None:
        """Once a frame: report (trace) what has reached the disk."""
        pending = self._unsaved
        if pending is None or self._saver is None:
            return
        if self._saver.flush(timeout=0):
            self._unsaved = None
            say(f"saved {pending[0]} {pending[1]}")

    def close(self) -> None:
        """Write what is pending and stop the saving thread."""
        if self._saver is not None:
            self._saver.close()
            self._saver = None
        self._close_log()
        self.poll()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def _log_refused(self, log: MatchLog) -> None:
        """Said once, as a refused save is (the whole save on the autosave thread goes on)."""
        from game.store.values import Notice, say

        if log.failed is not None and not log.told:
            log.told = True
            # Translators: {reason} says why, e.g. "No space left on device" (from the system)
            message = N_("Could not save the game in progress ({reason}).")
            self.store.notices.append(Notice(say(message, reason=os_reason(log.failed))))


def session_meta(session: Session) -> dict[str, Any]:
    return {
        "match": session.match_id,
        "seats": [HUMAN if kind is None else kind for kind in session.kinds],
        "names": list(session.names),  # as in the record's match line (for a reader's sake)
        "opponent": session.opponent,
        "ended_turn": session.ended_turn,
        "take_backs": session.take_backs,
        "practice": session.practice,
        "mode": session.mode,  # quick, practice or custom (for Recent matches)
        **session.table_meta(),  # the ladder level or daily table being played, if any
    }


def session_from_save(saved: SavedGame, *, inline: bool = False) -> Session:
    """Rebuild a session from a save: the replayed state, the record so far, the same seats."""
    from game.match.session import MatchConfig, Session, default_opponent, opponent_kinds

    state = saved.state
    meta = saved.meta
    known = set(opponent_kinds())
    opponent = meta.get("opponent")
    if not isinstance(opponent, str) or opponent not in known:
        opponent = default_opponent()
    seats = meta.get("seats")
    kinds: list[str | None] = [None] + [opponent] * (state.players - 1)
    if isinstance(seats, list) and len(seats) == state.players:
        kinds = [None if kind == HUMAN else kind if kind in known else opponent for kind in seats]
    config = MatchConfig(state.players, state.rules, opponent, state.seed, state.names[0])
    session = Session(config, inline=inline, kinds=kinds, state=state, writer=saved.writer())
    session.match_id = saved_match_id(saved)
    session.take_backs = meta.get("take_backs") is True
    session.practice = meta.get("practice") is True  # a practice match stays one
    mode = meta.get("mode")  # checked by game_meta_from_json: a word of MatchMode, or absent
    session.mode = MatchMode(mode) if mode in MODES else session.mode
    if meta.get("ended_turn") is True and state.in_first_turn_line:
        from game.rules import END_TURN

        session.apply(END_TURN)  # the stop that wrote no line
    return session


def saved_match_id(saved: SavedGame) -> str:
    """The id a save gives its match; a save of an earlier version has none: its record's
    digest stands in (the same finished record is the same match)."""
    match_id = saved.meta.get("match")
    if isinstance(match_id, str) and MATCH_ID.fullmatch(match_id):
        return match_id
    return "sha1-" + record_digest(saved.text())


@dataclass(frozen=True)
class Outcome:
    """What keeping a finished match's results did."""

    counted: bool  # the statistics count it (False: nobody's record, or counted before)
    improved: bool  # a new best at its level (more stars) or for its day
    written: bool = True  # every file it changed is saved (False: keep the finished save)


def keep_results(store: Store, session: Session) -> Outcome:
    """Keep a finished match's results: the level's stars or the day's best (progress), then
    the statistics. Safe to do again for the same match (see Keeper._finished). A practice
    match (a turn was taken back) keeps neither."""
    if not session.state.match_over or session.practice:
        return Outcome(False, False)
    improved, progress_written = keep_progress(store, session)
    counted, statistics_written = record_statistics(store, session)
    return Outcome(counted, improved, progress_written and statistics_written)


def keep_progress(store: Store, session: Session) -> tuple[bool, bool]:
    """A ladder level's stars (the most ever stay) or the daily table's best result: whether
    that improved, and whether what changed is saved. Seat 0 is the player's at a level."""
    level, state = session.level, session.state
    if level is None:
        return False, True
    progress = store.load_progress()
    if session.daily is not None:
        improved = progress.record_daily(
            session.daily.key,
            state.totals[0],
            0 in state.match_winners,
            lower_is_better=state.rules.scoring == "penalty",
        )
    else:
        from game.levels import rate_game

        rating = rate_game(level, state, 0)
        improved = rating.cleared and progress.clear_level(level.id, rating.stars)
    return improved, store.save_progress(progress) if improved else True


def record_statistics(store: Store, session: Session) -> tuple[bool, bool]:
    """Count a finished match for the player: the one person's seat (seat 0 when a computer
    played it for a test); a pass-and-play match of several people is nobody's record.
    Whether it was counted now (not: nobody's, or counted before), and whether that is saved."""
    state = session.state
    if not state.match_over:
        return False, True
    people = [seat for seat, kind in enumerate(session.kinds) if kind is None]
    if len(people) > 1:
        return False, True
    seat = people[0] if people else 0
    statistics = store.load_statistics()
    counted = statistics.record_match(
        session.opponent,
        state.totals[seat],
        seat in state.match_winners,
        lower_is_better=state.rules.scoring == "penalty",
        match_id=session.match_id,
    )
    return counted, store.save_statistics(statistics) if counted else True


def _whole_number(text: str) -> int:
    return int(text) if text.strip().isdigit() else 0


def _killer(step: int) -> Callable[[str, str], None]:
    """A store step hook that kills this process (SIGKILL: no clean-up at all) at the
    ``step``-th change to a file from now, saying which first (for the kill tests)."""
    lock = threading.Lock()
    count = 0

    def hook(what: str, filename: str) -> None:
        nonlocal count
        with lock:
            count += 1
            if count == step:
                say(f"killed at {step} {what} {filename}")
                os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))

    return hook
