"""The event collector `apply` fills, and the translatable names events carry."""

from __future__ import annotations

from typing import Any

from engine.athena.state import State
from engine.i18n import T, Text, role_text
from engine.protocol import Event, Role


def role_name(role: Role) -> Text:
    return role_text(role, T(f"athena.role.{role}"))


def card_name(code: str) -> Text:
    return T(f"athena.card.{code}")


def power_name(code: str) -> Text:
    return T(f"athena.power.{code}")


def power_code(code: str) -> Text:
    """A power's name with its code beside it: the codes come from the French names (PS for
    "Pas si fort que ça"), so a reader needs both to type a move."""
    return T("athena.power_code", name=power_name(code), code=code)


def named_code(kind: str, code: str) -> Text:
    """A combatant's ("card") or power's code with its name beside it: `CM (Commander)`."""
    return T("athena.code_named", code=code, name=T(f"athena.{kind}.{code}"))


def named_codes(kind: str, codes: Any) -> list[Text]:
    """Each code of a list with its name: what an error lists as the codes one may type."""
    return [named_code(kind, code) for code in sorted(codes)]


def terrain_name(code: str) -> Text:
    return T(f"athena.terrain.{code}")


def colour_name(colour: str | None) -> Text:
    return T(f"athena.colour.{colour or 'hidden'}")


def half(doubled: int) -> float:
    """Combat values are stored doubled so halves stay exact (004 §VI.B "Phase de Résolution")."""
    return doubled / 2


def value_text(doubled: int) -> Text:
    """A combat value for messages: "6.5" in English, "6,5" in French."""
    whole, rest = divmod(doubled, 2)
    return T("athena.value.half" if rest else "athena.value.whole", n=whole)


class Ctx:
    """One `apply` in progress: the state being changed and what happened, for whom."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.reveals = False  # drew a card, used the generator or showed hidden information

    def public(self, key: str, data: dict[str, Any] | None = None, **params: Any) -> None:
        self.events.append(Event(to=None, text=T(key, **params), data=data or {}))

    def private(self, role: Role, key: str, data: dict[str, Any] | None = None, **params: Any) -> None:
        self.events.append(Event(to=role, text=T(key, **params), data=data or {}))

    def draw_powers(self, role: Role, count: int) -> list[str]:
        """Draw from the role's power deck as far as it allows (004 §VI.B "Phase de rétablissement")."""
        army = self.state.armies[role]
        drawn = [army.deck.pop() for _ in range(min(count, len(army.deck)))]
        if drawn:
            army.hand.extend(drawn)
            self.reveals = True
            self.private(role, "athena.ev.drew", {"powers": drawn}, powers=[power_name(c) for c in drawn])
        return drawn
