"""Each army's look on the battlefield: a colour and a token shape per seat, so the owner of
a token reads from its outline alone (colour is never the only cue). Colours are Okabe & Ito
hues darkened enough to carry white text; they also differ in lightness."""

from __future__ import annotations

from dataclasses import dataclass

from render.common import Colour, Ink


@dataclass(frozen=True)
class Seat:
    fill: Colour
    ink: Colour  # text on the fill
    shape: str  # "circle" | "square" | "diamond" | "hexagon"


SEATS = (
    Seat((0, 114, 178), Ink.WHITE, "circle"),  # blue
    Seat((196, 82, 0), Ink.WHITE, "square"),  # vermilion
    Seat((0, 128, 96), Ink.WHITE, "diamond"),  # bluish green (4-player variant)
    Seat((120, 70, 150), Ink.WHITE, "hexagon"),  # purple (4-player variant)
)


def seat(roles: list[str], role: str) -> Seat:
    index = roles.index(role) if role in roles else 0
    return SEATS[index % len(SEATS)]
