"""SQL for the league tables (migrations/0002_leagues.sql), on the store's aiosqlite
connection. Callers hold `store.transaction()` or `store.reading()`. Rows are read by
position so any row factory works."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.leagues.model import Match, Seat
from bot.leagues.ratings import Rating, Step
from bot.leagues.standings import Row

PENDING, DISPUTED, ACCEPTED, VOID = "pending", "disputed", "accepted", "void"
OPEN_STATUSES = (PENDING, DISPUTED)  # waiting for an answer or a decision
COUNTABLE_STATUSES = (PENDING, DISPUTED, ACCEPTED)  # anything not void


@dataclass(frozen=True)
class League:
    id: int
    guild_id: str
    channel_id: str
    name: str
    game: str
    variant: str
    rating_model: str
    created_by: str
    created_at: float


@dataclass(frozen=True)
class Season:
    id: int
    league_id: int
    number: int
    starts_at: float | None
    ends_at: float | None
    opened_at: float
    closed_at: float | None


@dataclass(frozen=True)
class Member:
    user_id: str
    name: str
    joined_at: float
    left_at: float | None

    @property
    def active(self) -> bool:
        return self.left_at is None


@dataclass(frozen=True)
class MatchRecord:
    id: int
    league_id: int
    season_id: int
    source: str
    status: str
    game_id: str | None
    dedupe_key: str | None
    channel_id: str
    played_at: float
    recorded_at: float
    reported_by: str | None
    decided_at: float | None
    decided_by: str | None
    decision: str | None
    scenario: str | None
    details: dict[str, Any]
    seats: tuple[Seat, ...]

    @property
    def match(self) -> Match:
        return Match(self.id, self.played_at, self.seats, self.scenario, self.details)

    def side_of(self, user_id: str) -> int | None:
        return next((s.team for s in self.seats if s.user_id == user_id), None)

    def order_key(self) -> tuple[float, int]:
        return (self.played_at, self.id)


async def _all(conn: Any, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    async with conn.execute(sql, tuple(params)) as cursor:
        return list(await cursor.fetchall())


async def _one(conn: Any, sql: str, params: Iterable[Any] = ()) -> Any:
    rows = await _all(conn, sql, params)
    return rows[0] if rows else None


async def _insert(conn: Any, sql: str, params: Iterable[Any]) -> int:
    async with conn.execute(sql, tuple(params)) as cursor:
        return cursor.lastrowid


# leagues

_LEAGUE = (
    "SELECT id, guild_id, channel_id, name, game, variant, rating_model, created_by, created_at FROM leagues"
)


async def insert_league(
    conn: Any,
    guild_id: str,
    channel_id: str,
    name: str,
    game: str,
    variant: str,
    rating_model: str,
    created_by: str,
    now: float,
) -> int:
    return await _insert(
        conn,
        "INSERT INTO leagues (guild_id, channel_id, name, game, variant, rating_model, created_by, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (guild_id, channel_id, name, game, variant, rating_model, created_by, now),
    )


async def league(conn: Any, league_id: int) -> League | None:
    row = await _one(conn, f"{_LEAGUE} WHERE id = ?", (league_id,))
    return League(*row) if row else None


async def league_named(conn: Any, guild_id: str, name: str) -> League | None:
    row = await _one(conn, f"{_LEAGUE} WHERE guild_id = ? AND name = ? COLLATE NOCASE", (guild_id, name))
    return League(*row) if row else None


async def guild_leagues(conn: Any, guild_id: str) -> list[League]:
    return [League(*r) for r in await _all(conn, f"{_LEAGUE} WHERE guild_id = ? ORDER BY id", (guild_id,))]


# seasons

_SEASON = "SELECT id, league_id, number, starts_at, ends_at, opened_at, closed_at FROM league_seasons"


async def insert_season(
    conn: Any, league_id: int, number: int, starts_at: float | None, ends_at: float | None, now: float
) -> int:
    return await _insert(
        conn,
        "INSERT INTO league_seasons (league_id, number, starts_at, ends_at, opened_at) VALUES (?, ?, ?, ?, ?)",
        (league_id, number, starts_at, ends_at, now),
    )


async def open_season(conn: Any, league_id: int) -> Season:
    row = await _one(conn, f"{_SEASON} WHERE league_id = ? AND closed_at IS NULL", (league_id,))
    return Season(*row)


async def season_number(conn: Any, league_id: int, number: int) -> Season | None:
    row = await _one(conn, f"{_SEASON} WHERE league_id = ? AND number = ?", (league_id, number))
    return Season(*row) if row else None


async def close_season(conn: Any, season_id: int, now: float) -> None:
    await conn.execute("UPDATE league_seasons SET closed_at = ? WHERE id = ?", (now, season_id))


# members


async def members(conn: Any, league_id: int) -> dict[str, Member]:
    rows = await _all(
        conn, "SELECT user_id, name, joined_at, left_at FROM league_members WHERE league_id = ?", (league_id,)
    )
    return {r[0]: Member(*r) for r in rows}


async def put_member(conn: Any, league_id: int, user_id: str, name: str, now: float) -> None:
    """Join, or rejoin after leaving (the first join date is kept)."""
    await conn.execute(
        "INSERT INTO league_members (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (league_id, user_id) DO UPDATE SET name = excluded.name, left_at = NULL",
        (league_id, user_id, name, now),
    )


async def rename_member(conn: Any, league_id: int, user_id: str, name: str) -> None:
    await conn.execute(
        "UPDATE league_members SET name = ? WHERE league_id = ? AND user_id = ?", (name, league_id, user_id)
    )


async def leave(conn: Any, league_id: int, user_id: str, now: float) -> None:
    await conn.execute(
        "UPDATE league_members SET left_at = ? WHERE league_id = ? AND user_id = ?", (now, league_id, user_id)
    )


# matches

_MATCH = (
    "SELECT id, league_id, season_id, source, status, game_id, dedupe_key, channel_id, played_at,"
    " recorded_at, reported_by, decided_at, decided_by, decision, scenario, details FROM league_matches"
)


async def insert_match(
    conn: Any,
    *,
    league_id: int,
    season_id: int,
    source: str,
    status: str,
    channel_id: str,
    played_at: float,
    now: float,
    seats: Iterable[Seat],
    game_id: str | None = None,
    dedupe_key: str | None = None,
    reported_by: str | None = None,
    decision: str | None = None,
    scenario: str | None = None,
    details: dict[str, Any] | None = None,
    roles: dict[str, str] | None = None,
) -> int:
    """Insert a match and its seats. An IntegrityError means the game or report is already
    recorded (the unique indexes are the final word under concurrency)."""
    match_id = await _insert(
        conn,
        "INSERT INTO league_matches (league_id, season_id, source, status, game_id, dedupe_key, channel_id,"
        " played_at, recorded_at, reported_by, decided_at, decision, scenario, details)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            league_id,
            season_id,
            source,
            status,
            game_id,
            dedupe_key,
            channel_id,
            played_at,
            now,
            reported_by,
            now if decision else None,
            decision,
            scenario,
            json.dumps(details or {}, sort_keys=True),
        ),
    )
    await put_seats(conn, match_id, seats, roles or {})
    return match_id


async def put_seats(
    conn: Any, match_id: int, seats: Iterable[Seat], roles: dict[str, str] | None = None
) -> None:
    """Replace a match's seats (an organizer's correction keeps the engine roles)."""
    if roles is None:
        rows = await _all(conn, "SELECT user_id, role FROM league_seats WHERE match_id = ?", (match_id,))
        roles = {r[0]: r[1] for r in rows if r[1] is not None}
    await conn.execute("DELETE FROM league_seats WHERE match_id = ?", (match_id,))
    await conn.executemany(
        "INSERT INTO league_seats (match_id, user_id, team, rank, score, faction, first, role)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                match_id,
                s.user_id,
                s.team,
                s.rank,
                s.score,
                s.faction,
                None if s.first is None else int(s.first),
                roles.get(s.user_id),
            )
            for s in seats
        ],
    )


async def decide(
    conn: Any, match_id: int, status: str, decision: str, decided_by: str | None, now: float
) -> None:
    await conn.execute(
        "UPDATE league_matches SET status = ?, decision = ?, decided_by = ?, decided_at = ? WHERE id = ?",
        (status, decision, decided_by, now, match_id),
    )


async def _with_seats(conn: Any, rows: list[Any]) -> list[MatchRecord]:
    if not rows:
        return []
    ids = [r[0] for r in rows]
    seats: dict[int, list[Seat]] = {i: [] for i in ids}
    for chunk in _chunks(ids, 500):
        marks = ",".join("?" * len(chunk))
        for r in await _all(
            conn,
            "SELECT match_id, user_id, team, rank, score, faction, first FROM league_seats"
            f" WHERE match_id IN ({marks}) ORDER BY match_id, team, user_id",
            chunk,
        ):
            seats[r[0]].append(Seat(r[1], r[2], r[3], r[4], r[5], None if r[6] is None else bool(r[6])))
    return [MatchRecord(*r[:15], json.loads(r[15]), tuple(seats[r[0]])) for r in rows]


def _chunks(items: list[Any], size: int) -> Iterable[list[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


async def match(conn: Any, match_id: int) -> MatchRecord | None:
    found = await _with_seats(conn, await _all(conn, f"{_MATCH} WHERE id = ?", (match_id,)))
    return found[0] if found else None


async def match_by_dedupe(conn: Any, league_id: int, key: str) -> MatchRecord | None:
    rows = await _all(
        conn, f"{_MATCH} WHERE league_id = ? AND dedupe_key = ? AND status <> 'void'", (league_id, key)
    )
    found = await _with_seats(conn, rows)
    return found[0] if found else None


async def match_by_game(conn: Any, league_id: int, game_id: str) -> MatchRecord | None:
    rows = await _all(conn, f"{_MATCH} WHERE league_id = ? AND game_id = ?", (league_id, game_id))
    found = await _with_seats(conn, rows)
    return found[0] if found else None


async def recorded_games(conn: Any, league_id: int, start: float, end: float) -> list[MatchRecord]:
    """Games played on Agora and recorded (not void) with `start <= played_at < end`."""
    rows = await _all(
        conn,
        f"{_MATCH} WHERE league_id = ? AND source = 'game' AND status <> 'void'"
        " AND played_at >= ? AND played_at < ? ORDER BY played_at, id",
        (league_id, start, end),
    )
    return await _with_seats(conn, rows)


async def season_matches(
    conn: Any, season_id: int, statuses: Iterable[str] = (ACCEPTED,), since: tuple[float, int] | None = None
) -> list[MatchRecord]:
    """The season's matches with these statuses in play order, from `since` (inclusive)."""
    statuses = tuple(statuses)
    sql = f"{_MATCH} WHERE season_id = ? AND status IN ({','.join('?' * len(statuses))})"
    params: list[Any] = [season_id, *statuses]
    if since is not None:
        sql += " AND (played_at > ? OR (played_at = ? AND id >= ?))"
        params += [since[0], since[0], since[1]]
    return await _with_seats(conn, await _all(conn, sql + " ORDER BY played_at, id", params))


async def player_matches(conn: Any, season_id: int, user_id: str, limit: int) -> list[MatchRecord]:
    """A player's matches of the season in every status, most recent first."""
    rows = await _all(
        conn,
        f"{_MATCH} WHERE season_id = ? AND id IN (SELECT match_id FROM league_seats WHERE user_id = ?)"
        " ORDER BY played_at DESC, id DESC LIMIT ?",
        (season_id, user_id, limit),
    )
    return await _with_seats(conn, rows)


async def count_matches(conn: Any, season_id: int) -> int:
    row = await _one(
        conn, "SELECT COUNT(*) FROM league_matches WHERE season_id = ? AND status = 'accepted'", (season_id,)
    )
    return row[0]


async def reports_due(conn: Any, recorded_before: float) -> list[MatchRecord]:
    rows = await _all(
        conn, f"{_MATCH} WHERE status = 'pending' AND recorded_at <= ? ORDER BY id", (recorded_before,)
    )
    return await _with_seats(conn, rows)


# ratings


async def steps(conn: Any, match_ids: Iterable[int]) -> dict[int, dict[str, Step]]:
    ids = list(match_ids)
    out: dict[int, dict[str, Step]] = {i: {} for i in ids}
    for chunk in _chunks(ids, 500):
        marks = ",".join("?" * len(chunk))
        for r in await _all(
            conn,
            "SELECT match_id, user_id, mu_before, sigma_before, mu_after, sigma_after FROM league_steps"
            f" WHERE match_id IN ({marks})",
            chunk,
        ):
            out[r[0]][r[1]] = Step(r[0], r[1], Rating(r[2], r[3]), Rating(r[4], r[5]))
    return out


async def drop_steps_from(conn: Any, season_id: int, since: tuple[float, int]) -> None:
    await conn.execute(
        "DELETE FROM league_steps WHERE match_id IN (SELECT id FROM league_matches WHERE season_id = ?"
        " AND (played_at > ? OR (played_at = ? AND id >= ?)))",
        (season_id, since[0], since[0], since[1]),
    )


async def ratings_before(
    conn: Any, season_id: int, since: tuple[float, int], users: Iterable[str] | None = None
) -> dict[str, Rating]:
    """Each player's rating after their last accepted match played before `since`."""
    sql = (
        "SELECT s.user_id, s.mu_after, s.sigma_after FROM league_steps s"
        " JOIN league_matches m ON m.id = s.match_id"
        " WHERE m.season_id = ? AND m.status = 'accepted' AND (m.played_at < ? OR (m.played_at = ? AND m.id < ?))"
    )
    params: list[Any] = [season_id, since[0], since[0], since[1]]
    if users is not None:
        users = list(users)
        sql += f" AND s.user_id IN ({','.join('?' * len(users))})"
        params += users
    rows = await _all(conn, sql + " ORDER BY m.played_at, m.id", params)
    return {r[0]: Rating(r[1], r[2]) for r in rows}  # later rows overwrite earlier ones


async def insert_steps(conn: Any, new_steps: Iterable[Step]) -> None:
    await conn.executemany(
        "INSERT INTO league_steps (match_id, user_id, mu_before, sigma_before, mu_after, sigma_after)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(s.match_id, s.user_id, s.before.mu, s.before.sigma, s.after.mu, s.after.sigma) for s in new_steps],
    )


async def season_ratings(conn: Any, season_id: int) -> dict[str, Rating]:
    rows = await _all(conn, "SELECT user_id, mu, sigma FROM league_ratings WHERE season_id = ?", (season_id,))
    return {r[0]: Rating(r[1], r[2]) for r in rows}


async def put_ratings(conn: Any, season_id: int, ratings: dict[str, Rating], drop: Iterable[str]) -> None:
    drop = list(drop)
    await conn.executemany(
        "DELETE FROM league_ratings WHERE season_id = ? AND user_id = ?", [(season_id, u) for u in drop]
    )
    await conn.executemany(
        "INSERT INTO league_ratings (season_id, user_id, mu, sigma) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (season_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
        [(season_id, u, r.mu, r.sigma) for u, r in ratings.items()],
    )


# archive

_ARCHIVE_COLUMNS = "rank, user_id, name, mu, sigma, games, wins, draws, losses, streak, left"


async def archive(conn: Any, season_id: int, rows: Iterable[Row]) -> None:
    await conn.executemany(
        f"INSERT INTO league_archive (season_id, {_ARCHIVE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                season_id,
                r.rank,
                r.user_id,
                r.name,
                r.rating.mu,
                r.rating.sigma,
                r.games,
                r.wins,
                r.draws,
                r.losses,
                r.streak_code,
                int(r.left),
            )
            for r in rows
        ],
    )


async def archived(conn: Any, season_id: int) -> list[tuple]:
    return await _all(
        conn, f"SELECT {_ARCHIVE_COLUMNS} FROM league_archive WHERE season_id = ? ORDER BY rank", (season_id,)
    )
