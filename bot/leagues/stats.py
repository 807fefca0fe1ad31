"""Win rates by faction, by first player and by scenario, counted per seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.leagues.model import DRAW, WIN, Match, Seat


@dataclass(frozen=True)
class Line:
    key: tuple[str, ...]  # e.g. ("red",), ("first",), ("river-map", "blue")
    games: int
    wins: int
    draws: int

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Stats:
    games: int
    by_faction: list[Line]
    by_first: list[Line]
    by_scenario: list[Line]


FIRST, SECOND = "first", "second"


def compute(matches: Iterable[Match]) -> Stats:
    matches = list(matches)
    return Stats(
        games=len(matches),
        by_faction=_tally(matches, lambda m, s: (s.faction,) if s.faction else None),
        by_first=_tally(matches, _turn_order),
        by_scenario=_tally(matches, _scenario_key),
    )


def _turn_order(match: Match, seat: Seat) -> tuple[str, ...] | None:
    if seat.first is None:
        return None
    return (FIRST if seat.first else SECOND,)


def _scenario_key(match: Match, seat: Seat) -> tuple[str, ...] | None:
    """Within a scenario, what matters is which side won: the faction when known,
    else the turn order."""
    if not match.scenario:
        return None
    side = seat.faction or (_turn_order(match, seat) or (None,))[0]
    return (match.scenario, side) if side else None


def _tally(matches: list[Match], key: Callable[[Match, Seat], tuple[str, ...] | None]) -> list[Line]:
    counts: dict[tuple[str, ...], list[int]] = {}
    for match in matches:
        for seat in match.seats:
            k = key(match, seat)
            if k is None:
                continue
            c = counts.setdefault(k, [0, 0, 0])
            outcome = match.outcome(seat)
            c[0] += 1
            c[1] += outcome == WIN
            c[2] += outcome == DRAW
    lines = [Line(k, *c) for k, c in counts.items()]
    return sorted(lines, key=lambda line: (-line.games, line.key))
