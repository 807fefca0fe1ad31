"""Games played elsewhere: a player reports, an opponent confirms or disputes, silence
means acceptance after 48 hours, and organizers settle disputes (accept, change, void)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

from bot.leagues import buttons, dates, repo, texts
from bot.leagues.base import CONFIRM_WINDOW, LeagueBase, outside_season, private, public
from bot.leagues.games import side_size
from bot.leagues.model import DRAW, LOSS, WIN, Seat, two_sides
from bot.service.api import Actor, Reply, UserError, Where
from engine.i18n import T, Text

RESULTS = {"win": WIN, "draw": DRAW, "loss": LOSS}
# an organizer's decision -> (the match's new status, the decision recorded)
DECISIONS = {
    "accept": (repo.ACCEPTED, "accepted"),
    "change": (repo.ACCEPTED, "changed"),
    "void": (repo.VOID, "voided"),
}
FIRST_CHOICES = ("me", "opponent")
MAX_GAMES_A_DAY = 20
LABEL_LENGTH = 40


def _label(value: str | None) -> str | None:
    """Factions and scenarios typed by players: one spelling per label, so stats group them."""
    if value is None or not value.strip():
        return None
    return " ".join(value.split()).casefold()[:LABEL_LENGTH]


def dedupe_key(side: list[str], other: list[str], day: str, number: int) -> str:
    """What makes two reports the same game: the same sides (whoever reports it, whichever
    side won), the same day (UTC) and the same game number of that day. A second report
    claiming another result is therefore refused: the answer to a wrong report is a dispute.
    Duels keep the plain form `day#n:a,b`; team games name both sides, so the same four
    players in other pairs are another game."""
    if len(side) == 1 and len(other) == 1:
        return f"{day}#{number}:{','.join(sorted(side + other))}"
    sides = sorted("&".join(sorted(team)) for team in (side, other))
    return f"{day}#{number}:{'|'.join(sides)}"


def _check_scores(result: str, mine: float | None, theirs: float | None) -> None:
    if (mine is None) != (theirs is None):
        raise UserError("league.err.both_scores")
    if mine is None or theirs is None:
        return
    if (result == WIN and mine < theirs) or (result == LOSS and mine > theirs):
        raise UserError("league.err.score_contradicts", mine=mine, theirs=theirs)


class ReportCommands(LeagueBase):
    async def report(
        self,
        where: Where,
        actor: Actor,
        opponent: str,
        result: str,
        *,
        league: str | None = None,
        partner: str | None = None,
        opponent_partner: str | None = None,
        my_score: float | None = None,
        their_score: float | None = None,
        my_faction: str | None = None,
        their_faction: str | None = None,
        first: str | None = None,
        scenario: str | None = None,
        played: str | None = None,
        number: int = 1,
        names: dict[str, str] | None = None,
    ) -> Reply:
        """Report a game played away from Agora. `result` is the reporter's side's: win,
        draw or loss. `partner`/`opponent_partner` make it a two-against-two game.
        `names` are display names of the users mentioned, for error messages."""
        if result not in RESULTS:
            raise UserError("league.err.bad_result", result=result)
        if first is not None and first not in FIRST_CHOICES:
            raise UserError("league.err.bad_first", first=first)
        if not 1 <= number <= MAX_GAMES_A_DAY:
            raise UserError("league.err.bad_number", max=MAX_GAMES_A_DAY)
        _check_scores(RESULTS[result], my_score, their_score)
        mine = [actor.user_id] + ([partner] if partner else [])
        theirs = [opponent] + ([opponent_partner] if opponent_partner else [])
        if actor.user_id in theirs:
            raise UserError("league.err.self_report")
        if len(set(mine + theirs)) != len(mine + theirs):
            raise UserError("league.err.player_twice")
        if len(mine) != len(theirs):
            raise UserError("league.err.uneven_sides")
        now = self.clock()
        played_at = self._played_at(played, now)
        seats = self._seats(
            mine, theirs, RESULTS[result], my_score, their_score, my_faction, their_faction, first
        )
        key = dedupe_key(mine, theirs, dates.day(played_at), number)
        async with self.store.transaction() as conn:
            found = await self._league(conn, where, league)
            members = await self._active_member(conn, found, actor)
            size = side_size(found.game, found.variant)
            if size is not None and len(mine) != size:
                raise UserError(
                    "league.err.duel_only" if size == 1 else "league.err.teams_only", league=found.name
                )
            outsiders = [u for u in mine + theirs if u not in members or not members[u].active]
            if outsiders:
                shown = [members[u].name if u in members else (names or {}).get(u, u) for u in outsiders]
                raise UserError("league.err.not_members", players=", ".join(shown), league=found.name)
            season = await repo.open_season(conn, found.id)
            refusal = outside_season(season, played_at)
            if refusal is not None:
                raise UserError(refusal.key, **refusal.params)
            await self._refuse_duplicate(conn, found, key, members)
            await self._refuse_recorded(conn, found, mine, theirs, played_at, number, members)
            try:
                match_id = await repo.insert_match(
                    conn,
                    league_id=found.id,
                    season_id=season.id,
                    source="report",
                    status=repo.PENDING,
                    channel_id=where.channel_id,
                    played_at=played_at,
                    now=now,
                    seats=seats,
                    dedupe_key=key,
                    reported_by=actor.user_id,
                    scenario=_label(scenario),
                )
            except sqlite3.IntegrityError:  # another process recorded it between our check and insert
                await self._refuse_duplicate(conn, found, key, members)
                raise
            record = await repo.match(conn, match_id)
        who = self.names(members)
        return public(
            T(
                "league.report.posted",
                id=match_id,
                league=found.name,
                reporter=actor.name,
                summary=texts.summary(record.match, who),
                date=dates.day(played_at),
            ),
            T(
                "league.report.ask",
                opponents=", ".join(who[u] for u in theirs),
                hours=int(CONFIRM_WINDOW // 3600),
            ),
            mentions=theirs,
            buttons=[buttons.button(match_id, a) for a in buttons.OPPONENT_ACTIONS],
        )

    def _played_at(self, played: str | None, now: float) -> float:
        """Today's games take the report's time; earlier days take midday (their hour is unknown)."""
        if played is None or dates.parse_day(played) == dates.start_of_day(now):
            return now
        day = dates.parse_day(played)
        if day > now:
            raise UserError("league.err.future", date=played)
        return day + dates.DAY / 2

    @staticmethod
    def _seats(
        mine: list[str],
        theirs: list[str],
        result: str,
        my_score: float | None,
        their_score: float | None,
        my_faction: str | None,
        their_faction: str | None,
        first: str | None,
    ) -> list[Seat]:
        starter = None if first is None else (mine[0] if first == "me" else theirs[0])
        return [
            replace(
                seat,
                score=my_score if seat.team == 0 else their_score,
                faction=_label(my_faction if seat.team == 0 else their_faction),
                first=None if starter is None else seat.user_id == starter,
            )
            for seat in two_sides(mine, theirs, result)
        ]

    async def _refuse_duplicate(
        self, conn: Any, league: repo.League, key: str, members: dict[str, repo.Member]
    ) -> None:
        existing = await repo.match_by_dedupe(conn, league.id, key)
        if existing is None:
            return
        who = self.names(members)
        raise UserError(
            "league.err.duplicate",
            id=existing.id,
            reporter=who.get(existing.reported_by, "?"),
            summary=texts.summary(existing.match, who),
            date=dates.day(existing.played_at),
            status=T(f"league.status.{existing.status}"),
        )

    async def _refuse_recorded(
        self,
        conn: Any,
        league: repo.League,
        mine: list[str],
        theirs: list[str],
        played_at: float,
        number: int,
        members: dict[str, repo.Member],
    ) -> None:
        """Games these sides played on Agora that day were recorded already and take the
        first numbers of the day: game 1 of the day was the Agora game, a table game after
        it is `number:2`. A report of the Agora game itself is thus refused."""
        day = dates.start_of_day(played_at)
        sides = frozenset({frozenset(mine), frozenset(theirs)})
        same = [
            m
            for m in await repo.recorded_games(conn, league.id, day, day + dates.DAY)
            if frozenset(frozenset(s.user_id for s in team) for team in m.match.teams()) == sides
        ]
        if number <= len(same):
            shown = same[number - 1]
            raise UserError(
                "league.err.played_here",
                id=shown.id,
                summary=texts.summary(shown.match, self.names(members)),
                date=dates.day(shown.played_at),
                next=len(same) + 1,
            )

    # answers and decisions ----------------------------------------------------------------

    async def press(self, where: Where, actor: Actor, custom_id: str) -> Reply:
        """A click on a report's Confirm/Dispute (its opponents) or Accept/Void (organizers)."""
        match_id, action = buttons.parse(custom_id)
        if action in buttons.OPPONENT_ACTIONS:
            return await self._answer(where, actor, match_id, action)
        return await self.resolve(where, actor, match_id, action)

    async def _answer(self, where: Where, actor: Actor, match_id: int, action: str) -> Reply:
        async with self.store.transaction() as conn:
            league, record = await self._record(conn, where, match_id)
            members = await repo.members(conn, league.id)
            who = self.names(members)
            side = record.side_of(actor.user_id)
            if side is None or record.source != "report":
                raise UserError("league.err.not_your_report", id=match_id)
            if side == record.side_of(record.reported_by or ""):
                raise UserError("league.err.own_report", id=match_id)
            if record.status != repo.PENDING:
                raise _already_decided(record)
            summary = texts.summary(record.match, who)
            now = self.clock()
            if action == buttons.DISPUTE:
                await repo.decide(conn, match_id, repo.DISPUTED, "disputed", actor.user_id, now)
                return public(
                    T("league.report.disputed", id=match_id, player=actor.name, summary=summary),
                    T("league.report.to_organizers", id=match_id),
                    mentions=[league.created_by],
                    buttons=[buttons.button(match_id, a) for a in buttons.ORGANIZER_ACTIONS],
                )
            await repo.decide(conn, match_id, repo.ACCEPTED, "confirmed", actor.user_id, now)
            steps = await self._rerate(conn, league, record)
        return public(
            T("league.report.confirmed", id=match_id, player=actor.name, summary=summary),
            *self._rating_lines(steps, record, who),
        )

    async def resolve(
        self,
        where: Where,
        actor: Actor,
        match_id: int,
        action: str,
        *,
        winner: str | None = None,
        draw: bool = False,
    ) -> Reply:
        """Organizers: `accept` a waiting or disputed report, `void` any result, or
        `change` it (a `winner` among its players, or `draw`). Ratings are recomputed
        from that match onward."""
        if action not in DECISIONS:
            raise UserError("league.err.bad_action", action=action)
        async with self.store.transaction() as conn:
            league, record = await self._record(conn, where, match_id)
            self._require_organizer(actor, league)
            who = self.names(await repo.members(conn, league.id))
            shown = record
            if action == "change":
                if (
                    record.status == repo.VOID and record.dedupe_key
                ):  # reinstating: its key may be taken again
                    await self._refuse_duplicate(
                        conn, league, record.dedupe_key, await repo.members(conn, league.id)
                    )
                shown = replace(record, seats=tuple(_corrected(record, winner, draw)))
                await repo.put_seats(conn, match_id, shown.seats)
            elif record.status not in (repo.OPEN_STATUSES if action == "accept" else repo.COUNTABLE_STATUSES):
                raise _already_decided(record)
            status, decision = DECISIONS[action]
            await repo.decide(conn, match_id, status, decision, actor.user_id, self.clock())
            line = T(
                f"league.decision.{decision}",
                id=match_id,
                organizer=actor.name,
                summary=texts.summary(shown.match, who),
            )
            counted_before = record.status == repo.ACCEPTED
            steps = await self._rerate(conn, league, record) if counted_before or action != "void" else []
        return public(line, *self._rating_lines(steps, record, who))

    async def void(self, where: Where, actor: Actor, match_id: int) -> Reply:
        return await self.resolve(where, actor, match_id, "void")

    async def _record(self, conn: Any, where: Where, match_id: int) -> tuple[repo.League, repo.MatchRecord]:
        """A match of this server in a season still open (closed seasons are archived)."""
        record = await repo.match(conn, match_id)
        league = await repo.league(conn, record.league_id) if record else None
        if record is None or league is None or league.guild_id != where.guild_id:
            raise UserError("league.err.no_match", id=match_id)
        if (await repo.open_season(conn, league.id)).id != record.season_id:
            raise UserError("league.err.season_closed", id=match_id)
        return league, record

    def _rating_lines(self, steps: list, record: repo.MatchRecord, who: dict[str, str]) -> list[Text]:
        own = self._match_steps(steps, record.match)
        lines = [texts.changes(own, who)] if own else []
        later = len({s.match_id for s in steps}) - (1 if own else 0)
        if later:
            lines.append(T("league.ratings.replayed", n=later))
        return lines

    # the 48-hour rule -----------------------------------------------------------------------

    async def tick(self, now: float | None = None) -> list[tuple[Where, Reply]]:
        """Accept every report left unanswered for 48 hours; returns (channel, announcement)
        pairs, the shape of `TableService.tick`."""
        now = self.clock() if now is None else now
        out: list[tuple[Where, Reply]] = []
        async with self.store.transaction() as conn:
            for record in await repo.reports_due(conn, now - CONFIRM_WINDOW):
                league = await repo.league(conn, record.league_id)
                who = self.names(await repo.members(conn, league.id))
                await repo.decide(conn, record.id, repo.ACCEPTED, "timeout", None, now)
                steps = await self._rerate(conn, league, record)
                reply = public(
                    T(
                        "league.report.timeout",
                        id=record.id,
                        summary=texts.summary(record.match, who),
                        hours=int(CONFIRM_WINDOW // 3600),
                    ),
                    *self._rating_lines(steps, record, who),
                )
                reply.where = Where(league.guild_id, record.channel_id)
                out.append((reply.where, reply))
        return out

    async def waiting(self, where: Where, actor: Actor, league: str | None = None) -> Reply:
        """Reports still waiting for an answer or an organizer's decision."""
        async with self.store.reading() as conn:
            found = await self._league(conn, where, league)
            season = await repo.open_season(conn, found.id)
            records = await repo.season_matches(conn, season.id, repo.OPEN_STATUSES)
            who = self.names(await repo.members(conn, found.id))
        lines: list[Text] = [T("league.waiting.title", league=found.name, n=len(records))]
        for r in records:
            deadline = dates.day(r.recorded_at + CONFIRM_WINDOW)
            lines.append(
                T(
                    f"league.waiting.{r.status}",
                    id=r.id,
                    date=dates.day(r.played_at),
                    summary=texts.summary(r.match, who),
                    deadline=deadline,
                )
            )
        return private(actor, *lines)


def _already_decided(record: repo.MatchRecord) -> UserError:
    return UserError("league.err.already_decided", id=record.id, status=T(f"league.status.{record.status}"))


def _corrected(record: repo.MatchRecord, winner: str | None, draw: bool) -> list[Seat]:
    """The match's seats with new ranks: the winner's team first, or everyone level."""
    if draw == (winner is not None):
        raise UserError("league.err.change_needs_result")
    team = record.side_of(winner) if winner else None
    if winner and team is None:
        raise UserError("league.err.winner_not_in_match", id=record.id)
    seats = [replace(s, rank=1 if draw or s.team == team else 2) for s in record.seats]
    if [s.rank for s in seats] != [s.rank for s in record.seats]:
        seats = [replace(s, score=None) for s in seats]  # the old scores told the old story
    return seats
