"""The working copy `apply` mutates, the events it produces and the dice it rolls."""

from __future__ import annotations

from typing import Any

from engine.battlelore.state import State
from engine.i18n import T, Text, role_text
from engine.protocol import Event, Role

ROLE_PARAMS = ("role", "other", "winner", "loser")


def role_name(role: Role) -> Text:
    return role_text(role, T(f"bl.role.{role}"))


class Ctx:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.reveals = False

    def say(self, key: str, **params: Any) -> None:
        """A public event: only public facts go in it."""
        self.events.append(Event(to=None, text=T(key, **_named(params)), data=_data(params)))

    def tell(self, role: Role, key: str, **params: Any) -> None:
        self.events.append(Event(to=role, text=T(key, **_named(params)), data=_data(params)))

    def die(self) -> int:
        """One combat die: faces 1-6 as 002 l.176-182 numbers them."""
        self.reveals = True
        return self.state.rng.below(6) + 1

    def shuffle(self, items: list) -> None:
        self.reveals = True
        self.state.rng.shuffle(items)

    def below(self, n: int) -> int:
        self.reveals = True
        return self.state.rng.below(n)


def _named(params: dict[str, Any]) -> dict[str, Any]:
    return {k: role_name(v) if k in ROLE_PARAMS and isinstance(v, str) else v for k, v in params.items()}


def _data(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if isinstance(v, str | int | bool | list)}
