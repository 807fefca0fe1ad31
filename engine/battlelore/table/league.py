"""What leagues record of a Battlelore Mythologie battle (`GAME.league`, engine/plugins.py):
the variant is the battle (a pitched battle, or the scenario's id), and each result keeps
the scenario, both peoples (as `factions`, which leagues record per seat and count in their
statistics), who played first, the turns and the victory points."""

from __future__ import annotations

from typing import Any

from engine.battlelore.content import content
from engine.i18n import T
from engine.plugins import LeagueFacts

PITCHED = "pitched"


def variant_of(options: dict[str, Any], details: dict[str, Any]) -> str:
    battle = str(details.get("scenario") or options.get("battle") or PITCHED)
    sc = content().scenarios.get(battle)
    return PITCHED if battle == PITCHED or (sc is not None and sc.pitched) else battle


def details(state: Any) -> dict[str, Any]:
    return {
        "scenario": state.scenario,
        "peoples": {r: state.sides[r].people for r in state.roles},
        "factions": {r: state.sides[r].people for r in state.roles if state.sides[r].people},
        "first": state.first,
        "turns": state.turn.number if state.turn else 0,
        "vp": {r: state.sides[r].vp for r in state.roles},
    }


def variants() -> dict[str, Any]:
    out: dict[str, Any] = {PITCHED: T("blt.variant.pitched")}
    out.update({sid: T(f"bl.sc.{sid}") for sid, sc in sorted(content().scenarios.items()) if not sc.pitched})
    return out


LEAGUE = LeagueFacts(variants=variants(), variant_of=variant_of, side_size=lambda variant: 1, details=details)
