"""Battle for Athena's glossary (`GAME.glossary`, `GAME.explain`; engine/glossary.py): the
powers by code and name, the combatants, the terrains, and the threat colour, tokens and duel.

Power texts are the catalog's (`athena.power.<code>.text`); numbers come from the authored
data (data/*.yaml); the rule entries restate 004 §IV.A "Menace", §VI.B and §VI in our words.
Every entry answers to its code (`CM`), so `/game explain name:CM` reads Commander.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.athena.content import content
from engine.glossary import Entry
from engine.i18n import T, Text, register_catalog

register_catalog(Path(__file__).parent)


def _power(code: str, power: Any) -> Entry:
    text = T(f"athena.power.{code}.text")
    facts = T(
        "athena.gloss.power.facts",
        code=code,
        phase=T(f"athena.phase.{power.phase}"),
        cost=power.cost,
        vp=power.vp,
    )
    lines = [
        text,
        facts,
        *([T("athena.gloss.power.lasting")] if power.lasting else []),
        T("athena.gloss.power.play"),
    ]
    return Entry(
        f"power.{code}", "power", T(f"athena.power.{code}"), tuple(lines), text, aliases=_aliases(code, power)
    )


def _aliases(code: str, item: Any) -> tuple[str, ...]:
    """The code, and the English initials where they differ (`CO` for Commander)."""
    return (code,) if item.code_en in (None, code) else (code, item.code_en)


@cache
def glossary() -> tuple[Entry, ...]:
    data = content()
    entries = [_power(code, p) for code, p in data.powers.items()]
    for code, card in data.combatants.items():
        text = T(
            "athena.gloss.card.text",
            code=code,
            attack=card.attack,
            defense=card.defense,
            colour=T(f"athena.colour.{data.colour(code)}"),
            cost=card.cost,
            vp=card.vp,
            box=card.box,
        )
        entries.append(
            Entry(f"card.{code}", "unit", T(f"athena.card.{code}"), (text,), aliases=_aliases(code, card))
        )
    for code, terrain in data.terrains.items():
        lines = [T("athena.gloss.terrain.text", code=code, vp=terrain.vp, box=terrain.box)]
        if terrain.special:
            lines.append(T("athena.gloss.terrain.special"))
        entries.append(
            Entry(f"terrain.{code}", "terrain", T(f"athena.terrain.{code}"), tuple(lines), aliases=(code,))
        )
    colours = T("athena.gloss.colour.text", green=data.colours.green_max, red=data.colours.red_min)
    entries += [
        Entry("rule.colour", "rule", T("athena.gloss.colour.name"), (colours,)),
        Entry("rule.token", "rule", T("athena.gloss.token.name"), (T("athena.gloss.token.text"),)),
        Entry("rule.duel", "rule", T("athena.gloss.duel.name"), (T("athena.gloss.duel.text"),)),
    ]
    return tuple(entries)


def explain(state: Any, role: str, command: Any) -> Text | None:
    """A power's effect wherever a command names it (`CM@15`; its label already reads
    "Commander (CM)")."""
    code = getattr(command, "power", None)
    if not isinstance(code, str) or code not in content().powers:
        return None
    return T(f"athena.power.{code}.text")


def with_power_texts(describe: Any) -> Any:
    """`/game hand`: the table's words for the private view, followed by what each power in
    the hand does (the hand is the player's own view; a power's text is public)."""

    def described(view: Any) -> list[Text]:
        lines = list(describe(view))
        codes: list[str] = []
        for line in lines:
            if line.key != "athena.desc.hand" or not isinstance(line.params.get("hand"), list | tuple):
                continue
            for item in line.params["hand"]:
                named = item.params.get("power") if isinstance(item, Text) else None
                code = named.params.get("code") if isinstance(named, Text) else None
                if isinstance(code, str) and code in content().powers and code not in codes:
                    codes.append(code)
        return lines + [
            T("athena.gloss.hand", power=T(f"athena.power.{c}"), code=c, text=T(f"athena.power.{c}.text"))
            for c in codes
        ]

    return described
