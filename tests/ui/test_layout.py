"""Table geometry: every train, however long, stays in its lane and on screen."""

from __future__ import annotations

import pytest

from game.view.layout import compute_layout, lane_order, train_geometry

SIZES = [(640, 480), (1280, 720), (1920, 1080), (1024, 768), (480, 800), (720, 1280)]


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


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 8, 14])
@pytest.mark.parametrize("length", [0, 1, 12, 25, 40])
def test_a_train_stays_in_its_lane(
    size: tuple[int, int], players: int, length: int, large: bool
) -> None:
    layout = compute_layout(size, players, large)
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


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_buttons_sit_in_the_tray_apart(size: tuple[int, int], large: bool) -> None:
    layout = compute_layout(size, 8, large)
    buttons = [layout.sort_button, layout.plan_button, layout.main_button, layout.hint_button]
    for i, button in enumerate(buttons):
        assert layout.tray.contains(button), (button, layout.tray)
        assert button.h >= 22 and button.w >= 40, "big enough to press"
        assert not button.colliderect(layout.tray_tiles) or layout.portrait
        for other in buttons[i + 1 :]:
            assert not button.colliderect(other), (button, other)
    assert not layout.facts.colliderect(layout.sort_button)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 8, 14])
def test_large_tiles_are_markedly_larger(size: tuple[int, int], players: int) -> None:
    normal = compute_layout(size, players)
    large = compute_layout(size, players, large=True)
    assert large.hand_width >= normal.hand_width * 1.3
    # the train tiles grow where the lanes have room; a taller tray costs a crowded table
    # no more than a pixel or two
    if players == 2:
        assert large.tile_max > normal.tile_max
    assert large.tile_max >= normal.tile_max * 0.9
    assert large.table.h >= normal.table.h * 0.8, "the table keeps most of its room"


def played_trains(players: int, seed: int) -> list[list[list[tuple[int, int]]]]:
    """Every train after each action of a seeded round between simple seats: [moment][train]."""
    from game.ai.simple import make_seat
    from game.rules import GameState, Rules

    state = GameState.new(Rules.standard().with_options(rounds=1), players, seed)
    state.start_round()
    seats = [make_seat("greedy", seed * 10 + s) for s in range(players)]
    moments = []
    while not state.round_over:
        state.apply_quietly(seats[state.current].choose(state.observation(state.current)))
        moments.append([list(state.train(t)) for t in range(players + 1)])
    return moments


ALL_SIZES = [*SIZES, (800, 480), (2560, 1440)]


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_a_laid_tile_never_moves_as_its_train_grows(players: int) -> None:
    """Seeded rounds at every screen: while a train fits its lane at the lane's own size (room
    for the longest train of about 99 in 100 wherever the screen allows), each new tile is laid
    without moving one laid before; a train that outgrows it is the rare one, laid again
    smaller."""
    layouts = [compute_layout(size, players) for size in ALL_SIZES]
    trains = outgrown = 0
    for seed in range(6):
        moments = played_trains(players, seed)
        for layout in layouts:
            for train, lane in enumerate(layout.lanes):
                before: list[object] = []
                for moment in moments:
                    geometry = train_geometry(lane, moment[train], layout.tile_max)
                    rects = [slot.rect for slot in geometry.slots]
                    if not geometry.relaid:
                        assert rects[: len(before)] == before, (layout.size, train, len(rects))
                    before = list(rects)
                trains += 1
                outgrown += geometry.relaid
    print(f"{players} players: {outgrown} of {trains} trains outgrew their lane")
    # simple seats lay longer trains than Normal ones: a few in a hundred outgrow their lane
    assert outgrown <= trains // 10, f"{outgrown} of {trains} trains outgrew their lane"


@pytest.mark.parametrize("size", ALL_SIZES)
@pytest.mark.parametrize("players", [2, 4, 8, 14])
def test_the_rails_lead_into_the_first_tile_and_a_turn_stays_in_the_lane(
    size: tuple[int, int], players: int
) -> None:
    """The spur ends on the first row, where the first tile lies; the snake turns away from
    it, and a double at a turn stays whole inside the lane's band."""
    layout = compute_layout(size, players)
    doubled = [(12, 3), (3, 3), (3, 7), (7, 7), (7, 1), (1, 1)] * 6  # doubles everywhere
    for lane in layout.lanes:
        assert round(lane.spur[-1][1]) == lane.track_y
        geometry = train_geometry(lane, doubled[:24], layout.tile_max)
        first = geometry.slots[0]
        assert abs(first.rect.centery - lane.track_y) <= 1, "the first tile lies on the rails"
        band = lane.band.inflate(0, -2)
        for slot in geometry.slots:
            assert band.contains(slot.rect), (lane.train, slot.rect, band)
        rows = sorted({slot.rect.centery for slot in geometry.slots if not slot.vertical})
        if len(rows) > 1:
            away = rows[-1] > lane.track_y if lane.grow > 0 else rows[0] < lane.track_y
            assert away, "later rows lie away from the first"
