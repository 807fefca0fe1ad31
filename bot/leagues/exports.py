"""CSV exports: every match of a season seat by seat, or the standings. Cells that a
spreadsheet would run as a formula are quoted (names are typed by users)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from bot.leagues import dates
from bot.leagues.ratings import Step
from bot.leagues.repo import MatchRecord
from bot.leagues.standings import Row

MATCH_COLUMNS = [
    "match",
    "played",
    "source",
    "status",
    "decision",
    "game_id",
    "scenario",
    "team",
    "player_id",
    "player",
    "result",
    "rank",
    "score",
    "faction",
    "first",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
]
STANDING_COLUMNS = [
    "rank",
    "player_id",
    "player",
    "mu",
    "sigma",
    "ordinal",
    "games",
    "wins",
    "draws",
    "losses",
    "streak",
    "member",
]


def _safe(value: object) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(header: list[str], rows: Iterable[list[object]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([[_safe(v) for v in row] for row in rows])
    return buffer.getvalue().encode("utf-8")


def _number(value: float | None) -> str:
    return "" if value is None else repr(value)  # repr keeps every bit: the CSV replays exactly


def matches_csv(
    records: list[MatchRecord], steps: dict[int, dict[str, Step]], names: dict[str, str]
) -> bytes:
    rows = []
    for rec in records:
        match = rec.match
        for seat in rec.seats:
            step = steps.get(rec.id, {}).get(seat.user_id)
            rows.append(
                [
                    rec.id,
                    dates.day(rec.played_at),
                    rec.source,
                    rec.status,
                    rec.decision or "",
                    rec.game_id or "",
                    rec.scenario or "",
                    seat.team,
                    seat.user_id,
                    names.get(seat.user_id, seat.user_id),
                    match.outcome(seat),
                    seat.rank,
                    "" if seat.score is None else f"{seat.score:g}",
                    seat.faction or "",
                    "" if seat.first is None else int(seat.first),
                    *(
                        _number(v)
                        for v in (
                            (step.before.mu, step.before.sigma, step.after.mu, step.after.sigma)
                            if step
                            else (None,) * 4
                        )
                    ),
                ]
            )
    return _csv(MATCH_COLUMNS, rows)


def standings_csv(rows: list[Row]) -> bytes:
    return _csv(
        STANDING_COLUMNS,
        [
            [
                r.rank,
                r.user_id,
                r.name,
                _number(r.rating.mu),
                _number(r.rating.sigma),
                f"{r.rating.ordinal:.3f}",
                r.games,
                r.wins,
                r.draws,
                r.losses,
                r.streak_code or "",
                int(not r.left),
            ]
            for r in rows
        ],
    )
