"""Creating leagues, membership, and seasons."""

from __future__ import annotations

import sqlite3

from bot.leagues import dates, repo, texts
from bot.leagues.base import LeagueBase, private, public
from bot.leagues.games import game_name, known_games, solo, variants, variants_overlap
from bot.leagues.images import standings_block
from bot.leagues.ratings import DEFAULT_MODEL, MODELS
from bot.service.api import Actor, Reply, UserError, Where
from engine.i18n import T, Text

NAME_LENGTH = 40


def _dates(starts: str | None, ends: str | None) -> tuple[float | None, float | None]:
    """Season bounds from inclusive calendar days."""
    start = dates.parse_day(starts) if starts else None
    end = dates.end_of_day(dates.parse_day(ends)) if ends else None
    if start is not None and end is not None and end <= start:
        raise UserError("league.err.dates_order", starts=starts, ends=ends)
    return start, end


class AdminCommands(LeagueBase):
    async def create(
        self,
        where: Where,
        actor: Actor,
        name: str,
        game: str,
        variant: str = "",
        rating_model: str = DEFAULT_MODEL,
        starts: str | None = None,
        ends: str | None = None,
        channel_id: str | None = None,
    ) -> Reply:
        """A league for one game (and variant) whose games are played in `channel_id`
        (default: here). Manage Server only."""
        if not actor.manager:
            raise UserError("league.err.manager_only")
        name = " ".join(name.split())
        if not 1 <= len(name) <= NAME_LENGTH:
            raise UserError("league.err.bad_name", max=NAME_LENGTH)
        if game not in known_games():
            raise UserError("league.err.unknown_game", game=game, known=", ".join(known_games()))
        if solo(game):  # one player against the rules: nobody to rate against
            raise UserError("league.err.solo_game", game=game_name(game))
        variant = variant.strip().casefold()
        if variant and variant not in variants(game):
            raise UserError(
                "league.err.unknown_variant",
                variant=variant,
                game=game_name(game),
                known=", ".join(variants(game)) or "–",
            )
        if rating_model not in MODELS:
            raise UserError("league.err.unknown_model", model=rating_model, known=", ".join(MODELS))
        start, end = _dates(starts, ends)
        now = self.clock()
        channel = channel_id or where.channel_id
        async with self.store.transaction() as conn:
            if await repo.league_named(conn, where.guild_id, name):
                raise UserError("league.err.name_taken", name=name)
            rival = next(
                (
                    lg
                    for lg in await repo.guild_leagues(conn, where.guild_id)
                    if lg.channel_id == channel and lg.game == game and variants_overlap(lg.variant, variant)
                ),
                None,
            )
            if rival is not None:  # a game finished here must belong to one league only
                raise UserError("league.err.channel_taken", league=rival.name, game=game_name(game))
            try:
                league_id = await repo.insert_league(
                    conn, where.guild_id, channel, name, game, variant, rating_model, actor.user_id, now
                )
            except sqlite3.IntegrityError:  # created by someone else meanwhile
                raise UserError("league.err.name_taken", name=name) from None
            await repo.insert_season(conn, league_id, 1, start, end, now)
            season = await repo.open_season(conn, league_id)
        return public(
            T(
                "league.created",
                league=name,
                game=game_name(game),
                variant=texts.variant(game, variant),
                model=T(f"league.model.{rating_model}"),
                span=texts.season_span(season),
            ),
            locale=actor.locale,
        )

    async def join(self, where: Where, actor: Actor, league: str | None = None) -> Reply:
        async with self.store.transaction() as conn:
            found = await self._league(conn, where, league)
            members = await repo.members(conn, found.id)
            if actor.user_id in members and members[actor.user_id].active:
                raise UserError("league.err.already_member", league=found.name)
            await repo.put_member(conn, found.id, actor.user_id, actor.name, self.clock())
            count = sum(m.active for m in members.values()) + 1
        return public(T("league.joined", player=actor.name, league=found.name, count=count))

    async def leave(self, where: Where, actor: Actor, league: str | None = None) -> Reply:
        async with self.store.transaction() as conn:
            found = await self._league(conn, where, league)
            await self._active_member(conn, found, actor)
            await repo.leave(conn, found.id, actor.user_id, self.clock())
        return public(T("league.left", player=actor.name, league=found.name))

    async def leagues(self, where: Where, actor: Actor) -> Reply:
        """The guild's leagues, for `/league list` and for autocomplete."""
        async with self.store.reading() as conn:
            found = await repo.guild_leagues(conn, where.guild_id)
            lines: list[Text] = []
            for lg in found:
                season = await repo.open_season(conn, lg.id)
                count = sum(m.active for m in (await repo.members(conn, lg.id)).values())
                lines.append(
                    T(
                        "league.list.line",
                        league=lg.name,
                        game=game_name(lg.game),
                        variant=texts.variant(lg.game, lg.variant),
                        season=season.number,
                        count=count,
                    )
                )
        return private(actor, *(lines or [T("league.err.no_league")]))

    async def season_new(
        self,
        where: Where,
        actor: Actor,
        league: str | None = None,
        starts: str | None = None,
        ends: str | None = None,
    ) -> Reply:
        """Archive the open season's standings and open the next one (organizers)."""
        start, end = _dates(starts, ends)
        now = self.clock()
        async with self.store.transaction() as conn:
            found = await self._league(conn, where, league)
            self._require_organizer(actor, found)
            season = await repo.open_season(conn, found.id)
            waiting = await repo.season_matches(conn, season.id, repo.OPEN_STATUSES)
            if waiting:
                raise UserError("league.err.reports_waiting", ids=", ".join(f"#{m.id}" for m in waiting))
            rows, games = await self._standings(conn, found, season)
            await repo.archive(conn, season.id, rows)
            await repo.close_season(conn, season.id, now)
            await repo.insert_season(
                conn, found.id, season.number + 1, now if start is None else start, end, now
            )
            new = await repo.open_season(conn, found.id)
        lines, image = await standings_block(found.name, season.number, rows, actor.locale)
        return public(
            T("league.season.closed", league=found.name, season=season.number, games=games),
            *lines,
            T("league.season.opened", season=new.number, span=texts.season_span(new)),
            image=image,
            locale=actor.locale,
        )
