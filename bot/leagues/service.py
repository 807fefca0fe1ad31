"""`LeagueService`: every league command, plus the finished-game listener the table
service calls (`TableService(store, listeners=[leagues])`)."""

from __future__ import annotations

from bot.leagues import repo
from bot.leagues.admin import AdminCommands
from bot.leagues.recording import RecordingListener
from bot.leagues.reports import ReportCommands
from bot.leagues.views import ViewCommands
from bot.service.api import Where


class LeagueService(AdminCommands, ReportCommands, ViewCommands, RecordingListener):
    async def league_id(self, where: Where, name: str | None) -> int:
        """For `/game new league:<name>`: the league's id (the channel's league when no
        name is given), or a UserError naming the leagues that exist."""
        async with self.store.reading() as conn:
            return (await self._league(conn, where, name)).id

    async def league_names(self, guild_id: str) -> list[str]:
        """For autocomplete."""
        async with self.store.reading() as conn:
            return [lg.name for lg in await repo.guild_leagues(conn, guild_id)]

    async def member_choices(
        self, where: Where, league: str | None, typed: str = "", limit: int = 25
    ) -> list[tuple[str, str]]:
        """(name, user id) of the league's members whose name contains `typed`, for
        autocomplete: players are picked among members, by name."""
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            members = await repo.members(conn, found.id)
        wanted = typed.casefold().strip()
        named = sorted(
            (m.name, uid) for uid, m in members.items() if m.active and wanted in m.name.casefold()
        )
        return named[:limit]
