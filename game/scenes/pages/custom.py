"""A custom table: how many players, how many of them people, rules, opponents, each option.

With more than one person the match is pass and play: the people share this device, each with
their own seat (seats 1 to N), and the computer fills the other seats.

Every change is checked by the rules (``Rules.deal_for``): a table that cannot be dealt says
why, in the rules' words, and cannot be started.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from typing_extensions import override

from game import i18n
from game.i18n import N_, _, ngettext, pgettext
from game.match.session import MatchConfig, default_opponent, kind_label, opponent_kinds
from game.rules import Rules, RulesError
from game.rules.tiles import SUPPORTED_SETS
from game.scenes import flow
from game.scenes.flow import ask_first, start_match
from game.scenes.kit.options import Option, OptionsScene
from game.store.values import MatchMode

ROUNDS: list[int | None] = [None, 1, 3, 5, 7]
# the hand sizes offered besides "by players" (the rules' table for the player count)
HAND_SIZES = (*range(5, 17), 18, 20)
MAX_PEOPLE = 4  # pass and play around one device


if TYPE_CHECKING:
    from game.app import App


def yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")


class CustomTableScene(OptionsScene):
    title = N_("Custom table")
    message_lines = 2  # the deal (or why not) in up to two lines

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = self.app.settings
        self.players = s.players
        self.humans = 1
        self.opponent = s.opponent or default_opponent()
        self.rules = Rules.preset_named(s.preset)

        def rule(name: str) -> tuple[Callable[[], Any], Callable[[Any], None]]:
            def get() -> Any:
                return getattr(self.rules, name)

            def put(value: Any) -> None:
                self.rules = self.rules.with_options(**{name: value})

            return get, put

        def set_preset(name: Any) -> None:
            self.rules = Rules.preset_named(str(name))

        def set_players(n: Any) -> None:
            self.players = int(n)
            self.humans = min(self.humans, self.players)

        def set_humans(n: Any) -> None:
            self.humans = int(n)
            self.players = max(self.players, self.humans)

        def show_players(v: Any) -> str:
            computers = v - self.humans
            if self.humans == 1:
                # Translators: the number of players and, in brackets, how many are the computer
                return _("{n} (you and {others})").format(n=v, others=computers)
            # Translators: {people} is "2 people" and the like, {computers} "1 computer"
            return _("{n} ({people}, {computers})").format(
                n=v,
                people=ngettext("{n} person", "{n} people", self.humans).format(n=self.humans),
                computers=ngettext("{n} computer", "{n} computers", computers).format(n=computers),
            )

        def set_opponent(kind: Any) -> None:
            self.opponent = str(kind)

        self.options = [
            Option(
                N_("Players"),
                list(range(2, 15)),
                lambda: self.players,
                set_players,
                show_players,
            ),
            Option(
                N_("People at this device"),
                list(range(1, MAX_PEOPLE + 1)),
                lambda: self.humans,
                set_humans,
                # Translators: {n} people share one device, handing it round
                lambda v: _("Just you") if v == 1 else _("{n}, pass and play").format(n=v),
            ),
            Option(
                N_("Rules"),
                ["standard", "station"],
                lambda: self.rules.preset,
                set_preset,
                lambda v: (
                    pgettext("preset", "Standard")
                    if v == "standard"
                    else pgettext("preset", "Station")
                ),
            ),
            Option(
                N_("Opponents"), opponent_kinds(), lambda: self.opponent, set_opponent, kind_label
            ),
            Option(
                N_("Set"),
                [None, *SUPPORTED_SETS],
                *rule("set_size"),
                # Translators: the custom table's set: as the rules' table for the player count
                lambda v: _("By players") if v is None else _("Double-{n} set").format(n=v),
            ),
            Option(
                N_("Tiles each"),
                [None, *HAND_SIZES],
                *rule("hand_size"),
                lambda v: _("By players") if v is None else str(v),
            ),
            Option(
                N_("Rounds"),
                ROUNDS,
                *rule("rounds"),
                lambda v: _("Full match") if v is None else str(v),
            ),
            Option(
                N_("Scoring"),
                ["penalty", "positive"],
                *rule("scoring"),
                lambda v: _("Lowest wins") if v == "penalty" else _("Highest wins"),
            ),
            Option(
                N_("First turn: lay a line"),
                [True, False],
                *rule("first_turn_chain"),
                yes_no,
            ),
            Option(
                N_("First turn: draw if stuck"),
                [True, False],
                *rule("first_turn_draw"),
                yes_no,
            ),
            Option(
                N_("Open doubles at once"),
                [None, 1, 2],
                *rule("max_open_doubles"),
                lambda v: _("No limit") if v is None else str(v),
            ),
            Option(
                N_("Double blank counts"),
                [0, 25, 50],
                *rule("double_blank_points"),
                lambda v: ngettext("{n} point", "{n} points", v).format(n=v),
            ),
        ]

    @override
    def footer(self) -> list[tuple[str, Callable[[], None], bool]]:
        return [
            (_("Back"), self.back, False),
            (_("Rules"), self.show_rules, False),
            (_("Start"), self.start, True),
        ]

    def check(self) -> str | None:
        """Why this table cannot be dealt, in the player's language; None if it can."""
        try:
            self.rules.deal_for(self.players)
        except RulesError as error:
            problem = i18n.deal_problem(self.rules, self.players, error)
            return problem[:1].upper() + problem[1:]
        return None

    @override
    def message(self) -> tuple[str, bool]:
        problem = self.check()
        if problem is not None:
            return problem, True
        deal = self.rules.deal_for(self.players)
        engine = f"{deal.set_size}|{deal.set_size}"
        # Translators: the line under the custom table's options, e.g.
        # "Double-12 set · 15 tiles each · 13 rounds · engine 12|12 first"
        return (
            _("{set} · {hand} · {rounds} · {engine}").format(
                # Translators: {n} is the highest number on the set's tiles: 6, 9, 12, 15 or 18
                set=_("Double-{n} set").format(n=deal.set_size),
                hand=ngettext("{n} tile each", "{n} tiles each", deal.hand_size).format(
                    n=deal.hand_size
                ),
                rounds=ngettext("{n} round", "{n} rounds", deal.rounds).format(n=deal.rounds),
                # Translators: {tile} is the first round's engine, such as 12|12
                engine=_("engine {tile} first").format(tile=engine),
            ),
            False,
        )

    @override
    def changed(self) -> None:
        self.buttons[-1].enabled = self.check() is None

    def show_rules(self) -> None:
        self.app.push(flow.rules(self.app, self.rules, self.players))

    def start(self) -> None:
        if self.check() is not None:
            return
        ask_first(self.app, self._begin)

    def _begin(self) -> None:
        """Start the table chosen here (once asked, when a saved match would be replaced)."""
        s = self.app.settings
        s.players = self.players
        s.preset = self.rules.preset
        s.opponent = self.opponent
        self.app.save_settings()  # quick play offers this table from now on, next start too
        self.app.pop()
        config = MatchConfig(
            self.players, self.rules, self.opponent, humans=self.humans, mode=MatchMode.CUSTOM
        )
        start_match(self.app, config, ask=False)
