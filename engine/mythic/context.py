"""The working copy `apply` mutates, with the events it produces and the dice it rolls."""

from __future__ import annotations

from typing import Any

from engine.i18n import T, Text, role_text
from engine.mythic import readings
from engine.mythic.state import State
from engine.protocol import Event, Role


class Ctx:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.reveals = False  # randomness used or hidden information shown

    def say(self, key: str, data: dict[str, Any] | None = None, **params: Any) -> None:
        """A public event: only public facts may go in it."""
        self.events.append(
            Event(to=None, text=T(key, **_named(params)), data={**_roles(params), **(data or {})})
        )

    def tell(self, role: Role, key: str, **params: Any) -> None:
        self.events.append(Event(to=role, text=T(key, **_named(params)), data=_roles(params)))

    def face(self) -> int:
        self.reveals = True
        return self.state.rng.below(readings.DIE_FACES)

    def shuffle(self, items: list[Any]) -> None:
        self.reveals = True
        self.state.rng.shuffle(items)


ROLE_PARAMS = ("role", "other", "winner", "loser", "mate")


def role_name(role: Role) -> Text:
    """A seat in a message: "Player 1", which the table service replaces by the player's name."""
    return role_text(role, T(f"mythic.role.{role}"))


def _named(params: dict[str, Any]) -> dict[str, Any]:
    """Roles in messages are shown by name ("Player 1"); the data keeps the role id."""
    return {k: role_name(v) if k in ROLE_PARAMS and isinstance(v, str) else v for k, v in params.items()}


def _roles(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k in ROLE_PARAMS}
