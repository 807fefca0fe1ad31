"""What leagues need to know about each game: its variants, how many players a side has, and
what a finished game tells about itself when it did not end by the rules.

A league plays one game and, optionally, one variant of it:
- Battle for Athena: the scenario (`athenes`, `initiation`, `expert`: 004 §V.B, §V.A, §IX);
  always one against one.
- Mythic Battles: `duel` (one against one) or `teams` (four players in two teams of two:
  001 §"Variant: 4-Player Battle").

A game ended by resignation or by the move clock carries a `Result` built by the table
service, without the engine's details (teams, factions, who played first): `state_details`
reads them from the game's last state, so such games still count as two teams and still
feed the statistics.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from engine import GAME_IDS, get_game

log = logging.getLogger("agora.leagues")

VARIANTS: dict[str, tuple[str, ...]] = {
    "athena": ("athenes", "initiation", "expert"),
    "mythic": ("duel", "teams"),
}


def _truthy(value: object) -> bool:
    return value is True or str(value).strip().lower() in ("true", "1", "yes", "on", "t", "y")


def _default(game_id: str, field: str) -> Any:
    try:
        info = get_game(game_id).Options.model_fields.get(field)
    except (KeyError, ModuleNotFoundError):
        return None
    return None if info is None else info.default


def variant_of(game_id: str, options: dict[str, Any] | None, details: dict[str, Any] | None = None) -> str:
    """The variant a game was played with, in the terms of `VARIANTS`."""
    options, details = options or {}, details or {}
    if game_id == "mythic":
        given = details.get("variant")
        if given in VARIANTS["mythic"]:
            return str(given)
        return "teams" if _truthy(options.get("teams")) else "duel"
    if game_id == "athena":
        return str(options.get("scenario") or details.get("scenario") or _default("athena", "scenario") or "")
    return str(options.get("variant", ""))


def variant_matches(league_variant: str, game_variant: str) -> bool:
    return not league_variant or league_variant == game_variant


def variants_overlap(a: str, b: str) -> bool:
    """Two leagues of one game in one channel could both claim a game."""
    return not a or not b or a == b


def side_size(game_id: str, variant: str) -> int | None:
    """Players on each side of a reported game of this league (None: one or two)."""
    if game_id in GAME_IDS and get_game(game_id).max_players < 4:
        return 1
    if game_id == "mythic":
        return {"duel": 1, "teams": 2}.get(variant)
    return None


def state_details(game_id: str, state_json: str | None) -> dict[str, Any]:
    """The engine's own result details, computed from a game's last state (empty when it
    cannot be read: the result's own details then stand alone)."""
    if not state_json:
        return {}
    try:
        state = get_game(game_id).load_state(json.loads(state_json))
        if game_id == "mythic":
            from engine.mythic.game import result_details

            details = result_details(state)
            details["factions"] = {r: f for r, f in details.get("factions", {}).items() if f}
            return {k: v for k, v in details.items() if v is not None}
        if game_id == "athena":
            details = {"scenario": state.options.scenario, "turns": len(state.rounds)}
            if state.first_attacker:
                details["first"] = state.first_attacker
            return details
    except Exception:  # an unreadable state only costs the statistics their details
        log.exception("leagues: cannot read the last state of a %s game", game_id)
    return {}
