"""Read-only commands: standings, a player's history, statistics and CSV exports."""

from __future__ import annotations

from bot.leagues import dates, exports, repo, stats, texts
from bot.leagues.base import LeagueBase, private, public
from bot.leagues.images import standings_block
from bot.service.api import Actor, Image, Reply, UserError, Where
from engine.i18n import T, Text

HISTORY_LIMIT = 15
EXPORTS = ("matches", "standings")


class ViewCommands(LeagueBase):
    async def standings(
        self, where: Where, actor: Actor, league: str | None = None, season: int | None = None
    ) -> Reply:
        """The table as an image and as text; a closed season shows its archived standings."""
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            chosen = await self._season(conn, found, season)
            rows, games = await self._standings(conn, found, chosen)
        lines, image = await standings_block(found.name, chosen.number, rows, actor.locale)
        summary = T(
            "league.standings.summary", games=games, players=len(rows), span=texts.season_span(chosen)
        )
        return public(lines[0], summary, *lines[1:], image=image, locale=actor.locale)

    async def history(
        self,
        where: Where,
        actor: Actor,
        player: str | None = None,
        league: str | None = None,
        season: int | None = None,
        limit: int = HISTORY_LIMIT,
    ) -> Reply:
        """A player's latest games of the season (every status), with rating changes."""
        uid = player or actor.user_id
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            chosen = await self._season(conn, found, season)
            records = await repo.player_matches(conn, chosen.id, uid, max(1, min(limit, 50)))
            steps = await repo.steps(conn, [r.id for r in records])
            who = self.names(await repo.members(conn, found.id))
        if uid not in who:
            raise UserError("league.err.never_member", league=found.name)
        lines: list[Text] = [
            T("league.history.title", player=who[uid], league=found.name, season=chosen.number)
        ]
        lines += [self._history_line(r, uid, steps.get(r.id, {}), who) for r in records]
        if not records:
            lines.append(T("league.history.empty"))
        return public(*lines, locale=actor.locale)

    @staticmethod
    def _history_line(record: repo.MatchRecord, uid: str, steps: dict, who: dict[str, str]) -> Text:
        seat = next(s for s in record.seats if s.user_id == uid)
        step = steps.get(uid)
        change = f" → {step.after.mu:.1f} ({step.after.mu - step.before.mu:+.1f})" if step else ""
        status = (
            ""
            if record.status == repo.ACCEPTED
            else T("league.history.status", status=T(f"league.status.{record.status}"))
        )
        return T(
            "league.history.line",
            id=record.id,
            date=dates.day(record.played_at),
            outcome=T(f"league.outcome.{record.match.outcome(seat)}"),
            summary=texts.summary(record.match, who),
            change=change,
            status=status,
        )

    async def stats(
        self, where: Where, actor: Actor, league: str | None = None, season: int | None = None
    ) -> Reply:
        """Win rates by faction, by first player and by scenario over accepted matches."""
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            chosen = await self._season(conn, found, season)
            records = await repo.season_matches(conn, chosen.id)
        result = stats.compute(r.match for r in records)
        lines: list[Text] = [
            T("league.stats.title", league=found.name, season=chosen.number, games=result.games)
        ]
        for key, section in (
            ("faction", result.by_faction),
            ("first", result.by_first),
            ("scenario", result.by_scenario),
        ):
            lines.append(T(f"league.stats.by_{key}"))
            lines += [_stats_line(line) for line in section] or [T("league.stats.none")]
        return public(*lines, locale=actor.locale)

    async def export(
        self,
        where: Where,
        actor: Actor,
        league: str | None = None,
        season: int | None = None,
        what: str = "matches",
    ) -> Reply:
        """A CSV file of the season's matches (every status, with rating steps) or standings."""
        if what not in EXPORTS:
            raise UserError("league.err.bad_export", what=what, known=", ".join(EXPORTS))
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            chosen = await self._season(conn, found, season)
            if what == "standings":
                data = exports.standings_csv((await self._standings(conn, found, chosen))[0])
            else:
                records = await repo.season_matches(
                    conn, chosen.id, (repo.PENDING, repo.DISPUTED, repo.ACCEPTED, repo.VOID)
                )
                steps = await repo.steps(conn, [r.id for r in records])
                data = exports.matches_csv(records, steps, self.names(await repo.members(conn, found.id)))
        filename = f"{_slug(found.name)}-s{chosen.number}-{what}.csv"
        return private(
            actor,
            T("league.export.done", league=found.name, season=chosen.number, what=T(f"league.export.{what}")),
            attachment=Image(filename, data),
        )


def _stats_line(line: stats.Line) -> Text:
    labels: list[Text | str] = [
        T(f"league.stats.{part}") if part in (stats.FIRST, stats.SECOND) else part for part in line.key
    ]
    label = labels[0] if len(labels) == 1 else T("league.stats.pair", scenario=labels[0], side=labels[1])
    return T(
        "league.stats.line",
        label=label,
        rate=f"{100 * line.win_rate:.0f}",
        wins=line.wins,
        draws=line.draws,
        losses=line.losses,
        games=line.games,
    )


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.casefold()).strip("-") or "league"
