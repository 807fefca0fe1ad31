"""Battle for Athena (rulebook: seeds/004), two-player duels of combatant cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from engine.ai.honest import honest_players
from engine.ai.search import strong_level
from engine.athena import orders as table_orders
from engine.athena import rules, scoring, visibility
from engine.athena.ai import AI
from engine.athena.describe import describe, summary
from engine.athena.labels import label as command_label
from engine.athena.league import LEAGUE
from engine.athena.reading import AthenaNotation
from engine.athena.state import COMMAND_ADAPTER, ROLES, Command, Options, State
from engine.athena.view import AthenaView
from engine.i18n import T, Text, register_catalog
from engine.players import RandomPlayer
from engine.protocol import Outcome, Result, Role, Window
from engine.schema import load_saved

register_catalog(Path(__file__).parent / "locales")


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps who attacked in the game's first duel (league statistics). A version 1
    state knows it from the option, or from the round's starter while still in round 1."""
    chosen = data.get("options", {}).get("first_attacker")
    first = (
        chosen
        if chosen in ("p1", "p2")
        else (data.get("round_starter") if data.get("round", 1) == 1 else None)
    )
    return {**data, "schema_version": 2, "first_attacker": first}


UPGRADES = {1: _v1_to_v2}  # schema_version -> the step that upgrades a saved state dict by one version


class AthenaGame:
    id = "athena"
    names = {"en": "Battle for Athena", "fr": "Battle for Athena"}
    min_players = 2
    max_players = 2
    Options = Options
    notation = AthenaNotation()
    league = LEAGUE  # what leagues read (engine/plugins.py)
    rules = [T(f"athena.howto.{n}") for n in range(1, 8)]  # /game rules: the notation
    orders = table_orders.ORDERS  # standing orders (engine/athena/orders.py)

    def __init__(self) -> None:
        from engine.athena.players import HeuristicPlayer

        # every level decides on a determinization of its seat's view (engine/ai/honest.py)
        self.ai = AI
        self.players = honest_players(
            {
                "random": lambda seed: RandomPlayer(self, seed),
                "heuristic": lambda seed: HeuristicPlayer(self, seed),
                "strong": strong_level(lambda: self),  # engine/ai/search.py
            },
            lambda: self,
        )

    def roles(self, options: BaseModel) -> list[Role]:
        return list(ROLES)

    def setup(self, options: BaseModel, roles: list[Role], seed: int) -> State:
        return rules.setup(options, roles, seed)

    def active(self, state: State) -> frozenset[Role]:
        return rules.active(state)

    def legal(self, state: State, role: Role) -> list[Command]:
        return rules.legal(state, role)

    def apply(self, state: State, role: Role, command: Command) -> Outcome:
        return rules.apply(state, role, command)

    def view(self, state: State, role: Role | None) -> AthenaView:
        return visibility.view(state, role)

    def describe(self, view: AthenaView) -> list[Text]:
        """A private view in words (for `/game hand` without images)."""
        return describe(view)

    def summary(self, view: AthenaView) -> list[Text]:
        """The public position in words (for `/game status`)."""
        return summary(view)

    # optional members (engine/protocol.py): forced moves, standing orders, windows, labels
    def forced(self, state: State, role: Role) -> Command | None:
        return table_orders.forced(state, role)

    def standing(self, state: State, role: Role, orders: dict[str, str]) -> Command | None:
        return table_orders.standing(state, role, orders)

    def window(self, state: State, role: Role) -> Window | None:
        return table_orders.window(state, role)

    def decision(self, state: State, role: Role) -> Any:
        return table_orders.decision(state, role)

    def label(self, state: State, role: Role, command: Command) -> Text:
        return command_label(state, role, command)

    def result(self, state: State) -> Result | None:
        return scoring.result(state)

    def load_state(self, data: dict[str, Any]) -> State:
        if data.get("game") != self.id:
            raise ValueError(f"not a Battle for Athena state: game={data.get('game')!r}")
        return load_saved(State, data, UPGRADES)  # refuses a state saved by a newer version

    def load_command(self, data: dict[str, Any]) -> Command:
        return COMMAND_ADAPTER.validate_python(data)


GAME = AthenaGame()

from engine.athena import glossary as _glossary  # noqa: E402  (what things say: engine/glossary.py)

GAME.glossary = _glossary.glossary  # type: ignore[attr-defined]
GAME.explain = _glossary.explain  # type: ignore[attr-defined]
GAME.describe = _glossary.with_power_texts(GAME.describe)  # type: ignore[method-assign]
