"""Mythic Battles' glossary (`GAME.glossary`, `GAME.explain`; engine/glossary.py): talents,
units at each Vitality level, and the words of the game (Art of War, power points, "+",
Vitality, Leadership, maneuver cards, flying units, terrain).

Talent texts are the authored data's (data/talents.yaml, after 000/001 "List of Talents");
unit texts are built from data/units.yaml; the rule entries restate 001 "Unit cards",
"Power points", "Art of War cards", "The Maneuver cards", "Unit Types" and "Terrain Effects"
in our own words.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.glossary import Entry
from engine.i18n import T, Text, register_catalog
from engine.mythic import commands as c
from engine.mythic.content import content
from engine.mythic.game import GAME
from engine.mythic.talents import talent_name
from engine.mythic.units import unit_name

register_catalog(Path(__file__).parent)

ATTACK_TALENTS = {"bite": "cerberus_bite", "spread": "spread_shot"}  # notation word -> talent
RULES = (
    ("aow", ("aow", "art of war")),
    ("pp", ("pp",)),
    ("plus", ("+",)),
    ("vitality", ()),
    ("leadership", ()),
    ("maneuver", ()),
    ("flying", ()),
    ("hill", ()),
    ("forest", ()),
    ("ruins", ()),
    ("impassable", ()),
    ("crevasse", ()),
)


def _names(names: Any) -> Text:
    return T("mythic.name", en=names.en, fr=names.fr)


def _talent(tid: str, talent: Any, owners: dict[str, list[tuple[str, int]]]) -> Entry:
    text = _names(talent.text)
    lines = [text, T(f"mythic.gloss.timing.{talent.timing}")]
    costs = sorted({cost for _, cost in owners.get(tid, [])})
    lines.append(
        T("mythic.gloss.free") if talent.free or costs == [0] else T("mythic.gloss.cost", costs=costs or "-")
    )
    units = list(dict.fromkeys(u for u, _ in owners.get(tid, [])))
    if units:
        lines.append(T("mythic.gloss.owners", units=[unit_name(u) for u in units]))
    return Entry(
        f"talent.{tid}", "talent", talent_name(tid), tuple(lines), text, aliases=(tid, tid.replace("_", " "))
    )


def _level(v: int, level: Any) -> Text:
    talents = [
        T("mythic.gloss.unit.talent_dice", talent=talent_name(t), cost=u.cost, dice=u.dice)
        if u.dice
        else T("mythic.gloss.unit.talent", talent=talent_name(t), cost=u.cost)
        for t, u in level.talents.items()
    ]
    return T(
        "mythic.gloss.unit.level",
        v=v,
        move=level.move[0],
        move_free=level.move[1],
        cc=level.cc,
        ranged=T("mythic.gloss.unit.ranged", ra=level.ra, range=level.range) if level.ra else "",
        defense=level.defense,
        plus=T("mythic.gloss.unit.plus", stats=[T(f"mythic.stat.{s}") for s in sorted(level.plus)])
        if level.plus
        else "",
        talents=T("mythic.gloss.unit.talents", talents=talents) if talents else "",
    )


def _unit(uid: str, unit: Any) -> Entry:
    head = T(
        "mythic.gloss.unit.head",
        type=T(f"mythic.gloss.type.{unit.type}"),
        flying=T("mythic.gloss.unit.flying") if unit.flying else "",
        faction=T(f"mythic.faction.{unit.faction}"),
        legendary=T("mythic.gloss.unit.legendary") if unit.legendary else "",
        cost=unit.cost,
        maneuvers=unit.maneuvers,
        leadership=unit.leadership,
        vitality=max(unit.levels),
    )
    levels = [_level(v, unit.levels[v]) for v in sorted(unit.levels, reverse=True)]
    return Entry(f"unit.{uid}", "unit", unit_name(uid), (head, *levels), aliases=(uid,))


@cache
def glossary() -> tuple[Entry, ...]:
    data = content()
    owners: dict[str, list[tuple[str, int]]] = {}
    for uid, unit in data.units.items():
        for level in unit.levels.values():
            for tid, use in level.talents.items():
                owners.setdefault(tid, []).append((uid, use.cost))
    entries = [_talent(tid, t, owners) for tid, t in data.talents.items()]
    entries += [_unit(uid, u) for uid, u in data.units.items()]
    entries += [
        Entry(f"rule.{r}", "rule", T(f"mythic.gloss.{r}.name"), (T(f"mythic.gloss.{r}.text"),), aliases=a)
        for r, a in RULES
    ]
    return tuple(entries)


@cache
def _talents() -> dict[str, Entry]:
    return {e.key.removeprefix("talent."): e for e in glossary() if e.kind == "talent"}


def explain(state: Any, role: str, command: Any) -> Text | None:
    """A talent's effect where a command uses one."""
    talent = getattr(command, "talent", None)
    if isinstance(command, c.Attack):
        talent = ATTACK_TALENTS.get(talent or "")
    entry = _talents().get(talent) if isinstance(talent, str) else None
    return entry.short if entry is not None else None


GAME.glossary = glossary  # type: ignore[attr-defined]
GAME.explain = explain  # type: ignore[attr-defined]


def with_talent_texts(describe: Any) -> Any:
    """`/game hand`: the table's words, then what each talent of the viewer's units does now
    (their top cards' talents, public once armies are recruited; the cost is the card's)."""

    def described(view: Any) -> list[Text]:
        lines = list(describe(view))
        seen: dict[str, int] = {}
        for unit in view.units:
            if unit.owner != view.viewer or unit.destroyed or unit.stats is None:
                continue
            for talent in unit.stats.talents:
                seen.setdefault(talent.id, talent.cost)
        for tid, cost in seen.items():
            entry = _talents().get(tid)
            if entry is not None:
                lines.append(T("mythic.gloss.hand", talent=entry.name, cost=cost, text=entry.short))
        return lines

    return described


GAME.describe = with_talent_texts(GAME.describe)  # type: ignore[method-assign]
