"""One colour per seat on the table, and the Mexican train's own."""

from __future__ import annotations

from game.view.theme import RGB

# One colour per seat, readable on every felt and apart from each other; the Mexican train
# has its own (a warm red-orange, like the flag's red and the sun on the tile backs).
SEAT_COLOURS: tuple[RGB, ...] = (
    (255, 206, 84),  # you: gold
    (94, 190, 255),  # sky
    (255, 128, 170),  # rose
    (140, 230, 120),  # lime
    (200, 150, 255),  # violet
    (255, 160, 80),  # tangerine
    (80, 226, 210),  # aqua
    (240, 240, 240),  # white
    (255, 110, 110),  # coral
    (170, 200, 90),  # olive
    (130, 160, 255),  # periwinkle
    (230, 190, 150),  # sand
    (255, 120, 230),  # magenta
    (120, 210, 160),  # mint
)
MEXICAN_COLOUR: RGB = (255, 96, 64)


def seat_colour(seat: int | None) -> RGB:
    return MEXICAN_COLOUR if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
