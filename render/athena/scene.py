"""What every drawing step of an Athena image needs: the canvas, the view, the readers' names
for the seats and the locale."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from engine.athena.view import AthenaView
from render.athena.names import label, player_name
from render.common import Colour

Badge = tuple[str, Colour, Colour]  # text, fill, ink of a pill


def seats(view: AthenaView) -> tuple[str, str]:
    """(upper, lower) roles: the viewer, if any, sits at the bottom like at a real table."""
    lower = view.viewer if view.viewer in view.roles else view.roles[0]
    return next(r for r in view.roles if r != lower), lower


@dataclass
class Scene:
    draw: ImageDraw.ImageDraw
    view: AthenaView
    names: dict[str, str]
    locale: str

    def name(self, role: str) -> str:
        return player_name(role, self.names)

    def label(self, key: str, **params: object) -> str:
        return label(key, self.locale, **params)

    def opponent(self, role: str) -> str:
        return next(r for r in self.view.roles if r != role)

    def outcome(self) -> str | None:
        """ "Alice wins the game!", "The game ends in a draw", or None while it goes on."""
        winners = self.view.winner
        if winners is None:
            return None
        if not winners:
            return self.label("draw")
        return self.label("winner", names=" & ".join(self.name(r) for r in winners))
