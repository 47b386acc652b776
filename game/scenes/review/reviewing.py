"""Reviewing a match: a progress bar while the review runs in its worker, then the review table.

:func:`open_review` is the one way in (the match end's Review button, a row of Recent matches):
a review kept beside the match (same record, seat and guesses) opens at once (one that does
not match its record is set aside and made again); otherwise
:class:`ReviewingScene` starts the worker (:mod:`game.match.review_worker`), shows "12 of 58
decisions" and a bar, and replaces itself by the review table when the review is done (keeping
the review beside the match for next time). Cancel, Esc or the pad's B stops the worker and
goes back where the person came from. A worker that cannot start or dies is said on screen.

In pass and play several people played: :class:`WhoScene` asks whose decisions to review.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from typing_extensions import override

from game.ai.review import DEFAULT_GUESSES
from game.i18n import N_, _, ngettext
from game.input.intents import Act
from game.match.review_worker import ReviewJob
from game.rules.record import Record
from game.scenes import flow
from game.scenes.kit.base import Scene
from game.scenes.kit.buttons import ButtonScene
from game.scenes.kit.question import QuestionScene
from game.view import controls, surfaces, typeset
from game.view.layout import ui_scale
from game.view.panels import button_row, page_header
from game.view.theme import mix

if TYPE_CHECKING:
    from game.app import App
    from game.match.session import Session
    from game.store.recent import RecentMatch

GUESSES = DEFAULT_GUESSES  # guesses per decision (tests lower it to keep their reviews short)
BAR_EASE = 10.0  # how fast the bar glides to the share done (per second)


@dataclass(frozen=True)
class ReviewSource:
    """A finished match to review: its record (and text), the seat, and its title."""

    record: Record
    text: str
    seat: int
    name: str
    kept: RecentMatch | None = None  # in Recent matches: the review is kept beside it


def open_review(app: App, source: ReviewSource) -> Scene:
    """Open the review of ``source``: the review table at once when a review of it is kept,
    else the progress scene. The scene pushed."""
    guesses = GUESSES
    if source.kept is not None and app.store is not None:
        from game.store.recent import RecentMatches

        recent = RecentMatches(app.store)
        cached = recent.cached_review(source.kept, source.text, source.seat, guesses, source.record)
        if cached is not None:
            try:
                scene: Scene | None = flow.review_table(app, source.record, cached, source.name)
            except Exception:  # a kept review that cannot be shown is made again, never a crash
                scene = None
            if scene is not None and not getattr(scene, "problem", ""):
                app.push(scene)
                return scene
            recent.set_review_aside(source.kept)  # it does not match its record: made again
    scene = ReviewingScene(app, source, guesses)
    app.push(scene)
    return scene


class ReviewingScene(ButtonScene):
    def __init__(
        self,
        app: App,
        source: ReviewSource,
        guesses: int = DEFAULT_GUESSES,
        job: ReviewJob | None = None,
    ) -> None:
        """``job``: one already running (the screenshot run's, held at a point); by default
        the worker starts now."""
        super().__init__(app)
        self.source = source
        self.guesses = guesses
        self.shown = 0.0  # the bar's share, gliding toward the worker's
        self.job = job if job is not None else ReviewJob(source.text, source.seat, guesses)
        self.buttons = [controls.Button(_("Cancel"), pygame.Rect(0, 0, 10, 10), self.cancel)]
        self._layout()

    def cancel(self) -> None:
        """Stop the review and go back (the worker ends in :meth:`exit`)."""
        self.app.pop()

    @override
    def exit(self) -> None:
        self.job.cancel()

    @property
    def failed(self) -> bool:
        return self.job.error is not None

    @override
    def _layout(self) -> None:
        width, height = self.size
        u = ui_scale(self.size)
        self.scale = u
        button = self.buttons[0]
        button.label = _("Back") if self.failed else _("Cancel")
        size = (max(140, round(220 * u)), max(32, round(50 * u)))
        button_row([button], (width // 2, height - round(40 * u)), size, 0)

    bindings = {Act.BACK: ("escape", "backspace")}

    @override
    def actions(self) -> dict[Act, Callable[[], None]]:
        return {Act.BACK: self.cancel}

    @override
    def update(self, dt: float) -> None:
        if self.job.poll() and self.job.result is not None:
            self._keep()
            self.app.replace(
                flow.review_table(self.app, self.source.record, self.job.result, self.source.name)
            )
            return
        if self.failed and self.buttons[0].label != _("Back"):
            self._layout()  # Cancel becomes Back
        target = self.share
        self.shown += (target - self.shown) * (1.0 - pow(2.718281828, -BAR_EASE * dt))
        super().update(dt)  # the clock and the buttons

    def _keep(self) -> None:
        kept, store, result = self.source.kept, self.app.store, self.job.result
        if kept is None or store is None or result is None:
            return
        from game.store.recent import RecentMatches

        RecentMatches(store).keep_review(kept, self.source.text, result, self.guesses)

    @property
    def share(self) -> float:
        total = self.job.total
        return self.job.done / total if total else 0.0

    def status(self) -> str:
        """The line over the bar, in the current language."""
        job = self.job
        if job.error is not None and not job.started:  # no worker, or it ended at once
            # Translators: {reason} is a technical detail, in English
            return _("The review could not start ({reason}).").format(reason=job.error)
        if job.error is not None:
            # Translators: {reason} is a technical detail, in English
            return _("The review could not run ({reason}).").format(reason=job.error)
        if job.total is None:
            return _("Getting the review ready...")
        return ngettext(
            "Reviewing your match... {done} of {total} decision",
            "Reviewing your match... {done} of {total} decisions",
            job.total,
        ).format(done=job.done, total=job.total)

    @override
    def draw(self, surface: pygame.Surface) -> None:
        th = self.lay_felt(surface)
        u = self.scale
        width, height = surface.get_size()
        # the match's name under the title, a little larger than on the ladder's pages
        top, size, gap = round(30 * u), max(11, round(20 * u)), max(4, round(8 * u))
        name = self.source.name
        page_header(surface, _("Match review"), name, th, u, top=top, margin=20, size=size, gap=gap)
        pw = min(width - 40, round(760 * u) + 40)
        body = max(12, round(21 * u))
        small = max(10, round(16 * u))
        lines = typeset.wrap(self.status(), body, pw - 2 * round(24 * u))
        about = typeset.wrap(
            _("The strongest opponent weighs each of your decisions from what you could see."),
            small,
            pw - 2 * round(24 * u),
        )
        bar_h = max(12, round(22 * u))
        pad = max(10, round(24 * u))
        line_h = typeset.text_height(body)
        small_h = typeset.text_height(small)
        ph = 2 * pad + len(lines) * line_h + pad + bar_h + pad + len(about) * small_h
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (width // 2, height // 2)
        surfaces.draw_panel(surface, panel, (*th.panel[:3], 230), th.panel_edge, round(14 * u), 1)
        y = panel.top + pad
        colour = th.refusal if self.failed else th.text
        for line in lines:
            typeset.blit_text(surface, line, body, colour, bold=True, midtop=(panel.centerx, y))
            y += line_h
        y += pad
        bar = pygame.Rect(panel.left + pad, y, panel.w - 2 * pad, bar_h)
        pygame.draw.rect(surface, mix(th.panel[:3], (0, 0, 0), 0.35), bar, border_radius=bar_h // 2)
        filled = bar.copy()
        filled.w = round(bar.w * max(0.0, min(1.0, self.shown)))
        if filled.w >= bar_h // 2:
            pygame.draw.rect(surface, th.accent, filled, border_radius=bar_h // 2)
        pygame.draw.rect(surface, th.panel_edge, bar, 1, border_radius=bar_h // 2)
        y = bar.bottom + pad
        for line in about:
            typeset.blit_text(surface, line, small, th.text_dim, midtop=(panel.centerx, y))
            y += small_h
        for button in self.buttons:
            button.draw(surface, th, u)


class WhoScene(QuestionScene):
    """Pass and play: whose decisions to review (each person's, from what they could see)."""

    def __init__(self, app: App, people: list[tuple[int, str]], choose: Callable[[int], None]):
        self.people = people
        self.choose = choose
        super().__init__(app)

    title = N_("Whose match to review?")
    words = N_("Each person's decisions are weighed from what that person could see.")

    @override
    def answers(self) -> list[tuple[str, Callable[[], None]]]:
        return [(name, self._picker(seat)) for seat, name in self.people]

    def _picker(self, seat: int) -> Callable[[], None]:
        def pick() -> None:
            self.app.pop()
            self.choose(seat)

        return pick


# ------------------------------------------------------------------------------ ways in


def review_session(app: App, session: Session) -> None:
    """The match end's Review: the finished match on the table, the person's seat (in pass
    and play, the person chosen)."""
    from game.match.kept import match_entry
    from game.rules.record import RecordError, load_record
    from game.store.recent import RecentMatches, title_for

    text = session.writer.text()
    try:
        record, _state = load_record(text)
    except RecordError as error:  # the game wrote it: never expected, but never a crash
        app.notify(_("The review could not run ({reason}).").format(reason=error.reason))
        return
    kept = RecentMatches(app.store).find(session.match_id) if app.store is not None else None
    if kept is not None:
        name = kept.name()
    else:
        entry = match_entry(session)
        name = title_for(entry["mode"], entry["level"], entry["day"])
    people = [seat for seat, kind in enumerate(session.kinds) if kind is None] or [0]

    def start(seat: int) -> None:
        open_review(app, ReviewSource(record, text, seat, name, kept))

    choose_seat(app, [(seat, session.names[seat]) for seat in people], start)


def review_recent(app: App, item: RecentMatch) -> bool:
    """A row of Recent matches: its record read back and checked; False (the match set
    aside, and a notice shown) when it is broken."""
    if app.store is None:
        return False
    from game.store.recent import RecentMatches

    loaded = RecentMatches(app.store).load_record(item)
    app.take_notices()
    if loaded is None:
        return False
    record, text = loaded
    name = item.name()

    def start(seat: int) -> None:
        open_review(app, ReviewSource(record, text, seat, name, item))

    choose_seat(app, [(seat, item.names[seat]) for seat in item.people], start)
    return True


def choose_seat(app: App, people: list[tuple[int, str]], start: Callable[[int], None]) -> None:
    """One person: their seat at once; several (pass and play): ask whose."""
    if len(people) == 1:
        start(people[0][0])
    else:
        app.push(WhoScene(app, people, start))
