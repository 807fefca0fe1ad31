"""Translatable texts for matches, rating changes and tables. Names and numbers are
language-neutral strings; everything worded goes through the catalog."""

from __future__ import annotations

from collections.abc import Iterable

from bot.leagues import dates
from bot.leagues.games import variants
from bot.leagues.model import Match, Seat
from bot.leagues.ratings import Rating, Step
from bot.leagues.repo import Season
from bot.leagues.standings import Row
from engine.i18n import T, Text

NAME_WIDTH = (6, 18)  # a text-table column wide enough for most names, narrow enough for phones
TEXT_ROWS = 20  # more rows would overflow a Discord message: the image and the CSV have them all
FENCE = T("league.fence")


def season_span(season: Season) -> Text:
    if season.starts_at is None and season.ends_at is None:
        return T("league.season.open_ended")
    start = dates.day(season.starts_at) if season.starts_at is not None else "…"
    end = dates.day(season.ends_at - 1) if season.ends_at is not None else "…"
    return T("league.season.span", start=start, end=end)


def variant(game: str, value: str) -> Text | str:
    """A league's variant in words; '' is any variant (a stored unknown one shows as typed)."""
    if not value:
        return T("league.variant.any")
    return variants(game).get(value, value)


def rating(r: Rating) -> str:
    return f"{r.mu:.1f} ± {r.sigma:.1f}"


def side(seats: Iterable[Seat], names: dict[str, str]) -> str:
    return " & ".join(
        names.get(s.user_id, s.user_id) + (f" ({s.faction})" if s.faction else "") for s in seats
    )


def _score(match: Match) -> str:
    teams = match.teams()
    if any(team[0].score is None for team in teams):
        return ""
    return " (" + "–".join(f"{team[0].score:g}" for team in teams) + ")"


def summary(match: Match, names: dict[str, str]) -> Text:
    """'A (red) beat B (blue) (3–1)', or a draw."""
    teams = match.teams()
    best = min(team[0].rank for team in teams)
    winners = [t for t in teams if t[0].rank == best]
    if len(winners) == len(teams):
        return T("league.match.draw", sides=" vs ".join(side(t, names) for t in teams), score=_score(match))
    losers = [t for t in teams if t[0].rank != best]
    return T(
        "league.match.won",
        winners=" vs ".join(side(t, names) for t in winners),
        losers=" / ".join(side(t, names) for t in losers),
        score=_score(match),
    )


def changes(steps: Iterable[Step], names: dict[str, str]) -> Text:
    """'A 27.6 (+2.6) · B 22.4 (−2.6)': where each player's rating went."""
    parts = [
        f"{names.get(s.user_id, s.user_id)} {s.after.mu:.1f} ({s.after.mu - s.before.mu:+.1f})" for s in steps
    ]
    return T("league.ratings.changes", changes=" · ".join(parts))


def streak(value: tuple[str, int] | None) -> Text | str:
    return T(f"league.streak.{value[0]}", n=value[1]) if value else "–"


def _clip(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def table(rows: list[Row]) -> list[Text]:
    """The standings as a monospace block: header, then up to TEXT_ROWS rows."""
    shown = rows[:TEXT_ROWS]
    width = max(NAME_WIDTH[0], min(NAME_WIDTH[1], max((len(r.name) + r.left for r in shown), default=0)))
    header = T(
        "league.standings.row",
        rank="#",
        player=T("league.col.player"),
        w=width,
        rating=T("league.col.rating"),
        games=T("league.col.games"),
        wdl=T("league.col.wdl"),
        streak=T("league.col.streak"),
    )
    lines = [FENCE, header]
    for r in shown:
        name = _clip(r.name, width - r.left) + ("*" if r.left else "")
        lines.append(
            T(
                "league.standings.row",
                rank=r.rank,
                player=name,
                w=width,
                rating=rating(r.rating),
                games=r.games,
                wdl=f"{r.wins}/{r.draws}/{r.losses}",
                streak=streak(r.streak),
            )
        )
    lines.append(FENCE)
    if len(rows) > len(shown):
        lines.append(T("league.standings.more", n=len(rows) - len(shown)))
    if any(r.left for r in rows):
        lines.append(T("league.standings.left_legend"))
    lines.append(T("league.standings.legend"))
    return lines
