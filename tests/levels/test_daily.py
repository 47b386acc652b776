"""The daily table: one deal per calendar day, the same everywhere, and the best result kept."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from game.ai.simple import make_seat
from game.levels.daily import catalog_entries, daily_seed, daily_table
from game.rules import PLAY
from game.store.values import DailyResult, Progress

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2024, 3, 1)


def test_the_seed_is_pinned() -> None:
    # Changing the formula would give everyone a different daily deal: keep this value.
    assert daily_seed(DAY) == 4609489467601689110
    assert daily_seed(date(2024, 3, 2)) != daily_seed(DAY)


def test_the_seed_is_the_same_in_another_process() -> None:
    code = "from datetime import date; from game.levels.daily import daily_seed; "
    code += "print(daily_seed(date(2024, 3, 1)))"
    seeds = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        seeds.add(int(out.stdout))
    assert seeds == {daily_seed(DAY)}


def test_every_day_of_a_year_has_its_own_seed() -> None:
    days = [date(2025, 1, 1) + timedelta(days=n) for n in range(366)]
    seeds = [daily_seed(d) for d in days]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s < 1 << 63 for s in seeds)


def test_the_same_day_deals_the_same_table_and_another_day_does_not() -> None:
    first, again = daily_table(DAY).new_game(), daily_table(DAY).new_game()
    other = daily_table(DAY + timedelta(days=1)).new_game()
    deal = first.start_round()
    assert again.start_round() == deal
    assert other.start_round() != deal
    assert [first.hand(s) for s in range(4)] == [again.hand(s) for s in range(4)]


def test_the_daily_table_is_fixed() -> None:
    table = daily_table(DAY)
    level = table.level
    assert table.key == "2024-03-01" and level.id == "daily-2024-03-01"
    assert level.players == 4 and level.seed == table.seed
    rules = level.rules()
    assert rules.preset == "standard" and rules.rounds == 3
    assert level.deal.set_size == 12 and level.deal.hand_size == 15
    assert [s.name for s in level.make_opponents(table.seed)] == [o.name for o in level.opponents]


def test_today_is_the_default_day() -> None:
    assert daily_table().day == date.today()


def test_a_finished_daily_match_is_kept_as_the_days_best() -> None:
    """The store keeps the day's best as the game ranks it: a win first, then the score."""
    table = daily_table(DAY)
    game = table.new_game()
    seats = [make_seat("greedy", 0), *table.level.make_opponents(table.seed)]
    while not game.match_over:
        game.start_round()
        while game.phase == PLAY:
            game.apply(seats[game.current].choose(game.observation(game.current)))
    progress = Progress()
    won = 0 in game.match_winners
    assert progress.record_daily(table.key, game.totals[0], won=won)
    assert progress.daily[table.key] == DailyResult(game.totals[0], won)
    assert not progress.record_daily(table.key, game.totals[0] + 1, won=won)  # not better


def test_the_daily_texts_are_listed_for_translation() -> None:
    texts = {text for text, _ in catalog_entries()}
    level = daily_table(DAY).level
    assert {level.name, level.description, *(o.style for o in level.opponents)} <= texts
