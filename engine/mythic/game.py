"""The `GAME` object: Mythic Battles behind the protocol every game implements."""

from __future__ import annotations

from typing import Any

from engine.i18n import T
from engine.mythic import rules, setup
from engine.mythic.commands import COMMAND
from engine.mythic.context import role_name
from engine.mythic.notation import NOTATION
from engine.mythic.players import PLAYERS
from engine.mythic.state import Options, State
from engine.mythic.view import MythicView, build_view
from engine.protocol import Outcome, Result, Role

ROLES = ["p1", "p2"]
UPGRADES: dict[int, Any] = {}  # schema_version -> function upgrading a saved state dict by one version


class MythicBattles:
    id = "mythic"
    names = {"en": "Mythic Battles", "fr": "Mythic Battles"}
    min_players = 2
    max_players = 2
    Options = Options
    notation = NOTATION
    players = PLAYERS

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

    def view(self, state: State, role: Role | None) -> MythicView:
        return build_view(state, role)

    def result(self, state: State) -> Result | None:
        if state.winners is None:
            return None
        if not state.winners:
            return Result(winners=[], scores={r: 0.5 for r in state.roles}, reason=T("mythic.result.draw"))
        loser = next(r for r in state.roles if r not in state.winners)
        return Result(
            winners=list(state.winners),
            scores={r: 1.0 if r in state.winners else 0.0 for r in state.roles},
            reason=T("mythic.result.routed", winner=role_name(state.winners[0]), loser=role_name(loser)),
            details={"turns": state.turn.number if state.turn else 0, "units_left": {r: len(state.alive(r)) for r in state.roles}},
        )

    def load_state(self, data: dict[str, Any]) -> State:
        data = dict(data)
        version = data.get("schema_version", 1)
        while version < State.SCHEMA_VERSION:
            data = UPGRADES[version](data)
            version = data["schema_version"]
        return State.model_validate(data)

    def load_command(self, data: dict[str, Any]):
        return COMMAND.validate_python(data)


GAME = MythicBattles()
