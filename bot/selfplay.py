"""`python -m bot selfplay GAME`: AI-vs-AI games through the real service and a temporary
store (ARCHITECTURE §6). Each game is opened, seated with AI levels and started exactly as a
user would; afterwards the stored log must replay to every stored state. Any exception,
logged service error, unfinished game or replay mismatch is a failure (exit code 1).
"""

from __future__ import annotations

import logging
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import Actor, TableService, Where
from bot.service.history import replay_problems
from bot.store import open_store
from engine.i18n import T, render

HOST = Actor("selfplay-host", "host", manager=True)
PLAYER_MODES = ("random", "heuristic", "mixed")


class _Errors(logging.Handler):
    """Collects the service's logged errors: an AI failure is logged, not raised."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage().splitlines()[0])


@dataclass
class Summary:
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    wins: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return not self.failures


def levels_for(mode: str, roles: list[str], n: int) -> dict[str, str]:
    if mode == "mixed":  # alternate which role gets the stronger player
        return {role: ("heuristic" if (i + n) % 2 == 0 else "random") for i, role in enumerate(roles)}
    return {role: mode for role in roles}


async def _one_game(service: TableService, game: Any, where: Where, seed: int, levels: dict[str, str]) -> Any:
    """Open, seat and start a game the way users do; AI seats then play it to the end."""
    roles = list(levels)
    await service.new_game(where, HOST, game.id, {"seed": seed})
    for role in roles[1:]:
        await service.add_bot(where, HOST, levels[role], role)
    await service.add_bot(where, HOST, levels[roles[0]], roles[0])  # the creator's seat goes to an AI too
    await service.start_game(where, HOST)
    return await service.store.channel_game(where.guild_id, where.channel_id, active_only=False)


async def run_selfplay(
    game_id: str,
    *,
    games: int = 10,
    seed: int = 0,
    players: str = "heuristic",
    catalog: Any = None,
    write: Callable[[str], Any] = print,
    locale: str = "en",
) -> Summary:
    errors = _Errors()
    logging.getLogger("agora").addHandler(errors)
    summary = Summary()
    with tempfile.TemporaryDirectory(prefix="agora-selfplay-") as scratch:
        store = await open_store(Path(scratch) / "selfplay.db", durable=False)
        try:
            service = TableService(store, render_images=False, rng=random.Random(seed), games=catalog)
            game = service.catalog.get(game_id)
            roles = list(game.roles(game.Options()))
            started = time.perf_counter()
            for n in range(games):
                where, game_seed = Where("selfplay", f"table-{n}"), seed + n
                before = len(errors.seen)
                try:
                    record = await _one_game(service, game, where, game_seed, levels_for(players, roles, n))
                    table = await service._game_table(record.id)
                    problems = await replay_problems(store, table)
                except Exception as exc:  # a dev tool: report and go on with the next seed
                    record, problems = None, [f"{type(exc).__name__}: {exc}"]
                problems += errors.seen[before:]
                if record is not None and record.status != "finished":
                    problems.append(f"status {record.status} after {record.seq} moves")
                summary.games += 1
                if problems:
                    summary.failures += [f"seed {game_seed}: {p}" for p in problems]
                    write(
                        render(
                            T(
                                "bot.selfplay.unfinished",
                                n=n + 1,
                                seed=game_seed,
                                problem="; ".join(problems),
                            ),
                            locale,
                        )
                    )
                    continue
                summary.moves += record.seq
                winners = record.result["winners"] if record.result else []
                losers = (record.result or {}).get("losers") or []
                summary.wins.update(winners or (["lost"] if losers else ["draw"]))
                if games <= 50:
                    outcome = (
                        T("bot.selfplay.won", winners=winners)
                        if winners
                        else T("bot.selfplay.lost", losers=losers)
                        if losers
                        else T("bot.selfplay.drawn")
                    )
                    write(
                        render(
                            T(
                                "bot.selfplay.game",
                                n=n + 1,
                                seed=game_seed,
                                outcome=outcome,
                                moves=record.seq,
                            ),
                            locale,
                        )
                    )
            summary.seconds = time.perf_counter() - started
        finally:
            await store.close()
            logging.getLogger("agora").removeHandler(errors)
    rate = summary.moves / summary.seconds if summary.seconds else 0.0
    write(
        render(
            T("bot.selfplay.wins", wins=[f"{k} {v}" for k, v in sorted(summary.wins.items())] or "-"), locale
        )
    )
    write(
        render(
            T(
                "bot.selfplay.summary",
                games=summary.games,
                failures=len(summary.failures),
                moves=summary.moves,
                seconds=f"{summary.seconds:.2f}",
                rate=f"{rate:.0f}",
                games_rate=f"{summary.games / max(summary.seconds, 1e-9):.2f}",
            ),
            locale,
        )
    )
    return summary
