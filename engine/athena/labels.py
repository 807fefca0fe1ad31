"""Every command in words (optional `GAME.label`): what autocomplete and buttons show, the
notation staying the value sent ("Play Commandant (CM) on Hoplite, slot 15" for `CM@15`).

Labels are short (Discord caps a choice label at 100 characters). Those of `play`,
`discard`, `engage` and the set-up commands name the player's own hidden cards: they are
only ever shown to that player. The commands the table may play and announce publicly
(a standing order or a window's timeout: `pass`, strategy and reveal activations) name only
what the rules make public when they are played (004 §VI.B: an activated power is flipped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.athena import powers
from engine.athena.content import content
from engine.athena.events import card_name, named_code, power_code
from engine.athena.state import (
    Activate,
    ChoosePowers,
    Command,
    Deploy,
    Discard,
    Engage,
    Pass,
    Play,
    Recruit,
    Reveal,
    State,
)
from engine.i18n import LOCALES, T, Text, render
from engine.protocol import Role

LABEL_LIMIT = 100  # Discord's cap on a choice's label


def _codes(codes: tuple[str, ...] | None) -> str:
    """`PE×2, AR`: a list of codes, repeated ones counted, in first-seen order."""
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in Counter(codes or ()).items())


def _own(state: State, role: Role, slot: int) -> Text:
    """The player's own card in that slot, by name (a slot with no card: just the number)."""
    slots = state.armies[role].slots
    code = slots[slot - 1] if 1 <= slot <= len(slots) else None
    if code is None:
        return T("athena.label.slot", slot=slot)
    return T("athena.label.card_slot", card=card_name(code), slot=slot)


def _named_codes(kind: str, codes: tuple[str, ...] | None) -> list[Text]:
    """`PE (Peltast)×2, AR (Archer)`: each code with its name, repeated ones counted."""
    out = []
    for code, n in Counter(codes or ()).items():
        named = named_code(kind, code)
        out.append(T("athena.label.times", item=named, n=n) if n > 1 else named)
    return out


def _set_up(kind: str) -> Callable[[State, Role, Any], Text]:
    table = "power" if kind == "powers" else "card"

    def make(state: State, role: Role, cmd: Any) -> Text:
        if cmd.preset:
            return T(f"athena.label.{kind}.{cmd.preset}")
        named = T(f"athena.label.{kind}.codes", codes=_named_codes(table, cmd.codes))
        if all(len(render(named, loc)) <= LABEL_LIMIT for loc in LOCALES):
            return named  # the names beside the codes, when they fit in a choice
        return T(f"athena.label.{kind}.codes", codes=_codes(cmd.codes))

    return make


def _activate(state: State, role: Role, cmd: Activate) -> Text:
    name = power_code(cmd.power)
    if cmd.target is not None:  # Clairvoyance: an enemy slot
        return T("athena.label.look", power=name, slot=cmd.slot, target=cmd.target)
    if cmd.swap is not None:  # Réorganisation: two own cards trade places
        a, b = cmd.swap
        return T(
            "athena.label.swap", power=name, slot=cmd.slot, a=_own(state, role, a), b=_own(state, role, b)
        )
    return T("athena.label.activate", power=name, slot=cmd.slot)


def _pass(state: State, role: Role, cmd: Pass) -> Text:
    kind = state.stack[-1].kind if state.stack else None
    return T(f"athena.label.pass.{kind}" if kind in ("strategy", "reveal") else "athena.label.pass")


def _reveal(state: State, role: Role, cmd: Reveal) -> Text:
    extra = powers.extra_cost(cmd.power) if cmd.power in content().powers else 0
    key = "athena.label.reveal" if extra else "athena.label.reveal_free"
    return T(key, power=power_code(cmd.power), extra=extra)


LABELS: dict[type, Callable[[State, Role, Any], Text]] = {
    Deploy: _set_up("deploy"),
    Recruit: _set_up("recruit"),
    ChoosePowers: _set_up("powers"),
    Play: lambda s, r, x: T("athena.label.play", power=power_code(x.power), card=_own(s, r, x.slot)),
    Discard: lambda s, r, x: T("athena.label.discard", power=power_code(x.power)),
    Activate: _activate,
    Pass: _pass,
    Engage: lambda s, r, x: T("athena.label.engage", card=_own(s, r, x.slot)),
    Reveal: _reveal,
}


def label(state: State, role: Role, command: Command) -> Text:
    return LABELS[type(command)](state, role, command)
