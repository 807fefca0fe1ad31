"""What every drawing step of a Mythic Battles image needs: the image and its pen, the view, the
readers' names for the seats, the locale, and lookups on the view's units."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from PIL import Image, ImageDraw

from engine.mythic.view import MythicView, UnitView
from render.common import Ink
from render.mythic.names import faction_name, label, local, player_name, short_labels
from render.mythic.seats import Seat, seat


@dataclass
class Scene:
    view: MythicView
    names: dict[str, str]
    locale: str
    image: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    units: dict[str, UnitView] = field(init=False)

    def __post_init__(self) -> None:
        self.units = {u.uid: u for u in self.view.units}

    def canvas(self, width: int, height: int) -> Image.Image:
        """Start the picture once its size is known (the layout measures text first)."""
        self.image = Image.new("RGB", (width, height), Ink.PAPER)
        self.draw = ImageDraw.Draw(self.image)
        return self.image

    @cached_property
    def labels(self) -> dict[str, str]:
        return short_labels(self.view.units, self.locale)

    def label(self, key: str, **params: object) -> str:
        return label(key, self.locale, **params)

    def name(self, role: str) -> str:
        return player_name(role, self.names, self.locale)

    def names_of(self, roles: list[str]) -> str:
        return " & ".join(self.name(r) for r in roles)

    def seat(self, role: str) -> Seat:
        return seat(self.view.roles, self.view.sides, role)

    @cached_property
    def teams(self) -> dict[int, list[str]]:
        """Team number -> its members in seat order; empty without teams (2 players)."""
        out: dict[int, list[str]] = {}
        for role in self.view.roles:
            team = self.view.sides[role].team if role in self.view.sides else None
            if team is not None:
                out.setdefault(team, []).append(role)
        return dict(sorted(out.items()))

    def units_left(self, roles: list[str]) -> tuple[int, int]:
        """(units standing, units recruited) of the armies of `roles`."""
        units = [u for u in self.view.units if u.owner in roles]
        return sum(1 for u in units if not u.destroyed), len(units)

    def unit_text(self, uid: str) -> str:
        """`Cerb (Cerberus)`, `LegA (Legion of the Damned, Acheron)`: the token's label, then
        the name up to its first comma and the affiliation."""
        unit = self.units.get(uid)
        if unit is None:
            return uid.split(".", 1)[-1]
        name = local(unit.name, self.locale).split(",")[0]
        if unit.affiliation is not None:
            name += f", {local(unit.affiliation, self.locale)}"
        return f"{self.labels[uid]} ({name})"

    def faction_mark(self, unit: UnitView) -> str:
        return faction_name(unit.faction, self.locale)[:1].upper()

    def outcome(self) -> str | None:
        winners = self.view.winners
        if winners is None:
            return None
        if not winners:
            return self.label("draw")
        for team, roles in self.teams.items():  # 001 §"Variant: 4-Player Battle", "Victory": a team wins
            if set(winners) == set(roles):
                return self.label("team_winner", n=team, names=self.names_of(roles))
        return self.label("winner", names=self.names_of(winners))
