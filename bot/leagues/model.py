"""What a league records about one finished game, independent of where it came from
(a game played on Agora, or one reported from a real table)."""

from __future__ import annotations

from dataclasses import dataclass, field

WIN, DRAW, LOSS = "W", "D", "L"


@dataclass(frozen=True)
class Seat:
    """One player's line in a match. Teammates share `team`; `rank` 1 is best and equal
    ranks between teams are a draw (the openskill convention)."""

    user_id: str
    team: int
    rank: int
    score: float | None = None
    faction: str | None = None
    first: bool | None = None  # None: unknown (a report that did not say)


@dataclass(frozen=True)
class Match:
    id: int
    played_at: float
    seats: tuple[Seat, ...]
    scenario: str | None = None
    details: dict = field(default_factory=dict, compare=False, hash=False)

    def teams(self) -> list[list[Seat]]:
        """Seats grouped by team, teams in ascending team number."""
        grouped: dict[int, list[Seat]] = {}
        for seat in self.seats:
            grouped.setdefault(seat.team, []).append(seat)
        return [grouped[k] for k in sorted(grouped)]

    def outcome(self, seat: Seat) -> str:
        """W when this seat's team is alone at the best rank, D when it shares it, else L."""
        team_ranks = {s.team: s.rank for s in self.seats}
        best = min(team_ranks.values())
        if seat.rank != best:
            return LOSS
        tied = sum(1 for r in team_ranks.values() if r == best)
        return WIN if tied == 1 else DRAW

    def order_key(self) -> tuple[float, int]:
        """Ratings are computed in the order games were played; the id breaks ties."""
        return (self.played_at, self.id)


def two_sides(reporter_side: list[str], other_side: list[str], result: str) -> list[Seat]:
    """Seats for a two-sided game from one side's point of view (`result` is W, D or L)."""
    mine, theirs = {WIN: (1, 2), DRAW: (1, 1), LOSS: (2, 1)}[result]
    return [Seat(u, 0, mine) for u in reporter_side] + [Seat(u, 1, theirs) for u in other_side]
