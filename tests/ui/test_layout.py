"""Table geometry: every train, however long, stays in its lane and on screen."""

from __future__ import annotations

import pytest

from game.view.layout import compute_layout, lane_order, train_geometry

SIZES = [(640, 480), (1280, 720), (1920, 1080), (1024, 768)]


def long_train(length: int, engine: int = 12) -> list[tuple[int, int]]:
    laid = []
    end = engine
    for i in range(length):
        nxt = end if i % 5 == 4 else (end + 3) % 13
        laid.append((end, nxt))
        end = nxt
    return laid


@pytest.mark.parametrize("players", range(2, 15))
def test_lanes_cover_every_train_once(players: int) -> None:
    right, left = lane_order(players)
    assert sorted(right + left) == list(range(players + 1))
    assert right[0] == players, "the Mexican train runs to the far end"
    assert right[-1] == 0, "your train runs toward you, nearest the hand"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 8, 14])
@pytest.mark.parametrize("length", [0, 1, 12, 25, 40])
def test_a_train_stays_in_its_lane(size: tuple[int, int], players: int, length: int) -> None:
    layout = compute_layout(size, players)
    screen = (0, 0, *size)
    for lane in layout.lanes:
        geometry = train_geometry(lane, long_train(length), layout.tile_max)
        assert len(geometry.slots) == length
        area = lane.tile_area.inflate(2, 2)
        for slot in geometry.slots:
            assert area.contains(slot.rect), (lane.train, slot.rect, area)
            assert layout.table.contains(slot.rect)
        assert area.contains(geometry.next_slot)
        assert layout.table.colliderect(lane.badge)
        assert lane.badge.clip(screen) == lane.badge


@pytest.mark.parametrize("size", SIZES)
def test_bars_do_not_overlap(size: tuple[int, int]) -> None:
    layout = compute_layout(size, 8)
    assert layout.top_bar.bottom <= layout.table.top
    assert layout.table.bottom <= layout.prompt.top
    assert layout.prompt.bottom <= layout.tray.top
    assert layout.tray.bottom == size[1]
    assert not layout.tray_left.colliderect(layout.tray_tiles)
    assert not layout.tray_right.colliderect(layout.tray_tiles)
