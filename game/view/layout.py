"""Where everything sits on the table: pure geometry, recomputed only when the window changes.

The table is a railway station seen from above. The **hub** (with the engine double) sits in
the middle; one **lane** per train leaves it on a curved spur and runs straight to the screen
edge, where its owner sits (their badge). Lanes fill two columns, right and left of the hub, in
the clockwise seating order of a real table: you at the bottom right, seat 1 at the bottom
left, up the left side, the Mexican train across the far (top right) end, then down the right
side back to you.

A train lays its tiles from the hub outward along its lane, on the row its rails lead into;
a full row turns back under (or over) it, a snake, away from the hub's height. Each lane's
tile size and rows are fixed with the layout, with room for a long train
(:data:`EXPECTED_TRAIN`), so a laid tile never moves as its train grows; only a longer train
is laid again smaller (at last overlapping), so any train stays in its lane. Doubles lie
crosswise, as on a real table.

Held upright (a window taller than wide: a phone or handheld in portrait) the two columns
would leave each lane a sliver, so the lanes stack in **one column** instead: the hub sits at
the left edge, every lane runs right from it to its owner's badge (the Mexican train on top,
you at the bottom, nearest your hand), and the hand tray takes the full width with its buttons
in a row beneath it.

Under the table, the hand tray: the tiles in the middle, the hand's facts with Sort and Plan my
hand on the left, Draw/Done and Hint on the right (in a row under the tiles, held upright).
Large-tile mode makes the hand's tiles markedly bigger (the tray grows, the table gives way)
and the trains' tiles bigger where their lanes have room.

Nothing here draws: :mod:`game.view.table` does. Everything is plain ``pygame.Rect`` maths, so
tests can check that every tile of a 40-tile train stays on screen at any size.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

MIN_TILE = 9  # the renderer's smallest useful tile (short side, px)
# The train (in tiles) a lane has room for at its fixed size, by players: about the longest of
# 99 in 100 in seeded double-12 matches of Normal seats (at four, half reach 13, 1 in 10 20).
EXPECTED_TRAIN = {2: 28, 3: 26, 4: 24, 5: 22, 6: 20, 7: 20}
EXPECTED_TRAIN_MANY = 18  # eight players and more
BADGE_MIN_H = 58  # a seat's plate holds its name, its level and its hand count


def top_bar_height(u: float) -> int:
    """The table's top bar (round, engine, boneyard, pause) at the scale ``u``."""
    return max(30, round(46 * u))


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x720 (or 720x1280 held upright); grows and shrinks with the window.

    The two formulas agree on a square window, so the scale never jumps while resizing.
    """
    if is_portrait(size):
        return min(size[0] / 720, size[1] / 1280)
    return min(size[0] / 1280, size[1] / 720)


def is_portrait(size: tuple[int, int]) -> bool:
    """Taller than wide: the table stacks its lanes in one column."""
    return size[1] > size[0]


@dataclass(frozen=True)
class TileSlot:
    """One tile as it lies: its rect, orientation and the numbers shown first/second.

    ``first`` is the left (horizontal) or top (vertical) half.
    """

    rect: pygame.Rect
    vertical: bool
    first: int
    second: int
    width: int  # short side


@dataclass
class Lane:
    train: int
    owner: int | None  # None for the Mexican train
    side: int  # +1: runs right from the hub; -1: runs left
    band: pygame.Rect  # the lane's strip (tiles live between inner and outer)
    inner: int  # x where the first tile starts (spur end)
    outer: int  # x the tiles must not pass
    spur: list[tuple[float, float]] = field(default_factory=list)  # hub edge -> inner
    badge: pygame.Rect = field(default_factory=pygame.Rect)
    marker_pos: tuple[int, int] = (0, 0)
    tile: int = MIN_TILE  # the train's tile short side, fixed for the round
    track_y: int = 0  # the first row's centre: where the rails run
    grow: int = 1  # +1: later rows lie below the first; -1: above it

    @property
    def cy(self) -> int:
        return self.band.centery

    @property
    def tile_area(self) -> pygame.Rect:
        left, right = (self.inner, self.outer) if self.side > 0 else (self.outer, self.inner)
        return pygame.Rect(left, self.band.top, right - left, self.band.height)


@dataclass(frozen=True)
class TrainGeometry:
    """Where a train's tiles lie and where its next tile would go."""

    slots: tuple[TileSlot, ...]
    next_slot: pygame.Rect  # a horizontal tile-sized rect at the open end
    width: int  # tile short side used for this train
    relaid: bool = False  # longer than its lane's room: laid smaller (or overlapping) than usual


@dataclass
class TableLayout:
    size: tuple[int, int]
    players: int
    scale: float
    top_bar: pygame.Rect
    table: pygame.Rect
    prompt: pygame.Rect
    tray: pygame.Rect
    hub_center: tuple[int, int]
    hub_radius: int
    engine_width: int
    lanes: list[Lane]  # indexed by train number (seats, then the Mexican train)
    tile_max: int  # largest tile short side in a lane
    boneyard: pygame.Rect
    pause_button: pygame.Rect
    hand_width: int  # tile short side in the tray (tiles stand upright)
    tray_tiles: pygame.Rect  # where the hand's tiles go
    tray_left: pygame.Rect  # sort button and hand count
    tray_right: pygame.Rect  # draw / done buttons
    facts: pygame.Rect = field(default_factory=pygame.Rect)  # "15 tiles · 139 pips" (midtop)
    portrait: bool = False
    large: bool = False  # large-tile mode: a bigger hand (and bigger train tiles where they fit)
    # the table's buttons: Sort and Plan my hand by the facts, Draw/Done and Hint opposite
    sort_button: pygame.Rect = field(default_factory=pygame.Rect)
    plan_button: pygame.Rect = field(default_factory=pygame.Rect)
    main_button: pygame.Rect = field(default_factory=pygame.Rect)  # Draw or Done
    hint_button: pygame.Rect = field(default_factory=pygame.Rect)
    undo_button: pygame.Rect = field(default_factory=pygame.Rect)  # in the top bar (take-backs)

    @property
    def mexican(self) -> int:
        return self.players

    def lane_at(self, pos: tuple[int, int]) -> Lane | None:
        for lane in self.lanes:
            if lane.band.collidepoint(pos) and (
                lane.tile_area.collidepoint(pos) or lane.badge.collidepoint(pos)
            ):
                return lane
        return None

    def hub_rect(self) -> pygame.Rect:
        r = self.hub_radius
        return pygame.Rect(self.hub_center[0] - r, self.hub_center[1] - r, 2 * r, 2 * r)


def lane_order(players: int) -> tuple[list[int], list[int]]:
    """Trains of the right column (top to bottom) and the left column (top to bottom).

    Clockwise from you (seat 0, bottom right): seat 1 bottom left, up the left side, the
    Mexican train at the far end, down the right side.
    """
    trains = players + 1
    n_right = (trains + 1) // 2
    n_left = trains - n_right
    left_bottom_up = list(range(1, 1 + n_left))
    left = left_bottom_up[::-1]
    right = [players] + list(range(1 + n_left, players)) + [0]
    assert len(right) == n_right
    return right, left


def compute_layout(size: tuple[int, int], players: int, large: bool = False) -> TableLayout:
    """Where everything sits; ``large`` makes the hand's tiles markedly bigger (the table's
    tiles a little, where the lanes have room)."""
    if is_portrait(size):
        return _portrait_layout(size, players, large)
    w, h = size
    u = ui_scale(size)
    uh = h / 720
    top_h = top_bar_height(u)
    if large:
        hand_w = max(26, min(round(50 * uh), round(w / 17)))
    else:
        hand_w = max(18, min(round(36 * uh), round(w / 24)))
    # The left column stacks the hand's facts, Sort and Plan my hand: the tray is at least
    # that tall (a little more than the tiles need in a small window).
    facts_h = round(max(10, round(14 * u)) * 1.4)
    small_h = max(22, round(30 * u))
    gap = max(3, round(4 * u))
    column_h = facts_h + 2 * small_h + 4 * gap
    tray_h = max(2 * hand_w + max(16, round(26 * uh)), column_h + 8)
    prompt_h = max(24, round(34 * u))
    top_bar, table, prompt, tray = _bands(size, top_h, tray_h, prompt_h)

    right, left = lane_order(players)
    rows = len(right)
    margin = max(4, round(8 * u))
    lane_h = (table.height - 2 * margin) / rows
    badge_w = max(112, round(158 * u))
    hub_r = round(max(24, min(64 * u, table.height * 0.17, lane_h * 1.2)))
    spur = round(max(30, hub_r * 0.95, 56 * u))
    cx = w // 2
    cy = table.centery
    tile_max = max(MIN_TILE, min(round((38 if large else 30) * u), int(lane_h * 0.42)))
    lanes: dict[int, Lane] = {}
    for side, column in ((1, right), (-1, left)):
        n = len(column)
        top = table.top + margin + (rows - n) * lane_h / 2
        for i, train in enumerate(column):
            y0 = round(top + i * lane_h)
            y1 = round(top + (i + 1) * lane_h)
            inner = cx + side * (hub_r + spur)
            outer = (w - margin - badge_w - margin) if side > 0 else (margin + badge_w + margin)
            if side > 0:
                band = pygame.Rect(cx + hub_r // 2, y0, w - margin - (cx + hub_r // 2), y1 - y0)
                badge = pygame.Rect(w - margin - badge_w, y0 + 3, badge_w, y1 - y0 - 6)
            else:
                band = pygame.Rect(margin, y0, cx - hub_r // 2 - margin, y1 - y0)
                badge = pygame.Rect(margin, y0 + 3, badge_w, y1 - y0 - 6)
            lanes[train] = _lane(
                train, players, side, band, inner, outer, badge, (cx, cy), hub_r, u, tile_max
            )
    by_train = [lanes[t] for t in range(players + 1)]

    pause, boneyard, undo = _top_buttons(w, top_h, margin, max(110, round(190 * u)), u)

    side_w = max(110, round(170 * u))
    tray_left = pygame.Rect(margin, tray.top + 4, side_w, tray.height - 8)
    tray_right = pygame.Rect(w - margin - side_w, tray.top + 4, side_w, tray.height - 8)
    tray_tiles = pygame.Rect(
        tray_left.right + margin, tray.top, tray_right.left - tray_left.right - 2 * margin, tray_h
    )
    engine_w = max(MIN_TILE, round(hub_r * 0.6))
    # Left: the facts, then Sort and Plan my hand; right: Draw or Done, then Hint.
    foot = tray_left.bottom - gap
    plan_button = pygame.Rect(tray_left.x + 4, foot - small_h, tray_left.w - 8, small_h)
    sort_button = plan_button.move(0, -small_h - gap)
    facts = pygame.Rect(tray_left.x, tray_left.top + gap, tray_left.w, facts_h)
    hint_button = pygame.Rect(tray_right.x + 4, foot - small_h, tray_right.w - 8, small_h)
    main_h = min(max(30, round(46 * u)), hint_button.top - gap - tray_right.top)
    main_button = pygame.Rect(
        tray_right.x + 4, hint_button.top - gap - main_h, hint_button.w, main_h
    )
    return TableLayout(
        size=size,
        players=players,
        scale=u,
        top_bar=top_bar,
        table=table,
        prompt=prompt,
        tray=tray,
        hub_center=(cx, cy),
        hub_radius=hub_r,
        engine_width=engine_w,
        lanes=by_train,
        tile_max=tile_max,
        boneyard=boneyard,
        pause_button=pause,
        undo_button=undo,
        hand_width=hand_w,
        tray_tiles=tray_tiles,
        tray_left=tray_left,
        tray_right=tray_right,
        facts=facts,
        large=large,
        sort_button=sort_button,
        plan_button=plan_button,
        main_button=main_button,
        hint_button=hint_button,
    )


def _split_row(
    column: pygame.Rect, top: int, height: int, gap: int
) -> tuple[pygame.Rect, pygame.Rect]:
    """Sort (the shorter word) and Plan my hand side by side across a column."""
    inner = column.inflate(-8, 0)
    first = round((inner.w - gap) * 0.4)
    left = pygame.Rect(inner.x, top, first, height)
    right = pygame.Rect(left.right + gap, top, inner.right - left.right - gap, height)
    return left, right


def portrait_order(players: int) -> list[int]:
    """Trains top to bottom when the lanes stack: the Mexican train, then clockwise back to you.

    >>> portrait_order(4)
    [4, 3, 2, 1, 0]
    """
    return [players, *range(players - 1, -1, -1)]


def _portrait_layout(size: tuple[int, int], players: int, large: bool) -> TableLayout:
    w, h = size
    u = ui_scale(size)
    margin = max(4, round(8 * u))
    top_h = top_bar_height(u)
    if large:
        hand_w = max(24, min(round(60 * u), round((w - 2 * margin) / 12)))
    else:
        hand_w = max(18, min(round(44 * u), round((w - 2 * margin) / 16.5)))
    controls_h = max(34, round(50 * u))
    tiles_h = 2 * hand_w + max(14, round(24 * u))
    tray_h = tiles_h + controls_h + margin
    prompt_h = max(24, round(34 * u))
    top_bar, table, prompt, tray = _bands(size, top_h, tray_h, prompt_h)

    order = portrait_order(players)
    rows = len(order)
    lane_h = (table.height - 2 * margin) / rows
    badge_w = max(88, round(150 * u))
    hub_r = round(max(20, min(56 * u, w * 0.075, table.height * 0.17, lane_h * 1.2)))
    spur = round(max(22, hub_r * 0.75, 40 * u))
    cx = margin + hub_r + max(2, round(4 * u))
    cy = table.centery
    tile_max = max(MIN_TILE, min(round((44 if large else 36) * u), int(lane_h * 0.42)))
    inner = cx + hub_r + spur
    outer = w - margin - badge_w - margin
    lanes: dict[int, Lane] = {}
    for i, train in enumerate(order):
        y0 = round(table.top + margin + i * lane_h)
        y1 = round(table.top + margin + (i + 1) * lane_h)
        left = cx + hub_r // 2
        band = pygame.Rect(left, y0, w - margin - left, y1 - y0)
        badge = pygame.Rect(w - margin - badge_w, y0 + 3, badge_w, y1 - y0 - 6)
        hub = (cx, cy)
        lanes[train] = _lane(train, players, 1, band, inner, outer, badge, hub, hub_r, u, tile_max)

    pause, boneyard, undo = _top_buttons(w, top_h, margin, max(104, round(190 * u)), u)

    tray_tiles = pygame.Rect(margin, tray.top + 2, w - 2 * margin, tiles_h)
    side_w = max(104, round(200 * u))
    row_y = tray_tiles.bottom
    tray_left = pygame.Rect(margin, row_y, side_w, controls_h)
    tray_right = pygame.Rect(w - margin - side_w, row_y, side_w, controls_h)
    text_h = round(max(10, round(14 * u)) * 1.4)
    facts = pygame.Rect(
        tray_left.right,
        row_y + (controls_h - text_h) // 2,
        tray_right.left - tray_left.right,
        text_h,
    )
    gap = max(3, round(6 * u))
    button_h = max(28, round(40 * u))
    top = row_y + (controls_h - button_h) // 2
    sort_button, plan_button = _split_row(tray_left, top, button_h, gap)
    hint_button, main_button = _split_row(tray_right, top, button_h, gap)
    return TableLayout(
        size=size,
        players=players,
        scale=u,
        top_bar=top_bar,
        table=table,
        prompt=prompt,
        tray=tray,
        hub_center=(cx, cy),
        hub_radius=hub_r,
        engine_width=max(MIN_TILE, round(hub_r * 0.6)),
        lanes=[lanes[t] for t in range(players + 1)],
        tile_max=tile_max,
        boneyard=boneyard,
        pause_button=pause,
        undo_button=undo,
        hand_width=hand_w,
        tray_tiles=tray_tiles,
        tray_left=tray_left,
        tray_right=tray_right,
        facts=facts,
        portrait=True,
        large=large,
        sort_button=sort_button,
        plan_button=plan_button,
        main_button=main_button,
        hint_button=hint_button,
    )


def _spur(
    hub: tuple[int, int], radius: int, end: tuple[int, int], side: int, steps: int = 18
) -> list[tuple[float, float]]:
    """A smooth curve from the hub's rim to a lane's start (quadratic Bézier)."""
    ex, ey = end
    hx, hy = hub
    angle = math.atan2(ey - hy, (ex - hx))
    # Leave the hub pointing between "straight at the lane" and "straight sideways".
    side_angle = 0.0 if side > 0 else math.pi
    blend = angle * 0.55 + side_angle * 0.45 if side > 0 else _mix_angle(angle, side_angle)
    p0 = (hx + radius * math.cos(blend), hy + radius * math.sin(blend))
    p1 = (hx + side * (radius + (abs(ex - hx) - radius) * 0.45), ey)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a = (1 - t) * (1 - t)
        b = 2 * (1 - t) * t
        c = t * t
        pts.append((a * p0[0] + b * p1[0] + c * ex, a * p0[1] + b * p1[1] + c * ey))
    return pts


def _mix_angle(a: float, b: float) -> float:
    """0.55 of ``a`` and 0.45 of ``b``, the short way round the circle."""
    d = (b - a + math.pi) % (2 * math.pi) - math.pi
    return a + d * 0.45


# --------------------------------------------------------------------- trains


def _advance(touching: int, outward: int, s: int) -> int:
    return s if touching == outward else 2 * s


def train_geometry(lane: Lane, laid: Sequence[tuple[int, int]], tile_max: int) -> TrainGeometry:
    """Lay ``laid`` (touching, outward pairs from the hub out) in ``lane``.

    At the lane's own size (:attr:`Lane.tile`) every tile's place depends only on the tiles
    before it, so laying one more never moves the others. A train longer than the lane's room
    is laid again smaller, from the same first row, then overlapping. ``tile_max`` bounds the
    size (the layout's largest tile).
    """
    top = min(lane.tile, tile_max)
    for s in range(top, MIN_TILE - 1, -1):
        geometry = _lay(lane, laid, s, squeeze=1.0)
        if geometry is not None:
            return geometry if s == top else dataclasses.replace(geometry, relaid=True)
    s = MIN_TILE
    gap = max(1, s // 8)
    area_w = abs(lane.outer - lane.inner)
    total = sum(_advance(t, o, s) + gap for t, o in laid) + 2 * s + gap
    squeeze = min(0.99, (_rows_from_track(lane, s) * area_w) / max(1, total))
    while True:
        geometry = _lay(lane, laid, s, squeeze=squeeze)
        if geometry is not None or squeeze <= 0.05:
            break
        squeeze *= 0.93
    if geometry is None:  # thousands of tiles: pile them up rather than fail
        geometry = _lay(lane, laid, s, squeeze=0.05, max_rows=10**6)
    assert geometry is not None
    return dataclasses.replace(geometry, relaid=True)


def _pitch(s: int) -> int:  # from one row's centre to the next: a crosswise double and a gap
    return 2 * s + max(2, s // 3)


def _rows_available(lane: Lane, s: int) -> int:
    return max(1, (lane.band.height - 4) // _pitch(s))


def _rows_from_track(lane: Lane, s: int) -> int:
    """Rows of tiles ``s`` that fit from the first row to the lane's edge it grows towards."""
    edge = lane.band.bottom - 2 - s if lane.grow > 0 else lane.band.top + 2 + s
    return 1 + max(0, (edge - lane.track_y) * lane.grow // _pitch(s))


def _per_row(area_w: int, s: int) -> int:
    """Tiles laid lengthwise that fit in a row, the open end's slot included."""
    gap = max(1, s // 8)
    return max(1, (area_w + gap) // (2 * s + gap))


def fix_track(lane: Lane, tile_max: int, expected: int, hub_y: int) -> None:
    """Choose ``lane``'s tile size and first row for the round: the largest size whose rows
    hold ``expected`` tiles; the rows a train of that length takes, centred in the lane; the
    first of them on the side nearer the hub's height, later ones turning away from it."""
    area_w = abs(lane.outer - lane.inner)
    size = MIN_TILE
    for s in range(tile_max, MIN_TILE - 1, -1):
        if _per_row(area_w, s) * _rows_available(lane, s) >= expected + 1:
            size = s
            break
    rows = min(_rows_available(lane, size), -(-(expected + 1) // _per_row(area_w, size)))
    lane.tile = size
    lane.grow = -1 if lane.cy <= hub_y else 1
    offset = round((rows - 1) / 2 * _pitch(size))
    lane.track_y = lane.cy - lane.grow * offset


def _lay(
    lane: Lane,
    laid: Sequence[tuple[int, int]],
    s: int,
    squeeze: float,
    max_rows: int | None = None,
) -> TrainGeometry | None:
    """The snake at size ``s``: row 0 on the lane's track, running out from the hub; each
    later row starts under (or over) where the one before ended and runs the other way. A
    row is full when the open end's slot (a lengthwise tile) no longer fits in it. None when
    the rows run out."""
    gap = max(1, s // 8)
    pitch = _pitch(s)
    if max_rows is None:
        max_rows = _rows_from_track(lane, s)
    near, far = lane.inner, lane.outer  # x of the row's hub end and its far end
    shrink = squeeze if squeeze < 1.0 else 1.0
    items = [_advance(t, o, s) for t, o in laid] + [2 * s]  # the next slot last
    slots: list[TileSlot] = []
    next_slot = pygame.Rect(0, 0, 2 * s, s)
    row = 0
    direction = lane.side
    x = float(near)
    for index, length in enumerate(items):
        # Room left in this row for a lengthwise tile (the slot rule: the same for every tile,
        # so whether a tile starts a new row never depends on the tiles after it).
        end = far if direction == lane.side else near
        if abs(end - x) < 2 * s and (index > 0 or row > 0):
            row += 1
            if row >= max_rows:
                return None
            direction = -direction
            x = min(max(x, min(near, far)), max(near, far))  # the turn starts inside the lane
        y = lane.track_y + lane.grow * row * pitch
        if index == len(laid):
            rect = pygame.Rect(0, 0, 2 * s, s)
            left = x if direction > 0 else x - 2 * s
            rect.topleft = (round(left), round(y - s / 2))
            next_slot = rect
            break
        touching, outward = laid[index]
        if touching == outward:
            rect = pygame.Rect(0, 0, s, 2 * s)
            left = x if direction > 0 else x - s
            rect.topleft = (round(left), round(y - s))
            slot = TileSlot(rect, True, touching, outward, s)
        else:
            rect = pygame.Rect(0, 0, 2 * s, s)
            left = x if direction > 0 else x - 2 * s
            rect.topleft = (round(left), round(y - s / 2))
            first, second = (touching, outward) if direction > 0 else (outward, touching)
            slot = TileSlot(rect, False, first, second, s)
        slots.append(slot)
        x += direction * (length + gap) * shrink
    next_slot.clamp_ip(lane.tile_area)
    return TrainGeometry(tuple(slots), next_slot, s)


def _bands(
    size: tuple[int, int], top_h: int, tray_h: int, prompt_h: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """The window's bands, top to bottom: the top bar, the table, the prompt, the tray."""
    w, h = size
    top_bar = pygame.Rect(0, 0, w, top_h)
    tray = pygame.Rect(0, h - tray_h, w, tray_h)
    prompt = pygame.Rect(0, tray.top - prompt_h, w, prompt_h)
    table = pygame.Rect(0, top_h, w, prompt.top - top_h)
    return top_bar, table, prompt, tray


def _lane(
    train: int,
    players: int,
    side: int,
    band: pygame.Rect,
    inner: int,
    outer: int,
    badge: pygame.Rect,
    hub: tuple[int, int],
    hub_r: int,
    u: float,
    tile_max: int,
) -> Lane:
    """A train's lane: its badge centred on the band (no taller than it reads well), the spur
    from the hub to the lane's start and the marker's place on it."""
    bh = min(badge.height, max(BADGE_MIN_H, round(70 * u)))
    badge = pygame.Rect(badge.x, band.centery - bh // 2, badge.width, bh)
    owner = None if train == players else train
    lane = Lane(train, owner, side, band, inner, outer, badge=badge)
    expected = EXPECTED_TRAIN.get(players, EXPECTED_TRAIN_MANY)
    fix_track(lane, tile_max, expected, hub[1])
    lane.spur = _spur(hub, hub_r, (inner, lane.track_y), side)
    mx, my = lane.spur[len(lane.spur) * 3 // 5]
    lane.marker_pos = (round(mx), round(my))
    return lane


def _top_buttons(
    width: int, top_h: int, margin: int, bone_w: int, u: float
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The top bar's right end, right to left: Pause, the boneyard, Undo."""
    pause = pygame.Rect(0, 0, top_h - 8, top_h - 8)
    pause.topright = (width - margin, 4)
    boneyard = pygame.Rect(0, 0, bone_w, top_h - 8)
    boneyard.topright = (pause.left - margin * 2, 4)
    return pause, boneyard, _undo_button(boneyard, margin, u)


def _undo_button(boneyard: pygame.Rect, margin: int, u: float) -> pygame.Rect:
    """Undo (take-backs) sits in the top bar, left of the boneyard."""
    undo = pygame.Rect(0, 0, max(72, round(120 * u)), boneyard.h)
    undo.topright = (boneyard.left - margin * 2, boneyard.top)
    return undo
