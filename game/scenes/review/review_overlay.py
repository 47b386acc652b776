"""What the review table draws around its table: the moves' tags, the sentence, the mark's tip.

The better move and the move made are marked on the table (:func:`draw_moves`); under the
table, the box of what the analysis found (:func:`draw_sentence`); over the timeline, the words
of the mark under the mouse (:func:`draw_mark_tip`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.ai.review import Decision
from game.i18n import _
from game.rules import Play
from game.view import surfaces, typeset
from game.view.printable import drawable
from game.view.review import draw_mark
from game.view.table import TableView
from game.view.theme import Theme

SMALLEST = 11  # px: the sentence's text shrinks to fit, down to this size


def draw_tag(
    surface: pygame.Surface,
    view: TableView,
    word: str,
    anchor: tuple[int, int],
    strong: bool,
    below: bool,
    avoid: Sequence[pygame.Rect] = (),
    hang: bool = False,
    text_scale: float | None = None,
) -> pygame.Rect:
    """A small word on a pill: over ``anchor`` (its midbottom), or across it (``below``:
    a tray tile's bottom edge, so the tag never covers the line above the hand). Moved aside
    where it would cover one of ``avoid`` (the other move's tile or tag); ``hang``: under
    ``anchor`` (its midtop) instead; ``text_scale``: the window's scale, for words as large
    as the window's own (the table here is a smaller copy). Where it was drawn."""
    th = view.theme
    u = view.layout.scale
    size = max(round(14 * u), typeset.legible_at(text_scale or u))  # the floor is 10 at least
    label = typeset.text(word, size, th.text_dark if strong else th.text, bold=True)
    rect = label.get_rect().inflate(max(8, round(12 * u)), 2)
    if below:
        rect.center = anchor
    elif hang:
        rect.midtop = anchor
    else:
        rect.midbottom = anchor
    rect = _clear_of(rect, avoid, surface.get_rect())
    fill = (*th.accent, 245) if strong else (*th.panel[:3], 240)
    surfaces.draw_panel(surface, rect, fill, th.text if not strong else None, rect.h // 2, 1)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect


def _clear_of(rect: pygame.Rect, avoid: Sequence[pygame.Rect], bounds: pygame.Rect) -> pygame.Rect:
    """``rect`` in ``bounds``, slid sideways off each of ``avoid`` it would cover (the nearer
    side first); as it was where no slide clears them all."""
    first = rect.clamp(bounds)
    places = [first]
    for other in avoid:
        if first.colliderect(other):
            left = first.copy()
            left.right = other.left - 1
            right = first.copy()
            right.left = other.right + 1
            nearer = sorted((left, right), key=lambda r: abs(r.centerx - first.centerx))
            places += [r.clamp(bounds) for r in nearer]
    for place in places:
        if place.collidelist(list(avoid)) < 0:
            return place
    return first


def _train_anchor(view: TableView, train: int) -> tuple[tuple[int, int], bool]:
    """Where a train's tag goes: beside its open end on the side the train grows towards (a
    train folded back has its earlier rows on the other side); whether it hangs under."""
    slot = view.geometry(train).next_slot
    if view.layout.lanes[train].grow > 0:
        return (slot.centerx, slot.bottom + 3), True
    return (slot.centerx, slot.top - 3), False


def draw_moves(
    surface: pygame.Surface,
    view: TableView,
    decision: Decision | None,
    text_scale: float | None = None,
) -> list[pygame.Rect]:
    """The better move's tile faded on its train, and the move made beside it; the tags drawn
    and the tiles they name (for tests: no tag covers the other move's tile or tag)."""
    if decision is None:
        return []
    th = view.theme
    best, made = decision.best, decision.made
    # Translators: a tag on the review table: the move the analysis found better
    better_word = _("Better")
    # Translators: a tag on the review table: the move the player made
    played_word = _("Played")
    best_word = played_word if best == made else better_word
    # a play on a train the table does not have (a damaged review) is not drawn
    best_play = best if isinstance(best, Play) and view.has_train(best.train) else None
    made_play = made if isinstance(made, Play) and view.has_train(made.train) else None
    tags: list[pygame.Rect] = []
    if best_play is not None:
        view.draw_ghost(surface, best_play.tile, best_play.train, 200)
        anchor, hang = _train_anchor(view, best_play.train)
        tags.append(
            draw_tag(
                surface, view, best_word, anchor, True, False, hang=hang, text_scale=text_scale
            )
        )
    made_in_tray: pygame.Rect | None = None
    best_in_tray: pygame.Rect | None = None
    if best_play is not None and (made_play is None or made_play.tile != best_play.tile):
        best_in_tray = view.tray.rect_of(best_play.tile)
    if made_play is not None and made != best:
        if best_play is None or made_play.train != best_play.train:
            view.draw_ghost(surface, made_play.tile, made_play.train, 110)
            slot = view.geometry(made_play.train).next_slot
            pygame.draw.rect(surface, th.text, slot.inflate(4, 4), 2, max(2, slot.h // 5))
            anchor, hang = _train_anchor(view, made_play.train)
            tags.append(
                draw_tag(surface, view, played_word, anchor, False, False, tags, hang, text_scale)
            )
        if best_play is None or made_play.tile != best_play.tile:
            made_in_tray = view.tray.rect_of(made_play.tile)
            if made_in_tray is not None:
                ring = made_in_tray.inflate(6, 6)
                width = max(2, round(2 * view.layout.scale))
                pygame.draw.rect(surface, th.text, ring, width, view.layout.hand_width // 5)
                avoid = [*tags, *([best_in_tray] if best_in_tray is not None else [])]
                anchor = made_in_tray.midbottom
                tags.append(
                    draw_tag(
                        surface, view, played_word, anchor, False, True, avoid, False, text_scale
                    )
                )
    if best_in_tray is not None:
        avoid = [*tags, *([made_in_tray.inflate(6, 6)] if made_in_tray is not None else [])]
        anchor = best_in_tray.midbottom
        tags.append(
            draw_tag(surface, view, best_word, anchor, True, True, avoid, False, text_scale)
        )
    return tags


def draw_mark_tip(
    surface: pygame.Surface, th: Theme, u: float, message: str, centre_x: int, above: int
) -> None:
    """``message`` (a mark's words) on a pill centred at ``centre_x``, just over ``above``."""
    size = max(12, round(16 * u))
    size = typeset.fit_text_size(message, size, surface.get_width() - 24, bold=True)
    label = typeset.text(message, size, th.text, bold=True)
    rect = label.get_rect().inflate(max(12, round(18 * u)), 6)
    rect.midbottom = (centre_x, above - 2)
    rect.clamp_ip(surface.get_rect())
    surfaces.draw_panel(surface, rect, (*th.panel[:3], 245), th.accent, rect.h // 2, 1)
    surface.blit(label, label.get_rect(center=rect.center))


def draw_sentence(
    surface: pygame.Surface,
    box: pygame.Rect,
    th: Theme,
    u: float,
    sizes: tuple[int, int, int],
    label: str | None,
    sentence: str,
    details: list[str],
) -> None:
    """The box under the table: ``label``'s mark, then ``sentence`` in bold in up to
    ``sizes``' ``(body, small, sentence_lines)`` lines, then as many of ``details`` as fit."""
    body, small, sentence_lines = sizes
    surfaces.draw_panel(surface, box, (*th.panel[:3], 225), th.panel_edge, max(6, round(10 * u)), 1)
    pad = max(4, round(6 * u))
    mark = max(14, min(round(26 * u), typeset.text_height(body)))
    x = box.x + pad
    if label is not None:
        draw_mark(surface, label, (x + mark // 2, box.y + pad + mark // 2 + 1), mark, th)
        x += mark + pad
    room = box.right - pad - x
    y = box.y + pad
    bottom = box.bottom - pad
    # the sentence first, in the lines it needs (down to a readable size); the rest below
    size, lines = fit_lines(sentence, body, room, sentence_lines, True)
    for line in lines:
        r = typeset.blit_text(surface, line, size, th.text, bold=True, topleft=(x, y))
        y = r.bottom
    for chosen in ([" ".join(details)], details[:1], details[1:2]):
        detail = chosen[0] if chosen else ""
        if not detail:
            continue
        most = max(0, (bottom - y) // typeset.text_height(small))
        if most == 0:
            break
        size, lines = fit_lines(detail, small, room, most, False)
        if len(lines) <= most and size >= SMALLEST:
            for line in lines:
                r = typeset.blit_text(surface, line, size, th.text_dim, topleft=(x, y))
                y = r.bottom
            break


def fit_lines(message: str, size: int, room: int, most: int, bold: bool) -> tuple[int, list[str]]:
    """The largest size <= ``size`` (down to 11 px) at which ``message`` wraps into ``most``
    lines of ``room``; at 11 px, however many lines it takes."""
    for tried in range(size, SMALLEST, -1):
        if not _over(message, tried, room, most, bold):
            return tried, typeset.wrap(message, tried, room, bold=bold)
    return SMALLEST, typeset.wrap(message, SMALLEST, room, bold=bold)


def _over(message: str, size: int, room: int, most: int, bold: bool) -> bool:
    """Does ``message`` at ``size`` take more than ``most`` lines of ``room``?"""
    message = drawable(message)
    font = typeset.font_for(message, size, bold)
    return len(i18n.wrap_text(message, room, lambda piece: int(font.size(piece)[0]))) > most
