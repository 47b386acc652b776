"""Render a contact sheet of domino tiles to a PNG, headless, for eyeballing the tile art.

    python tools/render_tiles.py /tmp/tiles.png                  # every theme, stacked
    python tools/render_tiles.py /tmp/cb.png --theme colour_blind_safe
    python tools/render_tiles.py /tmp/zoom.png --zoom 4 --theme default   # small sizes, magnified

Each theme's panel shows: the double-twelve set at medium size, the 13-18 pip counts (medium and
large), a row at small size, vertical tiles, numerals mode, highlight states and backs.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.view.fonts import get_font  # noqa: E402
from game.view.theme import THEMES, Theme  # noqa: E402
from game.view.tiles import Highlight, TileRenderer  # noqa: E402

SHEET_W = 1400
MARGIN = 28
GAP = 10


def felt(surface: pygame.Surface, rect: pygame.Rect, th: Theme) -> None:
    """Felt with a soft radial vignette, as the table will draw it."""
    small = pygame.Surface((64, 64))
    cx, cy = 31.5, 31.5
    for y in range(64):
        for x in range(64):
            d = min(1.0, ((x - cx) ** 2 / 34**2 + (y - cy) ** 2 / 34**2) ** 0.5)
            f = d * d
            base = th.felt_light if d < 0.5 else th.felt
            edge = th.felt if d < 0.5 else th.felt_dark
            t = f / 0.25 if d < 0.5 else (f - 0.25) / 0.75
            small.set_at(
                (x, y), tuple(round(b + (e - b) * t) for b, e in zip(base, edge, strict=True))
            )
    surface.blit(pygame.transform.smoothscale(small, rect.size), rect.topleft)


class Sheet:
    def __init__(self, surface: pygame.Surface, th: Theme, r: TileRenderer, top: int) -> None:
        self.s, self.th, self.r = surface, th, r
        self.x, self.y = MARGIN, top
        self.row_h = 0

    def label(self, text: str, size: int = 18) -> None:
        self.newline()
        font = get_font(size, bold=True)
        img = font.render(text, True, self.th.text)
        self.s.blit(img, (MARGIN, self.y))
        self.y += img.get_height() + 6

    def newline(self, extra: int = 0) -> None:
        if self.row_h:
            self.y += self.row_h + GAP + extra
        self.x, self.row_h = MARGIN, 0

    def place(self, w: int, h: int, gap: int = GAP) -> tuple[int, int]:
        if self.x + w > SHEET_W - MARGIN:
            self.newline()
        pos = (self.x, self.y)
        self.x += w + gap
        self.row_h = max(self.row_h, h)
        return pos

    def tile(
        self,
        ab: tuple[int, int] | None,
        width: int,
        vertical: bool = False,
        gap: int = GAP,
        **kw: object,
    ) -> None:
        w, h = self.r.size(width, vertical)
        pos = self.place(w, h, gap)
        self.r.draw(self.s, ab, pos, width, vertical, theme=self.th, **kw)  # type: ignore[arg-type]


def panel(th: Theme, r: TileRenderer, height: int = 2200) -> pygame.Surface:
    surf = pygame.Surface((SHEET_W, height))
    felt(surf, surf.get_rect(), th)
    sh = Sheet(surf, th, r, MARGIN)
    title = get_font(30, bold=True).render(f"{th.name}  ({th.id})", True, th.accent)
    surf.blit(title, (MARGIN, sh.y))
    sh.y += title.get_height() + 8

    sh.label("Table preview")
    sh.y += preview(surf, th, r, (MARGIN, sh.y)) + GAP

    sh.label("Double-twelve set, width 40")
    for a in range(13):
        for b in range(a, 13):
            sh.tile((a, b), 40, gap=8)
        sh.newline()

    sh.label("13-18 pips, width 56 and 110")
    for n in range(13, 19):
        sh.tile((n, n - 3), 56)
    for n in range(10, 19, 2):
        sh.tile((n, n + 1 if n < 18 else 0), 56)
    sh.newline()
    for a, b in ((10, 11), (12, 13), (14, 15), (16, 17), (18, 9)):
        sh.tile((a, b), 110, vertical=True, gap=16)
    sh.tile((6, 18), 110)
    sh.newline()

    sh.label("Small: width 18 and 24 (horizontal and vertical)")
    for w in (18, 24):
        for n in range(0, 19, 2):
            sh.tile((n, min(18, n + 1)), w, gap=6, shadow=w > 20)
        sh.newline()
    for w in (18, 24):
        for n in range(0, 19, 2):
            sh.tile((n, min(18, n + 1)), w, vertical=True, gap=6)
    sh.newline()

    sh.label("Numerals mode, widths 24 / 44 / 72")
    for w in (24, 44):
        for n in range(0, 19, 2):
            sh.tile((n, min(18, n + 1)), w, numerals=True, gap=8)
        sh.newline()
    for a, b in ((7, 12), (18, 3), (5, 16)):
        sh.tile((a, b), 72, numerals=True, gap=14)
    sh.tile((11, 0), 72, vertical=True, numerals=True)
    sh.newline()

    sh.label("States: legal, refused, focus, selected, dimmed (and backs)")
    for hl in Highlight:
        sh.tile((5, 9), 60, highlight=hl, gap=30)
    sh.newline()
    for w in (18, 30, 50, 80):
        sh.tile(None, w, gap=16)
    for w in (30, 60, 90):
        sh.tile(None, w, vertical=True, gap=16)
    sh.tile(None, 60, highlight=Highlight.FOCUS, gap=30)
    sh.newline()

    sh.label("Large: width 200")
    sh.tile((9, 18), 200, gap=30)
    sh.tile((8, 12), 160, vertical=True, gap=30)
    sh.newline()
    return surf.subsurface((0, 0, SHEET_W, min(height, sh.y + MARGIN))).copy()


def preview(surf: pygame.Surface, th: Theme, r: TileRenderer, at: tuple[int, int]) -> int:
    """A slice of a table: trains off a hub, a double across, a legal end, a hand tray."""
    x0, y0 = at
    w = 36
    trains = [
        [(12, 5), (5, 9), (9, 9), (9, 1), (1, 14)],
        [(12, 3), (3, 3), (3, 17), (17, 8)],
        [(12, 0), (0, 6), (6, 10), (10, 10), (10, 2)],
    ]
    r.draw(surf, (12, 12), (x0, y0 + 2 * w), w + 8, vertical=True, theme=th)
    for row, train in enumerate(trains):
        x = x0 + w + 8 + 14
        y = y0 + row * (2 * w + 4) + 8
        for i, (a, b) in enumerate(train):
            last = i == len(train) - 1
            hl = Highlight.LEGAL if (row == 1 and last) else Highlight.NONE
            if a == b:  # doubles lie across the line
                r.draw(surf, (a, b), (x, y - w // 2), w, vertical=True, theme=th, highlight=hl)
                x += w + 4
            else:
                r.draw(surf, (a, b), (x, y), w, theme=th, highlight=hl)
                x += 2 * w + 4
    # Opponents' hands, face down.
    ox = x0 + 560
    for k in range(9):
        r.draw(surf, None, (ox + k * 26, y0 + 4), 22, vertical=True, theme=th)
    # The player's tray: a panel with tiles standing up.
    tray = pygame.Rect(x0 + 520, y0 + 70, 760, 150)
    panel_s = pygame.Surface(tray.size, pygame.SRCALPHA)
    pygame.draw.rect(panel_s, th.panel, panel_s.get_rect(), border_radius=16)
    pygame.draw.rect(panel_s, th.panel_edge, panel_s.get_rect(), width=2, border_radius=16)
    surf.blit(panel_s, tray.topleft)
    hand = [(8, 14), (2, 2), (14, 4), (6, 11), (0, 13), (7, 18), (16, 5), (3, 12), (11, 11)]
    states = {0: Highlight.LEGAL, 2: Highlight.FOCUS, 4: Highlight.DIMMED, 6: Highlight.DIMMED}
    for k, t in enumerate(hand):
        hl = states.get(k, Highlight.NONE)
        lift = 10 if hl is Highlight.FOCUS else 0
        r.draw(
            surf,
            t,
            (tray.x + 24 + k * 80, tray.y + 22 - lift),
            52,
            vertical=True,
            theme=th,
            highlight=hl,
        )
    return max(3 * (2 * w + 4) + 16, tray.bottom - y0 + 8)


def zoom_sheet(th: Theme, r: TileRenderer, zoom: int) -> pygame.Surface:
    """Small tiles magnified with nearest-neighbour scaling, to judge pixels honestly."""
    cols = []
    for w in (18, 24, 32):
        row = pygame.Surface((10 * (2 * w + 6), 2 * w + 4), pygame.SRCALPHA)
        x = 0
        for n in range(0, 19, 2):
            r.draw(row, (n, min(18, n + 1)), (x, 2), w, theme=th, shadow=False)
            x += 2 * w + 6
        cols.append(row)
    h = sum(c.get_height() for c in cols) + 8 * len(cols)
    base = pygame.Surface((max(c.get_width() for c in cols), h))
    felt(base, base.get_rect(), th)
    y = 0
    for c in cols:
        base.blit(c, (0, y))
        y += c.get_height() + 8
    return pygame.transform.scale_by(base, zoom)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("out", type=Path, help="PNG file to write")
    ap.add_argument("--theme", choices=sorted(THEMES), help="one theme (default: all, stacked)")
    ap.add_argument("--zoom", type=int, default=0, help="magnified small-size sheet instead")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    r = TileRenderer()
    themes = [THEMES[args.theme]] if args.theme else list(THEMES.values())
    if args.zoom:
        panels = [zoom_sheet(th, r, args.zoom) for th in themes]
    else:
        panels = [panel(th, r) for th in themes]
    sheet = pygame.Surface(
        (max(p.get_width() for p in panels), sum(p.get_height() for p in panels))
    )
    y = 0
    for p in panels:
        sheet.blit(p, (0, y))
        y += p.get_height()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}, {r.cache_len} surfaces)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
