"""A server's hall of fame for Hoplomachus Victorum (`GAME.hall`, engine/plugins.py
`HallFacts`): campaigns grouped by difficulty, hardest first (seed 003 l.509-517: Chosen,
Valiant, Fearless); within one, a victory first, then the furthest Act reached, then the
fewest weeks marked."""

from __future__ import annotations

from typing import Any

from engine.i18n import T, Text, has_key
from engine.plugins import HallFacts

ORDER = ("fearless", "valiant", "chosen")


def best(details: dict[str, Any], won: bool) -> tuple[Any, ...]:
    return (won, int(details.get("act") or 0), -int(details.get("weeks") or 0))


def words(key: str, value: Any) -> Text | Any:
    """The hero's name for its id, how the run ended in words; numbers as they are."""
    prefix = {"hero": "hop.unit", "why": "hop.why", "difficulty": "hop.difficulty"}.get(key)
    if prefix and has_key(f"{prefix}.{value}"):
        return T(f"{prefix}.{value}")
    return value


HALL = HallFacts(
    columns=(
        ("hero", T("hopbot.hall.hero")),
        ("act", T("hopbot.hall.act")),
        ("weeks", T("hopbot.hall.weeks")),
        ("why", T("hop.hall.why")),  # "ended: your hero fell" (a label before a clause)
    ),
    best=best,
    group_by="difficulty",
    groups={d: T(f"hopbot.hall.difficulty.{d}") for d in ORDER},
    words=words,
)
