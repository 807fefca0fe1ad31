"""Standings: one row per player who played this season, from matches and ratings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.leagues.model import DRAW, LOSS, WIN, Match
from bot.leagues.ratings import Rating


@dataclass(frozen=True)
class Row:
    rank: int
    user_id: str
    name: str
    rating: Rating
    games: int
    wins: int
    draws: int
    losses: int
    streak: tuple[str, int] | None  # ("W", 3): three wins in a row, most recent last
    left: bool = False  # no longer a member; their games still count

    @property
    def streak_code(self) -> str | None:
        """'W3' for three wins in a row (stored in archives and exports)."""
        return f"{self.streak[0]}{self.streak[1]}" if self.streak else None


def parse_streak(code: str | None) -> tuple[str, int] | None:
    return (code[0], int(code[1:])) if code else None


def compute(
    matches: Iterable[Match],
    ratings: dict[str, Rating],
    names: dict[str, str],
    left: frozenset[str] = frozenset(),
) -> list[Row]:
    """Rank by the conservative rating (mu - 3 sigma), then games played, then name."""
    outcomes: dict[str, list[str]] = {}
    for match in sorted(matches, key=Match.order_key):
        for seat in match.seats:
            outcomes.setdefault(seat.user_id, []).append(match.outcome(seat))
    rows = [
        _row(uid, results, ratings[uid], names.get(uid, uid), uid in left)
        for uid, results in outcomes.items()
    ]
    rows.sort(key=lambda r: (-r.rating.ordinal, -r.games, r.name.casefold(), r.user_id))
    return [replace(r, rank=i) for i, r in enumerate(rows, start=1)]


def _row(uid: str, results: list[str], rating: Rating, name: str, left: bool) -> Row:
    return Row(
        0,
        uid,
        name,
        rating,
        len(results),
        results.count(WIN),
        results.count(DRAW),
        results.count(LOSS),
        _streak(results),
        left,
    )


def _streak(results: list[str]) -> tuple[str, int] | None:
    if not results:
        return None
    last, count = results[-1], 0
    for r in reversed(results):
        if r != last:
            break
        count += 1
    return (last, count)
