"""Keep a season's stored ratings equal to a replay of its accepted matches.

Any change (a new result, a late report, a void, a correction) is a change at one point
of the season's play order: the steps from that point on are dropped and replayed from
the ratings just before it. Appending a result is the same operation with nothing after.
"""

from __future__ import annotations

from typing import Any

from bot.leagues import repo
from bot.leagues.ratings import Step, replay


async def recount(
    conn: Any, season_id: int, model_name: str, since: tuple[float, int], touched: set[str]
) -> list[Step]:
    """Replay the season's accepted matches from `since` (inclusive); `touched` are the
    players of the match that changed, whose stored rating must be refreshed even if
    they have no accepted match left. Returns the new steps."""
    await repo.drop_steps_from(conn, season_id, since)
    later = await repo.season_matches(conn, season_id, since=since)
    users = touched | {s.user_id for m in later for s in m.seats}
    start = await repo.ratings_before(conn, season_id, since, users if len(users) <= 500 else None)
    current, steps = replay(model_name, [m.match for m in later], start)
    await repo.insert_steps(conn, steps)
    await repo.put_ratings(
        conn, season_id, {u: current[u] for u in users if u in current}, drop=users - current.keys()
    )
    return steps
