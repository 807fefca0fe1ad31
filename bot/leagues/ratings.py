"""Ratings with openskill, recomputed from match history.

A season's ratings are a pure function of its accepted matches in play order: `replay`
is the only code that turns matches into ratings, both for a new result and for a full
recompute after a void or a correction, so the two always agree to the last bit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from bot.leagues.model import Match

MODELS = {
    "plackett_luce": PlackettLuce,
    "bradley_terry": BradleyTerryFull,
    "bradley_terry_part": BradleyTerryPart,
    "thurstone_mosteller": ThurstoneMostellerFull,
    "thurstone_mosteller_part": ThurstoneMostellerPart,
}
DEFAULT_MODEL = "plackett_luce"


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate standings are sorted by (99.7% sure to be at least this)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Step:
    """How one match moved one player's rating."""

    match_id: int
    user_id: str
    before: Rating
    after: Rating


@cache
def _model(name: str):
    return MODELS[name]()


def initial(model_name: str) -> Rating:
    model = _model(model_name)
    return Rating(model.mu, model.sigma)


def rate_match(model_name: str, match: Match, current: dict[str, Rating]) -> list[Step]:
    """Rate one match (teams of any size) from the players' current ratings."""
    model = _model(model_name)
    start = initial(model_name)
    teams = match.teams()
    before = [[current.get(s.user_id, start) for s in team] for team in teams]
    rated = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in before],
        ranks=[team[0].rank for team in teams],
    )
    return [
        Step(match.id, seat.user_id, old, Rating(new.mu, new.sigma))
        for team, olds, news in zip(teams, before, rated, strict=True)
        for seat, old, new in zip(team, olds, news, strict=True)
    ]


def replay(
    model_name: str, matches: Iterable[Match], start: dict[str, Rating] | None = None
) -> tuple[dict[str, Rating], list[Step]]:
    """Apply matches in play order from `start` (default: everyone at the initial rating)."""
    current = dict(start or {})
    steps: list[Step] = []
    for match in sorted(matches, key=Match.order_key):
        match_steps = rate_match(model_name, match, current)
        steps.extend(match_steps)
        current.update({s.user_id: s.after for s in match_steps})
    return current, steps
