"""The crash log stays small whatever happens: the newest reports kept, the oldest dropped; what
is not a log of ours at its place is set aside, never followed or deleted."""

from __future__ import annotations

import os
from pathlib import Path

from game import __version__
from game.store.crash_log import FILE_NAME, MAX_BYTES, MAX_REPORTS, read_reports, write_report


def test_many_reports_keep_the_log_within_its_bound_oldest_dropped(tmp_path: Path) -> None:
    for number in range(300):
        assert write_report(tmp_path, "TableScene", f"report {number}\n" + "x" * 3000) is not None
    reports = read_reports(tmp_path)
    assert len(reports) <= MAX_REPORTS
    assert (tmp_path / FILE_NAME).stat().st_size <= MAX_BYTES
    assert reports[-1].splitlines()[1] == "report 299", "the newest is kept"
    numbers = [int(report.splitlines()[1].split()[1]) for report in reports]
    assert numbers == list(range(300 - len(reports), 300)), "the oldest went first, in order"


def test_large_reports_keep_the_log_within_its_bound(tmp_path: Path) -> None:
    for number in range(40):
        write_report(tmp_path, "TableScene", f"report {number}\n" + "y" * 100_000)
    assert (tmp_path / FILE_NAME).stat().st_size <= MAX_BYTES
    reports = read_reports(tmp_path)
    assert reports and reports[-1].splitlines()[1] == "report 39"


def test_a_report_says_when_which_version_and_where(tmp_path: Path) -> None:
    write_report(tmp_path, "MenuScene", "Traceback ...\nValueError: odd", now=0.0)
    (report,) = read_reports(tmp_path)
    assert (
        report.splitlines()[0]
        == f"=== 1970-01-01T00:00:00Z  mexican-train {__version__}  MenuScene"
    )
    assert report.endswith("ValueError: odd\n")


def test_a_text_that_looks_like_a_header_or_is_no_utf8_does_not_break_the_log(
    tmp_path: Path,
) -> None:
    write_report(tmp_path, "A", "=== forged header\nname \udcff\x00")
    write_report(tmp_path, "B", "second")
    reports = read_reports(tmp_path)
    assert len(reports) == 2
    assert "forged header" in reports[0] and reports[1].endswith("second\n")


def test_a_link_at_the_logs_place_is_set_aside_and_what_it_points_at_untouched(
    tmp_path: Path,
) -> None:
    home, outside = tmp_path / "home", tmp_path / "outside.txt"
    home.mkdir()
    outside.write_bytes(b"someone else's file")
    os.symlink(outside, home / FILE_NAME)
    assert write_report(home, "TableScene", "boom") is not None
    assert outside.read_bytes() == b"someone else's file"
    assert not (home / FILE_NAME).is_symlink()
    aside = [p for p in home.iterdir() if p.name.startswith("crash.unreadable-")]
    assert len(aside) == 1 and aside[0].is_symlink()
    assert read_reports(home)[-1].endswith("boom\n")


def test_a_folder_at_the_logs_place_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    (tmp_path / FILE_NAME / "kept.txt").write_text("kept")
    assert write_report(tmp_path, "TableScene", "boom") is not None
    (aside,) = [p for p in tmp_path.iterdir() if p.name.startswith("crash.unreadable-")]
    assert (aside / "kept.txt").read_text() == "kept"
    assert len(read_reports(tmp_path)) == 1


def test_a_log_that_cannot_be_written_is_no_second_crash(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "deeper"
    assert write_report(missing, "TableScene", "boom") is None


def test_a_report_after_a_log_cut_short_reads_back_as_a_report_of_its_own(
    tmp_path: Path,
) -> None:
    write_report(tmp_path, "MenuScene", "Traceback ...\nValueError: first", now=0.0)
    log = tmp_path / FILE_NAME
    log.write_bytes(log.read_bytes()[:-4])  # the disk lost the end of the last line
    assert write_report(tmp_path, "TableScene", "ValueError: second", now=60.0) is not None
    first, second = read_reports(tmp_path)
    assert first.endswith("ValueError: fi\n")
    assert second == f"=== 1970-01-01T00:01:00Z  mexican-train {__version__}  TableScene\n" + (
        "ValueError: second\n"
    )
