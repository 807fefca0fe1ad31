"""Helpers for the store and table-service tests: actors, a fake clock, reply readers."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from toygame import GAME as TOY  # noqa: E402

from bot.service import Actor, Reply, TableService, Where  # noqa: E402
from engine.i18n import render  # noqa: E402

WHERE = Where("guild-1", "chan-1")
ALICE = Actor("u-alice", "alice")
BOB = Actor("u-bob", "bob", locale="fr")
CAROL = Actor("u-carol", "carol")
ADMIN = Actor("u-admin", "admin", manager=True)
T0 = 1_700_000_000.0


class FakeClock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def make_service(store, clock, **kw) -> TableService:
    kw.setdefault("render_images", False)
    kw.setdefault("games", {"toy": TOY})
    kw.setdefault("rng", random.Random(7))
    return TableService(store, clock=clock, **kw)


def lines(
    reply: Reply, *, to: str | None = None, public: bool | None = None, locale: str = "en"
) -> list[str]:
    """Rendered lines of the reply's messages (all, one user's private ones, or public ones)."""
    out = []
    for m in reply.messages:
        if to is not None and m.to_user != to:
            continue
        if public is not None and (m.to_user is None and not m.ephemeral) != public:
            continue
        out += [render(line, locale) for line in m.lines]
    return out


def text(reply: Reply, **kw) -> str:
    return "\n".join(lines(reply, **kw))


async def seated(service: TableService, seed: int = 5, where: Where = WHERE, **options) -> None:
    """alice (p1) and bob (p2) at a started toy game."""
    await service.new_game(where, ALICE, "toy", {"seed": seed, **options})
    await service.join(where, BOB)
    await service.start_game(where, ALICE)


async def moves(service: TableService, actor: Actor, where: Where = WHERE) -> list[str]:
    return await service.legal_moves(where, actor)


async def dump(store) -> dict[str, list[tuple]]:
    """Every row of every table: a rejected command must leave this identical."""
    out = {}
    async with store.reading() as conn:
        async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") as cur:
            tables = [r[0] for r in await cur.fetchall()]
        for name in tables:
            async with conn.execute(f"SELECT * FROM {name} ORDER BY 1, 2") as cur:
                out[name] = [tuple(r) for r in await cur.fetchall()]
    return out
