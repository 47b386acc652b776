"""Recent matches: every finished match is kept as its record, the last 20, oldest dropped
first; a damaged entry is set aside with a notice and the rest still list; keeping the same
match twice keeps it once; a refused write never loses the match's results."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.review import review
from game.ai.simple import make_seat
from game.match.keeper import Keeper
from game.match.kept import keep_match
from game.match.session import MatchConfig, Session
from game.rules import Rules
from game.rules.record import load_record
from game.store.home import Store
from game.store.recent import MAX_RECENT, RecentMatches
from game.store.review_files import review_from_json, review_json

RULES = Rules.standard().with_options(set_size=6, rounds=2)


class Clock:
    """A clock that moves a minute each time it is read (no wall clock in the tests)."""

    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


def finished_session(seed: int) -> Session:
    """A match played to its end by computer seats (seat 0 is the person's, by its kinds)."""
    kinds: list[str | None] = [None, "easy", "easy"]
    session = Session(MatchConfig(3, RULES, "easy", seed), inline=True, kinds=kinds)
    session.play_out([make_seat("greedy", seed * 10 + n) for n in range(len(kinds))])
    return session


def play_watched(
    store: Store, seed: int, kinds: list[str | None] | None = None, **options: object
) -> Session:
    """A match played to its end while the saves watch it, as the game plays one."""
    kinds = kinds or [None, "easy", "easy"]
    keeper = Keeper(store)
    config = MatchConfig(len(kinds), RULES, "easy", seed, **options)  # type: ignore[arg-type]
    session = Session(config, inline=True, kinds=kinds)
    keeper.watch(session)
    session.play_out([make_seat("greedy", seed * 10 + n) for n in range(session.players)])
    keeper.close()
    return session


def test_a_finished_match_is_kept_with_its_record_and_entry(tmp_path: Path) -> None:
    store = Store(tmp_path)
    session = play_watched(store, 3)
    assert session.state.match_over
    [item] = RecentMatches(store).entries()
    assert item.record_path.read_text(encoding="utf-8") == session.writer.text()
    record, state = load_record(item.record_path.read_text(encoding="utf-8"))
    assert record.complete and state.totals == session.state.totals
    assert item.names == session.names
    assert item.totals == tuple(session.state.totals)
    assert item.people == (0,) and item.seat == 0
    assert item.mode == "quick" and item.title() == "Quick play"
    assert item.rules_text() == "3 players · Double-6 set · Standard rules · 2 rounds"
    assert item.result_text().endswith(f"· {session.state.totals[0]} pts")
    # the results were kept as before, and the save forgotten
    assert store.load_statistics().overall.games == 1
    assert not (tmp_path / "game.json").exists()
    assert store.take_notices() == []


def test_each_kind_of_table_is_named_and_pass_and_play_knows_its_people(tmp_path: Path) -> None:
    store = Store(tmp_path)
    play_watched(store, 4, mode="custom")
    play_watched(store, 5, practice=True)
    play_watched(store, 6, humans=2, kinds=[None, None, "easy"])
    newest, practice, custom = RecentMatches(store).entries()
    assert custom.title() == "Custom table"
    assert practice.title() == "Practice"
    assert newest.title() == "Pass and play"
    assert newest.people == (0, 1)
    assert newest.result_text().startswith(("Winner: ", "Winners: "))


def test_twenty_one_matches_keep_the_last_twenty_oldest_dropped_first(tmp_path: Path) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    ids = []
    for seed in range(1, MAX_RECENT + 2):
        session = finished_session(seed)
        assert recent.keep(session.writer.text(), _entry(session))
        ids.append(session.match_id)
    entries = recent.entries()
    assert [item.match for item in entries] == ids[::-1][:MAX_RECENT]  # newest first
    oldest = ids[0]
    assert not any(path.name.startswith(oldest) for path in (tmp_path / "recent").iterdir())
    assert len(list((tmp_path / "recent").glob("*.jsonl"))) == MAX_RECENT
    assert entries[0].ended > entries[-1].ended


def _entry(session: Session) -> dict[str, object]:
    from game.match.kept import match_entry

    return match_entry(session)


def test_the_same_match_kept_twice_is_listed_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    session = finished_session(7)
    assert keep_match(store, session)
    assert keep_match(store, session)  # the game stopped before it forgot the finished save
    assert len(RecentMatches(store).entries()) == 1


def test_a_damaged_entry_is_set_aside_with_a_notice_and_the_others_still_list(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    sessions = [finished_session(seed) for seed in (1, 2, 3, 4)]
    for session in sessions:
        recent.keep(session.writer.text(), _entry(session))
    folder = tmp_path / "recent"
    (folder / f"{sessions[1].match_id}.json").write_text('{"format": "mexican-tr', "utf-8")
    (folder / f"{sessions[2].match_id}.jsonl").unlink()  # its record is gone
    listed = recent.entries()
    assert [item.match for item in listed] == [sessions[3].match_id, sessions[0].match_id]
    notices = store.take_notices()
    assert len(notices) == 2
    assert all("A recent match could not be read" in notice for notice in notices)
    assert any("it is not JSON" in notice for notice in notices)
    assert any("its game record is missing" in notice for notice in notices)
    aside = sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)
    assert [name.rsplit(".", 1)[1] for name in aside].count("json") == 2
    assert [name.rsplit(".", 1)[1] for name in aside].count("jsonl") == 1  # its record with it
    assert all(name.startswith((sessions[1].match_id, sessions[2].match_id)) for name in aside)
    assert len(recent.entries()) == 2 and store.take_notices() == []  # said once


def test_an_index_naming_a_match_that_is_not_there_still_lists_every_kept_match(
    tmp_path: Path,
) -> None:
    """A key of the index damaged into another (one flipped letter): the match it named is
    still listed, opens, and is still dropped in its turn, never left behind unlisted."""
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    sessions = [finished_session(seed) for seed in (1, 2, 3)]
    for session in sessions:
        recent.keep(session.writer.text(), _entry(session))
    index = tmp_path / "recent" / "index.json"
    middle = sessions[1].match_id
    index.write_text(index.read_text("utf-8").replace(middle, "X" + middle[1:]), "utf-8")
    listed = recent.entries()
    assert [item.match for item in listed] == [s.match_id for s in sessions[::-1]]
    assert all(recent.load_record(item) is not None for item in listed)
    assert store.take_notices() == []
    for seed in range(4, MAX_RECENT + 3):  # the oldest two go, by the index's names
        session = finished_session(seed)
        assert recent.keep(session.writer.text(), _entry(session))
    names = {p.name for p in (tmp_path / "recent").iterdir()}
    assert not any(name.startswith((sessions[0].match_id, middle)) for name in names)
    assert len(recent.entries()) == MAX_RECENT


def test_a_damaged_entry_takes_its_kept_review_aside_with_it_nothing_left_unlisted(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    session = finished_session(5)
    recent.keep(session.writer.text(), _entry(session))
    [item] = recent.entries()
    loaded = recent.load_record(item)
    assert loaded is not None
    assert recent.keep_review(item, loaded[1], review(loaded[0], 0, guesses=2), 2)
    kept_review = item.review_path.read_bytes()
    (tmp_path / "recent" / f"{item.key}.json").write_text("{", "utf-8")
    assert recent.entries() == []
    [notice] = store.take_notices()
    assert "A recent match could not be read (it is not JSON)" in notice
    left = sorted(p.name for p in (tmp_path / "recent").iterdir() if p.name.startswith(item.key))
    assert len(left) == 3 and all(".damaged-" in name for name in left)
    [aside] = (tmp_path / "recent").glob(f"{item.key}.review.damaged-*.json")
    assert aside.read_bytes() == kept_review


def test_an_entry_that_cannot_be_read_is_set_aside_as_unreadable(tmp_path: Path) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    good, other = finished_session(1), finished_session(2)
    recent.keep(good.writer.text(), _entry(good))
    recent.keep(other.writer.text(), _entry(other))
    entry = tmp_path / "recent" / f"{other.match_id}.json"
    entry.unlink()
    entry.mkdir()  # a folder where a kept entry is
    assert [item.match for item in recent.entries()] == [good.match_id]
    [notice] = store.take_notices()
    assert "it is not an ordinary file" in notice
    assert any(".unreadable-" in p.name for p in (tmp_path / "recent").iterdir())


def test_a_broken_record_is_set_aside_when_it_is_opened(tmp_path: Path) -> None:
    store = Store(tmp_path)
    recent = RecentMatches(store, clock=Clock())
    session = finished_session(2)
    recent.keep(session.writer.text(), _entry(session))
    [item] = recent.entries()
    lines = item.record_path.read_text(encoding="utf-8").splitlines()
    item.record_path.write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")
    assert recent.load_record(item) is None
    [notice] = store.take_notices()
    assert "A recent match could not be read" in notice
    assert recent.entries() == []


def test_a_refused_recent_write_never_loses_the_results(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / "recent").write_text("not a folder", encoding="utf-8")
    session = play_watched(store, 3)
    assert session.outcome is not None and session.outcome.counted
    assert store.load_statistics().overall.games == 1
    assert not (tmp_path / "game.json").exists()
    notices = store.take_notices()
    assert any("could not be kept in Recent matches" in notice for notice in notices)


def test_a_review_is_kept_beside_its_match_and_given_back_equal(tmp_path: Path) -> None:
    store = Store(tmp_path)
    session = finished_session(5)
    keep_match(store, session)
    recent = RecentMatches(store)
    [item] = recent.entries()
    loaded = recent.load_record(item)
    assert loaded is not None
    record, text = loaded
    result = review(record, 0, guesses=4)
    assert review_from_json(json.loads(json.dumps(review_json(result)))) == result
    assert recent.cached_review(item, text, 0, 4) is None
    assert recent.keep_review(item, text, result, 4)
    assert recent.cached_review(item, text, 0, 4) == result
    assert recent.cached_review(item, text, 0, 5) is None  # other guesses: another review
    assert recent.cached_review(item, text + "\n", 0, 4) is None  # another record
    item.review_path.write_text("{", encoding="utf-8")
    assert recent.cached_review(item, text, 0, 4) is None  # a broken cache is made again
