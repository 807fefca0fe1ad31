"""Short text notation for every command, in the spirit of chess SAN.

    CM@15              play the power CM face down on your card in slot 15
    discard CM         discard CM from your hand
    activate CL@7 12   activate the Clairvoyance on your slot 7, looking at enemy slot 12
    activate RE@7 3,9  activate the Reorganisation on slot 7, swapping slots 3 and 9
    activate AT@4      any other strategy power
    pass               end your strategy or reveal step
    engage 15          send the card of slot 15 to the duel
    reveal CM@15       activate a reveal power of your engaged card
    deploy random|strong|weak|PE,AR,...    lay out your army (codes in slot order 1..N)
    recruit strong|balanced|light|PE,AR,...  (expert) your combatants
    powers combat|mixed|cunning|CM,CC,...    (expert) your power cards

Parsing ignores case and extra spaces; `format` gives the canonical form. A list may repeat
a code with `*n` (`PE*2,AR`). Codes are the French initials of the cards (004 is French);
the English initials are accepted too where they differ (`CO@15` is `CM@15`, Commander).
"""

from __future__ import annotations

import re

from engine.athena.content import content
from engine.athena.events import named_codes
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
)
from engine.errors import IllegalCommand

HELP_EXAMPLES = [
    "CM@15",
    "discard CM",
    "activate CL@7 12",
    "pass",
    "engage 15",
    "reveal CM@15",
    "deploy strong",
]

_CODE = r"([a-z][a-z0-9]{1,3})"
_PATTERNS = [
    ("pass", re.compile(r"pass")),
    ("discard", re.compile(rf"discard {_CODE}")),
    ("play", re.compile(rf"{_CODE} ?@ ?(\d+)")),
    ("activate", re.compile(rf"activate {_CODE} ?@ ?(\d+)(?: (\d+)(?: ?, ?(\d+))?)?")),
    ("engage", re.compile(r"engage (\d+)")),
    ("reveal", re.compile(rf"reveal {_CODE} ?@ ?(\d+)")),
    ("deploy", re.compile(r"deploy (.+)")),
    ("recruit", re.compile(r"recruit (.+)")),
    ("powers", re.compile(r"powers (.+)")),
]


def format_command(cmd: Command) -> str:
    if isinstance(cmd, Deploy | Recruit | ChoosePowers):
        return f"{cmd.kind} {cmd.preset or ','.join(cmd.codes or ())}"
    if isinstance(cmd, Play):
        return f"{cmd.power}@{cmd.slot}"
    if isinstance(cmd, Discard):
        return f"discard {cmd.power}"
    if isinstance(cmd, Activate):
        text = f"activate {cmd.power}@{cmd.slot}"
        if cmd.target is not None:
            text += f" {cmd.target}"
        if cmd.swap is not None:
            text += f" {cmd.swap[0]},{cmd.swap[1]}"
        return text
    if isinstance(cmd, Engage):
        return f"engage {cmd.slot}"
    if isinstance(cmd, Reveal):
        return f"reveal {cmd.power}@{cmd.slot}"
    if isinstance(cmd, Pass):
        return "pass"
    raise TypeError(f"not a Battle for Athena command: {cmd!r}")


def _canonical(table: str, typed: str) -> str:
    """The code a typed code names: the French initials of the data (`CM`) or, for players
    reading in English, the English ones (`CO` for Commander); the canonical form is the
    French code, so logs and transcripts read the same in every language."""
    code = content().canonical(table, typed.upper())
    if code is None:
        kind, error = (
            ("card", "athena.err.unknown_card")
            if table == "combatants"
            else ("power", "athena.err.unknown_power")
        )
        raise IllegalCommand(error, code=typed.upper(), known=named_codes(kind, getattr(content(), table)))
    return code


def _power(code: str) -> str:
    return _canonical("powers", code)


def _codes(text: str, table: str) -> tuple[str, ...]:
    out: list[str] = []
    for item in re.split(r"[,\s]+", text.strip(" ,")):
        match = re.fullmatch(r"([a-z0-9]+)(?:\*(\d+))?", item)
        code = _canonical(table, match.group(1) if match else item)
        out += [code] * (int(match.group(2)) if match and match.group(2) else 1)
    return tuple(out)


def _list_command(kind: str, rest: str) -> Command:
    if kind == "deploy":
        model, presets, table = Deploy, ("random", "strong", "weak"), "combatants"
    elif kind == "recruit":
        model, presets, table = Recruit, ("strong", "balanced", "light"), "combatants"
    else:
        model, presets, table = ChoosePowers, ("combat", "mixed", "cunning"), "powers"
    if rest in presets:
        return model(preset=rest)
    return model(codes=_codes(rest, table))


def parse_command(text: str) -> Command | None:
    """The command the text spells, or None when it is no command at all."""
    norm = re.sub(r"\s+", " ", text.strip().lower())
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m is None:
            continue
        g = m.groups()
        if kind == "pass":
            return Pass()
        if kind == "discard":
            return Discard(power=_power(g[0]))
        if kind == "play":
            return Play(power=_power(g[0]), slot=int(g[1]))
        if kind == "activate":
            target = int(g[2]) if g[2] is not None and g[3] is None else None
            swap = (int(g[2]), int(g[3])) if g[3] is not None else None
            return Activate(power=_power(g[0]), slot=int(g[1]), target=target, swap=swap)
        if kind == "engage":
            return Engage(slot=int(g[0]))
        if kind == "reveal":
            return Reveal(power=_power(g[0]), slot=int(g[1]))
        return _list_command(kind, g[0])
    return None
