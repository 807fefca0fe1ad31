"""What leagues read of Battle for Athena (`GAME.league`, engine/plugins.py): a league may
keep to one scenario (`athenes`, `initiation`, `expert`: seed 004 §V.B, §V.A, §IX); games
are always one against one."""

from __future__ import annotations

from typing import Any

from engine.athena.state import Options, State
from engine.i18n import T
from engine.plugins import LeagueFacts

SCENARIOS = ("athenes", "initiation", "expert")


def variant_of(options: dict[str, Any], details: dict[str, Any]) -> str:
    return str(
        options.get("scenario") or details.get("scenario") or Options.model_fields["scenario"].default or ""
    )


def details(state: State) -> dict[str, Any]:
    found: dict[str, Any] = {"scenario": state.options.scenario, "turns": len(state.rounds)}
    if state.first_attacker:
        found["first"] = state.first_attacker
    return found


LEAGUE = LeagueFacts(
    variants={s: T(f"league.variant.athena.{s}") for s in SCENARIOS},
    variant_of=variant_of,
    side_size=lambda variant: 1,
    details=details,
)
