"""What leagues need to know about each game, read from the game's own declaration
(`GAME.league`, engine/plugins.py `LeagueFacts`): its variants, how many players a side
has, and what a finished game tells about itself when it did not end by the rules.

A game ended by resignation or by the move clock carries a `Result` built by the table
service, without the engine's details (teams, factions, who played first): `state_details`
reads them from the game's last state, so such games still count as two teams and still
feed the statistics. A game that declares nothing has no variants and sides of one.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from engine import game_ids, get_game
from engine.i18n import T, Text
from engine.plugins import LeagueFacts

log = logging.getLogger("agora.leagues")


def _game(game_id: str) -> Any:
    try:
        return get_game(game_id)
    except KeyError:
        return None


def facts(game_id: str) -> LeagueFacts | None:
    return getattr(_game(game_id), "league", None)


def known_games() -> list[str]:
    return game_ids()


def solo(game_id: str) -> bool:
    """A game for one player (a campaign against the rules): its runs go to the hall of
    fame, not to a league's ratings."""
    game = _game(game_id)
    return game is not None and getattr(game, "max_players", 2) == 1


def game_name(game_id: str) -> Text | str:
    """A game's name in the reader's language (its id when it is not installed)."""
    game = _game(game_id)
    if game is None:
        return game_id
    names = game.names
    return T("core.named", en=names.get("en", game_id), fr=names.get("fr") or names.get("en", game_id))


def variants(game_id: str) -> dict[str, Text]:
    """Variant -> label, for the variants a league of this game may pick."""
    found = facts(game_id)
    return dict(found.variants) if found else {}


def variant_of(game_id: str, options: dict[str, Any] | None, details: dict[str, Any] | None = None) -> str:
    """The variant a game was played with, in the terms of `variants`."""
    options, details = options or {}, details or {}
    found = facts(game_id)
    if found is None:
        return str(options.get("variant", ""))
    return found.variant_of(options, details)


def variant_matches(league_variant: str, game_variant: str) -> bool:
    return not league_variant or league_variant == game_variant


def variants_overlap(a: str, b: str) -> bool:
    """Two leagues of one game in one channel could both claim a game."""
    return not a or not b or a == b


def side_size(game_id: str, variant: str) -> int | None:
    """Players on each side of a reported game of this league (None: one or two)."""
    found, game = facts(game_id), _game(game_id)
    if found is not None:
        return found.side_size(variant)
    return 1 if game is not None and game.max_players < 4 else None


def state_details(game_id: str, state_json: str | None) -> dict[str, Any]:
    """The engine's own result details, computed from a game's last state (empty when it
    cannot be read: the result's own details then stand alone)."""
    found = facts(game_id)
    if not state_json or found is None:
        return {}
    try:
        return found.details(get_game(game_id).load_state(json.loads(state_json)))
    except Exception:  # an unreadable state only costs the statistics their details
        log.exception("leagues: cannot read the last state of a %s game", game_id)
    return {}
