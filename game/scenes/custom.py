"""A custom table: how many players, how many of them people, rules, opponents, each option.

With more than one person the match is pass and play: the people share this device, each with
their own seat (seats 1 to N), and the computer fills the other seats.

Every change is checked by the rules (``Rules.deal_for``): a table that cannot be dealt says
why, in the rules' words, and cannot be started.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules import Rules, RulesError
from game.scenes.menu import start_match
from game.scenes.options import Option, OptionsScene
from game.scenes.session import MatchConfig, default_opponent, kind_label, opponent_kinds

ROUNDS: list[int | None] = [None, 1, 3, 5, 7]
MAX_PEOPLE = 4  # pass and play around one device


if TYPE_CHECKING:
    from game.app import App


class CustomTableScene(OptionsScene):
    title = "Custom table"

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
                return f"{v} (you and {computers})"
            plural = "s" if computers != 1 else ""
            return f"{v} ({self.humans} people, {computers} computer{plural})"

        def set_opponent(kind: Any) -> None:
            self.opponent = str(kind)

        self.options = [
            Option(
                "Players",
                list(range(2, 15)),
                lambda: self.players,
                set_players,
                show_players,
            ),
            Option(
                "People at this device",
                list(range(1, MAX_PEOPLE + 1)),
                lambda: self.humans,
                set_humans,
                lambda v: "Just you" if v == 1 else f"{v}, pass and play",
            ),
            Option(
                "Rules",
                ["standard", "station"],
                lambda: self.rules.preset,
                set_preset,
                lambda v: "Standard" if v == "standard" else "Station",
            ),
            Option("Opponents", opponent_kinds(), lambda: self.opponent, set_opponent, kind_label),
            Option(
                "Rounds", ROUNDS, *rule("rounds"), lambda v: "Full match" if v is None else str(v)
            ),
            Option(
                "Scoring",
                ["penalty", "positive"],
                *rule("scoring"),
                lambda v: "Lowest wins" if v == "penalty" else "Highest wins",
            ),
            Option(
                "First turn: lay a line",
                [True, False],
                *rule("first_turn_chain"),
                lambda v: "Yes" if v else "No",
            ),
            Option(
                "First turn: draw if stuck",
                [True, False],
                *rule("first_turn_draw"),
                lambda v: "Yes" if v else "No",
            ),
            Option(
                "Open doubles at once",
                [None, 1, 2],
                *rule("max_open_doubles"),
                lambda v: "No limit" if v is None else str(v),
            ),
            Option(
                "Double blank counts",
                [0, 25, 50],
                *rule("double_blank_points"),
                lambda v: f"{v} points",
            ),
        ]

    def footer(self) -> list[tuple[str, Callable[[], None], bool]]:
        return [
            ("Back", self.back, False),
            ("Rules", self.show_rules, False),
            ("Start", self.start, True),
        ]

    def check(self) -> str | None:
        try:
            self.rules.deal_for(self.players)
        except RulesError as error:
            return str(error)
        return None

    def message(self) -> tuple[str, bool]:
        problem = self.check()
        if problem is not None:
            return problem[0].upper() + problem[1:], True
        deal = self.rules.deal_for(self.players)
        return (
            f"Double-{deal.set_size} set · {deal.hand_size} tiles each · {deal.rounds} rounds "
            f"· engine {deal.set_size}|{deal.set_size} first",
            False,
        )

    def changed(self) -> None:
        self.buttons[-1].enabled = self.check() is None

    def show_rules(self) -> None:
        from game.scenes.rules_page import RulesScene

        self.app.push(RulesScene(self.app, self.rules, self.players))

    def start(self) -> None:
        if self.check() is not None:
            return
        s = self.app.settings
        s.players = self.players
        s.preset = self.rules.preset
        s.opponent = self.opponent
        self.app.save_settings()  # quick play offers this table from now on, next start too
        self.app.pop()
        start_match(
            self.app, MatchConfig(self.players, self.rules, self.opponent, humans=self.humans)
        )
