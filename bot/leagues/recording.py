"""Recording games played on Agora: the table service calls `on_game_finished` when a game
ends, and a game of the league's game between its members, started in the league's channel
or with `league:` at `/game new`, becomes an accepted match, once.

What the engine's `Result` gives: `winners` and `scores` by role; in `details`, when the
game knows them, `teams` (list of role lists; default: winners against the rest),
`factions` ({role: faction}), `first` (the role that played first), `scenario`, `turns`.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.leagues import repo, texts
from bot.leagues.base import LeagueBase, outside_season, public
from bot.leagues.model import Seat
from bot.service.api import Reply, Where
from engine.i18n import T, Text
from engine.protocol import Result


def _teams(roles: list[str], result: Result) -> list[list[str]]:
    """Sides as the engine reports them; without `teams`, the winners against the rest, so
    the four-player variant's two teams of two (000 "Variante : Bataille à 4 joueurs")
    are two sides even when the engine does not say."""
    given = result.details.get("teams")
    if isinstance(given, dict):  # role -> team number
        given = [[r for r in roles if given.get(r) == team] for team in sorted(set(given.values()))]
    if isinstance(given, list) and sorted(r for team in given for r in team) == sorted(roles):
        return [list(team) for team in given]
    if result.winners:
        return [[r for r in roles if r in result.winners], [r for r in roles if r not in result.winners]]
    return [[r] for r in roles]


def _first(record: Any, roles: list[str], result: Result) -> str | None:
    first = result.details.get("first") or result.details.get("first_player")
    if first in roles:
        return first
    chosen = (record.options or {}).get("first_attacker") or (record.options or {}).get("first_player")
    return chosen if chosen in roles else None


def match_seats(record: Any, users: dict[str, str], result: Result) -> list[Seat]:
    """League seats from a finished game: `users` maps each role to its player."""
    roles = list(users)
    factions = result.details.get("factions") or {}
    first = _first(record, roles, result)
    seats = []
    for number, team in enumerate(_teams(roles, result)):
        won = any(r in result.winners for r in team)
        for role in team:
            seats.append(Seat(
                users[role], number, 1 if won or not result.winners else 2, result.scores.get(role),
                factions.get(role), None if first is None else role == first,
            ))
    return seats


def game_details(record: Any, result: Result) -> dict[str, Any]:
    """What the match keeps of the game: why it ended and how long it lasted."""
    rounds = result.details.get("rounds")
    return {
        "reason": result.reason.model_dump(),
        "actions": record.seq,
        "turns": result.details.get("turns", len(rounds) if isinstance(rounds, list) else None),
        "duration": (record.finished_at or 0) - (record.started_at or 0) if record.started_at else None,
        "options": record.options,
    }


class RecordingListener(LeagueBase):
    async def on_game_finished(self, record: Any, result: Result) -> Reply:
        """Record a finished league game (idempotent). Returns the announcement for the
        game's channel, or why it does not count; nothing for games outside any league."""
        async with self.store.transaction() as conn:
            league = await self._game_league(conn, record)
            if league is None or await repo.match_by_game(conn, league.id, str(record.id)):
                return Reply()
            seats = await self.store.seats(record.id)
            members = await repo.members(conn, league.id)
            refusal = self._refusal(league, record, seats, members)
            played_at = record.finished_at or self.clock()
            season = await repo.open_season(conn, league.id)
            refusal = refusal or outside_season(season, played_at)
            if refusal is not None:
                return self._announce(record, T("league.recorded.not_counted", league=league.name, reason=refusal))
            lineup = match_seats(record, {s.role: s.user_id for s in seats}, result)
            try:
                match_id = await repo.insert_match(
                    conn, league_id=league.id, season_id=season.id, source="game", status=repo.ACCEPTED,
                    channel_id=record.channel, played_at=played_at, now=self.clock(), seats=lineup,
                    game_id=str(record.id), decision="game", details=game_details(record, result),
                    scenario=result.details.get("scenario") or (record.options or {}).get("scenario"),
                    roles={s.user_id: s.role for s in seats},
                )
            except sqlite3.IntegrityError:  # recorded by another process meanwhile
                return Reply()
            match = await repo.match(conn, match_id)
            steps = await self._rerate(conn, league, match)
        who = self.names(members)
        return self._announce(
            record, T("league.recorded.game", league=league.name, id=match_id, summary=texts.summary(match.match, who)),
            texts.changes(self._match_steps(steps, match.match), who),
        )

    async def _game_league(self, conn: Any, record: Any) -> repo.League | None:
        if record.league_id is not None:
            league = await repo.league(conn, record.league_id)
            return league if league and league.guild_id == record.guild else None
        here = [lg for lg in await repo.guild_leagues(conn, record.guild)
                if lg.channel_id == record.channel and lg.game == record.game]
        return here[0] if here else None

    @staticmethod
    def _refusal(league: repo.League, record: Any, seats: list[Any], members: dict[str, repo.Member]) -> Text | None:
        if league.game != record.game:
            return T("league.recorded.other_game", game=T(f"league.game.{league.game}"))
        variant = str((record.options or {}).get("variant", ""))
        if league.variant and variant != league.variant:
            return T("league.recorded.other_variant", variant=league.variant)
        if any(s.user_id is None for s in seats):
            return T("league.recorded.ai_seat")
        outsiders = [s.name for s in seats if s.user_id not in members or not members[s.user_id].active]
        if outsiders:
            return T("league.recorded.not_members", players=", ".join(outsiders))
        return None

    @staticmethod
    def _announce(record: Any, *lines: Text) -> Reply:
        reply = public(*lines)
        reply.where = Where(record.guild, record.channel)
        return reply
