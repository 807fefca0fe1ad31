"""The working copy `apply` mutates, with the events it produces and the dice it rolls."""

from __future__ import annotations

from typing import Any

from engine.hoplomachus.content import content
from engine.hoplomachus.state import Fighter, State, Step
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

    def step(
        self,
        kind: str,
        u: Fighter,
        where: list[str | None],
        key: str,
        why: Text | None = None,
        *,
        by: str | None = None,
        what: str | None = None,
        **params: Any,
    ) -> None:
        """Something a unit did in a fight: kept in `fight.last` (the latest turn of each side,
        for the arrows) and told. In the rival's or the arena's own turn it is told as a
        numbered line with the rule that drove it, so the player can check it (issue 16)."""
        f = self.fight
        side = by or u.side  # `by`: the side playing a tactic, whoever it lands on
        # a side's new turn replaces its previous one; nothing older than the last round stays
        kept = [s for s in f.last if s.turn >= f.turn - 1 and not (s.side == side and s.turn != f.turn)]
        n = 1 + sum(1 for s in kept if s.side == side and s.turn == f.turn)
        kept.append(
            Step.model_construct(  # every field given, of its type: no validation on this hot path
                n=n, turn=f.turn, side=side, kind=kind, unit=what or u.unit, hexes=[h for h in where if h],
                why=why.model_dump(mode="json") if why is not None else None,
            )
        )  # fmt: skip
        f.last = kept
        told = (side, f.step) in (("r", "rival"), ("a", "arena"))
        if not told:
            self.say(key, **params)
            return
        line = T(key, **params)
        text = (
            T("hop.ev.step_why", n=n, text=line, why=why)
            if why is not None
            else T("hop.ev.step", n=n, text=line)
        )
        self.events.append(Event(to=None, text=text, data={"key": key, "n": n}))

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
