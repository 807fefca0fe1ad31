"""AI seats: a fresh player per decision, seeded from the game's seed and the move number,
so a game with AI seats replays identically even across restarts. A level that searches
(its player has a `budget`) thinks in a worker process (bot/service/thinking.py)."""

from __future__ import annotations

import logging
from typing import Any

from engine.i18n import T, Text
from engine.protocol import Game, Role

log = logging.getLogger("agora.service")

_MASK = (1 << 63) - 1


def ai_seed(game_seed: int, seq: int, role: Role) -> int:
    mixed = (game_seed * 0x9E3779B97F4A7C15 + seq * 0xBF58476D1CE4E5B9 + sum(map(ord, role))) & _MASK
    return mixed ^ (mixed >> 29)


# What a search's value (-1..1, its own seat's outlook) reads as: the first bound it reaches
OUTLOOKS = ((0.5, "winning"), (0.15, "ahead"), (-0.15, "even"), (-0.5, "behind"), (-1.0, "losing"))


def expectation(name: str, value: float) -> Text:
    """The line the channel reads after a searching AI seat's move: what it expected, in
    words and as its number ("Bot strong expects to be ahead (+0.34)"). One number about
    the AI's own estimate: it tells nothing its seat saw that the others did not."""
    value = max(-1.0, min(1.0, value))
    outlook = next(word for bound, word in OUTLOOKS if value >= bound)
    hundredths = round(abs(value) * 100)
    sign = "" if hundredths == 0 else "+" if value > 0 else "\u2212"  # a minus sign, not a hyphen
    number = T("bot.ai.number", sign=sign, whole=hundredths // 100, cents=f"{hundredths % 100:02d}")
    return T(f"bot.ai.expects.{outlook}", name=name, value=number)


def ai_choose(game: Game, level: str, game_seed: int, seq: int, state: Any, role: Role) -> Any:
    player = game.players[level](ai_seed(game_seed, seq, role))
    return player.choose(state, role)


async def ai_decide(
    game: Game, level: str, game_seed: int, seq: int, state: Any, role: Role
) -> tuple[Any, float | None]:
    """The seat's command, and what a search expected of it (-1..1, None otherwise). A
    search thinks in a worker process; if that fails, the quick heuristic level answers."""
    seed = ai_seed(game_seed, seq, role)
    player = game.players[level](seed)
    if getattr(player, "budget", None) is None:
        return player.choose(state, role), None
    from bot.service.thinking import thinkers

    try:
        data, expected = await thinkers().think(game.id, level, seed, state.model_dump_json(), role)
        return game.load_command(data), expected
    except Exception as exc:
        log.warning(
            "AI seat %s (%s) of %s: the search failed (%s); the heuristic answers", role, level, game.id, exc
        )
        quick = "heuristic" if "heuristic" in game.players else sorted(game.players)[0]
        return game.players[quick](seed).choose(state, role), None
