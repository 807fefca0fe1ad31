"""What every league command shares: the store, the clock, finding the league a command
is about, permissions, and applying a change to a season's ratings."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.leagues import dates, repo, standings
from bot.leagues.model import Match
from bot.leagues.ratings import Rating, Step
from bot.leagues.recount import recount
from bot.service.api import Actor, Message, Reply, UserError, Where
from engine.i18n import T, Text

CONFIRM_WINDOW = 48 * 3600.0  # an unanswered report is accepted after 48 hours


class LeagueBase:
    def __init__(self, store: Any, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    async def _league(self, conn: Any, where: Where, name: str | None) -> repo.League:
        """The league named, else the one of this channel, else the guild's only league."""
        if name:
            found = await repo.league_named(conn, where.guild_id, name.strip())
            if found is None:
                raise UserError("league.err.unknown_league", name=name, known=await self._names(conn, where))
            return found
        leagues = await repo.guild_leagues(conn, where.guild_id)
        here = [lg for lg in leagues if lg.channel_id == where.channel_id]
        for candidates in (here, leagues):
            if len(candidates) == 1:
                return candidates[0]
        if not leagues:
            raise UserError("league.err.no_league")
        raise UserError("league.err.which_league", known=", ".join(lg.name for lg in (here or leagues)))

    async def _names(self, conn: Any, where: Where) -> str:
        return ", ".join(lg.name for lg in await repo.guild_leagues(conn, where.guild_id)) or "–"

    @staticmethod
    def is_organizer(actor: Actor, league: repo.League) -> bool:
        """Manage Server members and the league's creator decide disputes and voids."""
        return actor.manager or actor.user_id == league.created_by

    def _require_organizer(self, actor: Actor, league: repo.League) -> None:
        if not self.is_organizer(actor, league):
            raise UserError("league.err.organizers_only", league=league.name)

    async def _active_member(self, conn: Any, league: repo.League, actor: Actor) -> dict[str, repo.Member]:
        members = await repo.members(conn, league.id)
        if actor.user_id not in members or not members[actor.user_id].active:
            raise UserError("league.err.not_member", league=league.name)
        if members[actor.user_id].name != actor.name:
            await repo.rename_member(conn, league.id, actor.user_id, actor.name)
        return members

    async def _season(self, conn: Any, league: repo.League, number: int | None) -> repo.Season:
        if number is None:
            return await repo.open_season(conn, league.id)
        season = await repo.season_number(conn, league.id, number)
        if season is None:
            raise UserError("league.err.no_season", league=league.name, number=number)
        return season

    async def _standings(
        self, conn: Any, league: repo.League, season: repo.Season
    ) -> tuple[list[standings.Row], int]:
        """The season's rows and its number of accepted matches: frozen for a closed season,
        computed from its matches for the open one."""
        if season.closed_at is not None:
            rows = [_unarchive(r) for r in await repo.archived(conn, season.id)]
            return rows, await repo.count_matches(conn, season.id)
        matches = await repo.season_matches(conn, season.id)
        members = await repo.members(conn, league.id)
        rows = standings.compute(
            [m.match for m in matches],
            await repo.season_ratings(conn, season.id),
            self.names(members),
            frozenset(uid for uid, m in members.items() if not m.active),
        )
        return rows, len(matches)

    @staticmethod
    def names(members: dict[str, repo.Member]) -> dict[str, str]:
        return {uid: m.name for uid, m in members.items()}

    async def _rerate(self, conn: Any, league: repo.League, record: repo.MatchRecord) -> list[Step]:
        """Recount the record's season from its place in play order; returns the steps of
        that match and of every later one."""
        return await recount(
            conn, record.season_id, league.rating_model, record.order_key(), {s.user_id for s in record.seats}
        )

    @staticmethod
    def _match_steps(steps: list[Step], match: Match) -> list[Step]:
        return [s for s in steps if s.match_id == match.id]


def outside_season(season: repo.Season, played_at: float) -> Text | None:
    """Why a game played at `played_at` cannot count in this season, if it cannot."""
    if season.starts_at is not None and played_at < season.starts_at:
        return T("league.err.before_season", season=season.number, date=dates.day(season.starts_at))
    if season.ends_at is not None and played_at >= season.ends_at:
        return T("league.err.after_season", season=season.number, date=dates.day(season.ends_at - 1))
    return None


def _unarchive(row: tuple) -> standings.Row:
    rank, uid, name, mu, sigma, games, wins, draws, losses, streak, left = row
    return standings.Row(
        rank,
        uid,
        name,
        Rating(mu, sigma),
        games,
        wins,
        draws,
        losses,
        standings.parse_streak(streak),
        bool(left),
    )


def public(*lines: Text, mentions: list[str] | None = None, **extra: Any) -> Reply:
    """One message for the channel (rendered in the guild's language)."""
    return Reply([Message(lines=list(lines), mentions=mentions or [], **extra)])


def private(actor: Actor, *lines: Text, **extra: Any) -> Reply:
    """One message only the invoking user sees, in their language."""
    return Reply([Message(lines=list(lines), ephemeral=True, locale=actor.locale, **extra)])
