"""The `GAME` object: Battlelore Mythologie behind the protocol every game implements."""

from __future__ import annotations

from typing import Any

from engine.ai.honest import honest_players
from engine.ai.search import strong_level
from engine.battlelore import labels, rules, setup, windows
from engine.battlelore.ai import AI
from engine.battlelore.commands import COMMAND
from engine.battlelore.context import role_name
from engine.battlelore.notation import NOTATION
from engine.battlelore.players import PLAYERS
from engine.battlelore.state import Options, State
from engine.battlelore.view import BattleloreView, build_view
from engine.i18n import T, Text
from engine.protocol import Outcome, Result, Role, Window
from engine.schema import load_saved

ROLES = ["p1", "p2"]
UPGRADES: dict[int, Any] = {}  # schema_version -> function upgrading a saved state dict by one version


class Battlelore:
    id = "battlelore"
    names = {"en": "Battlelore Mythologie", "fr": "Battlelore Mythologie"}
    min_players = 2
    max_players = 2
    Options = Options
    notation = NOTATION
    ai = AI  # what its AI seats need (engine/ai)
    # each level decides on a determinization; `strong` searches (engine/ai/search.py)
    players = honest_players(PLAYERS | {"strong": strong_level(lambda: GAME)}, lambda: GAME)
    rules = [T(f"bl.rules.{i}") for i in range(1, 7)]

    def roles(self, options: Options) -> list[Role]:
        return list(ROLES)

    def setup(self, options: Options, roles: list[Role], seed: int) -> State:
        return setup.new_game(options, roles, seed)

    def active(self, state: State) -> frozenset[Role]:
        return rules.active(state)

    def legal(self, state: State, role: Role) -> list:
        return rules.legal(state, role)

    def apply(self, state: State, role: Role, command: Any) -> Outcome:
        return rules.apply(state, role, command)

    def view(self, state: State, role: Role | None) -> BattleloreView:
        return build_view(state, role)

    def result(self, state: State) -> Result | None:
        if state.winners is None:
            return None
        details = {
            "turns": state.turn.number if state.turn else 0,
            "first": state.first,
            "peoples": {r: state.sides[r].people for r in state.roles},
            "factions": {r: state.sides[r].people for r in state.roles},  # leagues' name for them
            "vp": {r: state.sides[r].vp for r in state.roles},
            "scenario": state.scenario,
            "reason": state.reason,
        }
        if not state.winners:
            key = "bl.result.draw" if state.reason == "draw" else "bl.result.draw_turns"
            return Result(winners=[], scores={r: 0.5 for r in state.roles}, reason=T(key), details=details)
        w = state.winners[0]
        return Result(
            winners=[w],
            scores={r: 1.0 if r == w else 0.0 for r in state.roles},
            reason=T(f"bl.result.{state.reason}", winner=role_name(w), loser=role_name(state.other(w))),
            details=details,
        )

    def load_state(self, data: dict[str, Any]) -> State:
        """Upgraded step by step; a state from a newer version is refused (engine/schema.py)."""
        return load_saved(State, data, UPGRADES)

    def load_command(self, data: dict[str, Any]):
        return COMMAND.validate_python(data)

    def window(self, state: State, role: Role) -> Window | None:
        return windows.window(state, role)

    def label(self, state: State, role: Role, command: Any) -> Text | None:
        return labels.label(state, role, command)

    def summary(self, view: BattleloreView) -> list[Text]:
        """The position in words for `/game status` (public facts only)."""
        lines = [T("bl.sc.unchosen" if view.step == "map" else f"bl.sc.{view.scenario}")]
        if view.active:
            lines.append(
                T("bl.sum.turn", n=view.turn, role=role_name(view.active), step=T(f"bl.step.{view.step}"))
            )
        for r, side in view.sides.items():
            units = sum(1 for u in view.units if u.owner == r and u.hex)
            lines.append(
                T(
                    "bl.sum.side",
                    role=role_name(r),
                    vp=side.vp,
                    target=view.target,
                    units=units,
                    cards=side.hand_count,
                )
            )
        return lines


GAME = Battlelore()
