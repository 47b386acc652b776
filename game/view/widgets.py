"""Small drawing helpers every scene shares: cached text, panels, buttons, felt, icons.

Anything dearer than a blit is cached by its inputs (text, panels), so a frame mostly blits.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.view.fonts import get_font, script_of
from game.view.printable import drawable as drawable  # the scenes use it as widgets.drawable
from game.view.theme import RGB, RGBA, Theme
from game.view.theme import mix as mix  # the scenes mix colours as widgets.mix

# ----------------------------------------------------------------------------- caches


class _LRU:
    def __init__(self, size: int) -> None:
        self.size = size
        self.data: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        surf = self.data.get(key)
        if surf is not None:
            self.data.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        self.data[key] = surf
        while len(self.data) > self.size:
            self.data.popitem(last=False)
        return surf


_text_cache = _LRU(600)
_panel_cache = _LRU(200)


def _finish(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


# ----------------------------------------------------------------------------- the text audit


@dataclass(frozen=True)
class TextIssue:
    """A text drawn wider than the room it was given."""

    message: str
    width: int  # px the text takes
    room: int  # px it had
    kind: str  # "box" (a stated width), "fit", "wrap", "button" or "surface" (off the target)

    def __str__(self) -> str:
        return f"{self.kind}: {self.message!r} is {self.width}px wide in {self.room}px"


@dataclass
class TextAudit:
    """What was drawn while :func:`text_audit` was active: every message, and the overflows."""

    drawn: list[str] = field(default_factory=list)
    issues: list[TextIssue] = field(default_factory=list)


_audits: list[TextAudit] = []


@contextlib.contextmanager
def text_audit() -> Iterator[TextAudit]:
    """Record every text drawn through this module, and each one wider than its box.

    The box is the width a caller states (``max_width``, ``fit_text_size``, ``wrap``, a
    Button's label) and, for text blitted by :func:`blit_text`, the target surface's clip
    area. Tests draw screens in every language inside one and expect no issues.
    """
    audit = TextAudit()
    _audits.append(audit)
    try:
        yield audit
    finally:
        _audits.remove(audit)


def _drawn(message: str) -> None:
    for audit in _audits:
        audit.drawn.append(message)


def _check(message: str, width: int, room: int, kind: str) -> None:
    if width > room:
        issue = TextIssue(message, width, room, kind)
        for audit in _audits:
            audit.issues.append(issue)


def font_for(message: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font that draws ``message``: Tamil text gets the Tamil font with its script set
    (shaped by HarfBuzz), everything else Noto Sans."""
    return get_font(size, bold=bold, script=script_of(message))


def text_height(size: int, *, bold: bool = False) -> int:
    """The height of a line of text at ``size`` px (the taller of the Latin and Tamil fonts)."""
    size = max(8, int(size))
    return max(get_font(size, bold, s).get_height() for s in ("Latn", "Taml"))


def text_width(message: str, size: int, *, bold: bool = False) -> int:
    """How wide ``message`` is drawn at ``size`` px (its script's font); kept, as shaping a
    line costs more than drawing it and some are measured every frame."""
    size = max(8, int(size))
    key = (message, size, bold)
    width = _width_cache.get(key)
    if width is None:
        if len(_width_cache) > 4000:
            _width_cache.clear()
        shown = drawable(message)
        width = _width_cache[key] = font_for(shown, size, bold).size(shown)[0]
    return width


_width_cache: dict[tuple[str, int, bool], int] = {}


def text(
    message: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    max_width: int | None = None,
) -> pygame.Surface:
    """Anti-aliased text, cached; ``shadow`` adds a soft dark drop shadow for text on felt.

    ``max_width`` states the box it goes in: the audit reports a text wider than it (use
    :func:`fit_text_size` or :func:`wrap` to make it fit).
    """
    size = max(8, int(size))
    key = (message, size, colour, bold, shadow)
    surf = _text_cache.get(key)
    if surf is None:
        surf = _text_cache.put(key, _render(message, size, colour, bold, shadow))
    if _audits:
        _drawn(message)
        if max_width is not None:
            _check(message, surf.get_width() - _shadow_offset(size, shadow), max_width, "box")
    return surf


def _shadow_offset(size: int, shadow: bool) -> int:
    return max(1, size // 14) if shadow else 0


def _render(message: str, size: int, colour: RGB, bold: bool, shadow: bool) -> pygame.Surface:
    message = drawable(message)
    font = font_for(message, size, bold)
    glyphs = font.render(message, True, colour)
    if shadow:
        off = _shadow_offset(size, shadow)
        dark = font.render(message, True, (0, 0, 0))
        dark.set_alpha(130)
        out = pygame.Surface((glyphs.get_width() + off, glyphs.get_height() + off), pygame.SRCALPHA)
        out.blit(dark, (off, off))
        out.blit(glyphs, (0, 0))
        glyphs = out
    return _finish(glyphs)


def wrap(message: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` px: at spaces, and a word longer
    than a line between whole letters (a Tamil letter with its vowel sign stays whole)."""
    size = max(8, int(size))
    message = drawable(message)
    font = font_for(message, size, bold)

    def measure(piece: str) -> int:
        return int(font.size(piece)[0])

    lines = i18n.wrap_text(message, width, measure)
    if _audits:
        for line in lines:
            _check(line, measure(line), width, "wrap")
    return lines


def blit_text(
    target: pygame.Surface,
    message: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    alpha: int = 255,
    max_width: int | None = None,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    """Blit cached text positioned by a Rect anchor, e.g. ``center=(x, y)``.

    ``max_width``: the box it must fit in; the size shrinks until it does.
    """
    if max_width is not None:
        size = fit_text_size(message, size, max_width, bold=bold)
    surf = text(message, size, colour, bold=bold, shadow=shadow)
    rect = surf.get_rect(**anchor)
    if _audits and alpha > 0:
        # Off the target's (clip) edges counts as clipped: the room is the part still seen.
        clip = target.get_clip()
        inked = pygame.Rect(rect.x, rect.y, rect.w - _shadow_offset(max(8, int(size)), shadow), 1)
        over = max(0, clip.left - inked.left) + max(0, inked.right - clip.right)
        _check(message, inked.width, inked.width - over, "surface")
    return blit_faded(target, surf, rect, alpha)


# The page titles drawn since the frame began (new_frame): what the keyboard and gamepad
# prompt strip, drawn over everything, must not cover.
_titles: list[pygame.Rect] = []


def new_frame() -> None:
    """A frame begins: forget the titles of the last one."""
    _titles.clear()


def titles_drawn() -> list[pygame.Rect]:
    """Where this frame's page titles are (see :func:`page_title`)."""
    return list(_titles)


def page_title(
    target: pygame.Surface, title: str, theme: Theme, scale: float, top: int, margin: int = 20
) -> pygame.Rect:
    """A page's title centred at ``top``: large, in the accent colour with a shadow, shrunk to
    fit the width less ``margin``; its rect (noted for :func:`titles_drawn`)."""
    width = target.get_width()
    rect = blit_text(
        target,
        title,
        max(20, round(44 * scale)),
        theme.accent,
        bold=True,
        shadow=True,
        max_width=width - margin,
        midtop=(width // 2, top),
    )
    _titles.append(rect)
    return rect


_fit_cache: dict[tuple[str, int, int, bool], int] = {}
MIN_TEXT = 8  # px: the smallest size fit_text_size goes down to


def fit_text_size(message: str, size: int, width: int, *, bold: bool = False) -> int:
    """The largest size <= ``size`` at which ``message`` fits in ``width`` px (cached)."""
    key = (message, int(size), int(width), bold)
    found = _fit_cache.get(key)
    if found is None:
        found = max(MIN_TEXT, int(size))
        while found > MIN_TEXT and text_width(message, found, bold=bold) > width:
            found -= 1
        if len(_fit_cache) > 2000:
            _fit_cache.clear()
        _fit_cache[key] = found
    if _audits and found == MIN_TEXT:
        _check(message, text_width(message, found, bold=bold), width, "fit")
    return found


def panel(
    size: tuple[int, int],
    fill: RGBA,
    edge: RGB | None = None,
    radius: int = 10,
    edge_width: int = 1,
    shadow: bool = False,
) -> pygame.Surface:
    """A rounded, translucent panel surface (cached)."""
    w, h = max(1, size[0]), max(1, size[1])
    key = (w, h, fill, edge, radius, edge_width, shadow)
    surf = _panel_cache.get(key)
    if surf is not None:
        return surf
    pad = max(4, radius // 2) if shadow else 0
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    if shadow:
        sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(
            sh, (0, 0, 0, 120), pygame.Rect(pad, pad + pad // 2, w, h), border_radius=radius
        )
        sh = pygame.transform.gaussian_blur(sh, max(1, pad // 2))
        surf.blit(sh, (0, 0))
    body = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, fill, body, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, body, width=edge_width, border_radius=radius)
    return _panel_cache.put(key, _finish(surf))


def draw_panel(
    target: pygame.Surface,
    rect: pygame.Rect,
    fill: RGBA,
    edge: RGB | None = None,
    radius: int = 10,
    edge_width: int = 1,
    shadow: bool = False,
) -> None:
    surf = panel(rect.size, fill, edge, radius, edge_width, shadow)
    pad = (surf.get_width() - rect.width) // 2
    target.blit(surf, (rect.x - pad, rect.y - pad))


def clear_caches() -> None:
    _text_cache.data.clear()
    _panel_cache.data.clear()
    _felt_cache.data.clear()
    _glow_cache.data.clear()
    _button_cache.data.clear()
    _width_cache.clear()


# ----------------------------------------------------------------------------- felt

_felt_cache = _LRU(6)


def felt(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """The table cloth: a radial vignette with a fine woven grain (cached per size and theme)."""
    key = (size, theme.id)
    surf = _felt_cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    small = pygame.Surface((48, 27))
    cx, cy = 23.5, 13.0
    for y in range(27):
        for x in range(48):
            d = min(1.0, math.hypot((x - cx) / 30.0, (y - cy) / 19.0))
            if d < 0.5:
                c = mix(theme.felt_light, theme.felt, (d / 0.5) ** 2)
            else:
                c = mix(theme.felt, theme.felt_dark, ((d - 0.5) / 0.5) ** 1.6)
            small.set_at((x, y), c)
    surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    # Woven grain: a small noise tile, tiled at low alpha.
    rng = random.Random(7)
    grain = pygame.Surface((64, 64), pygame.SRCALPHA)
    for y in range(64):
        for x in range(64):
            v = rng.random()
            if v < 0.5:
                grain.set_at((x, y), (0, 0, 0, int(14 * (0.5 - v) * 2)))
            else:
                grain.set_at((x, y), (255, 255, 255, int(9 * (v - 0.5) * 2)))
    for gy in range(0, h, 64):
        for gx in range(0, w, 64):
            surf.blit(grain, (gx, gy))
    surf = surf.convert() if pygame.display.get_surface() is not None else surf
    return _felt_cache.put(key, surf)


# ----------------------------------------------------------------------------- glows

_glow_cache = _LRU(64)


def soft_glow(size: tuple[int, int], colour: RGB, radius: int, blur: int) -> pygame.Surface:
    """A blurred rounded rectangle of ``colour``, ``blur`` px larger on each side."""
    size = (max(1, size[0]), max(1, size[1]))
    key = (size, colour, radius, blur)
    surf = _glow_cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
    surf.fill((*colour, 0))
    pygame.draw.rect(
        surf, (*colour, 255), pygame.Rect(2 * blur, 2 * blur, w, h), border_radius=radius
    )
    surf = pygame.transform.gaussian_blur(surf, max(1, blur))
    return _glow_cache.put(key, _finish(surf))


def blit_faded(
    target: pygame.Surface,
    surf: pygame.Surface,
    dest: pygame.Rect | tuple[int, int],
    alpha: int,
) -> pygame.Rect:
    """Blit ``surf`` at ``alpha`` without copying it: a cached surface gets its own alpha back
    at once (a copy per frame was a good part of a busy table's drawing time)."""
    if alpha >= 255:
        return target.blit(surf, dest)
    before = surf.get_alpha()
    surf.set_alpha(max(0, alpha))
    try:
        return target.blit(surf, dest)
    finally:
        surf.set_alpha(before)


def blit_glow(
    target: pygame.Surface, rect: pygame.Rect, colour: RGB, alpha: int, radius: int, blur: int
) -> None:
    surf = soft_glow(rect.size, colour, radius, blur)
    blit_faded(target, surf, (rect.x - 2 * blur, rect.y - 2 * blur), min(255, alpha))


# ----------------------------------------------------------------------------- icons

_icon_cache = _LRU(64)


def marker_icon(size: int, colour: RGB, outline: RGB = (20, 20, 20)) -> pygame.Surface:
    """A little locomotive seen from the side: a player's marker (cached)."""
    size = max(10, int(size))
    key = ("marker", size, colour, outline)
    surf = _icon_cache.get(key)
    if surf is not None:
        return surf
    ss = 4
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    dark = mix(colour, (0, 0, 0), 0.45)
    light = mix(colour, (255, 255, 255), 0.35)
    # body, cab, chimney, cow-catcher, wheels
    pygame.draw.rect(big, outline, (s * 0.08, s * 0.36, s * 0.62, s * 0.34), border_radius=s // 10)
    pygame.draw.rect(big, colour, (s * 0.12, s * 0.40, s * 0.56, s * 0.26), border_radius=s // 12)
    pygame.draw.rect(big, outline, (s * 0.52, s * 0.14, s * 0.34, s * 0.56), border_radius=s // 12)
    pygame.draw.rect(big, colour, (s * 0.56, s * 0.18, s * 0.26, s * 0.48), border_radius=s // 14)
    pygame.draw.rect(big, light, (s * 0.61, s * 0.23, s * 0.16, s * 0.14), border_radius=s // 30)
    pygame.draw.rect(big, outline, (s * 0.18, s * 0.16, s * 0.14, s * 0.24))
    pygame.draw.rect(big, dark, (s * 0.21, s * 0.19, s * 0.08, s * 0.2))
    pygame.draw.polygon(
        big, outline, [(s * 0.10, s * 0.62), (s * 0.02, s * 0.80), (s * 0.14, s * 0.80)]
    )
    for wx in (0.24, 0.46, 0.72):
        pygame.draw.circle(big, outline, (s * wx, s * 0.78), s * 0.12)
        pygame.draw.circle(big, light, (s * wx, s * 0.78), s * 0.07)
    surf = pygame.transform.smoothscale(big, (size, size))
    return _icon_cache.put(key, _finish(surf))


def pause_icon(size: int, colour: RGB) -> pygame.Surface:
    size = max(8, int(size))
    key = ("pause", size, colour)
    surf = _icon_cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    bar = max(2, size // 4)
    pygame.draw.rect(surf, colour, (size * 0.22, size * 0.18, bar, size * 0.64), border_radius=2)
    pygame.draw.rect(
        surf, colour, (size * 0.78 - bar, size * 0.18, bar, size * 0.64), border_radius=2
    )
    return _icon_cache.put(key, _finish(surf))


# ----------------------------------------------------------------------------- buttons


PRESS_HOOKS: list[Callable[[], None]] = []  # called when any button fires (the app's click sound)


@dataclass
class Button:
    """A clickable, animated button. ``visible`` fades it in and out instead of popping."""

    label: str
    rect: pygame.Rect
    action: Callable[[], None] | None = None
    primary: bool = False
    enabled: bool = True
    visible: bool = True
    key_hint: str = ""
    hover: bool = False
    pressed: bool = False
    appear: float = 1.0  # 0..1, eased toward ``visible``
    pulse: bool = False  # gently breathe to draw the eye
    _clock: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        self.appear = 1.0 if self.visible else 0.0

    def update(self, dt: float) -> None:
        target = 1.0 if self.visible else 0.0
        rate = 1.0 - math.exp(-14.0 * dt)
        self.appear += (target - self.appear) * rate
        if abs(self.appear - target) < 0.01:
            self.appear = target
        self._clock += dt

    @property
    def active(self) -> bool:
        return self.visible and self.enabled and self.appear > 0.6

    def handle(self, event: pygame.event.Event) -> bool:
        """React to mouse events; True if the event was used."""
        if not self.active:
            self.hover = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                for hook in PRESS_HOOKS:
                    hook()
                if self.action is not None:
                    self.action()
                return True
        return False

    def draw(self, target: pygame.Surface, theme: Theme, scale: float = 1.0) -> None:
        if self.appear <= 0.02:
            return
        rect = self.rect
        if self.pressed:
            rect = rect.move(0, max(1, round(2 * scale)))
        radius = max(6, rect.height // 3)
        if self.primary:
            fill: RGBA = (*theme.accent, 255)
            edge = mix(theme.accent, (0, 0, 0), 0.35)
            ink = theme.text_dark
            if self.hover:
                fill = (*mix(theme.accent, (255, 255, 255), 0.18), 255)
        else:
            fill = (*mix(theme.panel[:3], (255, 255, 255), 0.14 if self.hover else 0.06), 235)
            edge = theme.panel_edge
            ink = theme.text
        if not self.enabled:
            fill = (*mix(fill[:3], (90, 90, 90), 0.6), 180)
            ink = theme.text_dim
        alpha = round(255 * min(1.0, self.appear))
        face = button_face(self.label, rect.size, fill, edge, ink, radius)
        at = (rect.x - 12, rect.y - 12)
        if self.pulse and self.enabled:  # a glow under the face, in the margin round it
            glow = soft_glow(rect.size, theme.accent, radius, 6)
            glow_alpha = round(90 + 110 * (0.5 + 0.5 * math.sin(self._clock * 4.0)))
            if alpha < 255:  # fading in or out: the glow and the face fade as one picture
                both = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                blit_faded(both, glow, (0, 0), glow_alpha)
                both.blit(face, (0, 0))
                face = both
            else:
                blit_faded(target, glow, at, glow_alpha)
        blit_faded(target, face, at, alpha)


_button_cache = _LRU(96)


def button_face(
    label: str, size: tuple[int, int], fill: RGBA, edge: RGB, ink: RGB, radius: int
) -> pygame.Surface:
    """A button's panel and label with a clear 12 px margin, made once per look (cached):
    a table shows a few buttons in every frame."""
    key = (label, size, fill, edge, ink, radius)
    width, height = size
    surf = _button_cache.get(key)
    if surf is not None:
        if _audits:  # a text audit hears of the label (and of one too long) on every frame
            _drawn(label)
            fit_text_size(label, round(height * 0.42), width - 12, bold=True)
        return surf
    surf = pygame.Surface((width + 24, height + 24), pygame.SRCALPHA)
    inner = pygame.Rect(12, 12, width, height)
    surf.blit(panel(size, fill, edge, radius, 2, shadow=False), inner.topleft)
    text_size = fit_text_size(label, round(height * 0.42), width - 12, bold=True)
    words = text(label, text_size, ink, bold=True)
    surf.blit(words, words.get_rect(center=inner.center))
    return _button_cache.put(key, _finish(surf))


@dataclass
class Toast:
    """A message that fades in, stays a moment and fades out."""

    message: str
    duration: float = 2.6
    age: float = 0.0
    kind: str = "info"  # "info" or "refusal"

    @property
    def alive(self) -> bool:
        return self.age < self.duration

    @property
    def alpha(self) -> float:
        fade = 0.25
        if self.age < fade:
            return self.age / fade
        if self.age > self.duration - fade:
            return max(0.0, (self.duration - self.age) / fade)
        return 1.0

    def update(self, dt: float) -> None:
        self.age += dt


def draw_toast(
    target: pygame.Surface,
    toast: Toast,
    center: tuple[int, int],
    theme: Theme,
    scale: float,
    clear_of: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw a toast (its body is rendered once per message and size, then only faded); one
    that would meet ``clear_of`` (the prompt strip) moves beside it, or under it when the
    window is too narrow for that."""
    key = ("toast", toast.message, toast.kind, theme.id, round(scale * 100), target.get_width())
    body = _panel_cache.get(key)
    if body is None:
        body = _panel_cache.put(key, _toast_body(target.get_width(), toast, theme, scale))
    w, h = body.get_width() - 16, body.get_height() - 16
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center
    if clear_of is not None and rect.colliderect(clear_of.inflate(8, 8)):
        gap = max(4, round(6 * scale))
        if clear_of.left - gap - rect.w >= gap:
            rect.right = clear_of.left - gap
        else:
            rect.top = clear_of.bottom + gap
    rect.y += round((1.0 - min(1.0, toast.age / 0.25)) * 10 * scale)
    body.set_alpha(round(255 * toast.alpha))
    target.blit(body, (rect.x - 8, rect.y - 8))
    return rect


def _toast_body(width: int, toast: Toast, theme: Theme, scale: float) -> pygame.Surface:
    size = max(13, round(20 * scale))
    colour = theme.text
    edge = theme.refusal if toast.kind == "refusal" else theme.panel_edge
    lines = wrap(toast.message, size, round(width * 0.7), bold=True)
    rendered = [text(line, size, colour, bold=True) for line in lines]
    w = max(r.get_width() for r in rendered) + round(36 * scale)
    h = sum(r.get_height() for r in rendered) + round(18 * scale)
    surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    fill = (*mix(theme.panel[:3], edge, 0.18), 240)
    surf.blit(panel((w, h), fill, edge, max(8, h // 3), 2, shadow=False), (8, 8))
    y = 8 + round(9 * scale)
    for r in rendered:
        surf.blit(r, r.get_rect(midtop=(8 + w // 2, y)))
        y += r.get_height()
    return surf
