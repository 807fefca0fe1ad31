"""What leagues read of Mythic Battles (`GAME.league`, engine/plugins.py): `duel` (one
against one) or `teams` (four players in two teams of two: 001 §"Variant: 4-Player
Battle"); results tell factions, who played first and the teams."""

from __future__ import annotations

from typing import Any

from engine.i18n import T
from engine.mythic.state import State
from engine.plugins import LeagueFacts

VARIANTS = ("duel", "teams")


def _truthy(value: object) -> bool:
    return value is True or str(value).strip().lower() in ("true", "1", "yes", "on", "t", "y")


def variant_of(options: dict[str, Any], details: dict[str, Any]) -> str:
    given = details.get("variant")
    if given in VARIANTS:
        return str(given)
    return "teams" if _truthy(options.get("teams")) else "duel"


def details(state: State) -> dict[str, Any]:
    from engine.mythic.game import result_details

    found = result_details(state)
    found["factions"] = {r: f for r, f in found.get("factions", {}).items() if f}
    return {k: v for k, v in found.items() if v is not None}


LEAGUE = LeagueFacts(
    variants={v: T(f"league.variant.mythic.{v}") for v in VARIANTS},
    variant_of=variant_of,
    side_size=lambda variant: {"duel": 1, "teams": 2}.get(variant),
    details=details,
)
