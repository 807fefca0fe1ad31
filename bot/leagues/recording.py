"""Recording games played on Agora: the table service calls `on_game_finished` when a game
ends, and a game of the league's game between its members, started in the league's channel
or with `league:` at `/game new`, becomes an accepted match, once.

What the engine's `Result` gives: `winners` and `scores` by role; in `details`, when the
game knows them, `teams` (list of role lists, or role -> team number; default: winners
against the rest), `factions` ({role: faction}), `first` (the role that played first),
`scenario`, `turns`. A game ended by the table service (resignation: `resigned`, the move
clock: `timeout`) takes the missing details from its last state (`games.state_details`),
and the side of the resigning or late player loses, whole: in a team game their teammate
loses with them.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.leagues import games, repo, texts
from bot.leagues.base import LeagueBase, outside_season, public
from bot.leagues.model import Seat
from bot.service.api import Reply, Where
from engine.i18n import T, Text
from engine.protocol import Result


def _teams(roles: list[str], details: dict[str, Any], winners: list[str]) -> list[list[str]]:
    """Sides as the engine reports them; without `teams`, the winners against the rest."""
    given = details.get("teams")
    if isinstance(given, dict):  # role -> team number
        given = [[r for r in roles if given.get(r) == team] for team in sorted(set(given.values()))]
    if isinstance(given, list) and sorted(r for team in given for r in team) == sorted(roles):
        return [list(team) for team in given]
    if winners:
        return [[r for r in roles if r in winners], [r for r in roles if r not in winners]]
    return [[r] for r in roles]


def _beaten(details: dict[str, Any]) -> set[str]:
    """Roles that lost outside the rules: who resigned, whose clock ran out."""
    beaten: set[str] = set()
    for key in ("resigned", "timeout"):
        value = details.get(key)
        beaten |= {value} if isinstance(value, str) else set(value or ())
    return beaten


def _first(record: Any, roles: list[str], details: dict[str, Any]) -> str | None:
    first = details.get("first") or details.get("first_player")
    if first in roles:
        return first
    chosen = (record.options or {}).get("first_attacker") or (record.options or {}).get("first_player")
    return chosen if chosen in roles else None


def match_details(record: Any, result: Result, state_json: str | None = None) -> dict[str, Any]:
    """The result's details, completed from the game's last state where they are silent."""
    return {**games.state_details(record.game, state_json), **result.details}


def match_seats(
    record: Any, users: dict[str, str], result: Result, details: dict[str, Any] | None = None
) -> list[Seat]:
    """League seats from a finished game: `users` maps each role to its player."""
    details = result.details if details is None else details
    roles = list(users)
    factions = details.get("factions") or {}
    first = _first(record, roles, details)
    teams = _teams(roles, details, list(result.winners))
    beaten = _beaten(details) & set(roles)
    if beaten:  # resignation or timeout: every side holding a beaten role lost
        winning = [not any(r in beaten for r in team) for team in teams]
    else:
        winning = [any(r in result.winners for r in team) for team in teams]
    nobody = not any(winning)  # a draw (or every side out of time)
    seats = []
    for number, (team, won) in enumerate(zip(teams, winning, strict=True)):
        for role in team:
            seats.append(
                Seat(
                    users[role],
                    number,
                    1 if won or nobody else 2,
                    result.scores.get(role),
                    factions.get(role),
                    None if first is None else role == first,
                )
            )
    return seats


def game_details(record: Any, result: Result, details: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the match keeps of the game: why it ended and how long it lasted."""
    details = result.details if details is None else details
    rounds = details.get("rounds")
    return {
        "reason": result.reason.model_dump(),
        "actions": record.seq,
        "turns": details.get("turns", len(rounds) if isinstance(rounds, list) else None),
        "duration": (record.finished_at or 0) - (record.started_at or 0) if record.started_at else None,
        "options": record.options,
        "variant": games.variant_of(record.game, record.options, details),
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
            details = match_details(record, result, await self.store.current_state(record.id))
            refusal = self._refusal(league, record, details, seats, members)
            played_at = record.finished_at or self.clock()
            season = await repo.open_season(conn, league.id)
            refusal = refusal or outside_season(season, played_at)
            if refusal is not None:
                return self._announce(
                    record, T("league.recorded.not_counted", league=league.name, reason=refusal)
                )
            lineup = match_seats(record, {s.role: s.user_id for s in seats}, result, details)
            try:
                match_id = await repo.insert_match(
                    conn,
                    league_id=league.id,
                    season_id=season.id,
                    source="game",
                    status=repo.ACCEPTED,
                    channel_id=record.channel,
                    played_at=played_at,
                    now=self.clock(),
                    seats=lineup,
                    game_id=str(record.id),
                    decision="game",
                    details=game_details(record, result, details),
                    scenario=details.get("scenario") or (record.options or {}).get("scenario"),
                    roles={s.user_id: s.role for s in seats},
                )
            except sqlite3.IntegrityError:  # recorded by another process meanwhile
                return Reply()
            match = await repo.match(conn, match_id)
            steps = await self._rerate(conn, league, match)
        who = self.names(members)
        return self._announce(
            record,
            T(
                "league.recorded.game",
                league=league.name,
                id=match_id,
                summary=texts.summary(match.match, who),
            ),
            texts.changes(self._match_steps(steps, match.match), who),
        )

    async def _game_league(self, conn: Any, record: Any) -> repo.League | None:
        """The league named at `/game new`, else the channel's league for this game (the
        one of the game's variant when the channel has several)."""
        if record.league_id is not None:
            league = await repo.league(conn, record.league_id)
            return league if league and league.guild_id == record.guild else None
        variant = games.variant_of(record.game, record.options)
        here = [
            lg
            for lg in await repo.guild_leagues(conn, record.guild)
            if lg.channel_id == record.channel and lg.game == record.game
        ]
        exact = [lg for lg in here if lg.variant == variant]
        return (exact or [lg for lg in here if not lg.variant] or here or [None])[0]

    @staticmethod
    def _refusal(
        league: repo.League,
        record: Any,
        details: dict[str, Any],
        seats: list[Any],
        members: dict[str, repo.Member],
    ) -> Text | None:
        if league.game != record.game:
            return T("league.recorded.other_game", game=games.game_name(league.game))
        if not games.variant_matches(league.variant, games.variant_of(record.game, record.options, details)):
            return T("league.recorded.other_variant", variant=texts.variant(league.game, league.variant))
        if len(seats) < 2:  # a solo run: the hall of fame ranks it, a league's ratings cannot
            return T("league.recorded.solo")
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
