"""A server's hall of fame for solo games (`/game hall`): the finished runs of one game,
best first within each group the game declares (a campaign's difficulty), with the columns
it names (`GAME.hall`, engine/plugins.py `HallFacts`); as text, or as a CSV file."""

from __future__ import annotations

import csv
import io
import json
import time
from typing import Any

from bot.service.api import Actor, Image, Message, Reply, UserError, Where
from bot.service.core import ServiceCore
from engine.i18n import T, Text, normalize_locale, render

SHOWN = 10  # runs per group in the text table


class HallMixin(ServiceCore):
    async def hall(
        self,
        where: Where,
        actor: Actor,
        game_id: str | None = None,
        export: bool = False,
        players: bool = False,
    ) -> Reply:
        """The runs, best first within each group; `players`: the standings instead, one line
        per player and group (runs, victories, their best run), as `/league` standings are."""
        locale = normalize_locale(actor.locale)
        game = self._hall_game(game_id)
        facts = game.hall
        runs = []
        for record in await self.store.finished_games(where.guild_id, game.id):
            seats = [s for s in await self.store.seats(record.id) if s.user_id]
            result = record.result or {}
            details = {**await self._state_details(game, record), **(result.get("details") or {})}
            won = bool(result.get("winners"))
            player = (seats[0].user_id, seats[0].name) if seats else ("?", "?")
            runs.append((facts.best(details, won), record, player, details, won))
        groups: dict[str, list[Any]] = {}
        for run in sorted(runs, key=lambda r: r[0], reverse=True):
            key = str(run[3].get(facts.group_by, "")) if facts.group_by else ""
            groups.setdefault(key, []).append(run)
        order = [g for g in facts.groups if g in groups] + sorted(g for g in groups if g not in facts.groups)
        name = game.names.get(locale) or game.names.get("en") or game.id
        if players:
            return self._standings(facts, order, groups, name, len(runs), locale, export, game.id)
        if export:
            data = self._hall_csv(facts, order, groups, locale)
            attachment = Image(filename=f"agora-hall-{game.id}.csv", data=data)
            lines = [T("bot.hall.export", game=name, runs=len(runs))]
            return Reply([Message(lines=lines, attachment=attachment, ephemeral=True, locale=locale)])
        lines: list[Text] = [T("bot.hall.title", game=name, runs=len(runs))]
        if not runs:
            lines.append(T("bot.hall.empty"))
        for key in order:
            if facts.group_by:
                lines.append(T("bot.hall.group", group=facts.groups.get(key, key)))
            for rank, (_, record, (_, player), details, won) in enumerate(groups[key][:SHOWN], start=1):
                cells = self._hall_cells(facts, details)
                lines.append(
                    T(
                        "bot.hall.line",
                        rank=rank,
                        player=player,
                        outcome=T("bot.hall.won" if won else "bot.hall.lost"),
                        cells=cells,
                        day=time.strftime("%Y-%m-%d", time.gmtime(record.finished_at or record.updated_at)),
                    )
                )
        return Reply([Message(lines=lines, ephemeral=True, locale=locale)])

    def _hall_cells(self, facts: Any, details: dict[str, Any]) -> list[Text]:
        """A run's columns, each labelled and in words (`Act: IV`)."""
        return [
            T("bot.hall.cell", label=label, value=self._hall_word(facts, k, details.get(k)))
            for k, label in facts.columns
        ]

    def _standings(
        self,
        facts: Any,
        order: list[str],
        groups: dict[str, list[Any]],
        name: str,
        total: int,
        locale: str,
        export: bool,
        game_id: str,
    ) -> Reply:
        """One row per player and group: runs, victories, and their best run (the first of
        theirs in the group's order, which is best first)."""
        table: dict[str, list[dict[str, Any]]] = {}
        for key in order:
            rows: dict[str, dict[str, Any]] = {}
            for _, record, (uid, player), details, won in groups[key]:
                row = rows.setdefault(
                    uid, {"player": player, "runs": 0, "wins": 0, "best": (record, details, won)}
                )
                row["runs"] += 1
                row["wins"] += int(won)
            table[key] = list(rows.values())
        if export:
            out = io.StringIO()
            writer = csv.writer(out)
            group_head = [facts.group_by] if facts.group_by else []
            writer.writerow(
                [
                    "rank",
                    *group_head,
                    "player",
                    "runs",
                    "wins",
                    "best_won",
                    *[k for k, _ in facts.columns],
                    "best_game",
                ]
            )
            for key in order:
                for rank, row in enumerate(table[key], start=1):
                    record, details, won = row["best"]
                    cells = [details.get(k, "") for k, _ in facts.columns]
                    group = [key] if facts.group_by else []
                    writer.writerow(
                        [rank, *group, row["player"], row["runs"], row["wins"], int(won), *cells, record.id]
                    )
            attachment = Image(filename=f"agora-standings-{game_id}.csv", data=out.getvalue().encode())
            lines = [T("bot.hall.standings_export", game=name, runs=total)]
            return Reply([Message(lines=lines, attachment=attachment, ephemeral=True, locale=locale)])
        lines: list[Text] = [T("bot.hall.standings_title", game=name, runs=total)]
        if not total:
            lines.append(T("bot.hall.empty"))
        for key in order:
            if facts.group_by:
                lines.append(T("bot.hall.group", group=facts.groups.get(key, key)))
            for rank, row in enumerate(table[key][:SHOWN], start=1):
                _, details, won = row["best"]
                cells = self._hall_cells(facts, details)
                lines.append(
                    T(
                        "bot.hall.standing",
                        rank=rank,
                        player=row["player"],
                        wins=row["wins"],
                        runs=row["runs"],
                        outcome=T("bot.hall.won" if won else "bot.hall.lost"),
                        cells=cells,
                    )
                )
        return Reply([Message(lines=lines, ephemeral=True, locale=locale)])

    @staticmethod
    def _hall_word(facts: Any, key: str, value: Any) -> Any:
        """A detail in words where the game words it (`HallFacts.words`), else as stored."""
        if value is None:
            return "–"
        return facts.words(key, value) if facts.words is not None else value

    async def _state_details(self, game: Any, record: Any) -> dict[str, Any]:
        """A run that ended outside the rules (resigned, timed out) carries no engine details:
        the game's league facts read them from its last state."""
        facts = getattr(game, "league", None)
        if facts is None or (record.result or {}).get("details", {}).get(game.hall.group_by or ""):
            return {}
        raw = await self.store.current_state(record.id)
        return facts.details(game.load_state(json.loads(raw))) if raw else {}

    def _hall_game(self, game_id: str | None) -> Any:
        if game_id:
            game = self.catalog.get(game_id)
            if getattr(game, "hall", None) is None:
                raise UserError("bot.err.no_hall", game=game.id, games=self._hall_ids() or "–")
            return game
        ids = self._hall_ids()
        if len(ids) != 1:
            raise UserError("bot.err.which_hall", games=ids or "–")
        return self.catalog.get(ids[0])

    def _hall_ids(self) -> list[str]:
        return [g for g in self.catalog.ids() if getattr(self.catalog.get(g), "hall", None) is not None]

    @staticmethod
    def _hall_csv(facts: Any, order: list[str], groups: dict[str, list[Any]], locale: str) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out)
        group_head = [facts.group_by] if facts.group_by else []
        writer.writerow(
            ["rank", *group_head, "player", "won", *[k for k, _ in facts.columns], "game", "finished"]
        )
        for key in order:
            for rank, (_, record, (_, player), details, won) in enumerate(groups[key], start=1):
                finished = time.strftime(
                    "%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.finished_at or record.updated_at)
                )
                cells = [
                    render(details[k], locale) if isinstance(details.get(k), Text) else details.get(k, "")
                    for k, _ in facts.columns
                ]
                writer.writerow(
                    [rank, *([key] if facts.group_by else []), player, int(won), *cells, record.id, finished]
                )
        return out.getvalue().encode()
