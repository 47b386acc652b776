"""The match's log (game.log): a move is on disk the moment it is made, whatever the autosave
thread is doing, and the log read back never brings a wrong or broken match to the table."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.simple import make_seat
from game.match.keeper import Keeper, session_from_save
from game.match.session import MatchConfig, Session
from game.rules import Rules
from game.store import match_log
from game.store.home import Store

RULES = Rules.standard().with_options(set_size=6, rounds=2)


def person_session(seed: int = 4) -> Session:
    """A dealt match with a person in seat 0 and computer seats that decide in the frame."""
    session = Session(MatchConfig(3, RULES, "greedy", seed), inline=True)
    session.start_round()
    return session


def play(session: Session, moves: int) -> None:
    """``moves`` actions, each seat choosing greedily (the person's seat too)."""
    seats = {s: make_seat("greedy", 11 + s) for s in range(3)}
    state = session.state
    for _ in range(moves):
        if state.match_over:
            return
        if state.phase != "play":
            session.start_round()
            continue
        session.apply(seats[state.current].choose(state.observation(state.current)))


class HeldStore(Store):
    """A store whose whole-file save waits until the test lets it go (a slow disk)."""

    def __init__(self, home: Path) -> None:
        super().__init__(home)
        self.release = threading.Event()
        self.saving = threading.Event()

    def save_game(self, *args: Any, **kwargs: Any) -> bool:
        self.saving.set()
        self.release.wait()
        return super().save_game(*args, **kwargs)


def test_a_persons_move_is_on_disk_while_the_autosave_still_waits_for_the_disk(
    tmp_path: Path,
) -> None:
    store = HeldStore(tmp_path)
    keeper = Keeper(store)
    session = person_session()
    keeper.watch(session)
    store.saving.wait()  # the autosave thread is stuck in its first write
    play(session, 6)  # the game goes on meanwhile: nothing here waits for that write
    assert not (tmp_path / "game.json").exists()

    saved = Store(tmp_path).load_game()  # as the next start reads it, after a kill now
    assert saved is not None
    assert saved.text() == session.writer.text()
    store.release.set()
    keeper.close()


def test_a_line_cut_short_by_a_kill_is_dropped_without_a_word(tmp_path: Path) -> None:
    keeper = Keeper(Store(tmp_path))
    session = person_session()
    keeper.watch(session)
    play(session, 4)
    keeper.flush()
    before = session.writer.text()
    keeper.close()
    with open(tmp_path / "game.log", "a", encoding="utf-8") as log:
        log.write('{"seq": 99, "at": 3, "lines": [{"type": "pla')  # the kill came mid-line
    store = Store(tmp_path)
    saved = store.load_game()
    assert saved is not None and saved.text() == before
    assert store.take_notices() == []


def test_a_damaged_log_is_set_aside_and_the_last_full_save_resumes(tmp_path: Path) -> None:
    keeper = Keeper(Store(tmp_path))
    session = person_session()
    keeper.watch(session)
    play(session, 3)
    keeper.close()
    full = session.writer.text()
    damaged = b'{"format": "mexican-train/game-log", "version": 1}\nnot a line\n{"seq": 1}\n'
    (tmp_path / "game.log").write_bytes(damaged)
    store = Store(tmp_path)
    saved = store.load_game()
    assert saved is not None and saved.text() == full
    notices = store.take_notices()
    assert len(notices) == 1 and "resumes from its last full save" in notices[0]
    aside = list(tmp_path.glob("game.damaged-*.log"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert not (tmp_path / "game.log").exists()


def test_a_match_killed_before_its_first_full_save_resumes_from_its_log(
    tmp_path: Path,
) -> None:
    old = Keeper(Store(tmp_path))
    earlier = person_session(seed=2)
    old.watch(earlier)
    play(earlier, 2)
    old.release()
    old.close()  # another match's game.json stays on disk

    store = HeldStore(tmp_path)
    keeper = Keeper(store)
    session = person_session(seed=9)
    keeper.watch(session)
    play(session, 5)  # never written to game.json: the autosave is held

    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.meta["match"] == session.match_id
    assert saved.text() == session.writer.text()
    store.release.set()
    keeper.close()


def test_a_take_back_on_disk_resumes_to_the_turn_taken_back(tmp_path: Path) -> None:
    store = HeldStore(tmp_path)
    keeper = Keeper(store)
    session = person_session(seed=3)
    session.take_backs = True
    keeper.watch(session)
    play(session, 9)
    assert session.undo()
    shortened = session.writer.text()
    saved = Store(tmp_path).load_game()
    assert saved is not None and saved.text() == shortened
    assert saved.meta["practice"] is True
    store.release.set()
    keeper.close()


def test_a_long_log_is_written_anew_shorter_and_still_resumes_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(match_log, "COMPACT_BYTES", 2000)
    keeper = Keeper(Store(tmp_path))
    session = person_session(seed=6)
    keeper.watch(session)
    longest = 0
    for _ in range(30):
        play(session, 1)
        keeper.flush()
        longest = max(longest, (tmp_path / "game.log").stat().st_size)
    assert longest < 2000 + 6000  # written anew each time it passed the mark
    saved = Store(tmp_path).load_game()
    assert saved is not None and saved.text() == session.writer.text()
    resumed = session_from_save(saved, inline=True)
    assert resumed.state.round_number == session.state.round_number
    keeper.close()


def test_a_finished_match_leaves_neither_file(tmp_path: Path) -> None:
    keeper = Keeper(Store(tmp_path))
    session = person_session(seed=5)
    keeper.watch(session)
    play(session, 2000)
    assert session.state.match_over
    keeper.close()
    assert not (tmp_path / "game.json").exists()
    assert not (tmp_path / "game.log").exists()
    assert Store(tmp_path).load_game() is None


def test_a_log_that_is_a_link_out_of_the_folder_is_set_aside_and_its_target_kept(
    tmp_path: Path,
) -> None:
    home, outside = tmp_path / "home", tmp_path / "elsewhere.txt"
    home.mkdir()
    outside.write_bytes(b"someone else's file\n")
    keeper = Keeper(Store(home))
    session = person_session()
    keeper.watch(session)
    play(session, 3)
    keeper.close()
    full = session.writer.text()
    (home / "game.log").unlink()  # its moves are all in game.json by now
    (home / "game.log").symlink_to(outside)
    store = Store(home)
    saved = store.load_game()
    assert saved is not None and saved.text() == full  # game.json, as written
    assert outside.read_bytes() == b"someone else's file\n"
    notices = store.take_notices()
    assert len(notices) == 1 and "leads out of the game's folder" in notices[0]
    assert [p.is_symlink() for p in home.glob("game.*.log")] == [True]


def test_a_log_whose_moves_do_not_replay_is_set_aside_and_the_last_full_save_resumes(
    tmp_path: Path,
) -> None:
    """A logged move the disk garbled into another, still well formed, that the rules refuse:
    the log goes aside with its notice, and the good game.json resumes (never set aside)."""
    keeper = Keeper(Store(tmp_path))
    session = person_session()
    keeper.watch(session)
    play(session, 3)
    keeper.close()
    full = session.writer.text()
    saved_file = (tmp_path / "game.json").read_bytes()
    meta = json.loads(saved_file)["meta"]
    wrong = {"type": "play", "seat": session.state.current, "tile": [9, 9], "train": "p0"}
    entry = {"seq": 99, "at": len(full.splitlines()), "lines": [wrong], "meta": meta}
    with open(tmp_path / "game.log", "a", encoding="utf-8") as log:
        log.write(json.dumps(entry) + "\n")
    logged = (tmp_path / "game.log").read_bytes()
    store = Store(tmp_path)
    saved = store.load_game()
    assert saved is not None and saved.text() == full
    assert (tmp_path / "game.json").read_bytes() == saved_file
    [notice] = store.take_notices()
    assert "resumes from its last full save" in notice
    [aside] = tmp_path.glob("game.damaged-*.log")
    assert aside.read_bytes() == logged and not (tmp_path / "game.log").exists()
