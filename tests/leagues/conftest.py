from __future__ import annotations

import pytest
from league_helpers import ORGANIZER, WHERE, Clock, actor

from bot.leagues import LeagueService


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def leagues(store, clock) -> LeagueService:
    return LeagueService(store, clock=clock)


@pytest.fixture
async def league(leagues) -> LeagueService:
    """A Battle for Athena league in WHERE with Alice, Bob, Cara and Dan as members."""
    await leagues.create(WHERE, ORGANIZER, "Spring Cup", "athena")
    for uid in ("alice", "bob", "cara", "dan"):
        await leagues.join(WHERE, actor(uid))
    return leagues
