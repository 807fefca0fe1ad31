"""What the server's hall of fame and leagues read of a finished campaign (engine/plugins.py
`LeagueFacts`): a solo run is grouped by difficulty (seed 003 l.509-517); its details are the
hero, the difficulty, the Act reached, the weeks marked and how it ended."""

from __future__ import annotations

from typing import Any

from engine.hoplomachus.content import content
from engine.i18n import T
from engine.plugins import LeagueFacts


def details(state: Any) -> dict[str, Any]:
    """The same fields as `GAME.result(...).details`, also for a campaign ended outside the
    rules (abandoned, timed out): then `why` is "abandoned"."""
    ended = state.ended or {}
    return {
        "hero": state.hero,
        "difficulty": state.difficulty,
        "act": ended.get("act", state.act),
        "weeks": state.weeks,
        "why": ended.get("why", "abandoned"),
        "outcome": state.outcome or "abandoned",
    }


def variant_of(options: dict[str, Any], details: dict[str, Any]) -> str:
    return str(details.get("difficulty") or options.get("difficulty") or "valiant")


LEAGUE = LeagueFacts(
    variants={d: T(f"hop.difficulty.{d}") for d in content().difficulties},
    variant_of=variant_of,
    side_size=lambda variant: 1,
    details=details,
)
