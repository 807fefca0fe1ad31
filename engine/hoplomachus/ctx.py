"""The working copy `apply` mutates, with the events it produces and the dice it rolls."""

from __future__ import annotations

from typing import Any

from engine.hoplomachus.content import content
from engine.hoplomachus.state import Fighter, State
from engine.i18n import T, Text
from engine.protocol import Event


class Ctx:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.reveals = False  # dice rolled, cards drawn: no free take-back

    @property
    def fight(self):
        return self.state.fight

    def say(self, key: str, **params: Any) -> None:
        """A public event: the campaign is solo, but decks and the bag stay hidden in it."""
        self.events.append(Event(to=None, text=T(key, **params), data={"key": key}))

    def tell(self, key: str, **params: Any) -> None:
        """An event for the player alone (cards seen in a deck)."""
        self.events.append(Event(to="p1", text=T(key, **params), data={"key": key}))

    def die(self, colour: str) -> int:
        self.reveals = True
        faces = content().dice[colour].faces
        return faces[self.state.rng.below(len(faces))]

    def below(self, n: int) -> int:
        self.reveals = True
        return self.state.rng.below(n)

    def shuffle(self, items: list) -> None:
        self.reveals = True
        self.state.rng.shuffle(items)


def unit_name(unit: str) -> Text:
    return T(f"hop.unit.{unit}")


def who(u: Fighter) -> Text:
    """A unit in a message: its name and, in the arena, its hex."""
    if u.hex:
        return T("hop.who", name=unit_name(u.unit), hex=u.hex)
    return unit_name(u.unit)


def token_unit(token: str) -> str:
    """'kl_blade#2' -> 'kl_blade'; 'bane:frenzy#1' -> 'frenzy'."""
    return token.split("#")[0].split(":")[-1]
