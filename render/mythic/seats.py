"""Each army's look on the battlefield: a colour and a token shape per seat, so the owner of
a token reads from its outline alone (colour is never the only cue).

Colours are Okabe & Ito hues darkened enough to carry white text (contrast >= 4.5). In the
4-player variant (001 §"Variant: 4-Player Battle": two teams of two) team-mates share a hue
family, cool for team 1 (navy blue, bluish green) and warm for team 2 (vermilion, reddish
purple), and the two members of a team differ in lightness; under simulated protanopia,
deuteranopia and tritanopia every pair stays apart (tests/render/test_mythic_four.py)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.mythic.view import SideView
from render.common import Colour, Ink


@dataclass(frozen=True)
class Seat:
    fill: Colour
    ink: Colour  # text on the fill
    shape: str  # "circle" | "square" | "diamond" | "hexagon"


# In seat order: team 1's first player, team 2's first, team 1's second, team 2's second
# (001 §"Variant: 4-Player Battle": "Team 1, player 1 - Team 2, player 1 - Team 1, player 2 ...").
SEATS = (
    Seat((20, 70, 150), Ink.WHITE, "circle"),  # navy blue (team 1)
    Seat((196, 82, 0), Ink.WHITE, "square"),  # vermilion (team 2)
    Seat((0, 128, 96), Ink.WHITE, "diamond"),  # bluish green (team 1)
    Seat((150, 40, 115), Ink.WHITE, "hexagon"),  # reddish purple (team 2)
)


def seat_index(roles: list[str], sides: dict[str, SideView], role: str) -> int:
    """The seat of `role`: its rank among the roles; with teams, team t's k-th member takes
    seat (t - 1) + 2k, so team-mates always share a hue family whatever the roles' order."""
    team = sides[role].team if role in sides else None
    if team is None:
        return roles.index(role) if role in roles else 0
    mates = [r for r in roles if r in sides and sides[r].team == team]
    return (team - 1) % 2 + 2 * mates.index(role)


def seat(roles: list[str], sides: dict[str, SideView], role: str) -> Seat:
    return SEATS[seat_index(roles, sides, role) % len(SEATS)]
