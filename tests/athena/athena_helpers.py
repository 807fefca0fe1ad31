"""Helpers to set Battle for Athena positions up and play commands in notation."""

from __future__ import annotations

from typing import Any

from engine.athena import GAME, rules
from engine.athena.state import Attached, Options, State
from engine.protocol import Event

# The athenes army in a fixed order: slot 15 (top) GR, 14 HI, 13 HE, 12 AE, 11 FE, 10 HO...
ATHENES_ORDER = "PE,PE,AR,AR,FA,FA,SP,SP,HO,HO,FE,AE,HE,HI,GR"


class Table:
    """A game driven by notation, keeping every event."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.reveals: list[bool] = []

    def do(self, role: str, text: str) -> list[Event]:
        cmd = GAME.notation.parse(text, self.state, role)
        out = GAME.apply(self.state, role, cmd)
        self.state = out.state
        self.events += out.events
        self.reveals.append(out.reveals)
        return out.events

    def play(self, *moves: str) -> None:
        """Moves like "p1: CM@15"."""
        for move in moves:
            role, text = move.split(":", 1)
            self.do(role.strip(), text.strip())

    def public_texts(self) -> list[str]:
        return [e.text.key for e in self.events if e.to is None]

    def find(self, key: str, to: str | None = None) -> list[Event]:
        return [e for e in self.events if e.text.key == key and e.to == to]

    @property
    def top(self) -> tuple[str, list[str]]:
        frame = self.state.stack[-1]
        return frame.kind, frame.roles


def new_state(scenario: str = "athenes", seed: int = 1, **options: Any) -> State:
    opts = Options(scenario=scenario, **options)
    return GAME.setup(opts, GAME.roles(opts), seed)


def deployed(
    p1: str = ATHENES_ORDER, p2: str | None = None, scenario: str = "athenes", seed: int = 1, **options: Any
) -> Table:
    table = Table(new_state(scenario, seed, **options))
    table.do("p1", f"deploy {p1}")
    table.do("p2", f"deploy {p2 or p1}")
    return table


def arena(
    p1: dict[int, str],
    p2: dict[int, str],
    hands: dict[str, list[str]] | None = None,
    tokens: dict[str, int] | None = None,
    attacker: str = "p1",
    seed: int = 1,
    attached: dict[str, dict[int, list[str]]] | None = None,
) -> Table:
    """A duel position: only the listed athenes slots still hold cards; hands, tokens and
    face-down powers as given (empty hands, 5 tokens by default). The duel starts at its
    power phase."""
    state = deployed(seed=seed).state
    for role, cards in (("p1", p1), ("p2", p2)):
        army = state.armies[role]
        army.slots = [cards.get(i + 1) for i in range(len(army.slots))]
        army.powers = [
            [Attached(code=c) for c in (attached or {}).get(role, {}).get(i + 1, [])]
            for i in range(len(army.slots))
        ]
        army.hand = list((hands or {}).get(role, []))
        army.tokens = (tokens or {}).get(role, 5)
    state.attacker = attacker
    state.stack = rules.duel_frames(state)
    return Table(rules.settle(state).state)
