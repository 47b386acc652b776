"""The seats' plates: name, level or turn, hand and score, and a computer seat's card."""

from __future__ import annotations

import functools

import pygame

from game import i18n
from game.i18n import _, npgettext
from game.view import surfaces, typeset
from game.view.seat_colours import MEXICAN_COLOUR, seat_colour
from game.view.table_state import TableState
from game.view.table_words import level_label, size_within, two_facts
from game.view.theme import RGB, mix


class Plates(TableState):
    """TableView's part that draws the seats' plates and cards."""

    def _badge_surface(
        self,
        seat: int | None,
        rect: pygame.Rect,
        name: str,
        tag: tuple[str, str] | None,
        lines: tuple[tuple[str, ...], ...],
        colour: RGB,
        active: bool,
    ) -> pygame.Surface:
        """A seat's plate: its name, a tag (YOUR TURN, or a computer seat's level), then as
        many of ``lines`` as it holds. A line is one or more facts, shown side by side
        ("7 tiles · 12 pts") or, where that is too wide, one under the other. Cached by
        everything drawn on it, words included."""
        key = (seat, rect.size, name, tag, lines, colour, active, self.theme.id)
        surf = self._badge_cache.get(key)
        if surf is not None:
            return surf
        if len(self._badge_cache) > 200:
            self._badge_cache.clear()
        th = self.theme
        u = self.layout.scale
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill = (*mix(th.panel[:3], colour, 0.10 if not active else 0.22), 225)
        edge = colour if active else mix(th.panel_edge, colour, 0.5)
        surf.blit(
            surfaces.panel(rect.size, fill, edge, max(6, round(10 * u)), 2 if active else 1), (0, 0)
        )
        pygame.draw.rect(
            surf,
            colour,
            (0, 0, max(4, round(6 * u)), rect.h),
            border_top_left_radius=max(6, round(10 * u)),
            border_bottom_left_radius=max(6, round(10 * u)),
        )
        pad = max(8, round(12 * u))
        room = rect.w - 2 * pad
        name_size = max(11, min(round(17 * u), rect.h // 3))
        small = max(10, min(round(13 * u), rect.h // 4))
        gap = max(1, round(2 * u))
        tag_surf = self._tag(tag, small, room, colour) if tag is not None else None
        wanted = [facts for facts in lines if facts]
        first = functools.reduce(two_facts, wanted[0]) if wanted else ""
        line_h = typeset.text(first, small, th.text_dim).get_height() if wanted else 0
        tag_w = tag_surf.get_width() + 6 if tag_surf is not None else 0
        beside = (
            tag_surf is not None and typeset.text_width(name, name_size, bold=True) + tag_w <= room
        )
        size = typeset.fit_text_size(name, name_size, room - (tag_w if beside else 0), bold=True)
        if tag_surf is not None and not beside and tag is not None and tag[1] == "level":
            # The level on its own line, the hand count still under it (the name a little
            # smaller if the plate is short), unless the name reads larger beside the level.
            rest = tag_surf.get_height() + 2 * gap + (line_h if wanted else 0)
            alone = size
            while (
                alone > 8 and typeset.font_for(name, alone, True).get_height() + rest > rect.h - 4
            ):
                alone -= 1
            next_to = size_within(name, name_size, room - tag_w, bold=True)
            beside = next_to > alone
            size = next_to if beside else alone
        ts = typeset.text(name, size, th.text, bold=True)
        body: list[pygame.Surface] = []
        if tag_surf is not None and not beside:
            body.append(tag_surf)
        rows: list[tuple[pygame.Surface, str | None]] = [(b, None) for b in body]
        total = ts.get_height() + sum(gap + b.get_height() for b in body)
        readable = min(small, 10)
        groups: list[list[str]] = []
        for facts in wanted:  # a line too long to read in one piece wraps (Tamil runs long)
            line = functools.reduce(two_facts, facts)
            if typeset.text_width(line, readable) <= room:
                groups.append([line])
            elif len(facts) > 1 and all(typeset.text_width(f, readable) <= room for f in facts):
                groups.append(list(facts))  # two lines rather than broken words
            else:
                groups.append(_wrap_at_spaces(line, readable, room))
        for group in groups:  # as many as the plate holds, the first first; never half a one
            made = [
                typeset.text(p, typeset.fit_text_size(p, small, room), th.text_dim) for p in group
            ]
            height = sum(gap + b.get_height() for b in made)
            if total + height > rect.h - 4:
                break
            rows.extend(zip(made, group, strict=True))
            total += height
        y = (rect.h - total) // 2
        surf.blit(ts, (pad, y))
        if tag_surf is not None and beside:
            surf.blit(
                tag_surf,
                tag_surf.get_rect(midleft=(pad + ts.get_width() + 6, y + ts.get_height() // 2)),
            )
        y += ts.get_height() + gap
        # the marker sits in the bottom right corner: a line reaching it stops short of it
        icon = max(12, min(rect.h // 2, round(24 * u)))
        corner = pygame.Rect(0, 0, icon + 4, icon)
        corner.bottomright = (rect.w - max(4, round(6 * u)), rect.h - max(4, round(6 * u)) // 2)
        for b, row_line in rows:
            spot = pygame.Rect(pad, y, b.get_width(), b.get_height())
            if seat is not None and row_line is not None and spot.colliderect(corner):
                short = corner.left - pad - 2
                b = typeset.text(
                    row_line, typeset.fit_text_size(row_line, small, short), th.text_dim
                )
            surf.blit(b, (pad, y))
            y += b.get_height() + gap
        self._badge_cache[key] = surf
        return surf

    def _tag(self, tag: tuple[str, str], size: int, room: int, colour: RGB) -> pygame.Surface:
        """YOUR TURN in the seat's colour, or a computer seat's level on a small pill."""
        words, kind = tag
        if kind == "turn":
            return typeset.text(
                words, typeset.fit_text_size(words, size, room, bold=True), colour, bold=True
            )
        th = self.theme
        size = typeset.fit_text_size(words, size, room - 10, bold=True)
        label = typeset.text(words, size, th.text, bold=True)
        pill = pygame.Rect(0, 0, label.get_width() + 10, label.get_height())
        surf = pygame.Surface(pill.size, pygame.SRCALPHA)
        fill = (*mix(th.panel[:3], colour, 0.35), 255)
        surf.blit(
            surfaces.panel(pill.size, fill, mix(colour, th.panel[:3], 0.3), pill.h // 2, 1), (0, 0)
        )
        surf.blit(label, label.get_rect(center=pill.center))
        return surf

    def badge_words(
        self, seat: int
    ) -> tuple[str, tuple[str, str] | None, tuple[tuple[str, ...], ...]]:
        """What a seat's plate says now: its name, its tag (``(words, "turn")`` on your turn,
        ``(level, "level")`` for a computer seat) and its status lines, first first."""
        count = self.hand_count(seat)
        # Translators: the tiles in a player's hand on their badge (narrow: abbreviate if long)
        tiles = npgettext("badge", "{n} tile", "{n} tiles", count).format(n=count)
        # Translators: a player's score on their badge, abbreviated
        score = _("{n} pts").format(n=round(self.totals[seat]))
        lines: list[tuple[str, ...]] = [(tiles, score)]
        if seat in self.out:
            # Translators: on any seat's badge, yours included
            lines.append((_("Went out!"),))
        elif self.markers[seat]:
            lines.append((_("Train open to all"),))
        tag: tuple[str, str] | None = None
        if seat == self.shown_seat and self.call_you:
            if seat == self.current and seat not in self.out:  # gone out: no turn is coming
                # Translators: on the badge of the player whose turn it is: keep it short
                tag = (_("YOUR TURN"), "turn")
        elif seat in self.levels:
            tag = (level_label(self.levels[seat]), "level")
        return self._name(seat), tag, tuple(lines)

    def seat_card(self, seat: int) -> tuple[str, str, str] | None:
        """A computer seat's card: its name, level and style, in the current language."""
        if seat not in self.levels:
            return None
        # the styles are marked for the catalog where they are written (game/ai, levels/)
        style = i18n.translate(self.styles[seat]) if seat in self.styles else ""
        return self.names[seat], level_label(self.levels[seat]), style

    def _plate_static(self, static: pygame.Surface) -> None:
        """Keep the plates of the seats not to move, and the Mexican train's, painted on the
        static layer, so a frame copies them with the table instead of blending each one
        again (a busy table's plates were a third of its frame). A plate is painted again
        only when what it shows changes; the seat to move has its plate drawn every frame,
        over its pulsing glow (``_draw_badge``)."""
        painted = self._plates_painted
        if not self._plates_under:  # a new static layer: keep what lies under each plate
            self._plates_under = [
                static.subsurface(lane.badge.clip(static.get_rect())).copy()
                for lane in self.layout.lanes
            ]
            painted.clear()
        for seat in range(self.players + 1):
            key: tuple[object, ...] | None
            if seat == self.players:
                key = ("mexican",)  # its words change only with the language (a new layer)
            elif seat == self.current:
                key = None  # drawn every frame
            else:
                key = (*self.badge_words(seat), self.markers[seat])
            if seat in painted and painted[seat] == key:
                continue
            rect = self.layout.lanes[seat].badge
            under = self._plates_under[seat]
            static.blit(under, under.get_rect(topleft=rect.clip(static.get_rect()).topleft))
            if key is not None:
                self._paint_kept_plate(static, seat)
            painted[seat] = key

    def _paint_kept_plate(self, static: pygame.Surface, seat: int) -> None:
        """The plate the static layer keeps for ``seat`` (the Mexican train's for its number)."""
        if seat == self.players:
            self._draw_mexican_badge(static)
        else:
            self._paint_plate(static, seat, False)

    def _draw_badge(self, surface: pygame.Surface, seat: int, pulse: float) -> None:
        """What a seat's plate shows over the static layer this frame: the whole plate of the
        seat to move (over its glow), the card's outline, the thinking dots."""
        rect = self.layout.lanes[seat].badge
        colour = seat_colour(seat)
        active = seat == self.current
        if active:
            surfaces.blit_glow(
                surface, rect, colour, round(110 + 110 * pulse), 10, max(4, rect.h // 8)
            )
            self._paint_plate(surface, seat, True)
        if seat == self.info_seat and seat in self.levels:
            pygame.draw.rect(
                surface, colour, rect.inflate(4, 4), 2, border_radius=max(6, rect.h // 5)
            )
        if active and seat != self.shown_seat and self.thinking == seat:
            dots = "." * (1 + int(self.clock * 3) % 3)
            size = max(10, round(13 * self.layout.scale))
            typeset.blit_text(
                surface,
                dots,
                size * 2,
                colour,
                bold=True,
                midright=(rect.right - 8, rect.centery - size // 2),
            )

    def _paint_plate(self, surface: pygame.Surface, seat: int, active: bool) -> None:
        """A seat's plate with its marker: bright when it sits on the train (public), faded
        while held."""
        rect = self.layout.lanes[seat].badge
        colour = seat_colour(seat)
        name, tag, lines = self.badge_words(seat)
        surface.blit(self._badge_surface(seat, rect, name, tag, lines, colour, active), rect)
        size = max(12, min(rect.h // 2, round(24 * self.layout.scale)))
        icon = surfaces.marker_icon(size, colour)
        pad = max(4, round(6 * self.layout.scale))
        spot = icon.get_rect(bottomright=(rect.right - pad, rect.bottom - pad // 2))
        if self.markers[seat]:
            surface.blit(icon, spot)
        else:
            surfaces.blit_faded(surface, icon, spot, 60)

    def _draw_mexican_badge(self, surface: pygame.Surface) -> None:
        lane = self.layout.lanes[self.players]
        rect = lane.badge
        lines = ((_("Open to everyone"),),)
        surf = self._badge_surface(
            None, rect, _("Mexican train"), None, lines, MEXICAN_COLOUR, False
        )
        surface.blit(surf, rect)

    def seat_info_rect(self, seat: int) -> pygame.Rect:
        """Where a computer seat's card (name, level, style) goes: beside its plate, toward
        the middle of the table, inside the table."""
        lay = self.layout
        u = lay.scale
        badge = lay.lanes[seat].badge
        width = min(max(200, round(300 * u)), lay.table.w // 2)
        height = self._seat_info_lines(seat, width)[1]
        rect = pygame.Rect(0, 0, width, height)
        if lay.lanes[seat].side > 0:
            rect.midright = (badge.left - max(4, round(8 * u)), badge.centery)
        else:
            rect.midleft = (badge.right + max(4, round(8 * u)), badge.centery)
        rect.clamp_ip(lay.table)
        return rect

    def _seat_info_lines(self, seat: int, width: int) -> tuple[list[str], int]:
        u = self.layout.scale
        pad = max(8, round(12 * u))
        title = max(12, round(17 * u))
        small = max(11, round(14 * u))
        card = self.seat_card(seat)
        if card is None:
            return [], 0
        name, _level, style = card
        lines = typeset.wrap(style, small, width - 2 * pad) if style else []
        ink = self.theme.text
        height = 2 * pad + typeset.text(name, title, ink, bold=True).get_height()
        height += sum(typeset.text(line, small, ink).get_height() for line in lines)
        return lines, height + (round(4 * u) if lines else 0)

    def _draw_seat_info(self, surface: pygame.Surface) -> None:
        seat = self.info_seat
        if seat is None or seat not in self.levels:
            return
        th = self.theme
        u = self.layout.scale
        rect = self.seat_info_rect(seat)
        colour = seat_colour(seat)
        pad = max(8, round(12 * u))
        title = max(12, round(17 * u))
        small = max(11, round(14 * u))
        lines, _height = self._seat_info_lines(seat, rect.w)
        surfaces.draw_panel(
            surface, rect, (*th.panel[:3], 245), colour, max(8, round(12 * u)), 2, True
        )
        card = self.seat_card(seat)
        assert card is not None
        name, level, _style = card
        tag = self._tag((level, "level"), small, rect.w // 2, colour)
        room = rect.w - 2 * pad - tag.get_width() - 8
        size = typeset.fit_text_size(name, title, room, bold=True)
        r = typeset.blit_text(
            surface, name, size, colour, bold=True, topleft=(rect.x + pad, rect.y + pad)
        )
        surface.blit(tag, tag.get_rect(midleft=(r.right + 8, r.centery)))
        y = r.bottom + round(4 * u)
        for line in lines:
            r = typeset.blit_text(surface, line, small, th.text, topleft=(rect.x + pad, y))
            y = r.bottom


def _wrap_at_spaces(message: str, size: int, width: int) -> list[str]:
    """Lines of whole words (a plate's short lines: a word never breaks; one too long for a
    line is shrunk to fit when drawn instead)."""
    lines: list[str] = []
    for word in message.split(" "):
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and typeset.text_width(candidate, size) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines
