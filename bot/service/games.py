"""Which games the service can host, and turning user option text into a game's Options."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.service.api import UserError
from engine import game_ids, get_game
from engine.protocol import Game

MAX_SEED = (1 << 63) - 1  # SQLite integers are signed 64-bit


class GameCatalog:
    """The installed games (engine/registry.py), or an explicit mapping (tests, toy games)."""

    def __init__(self, games: Mapping[str, Game] | None = None) -> None:
        self._explicit = dict(games) if games is not None else None

    def ids(self) -> list[str]:
        return sorted(self._explicit) if self._explicit is not None else game_ids()

    def get(self, game_id: str) -> Game:
        game_id = (game_id or "").strip().lower()
        try:
            if self._explicit is not None:
                return self._explicit[game_id]
            return get_game(game_id)
        except KeyError:
            raise UserError("bot.err.unknown_game", game=game_id, known=self.ids() or "-") from None


def parse_seed(raw: Any) -> int:
    try:
        seed = int(str(raw).strip())
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        raise UserError("bot.err.bad_seed", value=raw, max=MAX_SEED)
    return seed


def parse_options(game: Game, raw: Mapping[str, Any]) -> tuple[BaseModel, int | None]:
    """Validate user options; returns the Options model and an explicit seed if one was given."""
    raw = {str(k).strip().lower(): v for k, v in raw.items() if v is not None}
    seed = parse_seed(raw.pop("seed")) if "seed" in raw else None
    known = list(game.Options.model_fields)
    for key in raw:
        if key not in known:
            raise UserError("bot.err.unknown_option", option=key, known=known or "-")
    try:
        return game.Options.model_validate(raw), seed
    except ValidationError as exc:
        raise _option_error(exc) from None


def _option_error(exc: ValidationError) -> UserError:
    """The first problem, specific enough to fix: the allowed choices or bound when known."""
    error = exc.errors()[0]
    option = ".".join(str(p) for p in error.get("loc", ())) or "?"
    value, ctx = error.get("input"), error.get("ctx") or {}
    if "expected" in ctx:
        choices = re.findall(r"'([^']*)'", str(ctx["expected"])) or [str(ctx["expected"])]
        return UserError("bot.err.option_choices", option=option, value=value, choices=choices)
    for bound, symbol in (("ge", "≥"), ("gt", ">"), ("le", "≤"), ("lt", "<")):
        if bound in ctx:
            return UserError(
                "bot.err.option_bound", option=option, value=value, bound=f"{symbol} {ctx[bound]}"
            )
    return UserError("bot.err.bad_option", option=option, value=value)
