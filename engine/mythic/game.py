"""The `GAME` object: Mythic Battles behind the protocol every game implements."""

from __future__ import annotations

from typing import Any

from engine.ai.honest import honest_players
from engine.ai.search import strong_level
from engine.i18n import T, Text
from engine.mythic import rules, setup, windows
from engine.mythic import summary as words
from engine.mythic.ai import AI
from engine.mythic.commands import COMMAND
from engine.mythic.context import role_name
from engine.mythic.league import LEAGUE
from engine.mythic.notation import NOTATION
from engine.mythic.players import PLAYERS
from engine.mythic.state import Options, State
from engine.mythic.table.shortcuts import SETUPS, SHORTCUTS
from engine.mythic.view import MythicView, build_view
from engine.protocol import Outcome, Result, Role, Window
from engine.schema import load_saved

ROLES = ["p1", "p2"]
TEAM_ROLES = ["p1", "p2", "p3", "p4"]  # T1P1, T2P1, T1P2, T2P2 (001 §"Variant: 4-Player Battle")
UPGRADES: dict[int, Any] = {}  # schema_version -> function upgrading a saved state dict by one version


class MythicBattles:
    id = "mythic"
    names = {"en": "Mythic Battles", "fr": "Mythic Battles"}
    min_players = 2
    max_players = 4
    Options = Options
    notation = NOTATION
    ai = AI  # what its AI seats need (engine/ai)
    # each level decides on a determinization; `strong` searches (engine/ai/search.py)
    players = honest_players(PLAYERS | {"strong": strong_level(lambda: GAME)}, lambda: GAME)
    orders = windows.ORDERS  # standing orders (engine/mythic/windows.py)
    # what the table offers beyond /play (engine/plugins.py)
    setups = SETUPS  # /army: saved armies
    shortcuts = SHORTCUTS  # /mythic: typed commands
    league = LEAGUE
    rules = [T(f"mythic.howto.{n}") for n in range(1, 8)]  # /game rules: the notation

    def roles(self, options: Options) -> list[Role]:
        return list(TEAM_ROLES if options.teams else ROLES)

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
        details = result_details(state)
        if not state.winners:
            return Result(
                winners=[],
                scores={r: 0.5 for r in state.roles},
                reason=T("mythic.result.draw"),
                details=details,
            )
        losers = [r for r in state.roles if r not in state.winners]
        if len(losers) == 2:  # teams: 001 §"Variant: 4-Player Battle" §"Victory"
            reason = T(
                "mythic.result.team_routed",
                winner=role_name(state.winners[0]),
                other=role_name(state.winners[1]),
                loser=role_name(losers[0]),
                mate=role_name(losers[1]),
            )
        else:
            reason = T("mythic.result.routed", winner=role_name(state.winners[0]), loser=role_name(losers[0]))
        return Result(
            winners=list(state.winners),
            scores={r: 1.0 if r in state.winners else 0.0 for r in state.roles},
            reason=reason,
            details=details,
        )

    def load_state(self, data: dict[str, Any]) -> State:
        return load_saved(State, data, UPGRADES)  # refuses a state saved by a newer version

    def load_command(self, data: dict[str, Any]):
        return COMMAND.validate_python(data)

    # optional members (engine/protocol.py): reaction windows, standing orders, button labels

    def window(self, state: State, role: Role) -> Window | None:
        return windows.window(state, role)

    def standing(self, state: State, role: Role, orders: dict[str, str]) -> Any:
        return windows.standing(state, role, orders)

    def label(self, state: State, role: Role, command: Any) -> Text | None:
        return windows.label(state, role, command)

    def describe(self, view: MythicView) -> list[Text]:
        """`/game hand` in words: own army, units to place, hand and what lies in front."""
        return words.describe(view)

    def summary(self, public_view: MythicView) -> list[Text]:
        """`/game status` in words: the set-up step or the turn, each side, what is awaited."""
        return words.summary(public_view)


def result_details(state: State) -> dict[str, Any]:
    """What leagues and statistics read: who began, factions, teams and the variant."""
    details: dict[str, Any] = {
        "turns": state.turn.number if state.turn else 0,
        "units_left": {r: len(state.alive(r)) for r in state.roles},
        "first": state.first,
        "factions": {r: state.sides[r].faction for r in state.roles},
        "variant": "teams" if state.options.teams else "duel",
        "deckbuilding": state.options.deckbuilding,
    }
    if state.options.teams:
        details["teams"] = {r: state.team(r) for r in state.roles}
    return details


GAME = MythicBattles()
